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

/** Why a puzzle's frame cannot hold its pieces, or undefined when it can (or there is none). */
export function frameProblem(puzzle: Pick<Puzzle, 'frame' | 'dims' | 'board' | 'pieces'>): string | undefined {
  const frame = puzzle.frame;
  if (!frame) return undefined;
  if (puzzle.dims !== 3) return 'a frame holds the pieces of a 3-D puzzle while they are taken apart: this board is flat (pieces of a flat puzzle lift off)';
  if ('walls' in frame) {
    if (frame.walls !== 'closed' && !FRAME_SIDES.includes(frame.walls)) return `frame '${String(frame.walls)}' is none of closed, ${FRAME_SIDES.map((s) => `open-${s}`).join(', ')}`;
    return undefined;
  }
  if ('piece' in frame) {
    const piece = puzzle.pieces.find((p) => p.name === frame.piece);
    if (!piece) {
      return `frame '${frame.piece}' is neither closed, ${FRAME_SIDES.map((s) => `open-${s}`).join(', ')}, nor one of the pieces (${puzzle.pieces.map((p) => p.name).join(', ')})`;
    }
    if (piece.count !== 1 || (piece.min ?? piece.count) !== 1) return `frame '${frame.piece}' must be a piece of exactly one copy, not ${piece.count}`;
    return undefined;
  }
  if (!Array.isArray(frame.cells) || frame.cells.length === 0) return 'frame cells must be a non-empty list of cells';
  if (frame.cells.length > MAX_FRAME_CELLS) return `the frame has ${frame.cells.length} cells: more than the limit of ${MAX_FRAME_CELLS}`;
  const board = new Set(puzzle.board.map(cellKey));
  const seen = new Set<string>();
  for (const c of frame.cells) {
    if (!Array.isArray(c) || c.length !== 3 || !c.every((v) => Number.isInteger(v) && Math.abs(v) <= 1_000_000)) return 'each frame cell must be [x, y, z], whole numbers';
    const k = cellKey(c as unknown as Cell);
    if (board.has(k)) return `the frame does not fit the board: its cell [${c.join(', ')}] is a board cell (a frame goes around the board)`;
    if (seen.has(k)) return `the frame lists the cell [${c.join(', ')}] twice`;
    seen.add(k);
  }
  return undefined;
}
