import { describe, expect, it } from 'vitest';
import { generatePlacements } from '../placements/placements.js';
import type { PlacementTable } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { PENTOMINOES, art, puzzleOf, rect } from '../test-support/shapes.js';
import type { ExactCoverSpec } from './dlx.js';
import { DancingLinks } from './dlx.js';
import { seededRandom } from '../runs/estimate.js';
import { withoutWebAssembly } from '../test-support/without-wasm.js';

/** Every solution, copied. */
function collect(dl: DancingLinks, prefix?: number[]): number[][] {
  const out: number[][] = [];
  dl.search({ prefix, onSolution: (s) => { out.push(Array.from(s)); } });
  return out;
}

/** n queens: rows then columns primary, then the two families of diagonals secondary. Option 8r+c style. */
function queens(n: number): ExactCoverSpec {
  const options: number[][] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) options.push([r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)]);
  }
  return { primaryCount: 2 * n, secondaryCount: 2 * (2 * n - 1), options };
}

/** Sudoku of box size b (n = b*b): items cell, row-digit, column-digit, box-digit; option (r, c, d) is (r*n + c)*n + d. */
function sudoku(b: number): ExactCoverSpec {
  const n = b * b;
  const options: number[][] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const box = Math.floor(r / b) * b + Math.floor(c / b);
      for (let d = 0; d < n; d++) options.push([r * n + c, n * n + r * n + d, 2 * n * n + c * n + d, 3 * n * n + box * n + d]);
    }
  }
  return { primaryCount: 4 * n * n, options };
}

/** Latin squares of order n: cell, row-symbol, column-symbol. */
function latin(n: number): ExactCoverSpec {
  const options: number[][] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) for (let d = 0; d < n; d++) options.push([r * n + c, n * n + r * n + d, 2 * n * n + c * n + d]);
  return { primaryCount: 3 * n * n, options };
}

/**
 * A polyomino puzzle as exact cover, as the solver poses it: board cells (primary), then one item per
 * piece; a piece with one copy is primary, a piece with several is secondary with capacity = its count.
 */
function cellCover(puzzle: Puzzle): { table: PlacementTable; spec: ExactCoverSpec } {
  const table = generatePlacements(puzzle);
  const n = table.board.cells.length;
  const single = puzzle.pieces.map((p) => p.count === 1);
  const primaryPieces = single.filter(Boolean).length;
  const itemOf: number[] = [];
  let nextPrimary = n, nextSecondary = n + primaryPieces;
  for (const s of single) itemOf.push(s ? nextPrimary++ : nextSecondary++);
  const capacities = puzzle.pieces.filter((p) => p.count > 1).map((p) => p.count);
  return {
    table,
    spec: {
      primaryCount: n + primaryPieces,
      secondaryCount: capacities.length,
      capacities,
      options: table.placements.map((p) => [...p.cells, itemOf[p.piece]!]),
    },
  };
}

function dominoes(w: number, h: number): ExactCoverSpec {
  return cellCover(puzzleOf(`${w}x${h}`, rect(w, h), { D: art('##') }, { counts: { D: (w * h) / 2 } })).spec;
}

/** The internal arrays, to check that a search leaves every link as built. */
function snapshot(dl: DancingLinks): number[][] {
  return [Array.from(dl['node']), Array.from(dl['item'])];
}

