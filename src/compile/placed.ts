/**
 * The pieces placed before the search: taken off the board (the search sees a smaller board, with those
 * pieces' copies used up), and the board's symmetries carried over to what is left.
 */
import { cellKey } from '../geometry/cell.js';
import type { BoardIndex } from '../placements/board.js';
import type { PlacedPiece, Puzzle } from '../puzzle/model.js';
import { pieceMin } from '../puzzle/model.js';
import type { SolutionSymmetry } from './symmetry.js';

/**
 * The puzzle as the search sees it: the pieces already placed taken off with their cells (each used up
 * one copy, and one of `use`), so that a board with placed pieces is a smaller board; and those pieces,
 * marked given, to put back into every solution.
 */
export function withoutPlaced(puzzle: Puzzle): { reduced: Puzzle; given: PlacedPiece[] } {
  const placed = puzzle.placed ?? [];
  if (placed.length === 0) return { reduced: puzzle, given: [] };
  const taken = new Set(placed.flatMap((p) => p.cells.map(cellKey)));
  const used = new Map<string, number>();
  for (const p of placed) used.set(p.piece, (used.get(p.piece) ?? 0) + 1);
  const pieces = puzzle.pieces
    .map((p) => {
      const n = used.get(p.name) ?? 0;
      if (n === 0) return p;
      const { min: _min, ...rest } = p;
      const min = Math.max(0, pieceMin(p) - n);
      return { ...rest, count: p.count - n, ...(min !== p.count - n ? { min } : {}) };
    })
    .filter((p) => p.count > 0);
  const { placed: _placed, use, optional, boardColours, ...rest } = puzzle;
  const left = optional?.filter((c) => !taken.has(cellKey(c)));
  const colouredLeft = boardColours?.filter((c) => !taken.has(cellKey(c.cell)));
  const reduced: Puzzle = {
    ...rest,
    board: puzzle.board.filter((c) => !taken.has(cellKey(c))),
    pieces,
    ...(left && left.length > 0 ? { optional: left } : {}),
    ...(colouredLeft && colouredLeft.length > 0 ? { boardColours: colouredLeft } : {}),
    ...(use !== undefined ? { use: use - placed.length } : {}),
  };
  return { reduced, given: placed.map((p) => ({ piece: p.piece, cells: p.cells, given: true })) };
}

/**
 * The symmetries of the whole board (each maps the placed pieces onto themselves, so the rest of the
 * board onto itself) as permutations of the reduced board's cells and pieces.
 */
export function restrictSymmetries(syms: readonly SolutionSymmetry[], full: Puzzle, fullBoard: BoardIndex, reduced: Puzzle, board: BoardIndex): SolutionSymmetry[] {
  const reducedIndex = new Map(reduced.pieces.map((p, i) => [p.name, i]));
  return syms.map((s) => {
    const cellMap = Int32Array.from(board.cells, (c) => board.indexOf(fullBoard.cells[s.cellMap[fullBoard.indexOf(c)]!]!));
    const cellFrom = new Int32Array(cellMap.length);
    cellMap.forEach((to, from) => { cellFrom[to] = from; });
    const pieceMap = Int32Array.from(reduced.pieces, (p) => reducedIndex.get(full.pieces[s.pieceMap[full.pieces.findIndex((q) => q.name === p.name)]!]!.name)!);
    return { transform: s.transform, cellMap, cellFrom, pieceMap };
  });
}
