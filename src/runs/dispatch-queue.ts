import type { DispatchChoice, DispatchEvents, Dispatcher } from './dispatch.js';
import type { Plan } from './plan.js';
import type { PrepareOptions } from '../compile/options.js';
import type { DisassembleOptions } from '../disassembly/sift.js';
import type { DoneRecord, JobData, QueueRun } from './queue-run.js';
import { JOB_OPTIONS, QueueError, parseJson, runKey, setupText, warmChannel } from './queue-run.js';
import type { QueueWorker } from './queue-worker.js';
import { startQueueWorker } from './queue-worker.js';
import { signedJson } from './authenticate.js';

/**
 * A run's subproblems solved by the workers of a queue on Redis (queue-run.ts says what is where). The
 * dispatch announces the run's setup (workers get their threads ready while this process plans), queues
 * what is not done in jobs of a few subproblems, and reads the results from the run's log as workers
 * write them: each checked before it is reported (a record refused is deleted and its subproblem queued
 * again). With `workers` > 0, threads of this process work on the queue too.
 *
 * Stopped (the signal, the time limit), it leaves the run on the queue: the workers go on, and `resume`
 * collects what they did. A job that failed on every try (its subproblem crashed each worker that took
 * it) ends the wait with a QueueError.
 */
export interface QueueDispatchOptions {
  /** The queue's address as given (with its password, for this process's own worker to connect). */
  readonly url: string;
  /** Threads of this process that work on the queue too (0: the coordinator only waits). */
  readonly workers: number;
  /** Jobs of about this many average subproblems (default 4; see batches). */
  readonly batch?: number;
  /** Whether the nodes of the subproblems being solved are read, for progress. */
  readonly progress: boolean;
}

export function queueDispatch(run: QueueRun, prepare: PrepareOptions, options: QueueDispatchOptions, disassemble?: DisassembleOptions): DispatchChoice {
  return {
    workersHere: 0,
    // (the result counts the work the workers recorded, on every machine and in every session)
    countsLedgerWorkOnly: true,
    timeLimitPerPhase: true,
    start: async () => {
      // the workers get their threads ready while this process plans
      await run.redis.publish(warmChannel(), signedJson({ setup: setupText(run.puzzle, prepare, run.countOnly, disassemble) }, run.key));
      return new QueueDispatcher(run, options);
    },
  };
}

class QueueDispatcher implements Dispatcher {
  private local: QueueWorker | undefined;
  private threads = 0;
  private stopped = false;
  /** Ends run()'s wait between reads of the log. */
  private wake: (() => void) | undefined;

  constructor(private readonly queued: QueueRun, private readonly options: QueueDispatchOptions) {}

  get workers(): number {
    return this.threads;
  }

  async run(plan: Plan, indices: readonly number[], events: DispatchEvents): Promise<void> {
    const run = this.queued;
    const logKey = `${runKey(run.id!)}:log`;
    const wait = { plan, indices, events, left: indices.filter((i) => !run.taken.has(i)).length };
    // the log holds the records taken before too: read on from its end
    let offset = await run.redis.llen(logKey);
    await this.queueMissing(plan, indices);
    await this.startLocalWorker();

    // Wait for the results, reading the log from where it was.
    let lastProgress = 0;
    let lastFailureCheck = Date.now();
    while (wait.left > 0 && !this.stopped) {
      const texts = await run.redis.lrange(logKey, offset, -1);
      offset += texts.length;
      if (texts.length === 0 && (await run.redis.llen(logKey)) < offset) {
        // a shorter log: Redis came back from a snapshot older than what was read (a crash), and may have
        // lost jobs queued since: queue again what is not taken, and read the log from its start (the
        // subproblems taken already are skipped)
        offset = 0;
        await run.redis.set(runKey(run.id!), signedJson(run.record!, run.key), 'NX');
        await this.queueMissing(plan, indices);
      }
      for (const text of texts) await this.take(text, wait);
      if (this.options.progress && Date.now() - lastProgress >= 500) {
        lastProgress = Date.now();
        await this.readRunning(plan, events);
      }
      if (Date.now() - lastFailureCheck >= 5000) {
        lastFailureCheck = Date.now();
        await this.checkFailures();
        await this.takeUnlogged(wait);
      }
      if (wait.left > 0 && !this.stopped) await this.sleep(texts.length > 0 ? 10 : 50);
    }
  }

  /** Queues the subproblems not taken yet (the same job id as a job still queued: BullMQ keeps one). */
  private async queueMissing(plan: Plan, indices: readonly number[]): Promise<void> {
    const run = this.queued;
    const id = run.id!;
    const missing = indices.filter((i) => !run.taken.has(i));
    const jobs = batches(missing, plan.estimates, this.options.batch ?? 4).map((batch) => ({
      name: 'subproblems',
      data: { run: id, indices: batch } satisfies JobData,
      opts: { jobId: `${id}-${batch[0]}-${batch.length}`, ...JOB_OPTIONS },
    }));
    for (let i = 0; i < jobs.length; i += 1000) await run.jobs.addBulk(jobs.slice(i, i + 1000));
  }

