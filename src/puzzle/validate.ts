/**
 * What a puzzle may be, wherever it comes from: a puzzle file, a BurrTools file, a program calling the
 * library, or a checkpoint read back from disk. Each rule is written once, here, as a small function that
 * returns the problem or undefined: `wellFormedProblem` checks a whole puzzle with them, and the readers of
 * files (format.ts, burrtools.ts) call the same functions at the node they read (so that their messages
 * name the line), saying how their messages name a piece (`what`) and show a value the user wrote
 * (`shown`). Every path ends in `wellFormedProblem`, so nothing reaches the search that a file could not say;
 * `checkPuzzle` adds that the areas work out, and is the only maker of a CheckedPuzzle, what the compile
 * step (compile/compile.ts) takes.
 */
import { MAX_FRAME_CELLS } from './frame.js';
import type { Cell } from '../geometry/cell.js';
import { cellKey, extent, firstRepeat } from '../geometry/cell.js';
import { CellTable } from '../geometry/cell-table.js';
import type { Grid } from '../geometry/grid.js';
import { isConnectedOn, shapeKeyOn } from '../geometry/grid.js';
import { GRID_NAMES, gridOf } from '../geometry/grids/index.js';
import type { Wrap } from '../geometry/wrap.js';
import { WRAPS, wrapGridProblem } from '../geometry/wrap.js';
import type { Piece, Puzzle } from './model.js';
import { FRAME_SIDES, InvalidPuzzleError, puzzleProblem } from './model.js';
import { parseCssColour } from './colour.js';
import { allowedOrientations, isCongruent } from './orientations.js';
import { printable, unsafeCharacter } from './printable.js';

/**
 * The limits of a puzzle: a file's reader checks them before it builds anything, line by line, and
 * wellFormedProblem on whatever reaches the search.
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
  /** Largest piece group and weight (BurrTools' own bound: nine digits). */
  groupOrWeight: 999_999_999,
} as const;
const MAX_GROUP_OR_WEIGHT = LIMITS.groupOrWeight;

/**
 * Why a name (of a piece or of the puzzle) cannot be printed as it is, or undefined: names are one line of
 * printable text, so that messages and pictures that show them stay one line and send the terminal nothing
 * it would act on.
 */
export function nameProblem(name: string, what: string): string | undefined {
  if (name === '') return `${what} is empty`;
  if (name.length > LIMITS.nameLength) return `${what} is ${name.length} characters long: more than the limit of ${LIMITS.nameLength}`;
  const bad = unsafeCharacter(name);
  if (bad) return `${what} '${printable(name, 40)}' contains the unprintable character ${bad}: names must be one line of printable text`;
  if (/^\s|\s$/u.test(name)) return `${what} '${printable(name, 40)}' starts or ends with a space: two names that differ only by it would look the same`;
  const surrogate = /\p{Cs}/u.exec(name)?.[0];
  if (surrogate !== undefined) return `${what} contains ${codePoint(surrogate)}, half of a character: names must be whole text`;
  const invisible = INVISIBLE.exec(name)?.[0];
  if (invisible !== undefined) return `${what} '${printable(name, 40)}' contains the invisible character ${codePoint(invisible)}: two names that differ only by it would look the same`;
  const stacked = STACKED_MARKS.exec(name)?.[0];
  if (stacked !== undefined) return `${what} '${printable(name, 40)}' stacks ${[...stacked].length} combining marks on one character (at most ${MAX_MARKS})`;
  const mixed = mixedScriptProblem(name);
  return mixed ? `${what} '${printable(name, 40)}' ${mixed}` : undefined;
}

/**
 * Names a reader cannot tell apart are refused: pieces are told apart by their names, in pictures and
 * files. Invisible characters (zero-width spaces, U+FEFF, joiners: Unicode's default-ignorable code
 * points and format characters), a pile of combining marks, and letters of Greek or Cyrillic that look
 * like Latin ones in a name written in Latin letters (Cyrillic А in "Аx"). Two names of one puzzle must
 * also differ once such look-alikes are written as the Latin letters they look like and compatibility
 * forms are folded (NFKC: the fullwidth Ａ is A): nameSkeleton.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
const MAX_MARKS = 2;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_MARKS + 1},}`, 'u');
const LATIN = /\p{Script=Latin}/u;

/** Greek and Cyrillic letters that are drawn as a Latin letter is (in most fonts), and that letter. */
const LOOK_ALIKE: Readonly<Record<string, string>> = {
  // Greek
  'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
  'ο': 'o', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'ρ': 'p', 'υ': 'u', 'χ': 'x',
  // Cyrillic
  'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ү': 'Y', 'Ԛ': 'Q', 'Ԝ': 'W',
  'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ј': 'j', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w',
};

