import type { CountInSteps, Engine, LookAhead } from '../engines/types.js';
import type { Puzzle } from '../puzzle/model.js';
import { prepareSearch } from '../compile/compile.js';
import type { PrepareOptions } from '../compile/options.js';
import { runPrepared } from '../search/solve.js';
import { InvalidOptionError, MAX_PROBES } from '../search/options.js';

/**
 * Knuth's estimate of the size of a backtrack tree ("Estimating the efficiency of backtrack programs",
 * 1975): walk from the root to a leaf, choosing each branch at random; if the nodes on the way had
 * d1, d2, ... children, the tree has about 1 + d1 + d1*d2 + ... nodes, and the leaf, when it is a
 * solution, stands for d1*d2*... solutions. Each walk is an unbiased estimate; their mean converges.
 * The walks are seeded, so an estimate (and a plan built from estimates) is the same on every machine.
 *
 * Where the engine can (Engine.lookAhead: the bitboard engine), the walks look one level ahead: a child
 * with no branches of its own (a dead end, or a solution) is counted where it is and never walked into,
 * and the walk goes on into one of the others, which then stand for all of them. That is still unbiased
 * (each child's subtree is counted once in expectation), and it is what makes the estimate usable on trees
 * whose pruning kills most children at once: in the one-sided pentominoes' 5x18 rectangle (1.37e9 nodes),
 * plain walks of the plan's 356 subtrees, 32 each, misjudged the median subtree 9-fold and the upper
 * quartile 237-fold, because nearly every walk died at a dead child and the rare deep ones carried the
 * whole count; with the look ahead the median subtree is within 1.04x and the upper quartile 2.1x. A step
 * then costs a look at every child: fewer walks, each worth far more.
 */
export interface TreeEstimate {
  /** Estimated nodes below the subtree's root (the engine's `nodes` counts the same things). */
  readonly nodes: number;
  /** Estimated solutions in the subtree (raw, before any symmetry filtering or expansion). */
  readonly solutions: number;
  readonly probes: number;
}

/** mulberry32: a small, fast seeded generator (deterministic across platforms). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Running sums of random walks, kept across batches of walks (the planner walks a little at a time). */
export interface WalkSums {
  /** Sum over the walks of each walk's estimate of the nodes, and of the solutions. */
  nodes: number;
  solutions: number;
  /** Nodes the walks stepped on (each a call of engine.branches): the work done. */
  steps: number;
  /**
   * The cost of those steps: each call of engine.branches(prefix) counted as the length of its prefix
   * plus one, for an engine finds the node by applying the prefix. A walk costs the square of its depth:
   * nothing on trees of a few dozen levels, a lot on trees of thousands (5,000 dominoes).
   */
  work: number;
}

/** The largest weight a walk gives a node: sums of many of them stay finite. */
const MAX_WEIGHT = 1e280;

export const noWalks = (): WalkSums => ({ nodes: 0, solutions: 0, steps: 0, work: 0 });

/** Adds `walks` random walks of the subtree below `prefix` to `sums`. */
export function addWalks(engine: Engine, prefix: readonly number[], walks: number, depth: number, random: () => number, sums: WalkSums): void {
  /**
   * The node's branches, and those of them to walk on into (see LookAhead): the engine's look, or, for an
   * engine without one, all of them (a plain walk: asking each child for its branches cost the DLX engine
   * more than it saved, 1.9 s to 6.1 s on the Kanoodle pyramid, whose search takes 1.4 s).
   */
  // (`same`: the choices of the path the engine was given last, which the walk only grew)
  const step = (path: number[], same: number): LookAhead => {
    sums.steps++;
    sums.work += path.length + 1;
    if (engine.lookAhead) {
      const seen = engine.lookAhead(path, same);
      sums.work += seen.branches.length;
      return seen;
    }
    const branches = engine.branches(path, same);
    return { branches, open: branches, solutions: 0 };
  };
  for (let i = 0; i < walks; i++) {
    // one path, grown in place (engines read the prefix during the call and keep no reference to it)
    const path = [...prefix];
    let weight = 1;
    for (let same = 0; ; same = path.length - 1) {
      const { branches, open, solutions } = step(path, same);
      if (branches.length === 0) {
        if (path.length === depth) sums.solutions += weight;
        break;
      }
      // a tree thousands of levels deep would overflow to Infinity, and Infinity - Infinity is no estimate
      sums.nodes += Math.min(weight * branches.length, MAX_WEIGHT);
      sums.solutions += weight * solutions;
      if (open.length === 0) break;
      weight = Math.min(weight * open.length, MAX_WEIGHT);
      path.push(open[open.length === 1 ? 0 : Math.floor(random() * open.length)]!);
    }
  }
}

