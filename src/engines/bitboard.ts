/**
 * The bitboard engine: snug's default for polyomino and polycube packings. De Bruijn's backtrack (always
 * fill the first empty cell) with the board and every placement as 32-bit words, and dead-region pruning.
 *
 * Files. The tables described below (scan order, candidates, halos, slots and keys, windows, `gap`, rule
 * (8)'s digits) are built by buildTables in bitboard-tables.ts, with bitboard-keys.ts (the keyed and window
 * paths') and bitboard-sizes.ts (the tables over piece sizes): pure functions of the spec and the options,
 * which the search reads and never writes. This file keeps them as fields of BitboardSolver, beside the
 * search state, and what a search needs around its loops: start() and branches() (prefixes), look-ahead,
 * stops and what is left. The loops and the region checks, which come in variants (one or two window
 * words, the exact or the general search, the window or the wide path), run in WebAssembly: one
 * AssemblyScript source, wasm/bitboard-loops.ts, generic over the window's word and the search, loaded by
 * bitboard-wasm.ts (see there why); the engine's `board`, `remaining`, `nextPiece`, `prevPiece`, `path`
 * and `fixedWords` are views of that module's memory. The build compiles it; a test holds the committed
 * module to its source.
 *
 * Cell order. The board's cells are renumbered 0..n-1 in *scan order*: sorted by coordinates with the
 * axis of smallest extent varying fastest (6x10: columns of 6, top to bottom, left to right; 3x4x5: runs
 * of 3, then 4, then 5). The search always fills the first empty cell c in this order, so every cell
 * before c is full; scanning the short way keeps the filled part a compact front, so that few placements
 * fit at c and holes left behind are reached, and found dead, soon. (6x10 scanned along its rows of 10
 * visits about ten times more nodes.)
 *
 * Words. Internal cell i is bit (i & 31) of word (i >> 5). `board` holds W = ceil(n / 32) words, a set
 * bit meaning full, then span + 1 words of padding that are all ones, as are the bits of cells >= n: an
 * empty bit is always a cell, and a board with no empty bit is full.
 *
 * Candidates. A placement can only be placed when its first cell (in scan order) is the first empty cell,
 * so it is stored once, as a *candidate* of that cell. Candidates are numbered by first cell, then piece
 * type: those of cell c and piece p are `candStart[c*P + p] .. candStart[c*P + p + 1] - 1`. Candidate k
 * is `span` words `candMask[k*span ..]` aligned at word (first cell >> 5), span being the most words any
 * placement reaches from the word of its first cell; the fit test is span ANDs.
 *
 * Slots and keys (the *keyed* paths: when every piece has at most 32 * 32 candidates at a cell). Each
 * piece type has one *slot* per 32 candidates it can have at one cell (one, for polyominoes and
 * polycubes without mirror images); slot masks stand for piece types, so the types with copies left are
 * a bit mask, `avail`. At cell c the B cells after it (in at most three runs, `keyOffset`, `keyWidth`,
 * within the 31 cells after c) form the *key*; `keyMasks[((c << B | key) * S + s]` is the set of slot
 * s's candidates at c that cover none of the key's full cells (bit j = candidate slotBase[c*S + s] + j),
 * and `keyPieces[c << B | key]` the slots where that set is not empty. So a node looks only at piece
 * types it may use, copies of a type are one choice, never tried twice, and nearly every candidate it
 * tests fits. The tables are filled by a recurrence over keys: a key's mask is the mask of the key
 * without its lowest bit, less the candidates covering that bit's cell.
 *
 * The window paths (exact packings; one or two words). Every cell before the first empty cell c is
 * full, and every candidate placed below the first levels started at or before c, so it covers no cell
 * past c + reach (`reach`: the most cells a candidate of a piece not placed first reaches past its
 * first). So the board from c on is one word (cells c .. c+31, when reach <= 30: 2-D boards up to 6
 * across) or two (c .. c+63, reach <= 62: any board of 64 cells, 2-D boards up to 12 across), whatever
 * the board's size; the cells that enter it as c moves on are full only where the first levels placed a
 * piece (`fixedWords`). Candidate k is the word(s) `rel[2k]`, `rel[2k + 1]` from its first cell, so the
 * fit test and the key read the window as it is; each level keeps its window (`levelLo`, `levelHi`).
 * The general search (below) runs on the two-word window whenever reach <= 62.
 *
 * Invariants between nodes: the board's full bits are exactly the cells of the placed candidates
 * `path[0 .. depth-1]` (plus the padding); every cell before the first empty cell is full; `remaining[p]`
 * counts the copies of p not placed; `sizeState` is the mixed-radix number of the copies left of each
 * piece size (see `gap`). Placements are undone by XOR: no board is ever copied (the window paths keep
 * the board in the window, and each level's window, instead of in `board`, which holds the first
 * levels'). The search is iterative: level d keeps what it still has to try in `levelKey`, `levelSlots`,
 * `levelSlot`, `levelCands` and `path[d]`. Before a child is entered it is checked at once: no piece left can cover
 * its first empty cell (`keyPieces` & avail is 0), or some piece left has no candidate at or after that
 * cell (`pastLast`), or a dead region: such children count as nodes but cost no level.
 *
 * Dead regions. After a placement, the loops look at the empty cells next to it (its *halo*: cells after
 * its first cell only, those before are full) in one of two ways (`regions`):
 *   - Holes (the default): a halo cell whose neighbours are all full is a region of one cell, dead when
 *     no piece of one cell is left (`gap[sizeState * (n + 1) + 1]` != 0) and the cell must be covered.
 *     A few loads and ANDs per child: the window paths test each halo cell's `nbrWin` bits, a cell with
 *     a neighbour past the window never counting as a hole; the wide path its neighbour list.
 *   - Fill: every region next to it is flood-filled and measured, as below. It finds more (regions of
 *     several cells, no piece fitting) but costs more than it saves with these loops. Against holes, in
 *     process, medians of 7 alternated runs: the search took 1.36x as long on pentomino 6x10, 1.15x on
 *     5x12, 1.18-1.33x on hexiamonds 6x6, Kanoodle, pentacubes 2x5x6 and the Tetris Cube's first 300
 *     solutions, 1.3-1.4x on the wide path, while visiting 2-18% fewer nodes. (No check at all was 3-8%
 *     faster than holes on pentomino rectangles, 11-20% slower on boxes, hexiamonds, a board with a hole.)
 *     start() fills every region of the board at the end of the first levels (the pieces placed
 *     first: one node, a prefix there dropped when dead); the loops fill only when asked, for
 *     measurement and tests.
 * A region of s cells is dead when s is not a sum of
 * sizes of the pieces left, `gap[sizeState * (n + 1) + s]` != 0, or when s <= fitLimit and no piece left
 * fits in it at its first cell: a tiling of the region covers that cell with a placement that starts
 * there, so that cell's candidates are exactly the ones to test. A fill stops past `fillLimit` cells and
 * calls the region alive; meeting a cell of such a big region stops the next fill too. The window paths
 * fill with words (region, frontier, big) and the neighbours of each cell of the window at c as its bits
 * (`nbrWin`'s entry (c << 6) + u), a region that meets a cell with a neighbour past the window being big
 * (`edge`); the wide path with a queue and stamps (QUEUE, MARK in wasm/bitboard-loops.ts: a fill's
 * cells carry its stamp, so nothing is cleared). `gap[state*(n+1) + s]` is s
 * less the largest sum of sizes of the copies left that is at most s (capped at 255, which only weakens
 * the rules below): 0 exactly when s is such a sum.
 *
 * Optional cells, ranges, bounds on the total (the *general search*). A solution covers every cell that
 * is not optional, uses piece p between its minimum and `pieceCounts[p]` (its maximum) times, and
 * between minTotal and maxTotal pieces in all (the spec's bounds, narrowed to the sums of the minimums
 * and maximums; `impossible` when they cross). An exact packing (no optional cell, every minimum its
 * maximum, bounds that say nothing) runs the exact search above, untouched (the loops' Exact instances);
 * anything else the general one (their General instances), the same loops with more bookkeeping:
 *   - The *hole piece* (number `holePiece` = the caller's piece count, present when some cell is optional)
 *     has one candidate at each optional cell covering that cell alone, placement number -1: placing it
 *     marks the first empty cell full without a piece ("left empty"). It is the last piece, so its slot
 *     is the last one tried at a node; its count is the number of optional cells and never changes, it
 *     is not in `sizeState` (pieceRadix 0), never needed, and never in `avail` (its slot is offered by
 *     the budget below instead). Region checks and pieceFitsIn* skip it.
 *   - `slack[p]` = maximum - minimum: p *needs* copies while remaining[p] > slack[p].
 *   - Counters, kept by each loop (start() computes them from the board for the node it reached):
 *     `placed` (the caller's pieces placed), `needCount` and `needArea` (copies still needed, and their
 *     cells), `needSlots` (keyed: slots of the pieces that need copies), `free` (empty cells) and
 *     `freeOpt` (empty optional cells), via `candSize[k]`, `candOpt[k]` (cells of candidate k, and its
 *     optional ones). `optional` (and `optRel` in the window at each cell) marks the
 *     optional cells.
 *   - A solution is a full board with needCount 0 and placed >= minTotal (placed <= maxTotal always).
 * Rules, and why each is sound (no completion of the node exists when one fires). A completion places
 * some more copies M and leaves some empty cells empty; pieces are connected, so each placement of M lies
 * inside one region (a connected set of empty cells) of the node.
 *   (1) Counts. Every completion places the copies still needed, so placed + needCount <= maxTotal: when
 *       equal, a child may place only pieces that need copies; when placed = maxTotal, none. The loops
 *       offer only those slots (pieces), so the invariant holds at every node.
 *   (2) Budget. L, the cells a completion leaves empty, is free - area(M); M holds the needed copies and
 *       at least extra = minTotal - placed - needCount others of at least `smallestSize` cells each, so
 *       L <= skips = free - needArea - max(0, extra) * smallestSize. skips < 0: dead. The hole piece's
 *       slot is offered only when skips >= 1 (leaving a cell empty makes L >= 1).
 *   (3) Whole board. area(M) lies in [free - freeOpt, free] and is a sum of sizes of copies left:
 *       dead when gap[sizeState][free] > freeOpt. M has at most maxTotal - placed copies of at most
 *       `largestSize` cells: dead when free - freeOpt > largestSize * (maxTotal - placed).
 *   (4) Expired pieces. Every later placement starts at or after the first empty cell c (the cells
 *       before c are full), so a piece that needs copies must have a candidate at or after c:
 *       `pastLast[c] & needSlots` (keyed), `lastCell` (wide, pieceExpired) of the pieces that need copies.
 *   (5) A region of s cells, e of them optional: the copies of M inside it cover all its cells but
 *       optional ones, so their area is a sum in [s - e, s]: dead when gap[s] > e (with e = 0, the exact
 *       rule). And it leaves at least gap[s] of its cells empty.
 *   (6) A region of s <= fitLimit cells that may leave at most B of its cells empty (B = skips less the
 *       fewest the regions checked before it leave empty, by (7)). (a) Let c* be its first cell that
 *       must be covered: the placement covering c* lies in the region, contains c*, so starts at a cell
 *       of the region at or before c*: dead when no candidate of a piece left at such a cell lies inside
 *       the region and covers c* (pieceFitsIn when c* is the first cell, as in an exact packing). (b)
 *       When s > B, one of its first B + 1 cells is covered; the first covered cell is covered by a
 *       placement inside the region, none of whose cells comes before it, so that starts there: dead
 *       when no candidate inside the region starts at one of its first B + 1 cells. (A region of
 *       optional cells only, with s <= B, has nothing to test: it may stay empty.) pieceFitsRegion
 *       (pieceFitsRegion and pieceFitsRegionWide in wasm/bitboard-loops.ts).
 *   (7) Regions are disjoint, so the fewest cells each checked region leaves empty ((5); 0 for one too
 *       big to measure) add up to at most L: dead when their sum exceeds skips (2).
 *   (8) Copies. M has at most k = maxTotal - placed copies and covers at least free - freeOpt cells, each
 *       copy at most L = largestSize: the c copies of size s < L it uses leave k - c copies for the rest,
 *       so c * (L - s) <= L * k - (free - freeOpt); and c <= k. So the lookups in (3) and (5) may count
 *       each size's copies left capped at that (`tableState`, cappedState; only when bounds on the total
 *       narrowed anything: without, the cap never bites): the copies of M inside a region are among them.
 *       A size capped at no copy is not offered to a child at all (`noRoom`; window search only).
 * The search checks (1) to (4) and (7) before it enters a child, (5) to (7) on the regions next to the
 * candidate just placed (for the hole piece: next to the cell left empty); start() checks every region.
 *
 * Choice codes (prefixes and branches(), see types.ts). The choices at a node are: the caller's
 * placement index of a candidate at its first empty cell c (or, on the levels of firstPieces, of that
 * piece), or LEAVE_EMPTY (-1): c stays empty, offered when c is optional and the budget (2) allows. In
 * every solution below the node, c is either covered by exactly one placement, which starts at c, or
 * empty: the subtrees partition the node's solutions. branches() lists them in the search's order (the
 * pieces in order, then -1). Solutions (onSolution) list the caller's placement indices only, as many as
 * the pieces used (a view of one buffer per length: no allocation per solution).
 *
 * Counters: `nodes` = candidates that fit (were placed); `updates` = cells visited by region fills: those
 * of start() (and of the loops with `regions: 'fill'`); the hole check fills nothing, so a search with it
 * reports only start()'s (6x10: 830, where the fill's loops counted 5.8 million).
 */
