/**
 * The library's public boundary (index.ts) checks what a program passes before any work: each exported
 * function and class is wrapped here with the kinds of its parameters, so that a wrong argument is the
 * library's typed error in one line (InvalidPuzzleError for a puzzle, InvalidOptionError for anything
 * else), naming the function and the parameter, never a TypeError from deep inside or an engine's typed
 * array written out of its bounds. The stages behind the boundary call each other directly and trust
 * their arguments: the checks cost nothing inside the library.
 *
 * A check says what a value must be ("must be a cell [x, y, z] of whole numbers") or nothing when it is
 * right. Structures that only the library makes (a prepared search, an engine, a disassembly) are checked
 * for the fields the function reads, not rebuilt.
 */
import { InvalidOptionError } from './compile/options.js';
import { InvalidPuzzleError } from './puzzle/model.js';
import { shownValue } from './puzzle/printable.js';
import { isCoordinate, wellFormedProblem } from './puzzle/validate.js';
import type { AnswerSolution } from './puzzle/answer-cells.js';
import type { Solution } from './puzzle/model.js';
import { modelSolution } from './puzzle/answer-cells.js';

/** What a value must be, or undefined when it is that. */
export type Check = (value: unknown) => string | undefined;

/** A parameter: its name as the docs write it, its check, whether it may be left out. */
interface Param {
  readonly name: string;
  readonly check: Check;
  readonly optional?: boolean;
  /** A puzzle: a bad one is an InvalidPuzzleError. */
  readonly puzzle?: boolean;
  /** What the function is given in the argument's place, once it has passed its check. */
  readonly convert?: (value: never) => unknown;
}

const shown = (value: unknown): string => shownValue(value, 40);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isArrayLike = (v: unknown): v is ArrayLike<unknown> => Array.isArray(v) || ArrayBuffer.isView(v);

// ---- checks -------------------------------------------------------------------------------------------

export const anything: Check = () => undefined;

