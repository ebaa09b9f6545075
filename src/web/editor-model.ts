/**
 * The puzzle editor's state and everything it does to it, without the DOM (editor.ts draws it): a board
 * drawn in a frame of the grid, pieces each drawn in a small frame of their own, the cells that may stay
 * empty and the pieces already on the board. `buildPuzzle` turns the state into a Puzzle checked by the
 * library's own checks (validate.ts puzzleCheckProblem), `editorStateOf` turns a
 * Puzzle back into a state, so that loading and building give the puzzle back unchanged.
 *
 * Frames are in art coordinates (the grid's art: column, row, layer, as a puzzle file draws them), so that
 * one frame of rows and columns serves every grid: the square and cube grids use every place, hexagon
 * rows every other column, triangles alternate up and down along a row. What the frame holds are cells
 * of the grid (art.cellOf), the same cells the puzzle has. The grids offered, their menu labels and how
 * they are drawn are the grids' own (their `editor`).
 */
import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import type { Grid, GridName } from '../geometry/grid.js';
import { shapeKeyOn } from '../geometry/grid.js';
import { gridOf, registeredGrids } from '../geometry/grids/index.js';
import type { Wrap } from '../geometry/wrap.js';
import type { Piece, PlacedPiece, Puzzle } from '../puzzle/model.js';
import { pieceMin } from '../puzzle/model.js';
import { allowedOrientations } from '../puzzle/orientations.js';
import { puzzleCheckProblem } from '../puzzle/validate.js';
import { cellByCellProblem } from './sizes.js';

/** The grids the editor draws (those with an `editor`), in their menu order: flat ones as one layer, the others layer by layer. */
export type EditorGridName = GridName;
export const EDITOR_GRIDS: readonly EditorGridName[] = registeredGrids()
  .filter((g) => g.editor)
  .sort((a, b) => a.editor!.menuOrder - b.editor!.menuOrder)
  .map((g) => g.name);

/** The state's labels whose cells are all on its board (a label of a cell drawn away goes with it). */
function labelsOn(state: EditorState): { labels?: NonNullable<Puzzle['labels']> } {
  const on = new Set(state.board.map((c) => c.join(',')));
  const kept = (state.labels ?? []).filter((l) => l.cells.every((c) => on.has(c.join(','))));
  return kept.length > 0 ? { labels: kept } : {};
}

/** The largest frame side the editor offers (a board of 64 x 64 is already 4096 cells to draw). */
export const MAX_FRAME_SIDE = 64;

/** A box of art places: its first column, row and layer, and how many of each. */
export interface Frame {
  readonly origin: Cell;
  readonly size: Cell;
}

export interface EditorPiece {
  name: string;
  /** The piece's own drawing frame (art columns, rows, layers), at the origin. */
  frame: Cell;
  cells: Cell[];
  count: number;
  min: number;
  /** 'default' follows the puzzle's `mirror`. */
  mirror: boolean | 'default';
  /** As the file gave it (undefined: rotations allowed, not said). */
  rotate: boolean | undefined;
  color: string | undefined;
  /** The orientations the file listed; dropped as soon as the shape is redrawn (they would no longer fit it). */
  orientations: Cell[][] | undefined;
}

export interface EditorState {
  name: string;
  grid: EditorGridName;
  frame: Frame;
  board: Cell[];
  optional: Cell[];
  pieces: EditorPiece[];
  placed: PlacedPiece[];
  mirror: boolean;
  wrap: Wrap | undefined;
  /** Carried through unchanged: the editor has no controls for them. */
  use: number | undefined;
  description: string | undefined;
  known: Puzzle['known'];
  /** The file's named cells (a calendar's months and days): kept as read; those off the board as drawn are dropped. */
  labels: Puzzle['labels'];
}

/** One place of a frame: where it is drawn (art column, row, layer) and the cell it stands for. */
export interface Place {
  readonly art: Cell;
  readonly cell: Cell;
}

export type BuildResult = { puzzle: Puzzle } | { problem: string };

export const gridOfEditor = (grid: EditorGridName): Grid => gridOf(grid, 2);
export const dimsOf = (grid: EditorGridName): 2 | 3 => gridOfEditor(grid).dims;
const defaultMirror = (grid: EditorGridName): boolean => dimsOf(grid) === 2;
/** The grid of a puzzle that names none, by dimensions. */
const defaultGridName = (dims: 2 | 3): EditorGridName => gridOf(undefined, dims).name;

