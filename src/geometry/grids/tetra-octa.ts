/**
 * The tetrahedral-octahedral honeycomb (BurrTools' grid type 4): space filled by regular tetrahedra and
 * regular octahedra, each octahedron cut into its 8 octants. Cells are BurrTools' voxel positions.
 *
 * How the cells sit. Cut space into unit cubes (a cube is a *block*: b = [x, y, z] div 3). In each block
 * a regular tetrahedron joins four of the cube's corners, those whose coordinates have an even sum; the
 * other four corners (odd sum) are cut off as small tetrahedra with three right angles at the corner. The
 * eight such corners around an odd point are the octants of one octahedron, the one whose corners are the
 * six even points next to it. BurrTools gives each block 3x3x3 voxel positions: the middle one
 * (x, y, z all 1 mod 3) is the block's regular tetrahedron, and a corner position (each of x, y, z 0 or 2
 * mod 3) is the octant at that corner of the cube when the corner's sum is odd; the other positions are no
 * cells. So cells are of two shapes: regular tetrahedra (4 neighbours: the octants around it in its
 * block) and octants (4 neighbours: its block's tetrahedron, and the three octants of its octahedron that
 * share a side with it, in the next blocks).
 *
 * Lattice coordinates: four times a cell's centroid, in block units. Along each axis the voxel position
 * 3b + r (r = 0, 1, 2) has centroid b + (r + 1) / 4, so lattice coordinate 4b + r + 1: a tetrahedron is
 * all 2 mod 4, an octant at corner v pointing into the cube along s (each ±1) is 4v + s. The symmetries
 * fixing an even point are those of the cube about it (48, 24 turns), and they are signed permutations
 * on the lattice coordinates; the translations of the grid move blocks by a step with an even sum (voxel
 * steps of 3 along each axis, whose blocks add up even).
 *
 * BurrTools turns a shape as a brick shape (its box made a multiple of 6 voxels first, so that blocks
 * keep their kind): a piece's voxel v lands at position + R v, R the cube turn of the transformation
 * number, in the brick grid's numbering; R v is a translate of the true image of v.
 */
import type { Cell, Shape } from '../cell.js';
import { bounds } from '../cell.js';
import type { CellSolid, Grid, GridScene } from '../grid.js';
import { PLAIN_ART, sortedCells, symmetryWithMatrix, transformOf, once } from '../grid.js';
import { BURRTOOLS_BRICK_TURNS, cubeGrid } from './square.js';

const blockOf = (v: number): number => Math.floor(v / 3);
const latticeOf = (v: number): number => v + blockOf(v) + 1;
const voxelOf = (l: number): number => l - 1 - Math.floor((l - 1) / 4);

function toLattice(c: Cell): Cell {
  return [latticeOf(c[0]), latticeOf(c[1]), latticeOf(c[2])];
}

function fromLattice(l: Cell): Cell {
  return [voxelOf(l[0]), voxelOf(l[1]), voxelOf(l[2])];
}

const mod = (n: number, m: number): number => ((n % m) + m) % m;

/** Why a triple is no cell of the grid, or undefined when it is one. */
export function tetraOctaCellProblem(c: Cell): string | undefined {
  const r = c.map((v) => mod(v, 3));
  if (r.every((v) => v === 1)) return undefined;
  if (r.some((v) => v === 1)) return 'is no cell: x, y and z must be all 1 mod 3 (a tetrahedron) or each 0 or 2 mod 3 (an octant)';
  // the corner of the cube this position stands for
  const cornerSum = c.reduce((s, v, i) => s + blockOf(v) + r[i]! / 2, 0);
  if (mod(cornerSum, 2) === 0) return 'is no cell: that corner of its block is a corner of the block\'s tetrahedron (an octant\'s corner has an odd sum)';
  return undefined;
}

/** True for a regular tetrahedron (the middle voxel of its block); the other cells are octants of octahedra. */
export function isTetrahedron(c: Cell): boolean {
  return c.every((v) => mod(v, 3) === 1);
}

/** The neighbours in lattice coordinates (see the top of the file). */
function latticeNeighbours(l: Cell): Cell[] {
  if (l.every((v) => mod(v, 4) === 2)) {
    // the octants at the block's odd corners: the corner is b + (1 + sigma) / 2 on each axis
    const out: Cell[] = [];
    const b = l.map((v) => (v - 2) / 4);
    for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
      const corner = b[0]! + b[1]! + b[2]! + (3 + sx + sy + sz) / 2;
      if (mod(corner, 2) === 1) out.push([l[0] + sx, l[1] + sy, l[2] + sz]);
    }
    return out;
  }
  // an octant 4v + s: its block's tetrahedron at 4v + 2s, and the octants with one sign of s turned
  const s = l.map((v) => (mod(v, 4) === 1 ? 1 : -1));
  return [
    [l[0] + s[0]!, l[1] + s[1]!, l[2] + s[2]!],
    [l[0] - 2 * s[0]!, l[1], l[2]],
    [l[0], l[1] - 2 * s[1]!, l[2]],
    [l[0], l[1], l[2] - 2 * s[2]!],
  ];
}

