import { cellKey, leastCell } from '../geometry/cell.js';
import { frameCells } from '../puzzle/frame.js';
import { normalizedShapeKey, shapeKeyOn } from '../geometry/grid.js';
import type { Transform } from '../geometry/symmetry.js';
import { applyToShape } from '../geometry/symmetry.js';
import type { BoardIndex } from '../placements/board.js';
import type { Placement } from '../placements/placements.js';
import { colourCodes } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError, hasColourConstraints, pieceMin, puzzleGrid } from '../puzzle/model.js';
import type { WrappedGrid } from '../geometry/wrap.js';
import { isWrapped } from '../geometry/wrap.js';
import type { ColouredOrientation } from '../puzzle/orientations.js';
import { allowedOrientations, colouredKey, colouredOrientations, normalizeColoured } from '../puzzle/orientations.js';

/**
 * A symmetry of the board that maps solutions to solutions: a board cell permutation together with what it
 * does to the pieces. It must map the cells that must be covered onto themselves (and so those that may
 * stay empty), the pieces already placed onto themselves, and each piece's set of allowed orientations
 * onto the set of one piece with the same range of copies: a rotation maps a piece that may turn to
 * itself; a reflection maps a piece that may be turned over to itself, and a one-sided piece to its
 * mirror-image partner; a piece that may not turn, only to itself when its shape is symmetric. A board
 * symmetry that fails any of these maps no solution to a solution, and is not counted.
 */
export interface SolutionSymmetry {
  readonly transform: Transform;
  /** cellMap[c] is the board cell that cell c goes to. */
  readonly cellMap: Int32Array;
  /** inverse of cellMap */
  readonly cellFrom: Int32Array;
  /** pieceMap[i] is the piece that piece i becomes. */
  readonly pieceMap: Int32Array;
}

/** True when `s` moves no cell and no piece (the identity, or a flat board's mirror through its own layer). */
export function isIdentity(s: SolutionSymmetry): boolean {
  return s.cellMap.every((v, i) => v === i) && s.pieceMap.every((v, i) => v === i);
}

/** Which symmetries `--unique` counts: all of them (the default), or the rotations only. */
export type SymmetryChoice = 'all' | 'rotations';

/**
 * The symmetries of the board that map solutions to solutions, identity first (see SolutionSymmetry);
 * with 'rotations', only the rotations (mirror-image solutions are then told apart).
 */
