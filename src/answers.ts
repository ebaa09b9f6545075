/**
 * The library's answers with their cells as snug hands cells out (puzzle/answer-cells.ts): [x, y] on a
 * flat grid, [x, y, z] in 3-D, as `snug solve --json` and `snug hint --json` print them. The boundary
 * (index.ts) wraps each function whose answer holds cells: its result, and each solution it gives a
 * program's callback, come out in that form; the stages behind it keep [x, y, z] throughout.
 */
import type { Dimensions } from './geometry/cell.js';
import type { AnswerCell, AnswerPlacement, AnswerSolution } from './puzzle/answer-cells.js';
import { answerCells, answerPlacement, answerSolution, modelSolution } from './puzzle/answer-cells.js';
import type { Puzzle } from './puzzle/model.js';
import type { SolveOptions, SolveResult } from './search/solve.js';
import { solve as solveModel } from './search/solve.js';
import type { RunOptions } from './runs/run.js';
import { solveAsync as solveAsyncModel } from './runs/run.js';
import type { RunResult } from './runs/result.js';
import type { ResumeOptions } from './runs/resume.js';
import { resumeAsync as resumeAsyncModel } from './runs/resume.js';
import type { Checkpoint } from './runs/checkpoint.js';
import type { MergedResult, MergeOptions, ShardResult } from './runs/merge.js';
import { mergeShards as mergeShardsModel } from './runs/merge.js';
import type { Hint, HintOptions, HintResult, PiecePlaces } from './analysis/hint.js';
import { hint as hintModel } from './analysis/hint.js';
import type { Analysis, AnalyzeOptions } from './analysis/analyze.js';
import { analyzePuzzle as analyzeModel } from './analysis/analyze.js';
import type { Challenge, ChallengeOptions, ChallengeSet } from './analysis/challenge.js';
import { makeChallenges as makeChallengesModel } from './analysis/challenge.js';

export type { AnswerCell, AnswerPlacement, AnswerSolution };

/** A callback that is given each solution as it is found; false stops the run. */
type OnSolution = (solution: AnswerSolution, index: number) => boolean | void;
type WithOnSolution<O> = Omit<O, 'onSolution'> & { readonly onSolution?: OnSolution };
type WithFound<R> = Omit<R, 'found'> & { readonly found: AnswerSolution[] };

