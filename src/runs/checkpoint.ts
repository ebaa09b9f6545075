import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import type { Puzzle, Solution } from '../puzzle/model.js';

/**
 * A checkpoint: everything a run needs to go on where it stopped. The puzzle itself (so that resuming
 * needs no file but this one), the options, the plan (the subproblems, exactly as cut), and each finished
 * subproblem with its counts and, when the run reports solutions, its solutions. A subproblem that was
 * running is not in it: a resumed run solves it again from its start, so nothing is counted twice.
 *
 * Written whole to a temporary file beside it, flushed, then renamed over it: a reader (or a run killed
 * at any moment) sees the old checkpoint or the new one, never half of one. A file that is not a
 * checkpoint of this version, or whose contents do not agree with themselves, is refused and left as it is
 * (checkpoint-file.ts reads and checks them; it is loaded only to resume, for its schema library is large).
 */
export const CHECKPOINT_FORMAT = 'snug-checkpoint';

export interface CheckpointOptions {
  readonly engine: 'auto' | 'bitboard' | 'dlx' | 'rect';
  readonly unique: boolean;
  readonly countOnly: boolean;
  /** True when the finished subproblems' solutions are stored (the run reports solutions). */
  readonly solutions: boolean;
  readonly limit: number | null;
}

export interface DoneSubproblem {
  readonly index: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  readonly found?: readonly Solution[];
}

/** The file's contents (checkpoint-file.ts checks them field by field). */
export interface Checkpoint {
  readonly format: typeof CHECKPOINT_FORMAT;
  readonly version: string;
  readonly puzzle: Puzzle;
  readonly puzzleHash: string;
  readonly options: CheckpointOptions;
  readonly shard: { readonly index: number; readonly count: number } | null;
  readonly plan: { readonly hash: string; readonly subproblems: readonly (readonly number[])[]; readonly estimates: readonly number[] };
  readonly done: readonly DoneSubproblem[];
  readonly elapsedMs: number;
  /** Whatever the caller keeps with the run (the command line keeps its output flags). */
  readonly meta?: unknown;
}

/** A checkpoint that cannot be used: the message says which file and why, in one line. */
export class CheckpointError extends Error {
  override readonly name = 'CheckpointError';
}

/** What identifies a puzzle: its board and pieces (not its name or description). */
export function puzzleHash(puzzle: Puzzle): string {
  const { dims, board, pieces, mirror } = puzzle;
  return createHash('sha256').update(JSON.stringify({ dims, board, pieces, mirror })).digest('hex').slice(0, 16);
}

/**
 * Refuses to start a new run on a file that exists: a checkpoint is only ever written by the run it
 * belongs to (resume it with `snug resume`), and anything else there is not ours to overwrite.
 */
export function assertNewCheckpoint(path: string): void {
  if (existsSync(path)) {
    throw new CheckpointError(`${path}: the file exists; resume its run with 'snug resume ${path}', or give another file`);
  }
}

/** Writes the checkpoint atomically: a temporary file beside it, flushed to disk, renamed over it. */
export function saveCheckpoint(path: string, checkpoint: Checkpoint): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, JSON.stringify(checkpoint));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

