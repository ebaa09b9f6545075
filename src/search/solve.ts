import type { EngineName } from '../engines/types.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { checkSolveOptions } from './options.js';
import type { AssemblyTally, DisassembleOptions } from '../disassembly/sift.js';
import { AssemblySifter } from '../disassembly/sift.js';
import { disassemblyProblem } from '../disassembly/solution.js';
import { InvalidOptionError } from '../compile/options.js';
import type { PreparedSearch } from '../compile/compile.js';
import { prepareSearch } from '../compile/compile.js';
import type { PrepareOptions } from '../compile/options.js';

export interface SolveOptions extends PrepareOptions {
  /** Stop after this many solutions; default 1. Infinity (or `all`) for every solution. */
  readonly limit?: number;
  readonly all?: boolean;
  /** Count only: solutions are not built (faster); `onSolution` is not called. */
  readonly countOnly?: boolean;
  /** Each solution as it is found; return false to stop. */
  readonly onSolution?: (solution: Solution, index: number) => boolean | void;
  readonly signal?: AbortSignal;
  readonly timeLimitMs?: number;
  /** Keep the solutions in the result (default true unless countOnly). */
  readonly keep?: boolean;
  /**
   * Take every assembly apart as it is found (3-D puzzles): only those that come apart are solutions, each
   * with its level; the result then also tells the assemblies (see AssemblyTally).
   */
  readonly disassemble?: DisassembleOptions;
}

export interface SolveStats {
  readonly puzzle: string;
  readonly engine: EngineName;
  readonly engineReason: string;
  readonly unique: boolean;
  /** Size of the symmetry group used by --unique (1 otherwise). */
  readonly symmetries: number;
  readonly symmetryNote?: string;
  /** Number of solutions found (with unique: one per symmetry class). */
  readonly solutions: number;
  /**
   * The exact number of solutions, when the counting engine counted them (engine 'count'): it may pass
   * 2^53, where `solutions`, a number, keeps only the leading digits. Print this one when it is there.
   */
  readonly exactSolutions?: bigint;
  /** True when the search ran to the end: `solutions` is then the exact total (see also exactSolutions). */
  readonly complete: boolean;
  /** Why no solution can exist, when that was known before searching. */
  readonly impossible?: string;
  readonly nodes: number;
  readonly updates: number;
  readonly elapsedMs: number;
  /** With `disassemble`: the assemblies found, those undecided, the highest level (`solutions` counts those that come apart). */
  readonly disassembly?: AssemblyTally;
}

export interface SolveResult extends SolveStats {
  readonly found: Solution[];
  /** When the clock or the signal stopped it, and the engine can say: the subtrees not searched (SearchResult.rest). */
  readonly rest?: readonly (readonly number[])[];
}

/**
 * The statistics that describe a prepared search, whatever its run; `distinct`: the run takes the first
 * member it meets of each class (SubtreeOptions.distinct), which the note says.
 */
export function searchStats(prepared: PreparedSearch, distinct = false): Pick<SolveStats, 'puzzle' | 'engine' | 'engineReason' | 'unique' | 'symmetries' | 'symmetryNote'> {
  const note = prepared.symmetryNote && distinct ? `${prepared.symmetryNote}; with a limit, the first solution met of each class is kept instead of its canonical one` : prepared.symmetryNote;
  return {
    puzzle: prepared.puzzle.name,
    engine: prepared.engine.name,
    engineReason: prepared.engineReason,
    unique: prepared.unique,
    symmetries: prepared.groupSize,
    ...(note ? { symmetryNote: note } : {}),
  };
}

/** What runPrepared takes beyond SolveOptions: the subtree to search, and the engine's periodic hook. */
export interface SubtreeOptions {
  readonly prefix?: readonly number[];
  readonly onTick?: (nodes: number) => void;
  /** With `disassemble`: the sifter to take the assemblies apart with, for a caller that reads its tally as the search goes. */
  readonly sifter?: AssemblySifter;
  /**
   * Up to symmetry, take the first member met of each class, not only its canonical one (default: when
   * the search wants a few solutions, `limit`). Any member stands for its class; waiting for the canonical
   * one can cost the whole search: 48 L-trominoes on 12x12, whose solutions near the first path all have a
   * smaller image, gave none in 234 M nodes. Solutions then differ in class within this search, not across
   * searches (a run's collector compares subproblems' by classKey).
   */
  readonly distinct?: boolean;
}

