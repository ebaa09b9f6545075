import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { prepareSearch } from '../compile/compile.js';
import { solve } from '../search/solve.js';
import { createVerifier } from '../search/verify.js';
import { runTrial } from './dispatch-here.js';
import type { Dispatcher } from './dispatch.js';
import type { RunJob } from './job.js';
import { solveAsync } from './run.js';

/** A job for runTrial: the first `limit` solutions of `puzzle`, with a trial of `trialMs`. */
function job(puzzle: string, limit: number, trialMs: number): RunJob {
  return { puzzle: loadCatalogPuzzle(puzzle), prepare: {}, countOnly: false, limit, keep: false, trialMs, planOptions: {}, start: performance.now() };
}

/** A dispatcher that searches nothing and says it is ready on the `readyAt`-th time it is asked. */
function helpers(readyAt: number): Dispatcher & { asked: number; stopped: boolean } {
  return {
    asked: 0,
    stopped: false,
    workers: 2,
    run: async () => {},
    async stop() {
      this.stopped = true;
    },
    readyNow() {
      return ++this.asked >= readyAt;
    },
  };
}

describe('the trial, while the threads start', () => {
  it('goes on past its time until a thread is ready, then stops where the run goes on (its rest)', () => {
    // the Tetris Cube's whole tree is far more than any trial: only the threads' readiness stops this one
    const j = job('tetris-cube', Infinity, 1);
    const started = helpers(10);
    let starts = 0;
    const trial = runTrial(prepareSearch(j.puzzle), j, Infinity, () => {
      starts++;
      return started;
    });
    expect(starts).toBe(1);
    expect(trial.helpers).toBe(started);
    // asked at each of the search's periodic checks once its time was up, until the 10th said yes (some
    // 40,000 nodes: far inside the trial's longest wait even at a tenth of the speed)
    expect(started.asked).toBe(10);
    expect(trial.result.complete).toBe(false);
    expect(trial.result.rest!.length).toBeGreaterThan(0);
    expect(trial.result.nodes).toBeGreaterThan(0);
  });

  it('starts no thread when it finishes in half its time', () => {
    const j = job('soma', 1, 60_000);
    let starts = 0;
    const trial = runTrial(prepareSearch(j.puzzle), j, Infinity, () => {
      starts++;
      return helpers(1);
    });
    expect(trial.result.solutions).toBe(1);
    expect(starts).toBe(0);
    expect(trial.helpers).toBeUndefined();
  });

  it('stops at its time when the threads cannot say they are ready (no shared memory)', () => {
    const j = job('tetris-cube', Infinity, 1);
    const mute: Dispatcher = { workers: 2, run: async () => {}, stop: async () => {} };
    const trial = runTrial(prepareSearch(j.puzzle), j, Infinity, () => mute);
    expect(trial.helpers).toBe(mute);
    expect(trial.result.complete).toBe(false);
  });

  it('a first solution with the trial forced short: found, whole and verified, on real threads', async () => {
    for (const name of ['tetris-cube', 'bedlam-cube']) {
      const puzzle = loadCatalogPuzzle(name);
      const run = await solveAsync(puzzle, { limit: 1, workers: 2, trialMs: 5 });
      expect(run.solutions).toBe(1);
      expect(createVerifier(puzzle)(run.found[0]!)).toEqual([]);
      // the trial's work is part of the run's: never less than nothing, never the whole tree walked first
      expect(run.nodes).toBeGreaterThan(0);
      expect(run.nodes).toBeLessThan(3 * solve(puzzle, { limit: 1 }).nodes);
    }
  });
});
