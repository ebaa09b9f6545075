/** A sweep's row (sweep.ts): what its table says of one variant, and what its checkpoint keeps (sweep-checkpoint.ts). */
export interface SweepRow {
  readonly key: string;
  /** Its solutions (up to symmetry with `unique`): a lower bound when `complete` is false. */
  readonly solutions: number;
  readonly complete: boolean;
  /** Why it has no solution before any search (the areas do not match, ...), when that is why. */
  readonly impossible?: string;
  readonly nodes: number;
}

