import type { Cell } from '../geometry/cell.js';
import { bounds } from '../geometry/cell.js';
import { isWrapped } from '../geometry/wrap.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError, puzzleGrid } from '../puzzle/model.js';
import { allowedOrientations } from '../puzzle/orientations.js';
import type { BoardIndex } from './board.js';
import { indexBoard } from './board.js';

/** One way to put one piece on the board: an orientation at a position. */
export interface Placement {
  /** Index into puzzle.pieces. */
  readonly piece: number;
  /** Index into the piece's orientations. */
  readonly orientation: number;
  /** Board cell numbers, ascending. */
  readonly cells: Int32Array;
}

export interface PlacementTable {
  readonly board: BoardIndex;
  readonly placements: readonly Placement[];
  /** Placement indices of each piece. */
  readonly byPiece: readonly number[][];
  /** Number of distinct orientations of each piece. */
  readonly orientationCounts: readonly number[];
}

/** The normalised orientations a piece may take in this puzzle (see allowedOrientations). */
export function pieceOrientations(puzzle: Puzzle, piece: number): Cell[][] {
  return allowedOrientations(puzzle.pieces[piece]!, puzzleGrid(puzzle));
}

/**
 * Placements a puzzle may have, and cells in them all: the cell engines hold every placement, and each
 * takes some hundred bytes. (Ten thousand distinct unit squares on a 100x100 board have a hundred million.)
 */
export const PLACEMENT_LIMITS = { placements: 1_000_000, cells: 20_000_000 } as const;

/** The placements a puzzle has too many of to be searched cell by cell: InvalidPuzzleError says so. */
export class TooManyPlacementsError extends InvalidPuzzleError {}

/**
 * Every placement of every piece in every allowed orientation that lies wholly on the board. Throws
 * TooManyPlacementsError past PLACEMENT_LIMITS, before it has built more.
 */
export function generatePlacements(puzzle: Puzzle, board: BoardIndex = indexBoard(puzzle.board, puzzle.dims, puzzleGrid(puzzle))): PlacementTable {
  const { min, max } = bounds(puzzle.board);
  const grid = puzzleGrid(puzzle);
  const placements: Placement[] = [];
  let cellsInAll = 0;
  const tooMany = (): never => {
    throw new TooManyPlacementsError(
      `the pieces have more than ${PLACEMENT_LIMITS.placements.toLocaleString('en-US')} placements (or ${PLACEMENT_LIMITS.cells.toLocaleString('en-US')} cells in them) on this board: ` +
        'too many to search cell by cell (rectangles on a rectangular board are searched without placements)',
    );
  };
  const byPiece: number[][] = [];
  const orientationCounts: number[] = [];
  // on a board that wraps, a piece may lie across the joined edges: every shift along a wrapped axis is
  // tried and its cells taken modulo the period; a piece longer than the period would cover a cell twice
  const wrap = isWrapped(grid) ? grid.wrap : undefined;
  const wrapCell = isWrapped(grid) ? grid.wrapCell : undefined;
  puzzle.pieces.forEach((_, piece) => {
    const mine: number[] = [];
    const seen = new Set<string>();
    const shapes = pieceOrientations(puzzle, piece);
    orientationCounts.push(shapes.length);
    shapes.forEach((shape, orientation) => {
      // every move that keeps the shape inside the board's box (a normalised triangle shape may start at x = 1)
      const own = bounds(shape);
      const last = [0, 1, 2].map((i) => (wrap && ((i === 0 && wrap.x) || (i === 1 && wrap.y)) ? max[i]! - own.min[i]! : max[i]! - own.max[i]!));
      for (let z = min[2] - own.min[2]; z <= last[2]!; z++) {
        for (let y = min[1] - own.min[1]; y <= last[1]!; y++) {
          for (let x = min[0] - own.min[0]; x <= last[0]!; x++) {
            // on triangles only moves that keep up triangles up are moves of the grid
            if (!grid.translates([x, y, z])) continue;
            const cells = new Int32Array(shape.length);
            let fits = true;
            for (let i = 0; i < shape.length && fits; i++) {
              const c = shape[i]!;
              const at: Cell = wrapCell ? wrapCell([c[0] + x, c[1] + y, c[2] + z]) : [c[0] + x, c[1] + y, c[2] + z];
              const k = board.indexAt(at[0], at[1], at[2]);
              if (k < 0) fits = false;
              cells[i] = k;
            }
            if (!fits) continue;
            cells.sort();
            if (wrap) {
              // a cell covered twice, or the same cells reached by two shifts (a piece as long as the period)
              if (cells.some((k, i) => i > 0 && k === cells[i - 1])) continue;
              const key = cells.join(',');
              if (seen.has(key)) continue;
              seen.add(key);
            }
            cellsInAll += cells.length;
            if (placements.length >= PLACEMENT_LIMITS.placements || cellsInAll > PLACEMENT_LIMITS.cells) tooMany();
            mine.push(placements.length);
            placements.push({ piece, orientation, cells });
          }
        }
      }
    });
    byPiece.push(mine);
  });
  return { board, placements, byPiece, orientationCounts };
}
