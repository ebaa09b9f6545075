/**
 * The triangular prism grid against test-support/prisms.ts, which knows the cells by their centres in space
 * and shares no code with the grid module: neighbours, the polyprisms of small sizes (fixed, free and
 * one-sided), BurrTools' numbering of its turns (its own reading of a turn, from voxel_1.cpp), and the cells a
 * step of each motion passes over (from the triangles' outlines).
 */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../cell.js';
import { cellKey } from '../cell.js';
import { shapeKeyOn } from '../grid.js';
import { GRIDS } from './index.js';
import { burrToolsPrismTurn, fixedPolyprisms, polyprismClasses, prismAt, prismCentre, prismsTouch } from '../../test-support/prisms.js';

const grid = GRIDS.prism;

/** The grid's own polyprisms of each size up to n, up to translation, grown through its neighbours. */
function gridPolyprisms(n: number): Cell[][][] {
  let level = new Map<string, Cell[]>();
  for (const seed of [[0, 0, 0], [1, 0, 0]] as Cell[]) level.set(shapeKeyOn(grid, [seed]), grid.normalize([seed]));
  const out = [[...level.values()]];
  for (let size = 2; size <= n; size++) {
    const next = new Map<string, Cell[]>();
    for (const shape of level.values()) {
      const taken = new Set(shape.map(cellKey));
      for (const c of shape) for (const m of grid.neighbours(c)) if (!taken.has(cellKey(m))) next.set(shapeKeyOn(grid, [...shape, m]), grid.normalize([...shape, m]));
    }
    level = next;
    out.push([...level.values()]);
  }
  return out;
}

function gridClasses(shapes: readonly Cell[][], mirror: boolean): number {
  return new Set(shapes.map((s) => grid.symmetries.filter((t) => mirror || !t.reflects).map((t) => shapeKeyOn(grid, s.map(t.apply))).sort()[0]!)).size;
}

