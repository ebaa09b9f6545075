import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import { puzzleTextProblem } from '../test-support/puzzle-text.js';
import type { SweepRow } from './sweep.js';
import { dateVariant, hasDateLabels, parseBoardTemplate, sweepAsync, sweepVariants } from './sweep.js';

const SMALL = `name: small
board: |
  +++
  +++
labels: |
  a b c
  d . f
pieces:
  I: "##"
  J: "##"
`;

describe('labels: named cells of a board', () => {
  it('reads rows of words, one per cell, and writes them back', () => {
    const p = parsePuzzle(SMALL, 'small.yaml');
    expect(p.labels).toEqual([
      { name: 'a', cells: [[0, 0, 0]] }, { name: 'b', cells: [[1, 0, 0]] }, { name: 'c', cells: [[2, 0, 0]] },
      { name: 'd', cells: [[0, 1, 0]] }, { name: 'f', cells: [[2, 1, 0]] },
    ]);
    expect(parsePuzzle(formatPuzzle(p), 'again.yaml')).toEqual({ ...p, name: 'small' });
  });

  it('reads a mapping of names to a cell or a group of cells', () => {
    const p = parsePuzzle(SMALL.replace(/labels: \|\n.*\n.*\n/, 'labels: {corner: [0, 0], right: [[2, 0], [2, 1]]}\n'), 'small.yaml');
    expect(p.labels).toEqual([{ name: 'corner', cells: [[0, 0, 0]] }, { name: 'right', cells: [[2, 0, 0], [2, 1, 0]] }]);
    expect(parsePuzzle(formatPuzzle(p), 'again.yaml').labels).toEqual(p.labels);
  });

  it('refuses a label off the board, a name twice, and a bad cell, each with its line', () => {
    expect(puzzleTextProblem(SMALL.replace('d . f', 'd . f g'), 'p.yaml')).toBe("p.yaml:7: label 'g' names the cell [3, 1], which is not a board cell");
    expect(puzzleTextProblem(SMALL.replace('d . f', 'd . a'), 'p.yaml')).toMatch(/^p\.yaml:7: .*'a'/);
    expect(puzzleTextProblem(SMALL.replace(/labels: \|\n.*\n.*\n/, 'labels: {x: [0]}\n'), 'p.yaml')).toMatch(/^p\.yaml:5: label 'x' must be a cell \[x, y\]/);
    expect(puzzleTextProblem(SMALL.replace(/labels: \|\n.*\n.*\n/, 'labels: {x: [9, 9]}\n'), 'p.yaml')).toBe("p.yaml:5: label 'x' names the cell [9, 9], which is not a board cell");
  });
});

describe('sweep variants', () => {
  const day = loadCatalogPuzzle('a-puzzle-a-day');

  it("makes A-Puzzle-A-Day's 366 dates, each leaving its month and day open and covering every other cell", () => {
    expect(hasDateLabels(day)).toBe(true);
    const dates = sweepVariants(day, { kind: 'dates' });
    expect(dates).toHaveLength(366);
    const oct6 = dateVariant(day, 10, 6)!;
    expect(oct6.key).toBe('10-06');
    // October is the fourth cell of the second row, the 6th the sixth of the third: both off the board
    expect(oct6.puzzle.board).toHaveLength(41);
    expect(oct6.puzzle.board.some((c) => c[0] === 3 && c[1] === 1)).toBe(false);
    expect(oct6.puzzle.board.some((c) => c[0] === 5 && c[1] === 2)).toBe(false);
    expect(oct6.puzzle.optional).toBeUndefined();
  });

  it('says which label a date needs when the puzzle lacks it', () => {
    const p = parsePuzzle(SMALL, 'small.yaml');
    expect(hasDateLabels(p)).toBe(false);
    expect(() => sweepVariants(p, { kind: 'dates' })).toThrow("--over dates: the puzzle 'small' has no label for the month Jan (its labels: a, b, c, d, f)");
  });

  it('chooses K of the pieces, on a board that follows K', () => {
    const katamino = loadCatalogPuzzle('katamino-5x4');
    const three = sweepVariants(katamino, { kind: 'pieces', k: 3, board: parseBoardTemplate('5xK') });
    expect(three).toHaveLength(220);
    expect(three[0]!.key).toBe('F I L');
    expect(three[0]!.puzzle.board).toHaveLength(15);
    expect(three[0]!.puzzle.use).toBeUndefined();
    expect(() => parseBoardTemplate('5xQ')).toThrow(/WIDTHxHEIGHT/);
  });
});

