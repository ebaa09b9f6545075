import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import type { GridName } from '../geometry/grid.js';
import { GRIDS, gridOf } from '../geometry/grids/index.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { xmlProblems } from '../test-support/xml.js';
import { placementColours } from './piece-colours.js';
import { renderSolutionSvg } from './svg.js';
import { renderBoardText, renderShapeText, renderSolutionText } from './text.js';

const strip = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, '');

/** A puzzle on a grid whose pieces are the placed shapes as they lie (enough for drawing). */
function puzzleOn(grid: GridName, board: Cell[], placements: PlacedPiece[], more: Partial<Puzzle> = {}): { puzzle: Puzzle; solution: Solution } {
  const names = [...new Set(placements.map((p) => p.piece))];
  const pieces = names.map((name) => ({ name, shape: placements.find((p) => p.piece === name)!.cells, count: placements.filter((p) => p.piece === name).length, mirror: true }));
  const dims = gridOf(grid, 2).dims;
  return { puzzle: { name: `${grid} test`, dims, grid, board, pieces, mirror: true, ...more }, solution: { placements } };
}

// Triangles: two rows of six; row 0 is up, down, up, ... (up when x + y is even). The last two cells of
// row 1 are left uncovered, the very last may stay empty.
const triangleBoard: Cell[] = [];
for (let y = 0; y < 2; y++) for (let x = 0; x < 6; x++) triangleBoard.push([x, y, 0]);
const triangles = puzzleOn('triangle', triangleBoard, [
  { piece: 'A', cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] },
  { piece: 'B', cells: [[2, 0, 0], [3, 0, 0], [4, 0, 0], [5, 0, 0]] },
  { piece: 'C', cells: [[1, 1, 0], [2, 1, 0], [3, 1, 0]] },
], { optional: [[5, 1, 0]] });

// Hexagons: a rhombus of three rows of three, [q, r] drawn at column 2q + r of row r.
const hexagonBoard: Cell[] = [];
for (let r = 0; r < 3; r++) for (let q = 0; q < 3; q++) hexagonBoard.push([q, r, 0]);
const hexagons = puzzleOn('hexagon', hexagonBoard, [
  { piece: 'P', cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] },
  { piece: 'Q', cells: [[2, 0, 0], [1, 1, 0], [2, 1, 0]] },
  { piece: 'R', cells: [[0, 2, 0], [1, 2, 0], [2, 2, 0]] },
]);

// Spheres: a pyramid of 2x2 balls and one on top. Ball (i, j) of layer z is [i + j + z, j - i, z]:
// layer 0 holds (0, 0) = [0, 0, 0], (1, 0) = [1, -1, 0], (0, 1) = [1, 1, 0], (1, 1) = [2, 0, 0]; the top
// ball (0, 0) of layer 1 is [1, 0, 1].
const pyramid = puzzleOn('sphere', [[0, 0, 0], [1, -1, 0], [1, 1, 0], [2, 0, 0], [1, 0, 1]], [
  { piece: 'S', cells: [[0, 0, 0], [1, -1, 0]] },
  { piece: 'T', cells: [[1, 1, 0], [2, 0, 0], [1, 0, 1]] },
]);

