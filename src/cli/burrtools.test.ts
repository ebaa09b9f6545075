import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-burr-'));

function expectOneLine(r: { code: number | null; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
}

describe('snug and BurrTools files', () => {
  it('convert writes a BurrTools file with solutions as assemblies, which solve reads with the same count', () => {
    const file = join(dir(), 'soma.xmpuzzle');
    const wrote = snug(['convert', 'soma', file, '--solutions', '2']);
    expect(wrote.code).toBe(0);
    expect(wrote.stdout).toMatch(/wrote .*soma\.xmpuzzle: Soma cube with 2 solutions/);
    expect(gunzipSync(readFileSync(file)).toString().match(/<assembly>/g)).toHaveLength(2);
    const count = (target: string) => snug(['solve', target, '--count', '--unique', '--json']);
    const ours = count('soma');
    const theirs = count(file);
    expect(theirs.code).toBe(0);
    expect(JSON.parse(theirs.stdout).solutions).toBe(JSON.parse(ours.stdout).solutions);
  });

  it('convert reads a BurrTools file back to the same YAML', () => {
    const file = join(dir(), 'soma.xmpuzzle');
    expect(snug(['convert', 'soma', file]).code).toBe(0);
    const yaml = snug(['convert', file, '-']);
    expect(yaml.code).toBe(0);
    const original = snug(['convert', 'soma', '-']).stdout;
    // BurrTools has no place for published counts: all else comes back
    expect(yaml.stdout).toBe(original.replace(/^known: .*\n/m, ''));
  });

  it('--problem picks a problem, and one out of range or given for a YAML file is refused in one line', () => {
    const file = join(dir(), 'two.xmpuzzle');
    writeFileSync(file, gzipSync(`<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><shapes>
      <voxel x="2" y="2" z="2" type="0">########</voxel><voxel x="2" y="1" z="1" type="0">##</voxel><voxel x="3" y="2" z="1" type="0">######</voxel><voxel x="2" y="2" z="1" type="0">##_#</voxel>
      </shapes><problems><problem><shapes><shape id="1" count="4"/></shapes><result id="0"/></problem>
      <problem name="Ls"><shapes><shape id="3" count="2"/></shapes><result id="2"/></problem></problems></puzzle>`));
    const second = snug(['solve', file, '--problem', '2', '--all', '--json']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout).solutions).toBe(2);
    expect(JSON.parse(snug(['solve', file, '--all', '--json']).stdout).solutions).toBe(9);
    expectOneLine(snug(['solve', file, '--problem', '3']), /two\.xmpuzzle: there is no problem 3: the file has 2 problems/);
    expectOneLine(snug(['show', 'soma', '--problem', '2']), /--problem picks a problem of a BurrTools file/);
  });

  it('refuses a file that is not a BurrTools file, and a puzzle BurrTools cannot hold, in one line', () => {
    const d = dir();
    const notGzip = join(d, 'plain.xmpuzzle');
    writeFileSync(notGzip, '<puzzle version="2"/>');
    expectOneLine(snug(['solve', notGzip]), /plain\.xmpuzzle: not a BurrTools file: it is not gzip-compressed/);
    const notXml = join(d, 'text.xmpuzzle');
    writeFileSync(notXml, gzipSync('just some words'));
    expectOneLine(snug(['estimate', notXml]), /text\.xmpuzzle: not a BurrTools file: the unpacked text is not XML/);
    const oneSided = join(d, 'one-sided.yaml');
    writeFileSync(oneSided, 'name: one-sided\nmirror: false\nboard: "###\\n#.."\npieces:\n  L: "###\\n#.."\n');
    expectOneLine(snug(['convert', oneSided, join(d, 'out.xmpuzzle')]), /cannot be written as a BurrTools file: piece 'L' may not be turned over/);
    expectOneLine(snug(['convert', 'soma', join(d, 'out.txt')]), /convert writes a BurrTools file/);
  });

  it('reads the BurrTools files in examples/: the Soma cube (240 up to symmetry) and the Kanoodle pyramid on spheres', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const soma = snug(['solve', join(root, 'examples/soma.xmpuzzle'), '--unique', '--count', '--json']);
    expect(soma.code).toBe(0);
    expect(JSON.parse(soma.stdout)).toMatchObject({ solutions: 240, complete: true });
    const pyramid = snug(['show', join(root, 'examples/kanoodle-pyramid.xmpuzzle'), '--no-color']);
    expect(pyramid.code).toBe(0);
    expect(pyramid.stdout).toMatch(/55 cells/);
  });
});

describe('snug convert --disassemble', () => {
  it('writes the solutions that come apart with their moves, and the counts, as BurrTools keeps them', async () => {
    const { formatBurrTools, storedSolutions } = await import('../puzzle/burrtools.js');
    // two cubes in a covered channel open at one end: each slides to the opening and lifts out (level 2.2)
    const channel: [number, number, number][] = [[0, 1, 1], [6, 1, 1]];
    for (let x = 0; x <= 6; x++) {
      channel.push([x, 1, 0]);
      for (let z = 0; z <= 2; z++) channel.push([x, 0, z], [x, 2, z]);
    }
    for (let x = 1; x <= 4; x++) channel.push([x, 1, 2]);
    const cubes: [number, number, number][] = [[1, 1, 1], [2, 1, 1]];
    const d = dir();
    const input = join(d, 'channel.xmpuzzle');
    writeFileSync(input, formatBurrTools({
      name: 'channel',
      dims: 3,
      board: [...channel, ...cubes],
      mirror: false,
      pieces: [{ name: 'channel', shape: channel, count: 1, mirror: false, weight: 2 }, { name: 'cube', shape: [[0, 0, 0]], count: 2, mirror: false }],
    }));
    const output = join(d, 'out.xmpuzzle');
    const r = snug(['convert', input, output, '--disassemble']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/with 1 solution that comes apart, of 1 assembly/);
    const stored = storedSolutions(readFileSync(output), output);
    expect(stored).toMatchObject({ state: 2, assemblies: 1, solutions: 1 });
    expect(stored.stored.map((s) => s.level)).toEqual([[2, 2]]);
    expectOneLine(snug(['convert', 'calibron', join(d, 'flat.xmpuzzle'), '--disassemble']), /3-D puzzles/);
    expectOneLine(snug(['convert', 'soma', '-', '--disassemble']), /--disassemble writes solutions .* BurrTools file/);
  });
});