describe('DancingLinks on small exact covers', () => {
  // Knuth, "Dancing Links" (2000): items A..G, rows 1..6; the unique cover is rows 1, 4, 5.
  const knuth: ExactCoverSpec = {
    primaryCount: 7,
    options: [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]],
  };

  it("finds the unique solution of Knuth's 7-item example, in the order MRV chooses", () => {
    const dl = new DancingLinks(knuth);
    expect(dl.name).toBe('dlx');
    const sols = collect(dl);
    // MRV: A (2 options) first; {A,D,G} dead-ends at E; {A,D}, then E (1 option): {C,E,F}, then {B,G}.
    expect(sols).toEqual([[3, 0, 4]]);
    const r = dl.search();
    // Updates counted by hand: cover A 4, D 3, G 2; B 3, C 3, F 1; (dead end at E, not covered); D 3;
    // E 3, C 3, F 1; B 2, G 1.
    expect(r).toMatchObject({ solutions: 1, complete: true, nodes: 5, updates: 29 });
    expect(dl.branches([])).toEqual([1, 3]);
  });

  it('numbers option 0 as 0, not -0', () => {
    const dl = new DancingLinks({ primaryCount: 1, options: [[0]] });
    expect(Object.is(dl.branches([])[0], 0)).toBe(true);
  });

  it('counts n queens for n = 1..10 (rows and columns primary, diagonals secondary)', () => {
    const counts = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    counts.forEach((count, k) => {
      const r = new DancingLinks(queens(k + 1)).search();
      expect(r.solutions, `${k + 1} queens`).toBe(count);
      expect(r.complete).toBe(true);
    });
  });

  it('solves a hard sudoku, given as a prefix of clues, uniquely and validly', () => {
    // Arto Inkala's 2012 puzzle, often called the hardest sudoku.
    const clues = [
      '8........', '..36.....', '.7..9.2..', '.5...7...', '....457..', '...1...3.', '..1....68', '..85...1.', '.9....4..',
    ];
    const prefix: number[] = [];
    clues.forEach((row, r) => [...row].forEach((ch, c) => { if (ch !== '.') prefix.push((r * 9 + c) * 9 + Number(ch) - 1); }));
    const dl = new DancingLinks(sudoku(3));
    const sols = collect(dl, prefix);
    expect(sols).toHaveLength(1);
    const sol = sols[0]!;
    expect(sol.slice(0, prefix.length)).toEqual(prefix);
    const grid = Array.from({ length: 9 }, () => new Array<number>(9).fill(0));
    for (const o of sol) grid[Math.floor(o / 81)]![Math.floor(o / 9) % 9] = (o % 9) + 1;
    // valid: every row, column and box holds 1..9
    const groups: number[][] = [];
    for (let i = 0; i < 9; i++) {
      groups.push(grid[i]!, grid.map((row) => row[i]!));
      groups.push(Array.from({ length: 9 }, (_, k) => grid[3 * Math.floor(i / 3) + Math.floor(k / 3)]![3 * (i % 3) + (k % 3)]!));
    }
    for (const g of groups) expect([...g].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(grid.map((row) => row.join(''))).toEqual([
      '812753649', '943682175', '675491283', '154237896', '369845721', '287169534', '521974368', '438526917', '796318452',
    ]);
    // Clues that clash (two 8s in the top row) leave nothing to search.
    expect(dl.search({ prefix: [7, 8 * 9 + 7] })).toMatchObject({ solutions: 0, complete: true });
  });

  it('counts the 576 latin squares and 288 sudokus of order 4', () => {
    expect(new DancingLinks(latin(4)).search().solutions).toBe(576);
    expect(new DancingLinks(sudoku(2)).search().solutions).toBe(288);
  });

  it('has exactly one solution, the empty one, when there is nothing to cover', () => {
    expect(new DancingLinks({ primaryCount: 0, secondaryCount: 1, options: [[0]] }).search()).toMatchObject({ solutions: 1, complete: true });
    expect(collect(new DancingLinks({ primaryCount: 0, options: [] }))).toEqual([[]]);
  });
});

describe('capacity items', () => {
  it('lets at most `capacity` chosen options share a secondary item', () => {
    // a, b, c each covered either alone or together with s.
    const options = [[0, 3], [1, 3], [2, 3], [0], [1], [2]];
    const count = (cap: number): number => new DancingLinks({ primaryCount: 3, secondaryCount: 1, capacities: [cap], options }).search().solutions;
    expect(count(1)).toBe(4); // 1 + 3
    expect(count(2)).toBe(7); // 1 + 3 + 3
    expect(count(3)).toBe(8); // all 2^3
    expect(new DancingLinks({ primaryCount: 3, secondaryCount: 1, options }).search().solutions).toBe(4); // default 1
  });

  it('tiles 2xN strips with one domino piece type of count N in Fibonacci many ways', () => {
    const fib = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
    fib.forEach((f, k) => expect(new DancingLinks(dominoes(k + 1, 2)).search().solutions, `2x${k + 1}`).toBe(f));
  });

  it('counts the domino tilings of 3x4 (11) and 4x4 (36)', () => {
    expect(new DancingLinks(dominoes(4, 3)).search().solutions).toBe(11);
    expect(new DancingLinks(dominoes(4, 4)).search().solutions).toBe(36);
  });
});

