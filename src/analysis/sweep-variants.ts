import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import type { Piece, Puzzle } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import { InvalidOptionError } from '../search/options.js';

/**
 * The puzzles of a family, each one a variant of a puzzle: the question a sweep (sweep.ts) asks of every
 * one of them is how many solutions it has. Pure: each variant is a puzzle of its own, made here, solved
 * elsewhere.
 *
 * - dates: a calendar puzzle leaves open the cells of a date's month and day (and weekday, when the board
 *   has weekdays), named by the puzzle's `labels` (Jan..Dec or January..December, 1..31, Mon..Sun or
 *   Monday..Sunday, in any case). Every other labelled cell must be covered.
 * - pieces K: every choice of K pieces of the puzzle's set (a piece of N copies chosen up to N times), each
 *   placed once per choice, on the puzzle's board or on a board that follows K (`5xK`: 5 wide, K high).
 * - open cells: each board cell left open in turn (a hole; the rest as the puzzle says, labels or not: on
 *   A-Puzzle-A-Day, the solutions that leave that cell open and one other anywhere).
 * - variants: puzzles given one by one (files), each its own row.
 *
 * Leaving a cell open makes it a hole: it leaves the board.
 */
export type SweepOver =
  | { readonly kind: 'dates'; readonly year?: number }
  | { readonly kind: 'pieces'; readonly k: number; readonly upTo?: number; readonly board?: BoardTemplate }
  | { readonly kind: 'open-cells' }
  | { readonly kind: 'variants'; readonly puzzles: readonly { readonly key: string; readonly puzzle: Puzzle }[] };

/** A rectangle whose sides may follow K, the number of pieces chosen ('5xK'). */
export interface BoardTemplate {
  readonly width: number | 'K';
  readonly height: number | 'K';
}

/** One puzzle of a family, and what tells it from the others. */
export interface SweepVariant {
  /** What names it in a table: "10-06" (a date), "F I L" (pieces), "3,4" (a cell), a file's name. */
  readonly key: string;
  readonly puzzle: Puzzle;
  /** A date: its month (1..12) and day. */
  readonly date?: { readonly month: number; readonly day: number };
  /** The pieces chosen, by name (a piece chosen twice is named twice). */
  readonly pieces?: readonly string[];
  /** The cell left open. */
  readonly cell?: Cell;
}

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Days in each month, February with its 29th (a calendar puzzle has a solution for every date of any year). */
export const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The most variants one sweep makes (a choice of pieces grows fast: 12 of 24 is 2,704,156). */
export const MAX_VARIANTS = 100_000;

/** A board template as written: '5xK', 'Kx5', '6x10'. */
export function parseBoardTemplate(text: string): BoardTemplate {
  const m = /^\s*(\d+|K)\s*x\s*(\d+|K)\s*$/i.exec(text);
  const side = (s: string): number | 'K' => (/^k$/i.test(s) ? 'K' : Number(s));
  if (!m || side(m[1]!) === 0 || side(m[2]!) === 0) throw new InvalidOptionError(`the board must be WIDTHxHEIGHT, each side a number or K (the pieces chosen), such as 5xK, not '${printable(text, 40)}'`);
  return { width: side(m[1]!), height: side(m[2]!) };
}

/** The variants of a puzzle's family; bad requests (a label missing, too many variants) throw InvalidOptionError. */
export function sweepVariants(puzzle: Puzzle, over: SweepOver): SweepVariant[] {
  switch (over.kind) {
    case 'dates':
      return dateVariants(puzzle, over.year);
    case 'pieces':
      return pieceVariants(puzzle, over.k, over.upTo ?? over.k, over.board);
    case 'open-cells':
      return puzzle.board.map((cell) => ({ key: cell.slice(0, puzzle.dims).join(','), cell, puzzle: leaveOpen(puzzle, [cell], cell.slice(0, puzzle.dims).join(','), false) }));
    case 'variants':
      return over.puzzles.map(({ key, puzzle: p }) => ({ key, puzzle: p }));
  }
}

