import type { Cell } from '../geometry/cell.js';
import { cellKey, extent, isBox } from '../geometry/cell.js';
import { BitboardSolver } from '../engines/bitboard.js';
import { DancingLinks } from '../engines/dlx.js';
import type { FrontierPlan } from '../engines/frontier-count.js';
import { FrontierCounter, MAX_FRONTIER_STATES, MAX_FRONTIER_WIDTH, frontierCounters, planFrontier } from '../engines/frontier-count.js';
import { RectanglePacker } from '../engines/rect.js';
import type { Engine, EngineName } from '../engines/types.js';
import type { BoardIndex } from '../placements/board.js';
import { indexBoard } from '../placements/board.js';
import type { Placement, PlacementTable } from '../placements/placements.js';
import { TooManyPlacementsError, generatePlacements } from '../placements/placements.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError, isExactPacking, pieceMin, puzzleGrid, puzzleProblem, totalPieceCount } from '../puzzle/model.js';
import { checkPuzzle } from '../puzzle/validate.js';
import { colouringObstruction, deadPlacements } from './feasibility.js';
import { InvalidOptionError } from './options.js';
import type { SolutionSymmetry, SymmetryChoice } from './symmetry.js';
import { Cover, isCanonical, orbitRepresentatives, planSymmetryBreaking, solutionSymmetries, stabilizerSize } from './symmetry.js';

export type EngineChoice = 'auto' | EngineName;
export const ENGINE_CHOICES: readonly EngineChoice[] = ['auto', 'bitboard', 'dlx', 'rect', 'count'];

export interface PrepareOptions {
  /** Which engine; 'auto' (the default) picks one and says why. */
  readonly engine?: EngineChoice;
  /** One solution per class of solutions that the board's symmetries map onto each other. */
  readonly unique?: boolean;
  /** Which symmetries classes are taken under: all of the board's (default), or its rotations only. */
  readonly symmetry?: SymmetryChoice;
  /**
   * For runs that want every solution: search one representative per symmetry class and expand each into
   * its class (the search is then about as small as --unique's). Ignored with `unique`.
   */
  readonly expandSymmetry?: boolean;
  /**
   * The search only counts every solution, in one piece (no list, no limit, no shards or checkpoints):
   * the counting engine may count it (`auto` picks it where it wins), and only then may it be chosen.
   */
  readonly countOnly?: boolean;
}

/**
 * A puzzle turned into an engine problem: the engine, and how to read its raw solutions back as pieces on
 * cells. Everything here is deterministic, so a worker thread that prepares the same puzzle with the same
 * options gets the same engine and the same choice codes.
 */
export interface PreparedSearch {
  readonly puzzle: Puzzle;
  readonly engine: Engine;
  readonly engineReason: string;
  readonly unique: boolean;
  /** Number of board symmetries that map solutions to solutions (1 when symmetry is not used). */
  readonly groupSize: number;
  /** How symmetry is used, for --stats. */
  readonly symmetryNote?: string;
  /** Set when no solution can exist, found before any search: the reason. */
  readonly impossible?: string;
  /** True when some raw solutions are rejected by `accept` (another member of their class is reported). */
  readonly needsFilter: boolean;
  /** True when each accepted raw solution stands for its whole symmetry class (see `images`). */
  readonly expand: boolean;
  accept(raw: Int32Array): boolean;
  decode(raw: Int32Array): Solution;
  /** The distinct members of the raw solution's symmetry class, starting with decode(raw) (only when `expand`). */
  images(raw: Int32Array): Solution[];
  /** How many solutions the raw solution stands for: its class size when `expand`, else 1. */
  weight(raw: Int32Array): number;
  /** Choices on the path to every solution (the pieces to place), or undefined when solutions differ in it. */
  readonly depth: number | undefined;
}

