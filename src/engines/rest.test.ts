import { describe, expect, it } from 'vitest';
import { bitboardInput } from '../compile/engine-inputs.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import { rect } from '../test-support/shapes.js';
import { BitboardSolver } from './bitboard.js';
import { RestCollector, restAfterStop } from './rest.js';

/**
 * A rest names each subtree by its whole path, so a search stopped L levels down holds about L^2 choice
 * codes: past its limit it names none (REST_SIZE_LIMIT). The tree here: every node has the children 0, 1
 * and 2; the stop path is all 1s, so each level above the stop leaves one sibling, 2.
 */
describe('the rest of a search stopped deep down', () => {
  const branches = (): number[] => [0, 1, 2];
  const stop = (levels: number): number[] => Array.from({ length: levels }, () => 1);
  // the stop node (L codes), then at each level d (d codes above it) the sibling 2: L + sum of (d + 1)
  const size = (levels: number): number => levels + (levels * (levels + 1)) / 2;

  it('is every sibling after the path, deepest first, each with its path', () => {
    expect(restAfterStop(branches, stop(3), 0, true)).toEqual([[1, 1, 1], [1, 1, 2], [1, 2], [2]]);
    expect(restAfterStop(branches, stop(3), 1, false)).toEqual([[1, 1, 2], [1, 2]]);
  });

  it('is named while it holds at most its limit of choice codes, and not past it', () => {
    for (const levels of [1, 10, 200]) {
      expect(restAfterStop(branches, stop(levels), 0, true, size(levels))).toHaveLength(levels + 1);
      expect(restAfterStop(branches, stop(levels), 0, true, size(levels) - 1)).toBeUndefined();
    }
  });

  it('gathers subtrees until the limit, then says no', () => {
    const rest = new RestCollector(5);
    expect(rest.add([1, 2], 3)).toBe(true);
    expect(rest.add([4])).toBe(true);
    expect(rest.add([5])).toBe(true);
    expect(rest.add([6])).toBe(false);
    expect(rest.subtrees).toEqual([[1, 2, 3], [4], [5]]);
  });

  it('the bitboard engine, stopped 1,000 dominoes down a 2 x 1000 strip, names its rest', () => {
    const puzzle = { name: 'strip', dims: 2 as const, mirror: true, board: rect(1000, 2), pieces: [{ name: 'D', shape: rect(2, 1), count: 1000, mirror: true }] };
    const board = indexBoard(puzzle.board, puzzle.dims);
    const engine = new BitboardSolver(bitboardInput(puzzle, board, generatePlacements(puzzle, board).placements));
    const signal = new AbortController();
    const r = engine.search({ signal: signal.signal, onSolution: () => signal.abort() });
    expect(r.complete).toBe(false);
    expect(r.rest!.length).toBeGreaterThan(400);
    expect(r.rest![0]!.length).toBeGreaterThan(900);
  });
});
