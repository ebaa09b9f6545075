/**
 * The disassembler: can an assembly be taken apart by sliding its pieces, and in how few moves. It sees
 * numbers only: each piece's cells where the assembly has them, and the grid's unit steps of motion.
 *
 * Moves (BurrTools' rules, so that levels agree with its). A move slides a group of pieces k >= 1 unit
 * steps along one motion m (a unit step of the grid; each direction and its opposite are both listed), all
 * by the same k, every step free of overlap; it is one move whatever k is. Only the pieces' positions
 * relative to one another matter, so moving a group by +k m and moving the others by -k m are one move.
 * The *closure* of a piece p for k steps is the fewest pieces that must move with p for it to go k steps
 * (a piece in the way of a member within k steps joins). A move's group is a closure of at most half the
 * part's pieces, or a union of such closures for the same k and motion (groups that may each go k steps
 * may go together), never the whole part. A group that can go arbitrarily far (nothing of the rest lies
 * ahead of it) is *separated*: the move that takes it away counts as a move, and the group and the rest
 * are then each taken apart on their own. A part of one piece, or of pieces of one piece group, is done.
 *
 * Search. Breadth-first over the arrangements of one part, from the arrangement it was left in: the first
 * arrangement from which a group can be separated is one of the fewest moves. There the first separation in
 * BurrTools' order is taken (a single piece before a group, motions in the grid's order, pieces in the
 * part's order), with no backtracking: when a part it leaves cannot be taken apart, the assembly does not
 * come apart. The side holding the heaviest piece (a fixed frame, or BurrTools' weights) is the side that
 * stays; the other is the one told as moving and, at a separation, as removed. A solution's *level* (see
 * levelOf) lists the moves of each separation as BurrTools prints it.
 *
 * Data structures.
 *   cells[i]      piece i's cells in the assembly, x y z flattened.
 *   a state       the offsets (x y z per piece of the part) of every piece from where the assembly has it,
 *                 less the offset of the part's first piece: two arrangements that differ by moving all
 *                 pieces together are one state. States live in one growing Int32Array (`offsets`), with
 *                 their parent's index (`parent`); `seen`, a hash table by the offsets, finds a state again.
 *   gap cache     for an ordered pair of oriented shapes (a, b) and where b lies from a, the number of
 *                 steps a can slide along each motion before it touches b (`FAR` when b is never in its
 *                 way): computed once from the cells, then read as a table (GapCache, which a run keeps
 *                 across its assemblies). On grids where a step carries a cell over other cells before it
 *                 lands (a triangular prism slid one side's length crosses the prism beside it), a cell of
 *                 b in the way of any of those blocks the step too: a shape is then its cells with their
 *                 kinds (which cells a step passes over depends on the kind).
 *
 * Where it runs. The breadth-first search of one part (Disassembler.separate) runs in WebAssembly
 * (wasm/separate.ts, its host wasm-search.ts, over a memory that also holds the gap cache's table) where
 * WebAssembly compiles, and in JavaScript (separateInJs, its specification) where it does not; a test holds
 * the two to the same states, moves and levels. The rest (shapes, gaps computed, the moves told) is here.
 *
 * Invariants: no two pieces of a state overlap; every state in `seen` was reached from the start by the
 * moves above, and its parent is one move nearer the start; states are expanded in the order they were
 * found, so depths never decrease along the queue.
 */

import { WasmSearch } from './wasm-search.js';

/** A gap with nothing in the way: the group can slide away for ever. */
export const FAR = 0x3fffffff;

/** The most pieces one part may have: groups are bit masks of a part's pieces. */
export const MAX_PART_PIECES = 30;

/** What one call may search before it gives up (states kept, across all separations of one assembly). */
export const DEFAULT_STATE_BUDGET = 1_000_000;

export interface DisassemblyInput {
  /** Each piece's cells in the assembly: [x, y, z] triples. */
  readonly pieces: readonly (readonly (readonly [number, number, number])[])[];
  /** The grid's unit steps of motion, each with its opposite. */
  readonly motions: readonly (readonly [number, number, number])[];
  /**
   * Pieces that never move (a box, a frame): a move that would carry them moves the others the opposite
   * way instead (the same move, told from the frame's point of view).
   */
  readonly fixed?: readonly number[];
  /** BurrTools' weights (1 when absent): of the two sides of a move, the side holding the heaviest piece stays. */
  readonly weights?: readonly number[];
  /**
   * BurrTools' piece groups: pieces with the same group number above 0 may come out together, so a part
   * made of such pieces alone need not be taken apart further.
   */
  readonly groups?: readonly number[];
  /** The most states kept in all; past it the answer is 'unknown'. */
  readonly stateBudget?: number;
  /** Gaps kept from earlier calls with the same motions (see GapCache): a run passes one to every assembly. */
  readonly cache?: GapCache;
  /**
   * For grids whose steps carry a cell over other cells before it lands (triangular prisms): each piece's
   * cells' kinds (as `pieces` lists the cells), and by motion and kind the offsets of the cells a step passes
   * over on the way, its end left out. The cache, when given, must have been made with the same offsets.
   */
  readonly passes?: Passes;
}

/** See DisassemblyInput.passes. */
export interface Passes {
  readonly kinds: readonly (readonly number[])[];
  readonly offsets: PassOffsets;
}

/** By motion and kind: the offsets a step passes over before it lands. */
export type PassOffsets = readonly (readonly (readonly (readonly [number, number, number])[])[])[];

/** One move: the pieces that slide, and by how much (a multiple of one motion). */
export interface Move {
  readonly pieces: readonly number[];
  readonly by: readonly [number, number, number];
  /** True for the move that takes `pieces` away from the rest for good. */
  readonly separates: boolean;
}

/** One separation: the moves that lead to it (the last takes `removed` away), then how each part comes apart. */
export interface Separation {
  readonly moves: readonly Move[];
  /** The pieces taken away, and the pieces that stay (together with the frame, when there is one). */
  readonly removed: readonly number[];
  readonly remaining: readonly number[];
  /** How the removed part and the remaining part come apart, when they have more than one piece to part. */
  readonly removedPart?: Separation;
  readonly remainingPart?: Separation;
}

