import { describe, expect, it } from 'vitest';
import { prepareSearch } from '../compile/compile.js';
import type { EngineName } from '../engines/types.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Solution } from '../puzzle/model.js';
import { solve } from '../search/solve.js';
import { createVerifier } from '../search/verify.js';
import { tilingKey } from '../test-support/orbits.js';
import { hereDispatch, MAX_SLICED_DEPTH } from './dispatch-here.js';
import { planSubproblems } from './plan.js';

/**
 * One worker on a shallow tree: the plan's subproblems searched on this thread in slices, each stopped at
 * its first periodic check (no clock) and going on from the rest it names. Every solution of the whole
 * search comes once, each verified, and every subproblem is done whole.
 */
describe('subproblems searched on this thread, a slice at a time', () => {
  const puzzle = loadCatalogPuzzle('pentomino-4x15');
  const whole = solve(puzzle, { all: true }).found.map(tilingKey).sort();
  const verify = createVerifier(puzzle);

  it.each(['bitboard', 'dlx'] as const)('%s: the whole search\'s 1,472 solutions, each once, every subproblem done', async (engine: EngineName) => {
    const prepared = prepareSearch(puzzle, { engine });
    const plan = planSubproblems(prepared.engine, prepared.depth ?? -1, { minSubproblems: 8 });
    const dispatcher = await hereDispatch(prepared, { countOnly: false }, { checks: 1 })!.start();
    const found: Solution[] = [];
    const done: number[] = [];
    let slices = 0;
    await dispatcher.run(plan, plan.subproblems.map((_, i) => i), {
      onSolution: (_, s) => void found.push(s),
      onProgress: () => void slices++,
      onDone: (r) => {
        expect(r.complete).toBe(true);
        done.push(r.index);
      },
    });
    expect(done).toEqual(plan.subproblems.map((_, i) => i));
    // (more slices than subproblems: some were cut, and went on from their rest)
    expect(slices).toBeGreaterThan(plan.subproblems.length);
    expect(found.flatMap(verify)).toEqual([]);
    expect(found.map(tilingKey).sort()).toEqual(whole);
  });

  it('stops between slices when told, and says no more', async () => {
    const prepared = prepareSearch(puzzle, {});
    const plan = planSubproblems(prepared.engine, prepared.depth ?? -1, { minSubproblems: 8 });
    const dispatcher = await hereDispatch(prepared, { countOnly: true }, { checks: 1 })!.start();
    let slices = 0;
    let after = 0;
    let stopped = false;
    await dispatcher.run(plan, plan.subproblems.map((_, i) => i), {
      onSolution: () => {},
      onProgress: () => {
        if (stopped) after++;
        if (++slices === 3) {
          stopped = true;
          void dispatcher.stop();
        }
      },
      onDone: () => void (stopped && after++),
    });
    expect(slices).toBe(3);
    expect(after).toBe(0);
  });

  it.each(['bitboard', 'dlx'] as const)('%s: a tree of no fixed depth (cells that may stay empty) in slices too, every solution once', async (engine: EngineName) => {
    // four pentominoes anywhere on a 5x5 board: a path places a piece or (bitboard) leaves a cell empty
    const pentominoes = loadCatalogPuzzle('pentomino-6x10').pieces.filter((p) => ['I', 'L', 'P', 'T'].includes(p.name));
    const board = Array.from({ length: 25 }, (_, i) => [i % 5, Math.floor(i / 5), 0] as [number, number, number]);
    const loose = { name: 'loose', dims: 2 as const, mirror: true, board, optional: board, pieces: pentominoes };
    const prepared = prepareSearch(loose, { engine });
    expect(prepared.depth).toBeUndefined();
    const all = solve(loose, { all: true, engine }).found.map(tilingKey).sort();
    const plan = planSubproblems(prepared.engine, -1, { minSubproblems: 8 });
    const dispatcher = await hereDispatch(prepared, { countOnly: false }, { checks: 1 })!.start();
    const found: Solution[] = [];
    await dispatcher.run(plan, plan.subproblems.map((_, i) => i), { onSolution: (_, s) => void found.push(s), onProgress: () => {}, onDone: (r) => expect(r.complete).toBe(true) });
    expect(all.length).toBeGreaterThan(100);
    expect(found.flatMap(createVerifier(loose))).toEqual([]);
    expect(found.map(tilingKey).sort()).toEqual(all);
  });

  it('is for shallow trees only: deeper, or of no fixed depth past the bound, a thread', () => {
    expect(hereDispatch(prepareSearch(puzzle, {}), { countOnly: true })).toBeDefined();
    const strip = { name: 'strip', dims: 2 as const, mirror: true, board: Array.from({ length: 2 * (MAX_SLICED_DEPTH + 1) }, (_, i) => [i % (MAX_SLICED_DEPTH + 1), Math.floor(i / (MAX_SLICED_DEPTH + 1)), 0] as [number, number, number]), pieces: [{ name: 'D', shape: [[0, 0, 0], [1, 0, 0]] as [number, number, number][], count: MAX_SLICED_DEPTH + 1, mirror: true }] };
    expect(hereDispatch(prepareSearch(strip, {}), { countOnly: true })).toBeUndefined();
    // a few pieces on a large board whose cells may stay empty: the bitboard engine may leave each empty
    const wide = { ...strip, optional: strip.board, pieces: [{ ...strip.pieces[0]!, count: 3 }] };
    expect(hereDispatch(prepareSearch(wide, {}), { countOnly: true })).toBeUndefined();
  });
});
