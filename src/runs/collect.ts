import type { Solution } from '../puzzle/model.js';
import type { AssemblyTally } from '../disassembly/sift.js';
import { addTallies } from '../disassembly/sift.js';
import { snugVersion } from '../version.js';
import type { DoneSubproblem } from './checkpoint.js';
import { puzzleHash } from './checkpoint.js';
import type { DispatchEvents, Dispatcher } from './dispatch.js';
import type { RunJob } from './job.js';
import { storedDisassemble } from './job.js';
import type { Ledger } from './ledger.js';
import type { Plan } from './plan.js';
import { ProgressTracker } from './progress.js';
import type { RunResult } from './result.js';
import type { SubproblemResult } from './search-thread.js';

/**
 * Collecting a planned run (coordinator.ts): the plan's subproblems in scope (all, or a shard's) that the
 * ledger does not hold as done are dispatched, and what comes back is reported and added up as it comes.
 *
 * - Solutions: those of subproblems done before first (from the ledger), then as the dispatcher reports
 *   them, up to the limit; a callback that returns false stops the run.
 * - A subproblem counts once it is done whole; one cut short (the limit, a stop) is not done: a resumed
 *   run solves it again. Its work still counts in the result's nodes, unless the result counts only the
 *   ledger's work (a queue's run).
 * - Assemblies (a run that takes them apart): the tallies of the subproblems done, those the ledger held
 *   from before included, add up to the run's; like nodes, a subproblem cut short (or still running when
 *   the run stopped) adds what it reported last.
 * - Progress and the ledger's saves when due, from the dispatcher's reports and from a timer, so that
 *   they keep coming however long a subproblem runs; the time limit and the signal stop the dispatch.
 */
export interface CollectSettings {
  readonly deadline: number;
  /** The work before the plan (the trial's search and the planner's walks), counted in the result. */
  readonly before: { readonly nodes: number; readonly updates: number };
  /** True when the result counts only the work the ledger records (see DispatchChoice). */
  readonly countsLedgerWorkOnly: boolean;
  /**
   * The part of the tree a trial searched before the clock stopped it, when the plan cuts only the rest:
   * its solutions (those kept, `found`; counted, `solutions`) are reported first.
   */
  readonly earlier?: { readonly solutions: number; readonly found: readonly Solution[]; readonly disassembly?: AssemblyTally };
  /**
   * Up to symmetry with a limit: the class of a solution (PreparedSearch.classKey). The trial and each
   * subproblem take the first member they meet of each class, so a class can come twice: once is reported.
   */
  readonly classKey?: (solution: Solution) => string;
}

type Collected = Omit<RunResult, 'puzzle' | 'engine' | 'engineReason' | 'unique' | 'symmetries' | 'symmetryNote'>;

export async function collect(plan: Plan, dispatcher: Dispatcher, ledger: Ledger, job: RunJob, settings: CollectSettings): Promise<Collected> {
  const shard = job.shard;
  const scope = plan.subproblems.map((_, i) => i).filter((i) => !shard || i % shard.count === shard.index - 1);
  const collector = new Collector(plan, scope, dispatcher, ledger, job, settings, await ledger.doneBefore());
  await collector.run();
  return collector.result();
}

type StopReason = 'limit' | 'signal' | 'time' | 'callback';

class Collector implements DispatchEvents {
  private readonly done: Map<number, DoneSubproblem>;
  private readonly tracker: ProgressTracker;
  private readonly found: Solution[] = [];
  /** Solutions reported (or, counting, counted). */
  private accepted = 0;
  private stopReason: StopReason | undefined;
  private stopping: Promise<void> | undefined;
  private lastSave = 0;
  private lastProgress = Date.now();
  private readonly progressEvery: number;
  /** Whether each subproblem's solutions are kept until it is done, for the ledger to store. */
  private readonly keepForLedger: boolean;
  private readonly pending = new Map<number, Solution[]>();
  /** The classes reported (with settings.classKey). */
  private readonly classes: Set<string> | undefined;
  /** The nodes of subproblems not done (running, or cut short by a stop or the limit): counted all the same. */
  private readonly running = new Map<number, number>();
  private cutNodes = 0;
  private cutUpdates = 0;
  private cutTally: AssemblyTally | undefined;
  /** The tallies of subproblems not done, as last reported (counted like their nodes). */
  private readonly runningTally = new Map<number, AssemblyTally>();

  constructor(
    private readonly plan: Plan,
    private readonly scope: readonly number[],
    private readonly dispatcher: Dispatcher,
    private readonly ledger: Ledger,
    private readonly job: RunJob,
    private readonly settings: CollectSettings,
    private readonly doneBefore: readonly DoneSubproblem[],
  ) {
    this.done = new Map(doneBefore.map((d) => [d.index, d]));
    this.tracker = new ProgressTracker(plan, scope, [...this.done.values()], ledger.earlierMs, Date.now() - (performance.now() - job.start));
    this.progressEvery = job.progressIntervalMs ?? 500;
    this.keepForLedger = !job.countOnly && ledger.keepsSolutions;
    this.classes = settings.classKey ? new Set() : undefined;
  }

  private elapsedMs(): number {
    return this.ledger.earlierMs + performance.now() - this.job.start;
  }

  private report(s: Solution): void {
    if (this.stopReason || this.accepted >= this.job.limit) return;
    if (this.classes) {
      const key = this.settings.classKey!(s);
      if (this.classes.has(key)) return;
      this.classes.add(key);
    }
    this.accepted++;
    this.tracker.solutions = this.accepted;
    if (this.job.keep) this.found.push(s);
    if (this.job.onSolution?.(s, this.accepted - 1) === false) this.stopReason = 'callback';
    else if (this.accepted >= this.job.limit) this.stopReason = 'limit';
  }

