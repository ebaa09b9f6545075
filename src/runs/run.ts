import type { Puzzle, Solution } from '../puzzle/model.js';
import { checkPuzzle } from '../puzzle/validate.js';
import { snugVersion } from '../version.js';
import type { Checkpoint, CheckpointPlan, DoneSubproblem } from './checkpoint.js';
import { CHECKPOINT_FORMAT, CheckpointError, puzzleHash } from './checkpoint.js';
import type { CheckpointSaver } from '../platform/types.js';
import { checkpointReader, checkpointStores, cores, nextTurn } from '../platform/host.js';
import { Executor } from './executor.js';
import type { Plan, PlanOptions } from './plan.js';
import { planProblem, planSubproblemsAsync } from './plan.js';
import { FrontierCounter } from '../engines/frontier-count.js';
import type { PreparedSearch } from '../compile/compile.js';
import { compilePuzzle } from '../compile/compile.js';
import type { PrepareOptions } from '../compile/options.js';
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
 * Planning, like solving, stops at the time limit and on the signal.
 */
export interface RunOptions extends SolveOptions {
  /** Worker threads that search a long run (default: the number of cores); the calling thread plans, reports and saves. */
  readonly workers?: number;
  /**
   * How long to try the whole search in-process before cutting it up (default 300 ms; 0 with a shard).
   * A checkpointed run makes no trial: it is always planned, so that everything it does can be saved.
   */
  readonly trialMs?: number;
  readonly onProgress?: (progress: Progress) => void;
  /** How often onProgress is called (default 500 ms). */
  readonly progressIntervalMs?: number;
  /** Save the run to this file as it goes (and when stopped by the signal); see checkpoint.ts. */
  readonly checkpoint?: CheckpointTarget;
  /** Solve only shard `index` (1..count) of the plan's subproblems (with `all` or `countOnly`). */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly plan?: PlanOptions;
}

export interface CheckpointTarget {
  /** A new file (a run never overwrites one), in a folder that exists. */
  readonly path: string;
  /** Between saves (default 5000 ms). */
  readonly intervalMs?: number;
  /** Kept in the file as it is (JSON), and handed back on resume. */
  readonly meta?: unknown;
  /**
   * A save that failed (a full disk), in one line: the run goes on, and the file keeps its last good
   * save; said again when a save works again. Default: a process warning.
   */
  readonly onWarning?: (message: string) => void;
}

