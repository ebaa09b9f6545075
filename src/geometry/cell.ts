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

/** The first cell of a non-empty shape in reading order (compareCells): a shape's anchor wherever it lies. */
export function leastCell(shape: Shape): Cell {
  let least = shape[0]!;
  for (let i = 1; i < shape.length; i++) {
    const c = shape[i]!;
    if (c[2] < least[2] || (c[2] === least[2] && (c[1] < least[1] || (c[1] === least[1] && c[0] < least[0])))) least = c;
  }
  return least;
}

export function cellKey(c: Cell): string {
  return `${c[0]},${c[1]},${c[2]}`;
}

/** A cell as messages write it, as snug's files and JSON do: [x, y] in 2-D, [x, y, z] in 3-D. */
export function cellText(c: Cell, dims: Dimensions): string {
  return `[${(dims === 2 ? c.slice(0, 2) : c).join(', ')}]`;
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

/**
 * Numbers the cells of a shape's bounding box (x fastest), so that sets of cells can be kept as numbers
 * rather than strings: a million cells are then checked in milliseconds rather than seconds.
 */
function boxNumbering(shape: Shape): { number: (x: number, y: number, z: number) => number; inside: (x: number, y: number, z: number) => boolean; volume: number } {
  const { min, max } = bounds(shape);
  const w = max[0] - min[0] + 1;
  const h = max[1] - min[1] + 1;
  const d = max[2] - min[2] + 1;
  return {
    number: (x, y, z) => x - min[0] + w * (y - min[1] + h * (z - min[2])),
    inside: (x, y, z) => x >= min[0] && x <= max[0] && y >= min[1] && y <= max[1] && z >= min[2] && z <= max[2],
    volume: w * h * d,
  };
}

/** A set of cell numbers: a bit per cell of the bounding box when that is small, else a Set. */
function numberSet(volume: number, cells: number): { has: (k: number) => boolean; add: (k: number) => void } {
  if (volume <= Math.max(1 << 16, 8 * cells)) {
    const bits = new Uint8Array(volume);
    return { has: (k) => bits[k] === 1, add: (k) => { bits[k] = 1; } };
  }
  const set = new Set<number>();
  return { has: (k) => set.has(k), add: (k) => { set.add(k); } };
}

/** The first cell that the list has already had, or undefined when every cell is listed once. */
export function firstRepeat(shape: Shape): Cell | undefined {
  if (shape.length === 0) return undefined;
  const { number, volume } = boxNumbering(shape);
  const seen = numberSet(volume, shape.length);
  for (const c of shape) {
    const k = number(c[0], c[1], c[2]);
    if (seen.has(k)) return c;
    seen.add(k);
  }
  return undefined;
}

/** True when the cells form one face-connected piece. */
export function isConnected(shape: Shape, dims: Dimensions): boolean {
  if (shape.length === 0) return false;
  const { number, inside, volume } = boxNumbering(shape);
  const cells = numberSet(volume, shape.length);
  let distinct = 0;
  for (const c of shape) {
    const k = number(c[0], c[1], c[2]);
    if (!cells.has(k)) distinct++;
    cells.add(k);
  }
  const seen = numberSet(volume, shape.length);
  const first = shape[0]!;
  seen.add(number(first[0], first[1], first[2]));
  let reached = 1;
  const stack: number[] = [first[0], first[1], first[2]];
  const steps = dims === 3 ? 6 : 4;
  const DX = [-1, 1, 0, 0, 0, 0];
  const DY = [0, 0, -1, 1, 0, 0];
  const DZ = [0, 0, 0, 0, -1, 1];
  while (stack.length > 0) {
    const z = stack.pop()!;
    const y = stack.pop()!;
    const x = stack.pop()!;
    for (let i = 0; i < steps; i++) {
      const nx = x + DX[i]!;
      const ny = y + DY[i]!;
      const nz = z + DZ[i]!;
      if (!inside(nx, ny, nz)) continue;
      const k = number(nx, ny, nz);
      if (cells.has(k) && !seen.has(k)) {
        seen.add(k);
        reached++;
        stack.push(nx, ny, nz);
      }
    }
  }
  return reached === distinct;
}

/** True when the shape fills its bounding box: a rectangle (2-D) or a box (3-D). */
export function isBox(shape: Shape): boolean {
  if (shape.length === 0) return false;
  const { number, volume } = boxNumbering(shape);
  // fewer cells than the box has can never fill it (and the box may then be too large to mark)
  if (shape.length < volume) return false;
  const marked = new Uint8Array(volume);
  let distinct = 0;
  for (const c of shape) {
    const k = number(c[0], c[1], c[2]);
    if (marked[k] === 0) distinct++;
    marked[k] = 1;
  }
  return distinct === volume;
}
