import { sha256Hex } from '../platform/host.js';
import type { Engine } from '../engines/types.js';
import type { WalkSums } from './estimate.js';
import { addWalks, noWalks, seededRandom } from './estimate.js';
import { nextTurn } from '../platform/host.js';

/**
 * A long search cut into subproblems: subtrees of the search tree, each named by the prefix of choices
 * that leads to it, which together hold every solution exactly once. They are what the workers take,
 * what a checkpoint marks done, and what shards divide. The plan depends only on the puzzle, the options
 * and snug's version (the estimates are seeded), never on the machine or the clock, so every shard of a
 * run and every resumed run cut the tree the same way; `hash` names the cut.
 */
export interface Plan {
  /** Prefixes, in the order the whole search would visit them. */
  readonly subproblems: readonly (readonly number[])[];
  /** Estimated nodes of each subproblem (for progress weights). */
  readonly estimates: readonly number[];
  /** Estimated nodes of the whole tree and raw solutions in it. */
  readonly estimatedNodes: number;
  readonly estimatedSolutions: number;
  readonly hash: string;
}

export interface PlanOptions {
  /** Random walks for the whole tree's estimate (default 1000). */
  readonly rootProbes?: number;
  /**
   * Random walks for each subproblem's estimate (default: a budget of one walk per 25,000 estimated
   * nodes, between 512 and 40,000 in all, shared out, 4 to 16 each when they look one level ahead, as on
   * the bitboard engine (see estimate.ts), 8 to 128 when they cannot). A few plain walks misjudge a subtree
   * by factors of ten either way; sixty-odd bring most within a factor of two. A walk that looks ahead is
   * worth many plain ones: on the one-sided pentominoes' 5x18 rectangle
   * (1.37e9 nodes, 2 workers, 130 s) with them the progress fraction stayed within 0.03 of the fraction of the
   * time gone, and the ETA within a quarter of the real rest from the 12th second on; plain walks, 8 to
   * 128 each, had held the fraction at 0.70 from the 35th second to the 75th and said 30 s were left when
   * 80 were. 4 to 16 walks: planning took 1.5 s there and 3 s for the Tetris Cube (8 to 128: 1.8 s and
   * 6.9 s).
   */
  readonly probes?: number;
  /** About this many estimated nodes per subproblem (default 1,000,000: a fraction of a second). */
  readonly nodesPerSubproblem?: number;
  readonly minSubproblems?: number;
  readonly maxSubproblems?: number;
  readonly seed?: number;
  /**
   * The most work (see WalkSums.work) planning may do (default 50,000,000: a second or two at worst). The
   * classic puzzles plan in a tenth of it; a tree thousands of levels deep (thousands of pieces) runs out,
   * and is then cut no finer, with estimates from as few walks as it could afford (one at least).
   */
  readonly workBudget?: number;
}

/**
 * The least and the most of each plan option, and whether it is a whole number: a plan asked for with
 * more (a checkpoint's planOptions, a caller's) could take for ever (a work budget of 1e300) or cut the
 * tree into millions of pieces (a millionth of a node per subproblem). Up to 1e9 of work is minutes at
 * worst; the defaults are far inside.
 */
export const PLAN_OPTION_BOUNDS = {
  rootProbes: [1, 1_000_000, true],
  probes: [1, 100_000, true],
  nodesPerSubproblem: [1, 1e15, false],
  minSubproblems: [1, 1_000_000, true],
  maxSubproblems: [1, 1_000_000, true],
  seed: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, true],
  workBudget: [1, 1e9, false],
} as const satisfies Record<keyof PlanOptions, readonly [number, number, boolean]>;

/** Why plan options are not within PLAN_OPTION_BOUNDS (the first problem), or undefined when they are. */
export function planOptionsProblem(options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return 'the plan options must be an object';
  for (const [name, value] of Object.entries(options)) {
    const bounds = (PLAN_OPTION_BOUNDS as Record<string, readonly [number, number, boolean]>)[name];
    if (!bounds) return `there is no plan option ${JSON.stringify(name).slice(0, 40)}`;
    if (value === undefined) continue;
    const [least, most, whole] = bounds;
    if (typeof value !== 'number' || !(value >= least && value <= most) || (whole && !Number.isInteger(value))) {
      return `plan option ${name} must be a${whole ? ' whole' : ''} number from ${least} to ${most}, not ${String(value).slice(0, 40)}`;
    }
  }
  return undefined;
}

interface Node {
  readonly prefix: readonly number[];
  readonly estimate: number;
  children?: Node[];
}

