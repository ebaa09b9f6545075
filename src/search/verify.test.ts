import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { art, puzzleOf, rect } from '../test-support/shapes.js';
import { verifySolution } from './verify.js';

// A 3x2 board tiled by two copies of the L tromino.
const puzzle = puzzleOf('2x3', rect(3, 2), { L: art('##/#.') }, { counts: { L: 2 } });
const good = {
  placements: [
    { piece: 'L', cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] as Cell[] },
    { piece: 'L', cells: [[2, 0, 0], [1, 1, 0], [2, 1, 0]] as Cell[] },
  ],
};

describe('verifySolution', () => {
  it('accepts a correct solution', () => {
    expect(verifySolution(puzzle, good)).toEqual([]);
  });
  it('finds an uncovered cell, a doubly covered cell, a wrong count, a wrong shape and an off-board cell', () => {
    const bad = {
      placements: [
        { piece: 'L', cells: [[0, 0, 0], [1, 0, 0], [2, 0, 0]] as Cell[] },
        { piece: 'L', cells: [[2, 0, 0], [1, 1, 0], [2, 1, 0]] as Cell[] },
        { piece: 'L', cells: [[5, 5, 0], [5, 6, 0], [6, 5, 0]] as Cell[] },
      ],
    };
    const problems = verifySolution(puzzle, bad).join('\n');
    expect(problems).toMatch(/cell \[0, 1\] is not covered/);
    expect(problems).toMatch(/cell \[2, 0\] is covered twice/);
    expect(problems).toMatch(/used 3 times, expected 2/);
    expect(problems).toMatch(/not one of its allowed orientations/);
    expect(problems).toMatch(/covers \[5, 5\], which is not on the board/);
  });
  it('refuses a mirror image when the piece may not be turned over', () => {
    const chiral = puzzleOf('s', rect(4, 2), { S: art('.##/##.'), D: art('#/#') }, { mirror: false });
    const mirrored = {
      placements: [
        { piece: 'S', cells: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]] as Cell[] },
        { piece: 'D', cells: [[2, 0, 0], [3, 0, 0]] as Cell[] },
      ],
    };
    expect(verifySolution(chiral, mirrored).join()).toMatch(/not one of its allowed orientations/);
  });
});
