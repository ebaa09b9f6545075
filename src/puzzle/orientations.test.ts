import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Cell } from '../geometry/cell.js';
import { cellKey, leastCell } from '../geometry/cell.js';
import { loadCatalogPuzzle } from './catalog.js';
import type { Piece } from './model.js';
import { puzzleGrid } from './model.js';
import { allowedOrientations, colouredOrientations, normalizeColoured } from './orientations.js';

// pieces of four grids: cubes, triangles, hexagons, spheres
const PUZZLES = ['tetris-cube', 'hexiamonds-6x6', 'tetrahexes-7x4', 'kanoodle-pyramid'];

describe('orientations', () => {
  it('normalizeColoured: every cell keeps its colour (against colours looked up cell by cell after the move)', () => {
    for (const name of PUZZLES) {
      const puzzle = loadCatalogPuzzle(name);
      const grid = puzzleGrid(puzzle);
      fc.assert(
        fc.property(fc.nat(puzzle.pieces.length - 1), fc.nat(grid.symmetries.length - 1), fc.array(fc.constantFrom('red', 'blue', undefined), { minLength: 12, maxLength: 12 }), (p, s, palette) => {
          const shape = puzzle.pieces[p]!.shape;
          const turned = shape.map((c) => grid.symmetries[s]!.apply(c));
          const colours = turned.map((_, k) => palette[k % palette.length]);
          const got = normalizeColoured(grid, turned, colours);
          // the move normalize makes takes the least cell to the first; a cell's colour goes with it
          const least = leastCell(turned);
          const d = [got.cells[0]![0] - least[0], got.cells[0]![1] - least[1], got.cells[0]![2] - least[2]];
          const colourAt = new Map(turned.map((c, k) => [cellKey([c[0] + d[0]!, c[1] + d[1]!, c[2] + d[2]!]), colours[k]]));
          expect(got.cells).toEqual(grid.normalize(turned));
          expect(got.colours).toEqual(got.cells.map((c: Cell) => colourAt.get(cellKey(c))));
        }),
        { numRuns: 40 },
      );
    }
  });

  it('are worked out once per piece and grid, and again for another piece or another grid', () => {
    const tetris = loadCatalogPuzzle('tetris-cube');
    const hexes = loadCatalogPuzzle('tetrahexes-7x4');
    const piece = tetris.pieces[0]!;
    const cube = puzzleGrid(tetris);
    expect(allowedOrientations(piece, cube)).toBe(allowedOrientations(piece, cube));
    expect(colouredOrientations(piece, cube)).toBe(colouredOrientations(piece, cube));
    // another piece object (the same cells, mirror images allowed or not): a list of its own
    const mirrored: Piece = { ...piece, mirror: !piece.mirror };
    expect(allowedOrientations(mirrored, cube)).not.toBe(allowedOrientations(piece, cube));
    // one piece on the hexagon grid and on the cube grid: a list for each, the last one asked kept
    const flat = hexes.pieces[0]!;
    const onHexagons = allowedOrientations(flat, puzzleGrid(hexes));
    const onCubes = allowedOrientations(flat, cube);
    expect(onCubes).not.toBe(onHexagons);
    expect(allowedOrientations(flat, puzzleGrid(hexes))).toBe(allowedOrientations(flat, puzzleGrid(hexes)));
  });
});
