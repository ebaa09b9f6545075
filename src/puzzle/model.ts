import type { Cell, Dimensions, Shape } from '../geometry/cell.js';

/**
 * A piece: a shape that may be rotated, turned over when `mirror` says so, and used `count` times.
 * Copies of a piece are identical: solutions that differ only by swapping copies are one solution.
 */
export interface Piece {
  readonly name: string;
  /** Normalised cells (bounding box at the origin, reading order). */
  readonly shape: readonly Cell[];
  readonly count: number;
  readonly mirror: boolean;
}

/**
 * A puzzle: a board (any set of cells, in the coordinates of the file) and the pieces that must
 * cover it exactly. `dims` is 3 when either the board or a piece has more than one layer.
 */
export interface Puzzle {
  readonly name: string;
  readonly dims: Dimensions;
  readonly board: readonly Cell[];
  readonly pieces: readonly Piece[];
  /** The file's default for `mirror`; each piece carries its own resolved value. */
  readonly mirror: boolean;
  readonly description?: string;
  /** Published solution counts, for people and the benchmark: the solver never reads them. */
  readonly known?: { readonly total?: number; readonly unique?: number };
}

/** One piece placed on the board. */
export interface PlacedPiece {
  readonly piece: string;
  readonly cells: readonly Cell[];
}

/** A solution: one placement per copy of every piece. */
export interface Solution {
  readonly placements: readonly PlacedPiece[];
}

export function pieceArea(puzzle: Puzzle): number {
  return puzzle.pieces.reduce((sum, p) => sum + p.shape.length * p.count, 0);
}

export function totalPieceCount(puzzle: Puzzle): number {
  return puzzle.pieces.reduce((sum, p) => sum + p.count, 0);
}

export type { Cell, Dimensions, Shape };

/** A puzzle that is well-formed but cannot be posed as given (its pieces and board disagree). */
export class InvalidPuzzleError extends Error {
  override readonly name = 'InvalidPuzzleError';
}

/** Problems that make a puzzle meaningless before any search; undefined when there are none. */
export function puzzleProblem(puzzle: Puzzle): string | undefined {
  const area = pieceArea(puzzle);
  if (area !== puzzle.board.length) {
    return `the pieces cover ${area} cells but the board has ${puzzle.board.length}: they cannot fill it exactly`;
  }
  return undefined;
}
