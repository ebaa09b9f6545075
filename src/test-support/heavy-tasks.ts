/**
 * Checks that take seconds, run on a worker thread by in-worker.ts: each returns plain data for the test
 * to assert on. Every solution goes through the verifier, and classes are counted by orbits.ts, which
 * shares no code with the search.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { EngineName } from '../engines/types.js';
import type { EngineChoice } from '../compile/options.js';
import type { Puzzle } from '../puzzle/model.js';
import { solve } from '../search/solve.js';
import { createVerifier } from '../search/verify.js';
import { orbitClasses, tilingKey } from './orbits.js';
import { isOtherGridPuzzle, otherGridClasses } from './other-grids.js';
import { wrappedClasses } from './wrapped.js';
import { callEveryExport } from './export-calls.js';

export interface CountCheck {
  readonly solutions: number;
  readonly complete: boolean;
  readonly nodes: number;
  /** Problems the verifier found, in the first few bad solutions. */
  readonly problems: string[];
  /**
   * Solutions found that are the same set of (piece, cells) as one found before; with `unique`, that are
   * in the class of one found before (which includes the same set).
   */
  readonly repeats: number;
  /** The classes of the solutions under the board's symmetries (of all of them, or of one per class). */
  readonly classes: number;
}

function countVerified(puzzle: Puzzle, options: { engine: EngineName; unique: boolean }): CountCheck {
  const verify = createVerifier(puzzle);
  const r = solve(puzzle, { engine: options.engine, unique: options.unique, all: true });
  const problems = r.found.map(verify).filter((p) => p.length > 0).slice(0, 3).flat();
  // one solution per class has no symmetry that maps the set onto itself: its classes are told by the
  // symmetries that keep the piece counts
  // (triangles and hexagons: their own enumeration's symmetries, from the cells' centres)
  const classes = isOtherGridPuzzle(puzzle)
    ? otherGridClasses(puzzle, r.found)
    : puzzle.wrap ? wrappedClassesOf(puzzle, r.found)
    : orbitClasses(puzzle, r.found, { representatives: options.unique }).count;
  // one per class: two alike would share a class, so the classes tell the repeats (and two in one class
  // count as well); every solution: by their sets of placements
  const repeats = options.unique ? r.found.length - classes : r.found.length - new Set(r.found.map(tilingKey)).size;
  return { solutions: r.solutions, complete: r.complete, nodes: r.nodes, problems, repeats, classes };
}

/** The classes of solutions of a full rectangle that wraps (see wrapped.ts). */
function wrappedClassesOf(puzzle: Puzzle, solutions: readonly { placements: readonly { piece: string; cells: readonly (readonly number[])[] }[] }[]): number {
  const xs = puzzle.board.map((c) => c[0]);
  const ys = puzzle.board.map((c) => c[1]);
  const [w, h] = [Math.max(...xs) - Math.min(...xs) + 1, Math.max(...ys) - Math.min(...ys) + 1];
  return wrappedClasses(w, h, puzzle.wrap!.includes('x'), puzzle.wrap!.includes('y'), solutions as never);
}

export interface ExpandCheck {
  readonly plain: number;
  readonly expanded: number;
  readonly sameSolutions: boolean;
  readonly plainNodes: number;
  readonly expandedNodes: number;
  readonly expandedNote: string | undefined;
  readonly plainNote: string | undefined;
}

/** Every solution found plainly, and through one solution per symmetry class expanded into its class. */
function expandAgreement(puzzle: Puzzle, engine: EngineName): ExpandCheck {
  const plain = solve(puzzle, { engine, all: true, expandSymmetry: false });
  const expanded = solve(puzzle, { engine, all: true });
  const a = plain.found.map(tilingKey).sort();
  const b = expanded.found.map(tilingKey).sort();
  return {
    plain: plain.solutions,
    expanded: expanded.solutions,
    sameSolutions: a.length === b.length && a.every((k, i) => k === b[i]),
    plainNodes: plain.nodes,
    expandedNodes: expanded.nodes,
    expandedNote: expanded.symmetryNote,
    plainNote: plain.symmetryNote,
  };
}

/** A count on one engine, the exact count as decimal digits (a BigInt does not cross to the test's thread as itself in every runner). */
function exactCount(puzzle: Puzzle, engine: EngineName): { exact: string | undefined; solutions: number; complete: boolean; engine: string } {
  const r = solve(puzzle, { engine, countOnly: true });
  return { exact: r.exactSolutions?.toString(), solutions: r.solutions, complete: r.complete, engine: r.engine };
}

/** The number of solutions up to symmetry, with an engine. */
function uniqueCount(puzzle: Puzzle, engine: EngineChoice): { solutions: number; complete: boolean } {
  const r = solve(puzzle, { engine, unique: true, countOnly: true });
  return { solutions: r.solutions, complete: r.complete };
}

/** Every solution on each engine: their counts, whether the sets agree, and the verifier's problems with any (the first few). */
function sameTilings(puzzle: Puzzle, engines: EngineName[]): { counts: number[]; same: boolean; problems: string[] } {
  const verify = createVerifier(puzzle);
  const sets = engines.map((engine) => solve(puzzle, { engine, all: true }).found);
  const keys = sets.map((found) => found.map(tilingKey).sort());
  return {
    counts: sets.map((found) => found.length),
    same: keys.every((k) => k.length === keys[0]!.length && k.every((x, i) => x === keys[0]![i])),
    problems: sets.flatMap((found) => found.map(verify).filter((p) => p.length > 0)).slice(0, 3).flat(),
  };
}

const tasks = { countVerified, expandAgreement, exactCount, uniqueCount, callEveryExport, sameTilings };
export type HeavyTasks = typeof tasks;

if (!isMainThread && parentPort && (workerData as { task?: string } | undefined)?.task) {
  const { task, args } = workerData as { task: keyof HeavyTasks; args: unknown[] };
  // (a task may be async: its result is posted when it settles)
  void Promise.resolve((tasks[task] as (...a: unknown[]) => unknown)(...args)).then((result) => parentPort!.postMessage(result));
}
