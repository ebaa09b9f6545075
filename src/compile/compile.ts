/**
 * The compile step: a checked puzzle becomes an engine problem. It takes the pieces placed before off the
 * board (placed.ts), indexes the board's cells, chooses the engine (engine-choice.ts), makes every
 * placement, works out the board's symmetries and how to break them (symmetry.ts), finds what makes a
 * solution impossible before any search (feasibility.ts), and builds the chosen engine's input
 * (engine-inputs.ts). What comes out (a PreparedSearch) is the engine and how to read its raw solutions
 * back as pieces on cells; `search/` runs it.
 */
import type { Cell } from '../geometry/cell.js';
import { extent } from '../geometry/cell.js';
import { BitboardSolver } from '../engines/bitboard.js';
import { DancingLinks } from '../engines/dlx.js';
import { FrontierCounter, MAX_FRONTIER_STATES, MAX_FRONTIER_WIDTH, frontierCounters, planFrontier } from '../engines/frontier-count.js';
import { RectanglePacker } from '../engines/rect.js';
import type { Engine, EngineName } from '../engines/types.js';
import type { BoardIndex } from '../placements/board.js';
import { indexBoard } from '../placements/board.js';
import type { Placement, PlacementTable } from '../placements/placements.js';
import { TooManyPlacementsError, generatePlacements } from '../placements/placements.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError, hasColourConstraints, isExactPacking, pieceMin, puzzleGrid, puzzleProblem, totalPieceCount } from '../puzzle/model.js';
import type { CheckedPuzzle } from '../puzzle/validate.js';
import { checkPuzzle } from '../puzzle/validate.js';
import { bitboardInput, countingInput, countingPieces, dlxInput, holdsPoints, optionalCellsOf, rectangleInput } from './engine-inputs.js';
import { cellEngine, checkCountEngine, countingReason, countingWidthLimit, countingWins, rectangleEngine, triesCounting } from './engine-choice.js';
import { colouringObstruction, deadPlacements, lookaheadDeadPlacements } from './feasibility.js';
import { InvalidOptionError } from './options.js';
import type { PrepareOptions } from './options.js';
import { restrictSymmetries, withoutPlaced } from './placed.js';
import type { SolutionSymmetry } from './symmetry.js';
import { Cover, isCanonical, isIdentity, orbitRepresentatives, planSymmetryBreaking, restrictSecond, solutionSymmetries, stabilizerSize } from './symmetry.js';

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
  /**
   * The same text for every member of a solution's symmetry class and for no other solution (the least of
   * its images' keys): for a run that wants a few solutions up to symmetry and takes the first member of
   * each class it meets (see SubtreeOptions.distinct). Read only where solutions are filtered (`needsFilter`).
   * Not set with colour constraints: a solution decodes to its pieces' cells, not their colours, so two
   * solutions that differ in colours only would have one key (the canonical filter keeps them apart).
   */
  classKey?(solution: Solution): string;
  /** Choices on the path to every solution (the pieces to place), or undefined when solutions differ in it. */
  readonly depth: number | undefined;
}

/** The compile step for a puzzle not yet checked: checkPuzzle (InvalidPuzzleError), then compilePuzzle. */
export function prepareSearch(puzzle: Puzzle, options: PrepareOptions = {}): PreparedSearch {
  return compilePuzzle(checkPuzzle(puzzle), options);
}

/**
 * A checked puzzle as an engine problem (see the top of this file). Throws InvalidOptionError for an
 * engine that cannot do what the options ask, InvalidPuzzleError for one that cannot take the puzzle.
 */
