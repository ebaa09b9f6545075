import pc from 'picocolors';
import type { Analysis, AnalysisStage } from '../analysis/analyze.js';
import { analyzePuzzle } from '../analysis/analyze.js';
import { DEFAULT_MAX_NODES } from '../engines/plain.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { PuzzleError } from '../puzzle/errors.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import { renderSolutionText } from '../render/index.js';
import type { EngineChoice } from '../compile/options.js';
import { EXIT } from './errors.js';
import { formatCount, formatDuration } from '../render/report.js';
import type { ProgressMode, ProgressReporter } from './progress.js';
import { progressReporter } from './progress.js';
import { pictureWidth, quietOnFailure, useColor } from './solve.js';

export interface AnalyzeFlags {
  /** The problem of a BurrTools file to read (1-based). */
  problem?: number;
  json?: boolean;
  timeLimit?: number;
  max?: number;
  maxNodes?: number;
  engine: EngineChoice;
  workers?: number;
  quiet?: boolean;
  progress?: ProgressMode;
  color: boolean;
}

/**
 * `snug analyze PUZZLE`: solutions in all and up to symmetry, the placements every solution shares, the
 * difficulty figure and the forced moves. Exit 0 when the puzzle is unique (one class, counts complete),
 * 1 otherwise, 130 when Ctrl-C stopped it.
 */
export async function analyzeCommand(target: string, flags: AnalyzeFlags): Promise<number> {
  const { puzzle, source } = resolvePuzzle(target, flags.problem);
  const mode: ProgressMode = flags.quiet ? 'none' : flags.progress ?? (process.stderr.isTTY ? 'bar' : 'none');
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let reporter: ProgressReporter | undefined;
  let analysis: Analysis;
  try {
    analysis = await analyzePuzzle(puzzle, {
      engine: flags.engine,
      ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
      ...(flags.max !== undefined ? { maxSolutions: flags.max } : {}),
      ...(flags.maxNodes !== undefined ? { maxNodes: flags.maxNodes } : {}),
      ...(flags.timeLimit !== undefined ? { timeLimitMs: flags.timeLimit * 1000 } : {}),
      signal: controller.signal,
      onStage: (stage: AnalysisStage) => {
        reporter?.stop();
        reporter = stage === 'difficulty' ? undefined : quietOnFailure(progressReporter(mode, { unique: stage === 'classes' }));
      },
      onProgress: (_stage, p) => reporter?.update(p),
    });
  } catch (e) {
    if (e instanceof InvalidPuzzleError) throw new PuzzleError(source, undefined, e.message);
    throw e;
  } finally {
    reporter?.stop();
    process.removeListener('SIGINT', onSigint);
  }
  if (flags.json) console.log(JSON.stringify(analysisJson(analysis, puzzle.dims)));
  else for (const line of analysisLines(analysis, puzzle, source, flags)) console.log(line);
  if (analysis.interrupted) return EXIT.interrupted;
  return analysis.isUnique ? EXIT.ran : EXIT.noSolution;
}

/** The analysis as JSON: cells as [x, y] in 2-D and [x, y, z] in 3-D, whole milliseconds. */
export function analysisJson(a: Analysis, dims: 2 | 3): Record<string, unknown> {
  return {
    puzzle: a.puzzle,
    solutions: a.solutions,
    unique: a.unique,
    isUnique: a.isUnique,
    complete: a.complete,
    symmetries: a.symmetries,
    shared: a.shared.map((p) => ({ piece: p.piece, cells: p.cells.map((c) => c.slice(0, dims)) })),
    difficulty: a.difficulty,
    forcedMoves: a.forcedMoves,
    ...(a.piecesToPlace !== undefined ? { piecesToPlace: a.piecesToPlace } : {}),
    ...(a.impossible ? { impossible: a.impossible } : {}),
    ...(a.disassembly ? { comesApart: a.disassembly.comesApart, maxLevel: a.disassembly.maxLevel ? [...a.disassembly.maxLevel] : null, ...(a.disassembly.undecided > 0 ? { undecided: a.disassembly.undecided } : {}) } : {}),
    ...(a.interrupted ? { interrupted: true } : {}),
    elapsedMs: Math.round(a.elapsedMs),
  };
}

