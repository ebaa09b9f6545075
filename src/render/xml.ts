/** Text written into SVG documents: escaped, and how wide it is drawn. */

/** The text with XML's five special characters escaped: safe inside an element and inside quotes. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

/**
 * A generous estimate of the width of a line of text in a sans-serif font, in ems: at least what common
 * fonts (DejaVu Sans, Liberation Sans, Arial, Helvetica) draw, characters beyond ASCII counted as full-width.
 */
export function textWidthEms(text: string): number {
  let ems = 0;
  for (const ch of text) {
    if (ch.codePointAt(0)! > 0x7e || /[mwMW@%]/.test(ch)) ems += 1;
    else if (/[ ijlI.,:;!|'()[\]]/.test(ch)) ems += 0.42;
    else if (/[A-Z&#+=<>~^]/.test(ch)) ems += 0.85;
    else ems += 0.65;
  }
  return ems;
}

/** Lines of at most maxEms each: split at spaces, and inside words only when one word is longer. */
export function wrapText(text: string, maxEms: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (): void => {
    if (line !== '') lines.push(line);
    line = '';
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (textWidthEms(joined) <= maxEms) {
      line = joined;
      continue;
    }
    push();
    let rest = '';
    for (const ch of word) {
      if (rest !== '' && textWidthEms(rest + ch) > maxEms) {
        lines.push(rest);
        rest = '';
      }
      rest += ch;
    }
    line = rest;
  }
  push();
  return lines.length > 0 ? lines : [''];
}
