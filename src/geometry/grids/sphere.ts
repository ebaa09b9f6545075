/**
 * Spheres in a face-centred cubic packing, the stacking of the pyramid puzzles (Kanoodle 3-D, Lonpos,
 * IQ Puzzler pyramids): the centres are the points [x, y, z] of the integer lattice with x + y + z even.
 * Each sphere touches 12 others, at the steps (±1, ±1, 0) in any order of the axes. The layers z = k are
 * square grids turned 45 degrees (neighbours (±1, ±1, 0) in the layer), each resting in the hollows of the
 * one below: how a square pyramid of balls stacks. The cell coordinates are lattice coordinates, and the
 * symmetries are the 48 of the cube (they keep the sum's parity); the moves of the grid are the steps
 * with an even sum.
 *
 * Art: each layer is a square of balls; column i, row j of layer z is the sphere [i + j + z, j - i, z], so
 * ball (i, j) of layer z + 1 rests on balls (i, j), (i + 1, j), (i, j + 1) and (i + 1, j + 1) of layer z:
 * a pyramid's layers are squares that shrink as they stack. Pictures draw each layer as its art, a ball
 * at each place.
 *
 * BurrTools: its sphere grid (type 2) has the same voxel space (positions with an even sum are the
 * spheres) and numbers the cube's 24 turns in its own order.
 */
import type { Cell } from '../cell.js';
import type { Grid, GridArt } from '../grid.js';
import { evenSumNormalize, symmetryWithMatrix } from '../grid.js';
import { BURRTOOLS_BRICK_TURNS, cubeGrid } from './square.js';

const STEPS: readonly Cell[] = [
  [1, 1, 0], [1, -1, 0], [-1, 1, 0], [-1, -1, 0],
  [1, 0, 1], [1, 0, -1], [-1, 0, 1], [-1, 0, -1],
  [0, 1, 1], [0, 1, -1], [0, -1, 1], [0, -1, -1],
];

const ART: GridArt = {
  cellOf: ([column, row, z]) => [column + row + z, row - column, z],
  of: ([x, y, z]) => [(x - y - z) / 2, (x + y - z) / 2, z],
  allowed: () => true,
  raggedRows: false,
  // the layers of a pyramid shrink as they stack: their sizes may differ
  layersMayDiffer: true,
};

/** The brick grid's turns (square.ts) in the order BurrTools' sphere grid numbers them. */
const BURRTOOLS_SPHERE_ORDER = [0, 6, 16, 7, 10, 4, 20, 5, 17, 3, 11, 19, 21, 9, 1, 23, 12, 2, 15, 18, 14, 8, 13, 22];

export const sphereGrid: Grid = {
  name: 'sphere',
  dims: 3,
  get symmetries() {
    return cubeGrid.symmetries;
  },
  translates: (d) => ((d[0] + d[1] + d[2]) & 1) === 0,
  get mirrorLeftRight() {
    return symmetryWithMatrix(cubeGrid.symmetries, [-1, 0, 0, 0, 1, 0, 0, 0, 1]);
  },
  neighbours: ([x, y, z]) => STEPS.map(([a, b, c]) => [x + a, y + b, z + c] as Cell),
  normalize: evenSumNormalize,
  cellProblem: (c) => (isSphereCell(c) ? undefined : 'is no sphere: x + y + z must be even'),
  cellShape: 'ball',
  touching: 'ball to ball',
  art: ART,
  editor: { label: 'Balls (3-D)', menuOrder: 6, columnsPerCell: 1, pieceFrame: [4, 4, 2], textSize: 0.6 },
  wraps: false,
  isometric: false,
  // a pyramid of balls reads better from lower down: 25 degrees above, a layer's columns of art to the
  // lower right and its rows to the lower left
  scene: { mesh: 'balls', viewDirection: [1, Math.tan((25 * Math.PI) / 180), 0] },
  // each ball centred on its lattice point, touching its 12 neighbours a step (1, 1, 0) away
  ball: { centre: ([x, y, z]) => [x, y, z], diameter: Math.SQRT2 },
  burrTools: {
    type: 2,
    turns: BURRTOOLS_SPHERE_ORDER.map((i) => BURRTOOLS_BRICK_TURNS[i]!),
    // the sphere grid's box has positions between the spheres: BurrTools leaves them empty
    voxelProblem: (position) => (isSphereCell(position) ? undefined : 'is not a sphere of the grid (x + y + z must be even)'),
  },
  wideBranching: 'spheres (12 neighbours each)',
};

/** True when [x, y, z] is the centre of a sphere of the packing. */
export function isSphereCell(c: Cell): boolean {
  return ((c[0] + c[1] + c[2]) & 1) === 0;
}
