import { workQueue } from '../platform/host.js';
import type { JobOptions, JobQueue, RedisClient, WorkQueueTransport } from '../platform/types.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import type { PrepareOptions } from '../compile/options.js';
import { InvalidOptionError, checkSolveOptions } from '../search/options.js';
import { snugVersion } from '../version.js';
import type { DoneSubproblem } from './checkpoint.js';
import type { WorkerSetup } from './search-thread.js';
import type { SolutionCheck } from './solution-check.js';
import { createSolutionCheck, tallyProblem } from './solution-check.js';
import type { AssemblyTally, DisassembleOptions } from '../disassembly/sift.js';
import { storedDisassemble } from './job.js';
import type { RunKey } from './authenticate.js';
import { checkSigned, signedProblemText } from './authenticate.js';

/**
 * Runs on many machines through a work queue on Redis (BullMQ): the coordinator (`snug solve ... --queue
 * URL`) plans the run and puts its subproblems on the queue, small ones together in jobs; workers (`snug
 * worker URL`, on any machine, any number, started before or after) take jobs as they free up and solve
 * them on their threads; the coordinator adds up what they report. This module is what the queue holds
 * and how it is read back; ledger-redis.ts, dispatch-queue.ts and queue-worker.ts use it, queue.ts is
 * the entry, and platform/redis-queue.ts carries the bytes.
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
  const url = password !== undefined ? text.replace(/^(redis:\/\/[^:@/]*:)[^@/]*@/, '$1***@') : text;
  const decoded = (what: string, part: string): string => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new InvalidOptionError(`the queue's ${what} in ${url.slice(0, 80)} is not percent-encoded properly (a % must be followed by two hexadecimal digits: write % itself as %25)`);
    }
  };
  return {
    url,
    host: host!.replace(/^\[|\]$/g, ''),
    port,
    db: db ? Number(db) : 0,
    ...(user ? { username: decoded('user name', user) } : {}),
    ...(password !== undefined ? { password: decoded('password', password) } : {}),
  };
}

/**
 * The longest a worker may go unheard before its job goes to another (a day): timers cannot wait more
 * than 2^31 - 1 ms (about 24.8 days; longer ones fire at once, again and again), and a lost job should
 * not wait longer anyway.
 */
export const MAX_WORKER_TIMEOUT_S = 24 * 3600;

/** The most times a subproblem's authenticated results are refused before the run stops (see QueueRun.take). */
export const MAX_REFUSALS = 5;

/** A connection to Redis, checked now: a QueueError in one line when Redis cannot be reached. */
export async function connect(address: QueueAddress): Promise<{ redis: RedisClient; transport: WorkQueueTransport }> {
  const transport = await workQueue();
  try {
    return { redis: await transport.connect(address), transport };
  } catch (e) {
    throw new QueueError(`cannot reach Redis at ${address.url}: ${(e as Error).message}`);
  }
}

export const queueName = (): string => `snug-${snugVersion()}`;
/** Where a coordinator announces a run it is planning (its WorkerSetup), for workers to get ready. */
export const warmChannel = (): string => `${queueName()}:runs`;
/** The search threads' setup for a run, as text: the same run, the same text (workers key their threads by it). */
export function setupText(puzzle: Puzzle, prepare: PrepareOptions, countOnly: boolean, disassemble?: DisassembleOptions): string {
  return JSON.stringify({ puzzle, prepare, countOnly, ...(disassemble ? { disassemble: storedDisassemble(disassemble) } : {}), progressMs: 1000 } satisfies WorkerSetup);
}
export const runKey = (id: string): string => `snug:run:${id}`;
/** Finished runs stay this long (a resume prints them again), then Redis forgets them. */
export const KEEP_FINISHED_S = 7 * 24 * 3600;

export const JOB_OPTIONS = { attempts: 100, backoff: { type: 'fixed', delay: 2000 }, removeOnComplete: true, removeOnFail: 1000 } as const satisfies JobOptions;

