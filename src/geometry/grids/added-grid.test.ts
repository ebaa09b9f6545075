/**
 * A grid added by a test alone, to show that a grid is its module and nothing else: the diamond grid, the
 * square grid turned 45 degrees, is written below as a grid module would be, registered while the test
 * runs, and then read from a puzzle file, written back, drawn as text and SVG, solved and counted with no
 * other change to snug. The counts are checked against numbers found without snug: the 3 x 20 rectangle
 * of the twelve pentominoes (2 solutions up to symmetry, 8 in all) and the domino tilings of rectangles
 * (Kasteleyn's product formula), since a rectangle of diamond art is a rectangle of squares turned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../cell.js';
import { cellKey } from '../cell.js';
import type { Grid, GridArt } from '../grid.js';
import { evenSumNormalize, groupOf, symmetryWithMatrix } from '../grid.js';
import { GRID_NAMES, gridNamed, registerGrid, unregisterGrid } from './index.js';
import { formatPuzzle, parsePuzzle } from '../../puzzle/format.js';
import type { Solution } from '../../puzzle/model.js';
import { puzzleGrid } from '../../puzzle/model.js';
import { wellFormedProblem } from '../../puzzle/validate.js';
import { renderBoardText, renderSolutionText } from '../../render/text.js';
import { renderSolutionSvg } from '../../render/svg.js';
import { solve } from '../../search/solve.js';
import { xmlProblems } from '../../test-support/xml.js';

// ---- the grid, as its module would say it ----

/**
 * Diamonds: the cells [x, y] with x + y even, each touching the four at (±1, ±1). Art: column c, row r is
 * the cell [c + r, r - c], so a rectangle of art is a rectangle of squares turned 45 degrees. The cells
 * are their own lattice coordinates: the symmetries are the square's 8, and the moves of the grid keep
 * x + y even. A cell is drawn as a square on its corner, centred at (x / 2, y / 2).
 */
const same = (c: Cell): Cell => c;
const QUARTER_TURN = [0, -1, 0, 1, 0, 0, 0, 0, 1];
const MIRROR_X = [-1, 0, 0, 0, 1, 0, 0, 0, 1];
const GROUP = groupOf([QUARTER_TURN, MIRROR_X], same, same);
const STEPS: readonly Cell[] = [[1, 1, 0], [1, -1, 0], [-1, 1, 0], [-1, -1, 0]];

const DIAMOND_ART: GridArt = {
  cellOf: ([column, row, z]) => [column + row, row - column, z],
  of: ([x, y, z]) => [(x - y) / 2, (x + y) / 2, z],
  allowed: () => true,
  raggedRows: false,
  layersMayDiffer: false,
};

const diamondGrid: Grid = {
  name: 'diamond',
  dims: 2,
  symmetries: GROUP,
  translates: (d) => d[2] === 0 && ((d[0] + d[1]) & 1) === 0,
  mirrorLeftRight: symmetryWithMatrix(GROUP, MIRROR_X),
  neighbours: ([x, y]) => STEPS.map(([a, b]) => [x + a, y + b, 0] as Cell),
  // (a move of the grid keeps x + y even, as on the triangle grid)
  normalize: evenSumNormalize,
  cellShape: 'polygon',
  polygon: ([x, y]) => [[x / 2, y / 2 - 0.5], [x / 2 + 0.5, y / 2], [x / 2, y / 2 + 0.5], [x / 2 - 0.5, y / 2]],
  // a diamond's side (and its inscribed circle) is sqrt 1/2 units across
  pictureUnit: (cellSize) => cellSize * Math.SQRT2,
  art: DIAMOND_ART,
  wraps: false,
  isometric: false,
};

// ---- the puzzles ----

const PENTOMINOES: Record<string, string> = {
  F: '.##\n##.\n.#.', I: '#####', L: '####\n#...', N: '##..\n.###', P: '##\n##\n#.', T: '###\n.#.\n.#.',
  U: '#.#\n###', V: '#..\n#..\n###', W: '#..\n##.\n.##', X: '.#.\n###\n.#.', Y: '####\n.#..', Z: '##.\n.#.\n.##',
};

