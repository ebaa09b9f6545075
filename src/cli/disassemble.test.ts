import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coveredChannel } from '../test-support/shapes.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'snug-dis-')), name);
  writeFileSync(path, text);
  return path;
}

function expectOneLine(r: { code: number | null; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

/**
 * A covered channel: a row of five cells (x = 0..4, z = 1) walled on every side, its lid over x = 0 ..
 * lid - 1, open above the rest. A cube and two dominoes (all different) fill the row in 3! = 6 ways. The
 * pieces cannot pass one another; the one nearest the opening slides under it and lifts out, then the next.
 * With the opening two cells wide (lid 3) every order comes apart; one cell wide (lid 4) a domino never
 * fits through it, so none does.
 */
function channel(lid: number): string {
  const walls = coveredChannel(lid);
  return file(`channel-${lid}.yaml`, [
    `name: channel ${lid}`,
    `frame: {cells: ${JSON.stringify(walls)}}`,
    'board: {cells: [[0,0,1],[1,0,1],[2,0,1],[3,0,1],[4,0,1]]}',
    'pieces:',
    '  A: {cells: [[0,0,0]]}',
    '  B: {cells: [[0,0,0],[1,0,0]]}',
    '  C: {cells: [[0,0,0],[1,0,0]]}',
    '',
  ].join('\n'));
}

describe('snug solve --disassemble', () => {
  it('counts assemblies and those that come apart through a frame\'s opening', () => {
    const wide = snug(['solve', channel(3), '--disassemble', '--all', '--json', '-q']);
    expect(wide.code).toBe(0);
    const w = JSON.parse(wide.stdout) as { solutions: number; assemblies: number; maxLevel: number[]; found: { level: number[] }[] };
    expect(w.assemblies).toBe(6);
    expect(w.solutions).toBe(6);
    expect(w.found.every((s) => Array.isArray(s.level) && s.level.length > 0)).toBe(true);
    expect(w.maxLevel).toEqual(w.found.map((s) => s.level).sort((a, b) => b[0]! - a[0]! || b.length - a.length)[0]);
    const narrow = snug(['solve', channel(4), '--disassemble', '--count', '--json', '-q']);
    expect(narrow.code).toBe(1);
    const n = JSON.parse(narrow.stdout) as { solutions: number; assemblies: number; maxLevel: unknown };
    expect(n).toMatchObject({ solutions: 0, assemblies: 6, maxLevel: null });
    const summary = snug(['solve', channel(3), '--disassemble', '--count', '-q']);
    expect(summary.stdout).toMatch(/6 assemblies found, of them 6 come apart \(highest level [\d.]+\)/);
  });

  it('keeps the harder ones with --min-level', () => {
    const all = JSON.parse(snug(['solve', channel(3), '--disassemble', '--all', '--json', '-q']).stdout) as { found: { level: number[] }[] };
    const hard = JSON.parse(snug(['solve', channel(3), '--min-level', '2', '--all', '--json', '-q']).stdout) as { solutions: number; found: { level: number[] }[] };
    expect(hard.solutions).toBe(all.found.filter((s) => s.level[0]! >= 2).length);
    expect(hard.found.every((s) => s.level[0]! >= 2)).toBe(true);
  });

  it('refuses what it cannot take apart, in one line', () => {
    expectOneLine(snug(['solve', 'pentomino-3x20', '--disassemble']), /--disassemble: pentomino-3x20: a flat puzzle comes apart by lifting its pieces off/);
    expectOneLine(snug(['solve', 'kanoodle-pyramid', '--disassemble']), /the sphere grid has no motions/);
    expectOneLine(snug(['solve', 'soma', '--min-level', '3.x']), /--min-level wants a level such as 5 or 5.3.2/);
    expectOneLine(snug(['solve', 'soma', '--disassemble', '--engine', 'count']), /--engine count counts without listing/);
  });

  it('refuses a frame that does not fit, a frame on a flat board, a frame that names no piece', () => {
    const onBoard = file('f1.yaml', 'name: f\nframe: {cells: [[0, 0, 0]]}\nboard: {box: [2, 1, 1]}\npieces:\n  D: {cells: [[0,0,0],[1,0,0]]}\n');
    expectOneLine(snug(['show', onBoard]), /f1\.yaml:2: .*the frame does not fit the board: its cell \[0, 0, 0\] is a board cell/);
    const flat = file('f2.yaml', 'name: f\nframe: open-top\nboard: "##"\npieces:\n  D: "##"\n');
    expectOneLine(snug(['show', flat]), /f2\.yaml:2: .*this board is flat/);
    const noPiece = file('f3.yaml', 'name: f\nframe: lid\nboard: {box: [2, 1, 1]}\npieces:\n  D: {cells: [[0,0,0],[1,0,0]]}\n');
    expectOneLine(snug(['show', noPiece]), /f3\.yaml:2: .*frame 'lid' is neither closed, open-top/);
  });
});

describe('snug disassemble', () => {
  it('gives every move of one solution as JSON, each a slide along one axis', () => {
    const r = snug(['disassemble', channel(3), '--solution', '2', '--json']);
    expect(r.code).toBe(0);
    const d = JSON.parse(r.stdout) as { comesApart: boolean; level: number[]; moves: { pieces: string[]; by: number[]; separates: boolean }[] };
    expect(d.comesApart).toBe(true);
    // three pieces, three separations, each the last move of its part
    expect(d.moves.filter((m) => m.separates)).toHaveLength(3);
    expect(d.moves.every((m) => m.by.filter((v) => v !== 0).length === 1)).toBe(true);
    // every piece leaves upward, through the opening
    expect(d.moves.filter((m) => m.separates).every((m) => m.by[2]! > 0)).toBe(true);
  });

  it('tells a solution from a file that does not come apart, and --view steps draws no order for it', () => {
    const lines = snug(['solve', channel(4), '--all', '--jsonl', '-q']).stdout;
    const from = file('channel.jsonl', lines);
    const puzzle = channel(4);
    const r = snug(['disassemble', puzzle, '--from', from, '--solution', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/does not come apart/);
    const png = join(mkdtempSync(join(tmpdir(), 'snug-dis-')), 'steps.svg');
    const steps = snug(['solve', puzzle, '--svg', png, '--view', 'steps', '-q']);
    expect(steps.stderr).toMatch(/--view steps: this solution does not come apart by sliding its pieces/);
    expect(() => readFileSync(png)).toThrow();
  });
});
