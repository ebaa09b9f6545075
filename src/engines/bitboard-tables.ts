/**
 * The bitboard engine's tables: everything its search reads and never writes, built once per problem by
 * pure functions of the engine's input (PackingSpec) and options (see bitboard.ts's opening comment for
 * what each table is for and the invariants the search keeps). buildTables builds them in order:
 *   pieceTable     the pieces' copies and ranges, narrowed by the bounds on the total and the area;
 *   cellOrder      the scan order, the neighbours and the optional cells in internal numbers;
 *   candidates     the placements stored at their first cell, as words;
 *   firstLevels    the placements of the pieces placed first;
 *   halos          the cells next to each candidate, after its first cell;
 *   slotTable, windowWordsFor, keyTables, windowTables (bitboard-keys.ts)   the keyed and window paths';
 *   sizeTables (bitboard-sizes.ts)   the size states, `gap`, rule (8)'s digits.
 * The record is a function of the input alone: a test may check a table without searching, and solvers of
 * the same problem may share one record (nothing writes it). The loops over every candidate and cell
 * (candidates, halos, and bitboard-keys.ts's large tables) are WebAssembly, wasm/bitboard-build.ts: they
 * run once per problem, and in JavaScript mostly in V8's interpreter, before the JIT had warmed up (some
 * 31 ms of the Tetris Cube's 64 ms of preparing, against 10 ms here).
 */
import type { KeyTables, Slots, WindowTables } from './bitboard-keys.js';
import { keyTables, slotTable, windowTables, windowWordsFor } from './bitboard-keys.js';
import type { SizeTables } from './bitboard-sizes.js';
import { sizeTables } from './bitboard-sizes.js';
import type { RegionCheck } from './bitboard-wasm.js';
import { BuildArena } from './bitboard-wasm.js';

export interface PackingSpec {
  readonly cellCount: number;
  /** Coordinates of each cell (for choosing a good cell order; x,y,z). */
  readonly coords: ReadonlyArray<readonly [number, number, number]>;
  /** Face neighbours of each cell (cell numbers). */
  readonly neighbours: ReadonlyArray<ArrayLike<number>>;
  /** Copies of each piece type, and its number of cells. */
  readonly pieceCounts: ArrayLike<number>;
  readonly pieceSizes: ArrayLike<number>;
  /** Every placement: which piece, which cells. The caller may have removed some (symmetry breaking). */
  readonly placements: ReadonlyArray<{ readonly piece: number; readonly cells: ArrayLike<number> }>;
  /**
   * Pieces (each with one copy) placed first, in this order: level i of the tree branches on the placements
   * of firstPieces[i], the levels below on the first empty cell. Placing the most constrained pieces first
   * cuts the tree several times over (the X pentomino, with 8 placements in 6x10 once symmetry is broken;
   * X and then I in the 3x4x5 pentacube box). Each must have exactly one copy, used (minimum 1).
   */
  readonly firstPieces?: readonly number[];
  /**
   * Under some placements of firstPieces[0] (the keys), the only placements of firstPieces[1] the search
   * tries: symmetry breaking's second piece (compile/symmetry.ts, SecondRestriction). Default: every one.
   */
  readonly secondKept?: ReadonlyMap<number, readonly number[]>;
  /**
   * Cells that may stay empty (BurrTools' variable cells); every other cell must be covered. Default none.
   */
  readonly optionalCells?: ArrayLike<number>;
  /**
   * The fewest copies of each piece a solution uses; pieceCounts is then the most. Default: pieceCounts
   * (every copy used).
   */
  readonly pieceMinimums?: ArrayLike<number>;
  /** Bounds on the number of pieces placed in all (min and max included). Default: no bounds. */
  readonly totalPieces?: { readonly min: number; readonly max: number };
}

