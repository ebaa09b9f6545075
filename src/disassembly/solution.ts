/**
 * A puzzle's solutions taken apart: the disassembler (disassembler.ts, numbers only) fed with a solution's
 * pieces in a fixed order, the grid's motions, the frame, BurrTools' weights and piece groups; its moves told
 * back in the solution's terms.
 */
import type { Cell } from '../geometry/cell.js';
import type { MotionPaths } from '../geometry/grid.js';
import { compareCells, leastCell } from '../geometry/cell.js';
import { frameCells } from '../puzzle/frame.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { mostPiecesPlaced, puzzleGrid } from '../puzzle/model.js';
import type { DisassemblyInput, DisassemblyLevel, Separation } from './disassembler.js';
import { disassemble, disassemblyLevel, GapCache, MAX_PART_PIECES, movesInOrder } from './disassembler.js';

/** The frame's index in moves and separations: it is no placement of the solution. */
export const FRAME = -1;

/** One move of a solution's disassembly. */
export interface SolutionMove {
  /** Indices into the solution's placements (FRAME for the frame, which the disassembler never moves). */
  readonly placements: readonly number[];
  /** The moving pieces' names. */
  readonly pieces: readonly string[];
  /** How far they go: a multiple of one of the grid's motions. */
  readonly by: Cell;
  /** True for the move that takes these pieces away from the rest for good. */
  readonly separates: boolean;
}

export interface SolutionDisassembly {
  /** 'apart': it comes apart (level and moves say how); 'stuck': it does not; 'unknown': the state budget ran out first. */
  readonly outcome: 'apart' | 'stuck' | 'unknown';
  /** The moves before each separation, as BurrTools prints a level (5.3.2 is [5, 3, 2]); [] when nothing needs parting. */
  readonly level?: readonly number[];
  /** Every move, in order: first the moves of the first separation, then those of the part that stays, then of the part taken away. */
  readonly moves: readonly SolutionMove[];
  /** The separation tree (placements' indices, FRAME for the frame), when it comes apart. */
  readonly separation?: Separation;
  /** For 'stuck': the pieces that lock one another (placements' indices). */
  readonly stuck?: readonly number[];
  /** Arrangements searched. */
  readonly states: number;
}

export interface DisassemblyOptions {
  /** The most arrangements searched for one solution before it is called 'unknown'. */
  readonly stateBudget?: number;
}

/** Why a puzzle's solutions cannot be taken apart by snug, or undefined when they can. */
export function disassemblyProblem(puzzle: Puzzle): string | undefined {
  const grid = puzzleGrid(puzzle);
  if (puzzle.dims !== 3) return 'a flat puzzle comes apart by lifting its pieces off: --disassemble is for 3-D puzzles';
  if (!grid.motions) return `the ${grid.name} grid has no motions snug can take apart (pieces there do not slide cell by cell)`;
  // walls (not a frame piece, which is one of the pieces already) are one piece more
  const walls = puzzle.frame !== undefined && !('piece' in puzzle.frame);
  const pieces = mostPiecesPlaced(puzzle) + (walls ? 1 : 0);
  if (pieces > MAX_PART_PIECES) return `the disassembler takes assemblies of at most ${MAX_PART_PIECES} pieces, and this one may have ${pieces}`;
  return undefined;
}

/**
 * The order the disassembler sees a solution's pieces in: the puzzle's pieces in the file's order, copies of
 * one piece by their first cell. (BurrTools lists them the same way, so levels agree with its; and the order
 * does not depend on how the search found the solution.) Made once per puzzle, called once per solution.
 */
export function pieceOrder(puzzle: Puzzle): (solution: Solution) => number[] {
  const rank = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  const copies = new Map(puzzle.pieces.map((p) => [p.name, p.count]));
  return (solution) => {
    // (the first cell only of pieces with copies: a frame of hundreds of cells is walked for nothing otherwise)
    const first = solution.placements.map((p) => ((copies.get(p.piece) ?? 1) > 1 ? leastCell(p.cells) : undefined));
    return solution.placements.map((_, i) => i).sort((a, b) => rank.get(solution.placements[a]!.piece)! - rank.get(solution.placements[b]!.piece)! || compareCells(first[a]!, first[b]!));
  };
}

