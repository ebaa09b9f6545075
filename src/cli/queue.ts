import type { QueueWorker } from '../runs/queue.js';
import { queueRuns, startQueueWorker, parseQueueUrl } from '../runs/queue.js';
import { cores } from '../platform/host.js';
import { EXIT, UsageError, writeError } from './errors.js';
import type { ResumeFlags } from './solve.js';
import { queueRun, runKeyOf } from './solve.js';

/**
 * `snug worker URL`: takes work from the queue at URL until Ctrl-C (or SIGTERM), on every core by
 * default. Several runs, and several machines, can share one queue.
 */
export async function workerCommand(url: string, flags: { workers?: number; timeout?: number; quiet?: boolean; keyFile?: string }): Promise<number> {
  const shown = parseQueueUrl(url).url;
  const key = runKeyOf(flags);
  const threads = flags.workers ?? cores();
  const say = (text: string): void => {
    if (!flags.quiet) writeError(`snug worker: ${text}\n`);
  };
  let jobs = 0;
  let subproblems = 0;
  const worker: QueueWorker = await startQueueWorker(url, {
    threads,
    key,
    ...(flags.timeout !== undefined ? { lockMs: flags.timeout * 1000 } : {}),
    onJob: (_, n) => {
      jobs++;
      subproblems += n;
    },
  });
  say(`taking work from ${shown} on ${threads} thread${threads === 1 ? '' : 's'} (Ctrl-C to stop)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  // (a job taken and not finished goes back to the queue when its lock expires)
  await worker.close();
  say(`stopped after ${jobs} job${jobs === 1 ? '' : 's'} (${subproblems} subproblem${subproblems === 1 ? '' : 's'})`);
  return EXIT.ran;
}

/** `snug resume --queue URL [RUN]`: goes on with a run on the queue (the only one there, or RUN). */
export async function resumeQueueCommand(url: string, id: string | undefined, flags: ResumeFlags): Promise<number> {
  const shown = parseQueueUrl(url).url;
  let run = id;
  if (run === undefined) {
    const runs = await queueRuns(url, runKeyOf(flags));
    const open = runs.filter((r) => r.done < r.subproblems);
    const pick = open.length === 1 ? open : runs.length === 1 ? runs : [];
    if (pick.length !== 1) {
      const list = runs.map((r) => `${r.id} (${r.puzzle}: ${r.done} of ${r.subproblems} subproblems done)`).join('; ');
      throw new UsageError(runs.length === 0 ? `no run on the queue at ${shown}` : `the queue at ${shown} holds ${runs.length} runs: name one: ${list}`);
    }
    run = pick[0]!.id;
  }
  if (!/^[0-9a-f]{1,64}$/.test(run)) throw new UsageError(`a run on a queue is named by its ID (hexadecimal digits), not '${run.slice(0, 40)}'`);
  return queueRun(url, run, flags);
}