/** Tuning knobs, for measurement and tests; the defaults are what paid on the classic puzzles. */
export interface BitboardOptions {
  /**
   * What the search checks after each placement (see bitboard.ts, "Dead regions"): the holes next to it
   * (the default, but where every cell is optional: nothing), every region next to it, flood-filled
   * ('fill'), or nothing. The check of the node a search starts from fills every region unless this is
   * 'none'.
   */
  readonly regions?: RegionCheck;
  /** Regions larger than this are assumed alive (default: the largest piece). */
  readonly fillLimit?: number;
  /** Regions of at most this many cells must hold a piece at their first cell (default: the largest piece). */
  readonly fitLimit?: number;
  /** Keyed paths: cells after the first empty one that select its candidates (default 8, less on big tables). */
  readonly keyBits?: number;
  /** Use the generic word-array path even when a keyed one applies. */
  readonly wide?: boolean;
  /** Use the two-word window even where one word holds every candidate (for tests and measurement). */
  readonly twoWords?: boolean;
  /**
   * Use the search for optional cells and ranges even on an exact packing (it visits the same nodes; for
   * tests and measurement).
   */
  readonly general?: boolean;
}

/** The piece types inside the engine, their copies and ranges (see "Optional cells, ranges, bounds on the total"). */
export interface PieceTable {
  /** The caller's piece types (0 .. realPieces-1). */
  readonly realPieces: number;
  /** The hole piece's number (= realPieces), -1 without optional cells: its candidates leave a cell empty. */
  readonly holePiece: number;
  /** Piece types inside: the caller's, then the hole piece when there are optional cells. */
  readonly pieceTypes: number;
  /** Copies of each piece type (the most a solution uses; for the hole piece, the optional cells). */
  readonly pieceCounts: Int32Array;
  /** The fewest copies of each of the caller's pieces a solution uses (narrowed). */
  readonly minimums: Int32Array;
  /** Cells of each piece type (1 for the hole piece). */
  readonly pieceSize: Int32Array;
  /** Copies of the caller's pieces in all. */
  readonly totalPieces: number;
  /** The bounds on the pieces placed in all, narrowed to the sums of the minimums and maximums. */
  readonly minTotal: number;
  readonly maxTotal: number;
  /** True when no count of pieces meets the bounds: nothing to search. */
  readonly impossible: boolean;
  /** Copies of a piece beyond its minimum: remaining[p] > slack[p] means p still needs copies. */
  readonly slack: Int32Array;
  /** True when the search must handle optional cells, ranges or totals (or was told to: options.general). */
  readonly general: boolean;
  /** The optional cells (the caller's numbers, each once). */
  readonly optionalCells: readonly number[];
}

/**
 * The pieces of `spec`, their ranges checked, then narrowed by the bounds on the total and the area:
 * with the others at their most, p must make up the least total, and cover what they cannot of the cells
 * to cover; with the others at their least, p may use up what is left of the most total and of the cells.
 * Repeated until nothing changes (each pass only narrows), so that a puzzle whose bounds fix every count
 * (12 pentominoes used 0..1 times, 12 in all; 4 monominoes used 0..9 times beside 12 pentominoes in 8x8)
 * is an exact packing.
 */
