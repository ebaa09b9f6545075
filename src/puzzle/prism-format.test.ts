import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cellKey } from '../geometry/cell.js';
import { solve } from '../search/solve.js';
import { burrToolsPrismTurn, prismAt, prismCentre, prismIsometries, prismsTouch } from '../test-support/prisms.js';
import { assemblyCells, burrToolsOrientation, burrToolsShift, burrToolsXml, formatBurrTools, parseBurrTools } from './burrtools.js';
import { formatPuzzle, parsePuzzle } from './format.js';
import { puzzleTextProblem } from '../test-support/puzzle-text.js';
import type { Cell } from './model.js';

const sorted = (cells: readonly Cell[]): Cell[] => [...cells].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
const problem = (text: string): string => puzzleTextProblem(text, 'g.yaml');

/** Two layers of a row of four triangles, filled by four bars of two prisms (two flat, two upright). */
const BARS = 'grid: prism\nboard:\n  layers:\n    - "####"\n    - "####"\npieces:\n  F: {shape: "##", count: 2}\n  U: {layers: ["#", "#"], count: 2}\n';

describe('grid: prism in puzzle files', () => {
  it('art layer by layer: column c of row r of layer z is the prism [c, r, z], a row starting with a triangle that points down on the page', () => {
    const p = parsePuzzle('grid: prism\nboard:\n  layers:\n    - |\n      ###\n      .##\n    - |\n      #..\n      ...\npieces:\n  A: "##"\n  B: {layers: ["#", "#"]}\n  C: "#"\n', 'g.yaml');
    expect(p.grid).toBe('prism');
    expect(p.dims).toBe(3);
    expect(sorted(p.board)).toEqual(sorted([[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0], [2, 1, 0], [0, 0, 1]]));
    // the first place of a row points down on the page: the row above shares its base, the one below does not
    expect(prismsTouch([0, 0, 0], [0, -1, 0])).toBe(true);
    expect(prismsTouch([0, 0, 0], [0, 1, 0])).toBe(false);
    expect(prismsTouch([1, 0, 0], [1, 1, 0])).toBe(true);
    // the prism above the first one touches it
    expect(prismsTouch([0, 0, 0], [0, 0, 1])).toBe(true);
    expect(p.pieces.find((q) => q.name === 'A')!.shape).toEqual([[0, 0, 0], [1, 0, 0]]);
    // a piece drawn starting with an up triangle is moved by a move of the grid, which keeps x + y even
    expect(parsePuzzle('grid: prism\nboard: {layers: ["##"]}\npieces:\n  A: ".##"\n', 'g.yaml').pieces[0]!.shape).toEqual([[1, 0, 0], [2, 0, 0]]);
  });

  it('writes what it reads', () => {
    // (layers of one shape that reach different columns are written as wide as the widest: the art of a prism's layers is of one size)
    const narrowerLayer = 'grid: prism\nboard:\n  layers:\n    - "###"\n    - "##."\npieces:\n  L: {layers: ["##", "#."]}\n  M: {shape: "#", count: 2}\n';
    for (const text of [BARS, narrowerLayer, 'grid: prism\nboard: {cells: [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]}\npieces:\n  D: {cells: [[0, 0, 0], [1, 0, 0]], count: 2}\n']) {
      const p = parsePuzzle(text, 'g.yaml');
      expect(parsePuzzle(formatPuzzle(p), 'again.yaml')).toEqual(p);
    }
  });

  it('refuses a box board: a turned box of prisms is no box', () => {
    expect(problem('grid: prism\nboard: {box: [2, 2, 2]}\npieces:\n  A: "#"\n')).toMatch(/^g\.yaml:2: board box is for the square and cube grids: draw the prism board/);
  });

  it('solves: two flat and two upright bars in two layers of four triangles, 3 ways', () => {
    // by hand: both upright bars at the two ends (the flat ones then lie in the middle, one per layer), or
    // the upright ones side by side at one end, the flat ones stacked at the other (two ways)
    expect(solve(parsePuzzle(BARS, 'bars.yaml'), { all: true }).solutions).toBe(3);
  });
});

