import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import type { Puzzle } from '../puzzle/model.js';
import { puzzleProblem } from '../puzzle/model.js';
import { wellFormedProblem } from '../puzzle/validate.js';
import { solve } from '../search/solve.js';
import { inWorker } from '../test-support/in-worker.js';
import { allTilings } from '../test-support/orbits.js';
import { art, rect } from '../test-support/shapes.js';
import { nextTurn } from '../test-support/turn.js';
import { FrontierCounter, MAX_FRONTIER_STATES, planFrontier } from './frontier-count.js';

/** Copies of one piece (or several) tiling a board: the puzzles the counting engine is for. */
function tiling(name: string, board: Cell[], pieces: Record<string, { shape: Cell[]; count: number; min?: number }>, extra: Partial<Puzzle> = {}): Puzzle {
  const dims = board.some((c) => c[2] > 0) ? 3 : 2;
  return {
    name, dims, board, mirror: true,
    pieces: Object.entries(pieces).map(([n, p]) => ({ name: n, shape: p.shape, count: p.count, mirror: true, ...(p.min !== undefined ? { min: p.min } : {}) })),
    ...extra,
  };
}

const DOMINO = art('##');
const L_TROMINO = art('##/#.');
const dominoes = (w: number, h: number, d = 1): Puzzle => tiling(`dominoes ${w}x${h}x${d}`, rect(w, h, d), { D: { shape: DOMINO, count: (w * h * d) / 2 } });
const lTrominoes = (w: number, h: number): Puzzle => tiling(`L-trominoes ${w}x${h}`, rect(w, h), { L: { shape: L_TROMINO, count: (w * h) / 3 } });

function exact(puzzle: Puzzle): bigint {
  const r = solve(puzzle, { engine: 'count', countOnly: true });
  expect(r.complete).toBe(true);
  expect(r.engine).toBe('count');
  return r.exactSolutions!;
}

/**
 * Kasteleyn's formula (1961) for the domino tilings of an m x n rectangle, in floating point: a product
 * over the board's frequencies that shares nothing with a scan of cells.
 */
function kasteleyn(m: number, n: number): number {
  let product = 1;
  for (let j = 1; j <= Math.ceil(m / 2); j++) {
    for (let k = 1; k <= Math.ceil(n / 2); k++) {
      product *= 4 * Math.cos((Math.PI * j) / (m + 1)) ** 2 + 4 * Math.cos((Math.PI * k) / (n + 1)) ** 2;
    }
  }
  return product;
}

describe('published tiling counts, exactly', () => {
  it('dominoes in 2 x n: the Fibonacci numbers F(n+1)', () => {
    let [a, b] = [1n, 1n];
    for (let n = 1; n <= 40; n++) {
      expect(exact(dominoes(2, n))).toBe(b);
      [a, b] = [b, a + b];
    }
  });

  it('dominoes in m x n up to 10 x 10: Kasteleyn\'s product, rounded (and 0 for an odd area)', () => {
    for (let m = 1; m <= 10; m++) {
      for (let n = m; n <= 10; n++) {
        if ((m * n) % 2 === 1) continue;
        expect(exact(dominoes(m, n))).toBe(BigInt(Math.round(kasteleyn(m, n))));
      }
    }
  });

  it('dominoes in 8 x 8: 12,988,816 (Fisher and Temperley; Kasteleyn, 1961; OEIS A004003)', () => {
    expect(exact(dominoes(8, 8))).toBe(12_988_816n);
  });

  it('dominoes in 16 x 16: 2,444,888,770,250,892,795,802,079,170,816 (OEIS A004003, n = 8), every digit', async () => {
    const r = await inWorker('exactCount', dominoes(16, 16), 'count');
    expect(r).toMatchObject({ exact: '2444888770250892795802079170816', complete: true, engine: 'count' });
    // and its leading digits from Kasteleyn's product, apart from any scan
    expect(Number(r.exact!) / kasteleyn(16, 16)).toBeCloseTo(1, 10);
  });

  it('dominoes in 2 x 2 x n boxes: 2, 9, 32, 121, 450 (OEIS A006253)', () => {
    expect([1, 2, 3, 4, 5].map((n) => exact(dominoes(2, 2, n)))).toEqual([2n, 9n, 32n, 121n, 450n]);
  });

  it('L-trominoes in 2 x 3k: 2^k (the strip splits into 2 x 3 blocks, each tiled in 2 ways); none in 2 x n otherwise', () => {
    for (let k = 1; k <= 12; k++) expect(exact(lTrominoes(3 * k, 2))).toBe(2n ** BigInt(k));
  });

  it('L-trominoes in rectangles agree with plain enumeration (orbits.ts: its own orientations and backtracking)', () => {
    for (const [w, h] of [[3, 3], [3, 5], [3, 4], [3, 6], [4, 6], [6, 6], [3, 8], [5, 6]] as const) {
      const puzzle = lTrominoes(w, h);
      expect(exact(puzzle)).toBe(BigInt(allTilings(puzzle).length));
    }
  });
});

