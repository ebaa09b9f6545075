import { Worker } from 'node:worker_threads';
import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PrepareOptions, PreparedSearch } from './prepare.js';
import { runPrepared } from './solve.js';

/**
 * Executors solve subproblems (see plan.ts) and report as they go: each solution as it is found, the
 * nodes of a running subproblem every so often, and each subproblem's result. The in-process executor
 * (--workers 1) runs them one by one on the calling thread, giving the event loop a turn between them;
 * the thread executor hands them to worker threads, each taking the next as it finishes one.
 *
 * Protocol with a worker (worker.ts): it is started with a WorkerSetup, answers 'ready' once it has
 * prepared the puzzle, then for each {index, prefix} it is sent posts 'solution' and 'progress' messages
 * and one 'done'. Stopping a worker is terminating it: whatever it was solving is lost and solved again
 * by a later run (its subproblem is not marked done).
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
  onDone(result: SubproblemResult): void;
}

export interface Executor {
  /** Solves the subproblems in order (as far as parallelism allows); resolves when all are done or stop() was called. */
  run(indices: readonly number[], events: ExecutorEvents): Promise<void>;
  /** Stops at once; subproblems not reported done are abandoned. */
  stop(): Promise<void>;
}

/**
 * The worker's module, dist/search/worker.js: the same relative path from the built library
 * (dist/search/) and from the bundled command line tool (dist/cli/). Run from the TypeScript sources (the
 * tests), it is the built one, which `npm test` builds first.
 */
function workerScript(): URL {
  const fromSources = import.meta.url.endsWith('.ts');
  return new URL(fromSources ? '../../dist/search/worker.js' : '../search/worker.js', import.meta.url);
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class InProcessExecutor implements Executor {
  private stopped = false;

  constructor(
    private readonly prepared: PreparedSearch,
    private readonly subproblems: readonly (readonly number[])[],
    private readonly setup: Omit<WorkerSetup, 'puzzle' | 'prepare'>,
  ) {}

  async run(indices: readonly number[], events: ExecutorEvents): Promise<void> {
    const { countOnly, limit, progressMs } = this.setup;
    for (const index of indices) {
      // a turn of the event loop between subproblems: timers, signals (Ctrl-C) and output get through
      await turn();
      if (this.stopped) return;
      let reported = Date.now();
      const r = runPrepared(this.prepared, {
        prefix: this.subproblems[index]!,
        countOnly,
        keep: false,
        limit: limit ?? Infinity,
        ...(countOnly ? {} : { onSolution: (solution) => events.onSolution(index, solution) }),
        onTick: (nodes) => {
          const now = Date.now();
          if (now - reported >= progressMs) {
            reported = now;
            events.onProgress(index, nodes);
          }
        },
      });
      if (this.stopped) return;
      events.onDone({ index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, complete: r.complete });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }
}

export class ThreadExecutor implements Executor {
  private readonly workers: Worker[] = [];
  private stopped = false;
  private finish: (() => void) | undefined;

  constructor(
    private readonly count: number,
    private readonly subproblems: readonly (readonly number[])[],
    private readonly setup: WorkerSetup,
    private readonly script: URL = workerScript(),
  ) {}

  run(indices: readonly number[], events: ExecutorEvents): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let next = 0;
      let running = 0;
      this.finish = resolve;
      const give = (worker: Worker): void => {
        if (this.stopped) return;
        if (next >= indices.length) {
          if (running === 0) resolve();
          return;
        }
        const index = indices[next++]!;
        running++;
        worker.postMessage({ index, prefix: this.subproblems[index]! } satisfies ToWorker);
      };
      const workers = Math.max(1, Math.min(this.count, indices.length));
      if (indices.length === 0) {
        resolve();
        return;
      }
      for (let w = 0; w < workers; w++) {
        const worker = new Worker(this.script, { workerData: this.setup });
        this.workers.push(worker);
        worker.on('message', (m: ToMain) => {
          if (this.stopped) return;
          if (m.type === 'ready') give(worker);
          else if (m.type === 'solution') events.onSolution(m.index, m.solution);
          else if (m.type === 'progress') events.onProgress(m.index, m.nodes);
          else {
            running--;
            events.onDone(m);
            give(worker);
          }
        });
        worker.on('error', (e) => {
          if (!this.stopped) {
            void this.stop();
            reject(e);
          }
        });
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.finish?.();
  }
}
