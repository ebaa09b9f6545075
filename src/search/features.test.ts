import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import type { Cell, Piece, PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { allTilings, orbitClasses, shapeClass, tilingKey } from '../test-support/orbits.js';
import { nextTurn } from '../test-support/turn.js';
import { solve } from './solve.js';
import { createVerifier } from './verify.js';

/**
 * Pieces already placed, orientation limits, ranges of copies, `use`, and cells that may stay empty,
 * checked against counts that share no code with the search: every solution by plain backtracking
 * (test-support/orbits.ts, which follows the rules of the puzzle file, not the search's tables), classes
 * under the puzzle's symmetries, and reformulations written here: a placed piece is its cells taken off
 * and one copy fewer; a range is the sum over the counts it allows; a board whose cells may all stay
 * empty is the same board filled with as many monominoes as stay empty.
 */

const key = (c: readonly number[]): string => c.join(',');

function box(w: number, h: number, d = 1): Cell[] {
  const cells: Cell[] = [];
  for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, z]);
  return cells;
}

/** Cuts the board into connected regions of 2 to 4 cells (a lone cell joins a neighbour). */
function cut(board: Cell[], next: (n: number) => number): Cell[][] {
  const onBoard = new Map(board.map((c) => [key(c), c]));
  const owner = new Map<string, number>();
  const regions: Cell[][] = [];
  const around = (c: Cell): Cell[] =>
    [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map(([a, b, e]) => onBoard.get(key([c[0] + a!, c[1] + b!, c[2] + e!]))).filter((n): n is Cell => n !== undefined);
  for (const start of board) {
    if (owner.has(key(start))) continue;
    const target = 2 + next(3);
    const region = [start];
    owner.set(key(start), regions.length);
    while (region.length < target) {
      const frontier = region.flatMap(around).filter((n) => !owner.has(key(n)));
      if (frontier.length === 0) break;
      const c = frontier[next(frontier.length)]!;
      owner.set(key(c), regions.length);
      region.push(c);
    }
    regions.push(region);
  }
  for (let r = 0; r < regions.length; r++) {
    if (regions[r]!.length !== 1) continue;
    const c = regions[r]![0]!;
    const host = around(c).map((n) => owner.get(key(n))!).find((o) => o !== r && regions[o]!.length > 0);
    if (host === undefined) continue;
    regions[host]!.push(c);
    owner.set(key(c), host);
    regions[r] = [];
  }
  return regions.filter((reg) => reg.length > 0);
}

const normalise = (cells: readonly Cell[]): Cell[] => {
  const lo = [0, 1, 2].map((i) => Math.min(...cells.map((c) => c[i]!)));
  return cells.map((c) => [c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!] as Cell).sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
};

interface Features {
  readonly placed: number;
  readonly limits: boolean;
}

/**
 * A random solvable puzzle with the features asked for: a board cut into pieces (a tiling that the
 * features keep valid), some of its regions placed already, some pieces limited to the orientations
 * they take in that tiling or to the shape as drawn.
 */
const puzzleArbitrary = (features: Features) => fc
  .record({
    shape: fc.constantFrom([3, 3, 1], [4, 3, 1], [4, 4, 1], [2, 5, 1], [2, 2, 2], [2, 3, 2], [2, 2, 3]),
    choices: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
    mirror: fc.boolean(),
  })
  .map(({ shape: [w, h, d], choices, mirror }): Puzzle => {
    let pick = 0;
    const next = (n: number): number => choices[pick++ % choices.length]! % n;
    const board = box(w!, h!, d!);
    const dims = d! > 1 ? 3 : 2;
    const regions = cut(board, next);
    // the pieces: the regions' shapes up to the moves allowed; copies are regions of one shape
    const types = new Map<string, { name: string; shape: Cell[]; count: number; used: Cell[][] }>();
    const typeOf: string[] = [];
    for (const region of regions) {
      const k = shapeClass(region, mirror, dims === 2);
      const t = types.get(k) ?? types.set(k, { name: String.fromCharCode(97 + types.size), shape: normalise(region), count: 0, used: [] }).get(k)!;
      t.count++;
      t.used.push(normalise(region));
      typeOf.push(t.name);
    }
    const pieces: Piece[] = [...types.values()].map((t) => {
      const piece: Piece = { name: t.name, shape: t.shape, count: t.count, mirror };
      if (!features.limits) return piece;
      const how = next(3);
      // the shapes the tiling uses are allowed, so that it stays a solution
      if (how === 1) return { ...piece, orientations: t.used };
      if (how === 2 && t.used.every((u) => key(u.flat()) === key(t.shape.flat()))) return { ...piece, rotate: false };
      return piece;
    });
    const placed: PlacedPiece[] = [];
    const chosen = new Set<number>();
    for (let i = 0; i < features.placed && regions.length > 1; i++) {
      const r = next(regions.length);
      if (chosen.has(r)) continue;
      chosen.add(r);
      placed.push({ piece: typeOf[r]!, cells: [...regions[r]!].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]) });
    }
    return { name: 'random', dims, board, pieces, mirror, ...(placed.length > 0 ? { placed } : {}) };
  });