import type { BitboardOptions, PackingSpec } from './bitboard-tables.js';
import { buildTables } from './bitboard-tables.js';
import type { LoopRun, RegionCheck } from './bitboard-wasm.js';
import { BitboardLoops, bitboardLoopsAvailable } from './bitboard-wasm.js';
import { RestCollector } from './rest.js';
import type { Engine, LookAhead, SearchOptions, SearchResult } from './types.js';
import { CHECK_INTERVAL } from './types.js';

export type { BitboardOptions, PackingSpec } from './bitboard-tables.js';

/** The choice code (in prefixes and branches) for "the first empty cell stays empty". */
export const LEAVE_EMPTY = -1;

export class BitboardSolver implements Engine {
  readonly name = 'bitboard';

  // The tables (buildTables, bitboard-tables.ts) and the options, down to the search state: read by the
  // search, never written (`fixedWords` among them is search state).
  private readonly n: number;
  /** Piece types inside: the caller's, then the hole piece when there are optional cells. */
  private readonly pieceTypes: number;
  /** The caller's piece types (0 .. realPieces-1). */
  private readonly realPieces: number;
  /** The hole piece's number (= realPieces), -1 without optional cells: its candidates leave a cell empty. */
  private readonly holePiece: number;
  private readonly wordCount: number;
  private readonly span: number;

