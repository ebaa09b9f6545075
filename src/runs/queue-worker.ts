import { thisProcess } from '../platform/host.js';
import type { RedisClient, TakenJob, WorkQueueTransport } from '../platform/types.js';
import type { Solution } from '../puzzle/model.js';
import { snugVersion } from '../version.js';
import type { DoneRecord, JobData, RunRecord } from './queue-run.js';
import { MAX_WORKER_TIMEOUT_S, connect, parseJson, parseQueueUrl, queueName, readRun, recordDisassembleProblem, runKey, setupText, warmChannel } from './queue-run.js';
import type { RunKey } from './authenticate.js';
import { checkSigned, loadRunKey, signedJson } from './authenticate.js';
import { InvalidOptionError, maxWorkers } from '../search/options.js';
import type { SubproblemResult, WorkerSetup } from './search-thread.js';
import { ThreadPool } from './thread-pool.js';

/** Keeps a subproblem's first result (HSETNX) and, only then, appends it to the run's log. */
const KEEP_AND_LOG = `if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then redis.call('RPUSH', KEYS[2], ARGV[2]) return 1 end return 0`;

/**
 * A worker of a work queue (`snug worker URL`, or the threads a coordinator lends with --workers): takes
 * jobs from the queue (of any run of this snug version) and solves their subproblems on its threads, one
 * job per thread at a time, writing each subproblem's result before the job is acknowledged (queue-run.ts
 * says why that keeps the count exact). Runs until closed.
 */
export interface QueueWorkerOptions {
  /** Threads that solve subproblems (default: one per core). */
  readonly threads: number;
  /** A job whose worker is not heard from for this long goes to another worker (default 30 s). */
  readonly lockMs?: number;
  /** The key of the runs' MACs, the coordinators' (default: loadRunKey()'s; see authenticate.ts). */
  readonly key?: RunKey;
  /** Each job finished: the run, subproblems, solutions. */
  readonly onJob?: (run: string, subproblems: number, solutions: number) => void;
}

export interface QueueWorker {
  readonly threads: number;
  close(): Promise<void>;
}

/** Runs whose threads a worker keeps ready at once. */
const KEEP_POOLS = 3;

export async function startQueueWorker(url: string, options: QueueWorkerOptions): Promise<QueueWorker> {
  const address = parseQueueUrl(url);
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError('startQueueWorker needs its options: { threads, lockMs?, key?, onJob? }');
  if (!Number.isInteger(options.threads) || options.threads < 1 || options.threads > maxWorkers()) throw new InvalidOptionError(`threads must be a whole number from 1 to ${maxWorkers()}, not ${String(options.threads).slice(0, 40)}`);
  const lockMs = options.lockMs ?? 30_000;
  if (typeof lockMs !== 'number' || !(lockMs >= 1000 && lockMs <= MAX_WORKER_TIMEOUT_S * 1000)) {
    throw new InvalidOptionError(`lockMs must be from 1000 to ${MAX_WORKER_TIMEOUT_S * 1000} (a day), not ${String(lockMs).slice(0, 40)}`);
  }
  const key = options.key ?? loadRunKey();
  const { redis, transport } = await connect(address);
  const pools = new PoolsBySetup(options.threads);
  const records = new RunRecords(redis, transport, key);
  const stopListening = await transport.listen(redis, warmChannel(), (message) => {
    // (only a setup signed with the key is made ready: anyone else could have the threads prepare anything)
    const signed = checkSigned((parseJson(message) ?? {}) as Record<string, unknown>, key);
    if (signed.status !== 'ok' || typeof signed.rest['setup'] !== 'string') return;
    try {
      pools.poolFor(signed.rest['setup']);
    } catch {
      // (not a setup: nothing to get ready)
    }
  });
  const { pid, host } = thisProcess();
  const worker = { name: `${host}:${pid}`, redis, transport, pools, records, key, onJob: options.onJob };
  const jobs = await transport.startWorker(address, queueName(), (job) => solveJob(worker, job), {
    // (two jobs a thread: the next one waits on the thread, which never idles between jobs)
    concurrency: 2 * options.threads,
    lockDuration: lockMs,
    stalledInterval: Math.max(1000, Math.floor(lockMs / 2)),
    maxStalledCount: 1000,
  });
  return {
    threads: options.threads,
    async close() {
      await jobs.close();
      await pools.close();
      stopListening();
      redis.disconnect();
    },
  };
}

/**
 * Threads for each puzzle and options, made when a coordinator announces a run (while it plans) or at the
 * run's first job, and kept for the last few (runs that share the queue take turns); BullMQ runs at most
 * `threads` jobs at once, so the threads of all of them never search more than that together.
 */
class PoolsBySetup {
  private readonly pools = new Map<string, ThreadPool>();

  constructor(private readonly threads: number) {}

