import { describe, expect, it } from 'vitest';
import { stlBytes } from '../render/stl.js';
import { meshFacts, readStl } from '../test-support/stl-check.js';
import type { Cell } from './cell.js';
import type { CellSolid, Grid } from './grid.js';
import { registeredGrids } from './grids/index.js';
import { cellsSurface, largestInset } from './surface.js';
import { cellNear, solidVolume } from '../test-support/shapes.js';
import { seededRandom } from '../runs/estimate.js';

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
    // with a gap: closed, and smaller
    const shrunk = facts(prisms, stair, 0.03);
    expect([shrunk.openEdges, shrunk.badNormals]).toEqual([0, 0]);
    expect(shrunk.volume).toBeLessThan(stair.length / 2);
    // a prism touching the others along an edge only: split there, and pulled in a hair even with no gap
    const pinched: Cell[] = [[0, 0, 0], [1, 0, 0], [1, 1, 0]];
    const p = facts(prisms, pinched);
    expect([p.openEdges, p.badNormals]).toEqual([0, 0]);
    expect(p.volume).toBeCloseTo(1.5, 2);
    const tets: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [9, 0, 0], [6, 0, 0], [0, 1, 0], [3, 0, 1]];
    // closed; where tetrahedra only touch, the split corners move apart along slanted faces, and the
    // triangles between them that have no area (caps) are flipped away
    for (const r of [0, 0.02]) {
      const t = facts(tetrahedra, tets, r);
      expect([t.openEdges, t.badNormals], `tetrahedra ${r}`).toEqual([0, 0]);
      // the split corners pulled in a hair (PINCH, along slanted faces) take a little off
      if (r === 0) expect(Math.abs(t.volume / (tets.length / 6) - 1)).toBeLessThan(0.01);
      else expect(t.volume).toBeLessThan(tets.length / 6);
    }
  });
});

/** `count` pieces of 2 to 14 cells grown at random through the grid's neighbours (a fixed seed): bends, saddles, cells that only touch. */
function randomPieces(grid: Grid, count: number): Cell[][] {
  const random = seededRandom(20261127);
  const next = (n: number): number => Math.floor(random() * n);
  return Array.from({ length: count }, () => {
    const cells: Cell[] = [cellNear(grid, [2, 2, 2])];
    const seen = new Set([cells[0]!.join(',')]);
    for (let size = 2 + next(13); cells.length < size;) {
      const around = grid.neighbours(cells[next(cells.length)]!).filter((c) => !seen.has(c.join(',')));
      if (around.length === 0) continue;
      const c = around[next(around.length)]!;
      seen.add(c.join(','));
      cells.push(c);
    }
    return cells;
  });
}

describe('printed pieces on every grid of polyhedra snug has', () => {
  // the cube grid's pieces are checked against their exact volume in render/stl.test.ts
  for (const grid of registeredGrids().filter((g) => g.dims === 3 && g.solid && g.name !== 'cube')) {
    it(`${grid.name}: random pieces with and without a gap and a bevel are closed, outward, with no triangle that single precision turns, and lose what the gap takes`, () => {
      for (const cells of randomPieces(grid, 24)) {
        const whole = cells.reduce((v, c) => v + solidVolume(grid.solid!(c)), 0);
        const room = largestInset(grid, cells);
        for (const [inset, bevel] of [[0, 0], [0.3, 0], [0.6, 0], [0.3, 0.5], [0, 0.9]] as const) {
          // the options as fractions of what the cells allow (the command line refuses more)
          const what = `${cells.map((c) => `[${c.join(',')}]`).join(' ')} inset ${inset} bevel ${bevel}`;
          const f = meshFacts(readStl(stlBytes(cellsSurface(grid, cells, { inset: inset * room, bevel: bevel * room }).map((t) => t.map((p) => p.map((x) => x * 20)) as never), 'test')));
          expect([f.openEdges, f.badNormals], what).toEqual([0, 0]);
          const volume = f.volume / 8000;
          if (inset === 0 && bevel === 0) expect(Math.abs(volume / whole - 1), what).toBeLessThan(0.01);
          else expect(volume, what).toBeGreaterThan(0);
          expect(volume, what).toBeLessThan(whole * (1 + 1e-6));
        }
      }
    });
  }
});