/**
 * Estimates the subtree below `prefix` with `probes` random walks. `depth` is the number of choices in a
 * solution (a leaf at that depth is a solution).
 */
export function estimateSubtree(engine: Engine, prefix: readonly number[], probes: number, depth: number, random: () => number): TreeEstimate {
  const sums = noWalks();
  addWalks(engine, prefix, probes, depth, random, sums);
  return { nodes: sums.nodes / Math.max(1, probes), solutions: sums.solutions / Math.max(1, probes), probes };
}

/** What `snug estimate` tells before a run: the tree's size, and the time at the speed measured on it. */
export interface RunEstimate {
  readonly puzzle: string;
  readonly engine: string;
  readonly unique: boolean;
  /** Nodes of the search tree, as estimated (a whole number). */
  readonly estimatedNodes: number;
  /**
   * Raw solutions (before symmetry filtering or expansion), as estimated (a whole number); null when no
   * random walk ended in a solution, which says little: solutions may be rare leaves of a large tree.
   * 0 only when the puzzle is known to have none. When the search finished while measuring (and no
   * probes were asked for), the nodes and solutions are its own, and `probes` is 0: no walk was needed.
   */
  readonly estimatedSolutions: number | null;
  readonly probes: number;
  /** Nodes per second on one core, measured by searching for a moment. */
  readonly nodesPerSecond: number;
  /** Estimated time on one core (or the real time, when the search finished while measuring). */
  readonly estimatedMs: number;
  /** Set when the search finished while measuring: the real count and nodes. */
  readonly finished?: {
    readonly solutions: number;
    readonly nodes: number;
    /** Every digit of the count, when the counting engine counted it (`solutions` keeps the leading ones past 2^53). */
    readonly exactSolutions?: string;
  };
}

export interface RunEstimateOptions extends PrepareOptions {
  /** Random walks (default: as many as fit in a second, at least one). */
  readonly probes?: number;
  /** How long to search to measure the speed (default 1000 ms). */
  readonly measureMs?: number;
}

/** The longest estimateRun measures the speed: a minute. */
export const MAX_MEASURE_MS = 60_000;

export function estimateRun(puzzle: Puzzle, options: RunEstimateOptions = {}): RunEstimate {
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError('estimateRun: the options must be an object');
  const { probes, measureMs } = options;
  if (probes !== undefined && !(Number.isInteger(probes) && probes >= 1 && probes <= MAX_PROBES)) {
    throw new InvalidOptionError(`estimateRun: probes must be a whole number from 1 to ${MAX_PROBES}, not ${String(probes).slice(0, 40)}`);
  }
  if (measureMs !== undefined && !(typeof measureMs === 'number' && measureMs >= 0 && measureMs <= MAX_MEASURE_MS)) {
    throw new InvalidOptionError(`estimateRun: measureMs must be a number of milliseconds from 0 to ${MAX_MEASURE_MS}, not ${String(measureMs).slice(0, 40)}`);
  }
  // the run estimated is a count (--count), so the engine is the one a count would use: the counting engine
  // where it applies (dominoes-16x16 in milliseconds, where the tree search would take ages)
  const prepared = prepareSearch(puzzle, { ...options, countOnly: true, expandSymmetry: !options.unique && options.expandSymmetry !== false });
  const counting = prepared.impossible ? undefined : prepared.engine.countInSteps?.();
  if (counting) return estimateCounting(puzzle, prepared.engine.name, prepared.unique, counting, options.measureMs ?? 1000);
  const measure = options.measureMs ?? 1000;
  const start = performance.now();
  const r = runPrepared(prepared, { countOnly: true, timeLimitMs: measure });
  const ms = performance.now() - start;
  const nodesPerSecond = ms > 0 ? (r.nodes * 1000) / ms : 0;
  // a search that finished while measuring is its own answer: walking its tree for a second more (3x20
  // pentominoes: 37,000 walks of a tree of 5,779 nodes, searched in 4 ms) would only estimate what is known
  const known = r.complete && options.probes === undefined;
  const tree = prepared.impossible ? { nodes: 0, solutions: 0, probes: 0 }
    : known ? { nodes: r.nodes, solutions: r.solutions, probes: 0 }
    : walks(prepared.engine, prepared.depth ?? -1, options.probes);
  return {
    puzzle: puzzle.name,
    engine: prepared.engine.name,
    unique: prepared.unique,
    estimatedNodes: Math.round(tree.nodes),
    estimatedSolutions: prepared.impossible || known ? tree.solutions : tree.solutions > 0 ? Math.max(1, Math.round(tree.solutions)) : null,
    probes: tree.probes,
    nodesPerSecond,
    estimatedMs: r.complete ? ms : nodesPerSecond > 0 ? (tree.nodes * 1000) / nodesPerSecond : Infinity,
    ...(r.complete ? { finished: { solutions: r.solutions, nodes: r.nodes } } : {}),
  };
}

