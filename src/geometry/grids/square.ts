/** The square grid (z = 0) and the cubic grid: cells are their own lattice coordinates. */
import type { Cell, Shape } from '../cell.js';
import { bounds, neighbours } from '../cell.js';
import type { Grid, Transform } from '../grid.js';
import { sortedCells, symmetryWithMatrix, transformOf } from '../grid.js';

const same = (c: Cell): Cell => c;

function boxNormalize(shape: Shape): Cell[] {
  if (shape.length === 0) return [];
  const { min } = bounds(shape);
  return sortedCells(shape.map((c) => [c[0] - min[0], c[1] - min[1], c[2] - min[2]] as Cell));
}

const PERMS3: readonly (readonly [number, number, number])[] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/**
 * The signed permutations of the axes (x -> sign[0] * p[perm[0]], ...), in the order snug has always
 * listed them (placements, and so the order solutions are found in, follow it): permutations, then signs,
 * rotations before reflections.
 */
function signedPermutations(dims: 2 | 3): Transform[] {
  const out: Transform[] = [];
  for (const perm of PERMS3) {
    if (dims === 2 && perm[2] !== 2) continue;
    for (const s0 of [1, -1]) for (const s1 of [1, -1]) for (const s2 of [1, -1]) {
      if (dims === 2 && s2 !== 1) continue;
      const sign = [s0, s1, s2];
      const matrix = new Array<number>(9).fill(0);
      for (let i = 0; i < 3; i++) matrix[3 * i + perm[i]!] = sign[i]!;
      out.push(transformOf(matrix, same, same));
    }
  }
  return out.sort((a, b) => Number(a.reflects) - Number(b.reflects));
}

const SQUARE = signedPermutations(2);
const CUBE = signedPermutations(3);
const MIRROR_X = [-1, 0, 0, 0, 1, 0, 0, 0, 1];

export const squareGrid: Grid = {
  name: 'square',
  dims: 2,
  symmetries: SQUARE,
  translates: () => true,
  mirrorLeftRight: symmetryWithMatrix(SQUARE, MIRROR_X),
  neighbours: (c) => neighbours(c, 2),
  normalize: boxNormalize,
  polygon: (c) => [[c[0], c[1]], [c[0] + 1, c[1]], [c[0] + 1, c[1] + 1], [c[0], c[1] + 1]],
};

export const cubeGrid: Grid = {
  name: 'cube',
  dims: 3,
  symmetries: CUBE,
  translates: () => true,
  mirrorLeftRight: symmetryWithMatrix(CUBE, MIRROR_X),
  neighbours: (c) => neighbours(c, 3),
  normalize: boxNormalize,
};
