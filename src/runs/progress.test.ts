import { describe, expect, it } from 'vitest';
import { ProgressTracker } from './progress.js';

describe('the progress of a planned run', () => {
  // 20,000 subproblems estimated at a million nodes each
  const estimates = Array.from({ length: 20_000 }, () => 1e6);
  const scope = estimates.map((_, i) => i);

  it('is not thrown far ahead by a first finished subproblem far smaller than its estimate', () => {
    const tracker = new ProgressTracker({ estimates, estimatedNodes: NaN }, scope, [], 0, Date.now());
    tracker.finish(0, 10);
    tracker.report(1, 3.5e6);
    // 3.5 million of some 2e10 nodes: before, the ratio 1e-5 (kept at 1e-3) made this 15%
    expect(tracker.snapshot().fraction).toBeLessThan(0.01);
  });

  it('still learns from many finished subproblems by how much the estimates were off', () => {
    const tracker = new ProgressTracker({ estimates, estimatedNodes: NaN }, scope, [], 0, Date.now());
    // a quarter of them done, each twice its estimate: the rest are taken to be twice theirs too
    for (let i = 0; i < 5_000; i++) tracker.finish(i, 2e6);
    const { fraction } = tracker.snapshot();
    // exact: 1e10 / (1e10 + 3e10) = 0.25; the prior of 1 weighs 2% of the work
    expect(fraction).toBeGreaterThan(0.24);
    expect(fraction).toBeLessThan(0.27);
  });

  it("starts from the whole tree's estimate where the subproblems' add up to less", () => {
    // the root's walks say 8e10 nodes, the subproblems' 2e10: 4,000 running, half a million nodes each
    // (2e9 in all), is 2.5% of the one (8e10 nodes in all) and 10% of the other (2e10)
    const root = new ProgressTracker({ estimates, estimatedNodes: 8e10 }, scope, [], 0, Date.now());
    const sum = new ProgressTracker({ estimates, estimatedNodes: NaN }, scope, [], 0, Date.now());
    for (const tracker of [root, sum]) for (let i = 0; i < 4000; i++) tracker.report(i, 5e5);
    expect(root.snapshot().fraction).toBeCloseTo(0.025, 3);
    expect(sum.snapshot().fraction).toBeCloseTo(0.1, 3);
    // and finished subproblems still correct it: a quarter done, each at its estimate
    for (let i = 0; i < 5_000; i++) root.finish(i, 1e6);
    expect(root.snapshot().fraction).toBeGreaterThan(0.2);
  });
});

describe('the ETA of a planned run', () => {
  it('goes by the work done over the whole run: a slow minute (a loaded machine) hardly moves it', () => {
    // ten subproblems of 1e8 nodes each, the estimates right; a million nodes a second for five minutes,
    // then ten times slower for one
    let now = 1_000_000;
    const tracker = new ProgressTracker({ estimates: Array(10).fill(1e8), estimatedNodes: 1e9 }, [...Array(10).keys()], [], 0, now, () => now);
    let nodes = 0;
    const advance = (seconds: number, perSecond: number): void => {
      for (let t = 0; t < seconds; t++) {
        now += 1000;
        nodes += perSecond;
        const index = Math.min(9, Math.floor(nodes / 1e8));
        for (let i = 0; i < index; i++) tracker.finish(i, 1e8);
        tracker.report(index, nodes - index * 1e8);
        tracker.snapshot();
      }
    };
    advance(300, 1e6);
    const before = tracker.snapshot().etaMs!;
    expect(before).toBeCloseTo(700_000, -4);
    advance(60, 1e5);
    const slow = tracker.snapshot();
    // (the current speed shows the slowdown)
    expect(slow.nodesPerSecond).toBeCloseTo(1e5, -3);
    // the work left over the run's average speed: 17% more, where the last seconds' speed would say ten times
    expect(slow.etaMs! / before).toBeLessThan(1.3);
    expect(slow.etaMs!).toBeLessThan(((1e9 - slow.nodes) * 1000) / slow.nodesPerSecond / 5);
  });
});
