import { describe, expect, it } from 'vitest';
import type { Cell } from '../cell.js';
import { cellKey } from '../cell.js';
import { shapeKeyOn } from '../grid.js';
import { cornerNeighbours, tetraOctaPolyformCounts, voxelCorners } from '../../test-support/tetra-octa.js';
import { GRIDS } from './index.js';
import { isTetrahedron } from './tetra-octa.js';

/**
 * The tetrahedra-octahedra grid against test-support/tetra-octa.ts, which knows each cell by its four
 * corners in space and shares no code with the grid module.
 */
const grid = GRIDS['tetra-octa'];
const cornersKey = (corners: readonly (readonly number[])[]): string => corners.map((p) => p.join(',')).sort().join('|');

/** Every voxel position of the blocks from -2 to 1 on each axis. */
const positions: Cell[] = [];
for (let z = -6; z < 6; z++) for (let y = -6; y < 6; y++) for (let x = -6; x < 6; x++) positions.push([x, y, z]);

describe('the tetrahedra-octahedra grid', () => {
  it('a cell is a voxel position BurrTools fills: 5 of the 27 of each block, 1 tetrahedron and 4 octants', () => {
    const cells = positions.filter((c) => grid.cellProblem!(c) === undefined);
    expect(cells.map(cellKey)).toEqual(positions.filter((c) => voxelCorners(c) !== undefined).map(cellKey));
    expect(cells).toHaveLength(64 * 5);
    expect(cells.filter(isTetrahedron)).toHaveLength(64);
    expect(grid.cellProblem!([0, 0, 0])).toMatch(/is no cell/);
    expect(grid.cellProblem!([1, 0, 0])).toMatch(/is no cell/);
  });

  it('neighbours are the cells that share a face (three corners), as the corners say', () => {
    const byCorners = new Map(positions.filter((c) => voxelCorners(c)).map((c) => [cornersKey(voxelCorners(c)!), c]));
    let checked = 0;
    for (const c of positions) {
      const corners = voxelCorners(c);
      if (!corners) continue;
      const theirs = cornerNeighbours(corners).map((n) => byCorners.get(cornersKey(n)));
      // cells at the edge of the region have neighbours outside it
      if (theirs.some((n) => n === undefined)) continue;
      expect(new Set(grid.neighbours(c).map(cellKey)), cellKey(c)).toEqual(new Set(theirs.map((n) => cellKey(n!))));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('its 48 symmetries (24 turns) are the 48 signed permutations of space about a corner, each once', () => {
    expect(grid.symmetries).toHaveLength(48);
    expect(grid.symmetries.filter((t) => !t.reflects)).toHaveLength(24);
    const cells = positions.filter((c) => voxelCorners(c));
    const found = new Set<string>();
    for (const t of grid.symmetries) {
      // the signed permutation that takes every cell's corners to its image's corners
      const m = t.matrix;
      const image = (p: readonly number[]): number[] => [0, 1, 2].map((i) => m[3 * i]! * p[0]! + m[3 * i + 1]! * p[1]! + m[3 * i + 2]! * p[2]!);
      expect(m.every((v) => v === 0 || v === 1 || v === -1)).toBe(true);
      for (const c of cells) expect(cornersKey(voxelCorners(t.apply(c))!), `${m} on ${c}`).toBe(cornersKey(voxelCorners(c)!.map(image)));
      found.add(m.join());
    }
    expect(found.size).toBe(48);
  });

  it('moves: whole blocks whose steps add up even, the steps that move every corner by a step with an even sum', () => {
    for (const d of [[3, 3, 0], [6, 0, 0], [3, -3, 0], [-3, 0, -3], [3, 3, 6]] as Cell[]) expect(grid.translates(d), `${d}`).toBe(true);
    for (const d of [[3, 0, 0], [1, 1, 0], [2, 0, 0], [3, 3, 3], [0, 0, 1]] as Cell[]) {
      expect(grid.translates(d), `${d}`).toBe(false);
      // some cell moved by d is no cell, or another kind of cell
      const moved = positions.filter((c) => voxelCorners(c)).some((c) => {
        const to = voxelCorners([c[0] + d[0], c[1] + d[1], c[2] + d[2]]);
        const from = voxelCorners(c)!;
        const step = to && from[0]!.map((v, i) => to[0]![i]! - v);
        return !to || cornersKey(from.map((p) => p.map((v, i) => v + step![i]!))) !== cornersKey(to);
      });
      expect(moved, `${d}`).toBe(true);
    }
  });

  it('the polyforms of 1 to 5 cells, up to moves, turns and mirror images, are those the corners give', () => {
    const n = 5;
    const theirs = tetraOctaPolyformCounts(n);
    // grown through the grid's own neighbours, normalised and turned by the grid
    let level = new Map<string, Cell[]>();
    for (const seed of positions.filter((c) => grid.cellProblem!(c) === undefined)) level.set(shapeKeyOn(grid, [seed]), grid.normalize([seed]));
    const fixed: number[] = [];
    const oneSided: number[] = [];
    const free: number[] = [];
    const classes = (turnsOnly: boolean): number => new Set([...level.values()].map((s) => grid.symmetries.filter((t) => !turnsOnly || !t.reflects).map((t) => shapeKeyOn(grid, s.map(t.apply))).sort()[0])).size;
    for (let size = 1; size <= n; size++) {
      fixed.push(level.size);
      oneSided.push(classes(true));
      free.push(classes(false));
      const next = new Map<string, Cell[]>();
      if (size < n) {
        for (const shape of level.values()) {
          const taken = new Set(shape.map(cellKey));
          for (const c of shape) for (const m of grid.neighbours(c)) if (!taken.has(cellKey(m))) next.set(shapeKeyOn(grid, [...shape, m]), grid.normalize([...shape, m]));
        }
        level = next;
      }
    }
    expect({ fixed, oneSided, free }).toEqual(theirs);
    // 10 cells up to moves (a tetrahedron of each kind of cube, 8 octants) but 2 up to turns; two cells
    // share a face as a tetrahedron and an octant or as two octants
    expect(fixed[0]).toBe(10);
    expect(free.slice(0, 2)).toEqual([2, 2]);
  });
});
