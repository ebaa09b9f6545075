import { describe, expect, it } from 'vitest';
import { formatPuzzle, parsePuzzle } from './format.js';
import { puzzleTextProblem } from '../test-support/puzzle-text.js';
import type { Cell } from './model.js';

const sorted = (cells: readonly Cell[]): Cell[] => [...cells].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
const problem = (text: string): string => puzzleTextProblem(text, 'g.yaml');

describe('grid: triangle, hexagon and sphere in puzzle files', () => {
  it('triangle art: the character at column x of row y is the triangle [x, y]', () => {
    const p = parsePuzzle('grid: triangle\nboard: |\n  .##\n  ###\npieces:\n  D: {shape: "##", count: 2}\n  M: "#"\n', 'g.yaml');
    expect(p.grid).toBe('triangle');
    expect(p.dims).toBe(2);
    expect(sorted(p.board)).toEqual(sorted([[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0]]));
    // "##" at the start of a row is an up then a down triangle
    expect(p.pieces[0]!.shape).toEqual([[0, 0, 0], [1, 0, 0]]);
  });

  it("hexagon art: row r's cells at columns r, r + 2, ...; column c of row r is [(c - r) / 2, r]", () => {
    const p = parsePuzzle('grid: hexagon\nboard: |\n  . # #\n   # # #\n    # #\npieces:\n  A: "# #"\n  B: |\n    . # #\n     # #\n  C: "#"\n', 'g.yaml');
    expect(sorted(p.board)).toEqual(sorted([[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0], [0, 2, 0], [1, 2, 0]]));
    expect(p.pieces.find((q) => q.name === 'B')!.shape).toEqual(sorted([[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0]]));
  });

  it('sphere layers: column i, row j of layer z is the ball [i + j + z, j - i, z]; layers shrink as a pyramid does', () => {
    const p = parsePuzzle('grid: sphere\nboard:\n  layers:\n    - |\n      ##\n      ##\n    - "#"\npieces:\n  A: "##"\n  B: {layers: ["#", "#"]}\n  C: "#"\n', 'g.yaml');
    expect(p.dims).toBe(3);
    expect(sorted(p.board)).toEqual(sorted([[0, 0, 0], [1, -1, 0], [1, 1, 0], [2, 0, 0], [1, 0, 1]]));
    // the ball on top touches the four below it
    const top: Cell = [1, 0, 1];
    for (const c of p.board.filter((b) => b[2] === 0)) expect((c[0] - top[0]) ** 2 + (c[1] - top[1]) ** 2 + (c[2] - top[2]) ** 2).toBe(2);
  });

  it('board cells listed for programs, on every grid', () => {
    const p = parsePuzzle('grid: hexagon\nboard: {cells: [[0, 0], [1, 0], [0, 1]]}\npieces:\n  T: {cells: [[0, 0], [1, 0], [0, 1]]}\n', 'g.yaml');
    expect(sorted(p.board)).toEqual([[0, 0, 0], [1, 0, 0], [0, 1, 0]]);
  });

  for (const text of [
    'grid: triangle\nboard: |\n  ..#####.\n  .#######\n  .#######\n  ..#####.\npieces:\n  D: {shape: "##", count: 12}\n',
    'grid: hexagon\nboard: |\n  . # #\n   # # #\n    # #\npieces:\n  A: "# #"\n  B: {shape: ". # #\\n # #", color: teal}\n  C: "#"\n',
    'grid: sphere\nboard:\n  layers:\n    - "###\\n###\\n###"\n    - "##\\n##"\n    - "#"\npieces:\n  A: {layers: ["###"], count: 2}\n  B: "##\\n##"\n  C: "##\\n#."\n  D: {shape: "#", count: 0..1}\n',
    'grid: triangle\nboard: |\n  ####\n  ##++\npieces:\n  D: {shape: "##", count: 2..3}\n',
  ]) {
    it(`writes what it reads: ${text.split('\n')[0]}, ${text.length} characters`, () => {
      const p = parsePuzzle(text, 'g.yaml');
      expect(parsePuzzle(formatPuzzle(p), 'again.yaml')).toEqual(p);
    });
  }

  it('refuses misuse in one line naming the file and line', () => {
    expect(problem('grid: hexagons\nboard: "#"\npieces:\n  A: "#"\n')).toMatch(/^g\.yaml:1: grid must be one of square, cube, triangle, hexagon, sphere, tetra-octa, prism, stick, rhombic, not 'hexagons'/);
    expect(problem('grid: hexagon\nboard: |\n  # #\n  # #\npieces:\n  A: "#"\n')).toMatch(/^g\.yaml:4: board: row 2 has a cell at column 1, between two hexagon places/);
    expect(problem('grid: hexagon\nboard: {rect: [3, 2]}\npieces:\n  A: "#"\n')).toMatch(/^g\.yaml:2: board rect is for the square and cube grids/);
    expect(problem('grid: triangle\nboard:\n  layers: ["##", "##"]\npieces:\n  A: "#"\n')).toMatch(/^g\.yaml:3: the triangle grid is flat/);
    expect(problem('grid: triangle\nboard: "####"\npieces:\n  A: {rect: [2, 1], count: 2}\n')).toMatch(/^g\.yaml:4: piece 'A' rect is for the square and cube grids/);
    // two triangles that share only a corner are not a piece
    expect(problem('grid: triangle\nboard: "#.#"\npieces:\n  A: "#.#"\n')).toMatch(/piece 'A' is not connected/);
    expect(problem('grid: square\nboard: {box: [2, 2, 2]}\npieces:\n  A: {box: [2, 2, 2]}\n')).toMatch(/the square grid is flat/);
  });
});

