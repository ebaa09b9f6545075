/**
 * The completions of a half-done board, for tests, by code that shares nothing with the search: the cells
 * of the placed pieces come off the board, each placed piece uses up one copy, and orbits.ts's plain
 * backtracking tiles what is left. Exact packings only (every copy placed, every cell covered), with the
 * pieces turning freely (mirror as the piece says): what the hint tests build.
 */
import type { Cell, PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { allTilings } from './orbits.js';

const key = (c: Cell): string => `${c[0]},${c[1]},${c[2]}`;

/** A placement as a string: its piece and its cells, in any order. */
export function placeKey(piece: string, cells: readonly Cell[]): string {
  return `${piece}:${cells.map(key).sort().join(' ')}`;
}

/** Every completion of the board with `placed` on it (the pieces added, without the placed ones). */
export function completionsOf(puzzle: Puzzle, placed: readonly PlacedPiece[] = puzzle.placed ?? []): Solution[] {
  const taken = new Set(placed.flatMap((p) => p.cells.map(key)));
  const board = puzzle.board.filter((c) => !taken.has(key(c)));
  const pieces = puzzle.pieces.map((p) => ({ ...p, count: p.count - placed.filter((q) => q.piece === p.name).length }));
  if (pieces.some((p) => p.count < 0)) return [];
  if (board.length === 0) return pieces.every((p) => p.count === 0) ? [{ placements: [] }] : [];
  const { placed: _placed, ...rest } = puzzle;
  return allTilings({ ...rest, board, pieces });
}

/** The distinct placements of each piece across the completions, as placeKey strings, with how many completions have each. */
export function placementCounts(completions: readonly Solution[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of completions) {
    for (const k of new Set(s.placements.map((p) => placeKey(p.piece, p.cells)))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}