  /** The pool of a setup (as text: setupText), made if need be; the oldest idle pools beyond KEEP_POOLS are closed. */
  poolFor(setup: string): ThreadPool {
    const pools = this.pools;
    let pool = pools.get(setup);
    if (pool) pools.delete(setup);
    else pool = new ThreadPool(JSON.parse(setup) as WorkerSetup, this.threads);
    pools.set(setup, pool); // (the most recent last)
    for (const [key, old] of pools) {
      if (pools.size <= KEEP_POOLS) break;
      if (old.busy || old === pool) continue;
      pools.delete(key);
      void old.close();
    }
    return pool;
  }

  async close(): Promise<void> {
    for (const pool of this.pools.values()) await pool.close();
  }
}

/** The records of the runs a worker has jobs of, read once each (a run that cannot be read is read again next time). */
class RunRecords {
  private readonly records = new Map<string, Promise<RunRecord>>();

  constructor(private readonly redis: RedisClient, private readonly transport: WorkQueueTransport, private readonly key: RunKey) {}

  recordOf(id: string): Promise<RunRecord> {
    let entry = this.records.get(id);
    if (!entry) {
      entry = (async () => {
        let record: RunRecord | undefined;
        try {
          record = await readRun(this.redis, id, this.key);
        } catch (e) {
          throw this.transport.unrecoverable((e as Error).message);
        }
        if (!record) throw this.transport.unrecoverable(`no run ${id} on the queue`);
        if (record.version !== snugVersion()) throw this.transport.unrecoverable(`run ${id} is of snug ${record.version}, this worker of ${snugVersion()}`);
        const wrong = recordDisassembleProblem(record);
        if (wrong) throw this.transport.unrecoverable(`run ${id} cannot be run: ${wrong}`);
        return record;
      })();
      entry.catch(() => this.records.delete(id));
      this.records.set(id, entry);
    }
    return entry;
  }
}

interface WorkerState {
  /** How the results name this worker: host:pid. */
  readonly name: string;
  readonly redis: RedisClient;
  readonly transport: WorkQueueTransport;
  readonly pools: PoolsBySetup;
  readonly records: RunRecords;
  readonly key: RunKey;
  readonly onJob: QueueWorkerOptions['onJob'];
}

/** A job: its subproblems not written yet solved on one thread, each result written as it comes. */
async function solveJob(worker: WorkerState, job: TakenJob): Promise<void> {
  const { redis, transport } = worker;
  const { run: id, indices } = job.data as JobData;
  const record = await worker.records.recordOf(id);
  const pool = worker.pools.poolFor(setupText(record.puzzle, record.prepare, record.countOnly, record.disassemble));
  const doneKey = `${runKey(id)}:done`;
  const runningKey = `${runKey(id)}:running`;
  let solutions = 0;
  for (const index of indices) {
    if (!(Number.isInteger(index) && index >= 0 && index < record.subproblems.length)) throw transport.unrecoverable(`subproblem ${index} is not in run ${id}`);
  }
  // (a job handed on after a stall: what its first worker wrote stays)
  const written = indices.length > 0 ? await redis.hmget(doneKey, ...indices.map(String)) : [];
  const todo = indices.filter((_, j) => written[j] === null);
  // All of the job's subproblems go to one thread at once: it solves them one after the other while
  // the results of those done are written here.
  const solving = solveAll(pool, todo.map((index) => record.subproblems[index]!), (j, nodes) => {
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
      ...(record.countOnly ? {} : { found }),
      ...(record.disassemble && result.disassembly ? { disassembly: result.disassembly } : {}),
      worker: worker.name,
    };
    const text = signedJson(done, worker.key);
    // (kept and logged in one script: Redis runs it whole, so a shutdown between the two cannot leave a
    // result kept but never logged, which the coordinator would wait for)
    await redis.eval(KEEP_AND_LOG, 2, doneKey, `${runKey(id)}:log`, String(index), text);
    solutions += result.solutions;
    await job.updateProgress(index);
  }
  worker.onJob?.(id, indices.length, solutions);
}

/**
 * Sends a job's subproblems to the pool's thread with the least waiting, in order; each promise is a
 * subproblem's result with its solutions (`onProgress(j, nodes)` as it goes). A thread that fails rejects
 * what it holds (the job fails, and is tried again).
 */
function solveAll(pool: ThreadPool, prefixes: readonly (readonly number[])[], onProgress: (j: number, nodes: number) => void): Promise<{ result: SubproblemResult; found: Solution[] }>[] {
  const thread = pool.leastBusy();
  if (!thread) throw new Error('every search thread of this worker has failed');
  return prefixes.map((prefix, j) => new Promise((resolve, reject) => {
    const found: Solution[] = [];
    pool.send(thread, prefix, {
      onSolution: (solution) => found.push(solution),
      onProgress: (nodes) => onProgress(j, nodes),
      onDone: (result) => resolve({ result, found }),
      onFailure: reject,
    });
  }));
}