export function solutionSymmetries(puzzle: Puzzle, board: BoardIndex, choice: SymmetryChoice = 'all'): SolutionSymmetry[] {
  const grid = puzzleGrid(puzzle);
  // each piece's orientations, worked out once: every symmetry of the grid is tried against them all. With
  // colour constraints an orientation is its cells with their colours: a turn that maps a piece's shape
  // onto itself but its colours elsewhere (a mirror of a shape symmetric but coloured one-sidedly) maps
  // solutions to no solutions
  const coloured = hasColourConstraints(puzzle);
  const orientations: ColouredOrientation[][] = puzzle.pieces.map((p) =>
    coloured ? colouredOrientations(p, grid) : allowedOrientations(p, grid).map((cells) => ({ cells, colours: [] })));
  const keyOf = (o: ColouredOrientation, t?: Transform): string => {
    if (!t) return coloured ? colouredKey(o) : normalizedShapeKey(o.cells);
    const cells = applyToShape(t, o.cells);
    return coloured ? colouredKey(normalizeColoured(grid, cells, o.colours)) : shapeKeyOn(grid, cells);
  };
  // each piece's orientation keys, made when a comparison first needs them (most symmetries need none)
  const keys: (Set<string> | undefined)[] = [];
  const allowed = (j: number): Set<string> => (keys[j] ??= new Set(orientations[j]!.map((o) => keyOf(o))));
  /**
   * The piece that piece i becomes under t: itself when t maps its allowed orientations onto themselves,
   * else the one other piece whose allowed orientations they become, with the same range of copies. None,
   * or two (one shape under two names), and t is no symmetry (-1).
   *
   * A piece free to turn has as orientations an orbit of the grid's symmetries (or of its rotations, a
   * normal subgroup): t maps such an orbit onto the orbit of the image of any one member, so one image
   * decides whether it lands on another such piece's orientations. Pieces with orientations of their own
   * (a list, or no turning) are compared orientation by orientation.
   */
  const free = puzzle.pieces.map((p) => !p.orientations && p.rotate !== false);
  // A free piece without `mirror` is an orbit of the rotations, and the reflections are one coset of them:
  // every reflection maps the orbit onto the same set, so the first one decides for all (soma's 24
  // reflections cost one shape key a piece, not 24)
  const reflected = new Map<number, number>();
  const imageOf = (t: Transform, i: number): number => {
    // one of the turns that made a free piece's orbit (every symmetry, or the rotations without `mirror`,
    // as allowedOrientations turns it) maps the orbit onto itself: nothing to compare
    if (free[i] && (puzzle.pieces[i]!.mirror || !t.reflects)) return i;
    if (free[i]) {
      const known = reflected.get(i);
      if (known !== undefined) return known;
      const image = imageUnder(t, i);
      reflected.set(i, image);
      return image;
    }
    return imageUnder(t, i);
  };
  const imageUnder = (t: Transform, i: number): number => {
    let same: (j: number) => boolean;
    if (free[i]) {
      const key = keyOf(orientations[i]![0]!, t);
      const images = free.some((f) => !f) ? new Set(orientations[i]!.map((o) => keyOf(o, t))) : undefined;
      same = (j) => allowed(j).size === allowed(i).size && (free[j] ? allowed(j).has(key) : [...images!].every((k) => allowed(j).has(k)));
    } else {
      const images = new Set(orientations[i]!.map((o) => keyOf(o, t)));
      same = (j) => allowed(j).size === images.size && [...images].every((k) => allowed(j).has(k));
    }
    if (same(i)) return i;
    const p = puzzle.pieces[i]!;
    const partners = puzzle.pieces.map((_, j) => j).filter((j) => j !== i && same(j));
    const q = partners.length === 1 ? puzzle.pieces[partners[0]!]! : undefined;
    return q && q.count === p.count && pieceMin(q) === pieceMin(p) ? partners[0]! : -1;
  };
  // a symmetry keeps the cells that may stay empty, and the colour of every cell (with colour constraints):
  // `kind` tells cells apart that no symmetry may swap
  const optional = new Int32Array(board.cells.length);
  if (hasColourConstraints(puzzle)) optional.set(colourCodes(puzzle, board).board.map((code) => 2 * code));
  for (const c of puzzle.optional ?? []) if (board.indexOf(c) >= 0) optional[board.indexOf(c)]! |= 1;
  const pieceIndex = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  const placedKeys = new Set((puzzle.placed ?? []).map((p) => placedKey(pieceIndex.get(p.piece)!, p.cells.map((c) => board.indexOf(c)))));
  const frame = frameCells(puzzle);
  const frameKeys = new Set(frame.map(cellKey));
  const out: SolutionSymmetry[] = [];
  // the pieces' map of a transform; undefined when it is no symmetry of them (a piece maps to none, or the
  // map is not one to one: a one-sided piece whose partner may also be turned over)
  const piecesUnder = (t: Transform): Int32Array | undefined => {
    const pieceMap = Int32Array.from(puzzle.pieces, (_, i) => imageOf(t, i));
    return pieceMap.includes(-1) || new Set(pieceMap).size !== pieceMap.length ? undefined : pieceMap;
  };
  for (const t of grid.symmetries) {
    if (choice === 'rotations' && t.reflects) continue;
    if (isWrapped(grid)) {
      const pieceMap = piecesUnder(t);
      if (!pieceMap) continue;
      for (const cellMap of wrappedCellMaps(grid, board, t, optional)) {
        const cellFrom = new Int32Array(cellMap.length);
        cellMap.forEach((to, from) => { cellFrom[to] = from; });
        out.push({ transform: t, cellMap, cellFrom, pieceMap });
      }
      continue;
    }
    // The board first (it rules out most transforms of most boards, and costs one pass over its cells where
    // the pieces cost a key each): it maps onto itself when its image is a translate of it by a translation
    // of the grid. A translation keeps the order of cells, so it is the one that takes the image's first cell
    // to the board's; then every cell of the image, moved by it, must be a board cell (the image has as many
    // cells as the board, all different: one onto the other).
    const image = board.cells.map((c) => t.apply(c));
    const first = leastCell(image);
    const origin = board.cells[0]!;
    const [sx, sy, sz] = [origin[0] - first[0], origin[1] - first[1], origin[2] - first[2]];
    if (!grid.translates([sx, sy, sz])) continue;
    const cellMap = new Int32Array(board.cells.length);
    let onBoard = true;
    for (let i = 0; i < board.cells.length && onBoard; i++) {
      const c = image[i]!;
      cellMap[i] = board.indexAt(c[0] + sx, c[1] + sy, c[2] + sz);
      onBoard = cellMap[i]! >= 0 && optional[cellMap[i]!] === optional[i];
    }
    if (!onBoard) continue;
    // a frame's walls onto themselves (a box open on top has only the turns about its vertical axis)
    if (frame.length > 0 && !frame.every((c) => {
      const f = t.apply(c);
      return frameKeys.has(cellKey([f[0] + sx, f[1] + sy, f[2] + sz]));
    })) continue;
    const pieceMap = piecesUnder(t);
    if (!pieceMap) continue;
    // the pieces already placed, each onto one of them
    if (puzzle.placed?.some((p) => !placedKeys.has(placedKey(pieceMap[pieceIndex.get(p.piece)!]!, p.cells.map((c) => cellMap[board.indexOf(c)]!))))) continue;
    const cellFrom = new Int32Array(cellMap.length);
    cellMap.forEach((to, from) => { cellFrom[to] = from; });
    out.push({ transform: t, cellMap, cellFrom, pieceMap });
  }
  return out;
}

