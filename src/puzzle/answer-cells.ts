/**
 * Cells as snug hands them out: [x, y] on a flat grid, [x, y, z] in 3-D. Puzzle files write them so,
 * `snug solve --json` prints them so, and the library's answers (solutions, hints, the pieces an analysis
 * finds shared, challenges) give them so, to people and programs alike. Inside, every stage works on
 * [x, y, z] with z = 0 on a flat grid, so that one cell type serves every grid; these functions turn one
 * form into the other where cells leave snug (answerSolution) and come back in (modelSolution, which also
 * takes [x, y, z] cells: a solution of a flat puzzle with z = 0 written out is the same solution).
 */
import type { Cell, Dimensions } from '../geometry/cell.js';
import type { PlacedPiece, Solution } from './model.js';

/** A cell as snug hands it out: [x, y] on a flat grid, [x, y, z] in 3-D. */
export type AnswerCell = readonly [x: number, y: number] | Cell;

/** A placed piece as snug hands it out. */
export type AnswerPlacement = Omit<PlacedPiece, 'cells'> & { readonly cells: readonly AnswerCell[] };

/** A solution as snug hands it out (and as `solve --json` and `--jsonl` print it). */
export type AnswerSolution = Omit<Solution, 'placements'> & { readonly placements: readonly AnswerPlacement[] };

export function answerCell(c: Cell, dims: Dimensions): AnswerCell {
  return dims === 2 ? [c[0], c[1]] : [c[0], c[1], c[2]];
}

export function answerCells(cells: readonly Cell[], dims: Dimensions): AnswerCell[] {
  return cells.map((c) => answerCell(c, dims));
}

export function answerPlacement(p: PlacedPiece, dims: Dimensions): AnswerPlacement {
  return { piece: p.piece, cells: answerCells(p.cells, dims), ...(p.given ? { given: true } : {}) };
}

export function answerSolution(solution: Solution, dims: Dimensions): AnswerSolution {
  return {
    placements: solution.placements.map((p) => answerPlacement(p, dims)),
    ...(solution.level ? { level: [...solution.level] } : {}),
  };
}

/** A cell in the model's form: [x, y] gets z = 0 (anything else comes back as it is, for the checks to refuse). */
export function modelCell(c: AnswerCell): Cell {
  return c.length === 2 ? [c[0], c[1], 0] : c;
}

/**
 * A solution in the model's form (every cell [x, y, z]); one already in it, or one that is not a solution at
 * all (for the checks behind to refuse), comes back as it is.
 */
export function modelSolution(solution: AnswerSolution): Solution {
  const placements: unknown = (solution as { placements?: unknown } | null)?.placements;
  const flat = (p: unknown): boolean => Array.isArray((p as AnswerPlacement | null)?.cells) && (p as AnswerPlacement).cells.some((c) => Array.isArray(c) && c.length === 2);
  if (!Array.isArray(placements) || !placements.some(flat)) return solution as Solution;
  return {
    ...solution,
    placements: placements.map((p: AnswerPlacement) => (flat(p) ? { ...p, cells: p.cells.map((c) => (Array.isArray(c) ? modelCell(c) : c)) } : p)),
  } as Solution;
}
