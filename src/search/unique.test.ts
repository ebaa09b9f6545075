import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import type { Cell, Puzzle, Solution } from '../puzzle/model.js';
import { allTilings, orbitClasses, shapeClass, tilingKey } from '../test-support/orbits.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeShards } from '../runs/merge.js';
import { resumeAsync } from '../runs/resume.js';
import { solveAsync } from '../runs/run.js';
import { nextTurn } from '../test-support/turn.js';
import { prepareSearch } from '../compile/compile.js';
import { solve } from './solve.js';
import { createVerifier } from './verify.js';

/**
 * `--unique` and every count against an independent computation: all tilings by plain backtracking, and
 * their classes under the board's symmetries by applying each symmetry to the whole set
 * (test-support/orbits.ts, which shares no code with the search). Boards are symmetric and cut into
 * pieces of 2 to 4 cells, so that identical copies abound: a solution is its set of (piece type, cells),
 * never which copy lies where.
 */

const byName = (name: string, board: Cell[], pieces: { name: string; shape: Cell[]; count: number }[], mirror: boolean, dims: 2 | 3): Puzzle => ({
  name, dims, board, mirror,
  pieces: pieces.map((p) => ({ ...p, mirror })),
});

function box(w: number, h: number, d = 1): Cell[] {
  const cells: Cell[] = [];
  for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, z]);
  return cells;
}

/** The engines that can solve the puzzle: the cell engines always, the skyline engine for rectangles. */
function enginesFor(puzzle: Puzzle): EngineName[] {
  const isRect = (cells: readonly Cell[]): boolean => {
    const span = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i]!)) - Math.min(...cells.map((c) => c[i]!)) + 1);
    return span[0]! * span[1]! * span[2]! === cells.length;
  };
  const rect = puzzle.dims === 2 && isRect(puzzle.board) && puzzle.pieces.every((p) => isRect(p.shape));
  return rect ? ['bitboard', 'dlx', 'rect'] : ['bitboard', 'dlx'];
}

/** Checks every count snug gives against the independent ones, on every engine and path that applies. */
function checkAgainstOrbits(puzzle: Puzzle): { total: number; unique: number } {
  const truth = allTilings(puzzle);
  const orbits = orbitClasses(puzzle, truth);
  const truthKeys = new Set(truth.map(tilingKey));
  expect(truthKeys.size).toBe(truth.length);
  const verify = createVerifier(puzzle);
  const sameSet = (found: readonly Solution[]): void => {
    for (const s of found) expect(verify(s)).toEqual([]);
    expect(new Set(found.map(tilingKey))).toEqual(truthKeys);
    expect(found).toHaveLength(truth.length);
  };
  for (const engine of enginesFor(puzzle)) {
    // every solution: plainly, through symmetry classes expanded, and counted by orbit-stabilizer
    const plain = solve(puzzle, { engine, all: true, expandSymmetry: false });
    expect(plain.solutions, `${engine} total`).toBe(truth.length);
    sameSet(plain.found);
    const expanded = solve(puzzle, { engine, all: true });
    expect(expanded.solutions, `${engine} total through classes`).toBe(truth.length);
    sameSet(expanded.found);
    expect(solve(puzzle, { engine, countOnly: true }).solutions, `${engine} count`).toBe(truth.length);
    // one per class: as many as the classes, and no two in one class
    const unique = solve(puzzle, { engine, unique: true, all: true });
    expect(unique.solutions, `${engine} unique`).toBe(orbits.count);
    for (const s of unique.found) expect(verify(s)).toEqual([]);
    expect(new Set(unique.found.map(orbits.classOf)).size, `${engine} unique solutions in distinct classes`).toBe(orbits.count);
    expect(solve(puzzle, { engine, unique: true, countOnly: true }).solutions, `${engine} unique count`).toBe(orbits.count);
    // up to rotations only: mirror-image solutions told apart
    const rotations = orbitClasses(puzzle, truth, { rotationsOnly: true });
    const byRotation = solve(puzzle, { engine, unique: true, all: true, symmetry: 'rotations' });
    expect(byRotation.solutions, `${engine} unique up to rotations`).toBe(rotations.count);
    expect(new Set(byRotation.found.map(rotations.classOf)).size).toBe(rotations.count);
  }
  return { total: truth.length, unique: orbits.count };
}