export function compilePuzzle(puzzle: CheckedPuzzle, options: PrepareOptions = {}): PreparedSearch {
  const choice = options.engine ?? 'auto';
  // The search sees the board without the pieces already placed (and those pieces' copies used up);
  // symmetry is worked out on the whole board, where a placed piece must map onto a placed piece.
  const { reduced, given } = withoutPlaced(puzzle);
  const unique = !!options.unique;
  checkCountEngine(choice, unique, !!options.countOnly);
  const impossible = reduced.board.length === 0 ? undefined : puzzleProblem(reduced);
  const fullBoard = indexBoard(puzzle.board, puzzle.dims, puzzleGrid(puzzle));
  const board = given.length > 0 ? indexBoard(reduced.board, reduced.dims, puzzleGrid(reduced)) : fullBoard;
  // counting first: it needs no symmetry; the placements it made serve the cell engines when it declines
  let table: PlacementTable | undefined;
  if (triesCounting(choice, unique, !!options.countOnly) && reduced.board.length > 0 && !impossible) {
    const counting = prepareCounting(reduced, board, choice === 'count');
    if (counting.prepared) return given.length > 0 ? withGiven(counting.prepared, puzzle, given) : counting.prepared;
    table = counting.table;
  }
  const useSymmetry = unique || !!options.expandSymmetry;
  const fullSyms = useSymmetry ? solutionSymmetries(puzzle, fullBoard, options.symmetry ?? 'all') : [];
  const syms = given.length > 0 ? restrictSymmetries(fullSyms, puzzle, fullBoard, reduced, board) : fullSyms;
  // (the rect engine asked for a puzzle it cannot take is refused even when no search is needed)
  const rectangles = rectangleEngine(reduced, choice);
  let prepared: PreparedSearch;
  if (reduced.board.length === 0 || impossible) {
    prepared = prepareSettled(reduced, impossible);
  } else if (rectangles) {
    prepared = prepareRectangles(reduced, board, syms, rectangles.reason, unique);
  } else {
    const engine = cellEngine(reduced, choice);
    prepared = prepareCells(reduced, board, syms, engine.name, engine.reason, unique, table);
  }
  if (options.symmetry === 'rotations' && prepared.symmetryNote) prepared = { ...prepared, symmetryNote: `${prepared.symmetryNote} (rotations only: mirror images told apart)` };
  return given.length > 0 ? withGiven(prepared, puzzle, given) : prepared;
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
  const spec = countingPieces(puzzle);
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
  if (holdsPoints(table.placements)) return refuse(() => 'the counting engine cannot keep pieces from crossing (the points a piece holds)', table);
  const full = countingInput(spec, board, table.placements, optionalCellsOf(puzzle, board));
  const plan = forced ? planFrontier(full) : planFrontier(full, countingWidthLimit(puzzle, counters.product));
  if (!plan) return { table }; // (a frontier too wide for counting to win)
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

/** What every kind of prepared search shares: filtering by a symmetry subgroup and expanding classes. */
function withSymmetry(
  base: Pick<PreparedSearch, 'puzzle' | 'engine' | 'engineReason' | 'unique' | 'impossible' | 'decode'> & { symmetryNote?: string },
  board: BoardIndex,
  group: readonly SolutionSymmetry[],
  expand: boolean,
  /** The solution as symmetry sees it: types and placements, never which copy lies where. */
  coverOf: (raw: Int32Array) => Cover,
  /**
   * The symmetries to filter a raw solution by (empty: accept it). When classes are expanded (a piece
   * restricted, one copy, which every symmetry maps to itself): those other than the identity that keep
   * the restricted piece's placement in the solution.
   */
  filterBy: (raw: Int32Array) => readonly SolutionSymmetry[] | undefined,
  needsFilter: boolean,
): PreparedSearch {
  const pieceNames = base.puzzle.pieces.map((p) => p.name);
  const pieceIndex = new Map(pieceNames.map((n, i) => [n, i]));
  const still = new Set(group.filter(isIdentity));
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
    ...(hasColourConstraints(base.puzzle) ? {} : { classKey: (solution: Solution) => classKey(solution, group, board, mapSolution) }),
    weight(raw) {
      if (!expand) return 1;
      // A symmetry that keeps the solution keeps its restricted piece's placement (the piece's one copy
      // goes to itself): only those that move nothing (the identity; a flat board's mirror through its own
      // layer) and filterBy's can, and most solutions have none of the latter (no cover made for them: a
      // tenth of 6x10's count, made one solution at a time).
      const fixing = filterBy(raw)?.filter((g) => !still.has(g));
      return group.length / (still.size + (fixing && fixing.length > 0 ? stabilizerSize(coverOf(raw), fixing) : 0));
    },
  };
}

/** Exact packings whose pieces have at most this many placements each, on average, get the look-ahead (see prepareCells). */
const FEW_PLACEMENTS_A_PIECE = 32;