describe('grid: sphere cells listed', () => {
  it('refuses a point between the spheres (x + y + z odd), naming the line', () => {
    expect(problem('grid: sphere\nboard: {cells: [[1, 0, 0], [2, 1, 0]]}\npieces:\n  A: {cells: [[1, 0, 0], [2, 1, 0]]}\n')).toMatch(/^g\.yaml:2: board cells: \[1, 0, 0\] is no sphere: x \+ y \+ z must be even on the sphere grid$/);
  });
});

describe('grid: tetra-octa in puzzle files (cells listed: most voxel positions are no cells)', () => {
  const octahedron = '[[2, 0, 0], [3, 0, 0], [2, -1, 0], [3, -1, 0], [2, 0, -1], [3, 0, -1], [2, -1, -1], [3, -1, -1]]';
  const text = `name: oct\ngrid: tetra-octa\nboard:\n  cells: [${octahedron.slice(1, -1)}, [1, 1, 1]]\n  optional: [[1, 1, 1]]\npieces:\n  A: {cells: [[2, 0, 0], [3, 0, 0]], count: 4, color: teal}\n  T: {cells: [[1, 1, 1]], count: 0..1}\n`;

  it('reads cells, and the cells that may stay empty listed beside them; writes them back listed', () => {
    const p = parsePuzzle(text, 'g.yaml');
    expect(p.grid).toBe('tetra-octa');
    expect(p.dims).toBe(3);
    expect(p.board).toHaveLength(9);
    expect(p.optional).toEqual([[1, 1, 1]]);
    const written = formatPuzzle(p);
    expect(written).toMatch(/^ {2}cells: \[\[/m);
    expect(written).toMatch(/^ {2}A: \{cells: \[\[/m);
    expect(parsePuzzle(written, 'again.yaml')).toEqual(p);
  });

  it('refuses a place that is no cell, and optional cells off the board or beside art, in one line naming the file and line', () => {
    expect(problem(`grid: tetra-octa\nboard:\n  cells: [[1, 1, 1], [0, 0, 0]]\npieces:\n  T: {cells: [[1, 1, 1]], count: 2}\n`)).toMatch(/^g\.yaml:3: board cells: \[0, 0, 0\] is no cell: .* on the tetra-octa grid$/);
    expect(problem(`grid: tetra-octa\nboard: {layers: ["...", ".#."]}\npieces:\n  T: {cells: [[1, 1, 1]]}\n`)).toMatch(/^g\.yaml:2: board layer 2: \[1, 0, 1\] at column 2, row 1 is no cell/);
    expect(problem(`grid: tetra-octa\nboard:\n  cells: [[1, 1, 1]]\n  optional: [[4, 1, 1]]\npieces:\n  T: {cells: [[1, 1, 1]]}\n`)).toMatch(/^g\.yaml:4: optional cell \[4, 1, 1\] is not a board cell/);
    expect(problem('board: {layers: ["##"], optional: [[0, 0, 0]]}\npieces:\n  T: "#"\n')).toMatch(/^g\.yaml:1: optional goes with cells/);
    expect(problem(`grid: tetra-octa\nboard: {box: [3, 3, 3]}\npieces:\n  T: "#"\n`)).toMatch(/^g\.yaml:2: board box is for the square and cube grids/);
  });
});
