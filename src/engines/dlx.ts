/**
 * Generic exact cover: Knuth's Algorithm X with Dancing Links, laid out as in his program dlx1, plus
 * secondary items with a capacity (how several identical copies of one piece are handled).
 *
 * ITEMS. The spec numbers items from 0; inside, spec item e is item i = e + 1, so that 0 can be the root.
 * Let P = primaryCount and N = P + secondaryCount. Items 1..P are primary, P+1..N secondary. An item is
 * named by the offset 4i of its header node (below), so root 0 is offset 0 and the second root is 4(N+1).
 *   item          Int32Array(4(N + 2)). item[4i] = LLINK(i), item[4i + 1] = RLINK(i), both header offsets
 *                 (the other two words are unused, so that an item's offset indexes both arrays). The
 *                 active primary items form a doubly linked circular list through root 0, the active
 *                 secondary items one through root 4(N+1). MRV scans only the first list, so secondary
 *                 items are never branched on.
 * NODES. As dlx1's array of structs: one Int32Array `node` of 4 words per node, node x at offset 4x:
 *   node[4x]      ULINK(x), an offset.
 *   node[4x + 1]  DLINK(x), an offset.
 *   node[4x + 2]  TOP(x): for an option node, its item's header offset (> 0); for a spacer, -k (<= 0)
 *                 where k is the number of the option after it; for a header, LEN(i), the number of
 *                 options in its vertical list (as dlx1 keeps LEN in the header's TOP field).
 *   node[4x + 3]  For an option node: how many other nodes its option has (to count updates). For a
 *                 header: CAP(i), the remaining capacity, how many more chosen options may use item i (1
 *                 for primary and ordinary secondary items, the spec's capacity otherwise). An item is
 *                 covered exactly when its capacity reaches 0, so capacity 1 is plain dlx1 behaviour.
 * Node 0 is unused; nodes 1..N are the headers; node N + 1 is the first spacer. Each option is a run of
 * consecutive nodes followed by a spacer. Headers and option nodes: ULINK/DLINK are the item's vertical
 * circular list (header first). Spacers: ULINK = first node of the option before, DLINK = last node of
 * the option after, so a walk along an option wraps round in either direction. An option's number is
 * found by walking left to its spacer (done per solution, never per search node).
 *
 * INVARIANTS. Between calls every link, LEN and CAP is as built by the constructor. During a search, with
 * the prefix and the choices c[0..l-1] applied: the item lists hold exactly the uncovered items; the
 * vertical list of an uncovered item holds exactly the options none of whose items is covered, in spec
 * order, and all the nodes of those options are linked; removed nodes keep their own links, so undoing
 * in exact reverse order (the "dance") restores everything. Choosing option r when branching on item i:
 * cover(i); then for each other item j of r, left to right: CAP(j)--, and cover(j) if CAP(j) became 0.
 * Undoing goes right to left: uncover(j) if CAP(j) is 0, then CAP(j)++; finally uncover(i). A prefix
 * option is applied the same way, through CAP, for all of its items.
 *
 * COST. As Knuth counts in dlx1, one "update" is one unlink: removing an item from its item list, or a
 * node from its vertical list (two link stores and a LEN decrement). cover(i) therefore costs 1 + the sum,
 * over the options in i's list, of their other nodes; by the invariant that is what cover() adds up, one
 * add per option rather than one per node. Uncovering and capacity changes are not counted. An item left
 * with no option is a dead end and is not covered at all. A "node" is one option tried.
 *
 * The search is iterative (explicit stack `choice`, no recursion) and resumable: advance() runs until the
 * next solution, the end of the subtree, or a checkpoint every CHECK_INTERVAL nodes (where the signal and
 * the clock are read, outside the hot loop), keeping its state in fields, so solutions() can yield
 * between solutions without a generator in the hot loop.
 */
import type { Engine, EngineName, SearchOptions, SearchResult } from './types.js';
import { CHECK_INTERVAL } from './types.js';

export interface ExactCoverSpec {
  /** Items 0..primaryCount-1 must each be covered exactly once. */
  readonly primaryCount: number;
  /** Items primaryCount..primaryCount+secondaryCount-1 may be covered at most `capacity` times (default once). */
  readonly secondaryCount?: number;
  /** Per secondary item (indexed from 0 = first secondary item): how many chosen options may use it. */
  readonly capacities?: ArrayLike<number>;
  /** Each option is a list of distinct item numbers. */
  readonly options: ReadonlyArray<ArrayLike<number>>;
}

