/**
 * Cells as the solids they fill (Grid.solid), for the pictures that draw any 3-D grid from its solids
 * (render/solids.ts, the web app's 3-D view): where a cell's middle is in space, how far a move of the grid
 * carries a piece in space, and which faces of a heap of solids show (a face two solids share lies inside
 * and is never seen). Space is the solids' own: x, y and z as Grid.solid gives them, z up.
 */
import type { Cell } from './cell.js';
import type { CellSolid, Grid } from './grid.js';

/** A point or a direction in space. */
export type Point3 = readonly [number, number, number];

/** A face of a solid in space: its corners counter-clockwise seen from outside, and its outward unit normal. */
export interface SolidFace {
  readonly corners: readonly Point3[];
  readonly normal: Point3;
}

/** A solid moved through space. */
export function movedSolid(solid: CellSolid, by: Point3): CellSolid {
  if (by[0] === 0 && by[1] === 0 && by[2] === 0) return solid;
  return { vertices: solid.vertices.map((v) => [v[0] + by[0], v[1] + by[1], v[2] + by[2]] as const), faces: solid.faces };
}

/** The mean of a solid's corners: a point inside it (solids are convex). */
export function solidCentre(solid: CellSolid): Point3 {
  const sum = [0, 0, 0];
  for (const v of solid.vertices) for (let i = 0; i < 3; i++) sum[i]! += v[i]!;
  const n = Math.max(1, solid.vertices.length);
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

/** The middle of a cell in space. */
export function cellCentre(grid: Grid, c: Cell): Point3 {
  return solidCentre(grid.solid!(c));
}

/**
 * How far a move of the grid by d (cell coordinates: a step of a piece taken apart) carries a solid in space.
 * A move of the grid maps the solid of [0, 0, 0] onto the solid of d, so its corners' mean moves by the move.
 */
export function spaceStep(grid: Grid, d: Cell): Point3 {
  if (d[0] === 0 && d[1] === 0 && d[2] === 0) return [0, 0, 0];
  const from = cellCentre(grid, [0, 0, 0]);
  const to = cellCentre(grid, d);
  return [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
}

function cross(a: Point3, b: Point3): Point3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** The outward unit normal of a face given counter-clockwise from outside (Newell's sum: any convex polygon). */
export function faceNormal(corners: readonly Point3[]): Point3 {
  const n = [0, 0, 0];
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    const c = cross(a, b);
    for (let k = 0; k < 3; k++) n[k]! += c[k]!;
  }
  const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
  return [n[0]! / length, n[1]! / length, n[2]! / length];
}

/** The faces of a solid, in space. */
export function solidFaces(solid: CellSolid): SolidFace[] {
  return solid.faces.map((f) => {
    const corners = f.map((i) => solid.vertices[i]!);
    return { corners, normal: faceNormal(corners) };
  });
}

/** A key equal for two faces with the same corners (in any order), up to rounding far below any cell's size. */
function faceKey(corners: readonly Point3[]): string {
  return corners.map((p) => p.map((x) => (Math.round(x * 1e5) / 1e5 + 0).toFixed(5)).join(',')).sort().join('|');
}

/**
 * The faces of some solids that no other of them covers: for each solid (in the order given), its faces that
 * do not lie against a face of another solid. Two solids of a tiling that touch share a whole face, so a face
 * met twice lies between two solids and shows from neither side. With `kinds`, only solids of the same kind
 * cover each other (a solid piece against glass keeps its face, and so does the glass).
 */
export function outsideFaces(solids: readonly CellSolid[], kinds?: readonly number[]): SolidFace[][] {
  const faces = solids.map(solidFaces);
  const seen = new Map<string, number>();
  const keys = faces.map((list, i) => list.map((f) => {
    const key = `${kinds?.[i] ?? 0}:${faceKey(f.corners)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    return key;
  }));
  return faces.map((list, i) => list.filter((_, j) => seen.get(keys[i]![j]!) === 1));
}
