import { describe, expect, it } from 'vitest';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Cell } from '../geometry/cell.js';
import type { Puzzle } from '../puzzle/model.js';
import { art, puzzleOf, rect } from '../test-support/shapes.js';
import type { PlacementTable } from '../placements/placements.js';
import type { BitboardOptions, PackingSpec } from './bitboard.js';
import { BitboardSolver } from './bitboard.js';
import { DancingLinks } from './dlx.js';

/** The engine's input for every placement of every piece (no symmetry breaking), and the placements. */
function specOf(puzzle: Puzzle): { spec: PackingSpec; table: PlacementTable } {
  const board = indexBoard(puzzle.board, puzzle.dims);
  const table = generatePlacements(puzzle, board);
  const spec = {
    cellCount: board.cells.length,
    coords: board.cells,
    neighbours: board.neighbours,
    pieceCounts: puzzle.pieces.map((p) => p.count),
    pieceSizes: puzzle.pieces.map((p) => p.shape.length),
    placements: table.placements,
  };
  return { spec, table };
}

/** The engine on every placement of every piece: no symmetry breaking, no piece placed first. */
function solver(puzzle: Puzzle, options: BitboardOptions = {}): BitboardSolver {
  return new BitboardSolver(specOf(puzzle).spec, options);
}

/** The same count by Dancing Links (pieces with copies as items of that capacity): another engine's answer. */
function dlxCount(puzzle: Puzzle): number {
  const board = indexBoard(puzzle.board, puzzle.dims);
  const table = generatePlacements(puzzle, board);
  const n = board.cells.length;
  return new DancingLinks({
    primaryCount: n,
    secondaryCount: puzzle.pieces.length,
    capacities: puzzle.pieces.map((p) => p.count),
    options: table.placements.map((p) => [...p.cells, n + p.piece]),
  }).search().solutions;
}

