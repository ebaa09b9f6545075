import type { CountInSteps } from '../engines/types.js';
import { nextTurn } from '../platform/host.js';
import type { Solution } from '../puzzle/model.js';
import { mostPiecesPlaced } from '../puzzle/model.js';
import type { PreparedSearch } from '../compile/compile.js';
import type { SolveResult } from '../search/solve.js';
import { runPrepared, searchStats } from '../search/solve.js';
import type { DisassembleOptions } from '../disassembly/sift.js';
import { AssemblySifter } from '../disassembly/sift.js';
import type { RunJob } from './job.js';
import type { RunResult } from './result.js';
import type { DispatchChoice, DispatchEvents, Dispatcher } from './dispatch.js';
import type { Plan } from './plan.js';
import { subproblemOptions } from './search-thread.js';

/**
 * What a run does on this thread alone, before a plan or instead of one (coordinator.ts):
 *
 * - The trial: the whole search for a moment. Most puzzles are done by then, and pay for no threads. Its
 *   solutions are held back, so that if it does not finish, the planned run (which finds them again)
 *   reports each one once.
 * - The whole count of an engine that cannot be cut (Engine.countInSteps), a step at a time.
 * - A run of one worker on a shallow tree: its plan's subproblems in slices (hereDispatch).
 */
export interface Trial {
  readonly result: SolveResult;
  readonly held: Solution[];
  /** The dispatcher the trial started while it searched (see runTrial), to go on with. */
  readonly helpers?: Dispatcher;
}

/**
 * The longest a trial goes on past its time waiting for the threads it started to get ready. The search
 * on this thread holds the event loop, so that Ctrl-C and progress wait for it: a bound on that.
 */
export const TRIAL_WAIT_MS = 700;

/**
 * The trial. With `startHelpers` (a dispatcher that starts at once: threads), the threads are started half
 * way through the trial's time, and the trial goes on past it until one is ready to take over (up to
 * TRIAL_WAIT_MS more; only its time when the dispatcher cannot say). This thread never waits idle for
 * threads to boot: a first solution, or a count that would have missed the trial by little (6x10 on a
 * loaded machine), comes from its search meanwhile, and what it searched is not searched again (the run
 * goes on with the rest of its tree). Runs that finish in half the trial's time start no thread.
 */
export function runTrial(prepared: PreparedSearch, job: RunJob, deadline: number, startHelpers?: () => Dispatcher): Trial {
  const held: Solution[] = [];
  const started = Date.now();
  let helpers: Dispatcher | undefined;
  // the trial's own stop, for the helpers; it passes the run's signal on
  const stop = startHelpers ? new AbortController() : undefined;
  const onTick = stop
    ? (): void => {
        const spent = Date.now() - started;
        if (!helpers && spent >= job.trialMs / 2) helpers = startHelpers!();
        if (job.signal?.aborted || (helpers && spent >= job.trialMs && helpers.readyNow?.() !== false)) stop.abort();
      }
    : undefined;
  if (job.signal?.aborted) stop?.abort();
  const signal = stop?.signal ?? job.signal;
  let result: SolveResult;
  try {
    result = runPrepared(prepared, {
      limit: job.limit,
      countOnly: job.countOnly,
      ...(job.disassemble ? { disassemble: job.disassemble } : {}),
      keep: false,
      timeLimitMs: Math.min(job.trialMs + (startHelpers ? TRIAL_WAIT_MS : 0), deadline - Date.now()),
      ...(job.countOnly ? {} : { onSolution: (s: Solution) => { held.push(s); } }),
      ...(signal ? { signal } : {}),
      ...(onTick ? { onTick } : {}),
    });
  } catch (e) {
    void helpers?.stop();
    throw e;
  }
  return { result, held, ...(helpers ? { helpers } : {}) };
}

/** The trial's result as the run's: its solutions reported now (it finished, or the run stops before a plan). */
export function reportTrial(trial: Trial, job: RunJob, planningNodes: number): Omit<RunResult, 'workers'> {
  const { result } = trial;
  const found: Solution[] = [];
  let reported = 0;
  for (const s of trial.held) {
    if (job.keep) found.push(s);
    if (job.onSolution?.(s, reported++) === false) break;
  }
  const elapsedMs = performance.now() - job.start;
  const done = result.complete || result.solutions >= job.limit;
  if (done) {
    job.onProgress?.({ fraction: 1, solutions: result.solutions, nodes: result.nodes, nodesPerSecond: (result.nodes * 1000) / elapsedMs, elapsedMs, etaMs: 0, subproblemsDone: 1, subproblems: 1 });
  }
  return {
    ...result,
    nodes: result.nodes + planningNodes,
    found,
    elapsedMs,
    ...(job.signal?.aborted && !done ? { interrupted: true } : {}),
  };
}

/**
 * A whole count: one piece of work (it has no branches to share out), on this thread, a step at a time.
 * Every 50 ms or so it yields to the event loop, so that the signal (Ctrl-C) gets through; the signal and
 * the deadline are read between steps, and progress is the share of the steps taken (the ETA takes the
 * steps to cost alike, which they do once the frontier is full).
 */
