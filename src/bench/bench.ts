/**
 * `npm run bench [-- --long] [-- --runs N] [-- --only NAME] [-- --peer-pentomino PATH]
 * [-- --peer-burrtools PATH [--burrtools-examples DIR]]` (NAME: a puzzle, `peers` for the whole-process
 * table against node -e 0 and the peers, `burrtools` for the disassembly table, `optional` for the
 * third table alone, or `loops` for the bitboard engine's loop variants): times the catalog puzzles in
 * each mode on each engine that applies and prints a table. Each cell is the median of N runs (default 5) with the spread
 * (min..max); the last column is the speed-up of the default engine over snug's own DLX engine measured
 * in the same run, and "cli" is the whole `snug solve --workers 1` process (Node's start included), as a
 * user sees it. A second table times planned runs on 1 and 2 workers. A third times puzzles with optional
 * cells or ranges of copies against the same puzzles written with monominoes, on the bitboard engine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BitboardOptions, PackingSpec } from '../engines/bitboard.js';
import { BitboardSolver } from '../engines/bitboard.js';
import type { EngineName } from '../engines/types.js';
import type { Cell } from '../geometry/cell.js';
import { normalize } from '../geometry/cell.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { prepareSearch } from '../compile/compile.js';
import { bitboardInput } from '../compile/engine-inputs.js';
import { runPrepared } from '../search/solve.js';
import { solveAsync } from '../runs/run.js';
import { formatCount, formatDuration } from '../render/report.js';

type Mode = 'first' | 'count' | 'unique';

interface Case {
  readonly puzzle: string;
  readonly mode: Mode;
  readonly engines: readonly EngineName[];
  /** Target for the whole process, seconds. */
  readonly target?: number;
  /** Runs only with --long. */
  readonly long?: boolean;
  /** Engines that run on this case only with --long (too slow for the default run). */
  readonly longEngines?: readonly EngineName[];
}

const CASES: readonly Case[] = [
  { puzzle: 'pentomino-6x10', mode: 'unique', engines: ['bitboard', 'dlx'], target: 0.25 },
  { puzzle: 'pentomino-6x10', mode: 'count', engines: ['bitboard', 'dlx'], target: 0.8 },
  { puzzle: 'pentomino-5x12', mode: 'unique', engines: ['bitboard', 'dlx'], target: 0.5 },
  { puzzle: 'pentomino-4x15', mode: 'unique', engines: ['bitboard', 'dlx'] },
  { puzzle: 'pentomino-3x20', mode: 'count', engines: ['bitboard', 'dlx'] },
  { puzzle: 'pentomino-8x8-hole', mode: 'unique', engines: ['bitboard', 'dlx'] },
  { puzzle: 'soma', mode: 'unique', engines: ['bitboard', 'dlx'], target: 0.15 },
  { puzzle: 'soma', mode: 'count', engines: ['bitboard', 'dlx'] },
  { puzzle: 'pentacubes-3x4x5', mode: 'unique', engines: ['bitboard', 'dlx'], longEngines: ['dlx'], target: 1.5 },
  { puzzle: 'block-3x4x5', mode: 'first', engines: ['bitboard', 'dlx'] },
  { puzzle: 'kanoodle', mode: 'count', engines: ['bitboard', 'dlx'], longEngines: ['dlx'] },
  { puzzle: 'kanoodle-challenge', mode: 'count', engines: ['bitboard', 'dlx'] },
  { puzzle: 'katamino-5x4', mode: 'unique', engines: ['bitboard', 'dlx'] },
  { puzzle: 'a-puzzle-a-day', mode: 'count', engines: ['bitboard', 'dlx'], longEngines: ['dlx'] },
  { puzzle: 'calissons-3', mode: 'unique', engines: ['bitboard', 'dlx'] },
  { puzzle: 'tetrahexes-7x4', mode: 'unique', engines: ['bitboard', 'dlx'] },
  { puzzle: 'hexiamonds-6x6', mode: 'unique', engines: ['bitboard', 'dlx'] },
  { puzzle: 'pentomino-3x20-loop', mode: 'unique', engines: ['bitboard', 'dlx'] },
  { puzzle: 'kanoodle-pyramid', mode: 'unique', engines: ['dlx', 'bitboard'], longEngines: ['bitboard'] },
  { puzzle: 'calibron', mode: 'first', engines: ['rect'] },
  { puzzle: 'calibron', mode: 'count', engines: ['rect'], target: 0.25 },
  { puzzle: 'pentomino-8x8-square', mode: 'unique', engines: ['bitboard'], long: true },
  { puzzle: 'pentomino-onesided-3x30', mode: 'unique', engines: ['bitboard'], long: true },
  { puzzle: 'pentacubes-2x5x6', mode: 'unique', engines: ['bitboard'], long: true },
  { puzzle: 'pentacubes-2x3x10', mode: 'unique', engines: ['bitboard'], long: true },
  { puzzle: 'bedlam-cube', mode: 'unique', engines: ['bitboard'], long: true },
  { puzzle: 'tetris-cube', mode: 'unique', engines: ['bitboard'], target: 600, long: true },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function timeEngine(c: Case, engine: EngineName) {
  const puzzle = loadCatalogPuzzle(c.puzzle);
  const start = performance.now();
  const prepared = prepareSearch(puzzle, { engine, unique: c.mode === 'unique', expandSymmetry: c.mode === 'count', countOnly: c.mode === 'count' });
  const r = runPrepared(prepared, c.mode === 'first' ? { limit: 1, keep: false } : { countOnly: true });
  const known = c.mode === 'unique' ? puzzle.known?.unique : c.mode === 'count' ? puzzle.known?.total : undefined;
  return { ms: performance.now() - start, solutions: r.solutions, nodes: r.nodes, known };
}

const cliPath = fileURLToPath(new URL('../cli/snug.js', import.meta.url));
function timeCli(c: Case): number {
  // the targets are for one core
  const args = ['solve', c.puzzle, ...(c.mode === 'first' ? [] : ['--count']), ...(c.mode === 'unique' ? ['--unique'] : []), '--json', '--workers', '1'];
  const start = performance.now();
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`snug ${args.join(' ')} failed: ${r.stderr}`);
  return performance.now() - start;
}

