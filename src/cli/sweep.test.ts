import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const folder = (): string => mkdtempSync(join(tmpdir(), 'snug-sweep-cli-'));

describe('snug sweep', () => {
  it('--over dates: a row per date with its count (published: October 6 has 7, January 25 216), as text, CSV and JSON, and a calendar chart', () => {
    const dir = folder();
    const svg = join(dir, 'dates.svg');
    const text = snug('sweep', 'a-puzzle-a-day', '--over', 'dates', '--only', '10-06,01-25', '-q', '--svg', svg);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^01-25 +216 +January 25$/m);
    expect(text.stdout).toMatch(/^10-06 +7 +October 6$/m);
    expect(text.stdout).toMatch(/^223 solutions in all over 2 variants$/m);
    const chart = readFileSync(svg, 'utf8');
    expect(chart).toContain('<svg');
    // February 30 and 31, and the 31st of April, June, September and November, are no dates: crossed out
    expect(chart.match(/<path d="M/g)).toHaveLength(6);
    const csv = snug('sweep', 'a-puzzle-a-day', '--over', 'dates', '--only', '10-06', '-q', '--csv');
    expect(csv.stdout).toBe('variant,solutions,complete,month,day,pieces,cell,note\n10-06,7,true,10,6,,,October 6\n');
    const json = JSON.parse(snug('sweep', 'a-puzzle-a-day', '--over', 'dates', '--only', '01-25', '-q', '--json').stdout);
    expect(json).toMatchObject({ over: 'dates', total: 216, complete: true, rows: [{ key: '01-25', solutions: 216, date: { month: 1, day: 25 } }] });
  });

  it('--over pieces K --board 5xK: every choice of K pentominoes (published: 7 solutions up to symmetry for 5x3)', () => {
    const r = snug('sweep', 'katamino-5x4', '--over', 'pieces', '3', '--board', '5xK', '--unique', '-q', '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.variants).toBe(220);
    expect(json.total).toBe(7);
  });

  it('several puzzles: a row each; --checkpoint keeps what was counted, so the same command counts nothing again', () => {
    const dir = folder();
    const a = join(dir, 'a.yaml');
    const b = join(dir, 'b.yaml');
    writeFileSync(a, 'board: |\n  ##\n  ##\npieces:\n  I: {shape: "##", count: 2}\n');
    writeFileSync(b, 'board: |\n  ###\n  ###\npieces:\n  I: {shape: "##", count: 3}\n');
    const checkpoint = join(dir, 'sweep.json');
    const first = snug('sweep', a, b, '-q', '--json', '--checkpoint', checkpoint);
    expect(first.code).toBe(0);
    // dominoes: 2 tilings of the 2x2 square, 3 of the 2x3 rectangle
    expect(JSON.parse(first.stdout)).toMatchObject({ total: 5, resumed: 0, rows: [{ key: a, solutions: 2 }, { key: b, solutions: 3 }] });
    expect(existsSync(checkpoint)).toBe(true);
    const again = JSON.parse(snug('sweep', a, b, '-q', '--json', '--checkpoint', checkpoint).stdout);
    expect(again).toMatchObject({ total: 5, resumed: 2 });
  });

  it('refuses bad input in one line, exit 2', () => {
    const dir = folder();
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'board: |\n  ##\n  ##\nlabels: {Jan: [5, 5]}\npieces:\n  I: {shape: "##", count: 2}\n');
    const plain = join(dir, 'plain.yaml');
    writeFileSync(plain, 'board: |\n  ##\n  ##\npieces:\n  I: {shape: "##", count: 2}\n');
    for (const [args, message] of [
      [[bad, '--over', 'dates'], /bad\.yaml:4: label 'Jan' names the cell \[5, 5\], which is not a board cell/],
      [[plain, '--over', 'dates'], /--over dates: the puzzle 'plain' has no label for the month Jan/],
      [[plain, '--over', 'weeks'], /--over wants dates, pieces K or open-cells, not 'weeks'/],
      [[plain, '--over', 'pieces'], /--over pieces wants K/],
      [[plain, '--over', 'pieces', '3'], /has only 2 pieces to choose from/],
      [['katamino-5x4', '--over', 'pieces', '3', '--board', '5xQ'], /WIDTHxHEIGHT/],
      [[plain], /several puzzles/],
      [['a-puzzle-a-day', '--over', 'dates', '--only', '13-01'], /--only: no variant is named '13-01'/],
    ] as const) {
      const r = snug('sweep', ...args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });
});