// Word offsets within a node (and, for LLINK/RLINK, within an item).
const ULINK = 0;
const DLINK = 1;
const TOP = 2; // LEN in a header
const AUX = 3; // CAP in a header, the option's other-node count in an option node
const LLINK = 0;
const RLINK = 1;
const W = 4; // words per node

// advance() results
const SOLUTION = 0;
const EXHAUSTED = 1;
const STOPPED = 2;
/** CHECK_INTERVAL more nodes: time to look at the signal and the clock (outside the hot loop). */
const CHECKPOINT = 3;
// What advance() does next: pick an item at `level` and try its first option, or undo
// choice[level - 1] and try the option after it.
const FORWARD = 0;
const BACKTRACK = 1;

const CHECK_MASK = CHECK_INTERVAL - 1;

/** Knuth's cover(i), i a header offset: unlink the item and hide every option in its list. Returns the updates. */
function cover(i: number, node: Int32Array, item: Int32Array): number {
  let updates = 1;
  const l = item[i + LLINK]!, r = item[i + RLINK]!;
  item[l + RLINK] = r;
  item[r + LLINK] = l;
  for (let p = node[i + DLINK]!; p !== i; p = node[p + DLINK]!) {
    updates += node[p + AUX]!;
    for (let q = p + W; q !== p;) {
      const x = node[q + TOP]!;
      if (x <= 0) {
        q = node[q + ULINK]!;
      } else {
        const u = node[q + ULINK]!, d = node[q + DLINK]!;
        node[u + DLINK] = d;
        node[d + ULINK] = u;
        node[x + TOP]--;
        q += W;
      }
    }
  }
  return updates;
}

/** Knuth's uncover(i): exactly undoes cover(i), walking every list in the opposite direction. */
function uncover(i: number, node: Int32Array, item: Int32Array): void {
  for (let p = node[i + ULINK]!; p !== i; p = node[p + ULINK]!) {
    for (let q = p - W; q !== p;) {
      const x = node[q + TOP]!;
      if (x <= 0) {
        q = node[q + DLINK]!;
      } else {
        const u = node[q + ULINK]!, d = node[q + DLINK]!;
        node[u + DLINK] = q;
        node[d + ULINK] = q;
        node[x + TOP]++;
        q -= W;
      }
    }
  }
  const l = item[i + LLINK]!, r = item[i + RLINK]!;
  item[l + RLINK] = i;
  item[r + LLINK] = i;
}

export class DancingLinks implements Engine {
  readonly name: EngineName = 'dlx';
  readonly primaryCount: number;
  readonly itemCount: number;
  readonly optionCount: number;

  private readonly node: Int32Array;
  private readonly item: Int32Array;
  /** Offset of the first node of each option. */
  private readonly optionStart: Int32Array;

  // Search state, in fields so that advance() can return and resume.
  /** Node offset chosen at each level. At most P levels: each choice covers the item it branched on. */
  private readonly choice: Int32Array;
  private level = 0;
  private phase = FORWARD;
  private nodes = 0;
  private updates = 0;
  /** Prefix options applied, as option numbers; undone by finish(). */
  private applied: number[] = [];
  private signal: AbortSignal | undefined = undefined;
  private deadline = Infinity;
  private onTick: ((nodes: number) => void) | undefined;
  /** Solution buffer (prefix, then choices) and views of it by length, so onSolution costs no allocation. */
  private solutionBuffer = new Int32Array(0);
  private views: (Int32Array | undefined)[] = [];
  /** True while the links are changed by a search: from begin() to finish(). */
  private active = false;
  /** True while our code runs inside a search: refuses re-entry from a callback. */
  private running = false;
  /** Bumped when a new search takes over from a suspended solutions() generator. */
  private epoch = 0;

