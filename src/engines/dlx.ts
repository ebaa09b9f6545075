/**
 * Generic exact cover: Knuth's Algorithm X with Dancing Links, laid out as in his program dlx1, plus
 * secondary items with a capacity (how several identical copies of one piece are handled), and primary
 * items with multiplicities: bounds [u, v], "covered at least u and at most v times", searched by his
 * Algorithm M (TAOCP 7.2.2.1; his program DLX3). The bounds make the instance run in one of two modes,
 * fixed by the constructor: EXACT when every bound is [1, 1] (Algorithm X, the fast loop advance(), where
 * WebAssembly runs: see WHERE IT RUNS), and MULTIPLICITIES otherwise (Algorithm M, advanceM()). The two
 * share the data structures below.
 *
 * ITEMS. The spec numbers items from 0; inside, spec item e is item i = e + 1, so that 0 can be the root.
 * Let P = primaryCount and N = P + secondaryCount. Items 1..P are primary, P+1..N secondary. An item is
 * named by the offset 4i of its header node (below), so root 0 is offset 0 and the second root is 4(N+1).
 *   item          Int32Array(4(N + 2)). item[4i] = LLINK(i), item[4i + 1] = RLINK(i), both header offsets;
 *                 item[4i + 2] = SLACK(i) = v - u for a primary item (0 otherwise, and never changed); the
 *                 fourth word is unused, so that an item's offset indexes both arrays. The active primary
 *                 items form a doubly linked circular list through root 0, the active secondary items one
 *                 through root 4(N+1). Item choice scans only the first list, so secondary items are never
 *                 branched on.
 * NODES. As dlx1's array of structs: one Int32Array `node` of 4 words per node, node x at offset 4x:
 *   node[4x]      ULINK(x), an offset.
 *   node[4x + 1]  DLINK(x), an offset.
 *   node[4x + 2]  TOP(x): for an option node, its item's header offset (> 0); for a spacer, -k (<= 0)
 *                 where k is the number of the option after it; for a header, LEN(i), the number of
 *                 options in its vertical list (as dlx1 keeps LEN in the header's TOP field).
 *   node[4x + 3]  For an option node: how many other nodes its option has (to count updates). For a
 *                 header: BOUND(i), how many more chosen options may use item i: v minus the options
 *                 chosen so far for a primary item (v = 1 in the exact case), the spec's capacity minus
 *                 those for a secondary one. A chosen option takes 1 from the BOUND of each of its items
 *                 other than the one branched on, covering the item when it reaches 0, so BOUND 1 is plain
 *                 dlx1 behaviour. (The item branched on is covered outright in exact mode; in
 *                 multiplicities mode its BOUND drops as well, below.)
 * Node 0 is unused; nodes 1..N are the headers; node N + 1 is the first spacer. Each option is a run of
 * consecutive nodes followed by a spacer. Headers and option nodes: ULINK/DLINK are the item's vertical
 * circular list (header first). Spacers: ULINK = first node of the option before, DLINK = last node of
 * the option after, so a walk along an option wraps round in either direction. An option's number is
 * found by walking left to its spacer (done per solution, never per search node). An option with no
 * primary item is in no list that is branched on, so it is never chosen (as in Knuth's programs).
 *
 * EXACT MODE. Between calls every link, LEN and BOUND is as built by the constructor, or (after branches())
 * as built with that call's prefix applied, which the next call of branches() starts from (keepPrefix) and
 * any search undoes first. During a search, with the prefix and the choices c[0..l-1] applied: the item
 * lists hold exactly the uncovered items; the vertical list of an uncovered item holds exactly the options
 * none of whose items is covered, in spec order, and all the nodes of those options are linked; removed
 * nodes keep their own links, so undoing in exact reverse order (the "dance") restores everything.
 * Choosing option r when branching on item i: cover(i); then for each other item j of r, left to right:
 * BOUND(j)--, and cover(j) if BOUND(j) became 0. Undoing goes right to left: uncover(j) if BOUND(j) is 0,
 * then BOUND(j)++; finally uncover(i). A prefix is a list of option numbers, each applied through BOUND
 * for all of its items (so its order does not matter). Branching is MRV: the first active primary item
 * with the fewest options.
 *
 * MULTIPLICITIES MODE (Algorithm M). An option is "live" when it is hidden neither by the cover of one
 * of its items nor by a tweak (below); live options have all their nodes linked. Branching on item i at
 * level l: BOUND(i)--, then cover(i) if BOUND(i) became 0; the choices at the level are then tried in
 * list order. When BOUND(i) and SLACK(i) are both 0 now, that is Algorithm X's loop over i's options.
 * Otherwise the level TWEAKS each option x before trying it: x leaves i's list (and, while BOUND(i) > 0,
 * its other nodes leave their lists too, hiding the option everywhere) and stays out for the rest of the
 * level, so in the subtree of x no option of i above x can be chosen: x is the first option of i in
 * every solution below it, and no set of options is reached twice. After the last option comes the NULL
 * choice "cover i no more" (i leaves the active list: it has all the options it gets), allowed only
 * when i already has at least u options. The level stops early once i's list holds no more options
 * than it still needs (LEN(i) <= BOUND(i) - SLACK(i)). Restoring the level: uncover(i), or untweak:
 * the tweaked options form a chain through their own DLINKs from firstTweak[l] to the current top of
 * i's list, relinked (and their hidden nodes restored, in the order they were hidden, which Knuth shows
 * is also exact), then uncover(i) if it had been covered; then BOUND(i)++. A solution is reached when
 * no primary item is active. The item to branch on minimizes Knuth's branch degree
 * LEN + s - BOUND + 1 with s = min(SLACK, BOUND): the number of choices the level will have (the options
 * that can be the first of those still needed, plus the null choice once the minimum is met); <= 0 is a
 * dead end. Ties go to the smaller s (items with less slack are more constrained), then to the longer
 * list (as Knuth found best), then to the first. In the exact case this is MRV.
 *
 * CHOICE CODES (prefix and branches()). In exact mode a code is an option number, and a prefix is any
 * set of options (applied through BOUND). In multiplicities mode a code is one choice of the search
 * tree: an option number k >= 0, or -1 - e for the null choice on primary item e; a prefix is a path
 * from the root, replayed level by level exactly as the search would take it (the item to branch on is
 * chosen again, the options before the one named are tweaked), so that the subtrees of branches(prefix)
 * partition the solutions below prefix. A code that is not one of the choices at its node makes a
 * prefix with no solution (like a clashing prefix in exact mode). Solutions are reported as option
 * numbers only: the options of the prefix, then those chosen by the search, null choices left out.
 *
 * COST. As Knuth counts in dlx1, one "update" is one unlink: removing an item from its item list, or a
 * node from its vertical list (two link stores and a LEN decrement). cover(i) therefore costs 1 + the sum,
 * over the options in i's list, of their other nodes; by the invariant that is what cover() adds up, one
 * add per option rather than one per node. A tweak costs 1 (x leaves i's list) plus, while BOUND(i) > 0,
 * the other nodes of x; a null choice with BOUND(i) > 0 costs 1. Uncovering, untweaking and BOUND changes
 * are not counted. An item left with no option is a dead end and is not covered at all. A "node" is one
 * choice tried (an option, or in multiplicities mode a null choice); prefix choices are not counted.
 *
 * WHERE IT RUNS. Exact mode's loop (advance()) is WebAssembly's, wasm/dlx-loop.ts, a module of its own
 * (see dlx-wasm.ts): `node`, `item` and `choice` are views of its instance's memory, sized once by the
 * constructor and never grown. Where WebAssembly cannot be compiled, an exact cover is searched in
 * multiplicities mode with every bound [1, 1] (Algorithm M branches the same way, so the solutions, nodes
 * and updates are the same; its choice codes are paths). Algorithm M, the prefixes and everything else run
 * here, in JavaScript.
 *
 * The search is iterative (explicit stack `choice`, no recursion) and resumable: advance() runs until the
 * next solution, the end of the subtree, or a checkpoint every CHECK_INTERVAL nodes (where the signal and
 * the clock are read, outside the hot loop), keeping its state in fields, so solutions() can yield
 * between solutions without a generator in the hot loop. search() also reads them after each solution
 * (a caller's work on a solution may outweigh the search between checkpoints). Stopped by either, it
 * names what is left (SearchResult.rest): the node it stopped at when still unsearched, then the choices
 * after the path's at each level, deepest first, as branches() lists them.
 */