/** Art columns per cell of a row: hexagon rows use every other column. */
const columnsPerCell = (grid: EditorGridName): number => gridOfEditor(grid).editor?.columnsPerCell ?? 1;

/** The frame's size as a person counts it: cells per row, rows, layers. */
export function frameCells(grid: EditorGridName, size: Cell): Cell {
  return [Math.ceil(size[0] / columnsPerCell(grid)), size[1], size[2]];
}

/** The art size of a frame of so many cells per row, rows and layers. */
export function frameOfCells(grid: EditorGridName, cells: Cell): Cell {
  const clamp = (n: number): number => Math.max(1, Math.min(MAX_FRAME_SIDE, Math.floor(n) || 1));
  return [clamp(cells[0]) * columnsPerCell(grid), clamp(cells[1]), dimsOf(grid) === 3 ? clamp(cells[2]) : 1];
}

/**
 * The cell that the art place (column, row, layer) stands for on the grid, or undefined where there is
 * none: a place the art does not allow, or (BurrTools' voxel grids) a place that is a cell in some layers
 * only.
 */
function cellAtPlace(grid: EditorGridName, place: Cell): Cell | undefined {
  const { art, cellProblem } = gridOfEditor(grid);
  if (!art.allowed(place[0], place[1])) return undefined;
  const cell = art.cellOf(place);
  return cellProblem?.(cell) === undefined ? cell : undefined;
}

/** Every place of a frame in reading order (layer, row, column). */
export function framePlaces(grid: EditorGridName, frame: Frame): Place[] {
  const out: Place[] = [];
  const [x0, y0, z0] = frame.origin;
  for (let z = z0; z < z0 + frame.size[2]; z++) {
    for (let row = y0; row < y0 + frame.size[1]; row++) {
      for (let column = x0; column < x0 + frame.size[0]; column++) {
        const cell = cellAtPlace(grid, [column, row, z]);
        if (cell) out.push({ art: [column, row, z], cell });
      }
    }
  }
  return out;
}

function inFrame(grid: EditorGridName, frame: Frame, cell: Cell): boolean {
  const art = gridOfEditor(grid).art.of(cell);
  return art.every((v, i) => v >= frame.origin[i]! && v < frame.origin[i]! + frame.size[i]!);
}

const sorted = (cells: readonly Cell[]): Cell[] => [...cells].sort(compareCells);
const keys = (cells: readonly Cell[]): Set<string> => new Set(cells.map(cellKey));
const hasCell = (cells: readonly Cell[], cell: Cell): boolean => cells.some((c) => compareCells(c, cell) === 0);
const withCell = (cells: readonly Cell[], cell: Cell, on: boolean): Cell[] => {
  const rest = cells.filter((c) => compareCells(c, cell) !== 0);
  return on ? [...rest, cell] : rest;
};

/** Names given to new pieces, in turn: one character each, as board art can show them. */
const PIECE_NAMES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function freeName(taken: readonly string[]): string {
  const used = new Set(taken);
  for (const ch of PIECE_NAMES) if (!used.has(ch)) return ch;
  for (let n = 1; ; n++) if (!used.has(`P${n}`)) return `P${n}`;
}

/** The frame a new piece of the grid is drawn in. */
const defaultPieceFrame = (grid: EditorGridName): Cell => gridOfEditor(grid).editor!.pieceFrame;

/** A new state: a full board of the given size (cells per row, rows, layers) and one empty piece. */
export function newEditorState(grid: EditorGridName = defaultGridName(2), cells: Cell = [5, 4, 1]): EditorState {
  const frame: Frame = { origin: [0, 0, 0], size: frameOfCells(grid, cells) };
  const state: EditorState = {
    name: 'my puzzle', grid, frame, board: framePlaces(grid, frame).map((p) => p.cell), optional: [], pieces: [], placed: [],
    mirror: defaultMirror(grid), wrap: undefined, use: undefined, description: undefined, known: undefined, labels: undefined,
  };
  addPiece(state);
  return state;
}

/**
 * Why the editor cannot edit a puzzle (its grid), or undefined. The grids without an `editor` (balls, prisms,
 * tetrahedra, sticks) are still read from files, solved and shown: the message says so, and where to edit.
 */
