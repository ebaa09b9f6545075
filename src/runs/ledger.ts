import type { DoneSubproblem } from './checkpoint.js';
import type { Plan } from './plan.js';
import type { RunResult } from './result.js';

/**
 * A run's ledger: where its plan and its finished subproblems are kept, so that a run stopped (Ctrl-C, a
 * killed process, a lost machine) goes on where it was. The coordinator (coordinator.ts) asks the same
 * questions of each: memory (here: a run that keeps nothing), a checkpoint file (ledger-checkpoint.ts),
 * Redis (ledger-redis.ts, where the workers write the results themselves).
 *
 * Invariant: a subproblem is in the ledger only once it is done, whole; one that was running when the run
 * stopped is not, and is solved again from its start. So nothing is counted twice, nor lost.
 */
export interface Ledger {
  /** The plan of a run planned before (resumed), as stored; undefined when the run is to be planned now. */
  readonly storedPlan: Plan | undefined;
  /** Time the run spent before this process took it up. */
  readonly earlierMs: number;
  /** Whether the finished subproblems are kept with their solutions (a checkpoint of a run that lists them). */
  readonly keepsSolutions: boolean;
  /** How often to save (Infinity: the ledger keeps what it is told as it is told, or nothing). */
  readonly saveEveryMs: number;
  /** The error for a stored plan that does not cut this puzzle's tree (`wrong` says how). */
  misfit(wrong: string): Error;
  /** The run could not start (the puzzle could not be prepared): what a new ledger made is removed. */
  discard(): void;
  /** The plan is made: a ledger that is named by its plan (a queue's run) takes its name now. */
  recordPlan(plan: Plan): Promise<void>;
  /** The subproblems done before, checked, in the order their solutions are to be reported again. */
  doneBefore(): Promise<readonly DoneSubproblem[]>;
  /** Saves the run as it is (`last`: at its end). */
  save(plan: Plan | null, done: Iterable<DoneSubproblem>, elapsedMs: number, last?: boolean): void;
  /** The run is over, whole or stopped. */
  finish(complete: boolean): Promise<void>;
  /** What the result says of where the run is kept. */
  describe(): Pick<RunResult, 'queue'>;
  /** Lets go of what the ledger holds (a lock), whatever happened. */
  close(): void;
}

/** The ledger of a run that keeps nothing: it starts afresh, and is gone when it ends. */
export const memoryLedger: Ledger = {
  storedPlan: undefined,
  earlierMs: 0,
  keepsSolutions: false,
  saveEveryMs: Infinity,
  misfit: (wrong) => new Error(wrong),
  discard: () => {},
  recordPlan: async () => {},
  doneBefore: async () => [],
  save: () => {},
  finish: async () => {},
  describe: () => ({}),
  close: () => {},
};