describe('unique solutions when pieces have identical copies', () => {
  it('four L-tetrominoes in 4x4: 10 solutions, 3 up to symmetry', () => {
    const L: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]];
    expect(checkAgainstOrbits(byName('L4', box(4, 4), [{ name: 'L', shape: L, count: 4 }], true, 2))).toEqual({ total: 10, unique: 3 });
  });

  it('two dominoes in 2x2: 2 solutions, 1 up to symmetry', () => {
    expect(checkAgainstOrbits(byName('dominoes', box(2, 2), [{ name: 'D', shape: box(2, 1), count: 2 }], true, 2))).toEqual({ total: 2, unique: 1 });
  });

  it('four dominoes in 2x2x2: 9 solutions, 2 up to symmetry', () => {
    expect(checkAgainstOrbits(byName('dominoes', box(2, 2, 2), [{ name: 'D', shape: box(2, 1, 1), count: 4 }], false, 3))).toEqual({ total: 9, unique: 2 });
  });

  it('two one-sided pieces of one shape under two names and one mirror-image piece: the reflection is not a symmetry (it was counted, and expanding classes found 4 solutions of 2)', () => {
    const J: Cell[] = [[1, 0, 0], [1, 1, 0], [0, 2, 0], [1, 2, 0]];
    const Jturned: Cell[] = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 2, 0]];
    const L: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]];
    const big: Cell[] = [[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0], [0, 2, 0], [1, 2, 0]];
    const board = box(5, 4).filter((c) => !(c[0] === 2 && c[1] === 3));
    const puzzle = byName('twins', board, [{ name: 'p0', shape: J, count: 1 }, { name: 'p1', shape: L, count: 1 }, { name: 'p2', shape: Jturned, count: 1 }, { name: 'p3', shape: big, count: 1 }], false, 2);
    expect(checkAgainstOrbits(puzzle).total).toBe(2);
  });

  it('a one-sided piece whose mirror image may be turned over: the reflection is not a symmetry', () => {
    const J: Cell[] = [[1, 0, 0], [1, 1, 0], [0, 2, 0], [1, 2, 0]];
    const puzzle: Puzzle = {
      name: 'one-sided and free', dims: 2, mirror: false, board: box(4, 2),
      pieces: [{ name: 'J', shape: J, count: 1, mirror: false }, { name: 'free', shape: J, count: 1, mirror: true }],
    };
    checkAgainstOrbits(puzzle);
  });

  it('the Slothouber-Graatsma puzzle (six 1x2x2 blocks, three unit cubes in 3x3x3): one solution up to symmetry', () => {
    const puzzle = byName('Slothouber-Graatsma', box(3, 3, 3), [{ name: 'B', shape: box(1, 2, 2), count: 6 }, { name: 'u', shape: [[0, 0, 0]], count: 3 }], false, 3);
    expect(checkAgainstOrbits(puzzle).unique).toBe(1);
  });
});

/**
 * X, I, F, L, P and U in 6x5 (24 solutions, 6 up to symmetry): X's kept placements include symmetric
 * ones, under which a second piece is restricted too (compile/symmetry.ts, SecondRestriction), I on both
 * engines (the bitboard engine's second piece placed first; Dancing Links' piece of fewest placements).
 */
const PENTOMINOES_6X5 = byName('XIFLPU in 6x5', box(6, 5), [
  { name: 'X', shape: [[1, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]], count: 1 },
  { name: 'I', shape: box(5, 1), count: 1 },
  { name: 'F', shape: [[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [1, 2, 0]], count: 1 },
  { name: 'L', shape: [[0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 3, 0], [1, 3, 0]], count: 1 },
  { name: 'P', shape: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 2, 0]], count: 1 },
  { name: 'U', shape: [[0, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0]], count: 1 },
], true, 2);

