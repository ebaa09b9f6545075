/**
 * Challenges, as in the Kanoodle booklet: starting positions (some pieces already on the board) that have
 * exactly one completion, each as hard as it can be made for its number of pieces placed.
 *
 * The method: take solutions of the puzzle (one per symmetry class, the first `poolSize` the search finds,
 * in an order shuffled by the seed); from each, for every number of pieces to place, try subsets of its
 * pieces (every subset when there are few, else `tries` subsets drawn by the seed); keep a subset when the
 * position it leaves has exactly one completion (counted by the bitboard engine with a limit of two); of
 * those, the hardest for that solution and that number. Hardest: the most moves of the plain search
 * (engines/plain.ts), then the fewest forced moves. Then the challenges are chosen: the `count` asked for
 * are shared out evenly over the numbers of pieces placed (a number with too few candidates passes its
 * share on, the fewest pieces placed first), the hardest of each number first, each from another solution
 * as far as they go; and they are listed from the easiest to the hardest.
 *
 * Puzzles with + cells, ranges or `use` have solutions of different sizes: each solution gives positions
 * that leave one piece of it at least, and a position's completions are counted under the same rules (the
 * bitboard engine's general search), so "one completion" means one way to finish, whichever pieces.
 *
 * Everything follows from the puzzle and the options, so the same seed gives the same challenges, unless
 * the time limit or the signal stops the work early.
 */
import { BitboardSolver } from '../engines/bitboard.js';
import { seededRandom } from '../runs/estimate.js';
import type { Engine } from '../engines/types.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { check, InvalidOptionError } from '../search/options.js';
import { bitboardInput, compilePlain } from '../compile/engine-inputs.js';
import { withoutPlaced } from '../compile/placed.js';
import { runPrepared } from '../search/solve.js';
import { compilePuzzle } from '../compile/compile.js';
import type { Difficulty } from './analyze.js';
import { DIFFICULTY_METHOD } from './analyze.js';
import { checkPuzzle } from '../puzzle/validate.js';
import { nextTurn } from '../platform/host.js';

/** Defaults: how much work a call does unless told otherwise. */
export const CHALLENGE_DEFAULTS = {
  count: 10,
  seed: 1,
  /** Solutions (classes) listed to draw from. */
  poolSize: 2000,
  /** Solutions challenges are made from. */
  solutions: 20,
  /** Subsets tried per solution and number of pieces placed. */
  tries: 100,
  /** Moves of the plain search at most, per position measured. */
  maxNodes: 2_000_000,
} as const;

/** Challenges asked for at most in one call. */
export const MAX_CHALLENGES = 10_000;

export interface ChallengeOptions {
  /** How many challenges (default 10). */
  readonly count?: number;
  /**
   * Pieces on the board at the start, those the puzzle places already included: at least `min`, at most
   * `max` (default: from one more than the puzzle places, to half of the pieces a solution adds besides).
   */
  readonly placed?: { readonly min: number; readonly max: number };
  /** Seed of the random choices (default 1). */
  readonly seed?: number;
  /** Solutions to make challenges from (default 20). */
  readonly solutions?: number;
  /** Subsets of a solution's pieces tried per number placed (default 100). */
  readonly tries?: number;
  /** Solutions listed to draw from (default 2000). */
  readonly poolSize?: number;
  /** Moves of the plain search at most when measuring a position (default 2,000,000; more count as that many). */
  readonly maxNodes?: number;
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal;
  /** After each solution worked on. */
  readonly onProgress?: (progress: ChallengeProgress) => void;
}

export interface ChallengeProgress {
  readonly solutionsDone: number;
  readonly solutions: number;
  /** Positions tried, and those with exactly one completion. */
  readonly positions: number;
  readonly candidates: number;
  readonly elapsedMs: number;
}

export interface Challenge {
  /** The puzzle with the challenge's pieces placed (`placed`), ready to write with formatPuzzle. */
  readonly puzzle: Puzzle;
  /** Every piece on the board at the start (the puzzle's own first). */
  readonly placed: readonly PlacedPiece[];
  /** The one completion (the pieces placed at the start marked given). */
  readonly solution: Solution;
  readonly difficulty: Difficulty;
  /** Placements forced from the start (see engines/plain.ts). */
  readonly forcedMoves: number;
}

