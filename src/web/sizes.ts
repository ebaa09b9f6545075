/**
 * How large a board the page draws in each way. A flat picture is one element per piece and is drawn at
 * any size (off the page's thread beyond DRAWN_OFF_PAGE_CELLS); playing, watching and editing draw one
 * element per cell, which a browser cannot do for a million cells without freezing for minutes, so those
 * views stop at MAX_CELLS_BY_HAND and say so.
 */
import { formatCount } from '../render/report.js';

/** Boards with more cells than this are drawn by the picture worker; smaller ones on the page in milliseconds. */
export const DRAWN_OFF_PAGE_CELLS = 20_000;

/** The most cells the Play, Watch and Edit views draw (one element each): a 200x200 board. */
export const MAX_CELLS_BY_HAND = 40_000;

/** Why a view that draws cell by cell does not draw this puzzle, or undefined when it may. */
export function cellByCellProblem(cells: number, view: string): string | undefined {
  if (cells <= MAX_CELLS_BY_HAND) return undefined;
  return `${formatCount(cells)} cells are too many to ${view} here (at most ${formatCount(MAX_CELLS_BY_HAND)}, one by one); Solve and the pictures take any size`;
}
