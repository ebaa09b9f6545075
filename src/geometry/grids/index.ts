/**
 * The registry of grids: every grid snug knows, by name. Adding a grid is its module (see grid.ts for what
 * a Grid says) and one line in GRIDS below; the file format, the pictures, the search, the command
 * line and the web app find it here and ask it what they need. `registerGrid` adds a grid while running
 * (the tests add a grid of their own that way), `unregisterGrid` takes it out again.
 *
 * A puzzle that names no grid is on the square grid in 2-D and on the cubic grid in 3-D.
 */
import type { Grid, GridName } from '../grid.js';
import { hexagonGrid } from './hexagon.js';
import { prismGrid } from './prism.js';
import { rhombicGrid } from './rhombic.js';
import { sphereGrid } from './sphere.js';
import { cubeGrid, squareGrid } from './square.js';
import { tetraOctaGrid } from './tetra-octa.js';
import { stickGrid } from './stick.js';
import { triangleGrid } from './triangle.js';

/** The grids snug comes with, in the order messages list them. */
export const GRIDS = {
  square: squareGrid,
  cube: cubeGrid,
  triangle: triangleGrid,
  hexagon: hexagonGrid,
  sphere: sphereGrid,
  'tetra-octa': tetraOctaGrid,
  prism: prismGrid,
  stick: stickGrid,
  rhombic: rhombicGrid,
} as const satisfies Readonly<Record<GridName, Grid>>;

/** The grids of a puzzle that names none: by dimensions. */
const DEFAULT_GRIDS: Readonly<Record<2 | 3, Grid>> = { 2: GRIDS.square, 3: GRIDS.cube };

const registered = new Map<GridName, Grid>(Object.values(GRIDS).map((g) => [g.name, g]));

/** Every grid's name, in the order they were registered (those snug comes with first). */
export const GRID_NAMES: readonly GridName[] = [...registered.keys()];

/** Adds a grid while running; its name must be new. */
export function registerGrid(grid: Grid): void {
  if (registered.has(grid.name)) throw new Error(`a grid named ${grid.name} is registered already`);
  registered.set(grid.name, grid);
  (GRID_NAMES as GridName[]).push(grid.name);
}

/**
 * Takes out a grid added with registerGrid (a test's own grid, once its tests are done: the test files
 * share one registry when they share a process); the grids snug comes with stay.
 */
export function unregisterGrid(name: GridName): void {
  if (Object.hasOwn(GRIDS, name)) throw new Error(`the ${name} grid comes with snug and cannot be taken out`);
  if (!registered.delete(name)) return;
  const names = GRID_NAMES as GridName[];
  names.splice(names.indexOf(name), 1);
}

/** Every registered grid, in the order of GRID_NAMES. */
export function registeredGrids(): Grid[] {
  return [...registered.values()];
}

/** The grid of a name, or undefined when no grid has it. */
export function gridNamed(name: string): Grid | undefined {
  return registered.get(name);
}

/** The grid of a name; square for 2-D and cube for 3-D when none is named. Throws on a name no grid has. */
export function gridOf(name: GridName | undefined, dims: 2 | 3): Grid {
  if (name === undefined) return DEFAULT_GRIDS[dims];
  const grid = registered.get(name);
  if (!grid) throw new Error(`no grid is named ${name}: the grids are ${GRID_NAMES.join(', ')}`);
  return grid;
}

/** True for the name of a grid a puzzle need not name (the grid of its dimensions when it names none). */
export function isDefaultGridName(name: GridName): boolean {
  return name === DEFAULT_GRIDS[2].name || name === DEFAULT_GRIDS[3].name;
}
