import { SnugError } from './errors.js';
import type { Cell, Dimensions, Shape } from '../geometry/cell.js';
import type { Grid, GridName } from '../geometry/grid.js';
import { gridOf } from '../geometry/grids/index.js';
import { bounds } from '../geometry/cell.js';
import type { Wrap } from '../geometry/wrap.js';
import { wrappedGrid } from '../geometry/wrap.js';

/**
 * A piece: a shape that may be moved, rotated (unless `rotate` is false), turned over when `mirror` says
 * so, or that takes exactly the `orientations` listed; used between `min` and `count` times.
 * Copies of a piece are identical: solutions that differ only by swapping copies are one solution.
 */
export interface Piece {
  readonly name: string;
  /** Normalised cells as drawn (bounding box at the origin, reading order). */
  readonly shape: readonly Cell[];
  /** The most copies that may be placed (copies already on the board included). */
  readonly count: number;
  /** The fewest copies that must be placed: `count` unless the file gives a range (`count: 0..2`). */
  readonly min?: number;
  readonly mirror: boolean;
  /** False: the piece is only moved, never turned (the shape as drawn; and its mirror image when `mirror`). */
  readonly rotate?: boolean;
  /** Exactly these orientations (normalised), when the file lists them: `rotate` and `mirror` then say nothing. */
  readonly orientations?: readonly (readonly Cell[])[];
  /** A CSS colour for pictures. */
  readonly color?: string;
  /**
   * BurrTools' piece group (above 0): pieces of one group may come out of an assembly together, so the
   * disassembler need not part them.
   */
  readonly group?: number;
  /** BurrTools' weight (1 when absent): when pieces move apart, the side holding the heaviest stays put. */
  readonly weight?: number;
  /**
   * Colour constraints: the colours of some of its cells (in the coordinates of `shape`), which travel with
   * the piece as it turns. See Puzzle.colourRules.
   */
  readonly colours?: readonly CellColour[];
}

/**
 * A named cell or group of cells of the board (`labels:` in a file): what a calendar puzzle prints on its
 * board (a month, a day, a weekday), so that a sweep over dates, or a person picking a date, can say which
 * cells to leave open. Labels never change what a puzzle's solutions are.
 */
export interface CellLabel {
  readonly name: string;
  readonly cells: readonly Cell[];
}

/** A colour of a colour constraint (a name, not a picture's colour) on one cell. */
export interface CellColour {
  readonly cell: Cell;
  readonly colour: string;
}

/**
 * Which piece colours may lie on which board colours (BurrTools' colour constraints): a piece cell of colour
 * `piece` may lie on a board cell of a colour in `board`, and on no other coloured board cell. A placement is
 * restricted only where both its cell and the board's are coloured; a piece colour no rule names may lie on
 * uncoloured board cells only.
 */
export interface ColourRule {
  readonly piece: string;
  readonly board: readonly string[];
}

/** A face of a board's box: -x left, +x right, -y back, +y front, -z bottom, +z top. */
export type FrameSide = 'top' | 'bottom' | 'left' | 'right' | 'front' | 'back';
export const FRAME_SIDES: readonly FrameSide[] = ['top', 'bottom', 'left', 'right', 'front', 'back'];

/**
 * What holds a 3-D puzzle's pieces while they are put in and taken out (the disassembler never moves it):
 * walls around the board (the board a hollow in a block one cell larger on every side), open on one face or
 * closed; walls listed cell by cell; or one of the pieces (a piece of one copy).
 */
export type Frame =
  | { readonly walls: 'closed' | FrameSide }
  | { readonly cells: readonly Cell[] }
  | { readonly piece: string };

/**
 * A puzzle: a board (any set of cells, in the coordinates of the file) and the pieces that cover it.
 * Every board cell must be covered except the `optional` ones, which may stay empty; the `placed` pieces
 * are on the board already (their cells are board cells, and each uses up a copy of its piece).
 * `dims` is 3 when either the board or a piece has more than one layer.
 */