export type Disassembly =
  /** `separation` is undefined when there is nothing to part (one piece, or pieces of one piece group). */
  | { readonly outcome: 'apart'; readonly separation: Separation | undefined; readonly level: readonly number[]; readonly states: number }
  | { readonly outcome: 'stuck'; readonly states: number; readonly stuckPieces: readonly number[] }
  | { readonly outcome: 'unknown'; readonly states: number };

/**
 * The gaps between two pieces, kept across assemblies: a gap depends only on the two pieces' shapes (in
 * their orientations) and where one lies from the other, so the assemblies of one puzzle, which reuse the
 * same few oriented shapes, mostly read it from here. A cache serves one list of motions.
 */
export class GapCache {
  /** Shapes by a hash of their cells and kinds (ids of the shapes with that hash). */
  private readonly shapeIds = new Map<number, number[]>();
  private readonly shapes: Int32Array[] = [];
  /** Per shape: its cells as shapeOf numbers them, sorted (how a shape is found again). */
  private readonly keys: Float64Array[] = [];
  /** Per shape and axis: its cells by line along the axis (see Lines). */
  private readonly lines: Lines[][] = [];
  /**
   * The gaps met so far: an open-addressing table of (a, b, rx, ry, rz, where its gaps start in `gapValues`
   * + 1) in KEY_WIDTH ints a slot (0 in the last: empty), at most half full; `gapValues` holds `motions`
   * gaps per entry. Both in the WebAssembly search's memory when there is one (it reads them there).
   */
  private slots: Ints;
  private values: Ints;
  private entries = 0;
  /** The search in WebAssembly, over this cache's memory; undefined where it cannot be compiled (see wasm-search.ts). */
  readonly search: WasmSearch | undefined;
  /** The motion that is a unit step along +axis (index 2 axis) and -axis (2 axis + 1), or -1. */
  private readonly byAxis = new Int32Array(6).fill(-1);
  /** The motions that are no unit step along an axis, or whose steps pass over other cells. */
  private readonly offAxis: number[] = [];
  /** Each shape's cells' kinds (all 0 without passes). */
  private readonly kinds: Int32Array[] = [];
  /** The motions, x y z flattened. */
  readonly flatMotions: Int32Array;
  /**
   * Each motion's opposite, when every motion has one and no step passes over cells: then a's gap before b
   * along m is b's before a along the opposite (the same slide, told from b), and one look-up gives both.
   * Undefined otherwise.
   */
  readonly opposite: Int32Array | undefined;

  /** `wasm`: false keeps the search in JavaScript (separateInJs), as where WebAssembly cannot be compiled. */
  constructor(
    readonly motions: readonly (readonly [number, number, number])[],
    readonly passOffsets?: PassOffsets,
    wasm = true,
  ) {
    motions.forEach((m, i) => {
      const passes = passOffsets?.[i]?.some((byKind) => byKind.length > 0) ?? false;
      const axis = !passes && Math.abs(m[0]) + Math.abs(m[1]) + Math.abs(m[2]) === 1 ? (m[0] !== 0 ? 0 : m[1] !== 0 ? 1 : 2) : -1;
      const slot = 2 * axis + (m[0] + m[1] + m[2] > 0 ? 0 : 1);
      if (axis < 0 || this.byAxis[slot] !== -1) this.offAxis.push(i);
      else this.byAxis[slot] = i;
    });
    this.flatMotions = Int32Array.from(motions.flatMap((m) => [m[0], m[1], m[2]]));
    const opposite = Int32Array.from(motions, (m) => motions.findIndex((o) => o[0] === -m[0] && o[1] === -m[1] && o[2] === -m[2]));
    this.opposite = passOffsets === undefined && opposite.every((o) => o >= 0) ? opposite : undefined;
    this.search = wasm ? WasmSearch.make(this.flatMotions, this.opposite) : undefined;
    this.slots = new Ints(this.search, KEY_WIDTH * 1024);
    this.values = new Ints(this.search, 64 * motions.length);
  }

  /** The gap values (see slots); read them after gapsAt, which may move them. */
  get gapValues(): Int32Array {
    return this.values.ints;
  }

  /** For the WebAssembly search (GapTable): where the table is now. */
  get slotsAddress(): number {
    return this.slots.address;
  }

  get slotMask(): number {
    return this.slots.length / KEY_WIDTH - 1;
  }

  get valuesAddress(): number {
    return this.values.address;
  }