/**
 * The puzzle with `open` cells left open: holes, off the board. Labelled cells not opened must be covered
 * (`coverLabelled`: a date leaves its own cells open, no others); other cells that may stay empty still may. The variant has no labels and no published counts of its own.
 */
export function leaveOpen(puzzle: Puzzle, open: readonly Cell[], key: string, coverLabelled = true): Puzzle {
  const gone = new Set(open.map(cellKey));
  const labelled = new Set(coverLabelled ? (puzzle.labels ?? []).flatMap((l) => l.cells.map(cellKey)) : []);
  const optional = (puzzle.optional ?? []).filter((c) => !gone.has(cellKey(c)) && !labelled.has(cellKey(c)));
  const { labels: _labels, known: _known, optional: _optional, description: _description, ...rest } = puzzle;
  return {
    ...rest,
    name: variantName(puzzle.name, key),
    board: puzzle.board.filter((c) => !gone.has(cellKey(c))),
    ...(optional.length > 0 ? { optional } : {}),
  };
}

function variantName(name: string, key: string): string {
  return `${name} ${key}`.slice(0, 200);
}

/** The puzzle's labels by name, in lower case. */
function labelsByName(puzzle: Puzzle): Map<string, readonly Cell[]> {
  return new Map((puzzle.labels ?? []).map((l) => [l.name.toLowerCase(), l.cells]));
}

/** The cells of the label for a month, a day or a weekday: its full name or its first three letters. */
function findLabel(labels: Map<string, readonly Cell[]>, names: readonly string[]): readonly Cell[] | undefined {
  for (const n of names) {
    const cells = labels.get(n.toLowerCase());
    if (cells) return cells;
  }
  return undefined;
}

/** True when the puzzle's labels name every month and the days 1 to 31: a calendar whose dates can be swept. */
export function hasDateLabels(puzzle: Puzzle): boolean {
  if (!puzzle.labels?.length) return false;
  try {
    dateLabels(puzzle);
    return true;
  } catch {
    return false;
  }
}

interface DateLabels {
  readonly months: readonly (readonly Cell[])[];
  readonly days: readonly (readonly Cell[])[];
  /** Sunday first, when the board has weekdays. */
  readonly weekdays?: readonly (readonly Cell[])[];
}

function dateLabels(puzzle: Puzzle): DateLabels {
  const labels = labelsByName(puzzle);
  const names = (puzzle.labels ?? []).map((l) => l.name);
  const list = names.length > 0 ? ` (its labels: ${printable(names.slice(0, 12).join(', '), 120)}${names.length > 12 ? ', ...' : ''})` : ' (it has no labels: see "labels:" in the README)';
  const missing = (what: string): never => {
    throw new InvalidOptionError(`--over dates: the puzzle '${printable(puzzle.name, 60)}' has no label for ${what}${list}`);
  };
  const months = MONTHS.map((m) => findLabel(labels, [m, m.slice(0, 3)]) ?? missing(`the month ${m.slice(0, 3)}`));
  const days = Array.from({ length: 31 }, (_, i) => findLabel(labels, [String(i + 1)]) ?? missing(`the day ${i + 1}`));
  const weekdays = WEEKDAYS.map((d) => findLabel(labels, [d, d.slice(0, 3)]));
  const some = weekdays.filter(Boolean).length;
  if (some > 0 && some < 7) missing(`every weekday (it names ${some} of 7)`);
  return { months, days, ...(some === 7 ? { weekdays: weekdays as (readonly Cell[])[] } : {}) };
}

