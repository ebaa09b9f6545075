import { describe, expect, it } from 'vitest';
import { rhombicDodecahedron } from '../geometry/grids/rhombic.js';
import { solve } from '../search/solve.js';
import { formatPuzzle, parsePuzzle } from './format.js';
import { puzzleTextProblem } from '../test-support/puzzle-text.js';
import { wellFormedProblem } from './validate.js';
import { analyzePuzzle } from '../analysis/analyze.js';
import { hint } from '../analysis/hint.js';
import { rhombicClassCount, rhombicTilings } from '../test-support/rhombic-tetrahedra.js';

const problem = (text: string): string => puzzleTextProblem(text, 'r.yaml');

// four tetrahedra in a row along one face of two cubes (BurrTools' voxel positions)
const STRIP = '[[2, 0, 3], [2, 1, 4], [2, 1, 5], [2, 0, 6]]';

describe('grid: rhombic in puzzle files', () => {
  it('names the rhombic dodecahedron as a board or a piece, and lists cells at BurrTools\' voxel positions', () => {
    const p = parsePuzzle(`grid: rhombic\nboard: {named: rhombic-dodecahedron}\npieces:\n  S: {cells: ${STRIP}, count: 12}\n`, 'r.yaml');
    expect(p.grid).toBe('rhombic');
    expect(p.dims).toBe(3);
    expect(p.board).toEqual(rhombicDodecahedron());
    expect(p.pieces[0]).toMatchObject({ name: 'S', count: 12, mirror: false, shape: [[2, 0, 3], [2, 1, 4], [2, 1, 5], [2, 0, 6]] });
    // counted again in burrtools-rhombic.test.ts by the tetrahedra worked out again: 64, 7 up to symmetry
    expect(solve(p, { all: true, countOnly: true }).solutions).toBe(64);
    const whole = parsePuzzle('grid: rhombic\nboard: {named: rhombic-dodecahedron}\npieces:\n  RD: {named: rhombic-dodecahedron}\n', 'r.yaml');
    expect(whole.pieces[0]!.shape).toEqual(rhombicDodecahedron());
    expect(solve(whole, { all: true, countOnly: true }).solutions).toBe(1);
  });

  it('reads BurrTools\' voxel layers as art, layer z from 0, and cells that may stay empty with optional', () => {
    // the four tetrahedra on the face z = 0 of the cube at the origin: a square pyramid
    const p = parsePuzzle('grid: rhombic\nboard:\n  layers:\n    - |\n      .....\n      ..#..\n      .#.#.\n      ..#..\npieces:\n  A: {cells: [[2, 1, 0], [1, 2, 0]]}\n  B: {cells: [[2, 1, 0]], count: 0..2}\n', 'r.yaml');
    expect(p.board).toEqual([[2, 1, 0], [1, 2, 0], [3, 2, 0], [2, 3, 0]]);
    const q = parsePuzzle('grid: rhombic\nboard:\n  cells: [[1, 2, 0], [2, 1, 0], [3, 2, 0], [2, 3, 0]]\n  optional: [[2, 3, 0]]\npieces:\n  A: {cells: [[2, 1, 0], [1, 2, 0]]}\n  B: {cells: [[2, 1, 0]]}\n', 'r.yaml');
    expect(q.optional).toEqual([[2, 3, 0]]);
  });

  for (const text of [
    `grid: rhombic\nboard: {named: rhombic-dodecahedron}\npieces:\n  S: {cells: ${STRIP}, count: 12}\n`,
    'grid: rhombic\nboard:\n  cells: [[1, 2, 0], [2, 1, 0], [3, 2, 0], [2, 3, 0], [2, 0, 1]]\n  optional: [[2, 3, 0]]\npieces:\n  A: {cells: [[2, 1, 0], [1, 2, 0]], count: 1..2, color: teal}\n  B: {cells: [[2, 1, 0]], mirror: true}\n',
  ]) {
    it(`writes what it reads, listing cells: ${text.split('\n')[1]}`, () => {
      const p = parsePuzzle(text, 'r.yaml');
      const written = formatPuzzle(p);
      expect(written).toMatch(/cells: \[\[|named: rhombic-dodecahedron/);
      expect(parsePuzzle(written, 'again.yaml')).toEqual(p);
    });
  }

  it('refuses a position between the tetrahedra, an unknown name and art where no layer has a cell, in one line naming the file and line', () => {
    expect(problem('grid: rhombic\nboard:\n  cells: [[2, 1, 0],\n    [0, 0, 0]]\npieces:\n  A: "#"\n')).toMatch(/^r\.yaml:4: board cells: \[0, 0, 0\] is no tetrahedron .* on the rhombic grid$/);
    expect(problem('grid: rhombic\nboard: {named: rhombic-dodecahedron}\npieces:\n  A: {cells: [[2, 2, 2]]}\n')).toMatch(/^r\.yaml:4: piece 'A' cells: \[2, 2, 2\] is no tetrahedron/);
    expect(problem('grid: rhombic\nboard: {named: cube}\npieces:\n  A: "#"\n')).toMatch(/^r\.yaml:2: board named: the rhombic grid has no shape named 'cube' \(it names rhombic-dodecahedron\)/);
    expect(problem('board: {named: rhombic-dodecahedron}\npieces:\n  A: "#"\n')).toMatch(/^r\.yaml:1: board named: the square grid has no shape named 'rhombic-dodecahedron' \(it names none\)/);
    expect(problem('grid: rhombic\nboard:\n  layers:\n    - |\n      ..#\npieces:\n  A: "#"\n')).toMatch(/^r\.yaml:4: board layer 1: \[\d+, \d+, 0\] at column 3, row 1 is no tetrahedron/);
    expect(problem('grid: rhombic\nboard:\n  layers:\n    - |\n      #\npieces:\n  A: "#"\n')).toMatch(/^r\.yaml:5: board layer 1: row 1 has a cell at column 1, where no layer of BurrTools' rhombic voxels/);
    expect(problem('grid: rhombic\nboard: {named: rhombic-dodecahedron, holes: [[2, 1, 0]]}\npieces:\n  A: "#"\n')).toMatch(/holes go with rect or box/);
    expect(problem('grid: rhombic\nboard: {box: [2, 2, 2]}\npieces:\n  A: "#"\n')).toMatch(/board box is for the square and cube grids/);
    // a puzzle built by a program is checked the same way
    expect(wellFormedProblem({ name: 'x', dims: 3, grid: 'rhombic', board: [[0, 0, 0]], mirror: false, pieces: [{ name: 'A', shape: [[2, 1, 0]], count: 1, mirror: false }] })).toMatch(/the board: \[0, 0, 0\] is no tetrahedron .* on the rhombic grid$/);
  });

  it('analyses and gives hints through the grid: completions of a strip put down, as the tetrahedra worked out again', async () => {
    const p = parsePuzzle(`grid: rhombic\nboard: {named: rhombic-dodecahedron}\npieces:\n  S: {cells: ${STRIP}, count: 12}\n`, 'r.yaml');
    const tilings = rhombicTilings(p);
    const analysis = await analyzePuzzle(p);
    expect([analysis.solutions, analysis.unique]).toEqual([tilings.size, rhombicClassCount({ ...p, mirror: true }, tilings)]);
    const first = hint(p);
    expect(first).toMatchObject({ solvable: true, completions: 64, complete: true });
    const cells = first.hint!.cells;
    const placed = `S:${[...cells].map((c) => c.join(',')).sort().join(' ')}`;
    const withIt = [...tilings].filter((t) => t.split(' | ').includes(placed)).length;
    expect(withIt).toBeGreaterThan(0);
    expect(hint({ ...p, placed: [{ piece: 'S', cells }] }).completions).toBe(withIt);
  });
});
