/**
 * Rhombic tetrahedra, BurrTools' grid type 3 ("rhombic"): space cut into cubes, and each cube cut by the six
 * planes through its centre and two opposite edges into 24 equal tetrahedra. Each tetrahedron has the
 * cube's centre, the centre of one of its faces and the two ends of one edge of that face as corners. From
 * them Stewart Coffin's rhombic dodecahedron puzzles, stellations, diagonal burrs and hexsticks are built: a
 * rhombic dodecahedron is the 48 tetrahedra around a corner of the cubes (`rhombicDodecahedron()`).
 *
 * Cells are BurrTools' voxel coordinates for this grid, so its files are read and written as they are:
 * each cube is a block of 5 x 5 x 5 positions (the block [5i, 5i + 5) x [5j, 5j + 5) x [5k, 5k + 5) is
 * the cube [i, i + 1] x [j, j + 1] x [k, k + 1] scaled by 5), of which 24 are the tetrahedra. With the
 * position in its block r = (x mod 5, y mod 5, z mod 5), a cell's three axes play three parts:
 *   - the face axis, r = 0 or 4: the tetrahedron rests on the block's face at that end of it;
 *   - the edge axis, r = 1 or 3: the edge of that face at that end (near 0 or near 5);
 *   - the run axis, r = 2: the direction the edge runs.
 * Folding r to min(r, 4 - r), a position is a cell exactly when the folded triple holds 0, 1 and 2 once
 * each: 6 faces x 4 edges = 24 per block. The voxel at (0, 1, 2), for instance, is the tetrahedron with
 * the corners (2.5, 2.5, 2.5) (the centre), (0, 2.5, 2.5) (the centre of the face x = 0), (0, 0, 0) and
 * (0, 0, 5) (the edge of that face at y = 0, running along z), in the units of the positions.
 *
 * Face neighbours (4): across the cube's face, the tetrahedron of the next cube on the same square
 * (face axis r = 0 <-> 4 of the block before, 4 <-> 0 of the next); across the triangle (centre, edge),
 * the tetrahedron on the other face through the same edge (face and edge axes swap parts); across the two
 * triangles (centre, face centre, corner), the tetrahedra on the same face that share the half-diagonal to
 * that corner (the run axis becomes the edge axis, at the corner's end, and the edge axis the run axis).
 *
 * Symmetries: the tiling has those of the cubes about a corner of them, all 48 (24 turns, each also after
 * a mirror), and its moves are the translations by whole cubes (multiples of 5 on each axis). Lattice
 * coordinates are 2 p + 1 for a position p (the centre of the voxel, doubled, with a corner of the cubes
 * at the origin), on which the 48 are the signed permutations of the axes: p -> (M (2 p + 1) - 1) / 2.
 * BurrTools turns this grid's shapes with the same 24 matrices and numbers them as on its brick grid
 * (symmetries_0), applied to the voxel coordinates: the turns of BurrTools' assemblies are those of cubes.
 *
 * BurrTools has no disassembler for this grid (its movement cache exists for cubes and prisms only), and
 * a tetrahedron slid by a unit step lands on no cell (the cells are translates of one another by whole
 * cubes only): the grid has no `motions`, and its assemblies are counted, not taken apart.
 *
 * Pictures: the 3-D view draws each cell as its tetrahedron (`solid`); flat pictures and text draw the
 * cells at their places in BurrTools' voxel layers, as its editor shows them. Files list the cells
 * (`cells:`), or name a shape of the grid (`rhombic-dodecahedron`), or draw BurrTools' voxel layers.
 */
import type { Cell, Shape } from '../cell.js';
import { bounds } from '../cell.js';
import type { CellSolid, Grid, GridArt } from '../grid.js';
import { sortedCells, symmetryWithMatrix, transformOf, once } from '../grid.js';
import { BURRTOOLS_BRICK_TURNS, cubeGrid } from './square.js';

/** Positions per cube along each axis. */
export const RHOMBIC_BLOCK = 5;

const floorDiv = (n: number): number => Math.floor(n / RHOMBIC_BLOCK);
const inBlock = (n: number): number => n - RHOMBIC_BLOCK * floorDiv(n);
const fold = (r: number): number => Math.min(r, 4 - r);

