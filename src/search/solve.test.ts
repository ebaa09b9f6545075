import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { inWorker } from '../test-support/in-worker.js';
import { PENTOMINOES, art, puzzleOf, rect } from '../test-support/shapes.js';
import { solve } from './solve.js';

// Known counts: total (every solution) and unique (up to the board's symmetries). Dancing Links runs the
// smaller ones (its own tree is searched apart from the bitboard engine's; the slow ones on it, 5 to 15 s
// each, pentominoes in 6x10 among them, are left to the bitboard engine: the suite is kept under five
// minutes). A-Puzzle-A-Day's count is in features.test.ts, with its optional cells.
const CASES: { name: string; total?: number; unique: number; engines: EngineName[]; totalEngines?: EngineName[] }[] = [
  { name: 'pentomino-3x20', total: 8, unique: 2, engines: ['bitboard', 'dlx'] },
  { name: 'pentomino-4x15', total: 1472, unique: 368, engines: ['bitboard', 'dlx'] },
  { name: 'pentomino-5x12', total: 4040, unique: 1010, engines: ['bitboard'] },
  { name: 'pentomino-6x10', total: 9356, unique: 2339, engines: ['bitboard'] },
  { name: 'pentomino-8x8-hole', total: 520, unique: 65, engines: ['bitboard', 'dlx'] },
  { name: 'soma', total: 11520, unique: 240, engines: ['bitboard', 'dlx'], totalEngines: ['bitboard'] },
  { name: 'pentomino-8x8-square', unique: 16146, engines: ['bitboard'] },
  { name: 'pentomino-onesided-3x30', unique: 46, engines: ['bitboard'] },
  { name: 'pentacubes-3x4x5', unique: 3940, engines: ['bitboard'] },
  { name: 'pentacubes-2x5x6', unique: 264, engines: ['bitboard'] },
  { name: 'pentacubes-2x3x10', unique: 12, engines: ['bitboard', 'dlx'] },
  { name: 'calibron', total: 8, unique: 1, engines: ['rect'] },
  { name: 'katamino-5x4', total: 200, unique: 50, engines: ['bitboard', 'dlx'] },
  { name: 'kanoodle-challenge', total: 1, unique: 1, engines: ['bitboard', 'dlx'] },
  { name: 'kanoodle', unique: 92755, engines: ['bitboard'] },
  { name: 'calissons-3', total: 980, unique: 113, engines: ['bitboard', 'dlx'] },
  { name: 'tetrahexes-7x4', total: 18, unique: 9, engines: ['bitboard', 'dlx'] },
  { name: 'hexiamonds-6x6', total: 624, unique: 156, engines: ['bitboard', 'dlx'], totalEngines: ['bitboard'] },
  { name: 'hexiamonds-9x4', total: 148, unique: 74, engines: ['bitboard', 'dlx'], totalEngines: ['bitboard'] },
  { name: 'pentomino-3x20-loop', total: 160, unique: 2, engines: ['bitboard', 'dlx'] },
];

// Each check runs on a worker thread (a search of up to seconds, every solution verified, classes counted
// apart from the search), so this thread stays free for the test runner; two run at once.
describe.concurrent('known solution counts, every solution verified', () => {
  for (const c of CASES) {
    for (const engine of c.engines) {
      if (c.total !== undefined && (c.totalEngines ?? c.engines).includes(engine)) {
        it(`${c.name}: ${c.total} solutions with the ${engine} engine`, async () => {
          const r = await inWorker('countVerified', loadCatalogPuzzle(c.name), { engine, unique: false });
          expect(r).toMatchObject({ solutions: c.total, complete: true, problems: [], repeats: 0 });
          // up to symmetry, counted apart from the search over all the solutions
          expect(r.classes).toBe(c.unique);
        });
      }
      it(`${c.name}: ${c.unique} unique solutions with the ${engine} engine`, async () => {
        const r = await inWorker('countVerified', loadCatalogPuzzle(c.name), { engine, unique: true });
        // one per class: verified, and no two in one class
        expect(r).toMatchObject({ solutions: c.unique, complete: true, problems: [], repeats: 0, classes: c.unique });
      });
    }
  }
});

describe.concurrent('every solution through symmetry classes', () => {
  for (const [name, engine] of [['pentomino-4x15', 'bitboard'], ['pentomino-8x8-hole', 'dlx'], ['soma', 'bitboard'], ['calibron', 'rect']] as const) {
    it(`${name} (${engine}): expanding one solution per class gives exactly the solutions of a plain search`, async () => {
      const r = await inWorker('expandAgreement', loadCatalogPuzzle(name), engine);
      expect(r.expandedNote).toMatch(/stands for its whole class/);
      expect(r.plainNote).toBeUndefined();
      expect(r.expanded).toBe(r.plain);
      expect(r.sameSolutions).toBe(true);
      expect(r.expandedNodes).toBeLessThan(r.plainNodes);
    });
  }
});

describe('solve', () => {
  it('stops at the limit and says the search is not complete', () => {
    const result = solve(loadCatalogPuzzle('pentomino-6x10'), { limit: 3 });
    expect(result.solutions).toBe(3);
    expect(result.found).toHaveLength(3);
    expect(result.complete).toBe(false);
  });

  it('counts without building solutions', () => {
    const result = solve(loadCatalogPuzzle('pentomino-3x20'), { countOnly: true });
    expect(result.solutions).toBe(8);
    expect(result.found).toEqual([]);
  });

  it('refuses a puzzle whose pieces do not cover the board exactly', () => {
    const puzzle = puzzleOf('short', rect(10, 6), { ...PENTOMINOES, O: art('##/##') });
    expect(() => solve(puzzle)).toThrow(InvalidPuzzleError);
    expect(() => solve(puzzle)).toThrow(/the pieces cover 64 cells but the board has 60/);
  });

  it('counts identical copies once: dominoes in 4x4 (36) on every engine', () => {
    const puzzle = puzzleOf('dominoes', rect(4, 4), { D: art('##') }, { counts: { D: 8 } });
    for (const engine of ['dlx', 'bitboard', 'rect'] as const) {
      expect(solve(puzzle, { engine, all: true }).solutions).toBe(36);
    }
  });

  it('says why when a piece fits nowhere', () => {
    const puzzle = puzzleOf('narrow', rect(12, 5).filter(([x, y]) => !(y === 2 && x > 0)), {
      I: art('#####'), L: art('####/#...'), O: art('###/###/###'), X: art('#'),
    }, { counts: { X: 30 } });
    const result = solve(puzzle);
    expect(result.solutions).toBe(0);
    expect(result.impossible).toMatch(/piece 'O' fits nowhere/);
  });
});
