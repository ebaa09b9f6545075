// AssemblyScript, compiled with bitboard-loops.ts into one module by scripts/build-wasm.mjs. The loops
// that build the bitboard engine's tables (bitboard-tables.ts and bitboard-keys.ts say what each table is
// and call these). Why here: the tables are built once per problem, so in JavaScript their loops ran
// mostly in V8's interpreter, before the JIT had warmed up (some 30 ms of the Tetris Cube's preparing, ten
// times what the same loops take warm); WebAssembly runs them compiled from the first call.
//
// Memory. The caller (BuildArena in bitboard-wasm.ts) lays out each kernel's input and output in the
// builders' memory, and passes their addresses; nothing here keeps state between calls but the results
// named below. Tables of i32 unless said; "u64" tables hold each entry as a little-endian
// 64-bit word, bit u standing for the cell u after some first cell.

@inline function i32At(table: usize, i: i32): i32 {
  return load<i32>(table + (<usize>i << 2));
}

@inline function setI32(table: usize, i: i32, v: i32): void {
  store<i32>(table + (<usize>i << 2), v);
}

/** Sets bit u (0 .. 63) of u64 entry i. */
/** The four 32-bit words i .. i+3 of a bit set (the look-ahead's sets are whole 128-bit vectors long). */
@inline function v128At(table: usize, i: i32): v128 {
  return v128.load(table + (<usize>i << 2));
}

@inline function setV128(table: usize, i: i32, v: v128): void {
  v128.store(table + (<usize>i << 2), v);
}

@inline function setBit64(table: usize, i: i32, u: i32): void {
  const at = table + (<usize>i << 3);
  store<u64>(at, load<u64>(at) | (<u64>1 << <u64>u));
}

/** Sorts the i32 entries [start, end) of `table`, ascending (a placement's few cells: insertion sort). */
function sortRange(table: usize, start: i32, end: i32): void {
  for (let i = start + 1; i < end; i++) {
    const v = i32At(table, i);
    let j = i - 1;
    while (j >= start && i32At(table, j) > v) {
      setI32(table, j + 1, i32At(table, j));
      j--;
    }
    setI32(table, j + 1, v);
  }
}

/** Results of sortPlacements: the most words and cells past its first that a candidate reaches. */
export let builtSpan: i32 = 0;
export let builtReach: i32 = 0;

/**
 * The candidates' first pass. Placement i (0 .. count-1) of piece pieceOf[i] has the caller's cells
 * cellList[cellStart[i] .. cellStart[i+1]-1]; they are rewritten in place as internal cells (indexOf[c];
 * -1 off the board), ascending. group[i] is then first cell * P + piece for a valid placement (on the
 * board, no cell twice, a piece with copies, a caller's placement not naming the hole piece R), -1 for
 * another; groupStart (n*P + 1 entries, zero on entry) becomes the start of each group in candidate order.
 * Sets builtSpan and builtReach (the pieces with placedFirst[p] set aside from the reach).
 */
export function sortPlacements(
  count: i32, callers: i32, pieceOf: usize, cellStart: usize, cellList: usize, indexOf: usize, n: i32, P: i32, R: i32,
  pieceCounts: usize, placedFirst: usize, group: usize, groupStart: usize,
): void {
  let span = 1;
  let reach = 0;
  for (let i = 0; i < count; i++) {
    const start = i32At(cellStart, i);
    const end = i32At(cellStart, i + 1);
    for (let j = start; j < end; j++) {
      const c = i32At(cellList, j);
      setI32(cellList, j, c >= 0 && c < n ? i32At(indexOf, c) : -1);
    }
    sortRange(cellList, start, end);
    const named = i32At(pieceOf, i);
    const piece = i < callers && named == R ? -1 : named;
    let valid = end > start && i32At(cellList, start) >= 0 && piece >= 0 && piece < P && i32At(pieceCounts, piece) > 0;
    for (let j = start + 1; j < end && valid; j++) valid = i32At(cellList, j) != i32At(cellList, j - 1);
    if (!valid) {
      setI32(group, i, -1);
      continue;
    }
    const first = i32At(cellList, start);
    const last = i32At(cellList, end - 1);
    const g = first * P + piece;
    setI32(group, i, g);
    setI32(groupStart, g + 1, i32At(groupStart, g + 1) + 1);
    span = max(span, (last >> 5) - (first >> 5) + 1);
    if (load<u8>(placedFirst + <usize>piece) == 0) reach = max(reach, last - first);
  }
  for (let g = 0; g < n * P; g++) setI32(groupStart, g + 1, i32At(groupStart, g + 1) + i32At(groupStart, g));
  builtSpan = span;
  builtReach = reach;
}