describe('the counting engine against enumeration', () => {
  // Small pieces, many copies, and boards with holes, optional cells, ranges and `use`: each puzzle is
  // counted by the counting engine and listed by the bitboard and DLX engines.
  const SHAPES: Cell[][] = [art('#'), DOMINO, art('###'), L_TROMINO, art('###/.#.'), art('##/##'), art('.##/##.'), art('###/#..')];
  const arbitrary = fc.record({
    solid: fc.boolean(),
    w: fc.integer({ min: 2, max: 4 }),
    kinds: fc.uniqueArray(fc.integer({ min: 0, max: SHAPES.length - 1 }), { minLength: 1, maxLength: 3 }),
    counts: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
    ranged: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    holes: fc.array(fc.nat(), { maxLength: 2 }),
    optional: fc.array(fc.nat(), { maxLength: 3 }),
    use: fc.option(fc.nat(), { nil: undefined }),
    mirror: fc.boolean(),
  }).map(({ solid, w, kinds, counts, ranged, holes, optional, use, mirror }) => {
    const pieces = kinds.map((k, i) => ({
      name: `p${i}`, shape: SHAPES[k]!, count: counts[i]!, mirror,
      ...(ranged[i] ? { min: counts[i]! - 1 } : {}),
    }));
    // the board: as many cells as the pieces cover at most (less some when pieces may be left out), the
    // first ones of a box with holes, in reading order (so the last row or layer is ragged)
    const most = pieces.reduce((n, p) => n + p.count * p.shape.length, 0);
    const box = (solid ? rect(2, Math.ceil((most + 4) / 4), 2) : rect(w, Math.ceil((most + 4) / w) + 1))
      .sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
    const holeSet = new Set(holes.map((i) => i % Math.min(box.length, most)));
    const board = box.filter((_, i) => !holeSet.has(i)).slice(0, most - (pieces.some((p) => p.min !== undefined) && optional.length === 0 ? 1 : 0) + Math.min(optional.length, 2));
    const optionalCells = [...new Set(optional.map((i) => i % board.length))].map((i) => board[i]!);
    const fewest = pieces.reduce((n, p) => n + (p.min ?? p.count), 0);
    const copies = pieces.reduce((n, p) => n + p.count, 0);
    return {
      name: 'random', dims: solid ? 3 : 2, board, mirror, pieces,
      ...(optionalCells.length > 0 ? { optional: optionalCells } : {}),
      ...(use !== undefined && copies > fewest ? { use: fewest + (use % (copies - fewest + 1)) } : {}),
    } as Puzzle;
  });

  it('same counts as the bitboard and DLX engines on random small boards, 2-D and 3-D, with copies, + cells, ranges and use', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(arbitrary, async (puzzle) => {
        await nextTurn();
        if (wellFormedProblem(puzzle) ?? puzzleProblem(puzzle)) return;
        let counted;
        try {
          counted = solve(puzzle, { engine: 'count', countOnly: true });
        } catch (e) {
          // a frontier too wide for its limit: refused with the reason, before any search
          expect(String(e)).toMatch(/InvalidOptionError: the counting engine would keep .* more than its limit/);
          return;
        }
        const bitboard = solve(puzzle, { engine: 'bitboard', countOnly: true, expandSymmetry: false });
        const dlx = solve(puzzle, { engine: 'dlx', countOnly: true, expandSymmetry: false });
        expect(counted.engine).toBe('count');
        expect(bitboard.solutions).toBe(dlx.solutions);
        expect(counted.solutions).toBe(bitboard.solutions);
        expect(counted.exactSolutions).toBe(BigInt(bitboard.solutions));
        if (bitboard.solutions > 0) compared++;
      }),
      { numRuns: 300, seed: 20240611 },
    );
    // the property saw puzzles with solutions, not only refusals
    expect(compared).toBeGreaterThan(50);
  });

  it('counts with pieces placed before: the board left over', () => {
    const puzzle = tiling('placed', rect(4, 4), { D: { shape: DOMINO, count: 8 } }, { placed: [{ piece: 'D', cells: [[1, 1, 0], [2, 1, 0]] }] });
    const r = solve(puzzle, { countOnly: true });
    expect(r.engine).toBe('count');
    expect(r.solutions).toBe(allTilings(puzzle).length);
    expect(r.solutions).toBe(solve(puzzle, { engine: 'bitboard', countOnly: true }).solutions);
  });
});