export interface RunRecord {
  readonly format: 'snug-queue-run';
  readonly version: string;
  readonly puzzle: Puzzle;
  readonly puzzleHash: string;
  readonly prepare: PrepareOptions;
  readonly countOnly: boolean;
  /** Present when the run takes its assemblies apart (the workers do, as they find them). */
  readonly disassemble?: DisassembleOptions;
  readonly planHash: string;
  readonly subproblems: readonly (readonly number[])[];
  readonly estimates: readonly number[];
  readonly estimatedNodes: number;
}

export interface DoneRecord {
  readonly run: string;
  readonly version: string;
  readonly puzzleHash: string;
  readonly planHash: string;
  readonly index: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  readonly found?: readonly Solution[];
  /** Its assemblies, when the run takes them apart. */
  readonly disassembly?: AssemblyTally;
  readonly worker: string;
}

export interface JobData {
  readonly run: string;
  readonly indices: readonly number[];
}

/**
 * The run ID's record on the queue, or undefined when there is none (or something else is stored there);
 * a QueueError when its MAC does not hold under `key` (written by someone without the key, or with another).
 */
export async function readRun(redis: RedisClient, id: string, key: RunKey): Promise<RunRecord | undefined> {
  const stored = parseJson(await redis.get(runKey(id))) as Record<string, unknown> | undefined;
  if (stored?.['format'] !== 'snug-queue-run') return undefined;
  const signed = checkSigned(stored, key);
  if (signed.status !== 'ok') throw new QueueError(`run ${id} on the queue is refused: ${signedProblemText(signed.status, key)}`);
  return signed.rest as unknown as RunRecord;
}

