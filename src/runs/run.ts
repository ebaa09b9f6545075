import type { Puzzle } from '../puzzle/model.js';
import type { Checkpoint } from './checkpoint.js';
import { cores } from '../platform/host.js';
import type { PlanOptions } from './plan.js';
import { planOptionsProblem } from './plan.js';
import type { PrepareOptions } from '../compile/options.js';
import { InvalidOptionError, checkRunOptions } from '../search/options.js';
import type { Progress } from './progress.js';
import type { SolveOptions } from '../search/solve.js';
import { coordinate } from './coordinator.js';
import { threadsDispatch } from './dispatch-threads.js';
import { memoryLedger } from './ledger.js';
import type { CheckpointTarget } from './ledger-checkpoint.js';
import { openCheckpointLedger } from './ledger-checkpoint.js';
import type { RunResult } from './result.js';
import { storedDisassemble } from './job.js';
import type { PlanEstimate } from './job.js';

export type { CheckpointTarget } from './ledger-checkpoint.js';
export type { RunResult, ShardStamp } from './result.js';

/**
 * Long runs here: the search on all cores, with progress, checkpoints and shards. This module turns the
 * options into a run for the coordinator (coordinator.ts), which does the work: worker threads of this
 * process as its dispatcher (dispatch-threads.ts), and memory or a checkpoint file as its ledger.
 *
 * A run first tries the whole search in-process for a moment (`trialMs`): most puzzles are done by then,
 * and pay for no threads. The threads start half way through it, and it goes on until one is ready (see
 * runTrial). Otherwise the tree is cut into subproblems (plan.ts), which worker threads solve;
 * solutions stream out as they are found, in no fixed order, and counts and solution sets are the same
 * for any number of workers. A shard run solves a fixed share of the subproblems; a checkpointed run saves
 * the finished ones as it goes, and can be resumed. Planning, like solving, stops at the time limit and on
 * the signal. With `disassemble`, every assembly is taken apart where it is found (on the worker threads),
 * as `solve` does: the solutions are those that come apart, and the result tells the assemblies.
 */
export interface RunOptions extends SolveOptions {
  /** Worker threads that search a long run (default: the number of cores); the calling thread plans, reports and saves. */
  readonly workers?: number;
  /**
   * How long to try the whole search in-process before cutting it up (default 300 ms, 1 s when taking
   * assemblies apart, where each assembly costs more than a node; 0 with a shard). The trial goes on past
   * it while the threads it started get ready, TRIAL_WAIT_MS at most (runs/dispatch-here.ts).
   * A checkpointed run makes no trial: it is always planned, so that everything it does can be saved.
   */
  readonly trialMs?: number;
  readonly onProgress?: (progress: Progress) => void;
  /** Called once when a run is cut into subproblems, with what the plan says of its length (see PlanEstimate). */
  readonly onPlanned?: (estimate: PlanEstimate) => void;
  /** How often onProgress is called (default 500 ms). */
  readonly progressIntervalMs?: number;
  /** Save the run to this file as it goes (and when stopped by the signal); see checkpoint.ts. */
  readonly checkpoint?: CheckpointTarget;
  /** Solve only shard `index` (1..count) of the plan's subproblems (with `all` or `countOnly`). */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly plan?: PlanOptions;
}

/** A run to resume: its checkpoint, as loaded (resume.ts). */
export interface Resumed {
  readonly checkpoint: Checkpoint;
}

/** Solves a puzzle as the command line does; bad options reject with InvalidOptionError before anything runs. */
export async function solveAsync(puzzle: Puzzle, options: RunOptions = {}): Promise<RunResult> {
  checkRunOptions(options);
  const planProblem = options.plan !== undefined ? planOptionsProblem(options.plan) : undefined;
  if (planProblem) throw new InvalidOptionError(planProblem);
  return runHere(puzzle, options);
}

/** A run here, new or resumed, once its options are checked: the coordinator with this run's ledger and threads. */
export async function runHere(puzzle: Puzzle, options: RunOptions, resumed?: Resumed): Promise<RunResult> {
  const start = performance.now();
  const countOnly = !!options.countOnly;
  const every = !!options.all || countOnly || options.limit === Infinity;
  const limit = every ? Infinity : options.limit ?? 1;
  // the counting engine counts a run in one piece: never shards of it, nor checkpoints
  const split = options.shard !== undefined || options.checkpoint !== undefined;
  if (options.engine === 'count' && split) {
    throw new InvalidOptionError(`the count engine counts the whole run at once: it cannot ${options.shard ? 'count a shard of it' : 'save checkpoints'}; use another engine`);
  }
  const prepare: PrepareOptions = {
    engine: options.engine ?? 'auto',
    unique: !!options.unique,
    ...(options.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
    expandSymmetry: every && options.expandSymmetry !== false,
    // (a run that takes its assemblies apart lists them, counting or not: the counting engine cannot)
    ...(countOnly && !split && !options.disassemble ? { countOnly: true } : {}),
  };
  const disassemble = options.disassemble ? { disassemble: storedDisassemble(options.disassemble) } : {};
  if (options.shard && !every) throw new RangeError('a shard is a share of a whole enumeration: give it all or countOnly, not a limit');
  const workers = Math.max(1, Math.floor(options.workers ?? cores()));
  const target = options.checkpoint;
  const planOptions = options.plan ?? {};
  const job = {
    puzzle,
    prepare,
    countOnly,
    ...disassemble,
    limit,
    keep: options.keep ?? !countOnly,
    ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
    // a checkpointed run makes no trial: everything it does can be saved
    trialMs: target ? 0 : options.trialMs ?? (options.shard ? 0 : options.disassemble ? 1000 : 300),
    planOptions,
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onSolution ? { onSolution: options.onSolution } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.onPlanned ? { onPlanned: options.onPlanned } : {}),
    ...(options.progressIntervalMs !== undefined ? { progressIntervalMs: options.progressIntervalMs } : {}),
    start,
  };
  const openLedger = target
    ? () => openCheckpointLedger(target, { puzzle, prepare, countOnly, ...disassemble, limit, planOptions, ...(options.shard ? { shard: options.shard } : {}) }, resumed?.checkpoint)
    : async () => memoryLedger;
  return coordinate(job, openLedger, threadsDispatch(workers, { puzzle, prepare, countOnly, ...disassemble, ...(Number.isFinite(limit) ? { limit } : {}), progressMs: 200 }));
}