function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function mixedScriptProblem(name: string): string | undefined {
  if (!LATIN.test(name)) return undefined;
  for (const ch of name) {
    if (LOOK_ALIKE[ch] !== undefined) return `mixes Latin letters with ${codePoint(ch)}, a ${/\p{Script=Greek}/u.test(ch) ? 'Greek' : 'Cyrillic'} letter that looks like the Latin ${LOOK_ALIKE[ch]}`;
  }
  return undefined;
}

/** A name as a reader sees it: NFKC, and look-alike letters as the Latin letters they look like. */
export function nameSkeleton(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFKC')) out += LOOK_ALIKE[ch] ?? ch;
  return out;
}

/** The same for a description: free text over several lines (newlines and tabs allowed), but no other control characters. */
export function descriptionProblem(text: string): string | undefined {
  const bad = unsafeCharacter(text, '\n\t');
  return bad ? `the description contains the unprintable character ${bad} (of the control characters, only newlines and tabs may appear in it)` : undefined;
}

/** A coordinate of a cell: a whole number of at most LIMITS.side in size. */
export const isCoordinate = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= LIMITS.side;

/** A value as wellFormedProblem's messages show it: JSON, short, on one line. */
const shown = (v: unknown): string => printable(JSON.stringify(v) ?? String(v), 40);

/** A whole number of at least `min`, or the problem. */
export function atLeastProblem(value: unknown, what: string, min: number, shownValue: string): string | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min ? undefined : `${what} must be a whole number of at least ${min}, not ${shownValue}`;
}

/** More cells than a budget allows (`of` names the bound: "the limit of 1000000", "the board's 60"). */
export function tooManyCellsProblem(what: string, cells: number, budget: { readonly cells: number; readonly of: string }, verb = 'has'): string | undefined {
  return cells > budget.cells ? `${what} ${verb} ${cells} cell${cells === 1 ? '' : 's'}: more than ${budget.of}` : undefined;
}

/** The name of a grid snug knows. */
export function gridNameProblem(value: unknown, shownValue: string): string | undefined {
  return GRID_NAMES.includes(value as never) ? undefined : `grid must be one of ${GRID_NAMES.join(', ')}, not ${shownValue}`;
}

/** The name of the edges that join (`explain`: say so, for a reader of a file who may not know). */
export function wrapNameProblem(value: unknown, shownValue: string, explain = false): string | undefined {
  return WRAPS.includes(value as Wrap) ? undefined : `wrap must be one of ${WRAPS.join(', ')}${explain ? ' (the edges that join)' : ''}, not ${shownValue}`;
}

/** Pieces placed before and a board that wraps do not go together yet. */
export function wrapPlacedProblem(anyPlaced: boolean): string | undefined {
  return anyPlaced ? 'pieces placed before on a board that wraps are not supported yet' : undefined;
}

/** Each piece has its own name (`shownName`: the name as the message shows it). */
export function nameTwiceProblem(names: ReadonlyMap<string, string>, name: string, shownName: string, things = 'pieces'): string | undefined {
  const other = names.get(nameSkeleton(name));
  if (other === undefined) return undefined;
  return other === name ? `two ${things} are named ${shownName}` : `two ${things} are named alike: ${shownName} and '${printable(other, 40)}' look the same`;
}

/** A piece is one piece: its cells touch as the grid's neighbours do (face to face, sticks end to end, ...). */
export function connectedProblem(grid: Grid, cells: readonly Cell[], what: string): string | undefined {
  return isConnectedOn(grid, cells) ? undefined : `${what} is not connected: its cells must touch ${grid.touching ?? 'face to face'}`;
}