  private readonly candStart: Int32Array;
  private readonly candMask: Int32Array;
  /** The caller's placement of each candidate; -1 for the hole piece's. */
  private readonly candPlacement: Int32Array;
  private readonly candPiece: Int32Array;
  private readonly candCell: Int32Array;
  /** Candidate of each caller's placement, -1 when it has none (bad cells, or a piece with no copies). */
  private readonly placementCand: Int32Array;
  /** Last cell that has a candidate of each piece (-1: none). */
  private readonly lastCell: Int32Array;
  /** The pieces placed first (see PackingSpec.firstPieces) and their placements (the caller's numbers). */
  private readonly firstPieces: readonly number[];
  private readonly firstLevels: Int32Array[];
  /** Under a placement of the first piece placed first, the second's placements tried (PackingSpec.secondKept): branches() and start() hold to it. */
  private readonly secondKept: ReadonlyMap<number, Uint8Array>;

  // The keyed paths (see the top comment); empty arrays when they do not apply.
  private readonly keyed: boolean;
  private readonly keyBits: number;
  /** The key's cells: up to three runs of cells after the first empty one, `keyOffset[i]` on, `keyWidth[i]` long. */
  private readonly keyOffset: Int32Array;
  private readonly keyWidth: Int32Array;
  private readonly slots: number;
  private readonly pieceSlots: Int32Array;
  // The window paths (see the top comment); empty arrays when they do not apply.
  /** The window's words: 1 or 2 (the general search: 2), 0 when the search runs on the wide path. */
  private readonly windowWords: number;
  /**
   * The board after the first levels as the windows see it: fixedWords[x] holds cells x .. x+31 (bit 0 =
   * cell x), the cells past the board empty, for x < n + 64; the window loops read it as the window moves.
   */
  private readonly fixedWords: Int32Array;
  /** The search loops and region checks, in WebAssembly (bitboard-wasm.ts). */
  private readonly loops: BitboardLoops;
  /**
   * Which of them runs: the exact search on one or two window words, or the general search (on the wide
   * path only the search counts).
   */
  private readonly loopKind: LoopRun['loop'];