  /** A shape's id (its cells less their smallest corner, with their kinds when given), and that corner. */
  shapeOf(cells: readonly (readonly [number, number, number])[], kinds?: readonly number[]): { id: number; base: [number, number, number] } {
    let bx = Infinity;
    let by = Infinity;
    let bz = Infinity;
    for (const c of cells) {
      if (c[0] < bx) bx = c[0];
      if (c[1] < by) by = c[1];
      if (c[2] < bz) bz = c[2];
    }
    // the cells in reading order (an assembly turned to BurrTools' orientation lists a piece's cells in the
    // order the turn left them: a frame of 152 cells came in a dozen orders, each computing its gaps anew),
    // each as one number (z, y, x from the corner, then its kind: kinds are small), sorted as numbers
    const keys = new Float64Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i]!;
      keys[i] = (((c[2] - bz) * KEY_SPAN + (c[1] - by)) * KEY_SPAN + (c[0] - bx)) * KINDS + (kinds?.[i] ?? 0);
    }
    keys.sort();
    let h = 0x811c9dc5;
    for (let i = 0; i < keys.length; i++) h = Math.imul(h ^ keys[i]! ^ (keys[i]! / 0x100000000), 0x01000193);
    let ids = this.shapeIds.get(h);
    if (!ids) this.shapeIds.set(h, (ids = []));
    let id = -1;
    for (let j = 0; j < ids.length && id < 0; j++) {
      const known = this.keys[ids[j]!]!;
      let same = known.length === keys.length;
      for (let i = 0; i < keys.length && same; i++) same = known[i] === keys[i];
      if (same) id = ids[j]!;
    }
    if (id < 0) {
      id = this.shapes.length;
      ids.push(id);
      const flat = new Int32Array(3 * keys.length);
      const kindsOf = new Int32Array(keys.length);
      for (let i = 0; i < keys.length; i++) {
        let key = keys[i]!;
        kindsOf[i] = key % KINDS;
        key = Math.floor(key / KINDS);
        flat[3 * i] = key % KEY_SPAN;
        key = Math.floor(key / KEY_SPAN);
        flat[3 * i + 1] = key % KEY_SPAN;
        flat[3 * i + 2] = Math.floor(key / KEY_SPAN);
      }
      this.keys.push(keys);
      this.shapes.push(flat);
      this.kinds.push(kindsOf);
      this.lines.push([0, 1, 2].map((axis) => linesOf(flat, axis)));
    }
    return { id, base: [bx, by, bz] };
  }

  /**
   * Where the gaps (one per motion) of shape a before shape b, b's corner at (rx, ry, rz) from a's, start in
   * `gapValues` (read it after the call: the call may replace it).
   */
  gapsAt(a: number, b: number, rx: number, ry: number, rz: number): number {
    const slots = this.slots.ints;
    const mask = slots.length / KEY_WIDTH - 1;
    let slot = gapHash(a, b, rx, ry, rz) & mask;
    for (;;) {
      const at = slot * KEY_WIDTH;
      const value = slots[at + 5]!;
      if (value === 0) break;
      if (slots[at] === a && slots[at + 1] === b && slots[at + 2] === rx && slots[at + 3] === ry && slots[at + 4] === rz) return value - 1;
      slot = (slot + 1) & mask;
    }
    if (this.entries >= MAX_CACHED_GAPS) {
      // a bound on memory: start again (the gaps are recomputed as they are needed)
      slots.fill(0);
      this.entries = 0;
      return this.gapsAt(a, b, rx, ry, rz);
    }
    const count = this.motions.length;
    const start = this.entries * count;
    const gaps = this.compute(a, b, rx, ry, rz);
    if (start + count > this.values.length) {
      const grown = new Ints(this.search, 2 * this.values.length);
      grown.ints.set(this.values.ints);
      this.values = grown;
    }
    this.values.ints.set(gaps, start);
    this.entries++;
    const at = slot * KEY_WIDTH;
    const table = this.slots.ints;
    table[at] = a;
    table[at + 1] = b;
    table[at + 2] = rx;
    table[at + 3] = ry;
    table[at + 4] = rz;
    table[at + 5] = start + 1;
    if (2 * this.entries > mask + 1) this.grow();
    return start;
  }

  /** The gaps of shape a before shape b (see gapsAt), as an array of their own. */
  gaps(a: number, b: number, rx: number, ry: number, rz: number): Int32Array {
    const start = this.gapsAt(a, b, rx, ry, rz);
    return this.gapValues.slice(start, start + this.motions.length);
  }

  /** Twice the slots, every entry hashed again. */
  private grow(): void {
    const grown = new Ints(this.search, 2 * this.slots.length);
    const old = this.slots.ints;
    const slots = grown.ints;
    const mask = slots.length / KEY_WIDTH - 1;
    for (let at = 0; at < old.length; at += KEY_WIDTH) {
      if (old[at + 5] === 0) continue;
      let slot = gapHash(old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!, old[at + 4]!) & mask;
      while (slots[slot * KEY_WIDTH + 5] !== 0) slot = (slot + 1) & mask;
      slots.set(old.subarray(at, at + KEY_WIDTH), slot * KEY_WIDTH);
    }
    this.slots = grown;
  }

  private compute(a: number, b: number, rx: number, ry: number, rz: number): Int32Array {
    const count = this.motions.length;
    const gaps = new Int32Array(count).fill(FAR);
    const A = this.shapes[a]!;
    const B = this.shapes[b]!;
    const r = [rx, ry, rz];
    // motions along an axis: each cell of the smaller shape looks along its line through the other
    const aSmaller = A.length <= B.length;
    const small = aSmaller ? A : B;
    const lines = this.lines[aSmaller ? b : a]!;
    // the smaller shape's cells in the other's coordinates
    const sx = aSmaller ? -rx : rx;
    const sy = aSmaller ? -ry : ry;
    const sz = aSmaller ? -rz : rz;
    for (let axis = 0; axis < 3; axis++) {
      const plus = this.byAxis[2 * axis]!;
      const minus = this.byAxis[2 * axis + 1]!;
      if (plus < 0 && minus < 0) continue;
      const { spanU, spanV, start, along } = lines[axis]!;
      // the line's other two coordinates: (y, z) along x, (x, z) along y, (x, y) along z
      const uOf = axis === 0 ? 1 : 0;
      const vOf = axis === 2 ? 1 : 2;
      const su = uOf === 0 ? sx : sy;
      const sv = vOf === 1 ? sy : sz;
      const sw = axis === 0 ? sx : axis === 1 ? sy : sz;
      for (let i = 0; i < small.length; i += 3) {
        const u = small[i + uOf]! + su;
        const v = small[i + vOf]! + sv;
        if (u < 0 || u >= spanU || v < 0 || v >= spanV) continue;
        const from = start[u * spanV + v]!;
        const to = start[u * spanV + v + 1]!;
        if (from === to) continue;
        const w0 = small[i + axis]! + sw;
        // the nearest of the other shape's cells on this line above w0 and below it
        let above = FAR;
        let below = FAR;
        for (let k = from; k < to; k++) {
          const w = along[k]!;
          if (w > w0) {
            above = w - w0;
            break;
          }
          if (w < w0) below = w0 - w;
        }
        // a's cell with b's cell `above` ahead along +axis (when a is the smaller), or b's cell with a's
        // cells `below` behind it (a moving +axis meets it after that many steps)
        const towardPlus = aSmaller ? above : below;
        const towardMinus = aSmaller ? below : above;
        if (plus >= 0 && towardPlus !== FAR && towardPlus - 1 < gaps[plus]!) gaps[plus] = towardPlus - 1;
        if (minus >= 0 && towardMinus !== FAR && towardMinus - 1 < gaps[minus]!) gaps[minus] = towardMinus - 1;
      }
    }
    // any other motion: every pair of cells
    if (this.offAxis.length > 0) {
      const kindsOfA = this.kinds[a]!;
      for (let i = 0; i < A.length; i += 3) {
        for (let j = 0; j < B.length; j += 3) {
          const dx = B[j]! + r[0]! - A[i]!;
          const dy = B[j + 1]! + r[1]! - A[i + 1]!;
          const dz = B[j + 2]! + r[2]! - A[i + 2]!;
          for (const m of this.offAxis) {
            // b's cell lies t >= 1 steps ahead of a's cell along m: a may go t - 1 steps
            const t = stepsAlong(this.motions[m]!, dx, dy, dz);
            if (t >= 1 && t - 1 < gaps[m]!) gaps[m] = t - 1;
            // b's cell is one that step t' + 1 passes over (t' >= 0 steps ahead of a cell passed on the first): a may go t' steps
            for (const s of this.passOffsets?.[m]?.[kindsOfA[i / 3]!] ?? []) {
              const t2 = stepsAlong(this.motions[m]!, dx - s[0], dy - s[1], dz - s[2]);
              if (t2 >= 0 && t2 < gaps[m]!) gaps[m] = t2;
            }
          }
        }
      }
    }
    return gaps;
  }
}

