import { describe, expect, it } from 'vitest';
import { cellKey } from '../geometry/cell.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { InvalidOptionError } from '../search/options.js';
import { solve } from '../search/solve.js';
import { createVerifier } from '../search/verify.js';
import { plainSearchTree, tilingKey } from '../test-support/orbits.js';
import { art, puzzleOf, rect } from '../test-support/shapes.js';
import type { ChallengeSet } from './challenge.js';
import { makeChallenges } from './challenge.js';

/** The puzzle with `placed` taken off by hand: their cells off the board, their copies used up. */
function takenOff(puzzle: Puzzle, placed: readonly PlacedPiece[]): Puzzle {
  const cells = new Set(placed.flatMap((p) => p.cells.map(cellKey)));
  const used = (name: string): number => placed.filter((p) => p.piece === name).length;
  const { placed: _placed, ...rest } = puzzle;
  return {
    ...rest,
    board: puzzle.board.filter((c) => !cells.has(cellKey(c))),
    pieces: puzzle.pieces.map((p) => ({ ...p, count: p.count - used(p.name) })).filter((p) => p.count > 0),
  };
}

const plainSolution = (s: Solution): Solution => ({ placements: s.placements.map((p) => ({ piece: p.piece, cells: p.cells })) });

/**
 * What every challenge must be, checked apart from how it was made: exactly one completion (the DLX
 * engine, counting all of them), placed pieces and completion a solution of the original puzzle (the
 * verifier), a file that reads back as the same puzzle with one completion.
 */
function checkChallenges(original: Puzzle, set: ChallengeSet): void {
  const verify = createVerifier(original);
  for (const c of set.challenges) {
    const all = solve(c.puzzle, { engine: 'dlx', all: true });
    expect(all.complete).toBe(true);
    expect(all.solutions).toBe(1);
    expect(tilingKey(all.found[0]!)).toBe(tilingKey(c.solution));
    expect(verify(plainSolution(all.found[0]!))).toEqual([]);
    // the placed pieces are those of that solution
    const keys = new Set(all.found[0]!.placements.filter((p) => p.given).map((p) => tilingKey({ placements: [p] })));
    expect(keys).toEqual(new Set(c.placed.map((p) => tilingKey({ placements: [p] }))));
    expect(c.placed.length).toBeGreaterThanOrEqual(set.placed.min);
    expect(c.placed.length).toBeLessThanOrEqual(set.placed.max);
    const text = formatPuzzle(c.puzzle);
    const back = parsePuzzle(text, 'challenge.yaml');
    expect(back.placed?.map((p) => tilingKey({ placements: [p] })).sort()).toEqual(c.placed.map((p) => tilingKey({ placements: [p] })).sort());
    expect(solve(back, { engine: 'dlx', all: true }).solutions).toBe(1);
  }
  // from the easiest to the hardest
  const nodes = set.challenges.map((c) => c.difficulty.nodes);
  expect(nodes).toEqual([...nodes].sort((a, b) => a - b));
}

