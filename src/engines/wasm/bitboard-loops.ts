// AssemblyScript, compiled to WebAssembly by scripts/build-wasm.mjs (not TypeScript: tsconfig.json leaves
// this folder out). The bitboard engine's search loops and region checks (bitboard.ts's top comment: the
// window paths, the wide path, dead regions; the general search, its rules (1) to (8)). One source for
// every variant: the window loop and its check are generic over W, the window's word, u32 (cells c ..
// c+31) or u64 (c .. c+63), and every loop and check over G, the search, Exact or General (types, as
// AssemblyScript's generics take types only; the compiler tells them apart and drops the other's code:
// see general<G>). The exports (runWindow, runWideLoop, the checks) pick the instance.
//
// Memory. The caller (bitboard-wasm.ts) owns the memory, imported as env.memory, and writes the tables
// into it once, before any search; the addresses are the exported globals below, set by the caller. Every
// table is read only, but the search state shared with the engine's own code: BOARD, REMAINING,
// NEXT_PIECE, PREV_PIECE, PATH and FIXED (the engine's fields of those names are views of them). The 64-bit tables hold each
// entry as a little-endian u64, the engine's (lo, hi) pair; the u32 window reads their low halves.
//
// Invariants and the search: those of bitboard.ts. A run ends at the end of its subtree, or when emit or
// tick says stop; at a stop by the clock, stopDepth and stopNext name the node it was about to enter
// (path[0 .. stopDepth-1], then candidate stopNext; -1 on the wide path, which has placed it already), for
// the engine's stopPath.

/** Records the solution path[0 .. depth-1]; true when the search must stop. */
@external('snug', 'emit')
declare function emit(depth: i32): bool;
/** The clock's check, every `interval` nodes (`nodes`: this run's so far); true when the search must stop. */
@external('snug', 'tick')
declare function tick(nodes: f64): bool;

// The tables' addresses: the engine's tables of the same names (bitboard-tables.ts, bitboard-keys.ts,
// bitboard-sizes.ts).
export let KEY_MASKS: usize = 0;
/** 0, 1 or 2: keyMasks entries are u8, u16 or i32. */
export let KEY_MASK_SHIFT: i32 = 0;
export let KEY_PIECES: usize = 0;
export let SLOT_BASE: usize = 0;
export let SLOT_PIECE: usize = 0;
export let PIECE_SLOTS: usize = 0;
export let PAST_LAST: usize = 0;
export let PIECE_RADIX: usize = 0;
export let CAND_START: usize = 0;
export let GAP: usize = 0;
/** u64 per candidate: its cells after its first (relLo, relHi). */
export let REL: usize = 0;
/** u64 per candidate: its halo in the same bits. */
export let HALO_REL: usize = 0;
/** u64 per (c << 6) + u: the neighbours of cell c + u in the window at c. */
export let NBR_WIN: usize = 0;
/** u64 per cell: the window's cells with a neighbour past it. */
export let EDGE: usize = 0;
// The general search's tables.
/** u64 per cell: the optional cells of the window at c. */
export let OPT_REL: usize = 0;
export let CAND_SIZE: usize = 0;
export let CAND_OPT: usize = 0;
export let SLACK: usize = 0;
export let PIECE_SIZE: usize = 0;
export let STATE_COPIES: usize = 0;
export let SIZE_VALUE: usize = 0;
export let SIZE_RADIX: usize = 0;
export let SIZE_SLOTS: usize = 0;
// The search state.
export let REMAINING: usize = 0;
export let PATH: usize = 0;
/** i32 per cell x: cells x .. x+31 as the first levels left them (the engine's fixedWords). */
export let FIXED: usize = 0;
// The wide paths' tables and state.
/** `span` i32 per candidate: its cells as board words from its first cell's word. */
export let CAND_MASK: usize = 0;
export let LAST_CELL: usize = 0;
export let HALO_START: usize = 0;
export let CAND_HALO: usize = 0;
export let NBR_START: usize = 0;
export let NBR: usize = 0;
/** u8 per cell: 1 for an optional cell. */
export let OPTIONAL: usize = 0;
/** The board's words (the engine's `board`): set bits full, the padding full. */
export let BOARD: usize = 0;
/** The linked list of the pieces with copies left (the engine's nextPiece, prevPiece; P is its head). */
export let NEXT_PIECE: usize = 0;
export let PREV_PIECE: usize = 0;
/** The fills' scratch: each cell's stamp, the fill's queue, a region as board words. */
export let MARK: usize = 0;
export let QUEUE: usize = 0;
export let REGION_WORDS: usize = 0;
export let LEVEL_KEY: usize = 0;
export let LEVEL_SLOTS: usize = 0;
export let LEVEL_SLOT: usize = 0;
export let LEVEL_CANDS: usize = 0;
/** W per level: its window. */
export let LEVEL_WINDOW: usize = 0;

// The engine's scalars (set once).
export let cells: i32 = 0;
export let realPieces: i32 = 0;
export let pieceTypes: i32 = 0;
export let fillLimit: i32 = 0;
export let fitLimit: i32 = 0;
export let span: i32 = 0;
export let wordCount: i32 = 0;
/** The last fill's stamp (see beginCheck). */
let stamp: i32 = 0;
// The general search's (see bitboard.ts).
export let holePiece: i32 = -1;
export let minTotal: i32 = 0;
export let maxTotal: i32 = 0;
export let smallestSize: i32 = 0;
export let largestSize: i32 = 0;
export let sizeCount: i32 = 0;
export let capCopies: bool = false;
/** Set by cappedState: the slots of the sizes a completion can use no copy of. */
let noRoom: i32 = 0;