import type { Engine, EngineName, SearchOptions, SearchResult } from './types.js';
import { CHECK_INTERVAL } from './types.js';
import { restAfterStop } from './rest.js';
import type { DlxLoopExports } from './dlx-wasm.js';
import { dlxLoopInstance } from './dlx-wasm.js';

export interface ExactCoverSpec {
  /** Items 0..primaryCount-1 must each be covered within their bounds (default: exactly once). */
  readonly primaryCount: number;
  /**
   * Per primary item, [min, max]: how many chosen options must use it, at least and at most (whole
   * numbers, 0 <= min <= max, max >= 1). Default [1, 1] for every primary item. Any other bound makes the
   * search Algorithm M, whose choice codes include null choices (see `multiplicities`).
   */
  readonly bounds?: readonly (readonly [number, number])[];
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
const AUX = 3; // BOUND in a header, the option's other-node count in an option node
const LLINK = 0;
const RLINK = 1;
const SLACK = 2; // in `item`: v - u of a primary item
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

/** Unlinks item i from its item list. */
function deactivate(i: number, item: Int32Array): void {
  const l = item[i + LLINK]!, r = item[i + RLINK]!;
  item[l + RLINK] = r;
  item[r + LLINK] = l;
}

/** Undoes deactivate(i) (or the unlink of cover(i), if it is done again). */
function reactivate(i: number, item: Int32Array): void {
  const l = item[i + LLINK]!, r = item[i + RLINK]!;
  item[l + RLINK] = i;
  item[r + LLINK] = i;
}

/**
 * Chosen option r (a node of the item branched on): for each of its other items j, left to right,
 * BOUND(j)-- and cover(j) when it reaches 0. Returns the updates. (wasm/dlx-loop.ts has this loop inline.)
 */
function commit(r: number, node: Int32Array, item: Int32Array): number {
  let updates = 0;
  for (let q = r + W; q !== r;) {
    const j = node[q + TOP]!;
    if (j <= 0) {
      q = node[q + ULINK]!;
    } else {
      if (--node[j + AUX] === 0) updates += cover(j, node, item);
      q += W;
    }
  }
  return updates;
}

/** Exactly undoes commit(r), right to left. */
function uncommit(r: number, node: Int32Array, item: Int32Array): void {
  for (let q = r - W; q !== r;) {
    const j = node[q + TOP]!;
    if (j <= 0) {
      q = node[q + DLINK]!;
    } else {
      if (node[j + AUX]++ === 0) uncover(j, node, item);
      q -= W;
    }
  }
}

/**
 * Knuth's tweak: x, the top node of its item's list, leaves that list; when `hide`, the other nodes of
 * x's option leave theirs too (the option is then out of every list). Returns the updates.
 */
function tweak(x: number, hide: boolean, node: Int32Array): number {
  let updates = 1;
  if (hide) {
    for (let q = x + W; q !== x;) {
      const t = node[q + TOP]!;
      if (t <= 0) {
        q = node[q + ULINK]!;
      } else {
        const u = node[q + ULINK]!, d = node[q + DLINK]!;
        node[u + DLINK] = d;
        node[d + ULINK] = u;
        node[t + TOP]--;
        updates++;
        q += W;
      }
    }
  }
  const i = node[x + TOP]!;
  const u = node[x + ULINK]!, d = node[x + DLINK]!;
  node[u + DLINK] = d;
  node[d + ULINK] = u;
  node[i + TOP]--;
  return updates;
}

/**
 * Undoes the tweaks of one level on item i, `first` being the first node tweaked: the tweaked nodes still
 * point down, one to the next, ending at the present top of i's list; relink them (restoring the hidden
 * nodes of their options when `unhide`).
 */
function untweak(i: number, first: number, unhide: boolean, node: Int32Array): void {
  const z = node[i + DLINK]!;
  node[i + DLINK] = first;
  let k = 0, above = i;
  for (let x = first; x !== z; above = x, x = node[x + DLINK]!) {
    node[x + ULINK] = above;
    k++;
    if (unhide) {
      for (let q = x + W; q !== x;) {
        const t = node[q + TOP]!;
        if (t <= 0) {
          q = node[q + ULINK]!;
        } else {
          const u = node[q + ULINK]!, d = node[q + DLINK]!;
          node[u + DLINK] = q;
          node[d + ULINK] = q;
          node[t + TOP]++;
          q += W;
        }
      }
    }
  }
  node[z + ULINK] = above;
  node[i + TOP] += k;
}

/**
 * Algorithm M's choice of item: the active primary item of least branch degree LEN + s - BOUND + 1,
 * s = min(SLACK, BOUND); ties to the smaller s, then the longer list, then the first. Returns its header
 * offset (0 when no primary item is active: a solution) and leaves its degree in degree[0] (<= 0: a dead
 * end).
 */
function chooseItem(node: Int32Array, item: Int32Array, degree: Int32Array): number {
  let best = 0, bestDegree = 0x7fffffff, bestSlack = 0, bestLength = 0;
  for (let k = item[RLINK]!; k !== 0; k = item[k + RLINK]!) {
    const bound = node[k + AUX]!, length = node[k + TOP]!;
    let s = item[k + SLACK]!;
    if (s > bound) s = bound;
    const t = length + s - bound + 1;
    if (t < bestDegree || (t === bestDegree && (s < bestSlack || (s === bestSlack && length > bestLength)))) {
      best = k;
      bestDegree = t;
      bestSlack = s;
      bestLength = length;
      if (t <= 0) break;
    }
  }
  degree[0] = bestDegree;
  return best;
}

/** Enters a level branching on item i: BOUND(i)--, and cover(i) when it reaches 0. Returns the updates. */
function enterLevel(i: number, node: Int32Array, item: Int32Array): number {
  return --node[i + AUX] === 0 ? cover(i, node, item) : 0;
}

/**
 * Readies `cur` (a node of i's list, or i itself for the null choice) to be tried at a level branching
 * on i, as Algorithm M's step M5: returns -1 when it is off limits (the level has no more choices), else
 * the updates made tweaking it or taking i out of the active list.
 */
function readyChoice(i: number, cur: number, node: Int32Array, item: Int32Array): number {
  const bound = node[i + AUX]!, slack = item[i + SLACK]!;
  if (bound === 0 && slack === 0) return cur === i ? -1 : 0;
  if (node[i + TOP]! <= bound - slack) return -1;
  if (cur !== i) return tweak(cur, bound !== 0, node);
  if (bound === 0) return 0; // covered when the level was entered
  deactivate(i, item);
  return 1;
}

/** Undoes a level that branched on item i, its choices undone already (and i active again if it was taken out). */
function leaveLevel(i: number, firstTweak: number, node: Int32Array, item: Int32Array): void {
  const bound = node[i + AUX]!;
  if (bound === 0 && item[i + SLACK] === 0) {
    uncover(i, node, item);
  } else {
    untweak(i, firstTweak, bound !== 0, node);
    if (bound === 0) uncover(i, node, item);
  }
  node[i + AUX]++;
}

export class DancingLinks implements Engine {
  readonly name: EngineName = 'dlx';
  readonly primaryCount: number;
  readonly itemCount: number;
  readonly optionCount: number;
  /**
   * True when some primary item has bounds other than [1, 1], or WebAssembly cannot be compiled here (see
   * WHERE IT RUNS): the search is Algorithm M, a prefix is a path of choice codes, and codes -1 - e (the
   * null choice on primary item e) appear in branches().
   */
  readonly multiplicities: boolean;