/** A puzzle file on the diamond grid (or on squares, with `grid` left out): a full rectangle of art. */
function rectangleFile(width: number, height: number, pieces: Record<string, string>, grid: string | undefined = 'diamond'): string {
  const rows = Array.from({ length: height }, () => '#'.repeat(width));
  const piece = ([name, art]: [string, string]): string => `  ${name}:\n    shape: |\n${art.split('\n').map((r) => `      ${r}\n`).join('')}`;
  return `name: ${width}x${height}\n${grid ? `grid: ${grid}\n` : ''}board: |\n${rows.map((r) => `  ${r}\n`).join('')}pieces:\n${Object.entries(pieces).map(piece).join('')}`;
}

/** Domino tilings of a width x height rectangle, by Kasteleyn's product formula. */
function kasteleyn(width: number, height: number): number {
  let product = 1;
  for (let j = 1; j <= Math.ceil(width / 2); j++) {
    for (let k = 1; k <= Math.ceil(height / 2); k++) {
      product *= 4 * Math.cos((Math.PI * j) / (width + 1)) ** 2 + 4 * Math.cos((Math.PI * k) / (height + 1)) ** 2;
    }
  }
  return Math.round(product);
}

/** A tiling as the set of its pieces' art places: to compare tilings on two grids drawn with the same art. */
function artTiling(grid: Grid, solution: Solution): string {
  return solution.placements.map((p) => `${p.piece}:${p.cells.map((c) => cellKey(grid.art.of(c))).sort().join(' ')}`).sort().join(' | ');
}