describe('a second piece restricted under the first one\'s symmetric placements', () => {
  it('XIFLPU in 6x5: 24 solutions, 6 up to symmetry, on both engines, listed, counted and through classes', () => {
    for (const engine of ['bitboard', 'dlx'] as const) {
      expect(prepareSearch(PENTOMINOES_6X5, { engine, unique: true }).symmetryNote).toMatch(/piece X restricted to 4 of its 12 placements \(2 of them symmetric.*under 2 of them, piece I restricted to its orbits/);
    }
    expect(checkAgainstOrbits(PENTOMINOES_6X5)).toEqual({ total: 24, unique: 6 });
  });
});

/**
 * Puzzles in which no piece is fixed by every symmetry and used in every solution: the placements over one
 * cell are restricted instead (compile/symmetry.ts, cellBreaking). One-sided L and J tetrominoes, two
 * each, which a reflection swaps; and pieces chosen from ranges, in 2-D and 3-D.
 */
const L4: Cell[] = [[0, 0, 0], [0, 1, 0], [0, 2, 0], [1, 2, 0]];
const J4: Cell[] = [[1, 0, 0], [1, 1, 0], [0, 2, 0], [1, 2, 0]];
const DOMINO: Cell[] = [[0, 0, 0], [1, 0, 0]];
const TROMINO_L: Cell[] = [[0, 0, 0], [0, 1, 0], [1, 1, 0]];
const NO_PIECE_FIXED: readonly { puzzle: Puzzle; total: number; unique: number }[] = [
  { puzzle: byName('L and J in 4x4', box(4, 4), [{ name: 'L', shape: L4, count: 2 }, { name: 'J', shape: J4, count: 2 }], false, 2), total: 4, unique: 1 },
  {
    puzzle: { name: 'chosen in 3x3', dims: 2, board: box(3, 3), mirror: true, pieces: [
      { name: 'D', shape: DOMINO, count: 4, min: 0, mirror: true }, { name: 'L', shape: TROMINO_L, count: 3, min: 0, mirror: true }, { name: 'm', shape: [[0, 0, 0]], count: 1, min: 0, mirror: true },
    ] },
    total: 50,
    unique: 7,
  },
  {
    puzzle: { name: 'chosen in 2x2x3', dims: 3, board: box(2, 2, 3), mirror: false, pieces: [
      { name: 'D', shape: DOMINO, count: 6, min: 0, mirror: false }, { name: 'L', shape: TROMINO_L, count: 4, min: 0, mirror: false },
    ] },
    total: 412,
    unique: 38,
  },
];

describe('unique solutions when no piece is fixed by every symmetry and used in every solution', () => {
  for (const { puzzle, total, unique } of NO_PIECE_FIXED) {
    it(`${puzzle.name}: ${total} solutions, ${unique} up to symmetry, the placements over a cell restricted, on both engines`, () => {
      for (const engine of ['bitboard', 'dlx'] as const) {
        expect(prepareSearch(puzzle, { engine, unique: true }).symmetryNote).toMatch(/no piece fixed by all of them.*the placements over a cell that \d+ of them fix restricted to \d+ of \d+/);
      }
      expect(checkAgainstOrbits(puzzle)).toEqual({ total, unique });
    });
  }
});

describe('unique solutions with copies on every path of a long run', () => {
  const L: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]];
  const puzzles = [
    byName('L4', box(4, 4), [{ name: 'L', shape: L, count: 4 }], true, 2),
    byName('Slothouber-Graatsma', box(3, 3, 3), [{ name: 'B', shape: box(1, 2, 2), count: 6 }, { name: 'u', shape: [[0, 0, 0]], count: 3 }], false, 3),
    PENTOMINOES_6X5,
    NO_PIECE_FIXED[1]!.puzzle,
  ];
  // trialMs: 0 makes every run planned, however small the puzzle
  for (const puzzle of puzzles) {
    it(`${puzzle.name}: worker threads, shards and a resumed checkpoint agree with the orbit count`, async () => {
      const truth = orbitClasses(puzzle, allTilings(puzzle));
      const threads = await solveAsync(puzzle, { unique: true, all: true, workers: 2, trialMs: 0 });
      expect(threads.plan).toBeDefined();
      expect(threads.solutions).toBe(truth.count);
      expect(new Set(threads.found.map(truth.classOf)).size).toBe(truth.count);
      expect((await solveAsync(puzzle, { unique: true, countOnly: true, workers: 2, trialMs: 0 })).solutions).toBe(truth.count);
      const shards = [];
      for (let index = 1; index <= 3; index++) {
        const r = await solveAsync(puzzle, { unique: true, countOnly: true, workers: 1, shard: { index, count: 3 } });
        shards.push({ ...r, shard: r.shard!, source: `shard ${index}` });
      }
      expect(mergeShards(shards).solutions).toBe(truth.count);
      // stopped after its first subproblems, then resumed: every class once (the first run on two threads:
      // one worker searches a tree this small on this thread, in slices, and may finish all of it within the
      // millisecond that progress waits for)
      const path = join(mkdtempSync(join(tmpdir(), 'snug-unique-')), 'run.json');
      const controller = new AbortController();
      const first = await solveAsync(puzzle, {
        unique: true, all: true, workers: 2, trialMs: 0, checkpoint: { path }, signal: controller.signal, progressIntervalMs: 1,
        onProgress: (p) => { if (p.subproblemsDone >= 1) controller.abort(); },
      });
      expect(first.interrupted).toBe(true);
      const resumed = await resumeAsync(path, { workers: 1 });
      expect(resumed.solutions).toBe(truth.count);
      expect(new Set(resumed.found.map(truth.classOf)).size).toBe(truth.count);
    });
  }
});

