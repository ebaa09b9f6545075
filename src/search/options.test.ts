import { describe, expect, it } from 'vitest';
import { PuzzleError } from '../puzzle/errors.js';
import { parsePuzzle } from '../puzzle/format.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { resumeAsync } from '../runs/resume.js';
import { solveAsync } from '../runs/run.js';
import { InvalidOptionError, maxWorkers } from './options.js';
import { solve } from './solve.js';

const dominoes: Puzzle = {
  name: 'dominoes', dims: 2, mirror: true,
  board: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]],
  pieces: [{ name: 'D', shape: [[0, 0, 0], [1, 0, 0]], count: 2, mirror: true }],
};

// Each throws a typed error with one clear line: never runs, never reports "complete, 0 solutions".
const BAD_OPTIONS: [string, Record<string, unknown>, RegExp][] = [
  ['a limit of -1', { limit: -1 }, /option limit must be a whole number of at least 1 \(or Infinity\), not -1/],
  ['a limit of 0', { limit: 0 }, /option limit must be a whole number of at least 1/],
  ['a limit of NaN', { limit: NaN }, /option limit must be .*, not NaN/],
  ['a fractional limit', { limit: 1.5 }, /option limit must be a whole number/],
  ['a time limit of NaN', { timeLimitMs: NaN }, /option timeLimitMs must be a number of milliseconds/],
  ['a negative time limit', { timeLimitMs: -5 }, /option timeLimitMs must be a number of milliseconds of at least 0, not -5/],
  ['an unknown engine', { engine: 'fast' }, /option engine must be 'auto', 'bitboard', 'dlx', 'rect', 'count', not "fast"/],
  ['a string for a flag', { unique: 'yes' }, /option unique must be true or false, not "yes"/],
  ['a callback that is not a function', { onSolution: 3 }, /option onSolution must be a function/],
  ['a signal that is not one', { signal: {} }, /option signal must be an AbortSignal/],
];

const BAD_RUN_OPTIONS: [string, Record<string, unknown>, RegExp][] = [
  ['a million workers', { workers: 1e6 }, new RegExp(`option workers is 1000000: more than the limit of ${maxWorkers()}`)],
  ['0 workers', { workers: 0 }, /option workers must be a whole number of at least 1, not 0/],
  ['shard 0 of 0', { shard: { index: 0, count: 0 } }, /option shard.count must be a whole number of at least 1, not 0/],
  ['shard 3 of 2', { shard: { index: 3, count: 2 } }, /option shard.index is 3: more than the limit of 2/],
  ['shard without a count', { shard: { index: 1 } }, /option shard.count must be a whole number of at least 1, not undefined/],
  ['a checkpoint without a path', { checkpoint: { intervalMs: 10 } }, /option checkpoint.path must be the name of a file, not undefined/],
  ['a checkpoint interval of NaN', { checkpoint: { path: 'x.json', intervalMs: NaN } }, /option checkpoint.intervalMs must be a number of milliseconds of at least 0, not NaN/],
];

describe('solve refuses bad arguments before it runs', () => {
  it.each(BAD_OPTIONS)('%s', (_, options, message) => {
    expect(() => solve(dominoes, options)).toThrow(InvalidOptionError);
    expect(() => solve(dominoes, options)).toThrow(message);
  });

  it('options that are not an object', () => {
    expect(() => solve(dominoes, 5 as never)).toThrow(/the options must be an object, not 5/);
  });

  it('undefined as the puzzle, and a board cell listed twice', () => {
    expect(() => solve(undefined as never)).toThrow(InvalidPuzzleError);
    expect(() => solve({ ...dominoes, board: [...dominoes.board, [0, 0, 0]] })).toThrow(/the board lists cell \[0, 0, 0\] twice/);
  });

  it('accepts the documented values', () => {
    expect(solve(dominoes, { limit: Infinity }).solutions).toBe(2);
    expect(solve(dominoes, { limit: 1, timeLimitMs: Infinity, engine: 'dlx' }).solutions).toBe(1);
  });
});

describe('solveAsync and resumeAsync reject bad arguments before they run', () => {
  it.each([...BAD_OPTIONS, ...BAD_RUN_OPTIONS])('%s', async (_, options, message) => {
    await expect(solveAsync(dominoes, options)).rejects.toThrow(InvalidOptionError);
    await expect(solveAsync(dominoes, options)).rejects.toThrow(message);
  });

  it('undefined as the puzzle, and a board cell listed twice', async () => {
    await expect(solveAsync(undefined as never)).rejects.toThrow(InvalidPuzzleError);
    await expect(solveAsync({ ...dominoes, board: [...dominoes.board, [1, 1, 0]] })).rejects.toThrow(/lists cell \[1, 1, 0\] twice/);
  });

  it('resumeAsync without a file, or with a bad option', async () => {
    await expect(resumeAsync(undefined as never)).rejects.toThrow(/resumeAsync needs the name of a checkpoint file/);
    await expect(resumeAsync('run.json', { workers: -1 })).rejects.toThrow(InvalidOptionError);
  });
});

describe('parsePuzzle refuses what is not text', () => {
  it.each([
    ['undefined', undefined],
    ['a number', 5],
    ['an object', {}],
  ])('%s', (_, text) => {
    expect(() => parsePuzzle(text as never, 'x.yaml')).toThrow(PuzzleError);
    expect(() => parsePuzzle(text as never, 'x.yaml')).toThrow(/x\.yaml: the puzzle text must be a string/);
  });
});
