/**
 * Hints for a half-done board: a puzzle whose `placed` pieces are already on the board. Whether it can
 * still be completed and in how many ways (up to a bound), which placed pieces to take off when it cannot,
 * and otherwise the next piece to put down and where; also where one piece can go, and a few pieces of
 * one completion.
 *
 * Everything is answered with the ordinary search (`prepareSearch` and `runPrepared`): one enumeration of
 * the completions, up to `max` + 1 of them. When that is not all of them, the places of the pieces (their
 * placements that belong to some completion) come from a longer enumeration, and where that does not end
 * either, from first-solution searches of the puzzle with one more piece placed; the pieces to take off
 * come from first-solution searches with pieces taken off `placed`. Those extra searches work within a
 * budget, so that a hint never runs away on a large puzzle, and a result says when the budget cut an
 * answer short.
 */
import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import { generatePlacements } from '../placements/placements.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError, pieceMin } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import { wellFormedProblem } from '../puzzle/validate.js';
import { check, InvalidOptionError } from '../search/options.js';
import type { PreparedSearch } from '../compile/compile.js';
import { prepareSearch } from '../compile/compile.js';
import type { EngineChoice } from '../compile/options.js';
import { ENGINE_CHOICES } from '../compile/options.js';
import { withoutPlaced } from '../compile/placed.js';
import { runPrepared } from '../search/solve.js';

/** Completions counted at most when `max` is not given. */
export const DEFAULT_HINT_MAX = 1000;

/**
 * Work each extra task (the search for pieces to take off, the places of the hinted piece, the places of
 * `piece`) may do when `budget` is not given, in search nodes: about a second on the catalog's puzzles.
 */
export const DEFAULT_HINT_BUDGET = 1_000_000;

/**
 * What preparing one extra search costs, in nodes per placement of the puzzle: building an engine takes
 * about as long per placement as the search takes for five nodes.
 */
const PREPARE_COST_PER_PLACEMENT = 5;

/** The share of a budget that the search of more completions may use past `max` when `explore` is not given. */
export const DEFAULT_HINT_EXPLORE = 0.5;

export interface HintOptions {
  /** Count completions up to this many (default 1000); past it, `complete` is false. */
  readonly max?: number;
  /** Also list where this piece can go (`places`). */
  readonly piece?: string;
  /** Also give this many pieces of one completion (`reveal`). */
  readonly reveal?: number;
  /** Work allowed to each extra task, in search nodes (see DEFAULT_HINT_BUDGET). */
  readonly budget?: number;
  /**
   * Past `max`, the share of the budget (0 to 1, default 0.5) spent on finding more completions before
   * placements are tried one by one (0: none, every unknown placement is tried).
   */
  readonly explore?: number;
  readonly engine?: EngineChoice;
}

/**
 * Why this placement is the hint:
 * - `shared`: every completion has this piece here;
 * - `fewest`: the piece has the fewest places left (places: its placements that belong to some completion),
 *   and this is the place in the most completions counted;
 * - `sampled`: there are more completions than `max` and the budget ran out before the places of every
 *   candidate piece were known: the piece with the fewest places among the completions found.
 */
export type HintReason = 'shared' | 'fewest' | 'sampled';

export interface Hint {
  readonly piece: string;
  /** In reading order. */
  readonly cells: readonly Cell[];
  readonly why: HintReason;
  /** The places the piece has left (for `sampled`, among the completions found). */
  readonly places: number;
}

export interface PiecePlaces {
  readonly piece: string;
  /** Each place (a placement of the piece that belongs to some completion), cells in reading order. */
  readonly places: readonly (readonly Cell[])[];
  /** False when the budget ran out before every placement of the piece was tried: there may be more. */
  readonly complete: boolean;
}

export interface HintResult {
  /** True when the board can still be completed. */
  readonly solvable: boolean;
  /** Completions counted: all of them when `complete`, else `max` (there are more). */
  readonly completions: number;
  readonly complete: boolean;
  /** The next piece to put down; null when the board cannot be completed or is already full. */
  readonly hint: Hint | null;
  /**
   * Placed pieces to take off so that the board can be completed again: empty when it can be completed
   * now; null when taking off every placed piece would not help either (or when the budget ran out
   * before taking off all of them was tried).
   */
  readonly remove: readonly PlacedPiece[] | null;
  /**
   * True when `remove` is a smallest such set (every smaller set was tried); false when the budget ran out
   * first (`remove` is then every placed piece, which is known to help, or null).
   */
  readonly removeSmallest: boolean;
  /** With `piece`: where that piece can go. */
  readonly places?: PiecePlaces;
  /** With `reveal`: that many pieces of one completion (fewer when fewer are left to place), in reading order. */
  readonly reveal?: readonly PlacedPiece[];
}

