import { availableParallelism } from 'node:os';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { totalPieceCount } from '../puzzle/model.js';
import { snugVersion } from '../version.js';
import type { Checkpoint, DoneSubproblem } from './checkpoint.js';
import { assertNewCheckpoint, puzzleHash, saveCheckpoint } from './checkpoint.js';
import { Executor } from './executor.js';
import type { Plan, PlanOptions } from './plan.js';
import { planSubproblems } from './plan.js';
import type { PrepareOptions, PreparedSearch } from '../search/prepare.js';
import { prepareSearch } from '../search/prepare.js';
import { InvalidOptionError, checkRunOptions } from '../search/options.js';
import type { Progress } from './progress.js';
import { ProgressTracker } from './progress.js';
import type { SolveOptions, SolveResult } from '../search/solve.js';
import { runPrepared, searchStats } from '../search/solve.js';

/**
 * Long runs: the search on all cores, with progress, checkpoints and shards.
 *
 * A run first tries the whole search in-process for a moment (`trialMs`): most puzzles are done by then,
 * and pay for no threads. Otherwise the tree is cut into subproblems (plan.ts), which worker threads solve
 * (or, with one worker, this thread, one by one); solutions stream out as they are found, in no fixed
 * order, and counts and solution sets are the same for any number of workers. A shard run solves a fixed
 * share of the subproblems; a checkpointed run saves the finished ones as it goes, and can be resumed.
 */
export interface RunOptions extends SolveOptions {
  /** Worker threads (default: the number of cores); 1 searches on the calling thread. */
  readonly workers?: number;
  /** How long to try the whole search in-process before cutting it up (default 300 ms; 0 with a checkpoint or a shard). */
  readonly trialMs?: number;
  readonly onProgress?: (progress: Progress) => void;
  /** How often onProgress is called (default 500 ms). */
  readonly progressIntervalMs?: number;
  /** Save the run to this file as it goes (and when stopped by the signal). */
  readonly checkpoint?: { readonly path: string; readonly intervalMs?: number; readonly meta?: unknown };
  /** Solve only shard `index` (1..count) of the plan's subproblems. */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly plan?: PlanOptions;
}

/** What identifies a shard's result, for merging: same puzzle, options, version and plan, and which share. */
export interface ShardStamp {
  readonly index: number;
  readonly count: number;
  readonly puzzleHash: string;
  readonly plan: string;
  readonly version: string;
  /** Subproblems in this shard, out of `subproblemsInPlan`. */
  readonly subproblems: number;
  readonly subproblemsInPlan: number;
}

export interface RunResult extends SolveResult {
  readonly workers: number;
  /** The plan, when the run was cut into subproblems. */
  readonly plan?: { readonly hash: string; readonly subproblems: number; readonly done: number };
  readonly shard?: ShardStamp;
  /** True when the signal stopped the run (a checkpoint, if any, was saved). */
  readonly interrupted?: boolean;
}

/** A run to resume: its checkpoint, as loaded. */
interface Resumed {
  readonly checkpoint: Checkpoint;
}

/** Solves a puzzle as the command line does; bad options reject with InvalidOptionError before anything runs. */
export async function solveAsync(puzzle: Puzzle, options: RunOptions = {}): Promise<RunResult> {
  checkRunOptions(options);
  return execute(puzzle, options);
}

/**
 * Goes on with a checkpointed run: the same puzzle, options and plan, the finished subproblems taken as
 * they are (their solutions reported again first), the rest solved. The checkpoint keeps being updated.
 */
export async function resumeAsync(
  path: string,
  options: Omit<RunOptions, 'engine' | 'unique' | 'limit' | 'all' | 'countOnly' | 'shard' | 'checkpoint'> & { checkpointIntervalMs?: number } = {},
  /** The checkpoint at `path`, when the caller has loaded it already (loadCheckpoint). */
  loaded?: Checkpoint,
): Promise<RunResult> {
  if (typeof path !== 'string' || path === '') throw new InvalidOptionError('resumeAsync needs the name of a checkpoint file');
  checkRunOptions(options);
  const checkpoint = loaded ?? (await import('./checkpoint-file.js')).loadCheckpoint(path);
  const o = checkpoint.options;
  return execute(checkpoint.puzzle, {
    ...options,
    engine: o.engine,
    unique: o.unique,
    countOnly: o.countOnly,
    ...(o.limit !== null ? { limit: o.limit } : { all: true }),
    ...(checkpoint.shard ? { shard: checkpoint.shard } : {}),
    checkpoint: { path, ...(options.checkpointIntervalMs !== undefined ? { intervalMs: options.checkpointIntervalMs } : {}), meta: checkpoint.meta },
  }, { checkpoint });
}