/**
 * Two commands timed whole process, alternated run by run (both see the same load on a shared machine):
 * the medians, and the median of the pair-by-pair ratios b / a. Each must exit 0; `check` reads a's and
 * b's output (the count each printed) on the first pair.
 */
function pairs(a: readonly string[], b: readonly string[], runs: number, check?: (outA: string, outB: string) => void): { a: number; b: number; ratio: number } {
  const timeOnce = (cmd: readonly string[]): { ms: number; out: string } => {
    const start = performance.now();
    const r = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8' });
    const ms = performance.now() - start;
    if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr}`);
    return { ms, out: r.stdout };
  };
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ra = timeOnce(a);
    const rb = timeOnce(b);
    if (i === 0) check?.(ra.out, rb.out);
    as.push(ra.ms);
    bs.push(rb.ms);
    ratios.push(rb.ms / ra.ms);
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

/**
 * Whole processes against Node's own start and against a peer solver (issue 11), alternated pair by pair.
 * `--peer-pentomino PATH`: the `pento` binary of sugyan/pentomino (a Rust bitboard solver), built from
 * ../shared/peers/sugyan-pentomino in a scratch folder (`cargo build --release --offline`); its two table
 * strategies are timed against `snug solve ... --count --workers 1`. Its `optimized-large` spends about
 * 0.18 s building a table before its search; `optimized-small` does not.
 */
function peers(runs: number, pentomino: string | undefined): void {
  console.log(`\nWhole process against node -e 0 and peers, alternated pair by pair, median of ${runs} (ratio: the other's time over snug's)\n`);
  console.log('| work | snug | other | other\'s time | ratio | target |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const snug = (puzzle: string, unique: boolean): string[] => [process.execPath, cliPath, 'solve', puzzle, '--count', ...(unique ? ['--unique'] : []), '--json', '--workers', '1'];
  const countOf = (json: string): number => (JSON.parse(json.trim().split('\n').pop()!) as { solutions: number }).solutions;
  const soma = pairs(snug('soma', true), [process.execPath, '-e', '0'], runs);
  console.log(`| soma unique (240) | ${fmt(soma.a)} | node -e 0 | ${fmt(soma.b)} | snug at ${(1 / soma.ratio).toFixed(2)}x node | at most 1.3x node ${1 / soma.ratio <= 1.3 ? 'met' : 'MISSED'} |`);
  if (!pentomino) {
    console.log('| pentominoes against the Rust solver | | (give --peer-pentomino PATH to time it) | | | |');
  } else {
    peerRows(runs, pentomino, snug, countOf);
  }
  // where a short run's time goes, as --stats measures it
  const PHASES = ['node', 'loading', 'puzzle', 'prepare', 'search', 'output', 'total'] as const;
  console.log(`\nWhere the time of a short run goes (--stats, whole process, median of ${runs}; ms)\n`);
  console.log(`| run | ${PHASES.join(' | ')} |`);
  console.log(`| --- |${' --- |'.repeat(PHASES.length)}`);
  for (const [puzzle, unique] of [['soma', true], ['pentomino-6x10', false], ['pentomino-5x12', false]] as const) {
    const samples = Array.from({ length: runs }, () => {
      const [node, ...args] = snug(puzzle, unique);
      const r = spawnSync(node!, [...args, '--stats'], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`snug solve ${puzzle} failed: ${r.stderr}`);
      return (JSON.parse(r.stdout.trim().split('\n').pop()!) as { phases: Record<string, number> }).phases;
    });
    console.log(`| ${puzzle}${unique ? ' unique' : ''} --count | ${PHASES.map((ph) => median(samples.map((x) => x[ph]!)).toFixed(1)).join(' | ')} |`);
  }
}

/** The pentomino rows against sugyan/pentomino's two strategies (the counts checked against each other). */
function peerRows(runs: number, pentomino: string, snug: (puzzle: string, unique: boolean) => string[], countOf: (json: string) => number): void {
  const works = [
    { label: '6x10 all', puzzle: 'pentomino-6x10', rows: 6, columns: 10, unique: false },
    { label: '6x10 unique', puzzle: 'pentomino-6x10', rows: 6, columns: 10, unique: true },
    { label: '5x12 all', puzzle: 'pentomino-5x12', rows: 5, columns: 12, unique: false },
  ];
  for (const w of works) {
    for (const strategy of ['optimized-large', 'optimized-small']) {
      // the peer's command line (../shared/peers/sugyan-pentomino: src/bin/pento.rs): ROWS COLS large|small [unique]
      const peer = [pentomino, String(w.rows), String(w.columns), strategy.replace('optimized-', ''), ...(w.unique ? ['unique'] : [])];
      const r = pairs(snug(w.puzzle, w.unique), peer, runs, (a, b) => {
        const theirs = Number(/Found (\d+) solutions/.exec(b)?.[1]);
        if (countOf(a) !== theirs) throw new Error(`${w.label}: snug counted ${countOf(a)}, ${strategy} ${theirs}`);
      });
      console.log(`| pentomino ${w.label} | ${fmt(r.a)} | Rust ${strategy} | ${fmt(r.b)} | **${r.ratio.toFixed(2)}x** | 2x faster ${r.ratio >= 2 ? 'met' : 'MISSED'} |`);
    }
  }
}

/**
 * Assemblies taken apart, against BurrTools' text solver (issue 21): `--peer-burrtools PATH` is a `burrTxt`
 * built from BurrTools' sources elsewhere; `--burrtools-examples DIR` its example files (not in this
 * repository: they are BurrTools', under its licence). Each row is one problem: `snug solve FILE --unique
 * --disassemble --count --workers 1` against `burrTxt -d` and `burrTxt -d -r` (its faster assembler), whole
 * processes alternated pair by pair, after checking that both count the same assemblies and the same
 * solutions that come apart. snug's own puzzles go in as the .xmpuzzle files `snug convert` writes.
 */
function burrToolsRows(runs: number, burrTxt: string, examples: string | undefined): void {
  console.log(`\nAssemblies taken apart against BurrTools' burrTxt -d, whole process alternated pair by pair, median of ${runs} (ratio: burrTxt's time over snug's)\n`);
  console.log('| problem | assemblies | come apart | snug | burrTxt -d | ratio | burrTxt -d -r | ratio | target |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const dir = mkdtempSync(join(tmpdir(), 'snug-burrtools-'));
  // `apart`: false on the grids BurrTools has no disassembler for (burrTxt -d aborts there): assemblies only
  const files: { label: string; file: string; problem: number; apart: boolean }[] = [];
  for (const name of ['soma']) {
    const file = join(dir, `${name}.xmpuzzle`);
    const r = spawnSync(process.execPath, [cliPath, 'convert', name, file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`snug convert ${name} failed: ${r.stderr}`);
    files.push({ label: name, file, problem: 1, apart: true });
  }
  // cubes, then one puzzle of each other grid: prisms (Bermuda), coloured cubes (Dracula), rhombic
  // tetrahedra (HexSticks), tetrahedra-octahedra (FourPieceTetrahedron), spheres (BallRoom)
  const examplesUsed: [string, boolean][] = [
    ['PelikanBurr', true], ['CubeInCage', true], ['AlPackino', true], ['DemoPieceGenerator', true], ['SolidSixPieceBurrs', true],
    ['Bermuda', true], ['DraculasDentalDesaster', true], ['HexSticks', false], ['FourPieceTetrahedron', false], ['BallRoom', false],
  ];
  for (const [name, apart] of examplesUsed) {
    if (examples && existsSync(join(examples, `${name}.xmpuzzle`))) files.push({ label: name, file: join(examples, `${name}.xmpuzzle`), problem: 1, apart });
  }
  if (!examples) console.log('| (BurrTools\' example files: give --burrtools-examples DIR) | | | | | | | | |');
  const counts = (out: string): { assemblies: number; solutions: number } => {
    const m = /(\d+) assemblies and (\d+) solutions found/.exec(out);
    if (!m) throw new Error(`no count in burrTxt's output: ${out.slice(-200)}`);
    return { assemblies: Number(m[1]), solutions: Number(m[2]) };
  };
  for (const { label, file, problem, apart } of files) {
    const snug = [process.execPath, cliPath, 'solve', file, '--problem', String(problem), '--unique', ...(apart ? ['--disassemble'] : []), '--count', '--json', '--workers', '1'];
    let row = { assemblies: 0, solutions: 0 };
    const check = (a: string, b: string): void => {
      const json = JSON.parse(a.trim().split('\n').pop()!) as { assemblies?: number; solutions: number };
      const mine = apart ? { assemblies: json.assemblies, solutions: json.solutions } : { assemblies: json.solutions, solutions: 0 };
      const theirs = counts(b);
      if (mine.assemblies !== theirs.assemblies || mine.solutions !== theirs.solutions) {
        throw new Error(`${label}: snug ${mine.assemblies} assemblies, ${mine.solutions} apart; burrTxt ${theirs.assemblies}, ${theirs.solutions}`);
      }
      row = theirs;
    };
    const d = apart ? ['-d'] : [];
    const plain = pairs(snug, [burrTxt, ...d, '-q', '-o', String(problem - 1), file], runs, check);
    const reduced = pairs(snug, [burrTxt, ...d, '-r', '-q', '-o', String(problem - 1), file], runs, check);
    const met = plain.ratio >= 2 && reduced.ratio >= 2;
    console.log(`| ${label}${apart ? '' : ' (assemblies only)'} | ${row.assemblies} | ${apart ? row.solutions : 'n/a'} | ${fmt(plain.a)} | ${fmt(plain.b)} | **${plain.ratio.toFixed(2)}x** | ${fmt(reduced.b)} | **${reduced.ratio.toFixed(2)}x** | 2x faster ${met ? 'met' : 'MISSED'} |`);
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Durations as every output of snug writes them. */
const fmt = formatDuration;

/**
 * The counting engine (issue 11): domino tilings counted, the whole `snug solve NAME --count` process
 * against `node -e 0` (alternated run by run, both on one core), and in process against the bitboard
 * engine where that finishes (8x8 lists its 12,988,816 tilings in some 40 s: with --long only).
 */
function counting(long: boolean, runs: number): void {
  const rows: readonly { puzzle: string; target: string; meets: (cliMs: number, nodeMs: number) => boolean; bitboard: boolean }[] = [
    { puzzle: 'dominoes-8x8', target: 'at most 1.3x node -e 0', meets: (cli, node) => cli <= 1.3 * node, bitboard: long },
    { puzzle: 'dominoes-16x16', target: 'under 2 s', meets: (cli) => cli < 2000, bitboard: false },
  ];
  console.log(`\nCounting engine: domino tilings, median of ${runs}; whole process alternated with node -e 0\n`);
  console.log('| puzzle | solutions | count engine (in process) | bitboard (in process) | cli (whole process) | node -e 0 | ratio | target |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const c: Case = { puzzle: row.puzzle, mode: 'count', engines: ['count'] };
    const inProcess: number[] = [];
    const cli: number[] = [];
    const node: number[] = [];
    let solutions = '';
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const prepared = prepareSearch(loadCatalogPuzzle(row.puzzle), { engine: 'count', countOnly: true });
      const r = runPrepared(prepared, { countOnly: true });
      inProcess.push(performance.now() - start);
      solutions = formatCount(r.exactSolutions ?? r.solutions);
      cli.push(timeCli(c));
      const t = performance.now();
      spawnSync(process.execPath, ['-e', '0']);
      node.push(performance.now() - t);
    }
    const bitboard = row.bitboard ? timeEngine(c, 'bitboard') : undefined;
    const ratio = median(cli) / median(node);
    console.log(`| ${row.puzzle} | ${solutions} | ${fmt(median(inProcess))} | ${bitboard ? `${fmt(bitboard.ms)} (${formatCount(bitboard.solutions)})` : 'not run'} | ${fmt(median(cli))} | ${fmt(median(node))} | ${ratio.toFixed(2)}x | ${row.target} ${row.meets(median(cli), median(node)) ? 'met' : 'MISSED'} |`);
  }
}

/** Parallel runs: the same planned run (cut into subproblems) on 1 and on 2 workers. */
const PARALLEL: readonly { puzzle: string; mode: Mode; long?: boolean }[] = [
  { puzzle: 'pentomino-6x10', mode: 'count' },
  { puzzle: 'pentacubes-3x4x5', mode: 'unique' },
  { puzzle: 'tetris-cube', mode: 'unique', long: true },
];

async function timeWorkers(puzzle: string, mode: Mode, workers: number): Promise<{ ms: number; solutions: number }> {
  const start = performance.now();
  // trialMs 0: always the planned run, so that 1 and 2 workers do the same work
  const r = await solveAsync(loadCatalogPuzzle(puzzle), { countOnly: true, unique: mode === 'unique', workers, trialMs: 0 });
  return { ms: performance.now() - start, solutions: r.solutions };
}

async function parallel(long: boolean, runs: number, only: string | undefined): Promise<void> {
  const cases = PARALLEL.filter((c) => (long || !c.long) && (!only || c.puzzle === only));
  if (cases.length === 0) return;
  console.log(`\nWorkers (cores on this machine: ${availableParallelism()}): the whole run in process, plan included, median of ${runs} (1 for long runs)\n`);
  console.log('| puzzle | mode | solutions | 1 worker | 2 workers | speed-up |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const c of cases) {
    const n = c.long ? 1 : runs;
    const times: Record<number, number[]> = { 1: [], 2: [] };
    let solutions = 0;
    // alternate, so that both see the same load on a shared machine
    for (let i = 0; i < n; i++) {
      for (const w of [1, 2]) {
        const r = await timeWorkers(c.puzzle, c.mode, w);
        times[w]!.push(r.ms);
        solutions = r.solutions;
      }
    }
    const one = median(times[1]!);
    const two = median(times[2]!);
    console.log(`| ${c.puzzle} | ${c.mode} | ${solutions} | ${fmt(one)} | ${fmt(two)} | **${(one / two).toFixed(2)}x** |`);
  }
}

/** First solutions with workers, the trial forced short (issue 23's cliff): against one thread. */
const FIRST_WITH_WORKERS: readonly string[] = ['tetris-cube', 'bedlam-cube'];

/**
 * The first solution as a program using the library gets it, whole process (each a fresh Node, so the
 * threads' start is paid as a user pays it): `solveAsync` on 2 workers with the trial forced to 5 ms, and
 * with no trial at all (0 ms: the workers take the first subtrees in the search's order), each against
 * `solve` on this thread alone, alternated pair by pair. The target: at most 1.2 times one thread.
 */
function firstWithWorkers(runs: number, only: string | undefined): void {
  const cases = FIRST_WITH_WORKERS.filter((p) => !only || p === only);
  if (cases.length === 0) return;
  const library = new URL('../lib/index.js', import.meta.url).href;
  const script = (puzzle: string, trialMs: number | undefined): string[] => [process.execPath, '--input-type=module', '-e', [
    `import { loadCatalogPuzzle, solve, solveAsync } from ${JSON.stringify(library)};`,
    `const p = loadCatalogPuzzle(${JSON.stringify(puzzle)});`,
    trialMs !== undefined ? `const r = await solveAsync(p, { limit: 1, workers: 2, trialMs: ${trialMs} });` : 'const r = solve(p, { limit: 1 });',
    'console.log(r.solutions);',
  ].join('\n')];
  console.log(`\nFirst solution with workers, the trial forced to 5 ms and to none: whole process (a program using the library), alternated pair by pair, median of ${runs}\n`);
  console.log('| puzzle | trial | one thread (solve) | 2 workers (solveAsync) | ratio | target |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const puzzle of cases) {
    for (const trialMs of [5, 0]) {
      const r = pairs(script(puzzle, undefined), script(puzzle, trialMs), runs, (a, b) => {
        if (a.trim() !== '1' || b.trim() !== '1') throw new Error(`${puzzle}: a first solution expected, got ${a.trim()} and ${b.trim()}`);
      });
      console.log(`| ${puzzle} | ${trialMs} ms | ${fmt(r.a)} | ${fmt(r.b)} | ${r.ratio.toFixed(2)}x | at most 1.2x ${r.ratio <= 1.2 ? 'met' : 'MISSED'} |`);
    }
  }
}

/**
 * The record runs (--long only; --only NAME picks one): every solution counted on 2 workers, as `snug solve
 * NAME --count --workers 2` runs it, and the progress's ETA when 2%, a tenth, a quarter, half and three
 * quarters of the real time had gone, beside the real rest: the check that the bar tells the truth on a long run.
 * The rectangles' four symmetries map solutions onto distinct solutions here, so a quarter of the count is
 * the number of solutions up to symmetry, which is what is published.
 */
const RECORDS: readonly { puzzle: string; targetMs: number; published: number }[] = [
  { puzzle: 'pentomino-onesided-6x15', targetMs: 5 * 60_000, published: 2_567_183 },
  { puzzle: 'pentomino-onesided-9x10', targetMs: 30 * 60_000, published: 10_440_433 },
];

async function records(long: boolean, only: string | undefined): Promise<void> {
  const cases = RECORDS.filter((c) => long && (!only || c.puzzle === only));
  if (cases.length === 0) return;
  console.log('\nRecord runs: all solutions counted on 2 workers (the ETA said, and the real rest, at a share of the real time)\n');
  console.log('| puzzle | solutions | up to symmetry | time | target | ETA at 2% | at 10% | at 25% | at 50% | at 75% |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const c of cases) {
    const samples: { at: number; etaMs: number | undefined }[] = [];
    const start = performance.now();
    const r = await solveAsync(loadCatalogPuzzle(c.puzzle), {
      countOnly: true,
      workers: 2,
      progressIntervalMs: 1000,
      onProgress: (p) => samples.push({ at: performance.now() - start, etaMs: p.etaMs }),
    });
    const ms = performance.now() - start;
    const etaAt = (share: number): string => {
      const sample = samples.find((x) => x.at >= share * ms);
      if (!sample) return 'no sample';
      return `${sample.etaMs === undefined ? 'none' : formatDuration(sample.etaMs)} (real ${formatDuration(ms - sample.at)})`;
    };
    const quarter = r.solutions / 4;
    // (the 9x10 figure is the one quoted for the Hadoop example, which does not say whether it counts up to symmetry)
    const check = quarter === c.published ? ' (= published)' : r.solutions === c.published ? ' (the published figure is the count of all)' : ` (published: ${formatCount(c.published)}!)`;
    console.log(`| ${c.puzzle} | ${formatCount(r.solutions)} | ${formatCount(quarter)}${check} | ${formatDuration(ms)} | ${formatDuration(c.targetMs)} ${ms <= c.targetMs ? 'met' : 'MISSED'} | ${[0.02, 0.1, 0.25, 0.5, 0.75].map(etaAt).join(' | ')} |`);
  }
}

/** Cells of a '#'/'.' picture, rows split by '/'. */
function art(picture: string): Cell[] {
  const cells: Cell[] = [];
  picture.split('/').forEach((row, y) => [...row].forEach((ch, x) => { if (ch === '#') cells.push([x, y, 0]); }));
  return normalize(cells);
}

const PENTOMINOES: Record<string, string> = {
  L: '####/#...', N: '##../.###', P: '##/##/#.', U: '#.#/###', V: '#../#../###', Y: '####/.#..', Z: '##./.#./.##',
};

/**
 * The bitboard engine's input for a flat puzzle with every placement of its pieces (counts: the most
 * copies), built as the compile step builds it; `rules` makes every cell optional, or every piece optional
 * (minimum 0) with `use` pieces in all.
 */
function packing(board: string, pieces: Record<string, string>, counts: Record<string, number>, rules: { allOptional?: boolean; noMinimum?: boolean; use?: number } = {}): PackingSpec {
  const cells = art(board);
  const plain: Puzzle = {
    name: 'bench', dims: 2, board: cells, mirror: true,
    pieces: Object.entries(pieces).map(([name, shape]) => ({ name, shape: art(shape), count: counts[name] ?? 1, mirror: true, ...(rules.noMinimum ? { min: 0 } : {}) })),
    ...(rules.use !== undefined ? { use: rules.use } : {}),
  };
  const index = indexBoard(plain.board, plain.dims);
  // every cell optional, in the index's order (the order the engine's cells that may stay empty are listed in)
  const puzzle: Puzzle = rules.allOptional ? { ...plain, optional: index.cells } : plain;
  return bitboardInput(puzzle, index, generatePlacements(puzzle, index).placements);
}

/**
 * Pairs of one puzzle written two ways: with optional cells or ranges of copies (the general search),
 * and with monominoes instead (an exact packing). The counts must be equal; the target is the first
 * within twice the time of the second.
 */
const CALENDAR = '######./######./#######/#######/#######/#######/###....';
const CALENDAR_PIECES = { O: '###/###', L: PENTOMINOES.L!, N: PENTOMINOES.N!, P: PENTOMINOES.P!, U: PENTOMINOES.U!, V: PENTOMINOES.V!, Y: PENTOMINOES.Y!, Z: PENTOMINOES.Z! };
const FIVE = { L: PENTOMINOES.L!, N: PENTOMINOES.N!, P: PENTOMINOES.P!, U: PENTOMINOES.U!, Y: PENTOMINOES.Y! };
const BOX_5X6 = '######/######/######/######/######';
const PAIRS: readonly { name: string; general: () => PackingSpec; monominoes: () => PackingSpec }[] = [
  {
    // A-Puzzle-A-Day's board and pieces (a 2x3 rectangle, 7 pentominoes): any 2 of its 43 cells stay empty
    name: 'calendar: all 43 cells optional, 8 pieces cover 41; or 2 monominoes added',
    general: () => packing(CALENDAR, CALENDAR_PIECES, {}, { allOptional: true }),
    monominoes: () => packing(CALENDAR, { ...CALENDAR_PIECES, M: '#' }, { M: 2 }),
  },
  {
    // the total and the area leave one way: all 5 pentominoes and 5 monominoes
    name: '5x6: L N P U Y used 0..1, monominoes 0..10, 10 in all; or L N P U Y and 5 monominoes',
    general: () => packing(BOX_5X6, { ...FIVE, M: '#' }, { M: 10 }, { noMinimum: true, use: 10 }),
    monominoes: () => packing(BOX_5X6, { ...FIVE, M: '#' }, { M: 5 }),
  },
];

function timeSpec(spec: PackingSpec): { ms: number; solutions: number; nodes: number } {
  const start = performance.now();
  const r = new BitboardSolver(spec).search();
  return { ms: performance.now() - start, solutions: r.solutions, nodes: r.nodes };
}

function optionalCells(runs: number, only: string | undefined): void {
  if (only && only !== 'optional') return;
  console.log(`\nOptional cells and ranges against monominoes (bitboard engine, solver built and run, median of ${runs}, the two alternated)\n`);
  console.log('| puzzle (with optional cells or ranges; or with monominoes) | solutions | nodes (optional/ranges; monominoes) | optional/ranges | monominoes | ratio | target |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const pair of PAIRS) {
    const general = pair.general();
    const monominoes = pair.monominoes();
    const times: [number[], number[]] = [[], []];
    let a = { solutions: 0, nodes: 0 };
    let b = { solutions: 0, nodes: 0 };
    for (let i = 0; i < runs; i++) {
      const x = timeSpec(general);
      const y = timeSpec(monominoes);
      times[0].push(x.ms);
      times[1].push(y.ms);
      a = x;
      b = y;
    }
    const ratio = median(times[0]) / median(times[1]);
    const solutions = a.solutions === b.solutions ? `${a.solutions}` : `${a.solutions} vs ${b.solutions}!`;
    console.log(`| ${pair.name} | ${solutions} | ${a.nodes.toLocaleString('en-US')}; ${b.nodes.toLocaleString('en-US')} | ${fmt(median(times[0]))} | ${fmt(median(times[1]))} | **${ratio.toFixed(2)}x** | 2x ${ratio <= 2 && a.solutions === b.solutions ? 'met' : 'MISSED'} |`);
  }
}

/**
 * The bitboard engine's loops (WebAssembly, from src/engines/wasm/bitboard-loops.ts), each variant on the
 * same puzzles: the one the engine picks, then the others that can run the puzzle (two-word window,
 * general search, wide path) and the other region checks (BitboardOptions.regions), forced by the
 * engine's options. Solver built and run, median of `runs`, the variants alternated;
 * the ratio is each variant's time over the picked one's.
 */
const REGION_VARIANTS: readonly [string, BitboardOptions][] = [['regions filled', { regions: 'fill' }], ['no region check', { regions: 'none' }]];
const LOOP_ROWS: readonly { puzzle: string; limit?: number; variants: readonly [string, BitboardOptions][] }[] = [
  { puzzle: 'pentomino-4x15', variants: [['window, one word', {}], ['window, two words', { twoWords: true }], ['window, general', { general: true }], ['wide', { wide: true }], ['wide, general', { wide: true, general: true }],
    ...REGION_VARIANTS, ['wide, regions filled', { wide: true, regions: 'fill' }]] },
  { puzzle: 'pentomino-5x12', variants: [['window, two words', {}], ...REGION_VARIANTS] },
  { puzzle: 'tetris-cube', limit: 20, variants: [['window, two words', {}], ['window, general', { general: true }], ['wide', { wide: true }], ['wide, general', { wide: true, general: true }],
    ...REGION_VARIANTS, ['wide, regions filled', { wide: true, regions: 'fill' }]] },
  { puzzle: 'pentacubes-2x3x10', variants: [['window, two words', {}], ...REGION_VARIANTS] },
  { puzzle: 'hexiamonds-6x6', variants: [['window, two words', {}], ...REGION_VARIANTS] },
  { puzzle: 'a-puzzle-a-day', variants: [['window, general', {}], ['wide, general', { wide: true }], ...REGION_VARIANTS] },
];

function loopVariants(runs: number, only: string | undefined): void {
  if (only && only !== 'loops') return;
  console.log(`\nThe bitboard engine's loop variants on the same puzzles (every placement, no symmetry reduction; solver built and run, median of ${runs}, alternated)\n`);
  console.log('| puzzle | variant | solutions | nodes | median | ratio |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of LOOP_ROWS) {
    const puzzle = loadCatalogPuzzle(row.puzzle);
    const index = indexBoard(puzzle.board, puzzle.dims);
    const spec = bitboardInput(puzzle, index, generatePlacements(puzzle, index).placements);
    const times = row.variants.map((): number[] => []);
    const results = row.variants.map(() => ({ solutions: 0, nodes: 0 }));
    for (let i = 0; i < runs; i++) {
      row.variants.forEach(([, options], v) => {
        const start = performance.now();
        const r = new BitboardSolver(spec, options).search(row.limit !== undefined ? { limit: row.limit } : {});
        times[v]!.push(performance.now() - start);
        results[v] = r;
      });
    }
    const picked = median(times[0]!);
    row.variants.forEach(([name], v) => {
      const r = results[v]!;
      const same = r.solutions === results[0]!.solutions ? '' : ' (differs!)';
      console.log(`| ${row.puzzle}${row.limit !== undefined ? ' (first)' : ''} | ${name}${v === 0 ? ' (picked)' : ''} | ${r.solutions}${same} | ${r.nodes.toLocaleString('en-US')} | ${fmt(median(times[v]!))} | ${(median(times[v]!) / picked).toFixed(2)}x |`);
    });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const long = args.includes('--long');
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
  const peerAt = args.indexOf('--peer-pentomino');
  const pentominoPeer = peerAt >= 0 ? args[peerAt + 1] : undefined;
  const burrAt = args.indexOf('--peer-burrtools');
  const burrTxt = burrAt >= 0 ? args[burrAt + 1] : undefined;
  const examplesAt = args.indexOf('--burrtools-examples');
  const burrExamples = examplesAt >= 0 ? args[examplesAt + 1] : undefined;
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
  const cases = CASES.filter((c) => (long || !c.long) && (!only || c.puzzle === only));
  console.log(`snug benchmark: median of ${runs} runs (spread min..max); node ${process.version}\n`);
  if (cases.length > 0) {
    console.log('| puzzle | mode | engine | solutions | nodes | median | spread | cli (whole process) | target |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  }
  for (const c of cases) {
    const slow = c.long || c.puzzle === 'tetris-cube';
    const n = slow ? 1 : runs;
    const medians = new Map<EngineName, number>();
    for (const engine of c.engines.filter((e) => long || !c.longEngines?.includes(e))) {
      const times: number[] = [];
      let last: { solutions: number; nodes: number; known?: number | undefined } = { solutions: 0, nodes: 0 };
      for (let i = 0; i < n; i++) {
        const r = timeEngine(c, engine);
        times.push(r.ms);
        last = r;
      }
      medians.set(engine, median(times));
      const isDefault = engine === c.engines[0];
      const cli = isDefault && !slow ? median(Array.from({ length: n }, () => timeCli(c))) : undefined;
      // the whole process is what a user waits for; runs long enough for start-up not to matter are timed in process
      const measured = cli ?? median(times);
      const target = isDefault && c.target !== undefined ? `${c.target} s ${measured / 1000 <= c.target ? 'met' : 'MISSED'}` : '';
      const check = last.known === undefined ? '' : last.known === last.solutions ? ' (= published)' : ` (published: ${last.known}!)`;
      console.log(`| ${c.puzzle} | ${c.mode} | ${engine} | ${last.solutions}${check} | ${last.nodes.toLocaleString('en-US')} | ${fmt(median(times))} | ${fmt(Math.min(...times))}..${fmt(Math.max(...times))} | ${cli !== undefined ? fmt(cli) : ''} | ${target} |`);
    }
    const dlx = medians.get('dlx');
    const def = medians.get(c.engines[0]!);
    if (dlx !== undefined && def !== undefined && c.engines[0] !== 'dlx') {
      console.log(`| | | ${c.engines[0]} vs dlx | | | **${(dlx / def).toFixed(1)}x faster** | | | |`);
    }
  }
  if (!only || only.startsWith('dominoes')) counting(long, runs);
  if (!only || only === 'peers') peers(runs, pentominoPeer);
  if (!only || only === 'burrtools') {
    if (burrTxt) burrToolsRows(runs, burrTxt, burrExamples);
    else console.log('\nAssemblies taken apart against BurrTools: give --peer-burrtools PATH (a burrTxt built from its sources) to time it');
  }
  await parallel(long, runs, only);
  firstWithWorkers(runs, only);
  await records(long, only);
  optionalCells(runs, only);
  loopVariants(runs, only);
  if (!only || only === 'queue') await queueRows(long, runs);
  if (!only || only === 'browser' || only === 'pentomino-6x10') await browserRow(runs);
}

/**
 * The work queue (runs/queue.ts) against the same run in process, on a redis-server of its own (Debian's;
 * the section is skipped without one): the whole run, plan included, with 1 and with 2 worker processes
 * (`snug worker`, one thread each, started before the run and ready), against solveAsync with 1 and 2
 * worker threads; alternated, median of `runs` (1 for the Tetris Cube, --long only). Then the queue's
 * throughput: a run cut into a few thousand tiny subproblems, in subproblems per second.
 */
async function queueRows(long: boolean, runs: number): Promise<void> {
  const { spawn, spawnSync: run } = await import('node:child_process');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { createServer } = await import('node:net');
  const { solveOnQueue } = await import('../runs/queue.js');
  if (run('redis-server', ['--version']).error) {
    console.log('\nWork queue: skipped (no redis-server; Debian: apt-get install redis-server)');
    return;
  }
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => resolve(p));
    });
  });
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', mkdtempSync(join(tmpdir(), 'snug-bench-redis-'))], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const bin = fileURLToPath(new URL('../cli/snug.js', import.meta.url));
  const flush = (): void => void run('redis-cli', ['-p', String(port), 'flushall']);
  for (let i = 0; i < 50 && run('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() !== 'PONG'; i++) await new Promise((r) => setTimeout(r, 100));
  /** `count` worker processes, each of one thread, ready (each says so on stderr once connected). */
  const startWorkers = async (count: number) => {
    const children = Array.from({ length: count }, () => spawn(process.execPath, [bin, 'worker', url, '--workers', '1'], { stdio: ['ignore', 'ignore', 'pipe'] }));
    await Promise.all(children.map((c) => new Promise<void>((resolve) => c.stderr.once('data', () => resolve()))));
    // (and their threads ready: a moment to load snug)
    await new Promise((r) => setTimeout(r, 500));
    return children;
  };
  const stopWorkers = async (children: ReturnType<typeof spawn>[]) => {
    await Promise.all(children.map((c) => new Promise<void>((resolve) => { c.once('close', () => resolve()); c.kill('SIGTERM'); })));
  };
  try {
    console.log(`\nWork queue (Redis ${run('redis-server', ['--version'], { encoding: 'utf8' }).stdout.match(/v=(\S+)/)?.[1] ?? ''}, local): the whole run, plan included, in process and through the queue; median of ${runs} (1 for long runs), alternated\n`);
    console.log('| puzzle | mode | solutions | workers | in process | through the queue | queue overhead |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const cases = [{ puzzle: 'pentacubes-3x4x5', long: false }, { puzzle: 'tetris-cube', long: true }].filter((c) => long || !c.long);
    for (const c of cases) {
      const n = c.long ? 1 : runs;
      const times: Record<string, number[]> = {};
      const counts = new Set<number>();
      for (let i = 0; i < n; i++) {
        for (const w of [1, 2]) {
          const inProcess = await timeWorkers(c.puzzle, 'unique', w);
          counts.add(inProcess.solutions);
          (times[`p${w}`] ??= []).push(inProcess.ms);
          const workers = await startWorkers(w);
          const start = performance.now();
          const r = await solveOnQueue(loadCatalogPuzzle(c.puzzle), { queue: url, countOnly: true, unique: true });
          (times[`q${w}`] ??= []).push(performance.now() - start);
          counts.add(r.complete ? r.solutions : -1);
          await stopWorkers(workers);
          flush();
        }
      }
      const solutions = counts.size === 1 ? `${[...counts][0]}` : `${[...counts].join(' vs ')}!`;
      for (const w of [1, 2]) {
        const p = median(times[`p${w}`]!);
        const q = median(times[`q${w}`]!);
        console.log(`| ${c.puzzle} | unique | ${solutions} | ${w} | ${fmt(p)} | ${fmt(q)} | **${((q / p - 1) * 100).toFixed(1)}%** (target 5%: ${q / p <= 1.05 ? 'met' : 'MISSED'}) |`);
      }
      console.log(`| | | | 1 -> 2 worker processes | | **${(median(times.q1!) / median(times.q2!)).toFixed(2)}x** | |`);
    }
    // throughput: subproblems that take no time, 2 workers
    const workers = await startWorkers(2);
    const start = performance.now();
    const r = await solveOnQueue(loadCatalogPuzzle('pentomino-6x10'), { queue: url, countOnly: true, plan: { nodesPerSubproblem: 500, maxSubproblems: 4000 } });
    const ms = performance.now() - start;
    await stopWorkers(workers);
    flush();
    const n = r.plan?.subproblems ?? 0;
    console.log(`\nThroughput: pentomino-6x10 counted (${r.solutions}) in ${n} subproblems of about 500 nodes on 2 worker processes: ${fmt(ms)} in all, plan included: **${Math.round((n * 1000) / ms)} subproblems/s**`);
  } finally {
    redis.kill('SIGKILL');
  }
}

/**
 * The web app against the command line, alternated run by run on the same machine: counting pentomino-6x10
 * in real Chromium (a fresh page each run: click Solve, wait for the answer; the default workers, one per
 * core, as the command line's default) against the whole `snug solve pentomino-6x10 --count` process. Also
 * each one's own search time (the summary's elapsed time: the run in the solver worker, and in process).
 */
async function browserRow(runs: number): Promise<void> {
  const { launchChromium, startWebServer } = await import('./chromium.js');
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  try {
    browser = await launchChromium();
  } catch (e) {
    console.log(`
Browser: not measured (${(e as Error).message})`);
    return;
  }
  const server = await startWebServer();
  const cli: number[] = [];
  const cliSearch: number[] = [];
  const page: number[] = [];
  const pageSearch: number[] = [];
  const counts = new Set<number>();
  try {
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const r = spawnSync(process.execPath, [cliPath, 'solve', 'pentomino-6x10', '--count', '--json'], { encoding: 'utf8' });
      cli.push(performance.now() - start);
      const json = JSON.parse(r.stdout) as { solutions: number; elapsedMs: number };
      cliSearch.push(json.elapsedMs);
      counts.add(json.solutions);

      const tab = await browser.newPage();
      await tab.goto(`${server.url}#catalog=pentomino-6x10`);
      await tab.waitForSelector('body[data-ready=true]');
      await tab.check('input[name=mode][value=count]');
      await tab.click('[data-testid=solve]');
      await tab.waitForSelector('[data-testid=summary][data-solutions]:not([data-solutions=""])', { timeout: 120_000 });
      const summary = await tab.$eval('[data-testid=summary]', (e) => ({ ...(e as unknown as { dataset: Record<string, string> }).dataset }));
      page.push(Number(summary.ms));
      pageSearch.push(Number(summary.elapsed));
      counts.add(Number(summary.solutions));
      await tab.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const ratio = median(page) / median(cli);
  console.log(`
Browser (Chromium ${browser.version()}, headless) against the command line, alternated, median of ${runs}: pentomino-6x10 count, default workers
`);
  console.log('| where | solutions | what a user waits for | the search itself | ratio to the CLI | target |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(`| cli: snug solve --count (whole process) | ${[...counts].join(' / ')} | ${fmt(median(cli))} | ${fmt(median(cliSearch))} | 1 | |`);
  console.log(`| browser: the web app (click to answer) | ${[...counts].join(' / ')} | ${fmt(median(page))} | ${fmt(median(pageSearch))} | **${ratio.toFixed(2)}x** (search ${(median(pageSearch) / median(cliSearch)).toFixed(2)}x) | 1.5x ${ratio <= 1.5 ? 'met' : 'MISSED'} |`);
}

await main();
