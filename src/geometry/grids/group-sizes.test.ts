import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../cell.js';
import { shapeKeyOn } from '../grid.js';
import { indexBoard } from '../../placements/board.js';
import type { Puzzle } from '../../puzzle/model.js';
import { puzzleGrid } from '../../puzzle/model.js';
import { solutionSymmetries } from '../../compile/symmetry.js';
import { GRIDS } from './index.js';
import { cellNear } from '../../test-support/shapes.js';

describe('orbits of random pieces', () => {
  for (const grid of Object.values(GRIDS)) {
    it(`${grid.name}: a piece's distinct orientations times the turns that keep it make the whole group`, () => {
      fc.assert(fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 7 }), (steps) => {
        // a random connected piece grown through the grid's neighbours, from the first cell near the origin
        const cells: Cell[] = [cellNear(grid, [0, 0, 0])];
        for (const s of steps) {
          const from = cells[s % cells.length]!;
          const around = grid.neighbours(from);
          const next = around[(s >> 3) % around.length]!;
          if (!cells.some((c) => c.join() === next.join())) cells.push(next);
        }
        const images = grid.symmetries.map((t) => shapeKeyOn(grid, cells.map(t.apply)));
        const orbit = new Set(images).size;
        const stabilizer = images.filter((k) => k === shapeKeyOn(grid, cells)).length;
        expect(orbit * stabilizer).toBe(grid.symmetries.length);
      }), { numRuns: 100 });
    });
  }
});

describe('symmetries of boards that wrap', () => {
  const board = (w: number, h: number): Cell[] => Array.from({ length: w * h }, (_, i) => [i % w, Math.floor(i / w), 0] as Cell);
  const count = (w: number, h: number, wrap: 'x' | 'y' | 'xy'): number => {
    const puzzle: Puzzle = { name: 'w', dims: 2, wrap, board: board(w, h), mirror: true, pieces: [{ name: 'M', shape: [[0, 0, 0]], count: w * h, mirror: true }] };
    return solutionSymmetries(puzzle, indexBoard(puzzle.board, 2, puzzleGrid(puzzle))).length;
  };
  it('a 3x20 loop: 20 shifts times the 4 symmetries of a rectangle; a 4x4 torus: 16 shifts times the 8 of a square; a 5x3 torus: 15 times 4', () => {
    expect(count(20, 3, 'x')).toBe(80);
    expect(count(4, 4, 'xy')).toBe(128);
    expect(count(5, 3, 'xy')).toBe(60);
    // a square cylinder cannot be turned a quarter: the joined edges would become free ones
    expect(count(4, 4, 'x')).toBe(16);
  });
});
