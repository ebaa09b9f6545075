/** The registry of grids: adding a grid is its module and one line here. */
import type { Grid, GridName } from '../grid.js';
import { hexagonGrid } from './hexagon.js';
import { sphereGrid } from './sphere.js';
import { cubeGrid, squareGrid } from './square.js';
import { triangleGrid } from './triangle.js';

export const GRIDS: Readonly<Record<GridName, Grid>> = {
  square: squareGrid,
  cube: cubeGrid,
  triangle: triangleGrid,
  hexagon: hexagonGrid,
  sphere: sphereGrid,
};

export const GRID_NAMES = Object.keys(GRIDS) as GridName[];

/** The grid of a name; square for 2-D and cube for 3-D when none is named. */
export function gridOf(name: GridName | undefined, dims: 2 | 3): Grid {
  return GRIDS[name ?? (dims === 2 ? 'square' : 'cube')];
}
