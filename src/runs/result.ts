import type { SolveResult } from '../search/solve.js';
import type { DisassembleOptions } from '../disassembly/sift.js';

/** What a long run answers, however it was run (here, on threads, on a queue; whole, resumed, a shard). */
export interface RunResult extends SolveResult {
  readonly workers: number;
  /** The plan, when the run was cut into subproblems. */
  readonly plan?: { readonly hash: string; readonly subproblems: number; readonly done: number };
  readonly shard?: ShardStamp;
  /** True when the signal stopped the run (a checkpoint, if any, was saved). */
  readonly interrupted?: boolean;
  /** Of elapsedMs, the time spent preparing the search (placements, symmetry, the engine's tables). */
  readonly prepareMs?: number;
  /** A run on a work queue (queue.ts): where, the run's ID there, and how many subproblems were solved again to verify it (--verify). */
  readonly queue?: { readonly url: string; readonly run: string; readonly verified?: number };
}

/** What identifies a shard's result, for merging: same puzzle, options (disassembly's too), version and plan, and which share. */
export interface ShardStamp {
  readonly index: number;
  readonly count: number;
  /** Whether the run counts (`countOnly`) or lists every solution (`all`): shards of both do not merge. */
  readonly mode: 'count' | 'all';
  readonly puzzleHash: string;
  readonly plan: string;
  readonly version: string;
  /** Subproblems in this shard, out of `subproblemsInPlan`. */
  readonly subproblems: number;
  readonly subproblemsInPlan: number;
  /** How the run took its assemblies apart, when it did: shards of runs that differ here do not merge. */
  readonly disassemble?: DisassembleOptions;
}
