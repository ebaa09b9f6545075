import type { Cell, Dimensions } from '../geometry/cell.js';
import { normalize, shapeKey } from '../geometry/cell.js';
import type { Transform } from '../geometry/symmetry.js';
import { allowedTransforms, orientations, symmetries } from '../geometry/symmetry.js';
import type { Piece } from './model.js';

/** The left-right mirror (x to -x): how a piece that may not be rotated is turned over. */
const MIRROR_X = (dims: Dimensions): Transform => symmetries(dims).find((t) => t.matrix.join(',') === '-1,0,0,0,1,0,0,0,1')!;

/**
 * The orientations a piece may take, normalised, each once: the ones listed when the file lists them;
 * the shape as drawn (and its left-right mirror image, with `mirror`) when it may not be rotated; else its
 * rotations, and its mirror images with `mirror`.
 */
export function allowedOrientations(piece: Piece, dims: Dimensions): Cell[][] {
  if (piece.orientations) {
    const seen = new Set<string>();
    return piece.orientations.map((o) => normalize(o)).filter((o) => !seen.has(shapeKey(o)) && !!seen.add(shapeKey(o)));
  }
  if (piece.rotate === false) {
    const transforms = piece.mirror ? [symmetries(dims)[0]!, MIRROR_X(dims)] : [symmetries(dims)[0]!];
    return orientations(piece.shape, transforms).map((o) => o.cells);
  }
  return orientations(piece.shape, allowedTransforms(dims, piece.mirror)).map((o) => o.cells);
}

/** True when `cells` is the piece's shape moved, turned or turned over (any isometry of the grid). */
export function isCongruent(cells: readonly Cell[], shape: readonly Cell[], dims: Dimensions): boolean {
  if (cells.length !== shape.length) return false;
  const key = shapeKey(cells);
  return orientations(shape, symmetries(dims)).some((o) => shapeKey(o.cells) === key);
}
