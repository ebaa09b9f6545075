import { describe, expect, it } from 'vitest';
import { bitboardInput, dlxInput, rectangleInput } from '../compile/engine-inputs.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { rect } from '../test-support/shapes.js';
import { BitboardSolver } from './bitboard.js';
import { DancingLinks } from './dlx.js';
import { RectanglePacker } from './rect.js';
import { REST_LEVELS_LIMIT } from './rest.js';
import type { Engine } from './types.js';

/**
 * A search stopped deep down names its rest only up to REST_LEVELS_LIMIT levels below its prefix: each
 * subtree of a rest is a whole path, so a deeper one costs the square of its depth (gigabytes, thousands of
 * levels down). The strip 2 x n of dominoes: every engine's first path is n dominoes deep, and the signal,
 * aborted at the first solution, stops the search there (Dancing Links) or at its next periodic check, a
 * few thousand nodes on: a few levels up (the bitboard engine), or, for the skyline search, which
 * remembers the dead states it met, some hundreds (its strip past the limit is longer).
 */
function dominoStrip(n: number): Puzzle {
  return { name: `dominoes 2x${n}`, dims: 2, mirror: true, board: rect(n, 2), pieces: [{ name: 'D', shape: rect(2, 1), count: n, mirror: true }] };
}

const engines: Record<string, { make: (puzzle: Puzzle) => Engine; past: number }> = {
  bitboard: { past: REST_LEVELS_LIMIT + 64, make: (puzzle) => {
    const board = indexBoard(puzzle.board, puzzle.dims);
    return new BitboardSolver(bitboardInput(puzzle, board, generatePlacements(puzzle, board).placements));
  } },
  dlx: { past: REST_LEVELS_LIMIT + 64, make: (puzzle) => {
    const board = indexBoard(puzzle.board, puzzle.dims);
    return new DancingLinks(dlxInput(puzzle, board, generatePlacements(puzzle, board).placements));
  } },
  rect: { past: 2 * REST_LEVELS_LIMIT + 100, make: (puzzle) => new RectanglePacker(rectangleInput(puzzle)) },
};

/** The length of the rest named when the search is stopped at its first solution (undefined: none). */
function restAtFirstSolution(engine: Engine): number | undefined {
  const stop = new AbortController();
  const r = engine.search({ signal: stop.signal, onSolution: () => stop.abort() });
  expect(r.complete).toBe(false);
  expect(r.solutions).toBeGreaterThan(0);
  return r.rest?.length;
}

describe('the rest of a search stopped deep down', () => {
  it.each(Object.keys(engines))('%s: named at the limit, not past it', (name) => {
    const { make, past } = engines[name]!;
    expect(restAtFirstSolution(make(dominoStrip(REST_LEVELS_LIMIT)))).toBeGreaterThan(0);
    expect(restAtFirstSolution(make(dominoStrip(past)))).toBeUndefined();
  });
});
