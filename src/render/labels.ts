/**
 * One-character labels for pieces, used in the text pictures and at the centre of each piece in SVG.
 *
 * A piece keeps the first character of its name when no other piece name starts with that character
 * (the pentominoes stay F I L N P T U V W X Y Z). The others get fallbacks from A-Z a-z 0-9 that no kept
 * label uses, then from a few single-width letters beyond ASCII for very large sets. Fallbacks are handed
 * out in sorted name order, so a piece's label depends only on the set of names, not on their order.
 */

/** Characters that never label a piece: the pictures use them for holes and uncovered board cells. */
const RESERVED = new Set([' ', '.']);

/** Single-width alphabets beyond ASCII: Latin-1 and Latin Extended-A/B, Greek capitals and smalls, Cyrillic. */
const EXTRA_RANGES: readonly (readonly [number, number])[] = [
  [0xc0, 0x24f],
  [0x391, 0x3c9],
  [0x410, 0x44f],
  [0x1e00, 0x1eff],
];

const LETTER = /^\p{L}$/u;

function* fallbackPool(): Generator<string> {
  for (const range of ['AZ', 'az', '09']) {
    for (let c = range.charCodeAt(0); c <= range.charCodeAt(1); c++) yield String.fromCharCode(c);
  }
  for (const [lo, hi] of EXTRA_RANGES) {
    for (let c = lo; c <= hi; c++) {
      const ch = String.fromCodePoint(c);
      // Skip the multiplication and division signs and anything else that is not a letter.
      if (LETTER.test(ch)) yield ch;
    }
  }
}

/** True for characters that print one column wide and are not reserved by the pictures. */
function isLabelChar(ch: string): boolean {
  if (RESERVED.has(ch)) return false;
  const c = ch.codePointAt(0)!;
  if (c > 0x20 && c < 0x7f) return true;
  return LETTER.test(ch) && EXTRA_RANGES.some(([lo, hi]) => c >= lo && c <= hi);
}

/**
 * One distinct printable character per piece name: the name's first character when unique, else a
 * fallback from A-Z a-z 0-9 (then further single-width letters). Duplicate names share one entry.
 * Past roughly 750 clashing names the pool runs dry and the remaining names get '?' (no longer distinct).
 */
export function pieceLabels(pieceNames: readonly string[]): Map<string, string> {
  const names = [...new Set(pieceNames)];
  const firstCount = new Map<string, number>();
  const first = (name: string): string | undefined => {
    const ch = Array.from(name)[0];
    return ch !== undefined && isLabelChar(ch) ? ch : undefined;
  };
  for (const name of names) {
    const ch = first(name);
    if (ch !== undefined) firstCount.set(ch, (firstCount.get(ch) ?? 0) + 1);
  }

  const labels = new Map<string, string>();
  const taken = new Set<string>();
  const needFallback: string[] = [];
  for (const name of names) {
    const ch = first(name);
    if (ch !== undefined && firstCount.get(ch) === 1) {
      labels.set(name, ch);
      taken.add(ch);
    } else {
      needFallback.push(name);
    }
  }

  needFallback.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const pool = fallbackPool();
  for (const name of needFallback) {
    let label = '?';
    for (let next = pool.next(); !next.done; next = pool.next()) {
      if (!taken.has(next.value)) {
        label = next.value;
        break;
      }
    }
    labels.set(name, label);
    taken.add(label);
  }

  // Hand back the map in the caller's order, which reads better when printed as a legend.
  return new Map(names.map((n) => [n, labels.get(n)!]));
}
