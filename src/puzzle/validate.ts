import type { Cell } from '../geometry/cell.js';
import { extent, firstRepeat } from '../geometry/cell.js';
import { isConnectedOn, shapeKeyOn } from '../geometry/grid.js';
import { GRID_NAMES, gridOf } from '../geometry/grids/index.js';
import type { Wrap } from '../geometry/wrap.js';
import { WRAPS, wrapGridProblem } from '../geometry/wrap.js';
import type { Puzzle } from './model.js';
import { InvalidPuzzleError, puzzleProblem } from './model.js';
import { parseCssColour } from './colour.js';
import { allowedOrientations, isCongruent } from './orientations.js';
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
  if (p.grid !== undefined && !GRID_NAMES.includes(p.grid as never)) return `grid must be one of ${GRID_NAMES.join(', ')}, not ${printable(JSON.stringify(p.grid) ?? String(p.grid), 40)}`;
  const grid = gridOf(p.grid as Puzzle['grid'], dims);
  if (grid.dims !== dims) return `the ${grid.name} grid is ${grid.dims}-D, but dims is ${dims}`;
  if (p.wrap !== undefined) {
    if (!WRAPS.includes(p.wrap as Wrap)) return `wrap must be one of ${WRAPS.join(', ')}, not ${printable(JSON.stringify(p.wrap) ?? String(p.wrap), 40)}`;
    const notHere = wrapGridProblem(grid);
    if (notHere) return notHere;
    if (p.placed !== undefined && (p.placed as unknown[]).length > 0) return 'pieces placed before on a board that wraps are not supported yet';
  }
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
    const normal = grid.normalize(cells);
    if (normal.some((c, i) => c[0] !== cells[i]![0] || c[1] !== cells[i]![1] || c[2] !== cells[i]![2])) {
      return `${what} shape must be normalised (at the origin, in reading order: see normalize)`;
    }
    if (!isConnectedOn(grid, cells)) return `${what} is not connected: its cells must touch face to face`;
    if (typeof q.count !== 'number' || !Number.isInteger(q.count) || q.count < 1) return `${what} count must be a whole number of at least 1, not ${String(q.count)}`;
    if (q.min !== undefined && (typeof q.min !== 'number' || !Number.isInteger(q.min) || q.min < 0 || q.min > q.count)) {
      return `${what} min must be a whole number from 0 to its count (${q.count}), not ${String(q.min)}`;
    }
    if (typeof q.mirror !== 'boolean') return `${what} mirror must be true or false`;
    if (q.rotate !== undefined && typeof q.rotate !== 'boolean') return `${what} rotate must be true or false`;
    if (q.color !== undefined && !isColor(q.color)) return `${what} color must be a CSS colour such as "#d62728", "teal" or "rgb(20, 120, 200)", not ${printable(JSON.stringify(q.color) ?? String(q.color), 40)}`;
    if (q.orientations !== undefined) {
      if (!Array.isArray(q.orientations) || q.orientations.length === 0) return `${what} orientations must be a non-empty list of shapes`;
      for (const [i, o] of (q.orientations as unknown[]).entries()) {
        const bad = cellsProblem(o, `${what} orientation ${i + 1}`, dims, boardCells);
        if (bad) return bad;
        if (!isCongruent(grid.normalize(o as Cell[]), cells, grid)) return `${what} orientation ${i + 1} is not the piece turned or moved: it has another shape`;
      }
    }
    copies += q.count;
    if (copies > LIMITS.copies) return `more than ${LIMITS.copies} piece copies in all`;
  }
  return placedProblem(p as Puzzle) ?? undefined;
}

/** A CSS colour the pictures can draw: a hex code, one of CSS's named colours, or an rgb()/hsl() form. */
export function isColor(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 60 && parseCssColour(value) !== undefined;
}