export function prepareSearch(puzzle: Puzzle, options: PrepareOptions = {}): PreparedSearch {
  checkPuzzle(puzzle);
  const choice = options.engine ?? 'auto';
  // The search sees the board without the pieces already placed (and those pieces' copies used up);
  // symmetry is worked out on the whole board, where a placed piece must map onto a placed piece.
  const { reduced, given } = withoutPlaced(puzzle);
  const unique = !!options.unique;
  if (choice === 'count' && (unique || !options.countOnly)) {
    throw new InvalidOptionError(unique
      ? 'the count engine counts every solution, not one per symmetry class: drop --unique, or use another engine'
      : 'the count engine only counts (--count, or countOnly): it finds no solution to show; use another engine');
  }
  const impossible = reduced.board.length === 0 ? undefined : puzzleProblem(reduced);
  const fullBoard = indexBoard(puzzle.board, puzzle.dims, puzzleGrid(puzzle));
  const board = given.length > 0 ? indexBoard(reduced.board, reduced.dims, puzzleGrid(reduced)) : fullBoard;
  // counting first: it needs no symmetry; the placements it made serve the cell engines when it declines
  let table: PlacementTable | undefined;
  if ((choice === 'count' || (choice === 'auto' && options.countOnly && !unique)) && reduced.board.length > 0 && !impossible) {
    const counting = prepareCounting(reduced, board, choice === 'count');
    if (counting.prepared) return given.length > 0 ? withGiven(counting.prepared, puzzle, given) : counting.prepared;
    table = counting.table;
  }
  const useSymmetry = unique || !!options.expandSymmetry;
  const fullSyms = useSymmetry ? solutionSymmetries(puzzle, fullBoard, options.symmetry ?? 'all') : [];
  const syms = given.length > 0 ? restrictSymmetries(fullSyms, puzzle, fullBoard, reduced, board) : fullSyms;
  // the skyline search knows flat square boards with edges that stay edges
  const rectangles = puzzleGrid(reduced).cellShape === 'box' && reduced.dims === 2 && !reduced.wrap && isExactPacking(reduced) && isBox(reduced.board) &&
    reduced.pieces.every((p) => isBox(p.shape) && p.rotate !== false && !p.orientations);
  if (choice === 'rect' && !rectangles) {
    throw new InvalidPuzzleError('the rect engine needs a rectangular board to fill exactly with rectangles that may turn (and no pieces placed before)');
  }
  let prepared: PreparedSearch;
  if (reduced.board.length === 0 || impossible) {
    prepared = prepareSettled(reduced, impossible);
  } else if (choice === 'rect' || (choice === 'auto' && rectangles)) {
    const reason = choice === 'auto' ? 'every piece and the board are rectangles: skyline search from the top-left corner' : 'chosen with --engine';
    prepared = prepareRectangles(reduced, board, syms, reason, unique);
  } else {
    // Spheres touch 12 others: filling the first empty cell branches far more than choosing the most
    // constrained cell, as Dancing Links does (the Kanoodle pyramid: 69 M nodes against 0.65 M, 3.3x slower)
    const wide = puzzleGrid(reduced).wideBranching;
    const engineName = choice === 'auto' ? (wide ? 'dlx' : 'bitboard') : choice;
    const reason = choice !== 'auto' ? 'chosen with --engine'
      : wide ? `${wide}: Dancing Links, branching on the most constrained cell or piece`
      : isExactPacking(reduced) ? 'polyomino/polycube pieces: bitboards, first empty cell, dead-region pruning'
      : 'polyomino/polycube pieces: bitboards, first empty cell, dead-region pruning, leaving cells empty or pieces out within budgets';
    prepared = prepareCells(reduced, board, syms, engineName, reason, unique, table);
  }
  if (options.symmetry === 'rotations' && prepared.symmetryNote) prepared = { ...prepared, symmetryNote: `${prepared.symmetryNote} (rotations only: mirror images told apart)` };
  return given.length > 0 ? withGiven(prepared, puzzle, given) : prepared;
}

/**
 * The puzzle as the search sees it: the pieces already placed taken off with their cells (each used up
 * one copy, and one of `use`), so that a board with placed pieces is a smaller board; and those pieces,
 * marked given, to put back into every solution.
 */