  /** Copies of each piece type (the most a solution uses; for the hole piece, the optional cells). */
  private readonly pieceCounts: Int32Array;
  /** Copies of the caller's pieces in all. */
  private readonly totalPieces: number;
  private readonly pieceRadix: Int32Array;
  private readonly initialSizeState: number;
  /**
   * gap[state * (n+1) + s] = s less the largest sum of sizes of the copies `state` has left that is at
   * most s (0 when s is such a sum), capped at 255: the fewest cells of s that those pieces leave empty.
   */
  private readonly gap: Uint8Array;

  // Optional cells and ranges (see the top comment); used by the general search only.
  /** True when the search must handle optional cells, ranges or totals (or was told to: options.general). */
  private readonly general: boolean;
  /** True when no count of pieces meets the bounds: nothing to search. */
  private readonly impossible: boolean;
  /** 1 for an optional cell (internal numbers). */
  private readonly optional: Uint8Array;
  private readonly pieceSize: Int32Array;
  /** Copies of a piece beyond its minimum: remaining[p] > slack[p] means p still needs copies. */
  private readonly slack: Int32Array;
  private readonly minTotal: number;
  private readonly maxTotal: number;
  private readonly smallestSize: number;
  private readonly largestSize: number;
  /** True when the bounds on the total cap the copies that the table lookups count (rule 8). */
  private readonly capCopies: boolean;

  private readonly regions: RegionCheck;
  private readonly fillLimit: number;
  private readonly fitLimit: number;

  // Search state, reused by every search.
  private readonly board: Int32Array;
  private readonly emptyBoard: Int32Array;
  private readonly remaining: Int32Array;
  private readonly nextPiece: Int32Array;
  private readonly prevPiece: Int32Array;
  private readonly path: Int32Array;
  private readonly solution: Int32Array;
  /** Views of `solution` by length, so a solution costs no allocation. */
  private readonly solutionViews: Int32Array[];
  private sizeState = 0;
  /** The general search's state for `gap` lookups: sizeState, capped by rule (8). */
  private tableState = 0;
  private depth = 0;
  /**
   * Whether board, remaining, the piece list, sizeState and path[0 .. depth-1] hold exactly the choices
   * `startCodes[0 .. depth-1]` applied to the empty board, and nothing else (start() keeps it so; a search's
   * loops take the state over, so it is false from then until the next start() from the empty board).
   */
  private startKept = false;
  private readonly startCodes: Int32Array;
  // The general search's counters at the node start() reached (see the top comment).
  private placed = 0;
  private needCount = 0;
  private needArea = 0;
  private needSlots = 0;
  private free = 0;
  private freeOpt = 0;

  private solutions = 0;
  private nodes = 0;
  private updates = 0;
  private stopped = false;
  /**
   * Where the clock or the signal stopped the search: the choices to the node it was about to enter (every
   * node before it, depth first, is searched; it and everything after are not). Undefined otherwise.
   */
  private stopPath: number[] | undefined;
  private limit = Infinity;
  private onSolution: ((solution: Int32Array) => boolean | void) | undefined;
  private signal: AbortSignal | undefined;
  private deadline = Infinity;
  private onTick: ((nodes: number) => void) | undefined;

