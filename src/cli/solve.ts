import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import pc from 'picocolors';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { PuzzleError } from '../puzzle/errors.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { printable } from '../puzzle/printable.js';
import { renderSolutionSvg, renderSolutionText } from '../render/index.js';
import { MAX_SHARDS } from '../search/options.js';
import type { EngineChoice } from '../search/prepare.js';
import type { RunOptions, RunResult } from '../runs/run.js';
import { resumeAsync, solveAsync } from '../runs/run.js';
import { EXIT, OutputError, UsageError, fileProblem, writeError } from './errors.js';
import { formatCount, solutionJson, statsJson, summaryLine } from './format.js';
import type { ProgressMode, ProgressReporter } from './progress.js';
import { progressReporter } from './progress.js';

/** How a run reports: kept in a checkpoint, so that `snug resume` reports as the run it goes on with. */
export interface OutputFlags {
  json?: boolean;
  jsonl?: boolean;
  stats?: boolean;
  svg?: string;
}

/** How a run is watched and where it runs: given again (or not) to `snug resume`. */
export interface RunFlags {
  workers?: number;
  quiet?: boolean;
  progress?: ProgressMode;
  color: boolean;
  checkpointInterval?: number;
}

export interface SolveFlags extends OutputFlags, RunFlags {
  limit?: number;
  all?: boolean;
  count?: boolean;
  unique?: boolean;
  timeLimit?: number;
  engine: EngineChoice;
  checkpoint?: string;
  shard?: { index: number; count: number };
}

/** Colour on a terminal, or when FORCE_COLOR asks for it; never with NO_COLOR or --no-color. */
export function useColor(flag: boolean): boolean {
  return flag && pc.isColorSupported;
}