/** Cells visited by region fills since the caller last took them. */
export let updates: f64 = 0;
export let stopDepth: i32 = 0;
export let stopNext: i32 = 0;

// What a loop checks after each placement (`regionMode`, bitboard.ts's "Dead regions"): 0 nothing, or the
// regions next to it (filled), or the holes next to it (haloHasHole, haloHasHoleWide).
const FILL = 1;
const HOLES = 2;

/** The exact search (G). */
type Exact = u8;
/** The general search (G): optional cells, ranges, bounds on the total. */
type General = i8;
/** Whether G is General: a constant the compiler folds, so each instance keeps only its own code. */
@inline function general<G>(): bool {
  return isSigned<G>();
}

@inline function i32At(table: usize, i: i32): i32 {
  return load<i32>(table + (<usize>i << 2));
}

@inline function setI32(table: usize, i: i32, v: i32): void {
  store<i32>(table + (<usize>i << 2), v);
}

/** Entry i of a 64-bit table as a W (the low half for u32). */
@inline function wordAt<W>(table: usize, i: i32): W {
  return load<W>(table + (<usize>i << 3));
}

/** The cells x .. x + bits - 1 as the first levels left them. */
@inline function fixedAt<W>(x: i32): W {
  if (sizeof<W>() == 8) {
    return <W>(<u64>load<u32>(FIXED + (<usize>x << 2)) | (<u64>load<u32>(FIXED + (<usize>(x + 32) << 2)) << 32));
  }
  return <W>load<u32>(FIXED + (<usize>x << 2));
}

/** True when a piece left has a candidate inside the region r of the window at c, at the region's first cell. */
function pieceFits<W>(c: i32, r: W): bool {
  const t = <i32>ctz<W>(r);
  r >>= <W>t;
  const first = c + t;
  const P = pieceTypes;
  for (let p = 0; p < realPieces; p++) {
    if (i32At(REMAINING, p) == 0) continue;
    const end = i32At(CAND_START, first * P + p + 1);
    for (let k = i32At(CAND_START, first * P + p); k < end; k++) {
      if ((wordAt<W>(REL, k) & ~r) == 0) return true;
    }
  }
  return false;
}

/**
 * True when a piece left has a candidate inside the region r of the window at c whose first cell is one of
 * the region's cells up to window cell `last`, at most `starts` of them (the first ones), and that covers
 * window cell `cover` (-1: any candidate). bitboard.ts's pieceFitsInRegion on the window.
 */
function pieceFitsInRegion<W>(c: i32, r: W, last: i32, cover: i32, starts: i32): bool {
  const P = pieceTypes;
  let cellsLeft = r;
  while (starts > 0 && cellsLeft != 0) {
    const t = <i32>ctz<W>(cellsLeft);
    cellsLeft &= cellsLeft - 1;
    if (t > last) break;
    starts--;
    // the region and the cell to cover as seen from cell c + t, as its candidates are written
    const seen = r >> <W>t;
    const coverBit: W = cover < 0 ? <W>-1 : <W>1 << <W>(cover - t);
    const x = (c + t) * P;
    for (let p = 0; p < realPieces; p++) {
      if (i32At(REMAINING, p) == 0) continue;
      const end = i32At(CAND_START, x + p + 1);
      for (let k = i32At(CAND_START, x + p); k < end; k++) {
        const rel = wordAt<W>(REL, k);
        if ((rel & coverBit) != 0 && (rel & ~seen) == 0) return true;
      }
    }
  }
  return false;
}

/**
 * Rule (6) on the region r of the window at c: `size` cells, at most `budget` of them left empty, `cover`
 * the ones that must be covered.
 */
function pieceFitsRegion<W>(c: i32, r: W, cover: W, size: i32, budget: i32): bool {
  const firstCovered = cover != 0 ? <i32>ctz<W>(cover) : -1;
  // the placement covering the first covered cell starts there, one of the first budget + 1 cells
  if (size > budget && budget >= 0) {
    const found = pieceFitsInRegion<W>(c, r, 63, -1, budget + 1);
    if (!found || firstCovered < 0) return found;
  }
  // the placement covering the first cell that must be covered starts at or before it
  return firstCovered < 0 || pieceFitsInRegion<W>(c, r, firstCovered, firstCovered, size);
}

/**
 * Rule (8): `state` with each size's copies capped at what a completion of at most `piecesLeft` pieces
 * covering at least `mustCover` cells can use; sets noRoom. bitboard.ts's cappedState.
 */
function cappedState(state: i32, mustCover: i32, piecesLeft: i32): i32 {
  const L = largestSize;
  const sizes = sizeCount;
  const spare = L * piecesLeft - mustCover;
  let capped = state;
  let none = 0;
  for (let i = 0, row = state * sizes; i < sizes; i++) {
    const copies = i32At(STATE_COPIES, row + i);
    const size = i32At(SIZE_VALUE, i);
    if (copies == 0 || (size < L ? spare >= copies * (L - size) : piecesLeft >= copies)) continue;
    // (truncated, not floored, for a negative spare: only max(0, room) and room <= 0 are used)
    const room = size < L ? spare / (L - size) : piecesLeft;
    capped -= (copies - max(0, room)) * i32At(SIZE_RADIX, i);
    if (room <= 0) none |= i32At(SIZE_SLOTS, i);
  }
  noRoom = none;
  return capped;
}

