import { InvalidOptionError, checkRunOptions } from '../search/options.js';
import type { Checkpoint } from './checkpoint.js';
import type { RunKey } from './authenticate.js';
import type { RunResult } from './result.js';
import type { RunOptions } from './run.js';
import { runHere } from './run.js';

/**
 * Going on with a checkpointed run. Apart from run.ts, so that what solves without files (the web app)
 * never loads the reader of checkpoint files (checkpoint-file.ts: a schema library, and the file system).
 */
export type ResumeOptions = Omit<RunOptions, 'engine' | 'unique' | 'symmetry' | 'expandSymmetry' | 'limit' | 'all' | 'countOnly' | 'disassemble' | 'shard' | 'checkpoint' | 'plan'> & {
  readonly checkpointIntervalMs?: number;
  readonly onCheckpointWarning?: (message: string) => void;
  /** The key of the checkpoint's MAC (default: loadRunKey()'s; see authenticate.ts). */
  readonly key?: RunKey;
};

/**
 * Goes on with a checkpointed run: the same puzzle, options (disassembly's too) and plan (made now, as the run would have
 * made it, if the run was stopped before its plan), the finished subproblems taken as they are (their
 * solutions reported again first), the rest solved. The checkpoint keeps being updated.
 */
export async function resumeAsync(
  path: string,
  options: ResumeOptions = {},
  /** The checkpoint at `path`, when the caller has loaded it already (loadCheckpoint). */
  loaded?: Checkpoint,
): Promise<RunResult> {
  if (typeof path !== 'string' || path === '') throw new InvalidOptionError('resumeAsync needs the name of a checkpoint file');
  checkRunOptions(options);
  // (the reader is loaded only to resume: its schema library is large)
  const checkpoint = loaded ?? (await import('./checkpoint-file.js')).loadCheckpoint(path, options.key);
  const o = checkpoint.options;
  // (how assemblies are taken apart is the checkpoint's to say, never the caller's)
  const { checkpointIntervalMs, onCheckpointWarning, key, disassemble: _, ...rest } = options as ResumeOptions & { readonly disassemble?: unknown };
  return runHere(checkpoint.puzzle, {
    ...rest,
    engine: o.engine,
    unique: o.unique,
    ...(o.symmetry ? { symmetry: o.symmetry } : {}),
    countOnly: o.countOnly,
    // (a run that took its assemblies apart goes on taking them apart, as it did)
    ...(o.disassemble ? { disassemble: o.disassemble } : {}),
    ...(o.limit !== null ? { limit: o.limit } : { all: true }),
    ...(checkpoint.shard ? { shard: checkpoint.shard } : {}),
    plan: checkpoint.planOptions,
    checkpoint: {
      path,
      ...(checkpointIntervalMs !== undefined ? { intervalMs: checkpointIntervalMs } : {}),
      ...(onCheckpointWarning ? { onWarning: onCheckpointWarning } : {}),
      ...(key ? { key } : {}),
      meta: checkpoint.meta,
    },
  }, { checkpoint });
}

