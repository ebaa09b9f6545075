import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { meshFacts, readStl } from '../test-support/stl-check.js';

const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-export-'));

describe('snug export --stl', () => {
  it('writes one closed STL per piece, at the size asked for (soma: 7 pieces)', () => {
    const out = join(dir(), 'soma');
    const r = snug('export', 'soma', '--stl', out, '--cell-size', '10', '--gap', '0.5');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote 7 STL files of the pieces of Soma cube into .*\(cells of 10 mm, gap 0.5 mm, bevel 0 mm\)/);
    expect(readdirSync(out).sort()).toEqual(['01-V.stl', '02-L.stl', '03-T.stl', '04-Z.stl', '05-A.stl', '06-B.stl', '07-P.stl']);
    // V: three cubes in an L, 2x2x1 cells: 20 x 20 x 10 mm less 0.25 mm on every side
    const v = meshFacts(readStl(readFileSync(join(out, '01-V.stl'))));
    expect(v.openEdges).toBe(0);
    expect(v.badNormals).toBe(0);
    expect(v.min.map((x) => x.toFixed(3))).toEqual(['0.250', '0.250', '0.250']);
    expect(v.max.map((x) => x.toFixed(3))).toEqual(['19.750', '19.750', '9.750']);
    // three 9.5 mm cubes and the two 9.5 x 9.5 x 0.5 mm slabs that join them
    expect(v.volume).toBeCloseTo(3 * 9.5 ** 3 + 2 * 9.5 * 9.5 * 0.5, 2);
  });

  it('--solution N: the pieces of the Nth solution in their places, together a 3x3x3 cube less the gaps', () => {
    const d = dir();
    writeFileSync(join(d, 'solutions.jsonl'), snug('solve', 'soma', '--limit', '2', '--jsonl', '-q').stdout);
    const second = JSON.parse(readFileSync(join(d, 'solutions.jsonl'), 'utf8').trim().split('\n')[1]!) as { placements: { piece: string; cells: number[][] }[] };
    const out = join(d, 'solution');
    const r = snug('export', 'soma', '--stl', out, '--solution', '2', '--cell-size', '20', '--gap', '0.4', '--bevel', '1');
    expect(r.code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files.map((f) => f.replace(/^\d\d-|\.stl$/g, ''))).toEqual(second.placements.map((p) => p.piece));
    const all = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
    files.forEach((f, i) => {
      const facts = meshFacts(readStl(readFileSync(join(out, f))));
      expect(facts.openEdges, f).toBe(0);
      expect(facts.badNormals, f).toBe(0);
      const cells = second.placements[i]!.cells;
      for (let k = 0; k < 3; k++) {
        expect(facts.min[k]!).toBeCloseTo(Math.min(...cells.map((c) => c[k]!)) * 20 + 0.2, 3);
        expect(facts.max[k]!).toBeCloseTo((Math.max(...cells.map((c) => c[k]!)) + 1) * 20 - 0.2, 3);
        all.min[k] = Math.min(all.min[k]!, facts.min[k]!);
        all.max[k] = Math.max(all.max[k]!, facts.max[k]!);
      }
    });
    expect(all.min.map((x) => x.toFixed(3))).toEqual(['0.200', '0.200', '0.200']);
    expect(all.max.map((x) => x.toFixed(3))).toEqual(['59.800', '59.800', '59.800']);
  });

  it('refuses in one line, exit 2: a folder there already, one that cannot be made, a flat puzzle, balls, bad sizes', () => {
    const d = dir();
    writeFileSync(join(d, 'a-file'), '');
    const locked = join(d, 'locked');
    expect(snug('export', 'soma', '--stl', join(d, 'first')).code).toBe(0);
    spawnSync('mkdir', [locked]);
    chmodSync(locked, 0o500);
    const cases: [string[], RegExp][] = [
      [['export', 'soma', '--stl', join(d, 'first')], /--stl .*first is there already: export into a new folder/],
      [['export', 'soma', '--stl', join(d, 'a-file', 'sub')], /cannot write the STL files into .*a-file\/sub: a part of the path is not a folder/],
      [['export', 'soma', '--stl', join(d, 'missing', 'sub')], /cannot write the STL files into .*missing\/sub: no such file or folder/],
      [['export', 'pentomino-6x10', '--stl', join(d, 'flat')], /pentomino-6x10: a flat \(2-D\) puzzle has no pieces to print/],
      [['export', 'kanoodle-pyramid', '--stl', join(d, 'balls'), '--bevel', '1'], /the sphere grid's balls have none \(leave --bevel out\)/],
      [['export', 'soma', '--stl', join(d, 'big'), '--cell-size', '10', '--gap', '6'], /half the gap and the bevel together \(3 mm\) may be at most 2.5 mm/],
      [['export', 'soma', '--stl', join(d, 'neg'), '--bevel', '-1'], /--bevel wants a number of zero or more, not '-1'/],
      [['export', 'soma', '--stl', join(d, 'zero'), '--cell-size', '0'], /--cell-size wants a positive number, not '0'/],
      [['export', 'soma'], /export needs --stl DIR/],
    ];
    // root may write anywhere: a folder it cannot write in is tested only for other users
    if (process.getuid?.() !== 0) cases.push([['export', 'soma', '--stl', join(locked, 'sub')], /cannot write the STL files into .*: permission denied/]);
    for (const [args, message] of cases) {
      const r = snug(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
    expect(readdirSync(d).sort()).toEqual(['a-file', 'first', 'locked']);
  });

  it('pieces of balls: each piece its balls joined by necks, closed shells in one file (Kanoodle pyramid: 12 pieces)', () => {
    const out = join(dir(), 'balls');
    const r = snug('export', 'kanoodle-pyramid', '--stl', out, '--cell-size', '12');
    expect(r.code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toHaveLength(12);
    for (const f of files) {
      const facts = meshFacts(readStl(readFileSync(join(out, f))));
      expect(facts.openEdges, f).toBe(0);
      expect(facts.badNormals, f).toBe(0);
      // balls of 12 mm less the default gap of 0.2 mm, the piece's first ball at the origin's corner
      expect(facts.min.map((x) => x.toFixed(3)), f).toEqual(['0.100', '0.100', '0.100']);
    }
  });

  it('a solution that is not there: says how many there are, exit 1, no folder', () => {
    const d = dir();
    const none = snug('export', 'soma', '--stl', join(d, 'none'), '--solution', '20000');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/soma has 11,520 solutions: there is no solution 20000/);
    expect(readdirSync(d)).toEqual([]);
  });
});
