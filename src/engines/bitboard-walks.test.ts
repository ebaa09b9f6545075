import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitboardInput } from '../compile/engine-inputs.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Puzzle } from '../puzzle/model.js';
import { rect } from '../test-support/shapes.js';
import type { BitboardOptions } from './bitboard.js';
import { BitboardSolver } from './bitboard.js';

/**
 * The engine keeps the last prefix it applied, and a new one costs only the choices that differ (start()).
 * What it answers for a prefix must not depend on what it was asked before: one engine asked along random
 * walks, jumping back up and sideways, with `same` given as a walker gives it, answers as a new engine
 * asked that prefix alone.
 */
const strip = loadCatalogPuzzle('pentomino-3x20');
const PUZZLES: Record<string, Puzzle> = {
  'pentominoes in 3x20': strip,
  'pentominoes in 3x21, one column optional': { ...strip, board: rect(21, 3), optional: rect(1, 3) },
  'L-trominoes and dominoes, 2 to 4 copies each, in 4x4': {
    name: 'ranges', dims: 2, board: rect(4, 4), mirror: true,
    pieces: [
      { name: 'L', shape: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], count: 4, min: 2, mirror: true },
      { name: 'D', shape: [[0, 0, 0], [1, 0, 0]], count: 4, min: 2, mirror: true },
    ],
  },
};

function engineFor(puzzle: Puzzle, options: BitboardOptions, first?: readonly number[]): BitboardSolver {
  const board = indexBoard(puzzle.board, puzzle.dims);
  return new BitboardSolver(bitboardInput(puzzle, board, generatePlacements(puzzle, board).placements, first), options);
}

describe('bitboard engine: a prefix answered the same whatever was asked before', () => {
  for (const [name, puzzle] of Object.entries(PUZZLES)) {
    // (a piece is placed first only when it has one copy)
    const one = puzzle.pieces[0]!.count === 1 ? [0] : undefined;
    for (const [options, first] of [[{}, undefined], [{ wide: true }, undefined], [{ general: true }, one]] as const) {
      it(`${name} ${JSON.stringify(options)}${first ? ' (first piece placed first)' : ''}`, () => {
        const kept = engineFor(puzzle, options, first);
        // each step: back up some levels (the walk's own prefix, kept), then down by random choices
        const steps = fc.array(fc.tuple(fc.nat(6), fc.array(fc.nat(1000), { minLength: 1, maxLength: 12 })), { minLength: 1, maxLength: 20 });
        let checked = 0;
        fc.assert(fc.property(steps, fc.boolean(), (walk, search) => {
          let path: number[] = [];
          for (const [up, downs] of walk) {
            path = path.slice(0, Math.max(0, path.length - up));
            let same = path.length;
            for (const pick of downs) {
              const fresh = engineFor(puzzle, options, first);
              const ahead = kept.lookAhead(path, same);
              expect(ahead).toEqual(fresh.lookAhead(path));
              expect(kept.branches(path, path.length)).toEqual(ahead.branches);
              checked++;
              if (ahead.branches.length === 0) break;
              path = [...path, ahead.branches[pick % ahead.branches.length]!];
              same = path.length - 1;
            }
          }
          // a search takes the engine's state over; the walks after it start again from the empty board
          if (search) kept.search({ limit: 3, prefix: path.slice(0, 1) });
        }), { numRuns: 10, seed: 7 });
        expect(checked).toBeGreaterThan(30);
      });
    }
  }
});
