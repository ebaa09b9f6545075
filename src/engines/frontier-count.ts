/**
 * The counting engine: counts the solutions of a packing without listing them, by dynamic programming
 * over the frontier of a scan (a transfer matrix, or "broken profile"). It answers `--count` for puzzles
 * with many copies of few pieces (dominoes, trominoes, tetrominoes in rectangles and boxes), whose
 * solutions are far too many to enumerate: 12,988,816 domino tilings of 8x8 in about a millisecond, the
 * 37 digits of 16x16 in about a second.
 *
 * Scan. The cells are put in a *scan order*, rank 0..n-1: sorted by coordinates, the axes in the order
 * (of the 2 or 6 orders) that makes the *width* W least, W - 1 being the largest difference of rank
 * between a placement's first and last cells. A placement belongs to its first cell in scan order.
 * Step r decides rank r: it is covered already, or a placement belonging to it covers it, or (an
 * optional cell) it stays empty. Every solution is decided in exactly one way, so counts add up.
 *
 * State. Before step r, every placement chosen belongs to a rank < r, so it covers no rank past
 * r + W - 2: what the past leaves to the future is `mask`, bit j set when rank r + j is covered
 * (j < W - 1), and `code`, the copies used of each *tracked* piece and the pieces placed in all, as a
 * mixed-radix number (digit p = copies of tracked piece p, radix max_p + 1; last digit the total, radix
 * use + 1). Pieces are tracked only where their count can bind: not a piece that may be left out and has
 * copies enough to cover the board, and, in an exact packing (every cell covered, every piece's count
 * fixed), not the piece with the largest radix, whose count the area fixes once the others' are right.
 * Dominoes alone have no tracked piece: the state is the mask.
 * Invariants at the start of step r: `cur` holds each reachable state once (a hash on (mask, code)),
 * with the number of ways of deciding ranks 0..r-1 that reach it; no mask has a bit at W - 1 or above.
 * Transitions of a state with bit 0 clear: for each placement belonging to r (its cells as `pm`, bits of
 * ranks relative to r) whose piece has copies left and that meets no covered cell, the state
 * ((mask | pm) >>> 1, code + the piece's digit weight); and, when r is optional, (mask >>> 1, code). With
 * bit 0 set: (mask >>> 1, code). After step n - 1 every mask is 0; the states whose counts lie within
 * every piece's minimum and maximum (and equal `use`) are the solutions.
 *
 * Numbers. Counts are exact big integers kept as L limbs of 26 bits in a Float64Array (values[e*L + l]),
 * added as doubles and carried once per step: a state receives at most one addend per transition into
 * it (at most the placements of one rank, plus 2), so sums stay below 2^52, exact. The top limb is 0 at
 * the start of every step; when a carry reaches it, L grows by one limb before the next step.
 *
 * Limits, checked before anything is allocated: W <= 31 (masks are 32-bit words) and at most
 * MAX_FRONTIER_STATES states (2^(W-1) times the product of the radices bounds them).
 *
 * Counters: `nodes` = states expanded (over all steps); `updates` = transitions taken.
 */
import type { CountInSteps, Engine, SearchOptions, SearchResult } from './types.js';

export interface CountingSpec {
  readonly cellCount: number;
  /** Coordinates of each cell (x, y, z): the scan orders are made from them. */
  readonly coords: ReadonlyArray<readonly [number, number, number]>;
  /** Copies of each piece at most, and at least (default: the same). */
  readonly pieceCounts: ArrayLike<number>;
  readonly pieceMinimums?: ArrayLike<number>;
  readonly pieceSizes: ArrayLike<number>;
  /** Every placement: which piece, which cells. */
  readonly placements: ReadonlyArray<{ readonly piece: number; readonly cells: ArrayLike<number> }>;
  /** Cells that may stay empty. */
  readonly optionalCells?: readonly number[];
  /** Pieces placed in all, exactly, when set (`use`). */
  readonly totalPieces?: number;
}

/** States at most (each takes some 100 bytes in the two generations, with its limbs and hash slots). */
export const MAX_FRONTIER_STATES = 1 << 21;
/** The widest frontier: masks are 32-bit words. */
export const MAX_FRONTIER_WIDTH = 31;

const LIMB = 2 ** 26;

