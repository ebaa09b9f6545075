/**
 * A solution's disassembly as the 3-D view plays it (view3d.ts), kept free of three.js and the DOM so that it
 * runs and is tested under Node. The library's disassembleSolution (disassembly/solution.ts) says which
 * pieces move and by how much, move after move; this turns that into what is drawn:
 *
 *   state k     the arrangement after the first k moves (0: assembled, n: every move made): each placement's
 *               offset from where the solution has it, the sum of the `by` of the moves that carried it;
 *   the part    the pieces being taken apart at a move: all of them at first; after a separation the moves
 *               of the part that stays come first, then those of the part taken away (movesInOrder's order),
 *               and each part is taken apart on its own. A piece outside the part of the move at hand is
 *               not drawn (it was taken away, and fades out as it goes); a part taken away earlier comes
 *               back into view, where it was left, when its own moves begin;
 *   the words   "piece L up 2", from the puzzle's axes: x to the right, y toward the front, z up.
 *
 * The frame (FRAME in a part) never moves and is always drawn; it is no placement of the solution.
 */
import type { Cell } from '../geometry/cell.js';
import type { Separation } from '../disassembly/disassembler.js';
import type { SolutionDisassembly, SolutionMove } from '../disassembly/solution.js';
import { FRAME, levelText } from '../disassembly/solution.js';

/** One move as the view plays it. */
export interface PlayedMove {
  /** The placements that slide (the frame left out: it never moves). */
  readonly pieces: readonly number[];
  readonly names: readonly string[];
  readonly by: Cell;
  readonly separates: boolean;
  /** The placements of the part this move takes apart (drawn while it is played). */
  readonly part: readonly number[];
}

/** A disassembly ready to play: its moves, and the placements' offsets after each number of moves. */
export interface DisassemblyPlan {
  readonly moves: readonly PlayedMove[];
  /** offsets[k][i]: placement i's offset after the first k moves (k = 0 .. moves.length). */
  readonly offsets: readonly (readonly Cell[])[];
  readonly level: readonly number[];
}

/** The parts each move of movesInOrder(separation) acts on, in that order. */
function partsOfMoves(separation: Separation | undefined, part: readonly number[], out: (readonly number[])[]): void {
  if (!separation) return;
  for (let i = 0; i < separation.moves.length; i++) out.push(part);
  partsOfMoves(separation.remainingPart, separation.remaining, out);
  partsOfMoves(separation.removedPart, separation.removed, out);
}

/** The plan of a solution's disassembly that comes apart ('apart'); undefined for 'stuck' and 'unknown'. */
export function disassemblyPlan(placements: number, disassembly: SolutionDisassembly): DisassemblyPlan | undefined {
  if (disassembly.outcome !== 'apart') return undefined;
  const all = [...Array.from({ length: placements }, (_, i) => i)];
  const parts: (readonly number[])[] = [];
  partsOfMoves(disassembly.separation, [...all, FRAME], parts);
  const moves: PlayedMove[] = disassembly.moves.map((m: SolutionMove, i) => {
    const keep = m.placements.map((p, j) => [p, m.pieces[j]!] as const).filter(([p]) => p !== FRAME);
    return {
      pieces: keep.map(([p]) => p),
      names: keep.map(([, name]) => name),
      by: [m.by[0], m.by[1], m.by[2]],
      separates: m.separates,
      part: (parts[i] ?? all).filter((p) => p !== FRAME),
    };
  });
  const offsets: Cell[][] = [all.map((): Cell => [0, 0, 0])];
  for (const move of moves) {
    const next = offsets[offsets.length - 1]!.map((o): Cell => [o[0], o[1], o[2]]);
    for (const p of move.pieces) next[p] = [next[p]![0] + move.by[0], next[p]![1] + move.by[1], next[p]![2] + move.by[2]];
    offsets.push(next);
  }
  return { moves, offsets, level: disassembly.level ?? [] };
}

/**
 * The placements drawn at state k (after k moves): those of the part the next move takes apart; at the end
 * (k = moves), those of the last move's part; every placement when there are no moves.
 */
export function shownAt(plan: DisassemblyPlan, placements: number, k: number): Set<number> {
  const moves = plan.moves;
  if (moves.length === 0) return new Set(Array.from({ length: placements }, (_, i) => i));
  const move = moves[Math.min(Math.max(k, 0), moves.length - 1)]!;
  const shown = new Set(move.part);
  // after the very last move, the pieces it took away have gone too
  if (k >= moves.length && move.separates) for (const p of move.pieces) shown.delete(p);
  return shown;
}

/** Words for a step along one of the puzzle's axes (x right, y toward the front, z up), else the vector. */
export function directionText(by: Cell): string {
  const nonZero = [0, 1, 2].filter((a) => by[a] !== 0);
  if (nonZero.length === 1) {
    const axis = nonZero[0]!;
    const amount = by[axis]!;
    const words = [['left', 'right'], ['back', 'forward'], ['down', 'up']][axis]!;
    return `${words[amount > 0 ? 1 : 0]} ${Math.abs(amount)}`;
  }
  return `by (${by.join(', ')})`;
}