  constructor(spec: ExactCoverSpec) {
    const P = spec.primaryCount;
    const S = spec.secondaryCount ?? 0;
    if (!Number.isInteger(P) || P < 0) throw new Error(`DancingLinks: primaryCount must be a non-negative integer, got ${P}`);
    if (!Number.isInteger(S) || S < 0) throw new Error(`DancingLinks: secondaryCount must be a non-negative integer, got ${S}`);
    const N = P + S;
    if (spec.capacities !== undefined && spec.capacities.length !== S) {
      throw new Error(`DancingLinks: capacities has ${spec.capacities.length} entries but there are ${S} secondary items`);
    }
    const options = spec.options;
    this.primaryCount = P;
    this.itemCount = N;
    this.optionCount = options.length;

    // Validate every option before building anything.
    const seen = new Int32Array(N).fill(-1);
    let optionNodes = 0;
    for (let k = 0; k < options.length; k++) {
      const o = options[k]!;
      if (o.length === 0) throw new Error(`DancingLinks: option ${k} is empty`);
      for (let t = 0; t < o.length; t++) {
        const e = o[t]!;
        if (!Number.isInteger(e) || e < 0 || e >= N) {
          throw new Error(`DancingLinks: option ${k} uses item ${e}, outside 0..${N - 1}`);
        }
        if (seen[e] === k) throw new Error(`DancingLinks: option ${k} uses item ${e} twice`);
        seen[e] = k;
      }
      optionNodes += o.length;
    }

    // Item lists: root 0 with 1..P, second root N+1 with P+1..N.
    const item = (this.item = new Int32Array(W * (N + 2)));
    const link = (a: number, b: number): void => {
      item[W * a + RLINK] = W * b;
      item[W * b + LLINK] = W * a;
    };
    for (let i = 0; i < P; i++) link(i, i + 1);
    link(P, 0);
    const root2 = N + 1;
    link(root2, root2);
    for (let i = P + 1; i <= N; i++) { link(i - 1 === P ? root2 : i - 1, i); link(i, root2); }

    const nodeCount = N + 1 + (options.length + 1) + optionNodes;
    const node = (this.node = new Int32Array(W * nodeCount));
    for (let i = 1; i <= N; i++) {
      const h = W * i;
      node[h + ULINK] = node[h + DLINK] = h;
      node[h + AUX] = 1;
    }
    for (let s = 0; s < S; s++) {
      const c = spec.capacities ? spec.capacities[s]! : 1;
      if (!Number.isInteger(c) || c < 1) throw new Error(`DancingLinks: capacity of secondary item ${P + s} must be a positive integer, got ${c}`);
      node[W * (P + s + 1) + AUX] = c;
    }
    this.optionStart = new Int32Array(options.length);
    let x = W * (N + 1); // the current spacer
    node[x + TOP] = 0;
    for (let k = 0; k < options.length; k++) {
      const o = options[k]!;
      const spacer = x;
      this.optionStart[k] = x + W;
      for (let t = 0; t < o.length; t++) {
        const h = W * (o[t]! + 1);
        x += W;
        node[x + TOP] = h;
        node[x + AUX] = o.length - 1;
        const u = node[h + ULINK]!;
        node[x + ULINK] = u;
        node[u + DLINK] = x;
        node[x + DLINK] = h;
        node[h + ULINK] = x;
        node[h + TOP]++;
      }
      node[spacer + DLINK] = x;
      x += W;
      node[x + TOP] = -(k + 1);
      node[x + ULINK] = spacer + W;
    }
    this.choice = new Int32Array(P + 1);
  }

  /**
   * Solutions of the subtree reached by `prefix`. A solution is encoded as option numbers: the prefix,
   * then the options chosen by the search in the order chosen. Without onSolution, only counts. A search
   * stopped by `limit` reports complete = false even if no further solution exists.
   */
  search(options: SearchOptions = {}): SearchResult {
    const limit = options.limit ?? Infinity;
    const onSolution = options.onSolution;
    if (!this.begin(options)) return { solutions: 0, nodes: 0, updates: this.updates, complete: true };
    let solutions = 0;
    let complete = true;
    this.running = true;
    try {
      if (limit <= 0 || this.stopRequested()) {
        complete = false;
      } else {
        for (;;) {
          const r = this.step();
          if (r === EXHAUSTED) break;
          if (r === STOPPED) { complete = false; break; }
          solutions++;
          if (onSolution !== undefined && onSolution(this.solutionView()) === false) { complete = false; break; }
          if (solutions >= limit) { complete = false; break; }
        }
      }
    } finally {
      this.running = false;
      this.finish();
    }
    return { solutions, nodes: this.nodes, updates: this.updates, complete };
  }

  /**
   * The options of the item the search would branch on after `prefix`, in the order it would try them
   * (spec order). Empty when the prefix clashes, completes a cover, or leaves an item with no option.
   */
  branches(prefix: readonly number[]): number[] {
    const out: number[] = [];
    if (!this.begin({ prefix })) return out;
    try {
      const best = this.mrv();
      if (best !== 0) for (let p = this.node[best + DLINK]!; p !== best; p = this.node[p + DLINK]!) out.push(this.optionOf(p));
    } finally {
      this.finish();
    }
    return out;
  }

