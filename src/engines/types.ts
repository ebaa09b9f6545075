/**
 * What every search engine offers the orchestration layer. Engines see numbers only: cell indices,
 * piece indices, placement indices. They know nothing of files, terminals or the DOM.
 *
 * A search is a tree. A *prefix* is a list of engine-specific choice codes that leads from the root to a
 * node (for the cell engines: placement indices; for the rectangle engine: piece-orientation codes).
 * `branches(prefix)` lists the choices at that node in the order the search would try them, so the
 * subtrees of those choices partition the node's solutions: this is how runs are split across workers.
 */
export interface SearchOptions {
  /** Stop after this many solutions. Default: no limit. */
  readonly limit?: number;
  /**
   * Called for each solution with the engine's encoding of it (see each engine). The array is reused:
   * copy it to keep it. Return false to stop the search. Without it, solutions are only counted.
   */
  readonly onSolution?: (solution: Int32Array) => boolean | void;
  readonly signal?: AbortSignal;
  /** Stop at this time (milliseconds, as Date.now()). */
  readonly deadline?: number;
  /** Choices applied before the search starts; the search covers only that subtree. */
  readonly prefix?: readonly number[];
  /**
   * Called at every periodic check (each CHECK_INTERVAL nodes) with the nodes visited so far, before the
   * signal and the clock are read: where a caller reports progress, or aborts the signal.
   */
  readonly onTick?: (nodes: number) => void;
}

export interface SearchResult {
  readonly solutions: number;
  /** Nodes of the search tree visited (choices tried). */
  readonly nodes: number;
  /** Engine-specific unit of work (DLX: link updates), for comparing runs across machines. */
  readonly updates: number;
  /** True when the subtree was searched to the end (not stopped by limit, signal, deadline or callback). */
  readonly complete: boolean;
  /**
   * The exact count, from an engine that counts without listing (the counting engine): `solutions` is
   * then this number rounded to a double (exact up to 2^53).
   */
  readonly exactSolutions?: bigint;
  /**
   * Set by an engine that can say where it stopped, when the clock or the signal stopped it (not the
   * limit or the callback): the prefixes of the subtrees not searched, in the order the search would have
   * visited them. With the part searched (whose solutions were all reported), they cover the subtree
   * searched exactly once: a run goes on from there instead of starting again. Not set when it would hold
   * more than REST_SIZE_LIMIT choice codes in all (engines/rest.ts): a stop thousands of levels down.
   */
  readonly rest?: readonly (readonly number[])[];
}

export interface Engine {
  readonly name: EngineName;
  search(options?: SearchOptions): SearchResult;
  /**
   * The choices at the node reached by `prefix`; empty at a leaf (solution or dead end). `same`: the caller
   * vouches that the first `same` choices of `prefix` are those of the prefix this engine was last given
   * (by branches or lookAhead), as a random walk does that grows one path: an engine that keeps the last
   * node reached need not compare them (a walk 5,000 levels deep compared 12.5 million choices). An
   * engine may ignore it.
   */
  branches(prefix: readonly number[], same?: number): number[];
  /**
   * branches(prefix), and what is below each: `open` lists those whose node has branches of its own as far
   * as the engine sees at once (it may still turn out a dead end), `solutions` counts those that are
   * solutions; the rest are dead ends. For random walks that look one level ahead (runs/estimate.ts);
   * optional: without it the walks are plain ones.
   */
  lookAhead?(prefix: readonly number[], same?: number): LookAhead;
  /**
   * Offered by an engine that cannot cut its tree (branches() is always empty: the counting engine) and
   * counts the whole of it instead, a step at a time: a long run counts it in one piece on its own thread,
   * reading the clock and the signal between steps (runs/dispatch-here.ts). Absent: the tree is cut into
   * subproblems by prefixes of branches(), which threads, checkpoints and queues share out.
   */
  countInSteps?(): CountInSteps;
}

/** A whole count in progress (see Engine.countInSteps). */
export interface CountInSteps {
  readonly done: boolean;
  readonly nodes: number;
  readonly updates: number;
  /** The share of the steps taken, 0 to 1 (the steps cost alike once under way). */
  readonly fraction: number;
  step(): void;
  /** The count, once done. */
  total(): bigint;
}

export interface LookAhead {
  readonly branches: number[];
  readonly open: number[];
  readonly solutions: number;
}

export type EngineName = 'dlx' | 'rect' | 'bitboard' | 'count';

/** How often (in nodes) engines look at the clock and the abort signal: cheap enough, responsive enough. */
export const CHECK_INTERVAL = 4096;