/**
 * The region check after candidate k (for the general search: or the hole piece's, its cell left empty),
 * placed at the window's first cell c: `w` is the window with k placed, `state` the size state after it
 * (general: capped by rule (8)), `skips` the cells that may still stay empty (general). A region that
 * reaches a cell with a neighbour past the window is big. General: rules (5) to (7).
 */
function haloAlive<W, G>(k: i32, c: i32, w: W, state: i32, skips: i32): bool {
  const row = c << 6;
  const edge = wordAt<W>(EDGE, c);
  const optional = general<G>() ? wordAt<W>(OPT_REL, c) : 0;
  const limit = fillLimit;
  let seed = wordAt<W>(HALO_REL, k) & ~w;
  let big: W = 0;
  let visited = 0;
  let empty = 0;
  let alive = true;
  while (seed != 0) {
    // fill from the lowest seed: r = region so far, f = frontier
    let f = seed & (0 - seed);
    let r: W = 0;
    let size = 0;
    let isBig = false;
    while (f != 0) {
      const bit = f & (0 - f);
      f ^= bit;
      r |= bit;
      if (++size > limit) {
        isBig = true;
        break;
      }
      f |= wordAt<W>(NBR_WIN, row + <i32>ctz<W>(bit)) & ~w & ~r;
      if (((f & big) | (r & edge)) != 0) {
        isBig = true;
        break;
      }
    }
    visited += size;
    if (isBig) {
      big |= r | f;
    } else if (general<G>()) {
      // the cells to cover; the optional ones are counted only when some cells must stay empty
      const cover = r & ~optional;
      const skip = <i32>load<u8>(GAP + <usize>(state * (cells + 1) + size));
      if (skip > 0 && skip > size - <i32>popcnt<W>(cover)) {
        alive = false;
        break;
      }
      // (an all-optional region that may stay empty has nothing to test)
      if (size <= fitLimit && (cover != 0 || size > skips - empty)) {
        const found = (cover & r & (0 - r)) != 0 ? pieceFits<W>(c, r) : pieceFitsRegion<W>(c, r, cover, size, skips - empty);
        if (!found) {
          alive = false;
          break;
        }
      }
      if ((empty += skip) > skips) {
        alive = false;
        break;
      }
    } else if (load<u8>(GAP + <usize>(state * (cells + 1) + size)) != 0 || (size <= fitLimit && !pieceFits<W>(c, r))) {
      alive = false;
      break;
    }
    seed &= ~(r | big);
  }
  updates += visited;
  return alive;
}

/**
 * The hole check after candidate k, placed at the window's first cell c (`w`: the window with k placed):
 * true when a cell of its halo is empty, all of its neighbours full, and must be covered (general: not
 * optional). The caller knows that no piece of one cell is left. A cell with a neighbour past the window
 * is never a hole here.
 */
function haloHasHole<W, G>(k: i32, c: i32, w: W): bool {
  const row = c << 6;
  let halo = wordAt<W>(HALO_REL, k) & ~w & ~wordAt<W>(EDGE, c);
  if (general<G>()) halo &= ~wordAt<W>(OPT_REL, c);
  while (halo != 0) {
    const t = <i32>ctz<W>(halo);
    halo &= halo - 1;
    if ((wordAt<W>(NBR_WIN, row + t) & ~w) == 0) return true;
  }
  return false;
}

/** True when a region of one cell can still be filled in size state `state`: a piece of one cell is left (gap[state][1] is 0). */
@inline function oneCellFills(state: i32): bool {
  return load<u8>(GAP + <usize>(state * (cells + 1) + 1)) == 0;
}

/**
 * The check after candidate k, placed at the window's first cell c, by `regionMode`: false when it finds
 * a dead region (haloAlive's arguments).
 */
@inline function regionsAlive<W, G>(regionMode: i32, k: i32, c: i32, w: W, state: i32, skips: i32): bool {
  if (regionMode == HOLES) return oneCellFills(state) || !haloHasHole<W, G>(k, c, w);
  return regionMode != FILL || haloAlive<W, G>(k, c, w, state, skips);
}

/** The key masks' entry i: the candidates of one slot at one (cell, key). */
@inline function keyMask(i: i32): i32 {
  const shift = KEY_MASK_SHIFT;
  if (shift == 0) return <i32>load<u8>(KEY_MASKS + <usize>i);
  if (shift == 1) return <i32>load<u16>(KEY_MASKS + (<usize>i << 1));
  return load<i32>(KEY_MASKS + (<usize>i << 2));
}

/** The cell's key: the runs at o0, o1, o2 of widths (masks) m0, m1, m2 after the window's first cell. */
@inline function keyOf(c: i32, B: i32, lo: u32, o0: i32, o1: i32, o2: i32, m0: u32, m1: u32, m2: u32, q1: i32, q2: i32): i32 {
  return (c << B) | <i32>((lo >> o0) & m0) | <i32>(((lo >> o1) & m1) << q1) | <i32>(((lo >> o2) & m2) << q2);
}

/**
 * The search below the node the engine's start() reached: depth `baseDepth`, first empty cell `c` (-1:
 * the board is full; the board full past it but for FIXED), the slots with copies left `avail` and with
 * one `single` (the caller's pieces), the size state `sizeState`; for the general search the counters of
 * bitboard.ts's top comment at that node and its budget `skipsIn` (maxSkips). The key: runs at offsets
 * o0, o1, o2 of widths w0, w1, w2 after the first empty cell, `bits` in all. Returns the nodes visited.
 */
