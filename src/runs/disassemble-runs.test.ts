import { resigned } from '../test-support/signed.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareLevels, disassembleSolution } from '../disassembly/solution.js';
import { frameCells } from '../puzzle/frame.js';
import { parsePuzzle } from '../puzzle/format.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { InvalidOptionError } from '../search/options.js';
import { solve } from '../search/solve.js';
import { loadCheckpoint } from './checkpoint-file.js';
import type { ShardResult } from './merge.js';
import { MergeError, mergeShards } from './merge.js';
import { resumeAsync } from './resume.js';
import type { RunOptions } from './run.js';
import { solveAsync } from './run.js';
import { createSolutionCheck, solutionKey } from './solution-check.js';

/*
 * Long runs that take their assemblies apart (issue 21): on worker threads, from a checkpoint, in shards,
 * counting; each against `solve` in-process and against a plain loop that takes every assembly apart.
 *
 * The puzzle: three dominoes and two V tricubes fill a 2x2x3 box, closed but for half its lid (over x = 0),
 * so pieces must slide under the lid to the opening before they come out. Of its 336 assemblies 12 come
 * apart, at levels 1.1.1.2 and 1.1.2.1.2 (up to symmetry: 178 assemblies, 6 come apart).
 */
const closed = parsePuzzle(
  ['name: Half-lidded box', 'board: {box: [2, 2, 3]}', 'frame: closed', 'pieces:', '  D: {shape: "##", count: 3}', '  V: {shape: "##\\n#.", count: 2}', ''].join('\n'),
  'half-lid.yaml',
);
const puzzle: Puzzle = { ...closed, frame: { cells: frameCells(closed).filter((c) => !(c[2] === 3 && c[0] === 0)) } };
// plans made small and quick, cut in several subproblems however small the tree
const plan = { minSubproblems: 12, rootProbes: 64, probes: 8 };
const folder = (): string => mkdtempSync(join(tmpdir(), 'snug-disassemble-'));

/** A solution with its level, as a string (the order of placements and copies ignored). */
const withLevel = (s: Solution): string => `${solutionKey(s)} @ ${s.level?.join('.') ?? 'none'}`;
const sorted = (found: readonly Solution[]): string[] => found.map(withLevel).sort();

/** The reference: every assembly, taken apart one by one with disassembleSolution (no run involved). */
function reference(unique = false): { found: string[]; assemblies: number; maxLevel: readonly number[] | undefined } {
  const assemblies = solve(puzzle, { all: true, unique }).found;
  const found: Solution[] = [];
  let maxLevel: readonly number[] | undefined;
  for (const a of assemblies) {
    const d = disassembleSolution(puzzle, a);
    if (d.outcome !== 'apart') continue;
    found.push({ ...a, level: d.level! });
    if (!maxLevel || compareLevels(d.level!, maxLevel) > 0) maxLevel = d.level;
  }
  return { found: sorted(found), assemblies: assemblies.length, maxLevel };
}

const whole = reference();
const classes = reference(true);

describe('the puzzle of these tests', () => {
  it('has assemblies that come apart at several levels, and many that do not', () => {
    expect(whole.assemblies).toBe(336);
    expect(whole.found).toHaveLength(12);
    expect(new Set(whole.found.map((k) => k.split(' @ ')[1])).size).toBeGreaterThan(1);
    expect(whole.maxLevel).toEqual([1, 1, 2, 1, 2]);
    expect(classes).toMatchObject({ assemblies: 178, maxLevel: [1, 1, 2, 1, 2] });
    expect(classes.found).toHaveLength(6);
    // solve in-process, taking each assembly apart as found, agrees with the plain loop
    const r = solve(puzzle, { all: true, disassemble: {} });
    expect(sorted(r.found)).toEqual(whole.found);
    expect(r.disassembly).toEqual({ assemblies: 336, undecided: 0, maxLevel: [1, 1, 2, 1, 2] });
  });
});

