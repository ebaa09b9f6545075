import type { EngineName } from '../engines/types.js';
import type { Puzzle } from '../puzzle/model.js';
import { puzzleProblem } from '../puzzle/model.js';
import { sha256Hex } from '../platform/host.js';
import { puzzleHash } from '../runs/checkpoint.js';
import type { Progress } from '../runs/progress.js';
import type { RunOptions, RunResult } from '../runs/run.js';
import { solveAsync } from '../runs/run.js';
import { InvalidOptionError } from '../search/options.js';
import type { SweepRow } from './sweep-row.js';
import type { SweepVariant } from './sweep-variants.js';

export type { SweepRow } from './sweep-row.js';

export * from './sweep-variants.js';

/**
 * A sweep: how many solutions each puzzle of a family has (sweep-variants.ts makes the family), counted
 * one variant after another by the library's long run (solveAsync), each on every core when it is long
 * enough to cut up (a variant that ends within solveAsync's trial, as most calendar dates do, takes a
 * fraction of a second on one thread). One progress for the whole sweep: each variant weighs the same,
 * the one being counted by its own fraction done. With a checkpoint (sweep-checkpoint.ts), every variant
 * counted is saved, and a sweep started again with the same file counts only the rest.
 */
export interface SweepOptions {
  /** Count solutions up to the board's symmetries (each variant's own). */
  readonly unique?: boolean;
  readonly symmetry?: 'all' | 'rotations';
  readonly engine?: EngineName | 'auto';
  /** Threads for a variant long enough to be cut up (default: one per core). */
  readonly workers?: number;
  /** Stop each variant's count after this long (its row then says the count is a lower bound). */
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: Progress) => void;
  /** Each row as it is counted (rows from a checkpoint are not reported again). */
  readonly onRow?: (row: SweepRow, variant: SweepVariant) => void;
  /** Save every row counted to this file, and take the rows it holds as counted (sweep-checkpoint.ts). */
  readonly checkpoint?: { readonly path: string; readonly intervalMs?: number };
  /** How a variant is counted (default: solveAsync; the web app passes its solver worker's). */
  readonly count?: (puzzle: Puzzle, options: RunOptions) => Promise<VariantCount>;
}

/** What a sweep needs of a variant's run (solveAsync's RunResult has it all). */
export type VariantCount = Pick<RunResult, 'solutions' | 'complete' | 'impossible' | 'nodes' | 'interrupted'>;

export interface SweepResult {
  /** A row per variant, in the variants' order (those not counted, when stopped, left out). */
  readonly rows: readonly SweepRow[];
  /** Every variant counted to its end. */
  readonly complete: boolean;
  readonly interrupted: boolean;
  /** Rows taken from the checkpoint rather than counted by this run. */
  readonly resumed: number;
  readonly elapsedMs: number;
  readonly unique: boolean;
}

/** What identifies a sweep, for its checkpoint: its variants (their keys and puzzles) and how they are counted. */
export function sweepHash(variants: readonly SweepVariant[], options: Pick<SweepOptions, 'unique' | 'symmetry' | 'engine'>): string {
  const how = { unique: !!options.unique, symmetry: options.symmetry ?? 'all', engine: options.engine ?? 'auto' };
  return sha256Hex(JSON.stringify({ how, variants: variants.map((v) => [v.key, puzzleHash(v.puzzle)]) })).slice(0, 16);
}

