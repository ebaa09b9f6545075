/**
 * Polystick tilings for tests, by code that shares nothing with snug: a stick is a pair of lattice points
 * "x1,y1|x2,y2" (the lesser point first), a piece a list of them, its ways to lie worked out here (quarter
 * turns (x, y) -> (-y, x) and the mirror (x, y) -> (-x, y), moved back to the origin), and the board's
 * sticks filled by plain backtracking on the first free stick in a fixed order. Sticks may not cross: at a
 * lattice point where one piece goes straight through (both sticks along one line there are its own),
 * no other piece goes straight through.
 *
 * A solution is its set of placements (name and sticks): copies are never told apart. Classes are counted
 * under the symmetries of the board (of the eight of the square, those that map its sticks onto
 * themselves), reflections only when every piece may be turned over or the set of one-sided pieces is
 * closed under mirror images (`mirrorPairs`).
 */

export interface StickPieceSpec {
  readonly name: string;
  /** Sticks as [x1, y1, x2, y2], unit length, horizontal or vertical. */
  readonly sticks: readonly (readonly [number, number, number, number])[];
  readonly count: number;
  readonly mirror: boolean;
}

type Point = [number, number];
type Stick = [Point, Point];

const pointKey = (p: Point): string => `${p[0]},${p[1]}`;
function stickKey([a, b]: Stick): string {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  return `${pointKey(p)}|${pointKey(q)}`;
}
const parse = (key: string): Stick => key.split('|').map((p) => p.split(',').map(Number)) as Stick;

/** The sticks of the lines of a w x h rectangle of squares. */
export function rectangleSticks(w: number, h: number): string[] {
  const out: string[] = [];
  for (let y = 0; y <= h; y++) for (let x = 0; x < w; x++) out.push(stickKey([[x, y], [x + 1, y]]));
  for (let x = 0; x <= w; x++) for (let y = 0; y < h; y++) out.push(stickKey([[x, y], [x, y + 1]]));
  return out;
}

function transformed(sticks: readonly string[], f: (p: Point) => Point): string[] {
  const moved = sticks.map(parse).map(([a, b]) => [f(a), f(b)] as Stick);
  const xs = moved.flatMap(([a, b]) => [a[0], b[0]]);
  const ys = moved.flatMap(([a, b]) => [a[1], b[1]]);
  const [mx, my] = [Math.min(...xs), Math.min(...ys)];
  return moved.map(([a, b]) => stickKey([[a[0] - mx, a[1] - my], [b[0] - mx, b[1] - my]])).sort();
}

/** The eight maps of the square about the origin, the rotations first. */
const MAPS: ((p: Point) => Point)[] = [
  (p) => [p[0], p[1]], (p) => [-p[1], p[0]], (p) => [-p[0], -p[1]], (p) => [p[1], -p[0]],
  (p) => [-p[0], p[1]], (p) => [p[1], p[0]], (p) => [p[0], -p[1]], (p) => [-p[1], -p[0]],
];

/** The points a set of sticks runs straight through. */
function straightThrough(sticks: readonly string[]): string[] {
  const on = new Set(sticks);
  const out = new Set<string>();
  for (const key of sticks) {
    const [a, b] = parse(key);
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    if (on.has(stickKey([b, [b[0] + dx, b[1] + dy]]))) out.add(pointKey(b));
  }
  return [...out];
}

/** Every solution, each a sorted list of "name:sticks" strings; with `crossing`, pieces may cross. */
export function stickTilings(board: readonly string[], pieces: readonly StickPieceSpec[], crossing = false): string[][] {
  const boardSet = new Set(board);
  const order = [...board].sort();
  const ways = pieces.map((p) => {
    const own = p.sticks.map(([x1, y1, x2, y2]) => stickKey([[x1, y1], [x2, y2]]));
    const seen = new Map<string, string[]>();
    for (const f of MAPS.slice(0, p.mirror ? 8 : 4)) {
      const t = transformed(own, f);
      seen.set(t.join(' '), t);
    }
    return [...seen.values()];
  });
  const left = pieces.map((p) => p.count);
  const used = new Set<string>();
  const held = new Set<string>();
  const chosen: string[] = [];
  const found = new Set<string>();
  const out: string[][] = [];
  const go = (): void => {
    const first = order.find((k) => !used.has(k));
    if (first === undefined) {
      const solution = [...chosen].sort();
      if (!found.has(solution.join(' / '))) {
        found.add(solution.join(' / '));
        out.push(solution);
      }
      return;
    }
    const [f1] = parse(first);
    pieces.forEach((p, i) => {
      if (left[i] === 0) return;
      for (const way of ways[i]!) {
        // each of the way's sticks in turn on the first free stick
        for (const anchorKey of way) {
          const [a1, a2] = parse(anchorKey);
          const [b1, b2] = parse(first);
          if (a2[0] - a1[0] !== b2[0] - b1[0] || a2[1] - a1[1] !== b2[1] - b1[1]) continue;
          const [dx, dy] = [f1[0] - a1[0], f1[1] - a1[1]];
          const placed = way.map((k) => {
            const [a, b] = parse(k);
            return stickKey([[a[0] + dx, a[1] + dy], [b[0] + dx, b[1] + dy]]);
          });
          if (!placed.every((k) => boardSet.has(k) && !used.has(k))) continue;
          const points = crossing ? [] : straightThrough(placed);
          if (points.some((q) => held.has(q))) continue;
          for (const k of placed) used.add(k);
          for (const q of points) held.add(q);
          left[i]!--;
          chosen.push(`${p.name}:${[...placed].sort().join(' ')}`);
          go();
          chosen.pop();
          left[i]!++;
          for (const q of points) held.delete(q);
          for (const k of placed) used.delete(k);
        }
      }
    });
  };
  go();
  return out;
}

/** The number of classes of the solutions under the board's symmetries (see the top of this file). */
export function stickClasses(board: readonly string[], solutions: readonly string[][], reflections: boolean): number {
  const boardKey = [...board].sort().join(' ');
  const points = board.map(parse).flat();
  const [mx, my] = [Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1]))];
  const symmetries = MAPS.slice(0, reflections ? 8 : 4).flatMap((f) => {
    const image = board.map(parse).map(([a, b]) => [f(a), f(b)] as Stick);
    const ix = Math.min(...image.flatMap(([a, b]) => [a[0], b[0]]));
    const iy = Math.min(...image.flatMap(([a, b]) => [a[1], b[1]]));
    const g = (p: Point): Point => { const q = f(p); return [q[0] - ix + mx, q[1] - iy + my]; };
    const moved = board.map(parse).map(([a, b]) => stickKey([g(a), g(b)])).sort().join(' ');
    return moved === boardKey ? [g] : [];
  });
  const seen = new Set<string>();
  let classes = 0;
  for (const solution of solutions) {
    if (seen.has(solution.join(' / '))) continue;
    classes++;
    for (const g of symmetries) {
      const image = solution.map((entry) => {
        const [name, sticks] = entry.split(':') as [string, string];
        return `${name}:${sticks.split(' ').map(parse).map(([a, b]) => stickKey([g(a), g(b)])).sort().join(' ')}`;
      }).sort();
      seen.add(image.join(' / '));
    }
  }
  return classes;
}