/** Work allowed for finding the symmetries of a board that wraps (cells checked in all), before refusing. */
const MAX_WRAPPED_SYMMETRY_WORK = 50_000_000;

/**
 * The maps of a wrapped board onto itself made of t and a shift: the image's box aligned with the board's
 * on axes that do not wrap, every shift along those that do. Kept when it is one to one onto the board,
 * keeps the cells that may stay empty, and keeps neighbours neighbours (a turn that takes a wrapped axis
 * to one that does not, or to one of another period, does not).
 */
function wrappedCellMaps(grid: WrappedGrid, board: BoardIndex, t: Transform, optional: Int32Array): Int32Array[] {
  const n = board.cells.length;
  const { x, y, size } = grid.wrap;
  const shifts = (x ? size[0] : 1) * (y ? size[1] : 1);
  if (shifts * n * grid.symmetries.length > MAX_WRAPPED_SYMMETRY_WORK) {
    throw new InvalidPuzzleError(`this board wraps with ${shifts.toLocaleString('en-US')} shifts of ${n.toLocaleString('en-US')} cells: too many symmetries to work out for --unique (count or list all solutions instead)`);
  }
  const image = board.cells.map((c) => t.apply(c));
  const lo = [0, 1, 2].map((i) => Math.min(...image.map((c) => c[i]!)));
  const origin = grid.wrap.origin;
  const out: Int32Array[] = [];
  for (let dy = 0; dy < (y ? size[1] : 1); dy++) {
    for (let dx = 0; dx < (x ? size[0] : 1); dx++) {
      const shift = [origin[0] - lo[0]! + dx, origin[1] - lo[1]! + dy, origin[2] - lo[2]!];
      const cellMap = new Int32Array(n);
      const hit = new Uint8Array(n);
      let ok = true;
      for (let i = 0; i < n && ok; i++) {
        const c = image[i]!;
        const to = board.indexOf(grid.wrapCell([c[0] + shift[0]!, c[1] + shift[1]!, c[2] + shift[2]!]));
        ok = to >= 0 && hit[to] === 0 && optional[to] === optional[i];
        if (ok) {
          cellMap[i] = to;
          hit[to] = 1;
        }
      }
      for (let i = 0; i < n && ok; i++) {
        const around = board.neighbours[cellMap[i]!]!;
        for (const j of board.neighbours[i]!) if (!around.includes(cellMap[j]!)) ok = false;
      }
      if (ok) out.push(cellMap);
    }
  }
  return out;
}

/** A placed piece as a key: its piece and its cells (board numbers), in any order. */
function placedKey(piece: number, cells: readonly number[]): string {
  return `${piece}:${[...cells].sort((x, y) => x - y).join(',')}`;
}

/**
 * A solution as the symmetries see it: the piece type on each board cell, and which cells lie in one
 * placement. Copies of a piece are never told apart (a solution is its set of (piece type, cells)), yet two
 * tilings whose pieces lie differently are: two dominoes side by side and two one above the other cover the
 * same cells with the same type, but not in the same parts. Solutions are compared by their key, the pair
 * (type, least cell of its placement) on each cell in board order: equal keys, equal solutions.
 */
export class Cover {
  /** The piece type on each board cell, -1 on a cell the solution leaves empty. */
  readonly type: Int32Array;
  /** The placement (0..parts-1, in any order) on each board cell. */
  readonly part: Int32Array;
  /** The least cell of each placement. */
  readonly anchor: Int32Array;
  /** The cells of placement k are cells[start[k]] .. cells[start[k + 1] - 1]. */
  readonly cells: Int32Array;
  readonly start: Int32Array;
  /**
   * With colour constraints, the colour of the piece cell on each board cell (0 for none): a piece lying on
   * the same cells with its colours placed otherwise is another solution. `tinted` says the solution set it.
   */
  readonly tint: Int32Array;
  tinted = false;
  parts = 0;
  // The anchors seen through one symmetry (see imageAnchor), worked out when first asked: a comparison
  // usually ends within a few cells. stamp[k] === now marks least[k] as known for the current symmetry.
  private readonly least: Int32Array;
  private readonly stamp: Int32Array;
  private now = 0;
  private map: Int32Array = new Int32Array(0);