  /**
   * The solutions one at a time, found lazily as the caller pulls them; each is a fresh array (encoded as
   * for search). Honours limit, signal, deadline, prefix, and onSolution returning false (that solution is
   * still yielded, then the generator ends). Breaking out of a for-of loop restores the links. Starting
   * another search on this instance while a generator is suspended ends that generator: its next call to
   * next() throws.
   */
  *solutions(options: SearchOptions = {}): Generator<Int32Array> {
    const limit = options.limit ?? Infinity;
    const onSolution = options.onSolution;
    if (!this.begin(options)) return;
    const epoch = this.epoch;
    try {
      if (this.stopRequested()) return;
      for (let count = 0; count < limit; count++) {
        let r: number;
        this.running = true;
        try {
          r = this.step();
        } finally {
          this.running = false;
        }
        if (r !== SOLUTION) return;
        const view = this.solutionView();
        const copy = view.slice();
        let stop = false;
        if (onSolution !== undefined) {
          this.running = true;
          try {
            stop = onSolution(view) === false;
          } finally {
            this.running = false;
          }
        }
        yield copy;
        if (this.epoch !== epoch) throw new Error('DancingLinks: this solutions() generator was ended by another search on the same instance');
        if (stop) return;
      }
    } finally {
      if (this.epoch === epoch && this.active) this.finish();
    }
  }

  /**
   * Prepares a search: takes over from a suspended generator if there is one, resets the counters and
   * applies the prefix. Returns false, with nothing left applied, when the prefix options clash.
   */
  private begin(options: SearchOptions): boolean {
    if (this.running) throw new Error('DancingLinks: a search is already running on this instance (called from a callback?)');
    const prefix = options.prefix ?? [];
    for (const o of prefix) {
      if (!Number.isInteger(o) || o < 0 || o >= this.optionCount) {
        throw new RangeError(`DancingLinks: prefix entry ${o} is not an option number (0..${this.optionCount - 1})`);
      }
    }
    if (this.active) {
      this.finish();
      this.epoch++;
    }
    this.signal = options.signal;
    this.deadline = options.deadline ?? Infinity;
    this.onTick = options.onTick;
    this.level = 0;
    this.phase = FORWARD;
    this.nodes = 0;
    this.updates = 0;
    this.applied = [];
    this.active = true;
    for (const o of prefix) {
      if (!this.applyOption(o)) {
        this.finish();
        return false;
      }
    }
    if (this.solutionBuffer.length < prefix.length + this.primaryCount) {
      this.solutionBuffer = new Int32Array(prefix.length + this.primaryCount);
      this.views = [];
    }
    this.solutionBuffer.set(this.applied);
    return true;
  }

  /**
   * Applies one prefix option as if chosen: each of its items loses one unit of capacity and is covered
   * when that reaches 0. False (nothing changed) when the option is not available: one of its items is
   * already covered, or the option itself was already applied.
   */
  private applyOption(o: number): boolean {
    const { node, item } = this;
    if (this.applied.includes(o)) return false;
    const start = this.optionStart[o]!;
    // While only the prefix is applied, every cover goes through CAP, so "covered" is "CAP is 0".
    for (let q = start; node[q + TOP]! > 0; q += W) if (node[node[q + TOP]! + AUX] === 0) return false;
    for (let q = start; node[q + TOP]! > 0; q += W) {
      const j = node[q + TOP]!;
      if (--node[j + AUX] === 0) this.updates += cover(j, node, item);
    }
    this.applied.push(o);
    return true;
  }

  private unapplyOption(o: number): void {
    const { node, item } = this;
    const start = this.optionStart[o]!;
    let q = start;
    while (node[q + W + TOP]! > 0) q += W;
    for (; q >= start; q -= W) {
      const j = node[q + TOP]!;
      if (node[j + AUX]++ === 0) uncover(j, node, item);
    }
  }

