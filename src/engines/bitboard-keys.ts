/**
 * The bitboard engine's tables for the keyed and window paths (see bitboard.ts's opening comment: "Slots
 * and keys", "The window paths", "Dead regions"): the slots, the key and its masks, each candidate's cells
 * as bits of the window at its first cell, and the window's neighbour tables. Pure functions of the
 * candidates, called by buildTables (bitboard-tables.ts); nothing writes the tables afterwards. Where a
 * path does not apply its tables are empty arrays. The loops over candidates and cells that fill the
 * large tables are WebAssembly (wasm/bitboard-build.ts).
 */
import { BuildArena } from './bitboard-wasm.js';

/** The keyed paths' key tables stay below this many entries. */
const MAX_KEY_TABLE = 1 << 20;
/** The window path's neighbour tables (64 entries per cell) stay below this many entries. */
const MAX_WINDOW_TABLE = 1 << 20;

/** What the tables here read of the candidates (a `Candidates` record, bitboard-tables.ts). */
export interface CandidateCells {
  /** Candidates of cell c and piece p: candStart[c*P + p] .. candStart[c*P + p + 1] - 1. */
  readonly candStart: Int32Array;
  /** First cell of each candidate. */
  readonly candCell: Int32Array;
  /** Last cell that has a candidate of each piece (-1: none). */
  readonly lastCell: Int32Array;
  /** Candidate k's cells (internal numbers, ascending): cellList[cellStart[k] .. cellStart[k + 1] - 1]. */
  readonly cellStart: Int32Array;
  readonly cellList: Int32Array;
}

/** Each piece type's slots: one per 32 candidates it can have at one cell. */
export interface Slots {
  /** The most candidates each piece type has at one cell. */
  readonly perCell: Int32Array;
  /** Each piece type's slots as bits (those past the 32nd left out: the keyed paths are then off). */
  readonly pieceSlots: Int32Array;
  /** Each piece type's first slot, and its number of slots (at least 1). */
  readonly firstSlot: Int32Array;
  readonly slotCount: Int32Array;
  /** Slots in all. */
  readonly count: number;
}

/** The slots of P piece types on n cells. */
export function slotTable(candStart: Int32Array, n: number, P: number): Slots {
  const perCell = new Int32Array(P);
  for (let c = 0; c < n; c++) {
    for (let p = 0; p < P; p++) perCell[p] = Math.max(perCell[p]!, candStart[c * P + p + 1]! - candStart[c * P + p]!);
  }
  const pieceSlots = new Int32Array(P);
  const firstSlot = new Int32Array(P);
  const slotCount = Int32Array.from(perCell, (c) => Math.max(1, Math.ceil(c / 32)));
  let count = 0;
  for (let p = 0; p < P; p++) {
    firstSlot[p] = count;
    for (let j = 0; j < slotCount[p]! && count + j < 32; j++) pieceSlots[p]! |= 1 << (count + j);
    count += slotCount[p]!;
  }
  return { perCell, pieceSlots, firstSlot, slotCount, count };
}

/**
 * The window's words: 1 (reach <= 30, an exact packing) or 2 (reach <= 62; the general search, and
 * `twoWords`, always have two), 0 when the search runs on the wide path (more than 32 slots, `wide` asked
 * for, reach past the window, or neighbour tables too large). The key tables serve the window paths only.
 */
export function windowWordsFor(slots: number, wide: boolean | undefined, n: number, reach: number, twoWords: boolean): number {
  const keyed = slots <= 32 && !wide;
  return !keyed || n * 64 > MAX_WINDOW_TABLE ? 0 : reach <= 30 && !twoWords ? 1 : reach <= 62 ? 2 : 0;
}

/**
 * At most `maxRuns` runs of consecutive offsets, `bits` offsets in all, with the largest total weight:
 * a dynamic program over the offsets (state: runs opened, offsets taken, whether the last was taken).
 */
