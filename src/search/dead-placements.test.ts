import { describe, expect, it } from 'vitest';
import { cellKey } from '../geometry/cell.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { allTilings } from '../test-support/orbits.js';
import { PENTOMINOES, art, puzzleOf, rect } from '../test-support/shapes.js';
import { deadPlacements } from '../compile/feasibility.js';
import { solve } from './solve.js';

/** The placements flagged dead, and how many placements the solutions (enumerated apart from snug's search) use that are. */
function check(puzzle: Puzzle): { dead: number; placements: number; usedDead: number; solutions: number } {
  const board = indexBoard(puzzle.board, puzzle.dims);
  const table = generatePlacements(puzzle, board);
  const dead = deadPlacements(puzzle, board, table);
  const key = (piece: string, cells: Iterable<string>): string => `${piece}:${[...cells].sort().join(' ')}`;
  const deadKeys = new Set(table.placements.filter((_, k) => dead[k] === 1).map((p) => key(puzzle.pieces[p.piece]!.name, Array.from(p.cells, (c) => cellKey(board.cells[c]!)))));
  const tilings = allTilings(puzzle);
  let usedDead = 0;
  for (const t of tilings) for (const p of t.placements) if (deadKeys.has(key(p.piece, p.cells.map(cellKey)))) usedDead++;
  return { dead: deadKeys.size, placements: table.placements.length, usedDead, solutions: tilings.length };
}

describe('placements that wall off a region no other pieces fill', () => {
  const cases: [string, Puzzle][] = [
    ['L-tetrominoes and a square in 3x8', puzzleOf('3x8', rect(8, 3), { L: art('###/#..'), O: art('##/##') }, { counts: { L: 5, O: 1 } })],
    ['L-trominoes and dominoes in 4x5', puzzleOf('mixed', rect(5, 4), { L: art('#./##'), D: art('##') }, { counts: { L: 4, D: 4 } })],
    // (boxes of cubes rarely wall anything off: the Soma, Tetris and Bedlam cubes have no such placement)
    ['L-trominoes and dominoes as cubes on a flat 4x5 board', puzzleOf('flat', rect(5, 4), { L: art('#./##'), D: art('##') }, { dims: 3, counts: { L: 4, D: 4 } })],
  ];
  for (const [what, puzzle] of cases) {
    it(`are in no solution, and the search still finds them all: ${what}`, () => {
      const r = check(puzzle);
      expect(r.dead).toBeGreaterThan(0);
      expect(r.dead).toBeLessThan(r.placements);
      expect(r.usedDead).toBe(0);
      expect(solve(puzzle, { all: true, keep: false }).solutions).toBe(r.solutions);
    });
  }

  it('cut off a corner: the P pentomino around the corner of 6x10, not over it', () => {
    const puzzle = puzzleOf('6x10', rect(10, 6), PENTOMINOES);
    const board = indexBoard(puzzle.board, puzzle.dims);
    const table = generatePlacements(puzzle, board);
    const dead = deadPlacements(puzzle, board, table);
    const P = puzzle.pieces.findIndex((p) => p.name === 'P');
    const at = (...cells: [number, number][]): number => {
      const want = cells.map(([x, y]) => cellKey([x, y, 0])).sort().join(' ');
      return table.placements.findIndex((p) => p.piece === P && Array.from(p.cells, (c) => cellKey(board.cells[c]!)).sort().join(' ') === want);
    };
    const around = at([1, 0], [2, 0], [0, 1], [1, 1], [2, 1]);
    const over = at([0, 0], [1, 0], [0, 1], [1, 1], [0, 2]);
    expect(around).toBeGreaterThanOrEqual(0);
    expect(over).toBeGreaterThanOrEqual(0);
    expect(dead[around]).toBe(1); // (0,0) left alone
    expect(dead[over]).toBe(0);
  });

  it('says at once when every placement of a piece walls something off', () => {
    // a T tetromino in 2x3 always leaves two single cells, which the domino cannot fill
    const result = solve(puzzleOf('walled', rect(3, 2), { T: art('###/.#.'), D: art('##') }), { all: true });
    expect(result.solutions).toBe(0);
    expect(result.nodes).toBe(0);
    expect(result.impossible).toBe("every placement of piece 'T' walls off a region that the other pieces cannot fill");
  });
});