/** A colour the pictures can draw (see isColor). */
export function colorProblem(value: unknown, what: string, shownValue: string): string | undefined {
  return isColor(value) ? undefined : `${what} color must be a CSS colour such as "#d62728", "teal" or "rgb(20, 120, 200)", not ${shownValue}`;
}

/** A listed orientation (the `index`th, from 0) is the piece's own shape, turned or moved. */
export function orientationProblem(grid: Grid, orientation: readonly Cell[], shape: readonly Cell[], what: string, index: number): string | undefined {
  return isCongruent(grid.normalize(orientation), shape, grid) ? undefined : `${what} orientation ${index + 1} is not the piece turned or moved: it has another shape`;
}

/** The copies of all the pieces so far, within the limit. */
export function copiesProblem(copies: number): string | undefined {
  return copies > LIMITS.copies ? `more than ${LIMITS.copies} piece copies in all` : undefined;
}

/** `use` no more than the copies there are. */
export function useProblem(use: number, copies: number): string | undefined {
  return use > copies ? `use is ${use}, more than the ${copies} piece copies there are` : undefined;
}

/** A piece placed before lies on the board (`show`: a cell as the message writes it). */
export function placedOffBoardProblem(who: string, cells: readonly Cell[], onBoard: ReadonlySet<string>, show: (c: Cell) => string): string | undefined {
  const off = cells.find((c) => !onBoard.has(cellKey(c)));
  return off ? `${who} covers [${show(off)}], which is not on the board` : undefined;
}

/** Pieces placed before do not overlap: `taken` holds the cells of those before it. */
export function placedOverlapProblem(who: string, cells: readonly Cell[], taken: ReadonlySet<string>, show: (c: Cell) => string): string | undefined {
  const twice = cells.find((c) => taken.has(cellKey(c)));
  return twice ? `${who} covers [${show(twice)}], which another placed piece covers` : undefined;
}

/** A piece placed before lies in one of its allowed orientations (`who` names it, and may say where). */
export function placedShapeProblem(who: string, piece: Piece, cells: readonly Cell[], grid: Grid): string | undefined {
  const allowed = new Set(allowedOrientations(piece, grid).map((o) => shapeKeyOn(grid, o)));
  return allowed.has(shapeKeyOn(grid, cells)) ? undefined : `${who} lies in a shape that is not one of its allowed orientations`;
}

/** A piece is placed before no more often than it has copies (`placed`: the copies placed so far). */
export function placedCopiesProblem(shownName: string, placed: number, piece: Piece): string | undefined {
  return placed > piece.count ? `piece '${shownName}' is placed ${placed} times, but it has ${piece.count} cop${piece.count === 1 ? 'y' : 'ies'}` : undefined;
}

/**
 * A triple that is no cell of the grid (`what` names the list or the art it is in; `at`, where art drew it):
 * the one check of a puzzle's cells against the grid, for files, art and puzzles built in code alike.
 */
export function gridCellProblem(grid: Grid, c: Cell, what: string, at?: string): string | undefined {
  const why = grid.cellProblem?.(c);
  return why ? `${what}: [${c.join(', ')}]${at ? ` ${at}` : ''} ${why} on the ${grid.name} grid` : undefined;
}

/** Why one cell is not a cell of a `dims`-D puzzle: [x, y, z], whole numbers in range, z 0 in 2-D. */
function cellProblem(c: unknown, what: string, dims: 2 | 3): string | undefined {
  if (!Array.isArray(c) || c.length !== 3 || !c.every(isCoordinate)) {
    return `${what}: each cell must be [x, y, z] with whole numbers of at most ${LIMITS.side} in size, not ${printable(JSON.stringify(c) ?? String(c), 60)}`;
  }
  if (dims === 2 && c[2] !== 0) return `${what}: cell [${c.join(', ')}] is off the flat board (z must be 0 in 2-D)`;
  return undefined;
}

