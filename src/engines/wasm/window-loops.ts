// AssemblyScript, compiled to WebAssembly by scripts/build-wasm.mjs (not TypeScript: tsconfig.json leaves
// this folder out). The bitboard engine's exact search on the window paths (runWindow1, runWindow2 in
// bitboard.ts's top comment) and its region check: the loops that count 6x10 and pack the 3-D boxes of up
// to 64 cells. One source for both windows: W is the window's word, u32 (cells c .. c+31) or u64 (c ..
// c+63), and each export is one instance of the generic.
//
// Memory. The caller (bitboard-wasm.ts) owns the memory, imported as env.memory, and writes the tables
// into it once, before any search; the addresses are the exported globals below, set by the caller. Every
// table is read only, but the search state shared with the engine's own code: REMAINING, PATH and FIXED
// (the engine's `remaining`, `path` and `fixedWords` are views of them). The 64-bit tables hold each
// entry as a little-endian u64, the engine's (lo, hi) pair; the u32 window reads their low halves.
//
// Invariants and the search: those of bitboard.ts (the window paths). A run ends at the end of its
// subtree, or when emit or tick says stop; at a stop by the clock, stopDepth and stopNext name the node it
// was about to enter (path[0 .. stopDepth-1], then candidate stopNext), for the engine's stopPath.

/** Records the solution path[0 .. depth-1]; true when the search must stop. */
@external('snug', 'emit')
declare function emit(depth: i32): bool;
/** The clock's check (`nodes`: this run's so far; `quiet`: no progress tick); true when the search must stop. */
@external('snug', 'tick')
declare function tick(nodes: f64, quiet: bool): bool;

// The tables' addresses (see bitboard-wasm.ts for what each holds).
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
// The search state.
export let REMAINING: usize = 0;
export let PATH: usize = 0;
/** i32 per cell x: cells x .. x+31 as the first levels left them (the engine's fixedWords). */
export let FIXED: usize = 0;
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

/** Cells visited by region fills since the caller last took them. */
export let updates: f64 = 0;
export let stopDepth: i32 = 0;
export let stopNext: i32 = 0;

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
 * The region check after candidate k, placed at the window's first cell c: `w` is the window with k placed,
 * `state` the size state after it. A region that reaches a cell with a neighbour past the window is big.
 */
function haloAlive<W>(k: i32, c: i32, w: W, state: i32): bool {
  const row = c << 6;
  const edge = wordAt<W>(EDGE, c);
  const limit = fillLimit;
  let seed = wordAt<W>(HALO_REL, k) & ~w;
  let big: W = 0;
  let visited = 0;
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
    } else if (load<u8>(GAP + <usize>(state * (cells + 1) + size)) != 0 || (size <= fitLimit && !pieceFits<W>(c, r))) {
      alive = false;
      break;
    }
    seed &= ~(r | big);
  }
  updates += visited;
  return alive;
}

/** The key masks' entry i: the candidates of one slot at one (cell, key). */
@inline function keyMask(i: i32): i32 {
  const shift = KEY_MASK_SHIFT;
  if (shift == 0) return <i32>load<u8>(KEY_MASKS + <usize>i);
  if (shift == 1) return <i32>load<u16>(KEY_MASKS + (<usize>i << 1));
  return load<i32>(KEY_MASKS + (<usize>i << 2));
}

/**
 * The exact search below the node the engine's start() reached: depth `baseDepth`, first empty cell `c`
 * (the board full past it but for FIXED), the slots with copies left `avail` and with one `single`, the
 * size state `sizeState`. The key: runs at offsets o0, o1, o2 of widths w0, w1, w2 after the first empty
 * cell, `bits` in all. Returns the nodes visited.
 */
