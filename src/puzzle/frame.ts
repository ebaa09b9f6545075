/**
 * A puzzle's frame (see Frame in model.ts): its cells, and the rules a frame must keep. Walls are the
 * board's bounding box grown by one cell on every side, less the board, less the open face's layer: a box
 * with a lid opening for a box board, a mould of the board's shape for any other.
 */
import type { Cell } from '../geometry/cell.js';
import { bounds, cellKey } from '../geometry/cell.js';
import type { Frame, FrameSide, Puzzle } from './model.js';
import { FRAME_SIDES } from './model.js';

/** The axis and the end (-1 low, +1 high) of each face. */
const SIDE_AXIS: Readonly<Record<FrameSide, readonly [number, -1 | 1]>> = {
  left: [0, -1], right: [0, 1], back: [1, -1], front: [1, 1], bottom: [2, -1], top: [2, 1],
};

/** Most cells a frame's walls may have (the board's bounding box is limited already; this bounds the shell). */
export const MAX_FRAME_CELLS = 4_000_000;

/** The cells of a puzzle's frame when it is walls or cells; empty for a frame piece or no frame. */
export function frameCells(puzzle: Pick<Puzzle, 'board' | 'frame'>): Cell[] {
  const frame = puzzle.frame;
  if (!frame || 'piece' in frame) return [];
  if ('cells' in frame) return [...frame.cells];
  const { min, max } = bounds(puzzle.board);
  const board = new Set(puzzle.board.map(cellKey));
  const open = frame.walls === 'closed' ? undefined : SIDE_AXIS[frame.walls];
  const out: Cell[] = [];
  for (let z = min[2] - 1; z <= max[2] + 1; z++) {
    for (let y = min[1] - 1; y <= max[1] + 1; y++) {
      for (let x = min[0] - 1; x <= max[0] + 1; x++) {
        const c: Cell = [x, y, z];
        if (board.has(cellKey(c))) continue;
        if (open && c[open[0]] === (open[1] < 0 ? min[open[0]]! - 1 : max[open[0]]! + 1)) continue;
        out.push(c);
      }
    }
  }
  return out;
}

/** The frame as a file writes it: `open-top`, `closed`, a piece's name, or a mapping of cells. */
export function frameName(frame: Frame): string {
  if ('walls' in frame) return frame.walls === 'closed' ? 'closed' : `open-${frame.walls}`;
  if ('piece' in frame) return frame.piece;
  return 'cells';
}

/** The frame a file's word stands for: `closed`, `open-SIDE`, or else the name of a piece. */
export function frameOfWord(word: string): Frame {
  if (word === 'closed') return { walls: 'closed' };
  const side = word.startsWith('open-') ? (word.slice(5) as FrameSide) : undefined;
  if (side && FRAME_SIDES.includes(side)) return { walls: side };
  return { piece: word };
}
