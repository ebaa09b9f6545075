import fc from 'fast-check';
import { describe, it } from 'vitest';
import { GRIDS } from '../geometry/grids/index.js';
import type { Cell, Puzzle } from '../puzzle/model.js';
import { centresKey, prismCentre, prismIsometries, prismsTouch, prismTilingClasses, prismTilings } from '../test-support/prisms.js';
import { expectEnginesFindEveryTiling } from '../test-support/engines-agree.js';
import { nextTurn } from '../test-support/turn.js';
import { cutIntoPieces } from '../test-support/cut.js';

/**
 * Triangular prism puzzles through the library, on every engine that applies, against
 * test-support/prisms.ts: every tiling and its classes worked out from the cells' centres in space, with
 * no code shared with src/geometry or the search.
 */


/** A shape's class under the 24 isometries (or the 12 turns), from its centres. */
function classOf(cells: readonly Cell[], turnsOnly: boolean): string {
  return prismIsometries(turnsOnly).map((m) => centresKey(cells.map((c) => m(prismCentre(c))))).sort()[0]!;
}

const prismArbitrary = fc
  .record({
    w: fc.integer({ min: 2, max: 4 }),
    h: fc.integer({ min: 1, max: 2 }),
    d: fc.integer({ min: 1, max: 2 }),
    turnOver: fc.boolean(),
    choices: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  })
  .map(({ w, h, d, turnOver, choices }): Puzzle => {
    let pick = 0;
    const next = (n: number): number => choices[pick++ % choices.length]! % n;
    const board: Cell[] = [];
    for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) board.push([x, y, z]);
    // congruent regions are copies of one piece (mirror images too, when pieces may be turned over)
    const pieces = cutIntoPieces(board, next, prismsTouch, (region) => classOf(region, !turnOver), (region) => GRIDS.prism.normalize(region), turnOver);
    return { name: 'random prisms', dims: 3, grid: 'prism', board, pieces, mirror: turnOver };
  });

describe('triangular prism puzzles, against an enumeration from the cells\' centres', () => {
  it('random blocks of prisms cut into pieces: every engine finds every tiling, and the classes up to symmetry', async () => {
    await fc.assert(fc.asyncProperty(prismArbitrary, async (puzzle) => {
      await nextTurn();
      const truth = prismTilings(puzzle);
      expectEnginesFindEveryTiling(puzzle, truth, { unique: prismTilingClasses(puzzle, truth), rotations: prismTilingClasses(puzzle, truth, true) });
    }), { numRuns: 25 });
  });
});
