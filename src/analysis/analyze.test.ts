import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey, normalize } from '../geometry/cell.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { InvalidOptionError } from '../search/options.js';
import { allTilings, orbitClasses, plainSearchTree, tilingKey } from '../test-support/orbits.js';
import { art, PENTOMINOES, puzzleOf, rect } from '../test-support/shapes.js';
import { nextTurn } from '../test-support/turn.js';
import { compilePlain } from '../compile/engine-inputs.js';
import { analyzePuzzle } from './analyze.js';

const DOMINO = art('##');
const placementKeyOf = (p: { piece: string; cells: readonly Cell[] }): string => `${p.piece}:${p.cells.map(cellKey).sort().join(' ')}`;

/** The puzzle with `placed` taken off by hand: their cells off the board, their copies used up (pieces left with none dropped). */
function takenOff(puzzle: Puzzle, placed: readonly PlacedPiece[]): Puzzle {
  const cells = new Set(placed.flatMap((p) => p.cells.map(cellKey)));
  const used = (name: string): number => placed.filter((p) => p.piece === name).length;
  return {
    ...puzzle,
    board: puzzle.board.filter((c) => !cells.has(cellKey(c))),
    pieces: puzzle.pieces.map((p) => ({ ...p, count: p.count - used(p.name) })).filter((p) => p.count > 0),
  };
}

/** The placements every one of the solutions has (none when there is no solution). */
function sharedByAll(solutions: readonly Solution[]): Set<string> {
  if (solutions.length === 0) return new Set();
  let shared = new Set(solutions[0]!.placements.map(placementKeyOf));
  for (const s of solutions.slice(1)) {
    const mine = new Set(s.placements.map(placementKeyOf));
    shared = new Set([...shared].filter((k) => mine.has(k)));
  }
  return shared;
}

describe('the plain search (the difficulty figure)', () => {
  it('counts the moves of a tree counted by hand: dominoes in a 2x3 board', () => {
    // (0,0) across: (0,1) across, (0,2) across: 3 moves, a solution; (0,1) down, (1,1) down: 2 moves, a
    // solution. (0,0) down: (1,0) down, (0,2) across: 3 moves, a solution. 8 moves, 3 solutions.
    const puzzle = puzzleOf('dominoes', rect(2, 3), { D: DOMINO }, { counts: { D: 3 } });
    expect(compilePlain(puzzle).search.countTree([])).toEqual({ nodes: 8, solutions: 3, complete: true });
    expect(plainSearchTree(puzzle)).toEqual({ nodes: 8, solutions: 3, deadEnds: 0 });
  });

  it('counts moves that lead to dead ends: two dominoes on an L of four cells', () => {
    // (0,0) across leaves (2,0), which nothing fits: 1 move, a dead end; (0,0) down, then (1,0) across: 2 moves.
    const puzzle = puzzleOf('L', art('###/#..'), { D: DOMINO }, { counts: { D: 2 } });
    expect(compilePlain(puzzle).search.countTree([])).toEqual({ nodes: 3, solutions: 1, complete: true });
    expect(plainSearchTree(puzzle)).toEqual({ nodes: 3, solutions: 1, deadEnds: 1 });
  });

  it('tries copies of one piece once: four monominoes in a row make one move per cell', () => {
    const puzzle = puzzleOf('row', rect(4, 1), { M: art('#') }, { counts: { M: 4 } });
    expect(compilePlain(puzzle).search.countTree([])).toEqual({ nodes: 4, solutions: 1, complete: true });
  });

  it('stops at its budget of moves and says the count is a lower bound', () => {
    const puzzle = puzzleOf('dominoes', rect(2, 3), { D: DOMINO }, { counts: { D: 3 } });
    expect(compilePlain(puzzle).search.countTree([], { maxNodes: 5 })).toEqual({ nodes: 5, solutions: 2, complete: false });
  });

  it('starts from pieces put down first (as table numbers); a start that clashes has no tree', () => {
    const puzzle = puzzleOf('dominoes', rect(2, 3), { D: DOMINO }, { counts: { D: 3 } });
    const { search: plain, table } = compilePlain(puzzle);
    const board = table.board;
    const down = plain.placementOf(0, [board.indexOf([0, 0, 0]), board.indexOf([0, 1, 0])]);
    expect(down).toBeGreaterThanOrEqual(0);
    // then (1,0) down and (0,2) across: 2 moves
    expect(plain.countTree([down])).toEqual({ nodes: 2, solutions: 1, complete: true });
    expect(plain.countTree([down, down])).toEqual({ nodes: 0, solutions: 0, complete: true });
  });

  it('equals the count by hand (orbits.ts) on random solvable puzzles, 2-D and 3-D', async () => {
    await fc.assert(
      fc.asyncProperty(randomPuzzle, async (puzzle) => {
        await nextTurn();
        const mine = compilePlain(puzzle).search.countTree([]);
        const theirs = plainSearchTree(puzzle);
        expect(mine).toEqual({ nodes: theirs.nodes, solutions: theirs.solutions, complete: true });
      }),
      { numRuns: 40 },
    );
  });
});