  /** A cover of a board of `cellCount` cells, filled by set() (one object serves solution after solution). */
  constructor(cellCount: number) {
    this.type = new Int32Array(cellCount);
    this.part = new Int32Array(cellCount);
    this.cells = new Int32Array(cellCount);
    this.anchor = new Int32Array(cellCount);
    this.start = new Int32Array(cellCount + 1);
    this.tint = new Int32Array(cellCount);
    this.least = new Int32Array(cellCount);
    this.stamp = new Int32Array(cellCount);
  }

  /** Makes this the cover of a solution given as its placements: `typeOf(k)` and `cellsOf(k)` for k < parts. */
  set(parts: number, typeOf: (k: number) => number, cellsOf: (k: number) => ArrayLike<number>, coloursOf?: (k: number) => ArrayLike<number> | undefined): this {
    const n = this.type.length;
    // cells that may stay empty are covered by some solutions only: none may keep the solution before's
    this.type.fill(-1);
    this.tinted = coloursOf !== undefined;
    if (this.tinted) this.tint.fill(0);
    let at = 0;
    for (let k = 0; k < parts; k++) {
      const t = typeOf(k);
      const mine = cellsOf(k);
      const colours = coloursOf?.(k);
      let least = n;
      this.start[k] = at;
      for (let i = 0; i < mine.length; i++) {
        const c = mine[i]!;
        this.type[c] = t;
        if (colours) this.tint[c] = colours[i]!;
        this.part[c] = k;
        this.cells[at++] = c;
        if (c < least) least = c;
      }
      this.anchor[k] = least;
    }
    this.start[parts] = at;
    this.parts = parts;
    // anchors seen through symmetries belong to the solution before
    this.now++;
    return this;
  }

  /** Looks through `s` from now on (see imageAnchor). */
  look(s: SolutionSymmetry): void {
    this.map = s.cellMap;
    this.now++;
  }

  /** The least image, under the symmetry looked through, of placement k's cells. */
  imageAnchor(k: number): number {
    if (this.stamp[k] === this.now) return this.least[k]!;
    let least = Number.MAX_SAFE_INTEGER;
    for (let i = this.start[k]!; i < this.start[k + 1]!; i++) {
      const c = this.map[this.cells[i]!]!;
      if (c < least) least = c;
    }
    this.stamp[k] = this.now;
    this.least[k] = least;
    return least;
  }
}

/** The cover of a solution given as its placements (a new object: for one-off use). */
export function makeCover(cellCount: number, parts: number, typeOf: (k: number) => number, cellsOf: (k: number) => ArrayLike<number>): Cover {
  return new Cover(cellCount).set(parts, typeOf, cellsOf);
}

/**
 * Compares the cover's image under `s` with the cover itself, key by key in board order: negative when
 * the cover is the smaller, 0 when the image is the cover.
 */
function compareWithImage(cover: Cover, s: SolutionSymmetry): number {
  const { type, part, anchor } = cover;
  cover.look(s);
  const from = s.cellFrom;
  const pm = s.pieceMap;
  for (let d = 0; d < type.length; d++) {
    const c = from[d]!;
    const a = type[d]!;
    const there = type[c]!;
    const b = there < 0 ? -1 : pm[there]!;
    if (a !== b) return a - b;
    if (a < 0) continue;
    if (cover.tinted && cover.tint[d] !== cover.tint[c]) return cover.tint[d]! - cover.tint[c]!;
    const anchorHere = anchor[part[d]!]!;
    const anchorThere = cover.imageAnchor(part[c]!);
    if (anchorHere !== anchorThere) return anchorHere - anchorThere;
  }
  return 0;
}

/**
 * True when the cover's key is the least among its images under the given symmetries: exactly one
 * solution of each symmetry class passes.
 */
export function isCanonical(cover: Cover, syms: readonly SolutionSymmetry[]): boolean {
  for (const s of syms) if (compareWithImage(cover, s) > 0) return false;
  return true;
}

/**
 * Finds the image of a placement of one piece (which every symmetry maps to itself) among that piece's
 * placements `mine`: imageOf(i, sym) is the position in `mine` of the image of mine[i], or -1. Placements
 * are found by a Zobrist hash of their cells (a sum of random words: no sorting, numeric keys), and a hit
 * is confirmed cell by cell (and colour by colour, with colour constraints).
 */
function placementImageFinder(placements: readonly Placement[], mine: readonly number[], cellCount: number) {
  const find = placementFinder(placements, mine, cellCount);
  return (i: number, sym: SolutionSymmetry): number => find(placements[mine[i]!]!.cells, sym.cellMap, placements[mine[i]!]!.colours);
}

/**
 * find(cells, map, colours, piece): the position in `mine` of the placement on the cells map[c] for c of
 * `cells` (with those colours, cell for cell, under colour constraints; of that piece, when given), or -1
 * (see placementImageFinder).
 */
