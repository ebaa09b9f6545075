import type { ConnectionOptions, Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { checkPuzzle } from '../puzzle/validate.js';
import { compilePuzzle } from '../compile/compile.js';
import type { PrepareOptions } from '../compile/options.js';
import { InvalidOptionError, checkRunOptions } from '../search/options.js';
import { runPrepared, searchStats } from '../search/solve.js';
import { snugVersion } from '../version.js';
import { sha256Hex, startSearchThread } from '../platform/host.js';
import type { SearchThread } from '../platform/host.js';
import { puzzleHash } from './checkpoint.js';
import type { SubproblemResult, ToMain, WorkerSetup } from './executor.js';
import type { Plan, PlanOptions } from './plan.js';
import { planProblem, planSubproblemsAsync } from './plan.js';
import type { Progress } from './progress.js';
import { ProgressTracker } from './progress.js';
import type { RunResult } from './run.js';
import { createSolutionCheck } from './solution-check.js';

/**
 * Runs on many machines through a work queue on Redis (BullMQ): the coordinator (`snug solve ... --queue
 * URL`) plans the run and puts its subproblems on the queue, small ones together in jobs; workers (`snug
 * worker URL`, on any machine, any number, started before or after) take jobs as they free up and solve
 * them on their threads; the coordinator adds up what they report.
 *
 * In Redis (all keys under `snug:`):
 * - `snug:run:ID`: the run, as JSON (RunRecord): puzzle, options, the plan's subproblems, snug's version.
 *   ID is a hash of all that, so the same command on the same queue finds its run again.
 * - `snug:run:ID:done`: a hash, subproblem index -> its result (DoneRecord, JSON). A worker writes a
 *   result with HSETNX: the first complete result of a subproblem is the one kept, whoever wrote it.
 * - `snug:run:ID:log`: the same results, appended as they are kept (RPUSH), so the coordinator reads
 *   only what is new.
 * - `snug:run:ID:running`: a hash, subproblem index -> nodes so far, of the subproblems being solved (for
 *   the progress bar only: a worker sets it every few seconds and deletes it when the subproblem ends).
 * - The BullMQ queue `snug-VERSION`: a job is {run, indices}. Only workers of the same snug version
 *   listen to it, so the choice codes of the plan mean the same to every worker.
 * - The channel `snug-VERSION:runs`: a coordinator announces there the setup of a run it is about to
 *   plan (puzzle and options), and workers start their threads for it meanwhile.
 *
 * Why the count is exact whatever fails. A subproblem is counted once: only the record in `done` counts,
 * and the coordinator takes each index once. None is lost: a job is acknowledged (completed) only after
 * its records are written, and a job whose worker stops answering (killed, its machine lost) is handed to
 * another worker once its lock expires (BullMQ's stalled jobs); a resumed coordinator puts back every
 * subproblem that has no record. Everything read back is checked (the run, version, puzzle and plan
 * hashes, the index, the numbers; with --all every solution by the verifier, none twice): a record that
 * fails is refused, deleted, and its subproblem queued again.
 */

/** Where the queue is: parsed from `redis://[[USER]:PASSWORD@]HOST:PORT[/DB]`. */
export interface QueueAddress {
  /** The address as given, the password left out (for messages and results). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
}

/** The queue cannot be used (Redis unreachable, a run that does not fit): one line, exit code 2. */
export class QueueError extends Error {
  override readonly name = 'QueueError';
}

export function parseQueueUrl(text: string): QueueAddress {
  const m = /^redis:\/\/(?:([^:@/]*):([^@/]*)@)?([A-Za-z0-9.\-_]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})(?:\/(\d{1,2}))?\/?$/.exec(text);
  const port = m ? Number(m[4]) : NaN;
  if (!m || port < 1 || port > 65535) {
    const shown = text.replace(/^(redis:\/\/[^:@/]*:)[^@/]*@/, '$1***@').slice(0, 80);
    throw new InvalidOptionError(`the queue is given as redis://HOST:PORT[/DB] (or redis://USER:PASSWORD@HOST:PORT[/DB]), not '${shown}'`);
  }
  const [, user, password, host, , db] = m;
  return {
    url: password !== undefined ? text.replace(/^(redis:\/\/[^:@/]*:)[^@/]*@/, '$1***@') : text,
    host: host!.replace(/^\[|\]$/g, ''),
    port,
    db: db ? Number(db) : 0,
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(password !== undefined ? { password: decodeURIComponent(password) } : {}),
  };
}

/** What ioredis and BullMQ are given to connect. */
function credentials(address: QueueAddress): { host: string; port: number; db: number; username?: string; password?: string } {
  return {
    host: address.host, port: address.port, db: address.db,
    ...(address.username !== undefined ? { username: address.username } : {}),
    ...(address.password !== undefined ? { password: address.password } : {}),
  };
}

const queueName = (): string => `snug-${snugVersion()}`;
/** Where a coordinator announces a run it is planning (its WorkerSetup), for workers to get ready. */
const warmChannel = (): string => `${queueName()}:runs`;
/** The search threads' setup for a run, as text: the same run, the same text (workers key their threads by it). */
function setupText(puzzle: Puzzle, prepare: PrepareOptions, countOnly: boolean): string {
  return JSON.stringify({ puzzle, prepare, countOnly, progressMs: 1000 } satisfies WorkerSetup);
}
const runKey = (id: string): string => `snug:run:${id}`;
/** Finished runs stay this long (a resume prints them again), then Redis forgets them. */
const KEEP_FINISHED_S = 7 * 24 * 3600;

interface RunRecord {
  readonly format: 'snug-queue-run';
  readonly version: string;
  readonly puzzle: Puzzle;
  readonly puzzleHash: string;
  readonly prepare: PrepareOptions;
  readonly countOnly: boolean;
  readonly planHash: string;
  readonly subproblems: readonly (readonly number[])[];
  readonly estimates: readonly number[];
  readonly estimatedNodes: number;
}

interface DoneRecord {
  readonly run: string;
  readonly version: string;
  readonly puzzleHash: string;
  readonly planHash: string;
  readonly index: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  readonly found?: readonly Solution[];
  readonly worker: string;
}

interface JobData {
  readonly run: string;
  readonly indices: readonly number[];
}

// Loaded on first use, by require (the command line's bundle runs as a script, where import() of a
// package is not offered): most commands never touch the queue.
const require = createRequire(import.meta.url);

function bullmq(): typeof import('bullmq') {
  return require('bullmq') as typeof import('bullmq');
}

/** The run ID's record on the queue, or undefined when there is none (or something else is stored there). */
async function readRun(redis: Redis, id: string): Promise<RunRecord | undefined> {
  const record = parseJson(await redis.get(runKey(id))) as RunRecord | undefined;
  return record?.format === 'snug-queue-run' ? record : undefined;
}

/** The object a text holds, or undefined (not JSON, or not an object: read back from Redis, it is checked). */
function parseJson(text: string | null): object | undefined {
  try {
    const value: unknown = JSON.parse(text ?? 'null');
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function connectionOf(address: QueueAddress): ConnectionOptions {
  return { ...credentials(address), maxRetriesPerRequest: null };
}

/** A connection to Redis, checked now: a QueueError in one line when Redis cannot be reached. */
async function connect(address: QueueAddress): Promise<Redis> {
  const { Redis: IORedis } = require('ioredis') as typeof import('ioredis');
  const redis = new IORedis({ ...credentials(address), lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  // (the cause of a failed connection comes as an error event; connect() itself only says it closed)
  let cause: Error | undefined;
  redis.on('error', (e: Error) => {
    cause ??= e;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new QueueError(`cannot reach Redis at ${address.url}: ${(cause ?? (e as Error)).message || 'no answer'}`);
  }
  // from now on a lost connection is retried (a Redis restart), not fatal
  redis.options.retryStrategy = (times: number) => Math.min(times * 200, 2000);
  redis.options.maxRetriesPerRequest = null;
  return redis;
}

export interface QueueRunOptions {
  readonly queue: string;
  readonly unique?: boolean;
  readonly symmetry?: 'all' | 'rotations';
  readonly engine?: PrepareOptions['engine'];
  /** Count only (else every solution is listed: `all`). */
  readonly countOnly: boolean;
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
  /** Jobs of about this many average subproblems (default 4; see batches). */
  readonly batch?: number;
  /** Resume this run (its ID) rather than planning a new one. */
  readonly resume?: string;
}

/** The runs stored on the queue: ID, puzzle name, and subproblems done of all. */
export async function queueRuns(url: string): Promise<{ id: string; puzzle: string; done: number; subproblems: number }[]> {
  const redis = await connect(parseQueueUrl(url));
  try {
    const ids = (await redis.keys('snug:run:*')).map((k) => k.slice('snug:run:'.length)).filter((id) => /^[0-9a-f]+$/.test(id));
    const runs = [];
    for (const id of ids.sort()) {
      const record = await readRun(redis, id);
      if (record) runs.push({ id, puzzle: record.puzzle.name, done: await redis.hlen(`${runKey(id)}:done`), subproblems: record.subproblems.length });
    }
    return runs;
  } finally {
    redis.disconnect();
  }
}

/** What a run on the queue solves: its puzzle, and whether it counts (else lists) and up to symmetry. */
export async function queueRunRecord(url: string, id: string): Promise<{ puzzle: Puzzle; countOnly: boolean; unique: boolean }> {
  const address = parseQueueUrl(url);
  const redis = await connect(address);
  try {
    const record = await readRun(redis, id);
    if (!record) throw new QueueError(`no run ${id} on the queue at ${address.url} (snug resume --queue ${address.url} lists the runs there)`);
    return { puzzle: record.puzzle, countOnly: record.countOnly, unique: !!record.prepare.unique };
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
  if (options.engine === 'count') throw new InvalidOptionError('the count engine counts the whole run at once: it cannot share it out on a queue; use another engine');
  checkRunOptions({ ...(options.workers !== undefined && options.workers > 0 ? { workers: options.workers } : {}) });
  const redis = await connect(address);
  const warn = options.onWarning ?? ((m: string) => process.emitWarning(m));
  let local: QueueWorker | undefined;
  let queue: Queue | undefined;
  try {
    // The run: found again (resume, or the same command), or planned now.
    let record: RunRecord | undefined;
    let id = options.resume;
    if (id !== undefined) {
      record = await readRun(redis, id);
      if (!record) throw new QueueError(`no run ${id} on the queue at ${address.url} (snug resume --queue ${address.url} lists the runs there)`);
      if (record.version !== snugVersion()) throw new QueueError(`run ${id} was made by snug ${record.version}; this is snug ${snugVersion()}: resume it with that version`);
    }
    const puzzle = record?.puzzle ?? givenPuzzle!;
    const checked = checkPuzzle(puzzle);
    const prepareOptions: PrepareOptions = record?.prepare ?? {
      engine: options.engine ?? 'auto',
      unique: !!options.unique,
      ...(options.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
      expandSymmetry: true,
    };
    const countOnly = record?.countOnly ?? options.countOnly;
    const preparing = performance.now();
    const prepared = compilePuzzle(checked, prepareOptions);
    const prepareMs = performance.now() - preparing;
    if (prepared.impossible) return { ...runPrepared(prepared, {}), workers: 0, prepareMs };
    // the workers get their threads ready while this process plans
    await redis.publish(warmChannel(), setupText(puzzle, prepareOptions, countOnly));
    if (!record) {
      const deadline = options.timeLimitMs !== undefined ? Date.now() + options.timeLimitMs : Infinity;
      const planned = await planSubproblemsAsync(prepared.engine, prepared.depth ?? -1, options.plan ?? {}, { ...(options.signal ? { signal: options.signal } : {}), deadline });
      if (!planned.plan) {
        return { ...searchStats(prepared), solutions: 0, complete: false, nodes: planned.nodes, updates: 0, elapsedMs: performance.now() - start, found: [], workers: 0, ...(options.signal?.aborted ? { interrupted: true } : {}), prepareMs };
      }
      const plan: Plan = planned.plan;
      const fields = {
        format: 'snug-queue-run' as const,
        version: snugVersion(),
        puzzle,
        puzzleHash: puzzleHash(puzzle),
        prepare: prepareOptions,
        countOnly,
        planHash: plan.hash,
      };
      id = sha256Hex(JSON.stringify(fields)).slice(0, 16);
      record = { ...fields, subproblems: plan.subproblems, estimates: plan.estimates, estimatedNodes: plan.estimatedNodes };
      // (the same command made the same run before: its record stays, with what is done)
      await redis.set(runKey(id), JSON.stringify(record), 'NX');
    } else {
      const wrong = planProblem(prepared.engine, record.subproblems);
      if (wrong) throw new QueueError(`run ${id} on the queue does not fit its puzzle: ${wrong}`);
    }
    const runId = id!;
    const run: RunRecord = record;
    const n = run.subproblems.length;

    // What is done already; the rest, queued (jobs of a few subproblems, by the plan's order).
    const { Queue } = bullmq();
    queue = new Queue(queueName(), { connection: connectionOf(address) });
    queue.on('error', () => {});
    const check = countOnly ? undefined : createSolutionCheck(puzzle);
    const taken = new Map<number, DoneRecord>();
    const found: Solution[] = [];
    let solutions = 0;
    let stopped: 'signal' | 'time' | 'callback' | undefined;
    /** Counts a stored result (`done`: its text, parsed), or refuses it (false). */
    const take = (done: DoneRecord | undefined, index: number): boolean => {
      const problem = recordProblem(done, index, runId, run, check, taken);
      if (problem !== undefined || !done) {
        warn(`refused the result of subproblem ${index} of run ${runId}: ${problem}`);
        return false;
      }
      taken.set(index, done);
      if (countOnly) solutions += done.solutions;
      else {
        for (const s of done.found ?? []) {
          if (options.keep) found.push(s);
          if (options.onSolution?.(s, solutions++) === false) stopped ??= 'callback';
        }
      }
      return true;
    };
    const refused = async (index: number, text: string): Promise<void> => {
      // delete the refused record (only if it is still the one read) and queue the subproblem again
      await redis.eval(`if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`, 1, `${runKey(runId)}:done`, String(index), text);
      await queue!.add('subproblems', { run: runId, indices: [index] } satisfies JobData, { jobId: `${runId}-again-${index}-${Date.now()}`, ...JOB_OPTIONS });
    };
    const already = await redis.hgetall(`${runKey(runId)}:done`);
    for (const [field, text] of Object.entries(already)) {
      const index = Number(field);
      if (!take(parseJson(text) as DoneRecord | undefined, index)) await refused(index, text);
    }
    // (what was done before this process started is left out of the rate)
    const earlier = [...taken.values()].map((d) => ({ index: d.index, nodes: d.nodes }));
    const tracker = new ProgressTracker(run, [...run.subproblems.keys()], earlier, 0, Date.now() - (performance.now() - start));
    tracker.solutions = solutions;
    // the log holds the records above too: read on from its end
    let offset = await redis.llen(`${runKey(runId)}:log`);
    /** Queues the subproblems not taken yet (the same job id as a job still queued: BullMQ keeps one). */
    const queueMissing = async (): Promise<void> => {
      const missing = [...run.subproblems.keys()].filter((i) => !taken.has(i));
      const jobs = batches(missing, run.estimates, options.batch ?? 4).map((indices) => ({
        name: 'subproblems',
        data: { run: runId, indices } satisfies JobData,
        opts: { jobId: `${runId}-${indices[0]}-${indices.length}`, ...JOB_OPTIONS },
      }));
      for (let i = 0; i < jobs.length; i += 1000) await queue!.addBulk(jobs.slice(i, i + 1000));
    };
    await queueMissing();

    if (options.workers !== undefined && options.workers > 0) local = await startQueueWorker(options.queue, { threads: options.workers });

    // Wait for the results, reading the log from where it was.
    const deadline = options.timeLimitMs !== undefined ? Date.now() + options.timeLimitMs : Infinity;
    let lastProgress = 0;
    let lastFailureCheck = Date.now();
    while (taken.size < n && !stopped) {
      if (options.signal?.aborted) stopped = 'signal';
      else if (Date.now() >= deadline) stopped = 'time';
      if (stopped) break;
      const texts = await redis.lrange(`${runKey(runId)}:log`, offset, -1);
      offset += texts.length;
      if (texts.length === 0 && (await redis.llen(`${runKey(runId)}:log`)) < offset) {
        // a shorter log: Redis came back from a snapshot older than what was read (a crash), and may have
        // lost jobs queued since: queue again what is not taken, and read the log from its start (the
        // subproblems taken already are skipped)
        offset = 0;
        await redis.set(runKey(runId), JSON.stringify(run), 'NX');
        await queueMissing();
      }
      for (const text of texts) {
        const done = parseJson(text) as DoneRecord | undefined;
        const index = Number(done?.index);
        if (!Number.isInteger(index) || index < 0 || index >= n) {
          // (nothing to delete it by)
          warn(`refused a result of run ${runId}: not a result of one of its ${n} subproblems`);
          continue;
        }
        if (taken.has(index)) continue;
        if (!take(done, index)) await refused(index, text);
        else {
          tracker.finish(index, taken.get(index)!.nodes);
          tracker.solutions = solutions;
        }
      }
      if (options.onProgress && Date.now() - lastProgress >= 500) {
        lastProgress = Date.now();
        // the nodes of the subproblems being solved, as the workers last said
        const running = await redis.hgetall(`${runKey(runId)}:running`);
        for (const [field, nodes] of Object.entries(running)) {
          const index = Number(field);
          if (Number.isInteger(index) && index >= 0 && index < n && !taken.has(index) && Number(nodes) >= 0) tracker.report(index, Number(nodes));
        }
        options.onProgress(tracker.snapshot());
      }
      if (Date.now() - lastFailureCheck >= 5000) {
        // a job that failed on every try (its subproblem crashed each worker that took it) ends the wait
        lastFailureCheck = Date.now();
        const failed = (await queue.getFailed(0, 999)).find((j) => (j.data as JobData | undefined)?.run === runId && !(j.data as JobData).indices.every((i) => taken.has(i)));
        if (failed) throw new QueueError(`a job of run ${runId} failed ${failed.attemptsMade} times: ${String(failed.failedReason).split('\n')[0]!.slice(0, 200)}`);
      }
      if (taken.size < n) await sleep(texts.length > 0 ? 10 : 50, options.signal);
    }
    options.onProgress?.(tracker.snapshot());
    const complete = taken.size === n && stopped === undefined;
    if (complete) {
      await redis.expire(runKey(runId), KEEP_FINISHED_S);
      await redis.expire(`${runKey(runId)}:done`, KEEP_FINISHED_S);
      await redis.del(`${runKey(runId)}:log`, `${runKey(runId)}:running`);
    }
    let nodes = 0;
    let updates = 0;
    for (const d of taken.values()) {
      nodes += d.nodes;
      updates += d.updates;
    }
    return {
      ...searchStats(prepared),
      solutions,
      complete,
      nodes,
      updates,
      elapsedMs: performance.now() - start,
      found,
      workers: local?.threads ?? 0,
      plan: { hash: run.planHash, subproblems: n, done: taken.size },
      queue: { url: address.url, run: runId },
      ...(stopped === 'signal' ? { interrupted: true } : {}),
      prepareMs,
    };
  } finally {
    await local?.close();
    await queue?.close();
    redis.disconnect();
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

/** Runs whose threads a worker keeps ready at once. */
const KEEP_POOLS = 3;

const JOB_OPTIONS = { attempts: 100, backoff: { type: 'fixed', delay: 2000 }, removeOnComplete: true, removeOnFail: 1000 } as const;

/** Why a stored result may not be counted, or undefined when it may. */
function recordProblem(r: DoneRecord | undefined, index: number, id: string, run: RunRecord, check: ((s: Solution) => string | undefined) | undefined, taken: ReadonlyMap<number, DoneRecord>): string | undefined {
  if (!r) return 'not a JSON object';
  if (r.run !== id) return `it is of another run (${String(r.run).slice(0, 20)})`;
  if (r.version !== run.version) return `it was made by snug ${String(r.version).slice(0, 20)}, the run by snug ${run.version}`;
  if (r.puzzleHash !== run.puzzleHash || r.planHash !== run.planHash) return 'it is of another puzzle or plan';
  if (r.index !== index) return 'it is filed under another subproblem';
  if (taken.has(index)) return 'that subproblem is counted already';
  for (const x of [r.solutions, r.nodes, r.updates]) if (!Number.isSafeInteger(x) || x < 0) return 'a count is not a whole number';
  if (check) {
    if (!Array.isArray(r.found) || r.found.length !== r.solutions) return 'its solutions are not listed';
    for (const s of r.found) {
      const p = check(s);
      if (p) return p;
    }
  }
  return undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

export interface QueueWorkerOptions {
  /** Threads that solve subproblems (default: one per core). */
  readonly threads: number;
  /** A job whose worker is not heard from for this long goes to another worker (default 30 s). */
  readonly lockMs?: number;
  /** Each job finished: the run, subproblems, solutions. */
  readonly onJob?: (run: string, subproblems: number, solutions: number) => void;
}

export interface QueueWorker {
  readonly threads: number;
  close(): Promise<void>;
}

/**
 * A worker: takes jobs from the queue (of any run of this snug version) and solves their subproblems on
 * its threads, one job per thread at a time, writing each subproblem's result before the job is
 * acknowledged. Runs until closed.
 */
export async function startQueueWorker(url: string, options: QueueWorkerOptions): Promise<QueueWorker> {
  const address = parseQueueUrl(url);
  const redis = await connect(address);
  const { Worker, UnrecoverableError } = bullmq();
  // Threads for each puzzle and options, made when a coordinator announces a run (while it plans) or at
  // the run's first job, and kept for the last few (runs that share the queue take turns); BullMQ runs at
  // most `threads` jobs at once, so the threads of all of them never search more than that together.
  const pools = new Map<string, ThreadPool>();
  const poolFor = (setup: string): ThreadPool => {
    let pool = pools.get(setup);
    if (pool) pools.delete(setup);
    else pool = new ThreadPool(JSON.parse(setup) as WorkerSetup, options.threads);
    pools.set(setup, pool); // (the most recent last)
    for (const [key, old] of pools) {
      if (pools.size <= KEEP_POOLS) break;
      if (old.busy || old === pool) continue;
      pools.delete(key);
      void old.close();
    }
    return pool;
  };
  const records = new Map<string, Promise<RunRecord>>();
  const recordOf = (id: string): Promise<RunRecord> => {
    let entry = records.get(id);
    if (!entry) {
      entry = (async () => {
        const record = await readRun(redis, id);
        if (!record) throw new UnrecoverableError(`no run ${id} on the queue`);
        if (record.version !== snugVersion()) throw new UnrecoverableError(`run ${id} is of snug ${record.version}, this worker of ${snugVersion()}`);
        return record;
      })();
      entry.catch(() => records.delete(id));
      records.set(id, entry);
    }
    return entry;
  };
  const listener = redis.duplicate();
  listener.on('error', () => {});
  listener.on('message', (_: string, setup: string) => {
    try {
      poolFor(setup);
    } catch {
      // (not a setup: nothing to get ready)
    }
  });
  await listener.subscribe(warmChannel());
  const name = `${hostname()}:${process.pid}`;
  const worker: Worker = new Worker(
    queueName(),
    async (job: Job<JobData>) => {
      const { run: id, indices } = job.data;
      const record = await recordOf(id);
      const pool = poolFor(setupText(record.puzzle, record.prepare, record.countOnly));
      const doneKey = `${runKey(id)}:done`;
      const runningKey = `${runKey(id)}:running`;
      let solutions = 0;
      for (const index of indices) {
        if (!(Number.isInteger(index) && index >= 0 && index < record.subproblems.length)) throw new UnrecoverableError(`subproblem ${index} is not in run ${id}`);
      }
      // (a job handed on after a stall: what its first worker wrote stays)
      const written = indices.length > 0 ? await redis.hmget(doneKey, ...indices.map(String)) : [];
      const todo = indices.filter((_, j) => written[j] === null);
      // All of the job's subproblems go to one thread at once: it solves them one after the other while
      // the results of those done are written here.
      const solving = pool.solveAll(todo.map((index) => record.subproblems[index]!), (j, nodes) => {
        void redis.hset(runningKey, String(todo[j]), String(nodes)).catch(() => {});
      });
      // (a job that fails part way leaves the rest to end on their own: their results are not wanted)
      for (const p of solving) p.catch(() => {});
      for (let j = 0; j < todo.length; j++) {
        const index = todo[j]!;
        const { result, found } = await solving[j]!;
        void redis.hdel(runningKey, String(index)).catch(() => {});
        if (!result.complete) throw new Error(`subproblem ${index} of run ${id} was cut short`);
        const done: DoneRecord = {
          run: id, version: snugVersion(), puzzleHash: record.puzzleHash, planHash: record.planHash, index,
          solutions: result.solutions, nodes: result.nodes, updates: result.updates,
          ...(record.countOnly ? {} : { found }), worker: name,
        };
        const text = JSON.stringify(done);
        if ((await redis.hsetnx(doneKey, String(index), text)) === 1) await redis.rpush(`${runKey(id)}:log`, text);
        solutions += result.solutions;
        await job.updateProgress(index);
      }
      options.onJob?.(id, indices.length, solutions);
    },
    {
      connection: connectionOf(address),
      // (two jobs a thread: the next one waits on the thread, which never idles between jobs)
      concurrency: 2 * options.threads,
      lockDuration: options.lockMs ?? 30_000,
      stalledInterval: Math.max(1000, Math.floor((options.lockMs ?? 30_000) / 2)),
      maxStalledCount: 1000,
    },
  );
  worker.on('error', () => {});
  await worker.waitUntilReady();
  return {
    threads: options.threads,
    async close() {
      await worker.close(true);
      for (const pool of pools.values()) await pool.close();
      listener.disconnect();
      redis.disconnect();
    },
  };
}

/**
 * Search threads (the executor's protocol: executor.ts) that each take lists of subproblems and solve
 * them in order, a list going to the thread with the least work waiting. Each subproblem sent gets a
 * number of its own (sent as its `index`, which the thread says back). A thread that fails takes what it
 * holds down with it (those jobs fail, and are tried again) and gets nothing more.
 */
class ThreadPool {
  private readonly threads: { thread: SearchThread; waiting: number; failed: boolean }[] = [];
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  constructor(setup: WorkerSetup, count: number) {
    for (let t = 0; t < count; t++) {
      const entry = { thread: startSearchThread(), waiting: 0, failed: false };
      this.threads.push(entry);
      // (what is sent before the thread is ready waits in its port, in order)
      entry.thread.post(setup);
      entry.thread.onMessage((m) => {
        const message = m as ToMain;
        if (message.type === 'ready') return;
        const p = this.pending.get(message.index);
        if (!p) return;
        if (message.type === 'solution') p.found.push(message.solution);
        else if (message.type === 'progress') p.onProgress(message.nodes);
        else {
          this.pending.delete(message.index);
          entry.waiting--;
          p.resolve({ result: message, found: p.found });
        }
      });
      entry.thread.onError((e) => {
        entry.failed = true;
        for (const [key, p] of this.pending) {
          if (p.thread !== entry.thread) continue;
          this.pending.delete(key);
          p.reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
    }
  }

  /** True while some subproblem is sent and not done. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Sends the prefixes to one thread; each promise is a subproblem's result (`onProgress(j, nodes)` as it goes). */
  solveAll(prefixes: readonly (readonly number[])[], onProgress: (j: number, nodes: number) => void): Promise<{ result: SubproblemResult; found: Solution[] }>[] {
    const alive = this.threads.filter((t) => !t.failed);
    if (alive.length === 0) throw new Error('every search thread of this worker has failed');
    const entry = alive.reduce((a, b) => (b.waiting < a.waiting ? b : a));
    return prefixes.map((prefix, j) => new Promise((resolve, reject) => {
      const key = this.next++;
      this.pending.set(key, { thread: entry.thread, found: [], onProgress: (nodes) => onProgress(j, nodes), resolve, reject });
      entry.waiting++;
      entry.thread.post({ index: key, prefix });
    }));
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.thread.terminate()));
  }
}

interface Pending {
  readonly thread: SearchThread;
  readonly found: Solution[];
  readonly onProgress: (nodes: number) => void;
  readonly resolve: (r: { result: SubproblemResult; found: Solution[] }) => void;
  readonly reject: (e: Error) => void;
}