export function unsupportedProblem(puzzle: Puzzle): string | undefined {
  const grid = puzzle.grid ?? defaultGridName(puzzle.dims);
  const cells = Math.max(puzzle.board.length, ...puzzle.pieces.map((p) => p.shape.length));
  const tooMany = cellByCellProblem(cells, 'edit');
  if (tooMany) return `${tooMany}: edit this puzzle's file (YAML or BurrTools) and open it again`;
  if (!EDITOR_GRIDS.includes(grid)) {
    const labels = EDITOR_GRIDS.map((g) => gridOfEditor(g).editor!.label.replace(/ \(.*\)$/, '').toLowerCase());
    return `the editor draws ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)!}, not the ${grid} grid: edit this puzzle's file (YAML or BurrTools) and open it again; it solves and shows here as any other`;
  }
  return undefined;
}

/** The art box of some cells (origin and size), at least one place in each direction. */
function artBox(grid: EditorGridName, cells: readonly Cell[]): Frame {
  if (cells.length === 0) return { origin: [0, 0, 0], size: [1, 1, 1] };
  const arts = cells.map((c) => gridOfEditor(grid).art.of(c));
  const lo = [0, 1, 2].map((i) => Math.min(...arts.map((a) => a[i]!)));
  const hi = [0, 1, 2].map((i) => Math.max(...arts.map((a) => a[i]!)));
  return { origin: lo as unknown as Cell, size: lo.map((v, i) => hi[i]! - v + 1) as unknown as Cell };
}

/**
 * A piece's cells where its drawing frame (which starts at art place 0, 0, 0) shows them all, and their art
 * box. A normalised shape's art starts at or after the origin on most grids; a layer of balls runs across
 * the lattice's axes, so there it may start before: the shape is then moved by whole art places, which on
 * that grid is a move of the lattice (checked: a move the grid does not allow leaves the shape as it is).
 * The puzzle normalises each shape again when it is built.
 */
function shapeInFrame(grid: EditorGridName, shape: readonly Cell[]): { box: Frame; cells: Cell[] } {
  const box = artBox(grid, shape);
  const copy = shape.map((c) => [...c] as unknown as Cell);
  if (box.origin.every((v) => v >= 0)) return { box, cells: copy };
  const { art, translates } = gridOfEditor(grid);
  const shift = box.origin.map((v) => Math.min(v, 0));
  const moved = shape.map((c) => art.cellOf(art.of(c).map((v, i) => v - shift[i]!) as unknown as Cell));
  const step = [0, 1, 2].map((i) => moved[0]![i]! - shape[0]![i]!) as unknown as Cell;
  if (!translates(step) || moved.some((c, k) => [0, 1, 2].some((i) => c[i]! - shape[k]![i]! !== step[i]))) return { box, cells: copy };
  return { box: artBox(grid, moved), cells: moved };
}

/** The state that builds the puzzle again; throws on a grid the editor does not draw (see unsupportedProblem). */
export function editorStateOf(puzzle: Puzzle): EditorState {
  const problem = unsupportedProblem(puzzle);
  if (problem) throw new Error(problem);
  const grid = puzzle.grid ?? defaultGridName(puzzle.dims);
  const pieces = puzzle.pieces.map((p): EditorPiece => {
    const { box, cells } = shapeInFrame(grid, p.shape);
    const least = defaultPieceFrame(grid);
    return {
      name: p.name,
      frame: [0, 1, 2].map((i) => Math.max(box.origin[i]! + box.size[i]!, i === 2 ? 1 : least[i]!)) as unknown as Cell,
      cells,
      count: p.count,
      min: pieceMin(p),
      mirror: p.mirror === puzzle.mirror ? 'default' : p.mirror,
      rotate: p.rotate,
      color: p.color,
      orientations: p.orientations?.map((o) => o.map((c) => [...c] as unknown as Cell)),
    };
  });
  return {
    name: puzzle.name,
    grid,
    frame: artBox(grid, puzzle.board),
    board: puzzle.board.map((c) => [...c] as unknown as Cell),
    optional: (puzzle.optional ?? []).map((c) => [...c] as unknown as Cell),
    pieces,
    placed: (puzzle.placed ?? []).map((p) => ({ piece: p.piece, cells: p.cells.map((c) => [...c] as unknown as Cell) })),
    mirror: puzzle.mirror,
    wrap: puzzle.wrap,
    use: puzzle.use,
    description: puzzle.description,
    known: puzzle.known,
    labels: puzzle.labels,
  };
}

