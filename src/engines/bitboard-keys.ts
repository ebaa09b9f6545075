/**
 * The bitboard engine's tables for the keyed and window paths (see bitboard.ts's opening comment: "Slots
 * and keys", "The window paths", "Dead regions"): the slots, the key and its masks, each candidate's cells
 * as bits of the window at its first cell, and the window's neighbour tables. Pure functions of the
 * candidates, called by buildTables (bitboard-tables.ts); nothing writes the tables afterwards. Where a
 * path does not apply its tables are empty arrays.
 */

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
  /** Each candidate's cells (internal numbers, ascending). */
  readonly cells: readonly Int32Array[];
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
  const states = (maxRuns + 1) * (bits + 1) * 2;
  const at = (r: number, b: number, inRun: number): number => (r * (bits + 1) + b) * 2 + inRun;
  const value = new Float64Array((D + 1) * states).fill(-Infinity);
  const from = new Int32Array((D + 1) * states).fill(-1);
  value[at(0, 0, 0)] = 0;
  // state `st` at offset x reached with value nv from state `prev` at x - 1, if that is better
  const relax = (x: number, st: number, nv: number, prev: number): void => {
    if (nv > value[x * states + st]!) {
      value[x * states + st] = nv;
      from[x * states + st] = prev;
    }
  };
  for (let x = 1; x <= D; x++) {
    for (let r = 0; r <= maxRuns; r++) {
      for (let b = 0; b <= bits; b++) {
        for (let inRun = 0; inRun < 2; inRun++) {
          const prev = at(r, b, inRun);
          const v = value[(x - 1) * states + prev]!;
          if (v === -Infinity) continue;
          relax(x, at(r, b, 0), v, prev);
          if (b < bits && inRun === 1) relax(x, at(r, b + 1, 1), v + weight[x]!, prev);
          if (b < bits && inRun === 0 && r < maxRuns) relax(x, at(r + 1, b + 1, 1), v + weight[x]!, prev);
        }
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

/** Sets bit `c` (0..63) of the pair (los[i], his[i]). */
function setBit(los: Int32Array, his: Int32Array, i: number, c: number): void {
  if (c < 32) los[i]! |= 1 << c;
  else his[i]! |= 1 << (c - 32);
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
  /** Candidate k's cells as bits after its first cell (bit 0 = that cell), low and high words (64 cells). */
  readonly relLo: Int32Array;
  readonly relHi: Int32Array;
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
  const m = cand.cells.length;
  const { perCell, pieceSlots, firstSlot, slotCount } = slots;
  const keyed = windowWords > 0;
  const S = keyed ? slots.count : 0;
  let B = 0;
  if (keyed) {
    B = Math.max(0, Math.min(keyBits ?? 8, 16));
    while (B > 0 && (n << B) * S > MAX_KEY_TABLE) B--;
  }
  // The key's cells: the B cells after the first empty one that the most candidates cover, in at most
  // three runs (each run costs a shift when the key is read).
  const covered = new Float64Array(32); // in the window's low word
  for (let k = 0; k < m && keyed; k++) {
    const cells = cand.cells[k]!;
    const first = cand.candCell[k]!;
    for (let i = 0; i < cells.length; i++) if (cells[i]! > first && cells[i]! - first < 32) covered[cells[i]! - first]!++;
  }
  const runs = keyRuns(covered, B, 3);
  const keyOffset = Int32Array.from({ length: 3 }, (_, i) => runs[i]?.[0] ?? 1);
  const keyWidth = Int32Array.from({ length: 3 }, (_, i) => runs[i]?.[1] ?? 0);
  const relLo = new Int32Array(keyed ? m : 0);
  const relHi = new Int32Array(keyed ? m : 0);
  const slotPiece = new Int32Array(S);
  const slotBase = new Int32Array(keyed ? n * S : 0);
  // the narrowest element that holds a slot's candidates at one cell: less memory traffic per node
  const widest = Math.max(0, ...Array.from(perCell));
  const size = keyed ? (n << B) * S : 0;
  const keyMasks = widest <= 8 ? new Uint8Array(size) : widest <= 16 ? new Uint16Array(size) : new Int32Array(size);
  const keyPieces = new Int32Array(keyed ? n << B : 0);
  const pastLast = new Int32Array(keyed ? n + 1 : 0);
  if (keyed) {
    for (let k = 0; k < m; k++) {
      const cells = cand.cells[k]!;
      const first = cells[0]!;
      for (let i = 0; i < cells.length; i++) if (cells[i]! - first < 64) setBit(relLo, relHi, k, cells[i]! - first);
    }
    for (let p = 0; p < P; p++) {
      for (let j = 0; j < slotCount[p]!; j++) slotPiece[firstSlot[p]! + j] = p;
      for (let c = cand.lastCell[p]! + 1; c <= n; c++) pastLast[c]! |= pieceSlots[p]!;
    }
    // A key's mask is the mask of the key without its lowest bit, less the candidates covering that
    // bit's cell (`notCover`).
    const notCover = new Int32Array(B);
    // the cell that key bit t stands for, relative to the first empty cell
    const keyCell = new Int32Array(B);
    for (let i = 0, t = 0; i < 3; i++) for (let j = 0; j < keyWidth[i]!; j++) keyCell[t++] = keyOffset[i]! + j;
    const { candStart } = cand;
    for (let c = 0; c < n; c++) {
      for (let s = 0; s < S; s++) {
        const p = slotPiece[s]!;
        const base = candStart[c * P + p]! + 32 * (s - firstSlot[p]!);
        const count = Math.max(0, Math.min(32, candStart[c * P + p + 1]! - base));
        slotBase[c * S + s] = base;
        // the rows of a piece placed first stay empty: below the first levels it has no copy left
        if (count === 0 || firstPieces.includes(p)) continue;
        const all = count === 32 ? -1 : (1 << count) - 1;
        notCover.fill(all);
        for (let j = 0; j < count; j++) {
          const rel = relLo[base + j]!;
          for (let t = 0; t < B; t++) if ((rel & (1 << keyCell[t]!)) !== 0) notCover[t]! &= ~(1 << j);
        }
        // the keys below 2^(t+1) from those below 2^t, bit t by bit t: a tight loop, since these tables are
        // built once, before the JIT has warmed up
        const row = (c << B) * S + s;
        const bit = 1 << s;
        keyMasks[row] = all;
        keyPieces[c << B]! |= bit;
        for (let t = 0, half = 1; t < B; t++, half <<= 1) {
          const nc = notCover[t]!;
          for (let key = 0, at = row; key < half; key++, at += S) {
            const mask = keyMasks[at]! & nc;
            keyMasks[at + half * S] = mask;
            if (mask !== 0) keyPieces[(c << B) | (half + key)]! |= bit;
          }
        }
      }
    }
  }
  return { keyed, keyBits: B, keyOffset, keyWidth, slots: S, slotPiece, slotBase, keyMasks, keyPieces, pastLast, relLo, relHi };
}

/** The window paths' tables (see "The window paths" and "Dead regions"); empty arrays when they do not apply. */
export interface WindowTables {
  /** Candidate k's halo as bits after its first cell (a halo cell past 64 left out: its region is never checked). */
  readonly haloRelLo: Int32Array;
  readonly haloRelHi: Int32Array;
  /** `nbrWinLo[(c << 6) + u]`: the neighbours of cell c + u as bits of the window at c (those in it; Hi on two words). */
  readonly nbrWinLo: Int32Array;
  readonly nbrWinHi: Int32Array;
  /** The cells of the window at c that have a neighbour past it (32 cells long, or 64). */
  readonly edgeLo: Int32Array;
  readonly edgeHi: Int32Array;
  /** The optional cells of the window at c (the general search). */
  readonly optRelLo: Int32Array;
  readonly optRelHi: Int32Array;
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
  const m = cand.cells.length;
  const window = windowWords > 0;
  const { haloStart, candHalo } = halos;
  const { nbrStart, nbr, optional } = cells;
  const haloRelLo = new Int32Array(window ? m : 0);
  const haloRelHi = new Int32Array(window ? m : 0);
  const nbrWinLo = new Int32Array(window ? n * 64 : 0);
  const nbrWinHi = new Int32Array(windowWords === 2 ? n * 64 : 0);
  const edgeLo = new Int32Array(window ? n : 0);
  const edgeHi = new Int32Array(window ? n : 0);
  const optRelLo = new Int32Array(window && general ? n : 0);
  const optRelHi = new Int32Array(window && general ? n : 0);
  if (window) {
    for (let k = 0; k < m; k++) {
      const first = cand.cells[k]![0]!;
      // a halo cell past the window is left out: its region is never checked (always sound)
      for (let i = haloStart[k]!; i < haloStart[k + 1]!; i++) {
        if (candHalo[i]! - first < 64) setBit(haloRelLo, haloRelHi, k, candHalo[i]! - first);
      }
    }
    for (let c = 0; c < n && general; c++) {
      for (let u = 0; u < 64 && c + u < n; u++) if (optional[c + u]) setBit(optRelLo, optRelHi, c, u);
    }
    const windowCells = 32 * windowWords;
    for (let c = 0; c < n; c++) {
      for (let u = 0; u < windowCells && c + u < n; u++) {
        for (let j = nbrStart[c + u]!; j < nbrStart[c + u + 1]!; j++) {
          const v = nbr[j]! - c;
          if (v >= windowCells) setBit(edgeLo, edgeHi, c, u);
          else if (v >= 0) setBit(nbrWinLo, nbrWinHi, c * 64 + u, v);
        }
      }
    }
  }
  return { haloRelLo, haloRelHi, nbrWinLo, nbrWinHi, edgeLo, edgeHi, optRelLo, optRelHi };
}
