/**
 * The rhombic tetrahedra worked out again for tests, sharing no code with src/geometry: a tetrahedron is
 * its four corners in space, with cubes of side 2 whose corners are the points with even coordinates (the
 * cube with its least corner at 2 (i, j, k) has its centre at 2 (i, j, k) + (1, 1, 1)). Each cube is cut
 * into the 24 tetrahedra (its centre, the centre of one of its faces, the two ends of one edge of that
 * face); two tetrahedra are neighbours when they share three corners; a symmetry is one of the 48 signed
 * permutations of the axes (about a corner of the cubes); two shapes are translates when they differ by a
 * move of 2 (i, j, k). Tilings are found by plain backtracking on the first empty tetrahedron.
 *
 * BurrTools' voxel positions, which puzzles use for cells, are read here from BurrTools' user guide: each
 * cube is a block of 5 x 5 x 5 positions, and the tetrahedron on the face x = 0 of a cube, at its edge
 * y = 0 (running along z), is the position (0, 1, 2) of its block; the others follow by the cube's
 * symmetries about its centre (4 - r on an axis mirrors it, swapping coordinates swaps axes).
 */
import type { Cell } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';

export type Point = readonly [number, number, number];
/** A tetrahedron: its four corners, sorted. */
export type Tetrahedron = readonly Point[];

const pointKey = (p: Point): string => `${p[0]},${p[1]},${p[2]}`;
const byCoordinates = (a: Point, b: Point): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

export function tetrahedronKey(t: Tetrahedron): string {
  return t.map(pointKey).join('|');
}

function make(points: Point[]): Tetrahedron {
  return [...points].sort(byCoordinates);
}

/** The tetrahedron with each corner mapped (by an isometry). */
export function mapTetrahedron(t: Tetrahedron, f: (p: Point) => Point): Tetrahedron {
  return make(t.map(f));
}

/** The 24 tetrahedra of the cube with least corner `at` (even coordinates). */
export function tetrahedraOfCube(at: Point): Tetrahedron[] {
  const centre: Point = [at[0] + 1, at[1] + 1, at[2] + 1];
  const out: Tetrahedron[] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [0, 2]) {
      const face = [...centre] as [number, number, number];
      face[axis] = at[axis]! + side;
      // the face's four edges: along each other axis, at either end of the remaining one
      const others = [0, 1, 2].filter((a) => a !== axis);
      for (const [along, across] of [[others[0]!, others[1]!], [others[1]!, others[0]!]]) {
        for (const end of [0, 2]) {
          const a = [...face] as [number, number, number];
          a[across] = at[across]! + end;
          a[along] = at[along]!;
          const b = [...a] as [number, number, number];
          b[along] = at[along]! + 2;
          out.push(make([centre, face, a, b]));
        }
      }
    }
  }
  return out;
}

const cubeOf = (t: Tetrahedron): Point => {
  // the centre is the only corner with three odd coordinates
  const c = t.find((p) => p.every((v) => Math.abs(v % 2) === 1))!;
  return [c[0] - 1, c[1] - 1, c[2] - 1];
};

const neighbourCache = new Map<string, Tetrahedron[]>();

/** The tetrahedra sharing a face (three corners) with t: four. */
export function tetrahedronNeighbours(t: Tetrahedron): Tetrahedron[] {
  const key = tetrahedronKey(t);
  const known = neighbourCache.get(key);
  if (known) return known;
  const at = cubeOf(t);
  const near: Tetrahedron[] = [];
  for (const d of [[0, 0, 0], [2, 0, 0], [-2, 0, 0], [0, 2, 0], [0, -2, 0], [0, 0, 2], [0, 0, -2]]) {
    near.push(...tetrahedraOfCube([at[0] + d[0]!, at[1] + d[1]!, at[2] + d[2]!]));
  }
  const mine = new Set(t.map(pointKey));
  const found = near.filter((u) => u.filter((p) => mine.has(pointKey(p))).length === 3);
  neighbourCache.set(key, found);
  return found;
}