/** A piece as the puzzle will have it (its shape normalised on the grid). */
export function pieceOf(state: EditorState, piece: EditorPiece): Piece {
  const grid = gridOfEditor(state.grid);
  return {
    name: piece.name,
    shape: grid.normalize(piece.cells),
    count: piece.count,
    ...(piece.min !== piece.count ? { min: piece.min } : {}),
    mirror: piece.mirror === 'default' ? state.mirror : piece.mirror,
    ...(piece.rotate !== undefined ? { rotate: piece.rotate } : {}),
    ...(piece.orientations ? { orientations: piece.orientations.map((o) => grid.normalize(o)) } : {}),
    ...(piece.color !== undefined ? { color: piece.color } : {}),
  };
}

/** The puzzle the state describes, or the first problem that keeps it from being one (one line). */
export function buildPuzzle(state: EditorState): BuildResult {
  if (state.board.length === 0) return { problem: 'the board has no cells: draw some' };
  if (state.pieces.length === 0) return { problem: 'there are no pieces: add one' };
  const empty = state.pieces.find((p) => p.cells.length === 0);
  if (empty) return { problem: `piece ${empty.name || '(no name)'} has no cells: draw its shape` };
  const dims = dimsOf(state.grid);
  const puzzle: Puzzle = {
    name: state.name,
    dims,
    ...(state.grid !== defaultGridName(dims) ? { grid: state.grid } : {}),
    ...(state.wrap ? { wrap: state.wrap } : {}),
    board: sorted(state.board),
    pieces: state.pieces.map((p) => pieceOf(state, p)),
    mirror: state.mirror,
    ...(state.optional.length > 0 ? { optional: sorted(state.optional) } : {}),
    ...(state.placed.length > 0 ? { placed: state.placed.map((p) => ({ piece: p.piece, cells: sorted(p.cells) })) } : {}),
    ...(state.use !== undefined ? { use: state.use } : {}),
    ...(state.description !== undefined ? { description: state.description } : {}),
    ...(state.known !== undefined ? { known: state.known } : {}),
    ...labelsOn(state),
  };
  const problem = puzzleCheckProblem(puzzle);
  return problem ? { problem: problem.replace(/\s+/g, ' ') } : { puzzle };
}

// ---- edits of the board ----

/** Changes the grid, keeping what is drawn where the new grid has a place at the same column and row. */
export function setGrid(state: EditorState, grid: EditorGridName): void {
  if (grid === state.grid) return;
  const from = state.grid;
  const [fromArt, toArt] = [gridOfEditor(from).art, gridOfEditor(grid).art];
  const [fromColumns, toColumns] = [columnsPerCell(from), columnsPerCell(grid)];
  // the same column and row where the new grid has a place there; hexagon rows use every other column
  const move = (cells: readonly Cell[], frameSize: Cell, origin: Cell = [0, 0, 0]): Cell[] => {
    const out: Cell[] = [];
    for (const c of cells) {
      const [column, row, z] = fromArt.of(c);
      if (dimsOf(grid) === 2 && z !== origin[2]) continue;
      let x = column;
      if (fromColumns > 1) x = origin[0] + Math.floor((column - origin[0]) / fromColumns);
      if (toColumns > 1) {
        const base = origin[0] + toColumns * (x - origin[0]);
        x = toArt.allowed(base, row) ? base : base + 1;
      }
      if (x - origin[0] >= frameSize[0]) continue;
      const cell = cellAtPlace(grid, [x, row, z]);
      if (cell) out.push(cell);
    }
    return out;
  };
  const resize = (size: Cell): Cell => frameOfCells(grid, frameCells(from, size));
  const frameSize = resize(state.frame.size);
  const origin: Cell = [state.frame.origin[0], state.frame.origin[1], dimsOf(grid) === 2 ? 0 : state.frame.origin[2]];
  state.board = move(state.board, frameSize, state.frame.origin);
  state.optional = move(state.optional, frameSize, state.frame.origin);
  state.frame = { origin, size: frameSize };
  for (const p of state.pieces) {
    // a piece frame grows to the new grid's frame for a new piece where it is smaller (a flat one gains the
    // layers a new cube piece has; sticks, whose art has two places a square, a frame of 4 x 4 squares)
    const size = resize(p.frame);
    const least = defaultPieceFrame(grid);
    p.frame = [Math.max(size[0], least[0]), Math.max(size[1], least[1]), Math.max(size[2], least[2])];
    p.cells = move(p.cells, p.frame);
    p.orientations = undefined;
  }
  // placed copies and the file's wrap mean nothing on another grid
  state.placed = [];
  if (!gridOfEditor(grid).wraps) state.wrap = undefined;
  if (state.mirror === defaultMirror(from)) state.mirror = defaultMirror(grid);
  state.grid = grid;
}