/** How a puzzle would be counted: the scan, the state, and what it costs at most (cheap to make). */
export interface FrontierPlan {
  /** Rank of each cell in the scan order. */
  readonly rank: Int32Array;
  /** W: bits of a placement's cells relative to its first cell, at most. */
  readonly width: number;
  /** Radix of each tracked counter (pieces, then the total when tracked). */
  readonly radices: readonly number[];
  /** The tracked piece of each counter (-1: the total of pieces placed). */
  readonly counterPieces: readonly number[];
  /** 2^(W-1) times the product of the radices: no step holds more states. */
  readonly stateBound: number;
  /**
   * Why the engine cannot count this puzzle, when it cannot: made only when asked, for the text writes
   * numbers with toLocaleString, whose first call loads ICU's number formats (12-35 ms here), and `auto`
   * only looks whether there is a reason before it goes on with another engine.
   */
  readonly unsupported?: () => string;
}

/** The axis orders to try: the slowest axis first, the fastest last. */
const AXIS_ORDERS_2D = [[1, 0], [0, 1]] as const;
const AXIS_ORDERS_3D = [[2, 1, 0], [2, 0, 1], [1, 2, 0], [1, 0, 2], [0, 2, 1], [0, 1, 2]] as const;

/**
 * The counters of the state (see the comment at the top): the tracked pieces (-1 for the total of pieces
 * placed), their radices, and the product of the radices (how many codes there can be). Needs no
 * placements: a puzzle with too many codes is refused before its placements are made.
 */
export function frontierCounters(spec: Pick<CountingSpec, 'cellCount' | 'pieceCounts' | 'pieceMinimums' | 'pieceSizes' | 'optionalCells' | 'totalPieces'>): { counterPieces: number[]; radices: number[]; product: number } {
  const n = spec.cellCount;
  const pieces = spec.pieceCounts.length;
  const min = (p: number): number => spec.pieceMinimums?.[p] ?? spec.pieceCounts[p]!;
  const optional = spec.optionalCells?.length ?? 0;
  const exact = optional === 0 && Array.from({ length: pieces }, (_, p) => min(p) === spec.pieceCounts[p]).every(Boolean);
  let tracked = Array.from({ length: pieces }, (_, p) => p)
    .filter((p) => !(min(p) === 0 && spec.pieceCounts[p]! * spec.pieceSizes[p]! >= n));
  let total = spec.totalPieces !== undefined;
  if (exact && tracked.length > 0) {
    // the area fixes the count of one piece once the others' are right, and then the total too
    const sum = Array.from({ length: pieces }, (_, p) => spec.pieceCounts[p]!).reduce((a, b) => a + b, 0);
    const loose = tracked.reduce((a, b) => (spec.pieceCounts[b]! > spec.pieceCounts[a]! ? b : a));
    tracked = tracked.filter((p) => p !== loose);
    if (spec.totalPieces === sum) total = false;
  }
  const counterPieces = [...tracked, ...(total ? [-1] : [])];
  const radices = counterPieces.map((p) => (p < 0 ? spec.totalPieces! : spec.pieceCounts[p]!) + 1);
  return { counterPieces, radices, product: radices.reduce((a, b) => a * b, 1) };
}

/**
 * The scan order with the narrowest frontier, and what counting on it would keep. With `widthLimit`,
 * undefined when every order's frontier is wider than that: a caller that has no use for wider ones
 * (engine-choice.ts's countingWidthLimit) stops measuring at once, where a full measure reads every
 * placement once per order (6-9 ms on pentomino 6x10, before the JIT has warmed up).
 */