  constructor(spec: PackingSpec, options: BitboardOptions = {}) {
    // (the search runs in WebAssembly: where it cannot be compiled, the engine choice takes Dancing Links)
    if (!bitboardLoopsAvailable()) throw new Error('the bitboard engine needs WebAssembly, which cannot be compiled here');
    const { n, pieces, cells, candidates: cand, first, halos, slots, windowWords, keys, window, sizes } = buildTables(spec, options);
    this.n = n;
    this.realPieces = pieces.realPieces;
    this.holePiece = pieces.holePiece;
    this.pieceTypes = pieces.pieceTypes;
    this.pieceCounts = pieces.pieceCounts;
    this.pieceSize = pieces.pieceSize;
    this.totalPieces = pieces.totalPieces;
    this.minTotal = pieces.minTotal;
    this.maxTotal = pieces.maxTotal;
    this.impossible = pieces.impossible;
    this.slack = pieces.slack;
    this.general = pieces.general;
    this.optional = cells.optional;
    this.wordCount = cand.wordCount;
    this.span = cand.span;
    this.candStart = cand.candStart;
    this.candMask = cand.candMask;
    this.candPlacement = cand.candPlacement;
    this.candPiece = cand.candPiece;
    this.candCell = cand.candCell;
    this.placementCand = cand.placementCand;
    this.lastCell = cand.lastCell;
    this.firstPieces = first.firstPieces;
    this.firstLevels = first.firstLevels;
    this.secondKept = first.secondKept;
    this.pieceSlots = slots.pieceSlots;
    this.windowWords = windowWords;
    this.keyed = keys.keyed;
    this.keyBits = keys.keyBits;
    this.keyOffset = keys.keyOffset;
    this.keyWidth = keys.keyWidth;
    this.slots = keys.slots;
    this.pieceRadix = sizes.pieceRadix;
    this.initialSizeState = sizes.initialSizeState;
    this.gap = sizes.gap;
    this.largestSize = sizes.largestSize;
    this.smallestSize = sizes.smallestSize;
    this.capCopies = sizes.capCopies;
    // (a hole is a cell that must be covered: with every cell optional, as in A-Puzzle-A-Day's count of
    // all dates, there is none to find, and looking cost 4-11% of its search)
    this.regions = options.regions ?? (pieces.optionalCells.length === this.n ? 'none' : 'holes');
    this.fillLimit = options.fillLimit ?? sizes.largestSize;
    this.fitLimit = options.fitLimit ?? sizes.largestSize;

    // The search state.
    const levels = this.totalPieces + pieces.optionalCells.length + 1;
    this.loopKind = this.general ? 'general' : windowWords === 1 ? 'one' : 'two';
    // the state the loops share lives in their memory (see bitboard-wasm.ts)
    this.loops = new BitboardLoops({ ...keys, ...window, ...sizes, ...pieces, ...cand, ...halos, ...cells, n, fillLimit: this.fillLimit, fitLimit: this.fitLimit, levels, pieceSlots: this.pieceSlots }, {
      emit: (depth) => this.emit(depth),
      tick: (nodes) => this.clockSaysStop(this.nodes + nodes),
    });
    this.board = this.loops.board;
    // the empty board: every bit past the cells full (the padding), copied in whole by start()
    this.emptyBoard = new Int32Array(this.board.length);
    for (let i = this.n; i < 32 * this.emptyBoard.length; i++) this.emptyBoard[i >> 5]! |= 1 << (i & 31);
    this.remaining = this.loops.remaining;
    this.nextPiece = this.loops.nextPiece;
    this.prevPiece = this.loops.prevPiece;
    this.path = this.loops.path;
    this.startCodes = new Int32Array(levels);
    this.fixedWords = this.loops.fixedWords;
    this.solution = new Int32Array(this.totalPieces);
    this.solutionViews = Array.from({ length: this.totalPieces + 1 }, (_, len) => this.solution.subarray(0, len));
  }

  search(options: SearchOptions = {}): SearchResult {
    this.solutions = 0;
    this.nodes = 0;
    this.updates = 0;
    this.stopped = false;
    this.limit = options.limit ?? Infinity;
    this.onSolution = options.onSolution;
    this.signal = options.signal;
    this.deadline = options.deadline ?? Infinity;
    this.onTick = options.onTick;
    this.stopPath = undefined;
    const prefix = options.prefix ?? [];
    const done = (): SearchResult => {
      const rest = this.stopPath ? this.restAfter(this.stopPath, prefix.length) : undefined;
      return {
        solutions: this.solutions, nodes: this.nodes, updates: this.updates, complete: !this.stopped,
        ...(rest ? { rest } : {}),
      };
    };
    if (this.limit <= 0) {
      this.stopped = true;
      return done();
    }
    if (this.signal?.aborted || Date.now() >= this.deadline) {
      this.stopped = true;
      this.stopPath = [...prefix];
      return done();
    }
    this.searchFrom(prefix);
    return done();
  }

  /**
   * What is left when the search stopped before the node `stop`: its subtree, then, from the deepest level
   * up to `from` (the prefix searched), the choices after the path's at each level, each a subtree; in the
   * search's order. The siblings come from branches() (which leaves out only children with no solution),
   * ordered as the search tries them: on the levels of the pieces placed first, by their place in that
   * piece's list; below, by candidate (the pieces in order, each piece's candidates in order, the cell left
   * empty last).
   */
  private restAfter(stop: readonly number[], from: number): number[][] | undefined {
    const rest = new RestCollector();
    if (!rest.add(stop)) return undefined;
    const rank = (level: number, code: number): number => {
      if (level < this.firstLevels.length) return this.firstLevels[level]!.indexOf(code);
      return code === LEAVE_EMPTY ? Infinity : this.placementCand[code]!;
    };
    for (let d = stop.length - 1; d >= from; d--) {
      const prefix = stop.slice(0, d);
      const after = rank(d, stop[d]!);
      for (const code of this.branches(prefix)) if (rank(d, code) > after && !rest.add(prefix, code)) return undefined;
    }
    return rest.subtrees;
  }

