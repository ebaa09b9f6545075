import { extent, isBox } from '../geometry/cell.js';
import { DancingLinks } from '../engines/dlx.js';
import { RectanglePacker } from '../engines/rect.js';
import { BitboardSolver } from '../engines/bitboard.js';
import type { Engine, EngineName } from '../engines/types.js';
import type { BoardIndex } from '../placements/board.js';
import { indexBoard } from '../placements/board.js';
import type { Placement } from '../placements/placements.js';
import { generatePlacements } from '../placements/placements.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError, puzzleProblem } from '../puzzle/model.js';
import type { SolutionSymmetry } from './symmetry.js';
import { colouringObstruction } from './feasibility.js';
import { isCanonical, planSymmetryBreaking, solutionSymmetries } from './symmetry.js';

export type EngineChoice = 'auto' | EngineName;
export const ENGINE_CHOICES: readonly EngineChoice[] = ['auto', 'bitboard', 'dlx', 'rect'];

export interface PrepareOptions {
  /** Which engine; 'auto' (the default) picks one and says why. */
  readonly engine?: EngineChoice;
  /** One solution per class of solutions that the board's symmetries map onto each other. */
  readonly unique?: boolean;
}

/**
 * A puzzle turned into an engine problem: the engine, and how to read its raw solutions back as pieces on
 * cells. Everything here is deterministic, so a worker thread that prepares the same puzzle with the same
 * options gets the same engine and the same choice codes.
 */
export interface PreparedSearch {
  readonly puzzle: Puzzle;
  readonly engine: Engine;
  readonly engineReason: string;
  readonly unique: boolean;
  /** Number of board symmetries that map solutions to solutions (1 when not unique). */
  readonly groupSize: number;
  /** How --unique is achieved, for --stats. */
  readonly symmetryNote?: string;
  /** Set when no solution can exist, found before any search: the reason. */
  readonly impossible?: string;
  /** False when --unique filtering rejects this raw solution (another member of its class is reported). */
  readonly needsFilter: boolean;
  accept(raw: Int32Array): boolean;
  decode(raw: Int32Array): Solution;
}

export function prepareSearch(puzzle: Puzzle, options: PrepareOptions = {}): PreparedSearch {
  const problem = puzzleProblem(puzzle);
  if (problem) throw new InvalidPuzzleError(problem);
  const choice = options.engine ?? 'auto';
  const rectangles = puzzle.dims === 2 && isBox(puzzle.board) && puzzle.pieces.every((p) => isBox(p.shape));
  if (choice === 'rect' && !rectangles) {
    throw new InvalidPuzzleError('the rect engine needs a rectangular board and rectangular pieces');
  }
  const board = indexBoard(puzzle.board, puzzle.dims);
  const syms = options.unique ? solutionSymmetries(puzzle, board) : [];
  if (choice === 'rect' || (choice === 'auto' && rectangles)) {
    return prepareRectangles(puzzle, board, syms, choice === 'auto' ? 'every piece and the board are rectangles: skyline search from the top-left corner' : 'chosen with --engine');
  }
  const engineName = choice === 'auto' ? 'bitboard' : choice;
  const reason = choice === 'auto' ? 'polyomino/polycube pieces: bitboards, first empty cell, dead-region pruning' : 'chosen with --engine';
  return prepareCells(puzzle, board, syms, engineName, reason, !!options.unique);
}

/** The piece on each board cell. */
function labelsOf(board: BoardIndex, placements: readonly Placement[], raw: Int32Array): Int32Array {
  const labels = new Int32Array(board.cells.length);
  for (const r of raw) {
    const p = placements[r]!;
    for (const c of p.cells) labels[c] = p.piece;
  }
  return labels;
}

