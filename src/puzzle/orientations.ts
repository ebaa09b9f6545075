import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import type { Grid, Transform } from '../geometry/grid.js';
import { normalizedShapeKey, shapeKeyOn } from '../geometry/grid.js';
import { orientations } from '../geometry/symmetry.js';
import type { Piece } from './model.js';

/**
 * The orientations a piece may take on its grid, normalised, each once: the ones listed when the file
 * lists them; the shape as drawn (and its left-right mirror image, with `mirror`) when it may not be
 * rotated; else its rotations, and its mirror images with `mirror`.
 */
export function allowedOrientations(piece: Piece, grid: Grid): Cell[][] {
  return remembered(allowedMemo, piece, grid, () => allowedOrientationsOf(piece, grid));
}

/**
 * What allowedOrientations and colouredOrientations gave for a piece object on a grid, kept while the
 * piece lives: one compile asks for them several times (the symmetries, the placements, the checks), and a
 * frame of hundreds of cells costs milliseconds a turn. The lists are shared: callers read them only.
 */
const allowedMemo = new WeakMap<Piece, { grid: Grid; result: Cell[][] }>();
const colouredMemo = new WeakMap<Piece, { grid: Grid; result: ColouredOrientation[] }>();

function remembered<T>(memo: WeakMap<Piece, { grid: Grid; result: T }>, piece: Piece, grid: Grid, make: () => T): T {
  const known = memo.get(piece);
  if (known && known.grid === grid) return known.result;
  const result = make();
  memo.set(piece, { grid, result });
  return result;
}

function allowedOrientationsOf(piece: Piece, grid: Grid): Cell[][] {
  if (piece.orientations) {
    const seen = new Set<string>();
    return piece.orientations.map((o) => grid.normalize(o)).filter((o) => !seen.has(shapeKeyOn(grid, o)) && !!seen.add(shapeKeyOn(grid, o)));
  }
  const identity = grid.symmetries[0]!;
  if (piece.rotate === false) {
    const transforms = piece.mirror ? [identity, grid.mirrorLeftRight] : [identity];
    return orientations(piece.shape, transforms, grid).map((o) => o.cells);
  }
  const transforms = piece.mirror ? grid.symmetries : grid.symmetries.filter((t) => !t.reflects);
  return orientations(piece.shape, transforms, grid).map((o) => o.cells);
}

/** An orientation of a piece with colour constraints: its cells, and the colour of each (undefined: none). */
export interface ColouredOrientation {
  readonly cells: Cell[];
  readonly colours: readonly (string | undefined)[];
}

/**
 * The orientations a piece may take with the colours of its cells carried along, each once: a turn that
 * maps the shape onto itself but moves its colours is another orientation (BurrTools tells such placements
 * apart, as the pieces differ). Without colours, allowedOrientations with no colour on any cell. A piece
 * with colours may not list its orientations (validate.ts refuses it).
 */
export function colouredOrientations(piece: Piece, grid: Grid): ColouredOrientation[] {
  return remembered(colouredMemo, piece, grid, () => colouredOrientationsOf(piece, grid));
}

function colouredOrientationsOf(piece: Piece, grid: Grid): ColouredOrientation[] {
  if (!piece.colours?.length || piece.orientations) {
    return allowedOrientations(piece, grid).map((cells) => ({ cells, colours: cells.map(() => undefined) }));
  }
  const identity = grid.symmetries[0]!;
  const transforms: readonly Transform[] = piece.rotate === false
    ? (piece.mirror ? [identity, grid.mirrorLeftRight] : [identity])
    : piece.mirror ? grid.symmetries : grid.symmetries.filter((t) => !t.reflects);
  const seen = new Set<string>();
  const out: ColouredOrientation[] = [];
  // each cell of the shape with its colour (the colours' cells are cells of the shape: validate.ts)
  const colourOf = new Map(piece.colours.map(({ cell, colour }) => [cellKey(cell), colour]));
  const colours = piece.shape.map((c) => colourOf.get(cellKey(c)));
  for (const t of transforms) {
    const o = normalizeColoured(grid, piece.shape.map((c) => t.apply(c)), colours);
    const key = colouredKey(o);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(o);
  }
  return out;
}

/** Cells with a colour each (colours[k] of cells[k]) moved and sorted as grid.normalize does, each cell keeping its colour. */
export function normalizeColoured(grid: Grid, cells: readonly Cell[], colours: readonly (string | undefined)[]): ColouredOrientation {
  // normalize moves the shape by one translation and sorts it in reading order (the grid's contract), and a
  // move keeps the cells' order: the colours go in the order of the cells sorted
  // (given in that order, normalize's own sort finds nothing to move: one sort of a frame's 152 cells, not two)
  const order = cells.map((_, k) => k).sort((a, b) => compareCells(cells[a]!, cells[b]!));
  return { cells: grid.normalize(order.map((k) => cells[k]!)), colours: order.map((k) => colours[k]) };
}

/** A key equal for two normalised coloured shapes exactly when they are the same cells with the same colours. */
export function colouredKey(o: ColouredOrientation): string {
  return `${normalizedShapeKey(o.cells)}|${o.colours.map((c) => c ?? '').join('\u0000')}`;
}

/** True when `cells` is the piece's shape moved, turned or turned over (any symmetry of the grid). */
export function isCongruent(cells: readonly Cell[], shape: readonly Cell[], grid: Grid): boolean {
  if (cells.length !== shape.length) return false;
  const key = shapeKeyOn(grid, cells);
  return orientations(shape, grid.symmetries, grid).some((o) => shapeKeyOn(grid, o.cells) === key);
}