/** The parts a cell's axes play: the face axis, the edge axis and the run axis (undefined for a position that is no cell). */
function partsOf(c: Cell): { face: number; edge: number; run: number } | undefined {
  const folded = [fold(inBlock(c[0])), fold(inBlock(c[1])), fold(inBlock(c[2]))];
  const face = folded.indexOf(0);
  const edge = folded.indexOf(1);
  const run = folded.indexOf(2);
  if (face < 0 || edge < 0 || run < 0) return undefined;
  return { face, edge, run };
}

/** True when the position is one of the grid's tetrahedra. */
export function isRhombicCell(c: Cell): boolean {
  return partsOf(c) !== undefined;
}

function withAxis(c: Cell, axis: number, value: number): [number, number, number] {
  const out: [number, number, number] = [c[0], c[1], c[2]];
  out[axis] = value;
  return out;
}

function neighbours(c: Cell): Cell[] {
  const parts = partsOf(c);
  if (!parts) throw new RangeError(`[${c.join(', ')}] is no cell of the rhombic grid`);
  const { face, edge, run } = parts;
  const base = (axis: number): number => RHOMBIC_BLOCK * floorDiv(c[axis]!);
  const at = (axis: number): number => inBlock(c[axis]!);
  // across the cube's face: the same square seen from the next cube
  const across = withAxis(c, face, at(face) === 0 ? c[face]! - 1 : c[face]! + 1);
  // across (centre, edge): the face through the same edge; the face becomes the edge's side and back
  const swapped = withAxis(withAxis(c, edge, base(edge) + (at(edge) === 1 ? 0 : 4)), face, base(face) + (at(face) === 0 ? 1 : 3));
  // across (centre, face centre, corner): the same face's triangle at that corner, its edge along the old edge axis
  const sides = [1, 3].map((end) => withAxis(withAxis(c, run, base(run) + end), edge, base(edge) + 2));
  return [across, swapped, ...sides];
}

/** The grid's moves: whole cubes. Shapes go to the block at the origin (each axis's least position in 0..4). */
function normalize(shape: Shape): Cell[] {
  if (shape.length === 0) return [];
  const { min } = bounds(shape);
  const d = min.map((m) => -RHOMBIC_BLOCK * floorDiv(m));
  return sortedCells(shape.map((c) => [c[0] + d[0]!, c[1] + d[1]!, c[2] + d[2]!] as Cell));
}

const toLattice = (c: Cell): Cell => [2 * c[0] + 1, 2 * c[1] + 1, 2 * c[2] + 1];
const fromLattice = (l: Cell): Cell => [(l[0] - 1) / 2, (l[1] - 1) / 2, (l[2] - 1) / 2];

/** The cube's 48 symmetries, in the cube grid's order (rotations first), about the corner of the cubes at the origin. */
const group = once(() => cubeGrid.symmetries.map((t) => transformOf(t.matrix, toLattice, fromLattice)));

/**
 * The tetrahedron of a cell, in the units of the positions (a cube is 5 on a side): the cube's centre, the
 * face's centre and the edge's two ends, its four faces turned outward.
 */
function solid(c: Cell): CellSolid {
  const parts = partsOf(c);
  if (!parts) throw new RangeError(`[${c.join(', ')}] is no cell of the rhombic grid`);
  const { face, edge, run } = parts;
  const low = [0, 1, 2].map((axis) => RHOMBIC_BLOCK * floorDiv(c[axis]!));
  const centre = low.map((v) => v + RHOMBIC_BLOCK / 2);
  const side = (axis: number): number => low[axis]! + (inBlock(c[axis]!) < 2 ? 0 : RHOMBIC_BLOCK);
  const faceCentre = withAxis(centre as unknown as Cell, face, side(face));
  const end = (at: number): [number, number, number] => {
    const p: [number, number, number] = [0, 0, 0];
    p[face] = side(face);
    p[edge] = side(edge);
    p[run] = low[run]! + at;
    return p;
  };
  const vertices: [number, number, number][] = [centre as [number, number, number], faceCentre, end(0), end(RHOMBIC_BLOCK)];
  return { vertices, faces: outwardFaces(vertices) };
}

