import { describe, expect, it } from 'vitest';
import { stlBytes } from '../render/stl.js';
import { meshFacts, readStl } from '../test-support/stl-check.js';
import type { Cell } from './cell.js';
import type { CellSolid, Grid } from './grid.js';
import { cellsSurface } from './surface.js';

type V = [number, number, number];

/** A solid from its corners and faces in any order: each face turned to face away from the centre. */
function outward(vertices: V[], faces: number[][]): CellSolid {
  const c = [0, 1, 2].map((k) => vertices.reduce((s, v) => s + v[k]!, 0) / vertices.length);
  return {
    vertices,
    faces: faces.map((f) => {
      const [a, b, d] = f.map((i) => vertices[i]!);
      const u = [0, 1, 2].map((k) => b![k]! - a![k]!);
      const w = [0, 1, 2].map((k) => d![k]! - a![k]!);
      const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
      return n[0]! * (a![0] - c[0]!) + n[1]! * (a![1] - c[1]!) + n[2]! * (a![2] - c[2]!) > 0 ? f : [...f].reverse();
    }),
  };
}

/** Unit cubes cut in two along a diagonal of their base: triangular prisms; cell [2i + s, y, z] is half s of cube [i, y, z]. */
const prisms = {
  name: 'test-prisms',
  solid: ([x, y, z]: Cell): CellSolid => {
    const i = Math.floor(x / 2);
    const base: [number, number][] = x % 2 === 0 ? [[i, y], [i + 1, y], [i + 1, y + 1]] : [[i, y], [i + 1, y + 1], [i, y + 1]];
    const vertices: V[] = [...base.map(([a, b]) => [a, b, z] as V), ...base.map(([a, b]) => [a, b, z + 1] as V)];
    return outward(vertices, [[0, 1, 2], [3, 4, 5], [0, 1, 4, 3], [1, 2, 5, 4], [2, 0, 3, 5]]);
  },
} as unknown as Grid;

/** Unit cubes cut in six tetrahedra about their main diagonal; cell [6i + p, y, z] is tetrahedron p of cube [i, y, z]. */
const PERMUTATIONS = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
const tetrahedra = {
  name: 'test-tetrahedra',
  solid: ([x, y, z]: Cell): CellSolid => {
    const i = Math.floor(x / 6);
    const p = PERMUTATIONS[x - 6 * i]!;
    const v: V[] = [[i, y, z]];
    for (const axis of p) {
      const next = [...v[v.length - 1]!] as V;
      next[axis]!++;
      v.push(next);
    }
    return outward(v, [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]);
  },
} as unknown as Grid;

function facts(grid: Grid, cells: Cell[], inset = 0) {
  return meshFacts(readStl(stlBytes(cellsSurface(grid, cells, { inset }), 'test')));
}

describe('the surface of cells on grids other than cubes (built from their solids alone)', () => {
  it('two prisms that make a cube, and six tetrahedra that make one, are that cube: shrunk by the inset exactly', () => {
    for (const [grid, parts] of [[prisms, 2], [tetrahedra, 6]] as const) {
      const cube: Cell[] = Array.from({ length: parts }, (_, k) => [k, 0, 0]);
      for (const r of [0, 0.05, 0.2]) {
        const f = facts(grid, cube, r);
        expect(f.openEdges, `${grid.name} ${r}`).toBe(0);
        expect(f.badNormals, `${grid.name} ${r}`).toBe(0);
        expect(f.volume, `${grid.name} ${r}`).toBeCloseTo((1 - 2 * r) ** 3, 5);
        expect(f.min.map((x) => x.toFixed(4))).toEqual([r, r, r].map((x) => x.toFixed(4)));
      }
    }
  });

  it('a staircase of prisms and a stack of tetrahedra: closed, the volume of their cells', () => {
    const stair: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [2, 1, 0], [0, 0, 1]];
    const f = facts(prisms, stair);
    expect([f.openEdges, f.badNormals]).toEqual([0, 0]);
    expect(f.volume).toBeCloseTo(stair.length / 2, 6);
    // with a gap: closed, and smaller. (Not yet right everywhere: at a vertex where slanted faces meet as a
    // saddle, a moved corner can land outside the piece and fold a triangle over; see surface.ts.)
    const shrunk = facts(prisms, stair, 0.03);
    expect(shrunk.openEdges).toBe(0);
    expect(shrunk.volume).toBeLessThan(stair.length / 2);
    // a prism touching the others along an edge only: split there, and pulled in a hair even with no gap
    const pinched: Cell[] = [[0, 0, 0], [1, 0, 0], [1, 1, 0]];
    const p = facts(prisms, pinched);
    expect([p.openEdges, p.badNormals]).toEqual([0, 0]);
    expect(p.volume).toBeCloseTo(1.5, 2);
    const tets: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [9, 0, 0], [6, 0, 0], [0, 1, 0], [3, 0, 1]];
    // closed; where tetrahedra only touch, the split corners move apart along slanted faces and can leave a
    // sliver turned over (area ~1e-8 here): not yet outward everywhere on slanted grids (see surface.ts)
    for (const r of [0, 0.02]) {
      const t = facts(tetrahedra, tets, r);
      expect(t.openEdges, `tetrahedra ${r}`).toBe(0);
      // the split corners pulled in a hair (PINCH, along slanted faces) take a little off
      if (r === 0) expect(Math.abs(t.volume / (tets.length / 6) - 1)).toBeLessThan(0.01);
      else expect(t.volume).toBeLessThan(tets.length / 6);
    }
  });
});
