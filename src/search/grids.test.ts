import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRIDS, gridOf } from '../geometry/grids/index.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Cell, Piece, Puzzle } from '../puzzle/model.js';
import { otherGridClasses, otherGridTilings } from '../test-support/other-grids.js';
import { allTilings, orbitClasses, shapeClass, tilingKey } from '../test-support/orbits.js';
import { expectEnginesFindEveryTiling } from '../test-support/engines-agree.js';
import { nextTurn } from '../test-support/turn.js';
import { cutIntoPieces } from '../test-support/cut.js';
import { solve } from './solve.js';
import { createVerifier } from './verify.js';

/**
 * Triangle and hexagon puzzles through the library, on every engine that applies, against
 * test-support/other-grids.ts: every tiling and its classes worked out from the cells' centres in the
 * plane, with no code shared with src/geometry or the search.
 */

const key = (c: readonly number[]): string => c.join(',');

function centre(kind: 'triangle' | 'hexagon', [a, b]: Cell): [number, number] {
  if (kind === 'hexagon') return [Math.sqrt(3) * (a + b / 2), 1.5 * b];
  const h = Math.sqrt(3) / 2;
  return [a / 2, b * h + (((a + b) & 1) === 0 ? (2 * h) / 3 : h / 3)];
}

/** Cells that share a side: centres at the distance of neighbours (1/sqrt 3 for triangles, sqrt 3 for hexagons). */
function touching(kind: 'triangle' | 'hexagon', a: Cell, b: Cell): boolean {
  const [p, q] = [centre(kind, a), centre(kind, b)];
  const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
  return Math.abs(d - (kind === 'hexagon' ? Math.sqrt(3) : 1 / Math.sqrt(3))) < 1e-6;
}

/** A shape's class under moves, turns and mirrors, from its centres: the least key over the 12 isometries. */
function shapeClassOf(kind: 'triangle' | 'hexagon', cells: readonly Cell[]): string {
  const keys: string[] = [];
  for (const mirror of [false, true]) {
    for (let k = 0; k < 6; k++) {
      const [c, s] = [Math.cos((k * Math.PI) / 3), Math.sin((k * Math.PI) / 3)];
      const pts = cells.map((cell) => {
        const [x0, y] = centre(kind, cell);
        const x = mirror ? -x0 : x0;
        return [c * x - s * y, s * x + c * y];
      }).map(([x, y]) => [Math.round(x! * 1e6) / 1e6, Math.round(y! * 1e6) / 1e6]).sort((p, q) => p[1]! - q[1]! || p[0]! - q[0]!);
      const o = pts[0]!;
      keys.push(pts.map((p) => `${Math.round((p[0]! - o[0]!) * 1e5)},${Math.round((p[1]! - o[1]!) * 1e5)}`).join(';'));
    }
  }
  return keys.sort()[0]!;
}

const puzzleArbitrary = fc
  .record({
    kind: fc.constantFrom('triangle' as const, 'hexagon' as const),
    w: fc.integer({ min: 2, max: 6 }),
    h: fc.integer({ min: 1, max: 3 }),
    choices: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  })
  .map(({ kind, w, h, choices }): Puzzle => {
    let pick = 0;
    const next = (n: number): number => choices[pick++ % choices.length]! % n;
    const board: Cell[] = [];
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) board.push([x, y, 0]);
    const owner = new Map<string, number>();
    const regions: Cell[][] = [];
    for (const start of board) {
      if (owner.has(key(start))) continue;
      const target = 2 + next(3);
      const region = [start];
      owner.set(key(start), regions.length);
      while (region.length < target) {
        const frontier = board.filter((c) => !owner.has(key(c)) && region.some((r) => touching(kind, r, c)));
        if (frontier.length === 0) break;
        const c = frontier[next(frontier.length)]!;
        owner.set(key(c), regions.length);
        region.push(c);
      }
      regions.push(region);
    }
    // congruent regions are copies of one piece; the piece's shape is the region as it lies
    const types = new Map<string, Piece>();
    for (const region of regions) {
      const k = shapeClassOf(kind, region);
      const t = types.get(k);
      types.set(k, t ? { ...t, count: t.count + 1 } : { name: String.fromCharCode(97 + types.size), shape: region, count: 1, mirror: true });
    }
    return { name: `random ${kind}`, dims: 2, grid: kind, board, pieces: [...types.values()], mirror: true };
  });

describe('triangle and hexagon puzzles, against an enumeration from the cells\' centres', () => {
  it('random boards cut into pieces: every engine finds every tiling, and the classes up to symmetry', async () => {
    await fc.assert(fc.asyncProperty(puzzleArbitrary, async (raw) => {
      await nextTurn();
      // shapes normalised as the library wants them
      const grid = gridOf(raw.grid, 2);
      const puzzle: Puzzle = { ...raw, pieces: raw.pieces.map((p) => ({ ...p, shape: grid.normalize(p.shape) })) };
      const truth = otherGridTilings(puzzle);
      expectEnginesFindEveryTiling(puzzle, truth, { unique: otherGridClasses(puzzle, truth), rotations: otherGridClasses(puzzle, truth, true) });
    }), { numRuns: 40 });
  });
});