export function withoutPlaced(puzzle: Puzzle): { reduced: Puzzle; given: PlacedPiece[] } {
  const placed = puzzle.placed ?? [];
  if (placed.length === 0) return { reduced: puzzle, given: [] };
  const taken = new Set(placed.flatMap((p) => p.cells.map(cellKey)));
  const used = new Map<string, number>();
  for (const p of placed) used.set(p.piece, (used.get(p.piece) ?? 0) + 1);
  const pieces = puzzle.pieces
    .map((p) => {
      const n = used.get(p.name) ?? 0;
      if (n === 0) return p;
      const { min: _min, ...rest } = p;
      const min = Math.max(0, pieceMin(p) - n);
      return { ...rest, count: p.count - n, ...(min !== p.count - n ? { min } : {}) };
    })
    .filter((p) => p.count > 0);
  const { placed: _placed, use, optional, ...rest } = puzzle;
  const left = optional?.filter((c) => !taken.has(cellKey(c)));
  const reduced: Puzzle = {
    ...rest,
    board: puzzle.board.filter((c) => !taken.has(cellKey(c))),
    pieces,
    ...(left && left.length > 0 ? { optional: left } : {}),
    ...(use !== undefined ? { use: use - placed.length } : {}),
  };
  return { reduced, given: placed.map((p) => ({ piece: p.piece, cells: p.cells, given: true })) };
}

/**
 * The symmetries of the whole board (each maps the placed pieces onto themselves, so the rest of the
 * board onto itself) as permutations of the reduced board's cells and pieces.
 */
function restrictSymmetries(syms: readonly SolutionSymmetry[], full: Puzzle, fullBoard: BoardIndex, reduced: Puzzle, board: BoardIndex): SolutionSymmetry[] {
  const reducedIndex = new Map(reduced.pieces.map((p, i) => [p.name, i]));
  return syms.map((s) => {
    const cellMap = Int32Array.from(board.cells, (c) => board.indexOf(fullBoard.cells[s.cellMap[fullBoard.indexOf(c)]!]!));
    const cellFrom = new Int32Array(cellMap.length);
    cellMap.forEach((to, from) => { cellFrom[to] = from; });
    const pieceMap = Int32Array.from(reduced.pieces, (p) => reducedIndex.get(full.pieces[s.pieceMap[full.pieces.findIndex((q) => q.name === p.name)]!]!.name)!);
    return { transform: s.transform, cellMap, cellFrom, pieceMap };
  });
}

/** A prepared search whose solutions carry the pieces placed before, marked given. */
function withGiven(prepared: PreparedSearch, puzzle: Puzzle, given: readonly PlacedPiece[]): PreparedSearch {
  const complete = (s: Solution): Solution => ({ placements: [...given, ...s.placements] });
  return {
    ...prepared,
    puzzle,
    decode: (raw) => complete(prepared.decode(raw)),
    images: (raw) => prepared.images(raw).map(complete),
  };
}

/**
 * A puzzle settled before any search: no cell left to fill (the pieces already placed cover the board: one
 * solution, the empty completion), or no solution possible (the reason).
 */
function prepareSettled(puzzle: Puzzle, impossible: string | undefined): PreparedSearch {
  const engine: Engine = {
    name: 'bitboard',
    search: (options = {}) => {
      const solutions = impossible === undefined && (options.prefix?.length ?? 0) === 0 ? 1 : 0;
      if (solutions > 0) options.onSolution?.(new Int32Array(0));
      return { solutions, nodes: 0, updates: 0, complete: true };
    },
    branches: () => [],
  };
  return {
    puzzle,
    engine,
    engineReason: impossible ? 'no search needed: no solution can exist' : 'no search needed: the pieces already placed cover the board',
    unique: false,
    groupSize: 1,
    ...(impossible ? { impossible } : {}),
    needsFilter: false,
    expand: false,
    depth: 0,
    accept: () => true,
    decode: () => ({ placements: [] }),
    images: () => [{ placements: [] }],
    weight: () => 1,
  };
}

/**
 * The counting engine's search (frontier-count.ts): when it is forced (`engine: 'count'`, refused with the
 * reason when it cannot count this puzzle), or when `auto` finds that it wins (countingWins); else
 * undefined. It counts every solution and lists none: no symmetry, no decoding.
 */