describe('pentominoes', () => {
  function checkTilings(w: number, h: number, expected: number): void {
    const puzzle = puzzleOf(`${h}x${w}`, rect(w, h), PENTOMINOES);
    const { table, spec } = cellCover(puzzle);
    const dl = new DancingLinks(spec);
    const sols = collect(dl);
    expect(sols).toHaveLength(expected);
    const keys = new Set<string>();
    for (const sol of sols) {
      // independently: every cell exactly once, every piece exactly once
      const cells = new Array<number>(w * h).fill(0);
      const pieces = new Array<number>(12).fill(0);
      for (const o of sol) {
        const p = table.placements[o]!;
        pieces[p.piece]!++;
        for (const c of p.cells) cells[c]!++;
      }
      expect(cells.every((k) => k === 1)).toBe(true);
      expect(pieces.every((k) => k === 1)).toBe(true);
      keys.add([...sol].sort((a, b) => a - b).join(','));
    }
    expect(keys.size).toBe(expected); // all distinct
  }

  it('tiles 3x20 in 8 ways', () => checkTilings(20, 3, 8));
  it('tiles 4x15 in 1472 ways', () => checkTilings(15, 4, 1472));
});

describe('exact mode without WebAssembly', () => {
  // Exact mode's loop is WebAssembly's (wasm/dlx-loop.ts); where none can be compiled, an exact cover is
  // searched as Algorithm M with every bound [1, 1], which branches the same way
  it('finds the same solutions, in the same order, with the same nodes and updates', async () => {
    const specs: ExactCoverSpec[] = [
      { primaryCount: 7, options: [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]] },
      queens(6),
      queens(8),
      cellCover(puzzleOf('3x20', rect(20, 3), PENTOMINOES)).spec,
      cellCover(puzzleOf('dominoes', rect(4, 4), { D: [[0, 0, 0], [1, 0, 0]] }, { counts: { D: 8 } })).spec,
    ];
    const runs = (engine: typeof DancingLinks) => specs.map((spec) => {
      const dl = new engine(spec);
      const solutions = collect(dl);
      const { nodes, updates } = dl.search();
      return { multiplicities: dl.multiplicities, solutions, nodes, updates };
    });
    const withWasm = runs(DancingLinks);
    expect(withWasm.map((r) => r.multiplicities)).toEqual(specs.map(() => false));
    expect(withWasm.map((r) => r.solutions.length)).toEqual([1, 4, 92, 8, 36]);
    const without = await withoutWebAssembly(async () => runs(((await import('./dlx.js')) as typeof import('./dlx.js')).DancingLinks));
    expect(without.map((r) => r.multiplicities)).toEqual(specs.map(() => true));
    expect(without.map(({ solutions, nodes, updates }) => ({ solutions, nodes, updates }))).toEqual(withWasm.map(({ solutions, nodes, updates }) => ({ solutions, nodes, updates })));
  });
});

