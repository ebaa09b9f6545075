/**
 * The plain search: the tree a person searching without insight would walk, and the forced moves. It
 * always fills the first empty cell in reading order (the board's cell numbers: layer, then row, then
 * column), tries there every piece that has a copy left in every allowed orientation whose first cell
 * lands on it, and prunes nothing: no dead regions, no most-constrained piece first, no symmetry. Its
 * nodes are the moves it makes (every placement put down, and every "leave this cell empty" on a cell
 * that may stay empty). Copies of a piece are one choice, never tried twice. It is kept apart from the
 * other engines, and never tuned, so that what it counts (analysis's difficulty figure, the challenges'
 * hardness) does not change when an engine learns a new trick. Its input (PlainSpec) is built by the
 * compile step (compile/engine-inputs.ts); it sees numbers only.
 *
 * Placements. Placement k covers the ascending cells `cellList[cellStart[k] .. cellStart[k+1]-1]` and is a
 * copy of piece `placementPiece[k]`; the same cells as bit words: cell c is bit (c & 31) of word c >> 5,
 * and placement k sets the bits `maskList[i]` of words `wordList[i]`, wordStart[k] <= i < wordStart[k+1]
 * (one entry per word it touches: its cells ascend, so its words come in runs).
 *
 * Candidates. The placements whose first cell is c are `candidates[candStart[c] .. candStart[c+1]-1]`, in
 * the caller's order (by piece, then orientation: a stable bucketing keeps it); `pieceRunEnd[i]` is the
 * end of the run of candidates of the same piece as candidates[i] at that cell, skipped at once when the
 * piece has no copy left. The placements that cover cell c are `covering[coverStart[c] ..
 * coverStart[c+1]-1]`, and those of piece p `byPiece[p]` (for the forced moves).
 *
 * State, between moves: `full` has the bit of every cell covered or left empty, and every bit past the
 * last cell set (so the first clear bit is always a cell); `left[p]` is the copies of p not placed;
 * `placedCount` the pieces put down. A move is undone by clearing its bits: nothing is ever copied. The
 * tree walk is iterative, one level per move: level d enumerates the moves at cell `at[d]`, `next[d]` is
 * the next candidate to try there, `chosen[d]` the move in place (NONE, or LEFT_EMPTY for the cell left
 * empty, which comes after every placement there).
 *
 * A board with no empty cell left is a solution when every piece is used within its range and, when the
 * spec says, `totalPieces` pieces are placed (an exact packing, with none of these, needs no test).
 *
 * Forced moves are the placements a person can make without guessing: repeatedly, a cell that must be
 * covered and that only one placement left can cover, or a piece that must still be placed once and has
 * one placement left, is filled with it. Every forced move is in every solution; a puzzle whose forced
 * moves place every piece is solved by looking alone.
 */

/** Moves the plain search makes at most by default before it stops and reports a lower bound. */
export const DEFAULT_MAX_NODES = 10_000_000;

/** How often (in moves) the plain search looks at the clock, the signal and its budget. */
const CHECK_EVERY = 1 << 16;

/** What the plain search left in the `chosen` slot of a level: nothing yet, or the cell left empty. */
const NONE = -1;
const LEFT_EMPTY = -2;

/** The plain search's input: a board of numbered cells and every placement of every piece on it. */
export interface PlainSpec {
  readonly cellCount: number;
  /** Every placement: which piece, which cells (ascending), listed by piece, then orientation. */
  readonly placements: ReadonlyArray<{ readonly piece: number; readonly cells: Int32Array }>;
  /** The most copies of each piece, and the fewest a solution uses. */
  readonly pieceCounts: ArrayLike<number>;
  readonly pieceMinimums: ArrayLike<number>;
  /** Cells that may stay empty. */
  readonly optionalCells?: ArrayLike<number>;
  /** Pieces placed in all, when a solution must place exactly so many. */
  readonly totalPieces?: number;
}

export interface TreeCount {
  /** Moves made: placements put down, and cells left empty, over the tree searched. */
  readonly nodes: number;
  /** Solutions met (every one of the puzzle's, as placed, when complete). */
  readonly solutions: number;
  /** True when the whole tree was searched (not stopped by the budget, the clock or the signal). */
  readonly complete: boolean;
}

export interface TreeCountOptions {
  /** Stop after this many moves (default DEFAULT_MAX_NODES). */
  readonly maxNodes?: number;
  /** Stop at this time (as Date.now()). */
  readonly deadline?: number;
  readonly signal?: AbortSignal;
}

/** A run of the plain search that can pause: see PlainSearch.run. */
export interface TreeRun {
  /** Makes about that many more moves; true when the run is over. */
  step(moves: number): boolean;
  /** The placements on the board now, in the order put down. */
  board(): number[];
  result(): TreeCount;
}

