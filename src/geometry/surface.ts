/**
 * The surface of a set of cells, for printing: one closed, outward-facing triangle mesh per piece, built
 * from nothing but the grid's `solid` (so every grid whose cells are polyhedra has it, whatever its name).
 *
 * How it is built:
 * 1. Faces. Every face of every cell's solid, minus the faces two cells of the set share (each such face
 *    appears twice, once per cell, and is inside). What is left is the boundary: convex polygons, turned
 *    outward, that meet edge to edge (neighbouring cells share whole faces).
 * 2. Manifold. Where two cells of the set touch only along an edge, four boundary faces meet at that edge;
 *    where they touch only at a corner, the faces around that corner form more than one fan. Each
 *    boundary face is paired across each of its edges with the face that closes the same solid wedge: the
 *    first face met turning about the edge into the material (with one candidate, that one). A corner of
 *    the mesh is then one fan of faces joined by those pairings, so a vertex where cells only touch
 *    becomes one vertex per fan, and the mesh is a 2-manifold: every edge in exactly two faces.
 * 3. Gap. Each boundary face's plane moves inward by `inset`, and each fan's corner moves to where the
 *    moved planes of its faces meet (least squares through the pseudo-inverse when they are too few to fix
 *    a point): on cubes, at every convex or concave corner, exactly `inset` inside each face. At a saddle
 *    (faces turned opposite ways around one corner) the moved planes meet in no one point: the corner
 *    opens into several, each run of faces on one plane going where its plane meets those of its
 *    neighbours in the fan, and the strips and fan polygons of step 4 close the mesh between them; at the
 *    more tangled saddles some faces there tilt a little (a piece's volume is then off by well under 1% of
 *    what the gap takes away). A vertex split in step 2 moves inward at least `PINCH` of a cell even
 *    without a gap, so that the fans that only touched come apart. Known limit: where two empty cells
 *    inside a piece meet only at a corner, their two moved hollows overlap there by a cube the size of the
 *    gap (the mesh is still closed and outward, but crosses itself in that speck). On grids of slanted
 *    faces (prisms, tetrahedra) the corners of a saddle or a split vertex, each chosen from three planes
 *    of its fan, can lie a little off the planes that really bound the piece there: the strips between
 *    them then hold thin triangles, a few of them turned against their neighbours (choosing each corner
 *    from the planes that bound the piece there is still to do).
 * 4. Bevel. Each face is drawn in: at each corner, the corner moves within the face's plane away from the
 *    face's convex edges (edges where the surface turns outward) by `bevel`. A strip joins the two faces
 *    along each edge (the chamfer, where the edge is convex; nothing where it is not and both sides end at
 *    the same points) and a polygon closes each fan's corner, so the mesh stays closed. A polygon whose
 *    corners meet again further round is cut there into loops, each drawn apart; a loop of two corners is
 *    a fin (there and back along one edge) and is not drawn.
 * 5. Caps. Corners that moved apart along one straight edge leave triangles whose three corners lie on one
 *    line: no area and no normal, and written in single precision they face any way. Each is taken out by
 *    flipping its longest edge, or by merging it with the two triangles it shares a corner with where the
 *    flip would join two corners joined already (withoutCaps); either keeps the mesh closed and the
 *    surface where it was. On BurrTools' example files of prisms and rhombic tetrahedra, `--gap 0.4` left
 *    9 to 107 such triangles a file; none is left, with or without a gap or a bevel.
 *
 * Units are the solid's (a cube cell is a unit cube); the caller scales.
 */
import type { Shape } from './cell.js';
import type { Grid } from './grid.js';

export type Point = readonly [number, number, number];
export type Triangle = readonly [Point, Point, Point];

export interface SurfaceOptions {
  /** How far each outer face moves inward (half the gap between two printed pieces). */
  readonly inset?: number;
  /** How far each convex edge is cut back along each of its faces (a chamfer). */
  readonly bevel?: number;
}

/** A vertex split where cells only touch moves inward at least this far (a fraction of a unit), gap or not. */
export const PINCH = 1e-3;