async function execute(puzzle: Puzzle, options: RunOptions, resumed?: Resumed): Promise<RunResult> {
  const start = performance.now();
  const countOnly = !!options.countOnly;
  const every = !!options.all || countOnly || options.limit === Infinity;
  const limit = every ? Infinity : options.limit ?? 1;
  const keep = options.keep ?? !countOnly;
  const prepareOptions: PrepareOptions = {
    engine: options.engine ?? 'auto',
    unique: !!options.unique,
    expandSymmetry: every && options.expandSymmetry !== false,
  };
  if (options.checkpoint && !resumed) assertNewCheckpoint(options.checkpoint.path);
  const prepared = prepareSearch(puzzle, prepareOptions);
  const workers = Math.max(1, Math.floor(options.workers ?? availableParallelism()));
  const deadline = options.timeLimitMs !== undefined ? Date.now() + options.timeLimitMs : Infinity;

  // No solution can exist: the search says why, at once.
  if (prepared.impossible) return { ...runPrepared(prepared, {}), workers: 1 };
  // The trial: the whole search in-process, for a moment. Its solutions are held back, so that if it does
  // not finish, the planned run (which finds them again) reports each one once.
  const trialMs = options.trialMs ?? (options.checkpoint || options.shard || resumed ? 0 : 300);
  if (trialMs > 0) {
    const held: Solution[] = [];
    const trial = runPrepared(prepared, {
      limit,
      countOnly,
      keep: false,
      timeLimitMs: Math.min(trialMs, deadline - Date.now()),
      ...(countOnly ? {} : { onSolution: (s: Solution) => { held.push(s); } }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (trial.complete || trial.solutions >= limit || Date.now() >= deadline || options.signal?.aborted) {
      const found: Solution[] = [];
      let reported = 0;
      for (const s of held) {
        if (keep) found.push(s);
        if (options.onSolution?.(s, reported++) === false) break;
      }
      const elapsedMs = performance.now() - start;
      if (trial.complete || trial.solutions >= limit) {
        options.onProgress?.({ fraction: 1, solutions: trial.solutions, nodes: trial.nodes, nodesPerSecond: (trial.nodes * 1000) / elapsedMs, elapsedMs, etaMs: 0, subproblemsDone: 1, subproblems: 1 });
      }
      return { ...trial, found, elapsedMs, workers: 1, ...(options.signal?.aborted ? { interrupted: true } : {}) };
    }
  }
  return runPlanned(puzzle, prepared, options, { countOnly, limit, keep, workers, deadline, prepareOptions, start }, resumed);
}

interface Settings {
  readonly countOnly: boolean;
  readonly limit: number;
  readonly keep: boolean;
  readonly workers: number;
  readonly deadline: number;
  readonly prepareOptions: PrepareOptions;
  readonly start: number;
}

async function runPlanned(puzzle: Puzzle, prepared: PreparedSearch, options: RunOptions, settings: Settings, resumed?: Resumed): Promise<RunResult> {
  const { countOnly, limit, workers, prepareOptions } = settings;
  // The threads start now, and get ready while this thread plans.
  const executor = new Executor(workers, prepared, {
    puzzle,
    prepare: prepareOptions,
    countOnly,
    ...(Number.isFinite(limit) ? { limit } : {}),
    progressMs: 200,
  });
  try {
    const plan: Plan = resumed
      ? { ...resumed.checkpoint.plan, estimatedNodes: NaN, estimatedSolutions: NaN }
      : planSubproblems(prepared.engine, totalPieceCount(puzzle), options.plan);
    return { ...searchStats(prepared), ...(await solvePlan(puzzle, plan, executor, options, settings, resumed)) };
  } finally {
    await executor.stop();
  }
}

/** Solves the plan's subproblems (those of the shard, those not done before) and reports as they finish. */
async function solvePlan(
  puzzle: Puzzle,
  plan: Plan,
  executor: Executor,
  options: RunOptions,
  settings: Settings,
  resumed: Resumed | undefined,
): Promise<Omit<RunResult, 'puzzle' | 'engine' | 'engineReason' | 'unique' | 'symmetries' | 'symmetryNote'>> {
  const { countOnly, limit, keep, workers, deadline, prepareOptions, start } = settings;
  const shard = options.shard;
  const scope = plan.subproblems.map((_, i) => i).filter((i) => !shard || i % shard.count === shard.index - 1);
  const done = new Map<number, DoneSubproblem>((resumed?.checkpoint.done ?? []).map((d) => [d.index, d]));
  const earlierMs = resumed?.checkpoint.elapsedMs ?? 0;
  const elapsedMs = (): number => earlierMs + performance.now() - start;
  const tracker = new ProgressTracker(plan.estimates, scope, [...done.values()], earlierMs, Date.now() - (performance.now() - start));

  // Solutions: those of subproblems finished before first, then as they come.
  const found: Solution[] = [];
  let accepted = 0;
  let stopReason: 'limit' | 'signal' | 'time' | 'callback' | undefined;
  const report = (s: Solution): void => {
    if (stopReason || accepted >= limit) return;
    accepted++;
    tracker.solutions = accepted;
    if (keep) found.push(s);
    if (options.onSolution?.(s, accepted - 1) === false) stopReason = 'callback';
    else if (accepted >= limit) stopReason = 'limit';
  };
  const addCount = (n: number): void => {
    accepted += n;
    tracker.solutions = accepted;
  };
  for (const d of [...done.values()].sort((a, b) => a.index - b.index)) {
    if (countOnly) addCount(d.solutions);
    else for (const s of d.found ?? []) report(s);
  }

  // Checkpoints, every `interval` and at the end (a checkpoint of a finished run just reports its result).
  const checkpoint = options.checkpoint;
  const interval = checkpoint?.intervalMs ?? 5000;
  let lastSave = 0;
  const save = (): void => {
    if (!checkpoint) return;
    lastSave = Date.now();
    saveCheckpoint(checkpoint.path, {
      format: 'snug-checkpoint',
      version: snugVersion(),
      puzzle,
      puzzleHash: puzzleHash(puzzle),
      options: { engine: prepareOptions.engine ?? 'auto', unique: !!prepareOptions.unique, countOnly, solutions: !countOnly, limit: Number.isFinite(limit) ? limit : null },
      shard: shard ?? null,
      plan: { hash: plan.hash, subproblems: plan.subproblems, estimates: plan.estimates },
      done: [...done.values()].sort((a, b) => a.index - b.index),
      elapsedMs: elapsedMs(),
      ...(checkpoint.meta !== undefined ? { meta: checkpoint.meta } : {}),
    });
  };
  const progressEvery = options.progressIntervalMs ?? 500;
  let lastProgress = Date.now();
  /** Progress and checkpoints when due; called from the solving thread's ticks and from a timer. */
  const due = (): void => {
    if (Date.now() >= deadline) stop('time');
    if (options.onProgress && Date.now() - lastProgress >= progressEvery) {
      lastProgress = Date.now();
      options.onProgress(tracker.snapshot());
    }
    if (checkpoint && Date.now() - lastSave >= interval) save();
  };
  save();

  let stopping: Promise<void> | undefined;
  const stop = (reason: NonNullable<typeof stopReason>): void => {
    stopReason ??= reason;
    stopping ??= executor.stop();
  };
  const onAbort = (): void => stop('signal');
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) stop('signal');
  const timer = setInterval(due, Math.min(progressEvery, interval, 250));
  // the solutions of each subproblem, kept until it is done, when a checkpoint stores them
  const keepForCheckpoint = !countOnly && checkpoint !== undefined;
  const pending = new Map<number, Solution[]>();
  try {
    if (!stopReason) {
      await executor.run(plan.subproblems, scope.filter((i) => !done.has(i)), {
        onSolution(index, solution) {
          if (stopReason) return;
          if (keepForCheckpoint) {
            const list = pending.get(index);
            if (list) list.push(solution);
            else pending.set(index, [solution]);
          }
          report(solution);
          if (stopReason) stop(stopReason);
        },
        onProgress(index, nodes) {
          tracker.report(index, nodes);
          due();
        },
        onDone(r) {
          // a subproblem cut short by the limit is not done: a resumed run solves it again
          if (stopReason || !r.complete) return;
          done.set(r.index, { index: r.index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, ...(keepForCheckpoint ? { found: pending.get(r.index) ?? [] } : {}) });
          pending.delete(r.index);
          tracker.finish(r.index, r.nodes);
          if (countOnly) addCount(r.solutions);
          due();
        },
      });
    }
  } finally {
    clearInterval(timer);
    options.signal?.removeEventListener('abort', onAbort);
    await stopping;
  }
  save();
  options.onProgress?.(tracker.snapshot());
  let nodes = 0;
  let updates = 0;
  for (const i of scope) {
    nodes += done.get(i)?.nodes ?? 0;
    updates += done.get(i)?.updates ?? 0;
  }
  const solved = scope.filter((i) => done.has(i)).length;
  return {
    solutions: accepted,
    complete: solved === scope.length && stopReason === undefined,
    nodes,
    updates,
    elapsedMs: elapsedMs(),
    found,
    workers,
    plan: { hash: plan.hash, subproblems: scope.length, done: solved },
    ...(shard ? { shard: { ...shard, puzzleHash: puzzleHash(puzzle), plan: plan.hash, version: snugVersion(), subproblems: scope.length, subproblemsInPlan: plan.subproblems.length } } : {}),
    ...(stopReason === 'signal' ? { interrupted: true } : {}),
  };
}