export function pieceTable(spec: PackingSpec, options: BitboardOptions): PieceTable {
  const n = spec.cellCount;
  const R = spec.pieceCounts.length;
  const counts = Int32Array.from(spec.pieceCounts, (c) => Math.max(0, c));
  const minimums = spec.pieceMinimums === undefined ? counts.slice() : Int32Array.from(spec.pieceMinimums);
  if (minimums.length !== R) throw new RangeError(`bitboard: ${minimums.length} piece minimums for ${R} pieces`);
  for (let p = 0; p < R; p++) {
    const least = spec.pieceMinimums?.[p];
    if (least !== undefined && !(Number.isInteger(least) && least >= 0 && least <= counts[p]!)) {
      throw new RangeError(`bitboard: piece ${p} has minimum ${least} and maximum ${counts[p]}`);
    }
  }
  const optionalCells = [...new Set(Array.from(spec.optionalCells ?? []))];
  for (const c of optionalCells) if (!(Number.isInteger(c) && c >= 0 && c < n)) throw new RangeError(`bitboard: optional cell ${c} is not on the board`);
  const bounds = spec.totalPieces;
  if (bounds && !(Number.isInteger(bounds.min) && Number.isInteger(bounds.max) && bounds.min >= 0)) {
    throw new RangeError(`bitboard: bounds on the pieces in all must be whole numbers, got ${bounds.min}..${bounds.max}`);
  }
  let minTotal = Math.max(bounds?.min ?? 0, 0);
  let maxTotal = bounds?.max ?? Infinity;
  const cover = n - optionalCells.length;
  const sizeOf = (p: number): number => Math.max(1, spec.pieceSizes[p]!);
  let crossed = false;
  const narrowable = bounds !== undefined || minimums.some((m, p) => m !== counts[p]);
  for (let changed = narrowable; changed && !crossed;) {
    changed = false;
    const most = counts.reduce((s, c) => s + c, 0);
    const least = minimums.reduce((s, c) => s + c, 0);
    let mostArea = 0;
    let leastArea = 0;
    for (let p = 0; p < R; p++) {
      mostArea += counts[p]! * sizeOf(p);
      leastArea += minimums[p]! * sizeOf(p);
    }
    minTotal = Math.max(minTotal, least);
    maxTotal = Math.min(maxTotal, most);
    if (minTotal > maxTotal || leastArea > n || mostArea < cover) break;
    for (let p = 0; p < R; p++) {
      const size = sizeOf(p);
      const othersMost = mostArea - counts[p]! * size;
      const othersLeast = leastArea - minimums[p]! * size;
      const atLeast = Math.max(minimums[p]!, counts[p]! - (most - minTotal), Math.ceil((cover - othersMost) / size));
      const atMost = Math.min(counts[p]!, minimums[p]! + (maxTotal - least), Math.floor((n - othersLeast) / size));
      if (atLeast > atMost) {
        crossed = true; // no count of p works
        break;
      }
      if (atLeast !== minimums[p] || atMost !== counts[p]) {
        minimums[p] = atLeast;
        counts[p] = atMost;
        changed = true;
      }
    }
  }
  minTotal = Math.max(minTotal, minimums.reduce((s, c) => s + c, 0));
  maxTotal = Math.min(maxTotal, counts.reduce((s, c) => s + c, 0));
  const holePiece = optionalCells.length > 0 ? R : -1;
  const P = R + (optionalCells.length > 0 ? 1 : 0);
  const pieceCounts = new Int32Array(P);
  pieceCounts.set(counts);
  if (holePiece >= 0) pieceCounts[holePiece] = optionalCells.length;
  const pieceSize = new Int32Array(P).fill(1);
  for (let p = 0; p < R; p++) pieceSize[p] = spec.pieceSizes[p]!;
  const impossible = minTotal > maxTotal || crossed;
  const slack = new Int32Array(P).fill(0x3fffffff);
  for (let p = 0; p < R; p++) slack[p] = counts[p]! - minimums[p]!;
  const ranges = minimums.some((m, p) => m !== counts[p]);
  // an exact packing: no optional cell, every count fixed (the bounds then say nothing more)
  const general = optionalCells.length > 0 || ranges || impossible || (options.general ?? false);
  return {
    realPieces: R,
    holePiece,
    pieceTypes: P,
    pieceCounts,
    minimums,
    pieceSize,
    totalPieces: counts.reduce((s, c) => s + c, 0),
    minTotal,
    maxTotal,
    impossible,
    slack,
    general,
    optionalCells,
  };
}

/** The board's cells in scan order (see "Cell order"). */
export interface CellOrder {
  /** The internal number of each of the caller's cells. */
  readonly indexOf: Int32Array;
  /** The neighbours of internal cell i: nbr[nbrStart[i] .. nbrStart[i + 1] - 1], internal numbers. */
  readonly nbrStart: Int32Array;
  readonly nbr: Int32Array;
  /** 1 for an optional cell (internal numbers). */
  readonly optional: Uint8Array;
}

