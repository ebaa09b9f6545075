import { cores, emitWarning } from '../platform/host.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PrepareOptions } from '../compile/options.js';
import { InvalidOptionError, checkRunOptions } from '../search/options.js';
import { snugVersion } from '../version.js';
import { coordinate } from './coordinator.js';
import { queueDispatch } from './dispatch-queue.js';
import { redisLedger } from './ledger-redis.js';
import type { PlanOptions } from './plan.js';
import type { Progress } from './progress.js';
import { QueueError, QueueRun, connect, parseQueueUrl, readRun, recordDisassembleProblem, runKey } from './queue-run.js';
import type { DisassembleOptions } from '../disassembly/sift.js';
import { storedDisassemble } from './job.js';
import type { RunResult } from './result.js';
import type { RunKey } from './authenticate.js';
import { loadRunKey } from './authenticate.js';
import type { VerifyCount } from './queue-verify.js';
import { verifyQueueRun } from './queue-verify.js';

export { QueueError, parseQueueUrl, type QueueAddress } from './queue-run.js';
export { startQueueWorker, type QueueWorker, type QueueWorkerOptions } from './queue-worker.js';

/**
 * Runs on many machines through a work queue on Redis: the entry points (the command line's `--queue`,
 * `snug resume --queue`, `snug worker`). What the queue holds and why the count is exact whatever fails:
 * queue-run.ts. A run on the queue goes through the coordinator (coordinator.ts) like any other, with the
 * queue's workers as its dispatcher (dispatch-queue.ts) and its record in Redis as its ledger
 * (ledger-redis.ts); the workers are queue-worker.ts.
 */
export interface QueueRunOptions {
  readonly queue: string;
  readonly unique?: boolean;
  readonly symmetry?: 'all' | 'rotations';
  readonly engine?: PrepareOptions['engine'];
  /** Count only (else every solution is listed: `all`). */
  readonly countOnly: boolean;
  /** Take every assembly apart as found, on the workers (see RunOptions); a resumed run does as it did. */
  readonly disassemble?: DisassembleOptions;
  /** Threads of this process that work on the queue too (default 0: the coordinator only waits). */
  readonly workers?: number;
  readonly keep?: boolean;
  readonly signal?: AbortSignal;
  readonly timeLimitMs?: number;
  readonly onProgress?: (progress: Progress) => void;
  readonly onSolution?: (solution: Solution, index: number) => boolean | void;
  /** A record refused (another version, run or plan; a wrong solution): one line each. */
  readonly onWarning?: (message: string) => void;
  readonly plan?: PlanOptions;
  /** Jobs of about this many average subproblems (default 4; see dispatch-queue.ts). */
  readonly batch?: number;
  /** Resume this run (its ID) rather than planning a new one. */
  readonly resume?: string;
  /** The key of the run's MACs, which its workers share (default: loadRunKey()'s; see authenticate.ts). */
  readonly key?: RunKey;
  /** Once complete, solve this many subproblems again here, drawn at random (or all), and refuse the run on a difference (queue-verify.ts). */
  readonly verify?: VerifyCount;
}

/** The runs stored on the queue: ID, puzzle name, and subproblems done of all. */
export async function queueRuns(url: string, key: RunKey = loadRunKey()): Promise<{ id: string; puzzle: string; done: number; subproblems: number }[]> {
  const { redis } = await connect(parseQueueUrl(url));
  try {
    const ids = (await redis.keys('snug:run:*')).map((k) => k.slice('snug:run:'.length)).filter((id) => /^[0-9a-f]+$/.test(id));
    const runs = [];
    for (const id of ids.sort()) {
      // (a run whose record another key signed is not this user's: not listed)
      const record = await readRun(redis, id, key).catch(() => undefined);
      if (record) runs.push({ id, puzzle: record.puzzle.name, done: await redis.hlen(`${runKey(id)}:done`), subproblems: record.subproblems.length });
    }
    return runs;
  } finally {
    redis.disconnect();
  }
}

