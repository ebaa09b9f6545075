import { describe, expect, it } from 'vitest';
import { PENTOMINOES, SOMA, puzzleOf, rect } from '../test-support/shapes.js';
import type { Puzzle } from '../puzzle/model.js';
import { PLACEMENT_LIMITS, TooManyPlacementsError, generatePlacements } from './placements.js';

describe('generatePlacements', () => {
  it('finds the classic placement counts of the pentominoes in 6x10', () => {
    const table = generatePlacements(puzzleOf('6x10', rect(10, 6), PENTOMINOES));
    // 2056 options in the classic exact-cover matrix of 6x10 (Knuth, Dancing Links).
    expect(table.placements.length).toBe(2056);
    expect(table.orientationCounts).toEqual([8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
  });

  it('gives the Soma pieces their 24-rotation orientation counts in the 3x3x3 cube', () => {
    const table = generatePlacements(puzzleOf('soma', rect(3, 3, 3), SOMA));
    // V, L, T, Z, the two screws, and the corner (tripod) with its 3-fold axis: 8.
    expect(table.orientationCounts).toEqual([12, 24, 12, 12, 12, 12, 8]);
    // every placement stays on the board
    for (const p of table.placements) for (const c of p.cells) expect(c).toBeLessThan(27);
  });

  it('refuses more placements than the limit, before it has built them all', () => {
    // 1,100 distinct unit squares on 1,100 cells: 1,210,000 placements
    const board = rect(110, 10);
    const puzzle: Puzzle = { ...puzzleOf('squares', board, { a: [[0, 0, 0]] }), pieces: Array.from({ length: 1100 }, (_, i) => ({ name: `p${i}`, shape: [[0, 0, 0]], count: 1, mirror: true })) };
    let error: unknown;
    try {
      generatePlacements(puzzle);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TooManyPlacementsError);
    expect((error as Error).message).toContain(`more than ${PLACEMENT_LIMITS.placements.toLocaleString('en-US')} placements`);
  });
});