/** The rows' sum. */
const total = (rows: readonly SweepRow[]): number => rows.reduce((n, r) => n + r.solutions, 0);

describe('sweeps against published counts', () => {
  it('A-Puzzle-A-Day: October 6 has 7 solutions and January 25 216, the least and the most of the year (anowell/today-puzzle)', async () => {
    const day = loadCatalogPuzzle('a-puzzle-a-day');
    const picked = sweepVariants(day, { kind: 'dates' }).filter((v) => v.key === '10-06' || v.key === '01-25');
    const result = await sweepAsync(picked, { workers: 1 });
    expect(result.rows.map((r) => [r.key, r.solutions, r.complete])).toEqual([['01-25', 216, true], ['10-06', 7, true]]);
  });

  it('Katamino: 7 solutions up to symmetry in all of 5x3 with three pentominoes of twelve', async () => {
    const katamino = loadCatalogPuzzle('katamino-5x4');
    const result = await sweepAsync(sweepVariants(katamino, { kind: 'pieces', k: 3, board: parseBoardTemplate('5xK') }), { unique: true, workers: 1 });
    expect(result.rows).toHaveLength(220);
    expect(total(result.rows)).toBe(7);
    expect(result.rows.filter((r) => r.solutions > 0)).toHaveLength(7);
  });

  it('Katamino: 50 solutions up to symmetry in all of 5x4 with four pentominoes of twelve', async () => {
    const katamino = loadCatalogPuzzle('katamino-5x4');
    const result = await sweepAsync(sweepVariants(katamino, { kind: 'pieces', k: 4, board: parseBoardTemplate('5xK') }), { unique: true, workers: 1 });
    expect(total(result.rows)).toBe(50);
  });

  it('open cells: each solution of the small puzzle leaves two of its six cells open, so the cells sum to twice its count', async () => {
    // every solution of the whole puzzle leaves exactly two cells open: it is counted once for each of them
    const p = parsePuzzle(SMALL, 'small.yaml');
    const whole = await sweepAsync([{ key: 'whole', puzzle: p }], { workers: 1 });
    const cells = await sweepAsync(sweepVariants(p, { kind: 'open-cells' }), { workers: 1 });
    expect(cells.rows).toHaveLength(6);
    expect(total(cells.rows)).toBe(2 * whole.rows[0]!.solutions);
  });

  it('marks a variant that cannot be posed as impossible, and goes on', async () => {
    const p = parsePuzzle(SMALL.replace(/\+/g, '#'), 'exact.yaml');
    const result = await sweepAsync(sweepVariants(p, { kind: 'open-cells' }), { workers: 1 });
    expect(result.rows).toHaveLength(6);
    expect(result.rows.every((r) => r.solutions === 0 && r.impossible?.includes('cannot fill it exactly'))).toBe(true);
  });
});

describe('sweep checkpoints', () => {
  it('a sweep started again with its checkpoint counts only what was not counted; a file of another sweep is refused', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'snug-sweep-'));
    const file = join(folder, 'sweep.json');
    const p = parsePuzzle(SMALL, 'small.yaml');
    const variants = sweepVariants(p, { kind: 'open-cells' });
    const stop = new AbortController();
    const first: string[] = [];
    const stopped = await sweepAsync(variants, {
      workers: 1,
      signal: stop.signal,
      checkpoint: { path: file },
      onRow: (row) => {
        first.push(row.key);
        if (first.length === 2) stop.abort();
      },
    });
    expect(stopped.interrupted).toBe(true);
    expect(stopped.rows).toHaveLength(2);
    const again: string[] = [];
    const resumed = await sweepAsync(variants, { workers: 1, checkpoint: { path: file }, onRow: (row) => again.push(row.key) });
    expect(resumed.resumed).toBe(2);
    expect(again).toEqual(variants.slice(2).map((v) => v.key));
    const whole = await sweepAsync(variants, { workers: 1 });
    expect(resumed.rows).toEqual(whole.rows);
    await expect(sweepAsync(variants, { workers: 1, unique: true, checkpoint: { path: file } })).rejects.toThrow(/holds another sweep/);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('"solutions":', '"solutions":1'));
    await expect(sweepAsync(variants, { workers: 1, checkpoint: { path: file } })).rejects.toThrow(/its MAC does not match/);
  });
});
