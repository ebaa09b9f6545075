import { describe, expect, it } from 'vitest';
import type { Cell } from '../cell.js';
import type { CellSolid } from '../grid.js';
import { registeredGrids } from './index.js';
import { cellNear, solidVolume } from '../../test-support/shapes.js';

const point = (p: readonly number[]): string => p.map((x) => x.toFixed(6)).join(',');

describe('cell solids (the grids that have them)', () => {
  const withSolids = registeredGrids().filter((g) => g.solid);
  it('at least the cube grid has one', () => {
    expect(withSolids.map((g) => g.name)).toContain('cube');
  });

  for (const grid of withSolids) {
    it(`${grid.name}: each cell is closed (every edge in two faces, once each way) with its faces turned outward; neighbours share a whole face`, () => {
      // cells around the origin (the first cell near it, on a grid where some triples are no cells),
      // reached through neighbours (so each is a cell of the grid)
      const cells: Cell[] = [cellNear(grid, [0, 0, 0])];
      const seen = new Set([cells[0]!.join(',')]);
      for (let i = 0; i < cells.length && cells.length < 40; i++) {
        for (const n of grid.neighbours(cells[i]!)) if (!seen.has(n.join(','))) {
          seen.add(n.join(','));
          cells.push(n);
        }
      }
      for (const c of cells) {
        const s = grid.solid!(c);
        const edges = new Map<string, number>();
        for (const f of s.faces) for (let i = 0; i < f.length; i++) {
          const key = `${f[i]}>${f[(i + 1) % f.length]}`;
          edges.set(key, (edges.get(key) ?? 0) + 1);
        }
        for (const [key, n] of edges) {
          const [a, b] = key.split('>');
          expect(n, `edge ${key} of ${c}`).toBe(1);
          expect(edges.get(`${b}>${a}`), `edge ${key} of ${c} has no twin`).toBe(1);
        }
        expect(solidVolume(s)).toBeGreaterThan(0);
        const faceKeys = (t: CellSolid): Set<string> => new Set(t.faces.map((f) => f.map((i) => point(t.vertices[i]!)).sort().join('|')));
        const mine = faceKeys(s);
        for (const n of grid.neighbours(c)) {
          const shared = [...faceKeys(grid.solid!(n))].filter((k) => mine.has(k));
          expect(shared, `${c} and its neighbour ${n}`).toHaveLength(1);
        }
      }
    });
  }
});