/**
 * The counting engine's estimate: it has no tree to walk, but its steps (a cell each) cost alike once the
 * frontier is full, so it steps for the measuring time and at least until the steps' cost stops rising (the
 * first rows fill the frontier: a step there costs a fraction of one after), then takes the steps left to
 * cost what the last one did. A count that ends while measuring is the answer.
 */
function estimateCounting(puzzle: Puzzle, engine: string, unique: boolean, counting: CountInSteps, measureMs: number): RunEstimate {
  const start = performance.now();
  let taken = 0;
  let dearest = 0;
  let flat = 0;
  let last = { nodes: 0, ms: 0 };
  // the cost rises row after row, with flat stretches, until the frontier is full (12x12 dominoes: from 1
  // to 924 over the first 67 of 144 steps): it counts as full once it has not risen for a quarter of the
  // steps taken
  for (let growing = true; !counting.done && (growing || performance.now() - start < measureMs); ) {
    const before = { nodes: counting.nodes, at: performance.now() };
    counting.step();
    taken++;
    last = { nodes: counting.nodes - before.nodes, ms: performance.now() - before.at };
    flat = last.nodes > dearest ? 0 : flat + 1;
    dearest = Math.max(dearest, last.nodes);
    growing = flat < Math.max(1, taken / 4);
  }
  const ms = performance.now() - start;
  const exact = counting.done ? counting.total() : undefined;
  const left = exact !== undefined || counting.fraction <= 0 ? 0 : taken / counting.fraction - taken;
  return {
    puzzle: puzzle.name,
    engine,
    unique,
    estimatedNodes: Math.round(counting.nodes + left * last.nodes),
    estimatedSolutions: exact !== undefined ? Number(exact) : null,
    probes: 0,
    nodesPerSecond: ms > 0 ? (counting.nodes * 1000) / ms : 0,
    estimatedMs: exact !== undefined || counting.fraction > 0 ? ms + left * last.ms : Infinity,
    ...(exact !== undefined ? { finished: { solutions: Number(exact), nodes: counting.nodes, exactSolutions: exact.toString() } } : {}),
  };
}

/** Walks until `probes` are done, or (without a number) for about a second, and at least once. */
function walks(engine: Engine, depth: number, probes: number | undefined): TreeEstimate {
  const random = seededRandom(0x5eed);
  const stopAt = performance.now() + 1000;
  const sums = noWalks();
  let done = 0;
  // walks in batches that grow while they are quick: a deep tree's walk can take a good part of the second
  for (let batch = 1; probes !== undefined ? done < probes : done === 0 || performance.now() < stopAt; batch = Math.min(100, batch * 2)) {
    const walks = probes !== undefined ? Math.min(batch, probes - done) : batch;
    addWalks(engine, [], walks, depth, random, sums);
    done += walks;
  }
  return { nodes: sums.nodes / done, solutions: sums.solutions / done, probes: done };
}
