/**
 * A made-up 3-D grid for the tests of pictures: every unit cube cut along the diagonal of its xy square into
 * two triangular prisms, written as a grid module would be and registered by the tests that use it. It has
 * only its solids to be drawn with (scene mesh 'solids'), so every picture of it goes through the code that
 * draws any grid's solids.
 *
 * Cell [x, y, z]: the cube [floor(x / 2), y, z], the prism under the diagonal (corners (0, 0), (1, 0),
 * (1, 1) of the square) when x is even, above it ((0, 0), (1, 1), (0, 1)) when x is odd. Lattice
 * coordinates: the sum of the triangle's three corners in x and y, and 2z + 1: every symmetry of the cut
 * squares' tiling about a lattice corner, and the turn of the layers about z = 0, is then an integer matrix
 * (8 in all: half turn about z, the mirror in x = y, and the flip of z). Moves of the grid: whole cubes.
 */
import type { Cell } from '../geometry/cell.js';
import { bounds } from '../geometry/cell.js';
import type { CellSolid, Grid } from '../geometry/grid.js';
import { groupOf, PLAIN_ART, sortedCells, symmetryWithMatrix } from '../geometry/grid.js';
import { gridNamed, registerGrid, unregisterGrid } from '../geometry/grids/index.js';

const floorDiv = (a: number, b: number): number => Math.floor(a / b);
const mod = (a: number, b: number): number => ((a % b) + b) % b;

function toLattice([x, y, z]: Cell): Cell {
  const cube = floorDiv(x, 2);
  return mod(x, 2) === 0 ? [3 * cube + 2, 3 * y + 1, 2 * z + 1] : [3 * cube + 1, 3 * y + 2, 2 * z + 1];
}

function fromLattice([a, b, c]: Cell): Cell {
  const z = (c - 1) / 2;
  return mod(a, 3) === 2 ? [2 * ((a - 2) / 3), (b - 1) / 3, z] : [2 * ((a - 1) / 3) + 1, (b - 2) / 3, z];
}

const HALF_TURN = [-1, 0, 0, 0, -1, 0, 0, 0, 1];
const DIAGONAL_MIRROR = [0, 1, 0, 1, 0, 0, 0, 0, 1];
const FLIP_Z = [1, 0, 0, 0, 1, 0, 0, 0, -1];
const GROUP = groupOf([HALF_TURN, DIAGONAL_MIRROR, FLIP_Z], toLattice, fromLattice);

function neighbours([x, y, z]: Cell): Cell[] {
  const across: Cell[] = mod(x, 2) === 0
    ? [[x + 1, y, z], [x + 3, y, z], [x + 1, y - 1, z]]
    : [[x - 1, y, z], [x - 3, y, z], [x - 1, y + 1, z]];
  return [...across, [x, y, z + 1], [x, y, z - 1]];
}

/** The prism of a cell: its triangle counter-clockwise seen from above at z and at z + 1. */
function solid([x, y, z]: Cell): CellSolid {
  const cube = floorDiv(x, 2);
  const triangle: [number, number][] = mod(x, 2) === 0 ? [[0, 0], [1, 0], [1, 1]] : [[0, 0], [1, 1], [0, 1]];
  const vertices = [0, 1].flatMap((h) => triangle.map(([u, v]) => [cube + u, y + v, z + h] as const));
  // bottom seen from below, top from above, then each side from outside
  return { vertices, faces: [[0, 2, 1], [3, 4, 5], [0, 1, 4, 3], [1, 2, 5, 4], [2, 0, 3, 5]] };
}

function normalize(shape: readonly Cell[]): Cell[] {
  if (shape.length === 0) return [];
  const { min } = bounds(shape);
  const dx = -2 * floorDiv(min[0], 2);
  return sortedCells(shape.map((c) => [c[0] + dx, c[1] - min[1], c[2] - min[2]] as Cell));
}

export const HALF_CUBE_GRID: Grid = {
  name: 'half-cube',
  dims: 3,
  symmetries: GROUP,
  translates: (d) => mod(d[0], 2) === 0,
  mirrorLeftRight: symmetryWithMatrix(GROUP, DIAGONAL_MIRROR),
  neighbours,
  normalize,
  // drawn as text by its art (two columns a cube); pictures draw its solids
  cellShape: 'polygon',
  art: PLAIN_ART,
  wraps: false,
  isometric: false,
  scene: { mesh: 'solids', viewDirection: [1, 1.1, 1.3] },
  solid,
  // a piece slides a whole cube at a time, along the axes
  motions: [[2, 0, 0], [-2, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]],
};

/** Registers the grid (once, whichever test asks first). */
export function registerHalfCubes(): Grid {
  if (!gridNamed(HALF_CUBE_GRID.name)) registerGrid(HALF_CUBE_GRID);
  return HALF_CUBE_GRID;
}

/** Takes the grid out again, and the other grids named after it (a test file's own variants), once a file's tests are done. */
export function unregisterHalfCubes(): void {
  unregisterGrid(HALF_CUBE_GRID.name);
  unregisterGrid(`${HALF_CUBE_GRID.name}-still`);
}

/**
 * A puzzle file on the grid: a 2 x 2 x 2 block of cubes (16 prisms) packed with pieces of prisms, each
 * piece given its own colour.
 */
export const HALF_CUBE_PUZZLE = `name: half cubes
grid: half-cube
board:
  cells: [${Array.from({ length: 16 }, (_, i) => `[${i % 4}, ${(i >> 2) % 2}, ${i >> 3}]`).join(', ')}]
pieces:
  A:
    cells: [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]
    color: "#d94f3d"
  B:
    cells: [[1, 0, 0], [0, 1, 0], [1, 1, 0]]
    color: "#3d7fd9"
  C:
    cells: [[0, 0, 0], [1, 0, 0], [0, 0, 1]]
    color: "#e0b030"
  D:
    cells: [[0, 0, 0], [1, 0, 0]]
    color: "#4caf50"
  E:
    cells: [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]
    color: "#9c5fc0"
`;
