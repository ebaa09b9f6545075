import { availableParallelism } from 'node:os';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { totalPieceCount } from '../puzzle/model.js';
import { snugVersion } from '../version.js';
import type { Checkpoint, DoneSubproblem } from './checkpoint.js';
import { assertNewCheckpoint, loadCheckpoint, puzzleHash, saveCheckpoint } from './checkpoint.js';
import type { Executor } from './executor.js';
import { InProcessExecutor, ThreadExecutor } from './executor.js';
import type { Plan, PlanOptions } from './plan.js';
import { planSubproblems } from './plan.js';
import type { PrepareOptions, PreparedSearch } from './prepare.js';
import { prepareSearch } from './prepare.js';
import type { Progress } from './progress.js';
import { ProgressTracker } from './progress.js';
import type { SolveOptions, SolveResult } from './solve.js';
import { runPrepared } from './solve.js';

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

/** A run to resume: the checkpoint, as loaded. */
interface Resumed {
  readonly path: string;
  readonly checkpoint: Checkpoint;
}

export function solveAsync(puzzle: Puzzle, options: RunOptions = {}): Promise<RunResult> {
  return execute(puzzle, options);
}

/**
 * Goes on with a checkpointed run: the same puzzle, options and plan, the finished subproblems taken as
 * they are (their solutions reported again first), the rest solved. The checkpoint keeps being updated.
 */
