/**
 * A number for each cell of a set, looked up by coordinates without making strings: cells are numbered by
 * their place in the set's bounding box, held in a typed array when the box is not much larger than the
 * set, else in a map on that number. (String keys made a picture of a board of a million cells take
 * minutes.) The cells remember the order they were first given a number in, to go over them.
 */
import type { Cell } from './cell.js';
import { bounds } from './cell.js';

export class CellTable {
  private readonly dense: Int32Array | undefined;
  private readonly sparse = new Map<number, number>();
  private readonly order: Cell[] = [];
  private readonly min: Cell;
  private readonly size: Cell;

  /** A table for cells among `cells` (or inside their box); a cell with no number reads as `none`. */
  constructor(cells: readonly Cell[], private readonly none: number) {
    const box = cells.length > 0 ? bounds(cells) : { min: [0, 0, 0] as const, max: [-1, -1, -1] as const };
    this.min = box.min;
    this.size = [0, 1, 2].map((i) => box.max[i]! - box.min[i]! + 1) as unknown as Cell;
    const volume = this.size[0] * this.size[1] * this.size[2];
    this.dense = volume <= 4 * cells.length + 4096 ? new Int32Array(volume).fill(none) : undefined;
  }

  /** The cell's place in the box, or -1 outside it. */
  private index(x: number, y: number, z: number): number {
    const dx = x - this.min[0];
    const dy = y - this.min[1];
    const dz = z - this.min[2];
    if (dx < 0 || dy < 0 || dz < 0 || dx >= this.size[0] || dy >= this.size[1] || dz >= this.size[2]) return -1;
    return (dz * this.size[1] + dy) * this.size[0] + dx;
  }

  at(x: number, y: number, z: number): number {
    const k = this.index(x, y, z);
    if (k < 0) return this.none;
    return this.dense ? this.dense[k]! : this.sparse.get(k) ?? this.none;
  }

  get(c: Cell): number {
    return this.at(c[0], c[1], c[2]);
  }

  /** Gives a cell inside the box a number (a cell outside the box given at construction is an error). */
  set(c: Cell, value: number): void {
    const k = this.index(c[0], c[1], c[2]);
    if (k < 0) throw new RangeError(`cell ${c.join(',')} is outside the table`);
    if (this.at(c[0], c[1], c[2]) === this.none) this.order.push(c);
    if (this.dense) this.dense[k] = value;
    else this.sparse.set(k, value);
  }

  /** Each cell given a number, in the order first given one. */
  forEach(f: (c: Cell, value: number) => void): void {
    for (const c of this.order) f(c, this.at(c[0], c[1], c[2]));
  }
}
