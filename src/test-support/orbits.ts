/**
 * Counting by hand, for tests: every tiling of a small board by plain backtracking, and the number of
 * tilings up to the board's symmetries by applying every symmetry to the whole solution set. Nothing here
 * comes from the search or from src/geometry: its own transforms, its own orientations, its own keys, so
 * that a bug there cannot hide itself here.
 */
import type { Puzzle, Solution } from '../puzzle/model.js';

type Point = readonly [number, number, number];

const key = (p: Point): string => `${p[0]},${p[1]},${p[2]}`;

/** The 48 signed permutations of three axes (8 of them keep z when `flat`), with their determinant. */
function isometries(flat: boolean): { apply: (p: Point) => Point; reflects: boolean }[] {
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const permSign = [1, -1, -1, 1, 1, -1];
  const out: { apply: (p: Point) => Point; reflects: boolean }[] = [];
  perms.forEach((perm, pi) => {
    if (flat && perm[2] !== 2) return;
    for (let signs = 0; signs < 8; signs++) {
      const sign = [signs & 1 ? -1 : 1, signs & 2 ? -1 : 1, signs & 4 ? -1 : 1];
      if (flat && sign[2] === -1) continue;
      const det = permSign[pi]! * sign[0]! * sign[1]! * sign[2]!;
      out.push({ apply: (p) => [sign[0]! * p[perm[0]!]!, sign[1]! * p[perm[1]!]!, sign[2]! * p[perm[2]!]!], reflects: det < 0 });
    }
  });
  return out;
}

/** Cells moved so that their least x, y and z are 0, as a sorted key. */
function shapeOf(cells: readonly Point[]): string {
  const lo = [0, 1, 2].map((i) => Math.min(...cells.map((c) => c[i]!)));
  return cells.map((c) => key([c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!])).sort().join(' ');
}

/** A tiling as a set: each placement as "type:cells", sorted; copies of a type are not told apart. */
export function tilingKey(solution: Solution): string {
  return solution.placements.map((p) => `${p.piece}:${p.cells.map(key).sort().join(' ')}`).sort().join(' | ');
}

/** Every tiling of the board by the pieces (each used exactly its count), by backtracking on the first empty cell. */
export function allTilings(puzzle: Puzzle): Solution[] {
  const flat = puzzle.dims === 2;
  const moves = isometries(flat);
  const orientations = puzzle.pieces.map((piece) => {
    const seen = new Map<string, Point[]>();
    for (const m of moves) {
      if (m.reflects && !piece.mirror) continue;
      const cells = piece.shape.map((c) => m.apply(c));
      const k = shapeOf(cells);
      if (!seen.has(k)) seen.set(k, cells);
    }
    // each orientation anchored at its first cell in reading order (z, y, x), so it can be put on an empty cell
    return [...seen.values()].map((cells) => {
      const sorted = [...cells].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
      const first = sorted[0]!;
      return sorted.map((c) => [c[0] - first[0], c[1] - first[1], c[2] - first[2]] as Point);
    });
  });
  const board = [...puzzle.board].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
  const onBoard = new Set(board.map(key));
  const filled = new Set<string>();
  const left = puzzle.pieces.map((p) => p.count);
  const placed: { piece: string; cells: Point[] }[] = [];
  const out: Solution[] = [];
  const search = (from: number): void => {
    let i = from;
    while (i < board.length && filled.has(key(board[i]!))) i++;
    if (i === board.length) {
      if (left.every((n) => n === 0)) out.push({ placements: placed.map((p) => ({ piece: p.piece, cells: [...p.cells] })) });
      return;
    }
    const at = board[i]!;
    puzzle.pieces.forEach((piece, t) => {
      if (left[t] === 0) return;
      for (const o of orientations[t]!) {
        const cells = o.map((c) => [c[0] + at[0], c[1] + at[1], c[2] + at[2]] as Point);
        if (!cells.every((c) => onBoard.has(key(c)) && !filled.has(key(c)))) continue;
        cells.forEach((c) => filled.add(key(c)));
        left[t]!--;
        placed.push({ piece: piece.name, cells });
        search(i + 1);
        placed.pop();
        left[t]!++;
        cells.forEach((c) => filled.delete(key(c)));
      }
    });
  };
  search(0);
  return out;
}

/**
 * The classes of the solution set under the symmetries of the board that map the set onto itself: their
 * number, and the class of a solution (the least key among its images). A symmetry moves every
 * placement's cells; a reflection gives a one-sided piece the type whose shapes include the mirrored one
 * (its own when it has one). A symmetry that takes some solution out of the set is not one.
 */
