import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../cell.js';
import { cellKey } from '../cell.js';
import type { Grid } from '../grid.js';
import { composeTransforms, sameMatrix } from '../grid.js';
import { GRID_NAMES, GRIDS, gridNamed, gridOf, isDefaultGridName, registerGrid, registeredGrids, unregisterGrid } from './index.js';
import { cellNear } from '../../test-support/shapes.js';

const key = (shape: readonly Cell[]): string => shape.map(cellKey).join(';');

/** Every polyform of n cells of the grid, up to translation (fixed), grown cell by cell through the neighbours. */
function fixedPolyforms(grid: Grid, n: number, seeds: Cell[]): Map<string, Cell[]> {
  let level = new Map<string, Cell[]>();
  for (const s of seeds) {
    const shape = grid.normalize([s]);
    level.set(key(shape), shape);
  }
  for (let size = 1; size < n; size++) {
    const next = new Map<string, Cell[]>();
    for (const shape of level.values()) {
      const taken = new Set(shape.map(cellKey));
      for (const c of shape) {
        for (const m of grid.neighbours(c)) {
          if (taken.has(cellKey(m))) continue;
          const grown = grid.normalize([...shape, m]);
          next.set(key(grown), grown);
        }
      }
    }
    level = next;
  }
  return level;
}

/** The number of classes of the shapes under the given transforms. */
function classes(grid: Grid, shapes: Iterable<Cell[]>, mirror: boolean): number {
  const seen = new Set<string>();
  for (const shape of shapes) {
    const images = grid.symmetries.filter((t) => mirror || !t.reflects).map((t) => key(grid.normalize(shape.map(t.apply))));
    seen.add(images.sort()[0]!);
  }
  return seen.size;
}

// Published counts (OEIS), fixed / free (turning over allowed) / one-sided (rotations only): polyominoes
// A001168 / A000105 / A000988, polycubes A001931 / A038119 / A000162, polyiamonds A001420 / A000577 /
// A006534, polyhexes A001207 / A000228 / A006535.
const COUNTS: { grid: Grid; seeds: Cell[]; fixed: number[]; free: number[]; oneSided?: number[] }[] = [
  { grid: GRIDS.square, seeds: [[0, 0, 0]], fixed: [1, 2, 6, 19, 63, 216], free: [1, 1, 2, 5, 12, 35], oneSided: [1, 1, 2, 7, 18, 60] },
  { grid: GRIDS.cube, seeds: [[0, 0, 0]], fixed: [1, 3, 15, 86, 534], free: [1, 1, 2, 7, 23], oneSided: [1, 1, 2, 8, 29] },
  { grid: GRIDS.triangle, seeds: [[0, 0, 0], [1, 0, 0]], fixed: [2, 3, 6, 14, 36, 94, 250], free: [1, 1, 1, 3, 4, 12, 24], oneSided: [1, 1, 1, 4, 6, 19, 43] },
  { grid: GRIDS.hexagon, seeds: [[0, 0, 0]], fixed: [1, 3, 11, 44, 186, 814], free: [1, 1, 3, 7, 22, 82], oneSided: [1, 1, 3, 10, 33, 147] },
];