/**
 * The candidates' second pass, after sortPlacements: candidate k = next[group[i]]++ of each valid
 * placement i (next: a copy of candStart's first n*P entries), its words (candMask, `span` per candidate,
 * zero on entry), caller's placement (-1 past `callers`: the hole piece's), piece, first cell, size,
 * optional cells; placementCand (-1 on entry); lastCell (-1 on entry); and its cells in candidate order,
 * candCells[candCellStart[k] ..].
 */
export function fillCandidates(
  count: i32, callers: i32, P: i32, span: i32, cellStart: usize, cellList: usize, optional: usize, group: usize, next: usize,
  candMask: usize, candPlacement: usize, candPiece: usize, candCell: usize, candSize: usize, candOpt: usize,
  placementCand: usize, lastCell: usize, candCellStart: usize, candCells: usize, m: i32,
): void {
  for (let i = 0; i < count; i++) {
    const g = i32At(group, i);
    if (g < 0) continue;
    const k = i32At(next, g);
    setI32(next, g, k + 1);
    const start = i32At(cellStart, i);
    const end = i32At(cellStart, i + 1);
    const first = i32At(cellList, start);
    let opt = 0;
    for (let j = start; j < end; j++) {
      const c = i32At(cellList, j);
      const w = k * span + (c >> 5) - (first >> 5);
      setI32(candMask, w, i32At(candMask, w) | (1 << (c & 31)));
      opt += load<u8>(optional + <usize>c);
    }
    const piece = g % P;
    setI32(candSize, k, end - start);
    setI32(candOpt, k, opt);
    setI32(candPlacement, k, i < callers ? i : -1);
    setI32(candPiece, k, piece);
    setI32(candCell, k, first);
    if (i < callers) setI32(placementCand, i, k);
    if (first > i32At(lastCell, piece)) setI32(lastCell, piece, first);
    // (its cells are copied below, once every candidate's size is known)
    setI32(group, i, k);
  }
  setI32(candCellStart, 0, 0);
  for (let k = 0; k < m; k++) setI32(candCellStart, k + 1, i32At(candCellStart, k) + i32At(candSize, k));
  for (let i = 0; i < count; i++) {
    const k = i32At(group, i);
    if (k < 0) continue;
    const start = i32At(cellStart, i);
    memory.copy(candCells + (<usize>i32At(candCellStart, k) << 2), cellList + (<usize>start << 2), <usize>(i32At(cellStart, i + 1) - start) << 2);
  }
}

/**
 * The halos of m candidates (cells candCells[candCellStart[k] ..], ascending) on n cells with neighbours
 * nbr[nbrStart[c] ..]: the cells next to candidate k after its first cell and not its own, ascending, at
 * halo[haloStart[k] ..]. `seen`: n entries of scratch, -1 on entry. Returns the halos' length in all.
 */
