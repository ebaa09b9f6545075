import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import type { StlFile, StlOptions } from '../render/stl.js';
import { STL_DEFAULTS, pieceStlFiles, solutionStlFiles, stlProblem } from '../render/stl.js';
import { formatCount } from '../render/report.js';
import { solve } from '../search/solve.js';
import { EXIT, OutputError, UsageError, fileProblem, writeError } from './errors.js';
import { join } from 'node:path';

export interface ExportFlags {
  stl?: string;
  solution?: number;
  cellSize?: number;
  gap?: number;
  bevel?: number;
  problem?: number;
}

/**
 * `snug export PUZZLE --stl DIR`: the pieces as binary STL files for a 3-D printer, one per piece (copies of
 * a piece are one file, printed as often as the piece is used), or with --solution N the Nth solution's
 * pieces in their places. DIR must be new: nothing already there is overwritten.
 */
export function exportCommand(target: string, flags: ExportFlags, resolvePuzzle: (target: string, problem?: number) => { puzzle: Puzzle; source: string }): number {
  if (flags.stl === undefined) throw new UsageError('export needs --stl DIR: the folder to write the STL files in (the only format it writes)');
  if (flags.stl === '') throw new UsageError('--stl wants a folder to write the STL files in');
  const { puzzle, source } = resolvePuzzle(target, flags.problem);
  const options: StlOptions = {
    cellSize: flags.cellSize ?? STL_DEFAULTS.cellSize,
    gap: flags.gap ?? STL_DEFAULTS.gap,
    bevel: flags.bevel ?? STL_DEFAULTS.bevel,
  };
  const problem = stlProblem(puzzle, options);
  if (problem) throw new UsageError(`${printable(source)}: ${problem}`);
  if (existsSync(flags.stl)) throw new UsageError(`--stl ${printable(flags.stl)} is there already: export into a new folder`);
  let files: StlFile[];
  let solution: Solution | undefined;
  if (flags.solution !== undefined) {
    const n = flags.solution;
    const found = solve(puzzle, { limit: n });
    solution = found.found[n - 1];
    if (!solution) {
      writeError(`snug: ${printable(source)} has ${formatCount(found.solutions)} solution${found.solutions === 1 ? '' : 's'}: there is no solution ${n}\n`);
      return EXIT.noSolution;
    }
    files = solutionStlFiles(puzzle, solution, options);
  } else {
    files = pieceStlFiles(puzzle, options);
  }
  let made = false;
  try {
    // one new folder, its parent already there (a recursive mkdir can spin forever under /proc)
    mkdirSync(flags.stl);
    made = true;
    for (const f of files) writeFileSync(join(flags.stl, f.name), f.bytes, { flag: 'wx' });
  } catch (e) {
    // a folder half written is no export: take back what this run made (the folder was new)
    if (made) rmSync(flags.stl, { recursive: true, force: true });
    throw new OutputError(`cannot write the STL files into ${printable(flags.stl)}: ${fileProblem(e)}`);
  }
  const { cellSize, gap, bevel } = options;
  const what = solution ? `solution ${flags.solution} of ${printable(puzzle.name)}, each piece in its place` : `the pieces of ${printable(puzzle.name)}`;
  console.log(`wrote ${formatCount(files.length)} STL file${files.length === 1 ? '' : 's'} of ${what} into ${printable(flags.stl)} (cells of ${cellSize} mm, gap ${gap} mm, bevel ${bevel} mm):`);
  for (const f of files) {
    const copies = f.copies > 1 ? ` (print ${f.copies})` : '';
    console.log(`  ${f.name}  ${formatCount(f.triangles)} triangles${copies}`);
  }
  return EXIT.ran;
}
