/**
 * The tetrahedral-octahedral honeycomb worked out again for tests, sharing no code with src/geometry: a
 * cell is the set of its four corners, integer points of space (a BurrTools block is the unit cube).
 * Regular tetrahedra have four corners whose coordinates add up even; the octahedra are centred on the
 * points whose coordinates add up odd, and each is cut into its 8 octants, an octant's corners being the
 * octahedron's centre and one corner on each axis. Two cells are neighbours when they share three
 * corners (a face). Symmetries are the 48 signed permutations of the axes (they keep the parity of a
 * point's sum), and moves are the steps with an even sum.
 *
 * BurrTools' voxel positions (what puzzles hold) are read here from what its file format says: a block
 * of 3x3x3 positions per unit cube; the middle one is the cube's tetrahedron; a corner position stands
 * for the octant at that corner of the cube, and is a cell in a block whose coordinates add up even at
 * (2,0,0), (0,2,0), (0,0,2), (2,2,2), in an odd one at (0,0,0), (2,2,0), (2,0,2), (0,2,2).
 */
import type { Cell, Puzzle, Solution } from '../puzzle/model.js';

type Point = readonly [number, number, number];
type Corners = readonly Point[];

const pointKey = (p: Point): string => `${p[0]},${p[1]},${p[2]}`;
const add = (p: Point, q: Point): Point => [p[0] + q[0], p[1] + q[1], p[2] + q[2]];
const byCoordinates = (a: Point, b: Point): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
/** A cell's key: its corners in order. */
const cellKeyOf = (corners: Corners): string => [...corners].sort(byCoordinates).map(pointKey).join('|');
const isEven = (p: Point): boolean => (((p[0] + p[1] + p[2]) % 2) + 2) % 2 === 0;

const EVEN_BLOCK_CELLS = ['1,1,1', '2,0,0', '0,2,0', '0,0,2', '2,2,2'];
const ODD_BLOCK_CELLS = ['1,1,1', '0,0,0', '2,2,0', '2,0,2', '0,2,2'];

/** The corners of the cell at a BurrTools voxel position, or undefined when the position is no cell. */
export function voxelCorners([x, y, z]: Cell): Corners | undefined {
  const block: Point = [Math.floor(x / 3), Math.floor(y / 3), Math.floor(z / 3)];
  const local: Point = [x - 3 * block[0], y - 3 * block[1], z - 3 * block[2]];
  const cells = isEven(block) ? EVEN_BLOCK_CELLS : ODD_BLOCK_CELLS;
  if (!cells.includes(pointKey(local))) return undefined;
  if (pointKey(local) === '1,1,1') {
    const out: Point[] = [];
    for (let i = 0; i < 8; i++) {
      const corner = add(block, [i & 1, (i >> 1) & 1, (i >> 2) & 1]);
      if (isEven(corner)) out.push(corner);
    }
    return out;
  }
  const centre = add(block, [local[0] / 2, local[1] / 2, local[2] / 2]);
  // the octant's other corners lie along the cube's edges from that corner
  const inward = local.map((v) => (v === 0 ? 1 : -1));
  return [centre, add(centre, [inward[0]!, 0, 0]), add(centre, [0, inward[1]!, 0]), add(centre, [0, 0, inward[2]!])];
}

