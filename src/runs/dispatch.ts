import type { Solution } from '../puzzle/model.js';
import type { AssemblyTally } from '../disassembly/sift.js';
import type { PreparedSearch } from '../compile/compile.js';
import type { Plan } from './plan.js';
import type { SubproblemResult } from './search-thread.js';

/**
 * A dispatcher: how a run's subproblems get solved, as the coordinator (coordinator.ts) sees it. Worker
 * threads of this process (dispatch-threads.ts) or the workers of a queue on Redis (dispatch-queue.ts);
 * what a run does on this thread alone, before or instead of a plan, is dispatch-here.ts.
 *
 * Invariant: each subproblem handed to run() is reported done at most once, and only whole (`complete`)
 * results count; its solutions are reported before its end. After stop(), nothing more is reported.
 */
export interface DispatchEvents {
  /** A solution; with `disassemble`, the tally of its subproblem's assemblies so far too, when the dispatcher knows it. */
  onSolution(index: number, solution: Solution, disassembly?: AssemblyTally): void;
  /** The nodes of a subproblem being solved, so far (and its tally of assemblies, as for onSolution). */
  onProgress(index: number, nodes: number, disassembly?: AssemblyTally): void;
  /** A subproblem's end: done, or cut short (complete: false) by the solution limit or a stop. */
  onDone(result: SubproblemResult): void;
}

export interface Dispatcher {
  /** Threads of this process that solve (the result's `workers`). */
  readonly workers: number;
  /** Solves the plan's subproblems `indices`; resolves when all are done or stop() was called, rejects when the dispatch failed. */
  run(plan: Plan, indices: readonly number[], events: DispatchEvents): Promise<void>;
  /** Stops at once: what is being solved is abandoned. */
  stop(): Promise<void>;
  /**
   * Starts every thread not started yet (a dispatch started from the trial starts one fewer): called as the
   * plan is cut, so that they boot while it is, not after. run() starts them too.
   */
  startAll?(): void;
  /**
   * True once some thread is ready to take work. It is read while this thread is busy searching (the
   * trial), when no message can be received: threads with shared memory say it there. Undefined (or
   * absent) when the dispatcher cannot say it so.
   */
  readyNow?(): boolean | undefined;
}

/** A kind of dispatch, chosen by the caller of the coordinator, and what sets it apart. */
export interface DispatchChoice {
  /** The `workers` a result reports when this thread answered alone (an impossible puzzle, the trial, a whole count). */
  readonly workersHere: number;
  /**
   * True when a result counts only the work its ledger records (a queue's run: every worker's, every
   * session's), not what this process spent besides (planning, subproblems cut short).
   */
  readonly countsLedgerWorkOnly: boolean;
  /**
   * True when the time limit is given to planning and again to the wait for the results, each from its
   * start (as a queue's run always has had: its coordinator waits, the workers go on); else it is the
   * whole run's, from the start.
   */
  readonly timeLimitPerPhase: boolean;
  /** Starts the dispatch: threads get ready, workers are told, while this thread plans. */
  start(): Promise<Dispatcher>;
  /**
   * Starts it at once, from inside a search on this thread (the trial): the threads boot while the trial
   * goes on, and the trial goes on until one of them is ready (dispatch-here.ts). Only dispatchers that
   * need no waiting to start have it.
   */
  startNow?(): Dispatcher;
  /**
   * The dispatch to use instead for this prepared run, when one suits it better (one worker on a shallow
   * tree: this thread, in slices; see hereDispatch), or undefined.
   */
  here?(prepared: PreparedSearch): DispatchChoice | undefined;
}
