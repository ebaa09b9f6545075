import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePuzzle } from '../puzzle/format.js';
import { prismTilingClasses, prismTilings } from '../test-support/prisms.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** A hexagon of six triangles, three layers high, filled with two each of the three pieces of three prisms. */
const HEXAGONAL_PRISM = `name: hexagonal prism
grid: prism
board:
  layers: [".###\\n.###", ".###\\n.###", ".###\\n.###"]
pieces:
  F: {shape: "###", count: 2}
  L: {layers: ["##", "#."], count: 2}
  I: {layers: ["#", "#", "#"], count: 2}
`;

describe('snug on the prism grid', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snug-prism-'));
  const file = join(dir, 'hex.yaml');
  writeFileSync(file, HEXAGONAL_PRISM);
  const puzzle = parsePuzzle(HEXAGONAL_PRISM, 'hex.yaml');
  const truth = prismTilings(puzzle);

  it('counts every solution and those up to symmetry as the enumeration from centres does', () => {
    const all = snug(['solve', file, '--count', '--json', '-q']);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout).solutions).toBe(truth.length);
    const unique = snug(['solve', file, '--count', '--unique', '--json', '-q']);
    expect(JSON.parse(unique.stdout).solutions).toBe(prismTilingClasses(puzzle, truth));
    const turns = snug(['solve', file, '--count', '--unique', '--symmetry', 'rotations', '--json', '-q']);
    expect(JSON.parse(turns.stdout).solutions).toBe(prismTilingClasses(puzzle, truth, true));
  });

  it('takes the assemblies apart, writes them as a BurrTools file that solves the same, analyses and hints', () => {
    const taken = JSON.parse(snug(['solve', file, '--count', '--unique', '--disassemble', '--json', '-q']).stdout);
    expect(taken).toMatchObject({ solutions: 1, assemblies: 1, maxLevel: [1] });
    const xm = join(dir, 'hex.xmpuzzle');
    expect(snug(['convert', file, xm, '--solutions', '1', '--disassemble']).code).toBe(0);
    expect(JSON.parse(snug(['solve', xm, '--count', '--json', '-q']).stdout).solutions).toBe(truth.length);
    const analysis = snug(['analyze', file]);
    expect(analysis.stdout).toMatch(/solutions: 12 in all, 1 up to the 24 symmetries of the board/);
    expect(analysis.code).toBe(0);
    const half = join(dir, 'half.yaml');
    writeFileSync(half, HEXAGONAL_PRISM.replace('layers: [".###\\n.###"', 'layers: [".FFF\\n.###"'));
    const hint = JSON.parse(snug(['hint', half, '--json']).stdout);
    expect(hint.solvable).toBe(true);
    expect(hint.completions).toBe(prismTilings(parsePuzzle(HEXAGONAL_PRISM, 'h.yaml')).filter((s) => s.placements.some((p) => p.piece === 'F' && p.cells.every((c) => c[1] === 0 && c[2] === 0))).length);
  });

  it('refuses a box board in one line', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'grid: prism\nboard: {box: [2, 2, 2]}\npieces:\n  A: "#"\n');
    const r = snug(['solve', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/bad\.yaml:2: board box is for the square and cube grids/);
  });
});
