import { SnugError } from '../puzzle/errors.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { puzzleHash } from './checkpoint.js';
import type { RunResult, ShardStamp } from './result.js';
import { createSolutionCheck, tallyProblem } from './solution-check.js';
import { disassembleText } from './job.js';
import type { AssemblyTally } from '../disassembly/sift.js';
import { addTallies } from '../disassembly/sift.js';

/** A shard's result as merging needs it: the statistics, the stamp, and its solutions (none when counting). */
export type ShardResult = Pick<RunResult, 'puzzle' | 'solutions' | 'complete' | 'unique' | 'symmetries' | 'engine' | 'nodes' | 'updates' | 'elapsedMs' | 'disassembly'> & {
  readonly shard: ShardStamp;
  readonly found: readonly Solution[];
  /** Where the result came from, for messages (a file name). */
  readonly source: string;
};

export interface MergedResult extends Omit<ShardResult, 'shard' | 'source' | 'found'> {
  readonly found: Solution[];
  readonly shards: number;
}

export interface MergeOptions {
  /**
   * The puzzle the shards solve: it must be the one their stamps name (by hash), and every solution is
   * checked against it. Needed when there are solutions to check.
   */
  readonly puzzle?: Puzzle;
  /** More solutions of the run from elsewhere (such as --jsonl outputs), each with where it came from. */
  readonly extra?: readonly { readonly solution: Solution; readonly source: string }[];
}

/** Shards that do not make one whole run: the message says which and why, in one line. */
export class MergeError extends SnugError {
  override readonly name = 'MergeError';
}

/**
 * Adds up the shards of one run: every shard 1..N exactly once, all of the same puzzle, mode (count or
 * all), options (how assemblies are taken apart too), plan and snug version. Counts, nodes, updates and
 * the tallies of assemblies add up; elapsedMs is the sum of the
 * shards' times (the machine time spent); the run is complete when every shard is; solutions are put
 * together, each checked against the puzzle and none twice.
 */
export function mergeShards(results: readonly ShardResult[], options: MergeOptions = {}): MergedResult {
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
    differs('is a run of mode', s.mode, first.shard.mode);
    differs('was cut by plan', s.plan, first.shard.plan);
    differs('has subproblems in all:', s.subproblemsInPlan, first.shard.subproblemsInPlan);
    differs('was made by snug', s.version, first.shard.version);
    differs('has unique =', r.unique, first.unique);
    differs('counts classes under a group of', r.symmetries, first.symmetries);
    differs('ran the engine', r.engine, first.engine);
    if (disassembleText(s.disassemble) !== disassembleText(first.shard.disassemble)) {
      const how = (d: ShardStamp['disassemble']): string => (d ? `takes its assemblies apart (options ${disassembleText(d)})` : 'does not take its assemblies apart');
      throw new MergeError(`${r.source}: its run ${how(s.disassemble)}, but that of ${first.source} ${how(first.shard.disassemble)}: not shards of one run`);
    }
    if (s.disassemble) {
      const wrong = tallyProblem(r.disassembly, r.solutions, s.mode === 'all' ? r.found.map((f) => f.level) : undefined);
      if (wrong) throw new MergeError(`${r.source}: ${wrong}`);
    } else if (r.disassembly !== undefined) {
      throw new MergeError(`${r.source}: tells assemblies, but its stamp says its run does not take them apart`);
    }
    if (s.index > n) throw new MergeError(`${r.source}: shard ${s.index}/${n} does not exist`);
    // the plan's subproblems i with i % N = K - 1 are shard K's
    const share = Math.max(0, Math.ceil((s.subproblemsInPlan - s.index + 1) / n));
    if (s.subproblems !== share) throw new MergeError(`${r.source}: shard ${s.index}/${n} of ${s.subproblemsInPlan} subproblems has ${share}, not ${s.subproblems}`);
    if (s.mode === 'all' && r.found.length !== r.solutions) {
      throw new MergeError(`${r.source}: ${r.solutions} solutions, but ${r.found.length} listed: every solution of the shard must be listed`);
    }
    if (s.mode === 'count' && r.found.length > 0) throw new MergeError(`${r.source}: lists solutions, but its run only counts`);
    const twin = seen.get(s.index);
    if (twin !== undefined) throw new MergeError(`shard ${s.index}/${n} is given twice: ${twin} and ${r.source}`);
    seen.set(s.index, r.source);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new MergeError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${n}`).join(', ')} missing: every shard of the run is needed`);

  const listed = [...results.flatMap((r) => r.found.map((solution, k) => ({ solution, source: `${r.source}: solution ${k + 1}` }))), ...(options.extra ?? [])];
  const puzzle = options.puzzle;
  if (puzzle && puzzleHash(puzzle) !== first.shard.puzzleHash) {
    throw new MergeError(`${first.source}: a shard of another puzzle than ${puzzle.name} (its hash is ${first.shard.puzzleHash}, not ${puzzleHash(puzzle)})`);
  }
  if (listed.length > 0) {
    if (!puzzle) throw new MergeError('the shards list solutions: give the puzzle they solve, so that each solution is checked');
    // (levels are checked by taking each solution apart again)
    const check = createSolutionCheck(puzzle, first.shard.disassemble ? { disassemble: first.shard.disassemble } : {});
    for (const { solution, source } of listed) {
      const problem = check(solution);
      if (problem) throw new MergeError(`${source}: ${problem}`);
    }
  }
  const sum = (f: (r: ShardResult) => number): number => results.reduce((t, r) => t + f(r), 0);
  const disassembly = first.shard.disassemble ? results.reduce<AssemblyTally | undefined>((t, r) => addTallies(t, r.disassembly), undefined) : undefined;
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
    found: listed.map((l) => l.solution),
    ...(disassembly ? { disassembly } : {}),
    shards: n,
  };
}
