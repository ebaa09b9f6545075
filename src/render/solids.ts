/**
 * Pictures of any 3-D grid whose cells are solids (Grid.solid, a grid whose 3-D view draws 'solids'): each
 * cell drawn as its solid, seen from the direction the web app's 3-D view first looks from (the grid's
 * scene), projected straight along it (no perspective), its faces shaded by a light from the upper left and
 * outlined, nearer solids drawn over farther ones.
 *
 * Each solid's faces are a group (`data-cell`: the cell's coordinates).
 *
 * Back to front. A face turned away from the viewer is hidden by its own solid (solids are convex), and a
 * face two solids share lies inside the heap: neither is drawn. The faces left are drawn solid by solid, and
 * the solids in an order where none is drawn before one it may hide: whenever the outlines of two solids
 * may overlap, a plane between them (see whichBehind) says which one is nearer. The order takes these
 * pairs as they say and is otherwise the depth of the solids' middles, farthest first.
 *
 * Size. One unit of the solids' space is drawn `size * sqrt(3/2) / (a cell's volume)^(1/3)` pixels long:
 * cubes seen along the cube's diagonal come out as render/iso.ts draws them (an edge `size` long on the
 * page), and a grid's cells come out about as large as cubes of the same volume.
 *
 * Shading: as render/iso.ts shades a cube's three faces seen from its view (the top lighter, the left a
 * little darker, the right darker still), for any face by the direction it faces in the picture.
 */
import type { Cell } from '../geometry/cell.js';
import type { Point3 } from '../geometry/cell-solids.js';
import { faceNormal, movedSolid, outsideFaces, solidCentre } from '../geometry/cell-solids.js';
import type { CellSolid, Grid } from '../geometry/grid.js';
import { mixHex } from './css-colour.js';

/** True when pictures draw the grid's cells as their solids (its 3-D view does: the cube grid keeps its own pictures). */
export function drawsSolids(grid: Grid): boolean {
  return grid.dims === 3 && grid.scene?.mesh === 'solids' && grid.solid !== undefined;
}

/** A cell to draw: where it is, how far it is moved in space, and its fill. */
export interface SolidCell {
  readonly cell: Cell;
  /** A move in space (the solids' units): a piece pulled out of the picture. */
  readonly shift?: Point3;
  readonly colour: string;
  /** Fill opacity below 1: glass (cells of the board no piece covers). */
  readonly opacity?: number;
  /** Outlined thickly: a highlighted piece. */
  readonly bold?: boolean;
}