/** The triangles of a regular hexagon of side n (in triangle sides), centred on a corner of the grid. */
function triangleHexagon(n: number): Cell[] {
  const h = Math.sqrt(3) / 2;
  const [x0, y0] = [n % 2 === 0 ? 0 : 0.5, n * h];
  const cells: Cell[] = [];
  for (let y = 0; y < 2 * n; y++) {
    for (let x = -4 * n; x <= 4 * n; x++) {
      const [cx, cy] = centre('triangle', [x, y, 0]);
      const [dx, dy] = [Math.abs(cx - x0), Math.abs(cy - y0)];
      if (dy < n * h && dx < n - dy / Math.sqrt(3)) cells.push([x, y, 0]);
    }
  }
  const least = Math.min(...cells.map((c) => c[0]));
  // a move by an even number of places keeps up triangles up
  const shift = least - (least & 1);
  return cells.map((c) => [c[0] - shift, c[1], 0] as Cell);
}

describe('published counts on the triangle grid', () => {
  // Calissons: diamonds (two triangles) filling a regular hexagon of side n: 2, 20 and 980 tilings (OEIS
  // A008793, the plane partitions in a box), and 1, 6 and 113 of them up to rotations and reflections (A066931).
  for (const [n, total, unique] of [[1, 2, 1], [2, 20, 6], [3, 980, 113]] as const) {
    it(`diamonds in a hexagon of side ${n}: ${total} tilings, ${unique} up to symmetry, on every engine`, () => {
      const board = triangleHexagon(n);
      expect(board).toHaveLength(6 * n * n);
      const puzzle: Puzzle = {
        name: `calissons ${n}`, dims: 2, grid: 'triangle', board, mirror: true,
        pieces: [{ name: 'D', shape: GRIDS.triangle.normalize([[0, 0, 0], [1, 0, 0]]), count: 3 * n * n, mirror: true }],
      };
      const verify = createVerifier(puzzle);
      for (const engine of ['bitboard', 'dlx'] as const) {
        const all = solve(puzzle, { engine, all: true });
        expect(all.solutions, engine).toBe(total);
        for (const s of all.found) expect(verify(s)).toEqual([]);
        expect(solve(puzzle, { engine, unique: true, countOnly: true }).solutions, `${engine} unique`).toBe(unique);
      }
    });
  }
});

/**
 * Spheres: their centres are cube-grid points (even sums), so the plain enumeration and orbit count of
 * orbits.ts (signed permutations of the axes, moves by whole steps) apply as they are.
 */
const sphereArbitrary = fc
  .record({ w: fc.integer({ min: 2, max: 3 }), h: fc.integer({ min: 2, max: 4 }), d: fc.integer({ min: 1, max: 3 }), choices: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }) })
  .map(({ w, h, d, choices }): Puzzle => {
    let pick = 0;
    const next = (n: number): number => choices[pick++ % choices.length]! % n;
    const board: Cell[] = [];
    for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x + y + z) % 2 === 0) board.push([x, y, z]);
    // touching spheres are at squared distance 2
    const touch = (a: Cell, b: Cell): boolean => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2 === 2;
    const pieces = cutIntoPieces(board, next, touch, (region) => shapeClass(region, true, false), (region) => GRIDS.sphere.normalize(region), true);
    return { name: 'random spheres', dims: 3, grid: 'sphere', board, pieces, mirror: true };
  })
  // no single spheres (left where a cut runs out of neighbours): with them about one box in 150 has 50,000
  // to 300,000 tilings, and a run of 25 once took more than the test's two minutes on the plain enumeration
  // and its orbits; without them the most in 3,000 boxes was about 18,000
  .filter((puzzle) => puzzle.pieces.every((piece) => piece.shape.length > 1));

describe('sphere puzzles, against plain enumeration', () => {
  it('random boxes of spheres cut into pieces: every engine finds every tiling, and the classes up to symmetry', async () => {
    await fc.assert(fc.asyncProperty(sphereArbitrary, async (puzzle) => {
      await nextTurn();
      const truth = allTilings(puzzle);
      expect(truth.length).toBeGreaterThan(0);
      const keys = new Set(truth.map(tilingKey));
      const orbits = orbitClasses(puzzle, truth);
      const verify = createVerifier(puzzle);
      for (const engine of ['bitboard', 'dlx'] as const) {
        const all = solve(puzzle, { engine, all: true });
        for (const s of all.found) expect(verify(s)).toEqual([]);
        expect(new Set(all.found.map(tilingKey)), engine).toEqual(keys);
        expect(solve(puzzle, { engine, unique: true, countOnly: true }).solutions, `${engine} unique`).toBe(orbits.count);
      }
    }), { numRuns: 25 });
  });
});

describe('the catalog puzzles on the triangle and hexagon grids, against the enumeration from centres', () => {
  for (const name of ['calissons-3', 'tetrahexes-7x4']) {
    it(`${name}: every tiling and the classes, as the catalog says`, async () => {
      const puzzle = loadCatalogPuzzle(name);
      const truth = otherGridTilings(puzzle);
      expect(truth.length).toBe(puzzle.known!.total);
      expect(otherGridClasses(puzzle, truth)).toBe(puzzle.known!.unique);
      await nextTurn();
      const keys = new Set(truth.map(tilingKey));
      for (const engine of ['bitboard', 'dlx'] as const) expect(new Set(solve(puzzle, { engine, all: true }).found.map(tilingKey)), engine).toEqual(keys);
    });
  }
});
