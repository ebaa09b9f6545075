/**
 * One-character labels for pieces, used in the text pictures and, where a name does not fit, in SVG.
 *
 * A piece whose name is one character is labelled with it, and so is a piece whose name's first character
 * starts no other name (the pentominoes stay F I L N P T U V W X Y Z). The others, in sorted name order,
 * take the first free letter of: their first letter, then in the other case (F' next to F becomes f), then
 * the first letters of the further words of the name (V-mid next to V and V-blue: m); else fallbacks from
 * A-Z a-z 0-9, then a few single-width letters beyond ASCII for very large sets. So a piece's label depends
 * only on the set of names, not on their order.
 */

import type { Puzzle, Solution } from '../puzzle/model.js';

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

/** The letters a clashing name would like as its label, best first (none for names such as "21x14"). */
function preferredLabels(name: string): string[] {
  const first = Array.from(name)[0] ?? '';
  const swapped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  const initials = name.split(/[^\p{L}\p{N}]+/u).slice(1).map((word) => Array.from(word)[0] ?? '');
  return [first, swapped, ...initials].filter((ch) => LETTER.test(ch) && isLabelChar(ch));
}

/**
 * One distinct printable character per piece name (see the comment at the top of this file). Duplicate
 * names share one entry. Past roughly 750 clashing names the pool runs dry and the remaining names get
 * '?' (no longer distinct).
 */
export function pieceLabels(pieceNames: readonly string[]): Map<string, string> {
  const names = [...new Set(pieceNames)];
  const first = (name: string): string | undefined => {
    const ch = Array.from(name)[0];
    return ch !== undefined && isLabelChar(ch) ? ch : undefined;
  };
  const whole = (name: string): string | undefined => (Array.from(name).length === 1 ? first(name) : undefined);
  const labels = new Map<string, string>();
  const taken = new Set<string>();
  const keep = (name: string, label: string): void => {
    labels.set(name, label);
    taken.add(label);
  };

  // Names of one character first: nothing else labels them as well.
  for (const name of names) {
    const ch = whole(name);
    if (ch !== undefined) keep(name, ch);
  }
  const firstCount = new Map<string, number>();
  for (const name of names) {
    const ch = first(name);
    if (ch !== undefined && !labels.has(name)) firstCount.set(ch, (firstCount.get(ch) ?? 0) + 1);
  }
  const needFallback: string[] = [];
  for (const name of names) {
    if (labels.has(name)) continue;
    const ch = first(name);
    if (ch !== undefined && firstCount.get(ch) === 1 && !taken.has(ch)) keep(name, ch);
    else needFallback.push(name);
  }

  needFallback.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const pool = fallbackPool();
  for (const name of needFallback) {
    let label = preferredLabels(name).find((ch) => !taken.has(ch));
    while (label === undefined) {
      const next = pool.next();
      if (next.done) break;
      if (!taken.has(next.value)) label = next.value;
    }
    keep(name, label ?? '?');
  }

  // Hand back the map in the caller's order, which reads better when printed as a legend.
  return new Map(names.map((n) => [n, labels.get(n)!]));
}

/**
 * The legend of a picture: "label = name" for each piece placed whose label is not its whole name (a name
 * longer than one character, or one of two names with one first letter), in the puzzle's order, with how
 * many times it is placed when more than once ("D = 21x14 x2": the legend then accounts for every piece
 * drawn); with `copies` (copyLabels), every character a piece is drawn with: "d D = diamond".
 */
export function legendEntries(puzzle: Puzzle, solution: Solution, labels: ReadonlyMap<string, string>, copies?: ReadonlyMap<string, readonly string[]>): string[] {
  const placed = new Map<string, number>();
  for (const p of solution.placements) placed.set(p.piece, (placed.get(p.piece) ?? 0) + 1);
  const names = [...new Set([...puzzle.pieces.map((p) => p.name), ...placed.keys()])];
  const drawnAs = (n: string): readonly string[] => copies?.get(n) ?? [labels.get(n)!];
  const times = (n: string): string => (placed.get(n)! > 1 ? ` x${placed.get(n)}` : '');
  return names.filter((n) => placed.has(n) && (drawnAs(n).length > 1 || labels.get(n) !== n)).map((n) => `${drawnAs(n).join(' ')} = ${n}${times(n)}`);
}

