/**
 * Messages between the page and its workers carry puzzles and solutions, and a large board is a million
 * little [x, y, z] arrays: copied one by one into a message, they took seconds on the page's thread at
 * each end. Here every long list of integer cells in a message becomes one Int32Array (moved, not copied)
 * and back again; everything else goes as it is.
 */

/** Lists of cells shorter than this go as they are (packing them saves nothing). */
const PACKED_FROM = 32;

interface PackedCells { readonly $cells: Int32Array }

function isCellList(value: readonly unknown[]): boolean {
  if (value.length < PACKED_FROM) return false;
  for (const c of value) {
    if (!Array.isArray(c) || c.length !== 3 || !Number.isInteger(c[0]) || !Number.isInteger(c[1]) || !Number.isInteger(c[2])) return false;
    // (beyond 32 bits the cells go as they are)
    if (Math.abs(c[0]) > 0x3fffffff || Math.abs(c[1]) > 0x3fffffff || Math.abs(c[2]) > 0x3fffffff) return false;
  }
  return true;
}

/** A message with its long lists of cells packed, and the buffers to move with it (postMessage's transfer list). */
export function packCells<T>(message: T): { message: T; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const pack = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      if (isCellList(value)) {
        const flat = new Int32Array(value.length * 3);
        value.forEach((c: number[], i) => { flat[3 * i] = c[0]!; flat[3 * i + 1] = c[1]!; flat[3 * i + 2] = c[2]!; });
        transfer.push(flat.buffer);
        return { $cells: flat } satisfies PackedCells;
      }
      return value.map(pack);
    }
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pack(v)]));
    }
    return value;
  };
  return { message: pack(message) as T, transfer };
}

/** The message as it was before packCells. */
export function unpackCells<T>(message: T): T {
  const unpack = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(unpack);
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const flat = (value as Partial<PackedCells>).$cells;
      if (flat instanceof Int32Array && Object.keys(value).length === 1) {
        const cells = new Array<[number, number, number]>(flat.length / 3);
        for (let i = 0; i < cells.length; i++) cells[i] = [flat[3 * i]!, flat[3 * i + 1]!, flat[3 * i + 2]!];
        return cells;
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpack(v)]));
    }
    return value;
  };
  return unpack(message) as T;
}
