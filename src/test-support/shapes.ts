/**
 * Small puzzles built in code for engine tests, so that engine tests do not depend on the file format.
 * The pentominoes and the Soma pieces here are written independently of the catalog files.
 */
import type { Cell } from '../geometry/cell.js';
import type { CellSolid, Grid } from '../geometry/grid.js';
import { normalize } from '../geometry/cell.js';
import type { Puzzle } from '../puzzle/model.js';

/** Cells of a '#'/'.' picture; `layers` stacks pictures along z. */
export function art(...layers: string[]): Cell[] {
  const cells: Cell[] = [];
  layers.forEach((layer, z) =>
    layer.split('/').forEach((row, y) => [...row].forEach((ch, x) => { if (ch === '#') cells.push([x, y, z]); })),
  );
  return normalize(cells);
}

export function rect(w: number, h: number, d = 1): Cell[] {
  const cells: Cell[] = [];
  for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, z]);
  return cells;
}

export const PENTOMINOES: Record<string, Cell[]> = {
  F: art('.##/##./.#.'), I: art('#####'), L: art('####/#...'), N: art('##../.###'),
  P: art('##/##/#.'), T: art('###/.#./.#.'), U: art('#.#/###'), V: art('#../#../###'),
  W: art('#../##./.##'), X: art('.#./###/.#.'), Y: art('####/.#..'), Z: art('##./.#./.##'),
};

export const SOMA: Record<string, Cell[]> = {
  V: art('##/#.'), L: art('###/#..'), T: art('###/.#.'), Z: art('##./.##'),
  A: art('##/#.', '../#.'), B: art('##/#.', '.#/..'), P: art('##/#.', '#./..'),
};

export function puzzleOf(name: string, board: Cell[], pieces: Record<string, Cell[]>, opts: { mirror?: boolean; dims?: 2 | 3; counts?: Record<string, number> } = {}): Puzzle {
  const dims = opts.dims ?? (board.some((c) => c[2] > 0) || Object.values(pieces).some((s) => s.some((c) => c[2] > 0)) ? 3 : 2);
  const mirror = opts.mirror ?? dims === 2;
  return {
    name, dims, board, mirror,
    pieces: Object.entries(pieces).map(([n, shape]) => ({ name: n, shape: normalize(shape), count: opts.counts?.[n] ?? 1, mirror })),
  };
}

/** All free polyominoes of n cells (one representative per class under the 8 symmetries of the square). */
export function freePolyominoes(n: number): Cell[][] {
  let current: Cell[][] = [[[0, 0, 0]]];
  for (let size = 1; size < n; size++) {
    const seen = new Set<string>();
    const next: Cell[][] = [];
    for (const shape of current) {
      const cells = new Set(shape.map((c) => `${c[0]},${c[1]}`));
      for (const c of shape) {
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
          const key = `${c[0] + dx},${c[1] + dy}`;
          if (cells.has(key)) continue;
          const grown = normalize([...shape, [c[0] + dx, c[1] + dy, 0]]);
          const canonical = freeKey(grown);
          if (seen.has(canonical)) continue;
          seen.add(canonical);
          next.push(grown);
        }
      }
    }
    current = next;
  }
  return current;
}

function freeKey(shape: readonly Cell[]): string {
  const images: string[] = [];
  for (const swap of [false, true]) for (const sx of [1, -1]) for (const sy of [1, -1]) {
    const moved = normalize(shape.map((c) => (swap ? [sx * c[1], sy * c[0], 0] : [sx * c[0], sy * c[1], 0]) as Cell));
    images.push(moved.map((c) => `${c[0]},${c[1]}`).join(';'));
  }
  return images.sort()[0]!;
}

/**
 * The walls of a covered channel: the row x = 0..4 (y = 0, z = 1) walled below, at both ends and on both
 * sides, with a lid over x = 0 .. lid - 1; the rest of the row is open above.
 */
export function coveredChannel(lid: number): Cell[] {
  const walls: Cell[] = [[-1, 0, 1], [5, 0, 1]];
  for (let x = -1; x <= 5; x++) {
    walls.push([x, 0, 0]);
    for (let z = 0; z <= 2; z++) walls.push([x, -1, z], [x, 1, z]);
  }
  for (let x = 0; x < lid; x++) walls.push([x, 0, 2]);
  return walls;
}

/**
 * A cell of the grid at or just past c (c moved by 0 to 4 on each axis, the first the grid accepts in reading
 * order): on grids where some integer triples are no cells (spheres, tetrahedra and octahedra, rhombic
 * tetrahedra: each has a cell in every 5 x 5 x 5 box), a start for tests that pick cells at random or begin
 * at the origin.
 */
export function cellNear(grid: Grid, c: Cell): Cell {
  if (!grid.cellProblem) return c;
  for (let dz = 0; dz < (grid.dims === 3 ? 5 : 1); dz++) for (let dy = 0; dy < 5; dy++) for (let dx = 0; dx < 5; dx++) {
    const near: Cell = [c[0] + dx, c[1] + dy, c[2] + dz];
    if (grid.cellProblem(near) === undefined) return near;
  }
  throw new RangeError(`no cell of the ${grid.name} grid near [${c.join(', ')}]`);
}

/** The volume a cell's solid encloses, by the divergence theorem over the fan of each face: negative when its faces turn inward. */
export function solidVolume(s: CellSolid): number {
  let v = 0;
  for (const f of s.faces) {
    const a = s.vertices[f[0]!]!;
    for (let i = 1; i + 1 < f.length; i++) {
      const b = s.vertices[f[i]!]!;
      const c = s.vertices[f[i + 1]!]!;
      v += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
    }
  }
  return v;
}
