/**
 * The rhombic tetrahedra grid against test-support/rhombic-tetrahedra.ts, which works the tiling out again
 * from the tetrahedra's corners in space (its own coordinates, neighbours, symmetries and translations).
 */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../cell.js';
import { cellKey } from '../cell.js';
import { shapeKeyOn } from '../grid.js';
import { rhombicDodecahedron, rhombicGrid as grid } from './rhombic.js';
import type { Tetrahedron } from '../../test-support/rhombic-tetrahedra.js';
import {
  classCount, fixedPolytetrahedra, isometries, isometriesBetween, mapTetrahedron, tetrahedraOfCube, tetrahedronAt, tetrahedronKey, tetrahedronNeighbours,
} from '../../test-support/rhombic-tetrahedra.js';

/** Every position of the blocks from -5 to 9 on each axis (27 cubes) that the grid calls a cell. */
function cellsAround(): Cell[] {
  const cells: Cell[] = [];
  for (let z = -5; z < 10; z++) for (let y = -5; y < 10; y++) for (let x = -5; x < 10; x++) {
    if (grid.cellProblem!([x, y, z]) === undefined) cells.push([x, y, z]);
  }
  return cells;
}

const tet = (c: Cell): Tetrahedron => tetrahedronAt(c)!;

/** The grid's fixed polyforms of n cells (grown through its neighbours, kept up to its normalize). */
function gridPolyforms(n: number): Cell[][] {
  let level = new Map<string, Cell[]>();
  for (let z = 0; z < 5; z++) for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) {
    if (grid.cellProblem!([x, y, z]) === undefined) level.set(shapeKeyOn(grid, [[x, y, z]]), [[x, y, z]]);
  }
  for (let size = 1; size < n; size++) {
    const next = new Map<string, Cell[]>();
    for (const shape of level.values()) {
      const taken = new Set(shape.map(cellKey));
      for (const c of shape) for (const m of grid.neighbours(c)) {
        if (taken.has(cellKey(m))) continue;
        const grown = grid.normalize([...shape, m]);
        next.set(shapeKeyOn(grid, grown), grown);
      }
    }
    level = next;
  }
  return [...level.values()];
}

function gridClasses(shapes: readonly Cell[][], mirror: boolean): number {
  const seen = new Set<string>();
  for (const shape of shapes) {
    seen.add(grid.symmetries.filter((t) => mirror || !t.reflects).map((t) => shapeKeyOn(grid, shape.map(t.apply))).sort()[0]!);
  }
  return seen.size;
}

