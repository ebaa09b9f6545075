/**
 * Cells of the square grid (z = 0) and the cubic grid. A cell is always an [x, y, z] triple so that
 * 2-D and 3-D puzzles share one code path; x is the column, y the row (0 at the top), z the layer.
 */
export type Cell = readonly [number, number, number];

/** A set of cells, normalised or not. Order carries no meaning unless a function says so. */
export type Shape = readonly Cell[];

export type Dimensions = 2 | 3;

/** Orders cells by layer, then row, then column: the reading order of the art. */
export function compareCells(a: Cell, b: Cell): number {
  return a[2] - b[2] || a[1] - b[1] || a[0] - b[0];
}

export function cellKey(c: Cell): string {
  return `${c[0]},${c[1]},${c[2]}`;
}

/** Smallest and largest coordinate on each axis. */
export function bounds(shape: Shape): { min: Cell; max: Cell } {
  if (shape.length === 0) throw new Error('bounds of an empty shape');
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const c of shape) {
    for (let i = 0; i < 3; i++) {
      if (c[i]! < min[i]!) min[i] = c[i]!;
      if (c[i]! > max[i]!) max[i] = c[i]!;
    }
  }
  return { min: min as unknown as Cell, max: max as unknown as Cell };
}

/** Width, height and depth of the bounding box. */
export function extent(shape: Shape): Cell {
  const { min, max } = bounds(shape);
  return [max[0] - min[0] + 1, max[1] - min[1] + 1, max[2] - min[2] + 1];
}

export function translate(shape: Shape, d: Cell): Cell[] {
  return shape.map((c) => [c[0] + d[0], c[1] + d[1], c[2] + d[2]] as const);
}

/** Translated so that the bounding box starts at the origin, sorted in reading order, duplicates dropped. */
export function normalize(shape: Shape): Cell[] {
  if (shape.length === 0) return [];
  const { min } = bounds(shape);
  const moved = translate(shape, [-min[0], -min[1], -min[2]]).sort(compareCells);
  return moved.filter((c, i) => i === 0 || compareCells(c, moved[i - 1]!) !== 0);
}

/** A string that is equal for two shapes exactly when they are equal as cell sets (after normalisation). */
export function shapeKey(shape: Shape): string {
  return normalize(shape).map(cellKey).join(';');
}

/** The 6 (3-D) or 4 (2-D) face neighbours of a cell. */
export function neighbours(c: Cell, dims: Dimensions): Cell[] {
  const out: Cell[] = [
    [c[0] - 1, c[1], c[2]],
    [c[0] + 1, c[1], c[2]],
    [c[0], c[1] - 1, c[2]],
    [c[0], c[1] + 1, c[2]],
  ];
  if (dims === 3) out.push([c[0], c[1], c[2] - 1], [c[0], c[1], c[2] + 1]);
  return out;
}

/** True when the cells form one face-connected piece. */
export function isConnected(shape: Shape, dims: Dimensions): boolean {
  if (shape.length === 0) return false;
  const cells = new Set(shape.map(cellKey));
  const seen = new Set<string>([cellKey(shape[0]!)]);
  const stack: Cell[] = [shape[0]!];
  while (stack.length > 0) {
    const c = stack.pop()!;
    for (const n of neighbours(c, dims)) {
      const k = cellKey(n);
      if (cells.has(k) && !seen.has(k)) {
        seen.add(k);
        stack.push(n);
      }
    }
  }
  return seen.size === cells.size;
}

/** True when the shape fills its bounding box: a rectangle (2-D) or a box (3-D). */
export function isBox(shape: Shape): boolean {
  const [w, h, d] = extent(shape);
  return new Set(shape.map(cellKey)).size === w * h * d;
}
