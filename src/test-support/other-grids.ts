/**
 * Triangles and hexagons worked out again for tests, sharing no code with src/geometry: every cell is its
 * centre in the plane (floating point, y down), a symmetry is a turn by a multiple of 60 degrees about
 * the origin (a corner of the triangles, the centre of a hexagon) or that turn after a left-right mirror,
 * and two shapes are translates when their centres differ by one vector. Every tiling is found by plain
 * backtracking on the first empty cell (centres in reading order), trying every piece in every
 * orientation whose first cell lands there.
 *
 * Being independent, it knows its two lattices by the names puzzles give them (CENTRES below), not by
 * asking the grid modules.
 */
import type { Cell, Puzzle, Solution } from '../puzzle/model.js';

type Point = readonly [number, number];
const H = Math.sqrt(3) / 2;
const round = (v: number): number => Math.round(v * 1e6) / 1e6;
const pointKey = (p: Point): string => `${round(p[0])},${round(p[1])}`;

/** The centre of a cell, on each lattice this file knows (a hexagon's width is sqrt 3, a triangle's side 1). */
const CENTRES: Readonly<Record<string, (c: Cell) => Point>> = {
  hexagon: ([a, b]) => [Math.sqrt(3) * (a + b / 2), 1.5 * b],
  triangle: ([a, b]) => {
    const up = ((a + b) & 1) === 0;
    return [a / 2, b * H + (up ? (2 * H) / 3 : H / 3)];
  },
};

/** True for a puzzle on a grid this file works out again (triangles and hexagons). */
export function isOtherGridPuzzle(puzzle: Pick<Puzzle, 'grid'>): boolean {
  return puzzle.grid !== undefined && Object.hasOwn(CENTRES, puzzle.grid);
}

function centre(kind: string, c: Cell): Point {
  return CENTRES[kind]!(c);
}

/** The 12 isometries of the plane that fix the origin and keep both lattices: 6 turns, 6 after a mirror. */
function isometries(rotationsOnly: boolean): ((p: Point) => Point)[] {
  const out: ((p: Point) => Point)[] = [];
  for (const mirror of rotationsOnly ? [false] : [false, true]) {
    for (let k = 0; k < 6; k++) {
      const c = Math.cos((k * Math.PI) / 3);
      const s = Math.sin((k * Math.PI) / 3);
      out.push(([x0, y]) => {
        const x = mirror ? -x0 : x0;
        return [c * x - s * y, s * x + c * y];
      });
    }
  }
  return out;
}

const byReading = (a: Point, b: Point): number => round(a[1]) - round(b[1]) || round(a[0]) - round(b[0]);

/** A translation-free key: the centres less the first in reading order. */
function shapeKeyOf(points: readonly Point[]): string {
  const sorted = [...points].sort(byReading);
  const o = sorted[0]!;
  return sorted.map((p) => pointKey([p[0] - o[0], p[1] - o[1]])).join(';');
}

export function otherGridTilings(puzzle: Puzzle): Solution[] {
  const kind = puzzle.grid!;
  const cellAt = new Map(puzzle.board.map((c) => [pointKey(centre(kind, c)), c]));
  const board = puzzle.board.map((c) => centre(kind, c)).sort(byReading);
  const orientations = puzzle.pieces.map((piece) => {
    const seen = new Map<string, Point[]>();
    for (const move of isometries(!piece.mirror)) {
      const moved = piece.shape.map((c) => move(centre(kind, c))).sort(byReading);
      const o = moved[0]!;
      const relative = moved.map((p) => [p[0] - o[0], p[1] - o[1]] as Point);
      seen.set(shapeKeyOf(moved), relative);
    }
    return [...seen.values()];
  });
  const filled = new Set<string>();
  const left = puzzle.pieces.map((p) => p.count);
  const placed: { piece: string; cells: Cell[] }[] = [];
  const out: Solution[] = [];
  const search = (from: number): void => {
    let i = from;
    while (i < board.length && filled.has(pointKey(board[i]!))) i++;
    if (i === board.length) {
      out.push({ placements: placed.map((p) => ({ piece: p.piece, cells: [...p.cells] })) });
      return;
    }
    const at = board[i]!;
    puzzle.pieces.forEach((piece, t) => {
      if (left[t] === 0) return;
      for (const o of orientations[t]!) {
        const keys = o.map((p) => pointKey([p[0] + at[0], p[1] + at[1]]));
        if (!keys.every((k) => cellAt.has(k) && !filled.has(k))) continue;
        keys.forEach((k) => filled.add(k));
        left[t]!--;
        placed.push({ piece: piece.name, cells: keys.map((k) => cellAt.get(k)!) });
        search(i + 1);
        placed.pop();
        left[t]!++;
        keys.forEach((k) => filled.delete(k));
      }
    });
  };
  search(0);
  return out;
}

/** The classes of the solutions under the board's symmetries (pieces keep their names: distinct, mirror allowed). */
export function otherGridClasses(puzzle: Puzzle, solutions: readonly Solution[], rotationsOnly = false): number {
  const kind = puzzle.grid!;
  const boardPoints = puzzle.board.map((c) => centre(kind, c));
  const boardKey = shapeKeyOf(boardPoints);
  const least = (points: readonly Point[]): Point => [...points].sort(byReading)[0]!;
  const moves = isometries(rotationsOnly)
    .filter((m) => shapeKeyOf(boardPoints.map(m)) === boardKey)
    .map((m) => {
      const o = least(boardPoints);
      const image = least(boardPoints.map(m));
      return (p: Point): Point => {
        const q = m(p);
        return [q[0] - image[0] + o[0], q[1] - image[1] + o[1]];
      };
    });
  const key = (s: Solution, m: (p: Point) => Point): string =>
    s.placements.map((p) => `${p.piece}:${p.cells.map((c) => pointKey(m(centre(kind, c)))).sort().join(' ')}`).sort().join(' | ');
  return new Set(solutions.map((s) => moves.map((m) => key(s, m)).sort()[0]!)).size;
}
