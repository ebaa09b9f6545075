import type { Cell, Dimensions } from '../geometry/cell.js';
import { cellKey, compareCells, neighbours as cellNeighbours } from '../geometry/cell.js';

/**
 * The board's cells numbered 0..n-1 in reading order (layer, row, column). Engines work on these
 * numbers; this table turns them back into coordinates.
 */
export interface BoardIndex {
  readonly dims: Dimensions;
  readonly cells: readonly Cell[];
  /** Face neighbours of each cell, as cell numbers. */
  readonly neighbours: readonly Int32Array[];
  /** The number of a cell, or -1 when the cell is not on the board. */
  indexOf(c: Cell): number;
}

export function indexBoard(board: readonly Cell[], dims: Dimensions): BoardIndex {
  const cells = [...board].sort(compareCells);
  const index = new Map<string, number>();
  cells.forEach((c, i) => index.set(cellKey(c), i));
  const indexOf = (c: Cell): number => index.get(cellKey(c)) ?? -1;
  const neighbours = cells.map((c) => Int32Array.from(cellNeighbours(c, dims).map(indexOf).filter((i) => i >= 0)));
  return { dims, cells, neighbours, indexOf };
}
