import { describe, expect, it } from 'vitest';
import type { Progress } from '../runs/progress.js';
import { barFields, SETTLE_FRACTION, SETTLE_WINDOW_MS, SettledEta } from './progress-fields.js';

/** A progress event at `elapsedMs`, `fraction` done, predicting the whole run to take `totalMs`. */
function event(elapsedMs: number, fraction: number, totalMs: number | undefined): Progress {
  return {
    fraction,
    solutions: 0,
    nodes: 0,
    nodesPerSecond: 1e6,
    elapsedMs,
    ...(totalMs !== undefined ? { etaMs: totalMs - elapsedMs } : {}),
    subproblemsDone: 0,
    subproblems: 100,
  };
}

/** Feeds events every `step` ms and returns, for each, the ETA shown (undefined while "ETA …"). */
function shown(events: readonly Progress[]): (number | undefined)[] {
  const eta = new SettledEta();
  return events.map((e) => eta.update(e));
}

describe('SettledEta', () => {
  it('hides a wild first ETA (hours for a run of minutes) until it holds steady', () => {
    // A two-minute run, reported every 250 ms. For its first 4 s the predicted total swings between
    // 3.2 hours and 40 s (estimates not yet corrected); then it says 120 s, give or take 5%.
    const events: Progress[] = [];
    for (let t = 250; t < 120_000; t += 250) {
      const early = t < 4000;
      const total = early ? (t % 500 === 0 ? 3.2 * 3_600_000 : 40_000) : 120_000 * (1 + 0.05 * Math.sin(t));
      events.push(event(t, t / 120_000, total));
    }
    const etas = shown(events);
    const first = etas.findIndex((e) => e !== undefined);
    // Not before the swings are a whole window behind, and then at once.
    expect(events[first]!.elapsedMs).toBeGreaterThanOrEqual(4000 + SETTLE_WINDOW_MS - 250);
    expect(events[first]!.elapsedMs).toBeLessThanOrEqual(4000 + SETTLE_WINDOW_MS + 250);
    expect(etas[first]).toBe(events[first]!.etaMs);
    // Never a three-hour ETA.
    for (const e of etas) if (e !== undefined) expect(e).toBeLessThan(130_000);
    // Once shown, it stays shown.
    expect(etas.slice(first).every((e) => e !== undefined)).toBe(true);
  });

  it('waits until a little of the work is done, however steady the early ETA', () => {
    // Steady from the start, but the work goes slowly: 2% is reached after 20 s.
    const events: Progress[] = [];
    for (let t = 500; t <= 30_000; t += 500) events.push(event(t, t / 1_000_000, 1_000_000));
    const etas = shown(events);
    const first = etas.findIndex((e) => e !== undefined);
    expect(events[first]!.fraction).toBeGreaterThanOrEqual(SETTLE_FRACTION);
    expect(events[first - 1]!.fraction).toBeLessThan(SETTLE_FRACTION);
  });

  it('needs a full window of reports with an ETA, at least three of them', () => {
    // Two reports 5 s apart are not enough to call the ETA steady, nor are reports without an ETA.
    expect(shown([event(1000, 0.1, 50_000), event(6000, 0.2, 50_000)])).toEqual([undefined, undefined]);
    const gaps = [event(1000, 0.1, undefined), event(2500, 0.15, 50_000), event(4100, 0.2, 50_000), event(4200, 0.21, 50_000)];
    expect(shown(gaps)).toEqual([undefined, undefined, undefined, undefined]);
    expect(shown([...gaps, event(5600, 0.3, 50_000)]).at(-1)).toBe(50_000 - 5600);
  });

  it('never settles on an ETA that keeps drifting', () => {
    // The predicted total doubles every 4 s: never within 25% over 3 s.
    const events: Progress[] = [];
    for (let t = 250; t < 60_000; t += 250) events.push(event(t, 0.05 + t / 200_000, 10_000 * 2 ** (t / 4000)));
    expect(shown(events).every((e) => e === undefined)).toBe(true);
  });
});

describe('barFields', () => {
  const p: Progress = { ...event(72_100, 0.5, 144_200), solutions: 3 };

  it('counts unique solutions as such under --unique', () => {
    expect(barFields(p, 'solution', undefined).solutions).toBe('3 solutions');
    expect(barFields(p, 'unique solution', undefined).solutions).toBe('3 unique solutions');
    expect(barFields({ ...p, solutions: 1 }, 'unique solution', undefined).solutions).toBe('1 unique solution');
  });

  it('writes durations as the summary line does, and ETA … until the ETA has settled', () => {
    expect(barFields(p, 'solution', undefined)).toMatchObject({ elapsed: '1 min 12 s', left: 'ETA …' });
    expect(barFields(p, 'solution', 72_100).left).toBe('ETA 1 min 12 s');
    expect(barFields(p, 'solution', 0).left).toBe('ETA < 1 s');
  });
});
