import { durableFiles } from '../platform/host.js';
import type { Puzzle } from '../puzzle/model.js';
import type { PrepareOptions } from '../compile/options.js';
import { snugVersion } from '../version.js';
import type { Checkpoint, CheckpointPlan, DoneSubproblem } from './checkpoint.js';
import { CHECKPOINT_FORMAT, CheckpointError, puzzleHash } from './checkpoint.js';
import type { Ledger } from './ledger.js';
import type { Plan, PlanOptions } from './plan.js';
import type { DisassembleOptions } from '../disassembly/sift.js';
import { storedDisassemble } from './job.js';
import type { RunKey } from './authenticate.js';
import { loadRunKey } from './authenticate.js';

/**
 * The ledger of a checkpointed run: its checkpoint file (checkpoint.ts says what it holds,
 * checkpoint-store.ts how it is written and locked). The file exists from the start, before anything is
 * solved (or even prepared); it is saved every `intervalMs`, at the end and when the run stops, each save
 * whole. A resumed run takes over the file it was loaded from.
 */
export interface CheckpointTarget {
  /** A new file (a run never overwrites one), in a folder that exists. */
  readonly path: string;
  /** Between saves (default 5000 ms). */
  readonly intervalMs?: number;
  /** Kept in the file as it is (JSON), and handed back on resume. */
  readonly meta?: unknown;
  /**
   * A save that failed (a full disk), in one line: the run goes on, and the file keeps its last good
   * save; said again when a save works again. Default: a process warning.
   */
  readonly onWarning?: (message: string) => void;
  /** The key of the file's MAC (authenticate.ts; default: loadRunKey()'s). */
  readonly key?: RunKey;
}

/** What a checkpoint says of its run besides its progress: the puzzle and how it is searched. */
export interface CheckpointedRun {
  readonly puzzle: Puzzle;
  readonly prepare: PrepareOptions;
  readonly countOnly: boolean;
  readonly disassemble?: DisassembleOptions;
  readonly limit: number;
  readonly planOptions: PlanOptions;
  readonly shard?: { readonly index: number; readonly count: number };
}

/** Creates the checkpoint of a new run, or takes over that of a resumed one (`resumed`, as loaded). */
export async function openCheckpointLedger(target: CheckpointTarget, run: CheckpointedRun, resumed?: Checkpoint): Promise<Ledger> {
  const record = checkpointRecord(run, target.meta);
  const key = target.key ?? loadRunKey();
  const files = await durableFiles();
  const { CheckpointStore } = await import('./checkpoint-store.js');
  const store = resumed
    ? CheckpointStore.reopen(files, target.path, resumed, key, target.onWarning)
    : CheckpointStore.create(files, target.path, record(null, [], 0), key, target.onWarning);
  const stored = resumed?.plan;
  return {
    storedPlan: stored ? { ...stored, estimatedNodes: NaN, estimatedSolutions: NaN } : undefined,
    earlierMs: resumed?.elapsedMs ?? 0,
    keepsSolutions: !run.countOnly,
    saveEveryMs: target.intervalMs ?? 5000,
    misfit: (wrong) => new CheckpointError(`${target.path}: corrupt checkpoint: the plan does not fit the puzzle: ${wrong}`),
    // (a resumed run's file holds what it did before: never removed)
    discard: () => {
      if (!resumed) store.discard();
    },
    recordPlan: async () => {},
    doneBefore: async () => [...(resumed?.done ?? [])].sort((a, b) => a.index - b.index),
    save: (plan, done, elapsedMs, last) => store.save(record(plan, done, elapsedMs), last),
    finish: async () => {},
    describe: () => ({}),
    close: () => store.close(),
  };
}

/** The checkpoint of this run, at a given point: its plan (once made), the subproblems done, the time spent. */
type CheckpointRecord = (plan: CheckpointPlan | null, done: Iterable<DoneSubproblem>, elapsedMs: number) => Checkpoint;

function checkpointRecord(run: CheckpointedRun, meta: unknown): CheckpointRecord {
  const { puzzle, countOnly, limit, prepare } = run;
  const hash = puzzleHash(puzzle);
  return (plan: Plan | CheckpointPlan | null, done, elapsedMs) => ({
    format: CHECKPOINT_FORMAT,
    version: snugVersion(),
    puzzle,
    puzzleHash: hash,
    options: {
      // (never the count engine: it saves no checkpoints, see run.ts)
      engine: prepare.engine === 'count' || prepare.engine === undefined ? 'auto' : prepare.engine,
      unique: !!prepare.unique,
      ...(prepare.symmetry === 'rotations' ? { symmetry: 'rotations' as const } : {}),
      countOnly,
      solutions: !countOnly,
      limit: Number.isFinite(limit) ? limit : null,
      ...(run.disassemble ? { disassemble: storedDisassemble(run.disassemble) } : {}),
    },
    planOptions: run.planOptions,
    shard: run.shard ? { index: run.shard.index, count: run.shard.count } : null,
    plan: plan ? { hash: plan.hash, subproblems: plan.subproblems, estimates: plan.estimates } : null,
    done: [...done].sort((a, b) => a.index - b.index),
    elapsedMs,
    ...(meta !== undefined ? { meta } : {}),
  });
}
