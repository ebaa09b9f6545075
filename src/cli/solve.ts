import { svgToPng } from '../platform/host.js';
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative } from 'node:path';
import pc from 'picocolors';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError, puzzleGrid } from '../puzzle/model.js';
import { PuzzleError } from '../puzzle/errors.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { printable } from '../puzzle/printable.js';
import { disassemblyProblem } from '../disassembly/solution.js';
import type { View } from '../render/index.js';
import { MAX_SHEET_SOLUTIONS, drawnInSpace, readablePngZoom, renderSolutionIso, renderSolutionSheetSvg, renderSolutionSvg, renderSolutionText } from '../render/index.js';
import { MAX_SHARDS } from '../search/options.js';
import type { EngineChoice } from '../compile/options.js';
import type { Checkpoint } from '../runs/checkpoint.js';
import { CheckpointError } from '../runs/checkpoint.js';
import type { RunKey } from '../runs/authenticate.js';
import { loadRunKey, signedJson } from '../runs/authenticate.js';
import type { RunOptions, RunResult } from '../runs/run.js';
import { resumeAsync } from '../runs/resume.js';
import { solveAsync } from '../runs/run.js';
import { parseQueueUrl, queueRunRecord, solveOnQueue } from '../runs/queue.js';
import { EXIT, OutputError, UsageError, fileProblem, writeError } from './errors.js';
import { answerSolution } from '../puzzle/answer-cells.js';
import { formatCount, formatDuration, jsonText, statsJson, summaryLine } from '../render/report.js';
import type { PlanEstimate } from '../runs/job.js';
import type { ProgressMode, ProgressReporter } from './progress.js';
import { progressReporter } from './progress.js';

/** How a run reports: kept in a checkpoint (never a file name), so that `snug resume` reports as the run it goes on with. */
export interface OutputFlags {
  json?: boolean;
  jsonl?: boolean;
  stats?: boolean;
}

/** How a run is watched and where it runs: given again (or not) to `snug resume`. */
export interface RunFlags {
  workers?: number;
  quiet?: boolean;
  progress?: ProgressMode;
  color: boolean;
  checkpointInterval?: number;
  /** The file of the key that authenticates checkpoints, shards and queue records (runs/authenticate.ts). */
  keyFile?: string;
  /** The engine asked for (what a long run's warning suggests depends on it). */
  engine?: EngineChoice;
}

/** The run key (--key-file, else the environment's or the user's key file), read before anything is solved. */
export function runKeyOf(flags: { keyFile?: string }, create = false): RunKey {
  // (a key file named but missing is made only by a run that starts writing: see RunKeyOptions.create)
  return loadRunKey(flags.keyFile !== undefined ? { keyFile: flags.keyFile, create } : {});
}