describe('the rhombic tetrahedra grid', () => {
  it('has 24 cells in each block of 5 x 5 x 5 positions, each the tetrahedron BurrTools puts there, every tetrahedron of the cube once', () => {
    const cells = cellsAround();
    expect(cells).toHaveLength(27 * 24);
    const block = cells.filter((c) => c.every((v) => v >= 0 && v < 5));
    expect(block).toHaveLength(24);
    expect(new Set(block.map((c) => tetrahedronKey(tet(c))))).toEqual(new Set(tetrahedraOfCube([0, 0, 0]).map(tetrahedronKey)));
    // a position between the tetrahedra is refused, in words
    expect(grid.cellProblem!([0, 0, 0])).toMatch(/^is no tetrahedron/);
    expect(tetrahedronAt([2, 2, 2])).toBeUndefined();
  });

  it('has as neighbours of each cell the four tetrahedra that share a face with it', () => {
    for (const c of cellsAround()) {
      const mine = grid.neighbours(c).map((m) => tetrahedronKey(tet(m))).sort();
      expect(mine, `${c}`).toEqual(tetrahedronNeighbours(tet(c)).map(tetrahedronKey).sort());
    }
  });

  it('has the 48 symmetries of the cube about a corner of the cubes, each an isometry of the tetrahedra, the 24 turns first', () => {
    expect(grid.symmetries).toHaveLength(48);
    expect(grid.symmetries.filter((t) => !t.reflects)).toHaveLength(24);
    expect(grid.symmetries.slice(0, 24).every((t) => !t.reflects)).toBe(true);
    const cells = cellsAround();
    const all = isometries();
    const matched = new Set<number>();
    for (const t of grid.symmetries) {
      // the isometry that moves every tetrahedron as the symmetry moves its cell, exactly (no translation)
      const fits = all.map((g, i) => ({ g, i })).filter(({ g }) => cells.every((c) => {
        const image = t.apply(c);
        return grid.cellProblem!(image) === undefined && tetrahedronKey(tet(image)) === tetrahedronKey(mapTetrahedron(tet(c), g.apply));
      }));
      expect(fits, `symmetry ${t.matrix}`).toHaveLength(1);
      expect(fits[0]!.g.reflects).toBe(t.reflects);
      matched.add(fits[0]!.i);
    }
    expect(matched.size).toBe(48);
    // the left-right mirror is x -> -x
    expect(tetrahedronKey(tet(grid.mirrorLeftRight.apply([0, 1, 2])))).toBe(tetrahedronKey(mapTetrahedron(tet([0, 1, 2]), (p) => [-p[0], p[1], p[2]])));
  });

  it('moves by whole cubes only: a step of a position lands a tetrahedron on no cell or on a tetrahedron of another kind', () => {
    expect(grid.translates([5, -10, 15])).toBe(true);
    for (const d of [[1, 0, 0], [0, 2, 0], [0, 0, 3], [5, 1, 0]] as Cell[]) expect(grid.translates(d)).toBe(false);
    expect(grid.normalize([[-4, 7, 12], [-5, 6, 12]])).toEqual([[0, 1, 2], [1, 2, 2]]);
  });

  // the counts below were found by both enumerations, and each is checked against the other on every run
  // (5 cells: 1680 fixed, 39 free, 70 one-sided; 6 cells: 6236, 152, 274, too slow to count here)
  const FIXED = [24, 48, 144, 474];
  const FREE = [1, 3, 4, 16];
  const ONE_SIDED = [1, 3, 6, 24];
  it('has as many polyforms of 1 to 4 cells, up to moves, turns and turning over, as the tetrahedra worked out again', () => {
    for (let n = 1; n <= FIXED.length; n++) {
      const mine = gridPolyforms(n);
      const theirs = fixedPolytetrahedra(n);
      expect([mine.length, theirs.length], `fixed, ${n} cells`).toEqual([FIXED[n - 1], FIXED[n - 1]]);
      expect([gridClasses(mine, true), classCount(theirs, true)], `free, ${n} cells`).toEqual([FREE[n - 1], FREE[n - 1]]);
      expect([gridClasses(mine, false), classCount(theirs, false)], `one-sided, ${n} cells`).toEqual([ONE_SIDED[n - 1], ONE_SIDED[n - 1]]);
    }
  });

  it('names the rhombic dodecahedron: the 48 tetrahedra around a corner of the cubes, kept by all 48 symmetries, its outside 12 rhombi', () => {
    expect(grid.namedShapes!['rhombic-dodecahedron']).toBe(rhombicDodecahedron());
    expect(rhombicDodecahedron()).toHaveLength(48);
    expect(grid.normalize(rhombicDodecahedron())).toEqual(rhombicDodecahedron());
    const tetrahedra = rhombicDodecahedron().map(tet);
    // every tetrahedron has one corner in common: the dodecahedron's centre
    const shared = tetrahedra.map((t) => new Set(t.map((p) => p.join()))).reduce((a, b) => new Set([...a].filter((k) => b.has(k))));
    expect(shared.size).toBe(1);
    expect(isometriesBetween(tetrahedra, tetrahedra)).toHaveLength(48);
    // its outside: the faces of its tetrahedra that no other of them has, 4 on each of the 12 planes
    // |a| + |b| = 2 about the centre (a, b two of the axes): the rhombi of a rhombic dodecahedron
    const [centre] = [...shared].map((k) => k.split(',').map(Number));
    const faces = new Map<string, number>();
    for (const t of tetrahedra) for (let skip = 0; skip < 4; skip++) {
      const key = t.filter((_, i) => i !== skip).map((p) => p.join()).join('|');
      faces.set(key, (faces.get(key) ?? 0) + 1);
    }
    const outside = [...faces].filter(([, n]) => n === 1).map(([k]) => k.split('|').map((p) => p.split(',').map((v, i) => Number(v) - centre![i]!)));
    expect(outside).toHaveLength(48);
    const planes = new Map<string, number>();
    for (const triangle of outside) {
      const on = [];
      for (const [a, b] of [[0, 1], [0, 2], [1, 2]]) for (const sa of [1, -1]) for (const sb of [1, -1]) {
        if (triangle.every((p) => sa * p[a]! + sb * p[b]! === 2)) on.push(`${sa > 0 ? '+' : '-'}${'xyz'[a]!}${sb > 0 ? '+' : '-'}${'xyz'[b]!}`);
      }
      expect(on, `${triangle.join(' ')}`).toHaveLength(1);
      planes.set(on[0]!, (planes.get(on[0]!) ?? 0) + 1);
    }
    expect([...planes.values()]).toEqual(new Array(12).fill(4));
    // the corners of the outside: the dodecahedron's 14 (6 at 2 along an axis, 8 at (±1, ±1, ±1)) and the
    // centres of its 12 rhombi
    const corners = new Set(outside.flat().map((p) => p.join()));
    const expected = new Set<string>();
    for (const axis of [0, 1, 2]) for (const s of [2, -2]) expected.add([0, 1, 2].map((i) => (i === axis ? s : 0)).join());
    for (const x of [1, -1]) for (const y of [1, -1]) for (const z of [1, -1]) expected.add([x, y, z].join());
    for (const axis of [0, 1, 2]) for (const a of [1, -1]) for (const b of [1, -1]) expected.add([0, 1, 2].map((i) => (i === axis ? 0 : i === (axis + 1) % 3 ? a : b)).join());
    expect(corners).toEqual(expected);
  });

  it('draws each cell as its tetrahedron: corners at the cube centre, a face centre and an edge, a 24th of the cube', () => {
    const s = grid.solid!([0, 1, 2]);
    expect(new Set(s.vertices.map((p) => p.join()))).toEqual(new Set(['2.5,2.5,2.5', '0,2.5,2.5', '0,0,0', '0,0,5']));
    for (const c of cellsAround().slice(0, 100)) {
      const v = grid.solid!(c).vertices;
      // in units of 5 per cube, the tetrahedron worked out again (2 per cube), scaled
      expect(new Set(v.map((p) => p.map((x) => x * 2 / 5).join()))).toEqual(new Set(tet(c).map((p) => p.join())));
    }
  });
});