/** Problems of the cells that may stay empty, the pieces already placed and `use` (the pieces are well formed). */
function placedProblem(p: Puzzle): string | undefined {
  const grid = gridOf(p.grid, p.dims);
  const onBoard = new Set(p.board.map((c) => `${c[0]},${c[1]},${c[2]}`));
  const key = (c: Cell): string => `${c[0]},${c[1]},${c[2]}`;
  if (p.optional !== undefined) {
    const bad = p.optional.length === 0 ? undefined : cellsProblem(p.optional, 'the cells that may stay empty', p.dims, p.board.length);
    if (bad) return bad;
    const off = p.optional.find((c) => !onBoard.has(key(c)));
    if (off) return `a cell that may stay empty, [${off.join(', ')}], is not on the board`;
  }
  if (p.placed !== undefined) {
    if (!Array.isArray(p.placed)) return 'placed must be a list of pieces on the board';
    const byName = new Map(p.pieces.map((q) => [q.name, q]));
    const taken = new Set<string>();
    const copies = new Map<string, number>();
    for (const [i, placed] of (p.placed as unknown[]).entries()) {
      const q = placed as { piece?: unknown; cells?: unknown };
      if (typeof q !== 'object' || q === null || typeof q.piece !== 'string') return `placed piece ${i + 1} must name its piece`;
      const piece = byName.get(q.piece);
      if (!piece) return `placed piece ${i + 1} names '${printable(q.piece, 40)}', which is not one of the pieces`;
      const bad = cellsProblem(q.cells, `placed piece '${printable(q.piece, 40)}'`, p.dims, p.board.length);
      if (bad) return bad;
      const cells = q.cells as Cell[];
      const off = cells.find((c) => !onBoard.has(key(c)));
      if (off) return `placed piece '${printable(q.piece, 40)}' covers [${off.join(', ')}], which is not on the board`;
      const twice = cells.find((c) => taken.has(key(c)));
      if (twice) return `placed piece '${printable(q.piece, 40)}' covers [${twice.join(', ')}], which another placed piece covers`;
      for (const c of cells) taken.add(key(c));
      const allowed = new Set(allowedOrientations(piece, grid).map((o) => shapeKeyOn(grid, o)));
      if (!allowed.has(shapeKeyOn(grid, cells))) return `placed piece '${printable(q.piece, 40)}' lies in a shape that is not one of its allowed orientations`;
      copies.set(q.piece, (copies.get(q.piece) ?? 0) + 1);
      if (copies.get(q.piece)! > piece.count) return `piece '${printable(q.piece, 40)}' is placed ${copies.get(q.piece)} times, but it has ${piece.count} cop${piece.count === 1 ? 'y' : 'ies'}`;
    }
  }
  if (p.use !== undefined) {
    const most = p.pieces.reduce((n, q) => n + q.count, 0);
    if (typeof p.use !== 'number' || !Number.isInteger(p.use) || p.use < 1) return `use must be a whole number of at least 1, not ${String(p.use)}`;
    if (p.use > most) return `use is ${p.use}, more than the ${most} piece copies there are`;
  }
  return undefined;
}

declare const checked: unique symbol;

/**
 * A puzzle that `checkPuzzle` passed: well-formed (`wellFormedProblem`) and posable (`puzzleProblem`: the
 * areas work out). Only `checkPuzzle` makes one, so a function that takes it needs no check of its own.
 */
export type CheckedPuzzle = Puzzle & { readonly [checked]: true };

/** Why a value is not a puzzle the search can take, or undefined: the one check every entry point makes. */
export function puzzleCheckProblem(value: unknown): string | undefined {
  return wellFormedProblem(value) ?? puzzleProblem(value as Puzzle);
}

/** The puzzle, checked: InvalidPuzzleError (one line) for one that is malformed or cannot be posed. */
export function checkPuzzle(value: Puzzle): CheckedPuzzle {
  const problem = puzzleCheckProblem(value);
  if (problem) throw new InvalidPuzzleError(problem);
  return value as CheckedPuzzle;
}
