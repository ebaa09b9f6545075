import { describe, it, expect } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { normalize } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { renderBoardText, renderShapeText, renderSolutionText } from './text.js';

const strip = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, '');
const trimLines = (s: string): string => s.split('\n').map((l) => l.trimEnd()).join('\n');
const width = (line: string): number => Array.from(strip(line)).length;

/** A puzzle whose pieces are exactly the placed shapes (enough for drawing). */
function puzzleOf(name: string, board: Cell[], placements: { piece: string; cells: Cell[] }[], dims: 2 | 3 = 2): { puzzle: Puzzle; solution: Solution } {
  const pieces = [...new Map(placements.map((p) => [p.piece, p.cells])).entries()].map(([n, cells]) => ({
    name: n, shape: normalize(cells), count: placements.filter((q) => q.piece === n).length, mirror: dims === 2,
  }));
  return { puzzle: { name, dims, board, pieces, mirror: dims === 2 }, solution: { placements } };
}

function rect(x0: number, y0: number, w: number, h: number, z = 0): Cell[] {
  const cells: Cell[] = [];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push([x, y, z]);
  return cells;
}

/** 3x2 board tiled by two L trominoes, named L and V. */
const small = puzzleOf('3x2', rect(0, 0, 3, 2), [
  { piece: 'L', cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] },
  { piece: 'V', cells: [[2, 0, 0], [1, 1, 0], [2, 1, 0]] },
]);

/** 3x3 ring (centre a hole) tiled by two L tetrominoes. */
const ring = puzzleOf('ring', rect(0, 0, 3, 3).filter((c) => !(c[0] === 1 && c[1] === 1)), [
  { piece: 'L', cells: [[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0]] },
  { piece: 'J', cells: [[0, 1, 0], [0, 2, 0], [1, 2, 0], [2, 2, 0]] },
]);

/** A 56x56 board cut into 12 rectangles, the size of Calibron 12, with several odd boundaries. */
const calibronRects: [string, number, number, number, number][] = [
  ['A', 0, 0, 18, 21], ['B', 18, 0, 18, 21], ['C', 36, 0, 20, 21],
  ['D', 0, 21, 21, 14], ['E', 21, 21, 21, 14], ['F', 42, 21, 14, 14],
  ['G', 0, 35, 32, 11], ['H', 0, 46, 32, 10], ['I', 32, 35, 24, 7], ['J', 32, 42, 24, 7], ['K', 32, 49, 17, 7], ['L', 49, 49, 7, 7],
];
const calibron = puzzleOf('calibron-sized', rect(0, 0, 56, 56), calibronRects.map(([piece, x, y, w, h]) => ({ piece, cells: rect(x, y, w, h) })));
function calibronOwner(x: number, y: number): string {
  return calibronRects.find(([, x0, y0, w, h]) => x >= x0 && x < x0 + w && y >= y0 && y < y0 + h)![0];
}

