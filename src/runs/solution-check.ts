import { cellKey } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { createVerifier } from '../search/verify.js';

/**
 * Solutions read back from files (a checkpoint, a shard's output, --jsonl lines) are checked before they
 * are believed: each must solve the puzzle (the verifier, which shares nothing with the search), and none
 * may come twice (a line copied would count twice). Returns the checker: the problem with a solution, or
 * undefined when it is a new, valid one.
 */
export function createSolutionCheck(puzzle: Puzzle): (solution: Solution) => string | undefined {
  const verify = createVerifier(puzzle);
  const seen = new Set<string>();
  return (solution) => {
    const problems = verify(solution);
    if (problems.length > 0) return `not a solution of ${puzzle.name}: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}`;
    const key = solutionKey(solution);
    if (seen.has(key)) return 'the same solution is given twice';
    seen.add(key);
    return undefined;
  };
}

/** A solution as a string that ignores the order of the placements, of their cells and of identical copies. */
export function solutionKey(solution: Solution): string {
  return solution.placements
    .map((p) => `${p.piece}:${p.cells.map(cellKey).sort().join(' ')}`)
    .sort()
    .join('|');
}
