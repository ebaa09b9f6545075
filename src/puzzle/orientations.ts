import type { Cell } from '../geometry/cell.js';
import { cellKey, leastCell } from '../geometry/cell.js';
import type { Grid, Transform } from '../geometry/grid.js';
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

/** An orientation of a piece with colour constraints: its cells, and the colour of each (undefined: none). */
export interface ColouredOrientation {
  readonly cells: Cell[];
  readonly colours: (string | undefined)[];
}

/**
 * The orientations a piece may take with the colours of its cells carried along, each once: a turn that
 * maps the shape onto itself but moves its colours is another orientation (BurrTools tells such placements
 * apart, as the pieces differ). Without colours, allowedOrientations with no colour on any cell. A piece
 * with colours may not list its orientations (validate.ts refuses it).
 */
export function colouredOrientations(piece: Piece, grid: Grid): ColouredOrientation[] {
  if (!piece.colours?.length || piece.orientations) {
    return allowedOrientations(piece, grid).map((cells) => ({ cells, colours: cells.map(() => undefined) }));
  }
  const identity = grid.symmetries[0]!;
  const transforms: readonly Transform[] = piece.rotate === false
    ? (piece.mirror ? [identity, grid.mirrorLeftRight] : [identity])
    : piece.mirror ? grid.symmetries : grid.symmetries.filter((t) => !t.reflects);
  const seen = new Set<string>();
  const out: ColouredOrientation[] = [];
  for (const t of transforms) {
    const image = piece.shape.map((c) => t.apply(c));
    const cells = grid.normalize(image);
    // normalize moves the shape and sorts it: the least cell of the image goes to the first cell
    const least = leastCell(image);
    const d = [cells[0]![0] - least[0], cells[0]![1] - least[1], cells[0]![2] - least[2]];
    const colourAt = new Map<string, string>();
    for (const { cell, colour } of piece.colours) {
      const c = t.apply(cell);
      colourAt.set(cellKey([c[0] + d[0]!, c[1] + d[1]!, c[2] + d[2]!]), colour);
    }
    const colours = cells.map((c) => colourAt.get(cellKey(c)));
    const key = `${shapeKeyOn(grid, cells)}|${colours.map((c) => c ?? '').join('\u0000')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ cells, colours });
  }
  return out;
}

/** True when `cells` is the piece's shape moved, turned or turned over (any symmetry of the grid). */
export function isCongruent(cells: readonly Cell[], shape: readonly Cell[], grid: Grid): boolean {
  if (cells.length !== shape.length) return false;
  const key = shapeKeyOn(grid, cells);
  return orientations(shape, grid.symmetries, grid).some((o) => shapeKeyOn(grid, o.cells) === key);
}