function prepareCells(puzzle: Puzzle, board: BoardIndex, syms: SolutionSymmetry[], engineName: EngineName, engineReason: string, unique: boolean, made?: PlacementTable): PreparedSearch {
  const table = made ?? generatePlacements(puzzle, board);
  // The bitboard engine places the restricted piece first, then the other constrained pieces. The work is
  // then about the kept placements of the restricted piece times the placements of the others: restricting
  // a constrained piece saves its own factor. Dancing Links places nothing first (it branches on the item
  // with the fewest options): the piece with the fewest kept placements is best, none of them symmetric if
  // it can (15 tetrasticks in 5x5 without H: I kept on 3 asymmetric placements of 24, against X on 3 of
  // 16, 2 of them symmetric, 243 million updates against 558 million). So does the bitboard engine on
  // sticks, whose pieces hold points (the same puzzle: I restricted and placed first, then X, 5.4 million
  // nodes; X restricted and placed first, 41 million; likewise without J, L, N or Y).
  const constrained = constrainedPieces(puzzle, table);
  const weighs = engineName === 'bitboard' && table.pointCount === 0;
  const weight = (piece: number): number => (weighs && constrained.includes(piece) ? 1 / table.byPiece[piece]!.length : 1);
  let plan = syms.length > 1 ? planSymmetryBreaking(puzzle, table.placements, syms, weight, optionalCellsOf(puzzle, board)) : undefined;
  // Expanding classes only pays when a piece can be restricted; filtering every solution would not, nor
  // does weighing each one's images when only the placements over one cell are (L-trominoes in 9x9: 6x
  // fewer nodes, but 1.2 M solutions counted 0.9 -> 1.9 s)
  if (plan && !unique && plan.piece < 0) plan = undefined;
  // The engine sees only the kept placements (those of the symmetry plan that can be in a solution);
  // `fullIndex` maps its numbers back to the table.
  const exact = isExactPacking(puzzle);
  const walls = exact ? deadPlacements(puzzle, board, table) : undefined;
  // a piece that fits nowhere is fatal only when it must be used; the colouring argument needs every
  // cell covered and every piece used
  const emptyPiece = puzzle.pieces.findIndex((p, i) => pieceMin(p) > 0 && table.byPiece[i]!.length === 0);
  const walledIn = walls ? puzzle.pieces.findIndex((_, i) => allMarked(table.byPiece[i]!, walls)) : -1;
  // then, where cells may stay empty or pieces stay out, the look-ahead (it takes most placements out of
  // burrs in a frame and pieces chosen from ranges, and next to none from most exact packings, whose own
  // search finds the same dead ends at once), on the placements the engine would see: the symmetry plan's
  // choice included, since it may starve others of the restricted piece's placements that the plan set
  // aside. Exact packings get it too when their pieces have few placements each: big pieces on a fine grid,
  // where its sets are a few words long and a placement taken out saves a costly node (BurrTools' Hexsticks,
  // 15 placements a piece: 120 of 180 go, 18,370 nodes against 57,780, the whole count 0.36 s against 0.50;
  // soma, 98 a piece, would lose 161 of 688 for 7 ms of a cold start and not one node)
  const dead = walls ?? new Uint8Array(table.placements.length);
  if (plan) for (let i = 0; i < dead.length; i++) if (plan.keep[i] !== 1) dead[i] = 1;
  const fewEach = table.placements.length <= FEW_PLACEMENTS_A_PIECE * totalPieceCount(puzzle);
  if (!exact || fewEach) lookaheadDeadPlacements(puzzle, board, table, dead);
  const starved = puzzle.pieces.findIndex((p, i) => pieceMin(p) > 0 && allMarked(table.byPiece[i]!, dead));
  // (plain loops over the placements here: this runs once, before the JIT has warmed up)
  const keptIndex: number[] = [];
  const kept: Placement[] = [];
  for (let i = 0; i < dead.length; i++) {
    if (dead[i]) continue;
    keptIndex.push(i);
    kept.push(table.placements[i]!);
  }
  const fullIndex = Int32Array.from(keptIndex);
  const impossible = emptyPiece >= 0
    ? `piece '${puzzle.pieces[emptyPiece]!.name}' fits nowhere on the board`
    : walledIn >= 0
      ? `every placement of piece '${puzzle.pieces[walledIn]!.name}' walls off a region that the other pieces cannot fill`
      : starved >= 0
        ? `no placement of piece '${puzzle.pieces[starved]!.name}' leaves the others room: with it down, some cell or some piece has nowhere left to go`
        : exact ? colouringObstruction(puzzle, board, table) : undefined;
  const restricted = plan && plan.piece >= 0 ? plan.piece : -1;
  const firstPieces = restricted >= 0 ? [restricted, ...constrained.filter((i) => i !== restricted)] : constrained;
  // under the restricted piece's symmetric placements, a second piece is restricted too (SecondRestriction)
  const secondPiece = plan ? pieceRestrictedSecond(puzzle, engineName, firstPieces, restricted, table, dead) : -1;
  const second = plan && secondPiece >= 0 ? restrictSecond(plan, table.placements, secondPiece, dead) : undefined;
  const secondKept = second ? { piece: second.piece, under: inEngineNumbers(second.keptWith, fullIndex, dead.length) } : undefined;
  const engine = makeCellEngine(engineName, puzzle, board, kept, firstPieces, table.pointCells, secondKept);
  const filterAll = plan !== undefined && plan.piece < 0 && !plan.overCell;
  const placementsOver = plan?.overCell ? placementsByCell(kept, board.cells.length) : undefined;
  // one cover, refilled for each solution (symmetry reads it and keeps nothing)
  const cover = new Cover(board.cells.length);
  const coloured = kept.some((p) => p.colours !== undefined);
  const coverOf = (raw: Int32Array): Cover => cover.set(raw.length, (k) => kept[raw[k]!]!.piece, (k) => kept[raw[k]!]!.cells, coloured ? (k) => kept[raw[k]!]!.colours : undefined);
  const decode = (raw: Int32Array): Solution => ({
    placements: Array.from(raw, (r) => {
      const p = kept[r]!;
      return { piece: puzzle.pieces[p.piece]!.name, cells: Array.from(p.cells, (c) => board.cells[c]!) };
    }),
  });
  const secondNote = second
    ? `; under ${second.keptWith.size} of them, piece ${puzzle.pieces[second.piece]!.name} restricted to its orbits under their symmetries`
    : '';
  const note = plan ? `${plan.description}${secondNote}${unique ? '' : '; each solution found stands for its whole class'}` : undefined;
  return withSymmetry(
    { puzzle, engine, engineReason, unique, impossible, decode, ...(note ? { symmetryNote: note } : {}) },
    board,
    plan ? syms : [],
    plan !== undefined && !unique,
    coverOf,
    (raw) => {
      if (!plan) return undefined;
      if (filterAll) return plan.group;
      if (plan.overCell) return plan.overCell.admissible(placementsOver!(raw));
      for (const r of raw) {
        const first = fullIndex[r]!;
        const stab = plan.stabilizers.get(first);
        if (!stab) continue;
        // the second piece restricted too: the symmetries that also fix its placement (none: no filter)
        const fixing = second?.stabilizers.get(first);
        if (!fixing) return stab;
        for (const q of raw) if (kept[q]!.piece === second!.piece) return fixing.get(fullIndex[q]!) ?? [];
        return stab;
      }
      return undefined;
    },
    plan !== undefined && (filterAll || plan.overCell !== undefined || plan.stabilizers.size > 0),
  );
}