export async function countWhole(prepared: PreparedSearch, run: CountInSteps, job: RunJob, deadline: number): Promise<Omit<RunResult, 'workers'>> {
  const started = Date.now();
  let lastYield = started;
  let lastProgress = started;
  const every = job.progressIntervalMs ?? 500;
  const progress = (): void => {
    const elapsedMs = performance.now() - job.start;
    const fraction = run.fraction;
    const spent = Date.now() - started;
    job.onProgress?.({
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
  while (!run.done && !job.signal?.aborted && Date.now() < deadline) {
    run.step();
    const now = Date.now();
    if (job.onProgress && now - lastProgress >= every) {
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
    elapsedMs: performance.now() - job.start,
    found: [],
    ...(job.signal?.aborted && exact === undefined ? { interrupted: true } : {}),
  };
}

/** How long one slice of a subproblem searches before the event loop turns (see hereDispatch). */
const SLICE_MS = 40;

/**
 * The deepest tree searched in slices: each slice's stop names what is left, a path and its siblings
 * level by level, which costs about its depth squared (engines/rest.ts). Deeper trees go to a thread.
 */
export const MAX_SLICED_DEPTH = 64;

/**
 * The longest path of the search: its depth where every solution has the same, otherwise a bound. Each level
 * places a piece (no more than fit on the board), passes over a piece (Dancing Links' null choice, at most
 * once for each piece where counts are ranges) or, on the bitboard engine, leaves a cell empty.
 */
export function pathBound(prepared: PreparedSearch): number {
  if (prepared.depth !== undefined) return prepared.depth;
  const puzzle = prepared.puzzle;
  return mostPiecesPlaced(puzzle) + puzzle.pieces.length + (prepared.engine.name === 'bitboard' ? puzzle.board.length : 0);
}

/**
 * A run of one worker whose tree is shallow: its subproblems solved on this thread, in slices, not on a
 * thread of their own. A thread would start cold (its own copy of snug to load, the puzzle to prepare, its
 * code to warm up: the Kanoodle pyramid's worker searched 10,000 nodes in its first 100 ms, against 300,000
 * a second warm), where this thread has just run the trial. Each slice searches for SLICE_MS and names what
 * it leaves (SearchResult.rest), which the next slices take in order; between slices the event loop turns,
 * so that Ctrl-C, the time limit, progress and checkpoints are served as they are with a thread. Undefined
 * when the tree may be deeper than MAX_SLICED_DEPTH (see pathBound): a thread then.
 */
export function hereDispatch(prepared: PreparedSearch, setup: SliceSetup, slice: Slice = { ms: SLICE_MS }): DispatchChoice | undefined {
  if (pathBound(prepared) > MAX_SLICED_DEPTH) return undefined;
  return {
    workersHere: 1,
    countsLedgerWorkOnly: false,
    timeLimitPerPhase: false,
    start: async () => new SlicesDispatcher(prepared, setup, slice),
  };
}

/** What a run's slices need to know of it (a WorkerSetup has it). */
interface SliceSetup {
  readonly countOnly: boolean;
  readonly disassemble?: DisassembleOptions;
  readonly limit?: number;
}

/**
 * How long a slice goes on: it stops at the engine's first periodic check (every CHECK_INTERVAL nodes) past
 * `ms`, or at its `checks`-th (tests: slices cut without a clock); never at the check before its first
 * node, so that every slice gets on.
 */
export interface Slice {
  readonly ms?: number;
  readonly checks?: number;
}

class SlicesDispatcher implements Dispatcher {
  private stopped = false;

  constructor(
    private readonly prepared: PreparedSearch,
    private readonly setup: SliceSetup,
    private readonly slice: Slice,
  ) {}

  get workers(): number {
    return 1;
  }

  async run(plan: Plan, indices: readonly number[], events: DispatchEvents): Promise<void> {
    const { prepared, setup } = this;
    for (const index of indices) {
      if (this.stopped) return;
      const sifter = setup.disassemble ? new AssemblySifter(prepared.puzzle, setup.disassemble, prepared.unique) : undefined;
      // what is left of the subproblem, in the search's order
      const left: (readonly number[])[] = [plan.subproblems[index]!];
      let solutions = 0;
      let nodes = 0;
      let updates = 0;
      let cut = false;
      while (left.length > 0 && !this.stopped) {
        const prefix = left.shift()!;
        const stop = new AbortController();
        const end = Date.now() + (this.slice.ms ?? Infinity);
        let checks = 0;
        const r = runPrepared(prepared, {
          ...subproblemOptions(prepared, setup, prefix, sifter),
          signal: stop.signal,
          onTick: (done) => {
            if (done > 0 && (++checks >= (this.slice.checks ?? Infinity) || Date.now() >= end)) stop.abort();
          },
          ...(setup.countOnly ? {} : { onSolution: (solution: Solution) => events.onSolution(index, solution, sifter?.tally()) }),
        });
        solutions += r.solutions;
        nodes += r.nodes;
        updates += r.updates;
        if (!r.complete) {
          // stopped by the clock: what it names goes first; by the limit: the subproblem is cut short
          if (r.rest) left.unshift(...r.rest);
          else cut = true;
        }
        if (cut) break;
        events.onProgress(index, nodes, sifter?.tally());
        await nextTurn();
      }
      if (this.stopped) return;
      events.onDone({ index, solutions, nodes, updates, complete: !cut, ...(sifter ? { disassembly: sifter.tally() } : {}) });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }
}
