import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PrepareOptions } from '../compile/options.js';
import type { DisassembleOptions } from '../disassembly/sift.js';
import type { PlanOptions } from './plan.js';
import type { Progress } from './progress.js';

/**
 * A long run as the coordinator (coordinator.ts) takes it: what to search and how, whoever asked (a run
 * here, resumed, a shard, a run on a queue). The callers turn their options into this, checked.
 */
export interface RunJob {
  readonly puzzle: Puzzle;
  readonly prepare: PrepareOptions;
  readonly countOnly: boolean;
  /**
   * Take every assembly apart as it is found (as `solve` does): only those that come apart are solutions;
   * the result then tells the assemblies (AssemblyTally). Never with `prepare.countOnly`: the counting
   * engine cannot list assemblies.
   */
  readonly disassemble?: DisassembleOptions;
  /** Solutions to stop at (Infinity: all). */
  readonly limit: number;
  /** Whether the result lists the solutions (`found`). */
  readonly keep: boolean;
  readonly timeLimitMs?: number;
  /** How long to try the whole search on this thread before planning (0: no trial). */
  readonly trialMs: number;
  readonly planOptions: PlanOptions;
  /** Solve only shard `index` (1..count) of the plan's subproblems. */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly signal?: AbortSignal;
  readonly onSolution?: (solution: Solution, index: number) => boolean | void;
  readonly onProgress?: (progress: Progress) => void;
  readonly onPlanned?: (estimate: PlanEstimate) => void;
  /** How often onProgress is called (default 500 ms). */
  readonly progressIntervalMs?: number;
  /** When the caller started (performance.now()): the run's elapsed time counts from here. */
  readonly start: number;
}


/**
 * Disassemble options as a run stores and compares them (a checkpoint, the queue, a shard's stamp): only
 * the fields there are, in a fixed order, so that the same options are the same text.
 */
export function storedDisassemble(d: DisassembleOptions): DisassembleOptions {
  return { ...(d.minLevel !== undefined ? { minLevel: [...d.minLevel] } : {}), ...(d.stateBudget !== undefined ? { stateBudget: d.stateBudget } : {}) };
}

/** Disassemble options in words, for messages: "none", "{}", "{"minLevel":[3]}". */
export function disassembleText(d: DisassembleOptions | undefined): string {
  return d ? JSON.stringify(storedDisassemble(d)) : 'none';
}

/**
 * What a run's plan says of its length, once the tree is cut (before any subproblem is searched): the
 * Monte-Carlo estimate of its nodes, at the speed of the trial's search (or of the planner's walks, which
 * go slower), shared by the workers. An estimate, often off by a few times either way: enough
 * to tell a run of minutes from one of years.
 */
export interface PlanEstimate {
  readonly estimatedNodes: number;
  readonly subproblems: number;
  /** Nodes a second on one thread: the trial's search, or where none ran, the planner's walks. */
  readonly nodesPerSecond: number;
  readonly workers: number;
  readonly estimatedMs: number;
}
