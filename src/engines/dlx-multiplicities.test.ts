import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextTurn } from '../test-support/turn.js';
import type { ExactCoverSpec } from './dlx.js';
import { DancingLinks } from './dlx.js';

/** Every solution found from `prefix`, copied, in the order found. */
function collect(dl: DancingLinks, prefix?: number[]): number[][] {
  const out: number[][] = [];
  dl.search({ prefix, onSolution: (s) => { out.push(Array.from(s)); } });
  return out;
}

/** A solution as a set: its options sorted. */
const key = (solution: readonly number[]): string => [...solution].sort((a, b) => a - b).join(',');

/** The internal arrays, to check that a search leaves every link as built. */
function snapshot(dl: DancingLinks): number[][] {
  return [Array.from(dl['node']), Array.from(dl['item'])];
}

/**
 * The solutions by brute force, as sorted keys: every subset of the options that use some primary item
 * (an option with none is never chosen), kept when each primary item is used within its bounds and each
 * secondary item at most its capacity times. Shares no code with the engine.
 */
function bruteForce(spec: ExactCoverSpec): string[] {
  const P = spec.primaryCount, S = spec.secondaryCount ?? 0;
  const eligible = spec.options.map((_, k) => k).filter((k) => Array.from(spec.options[k]!).some((e) => e < P));
  const found: string[] = [];
  for (let mask = 0; mask < 1 << eligible.length; mask++) {
    const chosen = eligible.filter((_, t) => (mask >> t) & 1);
    const uses = new Array<number>(P + S).fill(0);
    for (const k of chosen) for (const e of Array.from(spec.options[k]!)) uses[e]!++;
    const fits = uses.every((n, e) => {
      if (e >= P) return n <= (spec.capacities?.[e - P] ?? 1);
      const [min, max] = spec.bounds?.[e] ?? [1, 1];
      return min <= n && n <= max;
    });
    if (fits) found.push(key(chosen));
  }
  return found.sort();
}

/** Small random instances: 1..4 primary items with random bounds, 0..2 secondary items, up to 9 options. */
const specArbitrary: fc.Arbitrary<ExactCoverSpec> = fc
  .record({ P: fc.integer({ min: 1, max: 4 }), S: fc.integer({ min: 0, max: 2 }) })
  .chain(({ P, S }) => fc.record({
    primaryCount: fc.constant(P),
    secondaryCount: fc.constant(S),
    bounds: fc.array(
      fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })).map(([min, extra]): [number, number] => [min, Math.max(min + extra, 1)]),
      { minLength: P, maxLength: P },
    ),
    capacities: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: S, maxLength: S }),
    options: fc.array(fc.shuffledSubarray(Array.from({ length: P + S }, (_, e) => e), { minLength: 1, maxLength: Math.min(3, P + S) }), { maxLength: 9 }),
  }));

/**
 * Checks that the subtrees of branches(prefix) partition the node's solutions, all the way down: the
 * whole search from prefix finds exactly the solutions of its branches' subtrees, in the same order, and
 * visits one node per branch plus theirs. Returns the number of solutions below prefix.
 */
function checkPartition(dl: DancingLinks, prefix: number[]): number {
  const whole: number[][] = [];
  const result = dl.search({ prefix, onSolution: (s) => { whole.push(Array.from(s)); } });
  expect(result.complete).toBe(true);
  const branches = dl.branches(prefix);
  if (branches.length === 0) {
    // a leaf: one solution (every item satisfied) or a dead end
    expect(whole.length).toBeLessThanOrEqual(1);
    expect(result.nodes).toBe(0);
    return whole.length;
  }
  const parts: number[][] = [];
  let nodes = 0, total = 0;
  for (const b of branches) {
    total += checkPartition(dl, [...prefix, b]);
    const r = dl.search({ prefix: [...prefix, b], onSolution: (s) => { parts.push(Array.from(s)); } });
    nodes += r.nodes;
    // every solution of the subtree of option b contains it; the null choice adds no option
    if (b >= 0) for (const s of parts.slice(parts.length - r.solutions)) expect(s).toContain(b);
  }
  expect(parts).toEqual(whole);
  expect(total).toBe(whole.length);
  expect(branches.length + nodes).toBe(result.nodes);
  return whole.length;
}