  /** The choice codes of path[0 .. depth-1], then of candidate `next` when given (see stopPath). */
  private pathCodes(depth: number, next?: number): number[] {
    const codes: number[] = [];
    for (let i = 0; i < depth; i++) codes.push(this.candPlacement[this.path[i]!]!);
    if (next !== undefined) codes.push(this.candPlacement[next]!);
    return codes;
  }

  /** Searches the subtree of `prefix`; on the levels of the pieces placed first, one subtree per placement. */
  private searchFrom(prefix: readonly number[]): void {
    if (prefix.length < this.firstLevels.length) {
      for (const placement of this.branches(prefix)) {
        this.nodes++;
        this.searchFrom([...prefix, placement]);
        if (this.stopped) return;
      }
      return;
    }
    if (!this.start(prefix)) return;
    // (the loops take the state over from here: the next start() begins from the empty board)
    this.startKept = false;
    this.nodes += this.runLoops();
  }

  branches(prefix: readonly number[], same = 0): number[] {
    if (!this.start(prefix, same)) return [];
    if (prefix.length < this.firstLevels.length) {
      // the placements of the next piece placed first that fit and leave no dead region
      const tried = prefix.length === 1 ? this.secondKept.get(prefix[0]!) : undefined;
      const fitting = Array.from(this.firstLevels[prefix.length]!).filter((i) => (!tried || tried[i] === 1) && this.fits(this.placementCand[i]!));
      return fitting.filter((i) => this.start([...prefix, i]));
    }
    const c = this.firstEmpty();
    if (c < 0 || this.pieceExpired(c)) return [];
    const out: number[] = [];
    const P = this.pieceTypes;
    const hole = this.holePiece;
    for (let p = this.nextPiece[P]!; p !== P; p = this.nextPiece[p]!) {
      if (p === hole || (this.general && !this.allows(p))) continue;
      for (let k = this.candStart[c * P + p]!; k < this.candStart[c * P + p + 1]!; k++) {
        if (this.fits(k)) out.push(this.candPlacement[k]!);
      }
    }
    if (hole >= 0 && this.optional[c] && this.allows(hole)) out.push(LEAVE_EMPTY);
    return out;
  }

  lookAhead(prefix: readonly number[], same = 0): LookAhead {
    const branches = this.branches(prefix, same);
    const open: number[] = [];
    let solutions = 0;
    if (this.general || prefix.length < this.firstLevels.length) {
      // (the general search's checks need its counters; the first levels' branches already passed start())
      for (const i of branches) {
        const child = [...prefix, i];
        if (prefix.length + 1 < this.firstLevels.length || this.branches(child).length > 0) open.push(i);
        else if (this.start(child) && this.firstEmpty() < 0 && (!this.general || (this.needCount === 0 && this.placed >= this.minTotal))) solutions++;
      }
      return { branches, open, solutions };
    }
    // branches() left the board of the node: each child is placed, checked as the search checks it before
    // entering it (pieces that can no longer be placed, dead regions next to it), and taken back
    const b = this.board;
    const K = this.span;
    for (const i of branches) {
      const k = this.placementCand[i]!;
      const p = this.candPiece[k]!;
      const w = this.candCell[k]! >> 5;
      for (let j = 0; j < K; j++) b[w + j]! |= this.candMask[k * K + j]!;
      this.remaining[p]!--;
      this.sizeState -= this.pieceRadix[p]!;
      const c = this.firstEmpty();
      if (c < 0) solutions++;
      else if (!this.pieceExpired(c) && this.childAlive(k, 0)) open.push(i);
      for (let j = 0; j < K; j++) b[w + j]! ^= this.candMask[k * K + j]!;
      this.remaining[p]!++;
      this.sizeState += this.pieceRadix[p]!;
    }
    return { branches, open, solutions };
  }