export function planFrontier(spec: CountingSpec): FrontierPlan;
export function planFrontier(spec: CountingSpec, widthLimit: number): FrontierPlan | undefined;
export function planFrontier(spec: CountingSpec, widthLimit = Infinity): FrontierPlan | undefined {
  const n = spec.cellCount;
  const flat = spec.coords.every((c) => c[2] === spec.coords[0]?.[2]);
  let best: { rank: Int32Array; width: number } | undefined;
  for (const axes of flat ? AXIS_ORDERS_2D : AXIS_ORDERS_3D) {
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => {
      const p = spec.coords[a]!;
      const q = spec.coords[b]!;
      for (const axis of axes) if (p[axis] !== q[axis]) return p[axis] - q[axis];
      return 0;
    });
    const rank = new Int32Array(n);
    order.forEach((cell, r) => { rank[cell] = r; });
    let span = 0;
    for (const p of spec.placements) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = 0; k < p.cells.length; k++) {
        const r = rank[p.cells[k]!]!;
        if (r < lo) lo = r;
        if (r > hi) hi = r;
      }
      if (hi - lo > span) span = hi - lo;
      if ((best && span + 1 >= best.width) || span + 1 > widthLimit) break;
    }
    if (span + 1 <= widthLimit && (!best || span + 1 < best.width)) best = { rank, width: span + 1 };
  }
  if (!best && n > 0) return undefined;
  const { rank, width } = best ?? { rank: new Int32Array(0), width: 1 };

  const { counterPieces, radices, product } = frontierCounters(spec);
  const total = counterPieces.includes(-1);
  const stateBound = product * 2 ** (width - 1);
  const tracked = counterPieces.filter((p) => p >= 0).length;
  const counted = [tracked > 0 ? `the copies used of ${tracked} piece${tracked === 1 ? '' : 's'}` : '', total ? 'the pieces placed in all' : ''].filter(Boolean).join(' and ');
  const states = (): string => (stateBound >= 1e15 ? 'more than a million billion' : `up to ${stateBound.toLocaleString('en-US')}`);
  const unsupported = width > MAX_FRONTIER_WIDTH
    ? () => `the counting engine scans the board with a frontier of at most ${MAX_FRONTIER_WIDTH} cells, and this puzzle's pieces need ${width}`
    : stateBound > MAX_FRONTIER_STATES
      ? () => `the counting engine would keep ${states()} states (a frontier of ${width} cells${counted ? `, with ${counted}` : ''}), more than its limit of ${MAX_FRONTIER_STATES.toLocaleString('en-US')}`
      : undefined;
  return { rank, width, radices, counterPieces, stateBound, ...(unsupported ? { unsupported } : {}) };
}

/**
 * One generation of states: entries (mask, code, L limbs) in the order they were added, found by open
 * addressing on (mask, code) in `slots` (entry + 1; 0 is empty), kept at most half full by doubling.
 */
class StateTable {
  masks = new Int32Array(16);
  codes = new Float64Array(16);
  values = new Float64Array(16);
  size = 0;
  limbs = 1;
  private slots = new Int32Array(32);
  private shift = 27;

  /** Empties the table for states of `limbs` limbs, with room for `entries` of them before it grows. */
  reset(entries: number, limbs: number): void {
    this.size = 0;
    this.limbs = limbs;
    let bits = 5;
    while (1 << bits < 2 * entries) bits++;
    if (this.slots.length < 1 << bits) this.slots = new Int32Array(1 << bits);
    else this.slots.fill(0);
    this.shift = 32 - Math.log2(this.slots.length);
    this.reserve(this.slots.length >> 1);
  }

  private reserve(entries: number): void {
    if (this.masks.length < entries) {
      const masks = new Int32Array(entries);
      masks.set(this.masks.subarray(0, this.size));
      this.masks = masks;
      const codes = new Float64Array(entries);
      codes.set(this.codes.subarray(0, this.size));
      this.codes = codes;
    }
    if (this.values.length < entries * this.limbs) {
      const values = new Float64Array(entries * this.limbs);
      values.set(this.values.subarray(0, this.size * this.limbs));
      this.values = values;
    }
  }

  private slotOf(mask: number, code: number): number {
    const h = mask ^ Math.imul(code >>> 0, 0x85ebca6b) ^ Math.imul((code / 4294967296) | 0, 0xc2b2ae35);
    return Math.imul(h, 0x9e3779b1) >>> this.shift;
  }

  /** The entry of (mask, code), added with a count of 0 when new. */
  entry(mask: number, code: number): number {
    const wrap = this.slots.length - 1;
    let h = this.slotOf(mask, code);
    for (;;) {
      const s = this.slots[h]!;
      if (s === 0) break;
      if (this.masks[s - 1] === mask && this.codes[s - 1] === code) return s - 1;
      h = (h + 1) & wrap;
    }
    if (2 * (this.size + 1) > this.slots.length) {
      this.grow();
      return this.entry(mask, code);
    }
    const e = this.size++;
    this.slots[h] = e + 1;
    this.masks[e] = mask;
    this.codes[e] = code;
    this.values.fill(0, e * this.limbs, (e + 1) * this.limbs);
    return e;
  }

  /** Twice the slots, every entry hashed again. */
  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.shift--;
    this.reserve(this.slots.length >> 1);
    const wrap = this.slots.length - 1;
    for (let e = 0; e < this.size; e++) {
      let h = this.slotOf(this.masks[e]!, this.codes[e]!);
      while (this.slots[h] !== 0) h = (h + 1) & wrap;
      this.slots[h] = e + 1;
    }
  }

  /** Entry e's count as a big integer. */
  count(e: number): bigint {
    let v = 0n;
    for (let l = this.limbs - 1; l >= 0; l--) v = (v << 26n) + BigInt(this.values[e * this.limbs + l]!);
    return v;
  }
}

