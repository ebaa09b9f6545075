import { writeFileSync } from 'node:fs';
import type { SolutionDisassembly } from '../disassembly/solution.js';
import { disassembleSolution, disassemblyProblem } from '../disassembly/solution.js';
import type { BurrToolsWriteOptions } from '../puzzle/burrtools.js';
import { BurrToolsWriteError, burrToolsOrientation, formatBurrTools, isBurrToolsPath } from '../puzzle/burrtools.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import { PuzzleError } from '../puzzle/errors.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import { solve } from '../search/solve.js';
import { EXIT, OutputError, UsageError, fileProblem } from './errors.js';

export interface ConvertFlags {
  /** The problem of a BurrTools input file (1-based). */
  problem?: number;
  /** Solve first and write up to this many solutions into the BurrTools output, as its assemblies. */
  solutions?: number;
  /**
   * Solve as BurrTools does (every assembly up to symmetry), take each apart, and write those that come
   * apart (up to `solutions` of them) with their moves, and the problem's counts.
   */
  disassemble?: boolean;
}

/**
 * snug convert IN OUT: a puzzle (catalog name, YAML or BurrTools file) written as a BurrTools file when OUT
 * ends in .xmpuzzle, else as snug's YAML (OUT .yaml or .yml, or - for standard output).
 */
export function convertCommand(input: string, output: string, flags: ConvertFlags): number {
  const toBurrTools = isBurrToolsPath(output);
  if (!toBurrTools && output !== '-' && !/\.ya?ml$/i.test(output)) {
    throw new UsageError(`convert writes a BurrTools file (OUT ending in .xmpuzzle) or a snug puzzle file (.yaml or .yml, or - for standard output), not '${printable(output, 60)}'`);
  }
  if (!toBurrTools && flags.solutions !== undefined) throw new UsageError('--solutions writes solutions into a BurrTools file: give an output file ending in .xmpuzzle');
  if (!toBurrTools && flags.disassemble) throw new UsageError('--disassemble writes solutions and their moves into a BurrTools file: give an output file ending in .xmpuzzle');
  const { puzzle, source } = resolvePuzzle(input, flags.problem);
  let data: string | Uint8Array;
  let found: Solution[] = [];
  let assemblies = 0;
  if (toBurrTools) {
    let options: BurrToolsWriteOptions = {};
    if (flags.disassemble) {
      const problem = disassemblyProblem(puzzle);
      if (problem) throw new UsageError(`${printable(source, 80)}: ${problem}`);
      // every assembly up to symmetry, as BurrTools counts them; the solutions are those that come apart
      const all = solve(puzzle, { all: true, unique: true }).found;
      assemblies = all.length;
      const apart: { solution: Solution; disassembly: SolutionDisassembly; asmNum: number }[] = [];
      for (const [asmNum, found] of all.entries()) {
        if (flags.solutions !== undefined && apart.length >= flags.solutions) break;
        // turned as BurrTools reports it, so that levels agree with its (they depend on the orientation)
        const solution = burrToolsOrientation(puzzle, found);
        const disassembly = disassembleSolution(puzzle, solution);
        // as BurrTools counts them: an assembly of one piece has nothing to take apart, and is no solution
        if (disassembly.outcome === 'apart' && disassembly.separation) apart.push({ solution, disassembly, asmNum });
      }
      found = apart.map((a) => a.solution);
      options = { disassemblies: apart.map((a) => a.disassembly), assemblies, assemblyNumbers: apart.map((a) => a.asmNum) };
    } else if (flags.solutions !== undefined) found = solve(puzzle, { limit: flags.solutions }).found;
    try {
      data = formatBurrTools(puzzle, found, options);
    } catch (e) {
      if (e instanceof BurrToolsWriteError) throw new UsageError(`${printable(source, 80)}: cannot be written as a BurrTools file: ${e.message}`);
      throw e;
    }
  } else {
    data = formatPuzzle(puzzle);
    // the YAML must read back as the same kind of puzzle: a grid the file format cannot say yet is refused
    let back: Puzzle | undefined;
    try {
      back = parsePuzzle(data, output);
    } catch (e) {
      if (!(e instanceof PuzzleError)) throw e;
    }
    if (!back || puzzleGrid(back).name !== puzzleGrid(puzzle).name || back.board.length !== puzzle.board.length) {
      throw new UsageError(`${printable(source, 80)}: snug's puzzle file cannot hold a puzzle on the ${puzzleGrid(puzzle).name} grid yet`);
    }
  }
  if (output === '-') {
    process.stdout.write(data);
    return EXIT.ran;
  }
  try {
    writeFileSync(output, data);
  } catch (e) {
    throw new OutputError(`cannot write ${printable(output, 80)}: ${fileProblem(e)}`);
  }
  const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const solved = flags.disassemble
    ? ` with ${plural(found.length, 'solution')} that come${found.length === 1 ? 's' : ''} apart, of ${assemblies} ${assemblies === 1 ? 'assembly' : 'assemblies'}`
    : flags.solutions !== undefined ? ` with ${plural(found.length, 'solution')}` : '';
  console.log(`wrote ${printable(output, 80)}: ${printable(puzzle.name, 80)}${solved}`);
  return (flags.solutions !== undefined || flags.disassemble) && found.length === 0 ? EXIT.noSolution : EXIT.ran;
}