export function buildHalos(m: i32, candCellStart: usize, candCells: usize, nbrStart: usize, nbr: usize, seen: usize, haloStart: usize, halo: usize): i32 {
  let length = 0;
  setI32(haloStart, 0, 0);
  for (let k = 0; k < m; k++) {
    const start = i32At(candCellStart, k);
    const end = i32At(candCellStart, k + 1);
    const first = i32At(candCells, start);
    for (let i = start; i < end; i++) setI32(seen, i32At(candCells, i), k);
    const from = length;
    for (let i = start; i < end; i++) {
      const c = i32At(candCells, i);
      const stop = i32At(nbrStart, c + 1);
      for (let j = i32At(nbrStart, c); j < stop; j++) {
        const x = i32At(nbr, j);
        if (x > first && i32At(seen, x) != k) {
          setI32(seen, x, k);
          setI32(halo, length++, x);
        }
      }
    }
    sortRange(halo, from, length);
    setI32(haloStart, k + 1, length);
  }
  return length;
}

/**
 * Each candidate's cells as bits after its first (u64 `rel`, zero on entry; cells past 64 left out), and
 * `covered` (32 i32, zero on entry): how many candidates cover each of the 31 cells after their first.
 */
export function relativeCells(m: i32, candCellStart: usize, candCells: usize, rel: usize, covered: usize): void {
  for (let k = 0; k < m; k++) {
    const start = i32At(candCellStart, k);
    const end = i32At(candCellStart, k + 1);
    const first = i32At(candCells, start);
    for (let i = start; i < end; i++) {
      const u = i32At(candCells, i) - first;
      if (u < 64) setBit64(rel, k, u);
      if (u > 0 && u < 32) setI32(covered, u, i32At(covered, u) + 1);
    }
  }
}

/**
 * The key masks (bitboard-keys.ts's keyTables): for each cell c and slot s (S slots, slotPiece, each
 * piece's firstSlot), slotBase[c*S + s]; the masks of every key of B cells (keyCell[t]: the cell key bit t
 * stands for, after the first empty one) at keyMasks[((c << B) | key) * S + s], entries of 1 << shift
 * bytes; keyPieces[(c << B) | key] (zero on entry) the slots whose mask is not empty. The rows of a piece
 * with skip[p] set stay empty (zero on entry). `notCover`: B i32 of scratch.
 */
export function keyMasks(
  n: i32, P: i32, S: i32, B: i32, candStart: usize, rel: usize, slotPiece: usize, firstSlot: usize, skip: usize,
  keyCell: usize, notCover: usize, slotBase: usize, masks: usize, shift: i32, keyPieces: usize,
): void {
  for (let c = 0; c < n; c++) {
    for (let s = 0; s < S; s++) {
      const p = i32At(slotPiece, s);
      const base = i32At(candStart, c * P + p) + 32 * (s - i32At(firstSlot, p));
      const count = max(0, min(32, i32At(candStart, c * P + p + 1) - base));
      setI32(slotBase, c * S + s, base);
      if (count == 0 || load<u8>(skip + <usize>p) != 0) continue;
      const all = count == 32 ? -1 : (1 << count) - 1;
      for (let t = 0; t < B; t++) setI32(notCover, t, all);
      for (let j = 0; j < count; j++) {
        const r = load<u32>(rel + (<usize>(base + j) << 3));
        for (let t = 0; t < B; t++) if ((r & (1 << i32At(keyCell, t))) != 0) setI32(notCover, t, i32At(notCover, t) & ~(1 << j));
      }
      // the keys below 2^(t+1) from those below 2^t: key | 2^t is key less the candidates covering cell t
      const row = (c << B) * S + s;
      const bit = 1 << s;
      putMask(masks, shift, row, all);
      setI32(keyPieces, c << B, i32At(keyPieces, c << B) | bit);
      for (let t = 0, half = 1; t < B; t++, half <<= 1) {
        const nc = i32At(notCover, t);
        for (let key = 0, at = row; key < half; key++, at += S) {
          const mask = getMask(masks, shift, at) & nc;
          putMask(masks, shift, at + half * S, mask);
          if (mask != 0) {
            const x = (c << B) | (half + key);
            setI32(keyPieces, x, i32At(keyPieces, x) | bit);
          }
        }
      }
    }
  }
}

@inline function getMask(masks: usize, shift: i32, i: i32): i32 {
  if (shift == 0) return load<u8>(masks + <usize>i);
  if (shift == 1) return load<u16>(masks + (<usize>i << 1));
  return i32At(masks, i);
}

