import { Command, CommanderError, Option } from 'commander';
import pc from 'picocolors';
import { DEFAULT_HINT_MAX } from '../analysis/hint.js';
import { extent } from '../geometry/cell.js';
import type { PlacementTable } from '../placements/placements.js';
import { PLACEMENT_LIMITS, TooManyPlacementsError, generatePlacements, pieceOrientations } from '../placements/placements.js';
import { catalogNames, loadCatalogPuzzle, resolvePuzzle } from '../puzzle/catalog.js';
import { PuzzleError } from '../puzzle/errors.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError, pieceArea, pieceMin, puzzleGrid } from '../puzzle/model.js';
import { pieceLabels, pieceListColours, readColour, renderBoardText, renderShapeText } from '../render/index.js';
import { CheckpointError } from '../runs/checkpoint.js';
import { MergeError } from '../runs/merge.js';
import { QueueError } from '../runs/queue.js';
import { printable } from '../puzzle/printable.js';
import { InvalidOptionError, MAX_PROBES, maxWorkers } from '../search/options.js';
import { ENGINE_CHOICES } from '../compile/options.js';
import { snugVersion } from '../version.js';
import { parseLevel } from '../disassembly/sift.js';
import { EXIT, OutputError, UsageError, parseBoundedNumber, parseNonNegativeNumber, parseVerify, parsePort, parsePositiveInt, parsePositiveNumber, writeError } from './errors.js';
import type { ExportFlags } from './export.js';
import { STL_DEFAULTS } from '../render/stl.js';
import type { AnalyzeFlags } from './analyze.js';
import { analyzeCommand } from './analyze.js';
import type { ChallengeFlags } from './challenge.js';
import type { ConvertFlags } from './convert.js';
import { convertCommand } from './convert.js';
import { challengeCommand, parsePlacedRange, parseSeed } from './challenge.js';
import type { EstimateFlags } from './estimate.js';
import type { HintFlags } from './hint.js';
import type { DisassembleFlags } from './disassemble.js';
import { hintCommand } from './hint.js';
import { estimateCommand } from './estimate.js';
import { formatCount } from '../render/report.js';
import type { ResumeFlags, SolveFlags } from './solve.js';
import type { SweepFlags } from './sweep.js';
import { parseScale, parseShard, pictureWidth, resumeCommand, runKeyOf, solveCommand, useColor } from './solve.js';
import { RunKeyError } from '../runs/authenticate.js';
import { MAX_WORKER_TIMEOUT_S } from '../runs/queue-run.js';

function sizeOf(puzzle: Puzzle): string {
  const [w, h, d] = extent(puzzle.board);
  const box = puzzle.dims === 2 ? `${w}x${h}` : `${w}x${h}x${d}`;
  return puzzle.board.length === w * h * d ? box : `${box} (${puzzle.board.length} cells)`;
}

function listCommand(): void {
  const rows = catalogNames().map((name) => {
    const p = loadCatalogPuzzle(name);
    const copies = p.pieces.reduce((n, x) => n + x.count, 0);
    return [name, `${p.dims}-D`, sizeOf(p), `${copies} pieces`, p.name];
  });
  const widths = [0, 1, 2, 3].map((i) => rows.reduce((w, r) => Math.max(w, r[i]!.length), 0));
  for (const r of rows) console.log(r.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : printable(c))).join('  '));
}