type Vec = [number, number, number];
const sub = (a: Point, b: Point): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Point, b: Point): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Point, s: number): Vec => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Point, b: Point): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const length = (a: Point): number => Math.sqrt(dot(a, a));
const unit = (a: Point): Vec => scale(a, 1 / length(a));

/** Positions of the solids are sums of small rationals and square roots: equal ones agree to far better than this. */
const pointKey = (p: Point): string => p.map((x) => (Math.abs(x) < 5e-7 ? 0 : x).toFixed(6)).join(',');

/** Points numbered by position (pointKey): `id` gives a point's number, the first point of that position kept in `points`. */
function welder(): { points: Point[]; id: (p: Point) => number } {
  const points: Point[] = [];
  const index = new Map<string, number>();
  const id = (p: Point): number => {
    const key = pointKey(p);
    let i = index.get(key);
    if (i === undefined) {
      i = points.length;
      points.push(p);
      index.set(key, i);
    }
    return i;
  };
  return { points, id };
}

/** A cell's faces with their corners' positions, and the key that one face has in both cells that share it. */
interface BoundaryFace {
  /** Indices into the welded vertex list, counter-clockwise seen from outside. */
  readonly corners: number[];
  readonly normal: Vec;
}

/** The solids' faces that no two cells of the set share, on vertices welded by position. */
function boundaryFaces(grid: Grid, cells: Shape): { vertices: Point[]; faces: BoundaryFace[] } {
  const solid = grid.solid;
  if (!solid) throw new Error(`the ${grid.name} grid's cells have no solid`);
  const { points: vertices, id: vertexOf } = welder();
  const byKey = new Map<string, { corners: number[]; count: number }>();
  for (const c of cells) {
    const s = solid(c);
    for (const f of s.faces) {
      const corners = f.map((i) => vertexOf(s.vertices[i]!));
      const key = [...corners].sort((a, b) => a - b).join(',');
      const seen = byKey.get(key);
      if (seen) seen.count++;
      else byKey.set(key, { corners, count: 1 });
    }
  }
  const faces: BoundaryFace[] = [];
  for (const { corners, count } of byKey.values()) {
    if (count !== 1) continue;
    faces.push({ corners, normal: newellNormal(corners.map((i) => vertices[i]!)) });
  }
  return { vertices, faces };
}

/** The unit normal of a planar polygon, by Newell's method (the right-hand rule over its corners). */
function newellNormal(points: readonly Point[]): Vec {
  const n: Vec = [0, 0, 0];
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    n[0] += (a[1] - b[1]) * (a[2] + b[2]);
    n[1] += (a[2] - b[2]) * (a[0] + b[0]);
    n[2] += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return unit(n);
}