/** Counts every variant (see SweepOptions); bad options reject with InvalidOptionError before anything runs. */
export async function sweepAsync(variants: readonly SweepVariant[], options: SweepOptions = {}): Promise<SweepResult> {
  if (variants.length === 0) throw new InvalidOptionError('the sweep has no variants to count');
  const keys = new Set<string>();
  for (const v of variants) {
    if (keys.has(v.key)) throw new InvalidOptionError(`two variants of the sweep are both named '${v.key}'`);
    keys.add(v.key);
  }
  const start = performance.now();
  const count = options.count ?? solveAsync;
  const store = options.checkpoint ? await (await import('./sweep-checkpoint.js')).openSweepCheckpoint(options.checkpoint.path, sweepHash(variants, options), options.checkpoint.intervalMs) : undefined;
  const done = new Map<string, SweepRow>(store ? store.rows.filter((r) => keys.has(r.key)).map((r) => [r.key, r]) : []);
  const resumed = done.size;
  let interrupted = false;
  let nodes = 0;
  let solutions = [...done.values()].reduce((n, r) => n + r.solutions, 0);
  try {
    for (const variant of variants) {
      if (done.has(variant.key)) continue;
      if (options.signal?.aborted) {
        interrupted = true;
        break;
      }
      const before = done.size;
      // a variant that cannot be posed (its pieces and board disagree) is a row of its own, not the sweep's end
      const problem = puzzleProblem(variant.puzzle);
      const result = problem !== undefined ? impossibleResult(problem) : await count(variant.puzzle, {
        countOnly: true,
        ...(options.unique ? { unique: true } : {}),
        ...(options.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
        ...(options.engine ? { engine: options.engine } : {}),
        ...(options.workers !== undefined ? { workers: options.workers } : {}),
        ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        keep: false,
        ...(options.onProgress
          ? {
              onProgress: (p: Progress) => options.onProgress!(sweepProgress(p, before, variants.length, solutions, nodes, start)),
            }
          : {}),
      });
      if (result.interrupted || (options.signal?.aborted && !result.complete)) {
        interrupted = true;
        break;
      }
      const row: SweepRow = {
        key: variant.key,
        solutions: result.solutions,
        complete: result.complete,
        ...(result.impossible ? { impossible: result.impossible } : {}),
        nodes: result.nodes,
      };
      done.set(variant.key, row);
      nodes += result.nodes;
      solutions += result.solutions;
      store?.record(row);
      options.onRow?.(row, variant);
      options.onProgress?.({
        fraction: done.size / variants.length,
        solutions,
        nodes,
        nodesPerSecond: nodes / Math.max(1e-3, (performance.now() - start) / 1000),
        elapsedMs: performance.now() - start,
        subproblemsDone: done.size,
        subproblems: variants.length,
      });
    }
  } finally {
    store?.close([...done.values()]);
  }
  const rows = variants.flatMap((v) => (done.has(v.key) ? [done.get(v.key)!] : []));
  return {
    rows,
    complete: rows.length === variants.length && rows.every((r) => r.complete),
    interrupted,
    resumed,
    elapsedMs: performance.now() - start,
    unique: !!options.unique,
  };
}

/** The result of a variant that cannot be posed: no solution, and why. */
function impossibleResult(problem: string): VariantCount {
  return { solutions: 0, complete: true, impossible: problem, nodes: 0 };
}

/** The sweep's progress while one variant is counted: the variants done, and this one's own fraction. */
function sweepProgress(p: Progress, done: number, total: number, solutionsBefore: number, nodesBefore: number, start: number): Progress {
  const elapsedMs = performance.now() - start;
  const nodes = nodesBefore + p.nodes;
  return {
    fraction: Math.min(1, (done + Math.min(1, p.fraction)) / total),
    solutions: solutionsBefore + p.solutions,
    nodes,
    nodesPerSecond: nodes / Math.max(1e-3, elapsedMs / 1000),
    elapsedMs,
    subproblemsDone: done,
    subproblems: total,
  };
}

/** The sum of a sweep's counts, its least and most (the first variant that has them), and how many have none. */
export function sweepSummary(rows: readonly SweepRow[]): { total: number; least?: SweepRow; most?: SweepRow; none: number } {
  let total = 0;
  let least: SweepRow | undefined;
  let most: SweepRow | undefined;
  let none = 0;
  for (const r of rows) {
    total += r.solutions;
    if (r.solutions === 0) none++;
    if (!least || r.solutions < least.solutions) least = r;
    if (!most || r.solutions > most.solutions) most = r;
  }
  return { total, ...(least ? { least } : {}), ...(most ? { most } : {}), none };
}