/** What a run on the queue solves: its puzzle, and whether it counts (else lists) and up to symmetry. */
export async function queueRunRecord(url: string, id: string, key: RunKey = loadRunKey()): Promise<{ puzzle: Puzzle; countOnly: boolean; unique: boolean; disassemble?: DisassembleOptions }> {
  const address = parseQueueUrl(url);
  const { redis } = await connect(address);
  try {
    const record = await readRun(redis, id, key);
    if (!record) throw new QueueError(`no run ${id} on the queue at ${address.url} (snug resume --queue ${address.url} lists the runs there)`);
    return { puzzle: record.puzzle, countOnly: record.countOnly, unique: !!record.prepare.unique, ...(record.disassemble ? { disassemble: record.disassemble } : {}) };
  } finally {
    redis.disconnect();
  }
}

/**
 * A run on the queue, from this process: plans it (or finds it again: the same puzzle, options and
 * version make the same run), queues what is not done, and waits for the workers' results, adding them up
 * as they come. Stopped (the signal, the time limit), it leaves the run on the queue: the workers go on,
 * and `resume` collects what they did.
 */
export async function solveOnQueue(givenPuzzle: Puzzle | undefined, options: QueueRunOptions): Promise<RunResult> {
  const start = performance.now();
  const address = parseQueueUrl(options.queue);
  const verify = options.verify;
  if (verify !== undefined && verify !== 'all' && !(Number.isSafeInteger(verify) && verify >= 1)) {
    throw new InvalidOptionError(`verify must be a whole number of subproblems of at least 1, or 'all', not ${String(verify).slice(0, 40)}`);
  }
  if (options.engine === 'count') throw new InvalidOptionError('the count engine counts the whole run at once: it cannot share it out on a queue; use another engine');
  checkRunOptions({
    ...(options.workers !== undefined && options.workers > 0 ? { workers: options.workers } : {}),
    ...(options.disassemble !== undefined ? { disassemble: options.disassemble, ...(options.engine ? { engine: options.engine } : {}) } : {}),
  });
  const key = options.key ?? loadRunKey();
  const { redis, transport } = await connect(address);
  let run: QueueRun | undefined;
  try {
    // The run: found again (resume), or planned by the coordinator.
    const id = options.resume;
    const record = id !== undefined ? await readRun(redis, id, key) : undefined;
    if (id !== undefined) {
      if (!record) throw new QueueError(`no run ${id} on the queue at ${address.url} (snug resume --queue ${address.url} lists the runs there)`);
      if (record.version !== snugVersion()) throw new QueueError(`run ${id} was made by snug ${record.version}; this is snug ${snugVersion()}: resume it with that version`);
      const wrong = recordDisassembleProblem(record);
      if (wrong) throw new QueueError(`run ${id} on the queue cannot be run: ${wrong}`);
    }
    const puzzle = record?.puzzle ?? givenPuzzle!;
    const prepare: PrepareOptions = record?.prepare ?? {
      engine: options.engine ?? 'auto',
      unique: !!options.unique,
      ...(options.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
      expandSymmetry: true,
    };
    const countOnly = record?.countOnly ?? options.countOnly;
    // (a run found again takes its assemblies apart as it did, whatever is asked now)
    const given = record ? record.disassemble : options.disassemble;
    const disassemble = given ? storedDisassemble(given) : undefined;
    const warn = options.onWarning ?? ((m: string) => emitWarning(m, 'Warning'));
    run = new QueueRun(key, redis, transport, address, puzzle, countOnly, warn, id !== undefined && record ? { id, record } : undefined);
    const job = {
      puzzle,
      prepare,
      countOnly,
      ...(disassemble ? { disassemble } : {}),
      limit: Infinity,
      keep: !!options.keep,
      ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
      trialMs: 0,
      planOptions: options.plan ?? {},
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onSolution ? { onSolution: options.onSolution } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      start,
    };
    const dispatch = queueDispatch(run, prepare, {
      url: options.queue,
      workers: options.workers !== undefined && options.workers > 0 ? options.workers : 0,
      ...(options.batch !== undefined ? { batch: options.batch } : {}),
      progress: options.onProgress !== undefined,
    }, disassemble);
    const ledger = redisLedger(run, prepare, disassemble);
    const result = await coordinate(job, async () => ledger, dispatch);
    if (options.verify === undefined || !result.complete || !result.queue) return result;
    // (solved again on this process's threads: --workers of them, else one per core)
    const verified = await verifyQueueRun(run, options.verify, options.workers !== undefined && options.workers > 0 ? options.workers : cores(), key);
    return { ...result, queue: { ...result.queue, verified } };
  } finally {
    if (run) await run.close();
    else redis.disconnect();
  }
}
