/**
 * Sifting a run's assemblies: each is taken apart as it is found, and only those that come apart (at the
 * least level asked for) go on as solutions, carrying their level. What a run adds up: assemblies found,
 * those the state budget left undecided, and the highest level.
 */
import type { Puzzle, Solution } from '../puzzle/model.js';
import { compareLevels, PuzzleDisassembler } from './solution.js';
import { burrToolsOrienter } from '../puzzle/burrtools.js';

export interface DisassembleOptions {
  /** Keep only solutions at this level or above (compared as BurrTools sorts levels: 5.3 > 5.2.9 > 5). */
  readonly minLevel?: readonly number[];
  /** The most arrangements searched for one assembly before it is counted undecided. */
  readonly stateBudget?: number;
}

/** What a run says of its assemblies when it takes them apart. */
export interface AssemblyTally {
  /** Assemblies found (up to symmetry under --unique, as solutions would be). */
  readonly assemblies: number;
  /** Assemblies the state budget left undecided: counted as not coming apart. */
  readonly undecided: number;
  /** The highest level of a solution kept, when there is one. */
  readonly maxLevel?: readonly number[];
}

/** By puzzle and options: the disassembler (with its gap cache) and the orienter, shared by the puzzle's sifters. */
const tools = new WeakMap<Puzzle, Map<string, { taker: PuzzleDisassembler; orient: (solution: Solution) => Solution }>>();

export class AssemblySifter {
  assemblies = 0;
  undecided = 0;
  maxLevel: readonly number[] | undefined;

  private readonly taker: PuzzleDisassembler;
  /** Turns a class's representative the way BurrTools reports it (see below), or leaves it. */
  private readonly orient: (solution: Solution) => Solution;

  /**
   * `representatives`: the run reports one solution per symmetry class (--unique). Its orientation is then
   * snug's to choose, and it takes BurrTools' (burrToolsOrientation): a level can depend on the orientation
   * (at equal moves, the first separation found is taken, and motions are tried in a fixed order), so the
   * levels of a class agree with BurrTools'. Not with a frame or pieces placed before, which a turn would move.
   */
  constructor(
    puzzle: Puzzle,
    private readonly options: DisassembleOptions,
    representatives = false,
  ) {
    // what depends on the puzzle alone is made once for all the sifters of a puzzle (a worker thread
    // makes one for each subproblem it is given, a hundred or more in a run)
    let byOptions = tools.get(puzzle);
    if (!byOptions) tools.set(puzzle, (byOptions = new Map()));
    const key = `${options.stateBudget ?? ''}|${representatives}`;
    let made = byOptions.get(key);
    if (!made) {
      const turnable = representatives && !puzzle.frame && !(puzzle.placed?.length);
      made = {
        taker: new PuzzleDisassembler(puzzle, options.stateBudget !== undefined ? { stateBudget: options.stateBudget } : {}),
        orient: turnable ? burrToolsOrienter(puzzle) : (solution) => solution,
      };
      byOptions.set(key, made);
    }
    this.taker = made.taker;
    this.orient = made.orient;
  }

  /** The solution with its level when it comes apart at the level asked for; undefined otherwise. */
  sift(found: Solution): Solution | undefined {
    this.assemblies++;
    const solution = this.orient(found);
    // (only the level is kept: the moves are not told)
    const d = this.taker.level(solution);
    if (d.outcome === 'unknown') this.undecided++;
    // an assembly of one piece has nothing to take apart (no move, level []): no solution, as BurrTools counts
    if (d.outcome !== 'apart' || d.level.length === 0) return undefined;
    const level = d.level;
    if (this.options.minLevel && compareLevels(level, this.options.minLevel) < 0) return undefined;
    if (!this.maxLevel || compareLevels(level, this.maxLevel) > 0) this.maxLevel = level;
    return { ...solution, level };
  }

  tally(): AssemblyTally {
    return { assemblies: this.assemblies, undecided: this.undecided, ...(this.maxLevel ? { maxLevel: this.maxLevel } : {}) };
  }
}

/** Two tallies as one (subproblems of one run). */
export function addTallies(a: AssemblyTally | undefined, b: AssemblyTally | undefined): AssemblyTally | undefined {
  if (!a) return b;
  if (!b) return a;
  const maxLevel = !a.maxLevel ? b.maxLevel : !b.maxLevel ? a.maxLevel : compareLevels(a.maxLevel, b.maxLevel) >= 0 ? a.maxLevel : b.maxLevel;
  return { assemblies: a.assemblies + b.assemblies, undecided: a.undecided + b.undecided, ...(maxLevel ? { maxLevel } : {}) };
}

/** Parses a level as a user writes it: 5, 5.3 or 5.3.2. */
export function parseLevel(text: string): number[] | undefined {
  if (!/^\d{1,6}(\.\d{1,6}){0,63}$/.test(text)) return undefined;
  const level = text.split('.').map(Number);
  return level.every((n) => n >= 1) ? level : undefined;
}
