/**
 * Which engine searches a puzzle, and why (the reason `--stats` shows): the counting engine when it is
 * asked for or, for a count alone, wins; the skyline search for rectangles filling a rectangle; Dancing
 * Links on spheres; the bitboard engine for everything else. The choice reads the puzzle as the search
 * sees it (its pieces placed before taken off: see withoutPlaced).
 */
import { isBox } from '../geometry/cell.js';
import type { FrontierPlan } from '../engines/frontier-count.js';
import { MAX_FRONTIER_STATES, MAX_FRONTIER_WIDTH } from '../engines/frontier-count.js';
import { bitboardLoopsAvailable } from '../engines/bitboard-wasm.js';
import type { EngineName } from '../engines/types.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError, hasColourConstraints, isExactPacking, puzzleGrid } from '../puzzle/model.js';
import type { EngineChoice } from './options.js';
import { InvalidOptionError } from './options.js';

/** The counting engine only counts, every solution at once: it is refused for a search that lists or takes classes. */
export function checkCountEngine(choice: EngineChoice, unique: boolean, countOnly: boolean): void {
  if (choice === 'count' && (unique || !countOnly)) {
    throw new InvalidOptionError(unique
      ? 'the count engine counts every solution, not one per symmetry class: drop --unique, or use another engine'
      : 'the count engine only counts (--count, or countOnly): it finds no solution to show; use another engine');
  }
}

/** True when the counting engine is tried first: asked for, or `auto` for a count of every solution. */
export function triesCounting(choice: EngineChoice, unique: boolean, countOnly: boolean): boolean {
  return choice === 'count' || (choice === 'auto' && countOnly && !unique);
}

/**
 * True when the skyline search can take the puzzle: a flat square board with edges that stay edges,
 * filled exactly with rectangles that may turn.
 */
export function fillsWithRectangles(reduced: Puzzle): boolean {
  return puzzleGrid(reduced).cellShape === 'box' && reduced.dims === 2 && !reduced.wrap && isExactPacking(reduced) && isBox(reduced.board) && !hasColourConstraints(reduced) &&
    reduced.pieces.every((p) => isBox(p.shape) && p.rotate !== false && !p.orientations);
}

/**
 * The skyline search, and why, when it is the engine (asked for, or `auto` on rectangles); undefined when
 * a cell engine is (see cellEngine). The rect engine asked for a puzzle it cannot take is refused here.
 */
export function rectangleEngine(reduced: Puzzle, choice: EngineChoice): { reason: string } | undefined {
  const rectangles = fillsWithRectangles(reduced);
  if (choice === 'rect' && !rectangles) {
    throw new InvalidPuzzleError('the rect engine needs a rectangular board to fill exactly with rectangles that may turn (and no pieces placed before)');
  }
  if (choice === 'rect' || (choice === 'auto' && rectangles)) {
    return { reason: choice === 'auto' ? 'every piece and the board are rectangles: skyline search from the top-left corner' : 'chosen with --engine' };
  }
  return undefined;
}

/** The engine that searches cell by cell (bitboard or Dancing Links), and why. */
export function cellEngine(reduced: Puzzle, choice: EngineChoice): { name: EngineName; reason: string } {
  // Spheres touch 12 others: filling the first empty cell branches far more than choosing the most
  // constrained cell, as Dancing Links does (the Kanoodle pyramid: 69 M nodes against 0.65 M, 3.3x slower)
  const wide = puzzleGrid(reduced).wideBranching;
  // A 3-D puzzle whose cells may stay empty or whose pieces are chosen (a burr in a frame, a piece range):
  // the first empty cell may be one that stays empty, and the bitboard engine branches on leaving it so;
  // the most constrained cell or piece is a far better choice there, once the look-ahead has taken out the
  // placements that starve a cell or a piece (see lookaheadDeadPlacements). On BurrTools' examples and
  // others' files (one thread, CPU seconds, whole process): PelikanBurr 3.8 s against 0.65 s, Dracula's
  // Dental Desaster 7.3-9.6 s against 1.1 s, two face 3 2.1 s against 0.67 s, the Solid Six-Piece Burrs
  // 3.1 s against 2.6 s, and no file slower.
  const chosen = !isExactPacking(reduced) && reduced.dims === 3 && !wide;
  // the bitboard engine's loops are WebAssembly: where it cannot be compiled, Dancing Links (whose exact
  // loop is WebAssembly too; without it, exact covers run as Algorithm M in JavaScript: see dlx.ts)
  const noWasm = !bitboardLoopsAvailable();
  const name = choice === 'auto' ? (wide || chosen || noWasm ? 'dlx' : 'bitboard') : choice;
  if (name === 'bitboard' && noWasm) throw new InvalidOptionError('the bitboard engine needs WebAssembly, which cannot be compiled here; use --engine dlx');
  const reason = choice !== 'auto' ? 'chosen with --engine'
    : wide ? `${wide}: Dancing Links, branching on the most constrained cell or piece`
    : noWasm ? 'WebAssembly cannot be compiled here (the bitboard engine needs it): Dancing Links'
    : chosen ? 'a 3-D puzzle whose cells may stay empty or whose pieces are chosen: Dancing Links, branching on the most constrained cell or piece'
    : puzzleGrid(reduced).exclusivePoints ? 'sticks: bitboards, first empty stick, dead-region pruning; the points a piece runs straight through are cells that may stay empty, so no two pieces cross'
    : isExactPacking(reduced) ? 'polyomino/polycube pieces: bitboards, first empty cell, dead-region pruning'
    : 'polyomino/polycube pieces: bitboards, first empty cell, dead-region pruning, leaving cells empty or pieces out within budgets';
  return { name, reason };
}

