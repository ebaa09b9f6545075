import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parsePuzzle } from '../puzzle/format.js';
import { tetraOctaClasses, tetraOctaTilings } from '../test-support/tetra-octa.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function expectOneLine(r: { code: number | null; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
}

// three blocks in a row (3 tetrahedra, 12 octants) and pieces cut from it
const BAR = `name: bar
grid: tetra-octa
board:
  cells: [[2, 0, 0], [3, 0, 0], [8, 0, 0], [0, 2, 0], [5, 2, 0], [6, 2, 0], [1, 1, 1], [4, 1, 1], [7, 1, 1], [0, 0, 2], [5, 0, 2], [6, 0, 2], [2, 2, 2], [3, 2, 2], [8, 2, 2]]
pieces:
  A: {cells: [[2, 0, 0], [3, 0, 0]], count: 3}
  B: {cells: [[2, 0, 0], [1, 1, 1]], count: 2}
  C: {cells: [[5, 2, 0], [6, 2, 0], [4, 1, 1]]}
  D: {cells: [[0, 0, 2]], count: 2}
`;

describe('snug on the tetrahedra-octahedra grid', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snug-tetra-octa-'));
  const yaml = join(dir, 'bar.yaml');
  writeFileSync(yaml, BAR);
  const puzzle = parsePuzzle(BAR, 'bar.yaml');
  const truth = tetraOctaTilings(puzzle);

  it('solve counts every solution and those up to symmetry, as the enumeration from the corners does', () => {
    const all = snug(['solve', yaml, '--count', '--json']);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout).solutions).toBe(truth.length);
    const unique = snug(['solve', yaml, '--count', '--unique', '--json']);
    // every piece is its own mirror image up to a turn, so the board's reflections count too (BurrTools 0.6
    // finds 2 assemblies of this puzzle)
    expect(JSON.parse(unique.stdout).solutions).toBe(tetraOctaClasses(puzzle, truth));
  });

  it('converts to a BurrTools file and back: the same counts, and the same YAML', () => {
    const file = join(dir, 'bar.xmpuzzle');
    expect(snug(['convert', yaml, file, '--solutions', '3']).code).toBe(0);
    expect(JSON.parse(snug(['solve', file, '--count', '--json']).stdout).solutions).toBe(truth.length);
    const back = snug(['convert', file, '-']);
    expect(back.code).toBe(0);
    expect(parsePuzzle(back.stdout, 'back.yaml')).toEqual({ ...puzzle, name: 'bar' });
  });

  it('analyze and hint work through the grid', () => {
    const analysis = snug(['analyze', yaml, '--json']);
    expect(JSON.parse(analysis.stdout)).toMatchObject({ solutions: truth.length });
    // one piece of a solution put down first: the completions are the solutions that have it
    const first = truth[0]!.placements[0]!;
    const card = join(dir, 'card.yaml');
    writeFileSync(card, `${BAR}placed:\n  - {piece: ${first.piece}, cells: ${JSON.stringify(first.cells)}}\n`);
    const hint = snug(['hint', card, '--json']);
    expect(hint.code).toBe(0);
    const has = (s: (typeof truth)[number]) => s.placements.some((p) => p.piece === first.piece && JSON.stringify([...p.cells].sort()) === JSON.stringify([...first.cells].sort()));
    expect(JSON.parse(hint.stdout)).toMatchObject({ solvable: true, completions: truth.filter(has).length, complete: true });
  });

  it('refuses in one line: a cell the grid does not have, a BurrTools voxel between cells, taking apart', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, BAR.replace('[8, 2, 2]]', '[8, 2, 1]]'));
    expectOneLine(snug(['solve', bad]), /bad\.yaml:4: board cells: \[8, 2, 1\] is no cell: .* on the tetra-octa grid/);
    const voxels = join(dir, 'voxels.xmpuzzle');
    writeFileSync(voxels, gzipSync(`<?xml version="1.0"?><puzzle version="2"><gridType type="4"/><shapes>
      <voxel x="3" y="3" z="3" type="0">#__________________________</voxel></shapes>
      <problems><problem><shapes><shape id="0" count="1"/></shapes><result id="0"/></problem></problems></puzzle>`));
    expectOneLine(snug(['solve', voxels]), /voxels\.xmpuzzle: shape S1 fills position 0, 0, 0, which is no cell/);
    expectOneLine(snug(['solve', yaml, '--disassemble']), /the tetra-octa grid has no motions/);
  });
});
