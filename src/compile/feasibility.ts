import type { Cell } from '../geometry/cell.js';
import { BuildArena, bitboardLoopsAvailable } from '../engines/bitboard-wasm.js';
import type { BoardIndex } from '../placements/board.js';
import type { PlacementTable } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { pieceMin } from '../puzzle/model.js';

/**
 * Colouring arguments: colour the cells in two colours; each placement of a piece covers some number of
 * dark cells minus light cells, and a solution's pieces must add up to the board's own difference. When no
 * choice of one value per piece copy reaches it, no solution exists, and we can say why before searching.
 * (This is how one shows that the 35 hexominoes tile no rectangle: 11 of them always cover 4 of one colour
 * and 2 of the other, and an odd number of such pieces cannot balance.)
 */
const COLOURINGS: readonly { name: string; dims: 2 | 3; dark: (c: Cell) => boolean }[] = [
  { name: 'checkerboard', dims: 2, dark: (c) => (c[0] + c[1] + c[2]) % 2 === 0 },
  { name: 'column stripes', dims: 2, dark: (c) => c[0] % 2 === 0 },
  { name: 'row stripes', dims: 2, dark: (c) => c[1] % 2 === 0 },
  { name: 'layer stripes', dims: 3, dark: (c) => c[2] % 2 === 0 },
];

/** The reason no solution can exist by a colouring argument, or undefined when none applies. */
export function colouringObstruction(puzzle: Puzzle, board: BoardIndex, table: PlacementTable): string | undefined {
  const n = board.cells.length;
  for (const colouring of COLOURINGS) {
    if (colouring.dims > puzzle.dims) continue;
    const sign = Int32Array.from(board.cells, (c) => (colouring.dark(c) ? 1 : -1));
    const target = sign.reduce((s, v) => s + v, 0);
    const value = placementSums(table, sign);
    // bit n + s of `reachable` is set when the copies so far can make the difference s (-n <= s <= n; a
    // solution's pieces cover distinct cells, so no part of it goes beyond). Bit sets, shifted a word at a
    // time: ten thousand copies on a board of ten thousand cells took seconds one value at a time.
    const words = ((2 * n) >> 5) + 1;
    let reachable = new Uint32Array(words);
    let next = new Uint32Array(words);
    reachable[n >> 5] = 1 << (n & 31);
    puzzle.pieces.forEach((piece, i) => {
      // each value once (a value v is at most the piece's size s away from 0: seen[v + s])
      const size = piece.shape.length;
      const seen = new Uint8Array(2 * size + 1);
      const values: number[] = [];
      const mine = table.byPiece[i]!;
      for (let j = 0; j < mine.length; j++) {
        const v = value[mine[j]!]!;
        if (v < -size || v > size) {
          if (!values.includes(v)) values.push(v); // (a placement of other cells than its shape's: none known)
        } else if (seen[v + size] === 0) {
          seen[v + size] = 1;
          values.push(v);
        }
      }
      for (let copy = 0; copy < piece.count; copy++) {
        next.fill(0);
        for (const v of values) orShifted(next, reachable, v);
        next[words - 1]! &= lowBits((2 * n) % 32 + 1);
        [reachable, next] = [next, reachable];
      }
    });
    const bit = (k: number): boolean => (reachable[k >> 5]! & (1 << (k & 31))) !== 0;
    if (!bit(n + target)) {
      const dark = (n + target) / 2;
      return `${colouring.name} colouring: the board has ${dark} dark and ${n - dark} light cells, and no placement of the pieces covers those numbers`;
    }
  }
  return undefined;
}

/** A table's placements as lists: placement k's cells are cellList[cellStart[k] .. cellStart[k + 1] - 1]. */
interface PlacementLists {
  readonly cellStart: Int32Array;
  readonly cellList: Int32Array;
  readonly pieceOf: Int32Array;
}

/** Made once per table, for the checks here (the dead placements, each colouring). */
const listsOf = new WeakMap<PlacementTable, PlacementLists>();

function placementLists(table: PlacementTable): PlacementLists {
  let lists = listsOf.get(table);
  if (!lists) {
    const count = table.placements.length;
    let cellsInAll = 0;
    for (let k = 0; k < count; k++) cellsInAll += table.placements[k]!.cells.length;
    const cellStart = new Int32Array(count + 1);
    const cellList = new Int32Array(cellsInAll);
    const pieceOf = new Int32Array(count);
    for (let k = 0, at = 0; k < count; k++) {
      const placement = table.placements[k]!;
      cellList.set(placement.cells, at);
      at += placement.cells.length;
      cellStart[k + 1] = at;
      pieceOf[k] = placement.piece;
    }
    listsOf.set(table, (lists = { cellStart, cellList, pieceOf }));
  }
  return lists;
}

