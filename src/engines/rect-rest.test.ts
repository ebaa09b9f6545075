import { describe, expect, it } from 'vitest';
import type { RectSpec } from './rect.js';
import { RectanglePacker } from './rect.js';
import { stoppedAndRest } from '../test-support/stopped-search.js';

/**
 * The skyline search stopped part way says what is left (SearchResult.rest): what it found before the stop
 * and every subtree of the rest searched to its end must be the whole search's solutions, each once. Stops
 * without a clock: the signal, aborted at the n-th periodic check. (Nodes are not compared: the engine
 * remembers states searched in vain from one search to the next, so a subtree searched after others may
 * take fewer.)
 */
// a 10x6 box of nine rectangles, three of them copies: 2,228 packings, about 25,000 nodes (6 checks)
const SPEC: RectSpec = {
  width: 10,
  height: 6,
  pieces: [
    { w: 4, h: 3, count: 2 }, { w: 3, h: 2, count: 2 }, { w: 2, h: 2, count: 2 },
    { w: 5, h: 1, count: 1 }, { w: 3, h: 3, count: 1 }, { w: 2, h: 1, count: 1 },
  ],
};

const key = (s: Int32Array): string => {
  const pieces: string[] = [];
  for (let i = 0; i < s.length; i += 5) pieces.push(Array.from(s.subarray(i, i + 5)).join(','));
  return pieces.sort().join(' ');
};

describe('rectangle packing: a search stopped part way, and the rest it names', () => {
  it('before the stop and the rest to the end are the whole search, each solution once', () => {
    const whole: string[] = [];
    let checks = 0;
    const all = new RectanglePacker(SPEC).search({ onTick: () => void checks++, onSolution: (s) => void whole.push(key(s)) });
    expect(all.complete).toBe(true);
    expect(whole.length).toBeGreaterThan(10);
    expect(checks).toBeGreaterThanOrEqual(3);
    whole.sort();
    for (const tick of new Set([1, Math.ceil(checks / 2), checks])) {
      const { found, rest } = stoppedAndRest(new RectanglePacker(SPEC), { tick }, key);
      expect(rest, `stopped at check ${tick}`).toBeGreaterThan(1);
      expect(found, `stopped at check ${tick}`).toEqual(whole);
    }
  });

  it('stopped before it starts, the rest is the whole subtree searched', () => {
    const engine = new RectanglePacker(SPEC);
    const stop = new AbortController();
    stop.abort();
    const prefix = engine.branches([]).slice(0, 1);
    expect(prefix).toHaveLength(1);
    expect(engine.search({ signal: stop.signal, prefix }).rest).toEqual([prefix]);
  });
});