function run<W>(
  slotCount: i32, bits: i32, total: i32, regions: bool,
  o0: i32, o1: i32, o2: i32, w0: i32, w1: i32, w2: i32,
  availIn: i32, singleIn: i32, sizeStateIn: i32, baseDepth: i32, cIn: i32,
  firstCheck: i32, interval: i32,
): f64 {
  const S = slotCount;
  const B = bits;
  const WIDTH = <i32>sizeof<W>() << 3;
  const n = cells;
  const m0 = (1 << w0) - 1;
  const m1 = (1 << w1) - 1;
  const m2 = (1 << w2) - 1;
  const q1 = w0;
  const q2 = w0 + w1;
  let avail = availIn;
  let single = singleIn;
  let sizeState = sizeStateIn;
  let nodes: f64 = 0;
  let countdown = firstCheck;
  let quiet = true; // the first check (see FIRST_CHECK in bitboard.ts)
  let d = baseDepth;
  let c = cIn;
  if (c < 0) {
    if (d == total) emit(d);
    return 0;
  }
  let w = fixedAt<W>(c);
  let lo = <u32>w;
  // This level: ck = (c << B) | key; `slots` still to try; slot s, its candidates from `base`, `cands`
  // the ones still to try.
  let ck = (c << B) | <i32>((lo >> o0) & m0) | <i32>(((lo >> o1) & m1) << q1) | <i32>(((lo >> o2) & m2) << q2);
  let slots = i32At(KEY_PIECES, ck) & avail;
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
        countdown = quiet ? interval - firstCheck : interval;
        const stopNow = tick(nodes, quiet);
        quiet = false;
        if (stopNow) {
          stopDepth = d;
          stopNext = k;
          stop = true;
          break;
        }
      }
      const navail = avail & ~(single & i32At(PIECE_SLOTS, p));
      const placed = w | mask; // the window with k placed
      // The child's window starts at its first empty cell: it moves on by whole words while the window is
      // full, then by the rest. The cells that come in are full only where the first levels placed
      // something (nothing placed below them reaches past the window).
      let nc = c;
      let nw = placed;
      while (nw == <W>-1) {
        nw = fixedAt<W>(nc + WIDTH);
        nc += WIDTH;
      }
      const step = <i32>ctz<W>(~nw);
      nc += step;
      if (nc >= n) {
        if (d + 1 == total) {
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
      const nlo = <u32>nw;
      const nck = (nc << B) | <i32>((nlo >> o0) & m0) | <i32>(((nlo >> o1) & m1) << q1) | <i32>(((nlo >> o2) & m2) << q2);
      const nslots = i32At(KEY_PIECES, nck) & navail;
      if (nslots == 0 || (i32At(PAST_LAST, nc) & navail) != 0) continue;
      const left = i32At(REMAINING, p) - 1;
      setI32(REMAINING, p, left);
      if (regions && !haloAlive<W>(k, c, placed, sizeState - i32At(PIECE_RADIX, p))) {
        setI32(REMAINING, p, left + 1);
        continue;
      }
      // Enter the child.
      if (left == 1) single |= i32At(PIECE_SLOTS, p);
      else single &= ~i32At(PIECE_SLOTS, p);
      sizeState -= i32At(PIECE_RADIX, p);
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
      ck = nck;
      slots = nslots;
      cands = 0; // the child's candidates come slot by slot
    }
    if (stop) break;
    if (slots != 0) {
      // The next slot (piece type) at this level.
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
    const copies = i32At(REMAINING, p) + 1;
    setI32(REMAINING, p, copies);
    if (copies == 1) {
      avail |= i32At(PIECE_SLOTS, p);
      single |= i32At(PIECE_SLOTS, p);
    } else if (copies == 2) {
      single &= ~i32At(PIECE_SLOTS, p);
    }
    sizeState += i32At(PIECE_RADIX, p);
  }
  return nodes;
}

/** run on the one-word window. */
export function runWindow1(
  slotCount: i32, bits: i32, total: i32, regions: bool,
  o0: i32, o1: i32, o2: i32, w0: i32, w1: i32, w2: i32,
  avail: i32, single: i32, sizeState: i32, baseDepth: i32, c: i32,
  firstCheck: i32, interval: i32,
): f64 {
  return run<u32>(slotCount, bits, total, regions, o0, o1, o2, w0, w1, w2, avail, single, sizeState, baseDepth, c, firstCheck, interval);
}

/** run on the two-word window. */
export function runWindow2(
  slotCount: i32, bits: i32, total: i32, regions: bool,
  o0: i32, o1: i32, o2: i32, w0: i32, w1: i32, w2: i32,
  avail: i32, single: i32, sizeState: i32, baseDepth: i32, c: i32,
  firstCheck: i32, interval: i32,
): f64 {
  return run<u64>(slotCount, bits, total, regions, o0, o1, o2, w0, w1, w2, avail, single, sizeState, baseDepth, c, firstCheck, interval);
}

/** haloAlive on the one-word window (the engine's checks outside the loop: start(), lookAhead). */
export function haloAliveWindow1(k: i32, c: i32, lo: i32, state: i32): bool {
  return haloAlive<u32>(k, c, <u32>lo, state);
}

/** haloAlive on the two-word window (lo, hi). */
export function haloAliveWindow2(k: i32, c: i32, lo: i32, hi: i32, state: i32): bool {
  return haloAlive<u64>(k, c, <u64><u32>lo | (<u64><u32>hi << 32), state);
}
