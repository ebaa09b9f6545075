import { describe, expect, it } from 'vitest';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { solve } from '../search/solve.js';
import { createVerifier } from '../search/verify.js';
import { allTilings, orbitClasses } from '../test-support/orbits.js';
import { rect } from '../test-support/shapes.js';
import { solveAsync } from './run.js';

/**
 * A few solutions up to symmetry, of a puzzle that no piece breaks the symmetry of (many copies of one
 * piece): every member met first of its class stands for it, however deep its canonical member lies. Each
 * answer is verified, and its classes told by orbits.ts (no code shared with the search).
 */
function lTrominoes(n: number): Puzzle {
  const L = { name: 'L', shape: [[0, 0, 0], [0, 1, 0], [1, 1, 0]] as [number, number, number][], count: (n * n) / 3, mirror: true };
  return { name: `L-trominoes ${n}x${n}`, dims: 2, mirror: true, board: rect(n, n), pieces: [L] };
}

describe('the first solutions up to symmetry', () => {
  const puzzle = lTrominoes(6);
  const all = allTilings(puzzle);
  const { count, classOf } = orbitClasses(puzzle, all);
  const verify = createVerifier(puzzle);
  const distinctClasses = (found: readonly Solution[]): number => new Set(found.map(classOf)).size;

  it('the 6x6 square has 162 tilings by L-trominoes in 25 classes (by hand)', () => {
    expect(all).toHaveLength(162);
    expect(count).toBe(25);
  });

  it.each([10, 25, 40])('a limit of %i: that many classes (at most the 25), each once, on this thread', (limit) => {
    const r = solve(puzzle, { unique: true, limit });
    expect(r.solutions).toBe(Math.min(limit, 25));
    expect(r.found.flatMap(verify)).toEqual([]);
    expect(distinctClasses(r.found)).toBe(r.found.length);
    expect(r.complete).toBe(limit > 25);
  });

  it.each([
    [10, 0],
    [10, 1],
    [40, 0],
    [40, 1],
  ])('a limit of %i on two workers (trial %i ms): that many classes, each once', async (limit, trialMs) => {
    const r = await solveAsync(puzzle, { unique: true, limit, workers: 2, trialMs });
    expect(r.solutions).toBe(Math.min(limit, 25));
    expect(r.found).toHaveLength(r.solutions);
    expect(r.found.flatMap(verify)).toEqual([]);
    expect(distinctClasses(r.found)).toBe(r.found.length);
  });

  it('48 L-trominoes on 12x12: the first solution up to symmetry at once (it had taken over 234 M nodes)', () => {
    const big = lTrominoes(12);
    const r = solve(big, { unique: true });
    expect(r.solutions).toBe(1);
    expect(r.nodes).toBeLessThan(10_000);
    expect(createVerifier(big)(r.found[0]!)).toEqual([]);
  });
});
