/**
 * Answers for designers: how many solutions a puzzle has (in all and up to symmetry), whether it is unique,
 * which placements every solution shares, and how hard it is for a person.
 *
 * The difficulty figure is the size of the tree a person searching without insight would walk: a plain
 * backtracking search that always fills the first empty cell in reading order (layer, then row, then
 * column), tries there every piece that has a copy left in every allowed orientation whose first cell (in
 * reading order) lands on it, and prunes nothing: no dead regions, no most-constrained piece first, no
 * symmetry. Its nodes are the moves it makes over the whole tree (every placement put down, and every
 * "leave this cell empty" on a cell that may stay empty). Copies of a piece are one choice, never tried
 * twice. The search is written here, apart from the engines, so that what it counts does not change when
 * an engine learns a new trick.
 *
 * Forced moves are the placements a person can make without guessing: repeatedly, a cell that must be
 * covered and that only one placement left can cover, or a piece that must still be placed once and has
 * one placement left, is filled with it. Every forced move is in every solution; a puzzle whose forced
 * moves place every piece is solved by looking alone.
 */
import type { PlacementTable } from '../placements/placements.js';
import { generatePlacements, TooManyPlacementsError } from '../placements/placements.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { isExactPacking, pieceMin } from '../puzzle/model.js';
import { checkPuzzle } from '../puzzle/validate.js';
import type { Progress } from '../runs/progress.js';
import type { RunOptions, RunResult } from '../runs/run.js';
import { solveAsync } from '../runs/run.js';
import { check, InvalidOptionError } from '../search/options.js';
import type { EngineChoice } from '../search/prepare.js';
import { withoutPlaced } from '../search/prepare.js';
import { nextTurn } from '../platform/host.js';

/** How the difficulty figure is counted, in words (the CLI and the JSON say it). */
export const DIFFICULTY_METHOD =
  'moves of a plain backtracking search over its whole tree: the first empty cell in reading order (layer, row, column) is filled with every piece and orientation that fits there, no pruning';

/** Moves the plain search makes at most by default before it stops and reports a lower bound. */
export const DEFAULT_MAX_NODES = 10_000_000;

/** How often (in moves) the plain search looks at the clock, the signal and its budget. */
const CHECK_EVERY = 1 << 16;

/** What the plain search left in the `chosen` slot of a level: nothing yet, or the cell left empty. */
const NONE = -1;
const LEFT_EMPTY = -2;

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

/**
 * The plain search and the forced moves over one board: the puzzle as the search sees it (no pieces
 * placed; see withoutPlaced) and its placements. Pieces put down before the search are given as a list of
 * placement numbers, so that one table serves every starting position (the challenges try thousands).
 */
export class PlainSearch {
  readonly table: PlacementTable;
  private readonly n: number;
  private readonly pieceCount: number;
  /** Placement k covers cellList[cellStart[k] .. cellStart[k+1]-1] and is a copy of placementPiece[k]. */
  private readonly cellStart: Int32Array;
  private readonly cellList: Int32Array;
  /** The same as bit words: placement k sets the bits maskList[i] of words wordList[i], wordStart[k] <= i < wordStart[k+1]. */
  private readonly wordStart: Int32Array;
  private readonly wordList: Int32Array;
  private readonly maskList: Int32Array;
  private readonly placementPiece: Int32Array;
  /** The placements whose first cell is c: candidates[candStart[c] .. candStart[c+1]-1], by piece, then orientation. */
  private readonly candStart: Int32Array;
  private readonly candidates: Int32Array;
  /** For candidates[i]: the end of the run of candidates of the same piece at the same cell (skipped at once when the piece has no copy left). */
  private readonly pieceRunEnd: Int32Array;
  /** The placements that cover cell c: covering[coverStart[c] .. coverStart[c+1]-1]. */
  private readonly coverStart: Int32Array;
  private readonly covering: Int32Array;
  private readonly optional: Uint8Array;
  private readonly counts: Int32Array;
  private readonly mins: Int32Array;
  /** Pieces to place in all, or -1 when the puzzle does not say. */
  private readonly use: number;
  private readonly exact: boolean;

  // The state of a search: the cells covered or left empty (bit c & 31 of word c >> 5; the bits past the
  // last cell are set), copies left, pieces placed.
  private readonly full: Int32Array;
  private readonly left: Int32Array;
  private placedCount = 0;

