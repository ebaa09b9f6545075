/**
 * burrToolsOrienter's arithmetic on grids of boxes (the cube grid), where every turn is a signed
 * permutation matrix M acting on a cell's coordinates (c -> M c) and every translation is a symmetry. It
 * answers exactly what the general rule in burrtools.ts answers (a test compares the two on random
 * assemblies), with numbers where the general rule turns and sorts every cell of every image:
 *
 *   a placement   is piece p's shape turned by its orientation t (the first turn giving that shape), then
 *                 moved by d = (its least cell) - (the least cell of the turned shape, lowOf[p][t]). Its
 *                 orientation is found by its box's sizes and a hash of its cells that ignores their order,
 *                 then checked cell by cell against that orientation's table of filled positions (no sort).
 *   an affine map F(c) = M_r c + s (a board symmetry, or one after another) takes the placement's least
 *                 cell to M_r (turned_t[j] + d) + s, j the cell of turned_t that M_r makes least: it depends
 *                 on (p, t, r) only (argLeast, kept as met), so an image's place costs O(1), not O(cells).
 *   turn products  product[a][b] = r with M_r = M_a M_b; canonical[p][r] the first turn giving the shape
 *                 M_r shape_p (an orientation's number as the general rule finds it).
 *
 * Invariants: `turns` form a group under product (the cube's 24 turns do; otherwise this path is not used),
 * and each board symmetry maps the board's cells onto themselves.
 */
import type { Cell } from '../geometry/cell.js';
import { leastCell } from '../geometry/cell.js';
import type { Puzzle, Solution } from './model.js';

type Place = readonly [number, number, number, number];

/** A board symmetry: turn `index` (M), then the shift that puts the turned board back on itself. */
export interface BoxSymmetry {
  readonly index: number;
  readonly shift: Cell;
}

/** How burrtools.ts orders an image's placements and picks among images (see burrToolsOrienter). */
export interface OrientRule {
  readonly symmetries: readonly BoxSymmetry[];
  /** The symmetry breaker's position in an image's list, compared first; -1 for none. */
  readonly pivot: number;
}

function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out.push(a[3 * i]! * b[j]! + a[3 * i + 1]! * b[3 + j]! + a[3 * i + 2]! * b[6 + j]!);
  return out;
}

/** Reading order (z, then y, then x): true when (ax, ay, az) comes first. */
function before(ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  return az !== bz ? az < bz : ay !== by ? ay < by : ax < bx;
}

/**
 * The orienter for a puzzle on a box grid, or undefined when `turns` are not closed under product (the
 * general rule then serves).
 */