// trialMs: 0 makes every run planned and parallel, however small the puzzle.
describe('a long run that takes its assemblies apart', () => {
  it('on worker threads: the same solutions, levels and assemblies as solve in-process', async () => {
    const streamed: Solution[] = [];
    const r = await solveAsync(puzzle, { all: true, disassemble: {}, workers: 2, trialMs: 0, plan, onSolution: (s) => { streamed.push(s); } });
    expect(r.plan!.subproblems).toBeGreaterThan(1);
    expect(r).toMatchObject({ solutions: 12, complete: true, workers: 2 });
    expect(r.disassembly).toEqual({ assemblies: whole.assemblies, undecided: 0, maxLevel: whole.maxLevel });
    expect(sorted(r.found)).toEqual(whole.found);
    expect(sorted(streamed)).toEqual(whole.found);
  });

  it('counting: the same numbers, in-process, in the trial and on threads', async () => {
    const inProcess = solve(puzzle, { countOnly: true, disassemble: {} });
    expect(inProcess).toMatchObject({ solutions: 12, disassembly: { assemblies: 336, undecided: 0, maxLevel: [1, 1, 2, 1, 2] } });
    for (const options of [{ trialMs: 0, plan }, {}] as RunOptions[]) {
      const r = await solveAsync(puzzle, { countOnly: true, disassemble: {}, workers: 2, ...options });
      expect(r).toMatchObject({ solutions: 12, complete: true, found: [] });
      expect(r.disassembly).toEqual(inProcess.disassembly);
      // the counting engine, which cannot list assemblies, is never chosen
      expect(r.engine).not.toBe('count');
    }
  });

  it('up to symmetry (--unique): one assembly per class, on threads as in-process', async () => {
    const inProcess = solve(puzzle, { all: true, unique: true, disassemble: {} });
    expect(sorted(inProcess.found)).toEqual(classes.found);
    expect(inProcess.disassembly).toEqual({ assemblies: 178, undecided: 0, maxLevel: classes.maxLevel });
    const r = await solveAsync(puzzle, { all: true, unique: true, disassemble: {}, workers: 2, trialMs: 0, plan });
    expect(r.plan!.subproblems).toBeGreaterThan(1);
    expect(sorted(r.found)).toEqual(classes.found);
    expect(r.disassembly).toEqual(inProcess.disassembly);
    const counted = await solveAsync(puzzle, { countOnly: true, unique: true, disassemble: {}, workers: 2, trialMs: 0, plan });
    expect(counted).toMatchObject({ solutions: 6, disassembly: inProcess.disassembly });
  });

  it('keeps the harder ones with a least level, and counts every assembly all the same', async () => {
    const r = await solveAsync(puzzle, { all: true, disassemble: { minLevel: [1, 1, 2] }, workers: 2, trialMs: 0, plan });
    const hard = whole.found.filter((k) => k.endsWith('@ 1.1.2.1.2'));
    expect(hard.length).toBeGreaterThan(0);
    expect(sorted(r.found)).toEqual(hard);
    expect(r.disassembly).toEqual({ assemblies: 336, undecided: 0, maxLevel: whole.maxLevel });
  });

  it('stops at a limit of solutions that come apart, counting the assemblies behind them', async () => {
    const r = await solveAsync(puzzle, { limit: 3, disassemble: {}, workers: 2, trialMs: 0, plan });
    expect(r).toMatchObject({ solutions: 3, complete: false });
    for (const s of r.found) expect(whole.found).toContain(withLevel(s));
    expect(r.disassembly!.assemblies).toBeGreaterThanOrEqual(3);
    expect(r.disassembly!.assemblies).toBeLessThanOrEqual(336);
    expect(r.disassembly!.maxLevel).toBeDefined();
  });

  it('refuses what cannot be taken apart, and the counting engine, before anything runs', async () => {
    const dir = folder();
    const flat = loadCatalogPuzzle('pentomino-3x20');
    await expect(solveAsync(flat, { all: true, disassemble: {}, checkpoint: { path: join(dir, 'run.json') } })).rejects.toThrow(/disassemble: a flat puzzle comes apart by lifting/);
    await expect(solveAsync(puzzle, { countOnly: true, disassemble: {}, engine: 'count' })).rejects.toThrow(InvalidOptionError);
    expect(() => readFileSync(join(dir, 'run.json'))).toThrow(/ENOENT/);
  });
});

