import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { z } from 'zod';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { snugVersion } from '../version.js';
import { planHash } from './plan.js';

/**
 * A checkpoint: everything a run needs to go on where it stopped. The puzzle itself (so that resuming
 * needs no file but this one), the options, the plan (the subproblems, exactly as cut), and each finished
 * subproblem with its counts and, when the run reports solutions, its solutions. A subproblem that was
 * running is not in it: a resumed run solves it again from its start, so nothing is counted twice.
 *
 * Written whole to a temporary file beside it, flushed, then renamed over it: a reader (or a run killed
 * at any moment) sees the old checkpoint or the new one, never half of one. A file that is not a
 * checkpoint of this version, or whose contents do not agree with themselves, is refused and left as it is.
 */
export const CHECKPOINT_FORMAT = 'snug-checkpoint';

const cell = z.tuple([z.number().int(), z.number().int(), z.number().int()]);
const solution = z.object({ placements: z.array(z.object({ piece: z.string(), cells: z.array(cell) })) });

const puzzleSchema = z.object({
  name: z.string(),
  dims: z.union([z.literal(2), z.literal(3)]),
  board: z.array(cell).min(1),
  pieces: z.array(z.object({ name: z.string(), shape: z.array(cell).min(1), count: z.number().int().positive(), mirror: z.boolean() })).min(1),
  mirror: z.boolean(),
  description: z.string().optional(),
  known: z.object({ total: z.number().int().optional(), unique: z.number().int().optional() }).optional(),
});

const checkpointSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  version: z.string(),
  puzzle: puzzleSchema,
  puzzleHash: z.string(),
  options: z.object({
    engine: z.enum(['auto', 'bitboard', 'dlx', 'rect']),
    unique: z.boolean(),
    countOnly: z.boolean(),
    solutions: z.boolean(),
    limit: z.number().int().positive().nullable(),
  }),
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).nullable(),
  plan: z.object({ hash: z.string(), subproblems: z.array(z.array(z.number().int())), estimates: z.array(z.number()) }),
  done: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      solutions: z.number().int().nonnegative(),
      nodes: z.number().nonnegative(),
      updates: z.number().nonnegative(),
      found: z.array(solution).optional(),
    }),
  ),
  elapsedMs: z.number().nonnegative(),
  meta: z.unknown().optional(),
});

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

/** The file's contents, as checkpointSchema checks them. */
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

/** Reads and checks a checkpoint; throws CheckpointError naming the file and the problem. */
export function loadCheckpoint(path: string): Checkpoint {
  if (!existsSync(path)) throw new CheckpointError(`${path}: no such checkpoint file`);
  const text = readFileSync(path, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CheckpointError(`${path}: not a snug checkpoint (not JSON${text.trim().length > 0 ? ': truncated or corrupt' : ': empty'})`);
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== CHECKPOINT_FORMAT) {
    throw new CheckpointError(`${path}: not a snug checkpoint (no "format": "${CHECKPOINT_FORMAT}")`);
  }
  const version = (data as { version?: unknown }).version;
  if (version !== snugVersion()) {
    throw new CheckpointError(`${path}: written by snug ${String(version)}, this is snug ${snugVersion()}: its plan is not valid here (resume it with that version)`);
  }
  const parsed = checkpointSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CheckpointError(`${path}: corrupt checkpoint: ${issue.path.join('.') || 'top level'}: ${issue.message}`);
  }
  // the schema has checked every field of the interface (zod's own types are the mutable twins of these)
  const c = parsed.data as unknown as Checkpoint;
  if (puzzleHash(c.puzzle) !== c.puzzleHash) throw new CheckpointError(`${path}: corrupt checkpoint: the puzzle does not match its hash`);
  if (planHash(c.plan.subproblems) !== c.plan.hash || c.plan.estimates.length !== c.plan.subproblems.length) {
    throw new CheckpointError(`${path}: corrupt checkpoint: the plan does not match its hash`);
  }
  const seen = new Set<number>();
  for (const d of c.done) {
    if (d.index >= c.plan.subproblems.length || seen.has(d.index)) throw new CheckpointError(`${path}: corrupt checkpoint: subproblem ${d.index} is out of the plan or done twice`);
    seen.add(d.index);
    if (c.options.solutions && !c.options.countOnly && d.found?.length !== d.solutions) {
      throw new CheckpointError(`${path}: corrupt checkpoint: subproblem ${d.index} has ${d.solutions} solutions but ${d.found?.length ?? 0} stored`);
    }
  }
  return c;
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

