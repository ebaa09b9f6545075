import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { signedJson } from './checksum.js';
import { describeFileError, removeQuietly, writeWhole } from './durable-file.js';
import type { PlanOptions } from './plan.js';

/**
 * A checkpoint: everything a run needs to go on where it stopped. The puzzle itself (so that resuming
 * needs no file but this one), the options, the plan (the subproblems, exactly as cut, once the run has
 * cut them), and each finished subproblem with its counts and, when the run reports solutions, its
 * solutions. A subproblem that was running is not in it: a resumed run solves it again from its start,
 * so nothing is counted twice.
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
}

export interface DoneSubproblem {
  readonly index: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  readonly found?: readonly Solution[];
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
export class CheckpointError extends Error {
  override readonly name = 'CheckpointError';
}

/** What identifies a puzzle: its board and pieces (not its name or description). */
export function puzzleHash(puzzle: Puzzle): string {
  const { dims, board, pieces, mirror, optional, placed, use, grid, wrap } = puzzle;
  // what a puzzle without cells that may stay empty, placed pieces, use or a grid of its own had, it hashes as it did
  const more = { ...(optional ? { optional } : {}), ...(placed ? { placed } : {}), ...(use !== undefined ? { use } : {}), ...(grid && grid !== 'square' && grid !== 'cube' ? { grid } : {}), ...(wrap ? { wrap } : {}) };
  return createHash('sha256').update(JSON.stringify({ dims, board, pieces, mirror, ...more })).digest('hex').slice(0, 16);
}

/** What a checkpoint holds, in words: "12 of 64 subproblems done". */
export function checkpointHolds(c: Checkpoint): string {
  if (!c.plan) return 'the start of the run, before its plan';
  const shard = c.shard;
  const scope = shard ? c.plan.subproblems.filter((_, i) => i % shard.count === shard.index - 1).length : c.plan.subproblems.length;
  return `${c.done.length} of ${scope} subproblems done`;
}

/**
 * The checkpoint file of a run: created (new runs) or taken over (resumed runs) under its lock, saved as
 * the run goes. A save that fails does not stop the run: `warn` says so in one line (and again when a
 * later save works), and the file keeps its last good save.
 */
export class CheckpointStore {
  /** What the file holds, for messages. */
  private holds: string;
  private failing = false;

  private constructor(
    readonly path: string,
    held: Checkpoint,
    private readonly warn: (message: string) => void,
    private readonly unlock: () => void,
  ) {
    this.holds = checkpointHolds(held);
  }

  /**
   * A new run's checkpoint: refused where anything already is (a file, a folder, a device), or where it
   * cannot be written; otherwise written whole before the run solves anything.
   */
  static create(path: string, first: Checkpoint, warn: (message: string) => void): CheckpointStore {
    assertNewCheckpoint(path);
    const unlock = lock(path, false);
    try {
      writeWhole(path, signedJson(first), 'create');
    } catch (e) {
      unlock();
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') assertNewCheckpoint(path);
      throw new CheckpointError(`${path}: cannot create the checkpoint (${describeFileError(e)}): nothing was solved`);
    }
    return new CheckpointStore(path, first, warn, unlock);
  }

  /** A resumed run's checkpoint (as loaded from `path`): its lock is taken, so no other run uses it meanwhile. */
  static reopen(path: string, loaded: Checkpoint, warn: (message: string) => void): CheckpointStore {
    return new CheckpointStore(path, loaded, warn, lock(path, true));
  }

  /** Saves the checkpoint whole; on failure, says so (once until a save works again) and goes on. */
  save(checkpoint: Checkpoint, last = false): void {
    try {
      writeWhole(this.path, signedJson(checkpoint), 'replace');
    } catch (e) {
      // whatever the cause (a full disk, a folder gone, a checkpoint too large for a string), the run goes on
      if (last) this.warn(`cannot save the checkpoint ${this.path} at the end of the run (${describeFileError(e)}): it keeps its last save (${this.holds})`);
      else if (!this.failing) {
        this.warn(`cannot save the checkpoint ${this.path} (${describeFileError(e)}): the run goes on, the file keeps its last save (${this.holds}), and each later save tries again`);
      }
      this.failing = true;
      return;
    }
    this.holds = checkpointHolds(checkpoint);
    if (this.failing) this.warn(`the checkpoint ${this.path} is saved again (${this.holds})`);
    this.failing = false;
  }

  /** Removes the file of a new run that could not start (it holds nothing of value). */
  discard(): void {
    removeQuietly(this.path);
  }

  close(): void {
    this.unlock();
  }
}

/**
 * Refuses to start a new run where a file exists: a checkpoint is only ever written by the run it belongs
 * to (resume it with `snug resume`), and anything else there is not ours to overwrite.
 */
export function assertNewCheckpoint(path: string): void {
  if (path === '') throw new CheckpointError('the checkpoint needs a file name (the name given is empty)');
  let existing;
  try {
    existing = lstatSync(path);
  } catch {
    return; // nothing there (a folder that does not exist is reported when the file is created)
  }
  if (existing.isFile()) throw new CheckpointError(`${path}: the file exists; resume its run with 'snug resume ${path}', or give another file`);
  const what = existing.isDirectory() ? 'is a directory' : existing.isSymbolicLink() ? 'is a symbolic link' : 'is a device or other special file';
  throw new CheckpointError(`${path}: ${what}: a checkpoint needs a new file of its own`);
}

/**
 * Takes the lock of checkpoint `path`: FILE.lock, created only where none is, naming this process. A lock
 * left by a process of this machine that is gone (killed) is taken over; any other is refused. Removes
 * the temporary files that killed runs left beside the checkpoint. Returns the function that unlocks.
 */
function lock(path: string, forResume: boolean): () => void {
  const lockPath = `${path}.lock`;
  const me = { pid: process.pid, host: hostname() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeWhole(lockPath, JSON.stringify(me), 'create');
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        const why = `${describeFileError(e)}${code === 'ENOENT' ? `: ${dirname(path)}` : ''}`;
        throw new CheckpointError(forResume ? `${path}: cannot take its lock, ${lockPath} (${why})` : `${path}: cannot create the checkpoint (${why}): nothing was solved`);
      }
      const holder = lockHolder(lockPath);
      if (attempt === 0 && holder && holder.host === me.host && holder.pid !== me.pid && !isRunning(holder.pid)) {
        removeQuietly(lockPath); // its run was killed
        continue;
      }
      const who = holder ? `process ${holder.pid} on ${holder.host}` : 'its lock cannot be read';
      throw new CheckpointError(`${path}: in use by another snug run (${who}); if no run is using it, delete ${lockPath}`);
    }
  }
  removeLeftovers(path);
  return () => removeQuietly(lockPath);
}

function lockHolder(lockPath: string): { pid: number; host: string } | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown; host?: unknown };
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? { pid: holder.pid as number, host: holder.host } : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // it exists, and is someone else's
  }
}

/** Temporary files that killed processes left (FILE.<pid>.tmp, FILE.lock.<pid>.tmp): the lock holder removes them. */
function removeLeftovers(path: string): void {
  const name = basename(path);
  const folder = dirname(path);
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = entry.startsWith(`${name}.`) ? /^(?:lock\.)?(\d+)\.tmp$/.exec(entry.slice(name.length + 1))?.[1] : undefined;
    if (pid !== undefined && Number(pid) !== process.pid && !isRunning(Number(pid))) removeQuietly(join(folder, entry));
  }
}