/** The cube's 48 symmetries, in the cube grid's order, acting through the lattice coordinates. */
const group = once(() => cubeGrid.symmetries.map((t) => transformOf(t.matrix, toLattice, fromLattice)));

/** A move of the grid: whole blocks (3 voxels on each axis) whose steps add up even. */
function translates(d: Cell): boolean {
  return d.every((v) => mod(v, 3) === 0) && mod((d[0] + d[1] + d[2]) / 3, 2) === 0;
}

/** The shape moved so that its lowest blocks are 0 on y and z, and 0 or 1 on x (the first a move reaches). */
function normalize(shape: Shape): Cell[] {
  if (shape.length === 0) return [];
  const { min } = bounds(shape);
  const low = min.map(blockOf);
  const odd = mod(low[0]! + low[1]! + low[2]!, 2);
  const d: Cell = [3 * (odd - low[0]!), -3 * low[1]!, -3 * low[2]!];
  return sortedCells(shape.map((c) => [c[0] + d[0], c[1] + d[1], c[2] + d[2]] as Cell));
}

type Point = readonly [number, number, number];

/** A tetrahedron's faces, each counter-clockwise seen from outside (its normal away from the fourth corner). */
function tetrahedron(vertices: readonly Point[]): CellSolid {
  const faces = [[1, 2, 3], [0, 3, 2], [0, 1, 3], [0, 2, 1]].map((face, opposite) => {
    const [a, b, c] = face.map((i) => vertices[i]!) as [Point, Point, Point];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const o = vertices[opposite]!;
    const towardOpposite = n[0]! * (o[0] - a[0]) + n[1]! * (o[1] - a[1]) + n[2]! * (o[2] - a[2]);
    return towardOpposite > 0 ? [face[0]!, face[2]!, face[1]!] : face;
  });
  return { vertices, faces };
}

/** The solid of a cell, in block units (a block is the unit cube from b to b + 1). */
function solid(c: Cell): CellSolid {
  const l = toLattice(c);
  if (l.every((v) => mod(v, 4) === 2)) {
    const b = l.map((v) => (v - 2) / 4);
    const corners: Point[] = [];
    for (const dz of [0, 1]) for (const dy of [0, 1]) for (const dx of [0, 1]) {
      if (mod(b[0]! + b[1]! + b[2]! + dx + dy + dz, 2) === 0) corners.push([b[0]! + dx, b[1]! + dy, b[2]! + dz]);
    }
    return tetrahedron(corners);
  }
  const s = l.map((v) => (mod(v, 4) === 1 ? 1 : -1));
  const v = l.map((x, i) => (x - s[i]!) / 4) as unknown as Point;
  return tetrahedron([v, [v[0] + s[0]!, v[1], v[2]], [v[0], v[1] + s[1]!, v[2]], [v[0], v[1], v[2] + s[2]!]]);
}

/** Seen from above a corner of the blocks, as the cubes are. */
const SCENE: GridScene = { mesh: 'solids', viewDirection: [1, 1, 1] };

export const tetraOctaGrid: Grid = {
  name: 'tetra-octa',
  dims: 3,
  get symmetries() {
    return group();
  },
  translates,
  get mirrorLeftRight() {
    return symmetryWithMatrix(group(), [-1, 0, 0, 0, 1, 0, 0, 0, 1]);
  },
  neighbours: (c) => latticeNeighbours(toLattice(c)).map(fromLattice),
  normalize,
  cellProblem: tetraOctaCellProblem,
  // the flat pictures draw each layer of voxel positions as its art, a mark at each cell
  cellShape: 'ball',
  // art is BurrTools' voxel positions, layer by layer (most of them no cells): files list the cells
  art: { ...PLAIN_ART, listed: true },
  editor: { label: 'Tetrahedra-octahedra (3-D, BurrTools voxels)', menuOrder: 8, columnsPerCell: 1, pieceFrame: [3, 3, 3], textSize: 0.6 },
  wraps: false,
  isometric: false,
  scene: SCENE,
  solid,
  burrTools: {
    type: 4,
    turns: BURRTOOLS_BRICK_TURNS,
    voxelProblem: tetraOctaCellProblem,
  },
};
