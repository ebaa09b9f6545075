/**
 * Each engine's input, built from the puzzle as the search sees it (its pieces placed before taken off:
 * see withoutPlaced), its board index and its placements. The engines know numbers and bit words only
 * (cells as numbers, placements as lists of them, pieces as counts and sizes); these builders are the one
 * place that turns a puzzle into those numbers, one builder per engine, so that every caller (the compile
 * step, the challenges, the analysis, the benchmark) hands an engine the same input for the same puzzle.
 */
import type { Cell } from '../geometry/cell.js';
import { extent } from '../geometry/cell.js';
import type { PackingSpec } from '../engines/bitboard.js';
import type { ExactCoverSpec } from '../engines/dlx.js';
import type { CountingSpec } from '../engines/frontier-count.js';
import type { PlainSpec } from '../engines/plain.js';
import { PlainSearch } from '../engines/plain.js';
import type { RectSpec } from '../engines/rect.js';
import type { BoardIndex } from '../placements/board.js';
import type { Placement, PlacementTable } from '../placements/placements.js';
import { generatePlacements } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError, isExactPacking, pieceMin } from '../puzzle/model.js';

/** The numbers of the board cells that may stay empty. */
export function optionalCellsOf(puzzle: Puzzle, board: BoardIndex): number[] {
  return (puzzle.optional ?? []).map((c) => board.indexOf(c)).filter((i) => i >= 0);
}

/**
 * The bitboard engine's input: the board, its cells' neighbours, every placement given (the caller may
 * have dropped some for symmetry), the pieces placed first (`firstPieces`), the cells that may stay
 * empty, the ranges of copies and `use`.
 *
 * Points that pieces hold (sticks that may not cross: Placement.points, at `pointCells`) become cells of
 * the engine's board after the board's own, each one that may stay empty, and a placement covers the
 * points it holds besides its cells: two placements that hold one point then overlap, as two sticks that
 * cross must not, and a point no piece runs through stays empty. A point's neighbours are the board's
 * cells next to it (one step along an axis); each placement holds only points next to some of its cells
 * (else it is refused), so it stays connected and a region of empty cells still holds every placement
 * that fits in it (the dead-region rules stay sound). A piece's
 * size is its cells and the points it holds, which the grid fixes by the shape (a stick piece holds the
 * points it runs straight through, however it lies); a piece whose placements differ in that is refused.
 */
export function bitboardInput(puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[], firstPieces?: readonly number[], pointCells?: readonly Cell[]): PackingSpec {
  const optionalCells = optionalCellsOf(puzzle, board);
  const plain = {
    pieceCounts: puzzle.pieces.map((p) => p.count),
    ...(firstPieces ? { firstPieces } : {}),
    pieceMinimums: puzzle.pieces.map(pieceMin),
    ...(puzzle.use !== undefined ? { totalPieces: { min: puzzle.use, max: puzzle.use } } : {}),
  };
  if (!holdsPoints(placements)) {
    return {
      ...plain,
      cellCount: board.cells.length,
      coords: board.cells,
      neighbours: board.neighbours,
      pieceSizes: puzzle.pieces.map((p) => p.shape.length),
      placements,
      ...(optionalCells.length > 0 ? { optionalCells } : {}),
    };
  }
  if (!pointCells) throw new InvalidPuzzleError('the bitboard engine keeps pieces from crossing only where it knows where the points they hold lie');
  const n = board.cells.length;
  // the board's cells next to each point, one step along an axis (for sticks, the four around it)
  const steps = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const;
  const pointNeighbours = pointCells.map(([x, y, z]) => steps.map(([dx, dy, dz]) => board.indexAt(x + dx, y + dy, z + dz)).filter((c) => c >= 0));
  // each piece's cells and points, as its first placement has them
  const sizes: (number | undefined)[] = [];
  const cells = placements.map((p) => {
    const points = p.points ?? new Int32Array(0);
    const name = puzzle.pieces[p.piece]!.name;
    // (a placement none of whose cells is next to a point it holds would not be connected)
    if (points.some((k) => !pointNeighbours[k]!.some((c) => p.cells.includes(c)))) {
      throw new InvalidPuzzleError(`the bitboard engine needs the points piece '${name}' holds next to its cells: use the dlx engine`);
    }
    const size = p.cells.length + points.length;
    if ((sizes[p.piece] ?? size) !== size) {
      throw new InvalidPuzzleError(`the bitboard engine needs piece '${name}' to hold as many points in every placement: use the dlx engine`);
    }
    sizes[p.piece] = size;
    return Int32Array.from([...p.cells, ...Array.from(points, (k) => n + k)]).sort();
  });
  const neighbours = board.neighbours.map((list) => Array.from(list));
  pointNeighbours.forEach((next, k) => {
    neighbours.push(next);
    for (const c of next) neighbours[c]!.push(n + k);
  });
  return {
    ...plain,
    cellCount: n + pointCells.length,
    coords: [...board.cells, ...pointCells],
    neighbours,
    pieceSizes: puzzle.pieces.map((piece, i) => sizes[i] ?? piece.shape.length),
    placements: placements.map((p, i) => ({ piece: p.piece, cells: cells[i]! })),
    optionalCells: [...optionalCells, ...pointCells.map((_, k) => n + k)],
  };
}