/** The key of a date: "10-06". */
export function dateKey(month: number, day: number): string {
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A date as people write it: "October 6". */
export function dateName(month: number, day: number): string {
  return `${MONTHS[month - 1]} ${day}`;
}

function dateVariants(puzzle: Puzzle, year: number | undefined): SweepVariant[] {
  const { months, days, weekdays } = dateLabels(puzzle);
  const out: SweepVariant[] = [];
  for (let month = 1; month <= 12; month++) {
    for (let day = 1; day <= MONTH_DAYS[month - 1]!; day++) {
      let open = [...months[month - 1]!, ...days[day - 1]!];
      if (weekdays) {
        // a board with weekdays asks for the dates of one year: its February 29th only when it has one
        const y = year ?? new Date().getFullYear();
        const date = new Date(Date.UTC(y, month - 1, day));
        if (date.getUTCMonth() !== month - 1) continue;
        open = [...open, ...weekdays[date.getUTCDay()]!];
      }
      const key = dateKey(month, day);
      out.push({ key, date: { month, day }, puzzle: leaveOpen(puzzle, open, key) });
    }
  }
  return out;
}

/** The variant of one date (the web app's date picker). */
export function dateVariant(puzzle: Puzzle, month: number, day: number, year?: number): SweepVariant | undefined {
  return dateVariants(puzzle, year).find((v) => v.date!.month === month && v.date!.day === day);
}

/** Number of ways to choose k of n things, as a float (for the limit check only). */
function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

function pieceVariants(puzzle: Puzzle, from: number, to: number, template: BoardTemplate | undefined): SweepVariant[] {
  if (template && puzzle.dims !== 2) throw new InvalidOptionError('--board WIDTHxHEIGHT is a flat rectangle: the puzzle is 3-D');
  if (puzzle.placed?.length) throw new InvalidOptionError('--over pieces: the puzzle has pieces placed before: choose among pieces that are all free');
  const copies = puzzle.pieces.reduce((n, p) => n + p.count, 0);
  if (from < 1 || to < from) throw new InvalidOptionError(`--over pieces: K must be 1 or more (a range A..B with A <= B), not ${from}..${to}`);
  if (to > copies) throw new InvalidOptionError(`--over pieces ${to}: the puzzle has only ${copies} pieces to choose from`);
  let total = 0;
  for (let k = from; k <= to; k++) total += choose(copies, k);
  if (total > MAX_VARIANTS) throw new InvalidOptionError(`--over pieces ${from === to ? from : `${from}..${to}`}: about ${Math.round(total).toLocaleString('en-US')} choices: more than the limit of ${MAX_VARIANTS.toLocaleString('en-US')} variants`);
  const out: SweepVariant[] = [];
  for (let k = from; k <= to; k++) {
    const board = template ? rectangle(template, k) : puzzle.board;
    // each piece chosen from 0 up to its copies, K in all, in the file's order
    const counts = new Array<number>(puzzle.pieces.length).fill(0);
    const walk = (i: number, left: number): void => {
      if (left === 0) {
        const chosen: Piece[] = [];
        const names: string[] = [];
        puzzle.pieces.forEach((p, j) => {
          const c = counts[j]!;
          if (c === 0) return;
          const { min: _min, ...piece } = p;
          chosen.push({ ...piece, count: c });
          for (let n = 0; n < c; n++) names.push(p.name);
        });
        const key = names.join(' ');
        const { use: _use, known: _known, labels: _labels, description: _description, ...rest } = puzzle;
        const inBoard = new Set(board.map(cellKey));
        const optional = template ? [] : (puzzle.optional ?? []).filter((c) => inBoard.has(cellKey(c)));
        const { optional: _optional, boardColours: _colours, ...plain } = rest;
        out.push({
          key,
          pieces: names,
          puzzle: { ...(template ? plain : rest), name: variantName(puzzle.name, key), board, pieces: chosen, ...(optional.length > 0 ? { optional } : {}) },
        });
        return;
      }
      if (i >= puzzle.pieces.length) return;
      for (let c = Math.min(left, puzzle.pieces[i]!.count); c >= 0; c--) {
        counts[i] = c;
        walk(i + 1, left - c);
      }
      counts[i] = 0;
    };
    walk(0, k);
  }
  return out;
}

function rectangle(template: BoardTemplate, k: number): Cell[] {
  const w = template.width === 'K' ? k : template.width;
  const h = template.height === 'K' ? k : template.height;
  const cells: Cell[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, 0]);
  return cells.sort(compareCells);
}
