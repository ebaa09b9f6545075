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
    // reachable[n + s] = 1 when the copies so far can make the difference s
    let reachable = new Uint8Array(2 * n + 1);
    reachable[n] = 1;
    puzzle.pieces.forEach((piece, i) => {
      const values = new Set(table.byPiece[i]!.map((k) => table.placements[k]!.cells.reduce((s, c) => s + sign[c]!, 0)));
      for (let copy = 0; copy < piece.count; copy++) {
        const next = new Uint8Array(2 * n + 1);
        for (let s = 0; s <= 2 * n; s++) {
          if (!reachable[s]) continue;
          for (const v of values) if (s + v >= 0 && s + v <= 2 * n) next[s + v] = 1;
        }
        reachable = next;
      }
    });
    if (!reachable[n + target]) {
      const dark = (n + target) / 2;
      return `${colouring.name} colouring: the board has ${dark} dark and ${n - dark} light cells, and no placement of the pieces covers those numbers`;
    }
  }
  return undefined;
}