function showCommand(target: string, flags: { color: boolean; problem?: number }): void {
  const { puzzle, source } = resolvePuzzle(target, flags.problem);
  const color = useColor(flags.color);
  // a puzzle the rect engine solves may have more placements than can be listed: show it without them
  let table: PlacementTable | undefined;
  try {
    table = generatePlacements(puzzle);
  } catch (e) {
    if (!(e instanceof TooManyPlacementsError)) throw e;
  }
  // names cannot hold control characters (the format and the model refuse them); the file's path can
  console.log(`${pc.bold(printable(puzzle.name))}  (${printable(source)})`);
  if (puzzle.description) console.log(printable(puzzle.description, Infinity, '\n\t'));
  const use = puzzle.use !== undefined ? `; ${puzzle.use} piece${puzzle.use === 1 ? '' : 's'} in all (use: ${puzzle.use})` : '';
  console.log(`${puzzle.dims}-D board ${sizeOf(puzzle)}; mirror images ${puzzle.mirror ? 'allowed' : 'not allowed'} by default${use}\n`);
  const maxWidth = pictureWidth();
  console.log(renderBoardText(puzzle, { color, maxWidth }));
  const labels = pieceLabels(puzzle.pieces.map((p) => p.name));
  // the colours the board picture gives the placed pieces, so that each piece looks the same in both
  const colours = pieceListColours(puzzle.pieces);
  puzzle.pieces.forEach((p, i) => {
    const orientations = table ? table.orientationCounts[i]! : pieceOrientations(puzzle, i).length;
    const label = labels.get(p.name)!;
    const placedBefore = (puzzle.placed ?? []).filter((q) => q.piece === p.name).length;
    const min = pieceMin(p);
    const turns = p.orientations ? ['as listed'] : [p.rotate === false ? 'rotate: false' : '', p.mirror ? '' : 'no mirror'].filter(Boolean);
    const facts = [
      `${p.shape.length} cell${p.shape.length === 1 ? '' : 's'}`,
      min !== p.count ? `${min} to ${p.count} copies` : p.count !== 1 ? `${p.count} copies` : '',
      placedBefore > 0 ? `${placedBefore} placed before` : '',
      `${orientations} orientation${orientations === 1 ? '' : 's'}${turns.length > 0 ? ` (${turns.join(', ')})` : ''}`,
      table ? `${formatCount(table.byPiece[i]!.length)} placements` : '',
      p.color !== undefined ? `color ${printable(p.color)}${readColour(p.color) ? '' : ' (not one the pictures know: drawn in a colour of their own)'}` : '',
    ].filter(Boolean);
    // the label, when it is not the name, as the pictures of solutions use it
    console.log(`\n${pc.bold(printable(p.name))}${label !== p.name ? ` (drawn as ${label})` : ''}: ${facts.join(', ')}`);
    console.log(renderShapeText(p.shape, puzzleGrid(puzzle), label, { color, maxWidth, pieceColor: colours[i]!.hex }));
  });
  const most = pieceArea(puzzle);
  const least = puzzle.pieces.reduce((n, p) => n + p.shape.length * pieceMin(p), 0);
  const area = least === most ? `${most} cells` : `${least} to ${most} cells`;
  const optional = puzzle.optional?.length ?? 0;
  const board = `${puzzle.board.length} cells${optional > 0 ? ` (${optional} may stay empty)` : ''}`;
  const placements = table ? formatCount(table.placements.length) : `more than ${formatCount(PLACEMENT_LIMITS.placements)}`;
  console.log(`\npieces: ${area}; board: ${board}; ${placements} placements in all`);
}

const PUZZLE_ARGUMENT = 'a catalog name (see snug list), a puzzle file (.yaml) or a BurrTools file (.xmpuzzle)';

/** --problem: which problem of a BurrTools file (they hold several). */
/** A level as the command line takes it: 5, 5.3 or 5.3.2. */
export function parseLevelOption(value: string): number[] {
  const level = parseLevel(value);
  if (!level) throw new UsageError(`--min-level wants a level such as 5 or 5.3.2 (moves before each separation, each at least 1), not '${printable(value, 40)}'`);
  return level;
}

function problemOption(): Option {
  return new Option('--problem <n>', 'the problem of a BurrTools file to read (default 1)').argParser(parsePositiveInt('--problem', 1_000_000));
}