describe('the plain search watched move by move', () => {
  it('shows every tiling once as a full board, pieces never overlapping, and ends with the count of countTree', () => {
    // 4x3 with dominoes and two L-trominoes: pieces of two kinds, and dead ends to back out of
    const puzzle = puzzleOf('mixed', rect(4, 3), { D: DOMINO, L: art('##/#.') }, { counts: { D: 3, L: 2 } });
    const { search, table } = compilePlain(puzzle);
    const run = search.watch();
    const { placements, board } = table;
    const full = new Set<string>();
    let steps = 0;
    let over = false;
    while (!over) {
      over = run.step(1);
      steps++;
      const cells = run.board().flatMap((k) => Array.from(placements[k]!.cells));
      expect(new Set(cells).size).toBe(cells.length);
      if (cells.length === board.cells.length) full.add([...run.board()].sort((a, b) => a - b).join());
    }
    const tree = search.countTree([]);
    expect(run.result()).toEqual(tree);
    // one move a step: as many steps as moves (and the last, which finds none)
    expect(steps).toBe(tree.nodes + 1);
    // every tiling, as plain backtracking finds them (test-support/orbits.ts)
    expect(full.size).toBe(allTilings(puzzle).length);
  });
});

describe('forced moves', () => {
  it('fills a row of cells with dominoes without a guess', () => {
    const puzzle = puzzleOf('row', rect(4, 1), { D: DOMINO }, { counts: { D: 2 } });
    const forced = compilePlain(puzzle).search.forcedMoves([]);
    expect(forced.stuck).toBe(false);
    expect(forced.moves).toHaveLength(2);
  });

  it('finds none where every cell has two ways (dominoes in 2x2), and all of them once a domino is down (2x3)', () => {
    expect(compilePlain(puzzleOf('square', rect(2, 2), { D: DOMINO }, { counts: { D: 2 } })).search.forcedMoves([]).moves).toEqual([]);
    const puzzle = puzzleOf('dominoes', rect(2, 3), { D: DOMINO }, { counts: { D: 3 } });
    const { search: plain, table } = compilePlain(puzzle);
    const board = table.board;
    const down = plain.placementOf(0, [board.indexOf([0, 0, 0]), board.indexOf([0, 1, 0])]);
    // (1,0) can then only take a domino down, and (0,2) one across
    expect(plain.forcedMoves([down]).moves).toHaveLength(2);
  });

  it('says when a position is stuck (a cell nothing can cover)', () => {
    const puzzle = puzzleOf('L', art('###/#..'), { D: DOMINO }, { counts: { D: 2 } });
    const { search: plain, table } = compilePlain(puzzle);
    const board = table.board;
    const across = plain.placementOf(0, [board.indexOf([0, 0, 0]), board.indexOf([1, 0, 0])]);
    expect(plain.forcedMoves([across]).stuck).toBe(true);
  });
});

