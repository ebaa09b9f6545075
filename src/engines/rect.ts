import { DeadStates } from './dead-states.js';
import type { Engine, SearchOptions, SearchResult } from './types.js';
import { CHECK_INTERVAL } from './types.js';
import { restAfterStop } from './rest.js';

/**
 * Rectangle packing by the skyline (Calibron class: few, large rectangular pieces, where a cell-level
 * exact-cover matrix would be huge).
 *
 * Every piece goes into the left corner of a well (see corner()): the top-most, left-most free corner is
 * one, and the well that fits the fewest pieces is taken. Filling that way keeps the filled region
 * top-justified in every column, so the free region is described by its skyline: the segments
 * (x, width, depth) of equal filled depth, left to right, neighbours of equal depth merged. A well is a
 * segment whose neighbours are both deeper; a piece fits at its left corner when it is no wider than the
 * well and no taller than the room below it.
 *
 * Memory: the segments form a doubly linked list in one Int32Array `mem`, five words per node:
 * [next, prev, x, width, depth]; node 0 is the list head (its depth is a sentinel larger than any board).
 * Every write to `mem` goes through `set`, which pushes (index, old value) on the trail; undoing a
 * placement pops the trail back to the mark taken before it, so a step and its undo cost O(1) words
 * (a placement changes at most a dozen). Nodes are allocated from a bump pointer kept in `mem` as well,
 * so allocation is undone by the same trail.
 *
 * Pruning, before branching at a node: the sides of the remaining pieces, one side per piece copy, give a
 * set of achievable sums (a bit set: shift-or per copy). Each well (a segment whose neighbours are both
 * deeper, or the board's edge) must be filled exactly across by the pieces whose tops sit on it, so its
 * width must be such a sum; and the free height under every segment is a stack of pieces, so it must be
 * one too. In particular no gap is narrower than the smallest remaining side.
 *
 * Pieces are tried largest area first (a good value ordering: the first Calibron solution comes after a
 * few thousand nodes rather than a million), identical copies once per position.
 *
 * Groups. What can still be done from a node depends on the skyline and on the sides of the pieces left,
 * not on their names: pieces of the same sides (as an unordered pair) form a group, and the achievable
 * sums, the count of choices at a well and the dead states are all kept per group. Ten thousand distinct
 * unit squares are then one group of ten thousand, not ten thousand types to scan at every node. (The
 * restricted piece of symmetry breaking is a group of its own: where it may go is part of the state.)
 *
 * The search is iterative (an explicit stack of levels, one per piece placed): a puzzle of ten thousand
 * pieces is ten thousand levels deep, deeper than the call stack goes. Stopped by the clock or the signal,
 * it names what is left (SearchResult.rest) from the path it stopped on (levelCode). `branches` keeps the state of the
 * last prefix it was asked about and moves from there, so a random walk down the tree (estimate.ts) costs
 * one placement per step rather than the whole prefix again.
 */
export interface RectSpec {
  readonly width: number;
  readonly height: number;
  readonly pieces: ReadonlyArray<{ readonly w: number; readonly h: number; readonly count: number }>;
  /**
   * Symmetry breaking: `piece` (one copy) may only go where `allowed(x, y, w, h)` says. The caller keeps
   * one placement per orbit under the board's symmetries, so the search finds one solution per class.
   */
  readonly restrict?: { readonly piece: number; readonly allowed: (x: number, y: number, w: number, h: number) => boolean };
}

const NEXT = 0;
const PREV = 1;
const X = 2;
const W = 3;
const D = 4;
const NODE = 5;
/** Dead states are remembered only with at least this many pieces left: below, subtrees are too small to pay. */
const MEMO_MIN_LEFT = 3;
/** mem[ALLOC] is the next free node number. */
const ALLOC = 0 * NODE + X;