export function boxOrienter(puzzle: Puzzle, turns: readonly (readonly number[])[], rule: OrientRule): ((solution: Solution) => Solution) | undefined {
  const T = turns.length;
  const turnIndex = new Map(turns.map((m, i) => [m.join(','), i]));
  const product = new Int32Array(T * T);
  for (let a = 0; a < T; a++) {
    for (let b = 0; b < T; b++) {
      const r = turnIndex.get(multiply(turns[a]!, turns[b]!).join(','));
      if (r === undefined) return undefined;
      product[a * T + b] = r;
    }
  }
  const pieceIndex = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  const P = puzzle.pieces.length;
  // each piece turned by each turn, flat x y z (in the shape's order), and its least cell
  const turned: Int32Array[][] = [];
  const lowOf = new Int32Array(P * T * 3);
  // by piece: its orientations' boxes (see OrientationBox), found by their sizes and a hash of their cells
  const byHash: Map<number, OrientationBox[]>[] = [];
  const canonical = new Int32Array(P * T);
  for (const [p, piece] of puzzle.pieces.entries()) {
    turned.push([]);
    byHash.push(new Map());
    const shape = flatOf(piece.shape);
    for (let t = 0; t < T; t++) {
      const flat = turnFlat(turns[t]!, shape);
      turned[p]!.push(flat);
      const j = leastIndex(flat);
      lowOf.set(flat.subarray(3 * j, 3 * j + 3), 3 * (p * T + t));
      const { size } = measure(flat);
      // (a sparse piece in a huge box would need a huge table: the general rule serves it)
      if (size[0] * size[1] * size[2] > MAX_BOX) return undefined;
      const known = findBox(byHash[p]!, flat);
      if (known) canonical[p * T + t] = known.turn;
      else {
        const box = boxOf(flat, t);
        let list = byHash[p]!.get(box.hash);
        if (!list) byHash[p]!.set(box.hash, (list = []));
        list.push(box);
        canonical[p * T + t] = t;
      }
    }
  }
  const orientationOf = (p: number, cells: readonly Cell[]): number => (p < 0 ? -1 : findBox(byHash[p]!, flatOf(cells))?.turn ?? -1);
  // argLeast[(p * T + t) * T + r]: the cell of turned[p][t] that M_r makes least (-1: not yet known)
  const argLeast = new Int32Array(P * T * T).fill(-1);
  const leastUnder = (p: number, t: number, r: number): number => {
    const key = (p * T + t) * T + r;
    let j = argLeast[key]!;
    if (j < 0) argLeast[key] = j = leastIndex(turnFlat(turns[r]!, turned[p]![t]!));
    return j;
  };
  const { symmetries, pivot } = rule;
  /** The place BurrTools gives a placement (p, t, moved by d) after the map (turn r, shift s): [orientation, hotspot]. */
  const placeAfter = (p: number, t: number, d: readonly number[], r: number, sx: number, sy: number, sz: number, orientation: number): Place => {
    if (orientation < 0) return [Infinity, 0, 0, 0];
    const j = leastUnder(p, t, r);
    const flat = turned[p]![t]!;
    const x = flat[3 * j]! + d[0]!;
    const y = flat[3 * j + 1]! + d[1]!;
    const z = flat[3 * j + 2]! + d[2]!;
    const m = turns[r]!;
    const low = 3 * (p * T + orientation);
    return [
      orientation,
      m[0]! * x + m[1]! * y + m[2]! * z + sx - lowOf[low]!,
      m[3]! * x + m[4]! * y + m[5]! * z + sy - lowOf[low + 1]!,
      m[6]! * x + m[7]! * y + m[8]! * z + sz - lowOf[low + 2]!,
    ];
  };
  const order = (a: Place, b: Place): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3];
  const turnCell = (m: readonly number[], c: Cell, s: Cell): Cell => [
    m[0]! * c[0] + m[1]! * c[1] + m[2]! * c[2] + s[0],
    m[3]! * c[0] + m[4]! * c[1] + m[5]! * c[2] + s[1],
    m[6]! * c[0] + m[7]! * c[1] + m[8]! * c[2] + s[2],
  ];

  return (solution: Solution): Solution => {
    const n = solution.placements.length;
    const pieceOf = solution.placements.map((pl) => pieceIndex.get(pl.piece) ?? -1);
    const orientation = solution.placements.map((pl, i) => orientationOf(pieceOf[i]!, pl.cells));
    // d: the placement's least cell less its turned shape's
    const shiftOf = solution.placements.map((pl, i) => {
      const t = orientation[i]!;
      if (t < 0) return [0, 0, 0];
      const least = leastCell(pl.cells);
      const low = 3 * (pieceOf[i]! * T + t);
      return [least[0] - lowOf[low]!, least[1] - lowOf[low + 1]!, least[2] - lowOf[low + 2]!];
    });
    const indices = [...Array(n).keys()];
    const comparedFirst = pivot >= 0 && pivot < n ? [pivot, ...indices.filter((i) => i !== pivot)] : indices;
    for (const g of symmetries) {
      // the image under g, its placements in the assembler's order (pieces in order, copies by place)
      const kept = indices
        .map((i) => {
          const p = pieceOf[i]!;
          const t = orientation[i]!;
          const tg = t < 0 ? -1 : canonical[p * T + product[g.index * T + t]!]!;
          return { i, p, tg, place: placeAfter(p, t, shiftOf[i]!, g.index, g.shift[0], g.shift[1], g.shift[2], tg) };
        })
        .sort((a, b) => a.p - b.p || order(a.place, b.place));
      // it is beaten when some symmetry h turns it (placement by placement) into a smaller list
      const beaten = symmetries.some((h) => {
        const r = product[h.index * T + g.index]!;
        const m = turns[h.index]!;
        const s = g.shift;
        const sx = m[0]! * s[0] + m[1]! * s[1] + m[2]! * s[2] + h.shift[0];
        const sy = m[3]! * s[0] + m[4]! * s[1] + m[5]! * s[2] + h.shift[1];
        const sz = m[6]! * s[0] + m[7]! * s[1] + m[8]! * s[2] + h.shift[2];
        for (const k of comparedFirst) {
          const { i, p, tg, place } = kept[k]!;
          const th = tg < 0 ? -1 : canonical[p * T + product[h.index * T + tg]!]!;
          const d = order(placeAfter(p, orientation[i]!, shiftOf[i]!, r, sx, sy, sz, th), place);
          if (d !== 0) return d < 0;
        }
        return false;
      });
      if (!beaten) {
        const m = turns[g.index]!;
        return { placements: kept.map(({ i }) => ({ ...solution.placements[i]!, cells: solution.placements[i]!.cells.map((c) => turnCell(m, c, g.shift)) })) };
      }
    }
    return solution;
  };
}

