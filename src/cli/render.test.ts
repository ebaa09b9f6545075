import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-render-'));

describe('snug render', () => {
  it('draws each saved solution into the folder, one SVG (or PNG) each, titled with its number', () => {
    const d = dir();
    const lines = snug('solve', 'pentomino-3x20', '--all', '--jsonl', '-q').stdout;
    writeFileSync(join(d, 'all.jsonl'), lines);
    const r = snug('render', join(d, 'all.jsonl'), '--puzzle', 'pentomino-3x20', '--out', join(d, 'pictures'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^drew 8 solutions of Pentominoes 3x20 into /);
    const files = readdirSync(join(d, 'pictures')).sort();
    expect(files).toEqual(Array.from({ length: 8 }, (_, i) => `solution-000${i + 1}.svg`));
    expect(readFileSync(join(d, 'pictures', 'solution-0008.svg'), 'utf8')).toMatch(/<title>Pentominoes 3x20, solution 8<\/title>/);
    const png = snug('render', join(d, 'all.jsonl'), '--puzzle', 'pentomino-3x20', '--out', join(d, 'png'), '--png', '--limit', '2');
    expect(png.code).toBe(0);
    expect(readdirSync(join(d, 'png')).sort()).toEqual(['solution-0001.png', 'solution-0002.png']);
    expect([...readFileSync(join(d, 'png', 'solution-0001.png')).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('refuses, in one line naming the file and line: a solution of another puzzle, a broken line, pictures already there', () => {
    const d = dir();
    const line = snug('solve', 'pentomino-3x20', '--jsonl', '-q').stdout.trim();
    writeFileSync(join(d, 'one.jsonl'), `${line}\n`);
    writeFileSync(join(d, 'broken.jsonl'), `${line}\n${line.slice(0, 40)}\n`);
    const cases: [string[], RegExp][] = [
      [['render', join(d, 'one.jsonl'), '--puzzle', 'soma', '--out', join(d, 'a')], /one\.jsonl:1: not a solution of Soma cube/],
      [['render', join(d, 'broken.jsonl'), '--puzzle', 'pentomino-3x20', '--out', join(d, 'b')], /broken\.jsonl:2: not a JSON line/],
      [['render', join(d, 'one.jsonl'), '--puzzle', 'pentomino-3x20'], /--out/],
    ];
    for (const [args, message] of cases) {
      const r = snug(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
    // a 2-D cell is written as the solution lines write it, [x, y], never with the library's z = 0
    const elsewhere = snug('render', join(d, 'one.jsonl'), '--puzzle', 'pentomino-6x10', '--out', join(d, 'e'));
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toMatch(/one\.jsonl:1: not a solution of .*covers \[\d+, \d+\], which is not on the board/);
    expect(elsewhere.stderr).not.toMatch(/\d,\d+,0/);
    expect(snug('render', join(d, 'one.jsonl'), '--puzzle', 'pentomino-3x20', '--out', join(d, 'c')).code).toBe(0);
    const again = snug('render', join(d, 'one.jsonl'), '--puzzle', 'pentomino-3x20', '--out', join(d, 'c'));
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/solution-0001\.svg is there already/);
  });
});
