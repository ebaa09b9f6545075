/** A check of the SVG pictures' XML, shared by the tests of src/render. */

/**
 * Checks XML well-formedness as far as this renderer's output goes: one prolog, then properly nested
 * elements with quoted attributes, and no stray '<' or '&' in text or attribute values.
 * Returns the problems found.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const body = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < body.length) {
    const lt = body.indexOf('<', i);
    const text = body.slice(i, lt < 0 ? body.length : lt);
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) problems.push(`bare & in text ${JSON.stringify(text)}`);
    if (stack.length === 0 && text.trim() !== '') problems.push(`text outside the root: ${JSON.stringify(text)}`);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(body);
    if (!m) {
      problems.push(`malformed tag at ${lt}: ${body.slice(lt, lt + 60)}`);
      break;
    }
    const [, close, name, attrs, selfClose] = m;
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(attrs!)) problems.push(`bare & in attributes of <${name}>`);
    if (close) {
      if (stack.pop() !== name) problems.push(`</${name}> does not close the open element`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClose) stack.push(name!);
    }
    i = tag.lastIndex;
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
