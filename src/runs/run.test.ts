import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Solution } from '../puzzle/model.js';
import type { ShardResult } from './merge.js';
import { mergeShards, MergeError } from './merge.js';
import type { Progress } from './progress.js';
import type { PlanEstimate } from './job.js';
import { solveAsync } from './run.js';
import { solve } from '../search/solve.js';
import { createVerifier } from '../search/verify.js';

/** A solution as a string that ignores the order of placements and of copies. */
function key(s: Solution): string {
  return s.placements.map((p) => `${p.piece}:${p.cells.map((c) => c.join(',')).sort().join(' ')}`).sort().join('|');
}

// trialMs: 0 makes every run planned and parallel, however small the puzzle.
describe('runs cut into subproblems', () => {
  it('counts the same with 1, 2 and 4 workers (pentominoes 6x10: 9356 in all, 2339 unique)', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-6x10');
    for (const workers of [1, 2, 4]) {
      const all = await solveAsync(puzzle, { countOnly: true, workers, trialMs: 0 });
      expect(all).toMatchObject({ solutions: 9356, complete: true, workers });
      expect(all.plan!.done).toBe(all.plan!.subproblems);
      expect(all.plan!.subproblems).toBeGreaterThanOrEqual(64);
      const unique = await solveAsync(puzzle, { countOnly: true, unique: true, workers, trialMs: 0 });
      expect(unique.solutions).toBe(2339);
    }
  });

  it('finds the same set of solutions with 1, 2 and 4 workers, each verified, streamed as they come', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-4x15');
    const verify = createVerifier(puzzle);
    let reference: string[] | undefined;
    for (const workers of [1, 2, 4]) {
      const streamed: Solution[] = [];
      const r = await solveAsync(puzzle, { all: true, workers, trialMs: 0, onSolution: (s) => { streamed.push(s); } });
      expect(r.solutions).toBe(1472);
      expect(r.found).toHaveLength(1472);
      expect(streamed.map(key)).toEqual(r.found.map(key));
      for (const s of r.found) expect(verify(s)).toEqual([]);
      const keys = r.found.map(key).sort();
      expect(new Set(keys).size).toBe(1472);
      if (reference) expect(keys).toEqual(reference);
      reference = keys;
    }
  });

  it('a trial stopped part way is kept: its solutions stand, only the rest is planned, nothing twice', async () => {
    // The trial goes on past its 1 ms until a thread is ready, and for TRIAL_WAIT_MS at most: the 8x8 with
    // the square takes some 1.8 s of search on one thread, so the trial always stops part way on it. Its
    // published count: 16,146 up to symmetry.
    const puzzle = loadCatalogPuzzle('pentomino-8x8-square');
    const verify = createVerifier(puzzle);
    const streamed: Solution[] = [];
    const r = await solveAsync(puzzle, { all: true, unique: true, workers: 2, trialMs: 1, onSolution: (s) => { streamed.push(s); } });
    expect(r).toMatchObject({ solutions: 16146, complete: true });
    expect(r.plan).toBeDefined();
    expect(new Set(streamed.map(key)).size).toBe(16146);
    for (const s of r.found) expect(verify(s)).toEqual([]);
    const counts = await Promise.all([
      solveAsync(loadCatalogPuzzle('pentomino-5x12'), { countOnly: true, workers: 1, trialMs: 1 }),
      solveAsync(loadCatalogPuzzle('pentomino-5x12'), { countOnly: true, unique: true, workers: 2, trialMs: 1 }),
    ]);
    expect(counts.map((c) => [c.solutions, c.complete])).toEqual([[4040, true], [1010, true]]);
    const first = await solveAsync(loadCatalogPuzzle('pentomino-6x10'), { limit: 3, workers: 2, trialMs: 1 });
    expect(first.found).toHaveLength(3);
    expect(new Set(first.found.map(key)).size).toBe(3);
  });

  it('stops at the limit, across workers', async () => {
    const r = await solveAsync(loadCatalogPuzzle('pentomino-6x10'), { limit: 5, workers: 2, trialMs: 0 });
    expect(r.solutions).toBe(5);
    expect(r.found).toHaveLength(5);
    expect(r.complete).toBe(false);
  });

  it('a first solution the trial missed: the workers go on with the rest in the order of the search, not a plan walked first', async () => {
    // one thread finds the Bedlam cube's first solution in some 78,000 nodes; walking the rest to cut it
    // evenly first had cost 583,000 (7.4 times that), and seconds where the search takes a fraction of one
    const puzzle = loadCatalogPuzzle('bedlam-cube');
    const alone = solve(puzzle, { limit: 1 });
    const run = await solveAsync(puzzle, { limit: 1, workers: 2, trialMs: 5 });
    expect(run.solutions).toBe(1);
    const verify = createVerifier(puzzle);
    expect(verify(run.found[0]!)).toEqual([]);
    // two workers each searching, and the second stopped a little after the first solution
    expect(run.nodes).toBeLessThan(3 * alone.nodes);
  });

  it('a first solution with no trial at all: the workers take the first subtrees in the order of the search, with no plan walked', async () => {
    // the Tetris Cube: one thread finds its first solution in some tens of thousands of nodes; a plan
    // walked and cut evenly first had cost millions (4 s where one thread takes 0.3 s)
    const puzzle = loadCatalogPuzzle('tetris-cube');
    const run = await solveAsync(puzzle, { limit: 1, workers: 2, trialMs: 0 });
    expect(run.solutions).toBe(1);
    expect(createVerifier(puzzle)(run.found[0]!)).toEqual([]);
    // the tree cut a level or two down, as the search meets it (a plan walked and cut evenly: 20,079 subproblems)
    expect(run.plan!.subproblems).toBeGreaterThan(1);
    expect(run.plan!.subproblems).toBeLessThan(1000);
  });

  it('runs its threads for a program given on the command line as a module (node --input-type=module -e)', async () => {
    // the threads inherit the program's Node options; --input-type made each one fail before it ran
    const library = new URL('../../dist/lib/index.js', import.meta.url).href;
    const code = `import { loadCatalogPuzzle, solveAsync } from ${JSON.stringify(library)};
const r = await solveAsync(loadCatalogPuzzle('pentomino-5x12'), { limit: 1, workers: 2, trialMs: 0 });
console.log(JSON.stringify({ solutions: r.solutions, planned: r.plan !== undefined }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(JSON.parse(stdout)).toEqual({ solutions: 1, planned: true });
  });

  it('adds up shards to the whole count, and refuses sets with a shard missing, twice, or foreign', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-5x12');
    const shards: ShardResult[] = [];
    for (let index = 1; index <= 3; index++) {
      const r = await solveAsync(puzzle, { countOnly: true, workers: 1, shard: { index, count: 3 } });
      expect(r.shard).toMatchObject({ index, count: 3 });
      shards.push({ ...r, shard: r.shard!, source: `shard ${index}` });
    }
    expect(shards.reduce((n, s) => n + s.shard.subproblems, 0)).toBe(shards[0]!.shard.subproblemsInPlan);
    const merged = mergeShards(shards);
    expect(merged).toMatchObject({ solutions: 4040, complete: true, shards: 3 });
    expect(() => mergeShards(shards.slice(0, 2))).toThrow(/shard 3\/3 missing/);
    expect(() => mergeShards([...shards, shards[1]!])).toThrow(/shard 2\/3 is given twice/);
    const foreign = { ...shards[2]!, shard: { ...shards[2]!.shard, puzzleHash: 'another' }, source: 'x.json' };
    expect(() => mergeShards([shards[0]!, shards[1]!, foreign])).toThrow(MergeError);
  });

  it('merges shards of one mode only, every solution listed and checked against the puzzle', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-3x20');
    const shardOf = async (index: number, mode: 'all' | 'count'): Promise<ShardResult> => {
      const r = await solveAsync(puzzle, { [mode === 'all' ? 'all' : 'countOnly']: true, workers: 1, shard: { index, count: 2 } });
      expect(r.shard!.mode).toBe(mode);
      return { ...r, shard: r.shard!, source: `${mode} ${index}` };
    };
    const all = [await shardOf(1, 'all'), await shardOf(2, 'all')];
    const counted = [await shardOf(1, 'count'), await shardOf(2, 'count')];
    expect(mergeShards(all, { puzzle })).toMatchObject({ solutions: 8, found: expect.any(Array) });
    expect(mergeShards(counted)).toMatchObject({ solutions: 8, found: [] });
    expect(() => mergeShards([all[0]!, counted[1]!], { puzzle })).toThrow(/is a run of mode count, but all 1 has all/);
    expect(() => mergeShards(all)).toThrow(/give the puzzle they solve/);
    expect(() => mergeShards(all, { puzzle: loadCatalogPuzzle('pentomino-6x10') })).toThrow(/a shard of another puzzle/);
    const [full, other] = all[0]!.found.length > 0 ? all : [all[1]!, all[0]!];
    expect(() => mergeShards([{ ...full!, found: full!.found.slice(1) }, other!], { puzzle })).toThrow(/solutions, but \d+ listed/);
    const foreign = (await solveAsync(loadCatalogPuzzle('pentomino-6x10'), { workers: 1, trialMs: 0, plan: { minSubproblems: 4 } })).found[0]!;
    expect(() => mergeShards(all, { puzzle, extra: [{ solution: foreign, source: 'x.jsonl:1' }] })).toThrow(/x\.jsonl:1: not a solution of Pentominoes 3x20/);
    expect(() => mergeShards(all, { puzzle, extra: [{ solution: full!.found[0]!, source: 'x.jsonl:1' }] })).toThrow(/x\.jsonl:1: the same solution is given twice/);
  });

  it('reports progress that only grows, ending at the whole', async () => {
    const seen: Progress[] = [];
    const r = await solveAsync(loadCatalogPuzzle('pentomino-6x10'), { countOnly: true, workers: 2, trialMs: 0, progressIntervalMs: 1, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction);
    expect(seen.at(-1)).toMatchObject({ fraction: 1, solutions: r.solutions, subproblemsDone: r.plan!.subproblems, etaMs: 0 });
  });

  it('says from its start that it is planning, and how far, before the search reports its own', async () => {
    const seen: Progress[] = [];
    await solveAsync(loadCatalogPuzzle('pentomino-6x10'), { countOnly: true, workers: 2, trialMs: 0, progressIntervalMs: 1, onProgress: (p) => seen.push(p) });
    // the first report comes as planning starts, before any walk
    expect(seen[0]).toMatchObject({ planned: 0, fraction: 0, subproblems: 0 });
    const planning = seen.findIndex((p) => p.planned === undefined);
    expect(planning).toBeGreaterThan(0);
    const shares = seen.slice(0, planning).map((p) => p.planned!);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThanOrEqual(shares[i - 1]!);
    expect(shares.every((s) => s >= 0 && s < 1)).toBe(true);
    // once the search runs, no report says planning again
    expect(seen.slice(planning).every((p) => p.planned === undefined && p.subproblems > 0)).toBe(true);
  });

  it('says what its plan makes of its length, once cut: years for 128 dominoes on 16x16 searched one by one, less than a day for 6x10', async () => {
    const controller = new AbortController();
    const long: PlanEstimate[] = [];
    await solveAsync(loadCatalogPuzzle('dominoes-16x16'), { countOnly: true, engine: 'bitboard', workers: 1, signal: controller.signal, onPlanned: (e) => { long.push(e); controller.abort(); } });
    expect(long).toHaveLength(1);
    // (the tilings of 16x16 by dominoes are 1.3e34; a search that visits them one by one cannot end)
    expect(long[0]!.estimatedNodes).toBeGreaterThan(1e20);
    expect(long[0]!.estimatedMs).toBeGreaterThan(365 * 24 * 3600 * 1000);
    const short: PlanEstimate[] = [];
    const stop = new AbortController();
    await solveAsync(loadCatalogPuzzle('pentomino-6x10'), { countOnly: true, workers: 1, trialMs: 0, signal: stop.signal, onPlanned: (e) => { short.push(e); stop.abort(); } });
    expect(short).toHaveLength(1);
    expect(short[0]!.estimatedMs).toBeLessThan(24 * 3600 * 1000);
    expect(short[0]!.subproblems).toBeGreaterThan(1);
  });

  it('stops on the signal, and says so', async () => {
    const controller = new AbortController();
    const r = await solveAsync(loadCatalogPuzzle('pentomino-6x10'), {
      countOnly: true,
      workers: 1,
      trialMs: 0,
      signal: controller.signal,
      progressIntervalMs: 1,
      onProgress: (p) => { if (p.subproblemsDone >= 3) controller.abort(); },
    });
    expect(r.interrupted).toBe(true);
    expect(r.complete).toBe(false);
    expect(r.plan!.done).toBeLessThan(r.plan!.subproblems);
  });
});