/** Every cell with a corner at p: the tetrahedra of the 8 cubes around an even point, or the octants of the octahedra around it. */
function cellsAt(p: Point): Corners[] {
  const out: Corners[] = [];
  if (isEven(p)) {
    for (let i = 0; i < 8; i++) {
      const cube = add(p, [-(i & 1), -((i >> 1) & 1), -((i >> 2) & 1)]);
      const corners: Point[] = [];
      for (let j = 0; j < 8; j++) {
        const c = add(cube, [j & 1, (j >> 1) & 1, (j >> 2) & 1]);
        if (isEven(c)) corners.push(c);
      }
      out.push(corners);
    }
  }
  // octants: centred on an odd point, corners at the centre and one step along each axis
  const centres: Point[] = isEven(p) ? [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map((d) => add(p, d as unknown as Point)) : [p];
  for (const c of centres) {
    for (let s = 0; s < 8; s++) {
      const sign = [s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1];
      const corners: Corners = [c, add(c, [sign[0]!, 0, 0]), add(c, [0, sign[1]!, 0]), add(c, [0, 0, sign[2]!])];
      if (corners.some((q) => pointKey(q) === pointKey(p))) out.push(corners);
    }
  }
  return out;
}

const neighbourCache = new Map<string, Corners[]>();

/** The cells that share a face with this one. */
export function cornerNeighbours(cell: Corners): Corners[] {
  const own = cellKeyOf(cell);
  const known = neighbourCache.get(own);
  if (known) return known;
  const out: Corners[] = [];
  for (let skip = 0; skip < 4; skip++) {
    const face = cell.filter((_, i) => i !== skip).map(pointKey);
    const other = cellsAt(cell[(skip + 1) % 4]!).find((c) => cellKeyOf(c) !== own && face.every((k) => c.some((q) => pointKey(q) === k)));
    if (other) out.push(other);
  }
  neighbourCache.set(own, out);
  return out;
}

/** The 48 signed permutations of the axes (the first 24 the turns). */
function isometries(turnsOnly: boolean): ((p: Point) => Point)[] {
  const out: { turn: boolean; map: (p: Point) => Point }[] = [];
  const perms = [[0, 1, 2, 1], [1, 2, 0, 1], [2, 0, 1, 1], [1, 0, 2, -1], [0, 2, 1, -1], [2, 1, 0, -1]];
  for (const [a, b, c, parity] of perms) {
    for (let s = 0; s < 8; s++) {
      const sign = [s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1];
      const det = parity! * sign[0]! * sign[1]! * sign[2]!;
      out.push({ turn: det > 0, map: (p) => [sign[0]! * p[a!]!, sign[1]! * p[b!]!, sign[2]! * p[c!]!] });
    }
  }
  return out.filter((o) => !turnsOnly || o.turn).map((o) => o.map);
}

/** A shape's key up to moves: its cells moved so that its least even corner is the origin. */
function shapeKeyOf(cells: readonly Corners[]): string {
  const least = cells.flat().filter(isEven).sort(byCoordinates)[0]!;
  const back: Point = [-least[0], -least[1], -least[2]];
  return cells.map((c) => cellKeyOf(c.map((p) => add(p, back)))).sort().join(' ; ');
}

/**
 * The numbers of polyforms of 1 to n cells: fixed (up to moves), one-sided (up to moves and turns) and
 * free (mirror images too), grown cell by cell through the shared faces.
 */
export function tetraOctaPolyformCounts(n: number): { fixed: number[]; oneSided: number[]; free: number[] } {
  // one cell of each kind up to moves: the cells of two neighbouring cubes (2 tetrahedra, 8 octants)
  let level = new Map<string, Corners[]>();
  for (const cube of [[0, 0, 0], [1, 0, 0]]) {
    for (let i = 0; i < 27; i++) {
      const corners = voxelCorners([3 * cube[0]! + (i % 3), Math.floor(i / 3) % 3, Math.floor(i / 9)]);
      if (corners) level.set(shapeKeyOf([corners]), [corners]);
    }
  }
  const fixed: number[] = [];
  const oneSided: number[] = [];
  const free: number[] = [];
  const classes = (shapes: Iterable<Corners[]>, turnsOnly: boolean): number => {
    const moves = isometries(turnsOnly);
    const seen = new Set<string>();
    for (const shape of shapes) seen.add(moves.map((m) => shapeKeyOf(shape.map((c) => c.map(m)))).sort()[0]!);
    return seen.size;
  };
  for (let size = 1; size <= n; size++) {
    fixed.push(level.size);
    oneSided.push(classes(level.values(), true));
    free.push(classes(level.values(), false));
    if (size === n) break;
    const next = new Map<string, Corners[]>();
    for (const shape of level.values()) {
      const taken = new Set(shape.map(cellKeyOf));
      for (const cell of shape) {
        for (const m of cornerNeighbours(cell)) {
          if (taken.has(cellKeyOf(m))) continue;
          const grown = [...shape, m];
          next.set(shapeKeyOf(grown), grown);
        }
      }
    }
    level = next;
  }
  return { fixed, oneSided, free };
}

/**
 * Every tiling of a puzzle on this grid (a board of voxel positions, pieces that may turn, and be turned
 * over when `mirror`), by plain backtracking on the first empty cell in the board's order, each piece in
 * each orientation with one of its cells on it. Pieces placed before, optional cells and ranges of copies
 * are not handled: tests give none.
 */
export function tetraOctaTilings(puzzle: Puzzle): Solution[] {
  const cornersOf = (c: Cell): Corners => voxelCorners(c) ?? (() => { throw new Error(`${c.join(',')} is no cell`); })();
  const board = puzzle.board.map((c) => ({ cell: c, key: cellKeyOf(cornersOf(c)) }));
  const voxelOf = new Map(board.map((b) => [b.key, b.cell]));
  const orientations = puzzle.pieces.map((piece) => {
    const seen = new Map<string, Corners[]>();
    for (const m of isometries(!piece.mirror)) {
      const moved = piece.shape.map((c) => cornersOf(c).map(m));
      seen.set(shapeKeyOf(moved), moved);
    }
    return [...seen.values()];
  });
  const filled = new Set<string>();
  const left = puzzle.pieces.map((p) => p.count);
  const placed: { piece: string; keys: string[] }[] = [];
  const out: Solution[] = [];
  const least = (c: Corners): Point => [...c].sort(byCoordinates)[0]!;
  const search = (): void => {
    const at = board.find((b) => !filled.has(b.key));
    if (!at) {
      out.push({ placements: placed.map((p) => ({ piece: p.piece, cells: p.keys.map((k) => voxelOf.get(k)!) })) });
      return;
    }
    const target = cornersOf(at.cell);
    puzzle.pieces.forEach((piece, t) => {
      if (left[t] === 0) return;
      for (const o of orientations[t]!) {
        for (const cell of o) {
          // the move that puts this cell of the orientation on the empty cell, when one does
          const d = add(least(target), least(cell).map((v) => -v) as unknown as Point);
          if (!isEven(d) || cellKeyOf(cell.map((p) => add(p, d))) !== at.key) continue;
          const keys = o.map((c) => cellKeyOf(c.map((p) => add(p, d))));
          if (!keys.every((k) => voxelOf.has(k) && !filled.has(k))) continue;
          keys.forEach((k) => filled.add(k));
          left[t]!--;
          placed.push({ piece: piece.name, keys });
          search();
          placed.pop();
          left[t]!++;
          keys.forEach((k) => filled.delete(k));
        }
      }
    });
  };
  search();
  return out;
}

/** The classes of tilings under the board's symmetries (all 48, or the turns only), pieces told apart by name. */
export function tetraOctaClasses(puzzle: Puzzle, solutions: readonly Solution[], turnsOnly = false): number {
  const cornersOf = (c: Cell): Corners => voxelCorners(c)!;
  const boardCells = puzzle.board.map(cornersOf);
  const boardKey = shapeKeyOf(boardCells);
  const leastEven = (cells: readonly Corners[]): Point => cells.flat().filter(isEven).sort(byCoordinates)[0]!;
  const origin = leastEven(boardCells);
  const maps = isometries(turnsOnly)
    .filter((m) => shapeKeyOf(boardCells.map((c) => c.map(m))) === boardKey)
    .map((m) => {
      const image = leastEven(boardCells.map((c) => c.map(m)));
      const d: Point = [origin[0] - image[0], origin[1] - image[1], origin[2] - image[2]];
      return (p: Point): Point => add(m(p), d);
    });
  const key = (s: Solution, m: (p: Point) => Point): string =>
    s.placements.map((p) => `${p.piece}:${p.cells.map((c) => cellKeyOf(cornersOf(c).map(m))).sort().join(' ')}`).sort().join(' / ');
  return new Set(solutions.map((s) => maps.map((m) => key(s, m)).sort()[0]!)).size;
}

/** A shape's class up to moves and turns (and mirror images with `mirror`), from its cells' corners. */
export function tetraOctaShapeClass(cells: readonly Cell[], mirror: boolean): string {
  const corners = cells.map((c) => voxelCorners(c)!);
  return isometries(!mirror).map((m) => shapeKeyOf(corners.map((c) => c.map(m)))).sort()[0]!;
}

/** True when the two cells share a face (three corners). */
export function tetraOctaTouch(a: Cell, b: Cell): boolean {
  const p = voxelCorners(a)!.map(pointKey);
  return voxelCorners(b)!.filter((q) => p.includes(pointKey(q))).length === 3;
}