  /**
   * Applies the prefix to the empty board. False when the prefix clashes, leaves a dead region, or leaves a
   * piece that can no longer be placed: the node is then dead, as the search would find it. The choices it
   * shares with the prefix applied last (`same` of them vouched for by the caller, the rest compared) stay
   * applied: a random walk that grows one path, or a node's children tried in turn, cost the choices that
   * change, not the whole path each time (a walk of 128 dominoes had replayed 8,000 placements).
   */
  private start(prefix: readonly number[], same = 0): boolean {
    if (this.impossible) return false;
    const P = this.pieceTypes;
    const hole = this.holePiece;
    const K = this.span;
    const b = this.board;
    let from = 0;
    if (this.startKept) {
      const common = Math.min(this.depth, prefix.length);
      from = Math.min(same, common);
      while (from < common && this.startCodes[from] === prefix[from]) from++;
      while (this.depth > from) {
        const k = this.path[--this.depth]!;
        const w = this.candCell[k]! >> 5;
        for (let j = 0; j < K; j++) b[w + j]! ^= this.candMask[k * K + j]!;
        const p = this.candPiece[k]!;
        if (p !== hole) {
          if (this.remaining[p]!++ === 0) this.relink(p);
          this.sizeState += this.pieceRadix[p]!;
        }
      }
    } else {
      b.set(this.emptyBoard);
      this.remaining.set(this.pieceCounts);
      let last = P;
      for (let p = 0; p < P; p++) {
        if (this.pieceCounts[p]! === 0) continue;
        this.nextPiece[last] = p;
        this.prevPiece[p] = last;
        last = p;
      }
      this.nextPiece[last] = P;
      this.prevPiece[P] = last;
      this.sizeState = this.initialSizeState;
      this.depth = 0;
      this.startKept = true;
    }
    for (let i = from; i < prefix.length; i++) {
      const code = prefix[i]!;
      let k = -1;
      if (code === LEAVE_EMPTY) {
        const c = this.firstEmpty();
        if (hole >= 0 && c >= 0 && this.optional[c]) k = this.candStart[c * P + hole]!;
      } else if (Number.isInteger(code) && code >= 0 && code < this.placementCand.length) {
        k = this.placementCand[code]!;
      }
      if (k < 0 || this.remaining[this.candPiece[k]!] === 0 || !this.fits(k)) return false;
      // the levels of the pieces placed first take those pieces only: the tree is the same however it is cut
      if (i < this.firstLevels.length && this.candPiece[k] !== this.firstPieces[i]) return false;
      if (i === 1 && this.secondKept.get(prefix[0]!)?.[code] === 0) return false;
      const w = this.candCell[k]! >> 5;
      for (let j = 0; j < K; j++) b[w + j]! |= this.candMask[k * K + j]!;
      const p = this.candPiece[k]!;
      if (p !== hole) {
        if (--this.remaining[p]! === 0) this.unlink(p);
        this.sizeState -= this.pieceRadix[p]!;
      }
      this.startCodes[this.depth] = code;
      this.path[this.depth++] = k;
    }
    // Below the first levels a prefix's node is checked as the search checks a child before it enters it (the
    // holes or regions next to the candidate placed last, as its loop sees them), so that the subtrees of a stopped
    // search's rest, or of a plan, hold the nodes the whole search has there; the first levels, where the
    // search places the pieces placed first, look at every region of the board.
    const below = prefix.length > this.firstLevels.length;
    if (!this.general) {
      const c = this.firstEmpty();
      if (c < 0) return true;
      return !this.pieceExpired(c) && (below ? this.childAlive(this.path[this.depth - 1]!, 0) : this.allRegionsAlive());
    }
    // The general search's counters, from the board and the copies left; then its checks of a node.
    const R = this.realPieces;
    let placed = 0;
    let needCount = 0;
    let needArea = 0;
    let needSlots = 0;
    for (let p = 0; p < R; p++) {
      placed += this.pieceCounts[p]! - this.remaining[p]!;
      const need = this.remaining[p]! - this.slack[p]!;
      if (need > 0) {
        needCount += need;
        needArea += need * this.pieceSize[p]!;
        needSlots |= this.keyed ? this.pieceSlots[p]! : 0;
      }
    }
    let free = 0;
    let freeOpt = 0;
    for (let c = 0; c < this.n; c++) {
      if ((b[c >> 5]! & (1 << c)) !== 0) continue;
      free++;
      freeOpt += this.optional[c]!;
    }
    this.placed = placed;
    this.needCount = needCount;
    this.needArea = needArea;
    this.needSlots = needSlots;
    this.free = free;
    this.freeOpt = freeOpt;
    if (placed + needCount > this.maxTotal) return false;
    const c = this.firstEmpty();
    if (c < 0) return true; // the search says whether it is a solution
    const skips = this.maxSkips();
    this.tableState = this.capCopies ? this.loops.cappedState(this.sizeState, free - freeOpt, this.maxTotal - placed) : this.sizeState;
    if (skips < 0 || this.gap[this.tableState * (this.n + 1) + free]! > freeOpt || free - freeOpt > this.largestSize * (this.maxTotal - placed)) return false;
    return !this.pieceExpired(c) && (below ? this.childAlive(this.path[this.depth - 1]!, skips) : this.allRegionsAlive(skips));
  }

  /**
   * The region check a search loop makes before it enters the child of candidate k, just placed (the board
   * and the counters current; `skips`: the general search's cells that may yet stay empty): the holes or
   * the regions next to k, in the window at k's first cell on the window paths, on the whole board on the
   * wide ones. The same as the loop's, so that a search resumed below a node visits the nodes it would have.
   */
  private childAlive(k: number, skips: number): boolean {
    if (this.regions === 'none') return true;
    const loops = this.loops;
    const c = this.candCell[k]!;
    const alive = this.windowWords === 0 ? loops.childAliveWide(this.loopKind, this.regions, k, skips, this.regionState())
      : loops.childAlive(this.loopKind, this.regions, k, c, this.boardWord(c), this.boardWord(c + 32), this.regionState(), skips);
    this.updates += loops.takeUpdates();
    return alive;
  }

  /** Every region of the board (once per search, after the prefix); the general search's: at most `skips` left empty. */
  private allRegionsAlive(skips = 0): boolean {
    if (this.regions === 'none') return true;
    const alive = this.loops.allRegionsAlive(this.loopKind, skips, this.regionState());
    this.updates += this.loops.takeUpdates();
    return alive;
  }

  /** The size state the region checks look sizes up in: the general search's is capped by rule (8). */
  private regionState(): number {
    return this.general ? this.tableState : this.sizeState;
  }

