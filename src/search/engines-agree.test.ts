import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey, normalize } from '../geometry/cell.js';
import type { Puzzle } from '../puzzle/model.js';
import { solve } from './solve.js';
import { orbitClasses } from '../test-support/orbits.js';
import { nextTurn } from '../test-support/turn.js';
import { createVerifier } from './verify.js';

/**
 * A random solvable puzzle: a random board (a box with a few cells removed), cut into random connected
 * pieces by growing regions from random seeds, so at least one solution exists. `sizes` bounds the box.
 */
const puzzleArbitrary = (sizes: { w: [number, number]; h: [number, number]; d: number[]; seeds: [number, number] }): fc.Arbitrary<Puzzle> => fc
  .record({
    w: fc.integer({ min: sizes.w[0], max: sizes.w[1] }),
    h: fc.integer({ min: sizes.h[0], max: sizes.h[1] }),
    d: fc.constantFrom(...sizes.d),
    holes: fc.array(fc.nat(), { maxLength: 2 }),
    seeds: fc.integer({ min: sizes.seeds[0], max: sizes.seeds[1] }),
    choices: fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
    mirror: fc.boolean(),
  })
  .map(({ w, h, d, holes, seeds, choices, mirror }) => {
    let board: Cell[] = [];
    for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) board.push([x, y, z]);
    const holeKeys = new Set(holes.map((i) => cellKey(board[i % board.length]!)));
    board = board.filter((c) => !holeKeys.has(cellKey(c)));
    let pick = 0;
    const next = (n: number) => choices[pick++ % choices.length]! % n;
    const owner = new Map<string, number>();
    const regions: Cell[][] = [];
    for (let s = 0; s < seeds; s++) {
      const free = board.filter((c) => !owner.has(cellKey(c)));
      if (free.length === 0) break;
      const c = free[next(free.length)]!;
      owner.set(cellKey(c), regions.length);
      regions.push([c]);
    }
    // grow regions into free neighbours until the board is covered; a cell nobody can reach starts a region
    for (;;) {
      const free = board.filter((c) => !owner.has(cellKey(c)));
      if (free.length === 0) break;
      const frontier = free.filter((c) => neighboursOf(c).some((n) => owner.has(cellKey(n))));
      const c = frontier.length > 0 ? frontier[next(frontier.length)]! : free[0]!;
      const touching = neighboursOf(c).map((n) => owner.get(cellKey(n))).filter((r): r is number => r !== undefined);
      const r = touching.length > 0 ? touching[next(touching.length)]! : regions.push([]) - 1;
      owner.set(cellKey(c), r);
      regions[r]!.push(c);
    }
    const dims = d > 1 ? 3 : 2;
    return {
      name: 'random', dims, board, mirror,
      pieces: regions.map((cells, i) => ({ name: `p${i}`, shape: normalize(cells), count: 1, mirror })),
    } satisfies Puzzle;
  });

function neighboursOf(c: Cell): Cell[] {
  return [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map(([a, b, e]) => [c[0] + a!, c[1] + b!, c[2] + e!] as Cell);
}

/**
 * Small boards, and boards of more than 64 cells, 2-D and 3-D: the bitboard engine's windows of one and two
 * words, and its word-array path where a random piece reaches further than a window.
 */
const SMALL = puzzleArbitrary({ w: [2, 5], h: [2, 4], d: [1, 1, 2], seeds: [2, 5] });
const WIDE_FLAT = puzzleArbitrary({ w: [10, 12], h: [7, 8], d: [1], seeds: [2, 4] });
const WIDE_SOLID = puzzleArbitrary({ w: [5, 6], h: [4, 4], d: [4], seeds: [2, 4] });

describe('the engines agree on random solvable puzzles', () => {
  it.each([
    ['small boards', SMALL, 60],
    ['flat boards of more than 64 cells', WIDE_FLAT, 15],
    ['solid boards of more than 64 cells', WIDE_SOLID, 15],
  ] as const)('%s: same totals and unique counts on dlx and bitboard, each solution verified, unique = orbit count', async (_, arbitrary, numRuns) => {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (puzzle) => {
        await nextTurn();
        const verify = createVerifier(puzzle);
        const dlx = solve(puzzle, { engine: 'dlx', all: true, expandSymmetry: false });
        const bitboard = solve(puzzle, { engine: 'bitboard', all: true, expandSymmetry: false });
        const expanded = solve(puzzle, { engine: 'bitboard', all: true });
        expect(dlx.solutions).toBeGreaterThan(0);
        expect(bitboard.solutions).toBe(dlx.solutions);
        expect(expanded.solutions).toBe(dlx.solutions);
        for (const s of [...dlx.found, ...bitboard.found, ...expanded.found]) expect(verify(s)).toEqual([]);
        const uniqueDlx = solve(puzzle, { engine: 'dlx', unique: true, all: true }).solutions;
        const uniqueBitboard = solve(puzzle, { engine: 'bitboard', unique: true, all: true }).solutions;
        expect(uniqueBitboard).toBe(uniqueDlx);
        // unique = the classes of all solutions under the board's symmetries, counted apart from the search
        expect(uniqueDlx).toBe(orbitClasses(puzzle, dlx.found).count);
      }),
      { numRuns },
    );
  });
});
