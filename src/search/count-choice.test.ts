import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Puzzle } from '../puzzle/model.js';
import type { Progress } from '../runs/progress.js';
import { solveAsync } from '../runs/run.js';
import { art, rect } from '../test-support/shapes.js';
import { InvalidOptionError } from './options.js';
import { solve } from './solve.js';

const dominoes = (w: number, h: number): Puzzle => ({
  name: `dominoes ${w}x${h}`, dims: 2, board: rect(w, h), mirror: true,
  pieces: [{ name: 'D', shape: art('##'), count: (w * h) / 2, mirror: true }],
});

describe('when the counting engine is used', () => {
  it('auto counts with it (counts only, no --unique): many copies of one piece', () => {
    const r = solve(loadCatalogPuzzle('dominoes-8x8'), { countOnly: true });
    expect(r).toMatchObject({ engine: 'count', solutions: 12_988_816, exactSolutions: 12_988_816n, complete: true });
    expect(r.engineReason).toMatch(/dynamic programming over the frontier/);
  });

  it('auto enumerates for a list, a limit or --unique, and where the frontier is too wide (the pentominoes)', () => {
    const puzzle = dominoes(4, 4);
    expect(solve(puzzle, { all: true }).engine).not.toBe('count');
    expect(solve(puzzle, { limit: 3 }).engine).not.toBe('count');
    expect(solve(puzzle, { countOnly: true, unique: true }).engine).not.toBe('count');
    expect(solve(loadCatalogPuzzle('pentomino-3x20'), { countOnly: true }).engine).toBe('bitboard');
  });

  it('--engine count is refused with one line where it cannot count: --unique, a list, a frontier too wide', () => {
    const puzzle = dominoes(4, 4);
    expect(() => solve(puzzle, { engine: 'count', unique: true, countOnly: true })).toThrow(InvalidOptionError);
    expect(() => solve(puzzle, { engine: 'count', unique: true, countOnly: true })).toThrow(/not one per symmetry class/);
    expect(() => solve(puzzle, { engine: 'count', all: true })).toThrow(/only counts/);
    expect(() => solve(puzzle, { engine: 'count', limit: 2 })).toThrow(/only counts/);
    expect(() => solve(loadCatalogPuzzle('pentomino-6x10'), { engine: 'count', countOnly: true })).toThrow(/the counting engine would keep more than a million billion states|more than its limit/);
  });

  it('a run counts in one piece on this thread, exactly, with progress to the end', async () => {
    const events: Progress[] = [];
    const r = await solveAsync(dominoes(10, 10), { countOnly: true, workers: 2, onProgress: (p) => events.push(p) });
    expect(r).toMatchObject({ engine: 'count', solutions: 258_584_046_368, exactSolutions: 258_584_046_368n, complete: true, workers: 1 });
    expect(r.plan).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ fraction: 1, subproblems: 1, subproblemsDone: 1 });
  });

  it('a run stopped by the signal or the time limit has no count and says so', async () => {
    const controller = new AbortController();
    controller.abort();
    const stopped = await solveAsync(dominoes(10, 10), { countOnly: true, signal: controller.signal });
    expect(stopped).toMatchObject({ engine: 'count', complete: false, solutions: 0, interrupted: true });
    const timed = await solveAsync(dominoes(10, 10), { countOnly: true, timeLimitMs: 0 });
    expect(timed).toMatchObject({ engine: 'count', complete: false, solutions: 0 });
  });

  it('shards and checkpoints are left to the enumerating engines; --engine count refuses them before any file is made', async () => {
    const puzzle = dominoes(4, 4);
    const sharded = await solveAsync(puzzle, { countOnly: true, shard: { index: 1, count: 1 }, workers: 1 });
    expect(sharded.engine).not.toBe('count');
    expect(sharded.solutions).toBe(36);
    await expect(solveAsync(puzzle, { engine: 'count', countOnly: true, shard: { index: 1, count: 2 } })).rejects.toThrow(/cannot count a shard/);
    const file = join(mkdtempSync(join(tmpdir(), 'snug-count-')), 'run.json');
    await expect(solveAsync(puzzle, { engine: 'count', countOnly: true, checkpoint: { path: file } })).rejects.toThrow(InvalidOptionError);
    expect(existsSync(file)).toBe(false);
  });
});
