import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { solve } from '../search/solve.js';
import { burrToolsOrienter, cellByCellOrienter } from './burrtools.js';
import { loadCatalogPuzzle } from './catalog.js';
import { parsePuzzle } from './format.js';
import type { Puzzle, Solution } from './model.js';
import { verifySolution } from '../search/verify.js';

// box-orienter.ts computes BurrTools' orientation of an assembly with numbers; the rule it must agree with
// turns and sorts every cell of every image (cellByCellOrienter). Both run on every solution (and on the
// solution turned about the board, so that its placements come in every orientation) of puzzles chosen
// for the parts of the rule: a board with 24 symmetries, one with 4 or 8, copies of a piece (no symmetry
// breaker), a piece range, cells that may stay empty, and a piece the puzzle does not list.
const puzzles: Puzzle[] = [
  loadCatalogPuzzle('soma'),
  parsePuzzle('name: copies\nboard: {box: [2, 2, 3]}\npieces:\n  L: {cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], count: 4}\n', 'copies.yaml'),
  parsePuzzle('name: bar\nboard: {box: [2, 3, 4]}\npieces:\n  L: {cells: [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]], count: 2}\n  T: {cells: [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]], count: 2}\n  S: {cells: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0]]}\n  O: {cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]}\n', 'bar.yaml'),
  parsePuzzle('name: square-prism\nboard:\n  cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1], [0, 0, 2], [1, 0, 2], [0, 1, 2], [1, 1, 2], [0, 0, 3], [1, 0, 3], [0, 1, 3], [1, 1, 3]]\n  optional: [[0, 0, 0], [1, 1, 3]]\npieces:\n  I: {cells: [[0, 0, 0], [1, 0, 0], [2, 0, 0]], count: 0..2}\n  V: {cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], count: 1..4}\n  D: {cells: [[0, 0, 0], [1, 0, 0]], count: 0..3}\n', 'square-prism.yaml'),
];

const text = (s: Solution) => JSON.stringify(s.placements.map((p) => [p.piece, p.cells]));

describe('the orienter on grids of boxes', () => {
  for (const puzzle of puzzles) {
    it(`answers as the cell-by-cell rule does: ${puzzle.name}`, () => {
      const fast = burrToolsOrienter(puzzle);
      const slow = cellByCellOrienter(puzzle);
      const found = solve(puzzle, { limit: 60 }).found;
      expect(found.length).toBeGreaterThan(3);
      let moved = 0;
      for (const solution of found) {
        // the solution as found, and with its placements listed backwards (the rule must not care)
        for (const s of [solution, { placements: [...solution.placements].reverse() }]) {
          const a = fast(s);
          expect(text(a)).toBe(text(slow(s)));
          if (a !== s) moved++;
        }
      }
      // (a test that some solutions were turned: the rule was exercised, not given back as it came)
      expect(moved).toBeGreaterThan(0);
    });
  }

  it('gives a placement that is no turn of its piece the same place as the rule does (last)', () => {
    const puzzle = puzzles[1]!;
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const odd: Solution = { placements: [...solution.placements.slice(0, -1), { piece: 'nobody', cells: solution.placements.at(-1)!.cells as Cell[] }] };
    expect(text(burrToolsOrienter(puzzle)(odd))).toBe(text(cellByCellOrienter(puzzle)(odd)));
  });
});

describe('the orienter with colour constraints', () => {
  it('turns an assembly only by turns that keep every board cell its colour (its image is still a solution)', () => {
    // a 2x3x2 box, its bottom layer red and its top blue; two dominoes standing (red end down), a red one
    // lying in the bottom layer and a blue one in the top. Turned upside down, red would lie on blue.
    const puzzle = parsePuzzle(`name: two-tone
board:
  layers: ["rrr\\nrrr", "bbb\\nbbb"]
  colours: {red: r, blue: b}
colour-rules:
  red: [red]
  blue: [blue]
pieces:
  D: {layers: ["r", "b"], colours: {red: r, blue: b}, count: 2}
  R: {shape: "rr", colours: {red: r}, count: 2}
  B: {shape: "bb", colours: {blue: b}, count: 2}
`, 'two-tone.yaml');
    const found = solve(puzzle, { all: true }).found;
    expect(found.length).toBeGreaterThan(0);
    for (const orient of [burrToolsOrienter(puzzle), cellByCellOrienter(puzzle)]) {
      for (const solution of found) expect(verifySolution(puzzle, orient(solution))).toEqual([]);
    }
  });
});