describe('bitboard engine', () => {
  // Node counts are pinned: a change to the search that changes them must say so here.
  const PINNED = [
    { name: 'pentomino-3x20', solutions: 8, nodes: 69_390 },
    { name: 'pentomino-4x15', solutions: 1472, nodes: 1_669_555 },
    { name: 'soma', solutions: 11520, nodes: 733_846 },
  ];

  for (const c of PINNED) {
    it(`${c.name}: ${c.solutions} solutions in ${c.nodes} nodes; the same with every region filled, in fewer nodes, and with no check, in more`, () => {
      const puzzle = loadCatalogPuzzle(c.name);
      const holes = solver(puzzle).search();
      const filled = solver(puzzle, { regions: 'fill' }).search();
      const unpruned = solver(puzzle, { regions: 'none' }).search();
      expect(holes).toMatchObject({ solutions: c.solutions, complete: true, nodes: c.nodes });
      expect(filled.solutions).toBe(c.solutions);
      expect(unpruned.solutions).toBe(c.solutions);
      expect(filled.nodes).toBeLessThan(holes.nodes);
      expect(unpruned.nodes).toBeGreaterThan(holes.nodes);
    });
  }

  it('gives the same counts whatever its tuning: key bits, the region check and its fill and fit limits, the two-word window, the wide path', () => {
    for (const name of ['pentomino-3x20', 'soma']) {
      const puzzle = loadCatalogPuzzle(name);
      const expected = solver(puzzle).search().solutions;
      for (const options of [{ keyBits: 0 }, { keyBits: 3 }, { regions: 'fill', fillLimit: 1 }, { regions: 'fill', fillLimit: 1000 }, { regions: 'fill', fitLimit: 0 }, { regions: 'fill', fitLimit: 12 },
        { twoWords: true }, { wide: true }, { wide: true, regions: 'fill' }, { wide: true, regions: 'none' }] as const) {
        expect(solver(puzzle, options).search().solutions, JSON.stringify(options)).toBe(expected);
      }
    }
  });

  it('never tries a copy twice: straight trominoes in 3 x n (n = 5 .. 22; past 21, more than 64 cells) as the recurrence says', () => {
    // a(n) = a(n-1) + a(n-3): the last column is three vertical pieces, or three horizontal ones end there
    const a = [1, 1, 1];
    for (let n = 3; n <= 22; n++) a.push(a[n - 1]! + a[n - 3]!);
    for (const n of [5, 9, 21, 22]) {
      const puzzle = puzzleOf('trominoes', rect(n, 3), { I: art('###') }, { counts: { I: n } });
      expect(solver(puzzle).search().solutions, `3x${n}`).toBe(a[n]);
    }
    expect(a[22]).toBe(2745);
  });

  it('keeps the window right when pieces placed first lie past it or fill it: strips of more than 64 cells against Dancing Links and the wide path', () => {
    // 1 x n strips of straight pieces; the long piece is placed first (its 1 + n - length places), so
    // the window meets it far ahead, and a window of 32 or 64 cells can be all full. `I34` reaches 33
    // cells past its first: the two-word window; without it, the one-word window.
    const straight = (length: number): Cell[] => art('#'.repeat(length));
    const cases: { n: number; pieces: Record<string, Cell[]>; counts: Record<string, number>; words: number }[] = [
      { n: 85, pieces: { L: straight(40), I: straight(3) }, counts: { L: 1, I: 15 }, words: 1 },
      { n: 90, pieces: { L: straight(62), I: straight(3), D: straight(2) }, counts: { L: 1, I: 6, D: 5 }, words: 1 },
      { n: 120, pieces: { L: straight(50), J: straight(34), I: straight(5), D: straight(2) }, counts: { L: 1, J: 1, I: 6, D: 3 }, words: 2 },
      { n: 130, pieces: { L: straight(70), J: straight(40), I: straight(5), D: straight(2) }, counts: { L: 1, J: 1, I: 2, D: 5 }, words: 2 },
    ];
    for (const c of cases) {
      const puzzle = puzzleOf('strip', rect(c.n, 1), c.pieces, { counts: c.counts });
      const { spec: all, table } = specOf(puzzle);
      const spec = { ...all, firstPieces: [puzzle.pieces.findIndex((p) => p.name === 'L')] };
      const windowed = new BitboardSolver(spec);
      expect((windowed as unknown as { windowWords: number }).windowWords, `1x${c.n}`).toBe(c.words);
      const found: string[] = [];
      const r = windowed.search({ onSolution: (s) => { found.push([...s].sort((x, y) => x - y).join(' ')); } });
      for (const line of found) {
        const cells = line.split(' ').flatMap((i) => Array.from(table.placements[Number(i)]!.cells));
        expect(new Set(cells).size, line).toBe(c.n);
      }
      expect(new Set(found).size).toBe(found.length);
      expect(r.solutions, `1x${c.n}`).toBeGreaterThan(0);
      expect(r.solutions, `1x${c.n}`).toBe(dlxCount(puzzle));
      expect(new BitboardSolver(spec, { wide: true }).search()).toMatchObject({ solutions: r.solutions, nodes: r.nodes });
    }
  });

  it('counts copies on 3-D boards of more than 64 cells as Dancing Links does', () => {
    for (const counts of [{ I: 22 }, { B: 12, I: 6 }] as Record<string, number>[]) {
      const puzzle = puzzleOf('bricks', rect(2, 3, 11), { B: art('##', '##'), I: art('###') }, { counts, dims: 3 });
      const pieces = puzzle.pieces.filter((p) => p.name in counts);
      const bricks = { ...puzzle, pieces };
      expect(bricks.board.length).toBe(66);
      const r = solver(bricks).search();
      expect(r.solutions).toBeGreaterThan(0);
      expect(r.solutions).toBe(dlxCount(bricks));
    }
  });

  it('under a placement of the first piece placed first, tries only the second placements kept with it, on every path (secondKept)', () => {
    const puzzle = loadCatalogPuzzle('pentomino-5x12');
    const { spec: all, table } = specOf(puzzle);
    const [X, I] = ['X', 'I'].map((name) => puzzle.pieces.findIndex((p) => p.name === name)) as [number, number];
    const free = new BitboardSolver({ ...all, firstPieces: [X, I] });
    // under every second X placement, the even-numbered I placements only
    const xs = table.byPiece[X]!.filter((_, i) => i % 2 === 0);
    const evenI = table.byPiece[I]!.filter((_, i) => i % 2 === 0);
    const secondKept = new Map(xs.map((x) => [x, evenI]));
    const kept = new BitboardSolver({ ...all, firstPieces: [X, I], secondKept });
    const allowed = (s: Int32Array): boolean => {
      const x = Array.from(s).find((k) => table.placements[k]!.piece === X)!;
      const i = Array.from(s).find((k) => table.placements[k]!.piece === I)!;
      return !secondKept.has(x) || evenI.includes(i);
    };
    let expected = 0;
    free.search({ onSolution: (s) => { if (allowed(s)) expected++; } });
    const found: Int32Array[] = [];
    expect(kept.search({ onSolution: (s) => { found.push(s.slice()); } }).solutions).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(free.search().solutions);
    expect(found.every(allowed)).toBe(true);
    // the branches under a restricted X, and a prefix that sets aside what the branches leave out
    const x = xs.find((k) => free.branches([k]).length > 0)!;
    const branches = kept.branches([x]);
    expect(branches.length).toBeGreaterThan(0);
    expect(branches.every((i) => evenI.includes(i))).toBe(true);
    const oddI = free.branches([x]).find((i) => !evenI.includes(i))!;
    expect(oddI).toBeDefined();
    expect(kept.branches([x, oddI])).toEqual([]);
    expect(kept.search({ prefix: [x, oddI] }).solutions).toBe(0);
  });
});