/**
 * Dancing Links' input: an exact packing as exact cover, anything else as exact cover with multiplicities;
 * either way the points that pieces hold (sticks that may not cross: Placement.points) are secondary items
 * after all others, each covered at most once.
 */
export function dlxInput(puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[], exclusions?: ReadonlyMap<number, readonly number[]>): ExactCoverSpec {
  const cover = isExactPacking(puzzle) ? exactCoverOf(puzzle, board, placements) : generalCoverOf(puzzle, board, placements, optionalCellsOf(puzzle, board));
  const spec = exclusions && exclusions.size > 0 ? withExclusions(cover, exclusions) : cover;
  let pointCount = 0;
  for (const p of placements) for (const k of p.points ?? []) pointCount = Math.max(pointCount, k + 1);
  if (pointCount === 0) return spec;
  const first = spec.primaryCount + (spec.secondaryCount ?? 0);
  const capacities = spec.capacities ? [...Array.from(spec.capacities), ...new Array<number>(pointCount).fill(1)] : undefined;
  return {
    ...spec,
    secondaryCount: (spec.secondaryCount ?? 0) + pointCount,
    ...(capacities ? { capacities } : {}),
    options: spec.options.map((items, i) => {
      const points = placements[i]!.points;
      return points ? [...Array.from(items), ...Array.from(points, (k) => first + k)] : items;
    }),
  };
}

/**
 * Options that may not be chosen together: for each key (an option), the options it excludes. Each key is
 * one more secondary item, of capacity one, in the key's option and in each it excludes (symmetry
 * breaking's second piece: the placements set aside under a placement of the first, SecondRestriction).
 */
function withExclusions(spec: ExactCoverSpec, exclusions: ReadonlyMap<number, readonly number[]>): ExactCoverSpec {
  const secondary = spec.secondaryCount ?? 0;
  const first = spec.primaryCount + secondary;
  const added: number[][] = spec.options.map(() => []);
  let item = first;
  for (const [key, excluded] of exclusions) {
    added[key]!.push(item);
    for (const o of excluded) added[o]!.push(item);
    item++;
  }
  const count = item - first;
  return {
    ...spec,
    secondaryCount: secondary + count,
    ...(spec.capacities ? { capacities: [...Array.from(spec.capacities), ...new Array<number>(count).fill(1)] } : {}),
    options: spec.options.map((items, i) => (added[i]!.length > 0 ? [...Array.from(items), ...added[i]!] : items)),
  };
}

/** The plain search sees no points: it would let sticks cross. */
function refuseHeldPoints(placements: readonly Placement[], engine: string): void {
  if (holdsPoints(placements)) throw new InvalidPuzzleError(`${engine} cannot keep pieces from crossing (the points a piece holds)`);
}

/** True when the placements hold points (sticks that may not cross: see bitboardInput and dlxInput). */
export function holdsPoints(placements: readonly Placement[]): boolean {
  return placements.some((p) => p.points !== undefined);
}

/**
 * An exact packing as exact cover. Items: board cells, then pieces. A piece with one copy is a primary
 * item (used exactly once, and MRV may branch on it); a piece with several is a secondary item with that
 * capacity (every copy is used anyway: the cells' area leaves no room for fewer).
 */
function exactCoverOf(puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[]): ExactCoverSpec {
  const n = board.cells.length;
  const single = puzzle.pieces.map((p) => p.count === 1);
  const primaryPieces = single.filter(Boolean).length;
  const itemOf = new Int32Array(puzzle.pieces.length);
  let nextPrimary = n;
  let nextSecondary = n + primaryPieces;
  single.forEach((s, i) => { itemOf[i] = s ? nextPrimary++ : nextSecondary++; });
  const capacities = puzzle.pieces.filter((p) => p.count > 1).map((p) => p.count);
  return {
    primaryCount: n + primaryPieces,
    secondaryCount: capacities.length,
    capacities,
    options: placements.map((p) => [...p.cells, itemOf[p.piece]!]),
  };
}

/**
 * Optional cells, ranges and `use` as exact cover with multiplicities (Knuth's Algorithm M). Primary
 * items: the cells that must be covered [1, 1], each piece that must be used [min, max], and when `use`
 * is set one item [use, use] that every option covers (so exactly `use` options are chosen). Secondary
 * items: the optional cells, each covered at most once.
 *
 * A piece that may stay out ([0, max]) is a secondary item with its copies as capacity when every
 * placement covers a cell that must be covered: "at most max" is what a secondary item says, and every
 * option still has a primary item, so the search still reaches every solution (an option of secondary
 * items alone is never chosen: a placement wholly on optional cells keeps the pieces primary). When every
 * primary item is then [1, 1], the search is Algorithm X, whose loop is WebAssembly's (BurrTools' Solid
 * Six-Piece Burrs, 25 pieces of 0 to 6 copies: 1.4 s in Algorithm M, in JavaScript, 0.38 s so).
 */