/** The scan order of spec's cells (the axis of smallest extent varies fastest), with its `optionalCells`. */
export function cellOrder(spec: PackingSpec, optionalCells: readonly number[]): CellOrder {
  const n = spec.cellCount;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a]!, spec.coords[i]![a]);
      hi[a] = Math.max(hi[a]!, spec.coords[i]![a]);
    }
  }
  const axes = [2, 1, 0].sort((a, b) => hi[b]! - lo[b]! - (hi[a]! - lo[a]!)); // slowest first
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => {
    const ci = spec.coords[i]!;
    const cj = spec.coords[j]!;
    return ci[axes[0]!] - cj[axes[0]!] || ci[axes[1]!] - cj[axes[1]!] || ci[axes[2]!] - cj[axes[2]!] || i - j;
  });
  const indexOf = new Int32Array(n); // caller's cell -> internal cell
  order.forEach((e, i) => { indexOf[e] = i; });
  const nbrStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) nbrStart[i + 1] = nbrStart[i]! + spec.neighbours[order[i]!]!.length;
  const nbr = new Int32Array(nbrStart[n]!);
  for (let i = 0; i < n; i++) {
    const list = spec.neighbours[order[i]!]!;
    for (let j = 0; j < list.length; j++) nbr[nbrStart[i]! + j] = indexOf[list[j]!]!;
  }
  const optional = new Uint8Array(n);
  for (const c of optionalCells) optional[indexOf[c]!] = 1;
  return { indexOf, nbrStart, nbr, optional };
}

/** The candidates (see "Candidates" and "Words"). */
export interface Candidates {
  /** W = ceil(n / 32): the board's words. */
  readonly wordCount: number;
  /** The most words any placement reaches from the word of its first cell (at least 1). */
  readonly span: number;
  /** The most cells a placement of a piece not placed first reaches past its first, in scan order. */
  readonly reach: number;
  /** Candidates of cell c and piece p: candStart[c*P + p] .. candStart[c*P + p + 1] - 1 (n*P + 1 entries). */
  readonly candStart: Int32Array;
  /** Candidate k: `span` words candMask[k*span ..] aligned at word (first cell >> 5). */
  readonly candMask: Int32Array;
  /** The caller's placement of each candidate; -1 for the hole piece's. */
  readonly candPlacement: Int32Array;
  /** The piece type and the first cell of each candidate. */
  readonly candPiece: Int32Array;
  readonly candCell: Int32Array;
  /** Cells of each candidate, and how many of them are optional. */
  readonly candSize: Int32Array;
  readonly candOpt: Int32Array;
  /** Candidate of each caller's placement, -1 when it has none (bad cells, or a piece with no copies). */
  readonly placementCand: Int32Array;
  /** Last cell that has a candidate of each piece (-1: none). */
  readonly lastCell: Int32Array;
  /** Candidate k's cells, internal numbers, ascending: cellList[cellStart[k] .. cellStart[k + 1] - 1] (for the tables built from them). */
  readonly cellStart: Int32Array;
  readonly cellList: Int32Array;
}

/**
 * The candidates: spec's valid placements in internal cells, counting-sorted by (first cell, piece);
 * then the hole piece's, one at each optional cell (placement number -1). The loops are wasm/bitboard-build.ts's.
 */
