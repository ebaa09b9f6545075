/**
 * Binary STL files read and checked for tests, sharing no code with snug's exporter (render/stl.ts,
 * geometry/surface.ts): its own reader of the bytes, its own edge count and volume, and its own picture of
 * what a printed polycube should be (cubes of side 1 at integer points, shrunk by an L-infinity ball).
 */

export type P3 = readonly [number, number, number];

export interface StlTriangle {
  readonly normal: P3;
  readonly corners: readonly [P3, P3, P3];
}

export interface StlMesh {
  readonly header: string;
  readonly triangles: readonly StlTriangle[];
}

/** Reads a binary STL: throws when its length does not match the triangle count it states. */
export function readStl(bytes: Uint8Array): StlMesh {
  if (bytes.length < 84) throw new Error(`an STL file has at least 84 bytes, this one ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(80, true);
  if (bytes.length !== 84 + 50 * count) throw new Error(`${count} triangles need ${84 + 50 * count} bytes, the file has ${bytes.length}`);
  const f = (at: number): number => view.getFloat32(at, true);
  const point = (at: number): P3 => [f(at), f(at + 4), f(at + 8)];
  const triangles: StlTriangle[] = [];
  for (let i = 0; i < count; i++) {
    const at = 84 + 50 * i;
    triangles.push({ normal: point(at), corners: [point(at + 12), point(at + 24), point(at + 36)] });
  }
  let header = '';
  for (let i = 0; i < 80 && bytes[i] !== 0; i++) header += String.fromCharCode(bytes[i]!);
  return { header, triangles };
}

const key = (p: P3): string => `${p[0]},${p[1]},${p[2]}`;
const minus = (a: P3, b: P3): P3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const crossOf = (a: P3, b: P3): P3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

export interface MeshFacts {
  /** Edges (by their two corners' exact coordinates) not in exactly two triangles, once each way. */
  readonly openEdges: number;
  /** Triangles whose stored normal is not the unit normal their corners' order gives. */
  readonly badNormals: number;
  /** Triangles with no area (corners on one line). */
  readonly flat: number;
  /** The volume enclosed, by the divergence theorem (positive when the triangles face outward). */
  readonly volume: number;
  readonly min: P3;
  readonly max: P3;
}

export function meshFacts(mesh: StlMesh): MeshFacts {
  const directed = new Map<string, number>();
  let badNormals = 0;
  let flat = 0;
  let volume = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const { normal, corners } of mesh.triangles) {
    const [a, b, c] = corners;
    for (let i = 0; i < 3; i++) {
      const from = corners[i]!;
      const to = corners[(i + 1) % 3]!;
      const k = `${key(from)}>${key(to)}`;
      directed.set(k, (directed.get(k) ?? 0) + 1);
      for (let j = 0; j < 3; j++) {
        min[j] = Math.min(min[j]!, from[j]!);
        max[j] = Math.max(max[j]!, from[j]!);
      }
    }
    const n = crossOf(minus(b, a), minus(c, a));
    const area2 = Math.hypot(...n);
    if (area2 < 1e-9) flat++;
    else if (Math.abs((n[0] * normal[0] + n[1] * normal[1] + n[2] * normal[2]) / area2 - 1) > 1e-4) badNormals++;
    volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
  }
  let openEdges = 0;
  for (const [k, n] of directed) {
    const [from, to] = k.split('>');
    if (n !== 1 || directed.get(`${to}>${from}`) !== 1) openEdges++;
  }
  return { openEdges, badNormals, flat, volume, min: min as unknown as P3, max: max as unknown as P3 };
}

/**
 * The volume of a polycube (unit cubes at the integer points given, as [x, y, z] lower corners) shrunk by
 * `r`: the points p whose cube of half-side r about p lies in the polycube. Worked out cell by cell on the
 * grid of the planes k, k + r and k + 1 - r: each small box is in or out as a whole, and is in when the
 * cube about its centre meets only filled unit cubes.
 */
export function erodedPolycubeVolume(cells: readonly P3[], r: number): number {
  const filled = new Set(cells.map(key));
  let volume = 0;
  for (const c of cells) {
    const cuts = [0, r, 1 - r, 1];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) {
      const lo = [cuts[i]!, cuts[j]!, cuts[k]!];
      const hi = [cuts[i + 1]!, cuts[j + 1]!, cuts[k + 1]!];
      const centre = [0, 1, 2].map((a) => c[a]! + (lo[a]! + hi[a]!) / 2);
      let inside = true;
      // the unit cubes the open cube about the centre meets
      const from = centre.map((x) => Math.floor(x - r + 1e-12));
      const to = centre.map((x) => Math.ceil(x + r - 1e-12) - 1);
      for (let x = from[0]!; x <= to[0]! && inside; x++) for (let y = from[1]!; y <= to[1]! && inside; y++) for (let z = from[2]!; z <= to[2]! && inside; z++) {
        if (!filled.has(`${x},${y},${z}`)) inside = false;
      }
      if (inside) volume += (hi[0]! - lo[0]!) * (hi[1]! - lo[1]!) * (hi[2]! - lo[2]!);
    }
  }
  return volume;
}

/** The number of unit squares on the outside of a polycube: each cube's faces whose neighbour is empty. */
export function polycubeOuterFaces(cells: readonly P3[]): number {
  const filled = new Set(cells.map(key));
  let faces = 0;
  for (const [x, y, z] of cells) {
    for (const [dx, dy, dz] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const) {
      if (!filled.has(`${x + dx},${y + dy},${z + dz}`)) faces++;
    }
  }
  return faces;
}

/**
 * The shells of a mesh: its triangles grouped by the edges they share (two triangles that meet only at a
 * corner are in different shells unless other triangles join them). A file of several closed shells that
 * overlap (balls and the necks between them) is printed as their union.
 */
export function stlShells(mesh: StlMesh): StlMesh[] {
  const parent = mesh.triangles.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const byEdge = new Map<string, number>();
  mesh.triangles.forEach(({ corners }, t) => {
    for (let i = 0; i < 3; i++) {
      const [a, b] = [key(corners[i]!), key(corners[(i + 1) % 3]!)].sort();
      const other = byEdge.get(`${a}|${b}`);
      if (other === undefined) byEdge.set(`${a}|${b}`, t);
      else parent[find(other)] = find(t);
    }
  });
  const groups = new Map<number, StlTriangle[]>();
  mesh.triangles.forEach((triangle, t) => {
    const root = find(t);
    (groups.get(root) ?? groups.set(root, []).get(root)!).push(triangle);
  });
  return [...groups.values()].map((triangles) => ({ header: mesh.header, triangles }));
}
