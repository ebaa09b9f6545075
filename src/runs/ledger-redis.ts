import { sha256Hex } from '../platform/host.js';
import type { PrepareOptions } from '../compile/options.js';
import type { DisassembleOptions } from '../disassembly/sift.js';
import { storedDisassemble } from './job.js';
import { snugVersion } from '../version.js';
import type { DoneSubproblem } from './checkpoint.js';
import { puzzleHash } from './checkpoint.js';
import type { Ledger } from './ledger.js';
import type { Plan } from './plan.js';
import type { QueueRun } from './queue-run.js';
import { KEEP_FINISHED_S, QueueError, parseJson, readRun, runKey } from './queue-run.js';
import { signedJson } from './authenticate.js';

/**
 * The ledger of a run on a work queue: its record in Redis (queue-run.ts says what is where). The workers
 * write the results themselves; this side names the run by its plan (the same command finds its run
 * again), reads back what is done, checked, and lets Redis forget the run a week after it is over.
 */
export function redisLedger(run: QueueRun, prepare: PrepareOptions, disassemble?: DisassembleOptions): Ledger {
  const record = run.record;
  return {
    storedPlan: record ? { hash: record.planHash, subproblems: record.subproblems, estimates: record.estimates, estimatedNodes: record.estimatedNodes, estimatedSolutions: NaN } : undefined,
    earlierMs: 0,
    keepsSolutions: false,
    saveEveryMs: Infinity,
    misfit: (wrong) => new QueueError(`run ${run.id} on the queue does not fit its puzzle: ${wrong}`),
    discard: () => {},
    recordPlan: (plan) => recordPlan(run, prepare, plan, disassemble),
    doneBefore: () => doneBefore(run),
    save: () => {},
    finish: async (complete) => {
      if (!complete) return;
      const key = runKey(run.id!);
      await run.redis.expire(key, KEEP_FINISHED_S);
      await run.redis.expire(`${key}:done`, KEEP_FINISHED_S);
      await run.redis.del(`${key}:log`, `${key}:running`);
    },
    describe: () => ({ queue: { url: run.address.url, run: run.id! } }),
    close: () => {},
  };
}

/** A new run's record, under the ID its contents hash to (the same command made the same run before: its record stays, with what is done). */
async function recordPlan(run: QueueRun, prepare: PrepareOptions, plan: Plan, disassemble: DisassembleOptions | undefined): Promise<void> {
  if (run.record) return;
  const fields = {
    format: 'snug-queue-run' as const,
    version: snugVersion(),
    puzzle: run.puzzle,
    puzzleHash: puzzleHash(run.puzzle),
    prepare,
    countOnly: run.countOnly,
    // (a run that takes its assemblies apart is another run, with an ID of its own)
    ...(disassemble ? { disassemble: storedDisassemble(disassemble) } : {}),
    planHash: plan.hash,
  };
  run.id = sha256Hex(JSON.stringify(fields)).slice(0, 16);
  run.record = { ...fields, subproblems: plan.subproblems, estimates: plan.estimates, estimatedNodes: plan.estimatedNodes };
  await run.redis.set(runKey(run.id), signedJson(run.record, run.key), 'NX');
  // (a record already there under this ID must be ours: one signed with another key is refused in one line)
  await readRun(run.redis, run.id, run.key);
}

/** What is done already, in the order stored; a record that fails its checks is deleted and its subproblem queued again. */
async function doneBefore(run: QueueRun): Promise<DoneSubproblem[]> {
  const done: DoneSubproblem[] = [];
  const already = await run.redis.hgetall(`${runKey(run.id!)}:done`);
  for (const [field, text] of Object.entries(already)) {
    const index = Number(field);
    const taken = run.take(parseJson(text), index);
    if (taken) done.push(taken);
    else await run.refuse(index, text);
  }
  return done;
}