/** The same puzzle with the placed pieces' cells off the board and one copy fewer each, written here. */
function withCellsRemoved(puzzle: Puzzle): Puzzle {
  const taken = new Set((puzzle.placed ?? []).flatMap((p) => p.cells.map(key)));
  const pieces = puzzle.pieces
    .map((p) => ({ ...p, count: p.count - (puzzle.placed ?? []).filter((q) => q.piece === p.name).length }))
    .filter((p) => p.count > 0);
  const { placed: _placed, ...rest } = puzzle;
  return { ...rest, board: puzzle.board.filter((c) => !taken.has(key(c))), pieces };
}

function checkAgainstEnumeration(puzzle: Puzzle, engines: readonly EngineName[]): number {
  const truth = allTilings(puzzle);
  const keys = new Set(truth.map(tilingKey));
  const orbits = orbitClasses(puzzle, truth);
  const rotations = orbitClasses(puzzle, truth, { rotationsOnly: true });
  const verify = createVerifier(puzzle);
  const same = (found: readonly Solution[], what: string): void => {
    for (const s of found) expect(verify(s), what).toEqual([]);
    expect(new Set(found.map(tilingKey)), what).toEqual(keys);
    expect(found, what).toHaveLength(truth.length);
  };
  for (const engine of engines) {
    same(solve(puzzle, { engine, all: true, expandSymmetry: false }).found, `${engine} all`);
    same(solve(puzzle, { engine, all: true }).found, `${engine} all through classes`);
    expect(solve(puzzle, { engine, countOnly: true }).solutions, `${engine} count`).toBe(truth.length);
    const unique = solve(puzzle, { engine, unique: true, all: true });
    expect(unique.solutions, `${engine} unique`).toBe(orbits.count);
    expect(new Set(unique.found.map(orbits.classOf)).size, `${engine} unique, one per class`).toBe(orbits.count);
    expect(solve(puzzle, { engine, unique: true, countOnly: true, symmetry: 'rotations' }).solutions, `${engine} unique up to rotations`).toBe(rotations.count);
  }
  return truth.length;
}

describe('pieces already placed and orientation limits, against plain enumeration', () => {
  it('random boards, 2-D and 3-D, with pieces placed: every engine agrees with the enumeration, and with the board less their cells', async () => {
    await fc.assert(fc.asyncProperty(puzzleArbitrary({ placed: 2, limits: false }), async (puzzle) => {
      await nextTurn();
      const total = checkAgainstEnumeration(puzzle, ['bitboard', 'dlx']);
      expect(total).toBeGreaterThan(0);
      const reduced = withCellsRemoved(puzzle);
      if (puzzle.placed && reduced.board.length > 0) expect(solve(reduced, { countOnly: true }).solutions).toBe(total);
    }), { numRuns: 60 });
  });

  it('random boards with rotate: false and listed orientations, some pieces placed', async () => {
    await fc.assert(fc.asyncProperty(puzzleArbitrary({ placed: 1, limits: true }), async (puzzle) => {
      await nextTurn();
      expect(checkAgainstEnumeration(puzzle, ['bitboard', 'dlx'])).toBeGreaterThan(0);
    }), { numRuns: 60 });
  });

  it('a board whose pieces are all placed has one solution, the pieces as placed', () => {
    const puzzle: Puzzle = {
      name: 'done', dims: 2, mirror: true, board: box(2, 2),
      pieces: [{ name: 'D', shape: [[0, 0, 0], [1, 0, 0]], count: 2, mirror: true }],
      placed: [{ piece: 'D', cells: [[0, 0, 0], [1, 0, 0]] }, { piece: 'D', cells: [[0, 1, 0], [1, 1, 0]] }],
    };
    const r = solve(puzzle, { all: true });
    expect(r.solutions).toBe(1);
    expect(r.found[0]!.placements.every((p) => p.given)).toBe(true);
    expect(createVerifier(puzzle)(r.found[0]!)).toEqual([]);
  });

  it('a placed piece that leaves a region no piece fits: no solution, said before searching', () => {
    const puzzle: Puzzle = {
      name: 'stuck', dims: 2, mirror: true, board: box(4, 1),
      pieces: [{ name: 'D', shape: [[0, 0, 0], [1, 0, 0]], count: 2, mirror: true }],
      placed: [{ piece: 'D', cells: [[1, 0, 0], [2, 0, 0]] }],
    };
    const r = solve(puzzle, { all: true });
    expect(r.solutions).toBe(0);
    expect(r.complete).toBe(true);
  });
});