describe('multiplicities against brute force', () => {
  it('finds exactly the sets of options that fit the bounds and capacities, each once', async () => {
    await fc.assert(fc.asyncProperty(specArbitrary, async (spec) => {
      await nextTurn();
      const dl = new DancingLinks(spec);
      const solutions = collect(dl);
      // options are never repeated within a solution, nor a set of options reported twice
      for (const s of solutions) expect(new Set(s).size).toBe(s.length);
      const found = solutions.map(key);
      expect(new Set(found).size).toBe(found.length);
      expect([...found].sort()).toEqual(bruteForce(spec));
      expect(dl.search()).toMatchObject({ solutions: found.length, complete: true });
    }), { numRuns: 300 });
  });

  it('splits into branches whose subtrees partition every node, all the way down, and restores every link', async () => {
    await fc.assert(fc.asyncProperty(specArbitrary, async (spec) => {
      await nextTurn();
      const dl = new DancingLinks(spec);
      const before = snapshot(dl);
      expect(checkPartition(dl, [])).toBe(bruteForce(spec).length);
      expect(snapshot(dl)).toEqual(before);
    }), { numRuns: 150 });
  });

  it('gives no solution below a code that is not one of the choices at its node', async () => {
    await fc.assert(fc.asyncProperty(specArbitrary, fc.nat(), async (spec, pick) => {
      await nextTurn();
      const dl = new DancingLinks(spec);
      const before = snapshot(dl);
      const branches = dl.branches([]);
      const others = [];
      for (let code = dl.multiplicities ? -spec.primaryCount : 0; code < spec.options.length; code++) if (!branches.includes(code)) others.push(code);
      if (others.length === 0) return;
      const code = others[pick % others.length]!;
      if (dl.multiplicities) {
        expect(dl.search({ prefix: [code] })).toMatchObject({ solutions: 0, nodes: 0, complete: true });
        expect(dl.branches([code])).toEqual([]);
      }
      expect(snapshot(dl)).toEqual(before);
    }), { numRuns: 100 });
  });

  it('streams, limits and stops as search does', async () => {
    await fc.assert(fc.asyncProperty(specArbitrary, fc.nat(), async (spec, pick) => {
      await nextTurn();
      const dl = new DancingLinks(spec);
      const before = snapshot(dl);
      const all = collect(dl);
      expect([...dl.solutions()].map((s) => Array.from(s))).toEqual(all);
      if (all.length === 0) return;
      const k = 1 + (pick % all.length);
      expect([...dl.solutions({ limit: k })].map((s) => Array.from(s))).toEqual(all.slice(0, k));
      expect(dl.search({ limit: k })).toMatchObject({ solutions: k, complete: false });
      let seen = 0;
      expect(dl.search({ onSolution: () => ++seen < k }).solutions).toBe(k);
      const gen = dl.solutions();
      gen.next();
      gen.return(undefined);
      expect(snapshot(dl)).toEqual(before);
    }), { numRuns: 100 });
  });
});

