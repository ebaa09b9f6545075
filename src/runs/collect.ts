import type { Solution } from '../puzzle/model.js';
import { snugVersion } from '../version.js';
import type { DoneSubproblem } from './checkpoint.js';
import { puzzleHash } from './checkpoint.js';
import type { RunJob } from './job.js';
import type { Dispatcher } from './dispatch.js';
import type { Ledger } from './ledger.js';
import type { Plan } from './plan.js';
import { ProgressTracker } from './progress.js';
import type { RunResult } from './result.js';

/**
 * Collecting a planned run (coordinator.ts): the plan's subproblems in scope (all, or a shard's) that the
 * ledger does not hold as done are dispatched, and what comes back is reported and added up as it comes.
 *
 * - Solutions: those of subproblems done before first (from the ledger), then as the dispatcher reports
 *   them, up to the limit; a callback that returns false stops the run.
 * - A subproblem counts once it is done whole; one cut short (the limit, a stop) is not done: a resumed
 *   run solves it again. Its work still counts in the result's nodes, unless the result counts only the
 *   ledger's work (a queue's run).
 * - Progress and the ledger's saves when due, from the dispatcher's reports and from a timer, so that
 *   they keep coming however long a subproblem runs; the time limit and the signal stop the dispatch.
 */
export interface CollectSettings {
  readonly deadline: number;
  /** The work before the plan (the trial's search and the planner's walks), counted in the result. */
  readonly before: { readonly nodes: number; readonly updates: number };
  /** True when the result counts only the work the ledger records (see DispatchChoice). */
  readonly countsLedgerWorkOnly: boolean;
}

type StopReason = 'limit' | 'signal' | 'time' | 'callback';

export async function collect(plan: Plan, dispatcher: Dispatcher, ledger: Ledger, job: RunJob, settings: CollectSettings): Promise<Omit<RunResult, 'puzzle' | 'engine' | 'engineReason' | 'unique' | 'symmetries' | 'symmetryNote'>> {
  const { countOnly, limit, keep, shard, start } = job;
  const { deadline, before } = settings;
  const scope = plan.subproblems.map((_, i) => i).filter((i) => !shard || i % shard.count === shard.index - 1);
  const doneBefore = await ledger.doneBefore();
  const done = new Map<number, DoneSubproblem>(doneBefore.map((d) => [d.index, d]));
  const earlierMs = ledger.earlierMs;
  const elapsedMs = (): number => earlierMs + performance.now() - start;
  const tracker = new ProgressTracker(plan, scope, [...done.values()], earlierMs, Date.now() - (performance.now() - start));

  // Solutions: those of subproblems finished before first, then as they come.
  const found: Solution[] = [];
  let accepted = 0;
  let stopReason: StopReason | undefined;
  const report = (s: Solution): void => {
    if (stopReason || accepted >= limit) return;
    accepted++;
    tracker.solutions = accepted;
    if (keep) found.push(s);
    if (job.onSolution?.(s, accepted - 1) === false) stopReason = 'callback';
    else if (accepted >= limit) stopReason = 'limit';
  };
  const addCount = (n: number): void => {
    accepted += n;
    tracker.solutions = accepted;
  };
  for (const d of doneBefore) {
    if (countOnly) addCount(d.solutions);
    else for (const s of d.found ?? []) report(s);
  }

  // The ledger's saves, every `saveEveryMs` and at the end (a saved run that is over just reports its result).
  const saveEvery = ledger.saveEveryMs;
  let lastSave = 0;
  const save = (last = false): void => {
    lastSave = Date.now();
    ledger.save(plan, done.values(), elapsedMs(), last);
  };
  const progressEvery = job.progressIntervalMs ?? 500;
  let lastProgress = Date.now();
  /** Progress and saves when due; called on the dispatcher's reports and from a timer. */
  const due = (): void => {
    if (Date.now() >= deadline) stop('time');
    if (job.onProgress && Date.now() - lastProgress >= progressEvery) {
      lastProgress = Date.now();
      job.onProgress(tracker.snapshot());
    }
    if (Date.now() - lastSave >= saveEvery) save();
  };
  save();

  let stopping: Promise<void> | undefined;
  const stop = (reason: StopReason): void => {
    stopReason ??= reason;
    stopping ??= dispatcher.stop();
  };
  const onAbort = (): void => stop('signal');
  job.signal?.addEventListener('abort', onAbort);
  if (job.signal?.aborted) stop('signal');
  if (Date.now() >= deadline) stop('time');
  const timer = setInterval(due, Math.min(progressEvery, saveEvery, 250));
  // the solutions of each subproblem, kept until it is done, when the ledger stores them
  const keepForLedger = !countOnly && ledger.keepsSolutions;
  const pending = new Map<number, Solution[]>();
  // the work of subproblems not done (running, or cut short by a stop or the limit): counted all the same
  const running = new Map<number, number>();
  let cutNodes = 0;
  let cutUpdates = 0;
  try {
    if (!stopReason) {
      await dispatcher.run(plan, scope.filter((i) => !done.has(i)), {
        onSolution(index, solution) {
          if (stopReason) return;
          if (keepForLedger) {
            const list = pending.get(index);
            if (list) list.push(solution);
            else pending.set(index, [solution]);
          }
          report(solution);
          if (stopReason) stop(stopReason);
        },
        onProgress(index, nodes) {
          running.set(index, nodes);
          tracker.report(index, nodes);
          due();
        },
        onDone(r) {
          running.delete(r.index);
          // a subproblem cut short (by the limit or a stop) is not done: a resumed run solves it again
          if (stopReason || !r.complete) {
            cutNodes += r.nodes;
            cutUpdates += r.updates;
            return;
          }
          done.set(r.index, { index: r.index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, ...(keepForLedger ? { found: pending.get(r.index) ?? [] } : {}) });
          pending.delete(r.index);
          tracker.finish(r.index, r.nodes);
          if (countOnly) addCount(r.solutions);
          due();
        },
      });
    }
  } finally {
    clearInterval(timer);
    job.signal?.removeEventListener('abort', onAbort);
    await stopping;
  }
  save(true);
  job.onProgress?.(tracker.snapshot());
  const solved = scope.filter((i) => done.has(i)).length;
  const complete = solved === scope.length && stopReason === undefined;
  await ledger.finish(complete);
  let nodes = before.nodes;
  let updates = before.updates;
  if (!settings.countsLedgerWorkOnly) {
    nodes += cutNodes;
    updates += cutUpdates;
    for (const n of running.values()) nodes += n;
  }
  for (const i of scope) {
    nodes += done.get(i)?.nodes ?? 0;
    updates += done.get(i)?.updates ?? 0;
  }
  return {
    solutions: accepted,
    complete,
    nodes,
    updates,
    elapsedMs: elapsedMs(),
    found,
    workers: dispatcher.workers,
    plan: { hash: plan.hash, subproblems: scope.length, done: solved },
    ...(shard
      ? { shard: { ...shard, mode: countOnly ? 'count' : 'all', puzzleHash: puzzleHash(job.puzzle), plan: plan.hash, version: snugVersion(), subproblems: scope.length, subproblemsInPlan: plan.subproblems.length } }
      : {}),
    ...ledger.describe(),
    ...(stopReason === 'signal' ? { interrupted: true } : {}),
  };
}