export function candidates(spec: PackingSpec, pieces: PieceTable, order: CellOrder): Candidates {
  const n = spec.cellCount;
  const { realPieces: R, pieceTypes: P, pieceCounts, optionalCells } = pieces;
  const callers = spec.placements.length;
  const count = callers + optionalCells.length;
  let cellsInAll = optionalCells.length;
  for (let i = 0; i < callers; i++) cellsInAll += spec.placements[i]!.cells.length;
  const arena = BuildArena.open();
  // the placements as lists, the caller's then the hole piece's
  const pieceOfAt = arena.reserve(4 * count);
  const cellStartAt = arena.reserve(4 * (count + 1));
  const cellListAt = arena.reserve(4 * cellsInAll);
  {
    const pieceOf = arena.view(Int32Array, pieceOfAt, count);
    const cellStart = arena.view(Int32Array, cellStartAt, count + 1);
    const cellList = arena.view(Int32Array, cellListAt, cellsInAll);
    let at = 0;
    for (let i = 0; i < callers; i++) {
      const pl = spec.placements[i]!;
      pieceOf[i] = pl.piece;
      cellList.set(pl.cells, at);
      at += pl.cells.length;
      cellStart[i + 1] = at;
    }
    for (let j = 0; j < optionalCells.length; j++) {
      pieceOf[callers + j] = R;
      cellList[at++] = optionalCells[j]!;
      cellStart[callers + j + 1] = at;
    }
  }
  const placedFirst = new Uint8Array(P);
  for (const p of spec.firstPieces ?? []) if (p >= 0 && p < P) placedFirst[p] = 1;
  const groupAt = arena.reserve(4 * count);
  const groupStartAt = arena.reserve(4 * (n * P + 1));
  const { kernels } = arena;
  kernels.sortPlacements(count, callers, pieceOfAt, cellStartAt, cellListAt, arena.put(order.indexOf), n, P, R, arena.put(pieceCounts), arena.put(placedFirst), groupAt, groupStartAt);
  const span = kernels.builtSpan.value;
  const reach = kernels.builtReach.value;
  const candStart = arena.take(Int32Array, groupStartAt, n * P + 1);
  const m = candStart[n * P]!;
  const nextAt = arena.put(candStart.subarray(0, n * P));
  const optionalAt = arena.put(order.optional);
  const candMaskAt = arena.reserve(4 * m * span);
  const [candPlacementAt, candPieceAt, candCellAt, candSizeAt, candOptAt] = [0, 1, 2, 3, 4].map(() => arena.reserve(4 * m));
  const placementCandAt = arena.reserve(4 * callers, 0xff);
  const lastCellAt = arena.reserve(4 * P, 0xff);
  const candCellStartAt = arena.reserve(4 * (m + 1));
  const candCellsAt = arena.reserve(4 * cellsInAll);
  kernels.fillCandidates(count, callers, P, span, cellStartAt, cellListAt, optionalAt, groupAt, nextAt, candMaskAt, candPlacementAt, candPieceAt, candCellAt, candSizeAt, candOptAt,
    placementCandAt, lastCellAt, candCellStartAt, candCellsAt, m);
  const cellStart = arena.take(Int32Array, candCellStartAt, m + 1);
  return {
    wordCount: Math.ceil(n / 32),
    span,
    reach,
    candStart,
    candMask: arena.take(Int32Array, candMaskAt, m * span),
    candPlacement: arena.take(Int32Array, candPlacementAt, m),
    candPiece: arena.take(Int32Array, candPieceAt, m),
    candCell: arena.take(Int32Array, candCellAt, m),
    candSize: arena.take(Int32Array, candSizeAt, m),
    candOpt: arena.take(Int32Array, candOptAt, m),
    placementCand: arena.take(Int32Array, placementCandAt, callers),
    lastCell: arena.take(Int32Array, lastCellAt, P),
    cellStart,
    cellList: arena.take(Int32Array, candCellsAt, cellStart[m]!),
  };
}

/** The pieces placed first (see PackingSpec.firstPieces). */
export interface FirstLevels {
  /** The pieces, in their order. */
  readonly firstPieces: readonly number[];
  /** The caller's placements of each (those that are candidates). */
  readonly firstLevels: Int32Array[];
  /** Under a placement of the first piece placed first: the second's placements tried, 1 each (PackingSpec.secondKept). */
  readonly secondKept: ReadonlyMap<number, Uint8Array>;
}

