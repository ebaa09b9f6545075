import { writeFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import pc from 'picocolors';
import { generatePlacements } from '../placements/placements.js';
import { PuzzleError } from '../puzzle/errors.js';
import { catalogNames, loadCatalogPuzzle, resolvePuzzle } from '../puzzle/catalog.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { pieceLabels, renderBoardText, renderShapeText, renderSolutionSvg, renderSolutionText } from '../render/index.js';
import type { EngineChoice } from '../search/prepare.js';
import { ENGINE_CHOICES } from '../search/prepare.js';
import { solve } from '../search/solve.js';
import { EXIT, UsageError, parsePositiveInt, parsePositiveNumber } from './errors.js';
import { formatCount, solutionJson, statsJson, summaryLine } from './format.js';
import { extent } from '../geometry/cell.js';

interface SolveFlags {
  limit?: number;
  all?: boolean;
  count?: boolean;
  unique?: boolean;
  json?: boolean;
  jsonl?: boolean;
  timeLimit?: number;
  engine: EngineChoice;
  stats?: boolean;
  svg?: string;
  color: boolean;
}

/** Colour on a terminal, or when FORCE_COLOR asks for it; never with NO_COLOR or --no-color. */
function useColor(flag: boolean): boolean {
  return flag && pc.isColorSupported;
}

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
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c)).join('  '));
}

function showCommand(target: string, flags: { color: boolean }): void {
  const { puzzle, source } = resolvePuzzle(target);
  const color = useColor(flags.color);
  const table = generatePlacements(puzzle);
  console.log(`${pc.bold(puzzle.name)}  (${source})`);
  if (puzzle.description) console.log(puzzle.description);
  console.log(`${puzzle.dims}-D board ${sizeOf(puzzle)}; mirror images ${puzzle.mirror ? 'allowed' : 'not allowed'} by default\n`);
  console.log(renderBoardText(puzzle, { color }));
  const labels = pieceLabels(puzzle.pieces.map((p) => p.name));
  puzzle.pieces.forEach((p, i) => {
    const facts = [
      `${p.shape.length} cells`,
      p.count > 1 ? `${p.count} copies` : '',
      `${table.orientationCounts[i]} orientation${table.orientationCounts[i] === 1 ? '' : 's'}${p.mirror ? '' : ' (no mirror)'}`,
      `${formatCount(table.byPiece[i]!.length)} placements`,
    ].filter(Boolean);
    console.log(`\n${pc.bold(p.name)}: ${facts.join(', ')}`);
    console.log(renderShapeText(p.shape, puzzle.dims, labels.get(p.name)!, { color, colorIndex: i }));
  });
  const area = puzzle.pieces.reduce((n, p) => n + p.shape.length * p.count, 0);
  console.log(`\npieces: ${area} cells; board: ${puzzle.board.length} cells; ${formatCount(table.placements.length)} placements in all`);
}

