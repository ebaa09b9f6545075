import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PrepareOptions } from '../compile/options.js';
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
  /** How often onProgress is called (default 500 ms). */
  readonly progressIntervalMs?: number;
  /** When the caller started (performance.now()): the run's elapsed time counts from here. */
  readonly start: number;
}

