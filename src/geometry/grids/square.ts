/**
 * The square grid (z = 0) and the cubic grid: cells are their own lattice coordinates. Both are drawn as
 * unit squares (cubes layer by layer), and both are BurrTools' brick grid; only the square grid's boards
 * wrap, only cubes are drawn isometric.
 */
import type { Cell, Shape } from '../cell.js';
import { bounds, neighbours } from '../cell.js';
import type { GridScene, Grid, Transform } from '../grid.js';
import { multiply, PLAIN_ART, sortedCells, symmetryWithMatrix, transformOf, once } from '../grid.js';

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

const squareGroup = once(() => signedPermutations(2));
const cubeGroup = once(() => signedPermutations(3));
const MIRROR_X = [-1, 0, 0, 0, 1, 0, 0, 0, 1];

/**
 * The rotations BurrTools' brick grid numbers in its assemblies (the cube's 24 turns): number 4a + b is
 * FACES[a] after b quarter turns about the x axis.
 */
const QUARTER_TURN_X = [1, 0, 0, 0, 0, -1, 0, 1, 0];
const FACES: readonly (readonly number[])[] = [
  [1, 0, 0, 0, 1, 0, 0, 0, 1],
  [0, 0, -1, 0, 1, 0, 1, 0, 0],
  [-1, 0, 0, 0, 1, 0, 0, 0, -1],
  [0, 0, 1, 0, 1, 0, -1, 0, 0],
  [0, -1, 0, 1, 0, 0, 0, 0, 1],
  [0, 1, 0, -1, 0, 0, 0, 0, 1],
];
export const BURRTOOLS_BRICK_TURNS: readonly (readonly number[])[] = FACES.flatMap((face) => {
  const turns: number[][] = [];
  let m = [...face];
  for (let b = 0; b < 4; b++) {
    turns.push(m);
    m = multiply(m, QUARTER_TURN_X);
  }
  return turns;
});

/** Cubes in the 3-D view, seen from the viewpoint of render/iso.ts (x to the lower right, y to the lower left). */
const CUBE_SCENE: GridScene = { mesh: 'unit-cubes', viewDirection: [1, 1, 1] };

export const squareGrid: Grid = {
  name: 'square',
  dims: 2,
  get symmetries() {
    return squareGroup();
  },
  translates: () => true,
  get mirrorLeftRight() {
    return symmetryWithMatrix(squareGroup(), MIRROR_X);
  },
  neighbours: (c) => neighbours(c, 2),
  normalize: boxNormalize,
  cellShape: 'box',
  polygon: (c) => [[c[0], c[1]], [c[0] + 1, c[1]], [c[0] + 1, c[1] + 1], [c[0], c[1] + 1]],
  art: PLAIN_ART,
  wraps: true,
  isometric: false,
  // a flat puzzle is one layer of cubes in the 3-D view
  scene: CUBE_SCENE,
  burrTools: { type: 0, turns: BURRTOOLS_BRICK_TURNS },
  editor: { label: 'Squares (2-D)', menuOrder: 1, columnsPerCell: 1, pieceFrame: [4, 4, 1], textSize: 0.6 },
};

/** The unit cube's corners (bit 0: +x, bit 1: +y, bit 2: +z) and its faces, counter-clockwise seen from outside. */
const CUBE_CORNERS: readonly Cell[] = [0, 1, 2, 3, 4, 5, 6, 7].map((b) => [b & 1, (b >> 1) & 1, (b >> 2) & 1]);
const CUBE_FACES: readonly (readonly number[])[] = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];

export const cubeGrid: Grid = {
  name: 'cube',
  dims: 3,
  get symmetries() {
    return cubeGroup();
  },
  translates: () => true,
  get mirrorLeftRight() {
    return symmetryWithMatrix(cubeGroup(), MIRROR_X);
  },
  neighbours: (c) => neighbours(c, 3),
  normalize: boxNormalize,
  cellShape: 'box',
  art: PLAIN_ART,
  wraps: false,
  // BurrTools' order: +x, -x, +y, -y, +z, -z
  motions: [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]],
  isometric: true,
  scene: CUBE_SCENE,
  solid: (c) => ({ vertices: CUBE_CORNERS.map(([x, y, z]) => [c[0] + x, c[1] + y, c[2] + z] as const), faces: CUBE_FACES }),
  burrTools: { type: 0, turns: BURRTOOLS_BRICK_TURNS },
  editor: { label: 'Cubes (3-D)', menuOrder: 2, columnsPerCell: 1, pieceFrame: [3, 3, 2], textSize: 0.6 },
};