function run<W, G>(
  slotCount: i32, bits: i32, total: i32, regionMode: i32,
  o0: i32, o1: i32, o2: i32, w0: i32, w1: i32, w2: i32,
  availIn: i32, singleIn: i32, sizeStateIn: i32, baseDepth: i32, cIn: i32,
  placedIn: i32, needCountIn: i32, needAreaIn: i32, needSlotsIn: i32, freeIn: i32, freeOptIn: i32, skipsIn: i32,
  interval: i32,
): f64 {
  const S = slotCount;
  const B = bits;
  const WIDTH = <i32>sizeof<W>() << 3;
  const n = cells;
  const n1 = n + 1;
  const m0 = (<u32>1 << w0) - 1;
  const m1 = (<u32>1 << w1) - 1;
  const m2 = (<u32>1 << w2) - 1;
  const q1 = w0;
  const q2 = w0 + w1;
  const hole = holePiece;
  const holeSlot = general<G>() && hole >= 0 ? i32At(PIECE_SLOTS, hole) : 0;
  let avail = availIn;
  let single = singleIn;
  let sizeState = sizeStateIn;
  let placed = placedIn;
  let needCount = needCountIn;
  let needArea = needAreaIn;
  let needSlots = needSlotsIn;
  let free = freeIn;
  let freeOpt = freeOptIn;
  let nodes: f64 = 0;
  let countdown = interval;
  let d = baseDepth;
  let c = cIn;
  if (c < 0) {
    if (general<G>() ? needCount == 0 && placed >= minTotal : d == total) emit(d);
    return 0;
  }
  let w = fixedAt<W>(c);
  // This level: ck = (c << B) | key; `slots` still to try; slot s, its candidates from `base`, `cands`
  // the ones still to try.
  let ck = keyOf(c, B, <u32>w, o0, o1, o2, m0, m1, m2, q1, q2);
  let slots = i32At(KEY_PIECES, ck);
  if (general<G>()) slots &= (placed + needCount < maxTotal ? avail : placed < maxTotal ? needSlots : 0) | (skipsIn > 0 ? holeSlot : 0);
  else slots &= avail;
  let stop = false;
  let s = 0;
  let p = 0;
  let base = 0;
  let cands = 0;
  for (;;) {
    while (cands != 0) {
      const bit = cands & -cands;
      cands ^= bit;
      const k = base + ctz<i32>(bit);
      const mask = wordAt<W>(REL, k);
      if ((w & mask) != 0) continue;
      nodes += 1;
      if (--countdown == 0) {
        countdown = interval;
        if (tick(nodes)) {
          stopDepth = d;
          stopNext = k;
          stop = true;
          break;
        }
      }
      // The child's counters (general: the hole piece changes only the free cells).
      const pieceSlots = i32At(PIECE_SLOTS, p);
      let navail = avail;
      let nState = sizeState;
      let nPlaced = placed;
      let nNeedCount = needCount;
      let nNeedArea = needArea;
      let nNeedSlots = needSlots;
      let nFree = 0;
      let nFreeOpt = 0;
      let skips = 0;
      let tState = 0;
      if (!general<G>() || p != hole) {
        navail = avail & ~(single & pieceSlots);
        nState = sizeState - i32At(PIECE_RADIX, p);
      }
      if (general<G>()) {
        if (p != hole) {
          nPlaced++;
          const r = i32At(REMAINING, p);
          const slack = i32At(SLACK, p);
          if (r > slack) {
            nNeedCount--;
            nNeedArea -= i32At(PIECE_SIZE, p);
            if (r - 1 == slack) nNeedSlots &= ~pieceSlots;
          }
        }
        nFree = free - i32At(CAND_SIZE, k);
        nFreeOpt = freeOpt - i32At(CAND_OPT, k);
        // The areas and the counts: see bitboard.ts's top comment. (They pass on a full board exactly when
        // it is a solution's: no copy needed, placed >= minTotal.)
        const extra = minTotal - nPlaced - nNeedCount;
        skips = nFree - nNeedArea - (extra > 0 ? extra * smallestSize : 0);
        tState = capCopies ? cappedState(nState, nFree - nFreeOpt, maxTotal - nPlaced) : nState;
        if (skips < 0 || <i32>load<u8>(GAP + <usize>(tState * n1 + nFree)) > nFreeOpt || nFree - nFreeOpt > largestSize * (maxTotal - nPlaced)) continue;
      }
      const placedW = w | mask; // the window with k placed
      // The child's window starts at its first empty cell: it moves on by whole words while the window is
      // full, then by the rest. The cells that come in are full only where the first levels placed
      // something (nothing placed below them reaches past the window).
      let nc = c;
      let nw = placedW;
      while (nw == <W>-1) {
        nw = fixedAt<W>(nc + WIDTH);
        nc += WIDTH;
      }
      const step = <i32>ctz<W>(~nw);
      nc += step;
      if (nc >= n) {
        if (general<G>() ? nNeedCount == 0 && nPlaced >= minTotal : d + 1 == total) {
          setI32(PATH, d, k);
          if (emit(d + 1)) {
            stop = true;
            break;
          }
        }
        continue;
      }
      if (step > 0) nw = (nw >> <W>step) | (fixedAt<W>(nc - step + WIDTH) << <W>(WIDTH - step));
      // A child that is dead at once is never entered.
      const nck = keyOf(nc, B, <u32>nw, o0, o1, o2, m0, m1, m2, q1, q2);
      let nslots = i32At(KEY_PIECES, nck);
      if (general<G>()) {
        // (the pieces of a size capped at no copy by rule (8) are not offered)
        const real = (nPlaced + nNeedCount < maxTotal ? navail : nPlaced < maxTotal ? nNeedSlots : 0) & ~(capCopies ? noRoom : 0);
        nslots &= real | (skips > 0 ? holeSlot : 0);
        if (nslots == 0 || (i32At(PAST_LAST, nc) & nNeedSlots) != 0) continue;
      } else {
        nslots &= navail;
        if (nslots == 0 || (i32At(PAST_LAST, nc) & navail) != 0) continue;
      }
      const piece = !general<G>() || p != hole;
      const left = i32At(REMAINING, p) - 1;
      if (piece) setI32(REMAINING, p, left);
      if (!regionsAlive<W, G>(regionMode, k, c, placedW, general<G>() ? tState : nState, skips)) {
        if (piece) setI32(REMAINING, p, left + 1);
        continue;
      }
      // Enter the child.
      if (piece) {
        if (left == 1) single |= pieceSlots;
        else single &= ~pieceSlots;
      }
      setI32(LEVEL_KEY, d, ck);
      setI32(LEVEL_SLOTS, d, slots);
      setI32(LEVEL_SLOT, d, s);
      setI32(LEVEL_CANDS, d, cands);
      store<W>(LEVEL_WINDOW + (<usize>d << 3), w);
      setI32(PATH, d, k);
      d++;
      c = nc;
      w = nw;
      avail = navail;
      sizeState = nState;
      if (general<G>()) {
        placed = nPlaced;
        needCount = nNeedCount;
        needArea = nNeedArea;
        needSlots = nNeedSlots;
        free = nFree;
        freeOpt = nFreeOpt;
      }
      ck = nck;
      slots = nslots;
      cands = 0; // the child's candidates come slot by slot
    }
    if (stop) break;
    if (slots != 0) {
      // The next slot (piece type; general: the hole piece last) at this level.
      const bit = slots & -slots;
      slots ^= bit;
      s = ctz<i32>(bit);
      p = i32At(SLOT_PIECE, s);
      base = i32At(SLOT_BASE, c * S + s);
      cands = keyMask(ck * S + s);
      continue;
    }
    if (d == baseDepth) break;
    // Take back the choice of the level above and go on with its next candidate.
    d--;
    ck = i32At(LEVEL_KEY, d);
    c = ck >> B;
    slots = i32At(LEVEL_SLOTS, d);
    s = i32At(LEVEL_SLOT, d);
    cands = i32At(LEVEL_CANDS, d);
    w = load<W>(LEVEL_WINDOW + (<usize>d << 3));
    p = i32At(SLOT_PIECE, s);
    base = i32At(SLOT_BASE, c * S + s);
    if (general<G>()) {
      const k = i32At(PATH, d);
      free += i32At(CAND_SIZE, k);
      freeOpt += i32At(CAND_OPT, k);
      if (p == hole) continue;
      placed--;
    }
    const pieceSlots = i32At(PIECE_SLOTS, p);
    const copies = i32At(REMAINING, p) + 1;
    setI32(REMAINING, p, copies);
    if (copies == 1) {
      avail |= pieceSlots;
      single |= pieceSlots;
    } else if (copies == 2) {
      single &= ~pieceSlots;
    }
    if (general<G>()) {
      const slack = i32At(SLACK, p);
      if (copies > slack) {
        needCount++;
        needArea += i32At(PIECE_SIZE, p);
        if (copies == slack + 1) needSlots |= pieceSlots;
      }
    }
    sizeState += i32At(PIECE_RADIX, p);
  }
  return nodes;
}

