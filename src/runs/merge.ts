import type { RunResult, ShardStamp } from './run.js';

/**
 * A shard's result as merging needs it: the statistics, the stamp, and its solutions if it kept them
 * (of any form: the library's Solution objects, or the JSON of `solve --json`).
 */
export type ShardResult<S> = Pick<RunResult, 'puzzle' | 'solutions' | 'complete' | 'unique' | 'symmetries' | 'engine' | 'nodes' | 'updates' | 'elapsedMs'> & {
  readonly shard: ShardStamp;
  readonly found: readonly S[];
  /** Where the result came from, for messages (a file name). */
  readonly source: string;
};

export interface MergedResult<S> extends Omit<ShardResult<S>, 'shard' | 'source' | 'found'> {
  readonly found: S[];
  readonly shards: number;
}

/** Shards that do not make one whole run: the message says which and why, in one line. */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * Adds up the shards of one run: every shard 1..N exactly once, all of the same puzzle, options, plan and
 * snug version. Counts, nodes and updates add up; elapsedMs is the sum of the shards' times (the machine
 * time spent); the run is complete when every shard is; solutions are put together.
 */
export function mergeShards<S>(results: readonly ShardResult<S>[]): MergedResult<S> {
  if (results.length === 0) throw new MergeError('nothing to merge: give the --json output of every shard');
  const first = results[0]!;
  const n = first.shard.count;
  const seen = new Map<number, string>();
  for (const r of results) {
    const s = r.shard;
    const differs = (what: string, a: unknown, b: unknown): void => {
      if (a !== b) throw new MergeError(`${r.source}: ${what} ${String(a)}, but ${first.source} has ${String(b)}: not shards of one run`);
    };
    differs('is a shard of', s.count, n);
    differs('solves puzzle', s.puzzleHash, first.shard.puzzleHash);
    differs('was cut by plan', s.plan, first.shard.plan);
    differs('was made by snug', s.version, first.shard.version);
    differs('has unique =', r.unique, first.unique);
    differs('ran the engine', r.engine, first.engine);
    const twin = seen.get(s.index);
    if (twin !== undefined) throw new MergeError(`shard ${s.index}/${n} is given twice: ${twin} and ${r.source}`);
    seen.set(s.index, r.source);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new MergeError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${n}`).join(', ')} missing: every shard of the run is needed`);
  const found: S[] = [];
  for (const r of results) for (const s of r.found) found.push(s); // not push(...): a shard may hold millions
  const sum = (f: (r: ShardResult<S>) => number): number => results.reduce((t, r) => t + f(r), 0);
  return {
    puzzle: first.puzzle,
    solutions: sum((r) => r.solutions),
    complete: results.every((r) => r.complete),
    unique: first.unique,
    symmetries: first.symmetries,
    engine: first.engine,
    nodes: sum((r) => r.nodes),
    updates: sum((r) => r.updates),
    elapsedMs: sum((r) => r.elapsedMs),
    found,
    shards: n,
  };
}