/**
 * Cuts the tree: starting from the root, the subproblem with the largest estimate is replaced by its
 * branches, until there are at least `target` = estimatedNodes / nodesPerSubproblem of them (within
 * minSubproblems..maxSubproblems) and none is estimated larger than 4 / target of the whole. Large
 * subtrees are so cut finer than small ones.
 */
export function planSubproblems(engine: Engine, depth: number, options: PlanOptions = {}): Plan {
  const steps = planSteps(engine, depth, options, noWalks());
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** When to give up planning: the run's signal (Ctrl-C) and its time limit (Date.now() milliseconds). */
export interface PlanStop {
  readonly signal?: AbortSignal;
  readonly deadline?: number;
  /**
   * Called at each turn of the event loop with how far planning has got (0..1, an estimate: the root's
   * walks are the first quarter, cutting the tree the rest) and the nodes walked so far.
   */
  readonly onPlanned?: (share: number, nodes: number) => void;
}

/**
 * The same plan as planSubproblems, made a little at a time: between steps (a few milliseconds each) the
 * event loop gets a turn, so that Ctrl-C, timers and the threads' messages get through, and the signal and
 * the deadline are looked at. Returns no plan when stopped; `nodes` is the nodes the walks stepped on.
 */
export async function planSubproblemsAsync(engine: Engine, depth: number, options: PlanOptions, stop: PlanStop, from?: readonly (readonly number[])[]): Promise<{ plan?: Plan; nodes: number }> {
  const sums = noWalks();
  const planned = { share: 0 };
  const steps = planSteps(engine, depth, options, sums, from, planned);
  let turned = Date.now();
  stop.onPlanned?.(0, 0);
  for (;;) {
    if (stop.signal?.aborted || Date.now() >= (stop.deadline ?? Infinity)) return { nodes: sums.steps };
    const step = steps.next();
    if (step.done) return { plan: step.value, nodes: sums.steps };
    if (Date.now() - turned >= TURN_MS) {
      stop.onPlanned?.(planned.share, sums.steps);
      await nextTurn();
      turned = Date.now();
    }
  }
}

/** The share of planning that progress gives the root's walks (cutting the tree is the rest). */
const ROOT_PLANNING_SHARE = 0.25;
/** How long planning runs between two turns of the event loop, in milliseconds. */
const TURN_MS = 20;
/** Random walks of each subtree, at least and at most, when they look ahead and when not (see PlanOptions.probes). */
const PROBES_LOOKING = [4, 16] as const;
const PROBES_PLAIN = [8, 128] as const;
/**
 * What planning may spend on a tree, against its estimated nodes (walk work, WalkSums.work, counted like
 * nodes): the root's walks stop at a quarter of it (after MIN_ROOT_WALKS at least), the walks that cut
 * the tree at SPLIT_SHARE of it (MIN_SPLIT_WORK at least). A tree of a few thousand nodes (BurrTools'
 * CubeInCage: 2,900) had taken 1.3 s to plan and milliseconds to search.
 */
const ROOT_SHARE = 0.25;
const MIN_ROOT_WALKS = 32;
const SPLIT_SHARE = 1;
const MIN_SPLIT_WORK = 20_000;
/** Random walks made in one step (a walk costs up to a millisecond or so). */
const WALKS_PER_STEP = 8;

/**
 * `walks` random walks of one subtree into `sums`, a few per step, from one seeded stream (the same sums as
 * in one go), fewer once `walked` has spent the budget (one at least). Returns the walks made.
 */
function* walkInSteps(engine: Engine, prefix: readonly number[], walks: number, depth: number, random: () => number, sums: WalkSums, walked: WalkSums, budget: number, enough?: (made: number) => boolean): Generator<void, number> {
  let made = 0;
  while (made < walks && (made === 0 || walked.work < budget) && !enough?.(made)) {
    // past the budget, one walk at a time: each may be long
    const batch = walked.work < budget ? Math.min(WALKS_PER_STEP, walks - made) : 1;
    const before = { steps: sums.steps, work: sums.work };
    addWalks(engine, prefix, batch, depth, random, sums);
    walked.steps += sums.steps - before.steps;
    walked.work += sums.work - before.work;
    made += batch;
    yield;
  }
  return made;
}

/**
 * The planner, one step per yield; `walked` adds up the nodes of every walk. It cuts the whole tree, or,
 * given `from`, only those subtrees (what a search stopped part way left: SearchResult.rest), in that order.
 */
function* planSteps(engine: Engine, depth: number, options: PlanOptions, walked: WalkSums, from?: readonly (readonly number[])[], planned = { share: 0 }): Generator<void, Plan> {
  const seed = options.seed ?? 0x5eed;
  const rootProbes = options.rootProbes ?? 1000;
  const budget = options.workBudget ?? 50_000_000;
  // the roots' walks may take a quarter of the budget (the whole tree's root: rootProbes; the subtrees
  // left by a stopped search share them, a few each)
  const roots: Node[] = [];
  const estimate = { nodes: 0, solutions: 0 };
  const starts = from ?? [[]];
  const rootBudget = walked.work + budget / 4;
  for (const [i, prefix] of starts.entries()) {
    const sums = noWalks();
    const walks = from ? Math.max(8, Math.ceil(rootProbes / starts.length)) : rootProbes;
    // (no more walks once they cost a quarter of the subtree they estimate: a small tree is searched
    // sooner than it is walked a thousand times)
    const before = walked.work;
    const enough = (made: number): boolean => {
      // (how far, for progress: the walks made of those wanted, or of the work allowed, whichever is further;
      // the work no further than the subtrees begun, since past the budget each is still walked once: the
      // rest of a trial stopped 5,000 levels down, 5,000 subtrees, had shown a quarter for 48 s)
      const begun = (i + made / walks) / starts.length;
      planned.share = Math.max(planned.share, ROOT_PLANNING_SHARE * Math.max(begun, Math.min(walked.work / rootBudget, (i + 1) / starts.length)));
      return made >= MIN_ROOT_WALKS && walked.work - before > (ROOT_SHARE * sums.nodes) / made;
    };
    const made = yield* walkInSteps(engine, prefix, walks, depth, seededRandom(seed + 104729 * i), sums, walked, rootBudget, enough);
    const nodes = sums.nodes / Math.max(1, made);
    roots.push({ prefix, estimate: from ? 1 + nodes : nodes });
    estimate.nodes += nodes;
    estimate.solutions += sums.solutions / Math.max(1, made);
  }
  // the walks that cut the tree may cost about as much as the search they plan (its estimate), no more
  const splitBudget = Math.min(budget, walked.work + Math.max(MIN_SPLIT_WORK, SPLIT_SHARE * estimate.nodes));
  const max = options.maxSubproblems ?? 20000;
  const target = Math.round(Math.min(max, Math.max(options.minSubproblems ?? 64, estimate.nodes / (options.nodesPerSubproblem ?? 1e6))));
  const walkBudget = Math.min(40000, Math.max(512, estimate.nodes / 25000));
  const [least, most] = engine.lookAhead ? PROBES_LOOKING : PROBES_PLAIN;
  const probes = options.probes ?? Math.min(most, Math.max(least, Math.round(walkBudget / target)));
  const heap = new MaxHeap<Node>((n) => n.estimate);
  for (const root of roots) heap.push(root);
  let leaves = roots.length;
  let splits = 0;
  let sum = roots.reduce((t, r) => t + r.estimate, 0);
  const splitStart = walked.work;
  while (heap.size > 0 && leaves < max) {
    const node = heap.pop()!;
    // (how far, for progress: the subproblems made of those wanted, then how near the largest is to its
    // share; or the walks' work of their budget, if further)
    const cut = leaves < target ? 0.9 * (leaves / target) : 0.9 + 0.09 * Math.min(1, (4 * sum) / target / node.estimate);
    // (never less than shown before: the largest node's share may grow again as the tree is cut)
    planned.share = Math.max(planned.share, ROOT_PLANNING_SHARE + (1 - ROOT_PLANNING_SHARE) * Math.min(0.99, Math.max(cut, (walked.work - splitStart) / Math.max(1, splitBudget - splitStart))));
    // Enough subproblems, and none larger than four times its share: done. (Stopping at the count alone
    // could leave one subtree with a good part of the work, and the run's end waiting on it.)
    if (leaves >= target && node.estimate <= (4 * sum) / target) break;
    // the budget spent: the tree is cut no finer (the node stays a leaf)
    if (walked.work >= splitBudget) break;
    const branches = engine.branches(node.prefix);
    walked.steps++;
    walked.work += node.prefix.length + 1;
    if (branches.length === 0) continue; // a solution or a dead end: it stays a leaf
    const children: Node[] = [];
    for (const [i, choice] of branches.entries()) {
      const prefix = [...node.prefix, choice];
      // each child seeds its own walks, so an estimate does not depend on what was split before
      const sums = noWalks();
      const made = yield* walkInSteps(engine, prefix, probes, depth, seededRandom(seed + 7919 * ++splits + i), sums, walked, splitBudget);
      children.push({ prefix, estimate: 1 + sums.nodes / Math.max(1, made) });
    }
    node.children = children;
    for (const child of children) heap.push(child);
    leaves += children.length - 1;
    sum += children.reduce((t, c) => t + c.estimate, 0) - node.estimate;
  }
  // The leaves in depth-first order are the subproblems, in the order the search visits them.
  const order: Node[] = [];
  const visit = (n: Node): void => {
    if (n.children) n.children.forEach(visit);
    else order.push(n);
  };
  roots.forEach(visit);
  const subproblems = order.map((n) => n.prefix);
  return {
    subproblems,
    estimates: order.map((n) => n.estimate),
    estimatedNodes: estimate.nodes,
    estimatedSolutions: estimate.solutions,
    hash: planHash(subproblems),
  };
}

/**
 * The rest of a stopped search as a plan as it stands, with no walks: its subtrees in the order the search
 * would have visited them. For a run that wants a few solutions, not all: workers take the subtrees in that
 * order, so the first solutions come about when one search going on would have found them, where walking
 * the rest to cut it evenly first had cost seconds (the Tetris Cube's first solution after a 5 ms trial:
 * 6.6 s against 0.38 s for one search). Every subtree is weighed the same (progress counts subtrees).
 */
export function planOfRest(rest: readonly (readonly number[])[]): Plan {
  return { subproblems: rest, estimates: rest.map(() => 1), estimatedNodes: rest.length, estimatedSolutions: 0, hash: planHash(rest) };
}

/**
 * The tree cut, with no walks, into at least `atLeast` subtrees where it has them (at most 64 more): the
 * root's children in the order the search takes them, each cut again in turn while there are too few. For
 * a run that wants a few solutions and had no trial to go on (planOfRest): the first subtrees are the ones
 * one search would have started with. A node with no children (a solution, or a dead end) stays whole.
 */
export function subtreesInOrder(engine: Engine, atLeast: number): number[][] {
  let cut: number[][] = [[]];
  for (let depth = 0; depth < 64 && cut.length < atLeast; depth++) {
    const next: number[][] = [];
    let grew = false;
    for (const prefix of cut) {
      const children = next.length < atLeast + 64 ? engine.branches(prefix) : [];
      if (children.length > 0) grew = true;
      if (children.length === 0) next.push(prefix);
      else for (const c of children) next.push([...prefix, c]);
    }
    cut = next;
    if (!grew) break;
  }
  return cut;
}

/**
 * Why `subproblems` is not a plan of this engine's tree, or undefined when it is: walking the tree depth
 * first, every path from the root must meet exactly one subproblem, and they must come in the order the
 * walk meets them. (A plan read back from a file is checked so: a subproblem left out or given twice would
 * change the count.) The walk visits only the nodes above the subproblems.
 */
export function planProblem(engine: Engine, subproblems: readonly (readonly number[])[]): string | undefined {
  let next = 0;
  const extends_ = (prefix: readonly number[], p: readonly number[]): boolean => p.length >= prefix.length && prefix.every((c, i) => p[i] === c);
  const stack: (readonly number[])[] = [[]];
  while (stack.length > 0) {
    const prefix = stack.pop()!;
    const wanted = subproblems[next];
    if (wanted === undefined || !extends_(prefix, wanted)) {
      return `the subproblems leave out the subtree [${prefix.join(', ')}]`;
    }
    if (wanted.length === prefix.length) {
      next++;
      continue;
    }
    const branches = engine.branches(prefix);
    if (branches.length === 0) return `subproblem ${next} ([${wanted.join(', ')}]) is not in the search tree`;
    for (let i = branches.length - 1; i >= 0; i--) stack.push([...prefix, branches[i]!]);
  }
  return next === subproblems.length ? undefined : `subproblem ${next} ([${subproblems[next]!.join(', ')}]) is not in the search tree, or given twice`;
}

/** A binary max-heap by key. */
class MaxHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly key: (item: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.key(a[parent]!) >= this.key(a[i]!)) break;
      [a[parent], a[i]] = [a[i]!, a[parent]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.key(a[l]!) > this.key(a[m]!)) m = l;
        if (r < a.length && this.key(a[r]!) > this.key(a[m]!)) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

export function planHash(subproblems: readonly (readonly number[])[]): string {
  return sha256Hex(JSON.stringify(subproblems)).slice(0, 16);
}