function prepareCounting(puzzle: Puzzle, board: BoardIndex, forced: boolean): { prepared?: PreparedSearch; table?: PlacementTable } {
  // (the reason is written only when it is shown: its numbers would load ICU's number formats, see FrontierPlan)
  const refuse = (why: () => string, table?: PlacementTable): { table?: PlacementTable } => {
    if (forced) throw new InvalidOptionError(`${why()}; use another engine`);
    return table ? { table } : {};
  };
  const spec = {
    cellCount: puzzle.board.length,
    pieceCounts: puzzle.pieces.map((p) => p.count),
    pieceMinimums: puzzle.pieces.map(pieceMin),
    pieceSizes: puzzle.pieces.map((p) => p.shape.length),
    ...(puzzle.use !== undefined ? { totalPieces: puzzle.use } : {}),
  };
  // the counters alone can be too many (many pieces of one copy each): known before any placement is made
  const counters = frontierCounters(spec);
  if (counters.product > MAX_FRONTIER_STATES) {
    return refuse(() => `the counting engine keeps count of the copies used of each piece, and this puzzle's ${puzzle.pieces.length} pieces need more than ${MAX_FRONTIER_STATES.toLocaleString('en-US')} states for that alone`);
  }
  // a piece of k cells spans at least k ranks in any scan: big pieces (Calibron's rectangles) are
  // refused here, before their placements are made
  const largest = Math.max(...spec.pieceSizes);
  if (largest > MAX_FRONTIER_WIDTH || counters.product * 2 ** (largest - 1) > MAX_FRONTIER_STATES) {
    return refuse(() => `the counting engine scans the board with a frontier at least as long as the largest piece (${largest} cells): too wide for its limit of ${MAX_FRONTIER_STATES.toLocaleString('en-US')} states`);
  }
  let table: PlacementTable;
  try {
    table = generatePlacements(puzzle, board);
  } catch (e) {
    if (!forced && e instanceof TooManyPlacementsError) return {};
    throw e;
  }
  const optionalCells = (puzzle.optional ?? []).map((c) => board.indexOf(c)).filter((i) => i >= 0);
  const full = { ...spec, coords: board.cells, placements: table.placements, ...(optionalCells.length > 0 ? { optionalCells } : {}) };
  const plan = planFrontier(full);
  if (plan.unsupported) return refuse(plan.unsupported, table);
  if (!forced && !countingWins(puzzle, plan)) return { table };
  const engine = new FrontierCounter(full, plan);
  const reason = forced ? 'chosen with --engine' : `${countingReason(plan)}: counted without listing the solutions`;
  const prepared: PreparedSearch = {
    puzzle,
    engine,
    engineReason: reason,
    unique: false,
    groupSize: 1,
    symmetryNote: `not used: the counting engine counts every solution at once (a frontier of ${plan.width} cells, at most ${plan.stateBound} states)`,
    needsFilter: false,
    expand: false,
    depth: undefined,
    accept: () => true,
    decode: () => {
      throw new RangeError('the counting engine lists no solutions');
    },
    images: () => [],
    weight: () => 1,
  };
  return { prepared };
}

function countingReason(plan: FrontierPlan): string {
  return `many copies of few pieces: dynamic programming over the frontier of a scan (${plan.width} cells wide, at most ${plan.stateBound} states)`;
}