/** The tetrahedron at a BurrTools voxel position of the rhombic grid, or undefined for a position between them. */
export function tetrahedronAt(position: Cell): Tetrahedron | undefined {
  const block = position.map((v) => Math.floor(v / 5));
  const r = position.map((v, i) => v - 5 * block[i]!);
  // mirror the block's position into the low half (r <= 2) of each axis, remembering which axes were mirrored
  const mirrored = r.map((v) => v > 2);
  const low = r.map((v) => (v > 2 ? 4 - v : v));
  // the reference tetrahedron (0, 1, 2) with its axes permuted: axis i of the position plays the part of low[i]
  if ([...low].sort().join() !== '0,1,2') return undefined;
  // reference corners, in the cube [0, 2]^3: centre, centre of face x = 0, and the edge y = 0 from z = 0 to 2
  const reference: Point[] = [[1, 1, 1], [0, 1, 1], [0, 0, 0], [0, 0, 2]];
  const corners = reference.map((p) => {
    const q = [0, 1, 2].map((axis) => p[low[axis]!]!);
    return q.map((v, axis) => (mirrored[axis] ? 2 - v : v) + 2 * block[axis]!) as unknown as Point;
  });
  return make(corners);
}

/** The 48 signed permutations of the axes, with whether each turns space over. */
export function isometries(): { apply: (p: Point) => Point; reflects: boolean }[] {
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const permSign = [1, -1, -1, 1, 1, -1];
  const out: { apply: (p: Point) => Point; reflects: boolean }[] = [];
  perms.forEach((perm, pi) => {
    for (let signs = 0; signs < 8; signs++) {
      const sign = [signs & 1 ? -1 : 1, signs & 2 ? -1 : 1, signs & 4 ? -1 : 1];
      out.push({
        apply: (p) => [sign[0]! * p[perm[0]!]!, sign[1]! * p[perm[1]!]!, sign[2]! * p[perm[2]!]!],
        reflects: permSign[pi]! * sign[0]! * sign[1]! * sign[2]! < 0,
      });
    }
  });
  return out;
}

/** A key equal for two sets of tetrahedra exactly when one is the other moved by whole cubes. */
export function shapeKey(shape: readonly Tetrahedron[]): string {
  const cubes = shape.map(cubeOf);
  const lo = [0, 1, 2].map((i) => Math.min(...cubes.map((c) => c[i]!)));
  return shape.map((t) => tetrahedronKey(make(t.map((p) => [p[0] - lo[0]!, p[1] - lo[1]!, p[2] - lo[2]!] as Point)))).sort().join(' ');
}

/** Every connected set of n tetrahedra, up to moves by whole cubes, grown one tetrahedron at a time. */
export function fixedPolytetrahedra(n: number): Tetrahedron[][] {
  let level = new Map<string, Tetrahedron[]>();
  for (const t of tetrahedraOfCube([0, 0, 0])) level.set(shapeKey([t]), [t]);
  for (let size = 1; size < n; size++) {
    const next = new Map<string, Tetrahedron[]>();
    for (const shape of level.values()) {
      const taken = new Set(shape.map(tetrahedronKey));
      for (const t of shape) {
        for (const u of tetrahedronNeighbours(t)) {
          if (taken.has(tetrahedronKey(u))) continue;
          const grown = [...shape, u];
          next.set(shapeKey(grown), grown);
        }
      }
    }
    level = next;
  }
  return [...level.values()];
}

/** The number of classes of the shapes under the 48 isometries (or the 24 turns). */
export function classCount(shapes: readonly (readonly Tetrahedron[])[], mirror: boolean): number {
  const group = isometries().filter((g) => mirror || !g.reflects);
  const seen = new Set<string>();
  for (const shape of shapes) {
    const images = group.map((g) => shapeKey(shape.map((t) => make(t.map(g.apply)))));
    seen.add(images.sort()[0]!);
  }
  return seen.size;
}

/** The isometry of the 48 taking a set of tetrahedra to another, up to a move by whole cubes, if any. */
export function isometriesBetween(from: readonly Tetrahedron[], to: readonly Tetrahedron[]): number[] {
  const target = shapeKey(to);
  return isometries().flatMap((g, i) => (shapeKey(from.map((t) => make(t.map(g.apply)))) === target ? [i] : []));
}

/**
 * Every tiling of a rhombic puzzle's board by its pieces (each piece's copies not told apart; pieces turned
 * by the 24 turns, and by the 48 when the puzzle's pieces may be turned over), as sets of "piece:cells".
 * Exact packings only (every board cell covered, every copy used): enough for small tests.
 */
