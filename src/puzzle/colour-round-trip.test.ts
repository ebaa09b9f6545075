import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import { GRID_NAMES, gridOf } from '../geometry/grids/index.js';
import { formatBurrTools, parseBurrTools } from './burrtools.js';
import { formatPuzzle, parsePuzzle } from './format.js';
import type { CellColour, Puzzle } from './model.js';

/**
 * Colour constraints survive writing a puzzle as YAML and as a BurrTools file, on every grid: the colours of
 * the board (among them a cell that may stay empty, which board art cannot draw both '+' and coloured) and of
 * the pieces, and the rules.
 */

// four tetrahedra in a row along one face of two cubes (BurrTools' voxel positions)
const STRIP = '[[2, 0, 3], [2, 1, 4], [2, 1, 5], [2, 0, 6]]';
const OCTAHEDRON = '[2, 0, 0], [3, 0, 0], [2, -1, 0], [3, -1, 0], [2, 0, -1], [3, 0, -1], [2, -1, -1], [3, -1, -1]';

/** A small puzzle of each grid, as its files give it (art where the grid draws, cells listed where not). */
const PUZZLES: Record<string, string> = {
  square: 'board: |\n  ###\n  ###\npieces:\n  D: {shape: "##", count: 3}\n',
  cube: 'board: {box: [2, 2, 2]}\npieces:\n  D: {shape: "##", count: 4}\n',
  triangle: 'grid: triangle\nboard: |\n  .##\n  ###\npieces:\n  D: {shape: "##", count: 2}\n  M: "#"\n',
  hexagon: 'grid: hexagon\nboard: |\n  . # #\n   # # #\n    # #\npieces:\n  A: "# #"\n  B: |\n    . # #\n     # #\n  C: "#"\n',
  sphere: 'grid: sphere\nboard:\n  layers:\n    - |\n      ##\n      ##\n    - "#"\npieces:\n  A: "##"\n  B: {layers: ["#", "#"]}\n  C: "#"\n',
  'tetra-octa': `grid: tetra-octa\nboard:\n  cells: [${OCTAHEDRON}, [1, 1, 1]]\npieces:\n  A: {cells: [[2, 0, 0], [3, 0, 0]], count: 4}\n  T: {cells: [[1, 1, 1]]}\n`,
  prism: 'grid: prism\nboard:\n  layers:\n    - "####"\n    - "####"\npieces:\n  F: {shape: "##", count: 2}\n  U: {layers: ["#", "#"], count: 2}\n',
  stick: 'grid: stick\nboard: |\n  +-+-+\n  |   |\n  +-+-+\npieces:\n  U: |\n    +-+\n    |\n    +-+\n  C: |\n    +-+\n      |\n    +-+\n',
  rhombic: `grid: rhombic\nboard: {named: rhombic-dodecahedron}\npieces:\n  S: {cells: ${STRIP}, count: 12}\n`,
};

const sortedColours = (colours: readonly CellColour[] | undefined): CellColour[] => [...(colours ?? [])].sort((a, b) => compareCells(a.cell, b.cell));

/**
 * The puzzle with colours: every third board cell red and the next blue, the last board cell red and one that
 * may stay empty, each piece's first cell red and its second blue; red may lie on red and blue, blue on blue.
 */
function coloured(p: Puzzle): Puzzle {
  const board = [...p.board].sort(compareCells);
  const last = board.at(-1)!;
  const boardColours: CellColour[] = board.flatMap((cell, i) => (cell === last ? [{ cell, colour: 'red' }] : i % 3 === 0 ? [{ cell, colour: 'red' }] : i % 3 === 1 ? [{ cell, colour: 'blue' }] : []));
  return {
    ...p,
    optional: [last],
    boardColours,
    colourRules: [{ piece: 'red', board: ['red', 'blue'] }, { piece: 'blue', board: ['blue'] }],
    pieces: p.pieces.map((q) => ({ ...q, ...(q.count > 1 || p.pieces.length === 1 ? { min: 0 } : {}), colours: q.shape.slice(0, 2).map((cell, i) => ({ cell, colour: i === 0 ? 'red' : 'blue' })) })),
  };
}

/** A puzzle's colours moved so that its board's least cell is the origin, the colour names numbered as first met. */
function colourKey(p: Puzzle): string {
  const least = [...p.board].sort(compareCells)[0]!;
  const move = (c: Cell): Cell => [c[0] - least[0], c[1] - least[1], c[2] - least[2]];
  const names = new Map<string, string>();
  const name = (colour: string): string => names.get(colour) ?? names.set(colour, `c${names.size}`).get(colour)!;
  const board = sortedColours(p.boardColours).map(({ cell, colour }) => `${cellKey(move(cell))}:${name(colour)}`);
  const pieces = p.pieces.map((q) => sortedColours(q.colours).map(({ cell, colour }) => `${cellKey(cell)}:${name(colour)}`));
  const rules = (p.colourRules ?? []).map((r) => `${name(r.piece)}>${r.board.map(name).sort().join(',')}`).sort();
  return JSON.stringify({ board, optional: (p.optional ?? []).map((c) => cellKey(move(c))).sort(), pieces, rules });
}

describe('colours written and read back, on every grid', () => {
  it('has a puzzle for every grid', () => {
    expect(Object.keys(PUZZLES).sort()).toEqual([...GRID_NAMES].sort());
  });

  for (const [gridName, text] of Object.entries(PUZZLES)) {
    const puzzle = coloured(parsePuzzle(text, `${gridName}.yaml`));

    it(`${gridName}: as YAML, the same colours, cells that may stay empty and rules`, () => {
      expect(puzzle.boardColours!.length).toBeGreaterThan(1);
      const again = parsePuzzle(formatPuzzle(puzzle), 'again.yaml');
      expect(sortedColours(again.boardColours)).toEqual(sortedColours(puzzle.boardColours));
      expect(again.optional).toEqual(puzzle.optional);
      expect(again.pieces.map((q) => sortedColours(q.colours))).toEqual(puzzle.pieces.map((q) => sortedColours(q.colours)));
      expect(again.colourRules).toEqual(puzzle.colourRules);
    });

    const burrTools = gridOf(puzzle.grid, puzzle.dims).burrTools !== undefined;
    it.runIf(burrTools)(`${gridName}: as a BurrTools file, the same colours up to a move of the board and the colours' names`, () => {
      const again = parseBurrTools(formatBurrTools(puzzle), 'again.xmpuzzle');
      expect(colourKey(again)).toBe(colourKey(puzzle));
    });
  }
});
