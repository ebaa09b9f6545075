import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SolveStats } from '../search/solve.js';
import { formatCount, formatDuration, jsonText, summaryLine } from './report.js';

describe('formatDuration', () => {
  it('has one style from milliseconds to days', () => {
    const cases: [number, string][] = [
      [0, '0.0 ms'],
      [4.24, '4.2 ms'],
      [340.4, '340 ms'],
      [999.4, '999 ms'],
      [999.6, '1.0 s'],
      [7_250, '7.3 s'],
      [59_940, '59.9 s'],
      [59_960, '1 min 0 s'],
      [72_100, '1 min 12 s'],
      [144_000, '2 min 24 s'],
      [3_599_400, '59 min 59 s'],
      [3_599_600, '1 h 0 min'],
      [3 * 3_600_000 + 5 * 60_000, '3 h 5 min'],
      [55 * 3_600_000, '2 d 7 h'],
    ];
    for (const [ms, text] of cases) expect(formatDuration(ms), String(ms)).toBe(text);
  });

  it('never shows seconds with two decimals beside minutes: 72.1 s is "1 min 12 s"', () => {
    for (let ms = 1000; ms < 10 * 3_600_000; ms *= 1.37) expect(formatDuration(ms)).toMatch(/^(\d+\.\d s|\d+ min \d+ s|\d+ h \d+ min)$/);
  });

  it('says so when a time cannot be told', () => {
    expect(formatDuration(Infinity)).toBe('unknown');
    expect(formatDuration(NaN)).toBe('unknown');
  });
});

describe('formatCount', () => {
  it('writes counts as en-US does, without ICU: integers, and thousandths', () => {
    const asIcu = (n: number): string => n.toLocaleString('en-US');
    fc.assert(fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (n) => formatCount(n) === asIcu(n)), { seed: 20261123 });
    fc.assert(fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (k) => k === 0 || formatCount(k / 1000) === asIcu(k / 1000)), { seed: 20261123 });
    expect(formatCount(12_988_816)).toBe('12,988,816');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(2.5e17)).toBe('2.5e+17');
  });

  it('groups the digits of whole numbers and of BigInts, every one of them', () => {
    for (const n of [0, 7, 999, 1000, 12_988_816, -4321, 123_456_789_012_345]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1234.5678)).toBe('1,234.568');
    expect(formatCount(2.5e20)).toBe('2.5e+20');
    expect(formatCount(2444888770250892795802079170816n)).toBe('2,444,888,770,250,892,795,802,079,170,816');
    expect(formatCount(-1000n)).toBe('-1,000');
  });
});

describe('jsonText', () => {
  it('writes what JSON.stringify writes, and BigInts as number literals with every digit', () => {
    const plain = { a: 1, b: 'x"y', c: [1, undefined, { d: null }], e: undefined };
    expect(jsonText(plain)).toBe(JSON.stringify(plain));
    const exact = { puzzle: 'd', solutions: 2444888770250892795802079170816n, found: [{ n: 3n }], skip: undefined };
    expect(jsonText(exact)).toBe('{"puzzle":"d","solutions":2444888770250892795802079170816,"found":[{"n":3}]}');
  });
});

describe('summaryLine', () => {
  const stats = (over: Partial<SolveStats>): SolveStats => ({
    puzzle: 'p', engine: 'bitboard', engineReason: '', unique: false, symmetries: 1, solutions: 0, complete: true, nodes: 10, updates: 0, elapsedMs: 5, ...over,
  });

  it('a count cut short says it is a lower bound, never "0 solutions" as if it were the count', () => {
    expect(summaryLine(stats({ solutions: 0, complete: false }), undefined)).toMatch(/^at least 0 solutions \(a lower bound\), search stopped before the end · /);
    expect(summaryLine(stats({ solutions: 1234, complete: false }), undefined)).toMatch(/^at least 1,234 solutions \(a lower bound\), search stopped before the end/);
    expect(summaryLine(stats({ engine: 'count', solutions: 0, complete: false }), undefined)).toMatch(/^no count \(the counting engine has one only at its end\), search stopped before the end/);
  });

  it('a finished count, or one stopped at its limit, is said as it is', () => {
    expect(summaryLine(stats({ solutions: 9356 }), undefined)).toMatch(/^9,356 solutions, all of them \(search complete\)/);
    expect(summaryLine(stats({ solutions: 0 }), undefined)).toMatch(/^0 solutions, the search is complete: there is no solution/);
    expect(summaryLine(stats({ solutions: 3, complete: false }), 3)).toMatch(/^3 solutions, stopped at the limit of 3/);
  });
});
