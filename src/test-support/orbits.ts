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

/**
 * The shapes a piece may take, each as its cells: those listed; the shape as drawn (and its left-right
 * mirror image, with mirror) when it may not turn; else every rotation, and every reflection with mirror.
 */
function shapesOf(piece: Puzzle['pieces'][number], flat: boolean): Point[][] {
  const seen = new Map<string, Point[]>();
  const add = (cells: Point[]): void => {
    const k = shapeOf(cells);
    if (!seen.has(k)) seen.set(k, cells);
  };
  if (piece.orientations) for (const o of piece.orientations) add([...o]);
  else if (piece.rotate === false) {
    add([...piece.shape]);
    if (piece.mirror) add(piece.shape.map((c) => [-c[0], c[1], c[2]] as Point));
  } else {
    for (const m of isometries(flat)) if (piece.mirror || !m.reflects) add(piece.shape.map((c) => m.apply(c)));
  }
  return [...seen.values()];
}

/**
 * Every solution, by backtracking on the first undecided cell in reading order: a piece with copies left
 * covers it, or, when it may stay empty, it stays empty. Pieces already placed are on the board from the
 * start (and in every solution, marked given); at the end every piece is within its range and, with
 * `use`, the pieces number `use`.
 */
export function allTilings(puzzle: Puzzle): Solution[] {
  const flat = puzzle.dims === 2;
  // each orientation anchored at its first cell in reading order (z, y, x), so it can be put on an empty cell
  const orientations = puzzle.pieces.map((piece) => shapesOf(piece, flat).map((cells) => {
    const sorted = [...cells].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
    const first = sorted[0]!;
    return sorted.map((c) => [c[0] - first[0], c[1] - first[1], c[2] - first[2]] as Point);
  }));
  const board = [...puzzle.board].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
  const onBoard = new Set(board.map(key));
  const mayStayEmpty = new Set((puzzle.optional ?? []).map(key));
  const filled = new Set<string>();
  const left = puzzle.pieces.map((p) => p.count);
  const given = (puzzle.placed ?? []).map((p) => ({ piece: p.piece, cells: [...p.cells], given: true as const }));
  for (const g of given) {
    for (const c of g.cells) filled.add(key(c));
    left[puzzle.pieces.findIndex((p) => p.name === g.piece)]!--;
  }
  const placed: { piece: string; cells: Point[] }[] = [];
  const out: Solution[] = [];
  const finished = (): boolean =>
    puzzle.pieces.every((p, t) => p.count - left[t]! >= (p.min ?? p.count)) &&
    (puzzle.use === undefined || given.length + placed.length === puzzle.use);
  const search = (from: number): void => {
    let i = from;
    while (i < board.length && filled.has(key(board[i]!))) i++;
    if (i === board.length) {
      if (finished()) out.push({ placements: [...given, ...placed.map((p) => ({ piece: p.piece, cells: [...p.cells] }))] });
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
    if (mayStayEmpty.has(key(at))) {
      filled.add(key(at));
      search(i + 1);
      filled.delete(key(at));
    }
  };
  search(0);
  return out;
}

/**
 * The classes of a set of solutions under the symmetries of the puzzle: their number, and the class of a
 * solution (the least key among its images). A symmetry of the puzzle is an isometry of the board that
 * keeps the cells that may stay empty, maps each type's set of shapes onto the set of one type with the
 * same range of copies (itself, or for a one-sided piece under a reflection the one type of its mirror
 * image; none or two, and it is no symmetry), and maps the pieces already placed onto themselves. Given all
 * the solutions, each such symmetry is checked to map the set onto itself (else this throws: the puzzle's
 * symmetries would not be the solutions'); `representatives` says the solutions are only some of them.
 */
export function orbitClasses(
  puzzle: Puzzle,
  solutions: readonly Solution[],
  options: { representatives?: boolean; rotationsOnly?: boolean } = {},
): { count: number; classOf: (s: Solution) => string; symmetries: number } {
  const flat = puzzle.dims === 2;
  const cellNumber = new Map(puzzle.board.map((c, i) => [key(c), i]));
  const lo = [0, 1, 2].map((i) => Math.min(...puzzle.board.map((c) => c[i]!)));
  // a solution's cells numbered through a table over the board's box (a solution has many cells; keys
  // would be a string each), or through the keys when the box is too large for a table
  const boxSize = [0, 1, 2].map((i) => Math.max(...puzzle.board.map((c) => c[i]!)) - lo[i]! + 1);
  const inBox = boxSize[0]! * boxSize[1]! * boxSize[2]! <= 1 << 24 ? new Int32Array(boxSize[0]! * boxSize[1]! * boxSize[2]!).fill(-1) : undefined;
  if (inBox) puzzle.board.forEach((c, i) => { inBox[(c[0] - lo[0]!) + boxSize[0]! * ((c[1] - lo[1]!) + boxSize[1]! * (c[2] - lo[2]!))] = i; });
  const numberOf = (c: Point): number => {
    if (!inBox) return cellNumber.get(key(c))!;
    const [x, y, z] = [c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!];
    const i = x >= 0 && y >= 0 && z >= 0 && x < boxSize[0]! && y < boxSize[1]! && z < boxSize[2]! ? inBox[x + boxSize[0]! * (y + boxSize[1]! * z)]! : -1;
    return i >= 0 ? i : cellNumber.get(key(c))!;
  };
  const moves = isometries(flat);
  const typeNumber = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  const shapes = puzzle.pieces.map((piece) => shapesOf(piece, flat));
  const shapeSets = shapes.map((list) => new Set(list.map(shapeOf)));
  const mayStayEmpty = new Set((puzzle.optional ?? []).map((c) => cellNumber.get(key(c))!));
  /** A solution as numbers: each placement its type and board cell numbers. */
  const numbered = (s: Solution): { type: number; cells: number[] }[] =>
    s.placements.map((p) => ({ type: typeNumber.get(p.piece)!, cells: p.cells.map(numberOf) }));
  // A set of placements that share no cell, as each board cell's owner: its type and the least cell of its
  // placement (which tells copies of one type apart), 0 where no placement lies; under a symmetry g, the
  // image's. Two such sets have the same key exactly when they are the same set.
  const cellCount = puzzle.board.length;
  const narrow = puzzle.pieces.length * cellCount + 1 <= 0xffff;
  type Moved = { readonly cells: ArrayLike<number>; readonly types: ArrayLike<number> };
  const identity: Moved = { cells: Int32Array.from({ length: cellCount }, (_, i) => i), types: puzzle.pieces.map((_, i) => i) };
  // (one buffer for every key: a key is built, read into a string, and the buffer cleared)
  const owner = narrow ? new Uint16Array(cellCount) : new Uint32Array(cellCount);
  const keyOf = (placements: { type: number; cells: number[] }[], g: Moved = identity): string => {
    owner.fill(0);
    for (const p of placements) {
      let least = cellCount;
      for (const c of p.cells) least = Math.min(least, g.cells[c]!);
      const code = g.types[p.type]! * cellCount + least + 1;
      for (const c of p.cells) owner[g.cells[c]!] = code;
    }
    if (!narrow) return owner.join(',');
    let key = '';
    for (let i = 0; i < cellCount; i += 4096) key += String.fromCharCode(...owner.subarray(i, i + 4096));
    return key;
  };
  const given = numbered({ placements: puzzle.placed ?? [] });
  const givenKeys = new Set(given.map((g) => keyOf([g])));
  const sameRange = (a: number, b: number): boolean =>
    puzzle.pieces[a]!.count === puzzle.pieces[b]!.count && (puzzle.pieces[a]!.min ?? puzzle.pieces[a]!.count) === (puzzle.pieces[b]!.min ?? puzzle.pieces[b]!.count);
  type Symmetry = { cells: Int32Array; types: number[] };
  const symmetries: Symmetry[] = [];
  for (const m of moves) {
    if (options.rotationsOnly && m.reflects) continue;
    const moved = puzzle.board.map((c) => m.apply(c));
    const shift = [0, 1, 2].map((i) => lo[i]! - Math.min(...moved.map((c) => c[i]!)));
    const cells = Int32Array.from(moved, (p) => cellNumber.get(key([p[0] + shift[0]!, p[1] + shift[1]!, p[2] + shift[2]!])) ?? -1);
    if (cells.includes(-1) || [...cells].some((to, from) => mayStayEmpty.has(to) !== mayStayEmpty.has(from))) continue;
    const types = shapes.map((list, t) => {
      const images = new Set(list.map((cs) => shapeOf(cs.map((c) => m.apply(c)))));
      const same = (j: number): boolean => shapeSets[j]!.size === images.size && [...images].every((k) => shapeSets[j]!.has(k));
      if (same(t)) return t;
      const partners = shapes.map((_, j) => j).filter((j) => j !== t && same(j));
      return partners.length === 1 && sameRange(t, partners[0]!) ? partners[0]! : -1;
    });
    if (types.includes(-1) || new Set(types).size !== types.length) continue;
    const g = { cells, types };
    if (!given.every((p) => givenKeys.has(keyOf([p], g)))) continue;
    symmetries.push(g);
  }
  if (!options.representatives) {
    const all = new Set(solutions.map((s) => keyOf(numbered(s))));
    for (const s of solutions) {
      const placements = numbered(s);
      if (symmetries.some((g) => !all.has(keyOf(placements, g)))) throw new Error('a symmetry of the puzzle maps a solution out of the solution set');
    }
  }
  const classOf = (s: Solution): string => {
    const placements = numbered(s);
    let least = keyOf(placements, symmetries[0]);
    for (let i = 1; i < symmetries.length; i++) {
      const key = keyOf(placements, symmetries[i]);
      if (key < least) least = key;
    }
    return least;
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
