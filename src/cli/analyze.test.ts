import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

/** Runs snug in a child process, without blocking this thread (some analyses take a second or two). */
function snug(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d; });
    child.stderr.on('data', (d: Buffer) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'snug-analyze-')), name);
  writeFileSync(path, text);
  return path;
}

/** One clear line on stderr and exit code 2. */
function expectOneLine(r: { code: number | null; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

// three dominoes in a 2x3 board, one of them placed down the left: the rest can only go one way
const HALF_DONE = `name: half done
board: |
  ##
  ##
  ##
pieces:
  D: {shape: "##", count: 3}
placed:
  - {piece: D, cells: [[0, 0], [0, 1]]}
`;

describe('snug analyze', () => {
  it('prints one JSON object: counts, uniqueness, shared placements, difficulty and forced moves; exit 1 when not unique', async () => {
    const r = await snug('analyze', 'pentomino-3x20', '--json', '--max-nodes', '1000', '-w', '1');
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    const known = loadCatalogPuzzle('pentomino-3x20').known!;
    expect(json).toMatchObject({ puzzle: 'Pentominoes 3x20', solutions: known.total, unique: known.unique, isUnique: false, complete: true, shared: [], forcedMoves: 0, piecesToPlace: 12 });
    expect(json.difficulty).toMatchObject({ nodes: 1000, complete: false, method: expect.stringMatching(/first empty cell in reading order/) });
    expect(Object.keys(json).sort()).toEqual(['complete', 'difficulty', 'elapsedMs', 'forcedMoves', 'isUnique', 'piecesToPlace', 'puzzle', 'shared', 'solutions', 'symmetries', 'unique'].sort());
  });

  it('exits 0 for a unique puzzle (the Calibron blocks: 8 solutions, one up to symmetry)', async () => {
    const r = await snug('analyze', 'calibron', '--json', '--max-nodes', '1000', '-w', '1');
    expect(r.code).toBe(0);
    const known = loadCatalogPuzzle('calibron').known!;
    expect(JSON.parse(r.stdout)).toMatchObject({ solutions: known.total, unique: known.unique, isUnique: true, complete: true });
  });

  it('lists the placements every solution shares, as [x, y] cells, and the forced moves of a half-done board', async () => {
    const file = tempFile('half.yaml', HALF_DONE);
    const r = await snug('analyze', file, '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ solutions: 1, unique: 1, isUnique: true, forcedMoves: 2, piecesToPlace: 2 });
    // (1,0) down, then (0,2) across: 2 moves of the plain search
    expect(json.difficulty).toMatchObject({ nodes: 2, complete: true });
    const shared = json.shared.map((p: { piece: string; cells: number[][] }) => `${p.piece}:${JSON.stringify(p.cells.sort())}`).sort();
    expect(shared).toEqual(['D:[[0,2],[1,2]]', 'D:[[1,0],[1,1]]']);
  });

  it('prints the analysis for a person, with the shared placements drawn', async () => {
    const r = await snug('analyze', tempFile('half.yaml', HALF_DONE));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/solutions: 1 in all, 1 up to symmetry/);
    expect(r.stdout).toMatch(/unique: yes/);
    expect(r.stdout).toMatch(/shared by every solution: 2 placements/);
    expect(r.stdout).toMatch(/difficulty: 2 moves of a plain search/);
    expect(r.stdout).toMatch(/forced moves: 2 of the 2 pieces to place/);
    expect(r.stdout).toMatch(/┌/);
  });

  it('says the counts are incomplete when --max stops them, and exits 1', async () => {
    const r = await snug('analyze', 'pentomino-6x10', '--max', '5', '--max-nodes', '100', '-w', '1');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/solutions: at least 5 in all, at least 5 .* \(stopped at --max 5\)/);
    expect(r.stdout).toMatch(/unique: no/);
    expect(r.stdout).toMatch(/difficulty: at least 100 moves of a plain search \(stopped at --max-nodes 100;/);
  });

  it.each([
    [['--max', '0'], /--max wants a positive whole number/],
    [['--max-nodes', 'many'], /--max-nodes wants a positive whole number/],
    [['--time-limit', '-1'], /--time-limit wants a positive number/],
    [['--engine', 'fast'], /--engine/],
    [['--frobnicate'], /unknown option/],
  ])('refuses %j in one line, exit 2', async (flags, message) => {
    expectOneLine(await snug('analyze', 'pentomino-3x20', ...flags), message);
  });

  it('refuses a puzzle file with a mistake in one line naming the file, exit 2', async () => {
    const file = tempFile('bad.yaml', 'name: bad\nboard: "##"\npieces:\n  D: "###"\n');
    expectOneLine(await snug('analyze', file), /bad\.yaml/);
  });
});