/**
 * Where `auto` counts with the counting engine rather than enumerating (with `countOnly`, without
 * `unique`, and only where it can count at all: a frontier of at most 31 cells and 2^21 states). Its
 * work is about the states it keeps, one step per cell, whatever the number of solutions; enumeration's
 * is at least the number of solutions. Measured in process on this machine (2 shared cores; first run of
 * each, so compilation is included; states = states expanded over all steps; bitboard nodes):
 *
 * | puzzle                                | solutions   | count engine        | bitboard engine           |
 * | dominoes 4x4                          | 36          | 1.0 ms (69 states)  | 11 ms (144 nodes)         |
 * | dominoes 6x6                          | 6,728       | 1.7 ms (526)        | 47 ms (32 k)              |
 * | dominoes 8x8                          | 12,988,816  | 1.3 ms (3,360)      | 3.8 s (72 M)              |
 * | dominoes 10x10                        | 2.6e11      | 22 ms (19 k)        | over 20 s                 |
 * | L-trominoes 9x9                       | 1,193,600   | 2.1 ms (14 k)       | 5.1 s (56 M)              |
 * | T-tetrominoes 4x4, 8x8                | 2, 84       | 0.3, 1.0 ms         | 2.1, 22 ms                |
 * | dominoes and monominoes 5x6 (ranges)  | 65,805,403  | 8.9 ms (748)        | 13 s (180 M)              |
 * | dominoes 3x3x4                        | 117,805     | 0.6 ms (2,807)      | 68 ms (517 k)             |
 * | tetrahexes-7x4 (7 pieces, one each)   | 18          | 3.5 ms (14 k)       | 30 ms (1,355 nodes)       |
 * | calissons-3 (27 diamonds)             | 980         | 0.8 ms (730)        | 35 ms (9,546)             |
 *
 * It won every row where it can count at all: the pieces with copies make the solutions grow
 * exponentially with the board while the states stay bounded by the frontier. Without copies, the
 * solutions are few and a narrow state bound (2^18, the tetrahexes' 262,144) is where it still won;
 * wider puzzles of single pieces (Soma: a 22-cell frontier) it cannot count within its limit anyway.
 */
function countingWins(puzzle: Puzzle, plan: FrontierPlan): boolean {
  return puzzle.pieces.some((p) => p.count > 1) || plan.stateBound <= 2 ** 18;
}

/** What every kind of prepared search shares: filtering by a symmetry subgroup and expanding classes. */
function withSymmetry(
  base: Pick<PreparedSearch, 'puzzle' | 'engine' | 'engineReason' | 'unique' | 'impossible' | 'decode'> & { symmetryNote?: string },
  board: BoardIndex,
  group: readonly SolutionSymmetry[],
  expand: boolean,
  /** The solution as symmetry sees it: types and placements, never which copy lies where. */
  coverOf: (raw: Int32Array) => Cover,
  /** The symmetries to filter a raw solution by (empty: accept it). */
  filterBy: (raw: Int32Array) => readonly SolutionSymmetry[] | undefined,
  needsFilter: boolean,
): PreparedSearch {
  const pieceNames = base.puzzle.pieces.map((p) => p.name);
  const pieceIndex = new Map(pieceNames.map((n, i) => [n, i]));
  const mapSolution = (s: Solution, g: SolutionSymmetry): Solution => ({
    placements: s.placements.map((p) => ({
      piece: pieceNames[g.pieceMap[pieceIndex.get(p.piece)!]!]!,
      cells: p.cells.map((c) => board.cells[g.cellMap[board.indexOf(c)]!]!),
    })),
  });
  return {
    ...base,
    needsFilter,
    expand,
    depth: isExactPacking(base.puzzle) ? totalPieceCount(base.puzzle) : undefined,
    groupSize: Math.max(1, group.length),
    accept(raw) {
      if (!needsFilter) return true;
      const syms = filterBy(raw);
      return !syms || syms.length === 0 || isCanonical(coverOf(raw), syms);
    },
    images(raw) {
      const first = base.decode(raw);
      if (!expand) return [first];
      return orbitRepresentatives(coverOf(raw), group).map((g, i) => (i === 0 ? first : mapSolution(first, g)));
    },
    weight(raw) {
      return expand ? group.length / stabilizerSize(coverOf(raw), group) : 1;
    },
  };
}

