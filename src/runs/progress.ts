/**
 * How far a planned run has got. Each subproblem weighs its estimated nodes (plan.ts); a finished one
 * weighs what it really took, and the ratio of real to estimated nodes over the finished ones (drawn,
 * while they are few, towards the ratio of the whole tree's estimate to the sum of the subproblems':
 * PRIOR_SHARE) corrects the estimates of the rest (random walks misjudge heavy trees, and the correction
 * learns by how much).
 * A running subproblem counts the nodes it has reported, up to its corrected estimate; past it, it is
 * taken to be a quarter from its end, so that neither the fraction nor the ETA stalls near the end. The
 * fraction shown never goes back (a correction that would lower it holds it instead).
 * Subproblems finished by an earlier run (a resumed checkpoint) count as done but not towards the rate.
 */
export interface Progress {
  /** Fraction of the work done, 0..1. */
  readonly fraction: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly nodesPerSecond: number;
  readonly elapsedMs: number;
  /** Milliseconds left, once there is a rate to go by. */
  readonly etaMs?: number;
  readonly subproblemsDone: number;
  readonly subproblems: number;
  /**
   * While the run is being cut into subproblems, before any is searched: how far planning has got (0..1,
   * an estimate); `fraction` is 0 then. Absent once the search runs.
   */
  readonly planned?: number;
}

/**
 * The share of the estimated work that counts as done at the prior ratio before any subproblem finishes:
 * the correction learns from the finished ones only as their estimates outweigh it. Without it, the
 * one-sided pentominoes' 9x10 run (20,018 subproblems) showed 16% done after 3 s: its first finished
 * subproblem had taken a hundred-thousandth of its estimate, and the fraction shown never goes back.
 * The prior ratio is the whole tree's estimate (a thousand walks from the root) over the sum of the
 * subproblems' (a few walks each, whose sum falls short on heavy-tailed trees: on the one-sided 5x18,
 * 4.3e8 against 1.37e9 real nodes, where the root's walks say 8.7e8); 1 when there is none (a plan read
 * from a checkpoint).
 */
const PRIOR_SHARE = 0.02;

export class ProgressTracker {
  private readonly running = new Map<number, number>();
  private readonly done = new Set<number>();
  private doneNodes = 0;
  private doneEstimate = 0;
  /** Estimated nodes of the subproblems not finished, and of all of them. */
  private leftEstimate: number;
  private readonly totalEstimate: number;
  /** Nodes finished before this run started (earlier runs), left out of the rate. */
  private readonly earlierNodes: number;
  private readonly history: { at: number; nodes: number }[] = [];
  /** The fraction last reported: a corrected estimate may shrink, what is shown never does. */
  private shown = 0;
  solutions = 0;

  private readonly estimates: readonly number[];
  private readonly priorRatio: number;

  constructor(
    /** The plan's estimates: of every subproblem, and of the whole tree (NaN when unknown). */
    plan: { readonly estimates: readonly number[]; readonly estimatedNodes: number },
    /** The subproblems of this run (all of them, or a shard's). */
    private readonly scope: readonly number[],
    earlier: readonly { index: number; nodes: number }[] = [],
    private readonly earlierMs = 0,
    /** When this run started (Date.now()). */
    private readonly start = Date.now(),
    /** The clock (Date.now; a test's own). */
    private readonly clock: () => number = Date.now,
  ) {
    const estimates = (this.estimates = plan.estimates);
    const sum = estimates.reduce((s, e) => s + e, 0);
    this.priorRatio = Number.isFinite(plan.estimatedNodes) && plan.estimatedNodes > 0 && sum > 0 ? Math.min(Math.max(plan.estimatedNodes / sum, 1e-3), 1e3) : 1;
    this.leftEstimate = scope.reduce((s, i) => s + estimates[i]!, 0);
    this.totalEstimate = this.leftEstimate;
    for (const e of earlier) this.finish(e.index, e.nodes);
    this.earlierNodes = this.doneNodes;
  }

  report(index: number, nodes: number): void {
    if (!this.done.has(index)) this.running.set(index, nodes);
  }

  finish(index: number, nodes: number): void {
    if (this.done.has(index)) return;
    this.done.add(index);
    this.running.delete(index);
    this.doneNodes += nodes;
    this.doneEstimate += this.estimates[index]!;
    this.leftEstimate -= this.estimates[index]!;
  }

  snapshot(): Progress {
    const now = this.clock();
    // real nodes per estimated node over the finished subproblems, starting from the prior ratio as if
    // PRIOR_SHARE of the work were done at it: a few small subproblems finished first do not speak for the rest
    const prior = PRIOR_SHARE * this.totalEstimate;
    const ratio = Math.max((this.doneNodes + prior * this.priorRatio) / (this.doneEstimate + prior || 1), 1e-3);
    let runningNodes = 0;
    let left = this.leftEstimate * ratio;
    for (const [index, nodes] of this.running) {
      const expected = this.estimates[index]! * ratio;
      runningNodes += nodes;
      left += (nodes < expected ? expected - nodes : nodes / 3) - expected;
    }
    left = Math.max(0, left);
    const nodes = this.doneNodes + runningNodes;
    const finished = this.done.size === this.scope.length;
    const fraction = (this.shown = Math.max(this.shown, finished ? 1 : Math.min(nodes / (nodes + left || 1), 0.999)));
    // the rate over the last five seconds or so (this run's nodes only)
    const mine = nodes - this.earlierNodes;
    this.history.push({ at: now, nodes: mine });
    while (this.history.length > 2 && now - this.history[1]!.at > 5000) this.history.shift();
    const first = this.history[0]!;
    const recent = now > first.at ? ((mine - first.nodes) * 1000) / (now - first.at) : 0;
    const average = now > this.start ? (mine * 1000) / (now - this.start) : 0;
    const nodesPerSecond = recent > 0 ? recent : average;
    return {
      fraction,
      solutions: this.solutions,
      nodes,
      nodesPerSecond,
      elapsedMs: this.earlierMs + now - this.start,
      // the ETA goes by the work done in the time this run has taken (its average), not by the last
      // seconds' speed: a machine loaded for a minute does not swing it from 5 to 18 minutes and back
      ...(finished ? { etaMs: 0 } : average > 0 ? { etaMs: (left * 1000) / average } : {}),
      subproblemsDone: this.done.size,
      subproblems: this.scope.length,
    };
  }
}