  /** The search from the node start() reached, in WebAssembly (the window or the wide path); returns its nodes. */
  private runLoops(): number {
    const loops = this.loops;
    const wide = this.windowWords === 0;
    const cell = wide ? -1 : this.enterWindow();
    const run: LoopRun = {
      loop: this.loopKind, slots: this.slots, keyBits: this.keyBits, total: this.totalPieces, regions: this.regions,
      keyOffset: this.keyOffset, keyWidth: this.keyWidth, avail: this.slotsWith(0), single: this.slotsWith(1),
      sizeState: this.sizeState, depth: this.depth, cell,
      placed: this.placed, needCount: this.needCount, needArea: this.needArea, needSlots: this.needSlots,
      free: this.free, freeOpt: this.freeOpt, skips: this.general ? this.maxSkips() : 0,
      interval: CHECK_INTERVAL,
    };
    const nodes = wide ? loops.runWide(run) : loops.run(run);
    this.updates += loops.takeUpdates();
    const stop = loops.clockStop();
    if (stop) this.stopPath = this.pathCodes(stop.depth, stop.next);
    return nodes;
  }

  /** Cells x .. x+31 of the board as a window sees them (bit 0 = cell x; the cells past the board empty). */
  private boardWord(x: number): number {
    return (this.windowWord(x >> 5) >>> x) | ((this.windowWord((x >> 5) + 1) << 1) << (31 - (x & 31)));
  }

  /** Word w of the board without its padding: the cells past the board empty. */
  private windowWord(w: number): number {
    if (w >= this.wordCount) return 0;
    const tail = this.n & 31;
    return w === this.wordCount - 1 && tail !== 0 ? this.board[w]! & ((1 << tail) - 1) : this.board[w]!;
  }

  /**
   * The general search's budget of cells still to leave empty, at the node start() reached: the empty
   * cells less the least area the pieces still to place can have (negative: the node is dead).
   */
  private maxSkips(): number {
    const extra = this.minTotal - this.placed - this.needCount;
    return this.free - this.needArea - (extra > 0 ? extra * this.smallestSize : 0);
  }

  /** The general search: whether a child may place piece p (the hole piece: leave its cell empty) at the node start() reached. */
  private allows(p: number): boolean {
    if (p === this.holePiece) return this.maxSkips() > 0;
    return this.placed + this.needCount < this.maxTotal || (this.placed < this.maxTotal && this.remaining[p]! > this.slack[p]!);
  }

  private unlink(p: number): void {
    this.nextPiece[this.prevPiece[p]!] = this.nextPiece[p]!;
    this.prevPiece[this.nextPiece[p]!] = this.prevPiece[p]!;
  }

  /** Undoes unlink(p) (the pieces unlinked after p relinked first). */
  private relink(p: number): void {
    this.nextPiece[this.prevPiece[p]!] = p;
    this.prevPiece[this.nextPiece[p]!] = p;
  }

  private fits(k: number): boolean {
    const K = this.span;
    const w = this.candCell[k]! >> 5;
    for (let j = 0; j < K; j++) if ((this.board[w + j]! & this.candMask[k * K + j]!) !== 0) return false;
    return true;
  }

  /**
   * True when a piece that still needs copies has no candidate at cell c or after it (c being the first
   * empty cell). In an exact packing every copy left is needed; the hole piece never is.
   */
  private pieceExpired(c: number): boolean {
    const P = this.pieceTypes;
    for (let p = this.nextPiece[P]!; p !== P; p = this.nextPiece[p]!) if (this.remaining[p]! > this.slack[p]! && this.lastCell[p]! < c) return true;
    return false;
  }

  /** The first empty cell, or -1 when the board is full. */
  private firstEmpty(): number {
    const b = this.board;
    for (let w = 0; w < this.wordCount; w++) {
      const x = ~b[w]!;
      if (x !== 0) return (w << 5) | (31 - Math.clz32(x & -x));
    }
    return -1;
  }

  /**
   * Before a window search: writes `fixedWords` from the board (the cells past it read empty), and returns
   * the first empty cell (-1 when the board is full).
   */
  private enterWindow(): number {
    const words = this.fixedWords;
    for (let x = 0; x < words.length; x++) words[x] = this.boardWord(x);
    return this.firstEmpty();
  }

  /** The slots of the caller's pieces with copies left (`copies` 0) or with exactly one (`copies` 1). */
  private slotsWith(copies: number): number {
    let slots = 0;
    for (let p = 0; p < this.realPieces; p++) {
      if (copies === 0 ? this.remaining[p]! > 0 : this.remaining[p] === 1) slots |= this.pieceSlots[p]!;
    }
    return slots;
  }

  /** Records a solution; true when the search must stop. */
  private emit(depth: number): boolean {
    this.solutions++;
    if (this.onSolution) {
      // the path's placements, without the cells left empty
      let count = 0;
      for (let i = 0; i < depth; i++) {
        const placement = this.candPlacement[this.path[i]!]!;
        if (placement >= 0) this.solution[count++] = placement;
      }
      if (this.onSolution(this.solutionViews[count]!) === false) this.stopped = true;
    }
    if (this.solutions >= this.limit) this.stopped = true;
    return this.stopped;
  }

  /** Every CHECK_INTERVAL nodes: a progress tick (`nodes`: this search's so far); true when the signal or the deadline says stop. */
  private clockSaysStop(nodes: number): boolean {
    this.onTick?.(nodes);
    if (this.signal?.aborted || Date.now() >= this.deadline) this.stopped = true;
    return this.stopped;
  }

}