/**
 * `length` ints in the WebAssembly search's memory (at `address`), or in an array of their own without it.
 * A view of that memory dies when the memory grows: `ints` makes it again then.
 */
class Ints {
  readonly address: number = 0;
  private view: Int32Array;

  constructor(
    private readonly search: WasmSearch | undefined,
    readonly length: number,
  ) {
    if (search) {
      this.address = search.allocate(length);
      this.view = search.ints(this.address, length);
    } else {
      this.view = new Int32Array(length);
    }
  }

  get ints(): Int32Array {
    if (this.view.length !== this.length) this.view = this.search!.ints(this.address, this.length);
    return this.view;
  }
}

/** The whole number t with (dx, dy, dz) = t v, or -1 when there is none (v is not zero). */
function stepsAlong(v: readonly [number, number, number], dx: number, dy: number, dz: number): number {
  const t = v[0] !== 0 ? dx / v[0] : v[1] !== 0 ? dy / v[1] : dz / v[2];
  if (!Number.isInteger(t) || dx !== t * v[0] || dy !== t * v[1] || dz !== t * v[2]) return -1;
  return t;
}

/**
 * A shape's cells by line along one axis: the line through (u, v) (its other two coordinates, each from 0
 * as a shape's are: (y, z) along x, (x, z) along y, (x, y) along z) holds the coordinates along the axis
 * along[start[u * spanV + v]] .. along[start[u * spanV + v + 1] - 1], sorted.
 */
interface Lines {
  readonly spanU: number;
  readonly spanV: number;
  readonly start: Int32Array;
  readonly along: Int32Array;
}

/** A shape's (x y z flattened, its corner at 0) Lines along `axis`. */
function linesOf(flat: Int32Array, axis: number): Lines {
  const uOf = axis === 0 ? 1 : 0;
  const vOf = axis === 2 ? 1 : 2;
  let spanU = 0;
  let spanV = 0;
  for (let i = 0; i < flat.length; i += 3) {
    spanU = Math.max(spanU, flat[i + uOf]! + 1);
    spanV = Math.max(spanV, flat[i + vOf]! + 1);
  }
  // counted by line, then placed: each line's cells in the order of their coordinate along the axis
  const start = new Int32Array(spanU * spanV + 1);
  for (let i = 0; i < flat.length; i += 3) start[flat[i + uOf]! * spanV + flat[i + vOf]! + 1]!++;
  for (let k = 1; k < start.length; k++) start[k]! += start[k - 1]!;
  const along = new Int32Array(flat.length / 3);
  const next = start.slice(0, -1);
  const order = Array.from({ length: flat.length / 3 }, (_, i) => i).sort((i, j) => flat[3 * i + axis]! - flat[3 * j + axis]!);
  for (const i of order) along[next[flat[3 * i + uOf]! * spanV + flat[3 * i + vOf]!]!++] = flat[3 * i + axis]!;
  return { spanU, spanV, start, along };
}

/** A shape's cells are numbered by z, y, x from its corner, each below KEY_SPAN, and then by kind, below KINDS. */
const KEY_SPAN = 0x10000;
const KINDS = 16;

/** Gaps kept at most by one cache (each about 6 + motions ints, and twice the slot). */
const MAX_CACHED_GAPS = 2_000_000;

/** Ints per slot of the gap table: a, b, rx, ry, rz, where its gaps start + 1. */
const KEY_WIDTH = 6;

/** The gap table's hash of a key (two shapes and where the second lies from the first). */
function gapHash(a: number, b: number, rx: number, ry: number, rz: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ rx, 0x01000193);
  h = Math.imul(h ^ ry, 0x01000193);
  h = Math.imul(h ^ rz, 0x01000193);
  return h ^ (h >>> 15);
}

/** A separation found in a part: its moves (or their number: see Disassembler.separation), the sides, and the offsets each side is taken apart from. */
interface Found {
  readonly moves: readonly Move[] | { readonly length: number };
  readonly removed: number[];
  readonly remaining: number[];
  readonly endOffsets: Int32Array;
}

interface PartResult {
  /** A Separation when moves are told; each separation's count of moves only otherwise. */
  separation?: LevelTree & { readonly removed: readonly number[]; readonly remaining: readonly number[] };
  stuck?: readonly number[];
  unknown?: boolean;
}

/**
 * Takes an assembly apart, breadth-first: the fewest moves to each separation. A single piece (or pieces
 * of one group) is apart already, with no separation and level [].
 */
export function disassemble(input: DisassemblyInput): Disassembly {
  const { result, states } = takeApart(input, true);
  if (result.unknown) return { outcome: 'unknown', states };
  if (result.stuck) return { outcome: 'stuck', states, stuckPieces: result.stuck };
  // (told moves: every separation is a Separation)
  const separation = result.separation as Separation | undefined;
  return { outcome: 'apart', separation, level: levelOf(separation), states };
}

/** The whole assembly taken apart, its moves told or only counted; and the states searched. */
function takeApart(input: DisassemblyInput, tellMoves: boolean): { result: PartResult; states: number } {
  const run = new Disassembler(input, tellMoves);
  const all = input.pieces.map((_, i) => i);
  const result = run.part(all, new Int32Array(3 * all.length));
  return { result, states: run.statesUsed };
}

/** Whether an assembly comes apart and its level, as disassemble() finds them, without the moves (what a run sifting its assemblies keeps). */
export type DisassemblyLevel =
  | { readonly outcome: 'apart'; readonly level: readonly number[]; readonly states: number }
  | { readonly outcome: 'stuck' | 'unknown'; readonly states: number };

/**
 * disassemble()'s outcome and level, by the same search, with no move told: each separation is counted, its
 * moves are not made into objects, nor the distance that takes a group away worked out.
 */