export const int = (min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Check => (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? undefined
    : `must be a whole number${min > -Number.MAX_SAFE_INTEGER ? ` from ${min}` : ''}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`;

export const text: Check = (v) => (typeof v === 'string' ? undefined : 'must be text');
export const bool: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');
export const bytes: Check = (v) => (v instanceof Uint8Array ? undefined : "must be a file's bytes (a Uint8Array)");
export const dims: Check = (v) => (v === 2 || v === 3 ? undefined : 'must be 2 or 3');
export const oneOf = (...values: readonly unknown[]): Check => (v) => (values.includes(v) ? undefined : `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);

export const cell: Check = (v) => (Array.isArray(v) && v.length === 3 && v.every(isCoordinate) ? undefined : 'must be a cell [x, y, z] of whole numbers');

/** A list whose every item passes `item`; `nonEmpty` refuses an empty one. */
export const list = (item: Check, what: string, nonEmpty = false): Check => (v) => {
  if (!Array.isArray(v) || (nonEmpty && v.length === 0)) return `must be a${nonEmpty ? ' non-empty' : ''} list of ${what}`;
  for (const [i, x] of v.entries()) {
    const bad = item(x);
    if (bad) return `must be a list of ${what} (item ${i + 1} ${bad}, not ${shown(x)})`;
  }
  return undefined;
};

export const cells = (nonEmpty = false): Check => list(cell, 'cells [x, y, z] of whole numbers', nonEmpty);

/** A list or typed array of whole numbers in [min, max]. */
export const ints = (min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Check => (v) => {
  const what = `must be a list of whole numbers from ${min} to ${max}`;
  if (!isArrayLike(v)) return what;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) return what;
  }
  return undefined;
};

/** An object with these fields (each checked; a field whose check allows undefined may be missing). */
export const object = (fields: Readonly<Record<string, Check>> = {}, what = 'an object'): Check => (v) => {
  if (!isObject(v)) return `must be ${what}`;
  for (const [key, check] of Object.entries(fields)) {
    const bad = check(v[key]);
    if (bad) return `must be ${what} whose ${key} ${bad}`;
  }
  return undefined;
};

/** Left out, or passing `check`. */
export const maybe = (check: Check): Check => (v) => (v === undefined ? undefined : check(v));

export const fn: Check = (v) => (typeof v === 'function' ? undefined : 'must be a function');

export const transform: Check = object({ matrix: list(int(), 'numbers'), reflects: bool, apply: fn }, 'a transform (from symmetries or allowedTransforms)');

/** A cell of a solution: [x, y] on a flat grid (as the library's answers give it) or [x, y, z]. */
const solutionCell: Check = (v) => (Array.isArray(v) && (v.length === 2 || v.length === 3) && v.every(isCoordinate) ? undefined : 'must be a cell [x, y] or [x, y, z] of whole numbers');

/** A solution as the library gives it (puzzle/answer-cells.ts): the function is given it with [x, y, z] cells. */
export const solution: Check = object({
  placements: list(object({ piece: text, cells: list(solutionCell, 'cells [x, y] or [x, y, z] of whole numbers', true) }, 'a placement { piece, cells }'), 'placements { piece, cells }'),
}, 'a solution { placements: [{ piece, cells }] }');

export const level: Check = list(int(0), 'whole numbers of moves');

/**
 * A puzzle as the readers make it (well formed: see wellFormedProblem). Each puzzle object is checked once:
 * a program that verifies a million solutions of one puzzle does not check the puzzle a million times (one
 * changed in place after its check is the program's own doing).
 */
const wellFormed = new WeakSet<object>();
export const puzzle: Check = (v) => {
  if (typeof v === 'object' && v !== null && wellFormed.has(v)) return undefined;
  const problem = wellFormedProblem(v);
  if (!problem) wellFormed.add(v as object);
  return problem;
};

/** An options object (or nothing). */
export const options: Check = maybe(object({}, 'an options object'));

// ---- wrapping -----------------------------------------------------------------------------------------

export const param = (name: string, check: Check): Param => ({ name, check });
export const optional = (name: string, check: Check): Param => ({ name, check, optional: true });
/** A solution, handed on with [x, y, z] cells. */
export const solutionParam = (name = 'solution'): Param => ({ name, check: solution, convert: modelSolution });
/** A list of solutions, each handed on with [x, y, z] cells. */
export const solutionsParam = (name: string, optional = false): Param => ({
  name, check: list(solution, 'solutions'), optional, convert: (v: readonly AnswerSolution[]) => v.map(modelSolution),
});
export const puzzleParam = (name = 'puzzle', check: Check = puzzle): Param => ({ name, check, puzzle: true });

/** Checks each argument, and puts in its place what the function is to be given (Param.convert). */
function checkArguments(caller: string, params: readonly Param[], args: unknown[]): void {
  params.forEach((p, i) => {
    const value = args[i];
    if (p.optional && value === undefined) return;
    const problem = p.check(value);
    if (!problem) {
      if (p.convert) args[i] = p.convert(value as never);
      return;
    }
    if (p.puzzle) throw new InvalidPuzzleError(`${caller}: ${p.name === 'puzzle' ? '' : `${p.name}: `}${problem}`);
    throw new InvalidOptionError(`${caller}: ${p.name} ${problem}, not ${shown(value)}`);
  });
}

/** An argument as the library takes it: a solution (or list of them) with [x, y] cells too. */
type TakenAsAnswer<T> = T extends Solution ? AnswerSolution : T extends readonly Solution[] ? readonly AnswerSolution[] : T;
/** A function as the library offers it, where it takes solutions (solutionParam): they may have [x, y] cells. */
export type TakingAnswers<F> = F extends (...args: infer A) => infer R ? (...args: { [K in keyof A]: TakenAsAnswer<A[K]> }) => R : F;

/** The function with its arguments checked first (the same function to TypeScript). */
export function checked<F extends (...args: never[]) => unknown>(f: F, params: readonly Param[]): F {
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    checkArguments(f.name, params, args);
    return f.apply(this, args as Parameters<F>);
  };
  Object.defineProperty(wrapped, 'name', { value: f.name });
  return wrapped as unknown as F;
}

/** The class with its constructor's arguments checked first (instances are still of the class itself). */
export function checkedClass<C extends abstract new (...args: never[]) => unknown>(c: C, params: readonly Param[]): C {
  const Checked: C = new Proxy(c, {
    construct(target, args, newTarget): object {
      checkArguments(c.name, params, args);
      return Reflect.construct(target, args, newTarget === Checked ? target : newTarget) as object;
    },
  });
  return Checked;
}

// ---- the engines' inputs ------------------------------------------------------------------------------

/** Whole numbers from 0 to below `n`: cell or item numbers. */
const below = (n: number): Check => ints(0, n - 1);

/** Counts per piece, with each placement naming a piece among them and its cells among `cellCount`. */
const placementsOf = (pieces: number, cellCount: number): Check =>
  list(object({ piece: int(0, pieces - 1), cells: below(cellCount) }, 'a placement { piece, cells }'), 'placements { piece, cells }');

const MAX_ITEMS = 2 ** 26;

export const packingSpec: Check = (v) => {
  const outline = object({ cellCount: int(0, MAX_ITEMS), coords: cells(), neighbours: list(anything, 'neighbour lists'), pieceCounts: ints(0), pieceSizes: ints(1), placements: list(anything, 'placements') }, 'a packing spec { cellCount, coords, neighbours, pieceCounts, pieceSizes, placements }')(v);
  if (outline) return outline;
  const s = v as { cellCount: number; coords: unknown[]; neighbours: unknown[]; pieceCounts: ArrayLike<number>; pieceSizes: ArrayLike<number> };
  if (s.coords.length !== s.cellCount || s.neighbours.length !== s.cellCount) return `must have coords and neighbours for each of its ${s.cellCount} cells`;
  if (s.pieceSizes.length !== s.pieceCounts.length) return 'must have a size for each piece count';
  return object({ neighbours: list(below(s.cellCount), 'cell numbers'), placements: placementsOf(s.pieceCounts.length, s.cellCount) }, 'a packing spec')(v);
};

export const exactCoverSpec: Check = (v) => {
  const outline = object({ primaryCount: int(0, MAX_ITEMS), secondaryCount: maybe(int(0, MAX_ITEMS)), options: list(anything, 'options') }, 'an exact cover spec { primaryCount, options }')(v);
  if (outline) return outline;
  const s = v as { primaryCount: number; secondaryCount?: number };
  const items = s.primaryCount + (s.secondaryCount ?? 0);
  return object({
    options: list(below(items), 'item numbers'),
    bounds: maybe(list((b) => (Array.isArray(b) && b.length === 2 && !int(0)(b[0]) && !int(0)(b[1]) && b[0] <= b[1] ? undefined : 'must be [least, most]'), 'bounds [least, most]')),
    capacities: maybe(ints(0)),
  }, 'an exact cover spec')(v);
};

export const plainSpec: Check = (v) => {
  const outline = object({ cellCount: int(0, MAX_ITEMS), pieceCounts: ints(0), pieceMinimums: ints(0), placements: list(anything, 'placements') }, 'a plain spec { cellCount, placements, pieceCounts, pieceMinimums }')(v);
  if (outline) return outline;
  const s = v as { cellCount: number; pieceCounts: ArrayLike<number>; pieceMinimums: ArrayLike<number> };
  if (s.pieceMinimums.length !== s.pieceCounts.length) return 'must have a minimum for each piece count';
  return object({
    placements: list(object({ piece: int(0, s.pieceCounts.length - 1), cells: (c) => (c instanceof Int32Array ? below(s.cellCount)(c) : 'must be an Int32Array of cell numbers') }, 'a placement { piece, cells }'), 'placements { piece, cells }'),
    optionalCells: maybe(below(s.cellCount)),
    totalPieces: maybe(int(0)),
  }, 'a plain spec')(v);
};

export const rectSpec: Check = object({
  width: int(1, 1_000_000),
  height: int(1, 1_000_000),
  pieces: list(object({ w: int(1, 1_000_000), h: int(1, 1_000_000), count: int(0, MAX_ITEMS) }, 'a rectangle { w, h, count }'), 'rectangles { w, h, count }'),
  restrict: maybe(object({ piece: int(0), allowed: fn })),
}, 'a rectangle spec { width, height, pieces }');
