import type { Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { isCoordinate } from '../puzzle/validate.js';
import { shownValue } from '../puzzle/printable.js';
import { InvalidOptionError } from '../search/options.js';

/**
 * The pictures' public boundary: a puzzle and a solution given by a program are checked before anything
 * is drawn, so that a bad one is the library's typed error in one line (InvalidPuzzleError,
 * InvalidOptionError), never a TypeError from deep inside nor a picture of a cell at 1e300 (which would
 * take for ever to lay out). A solution's cells are whole coordinates no farther from the board than the
 * board is wide: what a solution of the puzzle, whole or in part, can hold.
 */
export function checkPictureArguments(puzzle: unknown, solution: unknown, caller: string): asserts solution is Solution {
  const shown = (value: unknown): string => shownValue(value, 40);
  const bad = (what: string, value: unknown): never => {
    throw new InvalidOptionError(`${caller}: ${what}, not ${shown(value)}`);
  };
  // (what a picture reads of the puzzle: a picture may be of a part of one, as `snug disassemble` draws)
  const p = puzzle as Puzzle;
  const badPuzzle = (what: string): never => {
    throw new InvalidPuzzleError(`${caller}: ${what}`);
  };
  if (typeof puzzle !== 'object' || puzzle === null) badPuzzle('the puzzle must be an object with a board and pieces');
  if (typeof p.name !== 'string') badPuzzle('the puzzle needs a name (text)');
  if (p.dims !== 2 && p.dims !== 3) badPuzzle(`dims must be 2 or 3, not ${shown(p.dims)}`);
  if (!Array.isArray(p.board) || p.board.length === 0) badPuzzle('the board must be a non-empty list of cells');
  for (const c of p.board) if (!Array.isArray(c) || c.length !== 3 || !c.every(isCoordinate)) badPuzzle(`a board cell must be [x, y, z] of whole numbers, not ${shown(c)}`);
  if (!Array.isArray(p.pieces) || p.pieces.some((piece) => typeof piece !== 'object' || piece === null || typeof piece.name !== 'string')) badPuzzle('pieces must be a list of pieces with names');
  if (typeof solution !== 'object' || solution === null || !Array.isArray((solution as Solution).placements)) bad('the solution must be an object { placements: [{ piece, cells }] }', solution);
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const c of p.board) for (let a = 0; a < 3; a++) {
    lo[a] = Math.min(lo[a]!, c[a]!);
    hi[a] = Math.max(hi[a]!, c[a]!);
  }
  const names = new Set(p.pieces.map((piece) => piece.name));
  (solution as Solution).placements.forEach((placement, i) => {
    const where = `solution.placements[${i}]`;
    if (typeof placement !== 'object' || placement === null) bad(`${where} must be an object { piece, cells }`, placement);
    if (typeof placement.piece !== 'string' || !names.has(placement.piece)) bad(`${where}.piece must name a piece of the puzzle`, placement.piece);
    if (!Array.isArray(placement.cells) || placement.cells.length === 0) bad(`${where}.cells must be a non-empty list of cells`, placement.cells);
    placement.cells.forEach((cell, k) => {
      if (!Array.isArray(cell) || cell.length !== 3 || !cell.every(isCoordinate)) bad(`${where}.cells[${k}] must be a cell [x, y, z] of whole numbers`, cell);
      for (let a = 0; a < 3; a++) {
        const span = hi[a]! - lo[a]! + 1;
        if (cell[a]! < lo[a]! - span || cell[a]! > hi[a]! + span) bad(`${where}.cells[${k}] is farther from the board than the board is wide`, cell);
      }
    });
  });
}