/** What identifies a shard's result, for merging: same puzzle, options, version and plan, and which share. */
export interface ShardStamp {
  readonly index: number;
  readonly count: number;
  /** Whether the run counts (`countOnly`) or lists every solution (`all`): shards of both do not merge. */
  readonly mode: 'count' | 'all';
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
  /** Of elapsedMs, the time spent preparing the search (placements, symmetry, the engine's tables). */
  readonly prepareMs?: number;
  /** A run on a work queue (queue.ts): where, and the run's ID there. */
  readonly queue?: { readonly url: string; readonly run: string };
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

export type ResumeOptions = Omit<RunOptions, 'engine' | 'unique' | 'symmetry' | 'expandSymmetry' | 'limit' | 'all' | 'countOnly' | 'shard' | 'checkpoint' | 'plan'> & {
  readonly checkpointIntervalMs?: number;
  readonly onCheckpointWarning?: (message: string) => void;
};

/**
 * Goes on with a checkpointed run: the same puzzle, options and plan (made now, as the run would have
 * made it, if the run was stopped before its plan), the finished subproblems taken as they are (their
 * solutions reported again first), the rest solved. The checkpoint keeps being updated.
 */
export async function resumeAsync(
  path: string,
  options: ResumeOptions = {},
  /** The checkpoint at `path`, when the caller has loaded it already (loadCheckpoint). */
  loaded?: Checkpoint,
): Promise<RunResult> {
  if (typeof path !== 'string' || path === '') throw new InvalidOptionError('resumeAsync needs the name of a checkpoint file');
  checkRunOptions(options);
  const checkpoint = loaded ?? (await checkpointReader()).loadCheckpoint(path);
  const o = checkpoint.options;
  const { checkpointIntervalMs, onCheckpointWarning, ...rest } = options;
  return execute(checkpoint.puzzle, {
    ...rest,
    engine: o.engine,
    unique: o.unique,
    ...(o.symmetry ? { symmetry: o.symmetry } : {}),
    countOnly: o.countOnly,
    ...(o.limit !== null ? { limit: o.limit } : { all: true }),
    ...(checkpoint.shard ? { shard: checkpoint.shard } : {}),
    plan: checkpoint.planOptions,
    checkpoint: {
      path,
      ...(checkpointIntervalMs !== undefined ? { intervalMs: checkpointIntervalMs } : {}),
      ...(onCheckpointWarning ? { onWarning: onCheckpointWarning } : {}),
      meta: checkpoint.meta,
    },
  }, { checkpoint });
}

async function execute(puzzle: Puzzle, options: RunOptions, resumed?: Resumed): Promise<RunResult> {
  const start = performance.now();
  const countOnly = !!options.countOnly;
  const every = !!options.all || countOnly || options.limit === Infinity;
  const limit = every ? Infinity : options.limit ?? 1;
  const keep = options.keep ?? !countOnly;
  // the counting engine counts a run in one piece: never shards of it, nor checkpoints
  const split = options.shard !== undefined || options.checkpoint !== undefined;
  if (options.engine === 'count' && split) {
    throw new InvalidOptionError(`the count engine counts the whole run at once: it cannot ${options.shard ? 'count a shard of it' : 'save checkpoints'}; use another engine`);
  }
  const prepareOptions: PrepareOptions = {
    engine: options.engine ?? 'auto',
    unique: !!options.unique,
    ...(options.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
    expandSymmetry: every && options.expandSymmetry !== false,
    ...(countOnly && !split ? { countOnly: true } : {}),
  };
  if (options.shard && !every) throw new RangeError('a shard is a share of a whole enumeration: give it all or countOnly, not a limit');
  const checked = checkPuzzle(puzzle);
  const workers = Math.max(1, Math.floor(options.workers ?? cores()));
  const deadline = options.timeLimitMs !== undefined ? Date.now() + options.timeLimitMs : Infinity;
  const settings: Settings = { countOnly, limit, keep, workers, deadline, prepareOptions, start };

  // The checkpoint exists from the start, before anything is solved (or even prepared).
  const target = options.checkpoint;
  const record = target ? checkpointRecord(puzzle, options, settings, target.meta) : undefined;
  const stores = target && record ? (await checkpointStores()).CheckpointStore : undefined;
  const store =
    target && record && stores
      ? resumed
        ? stores.reopen(target.path, resumed.checkpoint, target.onWarning)
        : stores.create(target.path, record(null, [], 0), target.onWarning)
      : undefined;
  try {
    let prepared: PreparedSearch;
    const preparing = performance.now();
    try {
      prepared = compilePuzzle(checked, prepareOptions);
    } catch (e) {
      if (!resumed) store?.discard();
      throw e;
    }
    if (resumed?.checkpoint.plan) {
      // a plan read from a file must cut this very tree: every solution in exactly one subproblem
      const wrong = prepared.impossible ? undefined : planProblem(prepared.engine, resumed.checkpoint.plan.subproblems);
      if (wrong) throw new CheckpointError(`${target!.path}: corrupt checkpoint: the plan does not fit the puzzle: ${wrong}`);
    }

    const prepareMs = performance.now() - preparing;
    // No solution can exist: the search says why, at once.
    if (prepared.impossible) return { ...runPrepared(prepared, {}), workers: 1, prepareMs };
    if (prepared.engine instanceof FrontierCounter) return { ...(await countWhole(prepared, prepared.engine, options, settings)), prepareMs };
    // The trial: the whole search in-process, for a moment. Its solutions are held back, so that if it does
    // not finish, the planned run (which finds them again) reports each one once.
    const trialMs = store ? 0 : options.trialMs ?? (options.shard ? 0 : 300);
    let trial: Trial | undefined;
    if (trialMs > 0) {
      const held: Solution[] = [];
      const result = runPrepared(prepared, {
        limit,
        countOnly,
        keep: false,
        timeLimitMs: Math.min(trialMs, deadline - Date.now()),
        ...(countOnly ? {} : { onSolution: (s: Solution) => { held.push(s); } }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      trial = { result, held };
      if (result.complete || result.solutions >= limit || Date.now() >= deadline || options.signal?.aborted) {
        return { ...reportTrial(trial, options, settings, 0), prepareMs };
      }
    }
    return { ...(await runPlanned(puzzle, prepared, options, settings, { store, record, trial }, resumed)), prepareMs };
  } finally {
    store?.close();
  }
}

/** The checkpoint of this run, at a given point: its plan (once made), the subproblems done, the time spent. */
type CheckpointRecord = (plan: CheckpointPlan | null, done: readonly DoneSubproblem[], elapsedMs: number) => Checkpoint;

function checkpointRecord(puzzle: Puzzle, options: RunOptions, settings: Settings, meta: unknown): CheckpointRecord {
  const { countOnly, limit, prepareOptions } = settings;
  const hash = puzzleHash(puzzle);
  return (plan, done, elapsedMs) => ({
    format: CHECKPOINT_FORMAT,
    version: snugVersion(),
    puzzle,
    puzzleHash: hash,
    options: {
      // (never the count engine: it saves no checkpoints, see execute)
      engine: prepareOptions.engine === 'count' || prepareOptions.engine === undefined ? 'auto' : prepareOptions.engine,
      unique: !!prepareOptions.unique,
      ...(prepareOptions.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
      countOnly,
      solutions: !countOnly,
      limit: Number.isFinite(limit) ? limit : null,
    },
    planOptions: options.plan ?? {},
    shard: options.shard ? { index: options.shard.index, count: options.shard.count } : null,
    plan: plan ? { hash: plan.hash, subproblems: plan.subproblems, estimates: plan.estimates } : null,
    done: [...done].sort((a, b) => a.index - b.index),
    elapsedMs,
    ...(meta !== undefined ? { meta } : {}),
  });
}

/**
 * A run of the counting engine: one piece of work (it has no branches to share out), on this thread, a
 * step of the scan at a time. Every 50 ms or so it yields to the event loop, so that the signal (Ctrl-C)
 * gets through; the signal and the deadline are read between steps, and progress is the share of the
 * cells scanned (the ETA takes the steps to cost alike, which they do once the frontier is full).
 */
async function countWhole(prepared: PreparedSearch, counter: FrontierCounter, options: RunOptions, settings: Settings): Promise<RunResult> {
  const run = counter.start();
  const started = Date.now();
  let lastYield = started;
  let lastProgress = started;
  const every = options.progressIntervalMs ?? 500;
  const progress = (): void => {
    const elapsedMs = performance.now() - settings.start;
    const fraction = run.rank / counter.cellCount;
    const spent = Date.now() - started;
    options.onProgress?.({
      fraction,
      solutions: 0,
      nodes: run.nodes,
      nodesPerSecond: spent > 0 ? (run.nodes * 1000) / spent : 0,
      elapsedMs,
      ...(fraction >= 1 ? { etaMs: 0 } : fraction > 0 ? { etaMs: (spent * (1 - fraction)) / fraction } : {}),
      subproblemsDone: fraction >= 1 ? 1 : 0,
      subproblems: 1,
    });
  };
  while (!run.done && !options.signal?.aborted && Date.now() < settings.deadline) {
    run.step();
    const now = Date.now();
    if (options.onProgress && now - lastProgress >= every) {
      lastProgress = now;
      progress();
    }
    if (now - lastYield >= 50) {
      await nextTurn();
      lastYield = Date.now();
    }
  }
  const exact = run.done ? run.total() : undefined;
  if (exact !== undefined) progress();
  return {
    ...searchStats(prepared),
    solutions: exact !== undefined ? Number(exact) : 0,
    ...(exact !== undefined ? { exactSolutions: exact } : {}),
    complete: exact !== undefined,
    nodes: run.nodes,
    updates: run.updates,
    elapsedMs: performance.now() - settings.start,
    found: [],
    workers: 1,
    ...(options.signal?.aborted && exact === undefined ? { interrupted: true } : {}),
  };
}

interface Trial {
  readonly result: SolveResult;
  readonly held: Solution[];
}

/** The trial's result as the run's: its solutions reported now (it finished, or the run stops before a plan). */
function reportTrial(trial: Trial, options: RunOptions, settings: Settings, planningNodes: number): RunResult {
  const { result } = trial;
  const found: Solution[] = [];
  let reported = 0;
  for (const s of trial.held) {
    if (settings.keep) found.push(s);
    if (options.onSolution?.(s, reported++) === false) break;
  }
  const elapsedMs = performance.now() - settings.start;
  const done = result.complete || result.solutions >= settings.limit;
  if (done) {
    options.onProgress?.({ fraction: 1, solutions: result.solutions, nodes: result.nodes, nodesPerSecond: (result.nodes * 1000) / elapsedMs, elapsedMs, etaMs: 0, subproblemsDone: 1, subproblems: 1 });
  }
  return {
    ...result,
    nodes: result.nodes + planningNodes,
    found,
    elapsedMs,
    workers: 1,
    ...(options.signal?.aborted && !done ? { interrupted: true } : {}),
  };
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

interface Saving {
  readonly store: CheckpointSaver | undefined;
  readonly record: CheckpointRecord | undefined;
  readonly trial: Trial | undefined;
}

async function runPlanned(puzzle: Puzzle, prepared: PreparedSearch, options: RunOptions, settings: Settings, saving: Saving, resumed?: Resumed): Promise<RunResult> {
  const { countOnly, limit, workers, prepareOptions, deadline, start } = settings;
  // The threads start now, and get ready while this thread plans.
  const executor = new Executor(workers, {
    puzzle,
    prepare: prepareOptions,
    countOnly,
    ...(Number.isFinite(limit) ? { limit } : {}),
    progressMs: 200,
  });
  try {
    let plan: Plan | undefined;
    let planningNodes = 0;
    const stored = resumed?.checkpoint.plan;
    if (stored) plan = { ...stored, estimatedNodes: NaN, estimatedSolutions: NaN };
    else {
      const planned = await planSubproblemsAsync(prepared.engine, prepared.depth ?? -1, options.plan ?? {}, {
        ...(options.signal ? { signal: options.signal } : {}),
        deadline,
      });
      plan = planned.plan;
      planningNodes = planned.nodes;
    }
    if (!plan) {
      // stopped while planning (by the time limit or the signal): what the trial found, if it ran
      const elapsedMs = (resumed?.checkpoint.elapsedMs ?? 0) + performance.now() - start;
      saving.store?.save(saving.record!(null, [], elapsedMs), true);
      if (saving.trial) return { ...searchStats(prepared), ...reportTrial(saving.trial, options, settings, planningNodes), workers };
      const interrupted = options.signal?.aborted ? { interrupted: true } : {};
      return { ...searchStats(prepared), solutions: 0, complete: false, nodes: planningNodes, updates: 0, elapsedMs, found: [], workers, ...interrupted };
    }
    const before = { nodes: planningNodes + (saving.trial?.result.nodes ?? 0), updates: saving.trial?.result.updates ?? 0 };
    return { ...searchStats(prepared), ...(await solvePlan(puzzle, plan, executor, options, settings, saving, before, resumed)) };
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
  saving: Saving,
  /** The work before the plan: the trial's search and the planner's walks. */
  before: { readonly nodes: number; readonly updates: number },
  resumed: Resumed | undefined,
): Promise<Omit<RunResult, 'puzzle' | 'engine' | 'engineReason' | 'unique' | 'symmetries' | 'symmetryNote'>> {
  const { countOnly, limit, keep, workers, deadline, start } = settings;
  const shard = options.shard;
  const scope = plan.subproblems.map((_, i) => i).filter((i) => !shard || i % shard.count === shard.index - 1);
  const done = new Map<number, DoneSubproblem>((resumed?.checkpoint.done ?? []).map((d) => [d.index, d]));
  const earlierMs = resumed?.checkpoint.elapsedMs ?? 0;
  const elapsedMs = (): number => earlierMs + performance.now() - start;
  const tracker = new ProgressTracker(plan, scope, [...done.values()], earlierMs, Date.now() - (performance.now() - start));

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
  const { store, record } = saving;
  const interval = options.checkpoint?.intervalMs ?? 5000;
  let lastSave = 0;
  const save = (last = false): void => {
    if (!store || !record) return;
    lastSave = Date.now();
    store.save(record(plan, [...done.values()], elapsedMs()), last);
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
    if (store && Date.now() - lastSave >= interval) save();
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
  if (Date.now() >= deadline) stop('time');
  const timer = setInterval(due, Math.min(progressEvery, interval, 250));
  // the solutions of each subproblem, kept until it is done, when a checkpoint stores them
  const keepForCheckpoint = !countOnly && store !== undefined;
  const pending = new Map<number, Solution[]>();
  // the work of subproblems not done (running, or cut short by a stop or the limit): counted all the same
  const running = new Map<number, number>();
  let cutNodes = 0;
  let cutUpdates = 0;
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
          running.set(index, nodes);
          tracker.report(index, nodes);
          due();
        },
        onDone(r) {
          running.delete(r.index);
          // a subproblem cut short (by the limit or a stop) is not done: a resumed run solves it again
          if (stopReason || !r.complete) {
            cutNodes += r.nodes;
            cutUpdates += r.updates;
            return;
          }
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
  save(true);
  options.onProgress?.(tracker.snapshot());
  let nodes = before.nodes + cutNodes;
  let updates = before.updates + cutUpdates;
  for (const n of running.values()) nodes += n;
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
    ...(shard
      ? { shard: { ...shard, mode: countOnly ? 'count' : 'all', puzzleHash: puzzleHash(puzzle), plan: plan.hash, version: snugVersion(), subproblems: scope.length, subproblemsInPlan: plan.subproblems.length } }
      : {}),
    ...(stopReason === 'signal' ? { interrupted: true } : {}),
  };
}
