import type { Cell } from '../geometry/cell.js';
import { bounds } from '../geometry/cell.js';
import { isWrapped } from '../geometry/wrap.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError, hasColourConstraints, puzzleGrid } from '../puzzle/model.js';
import { allowedOrientations, colouredOrientations } from '../puzzle/orientations.js';
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
  /**
   * Puzzles with colour constraints: the colour of the piece's cell on each of `cells` (a number from
   * colourCodes, 0 for none). Two placements of a piece may cover the same cells with their colours
   * placed differently.
   */
  readonly colours?: Int32Array;
  /**
   * On grids whose pieces may not cross (sticks): the numbers of the points it holds that no other piece
   * may hold (see Grid.exclusivePoints), from 0 to the table's pointCount - 1.
   */
  readonly points?: Int32Array;
}

/**
 * The colours of a puzzle's colour constraints as numbers 1..n (0: no colour), the colour of each board
 * cell, and which piece colour may lie on which board colour.
 */
export interface ColourCodes {
  /** The colour names, code k at index k - 1. */
  readonly names: readonly string[];
  codeOf(name: string | undefined): number;
  /** The colour code of each board cell, by cell number. */
  readonly board: Int32Array;
  /** True when a piece cell of colour `piece` may lie on a board cell of colour `board` (codes; 0 always may). */
  allowed(piece: number, board: number): boolean;
}

/** The puzzle's colours as numbers (see ColourCodes), over the board's cell numbers. */
export function colourCodes(puzzle: Puzzle, board: BoardIndex): ColourCodes {
  const names: string[] = [];
  const codes = new Map<string, number>();
  const codeOf = (name: string | undefined): number => {
    if (name === undefined) return 0;
    let code = codes.get(name);
    if (code === undefined) {
      names.push(name);
      codes.set(name, (code = names.length));
    }
    return code;
  };
  const boardCodes = new Int32Array(board.cells.length);
  for (const { cell, colour } of puzzle.boardColours ?? []) {
    const k = board.indexOf(cell);
    if (k >= 0) boardCodes[k] = codeOf(colour);
  }
  for (const p of puzzle.pieces) for (const { colour } of p.colours ?? []) codeOf(colour);
  const pairs = new Set<number>();
  for (const rule of puzzle.colourRules ?? []) for (const b of rule.board) pairs.add(codeOf(rule.piece) * 65536 + codeOf(b));
  return {
    names, codeOf, board: boardCodes,
    allowed: (piece, boardColour) => piece === 0 || boardColour === 0 || pairs.has(piece * 65536 + boardColour),
  };
}

export interface PlacementTable {
  readonly board: BoardIndex;
  readonly placements: readonly Placement[];
  /** Placement indices of each piece. */
  readonly byPiece: readonly number[][];
  /** Number of distinct orientations of each piece. */
  readonly orientationCounts: readonly number[];
  /** How many points the placements hold (Placement.points), 0 on grids without them. */
  readonly pointCount: number;
  /** Where each point lies, by its number (the grid's coordinates, as Grid.exclusivePoints gives them). */
  readonly pointCells?: readonly Cell[];
}

/**
 * The normalised orientations a piece may take in this puzzle (see allowedOrientations); with colour
 * constraints, each placement of its colours once (see colouredOrientations), the orientations of
 * Placement.orientation.
 */
export function pieceOrientations(puzzle: Puzzle, piece: number): Cell[][] {
  if (hasColourConstraints(puzzle)) return colouredOrientations(puzzle.pieces[piece]!, puzzleGrid(puzzle)).map((o) => o.cells);
  return allowedOrientations(puzzle.pieces[piece]!, puzzleGrid(puzzle));
}

/**
 * Placements a puzzle may have, and cells in them all: the cell engines hold every placement, and each
 * takes some hundred bytes. (Ten thousand distinct unit squares on a 100x100 board have a hundred million.)
 */
export const PLACEMENT_LIMITS = { placements: 1_000_000, cells: 20_000_000 } as const;

