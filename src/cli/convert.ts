import { writeFileSync } from 'node:fs';
import { BurrToolsWriteError, formatBurrTools, isBurrToolsPath } from '../puzzle/burrtools.js';
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
  const { puzzle, source } = resolvePuzzle(input, flags.problem);
  let data: string | Uint8Array;
  let found: Solution[] = [];
  if (toBurrTools) {
    if (flags.solutions !== undefined) found = solve(puzzle, { limit: flags.solutions }).found;
    try {
      data = formatBurrTools(puzzle, found);
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
  const solved = flags.solutions !== undefined ? ` with ${found.length} solution${found.length === 1 ? '' : 's'}` : '';
  console.log(`wrote ${printable(output, 80)}: ${printable(puzzle.name, 80)}${solved}`);
  return flags.solutions !== undefined && found.length === 0 ? EXIT.noSolution : EXIT.ran;
}