describe('search control', () => {
  it('stops at the limit', () => {
    const dl = new DancingLinks(queens(8));
    expect(dl.search({ limit: 5 })).toMatchObject({ solutions: 5, complete: false });
    expect(dl.search({ limit: 92 })).toMatchObject({ solutions: 92, complete: false });
    expect(dl.search({ limit: 93 })).toMatchObject({ solutions: 92, complete: true });
  });

  it('stops when onSolution returns false', () => {
    const dl = new DancingLinks(queens(8));
    let seen = 0;
    expect(dl.search({ onSolution: () => ++seen < 3 })).toMatchObject({ solutions: 3, complete: false });
    expect(seen).toBe(3);
  });

  it('honours an AbortSignal, already aborted or aborted during the search', () => {
    const dl = new DancingLinks(queens(12));
    const aborted = new AbortController();
    aborted.abort();
    expect(dl.search({ signal: aborted.signal })).toMatchObject({ solutions: 0, complete: false });
    expect([...dl.solutions({ signal: aborted.signal })]).toEqual([]);
    // Aborted at the first solution: seen within CHECK_INTERVAL nodes, long before all 14200.
    const ctl = new AbortController();
    const r = dl.search({ signal: ctl.signal, onSolution: () => { ctl.abort(); } });
    expect(r.complete).toBe(false);
    expect(r.solutions).toBeGreaterThan(0);
    expect(r.solutions).toBeLessThan(14200);
    expect(dl.search().solutions).toBe(14200);
  });

  it('honours a deadline', () => {
    const dl = new DancingLinks(queens(13));
    expect(dl.search({ deadline: Date.now() - 1 })).toMatchObject({ solutions: 0, complete: false });
    const start = Date.now();
    const r = dl.search({ deadline: start + 30 });
    expect(r.complete).toBe(false);
    expect(r.solutions).toBeLessThan(73712);
    expect(Date.now() - start).toBeLessThan(1000);
    expect(new DancingLinks(queens(6)).search({ deadline: Date.now() + 60_000 })).toMatchObject({ solutions: 4, complete: true });
  });

  it('streams the same solutions as search, lazily, and with a limit', () => {
    const dl = new DancingLinks(queens(8));
    const all = collect(dl);
    expect([...dl.solutions()].map((s) => Array.from(s))).toEqual(all);
    expect([...dl.solutions({ limit: 4 })].map((s) => Array.from(s))).toEqual(all.slice(0, 4));
    const gen = dl.solutions();
    expect(Array.from(gen.next().value as Int32Array)).toEqual(all[0]);
    expect(Array.from(gen.next().value as Int32Array)).toEqual(all[1]);
    gen.return(undefined);
    expect(dl.search().solutions).toBe(92);
  });

  it('ends a suspended generator when another search starts on the instance', () => {
    const dl = new DancingLinks(queens(8));
    const before = snapshot(dl);
    const gen = dl.solutions();
    gen.next();
    expect(dl.search().solutions).toBe(92);
    expect(() => gen.next()).toThrow(/ended by another search/);
    expect(snapshot(dl)).toEqual(before);
  });

  it('refuses to start a search from inside onSolution', () => {
    const dl = new DancingLinks(queens(6));
    expect(() => dl.search({ onSolution: () => { dl.search(); } })).toThrow(/already running/);
    expect(dl.search().solutions).toBe(4);
  });

  it('restores every link after a complete or stopped search, so it can be reused', () => {
    const { spec } = cellCover(puzzleOf('3x20', rect(20, 3), PENTOMINOES));
    const dl = new DancingLinks(spec);
    const before = snapshot(dl);
    const full = dl.search();
    expect(full).toMatchObject({ solutions: 8, complete: true });
    expect(snapshot(dl)).toEqual(before);
    expect(dl.search({ limit: 3 }).solutions).toBe(3);
    expect(snapshot(dl)).toEqual(before);
    const aborted = new AbortController();
    aborted.abort();
    dl.search({ signal: aborted.signal, prefix: [dl.branches([])[0]!] });
    expect(snapshot(dl)).toEqual(before);
    expect(() => dl.search({ onSolution: () => { throw new Error('boom'); } })).toThrow('boom');
    expect(snapshot(dl)).toEqual(before);
    for (const _ of dl.solutions()) break;
    expect(snapshot(dl)).toEqual(before);
    expect(dl.search()).toEqual(full);
    // the same for capacity items
    const d = new DancingLinks(dominoes(4, 4));
    const dBefore = snapshot(d);
    d.search({ limit: 7 });
    expect(snapshot(d)).toEqual(dBefore);
    expect(d.search().solutions).toBe(36);
  });
});