export function keyRuns(weight: ArrayLike<number>, bits: number, maxRuns: number): [number, number][] {
  const D = weight.length - 1;
  // state (r, b, inRun) is (r * (bits + 1) + b) * 2 + inRun; value and from per offset and state
  const states = (maxRuns + 1) * (bits + 1) * 2;
  const value = new Float64Array((D + 1) * states).fill(-Infinity);
  const from = new Int32Array((D + 1) * states).fill(-1);
  value[0] = 0;
  // (inline, no callbacks: this runs once, before the JIT has warmed up)
  for (let x = 1; x <= D; x++) {
    const row = x * states;
    const w = weight[x]!;
    for (let prev = 0; prev < states; prev++) {
      const v = value[row - states + prev]!;
      if (v === -Infinity) continue;
      const inRun = prev & 1;
      const b = (prev >> 1) % (bits + 1);
      const r = ((prev >> 1) - b) / (bits + 1);
      // offset x left out, taken in the run that is open, or taken to open a new run
      let st = prev & ~1;
      if (v > value[row + st]!) { value[row + st] = v; from[row + st] = prev; }
      if (b < bits && (inRun === 1 || r < maxRuns)) {
        st = ((r + 1 - inRun) * (bits + 1) + b + 1) * 2 + 1;
        if (v + w > value[row + st]!) { value[row + st] = v + w; from[row + st] = prev; }
      }
    }
  }
  let st = 0;
  for (let i = 0; i < states; i++) if (value[D * states + i]! > value[D * states + st]!) st = i;
  const taken: number[] = [];
  for (let x = D; x >= 1; x--) {
    if (st % 2 === 1) taken.push(x);
    st = from[x * states + st]!;
  }
  taken.reverse();
  const runs: [number, number][] = [];
  for (const x of taken) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === x) last[1]++;
    else runs.push([x, 1]);
  }
  return runs;
}

/** The keyed paths' tables (see "Slots and keys"); all empty, keyBits and slots 0, when they do not apply. */
export interface KeyTables {
  /** True on the window paths (windowWords > 0), the only ones keyed. */
  readonly keyed: boolean;
  /** B: the key's cells. */
  readonly keyBits: number;
  /** The key's cells: up to three runs of cells after the first empty one, `keyOffset[i]` on, `keyWidth[i]` long. */
  readonly keyOffset: Int32Array;
  readonly keyWidth: Int32Array;
  /** S: the slots (0 when not keyed). */
  readonly slots: number;
  /** The piece type of each slot. */
  readonly slotPiece: Int32Array;
  /** slotBase[c*S + s]: the candidate that bit 0 of slot s's masks at cell c stands for. */
  readonly slotBase: Int32Array;
  /**
   * keyMasks[((c << B) | key) * S + s]: slot s's candidates at c that cover none of the key's full cells
   * (bit j = candidate slotBase[c*S + s] + j), in the narrowest element that holds a slot's candidates at
   * one cell. The rows of the pieces placed first are empty (below the first levels they have no copy left).
   */
  readonly keyMasks: Uint8Array | Uint16Array | Int32Array;
  /** keyPieces[(c << B) | key]: the slots whose mask there is not empty. */
  readonly keyPieces: Int32Array;
  /** Slots of the pieces that have no candidate at cell c or after it (n + 1 cells). */
  readonly pastLast: Int32Array;
  /**
   * Candidate k's cells as bits after its first cell (bit 0 = that cell; 64 cells): the low word rel[2k],
   * the high word rel[2k + 1] (the loops' little-endian u64).
   */
  readonly rel: Int32Array;
}

/**
 * The key tables of the candidates `cand` of P piece types on n cells, with `slots`, for a search on
 * `windowWords` words (none when 0), a key of at most `keyBits` cells (default 8, at most 16, less when
 * the tables would pass MAX_KEY_TABLE), the pieces `firstPieces` placed first.
 */
