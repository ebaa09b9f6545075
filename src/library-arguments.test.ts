import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  InvalidOptionError, InvalidPuzzleError, estimateRun, formatBurrTools, formatPuzzle, loadCatalogPuzzle, parsePuzzle, renderSolutionSvg, renderSolutionText, solve,
} from './index.js';
import type { AnswerSolution, Puzzle, Solution } from './index.js';
import { inWorker } from './test-support/in-worker.js';

/**
 * The library's public boundary (src/index.ts) as a program meets it: bad arguments are the library's
 * typed errors in one line (InvalidOptionError, InvalidPuzzleError), never a raw TypeError, a hang or a
 * file that says something else than the puzzle given.
 */
const pentominoes = loadCatalogPuzzle('pentomino-6x10');
const first = solve(pentominoes, {}).found[0]!;
/** The first solution with one cell of its first placement replaced. */
const withCell = (cell: unknown): AnswerSolution => ({
  placements: first.placements.map((p, i) => (i === 0 ? { ...p, cells: [cell as [number, number], ...p.cells.slice(1)] } : p)),
});

describe('pictures of a solution check it first', () => {
  it.each([
    ['a cell at NaN', [Number.NaN, 0, 0]],
    ['a cell at 1e300', [1e300, 0, 0]],
    ['a cell at half a square', [0.5, 0, 0]],
    ['a cell far off the board', [100_000, 0, 0]],
    ['a cell that is not a cell', 'A1'],
  ])('%s: InvalidOptionError at once (before, the SVG hung)', (_, cell) => {
    expect(() => renderSolutionSvg(pentominoes, withCell(cell))).toThrow(InvalidOptionError);
    expect(() => renderSolutionText(pentominoes, withCell(cell))).toThrow(InvalidOptionError);
  });

  it('a placement of a piece the puzzle does not have, or no placements at all', () => {
    const foreign = { placements: [{ piece: 'Q', cells: [[0, 0, 0]] }] } as unknown as Solution;
    expect(() => renderSolutionSvg(pentominoes, foreign)).toThrow(/solution\.placements\[0\]\.piece must name a piece of the puzzle/);
    expect(() => renderSolutionSvg(pentominoes, {} as Solution)).toThrow(InvalidOptionError);
    expect(() => renderSolutionText(undefined as unknown as Puzzle, first)).toThrow(InvalidPuzzleError);
  });

  it('renderSolutionText without options draws in plain text (before: a TypeError)', () => {
    const picture = renderSolutionText(pentominoes, first);
    expect(picture).not.toMatch(/\x1b/);
    expect(picture.split('\n').length).toBeGreaterThanOrEqual(6 * 2 + 1);
  });
});

describe('formatPuzzle writes the puzzle given, or refuses it', () => {
  const small = parsePuzzle('name: S\nboard: "####"\npieces:\n  I: {shape: "##", count: 2}\n', 'test.yaml');
  it.each([
    ['a NaN cell (before: dropped)', (p: any) => { p.board = [...p.board, [Number.NaN, 0, 0]]; }],
    ['half a cell (before: rounded)', (p: any) => { p.board = [...p.board.slice(1), [0.5, 0, 0]]; }],
    ['Infinity copies (before: written as count: Infinity)', (p: any) => { p.pieces = [{ ...p.pieces[0], count: Infinity }]; }],
  ])('%s: InvalidPuzzleError', (_, edit) => {
    const p = structuredClone(small) as any;
    edit(p);
    expect(() => formatPuzzle(p)).toThrow(InvalidPuzzleError);
    expect(() => formatPuzzle(p)).toThrow(/^formatPuzzle: /);
  });

  it('a puzzle it can write is read back equal', () => {
    expect(parsePuzzle(formatPuzzle(small), 'test.yaml')).toEqual(small);
  });
});

describe('formatBurrTools', () => {
  // a 100 x 100 board of single squares, 10,000 copies of one square (the most copies a file may have)
  const puzzle = parsePuzzle('name: squares\nboard: {rect: [100, 100]}\npieces:\n  A: {shape: "#", count: 10000}\n', 'test.yaml');
  const square = (i: number): Solution['placements'][number] => ({ piece: 'A', cells: [[i % 100, Math.floor(i / 100) % 100, 0]] });

  it('refuses a solution of 100,000 placements of a piece of 10,000 copies at once (before: minutes, a list copied for every placement)', () => {
    const solution: Solution = { placements: Array.from({ length: 100_000 }, (_, i) => square(i)) };
    const started = performance.now();
    expect(() => formatBurrTools(puzzle, [solution])).toThrow(/places piece 'A' 100000 times, but it has 10000 copies/);
    // (well under a second here; the limit holds on a machine ten times slower, and the quadratic version took minutes)
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('writes a solution of 10,000 placements, each found in its turn', () => {
    const solution: Solution = { placements: Array.from({ length: 10_000 }, (_, i) => square(i)) };
    const text = gunzipSync(formatBurrTools(puzzle, [solution])).toString('utf8');
    // (10,000 squares, each at its place and in turn 0)
    expect(/<assembly>([^<]*)<\/assembly>/.exec(text)?.[1]?.trim().split(' ')).toHaveLength(4 * 10_000);
  });
});

describe('estimateRun bounds its probes (before: Infinity or 1e12 hung, NaN, -1, 0 and "x" gave NaN)', () => {
  const tiny = parsePuzzle('name: T\nboard: "####"\npieces:\n  I: {shape: "##", count: 2}\n', 'test.yaml');
  it.each([Infinity, 1e12, Number.NaN, -1, 0, 'x', 1.5])('probes %s: InvalidOptionError', (probes) => {
    expect(() => estimateRun(tiny, { probes: probes as number, measureMs: 1 })).toThrow(InvalidOptionError);
  });
  it.each([Infinity, -1, Number.NaN])('measureMs %s: InvalidOptionError', (measureMs) => {
    expect(() => estimateRun(tiny, { probes: 1, measureMs })).toThrow(InvalidOptionError);
  });
  it('a whole number of probes is estimated', () => {
    const estimate = estimateRun(tiny, { probes: 10, measureMs: 1, engine: 'bitboard' });
    expect(estimate.probes).toBe(10);
    expect(Number.isFinite(estimate.estimatedNodes)).toBe(true);
  });
});

describe('every function and class the library exports', () => {
  it('answers wrong arguments with a typed error in one line, never a TypeError or a hang (on a worker thread)', { timeout: 600_000 }, async () => {
    const result = await inWorker('callEveryExport');
    expect(result.raw).toEqual([]);
    // (not a test that cannot fail: over a hundred functions and classes, most calls refused)
    expect(result.functions).toBeGreaterThan(100);
    expect(result.typedErrors).toBeGreaterThan(result.calls / 2);
  });
});
