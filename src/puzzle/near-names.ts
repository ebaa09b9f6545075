/**
 * The names close to a misspelt one, for "did you mean ...?": a name within a few edits (a letter added,
 * dropped, changed, or two neighbours swapped: the optimal string alignment distance), case ignored.
 */

/** Edits between two strings: insertions, deletions, substitutions and swaps of two neighbouring letters. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + same);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** The most names suggested at once. */
const MAX_SUGGESTIONS = 3;

/**
 * The names nearest to `wanted`, nearest first (ties in the given order), at most three: those within
 * two edits (one for names of four letters or fewer, where two edits make almost any name).
 */
export function nearNames(wanted: string, names: readonly string[]): string[] {
  const w = wanted.toLowerCase();
  const allowed = w.length <= 4 ? 1 : 2;
  return names
    .map((name, order) => ({ name, order, distance: editDistance(w, name.toLowerCase()) }))
    .filter((n) => n.distance <= allowed)
    .sort((x, y) => x.distance - y.distance || x.order - y.order)
    .slice(0, MAX_SUGGESTIONS)
    .map((n) => n.name);
}

/** "; did you mean 'soma'?", or "" when no name is near. */
export function didYouMean(wanted: string, names: readonly string[]): string {
  const near = nearNames(wanted, names);
  if (near.length === 0) return '';
  const quoted = near.map((n) => `'${n}'`);
  return `; did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`;
}