@inline function putMask(masks: usize, shift: i32, i: i32, v: i32): void {
  if (shift == 0) store<u8>(masks + <usize>i, <u8>v);
  else if (shift == 1) store<u16>(masks + (<usize>i << 1), <u16>v);
  else setI32(masks, i, v);
}

/**
 * The window tables (bitboard-keys.ts's windowTables), every u64 zero on entry: each candidate's halo as
 * bits after its first cell (haloRel; cells past 64 left out), the optional cells of the window at each
 * cell (optRel, when `general`), the neighbours of cell c + u inside the window of `windowCells` cells at
 * c (nbrWin[(c << 6) + u]), and the cells of that window with a neighbour past it (edge).
 */
export function windowBits(
  m: i32, n: i32, windowCells: i32, general: bool, candCellStart: usize, candCells: usize, haloStart: usize, halo: usize,
  nbrStart: usize, nbr: usize, optional: usize, haloRel: usize, optRel: usize, nbrWin: usize, edge: usize,
): void {
  for (let k = 0; k < m; k++) {
    const first = i32At(candCells, i32At(candCellStart, k));
    const end = i32At(haloStart, k + 1);
    for (let i = i32At(haloStart, k); i < end; i++) {
      const u = i32At(halo, i) - first;
      if (u < 64) setBit64(haloRel, k, u);
    }
  }
  if (general) {
    for (let c = 0; c < n; c++) {
      for (let u = 0; u < 64 && c + u < n; u++) if (load<u8>(optional + <usize>(c + u)) != 0) setBit64(optRel, c, u);
    }
  }
  for (let c = 0; c < n; c++) {
    for (let u = 0; u < windowCells && c + u < n; u++) {
      const stop = i32At(nbrStart, c + u + 1);
      for (let j = i32At(nbrStart, c + u); j < stop; j++) {
        const v = i32At(nbr, j) - c;
        if (v >= windowCells) setBit64(edge, c, u);
        else if (v >= 0) setBit64(nbrWin, (c << 6) + u, v);
      }
    }
  }
}

/**
 * compile/feasibility.ts's deadPlacements, its loop: placement k (0 .. count-1) of piece pieceOf[k], cells
 * cellList[cellStart[k] ..], is dead (dead[k] = 1, u8, zero on entry) when, with it alone on the board, a
 * region of empty cells next to it has a size that reachable[piece * (look + 1) + size] (u8) says the
 * other pieces cannot make up. Regions are filled up to `look` cells (larger ones are big enough); board
 * neighbours nbr[nbrStart[c] ..]; `mark` (n i32, -1 on entry) and `queue` (look i32) are scratch.
 */
export function deadPlacements(
  count: i32, cellStart: usize, cellList: usize, pieceOf: usize, nbrStart: usize, nbr: usize, look: i32, reachable: usize,
  mark: usize, queue: usize, dead: usize,
): void {
  // a fill's cells carry its stamp, the placement's cells the placement's
  let stamp = 0;
  for (let k = 0; k < count; k++) {
    const start = i32At(cellStart, k);
    const end = i32At(cellStart, k + 1);
    const own = ++stamp;
    for (let i = start; i < end; i++) setI32(mark, i32At(cellList, i), own);
    const sizes = reachable + <usize>(i32At(pieceOf, k) * (look + 1));
    let isDead = false;
    for (let i = start; i < end && !isDead; i++) {
      const c = i32At(cellList, i);
      const aroundEnd = i32At(nbrStart, c + 1);
      for (let a = i32At(nbrStart, c); a < aroundEnd && !isDead; a++) {
        const from = i32At(nbr, a);
        if (i32At(mark, from) >= own) continue; // the placement, or a region already measured
        const fill = ++stamp;
        setI32(mark, from, fill);
        setI32(queue, 0, from);
        let size = 1;
        let big = false;
        for (let head = 0; head < size && !big; head++) {
          const x = i32At(queue, head);
          const nextEnd = i32At(nbrStart, x + 1);
          for (let b = i32At(nbrStart, x); b < nextEnd; b++) {
            const u = i32At(nbr, b);
            const seen = i32At(mark, u);
            if (seen == own || seen == fill) continue;
            // a cell of an earlier fill of this placement: that one gave up, so this region is big too
            if (seen > own || size == look) {
              big = true;
              break;
            }
            setI32(mark, u, fill);
            setI32(queue, size++, u);
          }
        }
        if (!big && load<u8>(sizes + <usize>size) == 0) isDead = true;
      }
    }
    if (isDead) store<u8>(dead + <usize>k, 1);
  }
}