  /** Undoes every choice still applied, then the prefix: all links are as built. */
  private finish(): void {
    const { node, item, choice } = this;
    for (let level = this.level - 1; level >= 0; level--) {
      const r = choice[level]!;
      for (let q = r - W; q !== r;) {
        const j = node[q + TOP]!;
        if (j <= 0) {
          q = node[q + DLINK]!;
        } else {
          if (node[j + AUX]++ === 0) uncover(j, node, item);
          q -= W;
        }
      }
      uncover(node[r + TOP]!, node, item);
    }
    this.level = 0;
    this.phase = FORWARD;
    for (let k = this.applied.length - 1; k >= 0; k--) this.unapplyOption(this.applied[k]!);
    this.applied = [];
    this.signal = undefined;
    this.onTick = undefined;
    this.active = false;
  }

  private stopRequested(): boolean {
    this.onTick?.(this.nodes);
    return (this.signal !== undefined && this.signal.aborted) || Date.now() >= this.deadline;
  }

  /** advance() until a solution, the end, or a stop request (seen at a checkpoint). */
  private step(): number {
    for (;;) {
      const r = this.advance();
      if (r !== CHECKPOINT) return r;
      if (this.stopRequested()) return STOPPED;
    }
  }

  /** The first active primary item with the fewest options, or 0 when none is left. */
  private mrv(): number {
    const { node, item } = this;
    let best = 0, t = 0x7fffffff;
    for (let k = item[RLINK]!; k !== 0; k = item[k + RLINK]!) {
      const s = node[k + TOP]!;
      if (s < t) { t = s; best = k; if (s === 0) break; }
    }
    return best;
  }

  /** Option number of a node: walk left to the spacer before its option. */
  private optionOf(p: number): number {
    const node = this.node;
    while (node[p - W + TOP]! > 0) p -= W;
    return -node[p - W + TOP]!;
  }

  /** Fills the solution buffer after the prefix with the current choices; returns a reused view. */
  private solutionView(): Int32Array {
    const base = this.applied.length, n = base + this.level;
    const buffer = this.solutionBuffer;
    for (let l = 0; l < this.level; l++) buffer[base + l] = this.optionOf(this.choice[l]!);
    let view = this.views[n];
    if (view === undefined) view = this.views[n] = buffer.subarray(0, n);
    return view;
  }

  /**
   * Algorithm X from the saved state until the next solution (returned with its choices still applied
   * and phase BACKTRACK, so the next call goes on with the option after the last), the end of the subtree
   * (everything undone down to the prefix), or a checkpoint every CHECK_INTERVAL nodes (choices applied,
   * phase FORWARD), where step() looks at the signal and the clock.
   */
  private advance(): number {
    const node = this.node, item = this.item, choice = this.choice;
    let level = this.level, phase = this.phase, nodes = this.nodes, updates = this.updates;
    let best = 0, cur = 0, result = EXHAUSTED;
    for (;;) {
      if (phase === FORWARD) {
        // MRV: the first primary item with the fewest options.
        let t = 0x7fffffff;
        best = 0;
        for (let k = item[RLINK]!; k !== 0; k = item[k + RLINK]!) {
          const s = node[k + TOP]!;
          if (s < t) {
            t = s;
            best = k;
            if (s === 0) break;
          }
        }
        if (best === 0) { result = SOLUTION; phase = BACKTRACK; break; }
        if (t === 0) { phase = BACKTRACK; continue; }
        updates += cover(best, node, item);
        cur = node[best + DLINK]!;
      } else {
        if (level === 0) { result = EXHAUSTED; break; }
        cur = choice[--level]!;
        best = node[cur + TOP]!;
        // Undo the other items of cur, right to left.
        for (let q = cur - W; q !== cur;) {
          const j = node[q + TOP]!;
          if (j <= 0) {
            q = node[q + DLINK]!;
          } else {
            if (node[j + AUX]++ === 0) uncover(j, node, item);
            q -= W;
          }
        }
        cur = node[cur + DLINK]!;
      }
      if (cur === best) {
        uncover(best, node, item);
        phase = BACKTRACK;
        continue;
      }
      // Try option cur: its other items, left to right.
      choice[level++] = cur;
      nodes++;
      for (let q = cur + W; q !== cur;) {
        const j = node[q + TOP]!;
        if (j <= 0) {
          q = node[q + ULINK]!;
        } else {
          if (--node[j + AUX] === 0) updates += cover(j, node, item);
          q += W;
        }
      }
      phase = FORWARD;
      if ((nodes & CHECK_MASK) === 0) { result = CHECKPOINT; break; }
    }
    this.level = level;
    this.phase = phase;
    this.nodes = nodes;
    this.updates = updates;
    return result;
  }
}
