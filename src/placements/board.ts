import type { Cell, Dimensions } from '../geometry/cell.js';
import { bounds, compareCells } from '../geometry/cell.js';
import type { Grid } from '../geometry/grid.js';
import { gridOf } from '../geometry/grids/index.js';

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
  /** The same for the cell (x, y, z), without building it (for hot loops). */
  indexAt(x: number, y: number, z: number): number;
}

/** The board's cells numbered, with their face neighbours on the grid (square or cube unless given). */
export function indexBoard(board: readonly Cell[], dims: Dimensions, grid: Grid = gridOf(undefined, dims)): BoardIndex {
  const cells = [...board].sort(compareCells);
  // A dense grid over the bounding box turns a cell into its number with one array read.
  const { min, max } = cells.length > 0 ? bounds(cells) : { min: [0, 0, 0] as const, max: [-1, -1, -1] as const };
  const [w, h, d] = [max[0] - min[0] + 1, max[1] - min[1] + 1, max[2] - min[2] + 1];
  const dense = new Int32Array(w * h * d).fill(-1);
  const indexAt = (x: number, y: number, z: number): number =>
    x < min[0] || x > max[0] || y < min[1] || y > max[1] || z < min[2] || z > max[2]
      ? -1
      : dense[((z - min[2]) * h + (y - min[1])) * w + (x - min[0])]!;
  cells.forEach((c, i) => { dense[((c[2] - min[2]) * h + (c[1] - min[1])) * w + (c[0] - min[0])] = i; });
  const indexOf = (c: Cell): number => indexAt(c[0], c[1], c[2]);
  const neighbours = cells.map((c) => Int32Array.from(grid.neighbours(c).map(indexOf).filter((i) => i >= 0)));
  return { dims, cells, neighbours, indexOf, indexAt };
}
