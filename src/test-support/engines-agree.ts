import { expect } from 'vitest';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { solve } from '../search/solve.js';
import { createVerifier } from '../search/verify.js';
import { tilingKey } from './orbits.js';

/**
 * Both cell engines against an enumeration of the tilings (`truth`, from the test's own geometry): each
 * finds exactly those tilings, each verified, listed plainly and through the symmetry classes; and, where
 * the caller has them, counts the classes under all the board's symmetries (`unique`) and under its turns
 * (`rotations`).
 */
export function expectEnginesFindEveryTiling(puzzle: Puzzle, truth: readonly Solution[], classes: { readonly unique?: number; readonly rotations: number }): void {
  expect(truth.length).toBeGreaterThan(0);
  const keys = new Set(truth.map(tilingKey));
  const verify = createVerifier(puzzle);
  for (const engine of ['bitboard', 'dlx'] as const) {
    const all = solve(puzzle, { engine, all: true, expandSymmetry: false });
    for (const s of all.found) expect(verify(s)).toEqual([]);
    expect(new Set(all.found.map(tilingKey)), engine).toEqual(keys);
    expect(all.solutions, engine).toBe(truth.length);
    expect(solve(puzzle, { engine, all: true }).solutions, `${engine} through classes`).toBe(truth.length);
    if (classes.unique !== undefined) expect(solve(puzzle, { engine, unique: true, countOnly: true }).solutions, `${engine} unique`).toBe(classes.unique);
    expect(solve(puzzle, { engine, unique: true, countOnly: true, symmetry: 'rotations' }).solutions, `${engine} rotations`).toBe(classes.rotations);
  }
}
