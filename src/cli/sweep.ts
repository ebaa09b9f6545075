import { writeFileSync } from 'node:fs';
import type { SweepOver, SweepVariant } from '../analysis/sweep.js';
import { parseBoardTemplate, sweepAsync, sweepVariants } from '../analysis/sweep.js';
import type { EngineName } from '../engines/types.js';
import { svgToPng } from '../platform/host.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { PuzzleError } from '../puzzle/errors.js';
import { InvalidPuzzleError, puzzleProblem } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import type { SweepTable } from '../render/sweep-table.js';
import { sweepChartSvg, sweepCsv, sweepJson, sweepText } from '../render/sweep-table.js';
import { readablePngZoom } from '../render/svg.js';
import { EXIT, OutputError, UsageError, fileProblem, writeError } from './errors.js';
import type { ProgressMode } from './progress.js';
import { progressReporter } from './progress.js';
import { probeWritable, quietOnFailure } from './solve.js';

export interface SweepFlags {
  over?: string[];
  board?: string;
  year?: number;
  only?: string;
  problem?: number;
  unique?: boolean;
  symmetry?: 'all' | 'rotations';
  engine?: EngineName | 'auto';
  timeLimit?: number;
  workers?: number;
  quiet?: boolean;
  progress?: ProgressMode;
  checkpoint?: string;
  checkpointInterval?: number;
  csv?: boolean;
  json?: boolean;
  svg?: string;
  png?: string;
}

/**
 * `snug sweep`: a thin shell over the library's sweep (analysis/sweep.ts). `--over KIND [K]` takes its K
 * from the words after it; words it does not need are puzzles (commander gives a variadic option every
 * word up to the next option). Without --over, each puzzle given is one variant.
 */