function prepareCells(puzzle: Puzzle, board: BoardIndex, syms: SolutionSymmetry[], engineName: EngineName, engineReason: string, unique: boolean, made?: PlacementTable): PreparedSearch {
  const table = made ?? generatePlacements(puzzle, board);
  // The restricted piece goes first, then the other constrained pieces. The work is then about the kept
  // placements of the restricted piece times the placements of the others: restricting a constrained
  // piece saves its own factor.
  const constrained = constrainedPieces(puzzle, table);
  const weight = (piece: number): number => (constrained.includes(piece) ? 1 / table.byPiece[piece]!.length : 1);
  let plan = syms.length > 1 ? planSymmetryBreaking(puzzle, table.placements, syms, weight) : undefined;
  // Expanding classes only pays when a piece can be restricted; filtering every solution would not.
  if (plan && !unique && plan.piece < 0) plan = undefined;
  // The engine sees only the kept placements (those of the symmetry plan that can be in a solution);
  // `fullIndex` maps its numbers back to the table.
  const exact = isExactPacking(puzzle);
  const dead = exact ? deadPlacements(puzzle, board, table) : undefined;
  const fullIndex = Int32Array.from(table.placements.keys()).filter((i) => (!plan || plan.keep[i] === 1) && !dead?.[i]);
  const kept = Array.from(fullIndex, (i) => table.placements[i]!);
  // a piece that fits nowhere is fatal only when it must be used; the colouring argument needs every
  // cell covered and every piece used
  const emptyPiece = puzzle.pieces.findIndex((p, i) => pieceMin(p) > 0 && table.byPiece[i]!.length === 0);
  const walledIn = dead ? puzzle.pieces.findIndex((_, i) => table.byPiece[i]!.every((k) => dead[k] === 1)) : -1;
  const impossible = emptyPiece >= 0
    ? `piece '${puzzle.pieces[emptyPiece]!.name}' fits nowhere on the board`
    : walledIn >= 0
      ? `every placement of piece '${puzzle.pieces[walledIn]!.name}' walls off a region that the other pieces cannot fill`
      : exact ? colouringObstruction(puzzle, board, table) : undefined;
  const restricted = plan && plan.piece >= 0 ? plan.piece : -1;
  const firstPieces = restricted >= 0 ? [restricted, ...constrained.filter((i) => i !== restricted)] : constrained;
  const engine = makeCellEngine(engineName, puzzle, board, kept, firstPieces);
  const filterAll = plan !== undefined && plan.piece < 0;
  // one cover, refilled for each solution (symmetry reads it and keeps nothing)
  const cover = new Cover(board.cells.length);
  const coverOf = (raw: Int32Array): Cover => cover.set(raw.length, (k) => kept[raw[k]!]!.piece, (k) => kept[raw[k]!]!.cells);
  const decode = (raw: Int32Array): Solution => ({
    placements: Array.from(raw, (r) => {
      const p = kept[r]!;
      return { piece: puzzle.pieces[p.piece]!.name, cells: Array.from(p.cells, (c) => board.cells[c]!) };
    }),
  });
  const note = plan ? `${plan.description}${unique ? '' : '; each solution found stands for its whole class'}` : undefined;
  return withSymmetry(
    { puzzle, engine, engineReason, unique, impossible, decode, ...(note ? { symmetryNote: note } : {}) },
    board,
    plan ? syms : [],
    plan !== undefined && !unique,
    coverOf,
    (raw) => {
      if (!plan) return undefined;
      if (filterAll) return plan.group;
      for (const r of raw) {
        const stab = plan.stabilizers.get(fullIndex[r]!);
        if (stab) return stab;
      }
      return undefined;
    },
    plan !== undefined && (filterAll || plan.stabilizers.size > 0),
  );
}

/**
 * The pieces with far fewer placements than the average piece (a quarter or less), fewest first: the
 * bitboard engine places them before it starts filling the first empty cell (fail first: in the 3x4x5
 * pentacube box, X and then I, with 40 and 12 placements against about 200, make the tree several times
 * smaller). Pieces with copies are left to the cell search, which never tells copies apart.
 */
function constrainedPieces(puzzle: Puzzle, table: PlacementTable): number[] {
  const average = table.placements.length / puzzle.pieces.length;
  const count = (i: number): number => table.byPiece[i]!.length;
  return puzzle.pieces
    .map((_, i) => i)
    .filter((i) => puzzle.pieces[i]!.count === 1 && pieceMin(puzzle.pieces[i]!) === 1 && count(i) <= average / 4)
    .sort((a, b) => count(a) - count(b) || a - b);
}

