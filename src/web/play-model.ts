/**
 * The geometry of playing by hand, apart from the DOM: a piece held in one of its orientations, turned and
 * flipped, moved over the board by one of its cells (the cell the person holds it by), and whether it may
 * go down where it is. The orientations are the library's (placements/pieceOrientations: the turns the
 * puzzle allows, normalised); turning and flipping are symmetries of the grid (geometry/grid.ts), so the
 * same code serves squares, hexagons, triangles and layered cubes.
 *
 * Held piece: orientation k (an index into the piece's orientations) and grab g (an index into that
 * orientation's cells). At an anchor cell a on the board it covers orientation k moved so that its cell g
 * lies on a, when that move is a translation of the grid; on grids with cells of several kinds (triangles
 * pointing up and down) the nearest cell of the piece of a's kind is put on a instead.
 */
import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells, leastCell } from '../geometry/cell.js';
import type { Grid, Transform } from '../geometry/grid.js';
import { composeTransforms, shapeKeyOn } from '../geometry/grid.js';
import { isWrapped } from '../geometry/wrap.js';
import type { PlacedPiece, Puzzle } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import { pieceOrientations } from '../placements/placements.js';

type Point = readonly [number, number];

/** Where a cell sits in a flat picture of the grid (its polygon's middle; a cube's or ball's x and y). */
export function cellCentre(grid: Grid, c: Cell): Point {
  const polygon = grid.polygon?.(c);
  if (!polygon || grid.dims === 3) return [c[0] + 0.5, c[1] + 0.5];
  return [polygon.reduce((s, p) => s + p[0], 0) / polygon.length, polygon.reduce((s, p) => s + p[1], 0) / polygon.length];
}

/** The moves a person makes with a held piece, as symmetries of the grid. */
export interface PlayMoves {
  /** The smallest turn clockwise on the screen (in 3-D: about the vertical axis, seen from above). */
  readonly turn: Transform | undefined;
  /** Turning over: the left-right mirror on a flat grid; a quarter turn about the x axis in 3-D (tipping it over). */
  readonly flip: Transform | undefined;
  /** The smallest turn counter-clockwise: the turn undone. */
  readonly turnBack: Transform | undefined;
}