/** A count in progress: one step per rank of the scan (see the comment at the top). */
export class FrontierCount implements CountInSteps {
  private cur = new StateTable();
  private next = new StateTable();
  /** Ranks decided so far. */
  rank = 0;
  nodes = 0;
  updates = 0;

  constructor(private readonly counter: FrontierCounter) {
    this.cur.reset(1, 2);
    const e = this.cur.entry(0, 0);
    this.cur.values[e * 2] = 1;
  }

  get done(): boolean {
    return this.rank >= this.counter.cellCount;
  }

  get fraction(): number {
    return this.rank / this.counter.cellCount;
  }

  /** Decides the next rank of the scan. */
  step(): void {
    const c = this.counter;
    const r = this.rank;
    const cur = this.cur;
    const next = this.next;
    const L = cur.limbs;
    const first = c.groupStart[r]!;
    const last = c.groupStart[r + 1]!;
    // about as many states as now, once the frontier is full (the table grows when there are more)
    next.reset(Math.min(c.stateBound, cur.size + 16), L);
    const optional = c.optional[r] === 1;
    let updates = 0;
    for (let e = 0; e < cur.size; e++) {
      const mask = cur.masks[e]!;
      const code = cur.codes[e]!;
      const from = e * L;
      if ((mask & 1) !== 0 || optional) {
        const t = next.entry(mask >>> 1, code) * L;
        for (let l = 0; l < L; l++) next.values[t + l]! += cur.values[from + l]!;
        updates++;
        if ((mask & 1) !== 0) continue;
      }
      for (let g = first; g < last; g++) {
        const counter = c.groupCounter[g]!;
        if (counter >= 0 && Math.floor(code / c.weights[counter]!) % c.radices[counter]! === c.radices[counter]! - 1) continue;
        if (c.totalCounter >= 0 && Math.floor(code / c.weights[c.totalCounter]!) === c.radices[c.totalCounter]! - 1) continue;
        const moved = code + c.groupDelta[g]!;
        for (let k = c.maskStart[g]!; k < c.maskStart[g + 1]!; k++) {
          const pm = c.masks[k]!;
          if ((mask & pm) !== 0) continue;
          const t = next.entry((mask | pm) >>> 1, moved) * L;
          for (let l = 0; l < L; l++) next.values[t + l]! += cur.values[from + l]!;
          updates++;
        }
      }
    }
    // carry: every limb below 2^26 again; a carry into the top limb adds a limb for the next step
    let grow = false;
    const values = next.values;
    for (let e = 0; e < next.size; e++) {
      let carry = 0;
      const o = e * L;
      for (let l = 0; l < L; l++) {
        const x = values[o + l]! + carry;
        carry = Math.floor(x / LIMB);
        values[o + l] = x - carry * LIMB;
      }
      if (values[o + L - 1] !== 0) grow = true;
    }
    if (grow) {
      const wider = new Float64Array(next.size * (L + 1));
      for (let e = 0; e < next.size; e++) for (let l = 0; l < L; l++) wider[e * (L + 1) + l] = values[e * L + l]!;
      next.values = wider;
      next.limbs = L + 1;
    }
    this.nodes += cur.size;
    this.updates += updates;
    this.cur = next;
    this.next = cur;
    this.rank++;
  }

  /** The number of solutions, once done: the final states whose counters are within their bounds. */
  total(): bigint {
    const c = this.counter;
    let sum = 0n;
    for (let e = 0; e < this.cur.size; e++) {
      let code = this.cur.codes[e]!;
      let ok = this.cur.masks[e] === 0;
      for (let k = 0; k < c.radices.length && ok; k++) {
        const used = code % c.radices[k]!;
        code = (code - used) / c.radices[k]!;
        ok = used >= c.counterMinimums[k]!;
      }
      if (ok) sum += this.cur.count(e);
    }
    return sum;
  }
}

/**
 * The engine: the transitions of each rank, built once; `search` counts at once, `start` steps through a
 * count (for runs that yield to the event loop between steps).
 */