describe('analyzePuzzle', () => {
  it('counts the 3x20 pentomino rectangle as published: 8 solutions, 2 up to symmetry, not unique, nothing shared', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-3x20');
    const a = await analyzePuzzle(puzzle, { maxNodes: 1000, workers: 1 });
    expect(a.solutions).toBe(puzzle.known!.total);
    expect(a.unique).toBe(puzzle.known!.unique);
    expect(a).toMatchObject({ isUnique: false, complete: true, shared: [], piecesToPlace: 12 });
    expect(a.difficulty).toMatchObject({ nodes: 1000, complete: false });
  });

  it('stops each count at maxSolutions, and then knows nothing of uniqueness', async () => {
    const a = await analyzePuzzle(loadCatalogPuzzle('pentomino-6x10'), { maxSolutions: 10, maxNodes: 1000, workers: 1 });
    expect(a).toMatchObject({ solutions: 10, unique: 10, complete: false, isUnique: false });
  });

  it('agrees with a count by hand on random puzzles, 2-D and 3-D: totals, classes, shared placements, difficulty, forced moves', async () => {
    await fc.assert(
      fc.asyncProperty(randomPuzzle, async (puzzle) => {
        await nextTurn();
        const tilings = allTilings(puzzle);
        const a = await analyzePuzzle(puzzle, { workers: 1 });
        expect(a.solutions).toBe(tilings.length);
        const classes = orbitClasses(puzzle, tilings).count;
        expect(a.unique).toBe(classes);
        expect(a.isUnique).toBe(classes === 1);
        expect(a.complete).toBe(true);
        // every placement listed is in every solution, and every placement in every solution is listed
        expect(new Set(a.shared.map(placementKeyOf))).toEqual(sharedByAll(tilings));
        expect(a.difficulty).toMatchObject({ nodes: plainSearchTree(puzzle).nodes, complete: true });
        // a forced move is in every solution
        const { search: plain, table } = compilePlain(puzzle);
        const forced = plain.forcedMoves([]);
        expect(forced.moves).toHaveLength(a.forcedMoves);
        const shared = sharedByAll(tilings);
        for (const k of forced.moves) {
          const cells = plain.placementCells(k).map((c) => table.board.cells[c]!);
          expect(shared.has(placementKeyOf({ piece: puzzle.pieces[plain.placementPieceOf(k)]!.name, cells }))).toBe(true);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('analyses the completions of a board with a piece placed as the board without its cells and the piece (random puzzles)', async () => {
    await fc.assert(
      fc.asyncProperty(randomPuzzle, fc.nat(), async (puzzle, which) => {
        await nextTurn();
        const first = allTilings(puzzle)[0]!;
        const placed = [first.placements[which % first.placements.length]!];
        const rest = takenOff(puzzle, placed);
        const completions = rest.board.length === 0 ? [{ placements: [] }] : allTilings(rest);
        const a = await analyzePuzzle({ ...puzzle, placed }, { workers: 1 });
        expect(a.solutions).toBe(completions.length);
        // classes of the whole tilings under the symmetries that keep the placed piece where it is
        const whole = completions.map((s) => ({ placements: [...placed.map((p) => ({ ...p, given: true as const })), ...s.placements] }));
        expect(a.unique).toBe(orbitClasses({ ...puzzle, placed }, whole).count);
        // the piece placed before is not listed as shared: it is given
        expect(new Set(a.shared.map(placementKeyOf))).toEqual(sharedByAll(completions));
        if (rest.board.length > 0) expect(a.difficulty).toEqual(expect.objectContaining({ nodes: plainSearchTree(rest).nodes, complete: true }));
      }),
      { numRuns: 30 },
    );
  });

  it('a board the placed pieces cover is unique, with nothing left to search', async () => {
    const puzzle = puzzleOf('dominoes', rect(2, 2), { D: DOMINO }, { counts: { D: 2 } });
    const placed = [{ piece: 'D', cells: [[0, 0, 0], [1, 0, 0]] as Cell[] }, { piece: 'D', cells: [[0, 1, 0], [1, 1, 0]] as Cell[] }];
    const a = await analyzePuzzle({ ...puzzle, placed }, { workers: 1 });
    expect(a).toMatchObject({ solutions: 1, unique: 1, isUnique: true, shared: [], forcedMoves: 0, difficulty: { nodes: 0, complete: true } });
  });

  it('refuses options out of range before anything runs', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-3x20');
    await expect(analyzePuzzle(puzzle, { maxSolutions: 0 })).rejects.toThrow(InvalidOptionError);
    await expect(analyzePuzzle(puzzle, { maxNodes: 1.5 })).rejects.toThrow(InvalidOptionError);
    await expect(analyzePuzzle(puzzle, { timeLimitMs: Number.NaN })).rejects.toThrow(InvalidOptionError);
  });

  it('pentominoes: two pieces placed from a solution leave a board whose analysis matches its completions', async () => {
    const puzzle = puzzleOf('5x4', rect(5, 4), { L: PENTOMINOES.L!, P: PENTOMINOES.P!, U: PENTOMINOES.U!, Y: PENTOMINOES.Y! });
    const tilings = allTilings(puzzle);
    expect(tilings.length).toBeGreaterThan(0);
    const placed = tilings[0]!.placements.slice(0, 1);
    const completions = allTilings(takenOff(puzzle, placed));
    const a = await analyzePuzzle({ ...puzzle, placed }, { workers: 1 });
    expect(a.solutions).toBe(completions.length);
    expect(completions.map(tilingKey)).toContain(tilingKey({ placements: tilings[0]!.placements.slice(1) }));
  });
});

/**
 * A random solvable puzzle: a small box (2-D, or two layers), a cell or two taken out, cut into connected
 * pieces grown from random seeds (so it has a solution); pieces may or may not be turned over.
 */
const randomPuzzle: fc.Arbitrary<Puzzle> = fc
  .record({
    w: fc.integer({ min: 2, max: 5 }),
    h: fc.integer({ min: 2, max: 4 }),
    d: fc.constantFrom(1, 1, 2),
    holes: fc.array(fc.nat(), { maxLength: 2 }),
    seeds: fc.integer({ min: 2, max: 5 }),
    choices: fc.array(fc.nat(), { minLength: 100, maxLength: 100 }),
    mirror: fc.boolean(),
  })
  .map(({ w, h, d, holes, seeds, choices, mirror }) => {
    const all = rect(w, h, d);
    const out = new Set(holes.map((i) => cellKey(all[i % all.length]!)));
    const board = all.filter((c) => !out.has(cellKey(c)));
    let turn = 0;
    const pick = (n: number): number => choices[turn++ % choices.length]! % n;
    const owner = new Map<string, number>();
    const regions: Cell[][] = [];
    const near = (c: Cell): Cell[] => [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map(([a, b, e]) => [c[0] + a!, c[1] + b!, c[2] + e!] as Cell);
    for (let s = 0; s < seeds; s++) {
      const free = board.filter((c) => !owner.has(cellKey(c)));
      if (free.length === 0) break;
      const c = free[pick(free.length)]!;
      owner.set(cellKey(c), regions.length);
      regions.push([c]);
    }
    for (;;) {
      const free = board.filter((c) => !owner.has(cellKey(c)));
      if (free.length === 0) break;
      const frontier = free.filter((c) => near(c).some((n) => owner.has(cellKey(n))));
      const c = frontier.length > 0 ? frontier[pick(frontier.length)]! : free[0]!;
      const touching = near(c).map((n) => owner.get(cellKey(n))).filter((r): r is number => r !== undefined);
      const r = touching.length > 0 ? touching[pick(touching.length)]! : regions.push([]) - 1;
      owner.set(cellKey(c), r);
      regions[r]!.push(c);
    }
    const dims = d > 1 ? 3 : 2;
    return { name: 'random', dims, board, mirror, pieces: regions.map((cells, i) => ({ name: `p${i}`, shape: normalize(cells), count: 1, mirror })) } satisfies Puzzle;
  });