export interface ChallengeSet {
  /** From the easiest to the hardest. */
  readonly challenges: Challenge[];
  /** The range of pieces placed that was searched. */
  readonly placed: { readonly min: number; readonly max: number };
  /** Solutions worked on, and positions tried. */
  readonly solutionsUsed: number;
  readonly positions: number;
  /** Positions found with exactly one completion. */
  readonly candidates: number;
  /** True when the work ran as planned (not cut short by the time limit or the signal). */
  readonly complete: boolean;
  readonly interrupted?: boolean;
  readonly elapsedMs: number;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** n choose k, or Infinity past what a double holds exactly. */
function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) {
    r = (r * (n - k + i)) / i;
    if (r > Number.MAX_SAFE_INTEGER) return Infinity;
  }
  return Math.round(r);
}

/** Every k-subset of 0..n-1 (lexicographic) when there are at most `most`, else `most` distinct ones drawn at random. */
function subsets(n: number, k: number, most: number, random: () => number): number[][] {
  if (choose(n, k) <= most) {
    const out: number[][] = [];
    const pick: number[] = [];
    const walk = (from: number): void => {
      if (pick.length === k) {
        out.push([...pick]);
        return;
      }
      for (let i = from; i <= n - (k - pick.length); i++) {
        pick.push(i);
        walk(i + 1);
        pick.pop();
      }
    };
    walk(0);
    return out;
  }
  const seen = new Set<string>();
  const out: number[][] = [];
  const all = Array.from({ length: n }, (_, i) => i);
  while (out.length < most) {
    const pick = shuffle(all, random).slice(0, k).sort((a, b) => a - b);
    const key = pick.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(pick);
  }
  return out;
}

function checkChallengeOptions(options: ChallengeOptions): void {
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError('the options must be an object');
  check.integer('count', options.count, 1, MAX_CHALLENGES);
  check.integer('seed', options.seed, 0, 2 ** 32 - 1);
  check.integer('solutions', options.solutions, 1, 1_000_000);
  check.integer('tries', options.tries, 1, 1_000_000);
  check.integer('poolSize', options.poolSize, 1, 1_000_000);
  check.integer('maxNodes', options.maxNodes, 1, Infinity);
  check.milliseconds('timeLimitMs', options.timeLimitMs);
  check.function('onProgress', options.onProgress);
  const placed = options.placed as { min?: unknown; max?: unknown } | undefined;
  if (placed !== undefined) {
    if (typeof placed !== 'object' || placed === null) throw new InvalidOptionError('option placed must be an object { min, max }');
    check.integer('placed.min', placed.min, 0, 1_000_000);
    check.integer('placed.max', placed.max, 0, 1_000_000);
    if (placed.min === undefined || placed.max === undefined) throw new InvalidOptionError('option placed must give both min and max');
    if ((placed.min as number) > (placed.max as number)) throw new InvalidOptionError(`option placed is ${String(placed.min)}..${String(placed.max)}: the least is more than the most`);
  }
}

/** One position found: which of the solution's pieces it places, and how hard it is. */
interface Candidate {
  readonly solution: number;
  /** Pieces placed by the challenge (beyond the puzzle's own): indices into the solution's placements. */
  readonly pick: readonly number[];
  readonly nodes: number;
  readonly complete: boolean;
  readonly forced: number;
}

/** Harder first: more moves of the plain search, then fewer forced moves. */
const harder = (a: Candidate, b: Candidate): number => b.nodes - a.nodes || a.forced - b.forced;

/**
 * Makes challenges from a puzzle (see the top of this file). Bad options throw InvalidOptionError, a
 * puzzle that cannot be posed (or has no solution, or is no exact packing yet) InvalidPuzzleError, before
 * any work. Gives the event loop a turn between solutions, so the signal can stop it.
 */
