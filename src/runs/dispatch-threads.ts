import type { PreparedSearch } from '../compile/compile.js';
import type { Plan } from './plan.js';
import { hereDispatch } from './dispatch-here.js';
import type { WorkerSetup } from './search-thread.js';
import type { DispatchChoice, DispatchEvents, Dispatcher } from './dispatch.js';
import type { PoolThread } from './thread-pool.js';
import { ThreadPool } from './thread-pool.js';

/**
 * A run's subproblems solved on N worker threads of this process (thread-pool.ts). The calling thread
 * searches nothing: it hands out work, reports and saves, so that Ctrl-C, the time limit, progress and
 * checkpoints are served at once however long a subproblem runs (a search cannot be interrupted from
 * outside its thread, and a subproblem of a tree the planner could not cut finely, such as one of
 * thousands of pieces, may run for hours). The threads start when the dispatch starts and get ready while
 * this thread plans.
 *
 * Each thread is kept two subproblems ahead, so that it never waits for this thread to read its 'done'
 * before it has more to do; a thread gets work only once it is ready, so that one slow to start holds
 * none. A thread that fails stops the dispatch, and run() rejects with its error.
 */
export function threadsDispatch(workers: number, setup: WorkerSetup): DispatchChoice {
  return {
    workersHere: 1,
    countsLedgerWorkOnly: false,
    timeLimitPerPhase: false,
    start: async () => new ThreadsDispatcher(workers, setup),
    // from inside the trial, which keeps one core busy: one thread fewer until the trial hands over
    startNow: () => new ThreadsDispatcher(workers, setup, Math.max(1, workers - 1)),
    // one worker on a shallow tree: this thread, which the trial has warmed, in slices
    ...(workers === 1 ? { here: (prepared: PreparedSearch) => hereDispatch(prepared, setup) } : {}),
  };
}

class ThreadsDispatcher implements Dispatcher {
  private readonly pool: ThreadPool;
  /** Resolves run()'s wait for the threads' subproblems. */
  private wake: (() => void) | undefined;
  private stopped = false;
  private failure: unknown;

  /** `workers` threads, of which `startWith` start now and the others when run() is called. */
  constructor(private readonly count: number, setup: WorkerSetup, startWith = count) {
    this.pool = new ThreadPool(setup, startWith);
    this.pool.onFailure((e) => {
      this.failure ??= e;
      void this.stop();
    });
  }

  get workers(): number {
    return this.count;
  }

  readyNow(): boolean | undefined {
    return this.pool.readyNow();
  }

  startAll(): void {
    if (!this.stopped) this.pool.add(this.count - this.pool.size);
  }

  async run(plan: Plan, indices: readonly number[], events: DispatchEvents): Promise<void> {
    this.startAll();
    let next = 0;
    let outstanding = 0; // subproblems sent to threads and not yet done
    const send = (thread: PoolThread): void => {
      if (this.stopped || next >= indices.length) return;
      const index = indices[next++]!;
      outstanding++;
      this.pool.send(thread, plan.subproblems[index]!, {
        onSolution: (solution, disassembly) => events.onSolution(index, solution, disassembly),
        onProgress: (nodes, disassembly) => events.onProgress(index, nodes, disassembly),
        onDone: (r) => {
          outstanding--;
          events.onDone({ index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, complete: r.complete, ...(r.disassembly ? { disassembly: r.disassembly } : {}) });
          send(thread);
          this.wake?.();
        },
        // (the pool's failure listener above stops the whole dispatch)
        onFailure: () => {},
      });
    };
    this.pool.onReady((thread) => {
      send(thread);
      send(thread);
    });
    // every subproblem sent and done, or a stop
    while (!this.stopped && (next < indices.length || outstanding > 0)) await new Promise<void>((resolve) => { this.wake = resolve; });
    if (this.failure !== undefined) throw this.failure;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.pool.close();
  }
}