export function keyTables(
  cand: CandidateCells,
  slots: Slots,
  n: number,
  P: number,
  windowWords: number,
  keyBits: number | undefined,
  firstPieces: readonly number[],
): KeyTables {
  const m = cand.candCell.length;
  const { perCell, pieceSlots, firstSlot, slotCount } = slots;
  const keyed = windowWords > 0;
  const S = keyed ? slots.count : 0;
  const slotPiece = new Int32Array(S);
  if (!keyed) {
    const empty = new Int32Array(0);
    return { keyed, keyBits: 0, keyOffset: Int32Array.of(1, 1, 1), keyWidth: new Int32Array(3), slots: 0, slotPiece, slotBase: empty, keyMasks: new Uint8Array(0), keyPieces: empty, pastLast: empty, rel: empty };
  }
  let B = Math.max(0, Math.min(keyBits ?? 8, 16));
  while (B > 0 && (n << B) * S > MAX_KEY_TABLE) B--;
  const arena = BuildArena.open();
  const { kernels } = arena;
  const relAt = arena.reserve(8 * m);
  const coveredAt = arena.reserve(4 * 32);
  kernels.relativeCells(m, arena.put(cand.cellStart), arena.put(cand.cellList), relAt, coveredAt);
  // The key's cells: the B cells after the first empty one that the most candidates cover (`covered`, in
  // the window's low word), in at most three runs (each run costs a shift when the key is read).
  const runs = keyRuns(arena.take(Int32Array, coveredAt, 32), B, 3);
  const keyOffset = Int32Array.from({ length: 3 }, (_, i) => runs[i]?.[0] ?? 1);
  const keyWidth = Int32Array.from({ length: 3 }, (_, i) => runs[i]?.[1] ?? 0);
  const pastLast = new Int32Array(n + 1);
  for (let p = 0; p < P; p++) {
    for (let j = 0; j < slotCount[p]!; j++) slotPiece[firstSlot[p]! + j] = p;
    for (let c = cand.lastCell[p]! + 1; c <= n; c++) pastLast[c]! |= pieceSlots[p]!;
  }
  // the cell that key bit t stands for, relative to the first empty cell
  const keyCell = new Int32Array(B);
  for (let i = 0, t = 0; i < 3; i++) for (let j = 0; j < keyWidth[i]!; j++) keyCell[t++] = keyOffset[i]! + j;
  // the rows of a piece placed first stay empty: below the first levels it has no copy left
  const skip = new Uint8Array(P);
  for (const p of firstPieces) skip[p] = 1;
  // the narrowest element that holds a slot's candidates at one cell: less memory traffic per node
  const widest = Math.max(0, ...Array.from(perCell));
  const shift = widest <= 8 ? 0 : widest <= 16 ? 1 : 2;
  const size = (n << B) * S;
  const slotBaseAt = arena.reserve(4 * n * S);
  const masksAt = arena.reserve(size << shift);
  const keyPiecesAt = arena.reserve(4 * (n << B));
  kernels.keyMasks(n, P, S, B, arena.put(cand.candStart), relAt, arena.put(slotPiece), arena.put(firstSlot), arena.put(skip), arena.put(keyCell), arena.reserve(4 * B), slotBaseAt, masksAt, shift, keyPiecesAt);
  return {
    keyed, keyBits: B, keyOffset, keyWidth, slots: S, slotPiece, pastLast,
    slotBase: arena.take(Int32Array, slotBaseAt, n * S),
    keyMasks: shift === 0 ? arena.take(Uint8Array, masksAt, size) : shift === 1 ? arena.take(Uint16Array, masksAt, size) : arena.take(Int32Array, masksAt, size),
    keyPieces: arena.take(Int32Array, keyPiecesAt, n << B),
    rel: arena.take(Int32Array, relAt, 2 * m),
  };
}

/** The window paths' tables (see "The window paths" and "Dead regions"); empty arrays when they do not apply. */
export interface WindowTables {
  // Each a table of (low, high) word pairs, as KeyTables.rel: entry i is words 2i and 2i + 1.
  /** Candidate k's halo as bits after its first cell (a halo cell past 64 left out: its region is never checked). */
  readonly haloRel: Int32Array;
  /** Entry (c << 6) + u: the neighbours of cell c + u as bits of the window at c (those in it). */
  readonly nbrWin: Int32Array;
  /** Entry c: the cells of the window at c that have a neighbour past it (32 cells long, or 64). */
  readonly edge: Int32Array;
  /** Entry c: the optional cells of the window at c (the general search). */
  readonly optRel: Int32Array;
}

/**
 * The window tables on `windowWords` words (none when 0) of the candidates `cand` with halos
 * (`haloStart`, `candHalo`) on n cells with neighbours (`nbrStart`, `nbr`) and `optional` cells (read
 * when `general`).
 */
export function windowTables(
  cand: CandidateCells,
  halos: { readonly haloStart: Int32Array; readonly candHalo: Int32Array },
  cells: { readonly nbrStart: Int32Array; readonly nbr: Int32Array; readonly optional: Uint8Array },
  n: number,
  windowWords: number,
  general: boolean,
): WindowTables {
  const m = cand.candCell.length;
  if (windowWords === 0) {
    const empty = new Int32Array(0);
    return { haloRel: empty, nbrWin: empty, edge: empty, optRel: empty };
  }
  const arena = BuildArena.open();
  const haloRelAt = arena.reserve(8 * m);
  const optRelAt = arena.reserve(general ? 8 * n : 0);
  const nbrWinAt = arena.reserve(8 * 64 * n);
  const edgeAt = arena.reserve(8 * n);
  arena.kernels.windowBits(m, n, 32 * windowWords, general ? 1 : 0, arena.put(cand.cellStart), arena.put(cand.cellList), arena.put(halos.haloStart), arena.put(halos.candHalo),
    arena.put(cells.nbrStart), arena.put(cells.nbr), arena.put(cells.optional), haloRelAt, optRelAt, nbrWinAt, edgeAt);
  return {
    haloRel: arena.take(Int32Array, haloRelAt, 2 * m),
    nbrWin: arena.take(Int32Array, nbrWinAt, 2 * 64 * n),
    edge: arena.take(Int32Array, edgeAt, 2 * n),
    optRel: arena.take(Int32Array, optRelAt, general ? 2 * n : 0),
  };
}