/**
 * The sum of weight[c] over each placement's cells c. The loop is WebAssembly's where it can be compiled
 * (in JavaScript it runs once per placement and colouring, before the JIT has warmed up).
 */
function placementSums(table: PlacementTable, weight: Int32Array): Int32Array {
  const { cellStart, cellList } = placementLists(table);
  const count = cellStart.length - 1;
  if (bitboardLoopsAvailable()) {
    const arena = BuildArena.open();
    const sumsAt = arena.reserve(4 * count);
    arena.kernels.placementSums(count, arena.put(cellStart), arena.put(cellList), arena.put(weight), sumsAt);
    return arena.take(Int32Array, sumsAt, count);
  }
  const sums = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    let sum = 0;
    for (let j = cellStart[k]!; j < cellStart[k + 1]!; j++) sum += weight[cellList[j]!]!;
    sums[k] = sum;
  }
  return sums;
}

/** dst |= src shifted up by `shift` bits (down when it is negative); bits shifted below 0 or past the end are lost. */
function orShifted(dst: Uint32Array, src: Uint32Array, shift: number): void {
  const ws = Math.floor(shift / 32);
  const bs = shift - 32 * ws;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v === 0) continue;
    const j = i + ws;
    if (j >= 0 && j < dst.length) dst[j]! |= v << bs;
    if (bs !== 0 && j + 1 >= 0 && j + 1 < dst.length) dst[j + 1]! |= v >>> (32 - bs);
  }
}

/** A word with its lowest `count` bits set (1 to 32). */
function lowBits(count: number): number {
  return count >= 32 ? 0xffffffff : (1 << count) - 1;
}

/** Cells a region fill looks at before it calls the region big enough (see deadPlacements). */
const REGION_LOOK = 2;
/** deadPlacements does nothing past this many placement-cells (placements times their look at the board). */
const DEAD_PLACEMENT_WORK = 4_000_000;

/**
 * The placements no solution of an exact packing can use: on the board with only that placement down, some
 * region of empty cells (a connected set, walled off by the placement and the board's edge) has a number
 * of cells that no set of the other pieces adds up to (a corner cell cut off by a pentomino, three cells
 * along an edge). Every solution tiles each such region with some of the other pieces, so none contains the
 * placement. This is what the fastest pentomino solvers do when they build their tables; the search's own
 * region checks would find the same dead ends, but only after placing the piece, at every node where it
 * fits. Regions are measured up to REGION_LOOK times the largest piece (larger ones are left be), and the
 * whole check is skipped on puzzles too big for it to pay. Returns 1 for each placement to drop.
 */
export function deadPlacements(puzzle: Puzzle, board: BoardIndex, table: PlacementTable): Uint8Array {
  const count = table.placements.length;
  const n = board.cells.length;
  const sizes = puzzle.pieces.map((p) => p.shape.length);
  const largest = Math.max(1, ...sizes);
  const look = REGION_LOOK * largest;
  // (the loop is WebAssembly's, wasm/bitboard-build.ts: where none can be compiled, no placement is
  // dropped here, and the search finds the same dead ends itself)
  if (count * largest * look > DEAD_PLACEMENT_WORK || !bitboardLoopsAvailable()) return new Uint8Array(count);
  const arena = BuildArena.open();
  // reachable[p * (look + 1) + s]: s cells are a sum of sizes of the pieces other than one copy of p (up to `look`)
  const reachableAt = arena.reserve(puzzle.pieces.length * (look + 1));
  const reachable = arena.view(Uint8Array, reachableAt, puzzle.pieces.length * (look + 1));
  puzzle.pieces.forEach((_, p) => {
    const at = p * (look + 1);
    reachable[at] = 1;
    puzzle.pieces.forEach((piece, q) => {
      const copies = Math.min(piece.count - (q === p ? 1 : 0), Math.floor(look / sizes[q]!));
      for (let c = 0; c < copies; c++) for (let s = look; s >= sizes[q]!; s--) if (reachable[at + s - sizes[q]!]) reachable[at + s] = 1;
    });
  });
  // the board's neighbours as lists
  let neighboursInAll = 0;
  for (let c = 0; c < n; c++) neighboursInAll += board.neighbours[c]!.length;
  const nbrStartAt = arena.reserve(4 * (n + 1));
  const nbrAt = arena.reserve(4 * neighboursInAll);
  const nbrStart = arena.view(Int32Array, nbrStartAt, n + 1);
  const nbr = arena.view(Int32Array, nbrAt, neighboursInAll);
  for (let c = 0, at = 0; c < n; c++) {
    nbr.set(board.neighbours[c]!, at);
    at += board.neighbours[c]!.length;
    nbrStart[c + 1] = at;
  }
  const { cellStart, cellList, pieceOf } = placementLists(table);
  const cellStartAt = arena.put(cellStart);
  const cellListAt = arena.put(cellList);
  const pieceOfAt = arena.put(pieceOf);
  const deadAt = arena.reserve(count);
  const markAt = arena.reserve(4 * n, 0xff);
  const queueAt = arena.reserve(4 * look);
  arena.kernels.deadPlacements(count, cellStartAt, cellListAt, pieceOfAt, nbrStartAt, nbrAt, look, reachableAt, markAt, queueAt, deadAt);
  return arena.take(Uint8Array, deadAt, count);
}

