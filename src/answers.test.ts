import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnswerSolution } from './index.js';
import {
  createVerifier, formatBurrTools, hint, loadCatalogPuzzle, mergeShards, parsePuzzle, renderSolutionSvg, renderSolutionText, solve, solveAsync,
  verifySolution,
} from './index.js';

// The library hands cells out as the command line prints them: [x, y] on a flat grid, [x, y, z] in 3-D.
// (Before, solve gave [1, 1, 0] where `snug solve --json` printed [1, 1].)

const bin = fileURLToPath(new URL('../dist/cli/snug.js', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'snug-answers-'));

/** Two dominoes and a square in a 4x2 box, with a piece placed before: every search ends at once. */
const SMALL = 'name: Small\nboard: {rect: [4, 2]}\npieces:\n  D: {rect: [2, 1], count: 2}\n  O: {rect: [2, 2]}\n';
const small = parsePuzzle(SMALL, 'small.yaml');
const cellLengths = (solutions: readonly AnswerSolution[]): number[] => [...new Set(solutions.flatMap((s) => s.placements.flatMap((p) => p.cells.map((c) => c.length))))];
const sortedJson = (solutions: readonly AnswerSolution[]): string[] => solutions.map((s) => JSON.stringify(s)).sort();

describe('cells as the library hands them out', () => {
  it('solve gives every solution of a flat puzzle as `snug solve --json --all` prints it', () => {
    const file = join(folder, 'small.yaml');
    writeFileSync(file, SMALL);
    const cli = spawnSync(process.execPath, [bin, 'solve', file, '--all', '--json', '--workers', '1'], { encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    const printed = JSON.parse(cli.stdout).found as AnswerSolution[];
    const result = solve(small, { all: true });
    expect(result.solutions).toBe(printed.length);
    expect(cellLengths(result.found)).toEqual([2]);
    expect(sortedJson(result.found)).toEqual(sortedJson(printed));
  });

  it('a 3-D puzzle keeps [x, y, z]', () => {
    const result = solve(loadCatalogPuzzle('soma'), { limit: 1 });
    expect(cellLengths(result.found)).toEqual([3]);
    expect(verifySolution(loadCatalogPuzzle('soma'), result.found[0]!)).toEqual([]);
  });

  it('each solution given to onSolution, and solveAsync and mergeShards, in the same form', async () => {
    const seen: AnswerSolution[] = [];
    solve(small, { all: true, onSolution: (s) => void seen.push(s) });
    expect(cellLengths(seen)).toEqual([2]);
    const run = await solveAsync(small, { all: true, workers: 1, onSolution: (s) => void seen.push(s) });
    expect(cellLengths(run.found)).toEqual([2]);
    expect(cellLengths(seen)).toEqual([2]);
    const shard = await solveAsync(small, { all: true, workers: 1, shard: { index: 1, count: 1 } });
    const merged = mergeShards([{ ...shard, shard: shard.shard!, source: 'one' }], { puzzle: small });
    expect(sortedJson(merged.found)).toEqual(sortedJson(run.found));
  });

  it('hint gives its cells in the same form', () => {
    const placed = parsePuzzle(`${SMALL}placed:\n  - {piece: O, cells: [[0, 0], [1, 0], [0, 1], [1, 1]]}\n`, 'placed.yaml');
    const result = hint(placed, { piece: 'D', reveal: 1 });
    expect(result.hint!.cells.every((c) => c.length === 2)).toBe(true);
    expect(result.places!.places.flat().every((c) => c.length === 2)).toBe(true);
    expect(result.reveal![0]!.cells.every((c) => c.length === 2)).toBe(true);
  });

  it('what takes a solution takes it with [x, y] cells and with [x, y, z] cells alike', () => {
    const [answer] = solve(small, { limit: 1 }).found;
    const model: AnswerSolution = { placements: answer!.placements.map((p) => ({ ...p, cells: p.cells.map((c) => [c[0], c[1], 0] as const) })) };
    for (const s of [answer!, model]) {
      expect(verifySolution(small, s)).toEqual([]);
      expect(createVerifier(small)(s)).toEqual([]);
      expect(renderSolutionText(small, s)).toBe(renderSolutionText(small, answer!));
      expect(renderSolutionSvg(small, s)).toBe(renderSolutionSvg(small, answer!));
    }
    expect(formatBurrTools(small, [answer!])).toEqual(formatBurrTools(small, [model]));
    // a wrong cell is still refused, in words that name both forms
    const bad = { placements: [{ piece: 'O', cells: [[0]] }] };
    expect(() => verifySolution(small, bad as unknown as AnswerSolution)).toThrow(/a cell \[x, y\] or \[x, y, z\] of whole numbers/);
  });
});
