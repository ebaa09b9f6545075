import { describe, expect, it } from 'vitest';
import { RectanglePacker, type RectSpec } from './rect.js';

const CALIBRON: RectSpec = {
  width: 56, height: 56,
  pieces: [
    { w: 21, h: 14, count: 2 }, { w: 17, h: 14, count: 1 }, { w: 21, h: 18, count: 2 }, { w: 32, h: 10, count: 1 },
    { w: 10, h: 7, count: 1 }, { w: 14, h: 4, count: 1 }, { w: 28, h: 6, count: 1 }, { w: 28, h: 14, count: 1 },
    { w: 32, h: 11, count: 1 }, { w: 28, h: 7, count: 1 },
  ],
};

/** Paints the solution on a grid: every cell once, every piece its count, each with its own sides. */
function verify(spec: RectSpec, raw: Int32Array): void {
  const grid = new Uint8Array(spec.width * spec.height);
  const used = new Array(spec.pieces.length).fill(0);
  const problems: string[] = [];
  for (let k = 0; k < raw.length; k += 5) {
    const [piece, x, y, w, h] = Array.from(raw.subarray(k, k + 5));
    const p = spec.pieces[piece!]!;
    if (!((p.w === w && p.h === h) || (p.w === h && p.h === w))) problems.push(`piece ${piece} placed as ${w}x${h}`);
    used[piece!]++;
    if (x! + w! > spec.width || y! + h! > spec.height) problems.push(`piece ${piece} off the board`);
    for (let j = y!; j < y! + h!; j++) for (let i = x!; i < x! + w!; i++) grid[j * spec.width + i]!++;
  }
  if (!grid.every((v) => v === 1)) problems.push('not every cell covered exactly once');
  expect(problems).toEqual([]);
  expect(used).toEqual(spec.pieces.map((p) => p.count));
}

function all(spec: RectSpec, prefix: number[] = []) {
  const solutions: Int32Array[] = [];
  const result = new RectanglePacker(spec).search({ prefix, onSolution: (s) => { solutions.push(s.slice()); } });
  return { result, solutions };
}

const dominoes = (w: number, h: number): RectSpec => ({ width: w, height: h, pieces: [{ w: 2, h: 1, count: (w * h) / 2 }] });

