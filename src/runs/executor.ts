import type { SearchThread } from '../platform/host.js';
import { startSearchThread } from '../platform/host.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PreparedSearch } from '../compile/compile.js';
import { prepareSearch } from '../compile/compile.js';
import type { PrepareOptions } from '../compile/options.js';
import { runPrepared } from '../search/solve.js';

/**
 * The executor solves subproblems on N worker threads and reports as they go: each solution as it is
 * found, the nodes of a running subproblem every so often, and each subproblem's result. The calling
 * thread searches nothing: it hands out work, reports and saves, so that Ctrl-C, the time limit,
 * progress and checkpoints are served at once however long a subproblem runs (a search cannot be
 * interrupted from outside its thread, and a subproblem of a tree the planner could not cut finely, such
 * as one of thousands of pieces, may run for hours). The threads start when the executor is made and get
 * ready (about a tenth of a second, to load snug and prepare the puzzle) while this thread plans.
 *
 * The threads are the platform's (platform/host.ts: Node worker threads, or Web Workers in the web app);
 * each runs serveSearchThread below. Protocol: a thread's first message is a WorkerSetup; it answers
 * 'ready' once it has prepared the puzzle, then for each {index, prefix} it is sent posts 'solution' and
 * 'progress' messages and one 'done', handling them in the order sent. Each thread is kept two subproblems ahead,
 * so that it never waits for this thread to read its 'done' before it has more to do. Stopping a thread
 * is terminating it: what it was solving is lost and solved again by a later run.
 */
export interface WorkerSetup {
  readonly puzzle: Puzzle;
  readonly prepare: PrepareOptions;
  readonly countOnly: boolean;
  readonly limit?: number;
  readonly progressMs: number;
}

export type ToWorker = { readonly index: number; readonly prefix: readonly number[] };
export type ToMain =
  | { readonly type: 'ready' }
  | { readonly type: 'solution'; readonly index: number; readonly solution: Solution }
  | { readonly type: 'progress'; readonly index: number; readonly nodes: number }
  | ({ readonly type: 'done' } & SubproblemResult);

export interface SubproblemResult {
  readonly index: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  /** False when the subproblem was cut short (the solution limit): it is then not done. */
  readonly complete: boolean;
}

export interface ExecutorEvents {
  onSolution(index: number, solution: Solution): void;
  onProgress(index: number, nodes: number): void;
  /** A subproblem's end: done, or cut short (complete: false) by the solution limit. */
  onDone(result: SubproblemResult): void;
}

export class Executor {
  private readonly threads: SearchThread[] = [];
  /** Threads that have prepared the puzzle before run() was called: they get work as it starts. */
  private readonly ready: SearchThread[] = [];
  /** What to do with a thread's messages once run() has started. */
  private onMessage: ((thread: SearchThread, m: ToMain) => void) | undefined;
  /** Resolves run()'s wait for the threads' subproblems. */
  private wake: (() => void) | undefined;
  private stopped = false;
  private failure: unknown;

  /** Starts the N threads at once: they load snug and prepare the puzzle while this thread goes on. */
  constructor(workers: number, setup: WorkerSetup) {
    for (let t = 0; t < workers; t++) {
      const thread = startSearchThread();
      this.threads.push(thread);
      thread.post(setup);
      thread.onMessage((m) => this.receive(thread, m as ToMain));
      thread.onError((e) => {
        this.failure ??= e;
        void this.stop();
      });
    }
  }

  private receive(thread: SearchThread, m: ToMain): void {
    if (this.stopped) return;
    if (this.onMessage) this.onMessage(thread, m);
    else if (m.type === 'ready') this.ready.push(thread);
  }

  /** Solves the subproblems; resolves when all are done or stop() was called. */
  async run(subproblems: readonly (readonly number[])[], indices: readonly number[], events: ExecutorEvents): Promise<void> {
    let next = 0;
    const take = (): number | undefined => (next < indices.length ? indices[next++] : undefined);
    let outstanding = 0; // subproblems sent to threads and not yet done
    const send = (thread: SearchThread): void => {
      const index = this.stopped ? undefined : take();
      if (index === undefined) return;
      outstanding++;
      thread.post({ index, prefix: subproblems[index]! } satisfies ToWorker);
    };
    const start = (thread: SearchThread): void => {
      send(thread);
      send(thread);
    };
    this.onMessage = (thread, m) => {
      if (m.type === 'ready') start(thread);
      else if (m.type === 'solution') events.onSolution(m.index, m.solution);
      else if (m.type === 'progress') events.onProgress(m.index, m.nodes);
      else {
        outstanding--;
        events.onDone(m);
        send(thread);
        this.wake?.();
      }
    };
    this.ready.splice(0).forEach(start);
    // every subproblem sent and done, or a stop
    while (!this.stopped && (next < indices.length || outstanding > 0)) await new Promise<void>((resolve) => { this.wake = resolve; });
    if (this.failure !== undefined) throw this.failure;
  }

  /** Stops at once: threads are terminated, and subproblems not reported done are abandoned. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await Promise.all(this.threads.map((w) => w.terminate()));
  }
}

/** Solves one subproblem (on a worker thread), reporting its solutions as found and its nodes every `progressMs`. */
export function solveSubproblem(
  prepared: PreparedSearch,
  setup: Pick<WorkerSetup, 'countOnly' | 'limit' | 'progressMs'>,
  index: number,
  prefix: readonly number[],
  report: Pick<ExecutorEvents, 'onSolution' | 'onProgress'>,
): SubproblemResult {
  let reported = Date.now();
  const r = runPrepared(prepared, {
    prefix,
    countOnly: setup.countOnly,
    keep: false,
    limit: setup.limit ?? Infinity,
    ...(setup.countOnly ? {} : { onSolution: (solution) => report.onSolution(index, solution) }),
    onTick: (nodes) => {
      const now = Date.now();
      if (now - reported >= setup.progressMs) {
        reported = now;
        report.onProgress(index, nodes);
      }
    },
  });
  return { index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, complete: r.complete };
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
      post({ type: 'ready' });
      return;
    }
    const { index, prefix } = message as ToWorker;
    const r = solveSubproblem(prepared!, setup, index, prefix, {
      onSolution: (i, solution) => post({ type: 'solution', index: i, solution }),
      onProgress: (i, nodes) => post({ type: 'progress', index: i, nodes }),
    });
    post({ type: 'done', ...r });
  };
}