/**
 * Whether a search of `prepared` can take the first member it meets of each class, not only its canonical
 * one (SubtreeOptions.distinct): up to symmetry, where solutions are filtered by canonical form and have a
 * class key. A search here, a run's subproblems and its collector do when they want a few solutions.
 */
export function keysClasses(prepared: PreparedSearch): boolean {
  return prepared.needsFilter && !prepared.expand && prepared.classKey !== undefined;
}

/** Runs one search over a prepared puzzle: the shared core of `solve`, the workers and the benchmark. */
export function runPrepared(prepared: PreparedSearch, options: SolveOptions & SubtreeOptions = {}): SolveResult {
  const start = performance.now();
  const limit = options.all || options.countOnly ? Infinity : options.limit ?? 1;
  const keep = options.keep ?? !options.countOnly;
  const found: Solution[] = [];
  const classes = (options.distinct ?? Number.isFinite(limit)) && keysClasses(prepared) ? new Set<string>() : undefined;
  const base = searchStats(prepared, classes !== undefined);
  const cannotPart = options.disassemble ? disassemblyProblem(prepared.puzzle) : undefined;
  if (cannotPart) throw new InvalidOptionError(`disassemble: ${cannotPart}`);
  if (prepared.impossible) {
    const none = options.disassemble ? { disassembly: { assemblies: 0, undecided: 0 } } : {};
    return { ...base, solutions: 0, complete: true, impossible: prepared.impossible, nodes: 0, updates: 0, elapsedMs: performance.now() - start, ...none, found };
  }
  const deadline = options.timeLimitMs !== undefined ? Date.now() + options.timeLimitMs : undefined;
  const sifter = options.disassemble ? options.sifter ?? new AssemblySifter(prepared.puzzle, options.disassemble, prepared.unique) : undefined;
  const wantsEach = sifter !== undefined || (!options.countOnly && (keep || options.onSolution !== undefined));
  let accepted = 0;
  const accept = (raw: Int32Array): boolean => {
    if (!classes) return prepared.accept(raw);
    const key = prepared.classKey!(prepared.decode(raw));
    if (classes.has(key)) return false;
    classes.add(key);
    return true;
  };
  const report = (assembly: Solution): boolean => {
    const solution = sifter ? sifter.sift(assembly) : assembly;
    if (!solution) return true;
    if (keep) found.push(solution);
    accepted++;
    return options.onSolution?.(solution, accepted - 1) !== false && accepted < limit;
  };
  const onRaw = (raw: Int32Array): boolean => {
    if (!accept(raw)) return true;
    if (!wantsEach) {
      accepted += prepared.weight(raw);
      return accepted < limit;
    }
    for (const solution of prepared.images(raw)) if (!report(solution)) return false;
    return true;
  };
  // Without filtering, expansion or per-solution work, the engine counts on its own (fastest).
  const direct = !prepared.needsFilter && !prepared.expand && !wantsEach;
  const result = prepared.engine.search({
    ...(direct ? (Number.isFinite(limit) ? { limit } : {}) : { onSolution: onRaw }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(deadline !== undefined ? { deadline } : {}),
    ...(options.prefix ? { prefix: options.prefix } : {}),
    ...(options.onTick ? { onTick: options.onTick } : {}),
  });
  const solutions = direct ? result.solutions : accepted;
  const exact = direct && result.exactSolutions !== undefined ? { exactSolutions: result.exactSolutions } : {};
  const disassembly = sifter ? { disassembly: sifter.tally() } : {};
  const rest = result.rest ? { rest: result.rest } : {};
  return { ...base, solutions, ...exact, complete: result.complete, nodes: result.nodes, updates: result.updates, elapsedMs: performance.now() - start, ...disassembly, ...rest, found };
}

/**
 * Solves a puzzle: the first solution by default, `limit` of them, or all; optionally one per symmetry class.
 * Every engine goes through here, picked automatically unless `engine` says otherwise. A puzzle that is not
 * well formed throws InvalidPuzzleError, an option out of range InvalidOptionError, before anything runs.
 */
export function solve(puzzle: Puzzle, options: SolveOptions = {}): SolveResult {
  checkSolveOptions(options);
  const start = performance.now();
  const every = !!options.all || !!options.countOnly || options.limit === Infinity;
  const prepared = prepareSearch(puzzle, { expandSymmetry: every && options.expandSymmetry !== false, ...options, ...(options.disassemble ? { countOnly: false } : {}) });
  const result = runPrepared(prepared, options);
  return { ...result, elapsedMs: performance.now() - start };
}
