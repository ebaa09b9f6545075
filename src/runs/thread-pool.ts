import type { SearchThread } from '../platform/types.js';
import { startSearchThread } from '../platform/host.js';
import type { Solution } from '../puzzle/model.js';
import type { AssemblyTally } from '../disassembly/sift.js';
import type { SubproblemResult, ToMain, ToWorker, WorkerSetup } from './search-thread.js';

/**
 * Search threads of one setup (a puzzle and its options), started together, each solving the subproblems
 * it is sent in the order sent (search-thread.ts has the protocol). Serves a run here (dispatch-threads.ts,
 * which keeps every thread two subproblems ahead) and a queue's worker (queue-worker.ts, which hands a
 * job's subproblems to the thread with the least waiting).
 *
 * - The threads start when the pool is made (or are added), and get ready (a few tenths of a second, to load
 *   snug and prepare the puzzle) while the caller goes on: onReady says when each one is, and readyNow()
 *   while the caller is too busy to receive the message.
 * - Each subproblem sent gets a number of its own, sent as its `index` and said back by the thread, so
 *   that a thread's messages find their listener (runs that share the pool may hold the same plan index).
 * - A thread that fails takes what it holds down with it (each of its listeners is told) and gets nothing
 *   more; the pool's failure listeners are told too. After close(), nothing is said to anyone.
 */
export interface SubproblemListener {
  /** A solution, with the subproblem's tally of assemblies so far when the run takes them apart. */
  onSolution(solution: Solution, disassembly?: AssemblyTally): void;
  onProgress(nodes: number, disassembly?: AssemblyTally): void;
  /** Its end (`index` in it is the pool's number, not the caller's). */
  onDone(result: SubproblemResult): void;
  /** Its thread failed: the subproblem will not end. */
  onFailure(error: Error): void;
}

/** One thread of the pool, as the caller chooses among them. */
export interface PoolThread {
  /** Subproblems sent and not done. */
  readonly waiting: number;
  readonly failed: boolean;
}

interface Member extends PoolThread {
  readonly thread: SearchThread;
  waiting: number;
  failed: boolean;
  ready: boolean;
}

interface Sent {
  readonly member: Member;
  readonly listener: SubproblemListener;
}

export class ThreadPool {
  private readonly members: Member[] = [];
  private readonly sent = new Map<number, Sent>();
  private readonly readyListeners: ((thread: PoolThread) => void)[] = [];
  private readonly failureListeners: ((error: unknown) => void)[] = [];
  private next = 0;
  private closed = false;
  /**
   * How many threads are ready, in memory they share with this thread, where the platform has it (a page
   * that is not cross-origin isolated may not send shared memory to its workers).
   */
  private readonly readyCount = typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false
    ? new Int32Array(new SharedArrayBuffer(4))
    : undefined;

  private readonly setup: WorkerSetup;

  /** Starts the `count` threads at once: they load snug and prepare the puzzle while this thread goes on. */
  constructor(setup: WorkerSetup, count: number) {
    this.setup = this.readyCount ? { ...setup, readyCount: this.readyCount } : setup;
    this.add(count);
  }

  /** Starts `count` more threads, as the constructor does. */
  add(count: number): void {
    for (let t = 0; t < count && !this.closed; t++) {
      const member: Member = { thread: startSearchThread(), waiting: 0, failed: false, ready: false };
      this.members.push(member);
      member.thread.post(this.setup);
      member.thread.onMessage((m) => this.receive(member, m as ToMain));
      member.thread.onError((e) => this.fail(member, e));
    }
  }

  private receive(member: Member, m: ToMain): void {
    if (this.closed) return;
    if (m.type === 'ready') {
      member.ready = true;
      for (const listener of this.readyListeners) listener(member);
      return;
    }
    const sent = this.sent.get(m.index);
    if (!sent) return;
    if (m.type === 'solution') sent.listener.onSolution(m.solution, m.disassembly);
    else if (m.type === 'progress') sent.listener.onProgress(m.nodes, m.disassembly);
    else {
      this.sent.delete(m.index);
      member.waiting--;
      sent.listener.onDone(m);
    }
  }

  private fail(member: Member, e: unknown): void {
    member.failed = true;
    if (this.closed) return;
    const error = e instanceof Error ? e : new Error(String(e));
    for (const [key, sent] of this.sent) {
      if (sent.member !== member) continue;
      this.sent.delete(key);
      sent.listener.onFailure(error);
    }
    for (const listener of this.failureListeners) listener(e);
  }

  /** Calls `use` with each thread as it gets ready: at once for those ready already. */
  onReady(use: (thread: PoolThread) => void): void {
    this.readyListeners.push(use);
    for (const member of this.members) if (member.ready && !this.closed) use(member);
  }

  /**
   * True once some thread is ready, read from shared memory: it answers while this thread is busy and
   * the 'ready' messages wait. Undefined where threads share no memory (a browser page that is not
   * cross-origin isolated).
   */
  readyNow(): boolean | undefined {
    return this.readyCount ? Atomics.load(this.readyCount, 0) > 0 : undefined;
  }

  /** Calls `listener` when a thread fails. */
  onFailure(listener: (error: unknown) => void): void {
    this.failureListeners.push(listener);
  }

  /** The thread with the fewest subproblems waiting, of those not failed; undefined when all have. */
  leastBusy(): PoolThread | undefined {
    let best: Member | undefined;
    for (const member of this.members) if (!member.failed && (!best || member.waiting < best.waiting)) best = member;
    return best;
  }

  /** Sends a subproblem to `thread` (one of this pool's), to be solved after those it holds. */
  send(thread: PoolThread, prefix: readonly number[], listener: SubproblemListener): void {
    const member = thread as Member;
    const key = this.next++;
    this.sent.set(key, { member, listener });
    member.waiting++;
    member.thread.post({ index: key, prefix } satisfies ToWorker);
  }

  /** True while some subproblem is sent and not done. */
  get busy(): boolean {
    return this.sent.size > 0;
  }

  get size(): number {
    return this.members.length;
  }

  /** Stops every thread at once: subproblems not reported done are abandoned. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.members.map((m) => m.thread.terminate()));
  }
}