describe('the engine itself', () => {
  it('scans the short way: dominoes in 3 x 20 have a frontier of 4 cells, whichever way the board lies', () => {
    for (const board of [rect(3, 20), rect(20, 3)]) {
      const puzzle = tiling('d', board, { D: { shape: DOMINO, count: 30 } });
      const cells = [...puzzle.board].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      const placements = [];
      for (const [i, c] of cells.entries()) {
        for (const [dx, dy] of [[1, 0], [0, 1]] as const) {
          const j = cells.findIndex((d) => d[0] === c[0] + dx && d[1] === c[1] + dy);
          if (j >= 0) placements.push({ piece: 0, cells: [i, j] });
        }
      }
      const plan = planFrontier({ cellCount: cells.length, coords: cells, pieceCounts: [30], pieceSizes: [2], placements });
      expect(plan.width).toBe(4);
      expect(plan.stateBound).toBe(8);
      expect(new FrontierCounter({ cellCount: cells.length, coords: cells, pieceCounts: [30], pieceSizes: [2], placements }).search().exactSolutions).toBe(413_403n); // 3 x 2n: 1, 3, 11, 41, ... (OEIS A001835), n = 10
    }
  });

  it('measures no wider than it is asked to: the same plan within the limit, none past it', () => {
    const cells = rect(3, 20);
    const at = (x: number, y: number): number => cells.findIndex((d) => d[0] === x && d[1] === y);
    const placements = cells.flatMap((c, i) => [at(c[0] + 1, c[1]), at(c[0], c[1] + 1)].filter((j) => j >= 0).map((j) => ({ piece: 0, cells: [i, j] })));
    const spec = { cellCount: cells.length, coords: cells, pieceCounts: [30], pieceSizes: [2], placements };
    const whole = planFrontier(spec);
    expect(whole.width).toBe(4);
    expect(planFrontier(spec, 4)).toEqual(whole);
    expect(planFrontier(spec, 3)).toBeUndefined();
  });

  it('refuses, before building anything, what would need more states than its limit', () => {
    const cells = rect(24, 24);
    const placements = cells.flatMap((c, i) => (c[0] < 23 ? [{ piece: 0, cells: [i, i + 1] }] : [])).concat(cells.flatMap((c, i) => (c[1] < 23 ? [{ piece: 0, cells: [i, i + 24] }] : [])));
    const plan = planFrontier({ cellCount: cells.length, coords: cells, pieceCounts: [288], pieceSizes: [2], placements });
    expect(plan.stateBound).toBeGreaterThan(MAX_FRONTIER_STATES);
    expect(plan.unsupported?.()).toMatch(/more than its limit of 2,097,152/);
  });

  it('stops at the deadline or on the signal between steps: not complete, no count', () => {
    const controller = new AbortController();
    controller.abort();
    const r = solve(dominoes(8, 8), { engine: 'count', countOnly: true, signal: controller.signal });
    expect(r).toMatchObject({ complete: false, solutions: 0 });
    expect(r.exactSolutions).toBeUndefined();
    expect(solve(dominoes(8, 8), { engine: 'count', countOnly: true, timeLimitMs: 0 }).complete).toBe(false);
  });
});
