/**
 * Triangular prisms: layers of equilateral triangles stacked along z, BurrTools' grid type 1 ("triangular
 * prisms"), with BurrTools' voxel coordinates as the cells. In layer z, triangle [x, y] has its centre at
 * (x / 2 + 1 / 2, y h + h / 3) when x + y is even (a triangle with its base below, at y h, and its point
 * above) and at (x / 2 + 1 / 2, y h + 2 h / 3) when x + y is odd (its base above, at (y + 1) h), h the height
 * of a triangle of side 1 (sqrt 3 / 2); layer z runs from z to z + 1. Face neighbours: [x ± 1, y, z] beside
 * it, [x, y - 1, z] below a triangle with an even sum, [x, y + 1, z] above one with an odd sum, and
 * [x, y, z ± 1] in the layers next to it.
 *
 * Lattice coordinates: the corners of the triangles are the lattice i e1 + j e2 (e1 = (1, 0), e2 = (1/2, h),
 * the origin a corner). A triangle's (u, v) is the sum of its three corners: (3k + 1, 3y + 1) for the even
 * triangle whose lower left corner is (k, y) (k = (x - y) / 2), (3m - 1, 3y + 2) for the odd one whose
 * lower point is (m, y) (m = (x - y + 1) / 2); w is the layer z. Every symmetry of the stack about the
 * corner at the origin (the hexagonal prism's: 12 rotations, 24 with mirror images) is linear on (u, v, w):
 * a sixth of a turn about z is (i, j) -> (-j, i + j), a half turn about the y axis (x, z) -> (-x, -z) is
 * (i, j) -> (-i - j, j) with w -> -w, and the mirror x -> -x the same without turning w. The moves of the
 * grid keep x + y even: [dx, dy, dz] with dx + dy even.
 *
 * BurrTools numbers the 12 rotations as turn 6a + b: b sixths of a turn about z after a half turn about the
 * y axis when a = 1 (rotmatrix.inc of its grid), about the same corner, so its assemblies' transformation
 * numbers are these turns. Its disassembler slides prisms along z by one layer and within a layer along
 * the three directions of the triangles' sides, one side's length a step ([2, 0, 0], [1, 1, 0] and
 * [-1, 1, 0]); such a step carries a triangle over the triangle beside it before it lands (`motionPaths`).
 *
 * Art: layer by layer, column c of row r is the cell [c, r, z], as on the cube grid (rows run down the page
 * along +y, so the page shows a layer from below): a row of art alternates triangles pointing down on the
 * page (x + y even: the row above shares their base) and up, starting with one pointing down.
 */
import type { Cell, Shape } from '../cell.js';
import { bounds } from '../cell.js';
import type { CellSolid, Grid } from '../grid.js';
import { groupOf, multiply, PLAIN_ART, sortedCells, symmetryWithMatrix, once } from '../grid.js';

const HEIGHT = Math.sqrt(3) / 2;
const isEven = (x: number, y: number): boolean => ((x + y) & 1) === 0;
const mod3 = (n: number): number => ((n % 3) + 3) % 3;

function toLattice([x, y, z]: Cell): Cell {
  if (isEven(x, y)) return [(3 * (x - y)) / 2 + 1, 3 * y + 1, z];
  return [(3 * (x - y + 1)) / 2 - 1, 3 * y + 2, z];
}

function fromLattice([u, v, w]: Cell): Cell {
  if (mod3(v) === 1) {
    const y = (v - 1) / 3;
    return [(2 * (u - 1)) / 3 + y, y, w];
  }
  const y = (v - 2) / 3;
  return [(2 * (u + 1)) / 3 - 1 + y, y, w];
}

const SIXTH = [0, -1, 0, 1, 1, 0, 0, 0, 1];
const HALF_TURN_Y = [-1, -1, 0, 0, 1, 0, 0, 0, -1];
const MIRROR_X = [-1, -1, 0, 0, 1, 0, 0, 0, 1];

const group = once(() => groupOf([SIXTH, HALF_TURN_Y, MIRROR_X], toLattice, fromLattice));

/** BurrTools' turn 6a + b: b sixths of a turn about z after a = 0 or 1 half turns about the y axis. */
const BURRTOOLS_PRISM_TURNS: readonly (readonly number[])[] = [[1, 0, 0, 0, 1, 0, 0, 0, 1], HALF_TURN_Y].flatMap((flip) => {
  const turns: number[][] = [];
  let m = [...flip];
  for (let b = 0; b < 6; b++) {
    turns.push(m);
    m = multiply(SIXTH, m);
  }
  return turns;
});