function placementFinder(placements: readonly Placement[], mine: readonly number[], cellCount: number) {
  // xorshift32 from a fixed seed: deterministic, so every worker plans the same symmetry breaking
  let seed = 0x2545f491;
  const cellWord = new Int32Array(cellCount);
  for (let c = 0; c < cellCount; c++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    cellWord[c] = seed;
  }
  const index = new Map<number, number[]>();
  mine.forEach((pi, i) => {
    let h = 0;
    for (const c of placements[pi]!.cells) h = (h + cellWord[c]!) | 0;
    const bucket = index.get(h);
    if (bucket) bucket.push(i);
    else index.set(h, [i]);
  });
  const mark = new Int32Array(cellCount);
  // the colours of the image (colour constraints): a placement on the same cells with other colours is another
  const tint = new Int32Array(cellCount);
  let stamp = 0;
  return (cells: ArrayLike<number>, map: Int32Array, colours?: ArrayLike<number>, piece?: number): number => {
    let h = 0;
    for (let j = 0; j < cells.length; j++) h = (h + cellWord[map[cells[j]!]!]!) | 0;
    const bucket = index.get(h);
    if (!bucket) return -1;
    stamp++;
    for (let j = 0; j < cells.length; j++) mark[map[cells[j]!]!] = stamp;
    if (colours) for (let j = 0; j < cells.length; j++) tint[map[cells[j]!]!] = colours[j]!;
    for (const b of bucket) {
      const other = placements[mine[b]!]!;
      let same = other.cells.length === cells.length && (piece === undefined || other.piece === piece);
      for (let j = 0; j < other.cells.length && same; j++) same = mark[other.cells[j]!] === stamp && (!colours || tint[other.cells[j]!] === other.colours![j]);
      if (same) return b;
    }
    return -1;
  };
}

/**
 * The orbits of `count` things under the group that `symmetries` generate, given each one's image under each
 * (imageOf: -1 for none among them): for each thing, the first of its orbit (by union-find over the images).
 */
function orbitRoots(count: number, symmetries: readonly SolutionSymmetry[], imageOf: (i: number, g: SolutionSymmetry) => number): Int32Array {
  const root = Int32Array.from({ length: count }, (_, i) => i);
  const find = (i: number): number => {
    while (root[i] !== i) i = root[i] = root[root[i]!]!;
    return i;
  };
  for (const g of symmetries) {
    for (let i = 0; i < count; i++) {
      const j = imageOf(i, g);
      if (j < 0) continue;
      const [a, b] = [find(i), find(j)];
      if (a !== b) root[Math.max(a, b)] = Math.min(a, b);
    }
  }
  for (let i = 0; i < count; i++) root[i] = find(i);
  return root;
}

/**
 * A few symmetries that generate the group (identity first) by composition: orbits need only their images.
 * The group is closed, so a composition of two of its members is a member: found by the images of a few
 * cells (and the pieces), compared in full only where two members share those (a mirror fixing the first
 * cells), the first listed when two are the same permutation. Comparing whole permutations as strings had
 * cost 21 ms of a rhombic board's 2,256 cells, cold.
 */
function generators(group: readonly SolutionSymmetry[]): SolutionSymmetry[] {
  const cells = group[0]!.cellMap.length;
  const sampled = Math.min(cells, 16);
  const signature = (cellAt: (c: number) => number, pieces: Int32Array): string => {
    const images: number[] = [];
    for (let c = 0; c < sampled; c++) images.push(cellAt(c));
    return `${images.join(',')}|${pieces.join(',')}`;
  };
  const bySignature = new Map<string, number[]>();
  group.forEach((s, i) => {
    const key = signature((c) => s.cellMap[c]!, s.pieceMap);
    let list = bySignature.get(key);
    if (!list) bySignature.set(key, (list = []));
    list.push(i);
  });
  // the member that is a after b (b first)
  const composed = (a: number, b: number): number => {
    const { cellMap: ca, pieceMap: pa } = group[a]!;
    const { cellMap: cb, pieceMap: pb } = group[b]!;
    const pieces = pb.map((q) => pa[q]!);
    const candidates = bySignature.get(signature((c) => ca[cb[c]!]!, pieces)) ?? [];
    if (candidates.length === 1) return candidates[0]!;
    for (const i of candidates) {
      const m = group[i]!.cellMap;
      let same = true;
      for (let c = 0; c < cells && same; c++) same = m[c] === ca[cb[c]!];
      if (same) return i;
    }
    throw new Error('generators: the symmetries are not closed under composition');
  };
  const gens: number[] = [];
  let reached = new Set<number>([0]);
  for (let s = 0; s < group.length; s++) {
    // (a member listed twice, as a flat board's mirror through its own layer is the identity, is found as
    // its first listing)
    if (reached.has(composed(s, 0))) continue;
    gens.push(s);
    // the subgroup the generators make so far: everything reached from the identity
    reached = new Set([0]);
    const queue = [0];
    while (queue.length > 0) {
      const t = queue.pop()!;
      for (const g of gens) {
        const c = composed(g, t);
        if (!reached.has(c)) {
          reached.add(c);
          queue.push(c);
        }
      }
    }
  }
  return gens.map((i) => group[i]!);
}