/**
 * A character for each placement, for pictures with no lines between cells (one character per cell, as
 * triangles, hexagons and spheres are drawn): the piece's label, except where a copy of the piece touches
 * one already drawn with it; that copy takes another character of its piece, else a new one: the label's
 * other case, then fallbacks (as pieceLabels picks them), none of them another piece's. `touching` gives
 * each placement's neighbours (palette.ts). Also the characters each piece is drawn with, label first.
 */
export function copyLabels(
  placements: readonly { readonly piece: string }[],
  labels: ReadonlyMap<string, string>,
  touching: readonly ReadonlySet<number>[],
): { perPlacement: string[]; byPiece: Map<string, string[]> } {
  const taken = new Set(labels.values());
  const byPiece = new Map<string, string[]>();
  const perPlacement: string[] = [];
  let pool: Generator<string> | undefined;
  const fresh = (label: string): string | undefined => {
    const swapped = label === label.toUpperCase() ? label.toLowerCase() : label.toUpperCase();
    if (swapped !== label && isLabelChar(swapped) && !taken.has(swapped)) return swapped;
    pool ??= fallbackPool();
    for (let next = pool.next(); !next.done; next = pool.next()) if (!taken.has(next.value)) return next.value;
    return undefined;
  };
  placements.forEach((p, i) => {
    const label = labels.get(p.piece) ?? '?';
    const own = byPiece.get(p.piece) ?? [label];
    byPiece.set(p.piece, own);
    const nearby = new Set([...touching[i] ?? []].filter((j) => j < i && placements[j]!.piece === p.piece).map((j) => perPlacement[j]));
    let pick = own.find((ch) => !nearby.has(ch));
    if (pick === undefined) {
      // past the pool (hundreds of touching copies) the label is drawn again: no worse than no lines at all
      pick = fresh(label) ?? label;
      if (!own.includes(pick)) own.push(pick);
      taken.add(pick);
    }
    perPlacement.push(pick);
  });
  return { perPlacement, byPiece };
}

/**
 * Options of the pictures of solutions (text and SVG) for marking placements, as `snug hint` marks its hint.
 *
 * - `highlight`: indices into `solution.placements` to draw highlighted: heavy outlines in text (and a
 *   bold label in colour), in SVG a thick outline with a bright band inside; each named in a legend line.
 * - `highlightName`: the word the legend line starts with (default "highlighted"), e.g. "hint".
 *
 * Placements marked `given` (placed before the search) are drawn set back in every picture whatever the
 * options say. A highlighted given placement (say, one a hint says to take off) keeps its shading or
 * hatching and its place in the "placed before" line, but is drawn in its full colour and highlighted.
 */
export interface HighlightOptions {
  readonly highlight?: ReadonlySet<number> | readonly number[];
  readonly highlightName?: string;
}

/** The highlighted indices that name a placement (others are ignored). */
export function highlightSet(highlight: HighlightOptions['highlight'], placements: number): Set<number> {
  return new Set([...(highlight ?? [])].filter((i) => Number.isInteger(i) && i >= 0 && i < placements));
}

/** Names of the pieces placed before the search, each once, in the order of the placements. */
export function givenNames(solution: Solution): string[] {
  return [...new Set(solution.placements.filter((p) => p.given === true).map((p) => p.piece))];
}

/** Names of the highlighted pieces, each once, in the order of the placements. */
export function highlightedNames(solution: Solution, highlight: ReadonlySet<number>): string[] {
  return [...new Set(solution.placements.filter((_, i) => highlight.has(i)).map((p) => p.piece))];
}