/**
 * Resizes the board's frame (cells per row, rows, layers), keeping its first corner: cells outside it
 * go, places it gains join the board (a board is drawn by taking cells away from a full frame).
 */
export function resizeBoard(state: EditorState, cells: Cell): void {
  const old = state.frame;
  const frame: Frame = { origin: old.origin, size: frameOfCells(state.grid, cells) };
  const inside = (c: Cell): boolean => inFrame(state.grid, frame, c);
  const gained = framePlaces(state.grid, frame).filter((p) => !inFrame(state.grid, old, p.cell)).map((p) => p.cell);
  state.frame = frame;
  state.board = [...state.board.filter(inside), ...gained];
  state.optional = state.optional.filter(inside);
  state.placed = state.placed.filter((p) => p.cells.every(inside));
}

export const isBoardCell = (state: EditorState, cell: Cell): boolean => hasCell(state.board, cell);
export const isOptionalCell = (state: EditorState, cell: Cell): boolean => hasCell(state.optional, cell);

/** The placed copy covering a cell, as an index into state.placed, or -1. */
export function placedAt(state: EditorState, cell: Cell): number {
  return state.placed.findIndex((p) => hasCell(p.cells, cell));
}

/** Puts a cell of the frame on the board or takes it off (with whatever covered or marked it). */
export function setBoardCell(state: EditorState, cell: Cell, on: boolean): void {
  if (!inFrame(state.grid, state.frame, cell) || isBoardCell(state, cell) === on) return;
  state.board = withCell(state.board, cell, on);
  if (!on) {
    state.optional = withCell(state.optional, cell, false);
    state.placed = state.placed.filter((p) => !hasCell(p.cells, cell));
  }
}

/** Marks a cell as one that may stay empty (putting it on the board), or unmarks it. */
export function setOptionalCell(state: EditorState, cell: Cell, on: boolean): void {
  if (!inFrame(state.grid, state.frame, cell) || isOptionalCell(state, cell) === on) return;
  if (on) setBoardCell(state, cell, true);
  state.optional = withCell(state.optional, cell, on);
}

// ---- edits of the pieces ----

export function addPiece(state: EditorState): EditorPiece {
  const piece: EditorPiece = {
    name: freeName(state.pieces.map((p) => p.name)), frame: [...defaultPieceFrame(state.grid)] as unknown as Cell, cells: [],
    count: 1, min: 1, mirror: 'default', rotate: undefined, color: undefined, orientations: undefined,
  };
  state.pieces.push(piece);
  return piece;
}

export function removePiece(state: EditorState, index: number): void {
  const piece = state.pieces[index];
  if (!piece) return;
  state.pieces.splice(index, 1);
  if (!state.pieces.some((p) => p.name === piece.name)) state.placed = state.placed.filter((p) => p.piece !== piece.name);
}

/** Renames a piece; its copies on the board follow (unless another piece still has the old name). */
export function renamePiece(state: EditorState, index: number, name: string): void {
  const piece = state.pieces[index];
  if (!piece || piece.name === name) return;
  const old = piece.name;
  piece.name = name;
  if (!state.pieces.some((p) => p.name === old)) state.placed = state.placed.map((p) => (p.piece === old ? { ...p, piece: name } : p));
}

export function setPieceCell(state: EditorState, index: number, cell: Cell, on: boolean): void {
  const piece = state.pieces[index];
  if (!piece || !inFrame(state.grid, { origin: [0, 0, 0], size: piece.frame }, cell) || hasCell(piece.cells, cell) === on) return;
  piece.cells = withCell(piece.cells, cell, on);
  piece.orientations = undefined;
}