function order(t: Transform, cell: Cell): number {
  // the order of a symmetry, read from its action on a few cells: at most 48 for any grid
  const probe = [cell, ...[[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((d) => [cell[0] + d[0]!, cell[1] + d[1]!, cell[2] + d[2]!] as Cell)];
  let images = probe;
  for (let k = 1; k <= 48; k++) {
    images = images.map((c) => t.apply(c));
    if (images.every((c, i) => cellKey(c) === cellKey(probe[i]!))) return k;
  }
  return 48;
}

/** The angle (radians, clockwise on the screen, y down) by which a symmetry turns the step from cell a to cell b. */
function screenAngle(grid: Grid, t: Transform, a: Cell, b: Cell): number {
  const [ax, ay] = cellCentre(grid, a);
  const [bx, by] = cellCentre(grid, b);
  const [tax, tay] = cellCentre(grid, t.apply(a));
  const [tbx, tby] = cellCentre(grid, t.apply(b));
  const v = [bx - ax, by - ay];
  const w = [tbx - tax, tby - tay];
  return Math.atan2(v[0]! * w[1]! - v[1]! * w[0]!, v[0]! * w[0]! + v[1]! * w[1]!);
}

/** The turn and the flip on this grid, found among its symmetries; `cell` is any cell of the grid. */
export function playMoves(grid: Grid, cell: Cell): PlayMoves {
  const rotations = grid.symmetries.filter((t) => !t.reflects);
  const fixesVertical = (t: Transform): boolean => {
    const m = t.matrix;
    return m[2] === 0 && m[5] === 0 && m[6] === 0 && m[7] === 0 && m[8] === 1;
  };
  const planar = grid.dims === 2 ? rotations : rotations.filter(fixesVertical);
  const neighbour = grid.neighbours(cell).find((n) => n[2] === cell[2]) ?? [cell[0] + 1, cell[1], cell[2]];
  let turn: Transform | undefined;
  let best = Infinity;
  for (const t of planar) {
    const angle = screenAngle(grid, t, cell, neighbour);
    if (angle > 1e-6 && angle < best) [turn, best] = [t, angle];
  }
  let flip: Transform | undefined;
  if (grid.dims === 2) flip = grid.mirrorLeftRight;
  else flip = rotations.find((t) => t.matrix.join() === '1,0,0,0,0,-1,0,1,0');
  let turnBack = turn;
  if (turn) for (let k = order(turn, cell); k > 2; k--) turnBack = composeTransforms(turn, turnBack!);
  return { turn, flip, turnBack };
}

/** A piece in a person's hand. */
export interface Held {
  /** Index into puzzle.pieces. */
  readonly piece: number;
  /** Index into the piece's orientations. */
  readonly orientation: number;
  /** Index into the orientation's cells: the cell held. */
  readonly grab: number;
}

/** Why a drop is refused: the cells off the board, or the piece it would overlap. */
export type DropCheck =
  | { readonly fits: true; readonly cells: readonly Cell[] }
  | { readonly fits: false; readonly reason: string; readonly cells: readonly Cell[] };

/** The state of a board played by hand, over one puzzle: what is where, and what fits. */
export class PlayModel {
  readonly grid: Grid;
  readonly moves: PlayMoves;
  /** Each piece's orientations, as the library lists them. */
  readonly orientations: readonly (readonly Cell[][])[];
  private readonly keys: readonly Map<string, number>[];
  private readonly onBoard: ReadonlySet<string>;
  /** Pieces put down by hand, after the puzzle's own. */
  placed: PlacedPiece[] = [];

  constructor(readonly puzzle: Puzzle) {
    this.grid = puzzleGrid(puzzle);
    this.moves = playMoves(this.grid, puzzle.board[0] ?? [0, 0, 0]);
    this.orientations = puzzle.pieces.map((_, i) => pieceOrientations(puzzle, i));
    this.keys = this.orientations.map((list) => {
      const keys = new Map<string, number>();
      list.forEach((cells, k) => { if (!keys.has(shapeKeyOn(this.grid, cells))) keys.set(shapeKeyOn(this.grid, cells), k); });
      return keys;
    });
    this.onBoard = new Set(puzzle.board.map(cellKey));
  }

  /** A piece picked from the tray: its first orientation, held by the cell nearest its middle. */
  pick(piece: number): Held {
    const cells = this.orientations[piece]![0]!;
    return { piece, orientation: 0, grab: this.middleCell(cells) };
  }

  /** How many copies of a piece are still off the board. */
  copiesLeft(piece: number): number {
    const name = this.puzzle.pieces[piece]!.name;
    return this.puzzle.pieces[piece]!.count - this.all().filter((p) => p.piece === name).length;
  }

  /** Every piece on the board: the puzzle's own, then those put down by hand. */
  all(): PlacedPiece[] {
    return [...(this.puzzle.placed ?? []), ...this.placed];
  }

  private middleCell(cells: readonly Cell[]): number {
    const centres = cells.map((c) => cellCentre(this.grid, c));
    const mx = centres.reduce((s, p) => s + p[0], 0) / centres.length;
    const my = centres.reduce((s, p) => s + p[1], 0) / centres.length;
    let best = 0;
    let bestDistance = Infinity;
    centres.forEach(([x, y], i) => {
      const d = (x - mx) ** 2 + (y - my) ** 2;
      if (d < bestDistance - 1e-9) [best, bestDistance] = [i, d];
    });
    return best;
  }

  /**
   * The piece after a symmetry: the orientation it becomes, held by the image of the cell held, or
   * undefined when the puzzle does not allow that orientation (a one-sided piece turned over, a piece that
   * may not turn). A piece whose file lists its orientations goes on to the next listed one.
   */
  private apply(held: Held, t: Transform | undefined): Held | undefined {
    if (!t) return undefined;
    let cells: readonly Cell[] = this.orientations[held.piece]![held.orientation]!;
    let grabbed: Cell = cells[held.grab]!;
    for (let step = 0; step < 48; step++) {
      const image = cells.map((c) => t.apply(c));
      const normal = this.grid.normalize(image);
      // normalize translates: the least cell of the image goes to its first cell (see colouredOrientations)
      const least = leastCell(image);
      const d = [normal[0]![0] - least[0], normal[0]![1] - least[1], normal[0]![2] - least[2]] as const;
      const g = t.apply(grabbed);
      grabbed = [g[0] + d[0], g[1] + d[1], g[2] + d[2]];
      cells = normal;
      const k = this.keys[held.piece]!.get(shapeKeyOn(this.grid, normal));
      if (k !== undefined) {
        const grab = this.orientations[held.piece]![k]!.findIndex((c) => cellKey(c) === cellKey(grabbed));
        if (k === held.orientation && step > 0) return undefined;
        return { piece: held.piece, orientation: k, grab: grab >= 0 ? grab : this.middleCell(this.orientations[held.piece]![k]!) };
      }
    }
    return undefined;
  }

  /** The piece turned clockwise (counter-clockwise with `back`); undefined when it may not turn. */
  turn(held: Held, back = false): Held | undefined {
    return this.apply(held, back ? this.moves.turnBack : this.moves.turn);
  }

  /** The piece turned over (tipped over in 3-D); undefined when it may not be. */
  flip(held: Held): Held | undefined {
    return this.apply(held, this.moves.flip);
  }

  /** The cells the held piece covers with its held cell on `anchor` (the nearest cell of anchor's kind). */
  cellsAt(held: Held, anchor: Cell): Cell[] {
    const cells = this.orientations[held.piece]![held.orientation]!;
    const from = cells[held.grab]!;
    const candidates = cells
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => this.grid.translates([anchor[0] - c[0], anchor[1] - c[1], anchor[2] - c[2]]));
    if (candidates.length === 0) return [];
    const [fx, fy] = cellCentre(this.grid, from);
    const distance = ({ c }: { c: Cell }): number => {
      const [x, y] = cellCentre(this.grid, c);
      return (x - fx) ** 2 + (y - fy) ** 2 + (c[2] - from[2]) ** 2;
    };
    const { c } = candidates.reduce((a, b) => (distance(b) < distance(a) - 1e-9 ? b : a));
    const d = [anchor[0] - c[0], anchor[1] - c[1], anchor[2] - c[2]];
    return cells.map((x) => [x[0] + d[0]!, x[1] + d[1]!, x[2] + d[2]!] as Cell);
  }

  /** The board cell a cell is (on a board that wraps, its edges joined); the cell itself elsewhere. */
  private boardCell(c: Cell): Cell {
    return isWrapped(this.grid) ? this.grid.wrapCell(c) : c;
  }

  /** Which piece lies on a board cell (its index in all()), or -1. */
  ownerOf(cell: Cell): number {
    const key = cellKey(this.boardCell(cell));
    return this.all().findIndex((p) => p.cells.some((c) => cellKey(c) === key));
  }

  /** Whether the held piece may go down with its held cell on `anchor`, and why not. */
  check(held: Held, anchor: Cell): DropCheck {
    const name = this.puzzle.pieces[held.piece]!.name;
    const cells = this.cellsAt(held, anchor).map((c) => this.boardCell(c));
    if (cells.length === 0) return { fits: false, reason: `${name} cannot lie with that cell there`, cells };
    const off = cells.filter((c) => !this.onBoard.has(cellKey(c)));
    if (off.length > 0) return { fits: false, reason: `${name} would stick out of the board (${off.length} of its ${cells.length} cells)`, cells };
    if (new Set(cells.map(cellKey)).size < cells.length) return { fits: false, reason: `${name} would cover a cell twice across the joined edges`, cells };
    const all = this.all();
    const covered = new Map<string, string>();
    for (const p of all) for (const c of p.cells) covered.set(cellKey(c), p.piece);
    const under = [...new Set(cells.map((c) => covered.get(cellKey(c))).filter((p): p is string => p !== undefined))];
    if (under.length > 0) return { fits: false, reason: `${name} would overlap ${under.length === 1 ? `piece ${under[0]}` : `pieces ${under.join(', ')}`}`, cells };
    if (this.copiesLeft(held.piece) <= 0) return { fits: false, reason: `every copy of ${name} is on the board already`, cells };
    return { fits: true, cells };
  }

  /** Puts the held piece down at `anchor` when it fits; returns the check either way. */
  drop(held: Held, anchor: Cell): DropCheck {
    const result = this.check(held, anchor);
    if (result.fits) this.placed.push({ piece: this.puzzle.pieces[held.piece]!.name, cells: [...result.cells].sort(compareCells) });
    return result;
  }

  /**
   * Takes a piece put down by hand off the board (its index in all()) and gives it back held as it lay,
   * by the cell `by`; undefined for a piece of the puzzle's own, which stays.
   */
  lift(index: number, by: Cell): Held | undefined {
    const given = this.puzzle.placed?.length ?? 0;
    if (index < given || index >= given + this.placed.length) return undefined;
    const [taken] = this.placed.splice(index - given, 1);
    const piece = this.puzzle.pieces.findIndex((p) => p.name === taken!.piece);
    const held = this.heldAs(piece, taken!.cells, by);
    return held ?? this.pick(piece);
  }

  /** The held piece that covers these cells, held by `by` (one of them): the orientation they are. */
  heldAs(piece: number, cells: readonly Cell[], by: Cell): Held | undefined {
    const k = this.keys[piece]?.get(shapeKeyOn(this.grid, this.grid.normalize(cells)));
    if (k === undefined) return undefined;
    // a translation keeps the order of cells: the held cell's rank among them is its rank in the orientation
    const sorted = [...cells].sort(compareCells);
    const grab = sorted.findIndex((c) => cellKey(c) === cellKey(by));
    return { piece, orientation: k, grab: grab >= 0 ? grab : this.middleCell(this.orientations[piece]![k]!) };
  }
}