  /** This process's own threads on the queue, when asked for. */
  private async startLocalWorker(): Promise<void> {
    if (this.options.workers <= 0) return;
    const local = await startQueueWorker(this.options.url, { threads: this.options.workers, key: this.queued.key });
    if (this.stopped) await local.close();
    else {
      this.local = local;
      this.threads = local.threads;
    }
  }

  /** A result read from the log: reported when it passes its checks, else refused (deleted, its subproblem queued again). */
  private async take(text: string, wait: { readonly plan: Plan; readonly events: DispatchEvents; left: number }): Promise<void> {
    const run = this.queued;
    const n = wait.plan.subproblems.length;
    const record = parseJson(text) as DoneRecord | undefined;
    const index = Number(record?.index);
    if (!Number.isInteger(index) || index < 0 || index >= n) {
      // (nothing to delete it by)
      run.warn(`refused a result of run ${run.id}: not a result of one of its ${n} subproblems`);
      return;
    }
    if (run.taken.has(index)) return;
    const done = run.take(record as object | undefined, index);
    if (!done) {
      await run.refuse(index, text);
      return;
    }
    wait.left--;
    for (const s of done.found ?? []) wait.events.onSolution(index, s);
    wait.events.onDone({ index, solutions: done.solutions, nodes: done.nodes, updates: done.updates, complete: true, ...(done.disassembly ? { disassembly: done.disassembly } : {}) });
  }

  /**
   * Results kept in `done` but missing from the log (a worker of an older snug, or a write cut between
   * the two): taken from `done`, so the wait cannot outlast the work.
   */
  private async takeUnlogged(wait: { readonly plan: Plan; readonly indices: readonly number[]; readonly events: DispatchEvents; left: number }): Promise<void> {
    const run = this.queued;
    const doneKey = `${runKey(run.id!)}:done`;
    if ((await run.redis.hlen(doneKey)) <= run.taken.size) return;
    const missing = wait.indices.filter((i) => !run.taken.has(i));
    if (missing.length === 0) return;
    const texts = await run.redis.hmget(doneKey, ...missing.map(String));
    for (const text of texts) if (text !== null) await this.take(text, wait);
  }

  /** The nodes of the subproblems being solved, as the workers last said (for progress). */
  private async readRunning(plan: Plan, events: DispatchEvents): Promise<void> {
    const run = this.queued;
    const n = plan.subproblems.length;
    const running = await run.redis.hgetall(`${runKey(run.id!)}:running`);
    for (const [field, nodes] of Object.entries(running)) {
      const index = Number(field);
      if (Number.isInteger(index) && index >= 0 && index < n && !run.taken.has(index) && Number(nodes) >= 0) events.onProgress(index, Number(nodes));
    }
  }

  /** A job that failed on every try (its subproblem crashed each worker that took it) ends the wait. */
  private async checkFailures(): Promise<void> {
    const run = this.queued;
    const id = run.id!;
    const failed = (await run.jobs.failed(0, 999)).find((j) => (j.data as JobData | undefined)?.run === id && !(j.data as JobData).indices.every((i) => run.taken.has(i)));
    if (failed) throw new QueueError(`a job of run ${id} failed ${failed.attemptsMade} times: ${String(failed.failedReason).split('\n')[0]!.slice(0, 200)}`);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done(): void {
        clearTimeout(timer);
        self.wake = undefined;
        resolve();
      }
      this.wake = done;
    });
  }

  /** Stops waiting (the run stays on the queue); this process's threads stop working on it. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    const local = this.local;
    this.local = undefined;
    await local?.close();
  }
}

/**
 * The subproblems to queue, in jobs: consecutive ones (in the plan's order) until their estimated nodes
 * reach `size` times the average subproblem's, at most 4 * size of them: small subproblems travel
 * together (a job costs a few round trips to Redis), a big one alone.
 */
function batches(indices: readonly number[], estimates: readonly number[], size: number): number[][] {
  const all = estimates.filter((e) => Number.isFinite(e) && e > 0);
  const average = all.length > 0 ? all.reduce((s, e) => s + e, 0) / all.length : 1;
  const out: number[][] = [];
  let current: number[] = [];
  let sum = 0;
  for (const i of indices) {
    current.push(i);
    sum += Number.isFinite(estimates[i]) ? Math.max(0, estimates[i]!) : average;
    if (sum >= size * average || current.length >= 4 * size) {
      out.push(current);
      current = [];
      sum = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}
