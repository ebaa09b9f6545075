import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PreparedSearch } from '../compile/compile.js';
import type { PrepareOptions } from '../compile/options.js';
import { prepareSearch } from '../compile/compile.js';
import type { AssemblyTally, DisassembleOptions } from '../disassembly/sift.js';
import { AssemblySifter } from '../disassembly/sift.js';
import type { SolveOptions, SubtreeOptions } from '../search/solve.js';
import { keysClasses, runPrepared } from '../search/solve.js';

/**
 * A search thread: what it is told and what it answers. The threads are the platform's (platform/host.ts:
 * Node worker threads, or Web Workers in the web app), each running worker.ts, which hands every message
 * to serveSearchThread below; thread-pool.ts starts and feeds them.
 *
 * Protocol: a thread's first message is a WorkerSetup; it answers 'ready' once it has prepared the puzzle,
 * then for each {index, prefix} it is sent posts 'solution' and 'progress' messages and one 'done' (all
 * with that index), handling them in the order sent. What is sent before it is ready waits in its port.
 * Stopping a thread is terminating it: what it was solving is lost, and solved again by a later run.
 */
export interface WorkerSetup {
  readonly puzzle: Puzzle;
  readonly prepare: PrepareOptions;
  readonly countOnly: boolean;
  /** Take each assembly apart as found: only those that come apart are solutions (see RunJob). */
  readonly disassemble?: DisassembleOptions;
  readonly limit?: number;
  readonly progressMs: number;
  /**
   * Shared memory (one Int32 on a SharedArrayBuffer) that each thread adds 1 to once it is ready, before it
   * says so: the caller reads it while it is busy searching and cannot receive the message (thread-pool.ts).
   */
  readonly readyCount?: Int32Array;
}

export type ToWorker = { readonly index: number; readonly prefix: readonly number[] };
export type ToMain =
  | { readonly type: 'ready' }
  | { readonly type: 'solution'; readonly index: number; readonly solution: Solution; readonly disassembly?: AssemblyTally }
  | { readonly type: 'progress'; readonly index: number; readonly nodes: number; readonly disassembly?: AssemblyTally }
  | ({ readonly type: 'done' } & SubproblemResult);

export interface SubproblemResult {
  readonly index: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  /** False when the subproblem was cut short (the solution limit): it is then not done. */
  readonly complete: boolean;
  /** With `disassemble`: its assemblies, undecided ones and highest level (`solutions` counts those that come apart). */
  readonly disassembly?: AssemblyTally;
}

/**
 * What a subproblem says as it is solved: its solutions as found, its nodes every so often; with
 * `disassemble`, each time its tally of assemblies so far (so that a run stopped in the middle of it, by
 * the limit or a stop, still counts the assemblies behind the solutions it reported).
 */
export interface SubproblemReport {
  onSolution(index: number, solution: Solution, disassembly?: AssemblyTally): void;
  onProgress(index: number, nodes: number, disassembly?: AssemblyTally): void;
}

/**
 * What every search of a subproblem is given, on a thread or in slices here (dispatch-here.ts): its prefix,
 * its run's count and limit, and the sifter its assemblies go through. Up to symmetry with a limit, each
 * subproblem takes the first member it meets of each class, and the run's collector drops the classes it
 * has (see SubtreeOptions.distinct); with no limit of its own, so that a subproblem whose classes the
 * collector already has is not cut short before it finds new ones (the collector stops the search once the
 * run has its solutions).
 */
export function subproblemOptions(prepared: PreparedSearch, setup: Pick<WorkerSetup, 'countOnly' | 'disassemble' | 'limit'>, prefix: readonly number[], sifter: AssemblySifter | undefined): SolveOptions & SubtreeOptions {
  const distinct = setup.limit !== undefined && keysClasses(prepared);
  return {
    prefix,
    countOnly: setup.countOnly,
    keep: false,
    limit: distinct ? Infinity : setup.limit ?? Infinity,
    distinct,
    ...(setup.disassemble && sifter ? { disassemble: setup.disassemble, sifter } : {}),
  };
}

/** Solves one subproblem (on a worker thread), reporting its solutions as found and its nodes every `progressMs`. */
export function solveSubproblem(
  prepared: PreparedSearch,
  setup: Pick<WorkerSetup, 'countOnly' | 'disassemble' | 'limit' | 'progressMs'>,
  index: number,
  prefix: readonly number[],
  report: SubproblemReport,
): SubproblemResult {
  let reported = Date.now();
  const sifter = setup.disassemble ? new AssemblySifter(prepared.puzzle, setup.disassemble, prepared.unique) : undefined;
  const r = runPrepared(prepared, {
    ...subproblemOptions(prepared, setup, prefix, sifter),
    ...(setup.countOnly ? {} : { onSolution: (solution) => report.onSolution(index, solution, sifter?.tally()) }),
    onTick: (nodes) => {
      const now = Date.now();
      if (now - reported >= setup.progressMs) {
        reported = now;
        report.onProgress(index, nodes, sifter?.tally());
      }
    },
  });
  return { index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, complete: r.complete, ...(r.disassembly ? { disassembly: r.disassembly } : {}) };
}

/**
 * The body of a search thread, on any platform: give it every message the thread receives. The first is
 * the WorkerSetup: the puzzle is prepared as the calling thread prepared it (preparation is deterministic,
 * so the choice codes of the plan mean the same here). Then each subproblem is solved as it comes.
 */
export function serveSearchThread(post: (message: ToMain) => void): (message: unknown) => void {
  let setup: WorkerSetup | undefined;
  let prepared: PreparedSearch | undefined;
  return (message) => {
    if (!setup) {
      setup = message as WorkerSetup;
      prepared = prepareSearch(setup.puzzle, setup.prepare);
      if (setup.readyCount) Atomics.add(setup.readyCount, 0, 1);
      post({ type: 'ready' });
      return;
    }
    const { index, prefix } = message as ToWorker;
    const r = solveSubproblem(prepared!, setup, index, prefix, {
      onSolution: (i, solution, disassembly) => post({ type: 'solution', index: i, solution, ...(disassembly ? { disassembly } : {}) }),
      onProgress: (i, nodes, disassembly) => post({ type: 'progress', index: i, nodes, ...(disassembly ? { disassembly } : {}) }),
    });
    post({ type: 'done', ...r });
  };
}