/** The least key among a solution's images under `group` (PreparedSearch.classKey). */
function classKey(solution: Solution, group: readonly SolutionSymmetry[], board: BoardIndex, mapSolution: (s: Solution, g: SolutionSymmetry) => Solution): string {
  const key = (s: Solution): string =>
    s.placements.map((p) => `${p.piece}:${p.cells.map((c) => board.indexOf(c)).sort((a, b) => a - b).join(',')}`).sort().join(';');
  let least = key(solution);
  for (const g of group) {
    const k = key(mapSolution(solution, g));
    if (k < least) least = k;
  }
  return least;
}

/** True when every placement of `list` is marked (mark[k] === 1). */
function allMarked(list: readonly number[], mark: Uint8Array): boolean {
  for (let j = 0; j < list.length; j++) if (mark[list[j]!] !== 1) return false;
  return true;
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

/** Lists of table placements (`byFirst`'s keys and values) in the engine's numbers: `fullIndex` maps those to the table's. */
function inEngineNumbers(byFirst: ReadonlyMap<number, readonly number[]>, fullIndex: Int32Array, tableSize: number): Map<number, number[]> {
  const number = new Int32Array(tableSize).fill(-1);
  fullIndex.forEach((full, i) => { number[full] = i; });
  return new Map(Array.from(byFirst, ([first, list]) => [number[first]!, list.map((q) => number[q]!)]));
}

/**
 * For a raw solution, the placement over each board cell (SymmetryBreaking.overCell reads it under each
 * symmetry): one table filled once a solution, a cell another solution filled being stale.
 */
function placementsByCell(kept: readonly Placement[], cellCount: number): (raw: Int32Array) => (cell: number) => Placement | undefined {
  const placedOver = new Int32Array(cellCount);
  const placedStamp = new Int32Array(cellCount);
  let solutionStamp = 0;
  return (raw) => {
    if (++solutionStamp === 0x7fffffff) {
      placedStamp.fill(0);
      solutionStamp = 1;
    }
    const stamp = solutionStamp;
    for (const r of raw) for (const c of kept[r]!.cells) { placedOver[c] = r; placedStamp[c] = stamp; }
    return (cell) => (placedStamp[cell] === stamp ? kept[placedOver[cell]!] : undefined);
  };
}

/**
 * The piece restricted second (see SecondRestriction), or -1. The bitboard engine restricts the piece it
 * places second, on the level below the first: its branches there are filtered. Dancing Links restricts
 * the piece with the fewest placements left (one copy, used), by options that exclude each other.
 */
function pieceRestrictedSecond(puzzle: Puzzle, engineName: EngineName, firstPieces: readonly number[], restricted: number, table: PlacementTable, dead: Uint8Array): number {
  if (restricted < 0) return -1;
  if (engineName === 'bitboard') return firstPieces.length >= 2 ? firstPieces[1]! : -1;
  const live = table.byPiece.map((list) => list.reduce((n, i) => n + (dead[i] ? 0 : 1), 0));
  let best = -1;
  puzzle.pieces.forEach((p, i) => {
    if (i !== restricted && p.count === 1 && pieceMin(p) === 1 && live[i]! > 0 && (best < 0 || live[i]! < live[best]!)) best = i;
  });
  return best;
}

function makeCellEngine(
  name: EngineName,
  puzzle: Puzzle,
  board: BoardIndex,
  placements: readonly Placement[],
  firstPieces: readonly number[],
  pointCells: readonly Cell[] | undefined,
  /** The second piece's placements kept under placements of the first (the engine's numbers), if restricted. */
  second: { readonly piece: number; readonly under: ReadonlyMap<number, readonly number[]> } | undefined,
): Engine {
  if (name === 'dlx') {
    // (the placements of the second piece not kept under a placement of the first exclude it)
    const exclusions = second && new Map(Array.from(second.under, ([first, list]) => {
      const keptSet = new Set(list);
      const excluded: number[] = [];
      placements.forEach((p, i) => {
        if (p.piece === second.piece && !keptSet.has(i)) excluded.push(i);
      });
      return [first, excluded] as const;
    }));
    return new DancingLinks(dlxInput(puzzle, board, placements, exclusions));
  }
  if (name === 'bitboard') return new BitboardSolver({ ...bitboardInput(puzzle, board, placements, firstPieces, pointCells), ...(second ? { secondKept: second.under } : {}) });
  throw new InvalidPuzzleError(`the ${name} engine does not solve polyomino puzzles`);
}

/**
 * Rectangles: symmetry is broken by keeping the largest single piece on placements that are least, as
 * (y, x, w, h), among their images under the board's symmetries; where a kept placement is its own image
 * under some symmetries, solutions are filtered by canonical form under those.
 */
function prepareRectangles(puzzle: Puzzle, board: BoardIndex, syms: SolutionSymmetry[], engineReason: string, unique: boolean): PreparedSearch {
  const [width] = extent(puzzle.board);
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
  const engine = new RectanglePacker(rectangleInput(puzzle, restricted >= 0
    ? { piece: restricted, allowed: (x: number, y: number, w: number, h: number) => others.every((g) => before([y, x, w, h], image(g, x, y, w, h)) <= 0) }
    : undefined));
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
