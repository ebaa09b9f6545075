/**
 * The disassembler's gaps on the triangular prism grid, against the pieces slid through space: a step of a
 * motion moves a prism one side's length (or one layer), and on the way it may cross prisms it never lands
 * on. test-support/prisms.ts slides the prisms a quarter step at a time and looks for shared volume, sharing
 * no code with the disassembler or the grid module.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRIDS } from '../geometry/grids/index.js';
import type { Cell } from '../geometry/cell.js';
import type { Point } from '../test-support/prisms.js';
import { prismCentre, prismsOverlap, prismsTouch } from '../test-support/prisms.js';
import { FAR, GapCache } from './disassembler.js';

const grid = GRIDS.prism;
const motions = grid.motions!.map((m) => [m[0], m[1], m[2]] as [number, number, number]);
const paths = grid.motionPaths!;

/** The steps a can slide along motion m before it meets b, by sliding it in space; FAR past `limit` steps. */
function slidGap(a: readonly Cell[], b: readonly Cell[], m: Cell, limit: number): number {
  // one step in space: where a cell's centre goes, for a cell and its image (a move of the grid)
  const step = ((from: Point, to: Point): Point => [to[0] - from[0], to[1] - from[1], to[2] - from[2]])(prismCentre([0, 0, 0]), prismCentre(m));
  for (let quarter = 1; quarter <= 4 * limit; quarter++) {
    const d: Point = [(step[0] * quarter) / 4, (step[1] * quarter) / 4, (step[2] * quarter) / 4];
    if (a.some((c) => b.some((e) => prismsOverlap(c, d, e)))) return Math.ceil(quarter / 4) - 1;
  }
  return FAR;
}

/** A connected shape of a few prisms near the origin, grown by touching cells (test-support's notion). */
const shapeArbitrary = (at: Cell) => fc.array(fc.nat(), { minLength: 0, maxLength: 3 }).map((choices) => {
  const cells: Cell[] = [at];
  for (const n of choices) {
    const around: Cell[] = [];
    for (const c of cells) for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
      const e: Cell = [c[0] + dx, c[1] + dy, c[2] + dz];
      if (prismsTouch(c, e) && !cells.some((k) => k.join() === e.join())) around.push(e);
    }
    cells.push(around[n % around.length]!);
  }
  return cells;
});

describe('gaps between prisms', () => {
  it('a triangle beside another along x cannot slide into it, though it would land past it', () => {
    const cache = new GapCache(motions, paths.passes);
    const a = cache.shapeOf([[0, 0, 0]], [paths.kind([0, 0, 0])]);
    const b = cache.shapeOf([[1, 0, 0]], [paths.kind([1, 0, 0])]);
    const gaps = cache.gaps(a.id, b.id, 1, 0, 0);
    expect(gaps[2]).toBe(0);
    // up the layer it is free
    expect(gaps[0]).toBe(FAR);
    // without the passes the step along x would jump over it
    const plain = new GapCache(motions);
    expect(plain.gaps(plain.shapeOf([[0, 0, 0]]).id, plain.shapeOf([[1, 0, 0]]).id, 1, 0, 0)[2]).toBe(FAR);
  });

  it('random pairs of small pieces: every motion slides as far as the pieces slid through space do', () => {
    fc.assert(fc.property(shapeArbitrary([0, 0, 0]), fc.integer({ min: -4, max: 4 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -1, max: 1 }), shapeArbitrary([0, 0, 0]), (a, dx, dy, dz, b0) => {
      const b = b0.map((c) => [c[0] + dx, c[1] + dy, c[2] + dz] as Cell);
      if (a.some((c) => b.some((e) => c.join() === e.join()))) return;
      const cache = new GapCache(motions, paths.passes);
      const sa = cache.shapeOf(a, a.map(paths.kind));
      const sb = cache.shapeOf(b, b.map(paths.kind));
      const gaps = cache.gaps(sa.id, sb.id, sb.base[0] - sa.base[0], sb.base[1] - sa.base[1], sb.base[2] - sa.base[2]);
      motions.forEach((m, i) => expect(gaps[i], `motion ${m}`).toBe(slidGap(a, b, m, 12)));
    }), { numRuns: 300 });
  });
});
