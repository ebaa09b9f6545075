/**
 * Spheres in a face-centred cubic packing, the stacking of the pyramid puzzles (Kanoodle 3-D, Lonpos,
 * IQ Puzzler pyramids): the centres are the points [x, y, z] of the integer lattice with x + y + z even.
 * Each sphere touches 12 others, at the steps (±1, ±1, 0) in any order of the axes. The layers z = k are
 * square grids turned 45 degrees (neighbours (±1, ±1, 0) in the layer), each resting in the hollows of the
 * one below: how a square pyramid of balls stacks. The cell coordinates are lattice coordinates, and the
 * symmetries are the 48 of the cube (they keep the sum's parity); the moves of the grid are the steps
 * with an even sum.
 */
import type { Cell, Shape } from '../cell.js';
import { bounds } from '../cell.js';
import type { Grid } from '../grid.js';
import { sortedCells, symmetryWithMatrix } from '../grid.js';
import { cubeGrid } from './square.js';

const STEPS: readonly Cell[] = [
  [1, 1, 0], [1, -1, 0], [-1, 1, 0], [-1, -1, 0],
  [1, 0, 1], [1, 0, -1], [-1, 0, 1], [-1, 0, -1],
  [0, 1, 1], [0, 1, -1], [0, -1, 1], [0, -1, -1],
];

export const sphereGrid: Grid = {
  name: 'sphere',
  dims: 3,
  symmetries: cubeGrid.symmetries,
  translates: (d) => ((d[0] + d[1] + d[2]) & 1) === 0,
  mirrorLeftRight: symmetryWithMatrix(cubeGrid.symmetries, [-1, 0, 0, 0, 1, 0, 0, 0, 1]),
  neighbours: ([x, y, z]) => STEPS.map(([a, b, c]) => [x + a, y + b, z + c] as Cell),
  normalize(shape: Shape): Cell[] {
    if (shape.length === 0) return [];
    const { min } = bounds(shape);
    const [dy, dz] = [-min[1], -min[2]];
    // the least dx >= -min x that makes the move's sum even: a move of the grid
    const dx = -min[0] + ((((-min[0] + dy + dz) % 2) + 2) % 2);
    return sortedCells(shape.map((c) => [c[0] + dx, c[1] + dy, c[2] + dz] as Cell));
  },
};

/** True when [x, y, z] is the centre of a sphere of the packing. */
export function isSphereCell(c: Cell): boolean {
  return ((c[0] + c[1] + c[2]) & 1) === 0;
}