function makeCellEngine(name: EngineName, puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[], firstPieces: readonly number[]): Engine {
  const optionalCells = (puzzle.optional ?? []).map((c) => board.indexOf(c)).filter((i) => i >= 0);
  if (name === 'dlx') return isExactPacking(puzzle) ? exactCoverOf(puzzle, board, placements) : generalCoverOf(puzzle, board, placements, optionalCells);
  if (name === 'bitboard') {
    return new BitboardSolver({
      cellCount: board.cells.length,
      coords: board.cells,
      neighbours: board.neighbours,
      pieceCounts: puzzle.pieces.map((p) => p.count),
      pieceSizes: puzzle.pieces.map((p) => p.shape.length),
      placements,
      firstPieces,
      ...(optionalCells.length > 0 ? { optionalCells } : {}),
      pieceMinimums: puzzle.pieces.map(pieceMin),
      ...(puzzle.use !== undefined ? { totalPieces: { min: puzzle.use, max: puzzle.use } } : {}),
    });
  }
  throw new InvalidPuzzleError(`the ${name} engine does not solve polyomino puzzles`);
}

/**
 * An exact packing as exact cover. Items: board cells, then pieces. A piece with one copy is a primary
 * item (used exactly once, and MRV may branch on it); a piece with several is a secondary item with that
 * capacity (every copy is used anyway: the cells' area leaves no room for fewer).
 */
function exactCoverOf(puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[]): Engine {
  const n = board.cells.length;
  const single = puzzle.pieces.map((p) => p.count === 1);
  const primaryPieces = single.filter(Boolean).length;
  const itemOf = new Int32Array(puzzle.pieces.length);
  let nextPrimary = n;
  let nextSecondary = n + primaryPieces;
  single.forEach((s, i) => { itemOf[i] = s ? nextPrimary++ : nextSecondary++; });
  const capacities = puzzle.pieces.filter((p) => p.count > 1).map((p) => p.count);
  return new DancingLinks({
    primaryCount: n + primaryPieces,
    secondaryCount: capacities.length,
    capacities,
    options: placements.map((p) => [...p.cells, itemOf[p.piece]!]),
  });
}

/**
 * Optional cells, ranges and `use` as exact cover with multiplicities (Knuth's Algorithm M). Primary
 * items: the cells that must be covered [1, 1], each piece [min, max], and when `use` is set one item
 * [use, use] that every option covers (so exactly `use` options are chosen). Secondary items: the
 * optional cells, each covered at most once.
 */
function generalCoverOf(puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[], optionalCells: readonly number[]): Engine {
  const n = board.cells.length;
  const optional = new Set(optionalCells);
  const itemOfCell = new Int32Array(n);
  let primary = 0;
  for (let c = 0; c < n; c++) if (!optional.has(c)) itemOfCell[c] = primary++;
  const bounds: [number, number][] = Array.from({ length: primary }, () => [1, 1] as [number, number]);
  const pieceItem = puzzle.pieces.map((p) => {
    bounds.push([pieceMin(p), p.count]);
    return primary++;
  });
  const useItem = puzzle.use !== undefined ? primary++ : -1;
  if (useItem >= 0) bounds.push([puzzle.use!, puzzle.use!]);
  let secondary = 0;
  for (const c of optionalCells) itemOfCell[c] = primary + secondary++;
  return new DancingLinks({
    primaryCount: primary,
    bounds,
    secondaryCount: secondary,
    options: placements.map((p) => {
      const items = [...Array.from(p.cells, (c) => itemOfCell[c]!), pieceItem[p.piece]!];
      if (useItem >= 0) items.push(useItem);
      return items;
    }),
  });
}

/**
 * Rectangles: symmetry is broken by keeping the largest single piece on placements that are least, as
 * (y, x, w, h), among their images under the board's symmetries; where a kept placement is its own image
 * under some symmetries, solutions are filtered by canonical form under those.
 */