/**
 * How `--unique` finds one solution per symmetry class. Knuth's trick: pick a piece that every symmetry maps
 * to itself and keep one placement of it per orbit of its placements; every class of solutions then has a
 * member with that piece on a kept placement. Where a kept placement is itself symmetric (its stabilizer is
 * more than the identity), several members of one class keep it, so those solutions are filtered by a
 * canonical-form test under the stabilizer alone. With no such piece, every solution is filtered under the
 * whole group (exact, but the search is not smaller).
 */
export interface SymmetryBreaking {
  /** Size of the group of symmetries that map solutions to solutions. */
  readonly groupSize: number;
  /** The restricted piece, or -1. */
  readonly piece: number;
  /** Which placements the search may use. */
  readonly keep: Uint8Array;
  /** For kept placements of the restricted piece with a non-trivial stabilizer: the symmetries to filter by. */
  readonly stabilizers: ReadonlyMap<number, readonly SolutionSymmetry[]>;
  /** The whole group (without the identity), used when no piece is restricted. */
  readonly group: readonly SolutionSymmetry[];
  /**
   * Set when no piece is restricted but the placements over one cell are (see cellBreaking): a solution is
   * filtered by canonical form among its images whose placement over that cell is kept (see admissible).
   */
  readonly overCell?: AdmissibleImages;
  readonly description: string;
}

/** The images of a solution whose placement over the restricted cell is kept (SymmetryBreaking.overCell). */
export interface AdmissibleImages {
  /**
   * The symmetries (the identity left out) under which the image of the solution whose placement over each
   * board cell `placementAt` gives has a kept placement over the restricted cell.
   */
  admissible(placementAt: (cell: number) => { readonly piece: number; readonly cells: ArrayLike<number> } | undefined): SolutionSymmetry[];
}

/**
 * `weight(piece)` scales the cost of restricting a piece (its kept placements, a symmetric one counting a
 * little more): the caller's say in which piece is best placed first.
 */
export function planSymmetryBreaking(
  puzzle: Puzzle,
  placements: readonly Placement[],
  syms: readonly SolutionSymmetry[],
  weight: (piece: number) => number = () => 1,
  /** The board cells that may stay empty (their numbers): the rest are covered by every solution. */
  mayStayEmpty: ArrayLike<number> = [],
): SymmetryBreaking {
  const keepAll = new Uint8Array(placements.length).fill(1);
  const others = syms.filter((s) => !isIdentity(s));
  const base = { groupSize: syms.length, group: others };
  if (others.length === 0) {
    return { ...base, piece: -1, keep: keepAll, stabilizers: new Map(), description: 'the board has no symmetry that maps solutions to solutions' };
  }
  const byPiece = puzzle.pieces.map((): number[] => []);
  placements.forEach((pl, i) => byPiece[pl.piece]!.push(i));
  const gens = generators(syms);
  let best: { piece: number; root: Int32Array; imageOf: (i: number, g: SolutionSymmetry) => number; cost: number } | undefined;
  // A piece keeps at least one placement per |group| (an orbit is no larger than the group): candidates are
  // tried from the least such bound, and the rest skipped once the bound passes the best cost found.
  const bound = (piece: number): number => (byPiece[piece]!.length / syms.length) * weight(piece);
  const candidates = puzzle.pieces
    .map((_, piece) => piece)
    .filter((piece) => puzzle.pieces[piece]!.count === 1 && pieceMin(puzzle.pieces[piece]!) === 1 && byPiece[piece]!.length > 0 && others.every((s) => s.pieceMap[piece] === piece))
    .sort((a, b) => bound(a) - bound(b) || a - b);
  for (const piece of candidates) {
    if (best && bound(piece) >= best.cost) break;
    const mine = byPiece[piece]!;
    const imageOf = placementImageFinder(placements, mine, syms[0]!.cellMap.length);
    // Orbits are the classes joined by the generators' images; each keeps its first placement.
    const root = orbitRoots(mine.length, gens, imageOf);
    // Each orbit keeps its first placement, whose stabilizer has |group| / |orbit| members (orbit-stabilizer;
    // the symmetries that move no cell are in every stabilizer): counted without a test for each symmetry,
    // which only the piece chosen needs.
    const orbitSize = new Int32Array(mine.length);
    for (let i = 0; i < mine.length; i++) orbitSize[root[i]!]!++;
    const still = syms.length - others.length;
    let cost = 0;
    for (let i = 0; i < mine.length; i++) if (orbitSize[i]! > 0) cost += 1 + (syms.length / orbitSize[i]! - still) / syms.length;
    // The restricted piece is placed first, so the search is about one subtree per kept placement: the
    // fewest win (the most constrained piece, X in the pentominoes); then the fewest symmetric ones.
    cost *= weight(piece);
    if (!best || cost < best.cost) best = { piece, root, imageOf, cost };
  }
  if (!best) return cellBreaking(puzzle, placements, syms, mayStayEmpty) ?? {
    ...base, piece: -1, keep: keepAll, stabilizers: new Map(), description: `no piece is fixed by all ${syms.length} symmetries: filtering each solution by canonical form`,
  };
  // the piece chosen: its kept placements, and the stabilizers of the symmetric ones
  const { piece, root, imageOf } = best;
  const mine = byPiece[piece]!;
  const keep = keepAll.slice();
  const stabilizers = new Map<number, SolutionSymmetry[]>();
  mine.forEach((pi, i) => {
    if (root[i] !== i) {
      keep[pi] = 0;
      return;
    }
    const stab = others.filter((g) => imageOf(i, g) === i);
    if (stab.length > 0) stabilizers.set(pi, stab);
  });
  const kept = mine.filter((pi) => keep[pi]).length;
  return {
    ...base,
    piece,
    keep,
    stabilizers,
    description: `${syms.length} symmetries; piece ${puzzle.pieces[piece]!.name} restricted to ${kept} of its ${mine.length} placements` +
      (stabilizers.size > 0 ? ` (${stabilizers.size} of them symmetric, filtered by canonical form)` : ''),
  };
}

