import { writeFileSync } from 'node:fs';
import pc from 'picocolors';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { PuzzleError } from '../puzzle/errors.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { renderSolutionSvg, renderSolutionText } from '../render/index.js';
import type { EngineChoice } from '../search/prepare.js';
import type { RunOptions, RunResult } from '../runs/run.js';
import { resumeAsync, solveAsync } from '../runs/run.js';
import { EXIT, UsageError } from './errors.js';
import { formatCount, solutionJson, statsJson, summaryLine } from './format.js';
import type { ProgressMode, ProgressReporter } from './progress.js';
import { progressReporter } from './progress.js';

/** How a run reports: kept in a checkpoint, so that `snug resume` reports as the run it goes on with. */
export interface OutputFlags {
  json?: boolean;
  jsonl?: boolean;
  stats?: boolean;
  svg?: string;
  /** Pixels per cell of the --svg picture. */
  scale?: number;
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

/** The widest --scale: a 56x56 board is 28,000 pixels wide at this size. */
export const MAX_SCALE = 500;

export function parseScale(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > MAX_SCALE) throw new UsageError(`--scale wants pixels per cell, a number above 0 and at most ${MAX_SCALE}, not '${value}'`);
  return n;
}

/** Pictures as wide as the terminal, when printing to one (else the pictures' default). */
export function pictureWidth(): number | undefined {
  return process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : undefined;
}

/** Colour on a terminal, or when FORCE_COLOR asks for it; never with NO_COLOR or --no-color. */
export function useColor(flag: boolean): boolean {
  return flag && pc.isColorSupported;
}

export function parseShard(value: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard wants K/N with 1 <= K <= N (such as 2/4), not '${value}'`);
  return { index, count };
}

export async function solveCommand(target: string, flags: SolveFlags): Promise<number> {
  if (flags.json && flags.jsonl) throw new UsageError('--json and --jsonl cannot be combined: pick one output');
  if (flags.limit !== undefined && (flags.all || flags.count)) throw new UsageError('--limit cannot be combined with --all or --count');
  if (flags.shard && !flags.all && !flags.count) throw new UsageError('--shard needs --all or --count: a shard is a share of a whole enumeration');
  if (flags.shard && !flags.json) throw new UsageError('--shard needs --json: snug merge reads the shards\' --json outputs');
  if (flags.scale !== undefined && !flags.svg) throw new UsageError('--scale sets the size of the --svg picture: give --svg FILE too');
  const { puzzle, source } = resolvePuzzle(target);
  const output: OutputFlags = { json: flags.json, jsonl: flags.jsonl, stats: flags.stats, svg: flags.svg, scale: flags.scale };
  const limit = flags.all || flags.count ? Infinity : flags.limit ?? 1;
  return run(puzzle, source, output, flags, Number.isFinite(limit) ? limit : undefined, !!flags.count, !!flags.unique, flags.checkpoint, (options) =>
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
  return run(checkpoint.puzzle, meta.source ?? file, meta.output ?? {}, flags, limit, checkpoint.options.countOnly, checkpoint.options.unique, file, (options) =>
    resumeAsync(file, { ...options, ...intervalMs(flags, 'checkpointIntervalMs') }, checkpoint),
  );
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
  unique: boolean,
  checkpointFile: string | undefined,
  start: (options: Pick<RunOptions, 'workers' | 'onProgress' | 'signal' | 'onSolution' | 'keep'>) => Promise<RunResult>,
): Promise<number> {
  const color = useColor(flags.color);
  const mode: ProgressMode = flags.quiet ? 'none' : flags.progress ?? (process.stderr.isTTY ? 'bar' : 'none');
  const reporter: ProgressReporter = progressReporter(mode, { unique });
  // Ctrl-C stops the run cleanly (saving its checkpoint); a second one ends the process at once.
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const pictures = !output.json && !output.jsonl && !countOnly;
  let result: RunResult;
  try {
    result = await start({
      ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
      onProgress: (p) => reporter.update(p),
      signal: controller.signal,
      keep: !!output.json || !!output.svg,
      onSolution: (solution: Solution, index: number) => {
        if (output.jsonl) process.stdout.write(`${JSON.stringify(solutionJson(solution, puzzle.dims))}\n`);
        else if (pictures) {
          reporter.stop();
          console.log(`${pc.bold(`Solution ${index + 1}`)}\n${renderSolutionText(puzzle, solution, { color, maxWidth: pictureWidth() })}\n`);
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
  if (output.svg) {
    const first = result.found[0];
    if (first) writeFileSync(output.svg, renderSolutionSvg(puzzle, first, { title: puzzle.name, cellSize: output.scale }));
    else process.stderr.write(`snug: no solution, so no SVG written to ${output.svg}\n`);
  }
  if (output.json) {
    const found = countOnly ? {} : { found: result.found.map((s) => solutionJson(s, puzzle.dims)) };
    console.log(JSON.stringify({ ...statsJson(result), ...runJson(result), ...found }));
  } else if (!output.jsonl) {
    console.log(summaryLine(result, limit));
    if (output.stats) printStats(result);
  } else if (output.stats) {
    process.stderr.write(`${summaryLine(result, limit)}\n`);
  }
  if (result.interrupted) {
    const plan = result.plan;
    const done = plan ? ` with ${formatCount(plan.done)} of ${formatCount(plan.subproblems)} subproblems done` : '';
    process.stderr.write(`snug: stopped${done}${checkpointFile ? `; go on with: snug resume ${checkpointFile}` : ''}\n`);
    return EXIT.interrupted;
  }
  return result.solutions > 0 ? EXIT.ran : EXIT.noSolution;
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