describe('a grid added by a test alone (diamonds: squares turned 45 degrees)', () => {
  beforeAll(() => {
    registerGrid(diamondGrid);
  });
  // (the registry is shared with the test files that run after this one in its process)
  afterAll(() => unregisterGrid('diamond'));

  it('is registered: named among the grids, and puzzles on it pass the checks', () => {
    expect(GRID_NAMES).toContain('diamond');
    expect(gridNamed('diamond')).toBe(diamondGrid);
    const puzzle = parsePuzzle(rectangleFile(4, 2, { D: '##' }), 'dominoes.yaml');
    expect(puzzle.grid).toBe('diamond');
    expect(puzzleGrid(puzzle)).toBe(diamondGrid);
    expect(wellFormedProblem(puzzle)).toBeUndefined();
    expect(wellFormedProblem({ ...puzzle, grid: 'rhombus' })).toMatch(/grid must be one of square, cube, triangle, hexagon, sphere, tetra-octa, prism, stick, rhombic, diamond, not "rhombus"/);
  });

  it('is parsed from its art (column c, row r is [c + r, r - c]) and written back the same', () => {
    const puzzle = parsePuzzle(rectangleFile(3, 2, { D: '##' }), 'dominoes.yaml');
    // row 0: [0, 0], [1, -1], [2, -2]; row 1: [1, 1], [2, 0], [3, -1]
    expect(puzzle.board).toEqual([[2, -2, 0], [1, -1, 0], [3, -1, 0], [0, 0, 0], [2, 0, 0], [1, 1, 0]]);
    // a domino along a row of art, [0, 0] and [1, -1], moved by [1, 1] (an even move) to the first row
    expect(puzzle.pieces[0]!.shape).toEqual([[2, 0, 0], [1, 1, 0]]);
    const text = formatPuzzle(puzzle);
    expect(text).toContain('grid: diamond\nboard: |\n  ###\n  ###\n');
    expect(parsePuzzle(text, 'again.yaml')).toEqual(puzzle);
    expect(() => parsePuzzle(`${rectangleFile(3, 2, { D: '##' })}wrap: x\n`, 'wrapped.yaml')).toThrow(/wrap joins the edges of a square board, not of a diamond one/);
    expect(() => parsePuzzle(rectangleFile(3, 2, { D: '##' }).replace('board: |\n  ###\n  ###\n', 'board: {rect: [3, 2]}\n'), 'rect.yaml')).toThrow(/board rect is for the square and cube grids: draw the diamond board/);
  });

  it('counts the twelve pentominoes in a 3 x 20 rectangle: 8 tilings, 2 up to symmetry, the tilings of squares turned', () => {
    const puzzle = parsePuzzle(rectangleFile(20, 3, PENTOMINOES), 'pentominoes.yaml');
    const all = solve(puzzle, { all: true });
    expect(all.complete).toBe(true);
    expect(all.solutions).toBe(8);
    const unique = solve(puzzle, { all: true, unique: true });
    expect(unique.symmetries).toBe(4);
    expect(unique.solutions).toBe(2);
    // the same art on squares has the same tilings, place for place
    const squares = parsePuzzle(rectangleFile(20, 3, PENTOMINOES, undefined), 'pentominoes.yaml');
    const onSquares = solve(squares, { all: true });
    expect(new Set(all.found.map((s) => artTiling(diamondGrid, s)))).toEqual(new Set(onSquares.found.map((s) => artTiling(puzzleGrid(squares), s))));
  });

  it('counts the domino tilings of rectangles as Kasteleyn did', () => {
    for (const [w, h] of [[2, 2], [4, 3], [8, 2], [4, 4], [6, 5]] as const) {
      const puzzle = parsePuzzle(rectangleFile(w, h, { D: '##' }).replace(/ {2}D:\n {4}shape: \|\n {6}##\n/, `  D:\n    shape: "##"\n    count: ${(w * h) / 2}\n`), 'dominoes.yaml');
      expect(solve(puzzle, { countOnly: true }).solutions, `${w} x ${h}`).toBe(kasteleyn(w, h));
    }
    expect(kasteleyn(8, 8)).toBe(12988816);
  });

  it('draws a solution as text, one character per cell at its place in the art', () => {
    const puzzle = parsePuzzle(rectangleFile(20, 3, PENTOMINOES), 'pentominoes.yaml');
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const owner = new Map(solution.placements.flatMap((p) => p.cells.map((c) => [cellKey(c), p.piece] as const)));
    const expected = Array.from({ length: 3 }, (_, r) => Array.from({ length: 20 }, (_, c) => owner.get(cellKey(DIAMOND_ART.cellOf([c, r, 0])))).join('')).join('\n');
    expect(renderSolutionText(puzzle, solution, { color: false })).toBe(expected);
    expect(renderBoardText(puzzle, { color: false })).toBe(Array.from({ length: 3 }, () => '#'.repeat(20)).join('\n'));
  });

  it('draws a solution as SVG: every cell a square on its corner, its side one cell size, filled by its piece', () => {
    const puzzle = parsePuzzle(rectangleFile(20, 3, PENTOMINOES), 'pentominoes.yaml');
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 30 });
    expect(xmlProblems(svg)).toEqual([]);
    const groups = [...svg.matchAll(/<g class="piece[^"]*" data-piece="([^"]*)"[^>]*>([\s\S]*?)<\/g>/g)];
    expect(groups.map((g) => g[1]).sort()).toEqual(Object.keys(PENTOMINOES).sort());
    const polygons = groups.flatMap((g) => [...g[2]!.matchAll(/<polygon points="([^"]*)"/g)].map((m) => m[1]!.split(' ').map((p) => p.split(',').map(Number) as [number, number])));
    expect(polygons).toHaveLength(60);
    const sides = new Set<number>();
    for (const [top, right, bottom, left] of polygons as [number, number][][]) {
      // the diagonals are upright and level, and equally long (up to the picture's rounding to 0.01): a square on its corner
      expect(top![0]).toBeCloseTo(bottom![0], 1);
      expect(left![1]).toBeCloseTo(right![1], 1);
      expect(bottom![1] - top![1]).toBeCloseTo(right![0] - left![0], 1);
      sides.add(Math.round(Math.hypot(right![0] - top![0], right![1] - top![1]) * 10) / 10);
    }
    expect([...sides]).toEqual([30]);
  });
});