export class RectanglePacker implements Engine {
  readonly name = 'rect' as const;
  private readonly width: number;
  private readonly height: number;
  /** Piece types in trial order (largest area first) and their original indices. */
  private readonly pw: Int32Array;
  private readonly ph: Int32Array;
  private readonly original: Int32Array;
  private readonly orderOf: Int32Array;
  private readonly left: Int32Array;
  /** Group of each piece type (trial order); per group its sides, copies left and types with copies left. */
  private readonly groupOf: Int32Array;
  private readonly gw: Int32Array;
  private readonly gh: Int32Array;
  private readonly groupLeft: Int32Array;
  private readonly groupTypesLeft: Int32Array;
  private readonly restrictedGroup: number;
  /** The types with copies left, in trial order: a list linked through nextType/prevType, head = the number of types. */
  private readonly nextType: Int32Array;
  private readonly prevType: Int32Array;
  private readonly mem: Int32Array;
  private trail: Int32Array;
  private trailTop = 0;
  private readonly sumWords: number;
  /**
   * Achievable side sums depend only on how many copies of each group are left: the state number
   * `state` = sum over groups of groupLeft[g] * radix[g]. They are computed once per state and kept in
   * `sumTable` (sumWords words per state; `sumKnown` marks the computed ones), or per node when the states
   * are too many (`numbered` false: the dead states then spell the copies left out, group by group).
   */
  private readonly radix: Int32Array;
  private readonly numbered: boolean;
  private state = 0;
  private readonly sumTable: Uint32Array | undefined;
  private readonly sumKnown: Uint8Array | undefined;
  private readonly scratch: Uint32Array;
  private sumBase = 0;
  /** The placement stack: 5 ints per placed piece, [piece, x, y, w, h]. */
  private readonly placed: Int32Array;
  private depth = 0;
  private readonly total: number;
  /** The restricted piece in trial order (-1: none) and its rule. */
  private readonly restricted: number;
  /** For the restricted piece: permitted[(y * width + x) * 2 + rotated] (rotated: placed as h x w). */
  private readonly permittedAt: Uint8Array | undefined;
  /** Skylines (with the copies left) known to lead to no solution; kept across searches. */
  private readonly dead = new DeadStates();
  private readonly stateKey: Int32Array;
  /** The search's stack, one entry per level: the segment branched on, the next choice, the trail mark, the solutions before. */
  private readonly levelSegment: Int32Array;
  private readonly levelChoice: Int32Array;
  private readonly levelMark: Int32Array;
  /** The choice code (as branches() gives it) applied at each level, for the path where a search stopped. */
  private readonly levelCode: Int32Array;
  /** Set when the clock or the signal stopped the search: the codes from the root to the choice not entered. */
  private stopPath: number[] | undefined;
  private readonly levelSolutions: Float64Array;
  private readonly levelRemember: Uint8Array;
  /** The prefix whose placements are on the board now (branches() goes on from it), and the trail mark before each. */
  private applied: number[] = [];
  private readonly appliedMark: Int32Array;
  private nodes = 0;
  /** Words written to the skyline (each one trailed): the unit of work. */
  private updates = 0;
  private solutions = 0;
  private stopped = false;
  private options: SearchOptions = {};
  private limit = Infinity;
  private nextCheck = CHECK_INTERVAL;