/** Shared placements listed one a line at most (the picture shows them all). */
const MAX_LISTED = 24;

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** What `snug analyze` prints for a person. */
function analysisLines(a: Analysis, puzzle: Puzzle, source: string, flags: AnalyzeFlags): string[] {
  const lines = [`${pc.bold(printable(puzzle.name))}  (${printable(source)})`];
  if (a.impossible) {
    lines.push(`no solution can exist: ${a.impossible}`);
    return lines;
  }
  const why = a.interrupted ? 'stopped by Ctrl-C' : flags.max !== undefined && (a.solutions >= flags.max || a.unique >= flags.max) ? `stopped at --max ${formatCount(flags.max)}` : 'stopped by the time limit';
  const atLeast = a.complete ? '' : 'at least ';
  const symmetry = a.symmetries > 1 ? `up to the ${a.symmetries} symmetries of the board` : 'up to symmetry (no symmetry of the board maps solutions to solutions)';
  const classes = a.complete || a.unique > 0 ? `${atLeast}${formatCount(a.unique)} ${symmetry}` : 'none counted up to symmetry yet';
  lines.push(`solutions: ${atLeast}${formatCount(a.solutions)} in all, ${classes}${a.complete ? '' : ` (${why})`}`);
  if (a.isUnique) lines.push(`unique: yes${a.solutions > 1 ? ` (its ${a.solutions} solutions are images of one another)` : ''}`);
  else if (a.complete) lines.push(a.solutions === 0 ? 'unique: no (there is no solution)' : `unique: no (${plural(a.unique, 'different solution')})`);
  else lines.push(a.unique > 1 ? `unique: no (${atLeast}${plural(a.unique, 'different solution')})` : 'unique: not known (the counts are not complete)');
  if (a.disassembly) {
    const t = a.disassembly;
    const level = t.maxLevel ? `, the highest level ${t.maxLevel.join('.')}` : '';
    const undecided = t.undecided > 0 ? ` (${formatCount(t.undecided)} undecided: too many arrangements to search)` : '';
    lines.push(`comes apart: ${atLeast}${formatCount(t.comesApart)} of the ${formatCount(a.unique)} solutions up to symmetry${level}${undecided}`);
  }
  if (a.solutions > 0) {
    const among = a.complete ? 'every solution' : `every one of the ${plural(a.solutions, 'solution')} found`;
    if (a.shared.length === 0) lines.push(`shared by ${among}: no placement`);
    else {
      lines.push(`shared by ${among}: ${plural(a.shared.length, 'placement')}`);
      for (const p of a.shared.slice(0, MAX_LISTED)) lines.push(`  ${printable(p.piece)}: ${p.cells.map((c) => `(${c.slice(0, puzzle.dims).join(',')})`).join(' ')}`);
      if (a.shared.length > MAX_LISTED) lines.push(`  ... and ${formatCount(a.shared.length - MAX_LISTED)} more (--json lists them all)`);
      const given = (puzzle.placed ?? []).map((p) => ({ ...p, given: true as const }));
      lines.push(renderSolutionText(puzzle, { placements: [...given, ...a.shared] }, { color: useColor(flags.color), maxWidth: pictureWidth() }));
    }
  }
  const d = a.difficulty;
  if (d.unmeasured) lines.push(`difficulty: not measured: ${d.unmeasured}`);
  else if (a.interrupted && !d.complete && d.nodes === 0) lines.push('difficulty: not measured (stopped by Ctrl-C)');
  else {
    const budget = flags.maxNodes ?? DEFAULT_MAX_NODES;
    const stop = d.complete ? '' : a.interrupted ? 'stopped by Ctrl-C; ' : d.nodes >= budget ? `stopped at --max-nodes ${formatCount(budget)}; ` : 'stopped by the time limit; ';
    lines.push(`difficulty: ${d.complete ? '' : 'at least '}${formatCount(d.nodes)} moves of a plain search (${stop}the whole tree: first empty cell in reading order, every piece and orientation that fits, no pruning)`);
    const of = a.piecesToPlace !== undefined ? ` of the ${plural(a.piecesToPlace, 'piece')} to place` : '';
    lines.push(`forced moves: ${formatCount(a.forcedMoves)}${of} (made without guessing: a cell or a piece with one way left)`);
  }
  lines.push(`time: ${formatDuration(a.elapsedMs)}`);
  return lines;
}