/** lookaheadDeadPlacements does nothing past this many 32-bit words of conflict sets (placements squared over 32: 16 MB). */
const LOOKAHEAD_WORDS = 4_000_000;
/** ... or past this much work building them (words times cells per placement), and its passes stop after about this much work in all. */
const LOOKAHEAD_WORK = 60_000_000;

/**
 * The placements no solution can use because, with that placement down, some cell that must be covered
 * has no other placement left that could cover it, or some piece that must be used has no placement left
 * (every one overlaps it): one step of Dancing Links' look-ahead, done once for each placement when the
 * tables are built, as BurrTools does before it solves (its "reduce"). A placement found dead is taken out
 * and the check repeated until nothing more goes, since each removal can starve others. Secondary
 * constraints (sticks crossing at a point) are left out of "overlaps", which only makes the check weaker,
 * never wrong. `dead` (1 for a placement already known dead) is updated in place; returns how many it
 * added. Skipped when the puzzle is too large for it to pay (LOOKAHEAD_WORDS, LOOKAHEAD_WORK).
 *
 * Bit sets over placements: conflict(q) holds every placement that cannot be down with q (it shares a
 * cell, or it is another placement of q's piece when that piece has one copy). The placements that starve
 * cell c are those not over c that conflict with every live placement over c: an intersection, which
 * mostly empties after a few sets; likewise for a piece that must be used. The loops are WebAssembly's
 * (lookaheadDead in wasm/bitboard-build.ts): in JavaScript they ran before the JIT had warmed up, some
 * 50-90 ms of BurrTools' Pelikan Burr's preparing (3,601 placements of 25 cells, sets of 113 words).
 */
export function lookaheadDeadPlacements(puzzle: Puzzle, board: BoardIndex, table: PlacementTable, dead: Uint8Array): number {
  const count = table.placements.length;
  // (sets of whole 128-bit vectors: the loops take four words at a time)
  const words = ((count + 127) >>> 7) << 2;
  const { cellStart, cellList, pieceOf } = placementLists(table);
  const cellsPlaced = cellList.length;
  // (the loops are WebAssembly's, wasm/bitboard-build.ts: where none can be compiled, no placement is taken
  // out here, and the search finds the same dead ends itself)
  if (count * words > LOOKAHEAD_WORDS || words * cellsPlaced > LOOKAHEAD_WORK || !bitboardLoopsAvailable()) return 0;
  const n = board.cells.length;
  const P = puzzle.pieces.length;
  const required = new Uint8Array(n).fill(1);
  for (const c of puzzle.optional ?? []) {
    const i = board.indexOf(c);
    if (i >= 0) required[i] = 0;
  }
  const pieceStart = new Int32Array(P + 1);
  table.byPiece.forEach((list, p) => { pieceStart[p + 1] = pieceStart[p]! + list.length; });
  const pieceList = new Int32Array(pieceStart[P]!);
  table.byPiece.forEach((list, p) => pieceList.set(list, pieceStart[p]!));
  const arena = BuildArena.open();
  const deadAt = arena.put(dead);
  const args = [
    arena.put(cellStart), arena.put(cellList), arena.put(pieceOf),
    arena.put(Uint8Array.from(puzzle.pieces, (p) => (p.count <= 1 ? 1 : 0))), arena.put(required), arena.put(Int32Array.from(puzzle.pieces, pieceMin)),
    arena.put(pieceStart), arena.put(pieceList), deadAt,
    arena.reserve(4 * (n + 1)), arena.reserve(4 * cellsPlaced), arena.reserve(4 * n * words), arena.reserve(4 * P * words),
    arena.reserve(4 * words), arena.reserve(4 * words), arena.reserve(4 * count * words), arena.reserve(count),
  ] as const;
  const added = arena.kernels.lookaheadDead(count, words, n, P, ...args, LOOKAHEAD_WORK);
  dead.set(arena.view(Uint8Array, deadAt, count));
  return added;
}