describe('grid: prism in BurrTools files (grid type 1)', () => {
  it("writes a prism puzzle as grid type 1 with its solutions' assemblies, which place every piece where the solution has it", () => {
    const puzzle = parsePuzzle(BARS, 'bars.yaml');
    const found = solve(puzzle, { all: true }).found;
    const xml = burrToolsXml(puzzle, found);
    expect(xml).toContain('<gridType type="1"/>');
    const assemblies = [...xml.matchAll(/<assembly>([^<]*)</g)].map((m) => m[1]!);
    expect(assemblies).toHaveLength(found.length);
    assemblies.forEach((text, i) => {
      const placed = assemblyCells(puzzle, text, 1, burrToolsShift(puzzle)).map((cells) => sorted(cells!).map(cellKey).join(' ')).sort();
      expect(placed).toEqual(found[i]!.placements.map((p) => sorted(p.cells).map(cellKey).join(' ')).sort());
    });
    const again = parseBurrTools(formatBurrTools(puzzle, found), 'bars.xmpuzzle');
    expect(again.grid).toBe('prism');
    expect(sorted(again.board)).toEqual(sorted(puzzle.board.map((c) => [c[0] + burrToolsShift(puzzle)[0], c[1], c[2]] as Cell)));
    expect(solve(again, { all: true }).solutions).toBe(3);
  });

  it("reads an assembly as BurrTools places it: the piece turned by its turn number about the corner at the origin, its box's origin at the position", () => {
    // an L of three prisms: two side by side in layer 0, one above the first
    const piece: Cell[] = [[0, 0, 0], [1, 0, 0], [0, 0, 1]];
    const file = gzipSync(`<?xml version="1.0"?>
<puzzle version="2"><gridType type="1"/><colors/><shapes>
<voxel x="8" y="4" z="3" type="0">${'#'.repeat(96)}</voxel>
<voxel x="2" y="1" z="2" name="L" type="0">###_</voxel>
</shapes><problems><problem><shapes><shape id="1" count="32"/></shapes><result id="0"/></problem></problems></puzzle>`);
    const puzzle = parseBurrTools(file, 'l.xmpuzzle');
    expect(puzzle.pieces[0]!.shape).toEqual(piece);
    for (let t = 0; t < 12; t++) {
      const at: Cell = [3, 2, 1];
      // BurrTools: each voxel v goes to position + turn(v) - turn(origin of the box)
      const o = burrToolsPrismTurn(t, [0, 0, 0]);
      const expected = piece.map((v) => {
        const w = burrToolsPrismTurn(t, v);
        return [w[0] - o[0] + at[0], w[1] - o[1] + at[1], w[2] - o[2] + at[2]] as Cell;
      });
      const text = [`${at.join(' ')} ${t}`, ...Array<string>(31).fill('x')].join(' ');
      expect(sorted(assemblyCells(puzzle, text, 1)[0]!), `turn ${t}`).toEqual(sorted(expected));
    }
  });
});

describe('burrToolsOrientation on prisms', () => {
  it('turns every rotation of an assembly of a hexagonal prism into one and the same', () => {
    // a hexagon of six triangles around the corner at (3/2, h) in space, three layers high
    const puzzle = parsePuzzle('grid: prism\nboard:\n  layers: [".###\\n.###", ".###\\n.###", ".###\\n.###"]\npieces:\n  F: {shape: "###", count: 2}\n  L: {layers: ["##", "#."], count: 2}\n  I: {layers: ["#", "#", "#"], count: 2}\n', 'hex.yaml');
    const axis = [1.5, Math.sqrt(3) / 2, 1.5];
    const text = (s: { placements: readonly { piece: string; cells: readonly Cell[] }[] }) => s.placements.map((p) => `${p.piece}:${p.cells.map(cellKey).sort().join(';')}`).sort().join(' ');
    for (const solution of solve(puzzle, { limit: 3 }).found) {
      const images = new Set<string>();
      const oriented = new Set<string>();
      for (const turn of prismIsometries(true)) {
        // turned in space about the hexagon's axis, read back as cells
        const move = (c: Cell): Cell => {
          const p = prismCentre(c);
          const q = turn([p[0] - axis[0]!, p[1] - axis[1]!, p[2] - axis[2]!]);
          return prismAt([q[0] + axis[0]!, q[1] + axis[1]!, q[2] + axis[2]!]);
        };
        const image = { placements: solution.placements.map((p) => ({ ...p, cells: p.cells.map(move) })) };
        images.add(text(image));
        oriented.add(text(burrToolsOrientation(puzzle, image)));
      }
      // (copies of a piece are not told apart: a half turn may map a solution onto itself)
      expect(12 % images.size).toBe(0);
      expect(images.size).toBeGreaterThan(1);
      expect(oriented.size).toBe(1);
      expect(images.has([...oriented][0]!)).toBe(true);
    }
  });
});