describe('checkpoints of a run that takes its assemblies apart', () => {
  /** A run with a checkpoint, stopped by the signal once `after` subproblems are done. */
  async function interrupted(path: string, options: RunOptions, after: number) {
    const controller = new AbortController();
    const r = await solveAsync(puzzle, {
      disassemble: {},
      workers: 1,
      plan,
      checkpoint: { path, intervalMs: 0 },
      signal: controller.signal,
      progressIntervalMs: 1,
      onProgress: (p) => { if (p.subproblemsDone >= after) controller.abort(); },
      ...options,
    });
    expect(r).toMatchObject({ interrupted: true, complete: false });
    // (the assemblies of the subproblems cut short count, as their nodes do)
    expect(r.disassembly!.assemblies).toBeGreaterThanOrEqual(r.solutions);
    return r;
  }

  it('interrupted and resumed: the same solutions, levels and assemblies', async () => {
    const path = join(folder(), 'run.json');
    await interrupted(path, { all: true }, 3);
    const saved = loadCheckpoint(path);
    expect(saved.options.disassemble).toEqual({});
    expect(saved.done.length).toBeGreaterThan(0);
    expect(saved.done.length).toBeLessThan(saved.plan!.subproblems.length);
    for (const d of saved.done) {
      expect(d.disassembly!.assemblies).toBeGreaterThanOrEqual(d.solutions);
      for (const s of d.found!) expect(s.level).toBeDefined();
    }
    // (a disassemble option given to resume is not the resumed run's: the checkpoint's is)
    const resumed = await resumeAsync(path, { workers: 2, disassemble: { minLevel: [9] } } as never);
    expect(resumed).toMatchObject({ solutions: 12, complete: true });
    expect(sorted(resumed.found)).toEqual(whole.found);
    expect(resumed.disassembly).toEqual({ assemblies: whole.assemblies, undecided: 0, maxLevel: whole.maxLevel });
  });

  it('counting, interrupted and resumed: the same numbers', async () => {
    const path = join(folder(), 'count.json');
    await interrupted(path, { countOnly: true }, 2);
    const resumed = await resumeAsync(path, { workers: 2 });
    expect(resumed).toMatchObject({ solutions: 12, complete: true, disassembly: { assemblies: 336, undecided: 0, maxLevel: [1, 1, 2, 1, 2] } });
  });

  /** The file's JSON, signed again after `edit` by a holder of the key: what the checks behind the MAC must catch. */
  function forge(path: string, edit: (c: Record<string, any>) => void): void {
    writeFileSync(path, resigned(readFileSync(path, 'utf8'), edit));
  }

  it('trusts no level, tally or option it reads', async () => {
    const finished = async (): Promise<string> => {
      const path = join(folder(), 'run.json');
      await solveAsync(puzzle, { all: true, disassemble: {}, workers: 1, plan, checkpoint: { path, intervalMs: 60_000 } });
      return path;
    };
    const withSolutions = (c: Record<string, any>) => c.done.find((d: { solutions: number }) => d.solutions > 0);
    const cases: [(c: Record<string, any>) => void, RegExp][] = [
      [(c) => { withSolutions(c).found[0].level = [1, 1, 1, 1]; }, /solution 1: it is given level 1\.1\.1\.1, but it comes apart at level 1\.1\./],
      [(c) => { withSolutions(c).found[0].level = [0]; }, /level.*(positive|>0|too small)/i],
      [(c) => { delete withSolutions(c).found[0].level; }, /it has no level, but the run takes its assemblies apart/],
      [(c) => { withSolutions(c).disassembly.assemblies = 0; }, /fewer than its \d+ solutions/],
      [(c) => { withSolutions(c).disassembly.maxLevel = [9]; }, /its highest level is 9, but its solutions' is 1\./],
      [(c) => { delete c.done[0].disassembly; }, /tally of assemblies is missing/],
      [(c) => { c.options.disassemble = { minLevel: [0] }; }, /options\.disassemble\.minLevel/],
      [(c) => { c.options.disassemble = { stateBudget: 'lots' }; }, /options\.disassemble\.stateBudget/],
      [(c) => { c.options.disassemble = { more: true }; }, /options\.disassemble/],
      [(c) => { delete c.options.disassemble; }, /tells assemblies, but the run does not take them apart/],
    ];
    for (const [edit, message] of cases) {
      const path = await finished();
      forge(path, edit);
      expect(() => loadCheckpoint(path)).toThrow(message);
    }
  });
});

describe('shards of a run that takes its assemblies apart', () => {
  async function shards(mode: 'all' | 'count', disassemble: RunOptions['disassemble'] | null = {}): Promise<ShardResult[]> {
    const out: ShardResult[] = [];
    for (let index = 1; index <= 2; index++) {
      const r = await solveAsync(puzzle, { [mode === 'all' ? 'all' : 'countOnly']: true, ...(disassemble ? { disassemble } : {}), workers: 1, plan, shard: { index, count: 2 } });
      out.push({ ...r, shard: r.shard!, source: `${mode} ${index}` });
    }
    return out;
  }

  it('merged, give the whole run: solutions, levels and assemblies', async () => {
    const all = await shards('all');
    expect(all[0]!.shard.disassemble).toEqual({});
    expect(all.every((s) => s.disassembly!.assemblies < whole.assemblies)).toBe(true);
    const merged = mergeShards(all, { puzzle });
    expect(merged.solutions).toBe(12);
    expect(sorted(merged.found)).toEqual(whole.found);
    expect(merged.disassembly).toEqual({ assemblies: whole.assemblies, undecided: 0, maxLevel: whole.maxLevel });
    const counted = mergeShards(await shards('count'));
    expect(counted).toMatchObject({ solutions: 12, found: [], disassembly: { assemblies: 336, undecided: 0, maxLevel: [1, 1, 2, 1, 2] } });
  });

  it('refuses shards taken apart otherwise, or not at all, in one line; and levels that are wrong', async () => {
    const mine = await shards('all');
    const plain = await shards('all', null);
    expect(() => mergeShards([mine[0]!, plain[1]!], { puzzle })).toThrow(MergeError);
    expect(() => mergeShards([mine[0]!, plain[1]!], { puzzle })).toThrow(/^all 2: its run does not take its assemblies apart, but that of all 1 takes its assemblies apart \(options \{\}\): not shards of one run$/);
    const harder = await shards('all', { minLevel: [1, 1, 2] });
    expect(() => mergeShards([mine[0]!, harder[1]!], { puzzle })).toThrow(/takes its assemblies apart \(options \{"minLevel":\[1,1,2\]\}\), but that of all 1 takes its assemblies apart \(options \{\}\)/);
    const [full, other] = mine[0]!.found.length > 0 ? [mine[0]!, mine[1]!] : [mine[1]!, mine[0]!];
    const lying = { ...full, found: full.found.map((s, i) => (i === 0 ? { ...s, level: [7] } : s)) };
    expect(() => mergeShards([lying, other], { puzzle })).toThrow(/it is given level 7, but it comes apart at level|its highest level is/);
  });
});

describe('the solution check', () => {
  const [first] = solve(puzzle, { all: true, disassemble: {} }).found;

  it('takes a level of the right form, and checks it against the disassembly when the run takes assemblies apart', () => {
    expect(createSolutionCheck(puzzle)(first!)).toBeUndefined();
    expect(createSolutionCheck(puzzle)({ ...first!, level: [0, 1] })).toMatch(/its level must be a list of at most 64 whole numbers of at least 1/);
    expect(createSolutionCheck(puzzle)({ ...first!, level: 'high' as never })).toMatch(/its level must be a list/);
    expect(createSolutionCheck(puzzle, { disassemble: {} })(first!)).toBeUndefined();
    expect(createSolutionCheck(puzzle, { disassemble: {} })({ ...first!, level: [2] })).toMatch(/it is given level 2, but it comes apart at level/);
    expect(createSolutionCheck(puzzle, { disassemble: { minLevel: [5] } })(first!)).toMatch(/is below the least level asked for, 5/);
    const stuck = solve(puzzle, { all: true }).found.find((a) => disassembleSolution(puzzle, a).outcome === 'stuck')!;
    expect(createSolutionCheck(puzzle, { disassemble: {} })({ ...stuck, level: [1] })).toMatch(/it is given level 1, but it does not come apart/);
  });
});