/** A problem with a list of cells (not a list, a bad cell, no cell of the grid, a cell twice, too many), or undefined. */
function cellsProblem(cells: unknown, what: string, dims: 2 | 3, max: number, grid?: Grid): string | undefined {
  if (!Array.isArray(cells) || cells.length === 0) return `${what} must be a non-empty list of cells`;
  const tooMany = tooManyCellsProblem(what, cells.length, { cells: max, of: `the limit of ${max}` });
  if (tooMany) return tooMany;
  for (const c of cells as unknown[]) {
    const bad = cellProblem(c, what, dims) ?? (grid && gridCellProblem(grid, c as Cell, what));
    if (bad) return bad;
  }
  const repeat = firstRepeat(cells as Cell[]);
  if (repeat) return `${what} lists cell [${repeat.join(', ')}] twice`;
  return undefined;
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
  const cells = cellsProblem(frame.cells, 'the frame', 3, MAX_FRAME_CELLS);
  if (cells) return cells;
  const board = new Set(puzzle.board.map(cellKey));
  const onBoard = frame.cells.find((c) => board.has(cellKey(c)));
  if (onBoard) return `the frame does not fit the board: its cell [${onBoard.join(', ')}] is a board cell (a frame goes around the board)`;
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
  const gridName = p.grid === undefined ? undefined : gridNameProblem(p.grid, shown(p.grid));
  if (gridName) return gridName;
  const grid = gridOf(p.grid as Puzzle['grid'], dims);
  if (grid.dims !== dims) return `the ${grid.name} grid is ${grid.dims}-D, but dims is ${dims}`;
  if (p.wrap !== undefined) {
    const wrap = wrapNameProblem(p.wrap, shown(p.wrap)) ?? wrapGridProblem(grid) ?? wrapPlacedProblem(p.placed !== undefined && (p.placed as unknown[]).length > 0);
    if (wrap) return wrap;
  }
  if (typeof p.mirror !== 'boolean') return 'mirror must be true or false';
  const board = cellsProblem(p.board, 'the board', dims, LIMITS.boardCells, grid);
  if (board) return board;
  const boardCells = (p.board as Cell[]).length;
  const [w, h, d] = extent(p.board as Cell[]);
  const box = w * h * d;
  if (box > LIMITS.boardBox) return `the board's bounding box has ${box} cells: more than the limit of ${LIMITS.boardBox}`;
  if (!Array.isArray(p.pieces) || p.pieces.length === 0) return 'pieces must be a non-empty list';
  const names = new Map<string, string>();
  let copies = 0;
  for (const piece of p.pieces as unknown[]) {
    if (typeof piece !== 'object' || piece === null) return 'each piece must be an object with a name, a shape, a count and mirror';
    const q = piece as Record<string, unknown>;
    if (typeof q.name !== 'string' || q.name === '') return 'each piece needs a name (non-empty text)';
    const badName = nameProblem(q.name, 'a piece name');
    if (badName) return badName;
    const what = `piece ${JSON.stringify(q.name)}`;
    const twice = nameTwiceProblem(names, q.name, JSON.stringify(q.name));
    if (twice) return twice;
    names.set(nameSkeleton(q.name), q.name);
    const shape = cellsProblem(q.shape, `${what} shape`, dims, boardCells, grid);
    if (shape) return shape.includes('more than the limit') ? `${what} has more cells than the board's ${boardCells}` : shape;
    const cells = q.shape as Cell[];
    const normal = grid.normalize(cells);
    if (normal.some((c, i) => c[0] !== cells[i]![0] || c[1] !== cells[i]![1] || c[2] !== cells[i]![2])) {
      return `${what} shape must be normalised (at the origin, in reading order: see normalize)`;
    }
    const apart = connectedProblem(grid, cells, what);
    if (apart) return apart;
    const badCount = atLeastProblem(q.count, `${what} count`, 1, String(q.count));
    if (badCount) return badCount;
    const count = q.count as number;
    if (q.min !== undefined && (typeof q.min !== 'number' || !Number.isInteger(q.min) || q.min < 0 || q.min > count)) {
      return `${what} min must be a whole number from 0 to its count (${count}), not ${String(q.min)}`;
    }
    if (typeof q.mirror !== 'boolean') return `${what} mirror must be true or false`;
    if (q.rotate !== undefined && typeof q.rotate !== 'boolean') return `${what} rotate must be true or false`;
    for (const key of ['group', 'weight'] as const) {
      const v = q[key];
      if (v !== undefined && !(typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_GROUP_OR_WEIGHT)) {
        return `${what} ${key} must be a whole number from 1 to ${MAX_GROUP_OR_WEIGHT.toLocaleString('en-US')}, not ${shown(v)}`;
      }
    }
    const color = q.color === undefined ? undefined : colorProblem(q.color, what, shown(q.color));
    if (color) return color;
    if (q.orientations !== undefined) {
      if (!Array.isArray(q.orientations) || q.orientations.length === 0) return `${what} orientations must be a non-empty list of shapes`;
      for (const [i, o] of (q.orientations as unknown[]).entries()) {
        const bad = cellsProblem(o, `${what} orientation ${i + 1}`, dims, boardCells, grid);
        if (bad) return bad;
        const other = orientationProblem(grid, o as Cell[], cells, what, i);
        if (other) return other;
      }
    }
    copies += count;
    const tooMany = copiesProblem(copies);
    if (tooMany) return tooMany;
  }
  return placedProblem(p as Puzzle) ?? frameProblem(p as Puzzle) ?? coloursProblem(p as Puzzle) ?? labelsProblem(p as Puzzle) ?? undefined;
}

