import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell, Dimensions } from './cell.js';
import { isConnected, normalize, shapeKey, translate } from './cell.js';
import { cubeGrid } from './grids/square.js';
import { allowedTransforms, applyToShape, compose, orientations, sameTransform, stabilizer, symmetries } from './symmetry.js';

/** A random connected shape of 1..n cells, grown one face neighbour at a time. */
function shapeArbitrary(dims: Dimensions, maxCells: number): fc.Arbitrary<Cell[]> {
  const steps = dims === 2 ? 4 : 6;
  return fc.array(fc.tuple(fc.nat(), fc.nat(steps - 1)), { minLength: 0, maxLength: maxCells - 1 }).map((growth) => {
    const cells: Cell[] = [[0, 0, 0]];
    const seen = new Set(['0,0,0']);
    for (const [pick, dir] of growth) {
      const from = cells[pick % cells.length]!;
      const d = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]][dir]!;
      const c: Cell = [from[0] + d[0]!, from[1] + d[1]!, from[2] + d[2]!];
      const key = c.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        cells.push(c);
      }
    }
    return cells;
  });
}

const both = [[2, 8], [3, 48]] as const;

describe('the symmetry groups', () => {
  for (const [dims, order] of both) {
    it(`${dims}-D: ${order} transforms, closed under composition, with identity and inverses; half are rotations`, () => {
      const group = symmetries(dims);
      expect(group).toHaveLength(order);
      const has = (t: (typeof group)[number]) => group.some((g) => sameTransform(g, t));
      const identity = group[0]!;
      expect(identity.matrix).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
      for (const a of group) {
        expect(group.some((b) => sameTransform(compose(a, b), identity))).toBe(true);
        for (const b of group) expect(has(compose(a, b))).toBe(true);
      }
      expect(allowedTransforms(dims, false)).toHaveLength(order / 2);
    });
  }

  it('composes as functions: (a ∘ b)(p) = a(b(p))', () => {
    const group = symmetries(3);
    const p: Cell[] = [[1, 2, 3]];
    for (const a of group) for (const b of group) expect(applyToShape(compose(a, b), p)).toEqual(applyToShape(a, applyToShape(b, p)));
  });
});

describe('orientations of random polyominoes and polycubes', () => {
  for (const [dims, order] of both) {
    it(`${dims}-D: orbit size = ${order} / stabilizer size, closed under every transform`, () => {
      fc.assert(fc.property(shapeArbitrary(dims, 9), (shape) => {
        const group = symmetries(dims);
        const orbit = orientations(shape, group);
        expect(orbit.length * stabilizer(shape, group).length).toBe(order);
        expect(order % orbit.length).toBe(0);
        const keys = new Set(orbit.map((o) => shapeKey(o.cells)));
        for (const o of orbit) for (const t of group) expect(keys.has(shapeKey(applyToShape(t, o.cells)))).toBe(true);
        // rotations alone reach at least half of the orientations
        const rotations = orientations(shape, allowedTransforms(dims, false));
        expect(rotations.length * 2).toBeGreaterThanOrEqual(orbit.length);
        // every orientation is connected and as big as the shape
        for (const o of orbit) {
          expect(o.cells).toHaveLength(shape.length);
          expect(isConnected(o.cells, dims)).toBe(true);
        }
      }), { numRuns: 200 });
    });
  }

  it('normalisation is idempotent and ignores translation', () => {
    fc.assert(fc.property(shapeArbitrary(3, 10), fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 })), (shape, d) => {
      const once = normalize(shape);
      expect(normalize(once)).toEqual(once);
      expect(normalize(translate(shape, d))).toEqual(once);
      expect(Math.min(...once.map((c) => c[0]))).toBe(0);
    }), { numRuns: 300 });
  });

  it('gives the 12 pentomino orientation counts their known values', () => {
    const X: Cell[] = [[1, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]];
    const I: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [4, 0, 0]];
    const F: Cell[] = [[1, 0, 0], [2, 0, 0], [0, 1, 0], [1, 1, 0], [1, 2, 0]];
    expect(orientations(X, symmetries(2))).toHaveLength(1);
    expect(orientations(I, symmetries(2))).toHaveLength(2);
    expect(orientations(F, symmetries(2))).toHaveLength(8);
    expect(orientations(F, allowedTransforms(2, false))).toHaveLength(4);
  });
});

describe('normalising on the grids of boxes', () => {
  it('moves a shape to the corner, in reading order, each cell once', () => {
    const coordinate = fc.integer({ min: -4, max: 4 });
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate, coordinate), { minLength: 1, maxLength: 48 }), (cells) => {
        const least = [0, 1, 2].map((a) => Math.min(...cells.map((c) => c[a]!)));
        const moved = cells.map((c) => c.map((v, a) => v - least[a]!).join(','));
        const expected = [...new Set(moved)]
          .map((k) => k.split(',').map(Number))
          .sort((a, b) => a[2]! - b[2]! || a[1]! - b[1]! || a[0]! - b[0]!);
        expect(cubeGrid.normalize(cells as Cell[])).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