/**
 * The plain search and the forced moves over one board (see the top of this file). Pieces put down before
 * the search are given as a list of placement numbers, so that one instance serves every starting position
 * (the challenges try thousands).
 */
export class PlainSearch {
  private readonly n: number;
  private readonly pieceCount: number;
  private readonly cellStart: Int32Array;
  private readonly cellList: Int32Array;
  private readonly wordStart: Int32Array;
  private readonly wordList: Int32Array;
  private readonly maskList: Int32Array;
  private readonly placementPiece: Int32Array;
  private readonly candStart: Int32Array;
  private readonly candidates: Int32Array;
  private readonly pieceRunEnd: Int32Array;
  private readonly coverStart: Int32Array;
  private readonly covering: Int32Array;
  /** The placements of piece p: byPiece[pieceStart[p] .. pieceStart[p+1]-1], ascending. */
  private readonly pieceStart: Int32Array;
  private readonly byPiece: Int32Array;
  private readonly optional: Uint8Array;
  private readonly counts: Int32Array;
  private readonly mins: Int32Array;
  /** Pieces to place in all, or -1 when the spec does not say. */
  private readonly use: number;
  /** No cell may stay empty, every copy is used, no total is given: every full board is a solution. */
  private readonly exact: boolean;

  // the state of a search (see the top of this file)
  private readonly full: Int32Array;
  private readonly left: Int32Array;
  private placedCount = 0;

  constructor(spec: PlainSpec) {
    this.n = spec.cellCount;
    this.pieceCount = spec.pieceCounts.length;
    const placements = spec.placements;
    this.cellStart = new Int32Array(placements.length + 1);
    placements.forEach((p, k) => { this.cellStart[k + 1] = this.cellStart[k]! + p.cells.length; });
    this.cellList = new Int32Array(this.cellStart[placements.length]!);
    placements.forEach((p, k) => this.cellList.set(p.cells, this.cellStart[k]!));
    // cells are ascending, so the words of a placement come in runs
    const words: number[] = [];
    const masks: number[] = [];
    this.wordStart = new Int32Array(placements.length + 1);
    placements.forEach((p, k) => {
      for (const c of p.cells) {
        if (words.length > this.wordStart[k]! && words[words.length - 1] === c >> 5) masks[masks.length - 1]! |= 1 << (c & 31);
        else {
          words.push(c >> 5);
          masks.push(1 << (c & 31));
        }
      }
      this.wordStart[k + 1] = words.length;
    });
    this.wordList = Int32Array.from(words);
    this.maskList = Int32Array.from(masks);
    this.placementPiece = Int32Array.from(placements, (p) => p.piece);
    // placements are listed by piece, then orientation: a stable bucketing by first cell keeps that order
    const byFirst = bucket(this.n, placements.length, (k, add) => add(placements[k]!.cells[0]!));
    this.candStart = byFirst.start;
    this.candidates = byFirst.items;
    this.pieceRunEnd = new Int32Array(this.candidates.length);
    for (let c = 0; c < this.n; c++) {
      for (let i = this.candStart[c + 1]! - 1; i >= this.candStart[c]!; i--) {
        const same = i + 1 < this.candStart[c + 1]! && this.placementPiece[this.candidates[i + 1]!] === this.placementPiece[this.candidates[i]!];
        this.pieceRunEnd[i] = same ? this.pieceRunEnd[i + 1]! : i + 1;
      }
    }
    const byCell = bucket(this.n, placements.length, (k, add) => placements[k]!.cells.forEach(add));
    this.coverStart = byCell.start;
    this.covering = byCell.items;
    const byPiece = bucket(this.pieceCount, placements.length, (k, add) => add(placements[k]!.piece));
    this.pieceStart = byPiece.start;
    this.byPiece = byPiece.items;
    this.optional = new Uint8Array(this.n);
    for (const c of Array.from(spec.optionalCells ?? [])) this.optional[c] = 1;
    this.counts = Int32Array.from(spec.pieceCounts);
    this.mins = Int32Array.from(spec.pieceMinimums);
    this.use = spec.totalPieces ?? -1;
    this.exact = !this.optional.includes(1) && this.use < 0 && this.mins.every((m, p) => m === this.counts[p]);
    this.full = new Int32Array((this.n >> 5) + 1);
    this.left = new Int32Array(this.pieceCount);
  }

  /** The number of the placement of `piece` on exactly these board cells (numbers), or -1. */
  placementOf(piece: number, cells: readonly number[]): number {
    const sorted = [...cells].sort((a, b) => a - b);
    const first = sorted[0];
    if (first === undefined || first < 0 || first >= this.n) return -1;
    for (let i = this.candStart[first]!; i < this.candStart[first + 1]!; i++) {
      const k = this.candidates[i]!;
      if (this.placementPiece[k] !== piece || this.cellStart[k + 1]! - this.cellStart[k]! !== sorted.length) continue;
      if (sorted.every((c, j) => this.cellList[this.cellStart[k]! + j] === c)) return k;
    }
    return -1;
  }

