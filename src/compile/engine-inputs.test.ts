import { describe, expect, it } from 'vitest';
import { DancingLinks } from '../engines/dlx.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { allTilings } from '../test-support/orbits.js';
import { art, puzzleOf, rect } from '../test-support/shapes.js';
import { dlxInput } from './engine-inputs.js';

/**
 * Dancing Links' input for pieces that may stay out (generalCoverOf): a secondary item with the piece's
 * copies as capacity where every placement covers a cell that must be covered (the search is then Algorithm
 * X when nothing else needs Algorithm M), a primary item [0, max] where some placement lies wholly on cells
 * that may stay empty (an option of secondary items alone would never be chosen). Counted against an
 * enumeration that shares no code with either.
 */
describe('pieces that may stay out, as Dancing Links sees them', () => {
  const base = puzzleOf('box', rect(3, 2, 2), { D: art('##'), L: art('##/#.'), M: art('#') }, { dims: 3 });
  const ranged = (puzzle: Puzzle): Puzzle => ({ ...puzzle, pieces: puzzle.pieces.map((p) => ({ ...p, count: 4, min: 0 })) });
  const searched = (puzzle: Puzzle): { multiplicities: boolean; solutions: number } => {
    const board = indexBoard(puzzle.board, puzzle.dims);
    const dl = new DancingLinks(dlxInput(puzzle, board, generatePlacements(puzzle, board).placements));
    return { multiplicities: dl.multiplicities, solutions: dl.search().solutions };
  };

  it('every cell must be covered: the pieces are secondary items, and the search is Algorithm X', () => {
    const puzzle = ranged(base);
    const { multiplicities, solutions } = searched(puzzle);
    expect(multiplicities).toBe(false);
    expect(solutions).toBe(allTilings(puzzle).length);
    expect(solutions).toBeGreaterThan(0);
  });

  it('a cell that may stay empty, with the monomino on it alone: the pieces stay primary, and every solution is found', () => {
    const puzzle: Puzzle = { ...ranged(base), optional: [[0, 0, 0]] };
    const { multiplicities, solutions } = searched(puzzle);
    expect(multiplicities).toBe(true);
    const all = allTilings(puzzle);
    expect(solutions).toBe(all.length);
    // the solutions with a monomino on the optional cell: its placement there covers no cell that must be
    // covered, so as secondary items alone they would have been lost
    const onIt = all.filter((t) => t.placements.some((p) => p.piece === 'M' && p.cells[0]!.every((v) => v === 0)));
    expect(onIt.length).toBeGreaterThan(0);
  });
});
