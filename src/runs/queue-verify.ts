import type { Solution } from '../puzzle/model.js';
import type { RunKey } from './authenticate.js';
import { checkSigned } from './authenticate.js';
import type { DoneRecord, QueueRun } from './queue-run.js';
import { QueueError, parseJson, runKey, setupText } from './queue-run.js';
import { solutionKey } from './solution-check.js';
import { ThreadPool } from './thread-pool.js';

/**
 * `--verify K`: once a run on a queue is complete, K of its subproblems, drawn at random (or all of
 * them), are solved again here, on this process's threads, and each must give what the queue's result
 * said: the same number of solutions, and with --all the same solutions. As volunteer-computing projects
 * check their volunteers: a worker that holds the key but reports wrong results (a changed snug, a bad
 * machine) is caught with a probability that grows with K, and the run is refused (QueueError) rather
 * than printed wrong. The draw uses Math.random, not a seed: a worker cannot know which results will be
 * checked.
 */
export type VerifyCount = number | 'all';

export async function verifyQueueRun(run: QueueRun, verify: VerifyCount, threads: number, key: RunKey): Promise<number> {
  const record = run.record!;
  const id = run.id!;
  const n = record.subproblems.length;
  const indices = pick(n, verify === 'all' ? n : Math.min(n, verify));
  if (indices.length === 0) return 0;
  const texts = await run.redis.hmget(`${runKey(id)}:done`, ...indices.map(String));
  const stored = new Map<number, DoneRecord>();
  indices.forEach((index, j) => {
    const parsed = parseJson(texts[j] ?? null) as Record<string, unknown> | undefined;
    const signed = parsed ? checkSigned(parsed, key) : undefined;
    if (!signed || signed.status !== 'ok') throw new QueueError(`run ${id}: the result of subproblem ${index} is no longer on the queue (or not ours): it cannot be verified`);
    stored.set(index, signed.rest as unknown as DoneRecord);
  });
  const pool = new ThreadPool(JSON.parse(setupText(run.puzzle, record.prepare, run.countOnly, record.disassemble)), Math.max(1, Math.min(threads, indices.length)));
  try {
    const again = await Promise.all(indices.map((index) => solveHere(pool, record.subproblems[index]!)));
    indices.forEach((index, j) => {
      const was = stored.get(index)!;
      const now = again[j]!;
      const who = `worker ${String(was.worker).slice(0, 80)}`;
      if (now.solutions !== was.solutions) {
        throw new QueueError(`run ${id} refused: --verify solved subproblem ${index} again and found ${now.solutions} solutions, but the result of ${who} says ${was.solutions}`);
      }
      if (!run.countOnly) {
        const mine = new Set(now.found.map(solutionKey));
        const theirs = (was.found ?? []).map(solutionKey);
        if (theirs.length !== mine.size || !theirs.every((k) => mine.has(k))) {
          throw new QueueError(`run ${id} refused: --verify solved subproblem ${index} again and found other solutions than the result of ${who}`);
        }
      }
    });
  } finally {
    await pool.close();
  }
  return indices.length;
}

/** `k` different whole numbers below `n`, drawn at random, in order. */
function pick(n: number, k: number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(Math.random() * (n - i));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, k).sort((a, b) => a - b);
}

function solveHere(pool: ThreadPool, prefix: readonly number[]): Promise<{ solutions: number; found: Solution[] }> {
  const thread = pool.leastBusy();
  if (!thread) return Promise.reject(new Error('every search thread has failed'));
  return new Promise((resolve, reject) => {
    const found: Solution[] = [];
    pool.send(thread, prefix, {
      onSolution: (solution) => found.push(solution),
      onProgress: () => {},
      onDone: (result) => (result.complete ? resolve({ solutions: result.solutions, found }) : reject(new Error('a subproblem solved again was cut short'))),
      onFailure: reject,
    });
  });
}