describe('RectanglePacker', () => {
  it('finds the 8 solutions of the Calibron 12-block puzzle (one, turned and flipped), each verified', () => {
    const { result, solutions } = all(CALIBRON);
    expect(result.complete).toBe(true);
    expect(result.solutions).toBe(8);
    for (const s of solutions) verify(CALIBRON, s);
    const pictures = new Set(solutions.map((s) => Array.from(s).join(',')));
    expect(pictures.size).toBe(8);
  });

  it('stops at the first solution when asked', () => {
    const r = new RectanglePacker(CALIBRON).search({ limit: 1 });
    expect(r.solutions).toBe(1);
    expect(r.complete).toBe(false);
  });

  it('counts domino tilings once each, however many identical copies', () => {
    for (const [w, h, n] of [[8, 2, 34], [4, 3, 11], [4, 4, 36], [6, 6, 6728], [6, 3, 41]] as const) {
      const { result, solutions } = all(dominoes(w, h));
      expect(result.solutions).toBe(n);
      for (const s of solutions) verify(dominoes(w, h), s);
    }
  });

  it('tiles with squares: unit squares one way, a 2x2 and five 1x1 in 3x3 four ways', () => {
    expect(new RectanglePacker({ width: 5, height: 4, pieces: [{ w: 1, h: 1, count: 20 }] }).search().solutions).toBe(1);
    expect(new RectanglePacker({ width: 3, height: 3, pieces: [{ w: 2, h: 2, count: 1 }, { w: 1, h: 1, count: 5 }] }).search().solutions).toBe(4);
  });

  it('has no solution when the areas differ', () => {
    expect(new RectanglePacker({ width: 3, height: 3, pieces: [{ w: 2, h: 2, count: 2 }] }).search()).toMatchObject({ solutions: 0, complete: true });
  });

  it('partitions the tree: the subtrees of the branches add up, two levels deep', () => {
    for (const spec of [CALIBRON, dominoes(4, 4)]) {
      const engine = new RectanglePacker(spec);
      const total = engine.search().solutions;
      let sum = 0;
      for (const b of engine.branches([])) {
        const below = engine.search({ prefix: [b] }).solutions;
        sum += below;
        const deeper = engine.branches([b]).reduce((n, c) => n + engine.search({ prefix: [b, c] }).solutions, 0);
        expect(deeper).toBe(below);
      }
      expect(sum).toBe(total);
    }
  });

  it('gives nothing for a choice that does not fit, and stops on an aborted signal', () => {
    const engine = new RectanglePacker(dominoes(2, 2));
    expect(engine.search({ prefix: [0, 0, 0] })).toMatchObject({ solutions: 0, complete: true });
    const controller = new AbortController();
    controller.abort();
    expect(engine.search({ signal: controller.signal })).toMatchObject({ solutions: 0, complete: false });
    expect(engine.search().solutions).toBe(2);
  });

  it('searches ten thousand levels deep without recursion (10,000 unit squares, 5,000 dominoes)', () => {
    const squares: RectSpec = { width: 100, height: 100, pieces: [{ w: 1, h: 1, count: 10_000 }] };
    const first = all({ ...squares });
    expect(first.result).toMatchObject({ solutions: 1, complete: true });
    verify(squares, first.solutions[0]!);
    const dominoes100: RectSpec = dominoes(100, 100);
    const found: Int32Array[] = [];
    expect(new RectanglePacker(dominoes100).search({ limit: 1, onSolution: (s) => { found.push(s.slice()); } }).solutions).toBe(1);
    verify(dominoes100, found[0]!);
  });

  it('finds the first of 10,000 distinct unit squares at once: pieces of the same sides are one group', () => {
    const spec: RectSpec = { width: 100, height: 100, pieces: Array.from({ length: 10_000 }, () => ({ w: 1, h: 1, count: 1 })) };
    const found: Int32Array[] = [];
    const r = new RectanglePacker(spec).search({ limit: 1, onSolution: (s) => { found.push(s.slice()); } });
    expect(r.solutions).toBe(1);
    expect(r.nodes).toBe(10_000);
    verify(spec, found[0]!);
  });

  it('counts distinct pieces of the same sides apart, and copies once', () => {
    // 4x3 has 11 domino tilings: six distinct dominoes fill each in 6! ways
    const distinct: RectSpec = { width: 4, height: 3, pieces: Array.from({ length: 6 }, () => ({ w: 2, h: 1, count: 1 })) };
    expect(new RectanglePacker(distinct).search().solutions).toBe(11 * 720);
    const mixed: RectSpec = { width: 4, height: 3, pieces: [{ w: 2, h: 1, count: 4 }, { w: 1, h: 2, count: 2 }] };
    expect(new RectanglePacker(mixed).search().solutions).toBe(11 * 15);
  });

  it('gives the same branches at every prefix, whatever it was asked before', () => {
    // branches() moves from the last prefix to the next one; a fresh engine applies the whole prefix
    for (const spec of [CALIBRON, dominoes(4, 4), { width: 5, height: 3, pieces: [{ w: 2, h: 1, count: 3 }, { w: 3, h: 3, count: 1 }] }]) {
      const engine = new RectanglePacker(spec);
      let seed = 1;
      const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
      for (let walk = 0; walk < 30; walk++) {
        const path: number[] = [];
        for (;;) {
          const here = engine.branches(path);
          expect(here).toEqual(new RectanglePacker(spec).branches(path));
          if (here.length === 0) break;
          path.push(here[random(here.length)]!);
        }
        // and a search from any prefix afterwards sees the board as it should
        expect(engine.search({ prefix: path.slice(0, 1) }).solutions).toBe(new RectanglePacker(spec).search({ prefix: path.slice(0, 1) }).solutions);
      }
    }
  });

  it('refuses nonsense sizes', () => {
    expect(() => new RectanglePacker({ width: 0, height: 3, pieces: [] })).toThrow(/width must be a positive integer/);
    expect(() => new RectanglePacker({ width: 3, height: 3, pieces: [{ w: 1, h: -1, count: 1 }] })).toThrow(/positive whole/);
  });
});