describe('text pictures on triangles, hexagons and spheres: the art of the puzzle file', () => {
  it('draws triangle [x, y] at column x of row y', () => {
    const picture = renderSolutionText(triangles.puzzle, triangles.solution, { color: false });
    expect(picture).toBe('AABBBB\nACCC.+\n\n+ may stay empty');
    const rows = picture.split('\n');
    // by hand: [1, 0] is A's, [4, 0] B's, [3, 1] C's, [4, 1] uncovered
    expect([rows[0]![1], rows[0]![4], rows[1]![3], rows[1]![4]]).toEqual(['A', 'B', 'C', '.']);
    expect(renderBoardText(triangles.puzzle, { color: false })).toBe('######\n#####+\n+ may stay empty');
  });

  it('draws hexagon [q, r] at column 2q + r of row r, the columns between cells blank', () => {
    const picture = renderSolutionText(hexagons.puzzle, hexagons.solution, { color: false });
    expect(picture).toBe('P P Q\n P Q Q\n  R R R');
    const rows = picture.split('\n');
    // [1, 1] (Q's) at column 3 of row 1, [0, 2] (R's) at column 2 of row 2, [1, 0] (P's) at column 2 of row 0
    expect([rows[1]![3], rows[2]![2], rows[0]![2]]).toEqual(['Q', 'R', 'P']);
    expect(renderBoardText(hexagons.puzzle, { color: false })).toBe('# # #\n # # #\n  # # #');
  });

  it('draws each sphere layer as a square of balls, (i, j) of layer z at column i of row j under z=k', () => {
    expect(renderSolutionText(pyramid.puzzle, pyramid.solution, { color: false })).toBe('z=0  z=1\nSS   T\nTT');
    expect(renderBoardText(pyramid.puzzle, { color: false })).toBe('z=0  z=1\n##   #\n##');
  });

  it('draws shapes the same way, from their lowest places', () => {
    expect(renderShapeText([[0, 0, 0], [1, 0, 0], [0, 1, 0]], GRIDS.hexagon, 'X', { color: false })).toBe('X X\n X');
    // a hexagon whose row starts further left: [1, 0] over [0, 1] share column 2 and 1
    expect(renderShapeText([[1, 0, 0], [0, 1, 0]], GRIDS.hexagon, 'X', { color: false })).toBe(' X\nX');
    expect(renderShapeText([[1, 0, 0], [1, 1, 0]], GRIDS.triangle, 'X', { color: false })).toBe('X\nX');
    // three balls in a row of layer 0 (art column 0) and one on top of the first two
    expect(renderShapeText([[0, 0, 0], [1, 1, 0], [2, 2, 0], [1, 0, 1]], GRIDS.sphere, 'X', { color: false })).toBe('z=0  z=1\nX    X\nX\nX');
  });

  it('gives touching copies of one piece different characters, and says which piece they are', () => {
    const { puzzle, solution } = puzzleOn('hexagon', [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [0, 2, 0], [1, 2, 0]], [
      { piece: 'D', cells: [[0, 0, 0], [1, 0, 0]] },
      { piece: 'D', cells: [[2, 0, 0], [3, 0, 0]] },
      { piece: 'D', cells: [[0, 2, 0], [1, 2, 0]] }, // touches neither: the piece's own label
    ]);
    expect(renderSolutionText(puzzle, solution, { color: false })).toBe('D D d d\n\n  D D\n\nD d = D x3');
  });

  it('paints each cell in its piece colour, gaps between cells of one piece too, and equals the plain picture without escape codes', () => {
    const plain = renderSolutionText(hexagons.puzzle, hexagons.solution, { color: false });
    const colour = renderSolutionText(hexagons.puzzle, hexagons.solution, { color: true });
    expect(colour).toMatch(/\x1b\[48;5;\d+m/);
    expect(strip(colour).split('\n').map((l) => l.trimEnd()).join('\n')).toBe(plain);
    // row 1: P, then the blank between P and Q unpainted, Q and the gap between the two Qs in Q's paint
    const row1 = colour.split('\n')[1]!;
    expect(row1).toMatch(/^ \x1b\[[^m]*m\x1b\[[^m]*mP\x1b\[39;49m \x1b\[[^m]*m\x1b\[[^m]*mQ Q\x1b\[39;49m$/);
  });

  it('shades the gaps of a piece placed before and names it and highlighted pieces in the legend', () => {
    const placements = hexagons.solution.placements.map((p, i) => (i === 2 ? { ...p, given: true } : p));
    const picture = renderSolutionText(hexagons.puzzle, { placements }, { color: false, highlight: [0], highlightName: 'hint' });
    expect(picture).toBe('P P Q\n P Q Q\n  R░R░R\n\nplaced before: R\nhint: P');
  });

  it('says a picture is too wide rather than drawing it cut', () => {
    const row: Cell[] = Array.from({ length: 30 }, (_, x) => [x, 0, 0]);
    const { puzzle, solution } = puzzleOn('triangle', row, [{ piece: 'A', cells: row }]);
    expect(renderSolutionText(puzzle, solution, { color: false, maxWidth: 20 }).replaceAll('\n', ' ')).toBe('(too wide to draw as text: 30 columns; --svg FILE draws it)');
    expect(renderBoardText(puzzle, { color: false, maxWidth: 20 }).replaceAll('\n', ' ')).toBe('(too wide to draw as text: 30 columns)');
  });
});

/** The elements in each <g class="piece"> group, by piece name, the fill the group gives them, hatches left out. */
function pieceGroups(svg: string): { piece: string; fill: string; elements: string[] }[] {
  return [...svg.matchAll(/<g class="piece[^"]*" data-piece="([^"]*)" fill="([^"]*)">\n<title>[^<]*<\/title>\n([\s\S]*?)<\/g>/g)].map((m) => ({
    piece: m[1]!,
    fill: m[2]!,
    elements: m[3]!.split('\n').filter((l) => /^<(polygon|circle)/.test(l)),
  }));
}

const points = (polygon: string): [number, number][] =>
  polygon.match(/points="([^"]*)"/)![1]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);

describe('squares and cubes named as the grid', () => {
  it('draw exactly as without a grid named (the pictures the other tests of src/render pin)', () => {
    const square = puzzleOn('square', [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]], [{ piece: 'A', cells: [[0, 0, 0], [1, 0, 0]] }, { piece: 'B', cells: [[0, 1, 0]] }]);
    const cube = puzzleOn('cube', [[0, 0, 0], [0, 0, 1]], [{ piece: 'C', cells: [[0, 0, 0], [0, 0, 1]] }]);
    for (const { puzzle, solution } of [square, cube]) {
      const { grid: _, ...unnamed } = puzzle;
      expect(renderSolutionText(puzzle, solution, { color: true })).toBe(renderSolutionText(unnamed, solution, { color: true }));
      expect(renderBoardText(puzzle, { color: false })).toBe(renderBoardText(unnamed, { color: false }));
      expect(renderSolutionSvg(puzzle, solution)).toBe(renderSolutionSvg(unnamed, solution));
    }
  });
});

describe('SVG pictures on triangles, hexagons and spheres', () => {
  it('draws each triangle as a polygon of side sqrt 3 cell sizes, filled with its piece colour', () => {
    const svg = renderSolutionSvg(triangles.puzzle, triangles.solution, { cellSize: 20 });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg.match(/<polygon /g)).toHaveLength(12);
    const colours = placementColours(triangles.puzzle, triangles.solution.placements);
    const groups = pieceGroups(svg);
    expect(groups.map((g) => [g.piece, g.fill, g.elements.length])).toEqual([['A', colours[0]!.css, 3], ['B', colours[1]!.css, 4], ['C', colours[2]!.css, 3]]);
    for (const g of groups) {
      for (const polygon of g.elements) {
        const p = points(polygon);
        expect(p).toHaveLength(3);
        for (let i = 0; i < 3; i++) expect(Math.hypot(p[i]![0] - p[(i + 1) % 3]![0], p[i]![1] - p[(i + 1) % 3]![1])).toBeCloseTo(Math.sqrt(3) * 20, 1);
      }
    }
    // one uncovered cell, one that may stay empty, with its '+'
    expect(svg).toMatch(/<g class="uncovered" fill="#eeeeee">\n<polygon [^\n]*\n<\/g>/);
    expect(svg).toMatch(/<g class="empty" fill="#f9f9f9">\n<polygon [^\n]*\n<\/g>\n<path class="empty-mark"/);
  });

  it('outlines each piece along the edges between different pieces and the board edge, thin lines inside', () => {
    const svg = renderSolutionSvg(triangles.puzzle, triangles.solution);
    const segments = (cls: string): number => (svg.match(new RegExp(`<path class="${cls}" d="([^"]*)"`))?.[1]!.match(/M/g) ?? []).length;
    // counted by hand on the board of two rows of six: 13 edges inside it (5 in each row, and 3 between the
    // rows, under the up triangles of row 0), so of the 36 sides of its triangles 10 are on its edge. Thin:
    // 2 inside A, 3 inside B, 2 inside C (the cell left empty and the one that may stay empty differ);
    // outlines: the other 6 inside and the 10 of the edge
    expect(segments('grid')).toBe(7);
    expect(segments('outline')).toBe(6 + 10);
  });

  it('draws hexagons one cell size wide, side by side one cell size apart', () => {
    const svg = renderSolutionSvg(hexagons.puzzle, hexagons.solution, { cellSize: 30 });
    expect(xmlProblems(svg)).toEqual([]);
    const groups = pieceGroups(svg);
    expect(groups.map((g) => g.elements.length)).toEqual([3, 3, 3]);
    expect(new Set(groups.map((g) => g.fill)).size).toBe(3);
    const [first, second] = groups[0]!.elements.map(points);
    const xs = first!.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(30, 1);
    expect(second![0]![0] - first![0]![0]).toBeCloseTo(30, 1);
    expect(svg.match(/<text class="label"[^>]*>[PQR]<\/text>/g)).toHaveLength(3);
  });

  it('draws spheres as circles, one panel per layer in its art, balls of one piece in a layer joined by bars', () => {
    const svg = renderSolutionSvg(pyramid.puzzle, pyramid.solution, { cellSize: 20 });
    expect(xmlProblems(svg)).toEqual([]);
    const groups = pieceGroups(svg);
    expect(groups.map((g) => [g.piece, g.elements.length])).toEqual([['S', 2], ['T', 3]]);
    const centre = (circle: string): [number, number] => [Number(circle.match(/cx="([^"]*)"/)![1]), Number(circle.match(/cy="([^"]*)"/)![1])];
    const [s0, s1] = groups[0]!.elements.map(centre);
    // S: balls (0, 0) and (1, 0) of layer 0: one row, one cell size apart
    expect(s1![0] - s0![0]).toBeCloseTo(20, 5);
    expect(s1![1]).toBe(s0![1]);
    // T: (0, 1) and (1, 1) of layer 0 a row below S, and (0, 0) of layer 1 in the next panel, level with S
    const t = groups[1]!.elements.map(centre);
    expect(t[0]![1] - s0![1]).toBeCloseTo(20, 5);
    expect(t[2]![1]).toBe(s0![1]);
    expect(t[2]![0] - s0![0]).toBeCloseTo(2 * 20 + 20, 5);
    expect(svg.match(/>z = \d<\/text>/g)).toEqual(['>z = 0</text>', '>z = 1</text>']);
    // one bar in each piece: S's two balls, T's two in layer 0 (its top ball touches them across layers)
    expect([...svg.matchAll(/<path class="bond" d="([^"]*)"/g)].map((m) => m[1]!.match(/M/g)!.length)).toEqual([1, 1]);
  });

  it('hatches pieces placed before, outlines highlighted ones with a band inside, and marks cells that may stay empty', () => {
    // R, placed before, covers two cells of the last row; the third may stay empty
    const [p, q] = hexagons.solution.placements;
    const placements: PlacedPiece[] = [p!, q!, { piece: 'R', cells: [[1, 2, 0], [2, 2, 0]], given: true }];
    const svg = renderSolutionSvg({ ...hexagons.puzzle, optional: [[0, 2, 0]] }, { placements }, { highlight: [0], highlightName: 'hint' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toMatch(/<g class="hatch" fill="url\(#snug-placed-before\)">\n<polygon [^\n]*\n<polygon [^\n]*\n<\/g>/);
    expect(svg).toMatch(/<clipPath id="snug-highlighted">\n(<polygon [^\n]*\n){3}<\/clipPath>/);
    expect(svg).toContain('class="highlight-halo"');
    expect(svg).toContain('class="empty-mark"');
    expect(svg).toContain('>placed before: R</text>');
    expect(svg).toContain('>hint: P</text>');
  });
});