/** The levels of spec's pieces placed first; throws when one of them has more than one copy or may be left out. */
export function firstLevels(spec: PackingSpec, pieces: PieceTable, cand: Candidates): FirstLevels {
  const firstPieces = [...(spec.firstPieces ?? [])];
  const levels = firstPieces.map((first) => {
    if (!(first >= 0 && first < pieces.realPieces && pieces.pieceCounts[first] === 1 && pieces.minimums[first] === 1)) throw new RangeError(`bitboard: piece ${first} cannot be placed first (one copy, used, needed)`);
    const level: number[] = [];
    for (let k = 0; k < cand.candPiece.length; k++) if (cand.candPiece[k] === first) level.push(cand.candPlacement[k]!);
    return Int32Array.from(level);
  });
  const secondKept = new Map<number, Uint8Array>();
  if (firstPieces.length >= 2) {
    for (const [first, list] of spec.secondKept ?? []) {
      const tried = new Uint8Array(spec.placements.length);
      for (const i of list) if (spec.placements[i]?.piece === firstPieces[1]) tried[i] = 1;
      secondKept.set(first, tried);
    }
  }
  return { firstPieces, firstLevels: levels, secondKept };
}

/** The halo of each candidate: the cells next to it after its first cell, ascending (see "Dead regions"). */
export interface Halos {
  /** Candidate k's halo: candHalo[haloStart[k] .. haloStart[k + 1] - 1]. */
  readonly haloStart: Int32Array;
  readonly candHalo: Int32Array;
}

/** The halos of the candidates `cand` on n cells with neighbours `order` (the loop: wasm/bitboard-build.ts's buildHalos). */
export function halos(cand: Candidates, order: CellOrder, n: number): Halos {
  const m = cand.candCell.length;
  const { nbrStart, nbr } = order;
  let degree = 0;
  for (let c = 0; c < n; c++) degree = Math.max(degree, nbrStart[c + 1]! - nbrStart[c]!);
  const arena = BuildArena.open();
  const haloStartAt = arena.reserve(4 * (m + 1));
  // room for every halo at its most (each cell's neighbours): pages never written are never touched
  const haloAt = arena.reserve(4 * cand.cellList.length * degree);
  const length = arena.kernels.buildHalos(m, arena.put(cand.cellStart), arena.put(cand.cellList), arena.put(nbrStart), arena.put(nbr), arena.reserve(4 * n, 0xff), haloStartAt, haloAt);
  return { haloStart: arena.take(Int32Array, haloStartAt, m + 1), candHalo: arena.take(Int32Array, haloAt, length) };
}

/** Every table of the bitboard engine for one problem. */
export interface BitboardTables {
  /** The board's cells. */
  readonly n: number;
  readonly pieces: PieceTable;
  readonly cells: CellOrder;
  readonly candidates: Candidates;
  readonly first: FirstLevels;
  readonly halos: Halos;
  readonly slots: Slots;
  /** The window's words: 1 or 2 (the general search: 2), 0 when the search runs on the wide path. */
  readonly windowWords: number;
  readonly keys: KeyTables;
  readonly window: WindowTables;
  readonly sizes: SizeTables;
}

/** The tables of `spec` under `options`; throws a RangeError on a spec the engine cannot take. */
export function buildTables(spec: PackingSpec, options: BitboardOptions = {}): BitboardTables {
  const n = spec.cellCount;
  const pieces = pieceTable(spec, options);
  const cells = cellOrder(spec, pieces.optionalCells);
  const cand = candidates(spec, pieces, cells);
  const first = firstLevels(spec, pieces, cand);
  const halo = halos(cand, cells, n);
  const P = pieces.pieceTypes;
  const slots = slotTable(cand.candStart, n, P);
  const windowWords = windowWordsFor(slots.count, options.wide, n, cand.reach, pieces.general || options.twoWords === true);
  const keys = keyTables(cand, slots, n, P, windowWords, options.keyBits, first.firstPieces);
  const window = windowTables(cand, halo, cells, n, windowWords, pieces.general);
  const sizes = sizeTables(n, pieces.realPieces, P, spec.pieceSizes, pieces.pieceCounts, pieces.maxTotal, pieces.totalPieces, keys.keyed, slots.pieceSlots);
  return { n, pieces, cells, candidates: cand, first, halos: halo, slots, windowWords, keys, window, sizes };
}