/** compile/feasibility.ts's colouring argument, its loop: sums[k] (i32) = the sum of weight[c] over placement k's cells. */
export function placementSums(count: i32, cellStart: usize, cellList: usize, weight: usize, sums: usize): void {
  for (let k = 0; k < count; k++) {
    let sum = 0;
    const end = i32At(cellStart, k + 1);
    for (let j = i32At(cellStart, k); j < end; j++) sum += i32At(weight, i32At(cellList, j));
    setI32(sums, k, sum);
  }
}

/**
 * compile/feasibility.ts's look-ahead (lookaheadDeadPlacements says what it finds and why it is sound),
 * its loops. Placement k covers cells cellList[cellStart[k] .. cellStart[k+1]-1] and is a copy of piece
 * pieceOf[k]; `single` (u8 per piece): the piece has one copy; `required` (u8 per cell): the cell must be
 * covered; pieceMin (per piece): its fewest copies; pieceStart/pieceList: each piece's placements, in
 * order; `dead` (u8 per placement): 1 for a placement known dead, set here for those found. Scratch, all
 * zero: overStart (cells + 1), overList (as cellList, or less), byCell (cells x words), byPiece (pieces x words),
 * liveSet and acc (words each), conflict (count x words), made (u8 per placement). Bit sets over
 * placements are `words` u32, a multiple of 4: their loops take 128-bit vectors (SIMD). The passes stop
 * after about `workLimit` word operations past the first. Returns how many placements it found dead.
 */