/** Takes one solution apart (see disassembler.ts for the moves and the level). */
export function disassembleSolution(puzzle: Puzzle, solution: Solution, options: DisassemblyOptions = {}): SolutionDisassembly {
  return new PuzzleDisassembler(puzzle, options).disassemble(solution);
}

/**
 * Takes a puzzle's solutions apart, one after another: what is the puzzle's (its frame, its pieces' order,
 * weights and groups) is worked out once, and the gaps between oriented shapes are kept from one solution
 * to the next.
 */
export class PuzzleDisassembler {
  private readonly motions: readonly Cell[];
  private readonly motionPaths: MotionPaths | undefined;
  private readonly walls: readonly Cell[];
  private readonly framePiece: string | undefined;
  private readonly byName: ReadonlyMap<string, Puzzle['pieces'][number]>;
  private readonly cache: GapCache;
  private readonly order: (solution: Solution) => number[];

  constructor(
    puzzle: Puzzle,
    private readonly options: DisassemblyOptions = {},
  ) {
    const problem = disassemblyProblem(puzzle);
    if (problem) throw new RangeError(problem);
    this.motions = puzzleGrid(puzzle).motions!;
    this.motionPaths = puzzleGrid(puzzle).motionPaths;
    this.walls = frameCells(puzzle);
    this.framePiece = puzzle.frame && 'piece' in puzzle.frame ? puzzle.frame.piece : undefined;
    this.byName = new Map(puzzle.pieces.map((p) => [p.name, p]));
    this.cache = new GapCache(this.motions, this.motionPaths?.passes);
    this.order = pieceOrder(puzzle);
  }

  disassemble(solution: Solution): SolutionDisassembly {
    const { input, indexOf } = this.inputOf(solution);
    const result = disassemble(input);
    if (result.outcome === 'unknown') return { outcome: 'unknown', moves: [], states: result.states };
    if (result.outcome === 'stuck') return { outcome: 'stuck', moves: [], stuck: result.stuckPieces.map((k) => indexOf[k]!), states: result.states };
    const told = (s: Separation | undefined): Separation | undefined =>
      s && {
        moves: s.moves.map((m) => ({ ...m, pieces: m.pieces.map((k) => indexOf[k]!) })),
        removed: s.removed.map((k) => indexOf[k]!),
        remaining: s.remaining.map((k) => indexOf[k]!),
        ...(s.removedPart ? { removedPart: told(s.removedPart)! } : {}),
        ...(s.remainingPart ? { remainingPart: told(s.remainingPart)! } : {}),
      };
    const separation = told(result.separation);
    const moves = movesInOrder(separation).map((m) => ({
      placements: m.pieces,
      pieces: m.pieces.map((i) => (i === FRAME ? 'frame' : solution.placements[i]!.piece)),
      by: m.by,
      separates: m.separates,
    }));
    return { outcome: 'apart', level: result.level, moves, ...(separation ? { separation } : {}), states: result.states };
  }

  /** disassemble()'s outcome and level alone (a run sifting its assemblies keeps no moves): the same search, no move told. */
  level(solution: Solution): DisassemblyLevel {
    return disassemblyLevel(this.inputOf(solution).input);
  }