function prepareRectangles(puzzle: Puzzle, board: BoardIndex, syms: SolutionSymmetry[], engineReason: string, unique: boolean): PreparedSearch {
  const [width, height] = extent(puzzle.board);
  const origin = board.cells[0]!;
  const group = syms.length > 1 ? syms : [];
  const others = group.slice(1);
  const areas = puzzle.pieces.map((p) => (p.count === 1 ? p.shape.length : 0));
  const restricted = group.length > 0 && Math.max(...areas) > 0 ? areas.indexOf(Math.max(...areas)) : -1;
  const cellAt = (x: number, y: number): number => y * width + x;
  /** The rectangle (y, x, w, h) that a symmetry maps (x, y, w, h) to. */
  const image = (g: SolutionSymmetry, x: number, y: number, w: number, h: number): [number, number, number, number] => {
    const a = board.cells[g.cellMap[cellAt(x, y)]!]!;
    const b = board.cells[g.cellMap[cellAt(x + w - 1, y + h - 1)]!]!;
    const x0 = Math.min(a[0], b[0]) - origin[0];
    const y0 = Math.min(a[1], b[1]) - origin[1];
    return [y0, x0, Math.abs(a[0] - b[0]) + 1, Math.abs(a[1] - b[1]) + 1];
  };
  const before = (p: readonly number[], q: readonly number[]): number => p[0]! - q[0]! || p[1]! - q[1]! || p[2]! - q[2]! || p[3]! - q[3]!;
  const engine = new RectanglePacker({
    width, height,
    pieces: puzzle.pieces.map((p) => {
      const [w, h] = extent(p.shape);
      return { w, h, count: p.count };
    }),
    ...(restricted >= 0
      ? { restrict: { piece: restricted, allowed: (x: number, y: number, w: number, h: number) => others.every((g) => before([y, x, w, h], image(g, x, y, w, h)) <= 0) } }
      : {}),
  });
  const eachPlaced = (raw: Int32Array, f: (piece: number, x: number, y: number, w: number, h: number) => void): void => {
    for (let k = 0; k < raw.length; k += 5) f(raw[k]!, raw[k + 1]!, raw[k + 2]!, raw[k + 3]!, raw[k + 4]!);
  };
  const rectCells = (k: number, raw: Int32Array): number[] => {
    const [x0, y0, w, h] = [raw[5 * k + 1]!, raw[5 * k + 2]!, raw[5 * k + 3]!, raw[5 * k + 4]!];
    const cells: number[] = [];
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push(cellAt(x, y));
    return cells;
  };
  const cover = new Cover(board.cells.length);
  const coverOf = (raw: Int32Array): Cover => cover.set(raw.length / 5, (k) => raw[5 * k]!, (k) => rectCells(k, raw));
  const decode = (raw: Int32Array): Solution => {
    const placements: { piece: string; cells: Cell[] }[] = [];
    eachPlaced(raw, (piece, x0, y0, w, h) => {
      const cells: Cell[] = [];
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push([origin[0] + x, origin[1] + y, 0]);
      placements.push({ piece: puzzle.pieces[piece]!.name, cells });
    });
    return { placements };
  };
  const note = restricted >= 0
    ? `${group.length} symmetries; piece ${puzzle.pieces[restricted]!.name} kept on the least of its images${unique ? '' : '; each solution found stands for its whole class'}`
    : unique && others.length > 0 ? `${group.length} symmetries; each solution filtered by canonical form` : undefined;
  return withSymmetry(
    { puzzle, engine, engineReason, unique, decode, ...(note ? { symmetryNote: note } : {}) },
    board,
    restricted >= 0 || unique ? group : [],
    restricted >= 0 && !unique,
    coverOf,
    (raw) => {
      if (restricted < 0) return others;
      let fixing: SolutionSymmetry[] = [];
      eachPlaced(raw, (piece, x, y, w, h) => {
        if (piece === restricted) fixing = others.filter((g) => before([y, x, w, h], image(g, x, y, w, h)) === 0);
      });
      return fixing;
    },
    restricted >= 0 || (unique && others.length > 0),
  );
}
