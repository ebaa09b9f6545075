import type { Cell, Dimensions, Shape } from './cell.js';
import { normalize, shapeKey } from './cell.js';
import type { Grid, Transform } from './grid.js';
import { composeTransforms, normalizedShapeKey, sameMatrix, shapeKeyOn } from './grid.js';
import { gridOf } from './grids/index.js';

export type { Transform } from './grid.js';

/** All symmetries of the square (8) or the cube (48), identity first, rotations before reflections. */
export function symmetries(dims: Dimensions): readonly Transform[] {
  return gridOf(undefined, dims).symmetries;
}

/** The rotations only (4 or 24), or all symmetries when mirror images are allowed. */
export function allowedTransforms(dims: Dimensions, mirror: boolean): readonly Transform[] {
  const all = symmetries(dims);
  return mirror ? all : all.filter((t) => !t.reflects);
}

export function applyToCell(t: Transform, c: Cell): Cell {
  return t.apply(c);
}

export function applyToShape(t: Transform, shape: Shape): Cell[] {
  return shape.map((c) => applyToCell(t, c));
}

/** a ∘ b: b first. */
export function compose(a: Transform, b: Transform): Transform {
  return composeTransforms(a, b);
}

export function sameTransform(a: Transform, b: Transform): boolean {
  return sameMatrix(a, b);
}

export interface Orientation {
  /** The normalised cells of this orientation. */
  readonly cells: Cell[];
  /** One transform that produces it from the piece's own shape. */
  readonly transform: Transform;
}

/**
 * The distinct orientations of a shape under the given transforms, each normalised.
 * A shape with symmetry has fewer than there are transforms: the count is the orbit size.
 */
export function orientations(shape: Shape, transforms: readonly Transform[], grid?: Grid): Orientation[] {
  const seen = new Set<string>();
  const out: Orientation[] = [];
  for (const t of transforms) {
    const cells = grid ? grid.normalize(applyToShape(t, shape)) : normalize(applyToShape(t, shape));
    const key = grid ? normalizedShapeKey(cells) : shapeKey(cells);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ cells, transform: t });
  }
  return out;
}

/** The transforms that map the shape onto itself, up to translation. */
export function stabilizer(shape: Shape, transforms: readonly Transform[], grid?: Grid): Transform[] {
  const keyOf = (s: Shape): string => (grid ? shapeKeyOn(grid, s) : shapeKey(s));
  const key = keyOf(shape);
  return transforms.filter((t) => keyOf(applyToShape(t, shape)) === key);
}
