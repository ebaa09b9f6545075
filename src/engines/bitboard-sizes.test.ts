import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizeTables } from './bitboard-sizes.js';

/**
 * The size tables against sums made by brute force: for every state (the copies left of each size), gap[s]
 * is s less the largest sum of sizes of those copies that is at most s (capped at 255), each sum found by
 * trying every number of copies of every size.
 */
describe('size tables', () => {
  it('give every state its gap row, on random piece sets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 7 }), count: fc.integer({ min: 0, max: 4 }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 40 }),
        (pieces, n) => {
          const R = pieces.length;
          const counts = Int32Array.from(pieces, (p) => p.count);
          const total = pieces.reduce((t, p) => t + p.count, 0);
          const t = sizeTables(n, R, R, pieces.map((p) => p.size), counts, total, total, false, new Int32Array(R));
          const sizes = Array.from(t.sizeValue);
          const perSize = sizes.map((s) => pieces.filter((p) => p.size === s).reduce((c, p) => c + p.count, 0));
          expect(sizes).toEqual([...new Set(pieces.map((p) => p.size))].sort((a, b) => a - b));
          // every state, by its digits (copies left of each size)
          const digits: number[][] = [[]];
          for (const c of perSize) digits.splice(0, digits.length, ...digits.flatMap((d) => Array.from({ length: c + 1 }, (_, k) => [...d, k])));
          for (const left of digits) {
            const state = left.reduce((st, k, i) => st + k * t.sizeRadix[i]!, 0);
            let sums = [0];
            left.forEach((k, i) => (sums = sums.flatMap((x) => Array.from({ length: k + 1 }, (_, j) => x + j * sizes[i]!))));
            for (let s = 0; s <= n; s++) {
              const best = Math.max(...sums.filter((x) => x <= s));
              expect(t.gap[state * (n + 1) + s], `${left} copies, ${s} cells`).toBe(Math.min(255, s - best));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
