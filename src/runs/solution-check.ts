import { cellKey } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import type { AssemblyTally, DisassembleOptions } from '../disassembly/sift.js';
import { compareLevels, disassembleSolution, disassemblyProblem, levelText } from '../disassembly/solution.js';
import { createVerifier } from '../search/verify.js';

/**
 * Solutions read back from files (a checkpoint, a shard's output, --jsonl lines, a queue's records) are
 * checked before they are believed: each must solve the puzzle (the verifier, which shares nothing with
 * the search), and none may come twice (a line copied would count twice). A solution's `level` must be a
 * level (a list of positive whole numbers); when the run took its assemblies apart (`disassemble`), every
 * solution must have one, and it is not taken on trust: the solution is taken apart again (costing no
 * more than the run spent on it) and must come apart at that very level, at least the least level asked
 * for. Returns the checker: the problem with a solution, or undefined when it is a new, valid one.
 */
export interface SolutionCheckOptions {
  /** The run's disassemble options, when it took its assemblies apart. */
  readonly disassemble?: DisassembleOptions;
}

/** The checker of one run's solutions: the problem with a solution, or undefined for a new, valid one (then remembered). */
export interface SolutionCheck {
  (solution: Solution): string | undefined;
  /** Forgets a solution that passed (its record was refused as a whole: the same solution may come again). */
  forget(solution: Solution): void;
}

export function createSolutionCheck(puzzle: Puzzle, options: SolutionCheckOptions = {}): SolutionCheck {
  const verify = createVerifier(puzzle);
  const seen = new Set<string>();
  const d = options.disassemble;
  const cannotPart = d ? disassemblyProblem(puzzle) : undefined;
  const check = (solution: Solution): string | undefined => {
    const problems = verify(solution);
    if (problems.length > 0) return `not a solution of ${puzzle.name}: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}`;
    const level = solution.level as unknown;
    if (level !== undefined) {
      const wrong = levelProblem(level);
      if (wrong) return `its level ${wrong}`;
    }
    if (d) {
      if (cannotPart) return `it cannot be taken apart: ${cannotPart}`;
      if (level === undefined) return 'it has no level, but the run takes its assemblies apart (each solution comes with its level)';
      const again = disassembleSolution(puzzle, solution, d.stateBudget !== undefined ? { stateBudget: d.stateBudget } : {});
      if (again.outcome !== 'apart') return `it is given level ${levelText(solution.level)}, but it does not come apart${again.outcome === 'unknown' ? ' within the state budget' : ''}`;
      if (compareLevels(again.level ?? [], solution.level!) !== 0) return `it is given level ${levelText(solution.level)}, but it comes apart at level ${levelText(again.level)}`;
      if (d.minLevel && compareLevels(solution.level!, d.minLevel) < 0) return `its level ${levelText(solution.level)} is below the least level asked for, ${levelText(d.minLevel)}`;
    }
    const key = solutionKey(solution);
    if (seen.has(key)) return 'the same solution is given twice';
    seen.add(key);
    return undefined;
  };
  return Object.assign(check, { forget: (solution: Solution) => void seen.delete(solutionKey(solution)) });
}

/** A solution as a string that ignores the order of the placements, of their cells and of identical copies. */
export function solutionKey(solution: Solution): string {
  return solution.placements
    .map((p) => `${p.piece}:${p.cells.map(cellKey).sort().join(' ')}`)
    .sort()
    .join('|');
}

/** The most separations a level lists (the disassembler parts at most 30 pieces: 29 separations). */
export const MAX_LEVEL_LENGTH = 64;

/** Why a value read back is not a level (a list of positive whole numbers, possibly empty), or undefined when it is. */
export function levelProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length > MAX_LEVEL_LENGTH || !value.every((n) => Number.isSafeInteger(n) && n >= 1)) {
    return `must be a list of at most ${MAX_LEVEL_LENGTH} whole numbers of at least 1`;
  }
  return undefined;
}

/**
 * Why a tally read back (a subproblem's or a shard's) cannot be what a run of `solutions` solutions that
 * come apart said, or undefined when it can: whole numbers; the solutions and the undecided assemblies
 * (which never count as solutions) among the assemblies; a highest level exactly when there is a
 * solution; and, when the solutions are listed (`levels`), the highest of theirs.
 */
export function tallyProblem(value: unknown, solutions: number, levels?: readonly (readonly number[] | undefined)[]): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'its tally of assemblies is missing';
  const { assemblies, undecided, maxLevel, ...more } = value as Partial<AssemblyTally> & Record<string, unknown>;
  if (Object.keys(more).length > 0) return `its tally of assemblies has a field ${JSON.stringify(Object.keys(more)[0]).slice(0, 40)} it should not`;
  for (const n of [assemblies, undecided]) if (!Number.isSafeInteger(n) || (n as number) < 0) return 'its tally of assemblies has a count that is not a whole number';
  if (solutions + undecided! > assemblies!) return `its tally has ${assemblies} assemblies, fewer than its ${solutions} solutions and ${undecided} undecided`;
  if (maxLevel !== undefined) {
    const wrong = levelProblem(maxLevel);
    if (wrong) return `its highest level ${wrong}`;
  }
  if ((maxLevel !== undefined) !== solutions > 0) return solutions > 0 ? 'its tally has no highest level, but it has solutions' : 'its tally has a highest level, but no solution';
  if (levels && maxLevel) {
    let highest: readonly number[] | undefined;
    for (const l of levels) if (l && (!highest || compareLevels(l, highest) > 0)) highest = l;
    if (!highest || compareLevels(highest, maxLevel) !== 0) return `its highest level is ${levelText(maxLevel)}, but its solutions' is ${levelText(highest)}`;
  }
  return undefined;
}
