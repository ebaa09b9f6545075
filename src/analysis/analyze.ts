/**
 * Answers for designers: how many solutions a puzzle has (in all and up to symmetry), whether it is unique,
 * which placements every solution shares, and how hard it is for a person.
 *
 * The difficulty figure is the size of the tree a person searching without insight would walk: the plain
 * search (engines/plain.ts), a backtracking search that always fills the first empty cell in reading order
 * (layer, then row, then column), tries there every piece that has a copy left in every allowed
 * orientation whose first cell (in reading order) lands on it, and prunes nothing. Its nodes are the moves
 * it makes over the whole tree (every placement put down, and every "leave this cell empty" on a cell that
 * may stay empty). Forced moves are the placements a person can make without guessing (see that file); a
 * puzzle whose forced moves place every piece is solved by looking alone.
 */
import { disassemblyProblem } from '../disassembly/solution.js';
import { TooManyPlacementsError } from '../placements/placements.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { isExactPacking } from '../puzzle/model.js';
import { checkPuzzle } from '../puzzle/validate.js';
import type { Progress } from '../runs/progress.js';
import type { RunOptions, RunResult } from '../runs/run.js';
import { solveAsync } from '../runs/run.js';
import { check, InvalidOptionError } from '../search/options.js';
import type { EngineChoice } from '../compile/options.js';
import { compilePlain } from '../compile/engine-inputs.js';
import { withoutPlaced } from '../compile/placed.js';
import type { PlainSearch, TreeCount, TreeCountOptions } from '../engines/plain.js';
import { nextTurn } from '../platform/host.js';

/** How the difficulty figure is counted, in words (the CLI and the JSON say it). */
export const DIFFICULTY_METHOD =
  'moves of a plain backtracking search over its whole tree: the first empty cell in reading order (layer, row, column) is filled with every piece and orientation that fits there, no pruning';

/**
 * The plain search's count of its tree, with a turn of the event loop every `slice` moves (so that Ctrl-C
 * and the signal get through): the same count as PlainSearch.countTree.
 */
export async function treeSize(search: PlainSearch, start: readonly number[], options: TreeCountOptions = {}, slice = 1 << 20): Promise<TreeCount> {
  const run = search.run(start, options);
  while (!run.step(slice)) await nextTurn();
  return run.result();
}

export interface Difficulty {
  /** The plain search's moves over its whole tree (a lower bound when not `complete`). */
  readonly nodes: number;
  /** True when the whole tree was counted, within the budget and the time. */
  readonly complete: boolean;
  /** What `nodes` counts, in words. */
  readonly method: string;
  /** Why the figure was not measured, when it was not (nodes is then 0). */
  readonly unmeasured?: string;
}

export interface AnalyzeOptions {
  readonly engine?: EngineChoice;
  /** Worker threads for the counts (see RunOptions.workers). */
  readonly workers?: number;
  /** Stop each count (all solutions, then classes) after this many solutions. */
  readonly maxSolutions?: number;
  /** Moves of the plain search at most (default DEFAULT_MAX_NODES). */
  readonly maxNodes?: number;
  /** Each of the three searches (all solutions, classes, the plain tree) stops after this long. */
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal;
  /** Progress of each count, as `solveAsync` reports it; `stage` says which. */
  readonly onProgress?: (stage: AnalysisStage, progress: Progress) => void;
  /** Called when a stage begins. */
  readonly onStage?: (stage: AnalysisStage) => void;
}

export type AnalysisStage = 'solutions' | 'classes' | 'difficulty';

export interface Analysis {
  readonly puzzle: string;
  /** Solutions in all (completions of the pieces already placed). */
  readonly solutions: number;
  /** Solutions up to the board's symmetries (classes). */
  readonly unique: number;
  /** Exactly one class, and both counts complete. */
  readonly isUnique: boolean;
  /** True when both counts ran to the end (neither stopped by maxSolutions, the time limit nor the signal). */
  readonly complete: boolean;
  /** Board symmetries that map solutions to solutions (the classes' group). */
  readonly symmetries: number;
  /** Placements (other than the pieces placed before) found in every solution counted; none when there is no solution. */
  readonly shared: PlacedPiece[];
  readonly difficulty: Difficulty;
  /** Placements forced from the start without guessing (see the top of this file). */
  readonly forcedMoves: number;
  /** Pieces a solution puts down, when every solution puts down the same number (an exact packing). */
  readonly piecesToPlace?: number;
  /** Why no solution can exist, when known before any search. */
  readonly impossible?: string;
  /**
   * For 3-D puzzles whose grid has motions: of the unique solutions (`unique`), how many come apart and the
   * highest level (the disassembler's, as BurrTools counts them); undecided: those the state budget left open.
   */
  readonly disassembly?: { readonly comesApart: number; readonly maxLevel?: readonly number[]; readonly undecided: number };
  /** True when the signal stopped the analysis. */
  readonly interrupted?: boolean;
  readonly elapsedMs: number;
}

function checkAnalyzeOptions(options: AnalyzeOptions): void {
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError('the options must be an object');
  check.integer('maxSolutions', options.maxSolutions, 1, Infinity);
  check.integer('maxNodes', options.maxNodes, 1, Infinity);
  check.milliseconds('timeLimitMs', options.timeLimitMs);
  check.function('onProgress', options.onProgress);
  check.function('onStage', options.onStage);
}