export function parseShard(value: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard wants K/N with 1 <= K <= N (such as 2/4), not '${printable(value, 40)}'`);
  if (count > MAX_SHARDS) throw new UsageError(`--shard ${printable(value, 40)}: more than the limit of ${MAX_SHARDS} shards`);
  return { index, count };
}

export async function solveCommand(target: string, flags: SolveFlags): Promise<number> {
  if (flags.json && flags.jsonl) throw new UsageError('--json and --jsonl cannot be combined: pick one output');
  if (flags.count && flags.jsonl) throw new UsageError('--jsonl prints each solution, and --count prints none: use --count --json for the count as JSON');
  if (flags.svg !== undefined && flags.count) throw new UsageError('--svg draws the first solution, and --count keeps none: drop one of them');
  checkOutputs(flags);
  if (flags.limit !== undefined && (flags.all || flags.count)) throw new UsageError('--limit cannot be combined with --all or --count');
  if (flags.shard && !flags.all && !flags.count) throw new UsageError('--shard needs --all or --count: a shard is a share of a whole enumeration');
  if (flags.shard && !flags.json) throw new UsageError('--shard needs --json: snug merge reads the shards\' --json outputs');
  const { puzzle, source } = resolvePuzzle(target);
  const output: OutputFlags = { json: flags.json, jsonl: flags.jsonl, stats: flags.stats, svg: flags.svg };
  const limit = flags.all || flags.count ? Infinity : flags.limit ?? 1;
  return run(puzzle, source, output, flags, Number.isFinite(limit) ? limit : undefined, !!flags.count, flags.checkpoint, (options) =>
    solveAsync(puzzle, {
      ...options,
      engine: flags.engine,
      unique: !!flags.unique,
      limit,
      countOnly: !!flags.count,
      ...(flags.timeLimit !== undefined ? { timeLimitMs: flags.timeLimit * 1000 } : {}),
      ...(flags.shard ? { shard: flags.shard } : {}),
      ...(flags.checkpoint ? { checkpoint: { path: flags.checkpoint, ...intervalMs(flags, 'intervalMs'), meta: { source, output } } } : {}),
    }),
  );
}

export async function resumeCommand(file: string, flags: RunFlags): Promise<number> {
  // loaded only here: its schema library is large, and most runs start without it
  const { loadCheckpoint } = await import('../runs/checkpoint-file.js');
  const checkpoint = loadCheckpoint(file);
  const meta = (checkpoint.meta ?? {}) as { source?: string; output?: OutputFlags };
  const limit = checkpoint.options.limit ?? undefined;
  return run(checkpoint.puzzle, meta.source ?? file, meta.output ?? {}, flags, limit, checkpoint.options.countOnly, file, (options) =>
    resumeAsync(file, { ...options, ...intervalMs(flags, 'checkpointIntervalMs') }, checkpoint),
  );
}

/** The outputs a run will write, checked before it starts: a run of hours should not end in 'no such folder'. */
function checkOutputs(output: OutputFlags): void {
  if (output.svg === undefined) return;
  if (output.svg === '') throw new UsageError('--svg wants the name of a file to write (or - for standard output)');
  if (output.svg === '-') {
    if (output.json || output.jsonl) throw new UsageError('--svg - writes the picture to standard output, where --json and --jsonl write too: give --svg a file name');
    return;
  }
  probeWritable(output.svg, '--svg');
}

/** Throws OutputError unless `path` can be written: an existing file we may write, or a new one in a folder we may write in. */
function probeWritable(path: string, flag: string): void {
  const problem = (what: string): never => {
    throw new OutputError(`${flag} ${path}: ${what}`);
  };
  let exists = true;
  try {
    if (statSync(path).isDirectory()) problem('is a folder, not a file');
  } catch (e) {
    if (e instanceof OutputError) throw e;
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') problem(fileProblem(e));
    exists = false;
  }
  if (exists) {
    try {
      accessSync(path, constants.W_OK);
    } catch (e) {
      problem(`cannot be written: ${fileProblem(e)}`);
    }
    return;
  }
  const folder = dirname(path);
  try {
    if (!statSync(folder).isDirectory()) problem(`${folder} is not a folder`);
    accessSync(folder, constants.W_OK);
  } catch (e) {
    if (e instanceof OutputError) throw e;
    problem((e as NodeJS.ErrnoException).code === 'ENOENT' ? `the folder ${folder} does not exist` : `cannot write in the folder ${folder}: ${fileProblem(e)}`);
  }
}

/** --checkpoint-interval in milliseconds, as the option `key`, when it was given. */
function intervalMs<K extends string>(flags: RunFlags, key: K): { [k in K]?: number } {
  return flags.checkpointInterval !== undefined ? ({ [key]: flags.checkpointInterval * 1000 } as { [k in K]?: number }) : {};
}

/** Runs (a new solve or a resumed one) with the progress display, Ctrl-C handling and output they share. */
async function run(
  puzzle: Puzzle,
  source: string,
  output: OutputFlags,
  flags: RunFlags,
  limit: number | undefined,
  countOnly: boolean,
  checkpointFile: string | undefined,
  start: (options: Pick<RunOptions, 'workers' | 'onProgress' | 'signal' | 'onSolution' | 'keep'>) => Promise<RunResult>,
): Promise<number> {
  const color = useColor(flags.color);
  // a resumed run writes what its first run was asked to: the folder may have gone since
  checkOutputs(output);
  const mode: ProgressMode = flags.quiet ? 'none' : flags.progress ?? (process.stderr.isTTY ? 'bar' : 'none');
  const reporter = quietOnFailure(progressReporter(mode));
  // Ctrl-C stops the run cleanly (saving its checkpoint); a second one ends the process at once.
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  // with --svg -, standard output is the picture's alone: the summary goes to stderr, as with --jsonl
  const svgOut = output.svg === '-';
  const pictures = !output.json && !output.jsonl && !countOnly && !svgOut;
  let result: RunResult;
  // the picture's solution: the first one reported (the run keeps them all only for --json)
  let first: Solution | undefined;
  try {
    result = await start({
      ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
      onProgress: (p) => reporter.update(p),
      signal: controller.signal,
      keep: !!output.json,
      onSolution: (solution: Solution, index: number) => {
        first ??= solution;
        if (output.jsonl) process.stdout.write(`${JSON.stringify(solutionJson(solution, puzzle.dims))}\n`);
        else if (pictures) {
          reporter.stop();
          console.log(`${pc.bold(`Solution ${index + 1}`)}\n${renderSolutionText(puzzle, solution, { color })}\n`);
        }
      },
    });
  } catch (e) {
    if (e instanceof InvalidPuzzleError) throw new PuzzleError(source, undefined, e.message);
    throw e;
  } finally {
    reporter.stop();
    process.removeListener('SIGINT', onSigint);
  }
  if (output.json) {
    const found = countOnly ? {} : { found: result.found.map((s) => solutionJson(s, puzzle.dims)) };
    console.log(JSON.stringify({ ...statsJson(result), ...runJson(result), ...found }));
  } else if (!output.jsonl && !svgOut) {
    console.log(summaryLine(result, limit));
    if (output.stats) printStats(result);
  } else if (output.stats || svgOut) {
    writeError(`${summaryLine(result, limit)}\n`);
  }
  if (output.svg !== undefined) {
    if (!first) writeError(`snug: no solution, so no SVG written to ${printable(output.svg)}\n`);
    else if (svgOut) process.stdout.write(renderSolutionSvg(puzzle, first, { title: puzzle.name }));
    else {
      try {
        writeFileSync(output.svg, renderSolutionSvg(puzzle, first, { title: puzzle.name }));
      } catch (e) {
        writeError(`snug: cannot write the SVG picture to ${printable(output.svg)}: ${fileProblem(e)}\n`);
        return EXIT.badInput;
      }
    }
  }
  if (result.interrupted) {
    const plan = result.plan;
    const done = plan ? ` with ${formatCount(plan.done)} of ${formatCount(plan.subproblems)} subproblems done` : '';
    writeError(`snug: stopped${done}${checkpointFile ? `; go on with: snug resume ${printable(checkpointFile)}` : ''}\n`);
    return EXIT.interrupted;
  }
  return result.solutions > 0 ? EXIT.ran : EXIT.noSolution;
}

/**
 * The progress display, made harmless: once stderr is closed or full (2>/dev/full), or a write to it fails,
 * progress is dropped. It is never worth the run: solutions still go to stdout, every one of them.
 */
function quietOnFailure(reporter: ProgressReporter): ProgressReporter {
  let failed = false;
  const attempt = (f: () => void): void => {
    if (failed || process.stderr.destroyed || !process.stderr.writable) return;
    try {
      f();
    } catch {
      failed = true;
    }
  };
  return { update: (p) => attempt(() => reporter.update(p)), stop: () => attempt(() => reporter.stop()) };
}

/** The fields a planned run adds to `--json`: workers, the plan, and the shard stamp. */
function runJson(result: RunResult): Record<string, unknown> {
  return {
    workers: result.workers,
    ...(result.plan ? { plan: result.plan } : {}),
    ...(result.shard ? { shard: result.shard } : {}),
    ...(result.interrupted ? { interrupted: true } : {}),
  };
}

function printStats(result: RunResult): void {
  console.log(`engine: ${result.engine} (${result.engineReason})`);
  if (result.symmetryNote) console.log(`symmetry: ${result.symmetryNote}`);
  console.log(`updates: ${formatCount(result.updates)}`);
  console.log(
    result.plan
      ? `workers: ${result.workers}; ${formatCount(result.plan.done)} of ${formatCount(result.plan.subproblems)} subproblems done (plan ${result.plan.hash})`
      : 'workers: none needed (finished in the first moments, on this thread)',
  );
}
