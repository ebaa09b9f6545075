import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell, Puzzle, Solution } from '../puzzle/model.js';
import { parsePuzzle } from '../puzzle/format.js';
import { tilingKey } from '../test-support/orbits.js';
import { wrappedClasses } from '../test-support/wrapped.js';
import { nextTurn } from '../test-support/turn.js';
import { solve } from './solve.js';
import { createVerifier } from './verify.js';

/**
 * Boards that wrap, against an enumeration written here: cells taken modulo the board's width (height),
 * pieces turned by quarter turns and mirrors of the plane, every tiling by backtracking on the first
 * empty cell, and classes under every turn and shift that maps the wrapped board onto itself.
 */

type P = [number, number];
const SHAPES: Record<string, P[]> = {
  M: [[0, 0]],
  D: [[0, 0], [1, 0]],
  I: [[0, 0], [1, 0], [2, 0]],
  L: [[0, 0], [0, 1], [1, 1]],
  T: [[0, 0], [1, 0], [2, 0], [1, 1]],
  S: [[0, 0], [1, 0], [1, 1], [2, 1]],
};

function turns(shape: P[]): P[][] {
  const seen = new Map<string, P[]>();
  for (let m = 0; m < 2; m++) {
    let cells = shape.map(([x, y]) => (m ? [-x, y] : [x, y]) as P);
    for (let r = 0; r < 4; r++) {
      cells = cells.map(([x, y]) => [-y, x] as P);
      const sorted = [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      const [fx, fy] = sorted[0]!;
      const anchored = sorted.map(([x, y]) => [x - fx, y - fy] as P);
      seen.set(JSON.stringify(anchored), anchored);
    }
  }
  return [...seen.values()];
}

function enumerate(w: number, h: number, wrapX: boolean, wrapY: boolean, counts: Record<string, number>): Solution[] {
  const order: P[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) order.push([x, y]);
  const filled = new Set<string>();
  const left = { ...counts };
  const placed: { piece: string; cells: Cell[] }[] = [];
  const found = new Map<string, Solution>();
  const at = (x: number, y: number): P | undefined => {
    const [a, b] = [wrapX ? ((x % w) + w) % w : x, wrapY ? ((y % h) + h) % h : y];
    return a >= 0 && a < w && b >= 0 && b < h ? [a, b] : undefined;
  };
  const go = (from: number): void => {
    let i = from;
    while (i < order.length && filled.has(order[i]!.join(','))) i++;
    if (i === order.length) {
      const s = { placements: placed.map((p) => ({ piece: p.piece, cells: [...p.cells] })) };
      found.set(tilingKey(s), s);
      return;
    }
    const [x0, y0] = order[i]!;
    for (const name of Object.keys(left)) {
      if (left[name] === 0) continue;
      // on a wrapped board the piece covering the first empty cell may start anywhere: every cell of every
      // turn is tried on it (the same tiling found twice is kept once)
      for (const o of turns(SHAPES[name]!)) for (const [ax, ay] of o) {
        const cells = o.map(([x, y]) => at(x - ax + x0, y - ay + y0));
        if (cells.some((c) => !c)) continue;
        const keys = cells.map((c) => c!.join(','));
        if (new Set(keys).size !== keys.length || keys.some((k) => filled.has(k))) continue;
        keys.forEach((k) => filled.add(k));
        left[name]!--;
        placed.push({ piece: name, cells: cells.map((c) => [c![0], c![1], 0] as Cell) });
        go(i + 1);
        placed.pop();
        left[name]!++;
        keys.forEach((k) => filled.delete(k));
      }
    }
  };
  go(0);
  return [...found.values()];
}

const arbitrary = fc.record({
  w: fc.integer({ min: 2, max: 4 }),
  h: fc.integer({ min: 1, max: 3 }),
  wrap: fc.constantFrom('x' as const, 'y' as const, 'xy' as const),
  picks: fc.array(fc.constantFrom('D', 'I', 'L', 'T', 'S'), { minLength: 2, maxLength: 6 }),
});

describe('boards that wrap, against an enumeration written here', () => {
  it('random cylinders and tori: every engine finds every tiling (pieces across the joined edges included), and the classes', async () => {
    let some = 0;
    await fc.assert(fc.asyncProperty(arbitrary, async ({ w, h, wrap, picks }) => {
      await nextTurn();
      // pieces up to the area, then monominoes for what is left
      const counts: Record<string, number> = {};
      let area = 0;
      for (const p of picks) {
        if (area + SHAPES[p]!.length > w * h) break;
        counts[p] = (counts[p] ?? 0) + 1;
        area += SHAPES[p]!.length;
      }
      if (area < w * h) counts.M = w * h - area;
      const [wrapX, wrapY] = [wrap.includes('x'), wrap.includes('y')];
      const board: Cell[] = [];
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) board.push([x, y, 0]);
      const puzzle: Puzzle = {
        name: 'wrapped', dims: 2, wrap, board, mirror: true,
        pieces: Object.entries(counts).map(([name, count]) => {
          const cells = SHAPES[name]!.map(([x, y]) => [x, y, 0] as Cell).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
          return { name, shape: cells, count, mirror: true };
        }),
      };
      const truth = enumerate(w, h, wrapX, wrapY, counts);
      if (truth.length > 0) some++;
      const keys = new Set(truth.map(tilingKey));
      const verify = createVerifier(puzzle);
      for (const engine of ['bitboard', 'dlx'] as const) {
        const all = solve(puzzle, { engine, all: true, expandSymmetry: false });
        expect(new Set(all.found.map(tilingKey)), `${engine} ${w}x${h} wrap ${wrap}`).toEqual(keys);
        expect(all.solutions, engine).toBe(truth.length);
        for (const s of all.found) expect(verify(s)).toEqual([]);
        expect(solve(puzzle, { engine, countOnly: true }).solutions, `${engine} count through classes`).toBe(truth.length);
        expect(solve(puzzle, { engine, unique: true, countOnly: true }).solutions, `${engine} unique`).toBe(wrappedClasses(w, h, wrapX, wrapY, truth));
      }
    }), { numRuns: 40, seed: 20261123 });
    expect(some).toBeGreaterThan(15);
  });

  it('a puzzle file says wrap: x, y or xy; the ring of four dominoes', () => {
    // a 4x1 ring: two ways to lay two dominoes (one across the joined edge); a straight strip has one
    const ring = parsePuzzle('wrap: x\nboard: "####"\npieces:\n  D: {shape: "##", count: 2}\n', 'ring.yaml');
    expect(ring.wrap).toBe('x');
    expect(solve(ring, { countOnly: true }).solutions).toBe(2);
    expect(solve(ring, { unique: true, countOnly: true }).solutions).toBe(1);
    const strip = parsePuzzle('board: "####"\npieces:\n  D: {shape: "##", count: 2}\n', 'strip.yaml');
    expect(solve(strip, { countOnly: true }).solutions).toBe(1);
    expect(() => parsePuzzle('grid: hexagon\nwrap: x\nboard: "# #"\npieces:\n  D: "# #"\n', 'w.yaml')).toThrow(/w\.yaml:2: wrap joins the edges of a square board, not of a hexagon one/);
    expect(() => parsePuzzle('wrap: z\nboard: "##"\npieces:\n  D: "##"\n', 'w.yaml')).toThrow(/w\.yaml:1: wrap must be one of x, y, xy/);
  });
});