  private readonly node: Int32Array;
  private readonly item: Int32Array;
  /** Exact mode: the WebAssembly loop whose memory holds node, item and choice (see advance()). */
  private readonly loop: DlxLoopExports | undefined;
  /** Offset of the first node of each option. */
  private readonly optionStart: Int32Array;

  // Search state, in fields so that advance() can return and resume.
  /**
   * Node offset chosen at each level (in multiplicities mode, a header offset for a null choice). Exact
   * mode: at most P levels, each choice covers the item it branched on. Multiplicities mode: at most
   * optionCount + P, each level choosing an option never chosen before or deactivating an item.
   */
  private readonly choice: Int32Array;
  /** Multiplicities mode: the top of the list of the item branched on at each level, before its tweaks. */
  private readonly firstTweak: Int32Array;
  /** Multiplicities mode: the levels replayed from the prefix, below which the search does not backtrack. */
  private base = 0;
  /** chooseItem()'s branch degree. */
  private readonly degree = new Int32Array(1);
  private level = 0;
  private phase = FORWARD;
  private nodes = 0;
  private updates = 0;
  /** Exact mode: prefix options applied, as option numbers; undone by finish(). */
  private applied: number[] = [];
  private signal: AbortSignal | undefined = undefined;
  private deadline = Infinity;
  private onTick: ((nodes: number) => void) | undefined;
  /** Solution buffer (prefix, then choices) and views of it by length, so onSolution costs no allocation. */
  private solutionBuffer = new Int32Array(0);
  private views: (Int32Array | undefined)[] = [];
  /** True while the links are changed by a search: from begin() to finish(), or by a prefix branches() keeps. */
  private active = false;
  /**
   * Exact mode: true when the links hold only the prefix `applied`, left by branches() for the next call
   * (see keepPrefix). Any search undoes it first (begin() calls finish()).
   */
  private keeping = false;
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
    for (let s = 0; s < S && spec.capacities !== undefined; s++) {
      const c = spec.capacities[s]!;
      if (!Number.isInteger(c) || c < 1 || c > 0x7fffffff) throw new Error(`DancingLinks: capacity of secondary item ${P + s} must be a positive integer, got ${c}`);
    }
    const bounds = spec.bounds;
    if (bounds !== undefined && bounds.length !== P) {
      throw new Error(`DancingLinks: bounds has ${bounds.length} entries but there are ${P} primary items`);
    }
    let multiplicities = false;
    if (bounds !== undefined) {
      for (let e = 0; e < P; e++) {
        const b = bounds[e];
        const [u, v] = Array.isArray(b) && b.length === 2 ? b : [NaN, NaN];
        if (!Number.isInteger(u) || !Number.isInteger(v) || u < 0 || u > v || v < 1 || v > 0x7fffffff) {
          throw new Error(`DancingLinks: bounds of primary item ${e} must be whole numbers [min, max] with 0 <= min <= max and 1 <= max <= 2147483647, got ${JSON.stringify(b)}`);
        }
        if (u !== 1 || v !== 1) multiplicities = true;
      }
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

    // The arrays: in exact mode, in the memory of the WebAssembly loop (node, item, then choice, from byte
    // 0); where none can be compiled, exact cover is searched as Algorithm M with every bound [1, 1]
    const nodeCount = N + 1 + (options.length + 1) + optionNodes;
    const wasm = multiplicities ? undefined : dlxLoopInstance(4 * (W * nodeCount + W * (N + 2) + P + 1));
    if (!wasm) multiplicities = true;
    this.multiplicities = multiplicities;
    const levels = multiplicities ? options.length + P + 1 : P + 1;
    const words = (at: number, length: number): Int32Array => (wasm ? new Int32Array(wasm.buffer, 4 * at, length) : new Int32Array(length));
    this.loop = wasm?.loop;
    if (this.loop) {
      this.loop.DLX_ITEM.value = 4 * W * nodeCount;
      this.loop.DLX_CHOICE.value = 4 * (W * nodeCount + W * (N + 2));
      this.loop.dlxCheckMask.value = CHECK_MASK;
    }

    // Item lists: root 0 with 1..P, second root N+1 with P+1..N.
    const item = (this.item = words(W * nodeCount, W * (N + 2)));
    const link = (a: number, b: number): void => {
      item[W * a + RLINK] = W * b;
      item[W * b + LLINK] = W * a;
    };
    for (let i = 0; i < P; i++) link(i, i + 1);
    link(P, 0);
    const root2 = N + 1;
    link(root2, root2);
    for (let i = P + 1; i <= N; i++) { link(i - 1 === P ? root2 : i - 1, i); link(i, root2); }

    const node = (this.node = words(0, W * nodeCount));
    for (let i = 1; i <= N; i++) {
      const h = W * i;
      node[h + ULINK] = node[h + DLINK] = h;
      node[h + AUX] = 1;
    }
    if (bounds !== undefined) {
      for (let e = 0; e < P; e++) {
        const [u, v] = bounds[e]!;
        node[W * (e + 1) + AUX] = v;
        item[W * (e + 1) + SLACK] = v - u;
      }
    }
    for (let s = 0; s < S; s++) {
      node[W * (P + s + 1) + AUX] = spec.capacities ? spec.capacities[s]! : 1;
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
    this.choice = words(W * nodeCount + W * (N + 2), levels);
    this.firstTweak = new Int32Array(multiplicities ? levels : 0);
  }

  /**
   * Solutions of the subtree reached by `prefix`. A solution is encoded as option numbers: the options of
   * the prefix, then the options chosen by the search in the order chosen (null choices left out). Without
   * onSolution, only counts. A search stopped by `limit` reports complete = false even if no further
   * solution exists.
   */
  search(options: SearchOptions = {}): SearchResult {
    const limit = options.limit ?? Infinity;
    const onSolution = options.onSolution;
    if (!this.begin(options)) return { solutions: 0, nodes: 0, updates: this.updates, complete: true };
    let solutions = 0;
    let complete = true;
    // when the clock or the signal stops it: the path to where it stopped, and whether the node there is
    // still to be searched (a checkpoint) or done (a solution, after which the clock is read as well: a
    // caller's work on each solution, such as taking it apart, may take longer than the search between
    // checkpoints)
    let stopPath: number[] | undefined;
    let unsearched = false;
    const from = this.multiplicities ? this.base : this.applied.length;
    this.running = true;
    try {
      if (limit <= 0) {
        complete = false;
      } else if (this.stopRequested()) {
        complete = false;
        stopPath = this.pathCodes();
        unsearched = true;
      } else {
        for (;;) {
          const r = this.step();
          if (r === EXHAUSTED) break;
          if (r === STOPPED) {
            complete = false;
            stopPath = this.pathCodes();
            unsearched = true;
            break;
          }
          solutions++;
          if (onSolution !== undefined && onSolution(this.solutionView()) === false) { complete = false; break; }
          if (solutions >= limit) { complete = false; break; }
          if (this.clockOrSignal()) {
            complete = false;
            stopPath = this.pathCodes();
            break;
          }
        }
      }
    } finally {
      this.running = false;
      this.finish();
    }
    const result = { solutions, nodes: this.nodes, updates: this.updates, complete };
    const rest = stopPath ? restAfterStop((prefix) => this.branches(prefix), stopPath, from, unsearched) : undefined;
    return rest ? { ...result, rest } : result;
  }

  /** The choice codes from the root to the current node: the prefix's, then the search's. */
  private pathCodes(): number[] {
    const codes: number[] = [];
    if (this.multiplicities) {
      // prefix and search share the levels; a null choice's node is its item's header
      const lastHeader = W * this.itemCount;
      for (let l = 0; l < this.level; l++) {
        const cur = this.choice[l]!;
        codes.push(cur <= lastHeader ? -cur / W : this.optionOf(cur));
      }
      return codes;
    }
    codes.push(...this.applied);
    for (let l = 0; l < this.level; l++) codes.push(this.optionOf(this.choice[l]!));
    return codes;
  }

  /**
   * The choices at the node reached by `prefix`, as codes, in the order the search would try them: the
   * options of the item it would branch on (spec order), and in multiplicities mode, last, the null choice
   * -1 - e on that item e when its minimum is met. Their subtrees partition the node's solutions. Empty
   * when the prefix clashes or leaves the tree, completes a cover, or leads to a dead end.
   */
  branches(prefix: readonly number[]): number[] {
    const out: number[] = [];
    const node = this.node;
    if (!this.multiplicities) {
      if (!this.keepPrefix(prefix)) return out;
      const best = this.mrv();
      if (best !== 0) for (let p = node[best + DLINK]!; p !== best; p = node[p + DLINK]!) out.push(this.optionOf(p));
      return out;
    }
    if (!this.begin({ prefix })) return out;
    try {
      // Walk the level as the search would, tweaking each choice, without going down.
      const item = this.item;
      const best = chooseItem(node, item, this.degree);
      if (best !== 0 && this.degree[0]! > 0) {
        const first = node[best + DLINK]!;
        this.updates += enterLevel(best, node, item);
        for (let cur = first; readyChoice(best, cur, node, item) >= 0; cur = node[cur + DLINK]!) {
          if (cur === best) {
            out.push(-best / W);
            if (node[best + AUX] !== 0) reactivate(best, item);
            break;
          }
          out.push(this.optionOf(cur));
        }
        leaveLevel(best, first, node, item);
      }
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
    const prefix = options.prefix ?? [];
    this.checkPrefix(prefix);
    if (this.active) {
      this.finish();
      this.epoch++;
    }
    this.signal = options.signal;
    this.deadline = options.deadline ?? Infinity;
    this.onTick = options.onTick;
    this.level = 0;
    this.base = 0;
    this.phase = FORWARD;
    this.nodes = 0;
    this.updates = 0;
    this.applied = [];
    this.active = true;
    if (this.multiplicities) {
      for (const code of prefix) {
        if (!this.replay(code)) {
          this.finish();
          return false;
        }
      }
      this.base = this.level;
      // the prefix's options and the search's are distinct options
      if (this.solutionBuffer.length < this.optionCount) {
        this.solutionBuffer = new Int32Array(this.optionCount);
        this.views = [];
      }
      return true;
    }
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

  /** Refuses re-entry from a callback, and a prefix entry that is no choice code. */
  private checkPrefix(prefix: readonly number[]): void {
    if (this.running) throw new Error('DancingLinks: a search is already running on this instance (called from a callback?)');
    const lowest = this.multiplicities ? -this.primaryCount : 0;
    for (const o of prefix) {
      if (!Number.isInteger(o) || o < lowest || o >= this.optionCount) {
        throw new RangeError(this.multiplicities
          ? `DancingLinks: prefix entry ${o} is not a choice code (an option number 0..${this.optionCount - 1}, or -1 - e for primary item e, down to ${lowest})`
          : `DancingLinks: prefix entry ${o} is not an option number (0..${this.optionCount - 1})`);
      }
    }
  }

  /**
   * Exact mode, for branches(): the links with exactly `prefix` applied, from the prefix the last call left
   * applied: the options past the part the two share are undone (last first), the new ones applied. A
   * planner's or a random walk's calls go one level down or back up a path, so each call applies about
   * one option where applying the whole prefix and undoing it cost the path's length in each (the
   * Kanoodle pyramid's plan: 0.44 s of 1.3 s). False when an option of the prefix clashes; the links then
   * hold the options before it, and the next call goes on from those.
   */
  private keepPrefix(prefix: readonly number[]): boolean {
    this.checkPrefix(prefix);
    if (this.active && !this.keeping) {
      this.finish();
      this.epoch++;
    }
    // (the links as built, as the constructor or finish() leave them: no level, no prefix, no callbacks)
    if (!this.active) {
      this.active = true;
      this.keeping = true;
    }
    const applied = this.applied;
    let same = 0;
    while (same < applied.length && same < prefix.length && applied[same] === prefix[same]) same++;
    while (applied.length > same) this.unapplyOption(applied.pop()!);
    for (let k = same; k < prefix.length; k++) if (!this.applyOption(prefix[k]!)) return false;
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

  /**
   * Multiplicities mode: takes choice `code` at the current node as the search would, on a new level
   * (the item to branch on chosen as the search does, the choices before `code` tweaked). False, with the
   * level undone, when `code` is not one of the node's choices.
   */
  private replay(code: number): boolean {
    const { node, item } = this;
    const best = chooseItem(node, item, this.degree);
    if (best === 0 || this.degree[0]! <= 0) return false;
    let target = -1;
    if (code < 0) {
      if (-code * W !== best) return false;
      target = best;
    } else {
      for (let p = node[best + DLINK]!; p !== best; p = node[p + DLINK]!) if (this.optionOf(p) === code) { target = p; break; }
      if (target < 0) return false;
    }
    const level = this.level;
    const first = (this.firstTweak[level] = node[best + DLINK]!);
    this.updates += enterLevel(best, node, item);
    for (let cur = first; ; cur = node[cur + DLINK]!) {
      const r = readyChoice(best, cur, node, item);
      if (r < 0) {
        leaveLevel(best, first, node, item);
        return false;
      }
      this.updates += r;
      if (cur === target) {
        this.choice[level] = cur;
        this.level = level + 1;
        if (cur !== best) this.updates += commit(cur, node, item);
        return true;
      }
    }
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
    if (this.multiplicities) {
      // The prefix is levels 0..base-1 of the same stack.
      const lastHeader = W * this.itemCount;
      for (let level = this.level - 1; level >= 0; level--) {
        const cur = choice[level]!;
        if (cur <= lastHeader) {
          if (node[cur + AUX] !== 0) reactivate(cur, item);
          leaveLevel(cur, this.firstTweak[level]!, node, item);
        } else {
          uncommit(cur, node, item);
          leaveLevel(node[cur + TOP]!, this.firstTweak[level]!, node, item);
        }
      }
      this.level = 0;
      this.base = 0;
    }
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
    this.keeping = false;
  }

  private stopRequested(): boolean {
    this.onTick?.(this.nodes);
    return this.clockOrSignal();
  }

  private clockOrSignal(): boolean {
    return (this.signal !== undefined && this.signal.aborted) || (this.deadline !== Infinity && Date.now() >= this.deadline);
  }

  /** advance() until a solution, the end, or a stop request (seen at a checkpoint). */
  private step(): number {
    for (;;) {
      const r = this.multiplicities ? this.advanceM() : this.advance();
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
    return 0 - node[p - W + TOP]!; // not -x, which is -0 for option 0
  }

  /** Fills the solution buffer after the prefix with the current choices; returns a reused view. */
  private solutionView(): Int32Array {
    const buffer = this.solutionBuffer;
    let n: number;
    if (this.multiplicities) {
      // prefix and search share the levels; null choices (header offsets) are not options
      const lastHeader = W * this.itemCount;
      n = 0;
      for (let l = 0; l < this.level; l++) {
        const cur = this.choice[l]!;
        if (cur > lastHeader) buffer[n++] = this.optionOf(cur);
      }
    } else {
      const base = this.applied.length;
      n = base + this.level;
      for (let l = 0; l < this.level; l++) buffer[base + l] = this.optionOf(this.choice[l]!);
    }
    let view = this.views[n];
    if (view === undefined) view = this.views[n] = buffer.subarray(0, n);
    return view;
  }

  /**
   * Algorithm X from the saved state until the next solution (returned with its choices still applied
   * and phase BACKTRACK, so the next call goes on with the option after the last), the end of the subtree
   * (everything undone down to the prefix), or a checkpoint every CHECK_INTERVAL nodes (choices applied,
   * phase FORWARD), where step() looks at the signal and the clock. The loop is WebAssembly's
   * (wasm/dlx-loop.ts): this passes the state in and out.
   */
  private advance(): number {
    const loop = this.loop!;
    loop.dlxLevel.value = this.level;
    loop.dlxPhase.value = this.phase;
    loop.dlxNodes.value = this.nodes;
    loop.dlxUpdates.value = this.updates;
    const result = loop.advanceExact();
    this.level = loop.dlxLevel.value;
    this.phase = loop.dlxPhase.value;
    this.nodes = loop.dlxNodes.value;
    this.updates = loop.dlxUpdates.value;
    return result;
  }

  /**
   * Algorithm M, as advance() is Algorithm X (same results and phases), for multiplicities mode. Levels
   * below `base` are the prefix's and are not undone here.
   */
  private advanceM(): number {
    const node = this.node, item = this.item, choice = this.choice, firstTweak = this.firstTweak, degree = this.degree;
    const base = this.base, lastHeader = W * this.itemCount;
    let level = this.level, phase = this.phase, nodes = this.nodes, updates = this.updates;
    let best = 0, cur = 0, result = EXHAUSTED;
    for (;;) {
      if (phase === FORWARD) {
        best = chooseItem(node, item, degree);
        if (best === 0) { result = SOLUTION; phase = BACKTRACK; break; }
        if (degree[0]! <= 0) { phase = BACKTRACK; continue; }
        cur = firstTweak[level] = node[best + DLINK]!;
        updates += enterLevel(best, node, item);
      } else {
        if (level === base) { result = EXHAUSTED; break; }
        cur = choice[--level]!;
        if (cur <= lastHeader) {
          // the null choice was the level's last: restore its item and go on backtracking
          if (node[cur + AUX] !== 0) reactivate(cur, item);
          leaveLevel(cur, firstTweak[level]!, node, item);
          continue;
        }
        best = node[cur + TOP]!;
        uncommit(cur, node, item);
        cur = node[cur + DLINK]!;
      }
      const r = readyChoice(best, cur, node, item);
      if (r < 0) {
        leaveLevel(best, firstTweak[level]!, node, item);
        phase = BACKTRACK;
        continue;
      }
      updates += r;
      choice[level++] = cur;
      nodes++;
      if (cur !== best) updates += commit(cur, node, item);
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