export function countingReason(plan: FrontierPlan): string {
  return `many copies of few pieces: dynamic programming over the frontier of a scan (${plan.width} cells wide, at most ${plan.stateBound} states)`;
}

/**
 * Where `auto` counts with the counting engine rather than enumerating (with `countOnly`, without
 * `unique`, and only where it can count at all: a frontier of at most 31 cells and 2^21 states). Its
 * work is about the states it keeps, one step per cell, whatever the number of solutions; enumeration's
 * is at least the number of solutions. Measured in process on this machine (2 shared cores; first run of
 * each, so compilation is included; states = states expanded over all steps; bitboard nodes):
 *
 * | puzzle                                | solutions   | count engine        | bitboard engine           |
 * | dominoes 4x4                          | 36          | 1.0 ms (69 states)  | 11 ms (144 nodes)         |
 * | dominoes 6x6                          | 6,728       | 1.7 ms (526)        | 47 ms (32 k)              |
 * | dominoes 8x8                          | 12,988,816  | 1.3 ms (3,360)      | 3.8 s (72 M)              |
 * | dominoes 10x10                        | 2.6e11      | 22 ms (19 k)        | over 20 s                 |
 * | L-trominoes 9x9                       | 1,193,600   | 2.1 ms (14 k)       | 5.1 s (56 M)              |
 * | T-tetrominoes 4x4, 8x8                | 2, 84       | 0.3, 1.0 ms         | 2.1, 22 ms                |
 * | dominoes and monominoes 5x6 (ranges)  | 65,805,403  | 8.9 ms (748)        | 13 s (180 M)              |
 * | dominoes 3x3x4                        | 117,805     | 0.6 ms (2,807)      | 68 ms (517 k)             |
 * | tetrahexes-7x4 (7 pieces, one each)   | 18          | 3.5 ms (14 k)       | 30 ms (1,355 nodes)       |
 * | calissons-3 (27 diamonds)             | 980         | 0.8 ms (730)        | 35 ms (9,546)             |
 *
 * It won every row where it can count at all: the pieces with copies make the solutions grow
 * exponentially with the board while the states stay bounded by the frontier. Without copies, the
 * solutions are few and a narrow state bound (2^18, the tetrahexes' 262,144) is where it still won;
 * wider puzzles of single pieces (Soma: a 22-cell frontier) it cannot count within its limit anyway.
 */
export function countingWins(puzzle: Puzzle, plan: FrontierPlan): boolean {
  return plan.stateBound <= winningStates(puzzle);
}

/** See countingWins: where no piece has copies, the widest state bound on which counting won. */
const SINGLE_COPIES_STATES = 2 ** 18;

/** The widest state bound on which counting wins (countingWins): any with copies, SINGLE_COPIES_STATES without. */
function winningStates(puzzle: Puzzle): number {
  return puzzle.pieces.some((p) => p.count > 1) ? Infinity : SINGLE_COPIES_STATES;
}

/**
 * The widest frontier on which counting can win (countingWins) within its limit (MAX_FRONTIER_STATES),
 * with counters whose radices multiply to `product`: planFrontier need not measure wider ones.
 */
export function countingWidthLimit(puzzle: Puzzle, product: number): number {
  const states = Math.min(winningStates(puzzle), MAX_FRONTIER_STATES);
  // stateBound = product * 2^(width - 1)
  return Math.min(MAX_FRONTIER_WIDTH, 1 + Math.floor(Math.log2(states / product)));
}
