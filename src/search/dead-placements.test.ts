import { describe, expect, it } from 'vitest';
import { cellKey } from '../geometry/cell.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { allTilings } from '../test-support/orbits.js';
import { PENTOMINOES, art, puzzleOf, rect } from '../test-support/shapes.js';
import { deadPlacements, lookaheadDeadPlacements } from '../compile/feasibility.js';
import { withoutWebAssembly } from '../test-support/without-wasm.js';
import { puzzleCheckProblem } from '../puzzle/validate.js';
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

describe('the look-ahead: placements that starve a cell or a piece', () => {
  /** Random 3-D puzzles with cells that may stay empty and pieces chosen from ranges, small enough to enumerate apart from snug. */
  function randomPuzzle(seed: number): Puzzle {
    let s = seed;
    const random = (n: number): number => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return (s >>> 8) % n;
    };
    const board = rect(3, 2, 2);
    const shapes = [art('##'), art('###'), art('##/#.'), art('#.', '##'), art('##', '#.')];
    const pieces = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`P${i}`, shapes[random(shapes.length)]!]));
    const base = puzzleOf(`random ${seed}`, board, pieces, { dims: 3 });
    const optional = board.filter(() => random(3) === 0);
    return {
      ...base,
      ...(optional.length > 0 ? { optional } : {}),
      pieces: base.pieces.map((p) => {
        const count = 1 + random(2);
        return { ...p, count, min: random(2) };
      }),
    };
  }

  it('takes out only placements no solution uses (enumerated apart from snug), and the counts stay', () => {
    let removed = 0;
    let checked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const puzzle = randomPuzzle(seed);
      if (puzzleCheckProblem(puzzle)) continue; // more to cover than the pieces can, or the other way round
      const board = indexBoard(puzzle.board, puzzle.dims);
      const table = generatePlacements(puzzle, board);
      const dead = new Uint8Array(table.placements.length);
      removed += lookaheadDeadPlacements(puzzle, board, table, dead);
      const key = (piece: string, cells: Iterable<string>): string => `${piece}:${[...cells].sort().join(' ')}`;
      const deadKeys = new Set(table.placements.filter((_, k) => dead[k] === 1).map((p) => key(puzzle.pieces[p.piece]!.name, Array.from(p.cells, (c) => cellKey(board.cells[c]!)))));
      const tilings = allTilings(puzzle);
      for (const t of tilings) for (const p of t.placements) expect(deadKeys.has(key(p.piece, p.cells.map(cellKey)))).toBe(false);
      expect(solve(puzzle, { all: true, keep: false }).solutions).toBe(tilings.length);
      checked += tilings.length;
    }
    // it did something, on puzzles that have solutions
    expect(removed).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(0);
  });

  it('takes nothing out where WebAssembly cannot be compiled (its loops are WebAssembly\'s), and the counts stay', async () => {
    const base = puzzleOf('square', rect(2, 2), { L: art('##/#.'), M: art('#'), D: art('##') }, { dims: 3 });
    const puzzle: Puzzle = { ...base, pieces: base.pieces.map((p) => (p.name === 'D' ? { ...p, min: 0 } : p)) };
    const expected = allTilings(puzzle).length;
    await withoutWebAssembly(async () => {
      const feasibility = (await import('../compile/feasibility.js')) as typeof import('../compile/feasibility.js');
      const board = indexBoard(puzzle.board, puzzle.dims);
      const table = generatePlacements(puzzle, board);
      const dead = new Uint8Array(table.placements.length);
      expect(feasibility.lookaheadDeadPlacements(puzzle, board, table, dead)).toBe(0);
      expect(dead.every((d) => d === 0)).toBe(true);
      const fresh = (await import('./solve.js')) as typeof import('./solve.js');
      expect(fresh.solve(puzzle, { all: true, keep: false }).solutions).toBe(expected);
    });
  });

  it('a piece that must be used and finds no room beside a placement takes that placement out', () => {
    // in 2x2, the L tromino and the single cube must be used; the domino may: with it down, the L fits nowhere
    const base = puzzleOf('square', rect(2, 2), { L: art('##/#.'), M: art('#'), D: art('##') }, { dims: 3 });
    const puzzle: Puzzle = { ...base, pieces: base.pieces.map((p) => (p.name === 'D' ? { ...p, min: 0 } : p)) };
    const board = indexBoard(puzzle.board, puzzle.dims);
    const table = generatePlacements(puzzle, board);
    const dead = new Uint8Array(table.placements.length);
    lookaheadDeadPlacements(puzzle, board, table, dead);
    const domino = puzzle.pieces.findIndex((p) => p.name === 'D');
    expect(table.byPiece[domino]!.length).toBeGreaterThan(0);
    expect(table.byPiece[domino]!.every((k) => dead[k] === 1)).toBe(true);
    expect(table.placements.some((p, k) => p.piece !== domino && dead[k] === 1)).toBe(false);
    const result = solve(puzzle, { all: true, keep: false });
    expect(result.solutions).toBe(allTilings(puzzle).length);
    // a 3-D puzzle with a piece that may stay out: the most constrained cell or piece first
    expect(result.engine).toBe('dlx');
  });

  it('runs before exact packings whose pieces have few placements each, and finds there what the region check cannot', () => {
    // the I and L trominoes in 3x2 (10 placements for 2 pieces): the I along either row leaves a row of
    // three, as many cells as the L has, but every L covers both rows (before, only the row-stripes
    // colouring, checked after the look-ahead, told why)
    const puzzle = puzzleOf('rows', rect(3, 2), { I: art('###'), L: art('##/#.') });
    const result = solve(puzzle, { all: true });
    expect(result.solutions).toBe(0);
    expect(result.nodes).toBe(0);
    expect(result.impossible).toBe("no placement of piece 'I' leaves the others room: with it down, some cell or some piece has nowhere left to go");
    expect(allTilings(puzzle)).toHaveLength(0);
  });
});