export function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command('snug')
    .description('Solve packing and tiling puzzles: polyominoes, polycubes and rectangles.')
    .version(snugVersion())
    .exitOverride();
  // a usage mistake is one line, as every other error: commander's message, then where help is
  program.configureOutput({ outputError: (str, write) => write(`snug: ${str.trim().replace(/^error: /, '')} (run with --help for usage)\n`) });

  program.command('list').description('list the puzzles of the built-in catalog').action(() => listCommand());

  program
    .command('show')
    .description('draw a puzzle: its board and pieces, with orientation and placement counts')
    .argument('<puzzle>', PUZZLE_ARGUMENT)
    .addOption(problemOption())
    .option('--no-color', 'plain text without colours')
    .action((target: string, flags: { color: boolean; problem?: number }) => showCommand(target, flags));

  const VERIFY_HELP = 'with --queue: once the run is complete, solve K of its subproblems again here, drawn at random (or all), and refuse the run if a result differs';
  // the options of the commands that run searches on worker threads; `checkpoints`: the command saves its
  // run (analyze does not, so it does not offer --checkpoint-interval)
  const runOptions = (command: Command, checkpoints = true): Command => {
    command
      .option('-w, --workers <n>', `worker threads (default: one per core; at most ${maxWorkers()}, four per core)`, parsePositiveInt('--workers', maxWorkers(), ' (four per core on this machine, and never more than 256)'))
      .option('-q, --quiet', 'no progress display')
      .addOption(new Option('--progress <mode>', 'progress on stderr: a bar (on a terminal), json (one event per line) or none').choices(['bar', 'json', 'none']));
    if (checkpoints) command.option('--checkpoint-interval <seconds>', 'seconds between checkpoint saves (default 5)', parsePositiveNumber('--checkpoint-interval'));
    return command
      .option('--no-color', 'plain text without colours')
      .option('--key-file <file>', 'the file of the key that authenticates checkpoints, shards and queue results (default: SNUG_KEY, SNUG_KEY_FILE, else ~/.config/snug/run.key, made on first use); every machine of a run needs the same key');
  };

  runOptions(
    program
      .command('solve')
      .description('solve a puzzle: the first solution by default, drawn with statistics')
      .argument('<puzzle>', PUZZLE_ARGUMENT)
      .addOption(problemOption())
      .option('-n, --limit <n>', 'stop after N solutions', parsePositiveInt('--limit'))
      .option('-a, --all', 'find every solution')
      .option('-c, --count', 'count every solution, print none')
      .option('-u, --unique', 'only solutions that differ up to the symmetries of the board')
      .addOption(new Option('--symmetry <which>', 'with --unique: classes under all the board\'s symmetries, or its rotations only (mirror images told apart)').choices(['all', 'rotations']))
      .option('--disassemble', 'take every assembly apart (3-D puzzles): only those that come apart are solutions, each with its level, as BurrTools counts them')
      .option('--min-level <level>', 'with --disassemble: only solutions at this level or above (5, or 5.3.2: the moves before each separation)', parseLevelOption)
      .option('--json', 'print one JSON object with the count and statistics (and the solutions found)')
      .option('--jsonl', 'print each solution as one JSON line as it is found')
      .option('-t, --time-limit <seconds>', 'stop searching after this many seconds', parsePositiveNumber('--time-limit'))
      .addOption(new Option('-e, --engine <engine>', 'search engine').choices(ENGINE_CHOICES as string[]).default('auto'))
      .option('--stats', 'also print the engine chosen and why, symmetry handling and work counters')
      .option('--svg <file>', 'write the first solution as an SVG picture (- for standard output)')
      .option('--png <file>', 'write the first solution as a PNG picture (the SVG picture, drawn)')
      .addOption(new Option('--view <view>', 'how --svg and --png draw a 3-D solution of cubes (or of other solids): layers side by side, iso (one isometric picture), exploded, or steps (how to put it together: a way to take it apart, played backwards)').choices(['layers', 'iso', 'exploded', 'steps']))
      .option('--scale <pixels>', 'pixels per cell of the --svg and --png pictures (default 24)', parseScale)
      .option('--checkpoint <file>', 'save the run to FILE every few seconds and on Ctrl-C (continue it with snug resume FILE)')
      .option('--shard <K/N>', 'solve only the Kth of N shares of the search (with --json; combine them with snug merge)', parseShard)
      .option('--queue <url>', 'share the run out through the work queue at redis://HOST:PORT[/DB] (with --count or --all), to the workers there (snug worker); with --workers, work on it here too')
      .option('--verify <k>', VERIFY_HELP, parseVerify),
  ).action(async (target: string, flags: SolveFlags) => setExit(await solveCommand(target, flags)));

  runOptions(
    program
      .command('resume')
      .description('go on with a run saved by --checkpoint, or with a run on a work queue (--queue), to the same result as an uninterrupted run')
      .argument('[file]', 'the checkpoint file; with --queue, the run\'s ID (when the queue holds more than one)')
      .option('--queue <url>', 'the run is on the work queue at redis://HOST:PORT[/DB]')
      .option('--verify <k>', VERIFY_HELP, parseVerify)
      .option('--json', 'print one JSON object (as solve --json); default: the output the run was started with')
      .option('--jsonl', 'print each solution as one JSON line (not for a run started with --count)')
      .option('--stats', 'also print the engine chosen and why, symmetry handling and work counters'),
  ).action(async (file: string | undefined, flags: ResumeFlags & { queue?: string }) => {
    if (flags.queue !== undefined) return setExit(await (await import('./queue.js')).resumeQueueCommand(flags.queue, file, flags));
    if (file === undefined) throw new UsageError('resume needs the checkpoint file (or --queue URL for a run on a work queue)');
    return setExit(await resumeCommand(file, flags));
  });

  program
    .command('worker')
    .description('take work from a work queue (runs started with --queue) and solve it on this machine\'s cores, until Ctrl-C')
    .argument('<url>', 'the queue: redis://HOST:PORT[/DB]')
    .option('-w, --workers <n>', `threads (default: one per core; at most ${maxWorkers()})`, parsePositiveInt('--workers', maxWorkers()))
    .option('--timeout <seconds>', `a job this worker holds goes to another worker when it has not been heard from for this long (default 30; from 1 to ${MAX_WORKER_TIMEOUT_S})`, parseBoundedNumber('--timeout', 1, MAX_WORKER_TIMEOUT_S))
    .option('--key-file <file>', 'the file of the key that authenticates checkpoints, shards and queue results (default: SNUG_KEY, SNUG_KEY_FILE, else ~/.config/snug/run.key, made on first use); every machine of a run needs the same key')
    .option('-q, --quiet', 'no messages')
    .action(async (url: string, flags: { workers?: number; timeout?: number; quiet?: boolean; keyFile?: string }) => setExit(await (await import('./queue.js')).workerCommand(url, flags)));

  program
    .command('disassemble')
    .description('take one solution of a 3-D puzzle apart, move by move: its level and every slide, drawn (text, --svg, --png) or as --json')
    .argument('<puzzle>', PUZZLE_ARGUMENT)
    .addOption(problemOption())
    .option('--solution <n>', 'the Nth solution that comes apart, as snug solve --disassemble lists them (default 1); with --from, the Nth line of the file', parsePositiveInt('--solution'))
    .option('--from <solutions>', 'take the solution from a file of --jsonl solution lines (any assembly: one that locks is told so)')
    .option('--json', 'print the moves as one JSON object')
    .option('--svg <file>', 'write the steps as an SVG sheet of isometric pictures (- for standard output)')
    .option('--png <file>', 'write the steps as a PNG picture')
    .option('--scale <pixels>', 'pixels per cell of the pictures (default 24)', parseScale)
    .option('--no-color', 'plain text without colours')
    .action(async (target: string, flags: DisassembleFlags) => setExit(await (await import('./disassemble.js')).disassembleCommand(target, flags, resolvePuzzle)));

  program
    .command('render')
    .description('draw solutions saved earlier (snug solve --jsonl), one picture each, every one checked against the puzzle')
    .argument('<solutions>', 'a file of --jsonl solution lines')
    .requiredOption('--puzzle <puzzle>', 'the puzzle they solve (a catalog name or a file)')
    .requiredOption('--out <dir>', 'the folder to write solution-0001.svg, ... in (made when missing)')
    .option('--png', 'write PNG pictures instead of SVG')
    .option('--limit <n>', 'draw the first N solutions only', parsePositiveInt('--limit'))
    .option('--scale <pixels>', 'pixels per cell (default 24)', parseScale)
    .addOption(problemOption())
    .action(async (file: string, flags: { puzzle: string; out: string; png?: boolean; limit?: number; scale?: number; problem?: number }) =>
      setExit(await (await import('./render.js')).renderCommand(file, flags, (target) => resolvePuzzle(target, flags.problem))));

  program
    .command('export')
    .description('write the pieces of a 3-D puzzle as STL files for a 3-D printer, one per piece (or, with --solution N, the pieces of a solution in their places)')
    .argument('<puzzle>', PUZZLE_ARGUMENT)
    .addOption(problemOption())
    .option('--stl <dir>', 'the new folder to write 01-NAME.stl, ... in (binary STL, millimetres)')
    .option('--solution <n>', 'the Nth solution (as snug solve --limit N finds them): each piece in its place, so that the files loaded together show it assembled', parsePositiveInt('--solution'))
    .option('--cell-size <mm>', `the length of a cell (a cube's side, a ball's diameter) in millimetres (default ${STL_DEFAULTS.cellSize})`, parsePositiveNumber('--cell-size'))
    .option('--gap <mm>', `the gap between two pieces side by side, in millimetres: each piece loses half of it on every face, so printed pieces slide (default ${STL_DEFAULTS.gap})`, parseNonNegativeNumber('--gap'))
    .option('--bevel <mm>', `cut each outer edge back by this much along both its faces (default ${STL_DEFAULTS.bevel}: sharp edges)`, parseNonNegativeNumber('--bevel'))
    .action(async (target: string, flags: ExportFlags) => setExit((await import('./export.js')).exportCommand(target, flags, resolvePuzzle)));

  program
    .command('web')
    .description('serve the web app on a local port (it prints the address), or copy it into a folder with --out for any static host')
    .option('-p, --port <port>', 'the port (default 8080; 0 picks a free one)', parsePort)
    .option('--host <address>', 'the address to listen on (default 127.0.0.1, this machine only)')
    .option('--out <dir>', 'write the app as static files into this new or empty folder instead of serving it')
    .action(async (flags: { port?: number; host?: string; out?: string }) => setExit(await (await import('./web.js')).webCommand(flags)));

  program
    .command('merge')
    .description('combine the --json outputs of the shards of a run (and --jsonl solution files) into its whole result')
    .argument('<files...>', "every shard's --json output")
    .option('--puzzle <puzzle>', 'the puzzle the shards solve (a catalog name or a file): needed to check the solutions they list')
    .addOption(problemOption())
    .option('--key-file <file>', 'the file of the key that authenticates checkpoints, shards and queue results (default: SNUG_KEY, SNUG_KEY_FILE, else ~/.config/snug/run.key, made on first use); every machine of a run needs the same key')
    // loaded only here: its schema library is large, and most commands start without it
    .action(async (files: string[], flags: { puzzle?: string; problem?: number; keyFile?: string }) =>
      setExit((await import('./merge.js')).mergeCommand(files, flags, (target) => resolvePuzzle(target, flags.problem), runKeyOf(flags))));

  program
    .command('convert')
    .description('write a puzzle as a BurrTools file (OUT ending in .xmpuzzle) or as a snug puzzle file (.yaml, or - for standard output)')
    .argument('<in>', PUZZLE_ARGUMENT)
    .argument('<out>', 'the file to write: .xmpuzzle for BurrTools, .yaml or .yml for snug, - for YAML on standard output')
    .addOption(problemOption())
    .option('--solutions <n>', 'solve first, and write up to N solutions into the BurrTools file as its assemblies', parsePositiveInt('--solutions', 1_000_000))
    .option('--disassemble', 'solve as BurrTools does (every assembly up to symmetry), and write the solutions that come apart with their moves and levels (up to --solutions N)')
    .action((input: string, output: string, flags: ConvertFlags) => setExit(convertCommand(input, output, flags)));

  program
    .command('estimate')
    .description('estimate the size of the search tree and the time to search it, without solving')
    .argument('<puzzle>', PUZZLE_ARGUMENT)
      .addOption(problemOption())
    .option('-u, --unique', 'estimate the search for unique solutions')
    .addOption(new Option('-e, --engine <engine>', 'search engine').choices(ENGINE_CHOICES as string[]).default('auto'))
    .option('--probes <n>', `random walks down the tree (default: as many as fit in a second; at most ${MAX_PROBES})`, parsePositiveInt('--probes', MAX_PROBES))
    .option('-w, --workers <n>', 'workers to estimate the time for (default: one per core)', parsePositiveInt('--workers', 1_000_000))
    .option('--json', 'print the estimate as one JSON object')
    .action((target: string, flags: EstimateFlags) => setExit(estimateCommand(target, flags)));

  program
    .command('hint')
    .description('on a half-done board (pieces placed in the file): can it be completed, and what to put down next (or take off)')
    .argument('<puzzle>', PUZZLE_ARGUMENT)
      .addOption(problemOption())
    .option('--max <n>', `count completions up to N (default ${DEFAULT_HINT_MAX})`, parsePositiveInt('--max'))
    .option('--piece <name>', 'also list where this piece can go')
    .option('--reveal <n>', 'also show N pieces of one completion', parsePositiveInt('--reveal'))
    .option('--json', 'print one JSON object: solvable, completions, complete, hint, remove')
    .addOption(new Option('-e, --engine <engine>', 'search engine').choices(ENGINE_CHOICES as string[]).default('auto'))
    .option('--no-color', 'plain text without colours')
    .action((target: string, flags: HintFlags) => setExit(hintCommand(target, flags)));
  runOptions(
    program
      .command('analyze')
      .description('answers for designers: solutions in all and up to symmetry, whether it is unique (exit 0 when it is), the placements every solution shares, a difficulty figure and the forced moves')
      .argument('<puzzle>', PUZZLE_ARGUMENT)
      .addOption(problemOption())
      .option('--json', 'print the analysis as one JSON object')
      .option('-t, --time-limit <seconds>', 'stop each count (solutions, unique solutions, the plain search) after this many seconds', parsePositiveNumber('--time-limit'))
      .option('--max <n>', 'stop each count of solutions at N', parsePositiveInt('--max'))
      .option('--max-nodes <n>', 'stop the plain search that measures the difficulty after N moves (default 10,000,000)', parsePositiveInt('--max-nodes'))
      .addOption(new Option('-e, --engine <engine>', 'search engine for the counts').choices(ENGINE_CHOICES as string[]).default('auto')),
    false,
  ).action(async (target: string, flags: AnalyzeFlags) => setExit(await analyzeCommand(target, flags)));

  runOptions(
    program
      .command('sweep')
      .description('count the solutions of every puzzle of a family: each date of a calendar puzzle, each choice of K pieces, each cell left open, or each puzzle given; a table (text, --csv, --json) and a chart (--svg, --png)')
      .argument('<puzzle...>', `${PUZZLE_ARGUMENT}; without --over, several of them, each one row`)
      .addOption(problemOption())
      .option('--over <what...>', 'dates (the puzzle\'s labels say which cells a date leaves open), pieces K (every choice of K pieces; K may be a range such as 3..7) or open-cells (each cell left open in turn)')
      .option('--board <WxH>', 'with --over pieces: the board for each K, a rectangle whose sides are numbers or K, such as 5xK (default: the puzzle\'s board)')
      .option('--year <year>', 'with --over dates on a board with weekdays: the year whose dates to count (default: this year)', parsePositiveInt('--year', 9999))
      .option('--only <keys>', 'count only these variants, by their names in the table, comma-separated (such as 10-06,01-25)')
      .option('-u, --unique', 'count solutions up to the symmetries of each variant\'s board')
      .addOption(new Option('--symmetry <which>', 'with --unique: all the board\'s symmetries, or its rotations only').choices(['all', 'rotations']))
      .addOption(new Option('-e, --engine <engine>', 'search engine').choices(ENGINE_CHOICES as string[]).default('auto'))
      .option('-t, --time-limit <seconds>', 'stop each variant\'s count after this many seconds (its row then says at least)', parsePositiveNumber('--time-limit'))
      .option('--checkpoint <file>', 'save each variant counted to FILE; the same command with the same FILE goes on where it stopped')
      .option('--csv', 'print the table as CSV')
      .option('--json', 'print the table as one JSON object')
      .option('--svg <file>', 'write the chart as SVG (- for standard output): for dates a calendar of counts, for open cells a heat map of the board, else bars')
      .option('--png <file>', 'write the chart as PNG'),
  ).action(async (targets: string[], flags: SweepFlags) => setExit(await (await import('./sweep.js')).sweepCommand(targets, flags)));

  program
    .command('challenge')
    .description('write starting positions (pieces already placed) that have exactly one completion, as hard as can be for their number of pieces, ranked by difficulty')
    .argument('<puzzle>', PUZZLE_ARGUMENT)
      .addOption(problemOption())
    .option('--count <n>', 'how many challenges (default 10)', parsePositiveInt('--count'))
    .option('--placed <K..L>', 'pieces on the board at the start, from K to L (default: from 1 to half of the pieces)', parsePlacedRange)
    .option('--seed <n>', 'seed of the random choices (default 1): the same seed gives the same challenges', parseSeed)
    .option('-o, --out <dir>', 'folder to write challenge-001.yaml ... in (made when missing; default: the current folder)')
    .option('--solutions <n>', 'solutions to make challenges from (default 20)', parsePositiveInt('--solutions', 1_000_000))
    .option('--tries <n>', 'subsets of a solution\'s pieces tried per number placed (default 100)', parsePositiveInt('--tries', 1_000_000))
    .option('--max-nodes <n>', 'moves of the plain search at most when measuring a position (default 2,000,000)', parsePositiveInt('--max-nodes'))
    .option('-t, --time-limit <seconds>', 'stop looking after this many seconds (and write what was found)', parsePositiveNumber('--time-limit'))
    .option('--json', 'print the table of challenges as one JSON object')
    .option('-q, --quiet', 'no progress display')
    .addOption(new Option('--progress <mode>', 'progress on stderr: a status line (on a terminal), json (one event per line) or none').choices(['bar', 'json', 'none']))
    .action(async (target: string, flags: ChallengeFlags) => setExit(await challengeCommand(target, flags)));
  return program;
}

export async function main(argv: string[]): Promise<number> {
  let code: number = EXIT.ran;
  const program = buildProgram((c) => { code = c; });
  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; every usage mistake is a 2
      return e.exitCode === 0 ? EXIT.ran : EXIT.badInput;
    }
    if (
      e instanceof UsageError || e instanceof PuzzleError || e instanceof InvalidPuzzleError || e instanceof InvalidOptionError ||
      e instanceof CheckpointError || e instanceof MergeError || e instanceof OutputError || e instanceof QueueError || e instanceof RunKeyError
    ) {
      // one line, whatever a file name or a file's text put in it
      writeError(`snug: ${printable(e.message)}\n`);
      return EXIT.badInput;
    }
    const err = e as Error;
    writeError(`snug: internal error: ${printable(String(err?.message))}${process.env.SNUG_DEBUG ? `\n${err?.stack}` : ' (set SNUG_DEBUG=1 for details)'}\n`);
    return EXIT.internal;
  }
}
