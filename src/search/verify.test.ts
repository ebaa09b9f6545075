import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { art, puzzleOf, rect } from '../test-support/shapes.js';
import { verifySolution } from './verify.js';
import { parsePuzzle } from '../puzzle/format.js';
import { solve } from './solve.js';

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

describe('verifySolution with colour constraints', () => {
  // dominoes with a red end and a blue end, on strips of red and blue cells
  const strip = (colours: string) => parsePuzzle(`name: strip
board:
  shape: ${colours}
  colours: {red: r, blue: b}
colour-rules:
  red: [red]
  blue: [blue]
pieces:
  M: {shape: rb, colours: {red: r, blue: b}, count: 2}
`, 'strip.yaml');
  const at = (...xs: number[]): Cell[] => xs.map((x) => [x, 0, 0]);

  it('accepts the solutions the search finds: a piece lies the way its colours allow', () => {
    const puzzle = strip('rbbr');
    const found = solve(puzzle, { all: true }).found;
    // red-blue, then turned round blue-red
    expect(found).toHaveLength(1);
    expect(verifySolution(puzzle, found[0]!)).toEqual([]);
    expect(verifySolution(puzzle, { placements: [{ piece: 'M', cells: at(0, 1) }, { piece: 'M', cells: at(2, 3) }] })).toEqual([]);
  });

  it('refuses a piece whose coloured cells lie on board cells of colours its rules do not allow, however it is turned', () => {
    const puzzle = strip('rrbb');
    expect(solve(puzzle, { all: true }).found).toHaveLength(0);
    const problems = verifySolution(puzzle, { placements: [{ piece: 'M', cells: at(0, 1) }, { piece: 'M', cells: at(2, 3) }] });
    expect(problems).toHaveLength(2);
    expect(problems.every((p) => p.includes('colour'))).toBe(true);
  });
});