export async function makeChallenges(puzzle: Puzzle, options: ChallengeOptions = {}): Promise<ChallengeSet> {
  checkChallengeOptions(options);
  const checked = checkPuzzle(puzzle);
  const began = performance.now();
  const deadline = options.timeLimitMs !== undefined ? Date.now() + options.timeLimitMs : Infinity;
  const stopNow = (): boolean => Date.now() >= deadline || !!options.signal?.aborted;
  const { reduced, given } = withoutPlaced(puzzle);
  // the most pieces a solution can place (with ranges, `use` and + cells solutions differ in size)
  const toPlace = Math.min(reduced.use ?? Infinity, reduced.pieces.reduce((n, p) => n + p.count, 0));
  if (toPlace < 2) throw new InvalidPuzzleError('a challenge places some pieces and leaves some: it needs a puzzle whose solutions place two pieces or more');
  // by default the harder half: from one piece placed to half of them (more placed make easy challenges)
  const range = options.placed ?? { min: given.length + 1, max: given.length + Math.max(1, Math.floor(toPlace / 2)) };
  // the numbers of pieces the challenge adds: at least one, and one piece at least left to the player
  const lowest = Math.max(1, range.min - given.length);
  const highest = Math.min(toPlace - 1, range.max - given.length);
  if (lowest > highest) {
    throw new InvalidOptionError(
      `placed ${range.min}..${range.max} leaves nothing to choose: the puzzle places ${given.length} piece${given.length === 1 ? '' : 's'} and a solution adds ${toPlace}, ` +
        `so a challenge places from ${given.length + 1} to ${given.length + toPlace - 1}`,
    );
  }
  const levels = Array.from({ length: highest - lowest + 1 }, (_, i) => lowest + i);
  const count = options.count ?? CHALLENGE_DEFAULTS.count;
  const random = seededRandom(options.seed ?? CHALLENGE_DEFAULTS.seed);

  // (what solve does, on the puzzle checked above: one solution per class, up to the pool's size)
  const pool = runPrepared(compilePuzzle(checked, { unique: true }), {
    limit: options.poolSize ?? CHALLENGE_DEFAULTS.poolSize,
    ...(Number.isFinite(deadline) ? { timeLimitMs: Math.max(0, deadline - Date.now()) } : {}),
  }).found;
  const order = shuffle(pool.map((_, i) => i), random).slice(0, options.solutions ?? CHALLENGE_DEFAULTS.solutions);

  // the plain search measures a position, the bitboard engine counts its completions: one table for both
  const { search: plain, table } = compilePlain(reduced);
  const board = table.board;
  const counter: Engine = new BitboardSolver(bitboardInput(reduced, board, table.placements));
  const pieceIndex = new Map(reduced.pieces.map((p, i) => [p.name, i]));
  const tries = options.tries ?? CHALLENGE_DEFAULTS.tries;
  const maxNodes = options.maxNodes ?? CHALLENGE_DEFAULTS.maxNodes;
  const found = new Map<number, Candidate[]>(levels.map((k) => [k, []]));
  /** The solver's placements of each solution used, as table numbers. */
  const placementsOf = new Map<number, { own: PlacedPiece[]; numbers: number[] }>();
  let positions = 0;
  let candidates = 0;
  let done = 0;
  let stopped = false;
  for (const s of order) {
    if (stopNow()) {
      stopped = true;
      break;
    }
    const own = pool[s]!.placements.filter((p) => !p.given);
    const numbers = own.map((p) => plain.placementOf(pieceIndex.get(p.piece)!, p.cells.map((c) => board.indexOf(c))));
    if (numbers.includes(-1)) throw new Error('a solution has a placement the table does not list');
    placementsOf.set(s, { own, numbers });
    // a challenge leaves the player one piece at least
    for (const k of levels.filter((n) => n < own.length)) {
      let best: Candidate | undefined;
      for (const pick of subsets(own.length, k, tries, random)) {
        if (stopNow()) break;
        positions++;
        const prefix = pick.map((i) => numbers[i]!);
        if (counter.search({ prefix, limit: 2 }).solutions !== 1) continue;
        candidates++;
        const tree = plain.countTree(prefix, { maxNodes, deadline, ...(options.signal ? { signal: options.signal } : {}) });
        const candidate: Candidate = { solution: s, pick, nodes: tree.nodes, complete: tree.complete, forced: plain.forcedMoves(prefix).moves.length };
        if (!best || harder(candidate, best) < 0) best = candidate;
      }
      if (best) found.get(k)!.push(best);
      // a turn for the event loop (Ctrl-C) between levels: a level of a big puzzle can take a while
      await nextTurn();
    }
    done++;
    options.onProgress?.({ solutionsDone: done, solutions: order.length, positions, candidates, elapsedMs: performance.now() - began });
  }
  if (stopNow()) stopped = true;

  const chosen = pickChallenges(levels, found, count);
  const challenges = chosen
    .sort((a, b) => a.nodes - b.nodes || b.forced - a.forced || b.pick.length - a.pick.length)
    .map((c, i) => challengeOf(puzzle, given, placementsOf.get(c.solution)!.own, c, i + 1));
  return {
    challenges,
    placed: { min: given.length + lowest, max: given.length + highest },
    solutionsUsed: done,
    positions,
    candidates,
    complete: !stopped,
    ...(options.signal?.aborted ? { interrupted: true } : {}),
    elapsedMs: performance.now() - began,
  };
}