/** The plain search of a puzzle, or undefined when it has too many placements (only the rectangle engine searches it). */
function plainSearchOf(puzzle: Puzzle): PlainSearch | undefined {
  try {
    return compilePlain(puzzle).search;
  } catch (e) {
    if (e instanceof TooManyPlacementsError) return undefined;
    throw e;
  }
}

/** A placement's identity: its piece and its cells, in any order. */
export function placementKey(p: { readonly piece: string; readonly cells: readonly (readonly number[])[] }): string {
  return `${p.piece}:${p.cells.map((c) => `${c[0]},${c[1]},${c[2] ?? 0}`).sort().join(' ')}`;
}

/**
 * Analyses a puzzle for its designer: counts its solutions (in all and up to symmetry, on worker threads
 * as `solveAsync` does), finds the placements every solution shares, and measures its difficulty (the
 * plain search's tree, and the forced moves). Throws InvalidPuzzleError or InvalidOptionError before
 * anything runs.
 */
export async function analyzePuzzle(puzzle: Puzzle, options: AnalyzeOptions = {}): Promise<Analysis> {
  checkAnalyzeOptions(options);
  checkPuzzle(puzzle);
  const began = performance.now();
  const base: RunOptions = {
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
  };
  const max = options.maxSolutions ?? Infinity;
  const takesApart = disassemblyProblem(puzzle) === undefined;
  const progress = (stage: AnalysisStage): Pick<RunOptions, 'onProgress'> =>
    options.onProgress ? { onProgress: (p: Progress) => options.onProgress!(stage, p) } : {};

  // Every solution, to count them and keep what they all share (the placements of the first, less each
  // that a later one lacks).
  options.onStage?.('solutions');
  let shared: Map<string, PlacedPiece> | undefined;
  const all: RunResult = await solveAsync(puzzle, {
    ...base,
    ...progress('solutions'),
    ...(Number.isFinite(max) ? { limit: max } : { all: true }),
    keep: false,
    onSolution: (solution: Solution) => {
      const mine = solution.placements.filter((p) => !p.given);
      if (!shared) shared = new Map(mine.map((p) => [placementKey(p), { piece: p.piece, cells: p.cells }]));
      else if (shared.size > 0) {
        const keys = new Set(mine.map(placementKey));
        for (const key of [...shared.keys()]) if (!keys.has(key)) shared.delete(key);
      }
    },
  });
  let classes: RunResult | undefined;
  if (!all.interrupted) {
    options.onStage?.('classes');
    classes = await solveAsync(puzzle, {
      ...base,
      ...progress('classes'),
      unique: true,
      // a 3-D puzzle's classes are each taken apart as they are counted: what a burr designer looks for
      ...(takesApart ? { disassemble: {} } : {}),
      ...(Number.isFinite(max) ? { limit: max, keep: false } : { countOnly: true }),
    });
  }
  const interrupted = !!all.interrupted || !!classes?.interrupted;

  const { reduced } = withoutPlaced(puzzle);
  let difficulty: Difficulty = { nodes: 0, complete: false, method: DIFFICULTY_METHOD };
  let forcedMoves = 0;
  if (!all.impossible && !interrupted) {
    options.onStage?.('difficulty');
    const plain = reduced.board.length > 0 ? plainSearchOf(reduced) : undefined;
    if (reduced.board.length === 0) {
      // the pieces placed cover the board: nothing is left to search
      difficulty = { ...difficulty, complete: true };
    } else if (!plain) {
      difficulty = { ...difficulty, unmeasured: 'too many placements to search cell by cell' };
    } else {
      const tree = await treeSize(plain, [], {
        ...(options.maxNodes !== undefined ? { maxNodes: options.maxNodes } : {}),
        ...(options.timeLimitMs !== undefined ? { deadline: Date.now() + options.timeLimitMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      difficulty = { nodes: tree.nodes, complete: tree.complete, method: DIFFICULTY_METHOD };
      forcedMoves = plain.forcedMoves([]).moves.length;
    }
  }
  const complete = all.complete && !!classes?.complete;
  const taken = classes?.disassembly;
  const unique = taken ? taken.assemblies : classes?.solutions ?? 0;
  const disassembly = taken && classes ? { disassembly: { comesApart: classes.solutions, ...(taken.maxLevel ? { maxLevel: taken.maxLevel } : {}), undecided: taken.undecided } } : {};
  const placing = isExactPacking(reduced) ? reduced.pieces.reduce((n, p) => n + p.count, 0) : undefined;
  return {
    puzzle: puzzle.name,
    solutions: all.solutions,
    unique,
    isUnique: complete && unique === 1,
    complete,
    symmetries: classes?.symmetries ?? 1,
    shared: all.solutions > 0 && shared ? [...shared.values()] : [],
    difficulty,
    forcedMoves,
    ...(placing !== undefined ? { piecesToPlace: placing } : {}),
    ...(all.impossible ? { impossible: all.impossible } : {}),
    ...disassembly,
    ...(interrupted || options.signal?.aborted ? { interrupted: true } : {}),
    elapsedMs: performance.now() - began,
  };
}
