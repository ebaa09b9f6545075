/**
 * Messages between the page and the solver worker (solver-worker.ts). The page never searches: a search
 * on the page's thread would freeze it. The solver worker runs the library's own long run (solveAsync:
 * a trial, then a plan cut into subproblems for search workers on every core, as the command line does),
 * hints, the watched search, and the disassembly of solutions (disassembleSolution, one after another,
 * posted back in batches), and posts back what the page shows.
 */
import type { HintResult } from '../analysis/hint.js';
import type { SolutionDisassembly } from '../disassembly/solution.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import type { Progress } from '../runs/progress.js';

/** What to find: the first solution, the first `n`, all of them (listed), or only how many there are. */
export type FindMode = 'first' | 'n' | 'all' | 'count';

export interface SolveRequest {
  readonly type: 'solve';
  readonly id: number;
  readonly puzzle: Puzzle;
  readonly mode: FindMode;
  readonly n?: number;
  readonly unique: boolean;
  readonly workers: number;
}

export interface WatchRequest {
  readonly type: 'watch';
  readonly id: number;
  readonly puzzle: Puzzle;
  /** Moves a second. */
  readonly speed: number;
}

/** Solutions to take apart, each with the page's index for it. */
export interface DisassembleRequest {
  readonly type: 'disassemble';
  readonly id: number;
  readonly puzzle: Puzzle;
  readonly solutions: readonly { readonly index: number; readonly solution: Solution }[];
}

export interface Disassembled {
  readonly index: number;
  readonly disassembly: SolutionDisassembly;
}

export type ToSolver =
  | SolveRequest
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'hint'; readonly id: number; readonly puzzle: Puzzle }
  | WatchRequest
  | DisassembleRequest
  | { readonly type: 'watch-speed'; readonly id: number; readonly speed: number };

/** The run's outcome, as the command line's summary says it. */
export interface SolveSummary {
  readonly solutions: number;
  readonly complete: boolean;
  readonly unique: boolean;
  readonly symmetries: number;
  readonly engine: string;
  readonly nodes: number;
  readonly elapsedMs: number;
  readonly workers: number;
  readonly interrupted: boolean;
  readonly impossible?: string;
  /** The command line's summary line. */
  readonly line: string;
}

export type FromSolver =
  | { readonly type: 'solutions'; readonly id: number; readonly solutions: readonly Solution[] }
  | { readonly type: 'progress'; readonly id: number; readonly progress: Progress }
  | { readonly type: 'done'; readonly id: number; readonly summary: SolveSummary }
  | { readonly type: 'hint'; readonly id: number; readonly result: HintResult }
  | { readonly type: 'frame'; readonly id: number; readonly board: readonly PlacedPiece[]; readonly moves: number; readonly solutions: number; readonly over: boolean }
  | { readonly type: 'disassembled'; readonly id: number; readonly results: readonly Disassembled[]; readonly over: boolean }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