  /** Empties the board, then puts down `start`; false when those placements clash or use a copy too many. */
  private reset(start: readonly number[]): boolean {
    this.full.fill(0);
    for (let c = this.n; c < 32 * this.full.length; c++) this.full[c >> 5]! |= 1 << (c & 31);
    this.left.set(this.counts);
    this.placedCount = 0;
    for (const k of start) {
      if (!Number.isInteger(k) || k < 0 || k >= this.placementPiece.length) return false;
      if (this.left[this.placementPiece[k]!] === 0 || !this.fits(k)) return false;
      this.put(k);
    }
    return true;
  }

  private fits(k: number): boolean {
    for (let i = this.wordStart[k]!; i < this.wordStart[k + 1]!; i++) if ((this.full[this.wordList[i]!]! & this.maskList[i]!) !== 0) return false;
    return true;
  }

  private isFull(c: number): boolean {
    return ((this.full[c >> 5]! >>> (c & 31)) & 1) === 1;
  }

  private legal(k: number): boolean {
    return this.left[this.placementPiece[k]!]! > 0 && this.placedCount !== this.use && this.fits(k);
  }

  private put(k: number): void {
    for (let i = this.wordStart[k]!; i < this.wordStart[k + 1]!; i++) this.full[this.wordList[i]!]! |= this.maskList[i]!;
    this.left[this.placementPiece[k]!]!--;
    this.placedCount++;
  }

  private take(k: number): void {
    for (let i = this.wordStart[k]!; i < this.wordStart[k + 1]!; i++) this.full[this.wordList[i]!]! &= ~this.maskList[i]!;
    this.left[this.placementPiece[k]!]!++;
    this.placedCount--;
  }

  /** The first cell at or after `from` that is neither covered nor left empty; n when there is none. */
  private firstEmpty(from: number): number {
    if (from >= this.n) return this.n;
    let w = from >> 5;
    let free = ~this.full[w]! & (-1 << (from & 31));
    while (free === 0) {
      if (++w >= this.full.length) return this.n;
      free = ~this.full[w]!;
    }
    return (w << 5) | (31 - Math.clz32(free & -free));
  }

  /** A board with no empty cell left is a solution when every piece is used within its range (and `use` holds). */
  private isSolution(): boolean {
    if (this.exact) return true;
    if (this.use >= 0 && this.placedCount !== this.use) return false;
    for (let p = 0; p < this.pieceCount; p++) if (this.counts[p]! - this.left[p]! < this.mins[p]!) return false;
    return true;
  }

  /** Counts the plain search's tree below the position `start` (placements put down first). */
  countTree(start: readonly number[], options: TreeCountOptions = {}): TreeCount {
    const run = this.run(start, options);
    while (!run.step(Infinity));
    return run.result();
  }

  /**
   * The plain search for people to watch (the web app shows it): step(moves) makes that many moves (a
   * move puts a piece down, or leaves a cell empty; the pieces taken off on the way back come with it) and
   * says whether the search is over; board() is the placements on the board now, in the order put down.
   */
  watch(start: readonly number[] = [], options: TreeCountOptions = {}): TreeRun {
    return this.run(start, { maxNodes: Infinity, ...options });
  }