export function resumeAsync(path: string, options: Omit<RunOptions, 'engine' | 'unique' | 'limit' | 'all' | 'countOnly' | 'shard' | 'checkpoint'> & { checkpointIntervalMs?: number } = {}): Promise<RunResult> {
  const checkpoint = loadCheckpoint(path);
  const o = checkpoint.options;
  return execute(checkpoint.puzzle, {
    ...options,
    engine: o.engine,
    unique: o.unique,
    countOnly: o.countOnly,
    ...(o.limit !== null ? { limit: o.limit } : { all: true }),
    ...(checkpoint.shard ? { shard: checkpoint.shard } : {}),
    checkpoint: { path, ...(options.checkpointIntervalMs !== undefined ? { intervalMs: options.checkpointIntervalMs } : {}), meta: checkpoint.meta },
  }, { path, checkpoint });
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

  // The trial: the whole search in-process, for a moment. Its solutions are held back, so that if it does
  // not finish, the planned run (which finds them again) reports each one once.
  const trialMs = options.trialMs ?? (options.checkpoint || options.shard || resumed ? 0 : 300);
  if (trialMs > 0 && !prepared.impossible) {
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
      options.onProgress?.({ fraction: 1, solutions: trial.solutions, nodes: trial.nodes, nodesPerSecond: (trial.nodes * 1000) / elapsedMs, elapsedMs, etaMs: 0, subproblemsDone: 1, subproblems: 1 });
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
  const { countOnly, limit, keep, workers, deadline, prepareOptions, start } = settings;
  const base = {
    puzzle: puzzle.name,
    engine: prepared.engine.name,
    engineReason: prepared.engineReason,
    unique: prepared.unique,
    symmetries: prepared.groupSize,
    ...(prepared.symmetryNote ? { symmetryNote: prepared.symmetryNote } : {}),
  };
  if (prepared.impossible) {
    return { ...base, solutions: 0, complete: true, impossible: prepared.impossible, nodes: 0, updates: 0, elapsedMs: performance.now() - start, found: [], workers: 1 };
  }
  const plan: Plan = resumed
    ? { ...resumed.checkpoint.plan, estimatedNodes: NaN, estimatedSolutions: NaN }
    : planSubproblems(prepared.engine, totalPieceCount(puzzle), options.plan);
  const shard = options.shard;
  const scope = plan.subproblems.map((_, i) => i).filter((i) => !shard || i % shard.count === shard.index - 1);
  const done = new Map<number, DoneSubproblem>((resumed?.checkpoint.done ?? []).map((d) => [d.index, d]));
  const todo = scope.filter((i) => !done.has(i));
  const storeSolutions = !countOnly;
  const earlierMs = resumed?.checkpoint.elapsedMs ?? 0;
  const startedAt = Date.now() - (performance.now() - start);
  const tracker = new ProgressTracker(plan.estimates, scope, [...done.values()], earlierMs, startedAt);
  const elapsedMs = (): number => earlierMs + performance.now() - start;

  // Reporting: solutions of subproblems finished earlier first, then as they come.
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
  for (const d of [...done.values()].sort((a, b) => a.index - b.index)) {
    if (countOnly) {
      accepted += d.solutions;
      tracker.solutions = accepted;
    } else {
      for (const s of d.found ?? []) report(s);
    }
  }

  // Checkpoints.
  const checkpointPath = options.checkpoint?.path;
  const interval = options.checkpoint?.intervalMs ?? 5000;
  let lastSave = 0;
  const save = (): void => {
    if (!checkpointPath) return;
    lastSave = Date.now();
    saveCheckpoint(checkpointPath, {
      format: 'snug-checkpoint',
      version: snugVersion(),
      puzzle,
      puzzleHash: puzzleHash(puzzle),
      options: { engine: prepareOptions.engine ?? 'auto', unique: !!prepareOptions.unique, countOnly, solutions: storeSolutions, limit: Number.isFinite(limit) ? limit : null },
      shard: shard ?? null,
      plan: { hash: plan.hash, subproblems: plan.subproblems.map((p) => [...p]), estimates: [...plan.estimates] },
      done: [...done.values()].sort((a, b) => a.index - b.index),
      elapsedMs: elapsedMs(),
      ...(options.checkpoint?.meta !== undefined ? { meta: options.checkpoint.meta } : {}),
    });
  };
  const maybeSave = (): void => {
    if (checkpointPath && Date.now() - lastSave >= interval) save();
  };
  save();

  // Progress.
  const progressEvery = options.progressIntervalMs ?? 500;
  let lastProgress = Date.now();
  const maybeProgress = (): void => {
    if (!options.onProgress || Date.now() - lastProgress < progressEvery) return;
    lastProgress = Date.now();
    options.onProgress(tracker.snapshot());
  };

  const executor: Executor = workers === 1
    ? new InProcessExecutor(prepared, plan.subproblems, { countOnly, ...(Number.isFinite(limit) ? { limit } : {}), progressMs: 200 })
    : new ThreadExecutor(workers, plan.subproblems, { puzzle, prepare: prepareOptions, countOnly, ...(Number.isFinite(limit) ? { limit } : {}), progressMs: 200 });

  const pending = new Map<number, Solution[]>();
  let stopping: Promise<void> | undefined;
  const stop = (reason: NonNullable<typeof stopReason>): void => {
    stopReason ??= reason;
    stopping ??= executor.stop();
  };
  const onAbort = (): void => stop('signal');
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) stop('signal');
  const timer = setInterval(() => {
    if (Date.now() >= deadline) stop('time');
    maybeProgress();
    maybeSave();
  }, Math.min(progressEvery, interval, 250));
  try {
    if (!stopReason) {
      await executor.run(todo, {
        onSolution(index, solution) {
          if (stopReason) return;
          if (storeSolutions) {
            const list = pending.get(index);
            if (list) list.push(solution);
            else pending.set(index, [solution]);
          }
          report(solution);
          if (stopReason) stop(stopReason);
        },
        onProgress(index, nodes) {
          tracker.report(index, nodes);
          if (Date.now() >= deadline) stop('time');
          maybeProgress();
          maybeSave();
        },
        onDone(r) {
          if (stopReason || !r.complete) return;
          const entry: DoneSubproblem = { index: r.index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, ...(storeSolutions ? { found: pending.get(r.index) ?? [] } : {}) };
          pending.delete(r.index);
          done.set(r.index, entry);
          tracker.finish(r.index, r.nodes);
          if (countOnly) {
            accepted += r.solutions;
            tracker.solutions = accepted;
          }
          maybeProgress();
          maybeSave();
        },
      });
    }
  } finally {
    clearInterval(timer);
    options.signal?.removeEventListener('abort', onAbort);
    await (stopping ?? executor.stop());
  }
  save();
  const finished = scope.every((i) => done.has(i));
  const progress = tracker.snapshot();
  options.onProgress?.(progress);
  let nodes = 0;
  let updates = 0;
  for (const i of scope) {
    nodes += done.get(i)?.nodes ?? 0;
    updates += done.get(i)?.updates ?? 0;
  }
  return {
    ...base,
    solutions: accepted,
    complete: finished && stopReason === undefined,
    nodes,
    updates,
    elapsedMs: elapsedMs(),
    found,
    workers,
    plan: { hash: plan.hash, subproblems: scope.length, done: scope.filter((i) => done.has(i)).length },
    ...(shard ? { shard: { ...shard, puzzleHash: puzzleHash(puzzle), plan: plan.hash, version: snugVersion(), subproblems: scope.length, subproblemsInPlan: plan.subproblems.length } } : {}),
    ...(stopReason === 'signal' ? { interrupted: true } : {}),
  };
}
