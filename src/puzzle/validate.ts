import type { Cell } from '../geometry/cell.js';
import { extent, firstRepeat, isConnected, normalize } from '../geometry/cell.js';
import type { Puzzle } from './model.js';
import { printable, unsafeCharacter } from './printable.js';

/**
 * What a puzzle may be, wherever it comes from: a puzzle file (format.ts checks these limits before it
 * builds anything, line by line), a program calling the library, or a checkpoint read back from disk.
 * Every path ends in `wellFormedProblem`, so nothing reaches the search that a file could not say.
 */
export const LIMITS = {
  /** Largest width, height or depth of a board or piece, and largest |coordinate|. */
  side: 4096,
  /** Cells of a board (a piece has at most as many, and all the pieces together as many). */
  boardCells: 1_000_000,
  /** Cells of the board's bounding box (width x height x depth): the board's cells are indexed through it. */
  boardBox: 4096 * 4096,
  /** Characters of a piece's or the puzzle's name. */
  nameLength: 200,
  /** Piece copies in all (the sum of the counts). */
  copies: 10_000,
} as const;

/**
 * Why a name (of a piece or of the puzzle) cannot be printed as it is, or undefined: names are one line of
 * printable text, so that messages and pictures that show them stay one line and send the terminal nothing
 * it would act on.
 */
export function nameProblem(name: string, what: string): string | undefined {
  if (name === '') return `${what} is empty`;
  if (name.length > LIMITS.nameLength) return `${what} is ${name.length} characters long: more than the limit of ${LIMITS.nameLength}`;
  const bad = unsafeCharacter(name);
  return bad ? `${what} '${printable(name, 40)}' contains the unprintable character ${bad}: names must be one line of printable text` : undefined;
}

/** The same for a description: free text over several lines (newlines and tabs allowed), but no other control characters. */
export function descriptionProblem(text: string): string | undefined {
  const bad = unsafeCharacter(text, '\n\t');
  return bad ? `the description contains the unprintable character ${bad} (of the control characters, only newlines and tabs may appear in it)` : undefined;
}

const isCoordinate = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= LIMITS.side;

/** A problem with a list of cells (not a list, a bad cell, a cell twice, too many), or undefined. */
function cellsProblem(cells: unknown, what: string, dims: 2 | 3, max: number): string | undefined {
  if (!Array.isArray(cells) || cells.length === 0) return `${what} must be a non-empty list of cells`;
  if (cells.length > max) return `${what} has ${cells.length} cells: more than the limit of ${max}`;
  for (const c of cells as unknown[]) {
    if (!Array.isArray(c) || c.length !== 3 || !c.every(isCoordinate)) {
      return `${what}: each cell must be [x, y, z] with whole numbers of at most ${LIMITS.side} in size, not ${printable(JSON.stringify(c) ?? String(c), 60)}`;
    }
    if (dims === 2 && c[2] !== 0) return `${what}: cell [${c.join(', ')}] is off the flat board (z must be 0 in 2-D)`;
  }
  const repeat = firstRepeat(cells as Cell[]);
  if (repeat) return `${what} lists cell [${repeat.join(', ')}] twice`;
  return undefined;
}

/**
 * Why a value is not a well-formed puzzle, or undefined when it is: the board and every piece are lists of
 * distinct integer cells within the limits, pieces are connected, normalised, named once, with whole
 * counts. (Whether the pieces can fill the board is `puzzleProblem`'s question, asked after this one.)
 */
export function wellFormedProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'a puzzle must be an object with a board and pieces';
  const p = value as Partial<Record<keyof Puzzle, unknown>>;
  if (typeof p.name !== 'string') return 'the puzzle needs a name (text)';
  const name = nameProblem(p.name, 'the puzzle name');
  if (name) return name;
  if (p.description !== undefined) {
    if (typeof p.description !== 'string') return 'the description must be text';
    const description = descriptionProblem(p.description);
    if (description) return description;
  }
  if (p.dims !== 2 && p.dims !== 3) return `dims must be 2 or 3, not ${JSON.stringify(p.dims) ?? String(p.dims)}`;
  const dims = p.dims;
  if (typeof p.mirror !== 'boolean') return 'mirror must be true or false';
  const board = cellsProblem(p.board, 'the board', dims, LIMITS.boardCells);
  if (board) return board;
  const boardCells = (p.board as Cell[]).length;
  const [w, h, d] = extent(p.board as Cell[]);
  const box = w * h * d;
  if (box > LIMITS.boardBox) return `the board's bounding box has ${box} cells: more than the limit of ${LIMITS.boardBox}`;
  if (!Array.isArray(p.pieces) || p.pieces.length === 0) return 'pieces must be a non-empty list';
  const names = new Set<string>();
  let copies = 0;
  for (const piece of p.pieces as unknown[]) {
    if (typeof piece !== 'object' || piece === null) return 'each piece must be an object with a name, a shape, a count and mirror';
    const q = piece as Record<string, unknown>;
    if (typeof q.name !== 'string' || q.name === '') return 'each piece needs a name (non-empty text)';
    const badName = nameProblem(q.name, 'a piece name');
    if (badName) return badName;
    const what = `piece ${JSON.stringify(q.name)}`;
    if (names.has(q.name)) return `two pieces are named ${JSON.stringify(q.name)}`;
    names.add(q.name);
    const shape = cellsProblem(q.shape, `${what} shape`, dims, boardCells);
    if (shape) return shape.includes('more than the limit') ? `${what} has more cells than the board's ${boardCells}` : shape;
    const cells = q.shape as Cell[];
    const normal = normalize(cells);
    if (normal.some((c, i) => c[0] !== cells[i]![0] || c[1] !== cells[i]![1] || c[2] !== cells[i]![2])) {
      return `${what} shape must be normalised (at the origin, in reading order: see normalize)`;
    }
    if (!isConnected(cells, dims)) return `${what} is not connected: its cells must touch face to face`;
    if (typeof q.count !== 'number' || !Number.isInteger(q.count) || q.count < 1) return `${what} count must be a whole number of at least 1, not ${String(q.count)}`;
    if (typeof q.mirror !== 'boolean') return `${what} mirror must be true or false`;
    copies += q.count;
    if (copies > LIMITS.copies) return `more than ${LIMITS.copies} piece copies in all`;
  }
  return undefined;
}
