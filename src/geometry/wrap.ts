/**
 * Boards that wrap around (Polyform Puzzler's tubes and loops): `wrap: x` joins the left and right
 * edges of a square board (a cylinder), `y` the top and bottom, `xy` both (a torus). A wrapped board is
 * the square grid seen through its period: a cell's neighbours and a placement's cells are taken modulo
 * the board's width (height), measured from its box. The shapes of pieces, their orientations and the
 * symmetries about a point are the square grid's; wrapping adds the shifts along the wrapped axes.
 */
import type { Cell } from './cell.js';
import type { Grid } from './grid.js';

export type Wrap = 'x' | 'y' | 'xy';
export const WRAPS: readonly Wrap[] = ['x', 'y', 'xy'];

export interface WrappedGrid extends Grid {
  /** Which axes wrap, and the board's box: origin and period on each axis. */
  readonly wrap: { readonly x: boolean; readonly y: boolean; readonly origin: Cell; readonly size: Cell };
  /** The cell a position stands for on the wrapped board (brought into the box along wrapped axes). */
  wrapCell(c: Cell): Cell;
}

/** Why a board of this grid cannot wrap, or undefined when it can: the one rule, for files and for programs. */
export function wrapGridProblem(grid: Grid): string | undefined {
  return grid.wraps ? undefined : `wrap joins the edges of a square board, not of a ${grid.name} one`;
}

/** The square grid wrapped on the box of a board (its smallest and largest coordinates). */
export function wrappedGrid(base: Grid, wrap: Wrap, min: Cell, max: Cell): WrappedGrid {
  const size: Cell = [max[0] - min[0] + 1, max[1] - min[1] + 1, max[2] - min[2] + 1];
  const x = wrap.includes('x');
  const y = wrap.includes('y');
  const mod = (v: number, o: number, n: number): number => ((((v - o) % n) + n) % n) + o;
  const wrapCell = (c: Cell): Cell => [x ? mod(c[0], min[0], size[0]) : c[0], y ? mod(c[1], min[1], size[1]) : c[1], c[2]];
  return {
    ...base,
    wrap: { x, y, origin: min, size },
    wrapCell,
    neighbours: (c) => base.neighbours(c).map(wrapCell),
  };
}

export function isWrapped(grid: Grid): grid is WrappedGrid {
  return 'wrap' in grid;
}
