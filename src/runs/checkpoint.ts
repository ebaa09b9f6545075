import { SnugError } from '../puzzle/errors.js';
import { isDefaultGridName } from '../geometry/grids/index.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { sha256Hex } from '../platform/host.js';
import type { PlanOptions } from './plan.js';
import type { AssemblyTally, DisassembleOptions } from '../disassembly/sift.js';

/**
 * A checkpoint: everything a run needs to go on where it stopped. The puzzle itself (so that resuming
 * needs no file but this one), the options, the plan (the subproblems, exactly as cut, once the run has
 * cut them), and each finished subproblem with its counts and, when the run reports solutions, its
 * solutions; a run that takes its assemblies apart adds its disassemble options, each subproblem's tally
 * of assemblies and each solution's level (checkpoints of other runs, and of older snugs, have none). A
 * subproblem that was running is not in it: a resumed run solves it again from its start, so nothing is
 * counted twice.
 *
 * The file is created when the run starts, before anything is solved (a run killed in its first moment
 * leaves a checkpoint without a plan: resuming plans, as the run would have). Every later save is written
 * whole to a temporary file beside it, flushed, then renamed over it: a reader (or a run killed at any
 * moment) sees the old checkpoint or the new one, never half of one; a save that fails (a full disk)
 * leaves the last good one. A run holds the file's lock (FILE.lock) while it runs, so that two runs never
 * share a checkpoint. The file ends with a checksum of its contents (checksum.ts); checkpoint-file.ts reads
 * it back and checks everything in it (it is loaded only to resume, for its schema library is large).
 */
export const CHECKPOINT_FORMAT = 'snug-checkpoint';

export interface CheckpointOptions {
  readonly engine: 'auto' | 'bitboard' | 'dlx' | 'rect';
  readonly unique: boolean;
  /** 'rotations' when --unique counted classes under rotations only (absent: all symmetries). */
  readonly symmetry?: 'rotations';
  readonly countOnly: boolean;
  /** True when the finished subproblems' solutions are stored (the run reports solutions). */
  readonly solutions: boolean;
  readonly limit: number | null;
  /** Present when the run takes its assemblies apart (absent in checkpoints of runs that do not, and of older snugs). */
  readonly disassemble?: DisassembleOptions;
}

export interface DoneSubproblem {
  readonly index: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  readonly found?: readonly Solution[];
  /** Its assemblies, when the run takes them apart (`solutions` then counts those that come apart). */
  readonly disassembly?: AssemblyTally;
}

export interface CheckpointPlan {
  readonly hash: string;
  readonly subproblems: readonly (readonly number[])[];
  readonly estimates: readonly number[];
}

/** The file's contents, without its checksum (checkpoint-file.ts checks them field by field). */
export interface Checkpoint {
  readonly format: typeof CHECKPOINT_FORMAT;
  readonly version: string;
  readonly puzzle: Puzzle;
  readonly puzzleHash: string;
  readonly options: CheckpointOptions;
  /** How the run cuts its plan (so that a checkpoint saved before its plan is planned the same way). */
  readonly planOptions: PlanOptions;
  readonly shard: { readonly index: number; readonly count: number } | null;
  /** Null until the run has made its plan. */
  readonly plan: CheckpointPlan | null;
  readonly done: readonly DoneSubproblem[];
  readonly elapsedMs: number;
  /** Whatever the caller keeps with the run (the command line keeps its output flags: never a file name). */
  readonly meta?: unknown;
}

/** A checkpoint that cannot be used: the message says which file and why, in one line. */
export class CheckpointError extends SnugError {
  override readonly name = 'CheckpointError';
}

/** What identifies a puzzle: its board and pieces (not its name or description). */
export function puzzleHash(puzzle: Puzzle): string {
  const { dims, board, pieces, mirror, optional, placed, use, grid, wrap, frame, boardColours, colourRules } = puzzle;
  // what a puzzle without cells that may stay empty, placed pieces, use, a grid of its own, a frame or colours had, it hashes as it did
  // (a frame changes which assemblies come apart, and the symmetries; colours where pieces may go)
  const more = {
    ...(optional ? { optional } : {}), ...(placed ? { placed } : {}), ...(use !== undefined ? { use } : {}), ...(grid && !isDefaultGridName(grid) ? { grid } : {}),
    ...(wrap ? { wrap } : {}), ...(frame ? { frame } : {}), ...(boardColours ? { boardColours } : {}), ...(colourRules ? { colourRules } : {}),
  };
  // keys in one order, whatever order the reader made them in (a checkpoint's puzzle is read back through its schema)
  const sorted = (_key: string, value: unknown): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value;
  return sha256Hex(JSON.stringify({ dims, board, pieces, mirror, ...more }, sorted)).slice(0, 16);
}

/** What a checkpoint holds, in words: "12 of 64 subproblems done". */
export function checkpointHolds(c: Checkpoint): string {
  if (!c.plan) return 'the start of the run, before its plan';
  const shard = c.shard;
  const scope = shard ? c.plan.subproblems.filter((_, i) => i % shard.count === shard.index - 1).length : c.plan.subproblems.length;
  return `${c.done.length} of ${scope} subproblems done`;
}