/**
 * Symmetry breaking where no piece is fixed by every symmetry and used in every solution (pieces chosen
 * from a set, as in BurrTools' Solid Six-Piece Burrs; one-sided pieces in mirror pairs, which a reflection
 * swaps): a cell c that every solution covers is fixed by a subgroup H of the symmetries (its stabilizer),
 * and the placements over c (of any piece) are kept one per orbit under H. Every class keeps a member
 * whose placement over c is kept (H moves a member's to its orbit's kept one). Other members can have a
 * kept placement over c too (a symmetry outside H brings the placement over another cell there), so each
 * solution is filtered by canonical form among its images whose placement over c is kept: exactly the
 * least of those is accepted. The cell with the largest stabilizer is chosen (the fewest placements over it
 * among those); undefined when every cell that must be covered is moved by every symmetry but the
 * identity, or with colour constraints.
 */
function cellBreaking(puzzle: Puzzle, placements: readonly Placement[], syms: readonly SolutionSymmetry[], mayStayEmpty: ArrayLike<number>): SymmetryBreaking | undefined {
  if (hasColourConstraints(puzzle)) return undefined;
  const others = syms.filter((s) => !isIdentity(s));
  const cellCount = syms[0]!.cellMap.length;
  const optional = new Uint8Array(cellCount);
  for (let i = 0; i < mayStayEmpty.length; i++) optional[mayStayEmpty[i]!] = 1;
  const over: number[][] = Array.from({ length: cellCount }, () => []);
  placements.forEach((pl, i) => {
    for (const c of pl.cells) over[c]!.push(i);
  });
  let cell = -1;
  let fixing: SolutionSymmetry[] = [];
  for (let c = 0; c < cellCount; c++) {
    if (optional[c] || over[c]!.length === 0) continue;
    const stab = others.filter((g) => g.cellMap[c] === c);
    if (stab.length > fixing.length || (stab.length === fixing.length && stab.length > 0 && over[c]!.length < over[cell]!.length)) {
      cell = c;
      fixing = stab;
    }
  }
  if (cell < 0) return undefined;
  const mine = over[cell]!;
  const finder = placementFinder(placements, mine, cellCount);
  // the image of placement mine[i] under g: the placement of piece g(piece) on the cells g(cells), among mine
  const imageOf = (piece: number, cells: ArrayLike<number>, g: SolutionSymmetry): number => finder(cells, g.cellMap, undefined, g.pieceMap[piece]!);
  const root = orbitRoots(mine.length, fixing, (i, g) => imageOf(placements[mine[i]!]!.piece, placements[mine[i]!]!.cells, g));
  const keep = new Uint8Array(placements.length).fill(1);
  let kept = 0;
  mine.forEach((pi, i) => {
    if (root[i] !== i) keep[pi] = 0;
    else kept++;
  });
  const overCell: AdmissibleImages = {
    admissible(placementAt) {
      const out: SolutionSymmetry[] = [];
      for (const g of others) {
        // the placement that g brings over the cell: the one over the cell g takes there
        const from = placementAt(g.cellFrom[cell]!);
        const j = from ? imageOf(from.piece, from.cells, g) : -1;
        if (j >= 0 && keep[mine[j]!]) out.push(g);
      }
      return out;
    },
  };
  return {
    groupSize: syms.length,
    group: others,
    piece: -1,
    keep,
    stabilizers: new Map(),
    overCell,
    description: `${syms.length} symmetries, no piece fixed by all of them and used in every solution: the placements over a cell that ${fixing.length + 1} of them fix ` +
      `restricted to ${kept} of ${mine.length}, each solution filtered by canonical form among its images that keep theirs`,
  };
}