function prepareCells(puzzle: Puzzle, board: BoardIndex, syms: SolutionSymmetry[], engineName: EngineName, engineReason: string, unique: boolean): PreparedSearch {
  const table = generatePlacements(puzzle, board);
  const plan = unique ? planSymmetryBreaking(puzzle, table.placements, syms) : undefined;
  // The engine sees only the kept placements; `fullIndex` maps its numbers back to the table.
  const fullIndex = Int32Array.from(table.placements.keys()).filter((i) => !plan || plan.keep[i] === 1);
  const kept = Array.from(fullIndex, (i) => table.placements[i]!);
  const emptyPiece = puzzle.pieces.findIndex((_, i) => table.byPiece[i]!.length === 0);
  const impossible = emptyPiece >= 0
    ? `piece '${puzzle.pieces[emptyPiece]!.name}' fits nowhere on the board`
    : colouringObstruction(puzzle, board, table);
  const engine = makeCellEngine(engineName, puzzle, board, kept);
  const filterAll = plan !== undefined && plan.piece < 0 && plan.group.length > 0;
  const needsFilter = filterAll || (plan !== undefined && plan.stabilizers.size > 0);
  return {
    puzzle, engine, engineReason, unique, impossible, needsFilter,
    groupSize: plan?.groupSize ?? 1,
    symmetryNote: plan?.description,
    accept(raw) {
      if (!needsFilter || !plan) return true;
      if (filterAll) return isCanonical(labelsOf(board, kept, raw), plan.group);
      for (const r of raw) {
        const stab = plan.stabilizers.get(fullIndex[r]!);
        if (stab) return isCanonical(labelsOf(board, kept, raw), stab);
      }
      return true;
    },
    decode(raw) {
      return {
        placements: Array.from(raw, (r) => {
          const p = kept[r]!;
          return { piece: puzzle.pieces[p.piece]!.name, cells: Array.from(p.cells, (c) => board.cells[c]!) };
        }),
      };
    },
  };
}

function makeCellEngine(name: EngineName, puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[]): Engine {
  if (name === 'dlx') {
    // Items: board cells, then pieces. A piece with one copy is a primary item (used exactly once, and MRV
    // may branch on it); a piece with several is a secondary item with that capacity.
    const n = board.cells.length;
    const single = puzzle.pieces.map((p) => p.count === 1);
    const primaryPieces = single.filter(Boolean).length;
    const itemOf = new Int32Array(puzzle.pieces.length);
    let nextPrimary = n;
    let nextSecondary = n + primaryPieces;
    single.forEach((s, i) => { itemOf[i] = s ? nextPrimary++ : nextSecondary++; });
    const capacities = puzzle.pieces.filter((p) => p.count > 1).map((p) => p.count);
    return new DancingLinks({
      primaryCount: n + primaryPieces,
      secondaryCount: capacities.length,
      capacities,
      options: placements.map((p) => [...p.cells, itemOf[p.piece]!]),
    });
  }
  if (name === 'bitboard') {
    return new BitboardSolver({
      cellCount: board.cells.length,
      coords: board.cells,
      neighbours: board.neighbours,
      pieceCounts: puzzle.pieces.map((p) => p.count),
      pieceSizes: puzzle.pieces.map((p) => p.shape.length),
      placements,
    });
  }
  throw new InvalidPuzzleError(`the ${name} engine does not solve polyomino puzzles`);
}

function prepareRectangles(puzzle: Puzzle, board: BoardIndex, syms: SolutionSymmetry[], engineReason: string): PreparedSearch {
  const [width, height] = extent(puzzle.board);
  const origin = board.cells[0]!;
  const engine = new RectanglePacker({
    width, height,
    pieces: puzzle.pieces.map((p) => {
      const [w, h] = extent(p.shape);
      return { w, h, count: p.count };
    }),
  });
  const group = syms.slice(1);
  const decode = (raw: Int32Array): Solution => {
    const placements = [];
    for (let k = 0; k < raw.length; k += 5) {
      const [piece, x0, y0, w, h] = [raw[k]!, raw[k + 1]!, raw[k + 2]!, raw[k + 3]!, raw[k + 4]!];
      const cells: [number, number, number][] = [];
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push([origin[0] + x, origin[1] + y, 0]);
      placements.push({ piece: puzzle.pieces[piece]!.name, cells });
    }
    return { placements };
  };
  return {
    puzzle, engine, engineReason, unique: syms.length > 0, needsFilter: group.length > 0,
    groupSize: Math.max(1, syms.length),
    symmetryNote: syms.length > 0 ? `${syms.length} symmetries; each solution filtered by canonical form` : undefined,
    accept(raw) {
      if (group.length === 0) return true;
      const labels = new Int32Array(board.cells.length);
      for (let k = 0; k < raw.length; k += 5) {
        const [piece, x0, y0, w, h] = [raw[k]!, raw[k + 1]!, raw[k + 2]!, raw[k + 3]!, raw[k + 4]!];
        for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) labels[board.indexOf([origin[0] + x, origin[1] + y, 0])] = piece;
      }
      return isCanonical(labels, group);
    },
    decode,
  };
}