/** Labels (see CellLabel): each a name of its own and board cells, each cell of a label once. */
export function labelsProblem(p: Puzzle): string | undefined {
  if (p.labels === undefined) return undefined;
  if (!Array.isArray(p.labels)) return 'labels must be a list of {name, cells}';
  const on = new Set(p.board.map(cellKey));
  const names = new Map<string, string>();
  for (const entry of p.labels as unknown[]) {
    const label = entry as { name?: unknown; cells?: unknown } | null;
    if (typeof label !== 'object' || label === null || typeof label.name !== 'string') return 'each label must be {name, cells}';
    const what = `label '${printable(label.name, 40)}'`;
    const bad = nameProblem(label.name, 'a label') ?? nameTwiceProblem(names, label.name, `'${printable(label.name, 40)}'`, 'labels') ?? cellsProblem(label.cells, what, p.dims, p.board.length);
    if (bad) return bad;
    names.set(nameSkeleton(label.name), label.name);
    const off = (label.cells as Cell[]).find((c) => !on.has(cellKey(c)));
    if (off) return labelOffBoardProblem(label.name, off, p.dims);
  }
  return undefined;
}

/** A label on a cell that is not a board cell. */
export function labelOffBoardProblem(name: string, cell: Cell, dims: 2 | 3): string {
  return `label '${printable(name, 40)}' names the cell [${cell.slice(0, dims).join(', ')}], which is not a board cell`;
}

/** A colour of a colour constraint: a name, one line of printable text (see nameProblem). */
export function colourNameProblem(value: unknown, what: string): string | undefined {
  if (typeof value !== 'string') return `${what} must be a colour's name (text), not ${shown(value)}`;
  return nameProblem(value, what);
}

/**
 * Colours on cells (`colours` of a piece, `boardColours`): each on a cell of the shape, each cell once.
 * `shape` is the piece's or the board's cells.
 */
export function cellColoursProblem(colours: unknown, shape: readonly Cell[], what: string, dims: 2 | 3): string | undefined {
  if (!Array.isArray(colours)) return `${what} colours must be a list of cells with their colours`;
  // a board may colour thousands of cells with a few colours: cells numbered, each colour's name checked once
  const on = new CellTable(shape, -1);
  shape.forEach((c, i) => on.set(c, i));
  const seen = new Uint8Array(shape.length);
  const names = new Set<string>();
  for (const entry of colours as unknown[]) {
    const e = entry as { cell?: unknown; colour?: unknown } | null;
    if (typeof e !== 'object' || e === null) return `${what} colours must be a list of {cell, colour}`;
    const bad = cellProblem(e.cell, `${what} colours`, dims) ?? (names.has(e.colour as string) ? undefined : colourNameProblem(e.colour, `${what} colour`));
    if (bad) return bad;
    names.add(e.colour as string);
    const cell = e.cell as Cell;
    const at = on.get(cell);
    if (at < 0) return `${what} colours: [${cell.slice(0, dims).join(', ')}] is not one of its cells`;
    if (seen[at]) return `${what} colours: [${cell.slice(0, dims).join(', ')}] has two colours`;
    seen[at] = 1;
  }
  return undefined;
}