// The instances. (The general search always runs on the two-word window.)

/**
 * The search: `loop` 1 and 2, the exact search on the one-word and the two-word window; 0, the general
 * search (on two words). The other arguments are run's.
 */
export function runWindow(
  loop: i32, slotCount: i32, bits: i32, total: i32, regionMode: i32,
  o0: i32, o1: i32, o2: i32, w0: i32, w1: i32, w2: i32,
  avail: i32, single: i32, sizeState: i32, baseDepth: i32, c: i32,
  placed: i32, needCount: i32, needArea: i32, needSlots: i32, free: i32, freeOpt: i32, skips: i32,
  interval: i32,
): f64 {
  if (loop == 1) return run<u32, Exact>(slotCount, bits, total, regionMode, o0, o1, o2, w0, w1, w2, avail, single, sizeState, baseDepth, c, placed, needCount, needArea, needSlots, free, freeOpt, skips, interval);
  if (loop == 2) return run<u64, Exact>(slotCount, bits, total, regionMode, o0, o1, o2, w0, w1, w2, avail, single, sizeState, baseDepth, c, placed, needCount, needArea, needSlots, free, freeOpt, skips, interval);
  return run<u64, General>(slotCount, bits, total, regionMode, o0, o1, o2, w0, w1, w2, avail, single, sizeState, baseDepth, c, placed, needCount, needArea, needSlots, free, freeOpt, skips, interval);
}

/**
 * The check a loop makes before it enters a child (regionsAlive), for the engine's own code (start()):
 * after candidate k at cell c, (lo, hi) the window with k placed (hi ignored on the one-word window),
 * `state` the size state (general: capped), `skips` the general search's budget; `loop` as runWindow's.
 */
export function childAliveWindow(loop: i32, regionMode: i32, k: i32, c: i32, lo: i32, hi: i32, state: i32, skips: i32): bool {
  const w = <u64><u32>lo | (<u64><u32>hi << 32);
  if (loop == 1) return regionsAlive<u32, Exact>(regionMode, k, c, <u32>lo, state, skips);
  if (loop == 2) return regionsAlive<u64, Exact>(regionMode, k, c, w, state, skips);
  return regionsAlive<u64, General>(regionMode, k, c, w, state, skips);
}