function solveCommand(target: string, flags: SolveFlags): number {
  if (flags.json && flags.jsonl) throw new UsageError('--json and --jsonl cannot be combined: pick one output');
  if (flags.limit !== undefined && (flags.all || flags.count)) throw new UsageError('--limit cannot be combined with --all or --count');
  const { puzzle, source } = resolvePuzzle(target);
  const color = useColor(flags.color);
  const countOnly = !!flags.count;
  const limit = flags.all || countOnly ? Infinity : flags.limit ?? 1;
  const pictures = !flags.json && !flags.jsonl && !countOnly;
  let result;
  try {
    result = solve(puzzle, {
      engine: flags.engine,
      unique: !!flags.unique,
      limit,
      countOnly,
      keep: !!flags.json || !!flags.svg,
      ...(flags.timeLimit !== undefined ? { timeLimitMs: flags.timeLimit * 1000 } : {}),
      onSolution: (solution, index) => {
        if (flags.jsonl) process.stdout.write(`${JSON.stringify(solutionJson(solution, puzzle.dims))}\n`);
        else if (pictures) console.log(`${pc.bold(`Solution ${index + 1}`)}\n${renderSolutionText(puzzle, solution, { color })}\n`);
      },
    });
  } catch (e) {
    if (e instanceof InvalidPuzzleError) throw new PuzzleError(source, undefined, e.message);
    throw e;
  }
  if (flags.svg) {
    const first = result.found[0];
    if (first) writeFileSync(flags.svg, renderSolutionSvg(puzzle, first, { title: puzzle.name }));
  }
  if (flags.json) {
    const found = countOnly ? {} : { found: result.found.map((s) => solutionJson(s, puzzle.dims)) };
    console.log(JSON.stringify({ ...statsJson(result), ...found }));
  } else if (!flags.jsonl) {
    console.log(summaryLine(result, Number.isFinite(limit) ? limit : undefined));
    if (flags.stats) {
      console.log(`engine: ${result.engine} (${result.engineReason})`);
      if (result.symmetryNote) console.log(`symmetry: ${result.symmetryNote}`);
      console.log(`updates: ${formatCount(result.updates)}`);
    }
  } else if (flags.stats) {
    process.stderr.write(`${summaryLine(result, Number.isFinite(limit) ? limit : undefined)}\n`);
  }
  if (flags.svg && result.found.length === 0) process.stderr.write(`snug: no solution, so no SVG written to ${flags.svg}\n`);
  return result.solutions > 0 ? EXIT.ran : EXIT.noSolution;
}

export function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command('snug')
    .description('Solve packing and tiling puzzles: polyominoes, polycubes and rectangles.')
    .version(process.env.npm_package_version ?? '0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  program.configureOutput({ outputError: (str, write) => write(str) });

  program.command('list').description('list the puzzles of the built-in catalog').action(() => listCommand());

  program
    .command('show')
    .description('draw a puzzle: its board and pieces, with orientation and placement counts')
    .argument('<puzzle>', 'a catalog name (see snug list) or a puzzle file (.yaml)')
    .option('--no-color', 'plain text without colours')
    .action((target: string, flags: { color: boolean }) => showCommand(target, flags));

  program
    .command('solve')
    .description('solve a puzzle: the first solution by default, drawn with statistics')
    .argument('<puzzle>', 'a catalog name (see snug list) or a puzzle file (.yaml)')
    .option('-n, --limit <n>', 'stop after N solutions', parsePositiveInt('--limit'))
    .option('-a, --all', 'find every solution')
    .option('-c, --count', 'count every solution, print none')
    .option('-u, --unique', 'only solutions that differ up to the symmetries of the board')
    .option('--json', 'print one JSON object with the count and statistics (and the solutions found)')
    .option('--jsonl', 'print each solution as one JSON line as it is found')
    .option('-t, --time-limit <seconds>', 'stop searching after this many seconds', parsePositiveNumber('--time-limit'))
    .addOption(new Option('-e, --engine <engine>', 'search engine').choices(ENGINE_CHOICES as string[]).default('auto'))
    .option('--stats', 'also print the engine chosen and why, symmetry handling and work counters')
    .option('--svg <file>', 'write the first solution as an SVG picture')
    .option('--no-color', 'plain text without colours')
    .action((target: string, flags: SolveFlags) => setExit(solveCommand(target, flags)));
  return program;
}

export function main(argv: string[]): number {
  let code: number = EXIT.ran;
  const program = buildProgram((c) => { code = c; });
  try {
    program.parse(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; every usage mistake is a 2
      return e.exitCode === 0 ? EXIT.ran : EXIT.badInput;
    }
    if (e instanceof UsageError || e instanceof PuzzleError) {
      process.stderr.write(`snug: ${e.message}\n`);
      return EXIT.badInput;
    }
    if (e instanceof InvalidPuzzleError) {
      process.stderr.write(`snug: ${e.message}\n`);
      return EXIT.badInput;
    }
    const err = e as Error;
    process.stderr.write(`snug: internal error: ${err.message}${process.env.SNUG_DEBUG ? `\n${err.stack}` : ' (set SNUG_DEBUG=1 for details)'}\n`);
    return EXIT.internal;
  }
}