describe('multiplicities on named instances', () => {
  // A 2x2 board: cells a b / c d, items 0..3; the domino's four placements, each also using the piece item.
  const cells = (piece: number, first: number): number[][] => [[0, 1], [2, 3], [0, 2], [1, 3]].map((p) => [...p.map((c) => c + first), piece]);

  it('tiles 2x2 with a domino piece of bounds [0, 2]: two ways; with cells that may stay empty, 7 ways', () => {
    // cells primary [1, 1], then the piece item
    const covered = new DancingLinks({ primaryCount: 5, bounds: [[1, 1], [1, 1], [1, 1], [1, 1], [0, 2]], options: cells(4, 0) });
    expect(covered.multiplicities).toBe(true);
    expect(collect(covered).map(key).sort()).toEqual(['0,1', '2,3']);
    // cells secondary: the piece item alone is primary (item 0), cells are items 1..4
    const loose = (bounds: [number, number]): DancingLinks => new DancingLinks({ primaryCount: 1, secondaryCount: 4, bounds: [bounds], options: cells(0, 1) });
    expect(collect(loose([0, 2])).map(key).sort()).toEqual(['', '0', '0,1', '1', '2', '2,3', '3']);
    expect(loose([1, 2]).search().solutions).toBe(6);
    expect(loose([2, 2]).search().solutions).toBe(2);
    // at the root: each placement as the first domino, then "no more dominoes" (-1 - item 0)
    expect(loose([0, 2]).branches([])).toEqual([0, 1, 2, 3, -1]);
    expect(loose([1, 2]).branches([])).toEqual([0, 1, 2, 3]);
    expect(loose([2, 2]).branches([])).toEqual([0, 1, 2]);
    // below the top domino: the bottom one, then no more; below the bottom one the top is excluded
    expect(collect(loose([0, 2]), [0])).toEqual([[0, 1], [0]]);
    expect(collect(loose([0, 2]), [1])).toEqual([[1]]);
    expect(collect(loose([0, 2]), [-1])).toEqual([[]]);
  });

  it('uses exactly 2 of 3 monomino pieces on a strip of 3 cells that may stay empty: 18 ways', () => {
    // items: pieces A, B, C (0..2, [0, 1]), "2 pieces in all" (3, [2, 2]); cells 4..6 secondary
    const options: number[][] = [];
    for (let piece = 0; piece < 3; piece++) for (let cell = 0; cell < 3; cell++) options.push([piece, 3, 4 + cell]);
    const spec: ExactCoverSpec = { primaryCount: 4, secondaryCount: 3, bounds: [[0, 1], [0, 1], [0, 1], [2, 2]], options };
    const found = collect(new DancingLinks(spec));
    // 3 pairs of pieces, 3 * 2 ways to place a pair
    expect(found).toHaveLength(18);
    expect(new Set(found.map(key)).size).toBe(18);
    for (const s of found) {
      expect(s).toHaveLength(2);
      const [p, q] = s.map((o) => options[o]!);
      expect(p![0]).not.toBe(q![0]);
      expect(p![2]).not.toBe(q![2]);
    }
    // without the total: 1 + 9 + 18 + 6 (no piece, one, two, all three)
    const free = new DancingLinks({ primaryCount: 3, secondaryCount: 3, bounds: [[0, 1], [0, 1], [0, 1]], options: options.map(([p, , c]) => [p!, c! - 1]) });
    expect(free.search().solutions).toBe(34);
  });

  it('covers a 1x4 strip with 1 to 3 monominoes and any dominoes: the 3 tilings with 2 monominoes', () => {
    // cells 0..3 [1, 1], monomino item 4 [1, 3], domino item 5 [0, 2]
    const options = [[0, 4], [1, 4], [2, 4], [3, 4], [0, 1, 5], [1, 2, 5], [2, 3, 5]];
    const dl = new DancingLinks({ primaryCount: 6, bounds: [[1, 1], [1, 1], [1, 1], [1, 1], [1, 3], [0, 2]], options });
    const found = collect(dl).map(key).sort();
    // DMM, MDM, MMD; DD (no monomino) and MMMM (four) are out of range
    expect(found).toEqual(['0,1,6', '0,3,5', '2,3,4']);
    // all five tilings when the range allows them
    expect(new DancingLinks({ primaryCount: 6, bounds: [[1, 1], [1, 1], [1, 1], [1, 1], [0, 4], [0, 2]], options }).search().solutions).toBe(5);
    // monominoes alone on cells that may stay empty: C(4,1) + C(4,2) + C(4,3)
    expect(new DancingLinks({ primaryCount: 1, secondaryCount: 4, bounds: [[1, 3]], options: [[0, 1], [0, 2], [0, 3], [0, 4]] }).search().solutions).toBe(14);
  });

  it('branches on the item of least branch degree; ties to less slack, then to the longer list', () => {
    // Degrees (options that can come first, plus "no more" once the minimum is met) are all 2:
    // item 0 [0, 1] with 1 option (it, or none; slack 1), item 1 [1, 1] with 2, item 2 [2, 2] with 3 (the
    // last one cannot come first). Items 1 and 2 have no slack; item 2 has the longer list.
    const options = [[0], [1, 2], [1], [2], [2]];
    const three = new DancingLinks({ primaryCount: 3, bounds: [[0, 1], [1, 1], [2, 2]], options });
    expect(three.branches([])).toEqual([1, 3]);
    // without item 2, item 1 (no slack) goes before item 0, which comes first in the list
    const two = new DancingLinks({ primaryCount: 2, bounds: [[0, 1], [1, 1]], options: [[0], [1], [1]] });
    expect(two.branches([])).toEqual([1, 2]);
    // item 0 is branched on when it alone is left: its option, then "no more"
    expect(two.branches([1])).toEqual([0, -1]);
  });

  it('searches an exact problem as Algorithm X does, with one more item [0, 1] in no option', () => {
    // 6 queens: rows and columns primary, diagonals (numbered from `diagonals`) secondary
    const n = 6;
    const queens = (diagonals: number): number[][] => {
      const options: number[][] = [];
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) options.push([r, n + c, diagonals + r + c, diagonals + 2 * n - 1 + r - c + n - 1]);
      return options;
    };
    const x = new DancingLinks({ primaryCount: 2 * n, secondaryCount: 2 * (2 * n - 1), options: queens(2 * n) });
    // item 2n is the extra one
    const bounds = [...Array.from({ length: 2 * n }, (): [number, number] => [1, 1]), [0, 1] as [number, number]];
    const m = new DancingLinks({ primaryCount: 2 * n + 1, secondaryCount: 2 * (2 * n - 1), bounds, options: queens(2 * n + 1) });
    expect(m.multiplicities).toBe(true);
    const rx = x.search(), rm = m.search();
    // the same tree, plus the null choice on the extra item (taken first: it has one choice)
    expect(rm).toEqual({ ...rx, nodes: rx.nodes + 1, updates: rx.updates + 1 });
    expect(m.branches([])).toEqual([-(2 * n + 1)]);
    expect(collect(m)).toEqual(collect(x));
  });

  it('is the exact engine when every bound is [1, 1]', () => {
    const options = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]];
    const plain = new DancingLinks({ primaryCount: 7, options });
    const bounded = new DancingLinks({ primaryCount: 7, bounds: Array.from({ length: 7 }, () => [1, 1] as [number, number]), options });
    expect(bounded.multiplicities).toBe(false);
    expect(bounded.search()).toEqual(plain.search());
    expect(bounded.branches([])).toEqual(plain.branches([]));
  });
});