// The wide paths: the board as words, candidates `span` words from their first cell's word, the regions
// filled with a queue and stamps (bitboard.ts's top comment: Dead regions).

@inline function isFull(c: i32): bool {
  return (i32At(BOARD, c >> 5) & (1 << c)) != 0;
}

/** The stamp before a check's first fill; each fill takes the next one. */
function beginCheck(): i32 {
  if (stamp > 0x7fff0000 - cells) {
    memory.fill(MARK, 0, <usize>cells << 2);
    stamp = 0;
  }
  return stamp;
}

/** True when a piece left has a candidate at cell `first` inside the region in REGION_WORDS. */
function pieceFitsIn(first: i32): bool {
  const K = span;
  const P = pieceTypes;
  const w = first >> 5;
  for (let p = 0; p < realPieces; p++) {
    if (i32At(REMAINING, p) == 0) continue;
    const end = i32At(CAND_START, first * P + p + 1);
    for (let k = i32At(CAND_START, first * P + p); k < end; k++) {
      let j = 0;
      while (j < K && (i32At(CAND_MASK, k * K + j) & ~i32At(REGION_WORDS, w + j)) == 0) j++;
      if (j == K) return true;
    }
  }
  return false;
}

/**
 * True when a piece left has a candidate inside the region in REGION_WORDS whose first cell is one of the
 * region's cells `first` .. `last`, at most `starts` of them (the first ones), and that covers cell
 * `cover` (-1: any candidate).
 */
function pieceFitsInRegionWide(first: i32, last: i32, cover: i32, starts: i32): bool {
  const K = span;
  const P = pieceTypes;
  for (let x = first; x <= last && starts > 0; x++) {
    const w = x >> 5;
    if ((i32At(REGION_WORDS, w) & (1 << x)) == 0) continue;
    starts--;
    const coverWord = (cover >> 5) - w;
    if (cover >= 0 && coverWord >= K) continue; // no candidate at x reaches `cover`
    for (let p = 0; p < realPieces; p++) {
      if (i32At(REMAINING, p) == 0) continue;
      const end = i32At(CAND_START, x * P + p + 1);
      for (let k = i32At(CAND_START, x * P + p); k < end; k++) {
        if (cover >= 0 && (i32At(CAND_MASK, k * K + coverWord) & (1 << cover)) == 0) continue;
        let j = 0;
        while (j < K && (i32At(CAND_MASK, k * K + j) & ~i32At(REGION_WORDS, w + j)) == 0) j++;
        if (j == K) return true;
      }
    }
  }
  return false;
}

/** Rule (6) on a region with optional cells, in REGION_WORDS: cells first .. last, `fixed` the first to cover (-1: none). */
function pieceFitsRegionWide(first: i32, last: i32, fixed: i32, size: i32, budget: i32): bool {
  // the placement covering the first covered cell starts there, one of the first budget + 1 cells
  if (size > budget && budget >= 0) {
    const found = pieceFitsInRegionWide(first, last, -1, budget + 1);
    if (!found || fixed < 0) return found;
  }
  // the placement covering `fixed` starts at or before it
  return fixed < 0 || pieceFitsInRegionWide(first, fixed, fixed, size);
}

/**
 * Fills the region of empty cell `seed` with a new stamp and checks it: -1 when it is dead, else the
 * fewest of its cells every completion leaves empty (the exact search: 0), 0 for a region of more than
 * `limit` cells (not measured). Cells stamped after `base` but before this fill belong to earlier fills of
 * the same check: meeting one means an earlier fill gave up in this region, which is then big. `budget`:
 * the most of its cells it may leave empty; `state`: the size state (general: capped by rule (8)).
 */
function regionSkips<G>(seed: i32, limit: i32, base: i32, budget: i32, state: i32): i32 {
  const mark = ++stamp;
  setI32(MARK, seed, mark);
  setI32(QUEUE, 0, seed);
  let head = 0;
  let tail = 1;
  let first = seed;
  let last = seed;
  const seedOptional = general<G>() ? <i32>load<u8>(OPTIONAL + <usize>seed) : 0;
  let fixed = seedOptional != 0 ? cells : seed; // the first cell that must be covered (cells: none)
  let opt = seedOptional;
  while (head < tail) {
    const v = i32At(QUEUE, head++);
    const end = i32At(NBR_START, v + 1);
    for (let j = i32At(NBR_START, v); j < end; j++) {
      const u = i32At(NBR, j);
      if (isFull(u)) continue;
      const m = i32At(MARK, u);
      if (m == mark) continue;
      if (m > base || tail >= limit) {
        updates += tail;
        return 0;
      }
      setI32(MARK, u, mark);
      setI32(QUEUE, tail++, u);
      if (u < first) first = u;
      if (general<G>()) {
        if (u > last) last = u;
        if (load<u8>(OPTIONAL + <usize>u) != 0) opt++;
        else if (u < fixed) fixed = u;
      }
    }
  }
  updates += tail;
  const skip = <i32>load<u8>(GAP + <usize>(state * (cells + 1) + tail));
  if (skip > opt) return -1;
  if (tail > fitLimit) return skip;
  if (general<G>() && opt == tail && tail <= budget) return skip; // it may stay empty: nothing to test
  for (let i = 0; i < tail; i++) {
    const c = i32At(QUEUE, i);
    setI32(REGION_WORDS, c >> 5, i32At(REGION_WORDS, c >> 5) | (1 << c));
  }
  // (when the first cell must be covered, rule (a) there is the exact packing's test, and implies (b))
  const found = !general<G>() || fixed == first ? pieceFitsIn(first) : pieceFitsRegionWide(first, last, fixed < cells ? fixed : -1, tail, budget);
  for (let i = 0; i < tail; i++) setI32(REGION_WORDS, i32At(QUEUE, i) >> 5, 0);
  return found ? skip : -1;
}