export interface Puzzle {
  readonly name: string;
  readonly dims: Dimensions;
  /** The kind of cell: square in 2-D and cube in 3-D when absent; triangle and hexagon are 2-D. */
  readonly grid?: GridName;
  /** A square board whose edges join: x (left and right: a cylinder), y (top and bottom), xy (a torus). */
  readonly wrap?: Wrap;
  readonly board: readonly Cell[];
  readonly pieces: readonly Piece[];
  /** The file's default for `mirror`; each piece carries its own resolved value. */
  readonly mirror: boolean;
  /** Board cells that may stay empty ('+' in art). */
  readonly optional?: readonly Cell[];
  /** Pieces already on the board. */
  readonly placed?: readonly PlacedPiece[];
  /** Exactly this many pieces are placed in all (those already placed included). */
  readonly use?: number;
  /** The colours of some board cells (see ColourRule). */
  readonly boardColours?: readonly CellColour[];
  /** Which piece colours may lie on which board colours (see ColourRule). */
  readonly colourRules?: readonly ColourRule[];
  /** What holds the pieces when they are taken apart: see Frame. */
  readonly frame?: Frame;
  /** Named cells or groups of cells to leave open (see CellLabel): the solver never reads them. */
  readonly labels?: readonly CellLabel[];
  readonly description?: string;
  /** Published solution counts, for people and the benchmark: the solver never reads them. */
  readonly known?: { readonly total?: number; readonly unique?: number };
}

/** One piece placed on the board. */
export interface PlacedPiece {
  readonly piece: string;
  readonly cells: readonly Cell[];
  /** True for a piece that was on the board before the search (the puzzle's `placed`). */
  readonly given?: boolean;
}

/** A solution: the placed pieces, those on the board before included (marked `given`). */
export interface Solution {
  readonly placements: readonly PlacedPiece[];
  /** Its level, when a run took it apart (disassembly/): the moves before each separation, as 5.3.2 is [5, 3, 2]. */
  readonly level?: readonly number[];
}

/** The fewest copies of a piece that must be placed. */
/** The grid a puzzle's cells lie on (for a board that wraps, the square grid wrapped on the board's box). */
export function puzzleGrid(puzzle: { readonly grid?: GridName | undefined; readonly dims: Dimensions; readonly wrap?: Wrap | undefined; readonly board?: readonly Cell[] }): Grid {
  const grid = gridOf(puzzle.grid, puzzle.dims);
  if (!puzzle.wrap || !puzzle.board || puzzle.board.length === 0) return grid;
  const { min, max } = bounds(puzzle.board);
  return wrappedGrid(grid, puzzle.wrap, min, max);
}

export function pieceMin(piece: Piece): number {
  return piece.min ?? piece.count;
}

/**
 * True for a plain packing: every cell covered, every copy used, nothing on the board yet (what the
 * rectangle engine and the oldest paths of the search handle).
 */
export function isExactPacking(puzzle: Puzzle): boolean {
  return !puzzle.optional?.length && !puzzle.placed?.length && puzzle.use === undefined && puzzle.pieces.every((p) => pieceMin(p) === p.count);
}

/** The area of every copy of every piece (the most the pieces can cover). */
export function pieceArea(puzzle: Puzzle): number {
  return puzzle.pieces.reduce((sum, p) => sum + p.shape.length * p.count, 0);
}

/** Every copy of every piece (the most pieces a solution can place). */
export function totalPieceCount(puzzle: Puzzle): number {
  return puzzle.pieces.reduce((sum, p) => sum + p.count, 0);
}

/**
 * The most pieces a solution can place: every copy, `use` when given, and no more than the smallest copies
 * that fit in the board's cells (a file may offer many pieces of which a solution places a few).
 */
export function mostPiecesPlaced(puzzle: Puzzle): number {
  const sizes = puzzle.pieces.flatMap((p) => Array<number>(p.count).fill(p.shape.length)).sort((a, b) => a - b);
  let cells = 0;
  let fit = 0;
  while (fit < sizes.length && cells + sizes[fit]! <= puzzle.board.length) cells += sizes[fit++]!;
  return Math.min(fit, puzzle.use ?? fit, totalPieceCount(puzzle));
}

