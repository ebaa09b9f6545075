import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PrepareOptions, PreparedSearch } from '../search/prepare.js';
import { runPrepared } from '../search/solve.js';

/**
 * The executor solves subproblems and reports as it goes: each solution as it is found, the nodes of a
 * running subproblem every so often, and each subproblem's result. With N workers it runs N - 1 worker
 * threads and solves subproblems on the calling thread too, all taking from one queue: the calling
 * thread starts at once, while the threads start up (about a tenth of a second each, to load snug and
 * prepare the puzzle), and `--workers 1` is this thread alone. Between two subproblems the calling
 * thread gives the event loop a turn: timers, Ctrl-C, output and the threads' messages get through.
 *
 * Protocol with a worker thread (worker.ts): it is started with a WorkerSetup, answers 'ready' once it
 * has prepared the puzzle, then for each {index, prefix} it is sent posts 'solution' and 'progress'
 * messages and one 'done', handling them in the order sent. Each thread is kept two subproblems ahead,
 * so that it never waits for the calling thread to read its 'done' before it has more to do. Stopping
 * a thread is terminating it: what it was solving is lost and solved again by a later run.
 */
export interface WorkerSetup {
  readonly puzzle: Puzzle;
  /** Where the thread posts its messages (given by the executor). */
  readonly port?: MessagePort;
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
  /** A subproblem's end: done, or cut short (complete: false) by the limit or, on this thread, by stop(). */
  onDone(result: SubproblemResult): void;
}

export class Executor {
  private readonly threads: Worker[] = [];
  /** This thread's end of each thread's port. */
  private readonly ports: MessagePort[] = [];
  /** Threads that have prepared the puzzle before run() was called: they get work as it starts. */
  private readonly ready: Worker[] = [];
  /** What to do with a thread's messages once run() has started. */
  private onMessage: ((thread: Worker, m: ToMain) => void) | undefined;
  /** Resolves run()'s wait for the threads' last subproblems. */
  private wake: (() => void) | undefined;
  private stopped = false;
  /** Stops this thread's own search too, at its next periodic check. */
  private readonly abort = new AbortController();
  private failure: unknown;

  /**
   * Starts the N - 1 threads at once: they load snug and prepare the puzzle while this thread goes on.
   * Each answers on a port of its own, which this thread also reads while it solves (see poll()).
   */
  constructor(
    workers: number,
    private readonly prepared: PreparedSearch,
    private readonly setup: WorkerSetup,
    script: URL = workerScript(),
  ) {
    for (let t = 0; t < workers - 1; t++) {
      const { port1, port2 } = new MessageChannel();
      const thread = new Worker(script, { workerData: { ...setup, port: port2 }, transferList: [port2] });
      this.threads.push(thread);
      this.ports.push(port1);
      port1.on('message', (m: ToMain) => this.receive(thread, m));
      thread.on('error', (e) => {
        this.failure ??= e;
        void this.stop();
      });
    }
  }

  private receive(thread: Worker, m: ToMain): void {
    if (this.stopped) return;
    if (this.onMessage) this.onMessage(thread, m);
    else if (m.type === 'ready') this.ready.push(thread);
  }

  /**
   * Reads the threads' messages now, from inside a search on this thread: a thread that finishes its
   * subproblems gets more without waiting for this thread's search to end.
   */
  private poll(): void {
    this.threads.forEach((thread, i) => {
      for (let m = receiveMessageOnPort(this.ports[i]!); m && !this.stopped; m = receiveMessageOnPort(this.ports[i]!)) {
        this.receive(thread, m.message as ToMain);
      }
    });
  }

  /** Solves the subproblems; resolves when all are done or stop() was called. */
  async run(subproblems: readonly (readonly number[])[], indices: readonly number[], events: ExecutorEvents): Promise<void> {
    let next = 0;
    const take = (): number | undefined => (next < indices.length ? indices[next++] : undefined);
    let outstanding = 0; // subproblems sent to threads and not yet done
    const send = (thread: Worker): void => {
      const index = this.stopped ? undefined : take();
      if (index === undefined) return;
      outstanding++;
      thread.postMessage({ index, prefix: subproblems[index]! } satisfies ToWorker);
    };
    const start = (thread: Worker): void => {
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
    // This thread takes its share until the queue is empty, then waits for the threads to finish theirs.
    for (let index = take(); index !== undefined && !this.stopped; index = take()) {
      await turn();
      if (this.stopped) break;
      this.solveHere(subproblems[index]!, index, events);
    }
    while (!this.stopped && outstanding > 0) await new Promise<void>((resolve) => { this.wake = resolve; });
    if (this.failure !== undefined) throw this.failure;
  }

  private solveHere(prefix: readonly number[], index: number, events: ExecutorEvents): void {
    let polled = Date.now();
    const r = solveSubproblem(this.prepared, this.setup, index, prefix, events, this.abort.signal, () => {
      if (this.threads.length === 0 || Date.now() - polled < POLL_MS) return;
      polled = Date.now();
      this.poll();
    });
    // cut short by a stop, it is reported all the same (complete: false), for the work it did
    events.onDone(r);
  }

  /** Stops at once: threads are terminated, and subproblems not reported done are abandoned. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.wake?.();
    for (const port of this.ports) port.close();
    await Promise.all(this.threads.map((w) => w.terminate()));
  }
}

/** Solves one subproblem, reporting its solutions as found and its nodes every `progressMs`: here or in a thread. */
export function solveSubproblem(
  prepared: PreparedSearch,
  setup: Pick<WorkerSetup, 'countOnly' | 'limit' | 'progressMs'>,
  index: number,
  prefix: readonly number[],
  report: Pick<ExecutorEvents, 'onSolution' | 'onProgress'>,
  signal?: AbortSignal,
  /** Called at every periodic check of the search (some thousands of nodes). */
  tick?: () => void,
): SubproblemResult {
  let reported = Date.now();
  const r = runPrepared(prepared, {
    prefix,
    countOnly: setup.countOnly,
    keep: false,
    limit: setup.limit ?? Infinity,
    ...(signal ? { signal } : {}),
    ...(setup.countOnly ? {} : { onSolution: (solution) => report.onSolution(index, solution) }),
    onTick: (nodes) => {
      tick?.();
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
 * The worker's module, dist/runs/worker.js: the same relative path from the built library (dist/runs/)
 * and from the bundled command line tool (dist/cli/). Run from the TypeScript sources (the
 * tests), it is the built one, which `npm test` builds first.
 */
function workerScript(): URL {
  const fromSources = import.meta.url.endsWith('.ts');
  return new URL(fromSources ? '../../dist/runs/worker.js' : '../runs/worker.js', import.meta.url);
}

/** How often this thread reads the threads' messages while it searches, in milliseconds. */
const POLL_MS = 5;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