/**
 * The challenges to keep: `count` shared out evenly over the levels (numbers of pieces placed), the
 * levels with fewer pieces first for what does not divide; a level with too few candidates passes the
 * rest on, again to the fewest pieces placed first. In each level the hardest, from solutions no other
 * level uses as far as they go.
 */
function pickChallenges(levels: readonly number[], found: Map<number, Candidate[]>, count: number): Candidate[] {
  const usable = levels.filter((k) => found.get(k)!.length > 0);
  for (const k of usable) found.get(k)!.sort(harder);
  const quota = new Map(usable.map((k, i) => [k, Math.floor(count / usable.length) + (i < count % usable.length ? 1 : 0)]));
  // what a level cannot fill goes to the others with candidates to spare, fewest pieces placed first
  let spare = 0;
  for (const k of usable) {
    const short = quota.get(k)! - found.get(k)!.length;
    if (short > 0) {
      spare += short;
      quota.set(k, found.get(k)!.length);
    }
  }
  for (const k of usable) {
    const room = found.get(k)!.length - quota.get(k)!;
    const more = Math.min(room, spare);
    quota.set(k, quota.get(k)! + more);
    spare -= more;
  }
  const used = new Set<number>();
  const out: Candidate[] = [];
  for (const k of usable) {
    const list = found.get(k)!;
    const fresh = list.filter((c) => !used.has(c.solution));
    const again = list.filter((c) => used.has(c.solution));
    const taken = [...fresh, ...again].slice(0, quota.get(k)!);
    for (const c of taken) used.add(c.solution);
    out.push(...taken);
  }
  return out;
}

function challengeOf(puzzle: Puzzle, given: readonly PlacedPiece[], own: readonly PlacedPiece[], c: Candidate, number: number): Challenge {
  const chosen = new Set(c.pick);
  const added = c.pick.map((i) => ({ piece: own[i]!.piece, cells: own[i]!.cells }));
  const placed: PlacedPiece[] = [...given.map((p) => ({ piece: p.piece, cells: p.cells })), ...added];
  const { known: _known, description: _description, ...rest } = puzzle;
  const challenge: Puzzle = {
    ...rest,
    name: `${puzzle.name}, challenge ${number}`,
    description:
      `${placed.length} piece${placed.length === 1 ? '' : 's'} placed; one completion. ` +
      `Difficulty: ${c.complete ? '' : 'at least '}${c.nodes} moves of a plain first-empty-cell search (see snug analyze); ${c.forced} forced move${c.forced === 1 ? '' : 's'}.`,
    known: { total: 1, unique: 1 },
    placed,
  };
  const solution: Solution = {
    placements: [
      ...placed.map((p) => ({ ...p, given: true as const })),
      ...own.filter((_, i) => !chosen.has(i)).map((p) => ({ piece: p.piece, cells: p.cells })),
    ],
  };
  return { puzzle: challenge, placed, solution, difficulty: { nodes: c.nodes, complete: c.complete, method: DIFFICULTY_METHOD }, forcedMoves: c.forced };
}