export function lookaheadDead(
  count: i32, words: i32, cells: i32, pieces: i32, cellStart: usize, cellList: usize, pieceOf: usize,
  single: usize, required: usize, pieceMin: usize, pieceStart: usize, pieceList: usize, dead: usize,
  overStart: usize, overList: usize, byCell: usize, byPiece: usize, liveSet: usize, acc: usize,
  conflict: usize, made: usize, workLimit: f64,
): i32 {
  // the sets of the live placements: by cell, by piece, all; and each cell's live placements in order
  for (let k = 0; k < count; k++) {
    if (load<u8>(dead + <usize>k) != 0) continue;
    const w = k >> 5;
    const bit = 1 << (k & 31);
    for (let i = i32At(cellStart, k), end = i32At(cellStart, k + 1); i < end; i++) {
      const c = i32At(cellList, i);
      setI32(byCell, c * words + w, i32At(byCell, c * words + w) | bit);
      setI32(overStart, c + 1, i32At(overStart, c + 1) + 1);
    }
    const p = i32At(pieceOf, k);
    setI32(byPiece, p * words + w, i32At(byPiece, p * words + w) | bit);
    setI32(liveSet, w, i32At(liveSet, w) | bit);
  }
  for (let c = 0; c < cells; c++) setI32(overStart, c + 1, i32At(overStart, c + 1) + i32At(overStart, c));
  // (overStart[c] as cell c's cursor while its list is filled: it ends at overStart[c + 1], so the starts
  // are then one place on)
  for (let k = 0; k < count; k++) {
    if (load<u8>(dead + <usize>k) != 0) continue;
    for (let i = i32At(cellStart, k), end = i32At(cellStart, k + 1); i < end; i++) {
      const c = i32At(cellList, i);
      const at = i32At(overStart, c);
      setI32(overList, at, k);
      setI32(overStart, c, at + 1);
    }
  }
  for (let c = cells; c > 0; c--) setI32(overStart, c, i32At(overStart, c - 1));
  setI32(overStart, 0, 0);
  let cellsPlaced = 0;
  for (let k = 0; k < count; k++) cellsPlaced += i32At(cellStart, k + 1) - i32At(cellStart, k);
  const passWork = <f64>words * <f64>(cellsPlaced + count);
  let added = 0;
  let changed = true;
  for (let work: f64 = 0; changed && work <= workLimit; work += passWork) {
    changed = false;
    for (let c = 0; c < cells; c++) {
      if (load<u8>(required + <usize>c) == 0) continue;
      for (let w = 0; w < words; w += 4) setV128(acc, w, v128.andnot(v128At(liveSet, w), v128At(byCell, c * words + w)));
      const found = starve(overList, i32At(overStart, c), i32At(overStart, c + 1), count, words, cellStart, cellList, pieceOf, single, dead, byCell, byPiece, liveSet, acc, conflict, made);
      if (found > 0) {
        added += found;
        changed = true;
      }
    }
    for (let p = 0; p < pieces; p++) {
      const min = i32At(pieceMin, p);
      if (min <= 0) continue;
      // a placement of this very piece needs min - 1 others: none when that is 0
      for (let w = 0; w < words; w += 4) setV128(acc, w, min > 1 ? v128At(liveSet, w) : v128.andnot(v128At(liveSet, w), v128At(byPiece, p * words + w)));
      const found = starve(pieceList, i32At(pieceStart, p), i32At(pieceStart, p + 1), count, words, cellStart, cellList, pieceOf, single, dead, byCell, byPiece, liveSet, acc, conflict, made);
      if (found > 0) {
        added += found;
        changed = true;
      }
    }
  }
  return added;
}

/**
 * acc &= conflict(q) for each live q of list[from .. to-1] (stopping once acc is empty), conflict(q) made
 * the first time it is needed; then every placement left in acc dies. Returns how many died.
 */
function starve(
  list: usize, from: i32, to: i32, count: i32, words: i32, cellStart: usize, cellList: usize, pieceOf: usize, single: usize,
  dead: usize, byCell: usize, byPiece: usize, liveSet: usize, acc: usize, conflict: usize, made: usize,
): i32 {
  for (let i = from; i < to; i++) {
    const q = i32At(list, i);
    if (load<u8>(dead + <usize>q) != 0) continue;
    const at = q * words;
    if (load<u8>(made + <usize>q) == 0) {
      // conflict(q): every placement that shares a cell with q, or is another copy of q's piece when it has one
      store<u8>(made + <usize>q, 1);
      for (let j = i32At(cellStart, q), end = i32At(cellStart, q + 1); j < end; j++) {
        const set = i32At(cellList, j) * words;
        for (let w = 0; w < words; w += 4) setV128(conflict, at + w, v128.or(v128At(conflict, at + w), v128At(byCell, set + w)));
      }
      const p = i32At(pieceOf, q);
      if (load<u8>(single + <usize>p) != 0) {
        for (let w = 0; w < words; w += 4) setV128(conflict, at + w, v128.or(v128At(conflict, at + w), v128At(byPiece, p * words + w)));
      }
    }
    let left = i32x4.splat(0);
    for (let w = 0; w < words; w += 4) {
      const v = v128.and(v128At(acc, w), v128At(conflict, at + w));
      setV128(acc, w, v);
      left = v128.or(left, v);
    }
    if (!v128.any_true(left)) return 0;
  }
  let killed = 0;
  for (let w = 0; w < words; w++) {
    for (let bits = i32At(acc, w); bits != 0; bits &= bits - 1) {
      const k = (w << 5) + ctz(bits);
      store<u8>(dead + <usize>k, 1);
      setI32(liveSet, w, i32At(liveSet, w) & ~(1 << (k & 31)));
      killed++;
    }
  }
  return killed;
}