export type { Cell, Dimensions, Shape };

/** A puzzle that is well-formed but cannot be posed as given (its pieces and board disagree). */
export class InvalidPuzzleError extends SnugError {
  override readonly name = 'InvalidPuzzleError';
}

/** Largest area for which the exact check of areas below is made (a table of areas by pieces used). */
const AREA_CHECK_LIMIT = 4_000_000;

/**
 * Problems that make a puzzle meaningless before any search; undefined when there are none. The areas
 * must work out: some choice of copies (each piece between its minimum and maximum, `use` pieces in all
 * when given) covers at least the cells that must be covered and at most the whole board.
 */
export function puzzleProblem(puzzle: Puzzle): string | undefined {
  const cells = puzzle.board.length;
  const must = cells - (puzzle.optional?.length ?? 0);
  if (isExactPacking(puzzle)) {
    const area = pieceArea(puzzle);
    if (area !== cells) return `the pieces cover ${area} cells but the board has ${cells}: they cannot fill it exactly`;
    return undefined;
  }
  const low = puzzle.pieces.reduce((sum, p) => sum + p.shape.length * pieceMin(p), 0);
  const high = pieceArea(puzzle);
  const fewest = puzzle.pieces.reduce((n, p) => n + pieceMin(p), 0);
  const most = totalPieceCount(puzzle);
  if (puzzle.use !== undefined && (puzzle.use < fewest || puzzle.use > most)) {
    return `use is ${puzzle.use}, but the pieces allow from ${fewest} to ${most} pieces in all`;
  }
  const span = must === cells ? `${cells} cells` : `${must} to ${cells} cells (${cells - must} may stay empty)`;
  if (low > cells) return `the pieces that must be placed cover ${low} cells, more than the board's ${cells}`;
  if (high < must) return `the pieces cover at most ${high} cells, but ${must} must be covered`;
  const areas = reachableAreas(puzzle, cells);
  if (areas && !areas.slice(must, cells + 1).some(Boolean)) {
    return `no choice of the pieces${puzzle.use !== undefined ? ` (${puzzle.use} in all)` : ''} covers ${span}`;
  }
  return undefined;
}

/**
 * reachable[a] is true when some choice of copies within the ranges (and `use` pieces in all, when given)
 * covers exactly a cells, for a <= maxArea; undefined when the table would be too large to make.
 */
function reachableAreas(puzzle: Puzzle, maxArea: number): boolean[] | undefined {
  const pieces = puzzle.use !== undefined ? puzzle.use : 0;
  const rows = pieces + 1;
  if (rows * (maxArea + 1) > AREA_CHECK_LIMIT) return undefined;
  // table[k][a]: k pieces (only counted with `use`) covering a cells
  let table: Uint8Array[] = Array.from({ length: rows }, () => new Uint8Array(maxArea + 1));
  table[0]![0] = 1;
  for (const p of puzzle.pieces) {
    const size = p.shape.length;
    const next = Array.from({ length: rows }, () => new Uint8Array(maxArea + 1));
    for (let k = 0; k < rows; k++) {
      for (let a = 0; a <= maxArea; a++) {
        if (!table[k]![a]) continue;
        for (let c = pieceMin(p); c <= p.count; c++) {
          const k2 = puzzle.use !== undefined ? k + c : 0;
          const a2 = a + c * size;
          if (k2 >= rows || a2 > maxArea) break;
          next[k2]![a2] = 1;
        }
      }
    }
    table = next;
  }
  return Array.from(table[rows - 1]!, Boolean);
}

/** True when the puzzle has colour constraints: some board cell and some piece cell are coloured (else none restricts a placement). */
export function hasColourConstraints(puzzle: Puzzle): boolean {
  return !!puzzle.boardColours?.length && puzzle.pieces.some((p) => !!p.colours?.length);
}