export type SolveAnswerOptions = WithOnSolution<SolveOptions>;
export type SolveAnswer = WithFound<SolveResult>;
export type RunAnswerOptions = WithOnSolution<RunOptions>;
export type RunAnswer = WithFound<RunResult>;
export type ResumeAnswerOptions = WithOnSolution<ResumeOptions>;
export type ShardAnswer = Omit<ShardResult, 'found'> & { readonly found: readonly AnswerSolution[] };
export type MergeAnswerOptions = Omit<MergeOptions, 'extra'> & { readonly extra?: readonly { readonly solution: AnswerSolution; readonly source: string }[] };
export type MergedAnswer = WithFound<MergedResult>;
export type HintAnswer = Omit<HintResult, 'hint' | 'remove' | 'places' | 'reveal'> & {
  readonly hint: (Omit<Hint, 'cells'> & { readonly cells: readonly AnswerCell[] }) | null;
  readonly remove: readonly AnswerPlacement[] | null;
  readonly places?: Omit<PiecePlaces, 'places'> & { readonly places: readonly (readonly AnswerCell[])[] };
  readonly reveal?: readonly AnswerPlacement[];
};
export type AnalysisAnswer = Omit<Analysis, 'shared'> & { readonly shared: AnswerPlacement[] };
export type ChallengeAnswer = Omit<Challenge, 'placed' | 'solution'> & { readonly placed: readonly AnswerPlacement[]; readonly solution: AnswerSolution };
export type ChallengeSetAnswer = Omit<ChallengeSet, 'challenges'> & { readonly challenges: ChallengeAnswer[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The options with their onSolution given answers (options that are not an object go on as they are, to be refused). */
function answeringOptions<O>(options: O, dims: Dimensions): O {
  if (!isObject(options) || typeof options.onSolution !== 'function') return options;
  const onSolution = options.onSolution as OnSolution;
  return { ...options, onSolution: (s: Parameters<NonNullable<SolveOptions['onSolution']>>[0], i: number) => onSolution(answerSolution(s, dims), i) };
}

const dimsOf = (puzzle: Puzzle): Dimensions => (puzzle?.dims === 2 ? 2 : 3);

function withFound<R extends { readonly found: readonly Parameters<typeof answerSolution>[0][] }>(result: R, dims: Dimensions): Omit<R, 'found'> & { found: AnswerSolution[] } {
  return { ...result, found: result.found.map((s) => answerSolution(s, dims)) };
}

export function solve(puzzle: Puzzle, options: SolveAnswerOptions = {}): SolveAnswer {
  const dims = dimsOf(puzzle);
  return withFound(solveModel(puzzle, answeringOptions(options, dims) as SolveOptions), dims);
}

export async function solveAsync(puzzle: Puzzle, options: RunAnswerOptions = {}): Promise<RunAnswer> {
  const dims = dimsOf(puzzle);
  return withFound(await solveAsyncModel(puzzle, answeringOptions(options, dims) as RunOptions), dims);
}

export async function resumeAsync(path: string, options: ResumeAnswerOptions = {}, loaded?: Checkpoint): Promise<RunAnswer> {
  if (typeof path !== 'string' || path === '' || !isObject(options)) return resumeAsyncModel(path, options as ResumeOptions, loaded) as Promise<RunAnswer>;
  // the checkpoint's puzzle says how its cells are given (read here once and handed on)
  const checkpoint = loaded ?? (await import('./runs/checkpoint-file.js')).loadCheckpoint(path, (options as ResumeOptions).key);
  const dims = dimsOf(checkpoint.puzzle);
  return withFound(await resumeAsyncModel(path, answeringOptions(options, dims) as ResumeOptions, checkpoint), dims);
}

/** Shards' results (their solutions in either form), added up; the solutions come out as answers. */
export function mergeShards(results: readonly ShardAnswer[], options: MergeAnswerOptions = {}): MergedAnswer {
  const shards = results.map((r) => ({ ...r, found: r.found.map(modelSolution) }));
  const { extra, ...rest } = options;
  // (anything that is not a list of solutions goes on as it is, for mergeShards to refuse)
  const modelExtra = Array.isArray(extra) ? extra.map((e) => (isObject(e) ? { ...e, solution: modelSolution(e.solution as AnswerSolution) } : e)) : extra;
  const merged = mergeShardsModel(shards, { ...rest, ...(modelExtra !== undefined ? { extra: modelExtra as MergeOptions['extra'] } : {}) });
  return withFound(merged, options.puzzle ? dimsOf(options.puzzle) : 3);
}

export function hint(puzzle: Puzzle, options: HintOptions = {}): HintAnswer {
  const result = hintModel(puzzle, options);
  const dims = dimsOf(puzzle);
  const placements = (list: Parameters<typeof answerPlacement>[0][]): AnswerPlacement[] => list.map((p) => answerPlacement(p, dims));
  return {
    ...result,
    hint: result.hint ? { ...result.hint, cells: answerCells(result.hint.cells, dims) } : null,
    remove: result.remove ? placements([...result.remove]) : null,
    ...(result.places ? { places: { ...result.places, places: result.places.places.map((cells) => answerCells(cells, dims)) } } : {}),
    ...(result.reveal ? { reveal: placements([...result.reveal]) } : {}),
  };
}

export async function analyzePuzzle(puzzle: Puzzle, options: AnalyzeOptions = {}): Promise<AnalysisAnswer> {
  const analysis = await analyzeModel(puzzle, options);
  return { ...analysis, shared: analysis.shared.map((p) => answerPlacement(p, dimsOf(puzzle))) };
}

export async function makeChallenges(puzzle: Puzzle, options: ChallengeOptions = {}): Promise<ChallengeSetAnswer> {
  const set = await makeChallengesModel(puzzle, options);
  const dims = dimsOf(puzzle);
  return {
    ...set,
    challenges: set.challenges.map((c) => ({ ...c, placed: c.placed.map((p) => answerPlacement(p, dims)), solution: answerSolution(c.solution, dims) })),
  };
}