describe('grids', () => {
  it('have the symmetry groups of their lattices: 8, 48, 12, 12, 48, 48, 24, 8 and 48 transforms, half of them rotations, identity first', () => {
    expect(Object.values(GRIDS).map((g) => [g.name, g.symmetries.length, g.symmetries.filter((t) => !t.reflects).length])).toEqual([
      ['square', 8, 4], ['cube', 48, 24], ['triangle', 12, 6], ['hexagon', 12, 6], ['sphere', 48, 24], ['tetra-octa', 48, 24], ['prism', 24, 12], ['stick', 8, 4], ['rhombic', 48, 24],
    ]);
    for (const grid of Object.values(GRIDS)) {
      expect(grid.symmetries[0]!.matrix).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
      // closed under composition, with inverses
      for (const a of grid.symmetries) {
        expect(grid.symmetries.some((b) => sameMatrix(composeTransforms(a, b), grid.symmetries[0]!))).toBe(true);
        for (const b of grid.symmetries) expect(grid.symmetries.some((g) => sameMatrix(g, composeTransforms(a, b)))).toBe(true);
      }
    }
    expect(gridOf(undefined, 2)).toBe(GRIDS.square);
    expect(gridOf(undefined, 3)).toBe(GRIDS.cube);
  });

  for (const { grid, seeds, fixed, free, oneSided } of COUNTS) {
    it(`${grid.name}: the polyforms of each size, up to translation, turning and turning over, are the published numbers`, () => {
      for (let n = 1; n <= fixed.length; n++) {
        const shapes = fixedPolyforms(grid, n, seeds);
        expect(shapes.size, `fixed, ${n} cells`).toBe(fixed[n - 1]);
        if (n <= free.length) expect(classes(grid, shapes.values(), true), `free, ${n} cells`).toBe(free[n - 1]);
        if (oneSided && n <= oneSided.length) expect(classes(grid, shapes.values(), false), `one-sided, ${n} cells`).toBe(oneSided[n - 1]);
      }
    });
  }

  const cellArbitrary = fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }));
  for (const grid of Object.values(GRIDS)) {
    it(`${grid.name}: every symmetry is one to one and keeps neighbours; neighbours are mutual; normalising forgets exactly the translations`, () => {
      fc.assert(fc.property(cellArbitrary, fc.nat(), ([x, y, z], pick) => {
        // a cell near a random triple (a sphere is a point with an even sum of coordinates, a stick one with an
        // odd sum; on a grid where some triples are no cells, the first cell of the few positions above it)
        const c: Cell = grid.name === 'stick' ? [x + ((x + y + 1) & 1), y, 0] : cellNear(grid, [x, y, grid.dims === 3 ? z : 0]);
        const around = grid.neighbours(c);
        for (const m of around) expect(grid.neighbours(m).map(cellKey)).toContain(cellKey(c));
        const t = grid.symmetries[pick % grid.symmetries.length]!;
        const image = t.apply(c);
        expect(Number.isInteger(image[0]) && Number.isInteger(image[1]) && Number.isInteger(image[2])).toBe(true);
        expect(new Set(grid.neighbours(image).map(cellKey))).toEqual(new Set(around.map((m) => cellKey(t.apply(m)))));
        // composition is application in turn
        const u = grid.symmetries[(pick >> 4) % grid.symmetries.length]!;
        expect(composeTransforms(t, u).apply(c)).toEqual(t.apply(u.apply(c)));
        // a cell and its neighbours, moved by a translation of the grid (a neighbour step, or that step
        // taken twice where one step changes the kind of cell: triangles and prisms), normalise to the same shape
        const shape = [c, ...around];
        const step = around[0]!;
        const toNeighbour: Cell = [step[0] - c[0], step[1] - c[1], step[2] - c[2]];
        const twice: Cell = [2 * toNeighbour[0], 2 * toNeighbour[1], 2 * toNeighbour[2]];
        const d: Cell = grid.translates(toNeighbour) ? toNeighbour : grid.translates(twice) ? twice : [1, 2, 3, 4, 5, 6].map((k): Cell => [k, 0, 0]).find((v) => grid.translates(v))!;
        expect(grid.translates(d)).toBe(true);
        const moved = shape.map((s) => [s[0] + d[0], s[1] + d[1], s[2] + d[2]] as Cell);
        expect(grid.normalize(moved)).toEqual(grid.normalize(shape));
        expect(grid.normalize(grid.normalize(shape))).toEqual(grid.normalize(shape));
      }), { numRuns: 200 });
    });
  }

  it('triangles: up when x + y is even, each up one has the down one below it as a neighbour, and turning a sixth swaps up and down', () => {
    const grid = GRIDS.triangle;
    expect(grid.neighbours([0, 0, 0])).toContainEqual([0, 1, 0]);
    expect(grid.neighbours([1, 0, 0])).toContainEqual([1, -1, 0]);
    const sixth = grid.symmetries[1]!;
    const parity = (c: Cell): number => (c[0] + c[1]) & 1;
    expect(parity(sixth.apply([0, 0, 0]))).toBe(1);
    // the outline of an up triangle has its point at the top
    const [apex, ...base] = grid.polygon!([0, 0, 0]);
    expect(base.every((p) => p[1] > apex![1])).toBe(true);
  });
});

