import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-rhombic-'));

// a rhombic dodecahedron filled with twelve strips of four tetrahedra: 64 fillings, 7 up to symmetry (the
// count of test-support's tetrahedra worked out again, and burrTxt's for the same puzzle)
const STRIPS = 'name: strips\ngrid: rhombic\nboard: {named: rhombic-dodecahedron}\npieces:\n  S: {cells: [[2, 0, 3], [2, 1, 4], [2, 1, 5], [2, 0, 6]], count: 12}\n';

describe('snug on the rhombic grid', () => {
  it('counts up to symmetry, converts to a BurrTools file of grid type 3 and back', () => {
    const folder = dir();
    const yaml = join(folder, 'strips.yaml');
    writeFileSync(yaml, STRIPS);
    const count = (target: string, ...more: string[]) => JSON.parse(snug(['solve', target, '--count', '--json', '-q', ...more]).stdout).solutions;
    expect(count(yaml, '--unique')).toBe(7);
    const file = join(folder, 'strips.xmpuzzle');
    const wrote = snug(['convert', yaml, file, '--solutions', '3']);
    expect(wrote.code).toBe(0);
    expect(count(file, '--unique')).toBe(7);
    const back = snug(['convert', file, '-']);
    expect(back.code).toBe(0);
    expect(back.stdout).toContain('grid: rhombic\nboard:\n  named: rhombic-dodecahedron\n');
  });

  it('refuses a position between the tetrahedra and taking pieces apart, in one line with exit code 2', () => {
    const folder = dir();
    const bad = join(folder, 'bad.yaml');
    writeFileSync(bad, 'name: bad\ngrid: rhombic\nboard:\n  cells: [[0, 0, 0]]\npieces:\n  A: {cells: [[2, 1, 0]]}\n');
    const r = snug(['solve', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/bad\.yaml:4: board cells: \[0, 0, 0\] is no tetrahedron .* on the rhombic grid/);
    const yaml = join(folder, 'strips.yaml');
    writeFileSync(yaml, STRIPS);
    const apart = snug(['solve', yaml, '--unique', '--disassemble', '--count', '-q']);
    expect(apart.code).toBe(2);
    expect(apart.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(apart.stderr).toMatch(/the rhombic grid has no motions/);
  });
});