function generalCoverOf(puzzle: Puzzle, board: BoardIndex, placements: readonly Placement[], optionalCells: readonly number[]): ExactCoverSpec {
  const n = board.cells.length;
  const optional = new Set(optionalCells);
  const itemOfCell = new Int32Array(n);
  let primary = 0;
  for (let c = 0; c < n; c++) if (!optional.has(c)) itemOfCell[c] = primary++;
  const bounds: [number, number][] = Array.from({ length: primary }, () => [1, 1] as [number, number]);
  // (every placement reaches a cell that must be covered: at once when no cell may stay empty; looked for
  // only when some piece may stay out)
  const reachesRequired = optional.size === 0 || (puzzle.pieces.some((p) => pieceMin(p) === 0) && placements.every((p) => p.cells.some((c) => !optional.has(c))));
  const pieceItem = puzzle.pieces.map((p) => {
    if (pieceMin(p) === 0 && reachesRequired) return -1;
    bounds.push([pieceMin(p), p.count]);
    return primary++;
  });
  const useItem = puzzle.use !== undefined ? primary++ : -1;
  if (useItem >= 0) bounds.push([puzzle.use!, puzzle.use!]);
  let secondary = 0;
  const capacities: number[] = [];
  for (const c of optionalCells) {
    itemOfCell[c] = primary + secondary++;
    capacities.push(1);
  }
  puzzle.pieces.forEach((p, i) => {
    if (pieceItem[i]! >= 0) return;
    pieceItem[i] = primary + secondary++;
    capacities.push(p.count);
  });
  return {
    primaryCount: primary,
    bounds,
    secondaryCount: secondary,
    capacities,
    options: placements.map((p) => {
      const items = [...Array.from(p.cells, (c) => itemOfCell[c]!), pieceItem[p.piece]!];
      if (useItem >= 0) items.push(useItem);
      return items;
    }),
  };
}

/** What the counting engine needs to know of the pieces before any placement is made (to refuse early). */
export interface CountingPieces {
  readonly cellCount: number;
  readonly pieceCounts: readonly number[];
  readonly pieceMinimums: readonly number[];
  readonly pieceSizes: readonly number[];
  readonly totalPieces?: number;
}

export function countingPieces(puzzle: Puzzle): CountingPieces {
  return {
    cellCount: puzzle.board.length,
    pieceCounts: puzzle.pieces.map((p) => p.count),
    pieceMinimums: puzzle.pieces.map(pieceMin),
    pieceSizes: puzzle.pieces.map((p) => p.shape.length),
    ...(puzzle.use !== undefined ? { totalPieces: puzzle.use } : {}),
  };
}

/** The counting engine's input: the pieces (see countingPieces), the board's coordinates, every placement. */
export function countingInput(pieces: CountingPieces, board: BoardIndex, placements: readonly Placement[], optionalCells: readonly number[]): CountingSpec {
  return { ...pieces, coords: board.cells, placements, ...(optionalCells.length > 0 ? { optionalCells } : {}) };
}

/**
 * The skyline search's input: the board's width and height and each piece as a w x h rectangle with its
 * copies (the puzzle is a rectangle filled with rectangles; see fillsWithRectangles); `restrict` keeps one
 * piece on some of its places, for symmetry.
 */
export function rectangleInput(puzzle: Puzzle, restrict?: RectSpec['restrict']): RectSpec {
  const [width, height] = extent(puzzle.board);
  return {
    width, height,
    pieces: puzzle.pieces.map((p) => {
      const [w, h] = extent(p.shape);
      return { w, h, count: p.count };
    }),
    ...(restrict ? { restrict } : {}),
  };
}

/** The plain search's input: the board's cell numbers and every placement, the ranges of copies and `use`. */
export function plainInput(puzzle: Puzzle, table: PlacementTable): PlainSpec {
  refuseHeldPoints(table.placements, 'the plain search (of hints, challenges and the difficulty figure)');
  const optionalCells = optionalCellsOf(puzzle, table.board);
  return {
    cellCount: table.board.cells.length,
    placements: table.placements,
    pieceCounts: puzzle.pieces.map((p) => p.count),
    pieceMinimums: puzzle.pieces.map(pieceMin),
    ...(optionalCells.length > 0 ? { optionalCells } : {}),
    ...(puzzle.use !== undefined ? { totalPieces: puzzle.use } : {}),
  };
}

/** The plain search over a puzzle as the search sees it, and the placement table its numbers refer to. */
export interface PlainProblem {
  readonly search: PlainSearch;
  readonly table: PlacementTable;
}

/**
 * The plain search of a puzzle with no pieces placed (take them off first: see withoutPlaced), over the
 * given placement table or a new one (TooManyPlacementsError when the puzzle has too many).
 */
export function compilePlain(puzzle: Puzzle, table: PlacementTable = generatePlacements(puzzle)): PlainProblem {
  if (puzzle.placed?.length) throw new RangeError('PlainSearch takes the board without its placed pieces (see withoutPlaced)');
  return { search: new PlainSearch(plainInput(puzzle, table)), table };
}
