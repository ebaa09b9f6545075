/**
 * Small puzzles built in code for engine tests, so that engine tests do not depend on the file format.
 * The pentominoes and the Soma pieces here are written independently of the catalog files.
 */
import type { Cell } from '../geometry/cell.js';
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