describe('the registry', () => {
  it('lists every grid, in the order messages name them; a puzzle that names none is on squares (2-D) or cubes (3-D)', () => {
    expect(GRID_NAMES).toEqual(['square', 'cube', 'triangle', 'hexagon', 'sphere', 'tetra-octa', 'prism', 'stick', 'rhombic']);
    expect(registeredGrids().map((g) => g.name)).toEqual(GRID_NAMES);
    expect(Object.values(GRIDS).map((g) => g.name)).toEqual(GRID_NAMES);
    for (const name of GRID_NAMES) expect(gridNamed(name)!.name).toBe(name);
    expect(GRID_NAMES.filter(isDefaultGridName)).toEqual(['square', 'cube']);
    expect(gridNamed('rhombus')).toBeUndefined();
    expect(() => gridOf('rhombus', 2)).toThrow(/no grid is named rhombus/);
    expect(() => registerGrid(GRIDS.square)).toThrow(/registered already/);
    expect(() => unregisterGrid('square')).toThrow(/comes with snug/);
    unregisterGrid('rhombus');
    expect(GRID_NAMES).toHaveLength(9);
  });

  it('every grid says what the rest of snug asks of it', () => {
    for (const grid of registeredGrids()) {
      // art both ways: every allowed place is a cell drawn back at that place; a place a move of the grid
      // away from the first is a cell of the same kind (the same shape once normalised)
      for (let row = -3; row <= 3; row++) {
        for (let column = -3; column <= 3; column++) {
          if (!grid.art.allowed(column, row)) continue;
          const cell = grid.art.cellOf([column, row, 0]);
          expect(grid.art.of(cell), `${grid.name} art at ${column}, ${row}`).toEqual([column, row, 0]);
          expect(cell.every(Number.isInteger)).toBe(true);
          const origin = grid.art.cellOf([0, 0, 0]);
          const step: Cell = [cell[0] - origin[0], cell[1] - origin[1], cell[2] - origin[2]];
          if (grid.translates(step)) expect(grid.normalize([cell])).toEqual(grid.normalize([origin]));
        }
      }
      if (grid.cellShape === 'polygon') {
        // a 3-D grid of polygons (prisms) is its layers' outlines stacked: it has a solid
        expect(grid.dims === 2 || grid.solid !== undefined, grid.name).toBe(true);
        expect(grid.polygon && grid.pictureUnit, grid.name).toBeTruthy();
      }
      if (grid.wraps) expect(grid.cellShape, `${grid.name} wraps: wrap.ts joins the edges of a box`).toBe('box');
      if (grid.isometric) expect(grid.dims === 3 && grid.cellShape === 'box', `${grid.name} is drawn isometric`).toBe(true);
      if (grid.burrTools) {
        // BurrTools numbers the grid's rotations (a flat grid's: the cube's 24), each once
        const rotations = grid.dims === 2 ? 24 : grid.symmetries.filter((t) => !t.reflects).length;
        expect(grid.burrTools.turns, grid.name).toHaveLength(rotations);
        expect(new Set(grid.burrTools.turns.map((m) => m.join())).size, grid.name).toBe(rotations);
        for (const m of grid.burrTools.turns) expect(grid.dims === 2 || grid.symmetries.some((t) => t.matrix.join() === m.join() && !t.reflects), grid.name).toBe(true);
      }
    }
    const menu = registeredGrids().filter((g) => g.editor).map((g) => g.editor!.menuOrder);
    expect(new Set(menu).size).toBe(menu.length);
  });
});

describe('grid helpers', () => {
  it('the left-right mirror keeps rows and reverses places in them', () => {
    expect(GRIDS.square.mirrorLeftRight.apply([2, 1, 0])).toEqual([-2, 1, 0]);
    expect(GRIDS.triangle.mirrorLeftRight.apply([3, 1, 0])).toEqual([-3, 1, 0]);
    // the hexagon [q, r] sits at x = q + r / 2: its mirror image at -x on the same row
    expect(GRIDS.hexagon.mirrorLeftRight.apply([2, 1, 0])).toEqual([-3, 1, 0]);
    for (const grid of Object.values(GRIDS)) expect(grid.mirrorLeftRight.reflects).toBe(true);
  });

  it('spheres: 12 neighbours each, 6 two-sphere shapes up to moves, and 4 three-sphere shapes up to turns (bonds at 60, 90, 120 and 180 degrees)', () => {
    const grid = GRIDS.sphere;
    expect(grid.neighbours([0, 0, 0])).toHaveLength(12);
    expect(fixedPolyforms(grid, 2, [[0, 0, 0]]).size).toBe(6);
    expect(classes(grid, fixedPolyforms(grid, 3, [[0, 0, 0]]).values(), true)).toBe(4);
    expect(grid.translates([1, 1, 0])).toBe(true);
    expect(grid.translates([1, 0, 0])).toBe(false);
  });

  it('translations: any step on squares, cubes and hexagons; on triangles those that keep up triangles up', () => {
    expect(GRIDS.hexagon.translates([1, 0, 0])).toBe(true);
    expect(GRIDS.triangle.translates([1, 0, 0])).toBe(false);
    expect(GRIDS.triangle.translates([1, 1, 0])).toBe(true);
    expect(GRIDS.triangle.normalize([[1, 0, 0]])).not.toEqual(GRIDS.triangle.normalize([[0, 0, 0]]));
  });
});