export interface SolveFlags extends OutputFlags, RunFlags {
  /** The problem of a BurrTools file to read (1-based). */
  problem?: number;
  svg?: string;
  /** The first solution as a PNG picture. */
  png?: string;
  /** How a 3-D solution of cubes is drawn. */
  view?: View;
  /** Pixels per cell of the --svg picture. */
  scale?: number;
  limit?: number;
  all?: boolean;
  count?: boolean;
  unique?: boolean;
  symmetry?: 'all' | 'rotations';
  timeLimit?: number;
  engine: EngineChoice;
  checkpoint?: string;
  shard?: { index: number; count: number };
  /** The run goes on a work queue at this Redis address (runs/queue.ts). */
  queue?: string;
  /** With queue: subproblems solved again to check the workers' results. */
  verify?: number | 'all';
  /** Take every assembly apart: only those that come apart are solutions. */
  disassemble?: boolean;
  /** With disassemble: only solutions at this level or above. */
  minLevel?: number[];
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

/** What `snug resume` takes: how to run, and the output flags a user types again. */
export interface ResumeFlags extends OutputFlags, RunFlags {
  /** With --queue: subproblems solved again to check the workers' results. */
  verify?: number | 'all';
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
  const commandAt = performance.now();
  if (flags.json && flags.jsonl) throw new UsageError('--json and --jsonl cannot be combined: pick one output');
  if (flags.limit !== undefined && (flags.all || flags.count)) throw new UsageError('--limit cannot be combined with --all or --count');
  if (flags.shard && !flags.all && !flags.count) throw new UsageError('--shard needs --all or --count: a shard is a share of a whole enumeration');
  if (flags.shard && !flags.json) throw new UsageError('--shard needs --json: snug merge reads the shards\' --json outputs');
  if (flags.symmetry !== undefined && !flags.unique) throw new UsageError('--symmetry chooses the symmetries of --unique: give --unique too');
  if (flags.scale !== undefined && !flags.svg && !flags.png) throw new UsageError('--scale sets the size of the --svg or --png picture: give --svg FILE or --png FILE too');
  if (flags.checkpoint === '') throw new UsageError('--checkpoint wants a file name, not an empty one');
  if (flags.verify !== undefined && flags.queue === undefined) throw new UsageError('--verify checks the results of workers on a queue: use it with --queue');
  if (flags.count && flags.jsonl) throw new UsageError('--jsonl prints each solution, and --count prints none: use --count --json for the count as JSON');
  if (flags.svg !== undefined && flags.count) throw new UsageError('--svg draws the first solution, and --count keeps none: drop one of them');
  if (flags.view !== undefined && flags.svg === undefined && flags.png === undefined) throw new UsageError('--view says how --svg and --png draw: give --svg FILE or --png FILE too');
  if (flags.png !== undefined && flags.count) throw new UsageError('--png draws the first solution, and --count keeps none: drop one of them');
  if (flags.queue !== undefined) {
    if (!flags.all && !flags.count) throw new UsageError('--queue needs --all or --count: a queue shares out a whole enumeration');
    if (flags.shard || flags.checkpoint) throw new UsageError(`--queue keeps the run on the queue: it takes no ${flags.shard ? '--shard' : '--checkpoint'}`);
    if (flags.svg !== undefined || flags.png !== undefined) throw new UsageError('--queue does not draw: leave out --svg and --png');
    if (flags.engine === 'count') throw new UsageError('--engine count counts the whole run at once: it cannot share it out on a queue; use another engine');
    parseQueueUrl(flags.queue);
  }
  checkPicture(flags.svg, flags);
  if (flags.png !== undefined) {
    if (flags.png === '' || flags.png === '-') throw new UsageError('--png wants the name of a file to write');
    probeWritable(flags.png, '--png');
  }
  if (flags.minLevel !== undefined) flags.disassemble = true;
  if (flags.disassemble && flags.engine === 'count') throw new UsageError('--engine count counts without listing assemblies, and --disassemble takes each apart: use another engine');
  const reading = performance.now();
  const { puzzle, source } = resolvePuzzle(target, flags.problem);
  const clock: CommandClock = { commandAt, puzzleMs: performance.now() - reading };
  const cannotPart = flags.disassemble ? disassemblyProblem(puzzle) : undefined;
  if (cannotPart) throw new UsageError(`--disassemble: ${printable(source)}: ${cannotPart}`);
  if (flags.view !== undefined && flags.view !== 'layers' && (puzzle.dims !== 3 || !drawnInSpace(puzzleGrid(puzzle)))) {
    throw new UsageError(`--view ${flags.view} draws solutions made of cubes or other solids; ${printable(source)} is ${puzzle.dims === 2 ? 'flat' : `on the ${puzzleGrid(puzzle).name} grid`}: leave --view out`);
  }
  // the steps are a way to take the solution apart, played backwards
  const cannotStep = flags.view === 'steps' ? disassemblyProblem(puzzle) : undefined;
  if (cannotStep) throw new UsageError(`--view steps: ${printable(source)}: ${cannotStep}`);
  const output: OutputFlags = { json: !!flags.json, jsonl: !!flags.jsonl, stats: !!flags.stats };
  const picture = flags.svg !== undefined || flags.png !== undefined
    ? { ...(flags.svg !== undefined ? { file: flags.svg } : {}), ...(flags.png !== undefined ? { png: flags.png } : {}), ...(flags.scale !== undefined ? { scale: flags.scale } : {}), ...(flags.view !== undefined && flags.view !== 'layers' ? { view: flags.view } : {}) }
    : undefined;
  const limit = flags.all || flags.count ? Infinity : flags.limit ?? 1;
  // what to search, the same on a queue as here
  const search = {
    engine: flags.engine,
    unique: !!flags.unique,
    ...(flags.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
    countOnly: !!flags.count,
    ...(flags.timeLimit !== undefined ? { timeLimitMs: flags.timeLimit * 1000 } : {}),
    ...(flags.disassemble ? { disassemble: flags.minLevel ? { minLevel: flags.minLevel } : {} } : {}),
  };
  // (what is written for later is authenticated: the key is read now, so that a problem with it is said before the run)
  const key = flags.queue !== undefined || flags.checkpoint !== undefined || flags.shard !== undefined ? runKeyOf(flags, true) : undefined;
  if (flags.queue !== undefined) {
    const queue = flags.queue;
    return run(puzzle, source, output, undefined, flags, undefined, !!flags.count, !!flags.unique, undefined, key, clock, (options) =>
      solveOnQueue(puzzle, { queue, ...options, ...search, onWarning, ...(key ? { key } : {}), ...(flags.verify !== undefined ? { verify: flags.verify } : {}) }),
    );
  }
  return run(puzzle, source, output, picture, flags, Number.isFinite(limit) ? limit : undefined, !!flags.count, !!flags.unique, flags.checkpoint, key, clock, (options) =>
    solveAsync(puzzle, {
      ...options,
      ...search,
      limit,
      ...(flags.shard ? { shard: flags.shard } : {}),
      ...(flags.checkpoint ? { checkpoint: { path: flags.checkpoint, ...intervalMs(flags, 'intervalMs'), meta: { source, output } satisfies RunMeta, onWarning, ...(key ? { key } : {}) } } : {}),
    }),
  );
}

/** What the command line keeps in a checkpoint's `meta`: the puzzle's name for messages, and the output flags. */
interface RunMeta {
  source: string;
  output: OutputFlags;
}

/** The meta of a checkpoint, checked (it is read from a file: only names and flags, nothing else). */
function runMeta(checkpoint: Checkpoint, file: string): RunMeta {
  const meta = checkpoint.meta;
  const bad = (): never => {
    throw new CheckpointError(`${file}: corrupt checkpoint: meta must be {"source": name, "output": {"json", "jsonl", "stats"}}`);
  };
  if (meta === undefined) return { source: file, output: {} };
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return bad();
  const { source, output, ...others } = meta as Record<string, unknown>;
  if (Object.keys(others).length > 0 || typeof source !== 'string' || /[\u0000-\u001f]/.test(source)) return bad();
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return bad();
  const flags: OutputFlags = {};
  for (const [key, value] of Object.entries(output)) {
    if ((key !== 'json' && key !== 'jsonl' && key !== 'stats') || typeof value !== 'boolean') return bad();
    flags[key] = value;
  }
  return { source, output: flags };
}

export async function resumeCommand(file: string, flags: ResumeFlags): Promise<number> {
  const commandAt = performance.now();
  if (flags.json && flags.jsonl) throw new UsageError('--json and --jsonl cannot be combined: pick one output');
  if (flags.verify !== undefined) throw new UsageError('--verify checks the results of workers on a queue: use it with --queue');
  // loaded only here: its schema library is large, and most runs start without it
  const { loadCheckpoint } = await import('../runs/checkpoint-file.js');
  const key = runKeyOf(flags);
  const checkpoint = loadCheckpoint(file, key);
  const meta = runMeta(checkpoint, file);
  const countOnly = checkpoint.options.countOnly;
  if (flags.jsonl && countOnly) throw new UsageError(`--jsonl prints solutions, but the run of ${file} only counts them (it was started with --count)`);
  // the output flags given now choose the output (--json or --jsonl); those the run was started with hold otherwise
  const chosen = flags.json || flags.jsonl;
  const output: OutputFlags = {
    json: chosen ? !!flags.json : !!meta.output.json,
    jsonl: chosen ? !!flags.jsonl : !!meta.output.jsonl,
    stats: !!meta.output.stats || !!flags.stats,
  };
  const limit = checkpoint.options.limit ?? undefined;
  return run(checkpoint.puzzle, meta.source, output, undefined, flags, limit, countOnly, checkpoint.options.unique, file, key, { commandAt, puzzleMs: 0 }, (options) =>
    resumeAsync(file, { ...options, ...intervalMs(flags, 'checkpointIntervalMs'), onCheckpointWarning: onWarning, key }, checkpoint),
  );
}

/** `snug resume --queue URL RUN`: the run's puzzle and options are read from the queue. */
export async function queueRun(url: string, id: string, flags: ResumeFlags): Promise<number> {
  const commandAt = performance.now();
  if (flags.jsonl) throw new UsageError('--jsonl is not offered for a run on a queue: use --json');
  const key = runKeyOf(flags);
  const { puzzle, countOnly, unique, disassemble } = await queueRunRecord(url, id, key);
  const output: OutputFlags = { json: !!flags.json, jsonl: false, stats: !!flags.stats };
  return run(puzzle, puzzle.name, output, undefined, flags, undefined, countOnly, unique, undefined, key, { commandAt, puzzleMs: 0 }, (options) =>
    solveOnQueue(undefined, { queue: url, resume: id, countOnly, ...(disassemble ? { disassemble } : {}), ...options, onWarning, key, ...(flags.verify !== undefined ? { verify: flags.verify } : {}) }),
  );
}

/** A checkpoint that could not be saved (a full disk), or is saved again: one line on stderr. */
function onWarning(message: string): void {
  process.stderr.write(`snug: ${message}\n`);
}

/**
 * How the user started snug, to name a command that works the same way: `npx snug` under npm (npx, or an
 * npm script), `snug` when installed on the PATH, else `node path/to/snug.js` as it was run.
 */
export function snugInvocation(env: NodeJS.ProcessEnv = process.env, script: string = process.argv[1] ?? 'snug'): string {
  if (env.npm_command !== undefined || env.npm_lifecycle_event !== undefined || env.npm_execpath !== undefined) return 'npx snug';
  if (basename(script) === 'snug') return 'snug';
  const near = relative(process.cwd(), script);
  return `node ${shellWord(near.startsWith('..') || isAbsolute(near) ? script : near)}`;
}

/** A word as a POSIX shell reads it back: quoted when it has anything but plain characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** The --svg file, checked before the run starts: a run of hours should not end in 'no such folder'. */
function checkPicture(file: string | undefined, output: OutputFlags): void {
  if (file === undefined) return;
  if (file === '') throw new UsageError('--svg wants the name of a file to write (or - for standard output)');
  if (file === '-') {
    if (output.json || output.jsonl) throw new UsageError('--svg - writes the picture to standard output, where --json and --jsonl write too: give --svg a file name');
    return;
  }
  probeWritable(file, '--svg');
}

/** Throws OutputError unless `path` can be written: an existing file we may write, or a new one in a folder we may write in. */
export function probeWritable(path: string, flag: string): void {
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
  /** The --svg picture to write of the first solution. */
  picture: { readonly file?: string; readonly png?: string; readonly scale?: number; readonly view?: Exclude<View, 'layers'> } | undefined,
  flags: RunFlags,
  limit: number | undefined,
  countOnly: boolean,
  unique: boolean,
  checkpointFile: string | undefined,
  /** The key a shard's output is signed with. */
  key: RunKey | undefined,
  clock: CommandClock,
  start: (options: Pick<RunOptions, 'workers' | 'onProgress' | 'onPlanned' | 'signal' | 'onSolution' | 'keep'>) => Promise<RunResult>,
): Promise<number> {
  const color = useColor(flags.color);
  const mode: ProgressMode = flags.quiet ? 'none' : flags.progress ?? (process.stderr.isTTY ? 'bar' : 'none');
  const reporter = quietOnFailure(progressReporter(mode, { unique }));
  // Ctrl-C stops the run cleanly (saving its checkpoint); a second one ends the process at once.
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  // with --svg -, standard output is the picture's alone: the summary goes to stderr, as with --jsonl
  const svgOut = picture?.file === '-';
  const pictures = !output.json && !output.jsonl && !countOnly && !svgOut;
  let result: RunResult;
  // the picture's solution: the first one reported (the run keeps them all only for --json); with --limit N
  // or --all, the picture is a sheet of the first ones
  let first: Solution | undefined;
  const sheet: Solution[] = [];
  const wantsSheet = picture !== undefined && !countOnly && (limit === undefined || limit > 1);
  try {
    result = await start({
      ...(flags.workers !== undefined ? { workers: flags.workers } : {}),
      onProgress: (p) => reporter.update(p),
      // a run that must go through its whole tree and that its plan puts past a day: said before it goes on
      onPlanned: (e) => {
        if (limit !== undefined || !(e.estimatedMs > LONG_RUN_MS)) return;
        reporter.stop();
        process.stderr.write(`${longRunWarning(e, checkpointFile !== undefined, countOnly && !unique && flags.engine !== 'count')}\n`);
      },
      signal: controller.signal,
      keep: !!output.json,
      onSolution: (solution: Solution, index: number) => {
        first ??= solution;
        if (wantsSheet && sheet.length < MAX_SHEET_SOLUTIONS) sheet.push(solution);
        if (output.jsonl) process.stdout.write(`${JSON.stringify(answerSolution(solution, puzzle.dims))}\n`);
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
  const searched = performance.now();
  if (output.json) {
    const found = countOnly ? {} : { found: result.found.map((s) => answerSolution(s, puzzle.dims)) };
    const json = { ...statsJson(result), ...runJson(result), ...(output.stats ? { phases: phasesOf(clock, result, searched) } : {}), ...found };
    // a shard's output ends with its MAC, which snug merge checks: an edited count or list is refused
    console.log(result.shard ? signedJson(json, key ?? runKeyOf(flags, true)) : jsonText(json));
  } else if (!output.jsonl && !svgOut) {
    console.log(summaryLine(result, limit));
    if (output.stats) printStats(result, phasesOf(clock, result, searched), limit);
  } else if (output.stats || svgOut) {
    writeError(`${summaryLine(result, limit)}\n`);
  }
  if (picture !== undefined) {
    const where = printable([picture.file, picture.png].filter((f) => f !== undefined).join(' or '));
    let svg: string | undefined;
    try {
      svg = !first ? undefined
        : picture.view ? renderSolutionIso(puzzle, first, picture.view, { title: puzzle.name, ...(picture.scale !== undefined ? { cellSize: picture.scale } : {}) })
        : sheet.length > 1 ? renderSolutionSheetSvg(puzzle, sheet, { cellSize: picture.scale, total: result.solutions })
        : renderSolutionSvg(puzzle, first, { title: puzzle.name, cellSize: picture.scale });
    } catch (e) {
      // --view steps of a solution that does not come apart: no order to draw
      if (!(e instanceof RangeError)) throw e;
      writeError(`snug: --view steps: ${e.message}; no picture written to ${where}\n`);
      return result.solutions > 0 ? EXIT.ran : EXIT.noSolution;
    }
    if (!svg) writeError(`snug: no solution, so no picture written to ${where}\n`);
    else if (picture.png !== undefined) {
      try {
        writeFileSync(picture.png, await svgToPng(svg, picture.scale === undefined ? readablePngZoom(svg) : 1));
      } catch (e) {
        writeError(`snug: cannot write the PNG picture to ${printable(picture.png)}: ${fileProblem(e)}\n`);
        return EXIT.badInput;
      }
    }
    if (svg && svgOut) process.stdout.write(svg);
    else if (svg && picture.file !== undefined) {
      try {
        writeFileSync(picture.file, svg);
      } catch (e) {
        writeError(`snug: cannot write the SVG picture to ${printable(picture.file)}: ${fileProblem(e)}\n`);
        return EXIT.badInput;
      }
    }
  }
  if (result.interrupted) {
    const plan = result.plan;
    const done = plan ? ` with ${formatCount(plan.done)} of ${formatCount(plan.subproblems)} subproblems done` : '';
    const onQueue = result.queue ? `; the run stays on the queue, where workers go on with it: collect it with: ${snugInvocation()} resume --queue ${shellWord(result.queue.url)} ${result.queue.run}` : '';
    writeError(`snug: stopped${done}${checkpointFile ? `; go on with: ${snugInvocation()} resume ${shellWord(checkpointFile.startsWith('-') ? `./${checkpointFile}` : checkpointFile)}` : onQueue}\n`);
    return EXIT.interrupted;
  }
  return result.solutions > 0 ? EXIT.ran : EXIT.noSolution;
}

/**
 * The progress display, made harmless: once stderr is closed or full (2>/dev/full), or a write to it fails,
 * progress is dropped. It is never worth the run: solutions still go to stdout, every one of them.
 */
export function quietOnFailure(reporter: ProgressReporter): ProgressReporter {
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
    ...(result.queue ? { queue: result.queue } : {}),
    ...(result.interrupted ? { interrupted: true } : {}),
  };
}

/** When the command started (performance.now(): snug's modules loaded), and how long reading the puzzle took. */
interface CommandClock {
  readonly commandAt: number;
  readonly puzzleMs: number;
}

/**
 * Where the time of a run went, in milliseconds from the start of the process: Node's own start (to the
 * end of its bootstrap), loading snug's modules, reading the puzzle, preparing the search, the search, and
 * the output (measured to the moment the statistics are written, so a picture written after is left out).
 */
function phasesOf(clock: CommandClock, result: RunResult, searched: number): Record<string, number> {
  const node = performance.nodeTiming.bootstrapComplete;
  const prepare = result.prepareMs ?? 0;
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return {
    node: round(node),
    loading: round(clock.commandAt - node),
    puzzle: round(clock.puzzleMs),
    prepare: round(prepare),
    search: round(result.elapsedMs - prepare),
    output: round(performance.now() - searched),
    total: round(performance.now()),
  };
}

function printStats(result: RunResult, phases: Record<string, number>, limit: number | undefined): void {
  console.log(`engine: ${result.engine} (${result.engineReason})`);
  if (result.symmetryNote) console.log(`symmetry: ${result.symmetryNote}`);
  console.log(`updates: ${formatCount(result.updates)}`);
  console.log(
    result.plan
      ? `workers: ${result.workers}; ${formatCount(result.plan.done)} of ${formatCount(result.plan.subproblems)} subproblems done (plan ${result.plan.hash})`
      : result.complete || (limit !== undefined && result.solutions >= limit)
        ? 'workers: none needed (finished in the first moments, on this thread)'
        : `workers: none used (${result.interrupted ? 'stopped' : 'the time ran out'} before the search was shared out)`,
  );
  const names: Record<string, string> = { node: "Node's start", loading: 'loading snug', puzzle: 'reading the puzzle', prepare: 'preparing', search: 'search', output: 'output', total: 'in all' };
  console.log(`time: ${Object.entries(phases).map(([k, ms]) => `${names[k]} ${formatDuration(ms)}`).join(' · ')}`);
}

/** Runs the plan puts past this are announced with their estimate before they go on. */
const LONG_RUN_MS = 24 * 3600 * 1000;

/** What a person is told of a run that looks longer than a day (the plan's estimate, and what to do about it). */
export function longRunWarning(e: PlanEstimate, checkpointed: boolean, mayCount: boolean): string {
  const nodes = Number(e.estimatedNodes.toPrecision(2)).toExponential(1).replace('e+', 'e');
  return `snug: this run looks long: ${formatDuration(e.estimatedMs)} by its plan (about ${nodes} nodes at ${formatCount(Math.round(e.nodesPerSecond))} nodes/s on each of ${e.workers} worker${e.workers === 1 ? '' : 's'}; ` +
    `a random-walk estimate, often off a few times either way: 'snug estimate' says more, for each engine). It goes on: Ctrl-C stops it` +
    (checkpointed ? ' (its checkpoint keeps what is done)' : '; --checkpoint FILE would let it stop and go on later') +
    // (a count of every solution may go to the counting engine, which counts without listing: where it
    // applies, years of search can be seconds)
    (mayCount ? '. For a count, try the counting engine: --engine count (snug estimate PUZZLE --engine count says whether it applies).' : '.');
}