/** Why a run's record cannot be run as it says it takes its assemblies apart (its options, checked as options are), or undefined. */
export function recordDisassembleProblem(record: RunRecord): string | undefined {
  if (record.disassemble === undefined) return undefined;
  try {
    checkSolveOptions({ disassemble: record.disassemble });
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

/** The object a text holds, or undefined (not JSON, or not an object: read back from Redis, it is checked). */
export function parseJson(text: string | null): object | undefined {
  try {
    const value: unknown = JSON.parse(text ?? 'null');
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Why a stored result may not be counted, or undefined when it may. */
function recordProblem(r: DoneRecord | undefined, index: number, id: string, run: RunRecord, check: SolutionCheck | undefined, taken: ReadonlySet<number>): string | undefined {
  if (!r) return 'not a JSON object';
  if (r.run !== id) return `it is of another run (${String(r.run).slice(0, 20)})`;
  if (r.version !== run.version) return `it was made by snug ${String(r.version).slice(0, 20)}, the run by snug ${run.version}`;
  if (r.puzzleHash !== run.puzzleHash || r.planHash !== run.planHash) return 'it is of another puzzle or plan';
  if (r.index !== index) return 'it is filed under another subproblem';
  if (taken.has(index)) return 'that subproblem is counted already';
  for (const x of [r.solutions, r.nodes, r.updates]) if (!Number.isSafeInteger(x) || x < 0) return 'a count is not a whole number';
  if (check) {
    if (!Array.isArray(r.found) || r.found.length !== r.solutions) return 'its solutions are not listed';
    // (a record refused is refused whole: its solutions that passed are forgotten, for the subproblem's next result brings them again)
    const passed: Solution[] = [];
    const refuse = (problem: string): string => {
      for (const s of passed) check.forget(s);
      return problem;
    };
    for (const s of r.found) {
      if (typeof s !== 'object' || s === null) return refuse('a solution is not an object');
      const p = check(s);
      if (p) return refuse(p);
      passed.push(s);
    }
    const wrong = run.disassemble ? tallyProblem(r.disassembly, r.solutions, r.found.map((s) => s.level)) : r.disassembly !== undefined ? 'it tells assemblies, but the run does not take them apart' : undefined;
    return wrong === undefined ? undefined : refuse(wrong);
  }
  if (run.disassemble) return tallyProblem(r.disassembly, r.solutions);
  if (r.disassembly !== undefined) return 'it tells assemblies, but the run does not take them apart';
  return undefined;
}

/**
 * One run on the queue as its coordinator holds it (ledger-redis.ts and dispatch-queue.ts share it): the
 * connection, the run's record and ID once known, the job queue, and the subproblems taken (counted).
 */
export class QueueRun {
  /** Set when the run is found again (resume) or once planned. */
  id: string | undefined;
  record: RunRecord | undefined;
  private jobQueue: JobQueue | undefined;
  /** Subproblems whose result is counted: each once. */
  readonly taken = new Set<number>();
  private check: SolutionCheck | undefined;
  /** Authenticated results refused, by subproblem (see take). */
  private readonly refusals = new Map<number, number>();

  constructor(
    /** The key of the run's MACs (authenticate.ts): the coordinator's and its workers'. */
    readonly key: RunKey,
    readonly redis: RedisClient,
    readonly transport: WorkQueueTransport,
    readonly address: QueueAddress,
    readonly puzzle: Puzzle,
    readonly countOnly: boolean,
    /** A record refused: one line each. */
    readonly warn: (message: string) => void,
    found?: { readonly id: string; readonly record: RunRecord },
  ) {
    this.id = found?.id;
    this.record = found?.record;
  }

  /** The BullMQ queue of this snug version, opened once the run is on the queue. */
  get jobs(): JobQueue {
    return (this.jobQueue ??= this.transport.openQueue(this.address, queueName()));
  }

  /**
   * Counts a stored result (`stored`: its text, parsed) as done, or refuses it (undefined, said in one
   * line). Its MAC is checked first: a record that anyone without the key wrote is refused before
   * anything of it is believed, so it can never make a true result look wrong (a solution of another
   * subproblem in a forged record would otherwise make the true one's look given twice). A subproblem
   * whose authenticated results are refused MAX_REFUSALS times ends the run (QueueError): the workers and
   * the plan disagree, and solving it again would not end.
   */
  take(stored: object | undefined, index: number): DoneSubproblem | undefined {
    const id = this.id!;
    const signed = stored ? checkSigned(stored as Record<string, unknown>, this.key) : undefined;
    if (!signed || signed.status !== 'ok') {
      this.warn(`refused the result of subproblem ${index} of run ${id}: ${signed ? signedProblemText(signed.status, this.key) : 'not a JSON object'}`);
      return undefined;
    }
    const done = signed.rest as unknown as DoneRecord;
    // (the verifier is made once the run is known good: a run's puzzle is checked first)
    // (with disassemble, each solution's level is checked by taking it apart again)
    const disassemble = this.record!.disassemble;
    if (!this.countOnly) this.check ??= createSolutionCheck(this.puzzle, disassemble ? { disassemble } : {});
    const problem = recordProblem(done, index, id, this.record!, this.check, this.taken);
    if (problem !== undefined) {
      this.warn(`refused the result of subproblem ${index} of run ${id}: ${problem}`);
      const times = (this.refusals.get(index) ?? 0) + 1;
      this.refusals.set(index, times);
      if (times >= MAX_REFUSALS) throw new QueueError(`run ${id}: the results of subproblem ${index} were refused ${times} times (the last: ${problem}): the workers' results disagree with the run's plan (a worker with this key runs a changed snug?); the run stops`);
      return undefined;
    }
    this.taken.add(index);
    return {
      index, solutions: done.solutions, nodes: done.nodes, updates: done.updates,
      ...(this.countOnly ? {} : { found: done.found ?? [] }),
      ...(this.record!.disassemble && done.disassembly ? { disassembly: done.disassembly } : {}),
    };
  }

  /** Deletes a refused record (only if it is still the one read) and queues its subproblem again. */
  async refuse(index: number, text: string): Promise<void> {
    const id = this.id!;
    await this.redis.eval(`if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`, 1, `${runKey(id)}:done`, String(index), text);
    await this.jobs.add('subproblems', { run: id, indices: [index] } satisfies JobData, { jobId: `${id}-again-${index}-${Date.now()}`, ...JOB_OPTIONS });
  }

  async close(): Promise<void> {
    await this.jobQueue?.close();
    this.redis.disconnect();
  }
}
