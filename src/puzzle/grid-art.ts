/**
 * How art in a puzzle file maps onto the cells of each grid, both ways. Art is read as characters at
 * (column, row) in layer z; the grid decides which cell each stands for:
 * - square, cube and triangle: column x, row y, layer z is the cell [x, y, z] (a triangle points up when
 *   x + y is even, so a row of art alternates up and down triangles);
 * - hexagon: row r's cells sit at columns r, r + 2, r + 4, ... (each row starts one character further
 *   right: the half-cell offset of hexagon rows); column c of row r is the hexagon [(c - r) / 2, r];
 * - sphere: each layer is a square of balls; column i, row j of layer z is the sphere [i + j + z, j - i, z],
 *   so ball (i, j) of layer z + 1 rests on balls (i, j), (i + 1, j), (i, j + 1) and (i + 1, j + 1) of layer z.
 */
import type { Cell } from '../geometry/cell.js';
import type { GridName } from '../geometry/grid.js';

/** True when a cell may be drawn at this column of this row (hexagon rows use every other column). */
export function artPlaceAllowed(grid: GridName, column: number, row: number): boolean {
  return grid !== 'hexagon' || ((column - row) & 1) === 0;
}

/** The cell that art at (column, row) of layer z stands for. */
export function cellOfArt(grid: GridName, [column, row, z]: Cell): Cell {
  if (grid === 'hexagon') return [(column - row) / 2, row, z];
  if (grid === 'sphere') return [column + row + z, row - column, z];
  return [column, row, z];
}

/** Where a cell is drawn: (column, row, layer). */
export function artOfCell(grid: GridName, [x, y, z]: Cell): Cell {
  if (grid === 'hexagon') return [2 * x + y, y, z];
  if (grid === 'sphere') return [(x - y - z) / 2, (x + y - z) / 2, z];
  return [x, y, z];
}