/** The regions next to candidate k, just placed; general: their cells left empty at most `skips`. */
function haloAliveWide<G>(k: i32, skips: i32, state: i32): bool {
  const base = beginCheck();
  let empty = 0;
  const end = i32At(HALO_START, k + 1);
  for (let i = i32At(HALO_START, k); i < end; i++) {
    const c = i32At(CAND_HALO, i);
    if (isFull(c) || i32At(MARK, c) > base) continue;
    const r = regionSkips<G>(c, fillLimit, base, skips - empty, state);
    if (r < 0 || (empty += r) > skips) return false;
  }
  return true;
}

/**
 * The wide path's hole check after candidate k (the board current): true when a cell of its halo is
 * empty, all of its neighbours full, and must be covered (general: not optional). The caller knows that
 * no piece of one cell is left.
 */
function haloHasHoleWide<G>(k: i32): bool {
  const end = i32At(HALO_START, k + 1);
  for (let i = i32At(HALO_START, k); i < end; i++) {
    const c = i32At(CAND_HALO, i);
    if (isFull(c) || (general<G>() && load<u8>(OPTIONAL + <usize>c) != 0)) continue;
    const around = i32At(NBR_START, c + 1);
    let j = i32At(NBR_START, c);
    while (j < around && isFull(i32At(NBR, j))) j++;
    if (j == around) return true;
  }
  return false;
}

/** The wide path's check after candidate k, just placed, by `regionMode`: false when it finds a dead region. */
@inline function regionsAliveWide<G>(regionMode: i32, k: i32, skips: i32, state: i32): bool {
  if (regionMode == HOLES) return oneCellFills(state) || !haloHasHoleWide<G>(k);
  return regionMode != FILL || haloAliveWide<G>(k, skips, state);
}

/** Every region of the board (once per search, after the prefix); general: their cells left empty at most `skips`. */
function allRegionsAliveWide<G>(skips: i32, state: i32): bool {
  const base = beginCheck();
  let empty = 0;
  for (let c = 0; c < cells; c++) {
    if (isFull(c) || i32At(MARK, c) > base) continue;
    const r = regionSkips<G>(c, cells, base, skips - empty, state);
    if (r < 0 || (empty += r) > skips) return false;
  }
  return true;
}

/**
 * The search on any board (the wide path), below the node the engine's start() reached at depth
 * `baseDepth`, the size state `sizeStateIn`, and for the general search the counters at that node. The
 * pieces with copies left are the linked list NEXT_PIECE / PREV_PIECE. Returns the nodes visited.
 */