export async function sweepCommand(targets: string[], flags: SweepFlags): Promise<number> {
  const words = [...(flags.over ?? [])];
  const kind = words.shift();
  let over: SweepOver | undefined;
  let overName = 'variants';
  if (kind === 'dates') {
    over = { kind: 'dates', ...(flags.year !== undefined ? { year: flags.year } : {}) };
    overName = 'dates';
  } else if (kind === 'pieces') {
    const k = words.shift();
    const m = k === undefined ? null : /^(\d+)(?:\.\.(\d+))?$/.exec(k);
    if (!m) throw new UsageError(`--over pieces wants K, how many pieces to choose (or a range such as 3..7), not ${k === undefined ? 'nothing' : `'${printable(k, 40)}'`}`);
    const from = Number(m[1]);
    const to = m[2] !== undefined ? Number(m[2]) : from;
    over = { kind: 'pieces', k: from, upTo: to, ...(flags.board !== undefined ? { board: parseBoardTemplate(flags.board) } : {}) };
    overName = `pieces ${k}`;
  } else if (kind === 'open-cells') {
    over = { kind: 'open-cells' };
    overName = 'open cells';
  } else if (kind !== undefined) {
    throw new UsageError(`--over wants dates, pieces K or open-cells, not '${printable(kind, 40)}'`);
  }
  targets.push(...words);
  if (flags.board !== undefined && over?.kind !== 'pieces') throw new UsageError('--board gives the board for each K of --over pieces K');
  if (flags.year !== undefined && over?.kind !== 'dates') throw new UsageError('--year goes with --over dates');
  if (flags.symmetry !== undefined && !flags.unique) throw new UsageError('--symmetry says which symmetries --unique counts up to: give --unique too');
  if (over && targets.length !== 1) throw new UsageError(`--over ${kind} sweeps one puzzle: give one, not ${targets.length}`);
  if (!over && targets.length < 2) throw new UsageError('sweep needs --over dates|pieces K|open-cells, or several puzzles to count one after another');
  if (flags.csv && flags.json) throw new UsageError('--csv and --json are two forms of one table: give one of them');
  if (flags.png === '' || flags.png === '-') throw new UsageError('--png wants the name of a file to write');
  if (flags.svg === '') throw new UsageError('--svg wants the name of a file to write');
  if (flags.svg !== undefined && flags.svg !== '-') probeWritable(flags.svg, '--svg');
  if (flags.png !== undefined) probeWritable(flags.png, '--png');

  const loaded = targets.map((t) => ({ target: t, ...resolvePuzzle(t, flags.problem) }));
  let variants: SweepVariant[];
  let name: string;
  if (over) {
    name = loaded[0]!.puzzle.name;
    variants = sweepVariants(loaded[0]!.puzzle, over);
  } else {
    name = loaded.map((l) => l.puzzle.name).join(', ');
    const keys = new Set<string>();
    variants = loaded.map((l) => {
      // two files of one name: the path tells them apart
      const key = keys.has(l.target) ? `${l.target} (${keys.size + 1})` : l.target;
      keys.add(key);
      return { key, puzzle: l.puzzle };
    });
  }
  if (flags.only !== undefined) {
    const wanted = flags.only.split(',').map((s) => s.trim()).filter(Boolean);
    const have = new Set(variants.map((v) => v.key));
    const unknown = wanted.find((w) => !have.has(w));
    if (unknown !== undefined) throw new UsageError(`--only: no variant is named '${printable(unknown, 40)}' (they are named as ${printable(variants.slice(0, 3).map((v) => v.key).join(', '), 80)}, ...)`);
    variants = variants.filter((v) => wanted.includes(v.key));
  }
  // a file's own problem (not a variant's: a date may leave the areas unequal, which its row says) is the file's
  for (const l of loaded) {
    if (!over) {
      const problem = puzzleProblem(l.puzzle);
      if (problem) throw new PuzzleError(l.source, undefined, problem);
    }
  }

  const mode: ProgressMode = flags.quiet ? 'none' : flags.progress ?? (process.stderr.isTTY ? 'bar' : 'none');
  const reporter = quietOnFailure(progressReporter(mode, { unique: !!flags.unique }));
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let result;
  try {
    result = await sweepAsync(variants, {
      unique: !!flags.unique,
      ...(flags.symmetry ? { symmetry: flags.symmetry } : {}),
      ...(flags.engine ? { engine: flags.engine } : {}),
      ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
      ...(flags.timeLimit !== undefined ? { timeLimitMs: flags.timeLimit * 1000 } : {}),
      signal: controller.signal,
      onProgress: (p) => reporter.update(p),
      ...(flags.checkpoint !== undefined ? { checkpoint: { path: flags.checkpoint, ...(flags.checkpointInterval !== undefined ? { intervalMs: flags.checkpointInterval * 1000 } : {}) } } : {}),
    });
  } catch (e) {
    if (e instanceof InvalidPuzzleError) throw new PuzzleError(loaded[0]!.source, undefined, e.message);
    throw e;
  } finally {
    reporter.stop();
    process.removeListener('SIGINT', onSigint);
  }
  const table: SweepTable = { puzzle: name, over: overName, variants, result };
  const svgOut = flags.svg === '-';
  const text = flags.json ? sweepJson(table) : flags.csv ? sweepCsv(table) : sweepText(table);
  if (svgOut) writeError(text);
  else process.stdout.write(text);
  if (flags.svg !== undefined || flags.png !== undefined) {
    const svg = sweepChartSvg(table);
    try {
      if (flags.png !== undefined) writeFileSync(flags.png, await svgToPng(svg, readablePngZoom(svg)));
      if (svgOut) process.stdout.write(svg);
      else if (flags.svg !== undefined) writeFileSync(flags.svg, svg);
    } catch (e) {
      throw new OutputError(`cannot write the chart to ${printable([flags.svg, flags.png].filter((f) => f !== undefined).join(' or '))}: ${fileProblem(e)}`);
    }
  }
  if (result.interrupted) {
    writeError(`snug: stopped with ${result.rows.length} of ${variants.length} variants counted${flags.checkpoint !== undefined ? `; go on with the same command (its --checkpoint ${printable(flags.checkpoint)} holds them)` : ''}\n`);
    return EXIT.interrupted;
  }
  return EXIT.ran;
}
