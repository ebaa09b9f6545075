import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey, normalize } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { renderSolutionSvg, roomForText, textWidthEms, wrapText } from './svg.js';
import { PALETTE } from './palette.js';
import { xmlProblems } from '../test-support/xml.js';
import { parsePuzzle } from '../puzzle/format.js';
import { solve } from '../search/solve.js';

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

function fromArt(rows: string[]): { puzzle: Puzzle; solution: Solution } {
  const byPiece = new Map<string, Cell[]>();
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === '.') return;
    const list = byPiece.get(ch) ?? [];
    list.push([x, y, 0]);
    byPiece.set(ch, list);
  }));
  const board = [...byPiece.values()].flat();
  return puzzleOf('art', board, [...byPiece.entries()].map(([piece, cells]) => ({ piece, cells })));
}

/** Fill colour per placed piece name, read back from the SVG. */
function fills(svg: string): Map<string, string> {
  return new Map([...svg.matchAll(/<g class="piece" data-piece="([^"]*)" fill="(#[0-9a-f]{6})">/g)].map((m) => [m[1]!, m[2]!]));
}

describe('renderSolutionSvg', () => {
  it('(the well-formedness check catches what it should)', () => {
    expect(xmlProblems('<svg><g></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg>a & b</svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><text x="<">a</text></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg/><svg/>')).not.toEqual([]);
    expect(xmlProblems('<?xml version="1.0"?>\n<svg a="1"><g><rect/></g>&amp;</svg>\n')).toEqual([]);
  });

  it('is well-formed XML with a viewBox, one label per placed piece', () => {
    const { puzzle, solution } = fromArt(['FFPP.', 'FFPPP', 'F.VVV', '..V..']);
    const svg = renderSolutionSvg(puzzle, solution);
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*viewBox="0 0 [\d.]+ [\d.]+"/);
    const labels = [...svg.matchAll(/<text class="label"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(labels.sort()).toEqual(['F', 'P', 'V']);
  });

  it('puts each label on the centre-most cell of its piece', () => {
    // The X pentomino: its centre-most cell is the middle one, (1,1).
    const { puzzle, solution } = fromArt(['.X.', 'XXX', '.X.']);
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 10 });
    // margin 5, cell (1,1) spans 15..25, centre 20.
    expect(svg).toMatch(/<text class="label" x="20" y="20"[^>]*>X<\/text>/);
  });

  it('escapes names and titles', () => {
    const { puzzle, solution } = puzzleOf('a & b', rect(0, 0, 2, 1), [
      { piece: '<', cells: [[0, 0, 0]] },
      { piece: 'x"&\'y', cells: [[1, 0, 0]] },
    ]);
    const svg = renderSolutionSvg(puzzle, solution, { title: '<Tom & "Jerry">' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain('<title>&lt;Tom &amp; &quot;Jerry&quot;&gt;</title>');
    expect(svg).toContain('data-piece="x&quot;&amp;&apos;y"');
    expect(svg).toMatch(/>&lt;<\/text>/);
    expect(renderSolutionSvg(puzzle, solution)).toContain('<title>a &amp; b</title>');
  });

  it('draws thick outlines only between pieces and at the board edge, thin lines inside pieces', () => {
    // Two dominoes side by side in a 2x2 square, cell size 10, margin 5.
    const { puzzle, solution } = puzzleOf('2x2', rect(0, 0, 2, 2), [
      { piece: 'A', cells: [[0, 0, 0], [0, 1, 0]] },
      { piece: 'B', cells: [[1, 0, 0], [1, 1, 0]] },
    ]);
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 10 });
    const path = (cls: string): string => svg.match(new RegExp(`<path class="${cls}" d="([^"]*)"`))![1]!;
    // Inside each domino: the horizontal edge at y = 15, as one run across both columns.
    expect(path('grid')).toBe('M5 15H25');
    // Outline: top and bottom edges, then the left edge, the edge between the pieces, the right edge.
    expect(path('outline')).toBe('M5 5H25M5 25H25M5 5V25M15 5V25M25 5V25');
  });

  it('never gives touching pieces the same colour', () => {
    // An 8x8 brick wall: 36 bricks (dominoes, with a monomino at each end of the odd rows), more than the
    // 16 colours, each brick touching up to six others.
    const bricks: { piece: string; cells: Cell[] }[] = [];
    for (let y = 0; y < 8; y++) {
      if (y % 2 === 1) bricks.push({ piece: `m${y}a`, cells: [[0, y, 0]] }, { piece: `m${y}b`, cells: [[7, y, 0]] });
      for (let x = y % 2; x + 1 < 8; x += 2) bricks.push({ piece: `d${x},${y}`, cells: [[x, y, 0], [x + 1, y, 0]] });
    }
    const { puzzle, solution } = puzzleOf('bricks', rect(0, 0, 8, 8), bricks);
    expect(solution.placements).toHaveLength(36);
    const svg = renderSolutionSvg(puzzle, solution);
    const colour = fills(svg);
    expect(colour.size).toBe(solution.placements.length);
    for (const c of colour.values()) expect(PALETTE.map((p) => p.hex)).toContain(c);
    const owner = new Map<string, string>();
    for (const p of solution.placements) for (const c of p.cells) owner.set(`${c[0]},${c[1]}`, p.piece);
    let touching = 0;
    for (const [key, piece] of owner) {
      const [x, y] = key.split(',').map(Number);
      for (const n of [`${x! + 1},${y}`, `${x},${y! + 1}`]) {
        const other = owner.get(n);
        if (other !== undefined && other !== piece) {
          touching++;
          expect(colour.get(other), `${piece} touches ${other}`).not.toBe(colour.get(piece));
        }
      }
    }
    expect(touching).toBeGreaterThan(60);
  });

  it('sets 3-D layers side by side with captions, labelling each layer of a piece', () => {
    // 2x2x2 cube: A is an L tromino in layer 0 plus the cube above its corner; B the rest.
    const { puzzle, solution } = puzzleOf('cube', [...rect(0, 0, 2, 2, 0), ...rect(0, 0, 2, 2, 1)], [
      { piece: 'A', cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]] },
      { piece: 'B', cells: [[1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 1, 1]] },
    ], 3);
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 10 });
    expect(xmlProblems(svg)).toEqual([]);
    expect([...svg.matchAll(/<text class="caption"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['z = 0', 'z = 1']);
    // Width: margins 5 + 5, two layers of 20, one cell of gap.
    expect(svg).toContain('viewBox="0 0 60 ');
    expect([...svg.matchAll(/<text class="label"[^>]*>([^<]*)</g)].map((m) => m[1]).sort()).toEqual(['A', 'A', 'B', 'B']);
    // A's part in layer 0 is the L tromino (0,0),(1,0),(0,1): labelled at (0,0), centre (10, 10).
    expect(svg).toMatch(/<text class="label" x="10" y="10"[^>]*>A</);
    // Layer 1 starts at x = 5 + 20 + 10 = 35; B's part there is (1,0),(0,1),(1,1): labelled at (1,1).
    expect(svg).toMatch(/<text class="label" x="50" y="20"[^>]*>B</);
  });

  it('leaves holes undrawn and shades uncovered board cells', () => {
    const { puzzle } = fromArt(['AA', 'A.']);
    const svg = renderSolutionSvg({ ...puzzle, board: [...puzzle.board, [1, 1, 0], [3, 0, 0]] }, { placements: [] }, { cellSize: 10 });
    expect(xmlProblems(svg)).toEqual([]);
    const uncovered = svg.match(/<g class="uncovered"[^>]*>([\s\S]*?)<\/g>/)![1]!;
    // The 2x2 block at the left is one rectangle; (2,0) is a hole; (3,0) is a single cell.
    expect(uncovered.trim().split('\n')).toEqual(['<rect x="5" y="5" width="20" height="20"/>', '<rect x="35" y="5" width="10" height="10"/>']);
    expect(svg).not.toContain('class="label"');
  });

  it('outlines every placement, so that touching copies of one piece are told apart', () => {
    // Two copies of the domino D side by side in a 4x1 board, cell size 10, margin 5.
    const { puzzle, solution } = puzzleOf('dd', rect(0, 0, 4, 1), [
      { piece: 'D', cells: rect(0, 0, 2, 1) },
      { piece: 'D', cells: rect(2, 0, 2, 1) },
    ]);
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 10 });
    const outline = svg.match(/<path class="outline" d="([^"]*)"/)![1]!;
    // The edge between the copies, at x = 25, is an outline; the one inside each copy is a grid line.
    expect(outline).toContain('M25 5V15');
    expect(svg.match(/<path class="grid" d="([^"]*)"/)![1]).toBe('M15 5V15M35 5V15');
    expect([...fills(svg).values()]).toHaveLength(1);
    expect([...svg.matchAll(/<g class="piece" data-piece="D" fill="(#[0-9a-f]{6})">/g)].map((m) => m[1])).toHaveLength(2);
  });

  it('keeps the empty rows and columns before the board, as the coordinates of the file have them', () => {
    const { puzzle, solution } = puzzleOf('shifted', rect(1, 1, 2, 1), [{ piece: 'A', cells: rect(1, 1, 2, 1) }]);
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 10 });
    // The piece's rectangle starts one cell in from the margin on both axes; the picture is 3 cells wide.
    expect(svg).toContain('<rect x="15" y="15" width="20" height="10"/>');
    expect(svg).toContain('viewBox="0 0 40 30"');
  });

  it('writes names that fit inside their pieces, and otherwise labels with a legend', () => {
    // A 6x3 rectangle named 21x14 (wide enough for its name) beside a 1x3 bar named long-bar (not).
    const { puzzle, solution } = puzzleOf('names', rect(0, 0, 7, 3), [
      { piece: '21x14', cells: rect(0, 0, 6, 3) },
      { piece: 'long-bar', cells: rect(6, 0, 1, 3) },
    ]);
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 20 });
    expect(xmlProblems(svg)).toEqual([]);
    const labels = [...svg.matchAll(/<text class="label"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(labels).toEqual(['21x14', 'l']);
    const legend = [...svg.matchAll(/<text class="legend"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(legend).toEqual(['l = long-bar']);
    // A piece whose name fits in one copy (lying) but not in another (standing) is written one way: by its label.
    const copies = puzzleOf('copies', rect(0, 0, 4, 3), [
      { piece: 'bar', cells: rect(0, 0, 3, 1) },
      { piece: 'bar', cells: rect(3, 0, 1, 3) },
      { piece: 'rest', cells: rect(0, 1, 3, 2) },
    ]);
    const copyLabels = [...renderSolutionSvg(copies.puzzle, copies.solution, { cellSize: 20 }).matchAll(/<text class="label"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(copyLabels).toEqual(['b', 'b', 'rest']);
    // With one-letter names, no legend.
    const plain = fromArt(['FFPP.', 'FFPPP', 'F.VVV', '..V..']);
    expect(renderSolutionSvg(plain.puzzle, plain.solution)).not.toContain('class="legend"');
  });

  it('never clips the title: a long one widens the picture, a longer one wraps', () => {
    const { puzzle, solution } = fromArt(['AB']);
    const cellSize = 20;
    const headingSize = cellSize * 0.8;
    const widthOf = (svg: string): number => Number(svg.match(/<svg [^>]*width="([\d.]+)"/)![1]);
    const headings = (svg: string): string[] => [...svg.matchAll(/<text class="heading"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    for (const title of ['Pentominoes 6x10', 'Twelve pentominoes and a square tetromino in an eight-by-eight square, with WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW']) {
      const svg = renderSolutionSvg(puzzle, solution, { cellSize, title });
      expect(xmlProblems(svg)).toEqual([]);
      const lines = headings(svg);
      // Nothing is lost (a word too long for a line is split inside).
      expect(lines.join('').replace(/ /g, '')).toBe(title.replace(/ /g, ''));
      // Every line, as wide as a generous estimate says, fits inside the margins of the picture.
      for (const line of lines) expect(textWidthEms(line) * headingSize).toBeLessThanOrEqual(widthOf(svg) - cellSize);
    }
    expect(headings(renderSolutionSvg(puzzle, solution, { cellSize, title: 'Pentominoes 6x10' }))).toHaveLength(1);
    expect(headings(renderSolutionSvg(puzzle, solution, { cellSize, title: 'x'.repeat(200) })).length).toBeGreaterThan(3);
    // The board is centred in the wider picture.
    const svg = renderSolutionSvg(puzzle, solution, { cellSize, title: 'Pentominoes 6x10' });
    const x = Number(svg.match(/<g class="piece"[^>]*>\n<title>[^<]*<\/title>\n<rect x="([\d.]+)"/)![1]);
    expect(x + 20 + 20 + x).toBeCloseTo(widthOf(svg), 5);
  });

  it('scales with the cell size', () => {
    const { puzzle, solution } = fromArt(['AB']);
    expect(renderSolutionSvg(puzzle, solution, { cellSize: 10 })).toContain('viewBox="0 0 30 20"');
    expect(renderSolutionSvg(puzzle, solution, { cellSize: 50 })).toContain('viewBox="0 0 150 100"');
  });
});

describe('textWidthEms and wrapText', () => {
  it('estimates at least the advance widths of DejaVu Sans', () => {
    // Advance widths of DejaVu Sans, in ems (from its hmtx table).
    const dejavu: [string, number][] = [['W', 0.989], ['M', 0.863], ['m', 0.974], ['@', 1], ['%', 0.95], ['+', 0.838], ['O', 0.787], ['0', 0.636], ['a', 0.613], ['i', 0.278], [' ', 0.318], ['!', 0.401]];
    for (const [ch, ems] of dejavu) expect(textWidthEms(ch), ch).toBeGreaterThanOrEqual(ems);
    expect(textWidthEms('日本')).toBe(2);
  });

  it('wraps at spaces, and inside a word only when the word is too long', () => {
    expect(wrapText('one two three', 5)).toEqual(['one two', 'three']);
    const long = wrapText('x'.repeat(30), 5);
    expect(long.join('')).toBe('x'.repeat(30));
    for (const line of long) expect(textWidthEms(line)).toBeLessThanOrEqual(5);
  });
});

describe('renderSolutionSvg: pieces placed before, colours, cells that may stay empty, highlights', () => {
  // Two dominoes side by side in a 2x2 square, cell size 10, margin 5; A was placed before the search.
  const square = puzzleOf('2x2', rect(0, 0, 2, 2), [
    { piece: 'A', cells: [[0, 0, 0], [0, 1, 0]] },
    { piece: 'B', cells: [[1, 0, 0], [1, 1, 0]] },
  ]);
  const withGivenA: Solution = { placements: [{ ...square.solution.placements[0]!, given: true }, square.solution.placements[1]!] };
  const group = (svg: string, piece: string): string => svg.match(new RegExp(`<g class="[^"]*" data-piece="${piece}"[\\s\\S]*?</g>\\n(?!<rect)`))![0];
  const path = (svg: string, cls: string): string | undefined => svg.match(new RegExp(`<path class="${cls}" d="([^"]*)"`))?.[1];
  // A legend line wider than the board centres the board: x as though the board started at the margin (5).
  const left = (svg: string): number => Number(svg.match(/data-piece="A"[^>]*>\n<title>[^<]*<\/title>\n<rect x="([\d.]+)"/)![1]) - 5;
  const fromMargin = (svg: string, d: string | undefined): string | undefined =>
    d?.replace(/([MH])([\d.]+)/g, (_, op: string, x: string) => `${op}${Math.round((Number(x) - left(svg)) * 100) / 100}`);
  const rects = (svg: string, cls: string): string[] =>
    svg.match(new RegExp(`<g class="${cls}"[^>]*>([\\s\\S]*?)</g>`))![1]!.trim().split('\n').map((r) => r.replace(/x="([\d.]+)"/, (_, x: string) => `x="${Math.round((Number(x) - left(svg)) * 100) / 100}"`));

  it('fills a piece placed before faded and hatched, outlines it in grey where no piece of the solver touches it, and says so in the legend', () => {
    const plain = renderSolutionSvg(square.puzzle, square.solution, { cellSize: 10 });
    const svg = renderSolutionSvg(square.puzzle, withGivenA, { cellSize: 10 });
    expect(xmlProblems(svg)).toEqual([]);
    const fillA = fills(plain).get('A')!;
    const given = group(svg, 'A');
    expect(given).toMatch(/^<g class="piece given" data-piece="A" fill="(#[0-9a-f]{6})">/);
    const faded = given.match(/fill="(#[0-9a-f]{6})"/)![1]!;
    expect(faded).not.toBe(fillA);
    // lighter: every channel at least as high
    for (const i of [1, 3, 5]) expect(parseInt(faded.slice(i, i + 2), 16)).toBeGreaterThanOrEqual(parseInt(fillA.slice(i, i + 2), 16));
    expect(given).toContain('fill="url(#snug-placed-before)"');
    expect(svg).toContain('<pattern id="snug-placed-before"');
    expect(plain).not.toContain('snug-placed-before');
    // the solver's piece is drawn as before
    expect(fills(svg).get('B')).toBe(fills(plain).get('B'));
    // A's edges on the board's edge are grey; the edge between A and B stays black
    expect(fromMargin(svg, path(svg, 'outline-given'))).toBe('M5 5H15M5 25H15M5 5V25');
    expect(fromMargin(svg, path(svg, 'outline'))).toBe('M15 5H25M15 25H25M15 5V25M25 5V25');
    expect(path(plain, 'outline-given')).toBeUndefined();
    expect(svg).toMatch(/<g class="legend-mark" data-mark="given">[\s\S]*?<text class="legend"[^>]*>placed before: A<\/text>/);
  });

  it("fills a piece with its own colour as the file writes it, and the rest from the palette", () => {
    const puzzle: Puzzle = { ...square.puzzle, pieces: square.puzzle.pieces.map((p) => (p.name === 'A' ? { ...p, color: 'hsl(50, 90%, 55%)' } : { ...p, color: 'no-such-colour' })) };
    const svg = renderSolutionSvg(puzzle, square.solution);
    expect(svg).toContain('<g class="piece" data-piece="A" fill="hsl(50, 90%, 55%)">');
    expect(PALETTE.map((c) => c.hex)).toContain(fills(svg).get('B'));
  });

  it('draws cells that may stay empty, left empty, lighter than uncovered cells and marked with a +, and holes not at all', () => {
    // Row: A covers (0,0); (1,0) may stay empty; (2,0) is a hole; (3,0) must be covered (a partial solution).
    const board: Cell[] = [[0, 0, 0], [1, 0, 0], [3, 0, 0]];
    const puzzle: Puzzle = { name: 'row', dims: 2, board, mirror: true, optional: [[1, 0, 0]], pieces: [{ name: 'A', shape: [[0, 0, 0]], count: 1, mirror: true }] };
    const svg = renderSolutionSvg(puzzle, { placements: [{ piece: 'A', cells: [[0, 0, 0]] }] }, { cellSize: 10 });
    expect(xmlProblems(svg)).toEqual([]);
    expect(rects(svg, 'empty')).toEqual(['<rect x="15" y="5" width="10" height="10"/>']);
    expect(rects(svg, 'uncovered')).toEqual(['<rect x="35" y="5" width="10" height="10"/>']);
    // a plus on the empty cell, centred at (20, 10)
    expect(fromMargin(svg, path(svg, 'empty-mark'))).toBe('M18.33 10H21.67M20 8.33V11.67');
    expect(svg).toMatch(/data-mark="empty"[\s\S]*?may stay empty<\/text>/);
    // nothing drawn at the hole, x 25..35: the cells drawn are A's, the empty one and the uncovered one
    expect(svg.match(/<rect x="[^>]*width="10" height="10"\/>/g)).toHaveLength(3);
  });

  it('outlines highlighted placements thickly with a bright band inside, labels them in bold and names them in the legend', () => {
    const svg = renderSolutionSvg(square.puzzle, withGivenA, { cellSize: 10, highlight: new Set([1]), highlightName: 'hint' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(group(svg, 'B')).toMatch(/^<g class="piece highlight" data-piece="B"/);
    // B's whole outline, and only it, is drawn highlighted
    expect(fromMargin(svg, path(svg, 'outline-highlight'))).toBe('M15 5H25M15 25H25M15 5V25M25 5V25');
    expect(path(svg, 'outline')).toBeUndefined();
    expect(rects(svg.replace('<clipPath id="snug-highlighted">', '<g class="clip">').replace('</clipPath>', '</g>'), 'clip')).toEqual(['<rect x="15" y="5" width="10" height="20"/>']);
    expect(svg).toContain('clip-path="url(#snug-highlighted)"');
    expect(svg).toMatch(/<text class="label"[^>]*font-weight="bold">B<\/text>/);
    expect(svg).not.toMatch(/font-weight="bold">A</);
    expect(svg).toMatch(/data-mark="highlight"[\s\S]*?>hint: B<\/text>/);
    // without the option, none of it
    const plain = renderSolutionSvg(square.puzzle, withGivenA, { cellSize: 10 });
    expect(plain).not.toMatch(/highlight|font-weight/);
  });

  it('draws a highlighted piece placed before in its full colour, still hatched, named in both legend lines', () => {
    const svg = renderSolutionSvg(square.puzzle, withGivenA, { cellSize: 10, highlight: [0], highlightName: 'take off' });
    expect(xmlProblems(svg)).toEqual([]);
    const a = group(svg, 'A');
    expect(a).toMatch(/^<g class="piece given highlight" data-piece="A"/);
    expect(a.match(/fill="(#[0-9a-f]{6})"/)![1]).toBe(fills(renderSolutionSvg(square.puzzle, square.solution, { cellSize: 10 })).get('A'));
    expect(a).toContain('fill="url(#snug-placed-before)"');
    expect(svg).toMatch(/>placed before: A<\/text>/);
    expect(svg).toMatch(/>take off: A<\/text>/);
  });

  it('does all of it in 3-D, layer by layer', () => {
    const board = [...rect(0, 0, 3, 1, 0), ...rect(0, 0, 3, 1, 1)];
    const puzzle: Puzzle = {
      name: 'stack', dims: 3, board, mirror: false, optional: [[2, 0, 0], [2, 0, 1]],
      pieces: [{ name: 'A', shape: rect(0, 0, 2, 1), count: 1, mirror: false, color: 'navy' }, { name: 'B', shape: rect(0, 0, 2, 1), count: 1, mirror: false }],
    };
    const solution: Solution = { placements: [{ piece: 'A', cells: rect(0, 0, 2, 1, 0), given: true }, { piece: 'B', cells: rect(0, 0, 2, 1, 1) }] };
    const svg = renderSolutionSvg(puzzle, solution, { cellSize: 10, highlight: [1] });
    expect(xmlProblems(svg)).toEqual([]);
    expect([...svg.matchAll(/<text class="caption"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['z = 0', 'z = 1']);
    // layer 0 from x = 5, layer 1 from x = 5 + 30 + 10 = 45: one empty cell in each
    expect(rects(svg, 'empty')).toEqual(['<rect x="25" y="5" width="10" height="10"/>', '<rect x="65" y="5" width="10" height="10"/>']);
    expect(group(svg, 'A')).toMatch(/^<g class="piece given" data-piece="A" fill="#[0-9a-f]{6}">/);
    expect(fromMargin(svg, path(svg, 'outline-highlight'))).toBe('M45 5H65M45 15H65M45 5V15M65 5V15');
    expect([...svg.matchAll(/data-mark="(\w+)"/g)].map((m) => m[1])).toEqual(['given', 'highlight', 'empty']);
  });
});

describe('roomForText', () => {
  // the definition, walked cell by cell (as it was written before it was made linear)
  const byWalking = (part: readonly Cell[], ems: number, fontCells: number): Cell[] => {
    const keys = new Set(part.map(cellKey));
    const has = (x: number, y: number, z: number): boolean => keys.has(`${x},${y},${z}`);
    return part.filter(([x, y, z]) => {
      let reach = 0;
      while (has(x - reach - 1, y, z) && has(x + reach + 1, y, z)) reach++;
      return 2 * reach + 1 >= ems * fontCells + 0.4;
    });
  };
  it('finds a cell where a run of the part reaches far enough both ways, or none, as walking cell by cell does', () => {
    const cell = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 1 }));
    fc.assert(fc.property(fc.uniqueArray(cell, { minLength: 1, maxLength: 40, selector: (c) => c.join(',') }), fc.double({ min: 0.5, max: 8, noNaN: true }), (part, ems) => {
      const cells = part as unknown as Cell[];
      const found = roomForText(cells, ems, 0.6);
      const fits = byWalking(cells, ems, 0.6);
      if (fits.length === 0) {
        expect(found).toBeUndefined();
        return;
      }
      // the one nearest the part's mean; ties to the first in reading order (z, y, x)
      const mean = [0, 1, 2].map((i) => cells.reduce((s, c) => s + c[i]!, 0) / cells.length);
      const distance = (c: Cell): number => (c[0] - mean[0]!) ** 2 + (c[1] - mean[1]!) ** 2 + (c[2] - mean[2]!) ** 2;
      const best = [...fits].sort((a, b) => distance(a) - distance(b) || a[2] - b[2] || a[1] - b[1] || a[0] - b[0])[0]!;
      expect(distance(found!)).toBeCloseTo(distance(best), 9);
      expect(fits.map(cellKey)).toContain(cellKey(found!));
    }));
  });
});

describe('renderSolutionSvg: large rectangles drawn as blocks', () => {
  // a 6x6 square of a 6x3 block, a 3x3 block, and five little pieces (a domino, a 1x3 bar, a V, ...)
  const block = (name: string, x0: number, y0: number, w: number, h: number) => {
    const cells: Cell[] = [];
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push([x, y, 0]);
    return { piece: name, cells };
  };
  const placements = [
    block('Wide', 0, 0, 6, 3),
    block('Sq', 0, 3, 3, 3),
    block('Bar', 3, 3, 1, 3),
    block('Dom', 4, 3, 2, 1),
    { piece: 'Vee', cells: [[4, 4, 0], [5, 4, 0], [4, 5, 0]] as Cell[] },
    block('One', 5, 5, 1, 1),
  ];
  const puzzle: Puzzle = {
    name: 'blocks', dims: 2, mirror: true, board: placements.flatMap((p) => p.cells),
    pieces: placements.map((p) => ({ name: p.piece, shape: normalize(p.cells), count: 1, mirror: true })),
  };
  const svg = renderSolutionSvg(puzzle, { placements }, { cellSize: 20 });
  const gridPath = /<path class="grid" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const label = (name: string) => {
    const m = new RegExp(`<text class="label" x="([\\d.]+)" y="([\\d.]+)" font-size="([\\d.]+)"[^>]*>${name}</text>`).exec(svg);
    return m ? { x: Number(m[1]), y: Number(m[2]), size: Number(m[3]) } : undefined;
  };

  it('names a block at its middle, as large as it fits, and other pieces at the usual size', () => {
    const wide = label('Wide')!;
    const sq = label('Sq')!;
    const bar = label('Bar');
    expect(wide.size).toBeGreaterThan(12);
    expect(sq.size).toBeGreaterThan(12);
    // the middles of the 6x3 block and of the 3x3 block (whatever the margins): 1.5 cells apart in x, 3 in y
    expect(wide.x - sq.x).toBeCloseTo(30, 5);
    expect(sq.y - wide.y).toBeCloseTo(60, 5);
    // a 1x3 bar is no block: its name, if written, at the usual 0.6 of a cell
    if (bar) expect(bar.size).toBeCloseTo(12, 5);
  });

  it('draws no unit lines inside a block, and keeps them inside smaller pieces', () => {
    // the thin lines, as unit segments (horizontal runs at y, vertical at x): none in the blocks' interiors
    expect(gridPath.length).toBeGreaterThan(0);
    const wideLabel = label('Wide')!;
    const left = wideLabel.x - 60;
    const top = wideLabel.y - 30;
    const segments = [...gridPath.matchAll(/M([\d.]+) ([\d.]+)([HV])([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), dir: m[3], to: Number(m[4]) }));
    const inside = (x: number, y: number, x0: number, y0: number, w: number, h: number) => x > left + x0 * 20 && x < left + (x0 + w) * 20 && y > top + y0 * 20 && y < top + (y0 + h) * 20;
    for (const s of segments) {
      const mid = s.dir === 'H' ? [(s.x + s.to) / 2, s.y] : [s.x, (s.y + s.to) / 2];
      expect(inside(mid[0]!, mid[1]!, 0, 0, 6, 3), JSON.stringify(s)).toBe(false);
      expect(inside(mid[0]!, mid[1]!, 0, 3, 3, 3), JSON.stringify(s)).toBe(false);
    }
    // the bar's two inner lines and the V's are still there
    expect(segments.some((s) => inside(s.dir === 'H' ? (s.x + s.to) / 2 : s.x, s.dir === 'H' ? s.y : (s.y + s.to) / 2, 3, 3, 1, 3))).toBe(true);
  });
});

describe('renderSolutionSvg: boards that wrap', () => {
  it('draws the joined edges dashed: thin where a piece goes on across them, thick where two pieces meet', () => {
    let anyJoined = 0;
    let anyMeet = 0;
    for (const wrap of ['x', 'y', 'xy']) {
      const puzzle = parsePuzzle(`name: wrapped\nwrap: ${wrap}\nboard: {rect: [5, 4]}\npieces:\n  L: "#.\\n#.\\n##"\n  I: "####"\n  T: "###\\n.#."\n  S: ".##\\n##."\n  P: "##\\n##"\n`, 'wrapped.yaml');
      for (const solution of solve(puzzle, { limit: 6 }).found) {
        const svg = renderSolutionSvg(puzzle, solution, { cellSize: 20 });
        const pieceAt = new Map(solution.placements.flatMap((p, i) => p.cells.map((c) => [cellKey(c), i])));
        // unit edges of the seams, counted from the solution: each seam edge is drawn on both sides of the board
        let joined = 0;
        let meet = 0;
        const count = (a: Cell, b: Cell) => (pieceAt.get(cellKey(a)) === pieceAt.get(cellKey(b)) ? (joined += 2) : (meet += 2));
        if (wrap.includes('x')) for (let y = 0; y < 4; y++) count([0, y, 0], [4, y, 0]);
        if (wrap.includes('y')) for (let x = 0; x < 5; x++) count([x, 0, 0], [x, 3, 0]);
        const segments = (cls: string) => (new RegExp(`<path class="${cls}" d="([^"]*)"`).exec(svg)?.[1]?.match(/M/g) ?? []).length;
        expect(segments('seam-joined'), wrap).toBe(joined);
        expect(segments('seam'), wrap).toBe(meet);
        expect(svg).toContain('dashed edges are joined');
        anyJoined += joined;
        anyMeet += meet;
      }
    }
    // (both kinds were drawn and counted)
    expect(anyJoined).toBeGreaterThan(0);
    expect(anyMeet).toBeGreaterThan(0);
    // a board that does not wrap has none of it
    const flat = parsePuzzle('name: flat\nboard: {rect: [4, 1]}\npieces:\n  I: "####"\n', 'flat.yaml');
    const svg = renderSolutionSvg(flat, solve(flat).found[0]!);
    expect(svg).not.toContain('seam');
    expect(svg).not.toContain('dashed');
  });
});