  /** The disassembler's input for a solution, and each of its pieces' placement (FRAME for walls). */
  private inputOf(solution: Solution): { input: DisassemblyInput; indexOf: number[] } {
    const order = this.order(solution);
    const pieces: Cell[][] = order.map((i) => solution.placements[i]!.cells as Cell[]);
    const indexOf = [...order];
    const fixed: number[] = [];
    order.forEach((i, k) => {
      if (solution.placements[i]!.piece === this.framePiece) fixed.push(k);
    });
    if (this.walls.length > 0) {
      fixed.push(pieces.length);
      pieces.push(this.walls as Cell[]);
      indexOf.push(FRAME);
    }
    const pieceOf = (k: number) => (indexOf[k] === FRAME ? undefined : this.byName.get(solution.placements[indexOf[k]!]!.piece));
    const input: DisassemblyInput = {
      pieces,
      motions: this.motions,
      fixed,
      weights: pieces.map((_, k) => pieceOf(k)?.weight ?? 1),
      groups: pieces.map((_, k) => pieceOf(k)?.group ?? 0),
      cache: this.cache,
      ...(this.motionPaths ? { passes: { kinds: pieces.map((cells) => cells.map((c) => this.motionPaths!.kind(c))), offsets: this.motionPaths.passes } } : {}),
      ...(this.options.stateBudget !== undefined ? { stateBudget: this.options.stateBudget } : {}),
    };
    return { input, indexOf };
  }
}

/** A level as BurrTools writes it: 5.3.2 (and '-' for nothing to part). */
export function levelText(level: readonly number[] | undefined): string {
  return level && level.length > 0 ? level.join('.') : '-';
}

/** Orders levels as BurrTools sorts solutions by level: component by component, a longer one after its prefix. */
export function compareLevels(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** One step of a disassembly as drawn: the move, and where every piece of the part being taken apart is after it. */
export interface DisassemblyStep {
  readonly move: SolutionMove;
  /** The placements of the part the move belongs to (the frame left out), each with its offset from the assembly after the move. */
  readonly scene: readonly { readonly placement: number; readonly offset: Cell }[];
}

/**
 * The steps of a disassembly in the order they are made, each with the part it works on as it is after the
 * move: a separation shows both sides apart; after it, the part that stays is taken apart first, then the
 * part taken away, each on its own (the rest is in the hand, out of the picture).
 */
export function disassemblySteps(solution: Solution, disassembly: SolutionDisassembly): DisassemblyStep[] {
  const offsets = new Map<number, Cell>(solution.placements.map((_, i) => [i, [0, 0, 0] as Cell]));
  const out: DisassemblyStep[] = [];
  const walk = (s: Separation | undefined): void => {
    if (!s) return;
    const part = [...s.removed, ...s.remaining].filter((i) => i !== FRAME).sort((a, b) => a - b);
    for (const move of s.moves) {
      for (const i of move.pieces) {
        if (i === FRAME) continue;
        const o = offsets.get(i)!;
        offsets.set(i, [o[0] + move.by[0], o[1] + move.by[1], o[2] + move.by[2]]);
      }
      // a move of the frame is told as the others moving back: the frame never moves
      out.push({
        move: { placements: move.pieces, pieces: move.pieces.map((i) => (i === FRAME ? 'frame' : solution.placements[i]!.piece)), by: move.by, separates: move.separates },
        scene: part.map((placement) => ({ placement, offset: offsets.get(placement)! })),
      });
    }
    walk(s.remainingPart);
    walk(s.removedPart);
  };
  walk(disassembly.separation);
  return out;
}

/** Where a motion goes, in words (layer z is the height: +z is up; +y toward the viewer). */
export function directionName(by: Cell): string {
  const names: Record<string, string> = { '1,0,0': 'right (+x)', '-1,0,0': 'left (-x)', '0,1,0': 'forward (+y)', '0,-1,0': 'back (-y)', '0,0,1': 'up (+z)', '0,0,-1': 'down (-z)' };
  const length = Math.max(...by.map(Math.abs));
  const unit = by.map((v) => v / length).join(',');
  return names[unit] ?? `[${unit}]`;
}

/** One move in words: "L up (+z) 2" or "L and T out: up (+z)". */
export function moveText(move: SolutionMove): string {
  const who = move.pieces.length === 1 ? move.pieces[0]! : `${move.pieces.slice(0, -1).join(', ')} and ${move.pieces[move.pieces.length - 1]}`;
  const length = Math.max(...move.by.map(Math.abs));
  return move.separates ? `${who} out, ${directionName(move.by)}` : `${who} ${directionName(move.by)} ${length}`;
}