/** A placement's cells until they are cut from the buffer (generatePlacements). */
const NO_CELLS = new Int32Array(0);

/** The placements a puzzle has too many of to be searched cell by cell: InvalidPuzzleError says so. */
export class TooManyPlacementsError extends InvalidPuzzleError {}

/**
 * Every placement of every piece in every allowed orientation that lies wholly on the board. Throws
 * TooManyPlacementsError past PLACEMENT_LIMITS, before it has built more.
 */
export function generatePlacements(puzzle: Puzzle, board: BoardIndex = indexBoard(puzzle.board, puzzle.dims, puzzleGrid(puzzle))): PlacementTable {
  const { min, max } = bounds(puzzle.board);
  const grid = puzzleGrid(puzzle);
  const placements: { -readonly [K in keyof Placement]: Placement[K] }[] = [];
  // Every placement's cells one after another in one buffer (doubled when full), each placement's `cells`
  // its stretch of the buffer, cut when all are known: a typed array of its own for each placement costs
  // several times a view of one buffer (4,080 of them, in a fresh process: 2.6 ms against 0.4).
  let list = new Int32Array(1024);
  const starts: number[] = [];
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
  // colour constraints: a placement whose coloured cells lie on board cells of colours they may not is none
  const coloured = hasColourConstraints(puzzle);
  const codes = coloured ? colourCodes(puzzle, board) : undefined;
  // the points pieces hold (sticks: where one runs straight through), numbered as they are first met
  const pointNumbers = new Map<string, number>();
  const pointCells: Cell[] = [];
  const pointNumber = (at: Cell): number => {
    const key = `${at[0]},${at[1]},${at[2]}`;
    let k = pointNumbers.get(key);
    if (k === undefined) {
      pointNumbers.set(key, (k = pointCells.length));
      pointCells.push(at);
    }
    return k;
  };
  // Each board cell's number in a dense array over the board's box: with the shifts kept inside the box,
  // a shape's cell at offset o from its own corner lies at dense[corner + o] (one read per cell, no call:
  // this runs once, mostly before the JIT has warmed up).
  const [w, h] = [max[0] - min[0] + 1, max[1] - min[1] + 1];
  const dense = new Int32Array(w * h * (max[2] - min[2] + 1)).fill(-1);
  const boxIndex = (x: number, y: number, z: number): number => ((z - min[2]) * h + (y - min[1])) * w + (x - min[0]);
  for (const c of board.cells) if (c[0] >= min[0] && c[0] <= max[0] && c[1] >= min[1] && c[1] <= max[1] && c[2] >= min[2] && c[2] <= max[2]) dense[boxIndex(c[0], c[1], c[2])] = board.indexOf(c);
  // Cells numbered in reading order (as indexBoard numbers them) rise with their place in the box: a
  // shape's cells taken in the order of their offsets are then ascending, with no sort for each placement.
  let rising = !wrap;
  for (let i = 0, last = -1; i < dense.length && rising; i++) {
    if (dense[i]! < 0) continue;
    rising = dense[i]! > last;
    last = dense[i]!;
  }
  puzzle.pieces.forEach((p, piece) => {
    const mine: number[] = [];
    const seen = new Set<string>();
    const shapes = coloured ? colouredOrientations(p, grid) : pieceOrientations(puzzle, piece).map((cells) => ({ cells, colours: undefined }));
    orientationCounts.push(shapes.length);
    shapes.forEach(({ cells: given, colours: givenColours }, orientation) => {
      const held = grid.exclusivePoints?.(given) ?? [];
      // every move that keeps the shape inside the board's box (a normalised triangle shape may start at x = 1)
      const own = bounds(given);
      const offsetOf = (c: Cell): number => boxIndex(c[0] - own.min[0] + min[0], c[1] - own.min[1] + min[1], c[2] - own.min[2] + min[2]);
      // the shape's cells (and their colours) in the order of their offsets
      const byOffset = given.map((c, i) => ({ c, i, offset: offsetOf(c) })).sort((a, b) => a.offset - b.offset);
      const shape = byOffset.map((e) => e.c);
      const offsets = Int32Array.from(byOffset, (e) => e.offset);
      const tint = givenColours ? Int32Array.from(byOffset, (e) => codes!.codeOf(givenColours[e.i])) : undefined;
      // the cells of the shift being tried (most shifts leave the board: only those that fit are copied)
      const scratch = new Int32Array(shape.length);
      const shift: [number, number, number] = [0, 0, 0];
      const last = [0, 1, 2].map((i) => (wrap && ((i === 0 && wrap.x) || (i === 1 && wrap.y)) ? max[i]! - own.min[i]! : max[i]! - own.max[i]!));
      for (let z = min[2] - own.min[2]; z <= last[2]!; z++) {
        for (let y = min[1] - own.min[1]; y <= last[1]!; y++) {
          for (let x = min[0] - own.min[0]; x <= last[0]!; x++) {
            // on triangles only moves that keep up triangles up are moves of the grid (one array for
            // every shift tried)
            shift[0] = x;
            shift[1] = y;
            shift[2] = z;
            if (!grid.translates(shift)) continue;
            let fits = true;
            if (wrapCell) {
              for (let i = 0; i < shape.length && fits; i++) {
                const c = shape[i]!;
                const at = wrapCell([c[0] + x, c[1] + y, c[2] + z]);
                scratch[i] = board.indexAt(at[0], at[1], at[2]);
                fits = scratch[i]! >= 0;
              }
            } else {
              const corner = boxIndex(x + own.min[0], y + own.min[1], z + own.min[2]);
              for (let i = 0; i < shape.length && fits; i++) {
                scratch[i] = dense[corner + offsets[i]!]!;
                fits = scratch[i]! >= 0;
              }
            }
            if (!fits) continue;
            const cells = scratch;
            let colours: Int32Array | undefined;
            if (tint) {
              let allowed = true;
              for (let i = 0; i < cells.length && allowed; i++) allowed = codes!.allowed(tint[i]!, codes!.board[cells[i]!]!);
              if (!allowed) continue;
              if (rising) colours = tint.slice();
              else {
                // cells ascending, each keeping its colour
                const order = Array.from(cells.keys()).sort((i, j) => cells[i]! - cells[j]!);
                colours = Int32Array.from(order, (i) => tint[i]!);
              }
            }
            if (!rising) cells.sort();
            if (wrap) {
              // a cell covered twice, or the same cells reached by two shifts (a piece as long as the period)
              if (cells.some((k, i) => i > 0 && k === cells[i - 1])) continue;
              const key = colours ? `${cells.join(',')}|${colours.join(',')}` : cells.join(',');
              if (seen.has(key)) continue;
              seen.add(key);
            }
            if (placements.length >= PLACEMENT_LIMITS.placements || cellsInAll + cells.length > PLACEMENT_LIMITS.cells) tooMany();
            if (cellsInAll + cells.length > list.length) {
              const grown = new Int32Array(Math.max(2 * list.length, cellsInAll + cells.length));
              grown.set(list);
              list = grown;
            }
            list.set(cells, cellsInAll);
            starts.push(cellsInAll);
            cellsInAll += cells.length;
            mine.push(placements.length);
            const placement: (typeof placements)[number] = { piece, orientation, cells: NO_CELLS };
            if (colours) placement.colours = colours;
            if (held.length > 0) placement.points = Int32Array.from(held, (c) => pointNumber([c[0] + x, c[1] + y, c[2] + z]));
            placements.push(placement);
          }
        }
      }
    });
    byPiece.push(mine);
  });
  list = list.slice(0, cellsInAll);
  for (let k = 0; k < placements.length; k++) placements[k]!.cells = list.subarray(starts[k], k + 1 < starts.length ? starts[k + 1] : cellsInAll);
  return { board, placements, byPiece, orientationCounts, pointCount: pointCells.length, ...(pointCells.length > 0 ? { pointCells } : {}) };
}