export class FrontierCounter implements Engine {
  readonly name = 'count' as const;
  readonly cellCount: number;
  readonly plan: FrontierPlan;
  readonly stateBound: number;
  /** Per rank r: groups groupStart[r] .. groupStart[r+1]-1, each the placements of one piece belonging to r. */
  readonly groupStart: Int32Array;
  /** Per group: its counter (-1: the piece is not tracked), its code increment, its masks maskStart[g] .. maskStart[g+1]-1. */
  readonly groupCounter: Int32Array;
  readonly groupDelta: Float64Array;
  readonly maskStart: Int32Array;
  readonly masks: Int32Array;
  readonly optional: Uint8Array;
  readonly radices: Float64Array;
  readonly weights: Float64Array;
  readonly counterMinimums: Float64Array;
  /** The counter of the total of pieces placed, or -1. */
  readonly totalCounter: number;

  constructor(spec: CountingSpec, plan: FrontierPlan = planFrontier(spec)) {
    if (plan.unsupported) throw new RangeError(plan.unsupported());
    const n = spec.cellCount;
    this.cellCount = n;
    this.plan = plan;
    this.stateBound = plan.stateBound;
    const { rank, radices, counterPieces } = plan;
    this.radices = Float64Array.from(radices);
    this.weights = new Float64Array(radices.length);
    for (let k = 0, w = 1; k < radices.length; w *= radices[k]!, k++) this.weights[k] = w;
    this.counterMinimums = Float64Array.from(counterPieces, (p) => (p < 0 ? spec.totalPieces! : spec.pieceMinimums?.[p] ?? spec.pieceCounts[p]!));
    this.totalCounter = counterPieces.indexOf(-1);
    const counterOf = new Int32Array(spec.pieceCounts.length).fill(-1);
    counterPieces.forEach((p, k) => { if (p >= 0) counterOf[p] = k; });
    this.optional = new Uint8Array(n);
    for (const c of spec.optionalCells ?? []) this.optional[rank[c]!] = 1;
    // placements by (first rank, piece), each as the bits of its cells' ranks relative to the first
    const keyed = spec.placements.map((p) => {
      let lo = Infinity;
      for (let k = 0; k < p.cells.length; k++) lo = Math.min(lo, rank[p.cells[k]!]!);
      let bits = 0;
      for (let k = 0; k < p.cells.length; k++) bits |= 1 << (rank[p.cells[k]!]! - lo);
      return { first: lo, piece: p.piece, bits };
    });
    keyed.sort((a, b) => a.first - b.first || a.piece - b.piece);
    this.masks = Int32Array.from(keyed, (k) => k.bits);
    const groupStart = new Int32Array(n + 1);
    const starts: number[] = [];
    const counters: number[] = [];
    const deltas: number[] = [];
    let r = 0;
    keyed.forEach((k, i) => {
      while (r <= k.first) groupStart[r++] = starts.length;
      if (i === 0 || keyed[i - 1]!.first !== k.first || keyed[i - 1]!.piece !== k.piece) {
        starts.push(i);
        const counter = counterOf[k.piece]!;
        counters.push(counter);
        deltas.push((counter >= 0 ? this.weights[counter]! : 0) + (this.totalCounter >= 0 ? this.weights[this.totalCounter]! : 0));
      }
    });
    while (r <= n) groupStart[r++] = starts.length;
    starts.push(keyed.length);
    this.groupStart = groupStart;
    this.maskStart = Int32Array.from(starts);
    this.groupCounter = Int32Array.from(counters);
    this.groupDelta = Float64Array.from(deltas);
  }

  start(): FrontierCount {
    return new FrontierCount(this);
  }

  /** The count a step (a rank of the scan) at a time: it has no branches to share out. */
  countInSteps(): CountInSteps {
    return this.start();
  }

  /**
   * Counts every solution. The signal and the deadline are read between steps (and onTick called with
   * the states expanded so far); stopped before the end, the count is unknown: 0, and not complete.
   */
  search(options: SearchOptions = {}): SearchResult {
    if ((options.prefix?.length ?? 0) > 0) throw new RangeError('the counting engine has no branches to follow');
    const run = this.start();
    while (!run.done) {
      options.onTick?.(run.nodes);
      if (options.signal?.aborted || (options.deadline !== undefined && Date.now() >= options.deadline)) {
        return { solutions: 0, nodes: run.nodes, updates: run.updates, complete: false };
      }
      run.step();
    }
    const exact = run.total();
    return { solutions: Number(exact), exactSolutions: exact, nodes: run.nodes, updates: run.updates, complete: true };
  }

  /** No branches: a count is one piece of work, never cut into subproblems. */
  branches(): number[] {
    return [];
  }
}