  constructor(spec: RectSpec) {
    const { width, height, pieces } = spec;
    for (const [what, v] of [['width', width], ['height', height]] as const) {
      if (!Number.isInteger(v) || v < 1) throw new Error(`rectangle packing: board ${what} must be a positive integer, not ${v}`);
    }
    pieces.forEach((p, i) => {
      if (!Number.isInteger(p.w) || !Number.isInteger(p.h) || p.w < 1 || p.h < 1 || !Number.isInteger(p.count) || p.count < 1) {
        throw new Error(`rectangle packing: piece ${i} must have positive whole w, h and count`);
      }
    });
    this.width = width;
    this.height = height;
    const order = pieces.map((_, i) => i).sort((a, b) => pieces[b]!.w * pieces[b]!.h - pieces[a]!.w * pieces[a]!.h || a - b);
    this.original = Int32Array.from(order);
    this.orderOf = new Int32Array(pieces.length);
    order.forEach((o, k) => { this.orderOf[o] = k; });
    this.pw = Int32Array.from(order, (i) => pieces[i]!.w);
    this.ph = Int32Array.from(order, (i) => pieces[i]!.h);
    this.left = Int32Array.from(order, (i) => pieces[i]!.count);
    this.total = pieces.reduce((n, p) => n + p.count, 0);
    this.restricted = spec.restrict ? this.orderOf[spec.restrict.piece]! : -1;
    if (spec.restrict) {
      const { allowed } = spec.restrict;
      const p = pieces[spec.restrict.piece]!;
      this.permittedAt = new Uint8Array(width * height * 2);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 2;
          this.permittedAt[at] = x + p.w <= width && y + p.h <= height && allowed(x, y, p.w, p.h) ? 1 : 0;
          this.permittedAt[at + 1] = x + p.h <= width && y + p.w <= height && allowed(x, y, p.h, p.w) ? 1 : 0;
        }
      }
    }
    // Groups: types of the same sides (unordered), the restricted type alone.
    this.groupOf = new Int32Array(order.length);
    const groupKey = new Map<string, number>();
    const gw: number[] = [];
    const gh: number[] = [];
    for (let k = 0; k < order.length; k++) {
      const [a, b] = [Math.min(this.pw[k]!, this.ph[k]!), Math.max(this.pw[k]!, this.ph[k]!)];
      const key = k === this.restricted ? 'restricted' : `${a}x${b}`;
      let g = groupKey.get(key);
      if (g === undefined) {
        g = gw.length;
        groupKey.set(key, g);
        gw.push(a);
        gh.push(b);
      }
      this.groupOf[k] = g;
    }
    this.restrictedGroup = this.restricted >= 0 ? this.groupOf[this.restricted]! : -1;
    this.gw = Int32Array.from(gw);
    this.gh = Int32Array.from(gh);
    const groups = gw.length;
    this.groupLeft = new Int32Array(groups);
    this.groupTypesLeft = new Int32Array(groups);
    for (let k = 0; k < order.length; k++) {
      this.groupLeft[this.groupOf[k]!]! += this.left[k]!;
      this.groupTypesLeft[this.groupOf[k]!]!++;
    }
    const n = order.length;
    this.nextType = Int32Array.from({ length: n + 1 }, (_, k) => (k + 1) % (n + 1));
    this.prevType = Int32Array.from({ length: n + 1 }, (_, k) => (k + n) % (n + 1));
    this.placed = new Int32Array(5 * this.total);
    // the state (or the copies left of each group), then width and depth of at most total + 1 segments
    this.stateKey = new Int32Array(1 + groups + 2 * (this.total + 1));
    // At most one new segment per placed piece, plus the head and the first segment.
    this.mem = new Int32Array(NODE * (this.total + 2));
    this.trail = new Int32Array(256);
    this.sumWords = (Math.max(width, height) >> 5) + 1;
    this.radix = new Int32Array(groups);
    let states = 1;
    for (let g = 0; g < groups; g++) {
      this.radix[g] = states;
      states *= this.groupLeft[g]! + 1;
      if (states > 1 << 30) break;
    }
    // State numbers are exact only while they fit: past that, sums are computed per node and the dead
    // states spell the copies left out (a number that wrapped around would make two states one).
    this.numbered = states <= 1 << 30;
    if (!this.numbered) this.radix.fill(0);
    if (this.numbered && states * this.sumWords <= 1 << 22) {
      this.sumTable = new Uint32Array(states * this.sumWords);
      this.sumKnown = new Uint8Array(states);
    }
    this.scratch = new Uint32Array(this.sumWords);
    this.state = 0;
    for (let g = 0; g < groups; g++) this.state += this.groupLeft[g]! * this.radix[g]!;
    const levels = this.total + 1;
    this.levelSegment = new Int32Array(levels);
    this.levelChoice = new Int32Array(levels);
    this.levelMark = new Int32Array(levels);
    this.levelCode = new Int32Array(levels);
    this.levelSolutions = new Float64Array(levels);
    this.levelRemember = new Uint8Array(levels);
    this.appliedMark = new Int32Array(levels);
    this.reset();
  }

  private reset(): void {
    const m = this.mem;
    m.fill(0);
    // head (node 0): a circular list; its depth is deeper than any board, so it bounds both ends
    m[NEXT] = 1; m[PREV] = 1; m[D] = 0x3fffffff; m[ALLOC] = 2;
    m[NODE + NEXT] = 0; m[NODE + PREV] = 0; m[NODE + X] = 0; m[NODE + W] = this.width; m[NODE + D] = 0;
    this.trailTop = 0;
    this.depth = 0;
  }

  private set(index: number, value: number): void {
    if (this.trailTop + 2 > this.trail.length) {
      const bigger = new Int32Array(this.trail.length * 2);
      bigger.set(this.trail);
      this.trail = bigger;
    }
    this.updates++;
    this.trail[this.trailTop++] = index;
    this.trail[this.trailTop++] = this.mem[index]!;
    this.mem[index] = value;
  }

  private undoTo(mark: number): void {
    const m = this.mem;
    const t = this.trail;
    while (this.trailTop > mark) {
      const old = t[--this.trailTop]!;
      m[t[--this.trailTop]!] = old;
    }
  }

  /**
   * The segment to branch on: 0 when the board is full, -1 when some well can take no piece (dead).
   * In a well (a segment whose neighbours are both deeper, or the board's edges) the free cell at the left
   * end has filled cells above and to its left, so some piece must have its top-left corner exactly there,
   * and be no wider than the well (filled cells on both sides): any well is a complete choice. The one
   * that fits the fewest pieces is taken (fail first; the least deep segment, the classic choice, is
   * always a well).
   */
  private corner(): number {
    const m = this.mem;
    const H = this.height;
    const groups = this.gw.length;
    let best = 0;
    let bestCount = Infinity;
    for (let s = m[NEXT]!; s !== 0; s = m[s * NODE + NEXT]!) {
      const b = s * NODE;
      const d = m[b + D]!;
      if (d === H || m[m[b + PREV]! * NODE + D]! <= d || m[m[b + NEXT]! * NODE + D]! <= d) continue;
      const room = H - d;
      const segW = m[b + W]!;
      // choices here: each type with copies left, in each orientation that fits (counted group by group)
      let count = 0;
      for (let g = 0; g < groups && count < bestCount; g++) {
        const types = this.groupTypesLeft[g]!;
        if (types === 0) continue;
        const a = this.gw[g]!;
        const c = this.gh[g]!;
        const k = g === this.restrictedGroup ? this.restricted : -1;
        if (a <= segW && c <= room && (k < 0 || this.permitted(k, s, a))) count += types;
        if (a !== c && c <= segW && a <= room && (k < 0 || this.permitted(k, s, c))) count += types;
      }
      if (count === 0) return -1;
      if (count < bestCount) {
        bestCount = count;
        best = s;
      }
    }
    return best;
  }

  /** Puts a w x h piece at the corner of segment s (the caller checked it fits). */
  private place(s: number, w: number, h: number): void {
    const m = this.mem;
    const base = s * NODE;
    const depth = m[base + D]! + h;
    let cur: number;
    if (w === m[base + W]!) {
      this.set(base + D, depth);
      cur = s;
    } else {
      const t = m[ALLOC]!;
      this.set(ALLOC, t + 1);
      const tb = t * NODE;
      const prev = m[base + PREV]!;
      this.set(tb + NEXT, s); this.set(tb + PREV, prev);
      this.set(tb + X, m[base + X]!); this.set(tb + W, w); this.set(tb + D, depth);
      this.set(prev * NODE + NEXT, t); this.set(base + PREV, t);
      this.set(base + X, m[base + X]! + w); this.set(base + W, m[base + W]! - w);
      cur = t;
    }
    // merge with an equally deep neighbour on either side
    const prev = m[cur * NODE + PREV]!;
    if (prev !== 0 && m[prev * NODE + D] === depth) {
      this.set(prev * NODE + W, m[prev * NODE + W]! + m[cur * NODE + W]!);
      this.unlink(cur);
      cur = prev;
    }
    const next = m[cur * NODE + NEXT]!;
    if (next !== 0 && m[next * NODE + D] === depth) {
      this.set(cur * NODE + W, m[cur * NODE + W]! + m[next * NODE + W]!);
      this.unlink(next);
    }
  }

  private unlink(s: number): void {
    const m = this.mem;
    const next = m[s * NODE + NEXT]!;
    const prev = m[s * NODE + PREV]!;
    this.set(prev * NODE + NEXT, next);
    this.set(next * NODE + PREV, prev);
  }

  /** False when some well or some column below the skyline cannot be made from the remaining sides. */
  private feasible(): boolean {
    const sums = this.sideSums();
    const o = this.sumBase;
    const m = this.mem;
    const H = this.height;
    for (let s = m[NEXT]!; s !== 0; s = m[s * NODE + NEXT]!) {
      const b = s * NODE;
      const d = m[b + D]!;
      const room = H - d;
      if (room === 0) continue;
      if (!(sums[o + (room >> 5)]! & (1 << (room & 31)))) return false;
      if (m[m[b + PREV]! * NODE + D]! > d && m[m[b + NEXT]! * NODE + D]! > d) {
        const w = m[b + W]!;
        if (!(sums[o + (w >> 5)]! & (1 << (w & 31)))) return false;
      }
    }
    return true;
  }

  /**
   * Sums of one side per remaining piece copy (or none), for the current state: returns the array and
   * sets `sumBase` to the word where they start (no view is allocated per node).
   */
  private sideSums(): Uint32Array {
    const words = this.sumWords;
    const table = this.sumTable;
    let sums: Uint32Array;
    let base = 0;
    if (table) {
      sums = table;
      base = this.state * words;
      this.sumBase = base;
      if (this.sumKnown![this.state]) return sums;
      this.sumKnown![this.state] = 1;
    } else {
      sums = this.scratch;
      this.sumBase = 0;
    }
    sums.fill(0, base, base + words);
    sums[base] = 1;
    // Only sums up to the longer side of the board are ever asked for, and each copy adds its shorter side
    // or more (or nothing): past longest / shorter copies of a group, more add no sum that matters.
    const longest = Math.max(this.width, this.height);
    for (let g = 0; g < this.gw.length; g++) {
      const copies = Math.min(this.groupLeft[g]!, Math.floor(longest / this.gw[g]!));
      for (let c = copies; c > 0; c--) shiftOr2(sums, base, words, this.gw[g]!, this.gh[g]!);
    }
    return sums;
  }

  private record(k: number, s: number, w: number, h: number): void {
    const p = this.placed;
    const i = this.depth * 5;
    p[i] = this.original[k]!;
    p[i + 1] = this.mem[s * NODE + X]!;
    p[i + 2] = this.mem[s * NODE + D]!;
    p[i + 3] = w;
    p[i + 4] = h;
  }

  /** False when the restricted piece may not go at segment s with width w. */
  private permitted(k: number, s: number, w: number): boolean {
    if (k !== this.restricted) return true;
    const at = (this.mem[s * NODE + D]! * this.width + this.mem[s * NODE + X]!) * 2;
    return this.permittedAt![at + (w === this.pw[k] ? 0 : 1)] === 1;
  }

  /** One copy of type k placed (the caller records where) or taken back: the counts of its type and group. */
  private take(k: number): void {
    const g = this.groupOf[k]!;
    if (--this.left[k]! === 0) {
      this.groupTypesLeft[g]!--;
      this.nextType[this.prevType[k]!] = this.nextType[k]!;
      this.prevType[this.nextType[k]!] = this.prevType[k]!;
    }
    this.groupLeft[g]!--;
    this.state -= this.radix[g]!;
    this.depth++;
  }

  private giveBack(): void {
    this.depth--;
    const k = this.orderOf[this.placed[this.depth * 5]!]!;
    const g = this.groupOf[k]!;
    if (this.left[k]!++ === 0) {
      // taken back in the reverse order of taking: the neighbours it had are its neighbours again
      this.groupTypesLeft[g]!++;
      this.nextType[this.prevType[k]!] = k;
      this.prevType[this.nextType[k]!] = k;
    }
    this.groupLeft[g]!++;
    this.state += this.radix[g]!;
  }

  /** Applies one choice code at the current corner; false (and nothing changed) when it does not fit. */
  private apply(code: number): boolean {
    const piece = code >> 1;
    if (!Number.isInteger(code) || piece < 0 || piece >= this.pw.length) throw new RangeError(`rectangle packing: no choice code ${code}`);
    const k = this.orderOf[piece]!;
    const rotated = (code & 1) === 1;
    const w = rotated ? this.ph[k]! : this.pw[k]!;
    const h = rotated ? this.pw[k]! : this.ph[k]!;
    if (this.depth >= this.total || this.left[k] === 0 || (rotated && w === h)) return false;
    const s = this.corner();
    if (s <= 0) return false;
    const b = s * NODE;
    if (w > this.mem[b + W]! || this.mem[b + D]! + h > this.height || !this.permitted(k, s, w)) return false;
    this.record(k, s, w, h);
    this.place(s, w, h);
    this.take(k);
    return true;
  }

  /** Takes every placement back: the empty board (also after a search that a callback's exception cut short). */
  private clear(): void {
    while (this.depth > 0) this.giveBack();
    this.undoTo(0);
    this.applied.length = 0;
  }

  /**
   * Puts the board in the state of `prefix`, from the state of the prefix applied last: the choices they
   * share stay, the others are taken back and the rest applied. False when a choice does not fit: the
   * board then holds the choices before it. The first `same` choices are known to be shared (see
   * Engine.branches) and are not compared.
   */
  private moveTo(prefix: readonly number[], same = 0): boolean {
    const applied = this.applied;
    let common = Math.min(same, applied.length);
    while (common < applied.length && common < prefix.length && applied[common] === prefix[common]) common++;
    if (common < applied.length) {
      while (this.depth > common) this.giveBack();
      this.undoTo(this.appliedMark[common]!);
      applied.length = common;
    }
    for (let i = common; i < prefix.length; i++) {
      const mark = this.trailTop;
      if (!this.apply(prefix[i]!)) return false;
      this.appliedMark[i] = mark;
      applied.push(prefix[i]!);
    }
    return true;
  }

  branches(prefix: readonly number[], same = 0): number[] {
    const out: number[] = [];
    if (this.moveTo(prefix, same) && this.depth < this.total && this.feasible()) {
      const s = this.corner();
      if (s > 0) {
        const b = s * NODE;
        const room = this.height - this.mem[b + D]!;
        const segW = this.mem[b + W]!;
        for (let k = 0; k < this.pw.length; k++) {
          if (this.left[k] === 0) continue;
          const w = this.pw[k]!;
          const h = this.ph[k]!;
          if (w <= segW && h <= room && this.permitted(k, s, w)) out.push(this.original[k]! * 2);
          if (w !== h && h <= segW && w <= room && this.permitted(k, s, h)) out.push(this.original[k]! * 2 + 1);
        }
      }
    }
    return out;
  }

  search(options: SearchOptions = {}): SearchResult {
    this.options = options;
    this.limit = options.limit ?? Infinity;
    this.nodes = 0;
    this.updates = 0;
    this.solutions = 0;
    this.stopped = false;
    this.stopPath = undefined;
    this.nextCheck = CHECK_INTERVAL;
    const prefix = options.prefix ?? [];
    if (this.limit <= 0) return { solutions: 0, nodes: 0, updates: 0, complete: false };
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() >= options.deadline)) {
      return { solutions: 0, nodes: 0, updates: 0, complete: false, rest: [[...prefix]] };
    }
    try {
      if (this.moveTo(prefix)) this.explore();
    } finally {
      // the next search or branches() starts from the empty board
      this.clear();
    }
    const result = { solutions: this.solutions, nodes: this.nodes, updates: this.updates, complete: !this.stopped };
    if (!this.stopPath) return result;
    // (the search stopped before entering the path's last choice: its subtree comes first)
    const rest = restAfterStop((p) => this.branches(p), this.stopPath, prefix.length, true);
    this.clear();
    return rest ? { ...result, rest } : result;
  }

  /**
   * The subtree of the current state, depth first, without recursion: level d (d = this.depth, from the
   * starting depth on) keeps the segment it branches on, the next choice code to try there (type * 2 +
   * rotated, types in trial order) and the trail mark before its child's placement.
   */
  private explore(): void {
    const base = this.depth;
    if (!this.open()) return;
    for (;;) {
      const d = this.depth;
      const choice = this.stopped ? -1 : this.nextChoice(d);
      if (choice >= 0) {
        const k = choice >> 1;
        // what to try after this choice: type k turned, or the next type with copies left (while k is linked)
        this.levelChoice[d] = (choice & 1) === 0 && this.pw[k] !== this.ph[k] ? choice + 1 : 2 * this.nextType[k]!;
        this.levelCode[d] = this.original[k]! * 2 + (choice & 1);
        if (++this.nodes >= this.nextCheck) {
          this.check();
          // stopped by the clock or the signal before entering this choice: the path to it, for the rest
          if (this.stopped) this.stopPath = [...this.applied, ...this.levelCode.subarray(base, d + 1)];
        }
        if (this.stopped) continue;
        const s = this.levelSegment[d]!;
        const w = (choice & 1) === 0 ? this.pw[k]! : this.ph[k]!;
        const h = (choice & 1) === 0 ? this.ph[k]! : this.pw[k]!;
        this.levelMark[d] = this.trailTop;
        this.record(k, s, w, h);
        this.place(s, w, h);
        this.take(k);
        if (!this.open()) {
          this.giveBack();
          this.undoTo(this.levelMark[d]!);
        }
        continue;
      }
      // every choice here tried (or the search stopped): a node that led to no solution is dead
      if (!this.stopped && this.levelRemember[d] === 1 && this.solutions === this.levelSolutions[d]) {
        this.dead.add(this.stateKey, this.writeStateKey());
      }
      if (d === base) return;
      this.giveBack();
      this.undoTo(this.levelMark[d - 1]!);
    }
  }

  /**
   * Enters the node of the current state: false when there is nothing to search below it (a solution,
   * recorded; a dead end; a state known dead), else its level is set up for nextChoice.
   */
  private open(): boolean {
    const d = this.depth;
    const s = this.corner();
    if (s <= 0) {
      if (s === 0 && d === this.total) this.found();
      return false;
    }
    if (d === this.total || !this.feasible()) return false;
    // Many orders of placing the same pieces leave the same skyline: a state once searched in vain is not
    // searched again (about half the nodes of the Calibron puzzle).
    const remember = d + MEMO_MIN_LEFT <= this.total;
    if (remember && this.dead.has(this.stateKey, this.writeStateKey())) return false;
    this.levelSegment[d] = s;
    this.levelChoice[d] = 2 * this.nextType[this.pw.length]!;
    this.levelSolutions[d] = this.solutions;
    this.levelRemember[d] = remember ? 1 : 0;
    return true;
  }

  /**
   * The next choice code at level d that fits its segment, from levelChoice[d] on (a type with copies left,
   * and its orientation); -1 when none is left. Types run through the list of those with copies left.
   */
  private nextChoice(d: number): number {
    const s = this.levelSegment[d]!;
    const b = s * NODE;
    const room = this.height - this.mem[b + D]!;
    const segW = this.mem[b + W]!;
    const head = this.pw.length;
    let c = this.levelChoice[d]!;
    for (let k = c >> 1; k !== head; k = c >> 1) {
      const pw = this.pw[k]!;
      const ph = this.ph[k]!;
      const rotated = (c & 1) === 1;
      const w = rotated ? ph : pw;
      const h = rotated ? pw : ph;
      if (w <= segW && h <= room && (k !== this.restricted || this.permitted(k, s, w))) return c;
      c = !rotated && pw !== ph ? c + 1 : 2 * this.nextType[k]!;
    }
    return -1;
  }

  /**
   * Writes the state to `stateKey`: the state number (or, when states are not numbered, the copies left of
   * each group), then each segment's width and depth; returns its length.
   */
  private writeStateKey(): number {
    const m = this.mem;
    const key = this.stateKey;
    let n = 0;
    if (this.numbered) key[n++] = this.state;
    else for (let g = 0; g < this.groupLeft.length; g++) key[n++] = this.groupLeft[g]!;
    for (let s = m[NEXT]!; s !== 0; s = m[s * NODE + NEXT]!) {
      key[n++] = m[s * NODE + W]!;
      key[n++] = m[s * NODE + D]!;
    }
    return n;
  }

  private found(): void {
    this.solutions++;
    const cb = this.options.onSolution;
    if (cb && cb(this.placed.subarray(0, this.depth * 5)) === false) this.stopped = true;
    if (this.solutions >= this.limit) this.stopped = true;
  }

  private check(): void {
    this.nextCheck = this.nodes + CHECK_INTERVAL;
    const { signal, deadline, onTick } = this.options;
    onTick?.(this.nodes);
    if (signal?.aborted || (deadline !== undefined && Date.now() >= deadline)) this.stopped = true;
  }
}

/** bits |= (bits << a) | (bits << b) over words base..base+words-1 (one piece copy: either side, or neither). */
function shiftOr2(bits: Uint32Array, base: number, words: number, a: number, b: number): void {
  const aw = a >> 5, ab = a & 31, bw = b >> 5, bb = b & 31;
  for (let i = words - 1; i >= 0; i--) {
    bits[base + i] = bits[base + i]! | shifted(bits, base, i - aw, ab) | shifted(bits, base, i - bw, bb);
  }
}

/** Word j + wordShift of (bits << (32 * wordShift + bitShift)), from words j and j - 1 (relative to base). */
function shifted(bits: Uint32Array, base: number, j: number, bitShift: number): number {
  if (j < 0) return 0;
  const lo = bits[base + j]! << bitShift;
  return bitShift === 0 || j === 0 ? lo : lo | (bits[base + j - 1]! >>> (32 - bitShift));
}