/** A symmetric board: a square or a rectangle, a cube or a box, less the whole orbit of a cell or two. */
const boardArbitrary = fc
  .record({
    shape: fc.constantFrom([2, 2, 1], [3, 3, 1], [4, 4, 1], [2, 3, 1], [2, 4, 1], [3, 4, 1], [2, 6, 1], [2, 2, 2], [2, 2, 3], [2, 2, 4], [2, 3, 2]),
    holes: fc.array(fc.nat(), { maxLength: 2 }),
  })
  .map(({ shape: [w, h, d], holes }) => {
    let board = box(w!, h!, d!);
    // the orbit of a cell under the box's own symmetries (reflections in each axis, and swaps of equal sides)
    for (const i of holes) {
      const c = board[i % board.length];
      if (!c || board.length < 8) break;
      const images = new Set<string>();
      const ext = [w!, h!, d!];
      const flips = (p: number[]): number[][] => {
        const out: number[][] = [];
        for (let m = 0; m < 8; m++) out.push(p.map((v, a) => ((m >> a) & 1 ? ext[a]! - 1 - v : v)));
        return out;
      };
      const perms = [[0, 1, 2], [1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [2, 0, 1]].filter((p) => p.every((a, j) => ext[a] === ext[j]));
      for (const p of perms) for (const f of flips([c[0], c[1], c[2]])) images.add(p.map((a) => f[a]).join(','));
      const next = board.filter((b) => !images.has(b.join(',')));
      if (next.length >= 4) board = next;
    }
    return { board, dims: (d! > 1 ? 3 : 2) as 2 | 3 };
  });

/** Cuts the board into connected regions of 2 to 4 cells (a region left alone with one cell joins a neighbour). */
function cut(board: Cell[], choices: number[]): Cell[][] | undefined {
  let pick = 0;
  const next = (n: number): number => choices[pick++ % choices.length]! % n;
  const k = (c: Cell): string => c.join(',');
  const onBoard = new Map(board.map((c) => [k(c), c]));
  const owner = new Map<string, number>();
  const regions: Cell[][] = [];
  const around = (c: Cell): Cell[] =>
    [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map(([a, b, e]) => onBoard.get(k([c[0] + a!, c[1] + b!, c[2] + e!] as Cell))).filter((n): n is Cell => n !== undefined);
  for (const start of board) {
    if (owner.has(k(start))) continue;
    const target = 2 + next(3);
    const region = [start];
    owner.set(k(start), regions.length);
    while (region.length < target) {
      const frontier = region.flatMap(around).filter((n) => !owner.has(k(n)));
      if (frontier.length === 0) break;
      const c = frontier[next(frontier.length)]!;
      owner.set(k(c), regions.length);
      region.push(c);
    }
    regions.push(region);
  }
  // a single cell joins a neighbouring region of at most 3 cells, else the cut is thrown away
  for (let r = 0; r < regions.length; r++) {
    if (regions[r]!.length !== 1) continue;
    const c = regions[r]![0]!;
    const host = around(c).map((n) => owner.get(k(n))!).find((o) => o !== r && regions[o]!.length <= 3);
    if (host === undefined) return undefined;
    regions[host]!.push(c);
    owner.set(k(c), host);
    regions[r] = [];
  }
  return regions.filter((reg) => reg.length > 0);
}

const puzzleArbitrary = fc
  .record({ board: boardArbitrary, choices: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), mirror: fc.boolean(), twins: fc.boolean() })
  .map(({ board: { board, dims }, choices, mirror, twins }) => {
    const regions = cut(board, choices);
    if (!regions) return undefined;
    // pieces are the regions' shapes up to the moves allowed; copies are regions of one shape
    const types = new Map<string, { shape: Cell[]; count: number }>();
    for (const region of regions) {
      const key = shapeClass(region, mirror, dims === 2);
      const lo = [0, 1, 2].map((i) => Math.min(...region.map((c) => c[i]!)));
      const shape = region.map((c) => [c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!] as Cell).sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
      const t = types.get(key);
      if (t) t.count++;
      else types.set(key, { shape, count: 1 });
    }
    // twins: one copy of a piece with copies goes under a name of its own (two pieces of one shape)
    const list = [...types.values()];
    const split = list.findIndex((t) => t.count > 1);
    if (twins && split >= 0) {
      list[split]!.count--;
      list.push({ shape: list[split]!.shape, count: 1 });
    }
    return byName('random', board, list.map((t, i) => ({ name: String.fromCharCode(97 + i), ...t })), mirror, dims);
  })
  .filter((p): p is Puzzle => p !== undefined);

describe('unique solutions against an independent orbit count', () => {
  it('random symmetric boards, 2-D and 3-D, mirror on and off, cut into pieces of 2 to 4 cells', async () => {
    await fc.assert(fc.asyncProperty(puzzleArbitrary, async (puzzle) => {
      await nextTurn();
      checkAgainstOrbits(puzzle);
    }), { numRuns: 150 });
  });
});
