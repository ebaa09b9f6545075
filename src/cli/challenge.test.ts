import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPuzzleFile } from '../puzzle/files.js';
import { solve } from '../search/solve.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

/** Runs snug in a child process, without blocking this thread. */
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

const folder = (): string => mkdtempSync(join(tmpdir(), 'snug-challenge-'));

function expectOneLine(r: { code: number | null; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

// small settings: a few solutions and subsets, so that a run takes a moment
const QUICK = ['--solutions', '2', '--tries', '5'];

describe('snug challenge', () => {
  it('writes challenge-001.yaml ... in --out, each with exactly one completion, and prints a table', async () => {
    const out = join(folder(), 'new');
    const r = await snug('challenge', 'pentomino-6x10', '--count', '3', '--placed', '4..5', '--out', out, ...QUICK);
    expect(r.code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(['challenge-001.yaml', 'challenge-002.yaml', 'challenge-003.yaml']);
    expect(r.stdout).toMatch(/^3 of 3 challenges for Pentominoes 6x10 written to /);
    expect(r.stdout).toMatch(/file +placed +difficulty +forced/);
    for (const f of files) {
      expect(r.stdout).toContain(f);
      const puzzle = loadPuzzleFile(join(out, f));
      expect(puzzle.placed!.length).toBeGreaterThanOrEqual(4);
      expect(puzzle.placed!.length).toBeLessThanOrEqual(5);
      expect(solve(puzzle, { engine: 'dlx', all: true }).solutions).toBe(1);
    }
  });

  it('prints one JSON object with --json, the same challenges for the same --seed', async () => {
    const runs = await Promise.all([folder(), folder()].map((out) => snug('challenge', 'soma', '--count', '2', '--placed', '3..4', '--seed', '5', '--out', out, '--json', ...QUICK).then((r) => ({ r, out }))));
    const [a, b] = runs;
    expect(a!.r.code).toBe(0);
    const json = JSON.parse(a!.r.stdout);
    expect(json).toMatchObject({ puzzle: 'Soma cube', requested: 2, seed: 5, placed: { min: 3, max: 4 }, complete: true });
    expect(json.challenges).toHaveLength(2);
    for (const c of json.challenges) {
      expect(Object.keys(c).sort()).toEqual(['difficulty', 'file', 'forcedMoves', 'pieces', 'placed']);
      expect(c.pieces).toHaveLength(c.placed);
      expect(c.difficulty).toMatchObject({ nodes: expect.any(Number), complete: true });
    }
    const texts = (out: string): string[] => readdirSync(out).sort().map((f) => readFileSync(join(out, f), 'utf8'));
    expect(texts(b!.out)).toEqual(texts(a!.out));
  });

  it('refuses to write over challenges already in the folder, before any work (exit 2)', async () => {
    const out = folder();
    writeFileSync(join(out, 'challenge-002.yaml'), 'old');
    expectOneLine(await snug('challenge', 'pentomino-6x10', '--count', '3', '--out', out), /challenge-002\.yaml exists already/);
    expect(readdirSync(out)).toEqual(['challenge-002.yaml']);
  });

  it('exits 1 and writes nothing when no challenge is found', async () => {
    const out = folder();
    const dir = folder();
    const file = join(dir, 'none.yaml');
    // a square and a straight tetromino have the area of a 4x2 board, but do not fill it
    writeFileSync(file, 'name: none\nboard: {rect: [4, 2]}\npieces:\n  O: "##\\n##"\n  I: "####"\n');
    const r = await snug('challenge', file, '--out', out);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^0 of 10 challenges/);
    expect(readdirSync(out)).toEqual([]);
  });

  it.each([
    [['--count', '0'], /--count wants a positive whole number/],
    [['--count', '20000'], /--count is 20000: more than the limit of 10000/],
    [['--placed', '5..3'], /--placed 5\.\.3: the least \(5\) is more than the most \(3\)/],
    [['--placed', 'three'], /--placed wants K\.\.L/],
    [['--placed', '12..20'], /a challenge places from 1 to 11/],
    [['--seed', '-1'], /--seed wants a whole number/],
    [['--tries', '0'], /--tries wants a positive whole number/],
    [['--out', ''], /--out wants the name of a folder/],
    [['--progress', 'loud'], /--progress/],
  ])('refuses %j in one line, exit 2', async (flags, message) => {
    const cwd = folder();
    expectOneLine(await snug('challenge', 'pentomino-3x20', '--out', join(cwd, 'out'), ...flags), message);
  });

  it('refuses an --out that is a file', async () => {
    const dir = folder();
    const file = join(dir, 'plain');
    writeFileSync(file, '');
    expectOneLine(await snug('challenge', 'pentomino-3x20', '--out', file), /is a file, not a folder/);
    expect(existsSync(join(dir, 'challenge-001.yaml'))).toBe(false);
  });
});