/** The four faces of a tetrahedron, each ordered counter-clockwise seen from outside (away from the fourth corner). */
function outwardFaces(v: readonly (readonly [number, number, number])[]): number[][] {
  const faces: number[][] = [];
  for (let skip = 3; skip >= 0; skip--) {
    const f = [0, 1, 2, 3].filter((i) => i !== skip);
    const [a, b, c] = [v[f[0]!]!, v[f[1]!]!, v[f[2]!]!];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]] as const;
    const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]] as const;
    const normal = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]] as const;
    const o = v[skip]!;
    const towardOther = normal[0] * (o[0] - a[0]) + normal[1] * (o[1] - a[1]) + normal[2] * (o[2] - a[2]);
    faces.push(towardOther > 0 ? [f[0]!, f[2]!, f[1]!] : f);
  }
  return faces;
}

/**
 * The rhombic dodecahedron: the 48 tetrahedra that have the corner of the cubes at the origin as a corner
 * (6 in each of the 8 cubes around it), moved to the grid's canonical place. Its faces are 12 rhombi, each
 * two outer triangles (centre of a cube, edge) of two cubes meeting at that edge.
 */
export function rhombicDodecahedron(): readonly Cell[] {
  // made on first use: 1,000 positions looked at, which every command would pay at load for a shape few use
  if (dodecahedron) return dodecahedron;
  const cells: Cell[] = [];
  for (let z = -5; z < 5; z++) for (let y = -5; y < 5; y++) for (let x = -5; x < 5; x++) {
    const c: Cell = [x, y, z];
    if (!isRhombicCell(c)) continue;
    if (solid(c).vertices.some((p) => p[0] === 0 && p[1] === 0 && p[2] === 0)) cells.push(c);
  }
  return (dodecahedron = normalize(cells));
}
let dodecahedron: readonly Cell[] | undefined;

/**
 * Art: BurrTools' voxel layers, column x of row y of layer z the position [x, y, z]; a place holds a cell
 * in some layer when its column and row fold to different values (the layer says which).
 */
const ART: GridArt = {
  cellOf: (c) => c,
  of: (c) => c,
  allowed: (column, row) => fold(inBlock(column)) !== fold(inBlock(row)),
  misplaced: 'where no layer of BurrTools\' rhombic voxels has a tetrahedron (a column and a row that fold alike, as 0 and 4, or 1 and 3)',
  raggedRows: false,
  layersMayDiffer: false,
  listed: true,
};

export const rhombicGrid: Grid = {
  name: 'rhombic',
  dims: 3,
  get symmetries() {
    return group();
  },
  translates: (d) => d.every((v) => inBlock(v) === 0),
  get mirrorLeftRight() {
    return symmetryWithMatrix(group(), [-1, 0, 0, 0, 1, 0, 0, 0, 1]);
  },
  neighbours,
  normalize,
  cellProblem: (c) => (isRhombicCell(c) ? undefined : 'is no tetrahedron (its position in its block of 5 x 5 x 5, each coordinate folded to the nearer end, must be 0, 1 and 2 in some order)'),
  namedShapes: {
    get 'rhombic-dodecahedron'() {
      return rhombicDodecahedron();
    },
  },
  // in flat pictures, each tetrahedron is a mark at its place in the voxel layers
  cellShape: 'ball',
  art: ART,
  editor: { label: 'Rhombic tetrahedra (3-D, BurrTools voxels)', menuOrder: 7, columnsPerCell: 1, pieceFrame: [5, 5, 5], textSize: 0.6 },
  wraps: false,
  isometric: false,
  scene: { mesh: 'solids', viewDirection: [1, 1, 1] },
  solid,
  burrTools: {
    type: 3,
    turns: BURRTOOLS_BRICK_TURNS,
    voxelProblem: (position) => (isRhombicCell(position) ? undefined : 'is no tetrahedron of the rhombic grid (BurrTools leaves the positions between them empty)'),
  },
};
