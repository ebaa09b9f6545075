/**
 * Classes of solutions on a board that wraps, worked out for tests with no code shared with the search:
 * every quarter turn and mirror of the plane, followed by every shift along the wrapped axes, that maps
 * the w x h board onto itself and keeps neighbours (taken modulo the period) neighbours.
 */
import type { Solution } from '../puzzle/model.js';

type P = [number, number];

export function wrappedClasses(w: number, h: number, wrapX: boolean, wrapY: boolean, solutions: Solution[]): number {
  const cellsOf: P[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cellsOf.push([x, y]);
  const near = (a: P, b: P): boolean => {
    const dx = Math.abs(a[0] - b[0]);
    const dy = Math.abs(a[1] - b[1]);
    const wx = wrapX ? Math.min(dx, w - dx) : dx;
    const wy = wrapY ? Math.min(dy, h - dy) : dy;
    return (wx === 1 && dy === 0) || (wy === 1 && dx === 0) || (w === 2 && wrapX && dx === 1 && dy === 0) || (h === 2 && wrapY && dy === 1 && dx === 0);
  };
  const maps: ((p: P) => P)[] = [];
  for (let m = 0; m < 2; m++) {
    for (let r = 0; r < 4; r++) {
      const turn = (p: P): P => {
        let [x, y] = m ? [-p[0], p[1]] : p;
        for (let k = 0; k < r; k++) [x, y] = [-y, x];
        return [x, y];
      };
      const img = cellsOf.map(turn);
      const [lx, ly] = [Math.min(...img.map((p) => p[0])), Math.min(...img.map((p) => p[1]))];
      for (let sy = 0; sy < (wrapY ? h : 1); sy++) {
        for (let sx = 0; sx < (wrapX ? w : 1); sx++) {
          const f = (p: P): P => {
            const [x, y] = turn(p);
            const [a, b] = [x - lx + sx, y - ly + sy];
            return [wrapX ? ((a % w) + w) % w : a, wrapY ? ((b % h) + h) % h : b];
          };
          const image = cellsOf.map(f);
          if (!image.every(([x, y]) => x >= 0 && x < w && y >= 0 && y < h)) continue;
          if (new Set(image.map((p) => p.join(','))).size !== image.length) continue;
          let ok = true;
          for (const a of cellsOf) for (const b of cellsOf) if (near(a, b) && !near(f(a), f(b))) ok = false;
          if (ok) maps.push(f);
        }
      }
    }
  }
  const key = (s: Solution, f: (p: P) => P): string =>
    s.placements.map((p) => `${p.piece}:${p.cells.map((c) => f([c[0], c[1]]).join(',')).sort().join(' ')}`).sort().join(' | ');
  return new Set(solutions.map((s) => maps.map((f) => key(s, f)).sort()[0]!)).size;
}