/** A picture's SVG body and its extent, in pixels. */
export interface SolidsPicture {
  readonly body: string;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The picture's axes in space: to the right, up the page, and toward the viewer (unit vectors). */
interface ViewFrame {
  readonly right: Point3;
  readonly up: Point3;
  readonly toward: Point3;
}

const dot = (a: Point3, b: Point3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Point3, b: Point3): Point3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Point3): Point3 => {
  const l = Math.hypot(...a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
/** Space as the 3-D view's scene has it (three.js: y up) and back: x, z, y (the swap is its own inverse). */
const swapYZ = (a: Point3): Point3 => [a[0], a[2], a[1]];

/** The camera of the grid's 3-D view, looking at the middle from its view direction with up kept up. */
export function viewFrame(grid: Grid): ViewFrame {
  const direction = unit(grid.scene!.viewDirection);
  const forward: Point3 = [-direction[0], -direction[1], -direction[2]];
  const right = unit(cross(forward, [0, 1, 0]));
  const up = unit(cross(right, forward));
  return { right: swapYZ(right), up: swapYZ(up), toward: swapYZ(direction) };
}

/** A solid's volume (the divergence theorem over the fan of each face). */
function volume(s: CellSolid): number {
  let v = 0;
  for (const f of s.faces) {
    const a = s.vertices[f[0]!]!;
    for (let i = 1; i + 1 < f.length; i++) v += dot(a, cross(s.vertices[f[i]!]!, s.vertices[f[i + 1]!]!));
  }
  return Math.abs(v) / 6;
}

/**
 * Pixels per unit of space (see the comment at the top of this file). A cell's volume: the mean of the cell
 * [0, 0, 0] and its neighbours, for grids of cells of more than one size (tetrahedra and octahedra).
 */
export function pixelsPerUnit(grid: Grid, size: number): number {
  const cells = [[0, 0, 0] as Cell, ...grid.neighbours([0, 0, 0])];
  const mean = cells.reduce((sum, c) => sum + volume(grid.solid!(c)), 0) / cells.length;
  return (size * Math.sqrt(1.5)) / Math.cbrt(mean || 1);
}

/**
 * The fill of a face of this colour facing `normal`: lighter toward the upper left of the picture, darker
 * away from it. Fitted so that a cube seen along its diagonal gets render/iso.ts's three shades.
 */
export function shadeFace(colour: string, normal: Point3, frame: ViewFrame): string {
  // seen along the diagonal, a cube's top faces (0, sqrt 2/3) of the picture's (right, up), its left side
  // (-sqrt 1/2, -sqrt 1/6) and its right side (sqrt 1/2, -sqrt 1/6): these weights give them 0.2 (a fifth
  // toward white), -0.15 and -0.35 (toward black)
  const light = -0.1 * Math.SQRT2 * dot(normal, frame.right) + 0.15 * Math.sqrt(6) * dot(normal, frame.up) - 0.1;
  return light >= 0 ? mixHex(colour, '#ffffff', 1 - light) : mixHex(colour, '#000000', 1 + light);
}

const EPSILON = 1e-7;

interface Placed {
  readonly solid: CellSolid;
  readonly depth: number;
  readonly box: readonly [number, number, number, number];
  /** Its outline in the picture: the convex hull of its corners drawn, counter-clockwise. */
  readonly outline: readonly (readonly [number, number])[];
  /** The outward normals of its faces, and the directions of its edges. */
  readonly normals: readonly Point3[];
  readonly edges: readonly Point3[];
}

/** The convex hull of some points of the picture (Andrew's monotone chain). */
function hull(points: readonly (readonly [number, number])[]): (readonly [number, number])[] {
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const turn = (o: readonly [number, number], a: readonly [number, number], b: readonly [number, number]): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: readonly (readonly [number, number])[]): (readonly [number, number])[] => {
    const out: (readonly [number, number])[] = [];
    for (const p of list) {
      while (out.length >= 2 && turn(out[out.length - 2]!, out[out.length - 1]!, p) <= 1e-9) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** True when two convex outlines overlap by more than a touch (no side of either parts them). */
function outlinesOverlap(a: readonly (readonly [number, number])[], b: readonly (readonly [number, number])[]): boolean {
  for (const polygon of [a, b]) {
    for (let i = 0; i < polygon.length; i++) {
      const p = polygon[i]!;
      const q = polygon[(i + 1) % polygon.length]!;
      const axis = [q[1] - p[1], p[0] - q[0]] as const;
      const length = Math.hypot(axis[0], axis[1]);
      if (length < 1e-9) continue;
      const along = (v: readonly [number, number]): number => (v[0] * axis[0] + v[1] * axis[1]) / length;
      let [lowA, highA, lowB, highB] = [Infinity, -Infinity, Infinity, -Infinity];
      for (const v of a) {
        lowA = Math.min(lowA, along(v));
        highA = Math.max(highA, along(v));
      }
      for (const v of b) {
        lowB = Math.min(lowB, along(v));
        highB = Math.max(highB, along(v));
      }
      if (highA <= lowB + 1e-3 || highB <= lowA + 1e-3) return false;
    }
  }
  return true;
}

/** The least and the greatest of the corners' positions along an axis. */
function extent(solid: CellSolid, axis: Point3): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const v of solid.vertices) {
    const d = dot(axis, v);
    low = Math.min(low, d);
    high = Math.max(high, d);
  }
  return [low, high];
}

/**
 * Which of two solids may hide the other: -1 when a is behind b (draw a first), 1 when b is behind a, 0
 * when neither can hide the other. Two convex solids that do not pass through each other lie on either side
 * of a plane across a face normal of one of them or across an edge of each (the separating axis theorem);
 * the one on the viewer's side of that plane is the nearer. (When none is found, say for solids that pass
 * through each other, 0: the depth of their middles decides.)
 */
function whichBehind(a: Placed, b: Placed, toward: Point3): -1 | 0 | 1 {
  const tryAxis = (axis: Point3): -1 | 0 | 1 | undefined => {
    const [lowA, highA] = extent(a.solid, axis);
    const [lowB, highB] = extent(b.solid, axis);
    const facing = dot(axis, toward);
    // b on the axis's side of a: b is nearer when the viewer is on that side too
    if (highA <= lowB + 1e-6) return facing > EPSILON ? -1 : facing < -EPSILON ? 1 : 0;
    if (highB <= lowA + 1e-6) return facing > EPSILON ? 1 : facing < -EPSILON ? -1 : 0;
    return undefined;
  };
  for (const normal of [...a.normals, ...b.normals]) {
    const found = tryAxis(normal);
    if (found !== undefined) return found;
  }
  for (const e of a.edges) {
    for (const f of b.edges) {
      const axis = cross(e, f);
      const length = Math.hypot(...axis);
      if (length < 1e-9) continue;
      const found = tryAxis([axis[0] / length, axis[1] / length, axis[2] / length]);
      if (found !== undefined) return found;
    }
  }
  return 0;
}

/** The order to draw solids in, back to front (see the comment at the top of this file). */
function drawingOrder(placed: readonly Placed[], toward: Point3): number[] {
  const n = placed.length;
  // behind[j]: the solids to draw before j
  const behind: number[][] = Array.from({ length: n }, () => []);
  const byLeft = placed.map((_, i) => i).sort((i, j) => placed[i]!.box[0] - placed[j]!.box[0]);
  for (let s = 0; s < n; s++) {
    const i = byLeft[s]!;
    const a = placed[i]!;
    for (let t = s + 1; t < n; t++) {
      const j = byLeft[t]!;
      const b = placed[j]!;
      if (b.box[0] >= a.box[2] - 1e-6) break;
      if (b.box[1] >= a.box[3] - 1e-6 || a.box[1] >= b.box[3] - 1e-6) continue;
      // solids whose outlines do not overlap cannot hide each other, and a plane between them may say either
      // is nearer: only overlapping ones are ordered, so that the order has no circles of such pairs
      if (!outlinesOverlap(a.outline, b.outline)) continue;
      const w = whichBehind(a, b, toward);
      if (w < 0) behind[j]!.push(i);
      else if (w > 0) behind[i]!.push(j);
    }
  }
  // depth first from the farthest: a solid goes out once every solid behind it has (a circle, which solids
  // that do not pass through each other seldom make, is cut where it closes)
  const order: number[] = [];
  const state = new Uint8Array(n); // 0 new, 1 open, 2 out
  const farthestFirst = placed.map((_, i) => i).sort((i, j) => placed[i]!.depth - placed[j]!.depth || i - j);
  for (const start of farthestFirst) {
    if (state[start] !== 0) continue;
    const stack: [number, number][] = [[start, 0]];
    state[start] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const list = behind[top[0]]!;
      if (top[1] < list.length) {
        const next = list[top[1]++]!;
        if (state[next] === 0) {
          state[next] = 1;
          stack.push([next, 0]);
        }
        continue;
      }
      state[top[0]] = 2;
      order.push(top[0]);
      stack.pop();
    }
  }
  return order;
}

/** Short decimal form, as render/iso.ts writes coordinates. */
const coordinate = (n: number): string => n.toFixed(2);

/** The cells drawn as their solids, back to front, as SVG polygons (and the picture's extent). */
export function solidsSvg(grid: Grid, cells: readonly SolidCell[], size: number): SolidsPicture {
  const frame = viewFrame(grid);
  const scale = pixelsPerUnit(grid, size);
  const screen = (p: Point3): [number, number] => [dot(p, frame.right) * scale, -dot(p, frame.up) * scale];
  const solids = cells.map(({ cell, shift }) => movedSolid(grid.solid!(cell), shift ?? [0, 0, 0]));
  // glass does not hide the faces of solids against it, nor they its
  const faces = outsideFaces(solids, cells.map((c) => (c.opacity !== undefined && c.opacity < 1 ? 1 : 0)));
  const placed: Placed[] = solids.map((solid) => {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    const drawn = solid.vertices.map(screen);
    for (const [x, y] of drawn) {
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    const normals = solid.faces.map((f) => faceNormal(f.map((k) => solid.vertices[k]!)));
    // each edge once: as its first face lists it (the second lists it the other way)
    const edges: Point3[] = [];
    const listed = new Set<string>();
    for (const f of solid.faces) {
      f.forEach((from, k) => {
        const to = f[(k + 1) % f.length]!;
        if (listed.has(`${to},${from}`)) return;
        listed.add(`${from},${to}`);
        const [p, q] = [solid.vertices[from]!, solid.vertices[to]!];
        edges.push([q[0] - p[0], q[1] - p[1], q[2] - p[2]]);
      });
    }
    return { solid, depth: dot(solidCentre(solid), frame.toward), box: [minX, minY, maxX, maxY] as const, outline: hull(drawn), normals, edges };
  });
  const parts: string[] = [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const i of drawingOrder(placed, frame.toward)) {
    const { cell, colour, opacity, bold } = cells[i]!;
    const shown = faces[i]!.filter((face) => dot(face.normal, frame.toward) > EPSILON);
    if (shown.length === 0) continue;
    parts.push(`<g data-cell="${cell.join(',')}">`);
    for (const face of shown) {
      const points = face.corners.map(screen);
      for (const [x, y] of points) {
        minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      }
      const glass = opacity !== undefined && opacity < 1 ? ` fill-opacity="${opacity}" stroke-opacity="${Math.min(1, opacity * 2)}"` : '';
      const stroke = bold ? 'stroke="#000000" stroke-width="2.4"' : 'stroke="#222222" stroke-width="0.8"';
      parts.push(`<polygon points="${points.map(([x, y]) => `${coordinate(x)},${coordinate(y)}`).join(' ')}" fill="${shadeFace(colour, face.normal, frame)}"${glass} ${stroke} stroke-linejoin="round"/>`);
    }
    parts.push('</g>');
  }
  if (parts.length === 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  return { body: parts.join('\n'), minX, minY, maxX, maxY };
}
