/**
 * Where the art of a puzzle file draws each cell, so that a picture of a puzzle reads as its file does:
 * [column, row, layer] of the cell's character.
 * - square, cube and triangle: column x, row y, layer z (a triangle points up when x + y is even);
 * - hexagon [q, r]: column 2q + r of row r (each row one character further right: the half-cell offset);
 * - sphere [x, y, z]: layer z is a square of balls, ball (i, j) = [i + j + z, j - i, z] at column i, row j
 *   (each layer's square turned back by 45 degrees; ball (i, j) of layer z + 1 rests on balls (i, j),
 *   (i + 1, j), (i, j + 1) and (i + 1, j + 1) of layer z).
 * The puzzle file reads art by the same rule (its reader keeps its own copy, in src/puzzle).
 */
import type { Cell } from '../geometry/cell.js';
import type { GridName } from '../geometry/grid.js';

/** The art place of a cell: [column, row, layer]. */
export function artPlace(grid: GridName, [x, y, z]: Cell): Cell {
  if (grid === 'hexagon') return [2 * x + y, y, z];
  if (grid === 'sphere') return [(x - y - z) / 2, (x + y - z) / 2, z];
  return [x, y, z];
}