  constructor(puzzle: Puzzle, table: PlacementTable = generatePlacements(puzzle)) {
    if (puzzle.placed?.length) throw new RangeError('PlainSearch takes the board without its placed pieces (see withoutPlaced)');
    this.table = table;
    const board = table.board;
    this.n = board.cells.length;
    this.pieceCount = puzzle.pieces.length;
    const placements = table.placements;
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
    this.optional = new Uint8Array(this.n);
    for (const c of puzzle.optional ?? []) this.optional[board.indexOf(c)] = 1;
    this.counts = Int32Array.from(puzzle.pieces, (p) => p.count);
    this.mins = Int32Array.from(puzzle.pieces, (p) => pieceMin(p));
    this.use = puzzle.use ?? -1;
    this.exact = isExactPacking(puzzle);
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

  /**
   * Counts the plain search's tree below the position `start` (placements put down first). Synchronous;
   * `treeSize` runs the same count in slices, giving the event loop a turn between them.
   */
  countTree(start: readonly number[], options: TreeCountOptions = {}): TreeCount {
    const run = this.treeRun(start, options);
    while (!run.step(Infinity));
    return run.result();
  }

  /** The same count as countTree, with a turn of the event loop every `slice` moves (Ctrl-C gets through). */
  async treeSize(start: readonly number[], options: TreeCountOptions = {}, slice = 1 << 20): Promise<TreeCount> {
    const run = this.treeRun(start, options);
    while (!run.step(slice)) await nextTurn();
    return run.result();
  }

  /**
   * The plain search for people to watch (the web app shows it): step(moves) makes that many moves (a
   * move puts a piece down, or leaves a cell empty; the pieces taken off on the way back come with it) and
   * says whether the search is over; board() is the placements on the board now, in the order put down.
   */
  watch(start: readonly number[] = [], options: TreeCountOptions = {}): { step: (moves: number) => boolean; board: () => number[]; result: () => TreeCount } {
    return this.treeRun(start, { maxNodes: Infinity, ...options });
  }

  /**
   * The plain search as a run that can pause: step(moves) goes on for about that many moves and says
   * whether the run is over. Iterative, with one level per piece put down: level d enumerates the moves
   * at cell `at[d]`, `next[d]` the next candidate to try there, `chosen[d]` the move in place.
   */
  private treeRun(start: readonly number[], options: TreeCountOptions): { step: (moves: number) => boolean; board: () => number[]; result: () => TreeCount } {
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
    const byPiece = this.table.byPiece;
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
        for (const k of byPiece[p]!) {
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

  /** Placement k as a piece on cells (coordinates), in the puzzle given to the constructor. */
  placementCells(k: number): number[] {
    return Array.from(this.cellList.subarray(this.cellStart[k]!, this.cellStart[k + 1]!));
  }

  placementPieceOf(k: number): number {
    return this.placementPiece[k]!;
  }
}

/** Items bucketed by cell, stable: `each(item, add)` calls add(cell) for each cell the item goes under. */
function bucket(cells: number, items: number, each: (item: number, add: (cell: number) => void) => void): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(cells + 1);
  for (let k = 0; k < items; k++) each(k, (c) => { start[c + 1]!++; });
  for (let c = 0; c < cells; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, cells);
  const list = new Int32Array(start[cells]!);
  for (let k = 0; k < items; k++) each(k, (c) => { list[fill[c]!++] = k; });
  return { start, items: list };
}

export interface Difficulty {
  /** The plain search's moves over its whole tree (a lower bound when not `complete`). */
  readonly nodes: number;
  /** True when the whole tree was counted, within the budget and the time. */
  readonly complete: boolean;
  /** What `nodes` counts, in words. */
  readonly method: string;
  /** Why the figure was not measured, when it was not (nodes is then 0). */
  readonly unmeasured?: string;
}

export interface AnalyzeOptions {
  readonly engine?: EngineChoice;
  /** Worker threads for the counts (see RunOptions.workers). */
  readonly workers?: number;
  /** Stop each count (all solutions, then classes) after this many solutions. */
  readonly maxSolutions?: number;
  /** Moves of the plain search at most (default DEFAULT_MAX_NODES). */
  readonly maxNodes?: number;
  /** Each of the three searches (all solutions, classes, the plain tree) stops after this long. */
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal;
  /** Progress of each count, as `solveAsync` reports it; `stage` says which. */
  readonly onProgress?: (stage: AnalysisStage, progress: Progress) => void;
  /** Called when a stage begins. */
  readonly onStage?: (stage: AnalysisStage) => void;
}

export type AnalysisStage = 'solutions' | 'classes' | 'difficulty';

export interface Analysis {
  readonly puzzle: string;
  /** Solutions in all (completions of the pieces already placed). */
  readonly solutions: number;
  /** Solutions up to the board's symmetries (classes). */
  readonly unique: number;
  /** Exactly one class, and both counts complete. */
  readonly isUnique: boolean;
  /** True when both counts ran to the end (neither stopped by maxSolutions, the time limit nor the signal). */
  readonly complete: boolean;
  /** Board symmetries that map solutions to solutions (the classes' group). */
  readonly symmetries: number;
  /** Placements (other than the pieces placed before) found in every solution counted; none when there is no solution. */
  readonly shared: PlacedPiece[];
  readonly difficulty: Difficulty;
  /** Placements forced from the start without guessing (see the top of this file). */
  readonly forcedMoves: number;
  /** Pieces a solution puts down, when every solution puts down the same number (an exact packing). */
  readonly piecesToPlace?: number;
  /** Why no solution can exist, when known before any search. */
  readonly impossible?: string;
  /** True when the signal stopped the analysis. */
  readonly interrupted?: boolean;
  readonly elapsedMs: number;
}

function checkAnalyzeOptions(options: AnalyzeOptions): void {
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError('the options must be an object');
  check.integer('maxSolutions', options.maxSolutions, 1, Infinity);
  check.integer('maxNodes', options.maxNodes, 1, Infinity);
  check.milliseconds('timeLimitMs', options.timeLimitMs);
  check.function('onProgress', options.onProgress);
  check.function('onStage', options.onStage);
}

/** The plain search of a puzzle, or undefined when it has too many placements (only the rectangle engine searches it). */
function plainSearchOf(puzzle: Puzzle): PlainSearch | undefined {
  try {
    return new PlainSearch(puzzle);
  } catch (e) {
    if (e instanceof TooManyPlacementsError) return undefined;
    throw e;
  }
}

/** A placement's identity: its piece and its cells, in any order. */
export function placementKey(p: { readonly piece: string; readonly cells: readonly (readonly number[])[] }): string {
  return `${p.piece}:${p.cells.map((c) => `${c[0]},${c[1]},${c[2] ?? 0}`).sort().join(' ')}`;
}

/**
 * Analyses a puzzle for its designer: counts its solutions (in all and up to symmetry, on worker threads
 * as `solveAsync` does), finds the placements every solution shares, and measures its difficulty (the
 * plain search's tree, and the forced moves). Throws InvalidPuzzleError or InvalidOptionError before
 * anything runs.
 */
export async function analyzePuzzle(puzzle: Puzzle, options: AnalyzeOptions = {}): Promise<Analysis> {
  checkAnalyzeOptions(options);
  checkPuzzle(puzzle);
  const began = performance.now();
  const base: RunOptions = {
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeLimitMs !== undefined ? { timeLimitMs: options.timeLimitMs } : {}),
  };
  const max = options.maxSolutions ?? Infinity;
  const progress = (stage: AnalysisStage): Pick<RunOptions, 'onProgress'> =>
    options.onProgress ? { onProgress: (p: Progress) => options.onProgress!(stage, p) } : {};

  // Every solution, to count them and keep what they all share (the placements of the first, less each
  // that a later one lacks).
  options.onStage?.('solutions');
  let shared: Map<string, PlacedPiece> | undefined;
  const all: RunResult = await solveAsync(puzzle, {
    ...base,
    ...progress('solutions'),
    ...(Number.isFinite(max) ? { limit: max } : { all: true }),
    keep: false,
    onSolution: (solution: Solution) => {
      const mine = solution.placements.filter((p) => !p.given);
      if (!shared) shared = new Map(mine.map((p) => [placementKey(p), { piece: p.piece, cells: p.cells }]));
      else if (shared.size > 0) {
        const keys = new Set(mine.map(placementKey));
        for (const key of [...shared.keys()]) if (!keys.has(key)) shared.delete(key);
      }
    },
  });
  let classes: RunResult | undefined;
  if (!all.interrupted) {
    options.onStage?.('classes');
    classes = await solveAsync(puzzle, {
      ...base,
      ...progress('classes'),
      unique: true,
      ...(Number.isFinite(max) ? { limit: max, keep: false } : { countOnly: true }),
    });
  }
  const interrupted = !!all.interrupted || !!classes?.interrupted;

  const { reduced } = withoutPlaced(puzzle);
  let difficulty: Difficulty = { nodes: 0, complete: false, method: DIFFICULTY_METHOD };
  let forcedMoves = 0;
  if (!all.impossible && !interrupted) {
    options.onStage?.('difficulty');
    const plain = reduced.board.length > 0 ? plainSearchOf(reduced) : undefined;
    if (reduced.board.length === 0) {
      // the pieces placed cover the board: nothing is left to search
      difficulty = { ...difficulty, complete: true };
    } else if (!plain) {
      difficulty = { ...difficulty, unmeasured: 'too many placements to search cell by cell' };
    } else {
      const tree = await plain.treeSize([], {
        ...(options.maxNodes !== undefined ? { maxNodes: options.maxNodes } : {}),
        ...(options.timeLimitMs !== undefined ? { deadline: Date.now() + options.timeLimitMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      difficulty = { nodes: tree.nodes, complete: tree.complete, method: DIFFICULTY_METHOD };
      forcedMoves = plain.forcedMoves([]).moves.length;
    }
  }
  const complete = all.complete && !!classes?.complete;
  const unique = classes?.solutions ?? 0;
  const placing = isExactPacking(reduced) ? reduced.pieces.reduce((n, p) => n + p.count, 0) : undefined;
  return {
    puzzle: puzzle.name,
    solutions: all.solutions,
    unique,
    isUnique: complete && unique === 1,
    complete,
    symmetries: classes?.symmetries ?? 1,
    shared: all.solutions > 0 && shared ? [...shared.values()] : [],
    difficulty,
    forcedMoves,
    ...(placing !== undefined ? { piecesToPlace: placing } : {}),
    ...(all.impossible ? { impossible: all.impossible } : {}),
    ...(interrupted || options.signal?.aborted ? { interrupted: true } : {}),
    elapsedMs: performance.now() - began,
  };
}
