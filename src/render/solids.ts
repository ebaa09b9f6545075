/**
 * Pictures of any 3-D grid whose cells are solids (Grid.solid, a grid whose 3-D view draws 'solids'): each
 * cell drawn as its solid, seen from the direction the web app's 3-D view first looks from (the grid's
 * scene), projected straight along it (no perspective), its faces shaded by a light from the upper left and
 * outlined, nearer solids drawn over farther ones.
 *
 * Back to front. A face turned away from the viewer is hidden by its own solid (solids are convex), and a
 * face two solids share lies inside the heap: neither is drawn. The faces left are drawn solid by solid, and
 * the solids in an order where none is drawn before one it may hide: whenever the outlines of two solids
 * may overlap, a face plane of one of them that has the other wholly on its outer side (two solids of a
 * tiling that touch share a face, and that face's plane is one) says which one is nearer. The order takes
 * these pairs as they say and is otherwise the depth of the solids' middles, farthest first.
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

/** Pixels per unit of space (see the comment at the top of this file). */
export function pixelsPerUnit(grid: Grid, size: number): number {
  return (size * Math.sqrt(1.5)) / Math.cbrt(volume(grid.solid!([0, 0, 0])) || 1);
}

/**
 * The fill of a face of this colour facing `normal`: lighter toward the upper left of the picture, darker
 * away from it. Fitted so that a cube seen along its diagonal gets render/iso.ts's three shades.
 */
export function shadeFace(colour: string, normal: Point3, frame: ViewFrame): string {
  const light = -0.1414 * dot(normal, frame.right) + 0.3674 * dot(normal, frame.up) - 0.1;
  return light >= 0 ? mixHex(colour, '#ffffff', 1 - light) : mixHex(colour, '#000000', 1 + light);
}

const EPSILON = 1e-7;

interface Placed {
  readonly solid: CellSolid;
  readonly depth: number;
  readonly box: readonly [number, number, number, number];
  readonly planes: readonly { readonly normal: Point3; readonly offset: number }[];
}

/**
 * Which of two solids may hide the other: -1 when a is behind b (draw a first), 1 when b is behind a, 0 when
 * no face plane of either parts them (the depth of the middles decides) or neither can hide the other.
 */
function whichBehind(a: Placed, b: Placed, toward: Point3): -1 | 0 | 1 {
  const parts = (from: Placed, other: Placed): number | undefined => {
    for (const { normal, offset } of from.planes) {
      if (other.solid.vertices.every((v) => dot(normal, v) >= offset - 1e-6)) return dot(normal, toward);
    }
    return undefined;
  };
  // a plane of a with b on its outer side: b is nearer when the viewer is on that side too
  const fromA = parts(a, b);
  if (fromA !== undefined) return fromA > EPSILON ? -1 : fromA < -EPSILON ? 1 : 0;
  const fromB = parts(b, a);
  if (fromB !== undefined) return fromB > EPSILON ? 1 : fromB < -EPSILON ? -1 : 0;
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
  const faces = outsideFaces(solids);
  const placed: Placed[] = solids.map((solid) => {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const v of solid.vertices) {
      const [x, y] = screen(v);
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    // every face of the solid, shared or not, parts it from its neighbours
    const planes = solid.faces.map((f) => {
      const corners = f.map((k) => solid.vertices[k]!);
      const normal = faceNormal(corners);
      return { normal, offset: dot(normal, corners[0]!) };
    });
    return { solid, depth: dot(solidCentre(solid), frame.toward), box: [minX, minY, maxX, maxY] as const, planes };
  });
  const parts: string[] = [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const i of drawingOrder(placed, frame.toward)) {
    const { colour, opacity, bold } = cells[i]!;
    for (const face of faces[i]!) {
      if (dot(face.normal, frame.toward) <= EPSILON) continue;
      const points = face.corners.map(screen);
      for (const [x, y] of points) {
        minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      }
      const glass = opacity !== undefined && opacity < 1 ? ` fill-opacity="${opacity}" stroke-opacity="${Math.min(1, opacity * 2)}"` : '';
      const stroke = bold ? 'stroke="#000000" stroke-width="2.4"' : 'stroke="#222222" stroke-width="0.8"';
      parts.push(`<polygon points="${points.map(([x, y]) => `${coordinate(x)},${coordinate(y)}`).join(' ')}" fill="${shadeFace(colour, face.normal, frame)}"${glass} ${stroke} stroke-linejoin="round"/>`);
    }
  }
  if (parts.length === 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  return { body: parts.join('\n'), minX, minY, maxX, maxY };
}