export function disassemblyLevel(input: DisassemblyInput): DisassemblyLevel {
  const { result, states } = takeApart(input, false);
  if (result.unknown) return { outcome: 'unknown', states };
  if (result.stuck) return { outcome: 'stuck', states };
  return { outcome: 'apart', level: levelOf(result.separation), states };
}

/**
 * A solution's level as BurrTools writes it: the moves of the first separation, then the level of the part
 * that stays, then that of the part taken away; a part is left out when each of its separations takes one
 * move (so a puzzle whose pieces just come apart one by one is level 1).
 */
export function levelOf(separation: LevelTree | undefined): number[] {
  if (!separation || separation.moves.length === 0) return [];
  const part = (p: LevelTree | undefined) => (p && hasMultiMoves(p) ? levelOf(p) : []);
  return [separation.moves.length, ...part(separation.remainingPart), ...part(separation.removedPart)];
}

/** What a level depends on: each separation's number of moves, and how its parts come apart (a Separation is one). */
export interface LevelTree {
  readonly moves: { readonly length: number };
  readonly removedPart?: LevelTree;
  readonly remainingPart?: LevelTree;
}

function hasMultiMoves(s: LevelTree | undefined): boolean {
  return s !== undefined && (s.moves.length > 1 || hasMultiMoves(s.remainingPart) || hasMultiMoves(s.removedPart));
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/**
 * The closure of piece p for k steps along motion m: p and every piece in the way of a member within k
 * steps, as a bit mask; 0 when it has more than `most` pieces. `blockers[m * n + a]` is the mask of the
 * pieces in a's way along m at any distance (gap below FAR): only those are looked at, and for k = FAR
 * they are the answer without a look at the gaps.
 */
function closure(gap: Int32Array, blockers: Int32Array, m: number, n: number, p: number, k: number, most: number): number {
  let group = 1 << p;
  let size = 1;
  let todo = group;
  const row = m * n * n;
  while (todo !== 0) {
    const a = 31 - Math.clz32(todo & -todo);
    todo &= todo - 1;
    let near = blockers[m * n + a]! & ~group;
    if (k < FAR) {
      // of a's blockers, those within k steps
      const base = row + a * n;
      let within = 0;
      for (let rest = near; rest !== 0; rest &= rest - 1) {
        const b = 31 - Math.clz32(rest & -rest);
        if (gap[base + b]! < k) within |= 1 << b;
      }
      near = within;
    }
    if (near === 0) continue;
    size += bitCount(near);
    if (size > most) return 0;
    group |= near;
    todo |= near;
  }
  return group;
}

/** Every move of a separation tree in the order they are made: a part's moves, then the remaining part's, then the removed part's. */
export function movesInOrder(separation: Separation | undefined, out: Move[] = []): Move[] {
  if (!separation) return out;
  out.push(...separation.moves);
  movesInOrder(separation.remainingPart, out);
  movesInOrder(separation.removedPart, out);
  return out;
}

/**
 * What a search (one part of one assembly: see Disassembler.separate) works in, kept for the next search and
 * grown as needed: a search never starts before the one before it has returned, and a run takes thousands
 * of small parts apart, for which making these anew each time cost as much as searching.
 *   offsets, parent   the states found (see "Data structures" at the top); `seen`, the hash table over them
 *   hashes            by state, its hash (the table is rebuilt from them when it grows)
 *   gap               gap[(m * n + a) * n + b]: how far piece a may slide along motion m before it touches b
 *   blockers          blockers[m * n + a]: the pieces in a's way along m (gap below FAR), a bit mask
 *   widest            by motion, the widest gap short of FAR in the state being expanded
 *   gapValuesMet      by motion, bit g set when some gap is g (bit 31: some gap is 31 or more, short of FAR):
 *                     a closure for k steps differs from the one for k - 1 only when some gap is k - 1
 *   farGroup          farGroup[m * n + p]: p's closure along m at any distance (0: too many pieces)
 */
const buffers = {
  offsets: new Int32Array(1024),
  parent: new Int32Array(64),
  seen: new Int32Array(64),
  hashes: new Int32Array(64),
  gap: new Int32Array(0),
  blockers: new Int32Array(0),
  widest: new Int32Array(0),
  gapValuesMet: new Int32Array(0),
  farGroup: new Int32Array(0),
};

class Disassembler {
  /** Each piece's cells in the assembly (read only when a group is taken away: see clearance). */
  private readonly cells: DisassemblyInput['pieces'];
  /** The motions, x y z flattened (the cache's). */
  private readonly motions: Int32Array;
  private readonly motionCount: number;
  private readonly weight: Float64Array;
  private readonly groups: readonly number[];
  private readonly budget: number;
  private readonly cache: GapCache;
  /** Each piece's shape in the cache, and its smallest corner. */
  private readonly shapeId: Int32Array;
  private readonly base: Int32Array;
  private readonly pieceCount: number;
  statesUsed = 0;
  /** The cache's opposite motions, when one look-up gives both ways (see GapCache.opposite). */
  private readonly opposite: Int32Array | undefined;

  /** `tellMoves`: false when only the level is wanted (disassemblyLevel): separations then count their moves. */
  constructor(input: DisassemblyInput, private readonly tellMoves: boolean) {
    this.pieceCount = input.pieces.length;
    this.cells = input.pieces;
    this.motionCount = input.motions.length;
    this.weight = Float64Array.from(input.pieces, (_, i) => input.weights?.[i] ?? 1);
    for (const f of input.fixed ?? []) this.weight[f] = Infinity;
    this.groups = input.groups ?? [];
    this.budget = input.stateBudget ?? DEFAULT_STATE_BUDGET;
    this.cache = input.cache ?? new GapCache(input.motions, input.passes?.offsets);
    const sameMotions = this.cache.motions === input.motions ||
      (this.cache.motions.length === input.motions.length && this.cache.motions.every((m, i) => m.every((v, a) => v === input.motions[i]![a])));
    if (!sameMotions) throw new RangeError('a gap cache serves the motions it was made for');
    if (this.cache.passOffsets !== input.passes?.offsets) throw new RangeError('a gap cache serves the passes it was made with');
    this.motions = this.cache.flatMotions;
    this.opposite = this.cache.opposite;
    this.shapeId = new Int32Array(this.pieceCount);
    this.base = new Int32Array(3 * this.pieceCount);
    input.pieces.forEach((cells, i) => {
      const { id, base } = this.cache.shapeOf(cells, input.passes?.kinds[i]);
      this.shapeId[i] = id;
      this.base.set(base, 3 * i);
    });
  }

  /** True when the pieces of a part may stay together: one piece, or pieces of one piece group. */
  private done(part: readonly number[]): boolean {
    if (part.length <= 1) return true;
    const g = this.groups[part[0]!] ?? 0;
    return g > 0 && part.every((p) => (this.groups[p] ?? 0) === g);
  }

  /** Takes a part apart from the offsets `start` (3 per piece of the part, in the part's order). */
  part(pieces: readonly number[], start: Int32Array): PartResult {
    if (this.done(pieces)) return {};
    const found = this.separate(pieces, start);
    if (found === 'unknown') return { unknown: true };
    if (found === undefined) return { stuck: pieces };
    const { moves, removed, remaining, endOffsets } = found;
    const offsetsOf = (sub: readonly number[]): Int32Array => {
      const out = new Int32Array(3 * sub.length);
      sub.forEach((p, i) => {
        const at = pieces.indexOf(p);
        for (let a = 0; a < 3; a++) out[3 * i + a] = endOffsets[3 * at + a]!;
      });
      return out;
    };
    const remainingResult = this.part(remaining, offsetsOf(remaining));
    if (remainingResult.unknown || remainingResult.stuck) return remainingResult;
    const removedResult = this.part(removed, offsetsOf(removed));
    if (removedResult.unknown || removedResult.stuck) return removedResult;
    return {
      separation: {
        moves,
        removed,
        remaining,
        ...(removedResult.separation ? { removedPart: removedResult.separation } : {}),
        ...(remainingResult.separation ? { remainingPart: remainingResult.separation } : {}),
      },
    };
  }

  /**
   * Breadth-first from `start` to the first state where a group can be separated: the moves there and the
   * separation; undefined when no state reachable has one; 'unknown' past the budget.
   *
   * A state's children, in BurrTools' order: first a single piece that slides away (motion by motion, piece
   * by piece), then a group of at most half the part's pieces that slides away (the first of either ends
   * the search); then, motion by motion, each piece p and k = 1, 2, ... while p's closure for k steps has at
   * most half the pieces: that closure moved k steps, and its union with every group already moved k steps
   * along this motion from this state (two groups that may each go k steps may go together, in one move).
   */
  private separate(pieces: readonly number[], start: Int32Array):
    | Found
    | undefined
    | 'unknown' {
    const search = this.cache.search;
    if (!search) return this.separateInJs(pieces, start);
    let fixedMask = 0;
    for (let a = 0; a < pieces.length; a++) if (this.weight[pieces[a]!] === Infinity) fixedMask |= 1 << a;
    const found = search.separate(this.cache, pieces, this.shapeId, this.base, start, fixedMask, this.opposite !== undefined, this.budget - this.statesUsed);
    this.statesUsed += found.states;
    if (found.outcome !== 'found') return found.outcome === 'unknown' ? 'unknown' : undefined;
    return this.separation(pieces, found.offsets, found.parent, found.state, 3 * pieces.length, found.motion, found.group);
  }

  /**
   * The search in JavaScript: the specification of wasm/separate.ts (the same states in the same order),
   * and what runs where WebAssembly cannot be compiled.
   */
  private separateInJs(pieces: readonly number[], start: Int32Array):
    | Found
    | undefined
    | 'unknown' {
    const n = pieces.length;
    if (n > MAX_PART_PIECES) throw new RangeError(`the disassembler takes at most ${MAX_PART_PIECES} pieces at once, not ${n}`);
    const width = 3 * n;
    const half = n >> 1;
    const all = (1 << n) - 1;
    // the buffers of every search before it, grown as needed (see `buffers`)
    let offsets = buffers.offsets;
    let parent = buffers.parent;
    let hashes = buffers.hashes;
    let count = 0;
    // `seen`: open addressing over the states (index + 1 in a slot, 0 for empty), its first `capacity`
    // entries in use
    let seen = buffers.seen;
    let capacity = 64;
    seen.fill(0, 0, capacity);
    /**
     * Keeps the state written at `count` (see move) when it is new: its parent is `from`, its hash `h`
     * (of its offsets past the first piece's, which are 0). False when it was found before.
     */
    const keep = (h: number, from: number): boolean => {
      const mask = capacity - 1;
      const at = count * width;
      let slot = h & mask;
      for (;;) {
        const entry = seen[slot]!;
        if (entry === 0) break;
        if (hashes[entry - 1] === h) {
          const other = (entry - 1) * width;
          let same = true;
          for (let i = 3; i < width && same; i++) same = offsets[other + i] === offsets[at + i];
          if (same) return false;
        }
        slot = (slot + 1) & mask;
      }
      parent[count] = from;
      hashes[count] = h;
      seen[slot] = ++count;
      this.statesUsed++;
      if (2 * count > capacity) {
        // keep the table at most half full: every state again into one twice the size
        capacity *= 2;
        if (seen.length < capacity) seen = buffers.seen = new Int32Array(capacity);
        else seen.fill(0, 0, capacity);
        const wider = capacity - 1;
        for (let k = 0; k < count; k++) {
          let slotOfK = hashes[k]! & wider;
          while (seen[slotOfK] !== 0) slotOfK = (slotOfK + 1) & wider;
          seen[slotOfK] = k + 1;
        }
      }
      return true;
    };
    /** Room for one more state at `count`. */
    const room = (): void => {
      if (count < parent.length && (count + 1) * width <= offsets.length) return;
      const grownOffsets = new Int32Array(Math.max(offsets.length * 2, (count + 1) * width * 2));
      grownOffsets.set(offsets.subarray(0, count * width));
      offsets = buffers.offsets = grownOffsets;
      const grownParent = new Int32Array(parent.length * 2);
      grownParent.set(parent.subarray(0, count));
      parent = buffers.parent = grownParent;
      const grownHashes = new Int32Array(parent.length);
      grownHashes.set(hashes.subarray(0, count));
      hashes = buffers.hashes = grownHashes;
    };
    // the start, its first piece at offset 0 (two arrangements that differ by moving every piece together
    // are one state)
    room();
    {
      let h = 0x811c9dc5;
      for (let i = 0; i < width; i++) {
        const v = start[i]! - start[i % 3]!;
        offsets[i] = v;
        if (i >= 3) h = Math.imul(h ^ v, 0x01000193);
      }
      keep(h, -1);
    }

    const motions = this.motionCount;
    // a frame (a fixed piece) never moves: a group holding it stands for the others moving back, and it is
    // those pieces, the ones a person moves, that must be few (at most `most`: one, or half the part)
    let fixedMask = 0;
    for (let a = 0; a < n; a++) if (this.weight[pieces[a]!] === Infinity) fixedMask |= 1 << a;
    const framed = (group: number, most: number): number => {
      if (group === 0) return 0;
      const size = bitCount(group);
      const movers = (group & fixedMask) !== 0 ? n - size : size;
      return movers >= 1 && movers <= most ? group : 0;
    };
    if (buffers.gap.length < n * n * motions) buffers.gap = new Int32Array(n * n * motions);
    if (buffers.blockers.length < n * motions) {
      buffers.blockers = new Int32Array(n * motions);
      buffers.farGroup = new Int32Array(n * motions);
    }
    if (buffers.widest.length < motions) {
      buffers.widest = new Int32Array(motions);
      buffers.gapValuesMet = new Int32Array(motions);
    }
    const { gap, blockers, widest, gapValuesMet, farGroup } = buffers;
    const sizes = [1, half];
    // the groups already moved k steps along the current motion from the current state, by k (k - 1 in
    // the array; only the first `movedUsed` lists are in use, each emptied before a motion starts)
    const movedBy: number[][] = [];
    let movedUsed = 0;
    const pairsBothWays = this.opposite !== undefined;
    const opposite = this.opposite ?? new Int32Array(0);
    // records that piece a may slide v steps along motion m before it touches b
    const gapIs = (m: number, a: number, b: number, v: number): void => {
      // only a blocker's gap is ever read (closure looks at blockers only)
      if (v >= FAR) return;
      gap[(m * n + a) * n + b] = v;
      gapValuesMet[m] = gapValuesMet[m]! | (v < 31 ? 1 << v : 1 << 31);
      blockers[m * n + a] = blockers[m * n + a]! | (1 << b);
      if (v > widest[m]!) widest[m] = v;
    };
    for (let current = 0; current < count; current++) {
      const at = current * width;
      // the gaps between every two pieces of this state, for every motion, and who blocks whom: a's gap
      // before b along m is b's before a along m's opposite (the same slide, told from b), so one look-up
      // serves both pairs where the motions come in opposite pairs without cells passed over
      blockers.fill(0, 0, n * motions);
      widest.fill(0, 0, motions);
      gapValuesMet.fill(0, 0, motions);
      for (let a = 0; a < n; a++) {
        for (let b = pairsBothWays ? a + 1 : 0; b < n; b++) {
          if (a === b) continue;
          const pa = pieces[a]!;
          const pb = pieces[b]!;
          const g = this.cache.gapsAt(
            this.shapeId[pa]!, this.shapeId[pb]!,
            this.base[3 * pb]! + offsets[at + 3 * b]! - this.base[3 * pa]! - offsets[at + 3 * a]!,
            this.base[3 * pb + 1]! + offsets[at + 3 * b + 1]! - this.base[3 * pa + 1]! - offsets[at + 3 * a + 1]!,
            this.base[3 * pb + 2]! + offsets[at + 3 * b + 2]! - this.base[3 * pa + 2]! - offsets[at + 3 * a + 2]!,
          );
          const values = this.cache.gapValues;
          for (let m = 0; m < motions; m++) {
            const v = values[g + m]!;
            gapIs(m, a, b, v);
            if (pairsBothWays) gapIs(opposite[m]!, b, a, v);
          }
        }
      }
      // a piece, then a group, that slides away: each piece's closure at any distance, looked at twice
      for (let m = 0; m < motions; m++) {
        for (let p = 0; p < n; p++) farGroup[m * n + p] = closure(gap, blockers, m, n, p, FAR, fixedMask === 0 ? half : n - 1);
      }
      for (const most of sizes) {
        for (let m = 0; m < motions; m++) {
          for (let p = 0; p < n; p++) {
            const whole = farGroup[m * n + p]!;
            const group = fixedMask === 0 ? (bitCount(whole) <= most ? whole : 0) : framed(whole, most);
            if (group !== 0) return this.separation(pieces, offsets, parent, current, width, m, group);
          }
        }
      }
      // moves of groups of at most half the pieces, and their unions
      for (let m = 0; m < motions; m++) {
        for (let i = 0; i < movedUsed; i++) movedBy[i]!.length = 0;
        movedUsed = 0;
        const mx = this.motions[3 * m]!;
        const my = this.motions[3 * m + 1]!;
        const mz = this.motions[3 * m + 2]!;
        const move = (group: number, k: number): void => {
          // a group holding the first piece stands for the others moving back: the first piece stays at 0
          const flip = (group & 1) !== 0;
          const movers = flip ? all & ~group : group;
          const dx = flip ? -k * mx : k * mx;
          const dy = flip ? -k * my : k * my;
          const dz = flip ? -k * mz : k * mz;
          room();
          const to = count * width;
          let h = 0x811c9dc5;
          offsets[to] = 0;
          offsets[to + 1] = 0;
          offsets[to + 2] = 0;
          for (let a = 1, i = 3; a < n; a++, i += 3) {
            const moves = (movers >>> a) & 1;
            const x = offsets[at + i]! + moves * dx;
            const y = offsets[at + i + 1]! + moves * dy;
            const z = offsets[at + i + 2]! + moves * dz;
            offsets[to + i] = x;
            offsets[to + i + 1] = y;
            offsets[to + i + 2] = z;
            h = Math.imul(Math.imul(Math.imul(h ^ x, 0x01000193) ^ y, 0x01000193) ^ z, 0x01000193);
          }
          keep(h, current);
        };
        const met = gapValuesMet[m]!;
        for (let p = 0; p < n; p++) {
          // the closure for k steps, worked out again only where it may differ from the one for k - 1
          let whole = 0;
          for (let k = 1; ; k++) {
            // past the widest gap a closure is the one for FAR and grows no more: a group not allowed then
            // never is (with a frame, the closure might otherwise never become everything)
            if (k > widest[m]! + 1) break;
            if (k === 1 || met < 0 || ((met >>> (k - 1)) & 1) !== 0) whole = closure(gap, blockers, m, n, p, k, fixedMask === 0 ? half : n - 1);
            if (whole === 0) break;
            // with a frame, the closure grows with k until it is everything, and may be allowed on the way
            const group = fixedMask === 0 ? whole : framed(whole, half);
            if (group === 0) continue;
            while (movedUsed < k) {
              if (movedBy.length === movedUsed) movedBy.push([]);
              movedUsed++;
            }
            const groups = movedBy[k - 1]!;
            if (groups.includes(group)) continue;
            move(group, k);
            const before = groups.length;
            groups.push(group);
            // the groups met before, newest first (BurrTools scans the moves it has found for this motion
            // from the last one back; the order decides which arrangement of a level is met first)
            for (let i = before - 1; i >= 0; i--) {
              const union = group | groups[i]!;
              if (union === all || union === group || union === groups[i] || groups.includes(union)) continue;
              if ((union & fixedMask) !== 0 && framed(union, half) === 0) continue;
              move(union, k);
              groups.push(union);
            }
            if (this.statesUsed > this.budget) return 'unknown';
          }
        }
      }
    }
    return undefined;
  }

  /**
   * The separation at state `last`, where `group` (a bit mask of the part's pieces) slides away along motion
   * m: the sides, named as told() names them (the side taken away is the side that moves), each taken apart
   * next from the offsets at `last` (the separating move shifts a whole side, which leaves each side's
   * arrangement as it is); and the moves from the start to `last`, then the one that takes the group away.
   * Without tellMoves, only their number.
   */
  private separation(pieces: readonly number[], offsets: Int32Array, parent: Int32Array, last: number, width: number, m: number, group: number): Found {
    const n = pieces.length;
    const grouped: number[] = [];
    const others: number[] = [];
    for (let a = 0; a < n; a++) (group & (1 << a) ? grouped : others).push(a);
    const removed = (this.flips(pieces, grouped, others) ? others : grouped).map((a) => pieces[a]!);
    const sides = { removed, remaining: pieces.filter((p) => !removed.includes(p)), endOffsets: offsets.slice(last * width, last * width + width) };
    if (!this.tellMoves) {
      let count = 1;
      for (let s = last; parent[s]! >= 0; s = parent[s]!) count++;
      return { moves: { length: count }, ...sides };
    }
    const path: number[] = [];
    for (let s = last; s >= 0; s = parent[s]!) path.push(s);
    path.reverse();
    const moves: Move[] = [];
    for (let i = 1; i < path.length; i++) {
      const before = offsets.subarray(path[i - 1]! * width, path[i - 1]! * width + width);
      const after = offsets.subarray(path[i]! * width, path[i]! * width + width);
      // a piece whose offset changed by the same as the first piece's is on the first piece's side
      const shift = [after[0]! - before[0]!, after[1]! - before[1]!, after[2]! - before[2]!];
      const firstSide: number[] = [];
      const otherSide: number[] = [];
      let by: [number, number, number] = [0, 0, 0];
      for (let a = 0; a < n; a++) {
        const d = [after[3 * a]! - before[3 * a]!, after[3 * a + 1]! - before[3 * a + 1]!, after[3 * a + 2]! - before[3 * a + 2]!];
        if (d[0] === shift[0] && d[1] === shift[1] && d[2] === shift[2]) firstSide.push(a);
        else {
          otherSide.push(a);
          by = [d[0]! - shift[0]!, d[1]! - shift[1]!, d[2]! - shift[2]!];
        }
      }
      moves.push(this.told(pieces, otherSide, firstSide, by, false));
    }
    // the group goes just past everything else along the motion
    const distance = this.clearance(pieces, sides.endOffsets, m, group);
    const by: [number, number, number] = [this.motions[3 * m]! * distance, this.motions[3 * m + 1]! * distance, this.motions[3 * m + 2]! * distance];
    moves.push(this.told(pieces, grouped, others, by, true));
    return { moves, ...sides };
  }

  /**
   * A move of `group` by `by` (local indices), told as the pieces that move: the group, unless its heaviest
   * piece is heavier than every other piece (a fixed piece is the heaviest of all): then the others move the
   * opposite way. (BurrTools' weights: the heavy side stays, and after a separation it is the part that stays.)
   */
  private told(pieces: readonly number[], group: readonly number[], others: readonly number[], by: readonly [number, number, number], separates: boolean): Move {
    const flip = this.flips(pieces, group, others);
    const movers = flip ? others : group;
    const step: [number, number, number] = flip ? [-by[0], -by[1], -by[2]] : [by[0], by[1], by[2]];
    return { pieces: movers.map((a) => pieces[a]!), by: step, separates };
  }

  /** True when the others, not `group`, are told as moving: `group`'s heaviest piece (local indices) is heavier than every other piece. */
  private flips(pieces: readonly number[], group: readonly number[], others: readonly number[]): boolean {
    const heaviest = (side: readonly number[]): number => {
      let most = 0;
      for (const a of side) most = Math.max(most, this.weight[pieces[a]!]!);
      return most;
    };
    return heaviest(group) > heaviest(others);
  }

  /**
   * How many steps along motion m take the group (a bit mask of the part's pieces) past the rest: its
   * lowest cell beyond the rest's highest, measured along m.
   */
  private clearance(pieces: readonly number[], state: Int32Array, m: number, group: number): number {
    const mx = this.motions[3 * m]!;
    const my = this.motions[3 * m + 1]!;
    const mz = this.motions[3 * m + 2]!;
    const norm = mx * mx + my * my + mz * mz;
    let groupLow = Infinity;
    let restHigh = -Infinity;
    pieces.forEach((p, a) => {
      const inGroup = (group & (1 << a)) !== 0;
      for (const c of this.cells[p]!) {
        const t = ((c[0] + state[3 * a]!) * mx + (c[1] + state[3 * a + 1]!) * my + (c[2] + state[3 * a + 2]!) * mz) / norm;
        if (inGroup && t < groupLow) groupLow = t;
        if (!inGroup && t > restHigh) restHigh = t;
      }
    });
    return Math.max(1, Math.floor(restHigh - groupLow) + 1);
  }
}
