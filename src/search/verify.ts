import { cellKey, normalize, shapeKey } from '../geometry/cell.js';
import { allowedTransforms, orientations } from '../geometry/symmetry.js';
import type { Puzzle, Solution } from '../puzzle/model.js';

/**
 * Checks a solution against the puzzle alone, sharing nothing with the search: every board cell covered
 * exactly once, nothing off the board, every piece used exactly its count, and every placed shape congruent
 * to its piece under the transforms the puzzle allows. Returns the problems found (empty when valid).
 */
export function verifySolution(puzzle: Puzzle, solution: Solution): string[] {
  return createVerifier(puzzle)(solution);
}

/** The verifier for one puzzle, with the piece orientations worked out once (for checking many solutions). */
export function createVerifier(puzzle: Puzzle): (solution: Solution) => string[] {
  const board = new Set(puzzle.board.map(cellKey));
  const shapes = new Map(
    puzzle.pieces.map((p) => [p.name, new Set(orientations(p.shape, allowedTransforms(puzzle.dims, p.mirror)).map((o) => shapeKey(o.cells)))]),
  );
  return (solution) => check(puzzle, board, shapes, solution);
}

function check(puzzle: Puzzle, board: ReadonlySet<string>, shapes: ReadonlyMap<string, ReadonlySet<string>>, solution: Solution): string[] {
  const problems: string[] = [];
  const covered = new Set<string>();
  const used = new Map<string, number>();
  for (const placed of solution.placements) {
    const allowed = shapes.get(placed.piece);
    if (!allowed) {
      problems.push(`unknown piece '${placed.piece}'`);
      continue;
    }
    used.set(placed.piece, (used.get(placed.piece) ?? 0) + 1);
    if (!allowed.has(shapeKey(normalize(placed.cells))) || normalize(placed.cells).length !== placed.cells.length) {
      problems.push(`piece '${placed.piece}' is placed in a shape that is not one of its allowed orientations`);
    }
    for (const c of placed.cells) {
      const k = cellKey(c);
      if (!board.has(k)) problems.push(`piece '${placed.piece}' covers ${k}, which is not on the board`);
      else if (covered.has(k)) problems.push(`cell ${k} is covered twice`);
      covered.add(k);
    }
  }
  for (const k of board) if (!covered.has(k)) problems.push(`cell ${k} is not covered`);
  for (const p of puzzle.pieces) {
    const n = used.get(p.name) ?? 0;
    if (n !== p.count) problems.push(`piece '${p.name}' is used ${n} times, expected ${p.count}`);
  }
  return problems;
}

/** Throws with every problem listed when the solution is not valid. */
export function assertValidSolution(puzzle: Puzzle, solution: Solution): void {
  const problems = verifySolution(puzzle, solution);
  if (problems.length > 0) throw new Error(`invalid solution of ${puzzle.name}: ${problems.join('; ')}`);
}
