/**
 * Triangular prisms worked out again for tests, sharing no code with src/geometry: every cell is its centre
 * in space (floating point), two cells touch when their centres are a triangle's inradius doubled apart in
 * one layer (1 / sqrt 3) or one layer apart above each other, a symmetry is one of the 24 isometries of the
 * stack that fix a corner of the triangles (a turn by a multiple of 60 degrees about the vertical line
 * through it, after a mirror x -> -x or a flip z -> -z or both), and two shapes are translates when their
 * centres differ by one vector. Polyforms are grown cell by cell; tilings are found by plain backtracking
 * on the first empty cell (centres in reading order), trying every piece in every orientation whose first
 * cell lands there.
 *
 * Cells are named as puzzles name them, BurrTools' voxels [x, y, z]: the triangle's centre is at
 * x / 2 + 1 / 2 across, and a third (x + y even) or two thirds (odd) of a triangle's height into row y.
 */
import type { Cell, Puzzle, Solution } from '../puzzle/model.js';

export type Point = readonly [number, number, number];

const H = Math.sqrt(3) / 2;
const round = (v: number): number => Math.round(v * 1e6) / 1e6 + 0;
const pointKey = (p: Point): string => `${round(p[0])},${round(p[1])},${round(p[2])}`;

/** A cell's centre. */
export function prismCentre([x, y, z]: Cell): Point {
  const even = (((x + y) % 2) + 2) % 2 === 0;
  return [x / 2 + 0.5, (y + (even ? 1 / 3 : 2 / 3)) * H, z + 0.5];
}

/** The cell whose centre this is (the inverse of prismCentre, for points that are centres). */
export function prismAt([px, py, pz]: Point): Cell {
  const x = Math.round(2 * px - 1);
  const y = Math.floor(py / H);
  return [x, y, Math.round(pz - 0.5)];
}

/** True when two cells share a face: centres 1 / sqrt 3 apart in a layer, or 1 apart in one column. */
export function prismsTouch(a: Cell, b: Cell): boolean {
  const [p, q] = [prismCentre(a), prismCentre(b)];
  const flat = Math.hypot(p[0] - q[0], p[1] - q[1]);
  const up = Math.abs(p[2] - q[2]);
  return (Math.abs(flat - 1 / Math.sqrt(3)) < 1e-6 && up < 1e-6) || (flat < 1e-6 && Math.abs(up - 1) < 1e-6);
}

/** The 24 isometries fixing the corner at the origin (12 turns first: no mirror and no flip, or both). */
export function prismIsometries(rotationsOnly = false): ((p: Point) => Point)[] {
  const out: { reflects: boolean; map: (p: Point) => Point }[] = [];
  for (const mirror of [false, true]) {
    for (const flip of [false, true]) {
      for (let k = 0; k < 6; k++) {
        const [c, s] = [Math.cos((k * Math.PI) / 3), Math.sin((k * Math.PI) / 3)];
        out.push({
          reflects: mirror !== flip,
          map: ([x0, y, z]) => {
            const x = mirror ? -x0 : x0;
            return [c * x - s * y, s * x + c * y, flip ? -z : z];
          },
        });
      }
    }
  }
  return out.filter((t) => !rotationsOnly || !t.reflects).sort((a, b) => Number(a.reflects) - Number(b.reflects)).map((t) => t.map);
}

const byReading = (a: Point, b: Point): number => round(a[2]) - round(b[2]) || round(a[1]) - round(b[1]) || round(a[0]) - round(b[0]);

/** Whether a centre is an up triangle's (a third of the way up its row) or a down one's. */
function pointsUp(p: Point): boolean {
  const f = p[1] / H - Math.floor(p[1] / H);
  return Math.abs(f - 1 / 3) < 1e-6;
}

/**
 * A key equal for two sets of centres exactly when one is a translate of the other by a move of the stack:
 * each centre less the first in reading order, and whether that first one points up (an up triangle is no
 * translate of a down one, though their centres differ by a vector).
 */
export function centresKey(points: readonly Point[]): string {
  const sorted = [...points].sort(byReading);
  const o = sorted[0]!;
  return `${pointsUp(o) ? 'up' : 'down'}:${sorted.map((p) => pointKey([p[0] - o[0], p[1] - o[1], p[2] - o[2]])).join(';')}`;
}

/** The six in-layer and two vertical steps between touching centres. */
const STEPS: readonly Point[] = [
  ...Array.from({ length: 6 }, (_, k) => [Math.cos(Math.PI / 6 + (k * Math.PI) / 3) / Math.sqrt(3), Math.sin(Math.PI / 6 + (k * Math.PI) / 3) / Math.sqrt(3), 0] as Point),
  [0, 0, 1],
  [0, 0, -1],
];