function runWide<G>(
  total: i32, regionMode: i32, sizeStateIn: i32, baseDepth: i32,
  placedIn: i32, needCountIn: i32, needAreaIn: i32, freeIn: i32, freeOptIn: i32,
  interval: i32,
): f64 {
  const P = pieceTypes;
  const K = span;
  const W = wordCount;
  const n1 = cells + 1;
  const hole = holePiece;
  let sizeState = sizeStateIn;
  let placed = placedIn;
  let needCount = needCountIn;
  let needArea = needAreaIn;
  let free = freeIn;
  let freeOpt = freeOptIn;
  let nodes: f64 = 0;
  let countdown = interval;
  let d = baseDepth;
  // the first empty cell
  let w = 0;
  while (w < W && i32At(BOARD, w) == -1) w++;
  if (w == W) {
    if (general<G>() ? needCount == 0 && placed >= minTotal : d == total) emit(d);
    return 0;
  }
  let c = (w << 5) | ctz<i32>(~i32At(BOARD, w));
  // What this level may place (general): any piece left (0), pieces that need copies only (1), none (2);
  // and whether it may leave its cell empty. Recomputed from the counters when a level is taken up again.
  let extra = minTotal - placed - needCount;
  let skips = free - needArea - (extra > 0 ? extra * smallestSize : 0);
  let mode = placed + needCount < maxTotal ? 0 : placed < maxTotal ? 1 : 2;
  let p = i32At(NEXT_PIECE, P);
  let k = p == P ? 0 : i32At(CAND_START, c * P + p);
  for (;;) {
    // The next candidate at this level that fits (general: of a piece the level may place).
    while (p != P) {
      const end = i32At(CAND_START, c * P + p + 1);
      const may = !general<G>() || (p == hole
        ? skips > 0 && load<u8>(OPTIONAL + <usize>c) == 1
        : mode == 0 || (mode == 1 && i32At(REMAINING, p) > i32At(SLACK, p)));
      if (may) {
        for (; k < end; k++) {
          let j = 0;
          while (j < K && (i32At(BOARD, w + j) & i32At(CAND_MASK, k * K + j)) == 0) j++;
          if (j == K) break;
        }
        if (k < end) break;
      }
      p = i32At(NEXT_PIECE, p);
      if (p != P) k = i32At(CAND_START, c * P + p);
    }
    if (p != P) {
      for (let j = 0; j < K; j++) setI32(BOARD, w + j, i32At(BOARD, w + j) | i32At(CAND_MASK, k * K + j));
      if (!general<G>() || p != hole) {
        const r = i32At(REMAINING, p);
        setI32(REMAINING, p, r - 1);
        if (r == 1) {
          setI32(NEXT_PIECE, i32At(PREV_PIECE, p), i32At(NEXT_PIECE, p));
          setI32(PREV_PIECE, i32At(NEXT_PIECE, p), i32At(PREV_PIECE, p));
        }
        if (general<G>()) {
          if (r > i32At(SLACK, p)) {
            needCount--;
            needArea -= i32At(PIECE_SIZE, p);
          }
          placed++;
        }
        sizeState -= i32At(PIECE_RADIX, p);
      }
      if (general<G>()) {
        free -= i32At(CAND_SIZE, k);
        freeOpt -= i32At(CAND_OPT, k);
      }
      setI32(LEVEL_KEY, d, c);
      setI32(LEVEL_SLOT, d, p);
      setI32(PATH, d++, k);
      nodes += 1;
      if (--countdown == 0) {
        countdown = interval;
        if (tick(nodes)) {
          stopDepth = d;
          stopNext = -1;
          break;
        }
      }
      let alive: bool;
      if (general<G>()) {
        extra = minTotal - placed - needCount;
        skips = free - needArea - (extra > 0 ? extra * smallestSize : 0);
        const tState = capCopies ? cappedState(sizeState, free - freeOpt, maxTotal - placed) : sizeState;
        alive = skips >= 0 && <i32>load<u8>(GAP + <usize>(tState * n1 + free)) <= freeOpt && free - freeOpt <= largestSize * (maxTotal - placed) && regionsAliveWide<G>(regionMode, k, skips, tState);
      } else {
        alive = regionsAliveWide<G>(regionMode, k, 0, sizeState);
      }
      if (alive) {
        // the first empty cell, from this one on (everything before is full)
        let x = ~i32At(BOARD, w);
        while (x == 0 && w < W) x = ~i32At(BOARD, ++w);
        if (w < W) {
          c = (w << 5) | ctz<i32>(x);
          if (general<G>()) mode = placed + needCount < maxTotal ? 0 : placed < maxTotal ? 1 : 2;
          p = i32At(NEXT_PIECE, P);
          for (let q = p; q != P; q = i32At(NEXT_PIECE, q)) {
            if ((!general<G>() || i32At(REMAINING, q) > i32At(SLACK, q)) && i32At(LAST_CELL, q) < c) p = P;
          }
          if (p != P) k = i32At(CAND_START, c * P + p);
          continue;
        }
        if (general<G>() ? needCount == 0 && placed >= minTotal : d == total) {
          if (emit(d)) break;
        }
      }
    } else if (d == baseDepth) {
      break;
    }
    // Take back the choice of the level above and go on with its next candidate.
    d--;
    c = i32At(LEVEL_KEY, d);
    w = c >> 5;
    p = i32At(LEVEL_SLOT, d);
    k = i32At(PATH, d);
    for (let j = 0; j < K; j++) setI32(BOARD, w + j, i32At(BOARD, w + j) ^ i32At(CAND_MASK, k * K + j));
    if (general<G>()) {
      free += i32At(CAND_SIZE, k);
      freeOpt += i32At(CAND_OPT, k);
    }
    if (!general<G>() || p != hole) {
      const r = i32At(REMAINING, p) + 1;
      setI32(REMAINING, p, r);
      if (r == 1) {
        setI32(NEXT_PIECE, i32At(PREV_PIECE, p), p);
        setI32(PREV_PIECE, i32At(NEXT_PIECE, p), p);
      }
      if (general<G>()) {
        if (r > i32At(SLACK, p)) {
          needCount++;
          needArea += i32At(PIECE_SIZE, p);
        }
        placed--;
      }
      sizeState += i32At(PIECE_RADIX, p);
    }
    if (general<G>()) {
      extra = minTotal - placed - needCount;
      skips = free - needArea - (extra > 0 ? extra * smallestSize : 0);
      mode = placed + needCount < maxTotal ? 0 : placed < maxTotal ? 1 : 2;
    }
    k++;
  }
  return nodes;
}

/** The search on the wide path: `loop` 0 the general search, any other the exact one (runWindow's codes). */
export function runWideLoop(
  loop: i32, total: i32, regionMode: i32, sizeState: i32, baseDepth: i32,
  placed: i32, needCount: i32, needArea: i32, free: i32, freeOpt: i32, interval: i32,
): f64 {
  if (loop == 0) return runWide<General>(total, regionMode, sizeState, baseDepth, placed, needCount, needArea, free, freeOpt, interval);
  return runWide<Exact>(total, regionMode, sizeState, baseDepth, placed, needCount, needArea, free, freeOpt, interval);
}

/** The wide path's check before it enters the child of candidate k, just placed (`loop` as runWideLoop's). */
export function childAliveWide(loop: i32, regionMode: i32, k: i32, skips: i32, state: i32): bool {
  return loop == 0 ? regionsAliveWide<General>(regionMode, k, skips, state) : regionsAliveWide<Exact>(regionMode, k, skips, state);
}

/** Every region of the board, on any path (`loop` as runWideLoop's). */
export function allRegionsAlive(loop: i32, skips: i32, state: i32): bool {
  return loop == 0 ? allRegionsAliveWide<General>(skips, state) : allRegionsAliveWide<Exact>(skips, state);
}

/** Rule (8), for the engine's own code (start()). */
export function cappedSizeState(state: i32, mustCover: i32, piecesLeft: i32): i32 {
  return cappedState(state, mustCover, piecesLeft);
}
