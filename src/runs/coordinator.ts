import type { Solution } from '../puzzle/model.js';
import { checkPuzzle } from '../puzzle/validate.js';
import { disassemblyProblem } from '../disassembly/solution.js';
import { InvalidOptionError } from '../search/options.js';
import type { PreparedSearch } from '../compile/compile.js';
import { compilePuzzle } from '../compile/compile.js';
import { keysClasses, runPrepared, searchStats } from '../search/solve.js';
import { collect } from './collect.js';
import type { DispatchChoice } from './dispatch.js';
import type { Trial } from './dispatch-here.js';
import { countWhole, reportTrial, runTrial } from './dispatch-here.js';
import type { Ledger } from './ledger.js';
import type { RunJob } from './job.js';
import { planOfRest, planProblem, planSubproblemsAsync, subtreesInOrder } from './plan.js';
import type { RunResult } from './result.js';

/**
 * The coordinator of every long run: a run here (solveAsync), resumed (resumeAsync), a shard, a run on a
 * work queue (solveOnQueue, `snug resume --queue`). Its steps, the same for all:
 *
 *   check the puzzle -> open the ledger -> prepare the search -> answer on this thread when that is all
 *   there is to do (no solution can exist; an engine that counts whole; a trial that finishes) -> plan
 *   (or take the stored plan, checked against the tree) -> dispatch -> collect (collect.ts)
 *
 * What differs is chosen by the caller: the dispatcher (threads here, the queue's workers: dispatch.ts)
 * and the ledger of what is done (memory, a checkpoint file, Redis: ledger.ts). Planning, like solving,
 * stops at the time limit and on the signal; so does a trial. Bad options were refused by the caller,
 * before anything ran.
 */
export async function coordinate(job: RunJob, openLedger: () => Promise<Ledger>, choice: DispatchChoice): Promise<RunResult> {
  const checked = checkPuzzle(job.puzzle);
  // a run that cannot take its assemblies apart is refused before anything is made (a checkpoint) or solved
  const cannotPart = job.disassemble ? disassemblyProblem(checked) : undefined;
  if (cannotPart) throw new InvalidOptionError(`disassemble: ${cannotPart}`);
  if (job.disassemble && job.prepare.countOnly) throw new Error('a run that takes its assemblies apart must list them: it is never prepared to count only');
  const deadline = job.timeLimitMs !== undefined ? Date.now() + job.timeLimitMs : Infinity;
  // The ledger exists from the start, before anything is solved (or even prepared).
  const ledger = await openLedger();
  try {
    let prepared: PreparedSearch;
    const preparing = performance.now();
    try {
      prepared = compilePuzzle(checked, job.prepare);
    } catch (e) {
      ledger.discard();
      throw e;
    }
    if (ledger.storedPlan && !prepared.impossible) {
      // a plan read back must cut this very tree: every solution in exactly one subproblem
      const wrong = planProblem(prepared.engine, ledger.storedPlan.subproblems);
      if (wrong) throw ledger.misfit(wrong);
    }
    const prepareMs = performance.now() - preparing;
    // No solution can exist: the search says why, at once.
    if (prepared.impossible) return { ...runPrepared(prepared, job.disassemble ? { disassemble: job.disassemble } : {}), workers: choice.workersHere, prepareMs };
    // (one worker on a shallow tree: this thread, in slices, rather than a thread: see hereDispatch)
    const dispatch = choice.here?.(prepared) ?? choice;
    const counting = prepared.engine.countInSteps?.();
    if (counting) return { ...(await countWhole(prepared, counting, job, deadline)), workers: dispatch.workersHere, prepareMs };
    let trial: Trial | undefined;
    if (job.trialMs > 0) {
      // the threads boot while the trial searches, and it goes on until one is ready (see runTrial)
      trial = runTrial(prepared, job, deadline, dispatch.startNow);
      const { result } = trial;
      if (result.complete || result.solutions >= job.limit || Date.now() >= deadline || job.signal?.aborted) {
        // (threads stopped in the middle of booting can take tens of milliseconds to end: not waited for)
        void trial.helpers?.stop().catch(() => {});
        return { ...reportTrial(trial, job, 0), workers: dispatch.workersHere, prepareMs };
      }
    }
    return { ...(await planAndCollect(prepared, job, deadline, ledger, dispatch, trial)), prepareMs };
  } finally {
    ledger.close();
  }
}

/**
 * Progress while the run is planned (it can take seconds on a large tree): reported at once, then at the
 * job's progress interval, so that a long run says what it is doing from its first second.
 */