/**
 * The symmetry breaking taken one piece further where the first piece's kept placement is symmetric: there
 * the solutions that keep it fall into classes under its stabilizer S, and a second piece (one copy, used,
 * mapped to itself by S) is kept on one placement of each orbit of S among its placements, so that the
 * search enters a fraction of that subtree rather than all of it before the canonical-form filter. Each
 * class still has a member on kept placements of both (the class's members with the second piece on a kept
 * placement are one orbit of that placement's stabilizer in S); where that stabilizer is more than the
 * identity, solutions are filtered under it alone. In the flat 3x4x5 pentacube box, X's kept placements are
 * 11, 10 of them symmetric: the second piece placed first, I, is cut to its orbits under 9 of them, and the
 * search visits 64 million nodes rather than 96 million.
 */
export interface SecondRestriction {
  /** The second piece. */
  readonly piece: number;
  /** For each symmetric kept placement of the first piece: the placements of the second kept with it. */
  readonly keptWith: ReadonlyMap<number, readonly number[]>;
  /** For a symmetric kept placement p of the first piece and a kept q of the second: the symmetries of p's stabilizer that also fix q (none listed: none). */
  readonly stabilizers: ReadonlyMap<number, ReadonlyMap<number, readonly SolutionSymmetry[]>>;
}

/**
 * The second piece `second` restricted under each symmetric kept placement of `plan`'s piece (see
 * SecondRestriction), among the placements not marked `dead`; undefined when it restricts nothing.
 */
export function restrictSecond(plan: SymmetryBreaking, placements: readonly Placement[], second: number, dead: Uint8Array): SecondRestriction | undefined {
  if (plan.piece < 0 || second === plan.piece || plan.stabilizers.size === 0) return undefined;
  const mine: number[] = [];
  placements.forEach((pl, i) => {
    if (pl.piece === second && !dead[i]) mine.push(i);
  });
  if (mine.length === 0) return undefined;
  const imageOf = placementImageFinder(placements, mine, plan.group[0]!.cellMap.length);
  const keptWith = new Map<number, number[]>();
  const stabilizers = new Map<number, Map<number, SolutionSymmetry[]>>();
  let cut = false;
  for (const [first, stab] of plan.stabilizers) {
    if (dead[first] || stab.some((g) => g.pieceMap[second] !== second)) continue;
    // each orbit under the stabilizer keeps its first placement, with the symmetries that fix it (an image
    // not among the live placements joins nothing: with one of its orbit dead, no solution under this first
    // placement has the orbit's, as the solutions under it are closed under the stabilizer)
    const root = orbitRoots(mine.length, stab, imageOf);
    const kept: number[] = [];
    const fixing = new Map<number, SolutionSymmetry[]>();
    for (let i = 0; i < mine.length; i++) {
      if (root[i] !== i) continue;
      kept.push(mine[i]!);
      const still = stab.filter((g) => imageOf(i, g) === i);
      if (still.length > 0) fixing.set(mine[i]!, still);
    }
    if (kept.length === mine.length) continue;
    cut = true;
    keptWith.set(first, kept);
    stabilizers.set(first, fixing);
  }
  return cut ? { piece: second, keptWith, stabilizers } : undefined;
}

/**
 * How many symmetries of `group` (which includes the identity) map the solution onto itself: its class
 * has group.length / that many members (orbit-stabilizer), counted without building them.
 */
export function stabilizerSize(cover: Cover, group: readonly SolutionSymmetry[]): number {
  let size = 0;
  for (const s of group) if (compareWithImage(cover, s) === 0) size++;
  return size;
}

/**
 * The symmetries (from `group`, which includes the identity) that give the distinct members of a
 * solution's class: one per member, identity first. The class has group.length / stabilizer size members.
 */
export function orbitRepresentatives(cover: Cover, group: readonly SolutionSymmetry[]): SolutionSymmetry[] {
  const seen = new Set<string>();
  const out: SolutionSymmetry[] = [];
  const key = new Float64Array(3 * cover.type.length);
  for (const s of group) {
    cover.look(s);
    const from = s.cellFrom;
    for (let d = 0; d < cover.type.length; d++) {
      const c = from[d]!;
      const t = cover.type[c]!;
      key[3 * d] = t < 0 ? -1 : s.pieceMap[t]!;
      key[3 * d + 1] = t < 0 ? -1 : cover.imageAnchor(cover.part[c]!);
      key[3 * d + 2] = cover.tinted ? cover.tint[c]! : 0;
    }
    const k = key.join(',');
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(s);
  }
  return out;
}