  private addCount(n: number): void {
    this.accepted += n;
    this.tracker.solutions = this.accepted;
  }

  /** Saves the ledger (a saved run that is over just reports its result). */
  private save(last = false): void {
    this.lastSave = Date.now();
    this.ledger.save(this.plan, this.done.values(), this.elapsedMs(), last);
  }

  /** Progress and saves when due, and the time limit; called on the dispatcher's reports and from a timer. */
  private due(): void {
    if (Date.now() >= this.settings.deadline) this.stop('time');
    if (this.job.onProgress && Date.now() - this.lastProgress >= this.progressEvery) {
      this.lastProgress = Date.now();
      this.job.onProgress(this.tracker.snapshot());
    }
    if (Date.now() - this.lastSave >= this.ledger.saveEveryMs) this.save();
  }

  private stop(reason: StopReason): void {
    this.stopReason ??= reason;
    this.stopping ??= this.dispatcher.stop();
  }

  async run(): Promise<void> {
    // Solutions: the trial's part's and those of subproblems finished before first, then as they come.
    const earlier = this.settings.earlier;
    if (earlier) {
      if (this.job.countOnly) this.addCount(earlier.solutions);
      else for (const s of earlier.found) this.report(s);
    }
    for (const d of this.doneBefore) {
      if (this.job.countOnly) this.addCount(d.solutions);
      else for (const s of d.found ?? []) this.report(s);
    }
    this.save();
    const { signal } = this.job;
    const onAbort = (): void => this.stop('signal');
    signal?.addEventListener('abort', onAbort);
    if (signal?.aborted) this.stop('signal');
    if (Date.now() >= this.settings.deadline) this.stop('time');
    const timer = setInterval(() => this.due(), Math.min(this.progressEvery, this.ledger.saveEveryMs, 250));
    try {
      if (!this.stopReason) await this.dispatcher.run(this.plan, this.scope.filter((i) => !this.done.has(i)), this);
    } finally {
      clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
      await this.stopping;
    }
    this.save(true);
    this.job.onProgress?.(this.tracker.snapshot());
  }

  onSolution(index: number, solution: Solution, disassembly?: AssemblyTally): void {
    if (this.stopReason) return;
    if (disassembly) this.runningTally.set(index, disassembly);
    if (this.keepForLedger) {
      const list = this.pending.get(index);
      if (list) list.push(solution);
      else this.pending.set(index, [solution]);
    }
    this.report(solution);
    if (this.stopReason) this.stop(this.stopReason);
  }

  onProgress(index: number, nodes: number, disassembly?: AssemblyTally): void {
    this.running.set(index, nodes);
    if (disassembly) this.runningTally.set(index, disassembly);
    this.tracker.report(index, nodes);
    this.due();
  }

  onDone(r: SubproblemResult): void {
    this.running.delete(r.index);
    this.runningTally.delete(r.index);
    // a subproblem cut short (by the limit or a stop) is not done: a resumed run solves it again
    if (this.stopReason || !r.complete) {
      this.cutNodes += r.nodes;
      this.cutUpdates += r.updates;
      this.cutTally = addTallies(this.cutTally, r.disassembly);
      return;
    }
    const tally = this.job.disassemble && r.disassembly ? { disassembly: r.disassembly } : {};
    this.done.set(r.index, { index: r.index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, ...(this.keepForLedger ? { found: this.pending.get(r.index) ?? [] } : {}), ...tally });
    this.pending.delete(r.index);
    this.tracker.finish(r.index, r.nodes);
    if (this.job.countOnly) this.addCount(r.solutions);
    this.due();
  }

  /** The run's result, once it has run (the ledger told whether it is over). */
  async result(): Promise<Collected> {
    const { plan, scope, done, job } = this;
    const solved = scope.filter((i) => done.has(i)).length;
    const complete = solved === scope.length && this.stopReason === undefined;
    await this.ledger.finish(complete);
    let nodes = this.settings.before.nodes;
    let updates = this.settings.before.updates;
    if (!this.settings.countsLedgerWorkOnly) {
      nodes += this.cutNodes;
      updates += this.cutUpdates;
      for (const n of this.running.values()) nodes += n;
    }
    let tally: AssemblyTally | undefined = job.disassemble ? addTallies({ assemblies: 0, undecided: 0 }, this.settings.earlier?.disassembly) : undefined;
    if (tally && !this.settings.countsLedgerWorkOnly) {
      tally = addTallies(tally, this.cutTally);
      for (const t of this.runningTally.values()) tally = addTallies(tally, t);
    }
    for (const i of scope) {
      nodes += done.get(i)?.nodes ?? 0;
      updates += done.get(i)?.updates ?? 0;
      if (tally) tally = addTallies(tally, done.get(i)?.disassembly);
    }
    const shard = job.shard;
    return {
      solutions: this.accepted,
      complete,
      nodes,
      updates,
      elapsedMs: this.elapsedMs(),
      found: this.found,
      ...(tally ? { disassembly: tally } : {}),
      workers: this.dispatcher.workers,
      plan: { hash: plan.hash, subproblems: scope.length, done: solved },
      ...(shard
        ? { shard: { ...shard, mode: job.countOnly ? 'count' : 'all', puzzleHash: puzzleHash(job.puzzle), plan: plan.hash, version: snugVersion(), subproblems: scope.length, subproblemsInPlan: plan.subproblems.length, ...(job.disassemble ? { disassemble: storedDisassemble(job.disassemble) } : {}) } }
        : {}),
      ...this.ledger.describe(),
      ...(this.stopReason === 'signal' ? { interrupted: true } : {}),
    };
  }
}