/**
 * The polyprisms of each size up to n, up to translation (fixed), as centre sets: grown from a single cell
 * of each kind by every step to a point that is a centre of the stack.
 */
export function fixedPolyprisms(n: number): Point[][][] {
  const isCentre = (p: Point): boolean => pointKey(prismCentre(prismAt(p))) === pointKey(p);
  let level = new Map<string, Point[]>();
  for (const seed of [[0, 0, 0], [1, 0, 0]] as Cell[]) {
    const shape = [prismCentre(seed)];
    level.set(centresKey(shape), shape);
  }
  const out = [[...level.values()]];
  for (let size = 2; size <= n; size++) {
    const next = new Map<string, Point[]>();
    for (const shape of level.values()) {
      const taken = new Set(shape.map(pointKey));
      for (const p of shape) {
        for (const s of STEPS) {
          const q: Point = [p[0] + s[0], p[1] + s[1], p[2] + s[2]];
          if (!isCentre(q) || taken.has(pointKey(q))) continue;
          const grown = [...shape, q];
          next.set(centresKey(grown), grown);
        }
      }
    }
    level = next;
    out.push([...level.values()]);
  }
  return out;
}

/** The classes of centre sets under the isometries (all 24, or the 12 turns). */
export function polyprismClasses(shapes: readonly (readonly Point[])[], rotationsOnly: boolean): number {
  const moves = prismIsometries(rotationsOnly);
  return new Set(shapes.map((s) => moves.map((m) => centresKey(s.map(m))).sort()[0]!)).size;
}

/** Every tiling of the puzzle's board by its pieces (counts as given; turned over only with mirror). */
export function prismTilings(puzzle: Puzzle): Solution[] {
  const cellAt = new Map(puzzle.board.map((c) => [pointKey(prismCentre(c)), c]));
  const board = puzzle.board.map(prismCentre).sort(byReading);
  // each orientation: its centres less its first, and whether that first cell points up
  const orientations = puzzle.pieces.map((piece) => {
    const seen = new Map<string, { up: boolean; offsets: Point[] }>();
    for (const move of prismIsometries(!piece.mirror)) {
      const moved = piece.shape.map((c) => move(prismCentre(c))).sort(byReading);
      const o = moved[0]!;
      seen.set(centresKey(moved), { up: pointsUp(o), offsets: moved.map((p) => [p[0] - o[0], p[1] - o[1], p[2] - o[2]] as Point) });
    }
    return [...seen.values()];
  });
  const filled = new Set<string>();
  const left = puzzle.pieces.map((p) => p.count);
  const placed: { piece: string; cells: Cell[] }[] = [];
  const out: Solution[] = [];
  const search = (from: number): void => {
    let i = from;
    while (i < board.length && filled.has(pointKey(board[i]!))) i++;
    if (i === board.length) {
      out.push({ placements: placed.map((p) => ({ piece: p.piece, cells: [...p.cells] })) });
      return;
    }
    const at = board[i]!;
    puzzle.pieces.forEach((piece, t) => {
      if (left[t] === 0) return;
      for (const { up, offsets } of orientations[t]!) {
        // its first cell on the first empty one, which must point the same way
        if (up !== pointsUp(at)) continue;
        const keys = offsets.map((p) => pointKey([p[0] + at[0], p[1] + at[1], p[2] + at[2]]));
        if (!keys.every((k) => cellAt.has(k) && !filled.has(k))) continue;
        keys.forEach((k) => filled.add(k));
        left[t]!--;
        placed.push({ piece: piece.name, cells: keys.map((k) => cellAt.get(k)!) });
        search(i + 1);
        placed.pop();
        left[t]!++;
        keys.forEach((k) => filled.delete(k));
      }
    });
  };
  search(0);
  return out;
}

/**
 * The classes of tilings under the board's symmetries: every isometry (or turn) that maps the board's
 * centres onto themselves. A reflection counts when the pieces may be turned over, or when each one-sided
 * piece's mirror image is a piece with the same count (itself, when it is its own mirror image), whose name
 * the reflection then gives it.
 */