describe('makeChallenges', () => {
  it('pentominoes 6x10, 3 to 5 pieces placed: each with one completion, from a solution, files that read back, spread over the numbers placed', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-6x10');
    const set = await makeChallenges(puzzle, { count: 6, placed: { min: 3, max: 5 }, solutions: 3, tries: 6, poolSize: 50 });
    expect(set.challenges).toHaveLength(6);
    expect(set.placed).toEqual({ min: 3, max: 5 });
    expect(set.complete).toBe(true);
    checkChallenges(puzzle, set);
    const perLevel = [3, 4, 5].map((k) => set.challenges.filter((c) => c.placed.length === k).length);
    expect(perLevel).toEqual([2, 2, 2]);
  });

  it('measures each challenge as the plain search counted by hand does, on the board left to fill', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-6x10');
    const set = await makeChallenges(puzzle, { count: 3, placed: { min: 7, max: 9 }, solutions: 2, tries: 5, poolSize: 20 });
    expect(set.challenges.length).toBeGreaterThan(0);
    for (const c of set.challenges) {
      expect(c.difficulty).toMatchObject({ nodes: plainSearchTree(takenOff(c.puzzle, c.placed)).nodes, complete: true });
    }
  });

  it('is the hardest position of its solution when every subset is tried (Soma cube, 3 pieces placed)', async () => {
    const puzzle = loadCatalogPuzzle('soma');
    const set = await makeChallenges(puzzle, { count: 1, placed: { min: 3, max: 3 }, solutions: 1, poolSize: 1, tries: 1000 });
    expect(set.challenges).toHaveLength(1);
    checkChallenges(puzzle, set);
    const [c] = set.challenges;
    // every 3 of the 7 pieces of its solution: those with one completion, measured by hand
    const pieces = c!.solution.placements.map((p) => ({ piece: p.piece, cells: p.cells }));
    let hardest = -1;
    for (let a = 0; a < 7; a++) for (let b = a + 1; b < 7; b++) for (let d = b + 1; d < 7; d++) {
      const placed = [pieces[a]!, pieces[b]!, pieces[d]!];
      if (solve({ ...puzzle, placed }, { engine: 'dlx', limit: 2 }).solutions !== 1) continue;
      hardest = Math.max(hardest, plainSearchTree(takenOff(puzzle, placed)).nodes);
    }
    expect(c!.difficulty.nodes).toBe(hardest);
  });

  it('gives the same challenges for the same seed, and others for another', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-6x10');
    const options = { count: 3, placed: { min: 4, max: 5 }, solutions: 2, tries: 5, poolSize: 100 };
    const texts = async (seed: number): Promise<string[]> => (await makeChallenges(puzzle, { ...options, seed })).challenges.map((c) => formatPuzzle(c.puzzle));
    const one = await texts(7);
    expect(one.length).toBeGreaterThan(0);
    expect(await texts(7)).toEqual(one);
    expect(await texts(8)).not.toEqual(one);
  });

  it('keeps the pieces the puzzle places already, and counts them among the pieces placed', async () => {
    const base = loadCatalogPuzzle('pentomino-6x10');
    const first = solve(base).found[0]!;
    const puzzle: Puzzle = { ...base, placed: [first.placements[0]!] };
    const set = await makeChallenges(puzzle, { count: 2, placed: { min: 5, max: 6 }, solutions: 2, tries: 5, poolSize: 20 });
    expect(set.challenges.length).toBeGreaterThan(0);
    checkChallenges(base, set);
    for (const c of set.challenges) expect(tilingKey({ placements: [c.placed[0]!] })).toBe(tilingKey({ placements: [first.placements[0]!] }));
  });

  it('places from one piece to half of the pieces by default', async () => {
    const set = await makeChallenges(loadCatalogPuzzle('soma'), { count: 2, solutions: 1, tries: 3, poolSize: 5 });
    expect(set.placed).toEqual({ min: 1, max: 3 });
    for (const c of set.challenges) expect(c.placed.length).toBeLessThanOrEqual(3);
  });

  it('works on puzzles with + cells and with use: the calendar and Katamino, one completion each under their rules', async () => {
    for (const name of ['a-puzzle-a-day', 'katamino-5x4']) {
      const puzzle = loadCatalogPuzzle(name);
      const set = await makeChallenges(puzzle, { count: 3, placed: { min: 2, max: 3 }, solutions: 3, tries: 4, poolSize: 20 });
      expect(set.challenges.length, name).toBeGreaterThan(0);
      checkChallenges(puzzle, set);
    }
  });

  it('finds none for a puzzle without a solution', async () => {
    // a square and a straight tetromino have the area of a 4x2 board, but do not fill it
    const puzzle = puzzleOf('none', rect(4, 2), { O: art('##/##'), I: art('####') });
    await expect(makeChallenges(puzzle, { count: 2 })).resolves.toMatchObject({ challenges: [] });
  });

  it('refuses options it cannot honour, before any work', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-3x20');
    await expect(makeChallenges(puzzle, { count: 0 })).rejects.toThrow(InvalidOptionError);
    await expect(makeChallenges(puzzle, { placed: { min: 5, max: 3 } })).rejects.toThrow(InvalidOptionError);
    await expect(makeChallenges(puzzle, { placed: { min: 12, max: 20 } })).rejects.toThrow(/from 1 to 11/);
    await expect(makeChallenges(puzzle, { seed: -1 })).rejects.toThrow(InvalidOptionError);
    // one piece to place: nothing to place first and something left
    await expect(makeChallenges(puzzleOf('one', rect(2, 2), { O: art('##/##') }))).rejects.toThrow(/two pieces or more/);
  });
});
