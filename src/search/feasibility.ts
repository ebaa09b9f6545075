import type { Cell } from '../geometry/cell.js';
import type { BoardIndex } from '../placements/board.js';
import type { PlacementTable } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';

/**
 * Colouring arguments: colour the cells in two colours; each placement of a piece covers some number of
 * dark cells minus light cells, and a solution's pieces must add up to the board's own difference. When no
 * choice of one value per piece copy reaches it, no solution exists, and we can say why before searching.
 * (This is how one shows that the 35 hexominoes tile no rectangle: 11 of them always cover 4 of one colour
 * and 2 of the other, and an odd number of such pieces cannot balance.)
 */
const COLOURINGS: readonly { name: string; dims: 2 | 3; dark: (c: Cell) => boolean }[] = [
  { name: 'checkerboard', dims: 2, dark: (c) => (c[0] + c[1] + c[2]) % 2 === 0 },
  { name: 'column stripes', dims: 2, dark: (c) => c[0] % 2 === 0 },
  { name: 'row stripes', dims: 2, dark: (c) => c[1] % 2 === 0 },
  { name: 'layer stripes', dims: 3, dark: (c) => c[2] % 2 === 0 },
];

/** The reason no solution can exist by a colouring argument, or undefined when none applies. */
export function colouringObstruction(puzzle: Puzzle, board: BoardIndex, table: PlacementTable): string | undefined {
  const n = board.cells.length;
  for (const colouring of COLOURINGS) {
    if (colouring.dims > puzzle.dims) continue;
    const sign = Int8Array.from(board.cells, (c) => (colouring.dark(c) ? 1 : -1));
    const target = sign.reduce((s, v) => s + v, 0);
    // bit n + s of `reachable` is set when the copies so far can make the difference s (-n <= s <= n; a
    // solution's pieces cover distinct cells, so no part of it goes beyond). Bit sets, shifted a word at a
    // time: ten thousand copies on a board of ten thousand cells took seconds one value at a time.
    const words = ((2 * n) >> 5) + 1;
    let reachable = new Uint32Array(words);
    let next = new Uint32Array(words);
    reachable[n >> 5] = 1 << (n & 31);
    puzzle.pieces.forEach((piece, i) => {
      const values = new Set(table.byPiece[i]!.map((k) => table.placements[k]!.cells.reduce((s, c) => s + sign[c]!, 0)));
      for (let copy = 0; copy < piece.count; copy++) {
        next.fill(0);
        for (const v of values) orShifted(next, reachable, v);
        next[words - 1]! &= lowBits((2 * n) % 32 + 1);
        [reachable, next] = [next, reachable];
      }
    });
    const bit = (k: number): boolean => (reachable[k >> 5]! & (1 << (k & 31))) !== 0;
    if (!bit(n + target)) {
      const dark = (n + target) / 2;
      return `${colouring.name} colouring: the board has ${dark} dark and ${n - dark} light cells, and no placement of the pieces covers those numbers`;
    }
  }
  return undefined;
}

/** dst |= src shifted up by `shift` bits (down when it is negative); bits shifted below 0 or past the end are lost. */
function orShifted(dst: Uint32Array, src: Uint32Array, shift: number): void {
  const ws = Math.floor(shift / 32);
  const bs = shift - 32 * ws;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v === 0) continue;
    const j = i + ws;
    if (j >= 0 && j < dst.length) dst[j]! |= v << bs;
    if (bs !== 0 && j + 1 >= 0 && j + 1 < dst.length) dst[j + 1]! |= v >>> (32 - bs);
  }
}

/** A word with its lowest `count` bits set (1 to 32). */
function lowBits(count: number): number {
  return count >= 32 ? 0xffffffff : (1 << count) - 1;
}