export function orbitClasses(
  puzzle: Puzzle,
  solutions: readonly Solution[],
  /**
   * `representatives`: the solutions are some of the set, not all (one per class, say): the symmetries
   * are then those whose map of types keeps every type's count, the ones that map the whole set onto itself.
   */
  options: { representatives?: boolean } = {},
): { count: number; classOf: (s: Solution) => string; symmetries: number } {
  const flat = puzzle.dims === 2;
  const cellNumber = new Map(puzzle.board.map((c, i) => [key(c), i]));
  const lo = [0, 1, 2].map((i) => Math.min(...puzzle.board.map((c) => c[i]!)));
  const moves = isometries(flat);
  const typeNumber = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  // the shapes each type may take, to name the type of a mirrored piece
  const shapesOf = puzzle.pieces.map((piece) => new Set(moves.filter((m) => piece.mirror || !m.reflects).map((m) => shapeOf(piece.shape.map((c) => m.apply(c))))));
  /** A solution as numbers: each placement its type and board cell numbers. */
  const numbered = (s: Solution): { type: number; cells: number[] }[] =>
    s.placements.map((p) => ({ type: typeNumber.get(p.piece)!, cells: p.cells.map((c) => cellNumber.get(key(c))!) }));
  const keyOf = (placements: { type: number; cells: number[] }[]): string =>
    placements.map((p) => `${p.type}:${[...p.cells].sort((a, b) => a - b).join(' ')}`).sort().join(' | ');
  // each candidate symmetry as a permutation of the board's cells and a map of the types
  const candidates: { cells: Int32Array; types: number[] }[] = [];
  for (const m of moves) {
    const moved = puzzle.board.map((c) => m.apply(c));
    const shift = [0, 1, 2].map((i) => lo[i]! - Math.min(...moved.map((c) => c[i]!)));
    const cells = Int32Array.from(moved, (p) => cellNumber.get(key([p[0] + shift[0]!, p[1] + shift[1]!, p[2] + shift[2]!])) ?? -1);
    if (cells.includes(-1)) continue;
    const types = puzzle.pieces.map((piece, t) => {
      if (!m.reflects || piece.mirror) return t;
      const shape = shapeOf(piece.shape.map((c) => m.apply(c)));
      if (shapesOf[t]!.has(shape)) return t;
      // the one other type that may take the mirrored shape; with none, or two (one shape under two
      // names), the reflection names no type
      const partners = shapesOf.map((set, j) => (j !== t && set.has(shape) ? j : -1)).filter((j) => j >= 0);
      return partners.length === 1 ? partners[0]! : -1;
    });
    if (!types.includes(-1) && new Set(types).size === types.length) candidates.push({ cells, types });
  }
  const image = (g: { cells: Int32Array; types: number[] }, placements: { type: number; cells: number[] }[]): string =>
    keyOf(placements.map((p) => ({ type: g.types[p.type]!, cells: p.cells.map((c) => g.cells[c]!) })));
  const all = new Set(solutions.map((s) => keyOf(numbered(s))));
  const counts = puzzle.pieces.map((p) => p.count);
  const symmetries = options.representatives
    ? candidates.filter((g) => g.types.every((t, i) => counts[t] === counts[i]))
    : candidates.filter((g) => solutions.every((s) => all.has(image(g, numbered(s)))));
  const classOf = (s: Solution): string => {
    const placements = numbered(s);
    return symmetries.map((g) => image(g, placements)).sort()[0]!;
  };
  return { count: new Set(solutions.map(classOf)).size, classOf, symmetries: symmetries.length };
}

/** A key equal for two shapes exactly when one is the other moved, turned or (with `mirror`) turned over. */
export function shapeClass(cells: readonly Point[], mirror: boolean, flat: boolean): string {
  return isometries(flat).filter((m) => mirror || !m.reflects).map((m) => shapeOf(cells.map((c) => m.apply(c)))).sort()[0]!;
}

/**
 * The size of the plain search's tree, counted by hand for tests of the difficulty figure: backtracking
 * that fills the first empty cell in reading order (z, y, x) with every piece that has a copy left, in
 * every orientation anchored at its first cell, pruning nothing. `nodes` counts the pieces put down over
 * the whole tree, `deadEnds` the positions with an empty cell that nothing fits, `solutions` the full
 * boards. Exact packings only (every cell covered, every copy used).
 */
export function plainSearchTree(puzzle: Puzzle): { nodes: number; solutions: number; deadEnds: number } {
  const moves = isometries(puzzle.dims === 2);
  const anchored = puzzle.pieces.map((piece) => {
    const shapes = new Map<string, Point[]>();
    for (const m of moves) {
      if (m.reflects && !piece.mirror) continue;
      const cells = piece.shape.map((c) => m.apply(c));
      shapes.set(shapeOf(cells), cells);
    }
    return [...shapes.values()].map((cells) => {
      const first = [...cells].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0])[0]!;
      return cells.map((c) => [c[0] - first[0], c[1] - first[1], c[2] - first[2]] as Point);
    });
  });
  const order = [...puzzle.board].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
  const free = new Set(order.map(key));
  const copies = puzzle.pieces.map((p) => p.count);
  let nodes = 0;
  let solutions = 0;
  let deadEnds = 0;
  const walk = (): void => {
    const at = order.find((c) => free.has(key(c)));
    if (!at) {
      solutions++;
      return;
    }
    let moved = false;
    anchored.forEach((shapes, t) => {
      if (copies[t] === 0) return;
      for (const shape of shapes) {
        const cells = shape.map((c) => key([c[0] + at[0], c[1] + at[1], c[2] + at[2]]));
        if (!cells.every((k) => free.has(k))) continue;
        moved = true;
        nodes++;
        cells.forEach((k) => free.delete(k));
        copies[t]!--;
        walk();
        copies[t]!++;
        cells.forEach((k) => free.add(k));
      }
    });
    if (!moved) deadEnds++;
  };
  walk();
  return { nodes, solutions, deadEnds };
}
