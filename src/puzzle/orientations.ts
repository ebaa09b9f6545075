import type { Cell } from '../geometry/cell.js';
import type { Grid } from '../geometry/grid.js';
import { shapeKeyOn } from '../geometry/grid.js';
import { orientations } from '../geometry/symmetry.js';
import type { Piece } from './model.js';

/**
 * The orientations a piece may take on its grid, normalised, each once: the ones listed when the file
 * lists them; the shape as drawn (and its left-right mirror image, with `mirror`) when it may not be
 * rotated; else its rotations, and its mirror images with `mirror`.
 */
export function allowedOrientations(piece: Piece, grid: Grid): Cell[][] {
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

/** True when `cells` is the piece's shape moved, turned or turned over (any symmetry of the grid). */
export function isCongruent(cells: readonly Cell[], shape: readonly Cell[], grid: Grid): boolean {
  if (cells.length !== shape.length) return false;
  const key = shapeKeyOn(grid, cells);
  return orientations(shape, grid.symmetries, grid).some((o) => shapeKeyOn(grid, o.cells) === key);
}