/** One placement seen in the completions: how many completions have it, and when it was first seen. */
interface Seen {
  readonly piece: string;
  readonly cells: Cell[];
  completions: number;
  readonly order: number;
}

/** The completions counted: each placement (pieces placed before left out) with its number of completions. */
interface Survey {
  readonly found: number;
  readonly complete: boolean;
  readonly first: Solution | undefined;
  readonly seen: Map<string, Seen>;
}

const placementKey = (piece: string, cells: readonly Cell[]): string => `${piece}\u0000${cells.map(cellKey).sort().join(' ')}`;
const readingOrder = (cells: readonly Cell[]): Cell[] => [...cells].sort(compareCells);

/** Placements compared by their cells in reading order (the sorted cell lists, lexicographically). */
function comparePlaces(a: readonly Cell[], b: readonly Cell[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = compareCells(a[i]!, b[i]!);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** The puzzle with these pieces on the board (in `placed`), and no `placed` key when there are none. */
function withPlacedPieces(puzzle: Puzzle, placed: readonly PlacedPiece[]): Puzzle {
  const { placed: _old, ...rest } = puzzle;
  return placed.length > 0 ? { ...rest, placed: placed.map((p) => ({ piece: p.piece, cells: p.cells })) } : rest;
}

/**
 * Work shared by the searches of one task: each search is charged for preparing its engine and for its
 * nodes, and is stopped (through its abort signal) when the budget runs out.
 */
class WorkBudget {
  constructor(
    private left: number,
    private readonly prepareCost: number,
    private readonly engine: EngineChoice | undefined,
  ) {}

  /** True or false when the search ended, undefined when the budget ran out first. */
  solvable(puzzle: Puzzle): boolean | undefined {
    if (this.left <= 0) return undefined;
    const result = this.run(puzzle, this.left, (prepared, limits) => runPrepared(prepared, { limit: 1, keep: false, ...limits }));
    if (result.solutions > 0) return true;
    return result.complete ? false : undefined;
  }

  /**
   * As many completions as `share` of the budget left finds (complete when that is all of them): far more
   * placements known per unit of work than trying placements one by one.
   */
  explore(puzzle: Puzzle, share: number): Survey {
    return this.run(puzzle, this.left * share, (prepared, limits) => surveyPrepared(prepared, Infinity, limits));
  }

  private run<R extends { nodes: number }>(puzzle: Puzzle, allowance: number, search: (prepared: PreparedSearch, limits: SearchLimits) => R): R {
    this.left -= this.prepareCost;
    const most = Math.max(0, allowance - this.prepareCost);
    const controller = new AbortController();
    const prepared = prepareSearch(puzzle, { expandSymmetry: true, ...(this.engine ? { engine: this.engine } : {}) });
    const result = search(prepared, {
      signal: controller.signal,
      onTick: (nodes) => {
        if (nodes > most) controller.abort();
      },
    });
    this.left -= result.nodes;
    return result;
  }
}

/** How a search is stopped early: the abort signal, aborted from the engine's periodic tick. */
interface SearchLimits {
  readonly signal: AbortSignal;
  readonly onTick: (nodes: number) => void;
}

function checkHintOptions(puzzle: Puzzle, options: HintOptions): void {
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError('the options must be an object');
  check.integer('max', options.max, 1, Infinity);
  check.integer('reveal', options.reveal, 0, Infinity);
  check.integer('budget', options.budget, 1, Infinity);
  if (options.explore !== undefined && !(typeof options.explore === 'number' && options.explore >= 0 && options.explore <= 1)) {
    throw new InvalidOptionError('option explore must be a number from 0 to 1');
  }
  if (options.engine !== undefined && !(ENGINE_CHOICES as readonly unknown[]).includes(options.engine)) {
    throw new InvalidOptionError(`option engine must be one of ${ENGINE_CHOICES.map((e) => `'${e}'`).join(', ')}`);
  }
  if (options.piece !== undefined) {
    if (typeof options.piece !== 'string') throw new InvalidOptionError('option piece must be the name of a piece');
    if (!puzzle.pieces.some((p) => p.name === options.piece)) {
      const names = puzzle.pieces.map((p) => printable(p.name, 40));
      const list = names.length > 12 ? `${names.slice(0, 12).join(', ')}, ...` : names.join(', ');
      throw new InvalidOptionError(`there is no piece '${printable(options.piece, 40)}' in the puzzle (its pieces: ${list})`);
    }
  }
}

/**
 * Enumerates completions, up to `limit`, recording each placement (the placed pieces left out) with its
 * number of completions. Each solution found stands for its symmetry class, expanded into it (on a board
 * with symmetry, several times fewer nodes).
 */
function surveyPrepared(prepared: PreparedSearch, limit: number, limits?: SearchLimits): Survey & { nodes: number } {
  const seen = new Map<string, Seen>();
  let found = 0;
  let first: Solution | undefined;
  const result = runPrepared(prepared, {
    limit,
    keep: false,
    ...limits,
    onSolution: (solution) => {
      found++;
      first ??= solution;
      for (const p of solution.placements) {
        if (p.given) continue;
        const key = placementKey(p.piece, p.cells);
        const known = seen.get(key);
        if (known) known.completions++;
        else seen.set(key, { piece: p.piece, cells: readingOrder(p.cells), completions: 1, order: seen.size });
      }
    },
  });
  return { found, complete: result.complete, first, seen, nodes: result.nodes };
}

/** The completions, up to max + 1 of them (one more than max tells whether there are more than max). */
function survey(puzzle: Puzzle, max: number, engine: EngineChoice | undefined): Survey {
  const counted = surveyPrepared(prepareSearch(puzzle, { expandSymmetry: true, ...(engine ? { engine } : {}) }), max + 1);
  return { ...counted, complete: counted.complete && counted.found <= max };
}

/** Each piece's places among the completions counted, in the order the pieces are listed. */
function placesByPiece(puzzle: Puzzle, seen: Map<string, Seen>): Map<string, Seen[]> {
  const byPiece = new Map<string, Seen[]>(puzzle.pieces.map((p) => [p.name, []]));
  for (const s of seen.values()) byPiece.get(s.piece)!.push(s);
  return byPiece;
}

/** The place in the most completions counted (the first seen among equals). */
function likeliest(places: readonly Seen[]): Seen {
  return places.reduce((best, s) => (s.completions > best.completions || (s.completions === best.completions && s.order < best.order) ? s : best));
}

/**
 * The hint from every completion: a placement they all share (the first in reading order), else the
 * piece with the fewest places (the first listed among equals) at its place in the most completions.
 */
function hintFromAll(puzzle: Puzzle, survey: Survey): Hint | null {
  const all = [...survey.seen.values()];
  const shared = all.filter((s) => s.completions === survey.found).sort((a, b) => comparePlaces(a.cells, b.cells));
  const byPiece = placesByPiece(puzzle, survey.seen);
  if (shared.length > 0) {
    const s = shared[0]!;
    return { piece: s.piece, cells: s.cells, why: 'shared', places: byPiece.get(s.piece)!.length };
  }
  return fewestAmong(byPiece, 'fewest');
}

/** The piece with the fewest places in `byPiece` (the first listed among equals), at its likeliest place. */
function fewestAmong(byPiece: Map<string, Seen[]>, why: HintReason): Hint | null {
  let best: Seen[] | undefined;
  for (const places of byPiece.values()) if (places.length > 0 && (!best || places.length < best.length)) best = places;
  if (!best) return null;
  const s = likeliest(best);
  return { piece: s.piece, cells: s.cells, why, places: best.length };
}

/**
 * Every placement of each piece left to place that fits the board: the candidates for places when the
 * completions are too many to list, and the cost of preparing a search (by the number of placements).
 */
function fittingPlacements(puzzle: Puzzle): { byPiece: Map<string, Cell[][]>; count: number } {
  const { reduced } = withoutPlaced(puzzle);
  const byPiece = new Map<string, Cell[][]>();
  if (reduced.board.length === 0) return { byPiece, count: 0 };
  const table = generatePlacements(reduced);
  reduced.pieces.forEach((p, i) => {
    byPiece.set(p.name, table.byPiece[i]!.map((k) => readingOrder(Array.from(table.placements[k]!.cells, (c) => table.board.cells[c]!))));
  });
  return { byPiece, count: table.placements.length };
}

/**
 * The places of one piece: its fitting placements that are in a completion counted, or with which the
 * board can still be completed. Stops early, returning undefined, once it has found `enough` places; a
 * result with complete false when the budget ran out.
 */
function placesOf(puzzle: Puzzle, piece: string, fitting: readonly Cell[][], seen: Map<string, Seen>, budget: WorkBudget, enough = Infinity): { places: Cell[][]; complete: boolean } | undefined {
  const known = fitting.filter((cells) => seen.has(placementKey(piece, cells)));
  if (known.length >= enough) return undefined;
  const places = [...known];
  const placed = puzzle.placed ?? [];
  for (const cells of fitting) {
    if (seen.has(placementKey(piece, cells))) continue;
    const fits = budget.solvable(withPlacedPieces(puzzle, [...placed, { piece, cells }]));
    if (fits === undefined) return { places: places.sort(comparePlaces), complete: false };
    if (fits) places.push(cells);
    if (places.length >= enough) return undefined;
  }
  return { places: places.sort(comparePlaces), complete: true };
}

/**
 * The hint when not every completion is known: the piece with the fewest places (the first listed among
 * equals, as with every completion known), found exactly by trying placements one by one. A piece has at
 * least as many places as the completions found show it in, so pieces are tried by that number, fewest
 * first; a piece that cannot beat the best so far is skipped, and a piece's trial stops once it has as
 * many places. A required piece with k copies left and k places has them all in every completion: the
 * hint is then `shared`. When the budget runs out, the hint comes from the completions found (`sampled`).
 */
function hintFromPlaces(puzzle: Puzzle, sample: Survey, fitting: Map<string, Cell[][]>, budget: WorkBudget): Hint | null {
  const { reduced } = withoutPlaced(puzzle);
  const counted = placesByPiece(puzzle, sample.seen);
  const listed = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  const order = reduced.pieces
    .map((p) => ({ piece: p, index: listed.get(p.name)!, fitting: fitting.get(p.name) ?? [], atLeast: counted.get(p.name)!.length }))
    .filter((c) => c.fitting.length > 0)
    .sort((a, b) => a.atLeast - b.atLeast || a.index - b.index);
  let best: { name: string; index: number; places: Cell[][]; required: number } | undefined;
  for (const c of order) {
    // to win, fewer places than the best, or as many and listed before it
    const enough = best ? best.places.length + (c.index < best.index ? 1 : 0) : Infinity;
    if (c.atLeast >= enough) continue;
    const found = placesOf(puzzle, c.piece.name, c.fitting, sample.seen, budget, enough);
    if (!found) continue;
    if (!found.complete) return fewestAmong(counted, 'sampled');
    if (found.places.length > 0) best = { name: c.piece.name, index: c.index, places: found.places, required: pieceMin(c.piece) };
  }
  if (!best) return null;
  // the place in the most completions found (a sample of them all), else the first
  const inSample = best.places.map((cells) => sample.seen.get(placementKey(best!.name, cells))).filter((s): s is Seen => s !== undefined);
  const cells = inSample.length > 0 ? likeliest(inSample).cells : best.places[0]!;
  const shared = best.required >= 1 && best.places.length === best.required;
  return { piece: best.name, cells, why: shared ? 'shared' : 'fewest', places: best.places.length };
}

/**
 * A smallest set of placed pieces whose removal lets the board be completed: sets by increasing size,
 * each size in the order of `placed`. Taking off every placed piece is tried first: when that does not
 * help, nothing does (a completion of a board with fewer pieces placed would complete the empty one too).
 */
function findRemoval(puzzle: Puzzle, budget: WorkBudget): { remove: PlacedPiece[] | null; smallest: boolean } {
  const placed = puzzle.placed ?? [];
  if (placed.length === 0) return { remove: null, smallest: true };
  const keeping = (drop: readonly number[]): Puzzle => withPlacedPieces(puzzle, placed.filter((_, i) => !drop.includes(i)));
  const everything = budget.solvable(keeping(placed.map((_, i) => i)));
  if (everything !== true) return { remove: null, smallest: everything === false };
  for (let size = 1; size < placed.length; size++) {
    for (const drop of combinations(placed.length, size)) {
      const fits = budget.solvable(keeping(drop));
      if (fits === true) return { remove: drop.map((i) => placed[i]!), smallest: true };
      if (fits === undefined) return { remove: [...placed], smallest: false };
    }
  }
  return { remove: [...placed], smallest: true };
}

/** The k-element subsets of 0..n-1, in lexicographic order. */
function* combinations(n: number, k: number): Generator<number[]> {
  const pick = Array.from({ length: k }, (_, i) => i);
  while (true) {
    yield [...pick];
    let i = k - 1;
    while (i >= 0 && pick[i] === n - k + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let j = i + 1; j < k; j++) pick[j] = pick[j - 1]! + 1;
  }
}

/**
 * A hint for a half-done board (the puzzle's `placed` pieces): see HintResult. Throws InvalidPuzzleError
 * for a puzzle that is not well formed and InvalidOptionError for an option out of range (an unknown
 * `piece`, a negative `reveal`), before any search.
 */
export function hint(puzzle: Puzzle, options: HintOptions = {}): HintResult {
  const problem = wellFormedProblem(puzzle);
  if (problem) throw new InvalidPuzzleError(problem);
  checkHintOptions(puzzle, options);
  const max = options.max ?? DEFAULT_HINT_MAX;
  const budgetSize = options.budget ?? DEFAULT_HINT_BUDGET;
  const counted = survey(puzzle, max, options.engine);
  const solvable = counted.found > 0;
  const completions = Math.min(counted.found, max);
  // the fitting placements are needed only when the completions are too many to list, or for the cost of a search
  let fitting: { byPiece: Map<string, Cell[][]>; count: number } | undefined;
  const fittingNow = (): { byPiece: Map<string, Cell[][]>; count: number } => (fitting ??= fittingPlacements(puzzle));
  // the extra searches mostly have pieces placed, which the rectangle engine does not take: they pick their own
  const extraEngine = options.engine === 'rect' ? undefined : options.engine;
  const newBudget = (): WorkBudget => new WorkBudget(budgetSize, Math.max(1000, PREPARE_COST_PER_PLACEMENT * fittingNow().count), extraEngine);

  let hinted: Hint | null = null;
  let remove: PlacedPiece[] | null = [];
  let removeSmallest = true;
  // Past max, a search of more completions (within a share of a budget) knows far more places per unit
  // of work than trials of single placements; when it finds them all, no trial is needed.
  let all: Survey | undefined = counted.complete ? counted : undefined;
  let sample = counted;
  const share = options.explore ?? DEFAULT_HINT_EXPLORE;
  if (solvable && !all && share > 0) {
    const explored = newBudget().explore(puzzle, share);
    if (explored.complete) all = explored;
    else if (explored.found > sample.found) sample = explored;
  }
  if (!solvable) ({ remove, smallest: removeSmallest } = findRemoval(puzzle, newBudget()));
  else if (all) hinted = hintFromAll(puzzle, all);
  else hinted = hintFromPlaces(puzzle, sample, fittingNow().byPiece, newBudget());

  let places: PiecePlaces | undefined;
  if (options.piece !== undefined) {
    const piece = options.piece;
    if (!solvable) {
      places = { piece, places: [], complete: true };
    } else if (all) {
      const mine = placesByPiece(puzzle, all.seen).get(piece)!;
      places = { piece, places: mine.map((s) => s.cells).sort(comparePlaces), complete: true };
    } else {
      places = { piece, ...placesOf(puzzle, piece, fittingNow().byPiece.get(piece) ?? [], sample.seen, newBudget())! };
    }
  }

  let reveal: PlacedPiece[] | undefined;
  if (options.reveal !== undefined) {
    const left = (counted.first?.placements ?? []).filter((p) => !p.given).map((p) => ({ piece: p.piece, cells: readingOrder(p.cells) }));
    reveal = left.sort((a, b) => comparePlaces(a.cells, b.cells)).slice(0, options.reveal);
  }

  return {
    solvable,
    completions,
    complete: counted.complete,
    hint: hinted,
    remove,
    removeSmallest,
    ...(places ? { places } : {}),
    ...(reveal ? { reveal } : {}),
  };
}