describe('prefixes and branches', () => {
  /** Sum of subtree counts over the branches at `prefix`, checked against the search from `prefix`. */
  function checkSplit(dl: DancingLinks, prefix: number[], depth: number): number {
    const whole = dl.search({ prefix });
    const branches = dl.branches(prefix);
    let solutions = 0, nodes = 0;
    for (const b of branches) {
      const r = dl.search({ prefix: [...prefix, b] });
      expect(r.complete).toBe(true);
      solutions += depth > 1 ? checkSplit(dl, [...prefix, b], depth - 1) : r.solutions;
      nodes += r.nodes;
    }
    expect(solutions).toBe(whole.solutions);
    // each branch is one node of the parent's tree, and its subtree is searched exactly as in the parent
    if (branches.length > 0) expect(branches.length + nodes).toBe(whole.nodes);
    return whole.solutions;
  }

  it('splits 8 queens into subtrees whose counts add up, two levels deep', () => {
    const dl = new DancingLinks(queens(8));
    expect(checkSplit(dl, [], 2)).toBe(92);
  });

  it('splits pentominoes 3x20 and dominoes 4x4 (capacity) the same way', () => {
    expect(checkSplit(new DancingLinks(cellCover(puzzleOf('3x20', rect(20, 3), PENTOMINOES)).spec), [], 2)).toBe(8);
    expect(checkSplit(new DancingLinks(dominoes(4, 4)), [], 2)).toBe(36);
  });

  it('keeps a prefix between calls of branches: any walk down and back up gives what a fresh instance gives, and a search after it is whole', () => {
    const spec = cellCover(puzzleOf('3x20', rect(20, 3), PENTOMINOES)).spec;
    const kept = new DancingLinks(spec);
    // a walk from a fixed seed: down a branch, back up one to three levels, or through a clashing prefix
    const random = seededRandom(7);
    const next = (n: number): number => Math.floor(random() * n);
    let path: number[] = [];
    let calls = 0;
    for (let step = 0; step < 400; step++) {
      const fresh = new DancingLinks(spec).branches(path);
      expect(kept.branches(path), JSON.stringify(path)).toEqual(fresh);
      calls++;
      const move = next(10);
      if (move === 0 && path.length > 0) path = [...path, path[0]!]; // an option twice: clashes
      else if (move < 3 || fresh.length === 0) path = path.slice(0, Math.max(0, path.length - 1 - next(3)));
      else path = [...path, fresh[next(fresh.length)]!];
    }
    expect(calls).toBe(400);
    // the links the walk left are undone before a search: every solution, and the links as built
    expect(kept.search()).toMatchObject({ solutions: 8, complete: true });
    expect(kept.search({ prefix: kept.branches([]).slice(0, 1) }).solutions).toBe(new DancingLinks(spec).search({ prefix: new DancingLinks(spec).branches([]).slice(0, 1) }).solutions);
  });

  it('reports prefix options first in each solution', () => {
    const dl = new DancingLinks(queens(6));
    const b = dl.branches([])[1]!;
    for (const s of collect(dl, [b])) expect(s[0]).toBe(b);
  });

  it('gives no solutions for clashing prefixes and rejects unknown options', () => {
    const dl = new DancingLinks(queens(8));
    expect(dl.search({ prefix: [0, 1] })).toMatchObject({ solutions: 0, complete: true }); // same row
    expect(dl.search({ prefix: [0, 9] })).toMatchObject({ solutions: 0, complete: true }); // same diagonal
    expect(dl.search({ prefix: [0, 0] })).toMatchObject({ solutions: 0, complete: true }); // twice
    expect(dl.branches([0, 1])).toEqual([]);
    expect(() => dl.search({ prefix: [64] })).toThrow(RangeError);
    expect(() => dl.branches([-1])).toThrow(RangeError);
    expect(dl.search().solutions).toBe(92);
    // a secondary-only option with capacity 2 may not be applied twice either
    const cap = new DancingLinks({ primaryCount: 1, secondaryCount: 1, capacities: [2], options: [[0], [1]] });
    expect(cap.search({ prefix: [1] }).solutions).toBe(1);
    expect(cap.search({ prefix: [1, 1] })).toMatchObject({ solutions: 0, complete: true });
  });
});

describe('spec validation', () => {
  it('rejects malformed specs with clear messages', () => {
    expect(() => new DancingLinks({ primaryCount: 2, options: [[0, 2]] })).toThrow(/option 0 uses item 2, outside 0\.\.1/);
    expect(() => new DancingLinks({ primaryCount: 2, options: [[0], [-1]] })).toThrow(/option 1 uses item -1/);
    expect(() => new DancingLinks({ primaryCount: 3, options: [[0, 1, 0]] })).toThrow(/option 0 uses item 0 twice/);
    expect(() => new DancingLinks({ primaryCount: 1, options: [[0], []] })).toThrow(/option 1 is empty/);
    expect(() => new DancingLinks({ primaryCount: -1, options: [] })).toThrow(/primaryCount/);
    expect(() => new DancingLinks({ primaryCount: 1, secondaryCount: 2, capacities: [1], options: [] })).toThrow(/capacities has 1 entries but there are 2/);
    expect(() => new DancingLinks({ primaryCount: 1, secondaryCount: 1, capacities: [0], options: [] })).toThrow(/capacity of secondary item 1/);
  });
});