describe('renderSolutionText, 2-D', () => {
  it('draws a small tiling exactly', () => {
    expect(renderSolutionText(small.puzzle, small.solution, { color: false })).toBe('L L V\nL V V');
  });

  it('leaves holes blank', () => {
    expect(renderSolutionText(ring.puzzle, ring.solution, { color: false })).toBe('L L L\nJ   L\nJ J J');
  });

  it('marks board cells a partial solution leaves uncovered with a dot', () => {
    const partial = { placements: [ring.solution.placements[0]!] };
    expect(renderSolutionText(ring.puzzle, partial, { color: false })).toBe('L L L\n.   L\n. . .');
  });

  it('in colour paints every square and strips to the plain picture', () => {
    for (const { puzzle, solution } of [small, ring, calibron]) {
      const plain = renderSolutionText(puzzle, solution, { color: false });
      const coloured = renderSolutionText(puzzle, solution, { color: true });
      expect(coloured).toMatch(/\x1b\[\d+m/);
      expect(trimLines(strip(coloured))).toBe(plain);
    }
  });

  it('paints the two pieces of the small tiling in different background colours', () => {
    const line = renderSolutionText(small.puzzle, small.solution, { color: true }).split('\n')[0]!;
    const backgrounds = [...line.matchAll(/\x1b\[(4[0-7]|10[0-7])m/g)].map((m) => m[1]);
    // "L L" is one painted run, "V" another.
    expect(backgrounds).toHaveLength(2);
    expect(backgrounds[1]).not.toBe(backgrounds[0]);
  });
});

describe('renderSolutionText, big boards', () => {
  it('fits a Calibron-sized board into 100 columns by sampling 2x2 blocks', () => {
    const text = renderSolutionText(calibron.puzzle, calibron.solution, { color: false });
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('(1 square = 2x2 cells)');
    const rows = lines.slice(0, -1);
    expect(rows).toHaveLength(28);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(100);
    // Each square shows the piece at its block's top-left-centre cell (2bx, 2by).
    for (let by = 0; by < 28; by++) {
      for (let bx = 0; bx < 28; bx++) expect(rows[by]![2 * bx]).toBe(calibronOwner(2 * bx, 2 * by));
    }
    // Every one of the 12 pieces is still visible at this scale.
    expect(new Set(rows.join('').replace(/ /g, ''))).toEqual(new Set('ABCDEFGHIJKL'));
  });

  it('goes coarser for narrower limits, in colour too', () => {
    for (const maxWidth of [60, 40, 13]) {
      const text = renderSolutionText(calibron.puzzle, calibron.solution, { color: true, maxWidth });
      const k = Math.ceil(56 / Math.floor(maxWidth / 2));
      const lines = text.split('\n');
      expect(lines.at(-1)).toBe(`(1 square = ${k}x${k} cells)`);
      expect(lines).toHaveLength(Math.ceil(56 / k) + 1);
      for (const line of lines.slice(0, -1)) expect(width(line)).toBeLessThanOrEqual(maxWidth);
    }
  });

  it('does not scale a board that fits', () => {
    const board = puzzleOf('50 wide', rect(0, 0, 50, 1), [{ piece: 'I', cells: rect(0, 0, 50, 1) }]);
    const text = renderSolutionText(board.puzzle, board.solution, { color: false });
    expect(text).toBe(Array(50).fill('I').join(' '));
  });
});

describe('renderSolutionText, 3-D', () => {
  // A 2x2x2 cube: layer 0 is piece A, layer 1 piece B.
  const cube = puzzleOf('cube', [...rect(0, 0, 2, 2, 0), ...rect(0, 0, 2, 2, 1)], [
    { piece: 'A', cells: rect(0, 0, 2, 2, 0) },
    { piece: 'B', cells: rect(0, 0, 2, 2, 1) },
  ], 3);

  it('sets the layers side by side under z headings, layer 0 first', () => {
    expect(renderSolutionText(cube.puzzle, cube.solution, { color: false })).toBe(
      ['z=0   z=1', 'A A   B B', 'A A   B B'].join('\n'),
    );
  });

  it('wraps layers to further rows when they would pass maxWidth', () => {
    expect(renderSolutionText(cube.puzzle, cube.solution, { color: false, maxWidth: 8 })).toBe(
      ['z=0', 'A A', 'A A', '', 'z=1', 'B B', 'B B'].join('\n'),
    );
  });

  it('lines up coloured layers like plain ones', () => {
    // Layer 0 has a hole at its right end, so padding must make up the width.
    const board = [...rect(0, 0, 3, 1, 0).slice(0, 2), ...rect(0, 0, 3, 1, 1)];
    const p = puzzleOf('steps', board, [
      { piece: 'S', cells: [[0, 0, 0], [1, 0, 0], [0, 0, 1]] },
      { piece: 'T', cells: [[1, 0, 1], [2, 0, 1]] },
    ], 3);
    const plain = renderSolutionText(p.puzzle, p.solution, { color: false });
    expect(plain).toBe(['z=0     z=1', 'S S     S T T'].join('\n'));
    expect(trimLines(strip(renderSolutionText(p.puzzle, p.solution, { color: true })))).toBe(plain);
  });

  it('keeps every line of a 10-layer stack within the width', () => {
    const layers = Array.from({ length: 10 }, (_, z) => rect(0, 0, 7, 3, z));
    const p = puzzleOf('tower', layers.flat(), layers.map((cells, z) => ({ piece: `p${z}`, cells })), 3);
    const text = renderSolutionText(p.puzzle, p.solution, { color: true, maxWidth: 50 });
    for (const line of text.split('\n')) expect(width(line)).toBeLessThanOrEqual(50);
    // Blocks are 14 wide with a gap of 2: three layers to a row, four rows.
    expect(strip(text).split('\n').filter((l) => l.startsWith('z='))).toEqual(['z=0             z=1             z=2', 'z=3             z=4             z=5', 'z=6             z=7             z=8', 'z=9']);
  });
});

describe('renderBoardText', () => {
  it('draws board cells and leaves holes blank', () => {
    expect(renderBoardText(ring.puzzle, { color: false })).toBe('# # #\n#   #\n# # #');
    const coloured = renderBoardText(ring.puzzle, { color: true });
    expect(coloured).toContain('\x1b[');
    expect(trimLines(strip(coloured))).toBe('# # #\n#   #\n# # #');
  });

  it('scales big boards the same way as solutions', () => {
    const text = renderBoardText(calibron.puzzle, { color: false, maxWidth: 100 });
    const lines = text.split('\n');
    expect(lines).toHaveLength(29);
    expect(lines[0]).toBe(Array(28).fill('#').join(' '));
  });
});

describe('renderShapeText', () => {
  const F: Cell[] = [[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [1, 2, 0]];

  it('draws a pentomino', () => {
    expect(renderShapeText(F, 2, 'F', { color: false })).toBe('  F F\nF F\n  F');
  });

  it('draws a Soma piece layer by layer, wherever it sits', () => {
    // Soma piece A: an L tromino with a cube on top of its corner... shifted to z = 4.
    const A: Cell[] = [[0, 0, 4], [1, 0, 4], [0, 1, 4], [0, 1, 5]];
    expect(renderShapeText(A, 3, 'A', { color: false })).toBe('z=0   z=1\nA A\nA     A');
  });

  it('colours by colorIndex', () => {
    const a = renderShapeText(F, 2, 'F', { color: true, colorIndex: 0 });
    const b = renderShapeText(F, 2, 'F', { color: true, colorIndex: 3 });
    expect(a).not.toBe(b);
    expect(trimLines(strip(a))).toBe('  F F\nF F\n  F');
  });
});