/**
 * A triangle's corners in space, counter-clockwise seen from above (+z): even triangles have their base
 * below, odd ones above.
 */
function corners([x, y]: Cell): [number, number][] {
  const left = x / 2;
  const [low, high] = [y * HEIGHT, (y + 1) * HEIGHT];
  return isEven(x, y)
    ? [[left, low], [left + 1, low], [left + 0.5, high]]
    : [[left + 0.5, low], [left + 1, high], [left, high]];
}

// corners 0-2 the bottom triangle, 3-5 the top one; each side face counter-clockwise seen from outside
const PRISM_FACES: readonly (readonly number[])[] = [[0, 2, 1], [3, 4, 5], [0, 1, 4, 3], [1, 2, 5, 4], [2, 0, 3, 5]];

function prismSolid(c: Cell): CellSolid {
  const triangle = corners(c);
  return {
    vertices: [...triangle.map(([px, py]) => [px, py, c[2]] as const), ...triangle.map(([px, py]) => [px, py, c[2] + 1] as const)],
    faces: PRISM_FACES,
  };
}

/**
 * The motions in BurrTools' order (each direction, then its opposite): a layer up, one side's length
 * along x, along the side at 60 degrees, along the side at 120 degrees.
 */
const MOTIONS: readonly Cell[] = [[0, 0, 1], [0, 0, -1], [2, 0, 0], [-2, 0, 0], [1, 1, 0], [-1, -1, 0], [-1, 1, 0], [1, -1, 0]];

/**
 * The triangles a step passes over before it lands, by motion and kind (0 even, 1 odd), as offsets: sliding
 * one side's length within its layer, a triangle crosses its neighbour across the side that faces its way
 * (the in-layer motions, forward, as MOTIONS lists them after the two along z). Going back, it crosses the
 * same triangle from the other end: the passes of -m are those of m less m. Along z a step crosses nothing.
 */
const FORWARD_PASSES: readonly (readonly [Cell, Cell])[] = [
  [[1, 0, 0], [1, 0, 0]],
  [[1, 0, 0], [0, 1, 0]],
  [[-1, 0, 0], [0, 1, 0]],
];
const PASSES: readonly (readonly (readonly Cell[])[])[] = [
  [[], []],
  [[], []],
  ...FORWARD_PASSES.flatMap((byKind, d) => {
    const m = MOTIONS[2 * d + 2]!;
    return [byKind.map((s) => [s]), byKind.map((s) => [[s[0] - m[0], s[1] - m[1], s[2] - m[2]] as Cell])];
  }),
];

export const prismGrid: Grid = {
  name: 'prism',
  dims: 3,
  get symmetries() {
    return group();
  },
  translates: (d) => ((d[0] + d[1]) & 1) === 0,
  // x -> -x on the page and in space (the page shows the layer from below: its x runs the same way)
  get mirrorLeftRight() {
    return symmetryWithMatrix(group(), MIRROR_X);
  },
  neighbours: ([x, y, z]) => [[x - 1, y, z], [x + 1, y, z], [x, isEven(x, y) ? y - 1 : y + 1, z], [x, y, z - 1], [x, y, z + 1]],
  normalize: prismNormalize,
  cellShape: 'polygon',
  // the triangle as the page shows it (the layer from below: y down the page)
  polygon: (c) => corners(c).map(([px, py]) => [px, py] as [number, number]),
  // the inscribed circle of a triangle of side 1 is 1 / sqrt 3 across
  pictureUnit: (cellSize) => Math.sqrt(3) * cellSize,
  art: PLAIN_ART,
  editor: { label: 'Triangular prisms (3-D)', menuOrder: 5, columnsPerCell: 1, pieceFrame: [6, 3, 2], textSize: 0.42 },
  wraps: false,
  isometric: false,
  scene: { mesh: 'solids', viewDirection: [1, 1.2, 1.5] },
  solid: prismSolid,
  motions: MOTIONS,
  motionPaths: { kind: ([x, y]) => (x + y) & 1, passes: PASSES },
  burrTools: { type: 1, turns: BURRTOOLS_PRISM_TURNS },
};

/**
 * The shape moved so that its least y and z are 0 and its least x is the first of 0, 1 that a move of the
 * grid reaches (one that keeps x + y even), sorted in reading order: where BurrTools puts a piece in its box.
 */
function prismNormalize(shape: Shape): Cell[] {
  if (shape.length === 0) return [];
  const { min } = bounds(shape);
  const dy = -min[1];
  const dx = -min[0] + ((((-min[0] + dy) % 2) + 2) % 2);
  return sortedCells(shape.map((c) => [c[0] + dx, c[1] + dy, c[2] - min[2]] as Cell));
}