/** Union-find over face corners (face f, corner i is f * stride + i). */
class Fans {
  private readonly parent: number[] = [];
  find(a: number): number {
    while (this.parent[a] !== undefined && this.parent[a] !== a) {
      const up = this.parent[a]!;
      this.parent[a] = this.parent[up] ?? up;
      a = up;
    }
    return a;
  }
  join(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/**
 * The offset d (least squares, smallest when undetermined) with n . d = -inset for every normal: where the
 * planes of a fan's faces, each moved inward by `inset`, meet. Solved through the eigenvectors of N^T N
 * (Jacobi's rotations), dropping the directions no normal constrains.
 */
function fanOffset(normals: readonly Point[], inset: number): Vec {
  const a = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const rhs: Vec = [0, 0, 0];
  for (const n of normals) {
    for (let i = 0; i < 3; i++) {
      rhs[i] -= inset * n[i]!;
      for (let j = 0; j < 3; j++) a[3 * i + j]! += n[i]! * n[j]!;
    }
  }
  const { values, vectors } = symmetricEigen(a);
  const d: Vec = [0, 0, 0];
  const largest = Math.max(...values);
  for (let k = 0; k < 3; k++) {
    if (values[k]! <= 1e-9 * largest) continue;
    const v: Vec = [vectors[k]!, vectors[3 + k]!, vectors[6 + k]!];
    const along = dot(v, rhs) / values[k]!;
    for (let i = 0; i < 3; i++) d[i] += along * v[i]!;
  }
  return d;
}

/** Eigenvalues and eigenvectors (the columns of `vectors`, row-major) of a symmetric 3x3 matrix, by Jacobi's method. */
function symmetricEigen(m: readonly number[]): { values: number[]; vectors: number[] } {
  const a = [...m];
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[1]! ** 2 + a[2]! ** 2 + a[5]! ** 2;
    if (off < 1e-30) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]] as const) {
      const apq = a[3 * p + q]!;
      if (Math.abs(apq) < 1e-300) continue;
      const theta = (a[3 * q + q]! - a[3 * p + p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      // a <- J^T a J, v <- v J for the rotation J in the plane (p, q)
      for (let k = 0; k < 3; k++) {
        const akp = a[3 * k + p]!;
        const akq = a[3 * k + q]!;
        a[3 * k + p] = c * akp - s * akq;
        a[3 * k + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[3 * p + k]!;
        const aqk = a[3 * q + k]!;
        a[3 * p + k] = c * apk - s * aqk;
        a[3 * q + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[3 * k + p]!;
        const vkq = v[3 * k + q]!;
        v[3 * k + p] = c * vkp - s * vkq;
        v[3 * k + q] = s * vkp + c * vkq;
      }
    }
  }
  return { values: [a[0]!, a[4]!, a[8]!], vectors: v };
}

/**
 * The largest inset plus bevel a set of cells takes: half the radius of the smallest sphere inside any
 * of its cells' solids about the solid's centre (a cube: a quarter of its side). Beyond that, faces of one
 * cell would cross.
 */
export function largestInset(grid: Grid, cells: Shape): number {
  const solid = grid.solid;
  if (!solid) throw new Error(`the ${grid.name} grid's cells have no solid`);
  let least = Infinity;
  for (const c of cells) {
    const s = solid(c);
    const centre = scale(s.vertices.reduce<Vec>((m, p) => add(m, p), [0, 0, 0]), 1 / s.vertices.length);
    for (const f of s.faces) {
      const n = newellNormal(f.map((i) => s.vertices[i]!));
      least = Math.min(least, dot(n, sub(s.vertices[f[0]!]!, centre)));
    }
  }
  return least / 2;
}

/**
 * The closed surface of a set of cells (see the top of the file): triangles counter-clockwise seen from
 * outside. The cells must be cells of the grid, each once; they need not be connected.
 */
export function cellsSurface(grid: Grid, cells: Shape, options: SurfaceOptions = {}): Triangle[] {
  const inset = options.inset ?? 0;
  const bevel = options.bevel ?? 0;
  const { vertices, faces } = boundaryFaces(grid, cells);
  const stride = faces.reduce((m, f) => Math.max(m, f.corners.length), 0);
  const cornerId = (f: number, i: number): number => f * stride + i;

  // directed edges: the faces holding a -> b, by "a,b"
  const edges = new Map<string, { face: number; at: number }[]>();
  faces.forEach((f, fi) => f.corners.forEach((a, i) => {
    const b = f.corners[(i + 1) % f.corners.length]!;
    const key = `${a},${b}`;
    const list = edges.get(key);
    if (list) list.push({ face: fi, at: i });
    else edges.set(key, [{ face: fi, at: i }]);
  }));

  // pair each face's edge a -> b with the face across it (b -> a) that closes the same wedge of material
  const fans = new Fans();
  const partner = new Map<number, { face: number; at: number }>();
  for (const [key, holders] of edges) {
    const [a, b] = key.split(',').map(Number) as [number, number];
    const across = edges.get(`${b},${a}`);
    if (!across || across.length !== holders.length) throw new Error('the cells\' solids do not close (a face edge has no twin)');
    const e = unit(sub(vertices[b]!, vertices[a]!));
    // angles about e in a frame perpendicular to it; a face's direction from the edge into the face is n x e
    // for a -> b, and e x n for b -> a (its edge runs the other way)
    const ref = unit(cross(e, Math.abs(e[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]));
    const other = cross(e, ref);
    const angle = (u: Point): number => Math.atan2(dot(u, other), dot(u, ref));
    for (const h of holders) {
      const hAngle = angle(cross(faces[h.face]!.normal, e));
      let best: { face: number; at: number } | undefined;
      let bestTurn = Infinity;
      for (const g of across) {
        // the material beside face h lies clockwise about e (turning from h's direction away from its normal)
        let turn = hAngle - angle(cross(e, faces[g.face]!.normal));
        while (turn <= 1e-9) turn += 2 * Math.PI;
        if (turn < bestTurn) {
          bestTurn = turn;
          best = g;
        }
      }
      const g = best!;
      const hf = faces[h.face]!;
      const gf = faces[g.face]!;
      partner.set(cornerId(h.face, h.at), g);
      // h runs a -> b at corners (at, at + 1); g runs b -> a at corners (g.at, g.at + 1)
      fans.join(cornerId(h.face, h.at), cornerId(g.face, (g.at + 1) % gf.corners.length));
      fans.join(cornerId(h.face, (h.at + 1) % hf.corners.length), cornerId(g.face, g.at));
    }
  }

  // each fan, walked about its vertex through the pairings (face to face, the ring's order reversed is
  // counter-clockwise seen from outside)
  const fanRings = new Map<number, { face: number; at: number }[]>();
  const fansAtVertex = new Map<number, number>();
  faces.forEach((f, fi) => f.corners.forEach((v, i) => {
    const root = fans.find(cornerId(fi, i));
    if (fanRings.has(root)) return;
    fansAtVertex.set(v, (fansAtVertex.get(v) ?? 0) + 1);
    const ring: { face: number; at: number }[] = [];
    let [face, at] = [fi, i];
    do {
      ring.push({ face, at });
      // the edge leaving this corner runs at -> at + 1; the face across it holds the vertex at its g.at + 1
      const g = partner.get(cornerId(face, at))!;
      [face, at] = [g.face, (g.at + 1) % faces[g.face]!.corners.length];
    } while (!(face === fi && at === i) && ring.length <= faces.length * stride);
    fanRings.set(root, ring);
  }));

  // where each face's corner goes when the faces move inward
  const moved = new Map<number, Point>();
  for (const ring of fanRings.values()) {
    const v = faces[ring[0]!.face]!.corners[ring[0]!.at]!;
    const by = fansAtVertex.get(v)! > 1 ? Math.max(inset, PINCH) : inset;
    for (const [corner, point] of fanCorners(vertices[v]!, ring.map((r) => faces[r.face]!.normal), by)) {
      moved.set(cornerId(ring[corner]!.face, ring[corner]!.at), point);
    }
  }

  // convex edges: where the surface turns outward (n_h x n_g along the edge's direction in h)
  const convex = (fi: number, i: number): boolean => {
    const f = faces[fi]!;
    const g = partner.get(cornerId(fi, i))!;
    const a = vertices[f.corners[i]!]!;
    const b = vertices[f.corners[(i + 1) % f.corners.length]!]!;
    return dot(cross(f.normal, faces[g.face]!.normal), sub(b, a)) > 1e-9;
  };
  // each face's corner, moved, then drawn in from its convex edges
  const corner = (fi: number, i: number): Point => {
    const base = moved.get(cornerId(fi, i))!;
    if (bevel <= 0) return base;
    const f = faces[fi]!;
    const k = f.corners.length;
    const v = vertices[f.corners[i]!]!;
    const toPrevious = unit(sub(vertices[f.corners[(i + k - 1) % k]!]!, v));
    const toNext = unit(sub(vertices[f.corners[(i + 1) % k]!]!, v));
    const sine = length(cross(toPrevious, toNext));
    const fromNext = convex(fi, i) ? bevel : 0;
    const fromPrevious = convex(fi, (i + k - 1) % k) ? bevel : 0;
    return add(base, scale(add(scale(toPrevious, fromNext), scale(toNext, fromPrevious)), 1 / sine));
  };
  const corners = faces.map((f, fi) => f.corners.map((_, i) => corner(fi, i)));

  const triangles: Triangle[] = [];
  const polygon = (points: readonly Point[]): void => {
    // corners that coincide count once (a strip or a fan's polygon that closes to nothing draws nothing)
    const kept = points.filter((p, i) => pointKey(p) !== pointKey(points[(i + points.length - 1) % points.length]!));
    // a corner met again further on closes a loop of its own: each loop is drawn apart, and a loop of two
    // corners (a fin, there and back along one edge) not at all, rather than as triangles that lie on one
    // another
    for (let i = 0; i < kept.length; i++) {
      const j = kept.findIndex((p, k) => k > i && pointKey(p) === pointKey(kept[i]!));
      if (j < 0) continue;
      polygon(kept.slice(i, j));
      polygon([...kept.slice(0, i), ...kept.slice(j)]);
      return;
    }
    for (let i = 1; i + 1 < kept.length; i++) triangles.push([kept[0]!, kept[i]!, kept[i + 1]!]);
  };
  faces.forEach((_, fi) => polygon(corners[fi]!));
  // the strip along each edge, once per pair of faces
  faces.forEach((f, fi) => f.corners.forEach((_, i) => {
    const g = partner.get(cornerId(fi, i))!;
    if (cornerId(g.face, g.at) < cornerId(fi, i)) return;
    const gk = faces[g.face]!.corners.length;
    const k = f.corners.length;
    // this face runs a -> b at (i, i + 1); the other runs b -> a at (g.at, g.at + 1)
    polygon([corners[fi]![(i + 1) % k]!, corners[fi]![i]!, corners[g.face]![(g.at + 1) % gk]!, corners[g.face]![g.at]!]);
  }));
  // the polygon closing each fan
  for (const ring of fanRings.values()) polygon(ring.map((r) => corners[r.face]![r.at]!).reverse());
  return withoutCaps(triangles);
}

/** A triangle is a cap when its middle corner lies this close (in units of the solid) to its longest edge. */
const CAP_HEIGHT = 1e-9;

/**
 * The mesh without its caps (step 5 of the top comment). A cap is a triangle whose three corners lie on one
 * line: the corners of two faces that moved apart along a straight edge (at a saddle, or where slanted
 * faces meet) leave such triangles in the strips and fan polygons. A cap has no area, but no normal
 * either, and written in single precision it may face any way. With cap (x, y, m), m on its longest edge
 * x -> y, and (y, x, z) the triangle across that edge:
 *   - flip: the two become (m, x, z) and (m, z, y), which lie where (y, x, z) did and keep every other
 *     edge, so the mesh stays closed and outward;
 *   - unless m and z are joined already, by a triangle (x, m, z) or (m, y, z): then x (or y) is a corner
 *     of just those three triangles, on the line through m, so in the plane of (y, x, z): the three are
 *     the one triangle (y, m, z) (or (m, x, z)), with the same outer edges.
 */
function withoutCaps(triangles: readonly Triangle[]): Triangle[] {
  const { points, id } = welder();
  const tris: ([number, number, number] | undefined)[] = triangles.map((t) => t.map(id) as [number, number, number]);
  // the triangle holding each directed edge a -> b
  const edgeOf = new Map<string, number>();
  const edgesOf = (t: number): string[] => {
    const [a, b, c] = tris[t]!;
    return [`${a},${b}`, `${b},${c}`, `${c},${a}`];
  };
  const add = (t: number, corners: [number, number, number]): void => {
    tris[t] = corners;
    for (const key of edgesOf(t)) edgeOf.set(key, t);
  };
  const remove = (t: number): void => {
    for (const key of edgesOf(t)) edgeOf.delete(key);
    tris[t] = undefined;
  };
  tris.forEach((corners, t) => add(t, corners!));
  // the cap's corners turned so that its longest edge comes first (x -> y, then m), or undefined
  const asCap = ([a, b, c]: readonly number[]): [number, number, number] | undefined => {
    if (a === b || b === c || c === a) return undefined;
    const turns: [number, number, number][] = [[a!, b!, c!], [b!, c!, a!], [c!, a!, b!]];
    const lengthOf = ([x, y]: readonly number[]): number => length(sub(points[y!]!, points[x!]!));
    const [x, y, m] = turns.reduce((best, turn) => (lengthOf(turn) > lengthOf(best) ? turn : best));
    const edge = sub(points[y]!, points[x]!);
    return length(cross(edge, sub(points[m]!, points[x]!))) / length(edge) < CAP_HEIGHT ? [x, y, m] : undefined;
  };
  const queue = tris.map((_, t) => t);
  // each step takes one cap away; the budget only bounds the work should some mesh cycle
  for (let budget = 10 * tris.length + 100; queue.length > 0 && budget > 0; budget--) {
    const t = queue.pop()!;
    const cap = tris[t] && asCap(tris[t]!);
    if (!cap) continue;
    const [x, y, m] = cap;
    const across = edgeOf.get(`${y},${x}`);
    if (across === undefined) continue;
    const [p, q, r] = tris[across]!;
    const z = p !== x && p !== y ? p : q !== x && q !== y ? q : r;
    if (z === m) continue;
    if (!edgeOf.has(`${m},${z}`) && !edgeOf.has(`${z},${m}`)) {
      remove(t);
      remove(across);
      add(t, [m, x, z]);
      add(across, [m, z, y]);
      queue.push(t, across);
      continue;
    }
    const atX = edgeOf.get(`${x},${m}`);
    const atY = edgeOf.get(`${m},${y}`);
    const third = atX !== undefined && tris[atX]!.includes(z) ? atX : atY !== undefined && tris[atY]!.includes(z) ? atY : undefined;
    if (third === undefined) continue;
    remove(t);
    remove(across);
    remove(third);
    add(t, third === atX ? [y, m, z] : [m, x, z]);
    queue.push(t);
  }
  return tris.filter((t) => t !== undefined).map(([a, b, c]) => [points[a]!, points[b]!, points[c]!]);
}

/**
 * Where the corners of one fan go when each of its faces (normals in the fan's order) moves inward by
 * `inset`: one point when the moved planes meet in one (or, when they are too few to fix one, the nearest
 * such point: least squares, smallest offset). Where they do not (a saddle: faces turned opposite ways
 * meet at the vertex), each run of faces on one plane goes to the point its plane shares with the planes
 * before and after it (or with the next two, or the two before): the vertex opens into several, and the
 * strips and the fan's polygon close the mesh between them.
 */
function fanCorners(vertex: Point, normals: readonly Vec[], inset: number): Map<number, Point> {
  const out = new Map<number, Point>();
  const distinct: Vec[] = [];
  for (const n of normals) if (!distinct.some((m) => dot(m, n) > 1 - 1e-9)) distinct.push(n);
  const d = inset > 0 ? fanOffset(distinct, inset) : ([0, 0, 0] as Vec);
  const meets = distinct.every((n) => Math.abs(dot(n, d) + inset) < 1e-9);
  if (meets) {
    normals.forEach((_, i) => out.set(i, add(vertex, d)));
    return out;
  }
  // runs of faces on one plane, in the fan's order (the first run may wrap round the end)
  const same = (a: Vec, b: Vec): boolean => dot(a, b) > 1 - 1e-9;
  let start = 0;
  while (start < normals.length && same(normals[start]!, normals[(start + normals.length - 1) % normals.length]!)) start++;
  const runs: { normal: Vec; members: number[] }[] = [];
  for (let k = 0; k < normals.length; k++) {
    const i = (start + k) % normals.length;
    const last = runs[runs.length - 1];
    if (last && same(last.normal, normals[i]!)) last.members.push(i);
    else runs.push({ normal: normals[i]!, members: [i] });
  }
  const m = runs.length;
  const meet = (a: number, b: number, c: number): Point | undefined => {
    const [n1, n2, n3] = [runs[((a % m) + m) % m]!.normal, runs[((b % m) + m) % m]!.normal, runs[((c % m) + m) % m]!.normal];
    const det = dot(n1, cross(n2, n3));
    if (Math.abs(det) < 1e-6) return undefined;
    // the point p - vertex with n . x = -inset for the three: x = -inset (n2 x n3 + n3 x n1 + n1 x n2) / det
    return add(vertex, scale(add(add(cross(n2, n3), cross(n3, n1)), cross(n1, n2)), -inset / det));
  };
  runs.forEach((run, j) => {
    const point = meet(j - 1, j, j + 1) ?? meet(j, j + 1, j + 2) ?? meet(j - 2, j - 1, j) ?? add(vertex, d);
    for (const i of run.members) out.set(i, point);
  });
  return out;
}
