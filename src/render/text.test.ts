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

/** The label at the centre of each cell of a boxes picture (cells three columns wide inside). */
function labelsOf(picture: string): string[] {
  return picture.split('\n').filter((_, i) => i % 2 === 1).map((line) => Array.from(line).filter((_, i) => i % 4 === 2).join(''));
}

describe('renderSolutionText, 2-D', () => {
  it('draws a small tiling exactly, with lines between the pieces', () => {
    expect(renderSolutionText(small.puzzle, small.solution, { color: false })).toBe(
      ['┌───────┬───┐', '│ L   L │ V │', '│   ┌───┘   │', '│ L │ V   V │', '└───┴───────┘'].join('\n'),
    );
  });

  it('leaves holes blank, with the board edge drawn around them', () => {
    expect(renderSolutionText(ring.puzzle, ring.solution, { color: false })).toBe(
      ['┌───────────┐', '│ L   L   L │', '├───┬───┐   │', '│ J │   │ L │', '│   └───┴───┤', '│ J   J   J │', '└───────────┘'].join('\n'),
    );
  });

  it('marks board cells a partial solution leaves uncovered with a dot', () => {
    const partial = { placements: [ring.solution.placements[0]!] };
    expect(labelsOf(renderSolutionText(ring.puzzle, partial, { color: false }))).toEqual(['LLL', '. L', '...']);
  });

  it('tells touching copies of one piece apart without colour', () => {
    // Four copies of the domino D in a 4x2 block: plain letters alone would show one blob of D's.
    const dominoes = puzzleOf('dominoes', rect(0, 0, 4, 2), [rect(0, 0, 2, 1), rect(2, 0, 2, 1), rect(0, 1, 2, 1), rect(2, 1, 2, 1)].map((cells) => ({ piece: 'D', cells })));
    expect(renderSolutionText(dominoes.puzzle, dominoes.solution, { color: false })).toBe(
      ['┌───────┬───────┐', '│ D   D │ D   D │', '├───────┼───────┤', '│ D   D │ D   D │', '└───────┴───────┘'].join('\n'),
    );
  });

  it('keeps the empty rows and columns before the board, as the coordinates of the file have them', () => {
    // A board whose art starts with a row and a column of '.': its cells start at (1, 1).
    const shifted = puzzleOf('shifted', rect(1, 1, 3, 2), [
      { piece: 'A', cells: [[1, 1, 0], [2, 1, 0]] },
      { piece: 'B', cells: [[3, 1, 0], [2, 2, 0], [3, 2, 0]] },
      { piece: 'C', cells: [[1, 2, 0]] },
    ]);
    expect(renderSolutionText(shifted.puzzle, shifted.solution, { color: false })).toBe(
      ['', '', '    ┌───────┬───┐', '    │ A   A │ B │', '    ├───┬───┘   │', '    │ C │ B   B │', '    └───┴───────┘'].join('\n'),
    );
    // The board alone keeps them too.
    expect(renderBoardText(shifted.puzzle, { color: false })).toBe(['', '  # # #', '  # # #'].join('\n'));
  });

  it('names the pieces in a legend when their labels are not their names', () => {
    const named = puzzleOf('named', rect(0, 0, 3, 1), [
      { piece: 'cross-red', cells: [[0, 0, 0]] },
      { piece: 'cross-blue', cells: [[1, 0, 0]] },
      { piece: 'Q', cells: [[2, 0, 0]] },
    ]);
    const lines = renderSolutionText(named.puzzle, named.solution, { color: false }).split('\n');
    expect(labelsOf(lines.slice(0, 3).join('\n'))).toEqual(['CcQ']);
    // cross-blue sorts first, so it takes c; cross-red takes the other case.
    expect(lines.slice(3)).toEqual(['', 'C = cross-red   c = cross-blue']);
    // No legend when every label is its piece's name.
    expect(renderSolutionText(small.puzzle, small.solution, { color: false })).not.toContain('=');
  });

  it('wraps a long legend within the width', () => {
    const names = Array.from({ length: 12 }, (_, i) => `piece-number-${i}`);
    const row = puzzleOf('row', rect(0, 0, 12, 1), names.map((piece, i) => ({ piece, cells: [[i, 0, 0]] })));
    const text = renderSolutionText(row.puzzle, row.solution, { color: false, maxWidth: 60 });
    const legend = text.split('\n\n')[1]!.split('\n');
    expect(legend.length).toBeGreaterThan(2);
    for (const line of legend) expect(width(line)).toBeLessThanOrEqual(60);
    expect(legend.join('   ').split('   ')).toHaveLength(12);
  });

  it('in colour paints every placement and strips to the plain picture', () => {
    for (const { puzzle, solution } of [small, ring, calibron]) {
      const plain = renderSolutionText(puzzle, solution, { color: false });
      const coloured = renderSolutionText(puzzle, solution, { color: true });
      expect(coloured).toMatch(/\x1b\[48;5;\d+m/);
      expect(trimLines(strip(coloured))).toBe(plain);
    }
  });

  it('paints the two pieces of the small tiling in different xterm-256 background colours', () => {
    const line = renderSolutionText(small.puzzle, small.solution, { color: true }).split('\n')[1]!;
    const backgrounds = [...line.matchAll(/\x1b\[48;5;(\d+)m/g)].map((m) => m[1]);
    // " L   L " is one painted run, " V " another.
    expect(backgrounds).toHaveLength(2);
    expect(backgrounds[1]).not.toBe(backgrounds[0]);
  });
});

describe('renderSolutionText, big boards', () => {
  it('fits a Calibron-sized board into 100 columns with narrow cells, sampling 2x4 blocks', () => {
    const text = renderSolutionText(calibron.puzzle, calibron.solution, { color: false });
    const lines = text.split('\n');
    expect(lines[2 * 14 + 1]).toBe('(scaled down: 1 square = 2x4 cells; --svg FILE draws every cell)');
    // Names are one character: no legend.
    expect(lines).toHaveLength(2 * 14 + 2);
    const rows = lines.slice(0, -1);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(100);
    // Each cell, at (2bx + 1, 2by + 1), shows the piece at its block's centre-ish cell (2bx, 4by + 1).
    for (let by = 0; by < 14; by++) {
      for (let bx = 0; bx < 28; bx++) expect(Array.from(rows[2 * by + 1]!)[2 * bx + 1]).toBe(calibronOwner(2 * bx, 4 * by + 1));
    }
    // Every one of the 12 pieces is still visible at this scale.
    expect(new Set(rows.join('').replace(/[^A-Z]/g, ''))).toEqual(new Set('ABCDEFGHIJKL'));
  });

  it('goes coarser for narrower limits, in colour too', () => {
    for (const maxWidth of [60, 40, 13]) {
      const text = renderSolutionText(calibron.puzzle, calibron.solution, { color: true, maxWidth });
      const k = Math.ceil(56 / Math.floor((maxWidth - 1) / 2));
      const lines = text.split('\n');
      const rows = 2 * Math.ceil(56 / (2 * k)) + 1;
      expect(lines.slice(rows).join(' ')).toBe(`(scaled down: 1 square = ${k}x${2 * k} cells; --svg FILE draws every cell)`);
      // Every line fits, the note too (wrapped); only a single word could pass a very narrow width.
      for (const line of lines) expect(width(line)).toBeLessThanOrEqual(Math.max(maxWidth, 'cells;'.length));
    }
  });

  it('never drops a small piece when it scales down: one no block centre falls on still shows', () => {
    // the Calibron-sized board with L (7x7) cut into a 1x1 piece, a 2x2 one and the rest
    const rects = calibronRects.filter(([name]) => name !== 'L');
    const small = puzzleOf('small pieces', rect(0, 0, 56, 56), [
      ...rects.map(([piece, x, y, w, h]) => ({ piece, cells: rect(x, y, w, h) })),
      { piece: 'M', cells: [[49, 49, 0]] as Cell[] },
      { piece: 'N', cells: rect(50, 49, 2, 2) },
      { piece: 'L', cells: rect(49, 49, 7, 7).filter(([x, y]) => !(x === 49 && y === 49) && !(x >= 50 && x < 52 && y < 51)) },
    ]);
    for (const maxWidth of [100, 60, 40]) {
      const text = renderSolutionText(small.puzzle, small.solution, { color: false, maxWidth });
      const picture = text.split('\n').filter((line) => line.startsWith('│') || line.startsWith('├') || line.startsWith('┌') || line.startsWith('└'));
      expect(new Set(picture.join('').replace(/[^A-Z]/g, '')), `width ${maxWidth}`).toEqual(new Set('ABCDEFGHIJKLMN'));
    }
  });

  it('uses narrow cells before scaling, and does not scale a board that fits', () => {
    const board = puzzleOf('40 wide', rect(0, 0, 40, 1), [{ piece: 'I', cells: rect(0, 0, 40, 1) }]);
    const text = renderSolutionText(board.puzzle, board.solution, { color: false });
    expect(text.split('\n')).toEqual([`┌${'─'.repeat(79)}┐`, `│${Array(40).fill('I').join(' ')}│`, `└${'─'.repeat(79)}┘`]);
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
      ['z=0        z=1', '┌───────┐  ┌───────┐', '│ A   A │  │ B   B │', '│       │  │       │', '│ A   A │  │ B   B │', '└───────┘  └───────┘'].join('\n'),
    );
  });

  it('wraps layers to further rows when they would pass maxWidth', () => {
    expect(renderSolutionText(cube.puzzle, cube.solution, { color: false, maxWidth: 12 }).split('\n').filter((l) => l.startsWith('z='))).toEqual(['z=0', 'z=1']);
  });

  it('lines up coloured layers like plain ones', () => {
    // Layer 0 has a hole at its right end, so padding must make up the width.
    const board = [...rect(0, 0, 3, 1, 0).slice(0, 2), ...rect(0, 0, 3, 1, 1)];
    const p = puzzleOf('steps', board, [
      { piece: 'S', cells: [[0, 0, 0], [1, 0, 0], [0, 0, 1]] },
      { piece: 'T', cells: [[1, 0, 1], [2, 0, 1]] },
    ], 3);
    const plain = renderSolutionText(p.puzzle, p.solution, { color: false });
    expect(plain).toBe(['z=0            z=1', '┌───────┐      ┌───┬───────┐', '│ S   S │      │ S │ T   T │', '└───────┘      └───┴───────┘'].join('\n'));
    expect(trimLines(strip(renderSolutionText(p.puzzle, p.solution, { color: true })))).toBe(plain);
  });

  it('keeps every line of a 10-layer stack within the width', () => {
    const layers = Array.from({ length: 10 }, (_, z) => rect(0, 0, 7, 3, z));
    const p = puzzleOf('tower', layers.flat(), layers.map((cells, z) => ({ piece: `p${z}`, cells })), 3);
    const text = renderSolutionText(p.puzzle, p.solution, { color: true, maxWidth: 70 });
    for (const line of text.split('\n')) expect(width(line)).toBeLessThanOrEqual(70);
    // Layers are 29 wide with a gap of 2: two layers to a row, five rows.
    expect(strip(text).split('\n').filter((l) => l.startsWith('z='))).toHaveLength(5);
    // The pieces' names are longer than a cell: a legend follows.
    expect(strip(text)).toContain('p = p0');
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
    expect(lines[28]).toBe('(scaled down: 1 square = 2x2 cells)');
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

describe('pieces placed before, cells that may stay empty, colours and highlights', () => {
  /** The small tiling with L placed before the search (`given`), as solve returns it. */
  const givenL: Solution = { placements: [{ ...small.solution.placements[0]!, given: true }, small.solution.placements[1]!] };
  const backgroundOf = (picture: string, line: number, column: number): string | undefined => {
    // the last background code before the column-th visible character of the line
    let seen = 0;
    let last: string | undefined;
    const text = picture.split('\n')[line]!;
    for (let i = 0; i < text.length; ) {
      const code = /^\x1b\[([0-9;]*)m/.exec(text.slice(i));
      if (code) {
        const bg = /48;5;(\d+)/.exec(code[1]!);
        if (bg) last = bg[1];
        if (code[1] === '39;49' || code[1] === '49') last = undefined;
        i += code[0].length;
        continue;
      }
      if (seen === column) return last;
      seen++;
      i += Array.from(text.slice(i))[0]!.length;
    }
    return undefined;
  };

  it('shades the pieces placed before without colour, and names them in a legend', () => {
    const text = renderSolutionText(small.puzzle, givenL, { color: false });
    expect(text).toBe(
      ['┌───────┬───┐', '│░L░░░L░│ V │', '│░░░┌───┘   │', '│░L░│ V   V │', '└───┴───────┘', '', 'placed before (░): L'].join('\n'),
    );
    // the same tiling, all the solver's: no shading, no legend
    expect(renderSolutionText(small.puzzle, small.solution, { color: false })).not.toMatch(/░|placed before/);
  });

  it('paints the pieces placed before faded: another background than the same piece placed by the solver', () => {
    const solver = renderSolutionText(small.puzzle, small.solution, { color: true });
    const given = renderSolutionText(small.puzzle, givenL, { color: true });
    // row 1, column 2: L's first cell; column 10: V's
    expect(backgroundOf(given, 1, 2)).toBeDefined();
    expect(backgroundOf(given, 1, 2)).not.toBe(backgroundOf(solver, 1, 2));
    expect(backgroundOf(given, 1, 10)).toBe(backgroundOf(solver, 1, 10));
    expect(trimLines(strip(given))).toBe(renderSolutionText(small.puzzle, givenL, { color: false }));
  });

  it("paints a piece in its own colour, the nearest xterm colour to the file's", () => {
    const puzzle: Puzzle = { ...small.puzzle, pieces: small.puzzle.pieces.map((p) => (p.name === 'V' ? { ...p, color: 'rgb(255, 0, 0)' } : p)) };
    const text = renderSolutionText(puzzle, small.solution, { color: true });
    expect(backgroundOf(text, 1, 10)).toBe('196');
    // L keeps clear of red
    expect(backgroundOf(text, 1, 2)).not.toBe('196');
  });

  it("marks cells left empty that may stay empty with '+', those that must be covered with '.', and leaves holes blank", () => {
    // A 4x1 strip with a hole at x = 4 and a cell at x = 5: the domino covers 0-1, cell 2 may stay empty.
    const board: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [5, 0, 0]];
    const puzzle: Puzzle = { name: 'strip', dims: 2, board, mirror: true, optional: [[2, 0, 0], [5, 0, 0]], pieces: [{ name: 'D', shape: rect(0, 0, 2, 1), count: 1, mirror: true }] };
    const solution: Solution = { placements: [{ piece: 'D', cells: rect(0, 0, 2, 1) }] };
    const text = renderSolutionText(puzzle, solution, { color: false });
    expect(labelsOf(text.split('\n\n')[0]!)).toEqual(['DD+. +']);
    expect(text.split('\n').at(-1)).toBe('+ may stay empty');
    const coloured = renderSolutionText(puzzle, solution, { color: true });
    expect(trimLines(strip(coloured))).toBe(text);
    // an empty cell is painted (a board cell), unlike the hole; the two kinds of empty cell differ
    expect(backgroundOf(coloured, 1, 10)).toBeDefined();
    expect(backgroundOf(coloured, 1, 14)).toBeDefined();
    expect(backgroundOf(coloured, 1, 10)).not.toBe(backgroundOf(coloured, 1, 14));
    expect(backgroundOf(coloured, 1, 18)).toBeUndefined();
  });

  it('draws highlighted placements with heavy lines and names them in the legend', () => {
    const text = renderSolutionText(small.puzzle, givenL, { color: false, highlight: new Set([1]), highlightName: 'hint' });
    expect(text).toBe(
      ['┌───────┲━━━┓', '│░L░░░L░┃ V ┃', '│░░░┏━━━┛   ┃', '│░L░┃ V   V ┃', '└───┺━━━━━━━┛', '', 'placed before (░): L', 'hint (heavy outline): V'].join('\n'),
    );
    // in colour, the highlighted label is bold; stripped, the same picture
    const coloured = renderSolutionText(small.puzzle, givenL, { color: true, highlight: [1], highlightName: 'hint' });
    expect(coloured).toContain('\x1b[1m');
    expect(renderSolutionText(small.puzzle, givenL, { color: true })).not.toContain('\x1b[1m');
    expect(trimLines(strip(coloured))).toBe(text);
    // indices that name no placement are ignored; the legend says "highlighted" unless told otherwise
    expect(renderSolutionText(small.puzzle, small.solution, { color: false, highlight: [5, -1] })).toBe(renderSolutionText(small.puzzle, small.solution, { color: false }));
    expect(renderSolutionText(small.puzzle, small.solution, { color: false, highlight: [0] })).toContain('highlighted (heavy outline): L');
  });

  it('draws a highlighted piece placed before in its full colour, still shaded, named in both legend lines', () => {
    const text = renderSolutionText(small.puzzle, givenL, { color: false, highlight: [0], highlightName: 'take off' });
    expect(text.split('\n').slice(0, 2)).toEqual(['┏━━━━━━━┱───┐', '┃░L░░░L░┃ V │']);
    expect(text.split('\n').slice(-2)).toEqual(['placed before (░): L', 'take off (heavy outline): L']);
    const coloured = renderSolutionText(small.puzzle, givenL, { color: true, highlight: [0] });
    expect(backgroundOf(coloured, 1, 2)).toBe(backgroundOf(renderSolutionText(small.puzzle, small.solution, { color: true }), 1, 2));
  });

  it('does all of it layer by layer in 3-D', () => {
    // A 2x1x2 stack: A (placed before) below, B (highlighted) above, one cell of each layer may stay empty.
    const board = [...rect(0, 0, 3, 1, 0), ...rect(0, 0, 3, 1, 1)];
    const puzzle: Puzzle = {
      name: 'stack', dims: 3, board, mirror: false, optional: [[2, 0, 0], [2, 0, 1]],
      pieces: [{ name: 'A', shape: rect(0, 0, 2, 1), count: 1, mirror: false, color: 'navy' }, { name: 'B', shape: rect(0, 0, 2, 1), count: 1, mirror: false }],
    };
    const solution: Solution = { placements: [{ piece: 'A', cells: rect(0, 0, 2, 1, 0), given: true }, { piece: 'B', cells: rect(0, 0, 2, 1, 1) }] };
    const text = renderSolutionText(puzzle, solution, { color: false, highlight: [1] });
    expect(text).toBe(
      ['z=0            z=1', '┌───────┬───┐  ┏━━━━━━━┱───┐', '│░A░░░A░│ + │  ┃ B   B ┃ + │', '└───────┴───┘  ┗━━━━━━━┹───┘', '', 'placed before (░): A', 'highlighted (heavy outline): B', '+ may stay empty'].join('\n'),
    );
    expect(trimLines(strip(renderSolutionText(puzzle, solution, { color: true, highlight: [1] })))).toBe(text);
  });
});

describe('renderBoardText, with pieces placed and cells that may stay empty', () => {
  const board = rect(0, 0, 4, 2);
  const puzzle: Puzzle = {
    name: 'half', dims: 2, board, mirror: true, optional: [[3, 1, 0]],
    pieces: [{ name: 'L', shape: normalize([[0, 0, 0], [0, 1, 0], [1, 1, 0]]), count: 1, mirror: true, color: 'teal' }, { name: 'long-one', shape: rect(0, 0, 2, 1), count: 2, mirror: true }],
    placed: [{ piece: 'L', cells: [[0, 0, 0], [0, 1, 0], [1, 1, 0]] }, { piece: 'long-one', cells: [[2, 0, 0], [3, 0, 0]] }],
  };

  it("draws the placed pieces' labels on their cells and '+' on cells that may stay empty, with a legend", () => {
    expect(renderBoardText(puzzle, { color: false })).toBe(['L # l l', 'L L # +', 'placed before: L, l = long-one   + may stay empty'].join('\n'));
  });

  it('paints the placed pieces faded in their colours and the cells that may stay empty lighter', () => {
    const coloured = renderBoardText(puzzle, { color: true });
    expect(trimLines(strip(coloured))).toBe(renderBoardText(puzzle, { color: false }));
    const codes = (line: string): string[] => [...line.matchAll(/\x1b\[48;5;(\d+)m/g)].map((m) => m[1]!);
    const [l, cell, other] = codes(coloured.split('\n')[0]!);
    // L (teal, faded), a board cell, long-one: three different backgrounds
    expect(new Set([l, cell, other]).size).toBe(3);
    expect(l).not.toBe('30'); // teal itself is 30: placed pieces are faded
    const second = codes(coloured.split('\n')[1]!);
    expect(second.at(-1)).not.toBe(cell);
  });
});