/** Resizes a piece's drawing frame (cells per row, rows, layers): cells outside it go. */
export function resizePiece(state: EditorState, index: number, cells: Cell): void {
  const piece = state.pieces[index];
  if (!piece) return;
  piece.frame = frameOfCells(state.grid, cells);
  const frame: Frame = { origin: [0, 0, 0], size: piece.frame };
  const kept = piece.cells.filter((c) => inFrame(state.grid, frame, c));
  if (kept.length !== piece.cells.length) piece.orientations = undefined;
  piece.cells = kept;
}

/** Sets the copies of a piece: at most `count` (at least 1), at least `min` (0 to count). */
export function setCopies(state: EditorState, index: number, min: number, count: number): void {
  const piece = state.pieces[index];
  if (!piece) return;
  const whole = (n: number, fallback: number): number => (Number.isFinite(n) ? Math.floor(n) : fallback);
  piece.count = Math.max(1, Math.min(10_000, whole(count, piece.count)));
  piece.min = Math.max(0, Math.min(piece.count, whole(min, piece.min)));
}

// ---- pieces already on the board ----

/**
 * Why these cells cannot hold a copy of the piece already on the board, or undefined: they must be board
 * cells no other copy covers, in an orientation the piece may take, and the piece must have a copy left.
 */
export function placementProblem(state: EditorState, pieceName: string, cells: readonly Cell[]): string | undefined {
  const piece = state.pieces.find((p) => p.name === pieceName);
  if (!piece) return `there is no piece ${pieceName}`;
  if (piece.cells.length === 0) return `piece ${pieceName} has no cells yet`;
  const off = cells.find((c) => !isBoardCell(state, c));
  if (off) return `[${off.join(', ')}] is not a board cell`;
  const covered = cells.find((c) => placedAt(state, c) >= 0);
  if (covered) return `[${covered.join(', ')}] is covered by a piece already`;
  const copies = state.placed.filter((p) => p.piece === pieceName).length;
  if (copies >= piece.count) return `piece ${pieceName} has ${piece.count} cop${piece.count === 1 ? 'y' : 'ies'}, all on the board already`;
  if (cells.length !== piece.cells.length) return `piece ${pieceName} has ${piece.cells.length} cells, not ${cells.length}`;
  const grid = gridOfEditor(state.grid);
  const allowed = new Set(allowedOrientations(pieceOf(state, piece), grid).map((o) => shapeKeyOn(grid, o)));
  if (!allowed.has(shapeKeyOn(grid, cells))) return `these cells are not piece ${pieceName} in any orientation it may take`;
  return undefined;
}

/** Puts a copy of the piece on the board, or says why not. */
export function placeCopy(state: EditorState, pieceName: string, cells: readonly Cell[]): string | undefined {
  const problem = placementProblem(state, pieceName, cells);
  if (!problem) state.placed.push({ piece: pieceName, cells: sorted(cells) });
  return problem;
}

export function removePlacedAt(state: EditorState, cell: Cell): void {
  const index = placedAt(state, cell);
  if (index >= 0) state.placed.splice(index, 1);
}

// ---- the summary line ----

/** "board 20 cells (2 may stay empty) · pieces 15..20 cells in 4..5 copies". */
export function summary(state: EditorState): string {
  const board = `board ${state.board.length} cell${state.board.length === 1 ? '' : 's'}${state.optional.length ? ` (${state.optional.length} may stay empty)` : ''}`;
  const low = state.pieces.reduce((n, p) => n + p.cells.length * p.min, 0);
  const high = state.pieces.reduce((n, p) => n + p.cells.length * p.count, 0);
  const fewest = state.pieces.reduce((n, p) => n + p.min, 0);
  const most = state.pieces.reduce((n, p) => n + p.count, 0);
  const range = (a: number, b: number): string => (a === b ? `${a}` : `${a}..${b}`);
  const placed = state.placed.length ? `, ${state.placed.length} on the board` : '';
  return `${board} · pieces ${range(low, high)} cells in ${range(fewest, most)} cop${most === 1 ? 'y' : 'ies'}${placed}`;
}

/** Keys of a list of cells, for lookups while drawing. */
export const cellKeys = keys;