  /**
   * The plain search as a run that can pause: step(moves) goes on for about that many moves and says
   * whether the run is over (a caller gives the event loop a turn between steps). Iterative, with one
   * level per piece put down: level d enumerates the moves at cell `at[d]`, `next[d]` the next candidate
   * to try there, `chosen[d]` the move in place.
   */
  run(start: readonly number[], options: TreeCountOptions = {}): TreeRun {
    const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
    const deadline = options.deadline ?? Infinity;
    const signal = options.signal;
    let nodes = 0;
    let solutions = 0;
    let stopped = false;
    let over = false;
    const levels = this.n + 1;
    const at = new Int32Array(levels);
    const next = new Int32Array(levels);
    const chosen = new Int32Array(levels);
    let depth = -1;
    if (!this.reset(start)) over = true;
    else {
      const c = this.firstEmpty(0);
      if (c === this.n) {
        if (this.isSolution()) solutions = 1;
        over = true;
      } else {
        depth = 0;
        at[0] = c;
        next[0] = this.candStart[c]!;
        chosen[0] = NONE;
      }
    }
    let checkAt = Math.min(CHECK_EVERY, maxNodes);
    const step = (moves: number): boolean => {
      if (over) return true;
      const pauseAt = nodes + moves;
      while (depth >= 0) {
        if (nodes >= checkAt) {
          if (nodes >= maxNodes || Date.now() >= deadline || signal?.aborted) {
            stopped = true;
            break;
          }
          checkAt = Math.min(nodes + CHECK_EVERY, maxNodes);
        }
        if (nodes >= pauseAt) return false;
        const d = depth;
        const c = at[d]!;
        const was = chosen[d]!;
        if (was === LEFT_EMPTY) this.full[c >> 5]! &= ~(1 << (c & 31));
        else if (was !== NONE) this.take(was);
        chosen[d] = NONE;
        const end = this.candStart[c + 1]!;
        let i = next[d]!;
        if (this.placedCount === this.use) i = end;
        while (i < end) {
          const k = this.candidates[i]!;
          if (this.left[this.placementPiece[k]!] === 0) i = this.pieceRunEnd[i]!;
          else if (this.fits(k)) break;
          else i++;
        }
        if (i < end) {
          const k = this.candidates[i]!;
          this.put(k);
          chosen[d] = k;
          next[d] = i + 1;
        } else if (i === end && this.optional[c] === 1) {
          // after every placement, the other way on: this cell stays empty
          this.full[c >> 5]! |= 1 << (c & 31);
          chosen[d] = LEFT_EMPTY;
          next[d] = end + 1;
        } else {
          depth--;
          continue;
        }
        nodes++;
        const c2 = this.firstEmpty(c + 1);
        if (c2 === this.n) {
          if (this.isSolution()) solutions++;
          continue;
        }
        depth++;
        at[depth] = c2;
        next[depth] = this.candStart[c2]!;
        chosen[depth] = NONE;
      }
      over = true;
      return true;
    };
    const board = (): number[] => [...start, ...Array.from(chosen.subarray(0, depth + 1)).filter((k) => k >= 0)];
    return { step, board, result: () => ({ nodes, solutions, complete: !stopped }) };
  }

  /**
   * The forced moves from the position `start`: placements made without guessing, until none is left (see
   * the top of this file). The set is the same in whatever order they are found, since putting a piece
   * down only takes placements away. `stuck` when some cell or piece is left with no placement at all (no
   * solution from here).
   */
  forcedMoves(start: readonly number[]): { moves: number[]; stuck: boolean } {
    const moves: number[] = [];
    if (!this.reset(start)) return { moves, stuck: true };
    const cover = (list: Int32Array, from: number, to: number): { count: number; last: number } => {
      let count = 0;
      let last = -1;
      for (let i = from; i < to && count < 2; i++) {
        const k = list[i]!;
        if (this.legal(k)) {
          count++;
          last = k;
        }
      }
      return { count, last };
    };
    for (let progress = true; progress;) {
      progress = false;
      for (let c = 0; c < this.n; c++) {
        if (this.isFull(c) || this.optional[c] === 1) continue;
        const { count, last } = cover(this.covering, this.coverStart[c]!, this.coverStart[c + 1]!);
        if (count === 0) return { moves, stuck: true };
        if (count === 1) {
          this.put(last);
          moves.push(last);
          progress = true;
        }
      }
      for (let p = 0; p < this.pieceCount; p++) {
        const needed = this.mins[p]! - (this.counts[p]! - this.left[p]!);
        if (needed <= 0) continue;
        let count = 0;
        let last = -1;
        for (let i = this.pieceStart[p]!; i < this.pieceStart[p + 1]!; i++) {
          const k = this.byPiece[i]!;
          if (!this.legal(k)) continue;
          last = k;
          if (++count > needed) break;
        }
        if (count < needed) return { moves, stuck: true };
        if (needed === 1 && count === 1) {
          this.put(last);
          moves.push(last);
          progress = true;
        }
      }
    }
    return { moves, stuck: false };
  }

  /** The cells (numbers, ascending) of placement k. */
  placementCells(k: number): number[] {
    return Array.from(this.cellList.subarray(this.cellStart[k]!, this.cellStart[k + 1]!));
  }

  placementPieceOf(k: number): number {
    return this.placementPiece[k]!;
  }
}

/**
 * Items bucketed by key (a cell, a piece), stable: `each(item, add)` calls add(key) for each key the item
 * goes under; the items of key c are items[start[c] .. start[c+1]-1], ascending.
 */
function bucket(keys: number, items: number, each: (item: number, add: (key: number) => void) => void): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(keys + 1);
  for (let k = 0; k < items; k++) each(k, (c) => { start[c + 1]!++; });
  for (let c = 0; c < keys; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, keys);
  const list = new Int32Array(start[keys]!);
  for (let k = 0; k < items; k++) each(k, (c) => { list[fill[c]!++] = k; });
  return { start, items: list };
}