describe('the triangular prism grid', () => {
  it('has 5 face neighbours per cell, those whose centres are a face apart', () => {
    for (let x = -3; x <= 3; x++) for (let y = -3; y <= 3; y++) for (const z of [-1, 0, 2]) {
      const c: Cell = [x, y, z];
      const around = grid.neighbours(c);
      expect(around).toHaveLength(5);
      const near: Cell[] = [];
      for (let dx = -2; dx <= 2; dx++) for (let dy = -2; dy <= 2; dy++) for (let dz = -1; dz <= 1; dz++) {
        const d: Cell = [x + dx, y + dy, z + dz];
        if (prismsTouch(c, d)) near.push(d);
      }
      expect(new Set(around.map(cellKey))).toEqual(new Set(near.map(cellKey)));
      expect(prismAt(prismCentre(c))).toEqual(c);
      // the solid is the prism around that centre
      const { vertices } = grid.solid!(c);
      const middle = [0, 1, 2].map((k) => vertices.reduce((sum, v) => sum + v[k]!, 0) / vertices.length);
      middle.forEach((v, k) => expect(v).toBeCloseTo(prismCentre(c)[k]!, 9));
    }
  });

  it('has 24 symmetries, 12 of them turns, each mapping centres as an isometry of space does', () => {
    expect(grid.symmetries).toHaveLength(24);
    expect(grid.symmetries.filter((t) => !t.reflects)).toHaveLength(12);
    const cells: Cell[] = [[0, 0, 0], [1, 0, 0], [3, 2, 1], [-2, 5, -3], [4, -1, 2]];
    const distance = (a: Cell, b: Cell): number => Math.hypot(...prismCentre(a).map((v, i) => v - prismCentre(b)[i]!));
    for (const t of grid.symmetries) {
      for (const a of cells) for (const b of cells) expect(distance(t.apply(a), t.apply(b))).toBeCloseTo(distance(a, b), 9);
    }
    // distinct as maps of cells
    expect(new Set(grid.symmetries.map((t) => cells.map((c) => cellKey(t.apply(c))).join(' '))).size).toBe(24);
  });

  it('has the polyprisms of the enumeration from centres: fixed, free and one-sided, of 1 to 5 cells', () => {
    const ours = gridPolyprisms(5);
    const theirs = fixedPolyprisms(5);
    const counts = (fixed: number[], free: number[], oneSided: number[]) => ({ fixed, free, oneSided });
    expect(counts(ours.map((l) => l.length), ours.map((l) => gridClasses(l, true)), ours.map((l) => gridClasses(l, false)))).toEqual(
      counts(theirs.map((l) => l.length), theirs.map((l) => polyprismClasses(l, false)), theirs.map((l) => polyprismClasses(l, true))),
    );
  });

  it('has, in one layer, the polyiamonds: the published fixed (A001420) and free (A000577) numbers, mirror images one turn apart', () => {
    const flat = gridPolyprisms(6).map((level) => level.filter((s) => s.every((c) => c[2] === 0)));
    expect(flat.map((l) => l.length)).toEqual([2, 3, 6, 14, 36, 94]);
    expect(flat.map((l) => gridClasses(l, true))).toEqual([1, 1, 1, 3, 4, 12]);
    // a flat piece turned over is a half turn in space
    expect(flat.map((l) => gridClasses(l, false))).toEqual([1, 1, 1, 3, 4, 12]);
  });

  it("numbers BurrTools' turns as BurrTools reads them", () => {
    const turns = grid.burrTools!.turns;
    expect(turns).toHaveLength(12);
    const cells: Cell[] = [];
    for (let x = -3; x <= 3; x++) for (let y = -2; y <= 2; y++) for (const z of [0, 1, -2]) cells.push([x, y, z]);
    turns.forEach((m, t) => {
      const symmetry = grid.symmetries.find((s) => s.matrix.every((v, i) => v === m[i]))!;
      expect(symmetry.reflects).toBe(false);
      // (+ 0: a turn may give -0)
      for (const c of cells) expect(symmetry.apply(c).map((v) => v + 0), `turn ${t} of ${c}`).toEqual(burrToolsPrismTurn(t, c));
    });
  });

  it('says which cells a step of each motion passes over: those the triangle sweeps across on its way', () => {
    const paths = grid.motionPaths!;
    const corners = (c: Cell): [number, number][] => {
      // the triangle around the centre: its corners 1 / sqrt 3 away, pointing up (odd cells down) on the page of space
      const [px, py] = prismCentre(c);
      const up = (((c[0] + c[1]) % 2) + 2) % 2 === 0;
      return [0, 1, 2].map((k) => {
        const a = (up ? Math.PI / 2 : -Math.PI / 2) + (2 * Math.PI * k) / 3;
        return [px + Math.cos(a) / Math.sqrt(3), py + Math.sin(a) / Math.sqrt(3)];
      });
    };
    /** The area where two convex polygons overlap is more than a sliver: separated by no axis of their edges. */
    const overlap = (p: [number, number][], q: [number, number][]): boolean => {
      for (const poly of [p, q]) {
        for (let i = 0; i < poly.length; i++) {
          const [a, b] = [poly[i]!, poly[(i + 1) % poly.length]!];
          const n = [b[1] - a[1], a[0] - b[0]];
          const span = (r: [number, number][]) => r.map((v) => v[0] * n[0]! + v[1] * n[1]!);
          const [sp, sq] = [span(p), span(q)];
          if (Math.max(...sp) <= Math.min(...sq) + 1e-9 || Math.max(...sq) <= Math.min(...sp) + 1e-9) return false;
        }
      }
      return true;
    };
    /** The region a triangle sweeps sliding by (dx, dy): the hull of the triangle and its image. */
    const hull = (points: [number, number][]): [number, number][] => {
      const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
      const half = (list: [number, number][]) => {
        const out: [number, number][] = [];
        for (const p of list) {
          while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 1e-12) out.pop();
          out.push(p);
        }
        return out.slice(0, -1);
      };
      return [...half(sorted), ...half([...sorted].reverse())];
    };
    grid.motions!.forEach((m, i) => {
      for (const c of [[0, 0, 0], [1, 0, 0]] as Cell[]) {
        const end: Cell = [c[0] + m[0], c[1] + m[1], c[2] + m[2]];
        const expected: string[] = [];
        if (m[2] === 0) {
          const [from, to] = [prismCentre(c), prismCentre(end)];
          const moved = corners(c).map(([x, y]) => [x + to[0] - from[0], y + to[1] - from[1]] as [number, number]);
          const swept = hull([...corners(c), ...moved]);
          for (let x = -4; x <= 4; x++) for (let y = -3; y <= 3; y++) {
            const d: Cell = [x, y, 0];
            if (cellKey(d) === cellKey(c) || cellKey(d) === cellKey(end)) continue;
            if (overlap(swept, corners(d))) expected.push(cellKey([x - c[0], y - c[1], 0]));
          }
        }
        expect(paths.passes[i]![paths.kind(c)]!.map(cellKey).sort(), `motion ${m} from ${c}`).toEqual(expected.sort());
      }
    });
  });
});