/** Cells as flat x y z triples. */
function flatOf(cells: readonly Cell[]): Int32Array {
  const flat = new Int32Array(3 * cells.length);
  cells.forEach((c, k) => flat.set(c, 3 * k));
  return flat;
}

/** Flat x y z triples turned by the matrix m (row by row). */
function turnFlat(m: readonly number[], flat: Int32Array): Int32Array {
  const out = new Int32Array(flat.length);
  for (let k = 0; k < flat.length; k += 3) {
    out[k] = m[0]! * flat[k]! + m[1]! * flat[k + 1]! + m[2]! * flat[k + 2]!;
    out[k + 1] = m[3]! * flat[k]! + m[4]! * flat[k + 1]! + m[5]! * flat[k + 2]!;
    out[k + 2] = m[6]! * flat[k]! + m[7]! * flat[k + 1]! + m[8]! * flat[k + 2]!;
  }
  return out;
}

/** The index of the least cell (reading order) of flat x y z triples. */
function leastIndex(flat: Int32Array): number {
  let best = 0;
  for (let k = 3; k < flat.length; k += 3) {
    if (before(flat[k]!, flat[k + 1]!, flat[k + 2]!, flat[3 * best]!, flat[3 * best + 1]!, flat[3 * best + 2]!)) best = k / 3;
  }
  return best;
}

/**
 * One orientation of a piece as a box: its sizes, which of its positions hold a cell (x + sx (y + sy z)
 * from its smallest corner), and a hash of those positions that does not depend on the cells' order.
 * `stamp` marks the positions met while a shape is checked against it (a shape holding a cell twice is not it).
 */
interface OrientationBox {
  readonly turn: number;
  readonly size: readonly [number, number, number];
  readonly cells: number;
  readonly hash: number;
  readonly filled: Uint8Array;
  readonly stamp: Int32Array;
  mark: number;
}

/** The sizes of a shape's box, its smallest corner, and the order-free hash of its positions in it. */
function measure(flat: Int32Array): { size: [number, number, number]; low: [number, number, number]; hash: number } {
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
  for (let k = 0; k < flat.length; k += 3) {
    const x = flat[k]!, y = flat[k + 1]!, z = flat[k + 2]!;
    if (x < lx) lx = x;
    if (x > hx) hx = x;
    if (y < ly) ly = y;
    if (y > hy) hy = y;
    if (z < lz) lz = z;
    if (z > hz) hz = z;
  }
  const size: [number, number, number] = [hx - lx + 1, hy - ly + 1, hz - lz + 1];
  let hash = Math.imul(size[0] * 0x10001 + size[1], 0x9e3779b1) ^ Math.imul(size[2] + 0x7f4a7c15, 0x85ebca6b) ^ flat.length;
  for (let k = 0; k < flat.length; k += 3) hash = (hash + mix(flat[k]! - lx + size[0] * (flat[k + 1]! - ly + size[1] * (flat[k + 2]! - lz)))) | 0;
  return { size, low: [lx, ly, lz], hash };
}

function mix(v: number): number {
  let h = Math.imul(v ^ (v >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}

function boxOf(flat: Int32Array, turn: number): OrientationBox {
  const { size, low, hash } = measure(flat);
  const filled = new Uint8Array(size[0] * size[1] * size[2]);
  for (let k = 0; k < flat.length; k += 3) filled[flat[k]! - low[0] + size[0] * (flat[k + 1]! - low[1] + size[1] * (flat[k + 2]! - low[2]))] = 1;
  return { turn, size, cells: flat.length / 3, hash, filled, stamp: new Int32Array(filled.length), mark: 0 };
}

/** The most positions of a piece's box that the table of its cells may take. */
const MAX_BOX = 1 << 22;

/** The orientation (of those listed by hash) that the shape is a translate of, if any. */
function findBox(byHash: Map<number, OrientationBox[]>, flat: Int32Array): OrientationBox | undefined {
  const { size, low, hash } = measure(flat);
  const found = byHash.get(hash)?.find((box) => {
    if (box.cells !== flat.length / 3 || box.size[0] !== size[0] || box.size[1] !== size[1] || box.size[2] !== size[2]) return false;
    if (box.mark === 0x7fffffff) {
      box.stamp.fill(0);
      box.mark = 0;
    }
    const mark = ++box.mark;
    for (let k = 0; k < flat.length; k += 3) {
      const at = flat[k]! - low[0] + size[0] * (flat[k + 1]! - low[1] + size[1] * (flat[k + 2]! - low[2]));
      if (box.filled[at] !== 1 || box.stamp[at] === mark) return false;
      box.stamp[at] = mark;
    }
    return true;
  });
  return found;
}