function planningProgress(job: RunJob, earlierMs: number, trial: Trial | undefined): (share: number, nodes: number) => void {
  const every = job.progressIntervalMs ?? 500;
  let last = -Infinity;
  return (share, nodes) => {
    const now = performance.now();
    if (share > 0 && now - last < every) return;
    last = now;
    const elapsedMs = earlierMs + now - job.start;
    const walked = nodes + (trial?.result.nodes ?? 0);
    job.onProgress!({
      fraction: 0,
      planned: share,
      solutions: trial?.result.solutions ?? 0,
      nodes: walked,
      nodesPerSecond: now > job.start ? (walked * 1000) / (now - job.start) : 0,
      elapsedMs,
      subproblemsDone: 0,
      subproblems: 0,
    });
  };
}

/** The run cut into subproblems: the dispatch starts (its threads get ready) while this thread plans. */
async function planAndCollect(prepared: PreparedSearch, job: RunJob, deadline: number, ledger: Ledger, dispatch: DispatchChoice, trial: Trial | undefined): Promise<RunResult> {
  const dispatcher = trial?.helpers ?? (await dispatch.start());
  // (the threads the trial left unstarted boot while this thread plans)
  dispatcher.startAll?.();
  const phaseDeadline = (): number => (dispatch.timeLimitPerPhase && job.timeLimitMs !== undefined ? Date.now() + job.timeLimitMs : deadline);
  // A trial the clock stopped, on an engine that says where: its part stands (its solutions are reported
  // first), and only the rest is planned and solved. Otherwise the whole tree is, from the start.
  const rest = trial?.result.rest;
  try {
    let plan = ledger.storedPlan;
    let planningNodes = 0;
    // a run that wants a few solutions goes on with the rest as it stands (see planOfRest), or with no
    // trial, with the first subtrees of the tree in the search's order: cutting it evenly first costs
    // seconds a first solution need not wait for
    if (!plan && Number.isFinite(job.limit)) {
      if (rest) plan = planOfRest(rest);
      else if (!trial) plan = planOfRest(subtreesInOrder(prepared.engine, 4 * Math.max(1, dispatcher.workers)));
    }
    if (!plan) {
      const planningStart = performance.now();
      const planned = await planSubproblemsAsync(prepared.engine, prepared.depth ?? -1, job.planOptions, {
        ...(job.signal ? { signal: job.signal } : {}),
        deadline: phaseDeadline(),
        ...(job.onProgress ? { onPlanned: planningProgress(job, ledger.earlierMs, trial) } : {}),
      }, rest);
      plan = planned.plan;
      planningNodes = planned.nodes;
      if (plan && job.onPlanned) {
        // the speed of the trial's search when there was one (the planner's walks, which look ahead, go
        // slower than the search: on the one-sided 9x10, 0.2 M nodes/s against 10 M)
        const trialRate = trial && trial.result.nodes > 0 ? (trial.result.nodes * 1000) / Math.max(1, trial.result.elapsedMs) : 0;
        const nodesPerSecond = trialRate > 0 ? trialRate : (planned.nodes * 1000) / Math.max(1, performance.now() - planningStart);
        const workers = Math.max(1, dispatcher.workers);
        job.onPlanned({ estimatedNodes: plan.estimatedNodes, subproblems: plan.subproblems.length, nodesPerSecond, workers, estimatedMs: (plan.estimatedNodes * 1000) / Math.max(1e-9, nodesPerSecond * workers) });
      }
    }
    if (!plan) {
      // stopped while planning (by the time limit or the signal): what the trial found, if it ran
      const elapsedMs = ledger.earlierMs + performance.now() - job.start;
      ledger.save(null, [], elapsedMs, true);
      if (trial) return { ...searchStats(prepared), ...reportTrial(trial, job, planningNodes), workers: dispatcher.workers };
      const interrupted = job.signal?.aborted ? { interrupted: true } : {};
      const none = job.disassemble ? { disassembly: { assemblies: 0, undecided: 0 } } : {};
      return { ...searchStats(prepared), solutions: 0, complete: false, nodes: planningNodes, updates: 0, elapsedMs, found: [], workers: dispatcher.workers, ...none, ...interrupted };
    }
    await ledger.recordPlan(plan);
    // the work before the plan (the trial's search and the planner's walks), where the result counts it
    const before = dispatch.countsLedgerWorkOnly ? { nodes: 0, updates: 0 } : { nodes: planningNodes + (trial?.result.nodes ?? 0), updates: trial?.result.updates ?? 0 };
    const earlier = rest && trial ? { earlier: { solutions: trial.result.solutions, found: trial.held, ...(trial.result.disassembly ? { disassembly: trial.result.disassembly } : {}) } } : {};
    // (up to symmetry with a limit, the trial and the subproblems take the first member of each class they meet)
    const classKey = Number.isFinite(job.limit) && keysClasses(prepared) ? { classKey: (s: Solution) => prepared.classKey!(s) } : {};
    return { ...searchStats(prepared, 'classKey' in classKey), ...(await collect(plan, dispatcher, ledger, job, { deadline: phaseDeadline(), before, countsLedgerWorkOnly: dispatch.countsLedgerWorkOnly, ...earlier, ...classKey })) };
  } finally {
    await dispatcher.stop();
  }
}
