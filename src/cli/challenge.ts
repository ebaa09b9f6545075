import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChallengeProgress, ChallengeSet } from '../analysis/challenge.js';
import { MAX_CHALLENGES, makeChallenges } from '../analysis/challenge.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { PuzzleError } from '../puzzle/errors.js';
import { formatPuzzle } from '../puzzle/format.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import type { ProgressMode } from './progress.js';
import { EXIT, OutputError, UsageError, fileProblem, writeError } from './errors.js';
import { formatCount, formatDuration } from '../render/report.js';

export interface ChallengeFlags {
  /** The problem of a BurrTools file to read (1-based). */
  problem?: number;
  count?: number;
  placed?: { min: number; max: number };
  seed?: number;
  /** The folder to write in (the current folder when not given). */
  out?: string;
  solutions?: number;
  tries?: number;
  maxNodes?: number;
  timeLimit?: number;
  json?: boolean;
  quiet?: boolean;
  progress?: ProgressMode;
}

/** `--placed K..L` (or K alone): the least and most pieces on the board at the start. */
export function parsePlacedRange(value: string): { min: number; max: number } {
  const m = /^(\d+)(?:\.\.(\d+))?$/.exec(value.trim());
  const min = Number(m?.[1]);
  const max = Number(m?.[2] ?? m?.[1]);
  if (!m || !Number.isSafeInteger(min) || !Number.isSafeInteger(max)) throw new UsageError(`--placed wants K..L (such as 3..5) or one number, not '${printable(value, 40)}'`);
  if (min > max) throw new UsageError(`--placed ${printable(value, 40)}: the least (${min}) is more than the most (${max})`);
  return { min, max };
}

/** `--seed S`: a whole number from 0 to 2^32 - 1. */
export function parseSeed(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n > 2 ** 32 - 1) throw new UsageError(`--seed wants a whole number from 0 to ${2 ** 32 - 1}, not '${printable(value, 40)}'`);
  return n;
}

/** The file of challenge `i` (from 1): challenge-001.yaml, with more digits when the count needs them. */
export function challengeFileName(i: number, count: number): string {
  return `challenge-${String(i).padStart(Math.max(3, String(count).length), '0')}.yaml`;
}

/**
 * The output folder, checked before any work: made when missing; refused when it is a file, or holds a
 * challenge file of the names this run may write (an older run's challenges would mix with the new).
 */
function prepareFolder(dir: string, count: number): void {
  if (dir === '') throw new UsageError('--out wants the name of a folder, not an empty one');
  try {
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new OutputError(`--out ${dir}: is a file, not a folder`);
    } else mkdirSync(dir, { recursive: true });
  } catch (e) {
    if (e instanceof OutputError) throw e;
    throw new OutputError(`--out ${dir}: cannot make the folder: ${fileProblem(e)}`);
  }
  for (let i = 1; i <= count; i++) {
    const file = join(dir, challengeFileName(i, count));
    if (existsSync(file)) throw new OutputError(`--out ${dir}: ${challengeFileName(i, count)} exists already (choose another folder, or remove the old challenges)`);
  }
}

/** `snug challenge PUZZLE`: writes challenges as puzzle files and prints a table of them. */
export async function challengeCommand(target: string, flags: ChallengeFlags): Promise<number> {
  const count = flags.count ?? 10;
  if (count > MAX_CHALLENGES) throw new UsageError(`--count is ${count}: more than the limit of ${MAX_CHALLENGES}`);
  const { puzzle, source } = resolvePuzzle(target, flags.problem);
  const out = flags.out ?? '.';
  prepareFolder(out, count);
  const mode: ProgressMode = flags.quiet ? 'none' : flags.progress ?? (process.stderr.isTTY ? 'bar' : 'none');
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let shown = false;
  const onProgress = (p: ChallengeProgress): void => {
    if (mode === 'json') writeError(`${JSON.stringify({ type: 'progress', ...p, elapsedMs: Math.round(p.elapsedMs) })}\n`);
    else if (mode === 'bar') {
      shown = writeError(`\r\x1b[Ksolution ${p.solutionsDone} of ${p.solutions} · ${formatCount(p.positions)} positions tried · ${formatCount(p.candidates)} with one completion · ${formatDuration(p.elapsedMs)}`) || shown;
    }
  };
  let set: ChallengeSet;
  try {
    set = await makeChallenges(puzzle, {
      count,
      ...(flags.placed ? { placed: flags.placed } : {}),
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
      ...(flags.solutions !== undefined ? { solutions: flags.solutions } : {}),
      ...(flags.tries !== undefined ? { tries: flags.tries } : {}),
      ...(flags.maxNodes !== undefined ? { maxNodes: flags.maxNodes } : {}),
      ...(flags.timeLimit !== undefined ? { timeLimitMs: flags.timeLimit * 1000 } : {}),
      signal: controller.signal,
      onProgress,
    });
  } catch (e) {
    if (e instanceof InvalidPuzzleError) throw new PuzzleError(source, undefined, e.message);
    throw e;
  } finally {
    if (shown) writeError('\r\x1b[K');
    process.removeListener('SIGINT', onSigint);
  }
  const files = set.challenges.map((_, i) => challengeFileName(i + 1, count));
  set.challenges.forEach((c, i) => {
    const path = join(out, files[i]!);
    try {
      writeFileSync(path, formatPuzzle(c.puzzle));
    } catch (e) {
      throw new OutputError(`cannot write ${path}: ${fileProblem(e)}`);
    }
  });
  if (flags.json) {
    console.log(JSON.stringify({
      puzzle: puzzle.name,
      out,
      requested: count,
      seed: flags.seed ?? 1,
      placed: set.placed,
      challenges: set.challenges.map((c, i) => ({
        file: files[i],
        placed: c.placed.length,
        pieces: c.placed.map((p) => p.piece),
        difficulty: c.difficulty,
        forcedMoves: c.forcedMoves,
      })),
      solutionsUsed: set.solutionsUsed,
      positions: set.positions,
      candidates: set.candidates,
      complete: set.complete,
      ...(set.interrupted ? { interrupted: true } : {}),
      elapsedMs: Math.round(set.elapsedMs),
    }));
  } else {
    const stop = set.interrupted ? ', stopped by Ctrl-C' : set.complete ? '' : ', stopped by the time limit';
    console.log(
      `${formatCount(set.challenges.length)} of ${formatCount(count)} challenge${count === 1 ? '' : 's'} for ${printable(puzzle.name)} written to ${printable(out)} ` +
        `(${set.placed.min}..${set.placed.max} pieces placed; ${formatCount(set.solutionsUsed)} solutions, ${formatCount(set.positions)} positions tried, ` +
        `${formatCount(set.candidates)} with one completion; ${formatDuration(set.elapsedMs)}${stop})`,
    );
    if (set.challenges.length > 0) {
      const rows = [['file', 'placed', 'difficulty', 'forced'], ...set.challenges.map((c, i) => [
        files[i]!,
        String(c.placed.length),
        `${c.difficulty.complete ? '' : '>= '}${formatCount(c.difficulty.nodes)}`,
        String(c.forcedMoves),
      ])];
      const widths = [0, 1, 2, 3].map((j) => Math.max(...rows.map((r) => r[j]!.length)));
      for (const r of rows) console.log(r.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!))).join('  '));
      console.log('difficulty: moves of a plain first-empty-cell search over its whole tree (see snug analyze); forced: moves made without guessing');
    }
  }
  if (set.interrupted) return EXIT.interrupted;
  return set.challenges.length > 0 ? EXIT.ran : EXIT.noSolution;
}