export function rhombicTilings(puzzle: Puzzle): Set<string> {
  const tet = (c: Cell): Tetrahedron => tetrahedronAt(c) ?? (() => { throw new Error(`[${c.join(', ')}] is no tetrahedron`); })();
  const board = puzzle.board.map(tet);
  const cellOf = new Map(board.map((t, i) => [tetrahedronKey(t), puzzle.board[i]!]));
  // the board in reading order of its tetrahedra's keys: the first empty one is filled first
  const order = [...cellOf.keys()].sort();
  const group = isometries();
  const placements = puzzle.pieces.map((piece) => {
    const shape = piece.shape.map(tet);
    const turns = group.filter((g) => piece.mirror || !g.reflects);
    const out = new Map<string, string[]>();
    for (const g of turns) {
      const turned = shape.map((t) => make(t.map(g.apply)));
      // every move by whole cubes that lands the turned piece's first tetrahedron on a board tetrahedron
      const first = turned[0]!;
      for (const b of board) {
        const d = cubeOf(b).map((v, i) => v - cubeOf(first)[i]!);
        const moved = turned.map((t) => tetrahedronKey(make(t.map((p) => [p[0] + d[0]!, p[1] + d[1]!, p[2] + d[2]!] as Point))));
        if (moved.every((k) => cellOf.has(k))) out.set([...moved].sort().join(' '), moved);
      }
    }
    return [...out.values()];
  });
  const left = puzzle.pieces.map((p) => p.count);
  const covered = new Set<string>();
  const chosen: { piece: number; keys: string[] }[] = [];
  const found = new Set<string>();
  const search = (): void => {
    const empty = order.find((k) => !covered.has(k));
    if (empty === undefined) {
      if (left.every((n) => n === 0)) {
        const cells = (keys: string[]) => keys.map((k) => cellOf.get(k)!.join(',')).sort().join(' ');
        found.add(chosen.map((c) => `${puzzle.pieces[c.piece]!.name}:${cells(c.keys)}`).sort().join(' | '));
      }
      return;
    }
    placements.forEach((list, piece) => {
      if (left[piece] === 0) return;
      for (const keys of list) {
        if (!keys.includes(empty) || keys.some((k) => covered.has(k))) continue;
        for (const k of keys) covered.add(k);
        left[piece]!--;
        chosen.push({ piece, keys });
        search();
        chosen.pop();
        left[piece]!++;
        for (const k of keys) covered.delete(k);
      }
    });
  };
  search();
  return found;
}

/** A solution as rhombicTilings keys it. */
export function rhombicTilingKey(solution: Solution): string {
  return solution.placements.map((p) => `${p.piece}:${p.cells.map((c) => c.join(',')).sort().join(' ')}`).sort().join(' | ');
}

/**
 * The number of classes of a puzzle's tilings (as rhombicTilings gives them) under the isometries that
 * map its board onto itself (up to a move by whole cubes): the 24 turns, and the mirror images too when
 * the pieces may be turned over.
 */
export function rhombicClassCount(puzzle: Puzzle, tilings: ReadonlySet<string>): number {
  const tet = (c: Cell): Tetrahedron => tetrahedronAt(c)!;
  const board = puzzle.board.map(tet);
  const cellOf = new Map(board.map((t, i) => [tetrahedronKey(t), puzzle.board[i]!.join(',')]));
  const lowest = (ts: readonly Tetrahedron[]): number[] => [0, 1, 2].map((i) => Math.min(...ts.map((t) => cubeOf(t)[i]!)));
  const low = lowest(board);
  const maps = isometries().filter((g) => puzzle.mirror || !g.reflects).flatMap((g) => {
    const image = board.map((t) => make(t.map(g.apply)));
    const d = lowest(image).map((v, i) => low[i]! - v);
    const move = (t: Tetrahedron): string => tetrahedronKey(make(t.map((p) => [...g.apply(p)].map((v, i) => v + d[i]!) as unknown as Point)));
    return board.every((t) => cellOf.has(move(t))) ? [(cell: string) => cellOf.get(move(tet(cell.split(',').map(Number) as unknown as Cell)))!] : [];
  });
  const seen = new Set<string>();
  let classes = 0;
  for (const tiling of tilings) {
    if (seen.has(tiling)) continue;
    classes++;
    for (const map of maps) {
      seen.add(tiling.split(' | ').map((p) => {
        const [name, cells] = p.split(':');
        return `${name}:${cells!.split(' ').map(map).sort().join(' ')}`;
      }).sort().join(' | '));
    }
  }
  return classes;
}
