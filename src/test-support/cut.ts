import type { Cell, Piece } from '../puzzle/model.js';

/**
 * A board cut into random connected pieces of 2 to 4 cells (fewer where the cells around run out), in the
 * board's order, each grown by `next(n)` (a number below n) through cells that `touch`; congruent pieces
 * (the same `classOf`) are copies of one piece, named a, b, c, ... and shaped by `normalize`. Grid tests
 * make random solvable puzzles this way, on grids of their own.
 */
export function cutIntoPieces(
  board: readonly Cell[],
  next: (n: number) => number,
  touch: (a: Cell, b: Cell) => boolean,
  classOf: (region: Cell[]) => string,
  normalize: (region: Cell[]) => Cell[],
  mirror: boolean,
): Piece[] {
  const key = (c: readonly number[]): string => c.join(',');
  const owner = new Set<string>();
  const types = new Map<string, Piece>();
  for (const start of board) {
    if (owner.has(key(start))) continue;
    const region = [start];
    owner.add(key(start));
    const target = 2 + next(3);
    while (region.length < target) {
      const frontier = board.filter((c) => !owner.has(key(c)) && region.some((r) => touch(r, c)));
      if (frontier.length === 0) break;
      const c = frontier[next(frontier.length)]!;
      owner.add(key(c));
      region.push(c);
    }
    const k = classOf(region);
    const t = types.get(k);
    types.set(k, t ? { ...t, count: t.count + 1 } : { name: String.fromCharCode(97 + types.size), shape: normalize(region), count: 1, mirror });
  }
  return [...types.values()];
}