/**
 * Colour constraints: colours on cells of the board and the pieces, and rules that each name a piece colour
 * and the board colours it may lie on, colours that some cell has (a rule about a colour no cell has is a
 * misspelling). Pieces that list their orientations have no colours (their colours would have no turn to follow).
 */
function coloursProblem(p: Puzzle): string | undefined {
  const used = new Set<string>();
  if (p.boardColours !== undefined) {
    const bad = cellColoursProblem(p.boardColours, p.board, 'the board', p.dims);
    if (bad) return bad;
    for (const c of p.boardColours) used.add(c.colour);
  }
  for (const piece of p.pieces) {
    if (piece.colours === undefined) continue;
    const what = `piece ${JSON.stringify(piece.name)}`;
    const bad = cellColoursProblem(piece.colours, piece.shape, what, p.dims);
    if (bad) return bad;
    if (piece.orientations && piece.colours.length > 0) return `${what} lists its orientations and has colours: give one or the other`;
    for (const c of piece.colours) used.add(c.colour);
  }
  if (p.colourRules === undefined) return undefined;
  if (!Array.isArray(p.colourRules)) return 'the colour rules must be a list of {piece, board}';
  const pieceColours = new Set<string>();
  for (const rule of p.colourRules as unknown[]) {
    const r = rule as { piece?: unknown; board?: unknown } | null;
    if (typeof r !== 'object' || r === null) return 'each colour rule must be {piece: COLOUR, board: [COLOURS]}';
    const bad = colourNameProblem(r.piece, 'a colour rule');
    if (bad) return bad;
    const colour = r.piece as string;
    if (pieceColours.has(colour)) return `two colour rules for the piece colour '${printable(colour, 40)}'`;
    pieceColours.add(colour);
    if (!Array.isArray(r.board) || r.board.length === 0) return `the colour rule of '${printable(colour, 40)}' names no board colour (a list of the colours it may lie on)`;
    for (const b of [colour, ...(r.board as unknown[])]) {
      const badName = colourNameProblem(b, `a board colour of the rule of '${printable(colour, 40)}'`);
      if (badName) return badName;
      if (!used.has(b as string)) return `the colour rule of '${printable(colour, 40)}' names the colour '${printable(b as string, 40)}', which no cell of the board or of a piece has`;
    }
  }
  return undefined;
}

/** A CSS colour the pictures can draw: a hex code, one of CSS's named colours, or an rgb()/hsl() form. */
export function isColor(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 60 && parseCssColour(value) !== undefined;
}

/** Problems of the cells that may stay empty, the pieces already placed and `use` (the pieces are well formed). */
function placedProblem(p: Puzzle): string | undefined {
  const grid = gridOf(p.grid, p.dims);
  // (built only when there are cells to look up: a board of a million cells is not keyed for nothing)
  let onBoardSet: Set<string> | undefined;
  const onBoard = (): Set<string> => (onBoardSet ??= new Set(p.board.map(cellKey)));
  const show = (c: Cell): string => c.join(', ');
  if (p.optional !== undefined) {
    const bad = p.optional.length === 0 ? undefined : cellsProblem(p.optional, 'the cells that may stay empty', p.dims, p.board.length);
    if (bad) return bad;
    const off = p.optional.find((c) => !onBoard().has(cellKey(c)));
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
      const who = `placed piece '${printable(q.piece, 40)}'`;
      const badCells = cellsProblem(q.cells, who, p.dims, p.board.length);
      if (badCells) return badCells;
      const cells = q.cells as Cell[];
      const bad = placedOffBoardProblem(who, cells, onBoard(), show) ?? placedOverlapProblem(who, cells, taken, show);
      if (bad) return bad;
      for (const c of cells) taken.add(cellKey(c));
      copies.set(q.piece, (copies.get(q.piece) ?? 0) + 1);
      const wrong = placedShapeProblem(who, piece, cells, grid) ?? placedCopiesProblem(printable(q.piece, 40), copies.get(q.piece)!, piece);
      if (wrong) return wrong;
    }
  }
  if (p.use !== undefined) {
    const most = p.pieces.reduce((n, q) => n + q.count, 0);
    const use = atLeastProblem(p.use, 'use', 1, String(p.use)) ?? useProblem(p.use as number, most);
    if (use) return use;
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