describe('multiplicities: search control', () => {
  // 12 cells that may stay empty, one monomino piece with bounds [0, 12]: 2^12 solutions, 8191 nodes
  const strip = (): DancingLinks => new DancingLinks({
    primaryCount: 1, secondaryCount: 12, bounds: [[0, 12]], options: Array.from({ length: 12 }, (_, c) => [0, c + 1]),
  });

  it('counts every subset once and honours an AbortSignal, a deadline and onTick', () => {
    const dl = strip();
    const before = snapshot(dl);
    expect(dl.search()).toMatchObject({ solutions: 4096, complete: true });
    const ctl = new AbortController();
    const r = dl.search({ signal: ctl.signal, onSolution: () => { ctl.abort(); } });
    expect(r.complete).toBe(false);
    expect(r.solutions).toBeGreaterThan(0);
    expect(r.solutions).toBeLessThan(4096);
    expect(dl.search({ deadline: Date.now() - 1 })).toMatchObject({ solutions: 0, complete: false });
    const ticks: number[] = [];
    dl.search({ onTick: (n) => { ticks.push(n); } });
    expect(ticks.length).toBeGreaterThan(1);
    expect(snapshot(dl)).toEqual(before);
  });

  it('searches the subtree of a prefix, options of the prefix first, null choices left out', () => {
    const dl = strip();
    expect(dl.branches([])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1]);
    // first monomino on cell 3: cells 0..2 stay empty, any subset of 4..11 follows
    const below3 = collect(dl, [3]);
    expect(below3).toHaveLength(2 ** 8);
    for (const s of below3) expect(s[0] === 3 && s.every((o) => o >= 3)).toBe(true);
    expect(dl.branches([3])).toEqual([4, 5, 6, 7, 8, 9, 10, 11, -1]);
    expect(collect(dl, [3, 5])).toHaveLength(2 ** 6);
    expect(collect(dl, [3, -1])).toEqual([[3]]);
    // "no more monominoes" at once: only the empty solution
    expect(collect(dl, [-1])).toEqual([[]]);
    // 3 is no choice after 5 (it was passed over)
    expect(dl.search({ prefix: [5, 3] })).toMatchObject({ solutions: 0, complete: true });
    // a code below -primaryCount, or a fraction, is no choice code
    expect(() => dl.search({ prefix: [-2] })).toThrow(RangeError);
    expect(() => dl.branches([0.5])).toThrow(RangeError);
  });

  it('ends a suspended generator when another search starts, leaving the links as built', () => {
    const dl = strip();
    const before = snapshot(dl);
    const gen = dl.solutions({ prefix: [3] });
    gen.next();
    expect(dl.search({ prefix: [3] }).solutions).toBe(256);
    expect(() => gen.next()).toThrow(/ended by another search/);
    expect(snapshot(dl)).toEqual(before);
  });
});

describe('bounds validation', () => {
  it('rejects bounds that are not whole numbers 0 <= min <= max, max >= 1, one pair per primary item', () => {
    const spec = (bounds: unknown): ExactCoverSpec => ({ primaryCount: 2, options: [[0, 1]], bounds: bounds as [number, number][] });
    expect(() => new DancingLinks(spec([[1, 1]]))).toThrow(/bounds has 1 entries but there are 2 primary items/);
    expect(() => new DancingLinks(spec([[1, 1], [2, 1]]))).toThrow(/bounds of primary item 1 .*got \[2,1\]/);
    expect(() => new DancingLinks(spec([[0, 0], [1, 1]]))).toThrow(/bounds of primary item 0/);
    expect(() => new DancingLinks(spec([[-1, 1], [1, 1]]))).toThrow(/bounds of primary item 0/);
    expect(() => new DancingLinks(spec([[1, 1], [0.5, 2]]))).toThrow(/bounds of primary item 1/);
    expect(() => new DancingLinks(spec([[1, 1], [1]]))).toThrow(/bounds of primary item 1/);
    expect(() => new DancingLinks(spec([[1, 1], null]))).toThrow(/bounds of primary item 1/);
    expect(() => new DancingLinks(spec([[1, 1], [0, 1, 2]]))).toThrow(/bounds of primary item 1/);
    expect(() => new DancingLinks(spec([[1, 1], [0, 2 ** 31]]))).toThrow(/bounds of primary item 1/);
    expect(new DancingLinks(spec([[0, 1], [1, 2]])).search().solutions).toBe(1);
  });
});