export function prismTilingClasses(puzzle: Puzzle, solutions: readonly Solution[], rotationsOnly = false): number {
  const boardPoints = puzzle.board.map(prismCentre);
  const boardKey = centresKey(boardPoints);
  const least = (points: readonly Point[]): Point => [...points].sort(byReading)[0]!;
  const turnClass = (points: readonly Point[]): string => prismIsometries(true).map((m) => centresKey(points.map(m))).sort()[0]!;
  const mirrorX = (p: Point): Point => [-p[0], p[1], p[2]];
  // the name each piece takes under a reflection
  const partner = new Map<string, string>();
  for (const piece of puzzle.pieces) {
    if (piece.mirror) {
      partner.set(piece.name, piece.name);
      continue;
    }
    const image = turnClass(piece.shape.map((c) => mirrorX(prismCentre(c))));
    const other = puzzle.pieces.find((q) => !q.mirror && q.count === piece.count && turnClass(q.shape.map(prismCentre)) === image);
    if (other) partner.set(piece.name, other.name);
  }
  const reflectionsCount = !rotationsOnly && partner.size === puzzle.pieces.length;
  const moves = prismIsometries(false)
    .map((m, i) => ({ m, reflects: i >= 12 }))
    .filter(({ m, reflects }) => (!reflects || reflectionsCount) && centresKey(boardPoints.map(m)) === boardKey)
    .map(({ m, reflects }) => {
      const o = least(boardPoints);
      const image = least(boardPoints.map(m));
      const map = (p: Point): Point => {
        const q = m(p);
        return [q[0] - image[0] + o[0], q[1] - image[1] + o[1], q[2] - image[2] + o[2]];
      };
      return { map, rename: (name: string) => (reflects ? partner.get(name)! : name) };
    });
  const key = (s: Solution, g: (typeof moves)[number]): string =>
    s.placements.map((p) => `${g.rename(p.piece)}:${p.cells.map((c) => pointKey(g.map(prismCentre(c)))).sort().join(' ')}`).sort().join(' | ');
  return new Set(solutions.map((s) => moves.map((g) => key(s, g)).sort()[0]!)).size;
}

/**
 * BurrTools' own reading of turn t of its prism grid (voxel_1.cpp's transformPoint, with the matrices of its
 * rotmatrix.inc: t = 6a + b is b sixths of a turn about z after a half turn about the y axis when a = 1):
 * the cell's centre in BurrTools' space, turned, read back as a cell.
 */
export function burrToolsPrismTurn(t: number, [x, y, z]: Cell): Cell {
  const xs = 0.5 + 0.5 * x;
  const ys = y * Math.sqrt(0.75) + ((x + y) & 1 ? Math.sqrt(1 / 3) : Math.sqrt(1 / 12));
  const a = Math.floor(t / 6);
  const b = t % 6;
  // the half turn about y first
  const [x1, y1, z1] = a === 1 ? [-xs, ys, -z] : [xs, ys, z];
  const [c, s] = [Math.cos((b * Math.PI) / 3), Math.sin((b * Math.PI) / 3)];
  const xn = (c * x1 - s * y1 - 0.5) * 2;
  const yn = (s * x1 + c * y1) / Math.sqrt(0.75);
  return [Math.round(xn) + 0, Math.floor(yn + 1e-9) + 0, Math.round(z1) + 0];
}

/** A cell's triangle in space (x, y): its corners, a circumradius 1 / sqrt 3 from its centre. */
function triangleOf(c: Cell): Point[] {
  const [px, py] = prismCentre(c);
  const up = (((c[0] + c[1]) % 2) + 2) % 2 === 0;
  return [0, 1, 2].map((k) => {
    const a = (up ? Math.PI / 2 : -Math.PI / 2) + (2 * Math.PI * k) / 3;
    return [px + Math.cos(a) / Math.sqrt(3), py + Math.sin(a) / Math.sqrt(3), 0] as Point;
  });
}

/** True when two convex polygons (x, y) share more than an edge or a corner: no edge's normal separates them. */
function polygonsOverlap(p: readonly Point[], q: readonly Point[]): boolean {
  for (const poly of [p, q]) {
    for (let i = 0; i < poly.length; i++) {
      const [a, b] = [poly[i]!, poly[(i + 1) % poly.length]!];
      const n = [b[1] - a[1], a[0] - b[0]] as const;
      const span = (r: readonly Point[]) => r.map((v) => v[0] * n[0] + v[1] * n[1]);
      const [sp, sq] = [span(p), span(q)];
      if (Math.max(...sp) <= Math.min(...sq) + 1e-9 || Math.max(...sq) <= Math.min(...sp) + 1e-9) return false;
    }
  }
  return true;
}

/** True when prism a moved by the vector d (in space) and prism b share some volume. */
export function prismsOverlap(a: Cell, d: Point, b: Cell): boolean {
  if (Math.abs(a[2] + d[2] - b[2]) >= 1 - 1e-9) return false;
  return polygonsOverlap(triangleOf(a).map((p) => [p[0] + d[0], p[1] + d[1], 0] as Point), triangleOf(b));
}