function piecesText(names: readonly string[]): string {
  return `${names.length === 1 ? 'piece' : 'pieces'} ${names.join(', ')}`;
}

/** "move 3 of 12: piece L up 2" (forward), "move 3 of 12 undone: piece L down 2" (putting together). */
export function moveText(plan: DisassemblyPlan, index: number, undone = false): string {
  const move = plan.moves[index]!;
  const by: Cell = undone ? [-move.by[0], -move.by[1], -move.by[2]] : move.by;
  const what = `${piecesText(move.names)} ${directionText(by)}`;
  const out = move.separates ? (undone ? ', back in' : ', out') : '';
  return `move ${index + 1} of ${plan.moves.length}${undone ? ' undone' : ''}: ${what}${out}`;
}

/** What the view says at state k with nothing under way. */
export function stateText(plan: DisassemblyPlan, k: number): string {
  const n = plan.moves.length;
  if (n === 0) return 'nothing to take apart';
  if (k <= 0) return `assembled: ${n} move${n === 1 ? '' : 's'} take it apart`;
  if (k >= n) return `taken apart in ${n} move${n === 1 ? '' : 's'}`;
  return moveText(plan, k - 1);
}

/** "level 5.3.2", as BurrTools writes a level. */
export function levelLabel(level: readonly number[]): string {
  return `level ${levelText(level)}`;
}

/** What is said of a solution that does not come apart, or whose disassembly was not decided. */
export function notApartText(disassembly: SolutionDisassembly, names: readonly string[]): string {
  if (disassembly.outcome === 'stuck') {
    // copies of a piece named once, with how many: "L (3 copies), D, the frame"
    const count = new Map<string, number>();
    for (const i of disassembly.stuck ?? []) {
      const name = i === FRAME ? 'the frame' : names[i] ?? String(i);
      count.set(name, (count.get(name) ?? 0) + 1);
    }
    const stuck = [...count].map(([name, n]) => (n > 1 ? `${name} (${n} copies)` : name));
    return `This assembly does not come apart: no sliding moves take it apart${stuck.length > 0 ? ` (${stuck.join(', ')} lock one another)` : ''}.`;
  }
  return `Whether this assembly comes apart is undecided: the search gave up after ${disassembly.states.toLocaleString('en-US')} arrangements.`;
}

/** Where a placement is drawn, in cells of the puzzle (x y z) from where the solution has it, and how opaque. */
export interface Pose {
  readonly offset: readonly [number, number, number];
  readonly opacity: number;
}

/** How much further, in cells, a piece taken away slides while it fades out. */
export const FADE_SLIDE = 1.5;

function smooth(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x * x * (3 - 2 * x);
}

/**
 * The placements' poses during move k (from state k to state k + 1): first the moving pieces slide by the
 * move's `by` (`slide` from 0 to 1), then (`fade` from 0 to 1) the pieces that leave the view fade out, those
 * that slid on a little further, and the pieces of the next part fade in where they were left. Played with
 * both going from 1 back to 0, it is the same move undone: putting together is taking apart backwards.
 * Pose k at (0, 0) and pose k - 1 at (1, 1) are both state k.
 */
export function poseDuring(plan: DisassemblyPlan, placements: number, k: number, slide: number, fade: number): Pose[] {
  const move = plan.moves[k]!;
  const before = shownAt(plan, placements, k);
  const after = shownAt(plan, placements, k + 1);
  const moving = new Set(move.pieces);
  const s = smooth(slide);
  const f = smooth(fade);
  const length = Math.hypot(...move.by) || 1;
  const out: Pose[] = [];
  for (let i = 0; i < placements; i++) {
    const from = plan.offsets[k]![i]!;
    let offset: [number, number, number] = [from[0], from[1], from[2]];
    if (moving.has(i)) {
      const push = before.has(i) && !after.has(i) ? (FADE_SLIDE * f) / length : 0;
      offset = [0, 1, 2].map((a) => from[a]! + move.by[a]! * (s + push)) as [number, number, number];
    }
    const opacity = before.has(i) && after.has(i) ? 1 : before.has(i) ? 1 - f : after.has(i) ? f : 0;
    out.push({ offset, opacity });
  }
  return out;
}

/** The placements' poses at state k (after k moves), at rest. */
export function poseAt(plan: DisassemblyPlan, placements: number, k: number): Pose[] {
  const n = plan.moves.length;
  if (n === 0) return Array.from({ length: placements }, (): Pose => ({ offset: [0, 0, 0], opacity: 1 }));
  const at = Math.min(Math.max(0, Math.round(k)), n);
  return at < n ? poseDuring(plan, placements, at, 0, 0) : poseDuring(plan, placements, n - 1, 1, 1);
}

/** Whether move k changes which pieces are drawn (then it has a fading phase after its slide). */
export function moveFades(plan: DisassemblyPlan, placements: number, k: number): boolean {
  const before = shownAt(plan, placements, k);
  const after = shownAt(plan, placements, k + 1);
  return before.size !== after.size || [...before].some((p) => !after.has(p));
}
