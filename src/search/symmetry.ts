import type { Cell } from '../geometry/cell.js';
import { bounds, normalize, shapeKey } from '../geometry/cell.js';
import type { Transform } from '../geometry/symmetry.js';
import { allowedTransforms, applyToCell, applyToShape, orientations, symmetries } from '../geometry/symmetry.js';
import type { BoardIndex } from '../placements/board.js';
import type { Placement } from '../placements/placements.js';
import type { Puzzle } from '../puzzle/model.js';

/**
 * A symmetry of the board that maps solutions to solutions: a board cell permutation together with what it
 * does to the pieces. A rotation maps every piece to itself; a reflection maps a piece that may be turned
 * over to itself, and a one-sided piece to its mirror-image partner, which must be in the set with the
 * same count: otherwise the reflection does not map solutions to solutions and is not counted.
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

function isIdentity(s: SolutionSymmetry): boolean {
  return s.cellMap.every((v, i) => v === i) && s.pieceMap.every((v, i) => v === i);
}

/** The symmetries of the board that map solutions to solutions, identity first. */
export function solutionSymmetries(puzzle: Puzzle, board: BoardIndex): SolutionSymmetry[] {
  const boardKey = shapeKey(board.cells);
  const min = bounds(board.cells).min;
  const orientationKeys = puzzle.pieces.map(
    (p) => new Set(orientations(p.shape, allowedTransforms(puzzle.dims, p.mirror)).map((o) => shapeKey(o.cells))),
  );
  const out: SolutionSymmetry[] = [];
  for (const t of symmetries(puzzle.dims)) {
    const image = applyToShape(t, board.cells);
    if (shapeKey(image) !== boardKey) continue;
    const imin = bounds(image).min;
    const shift: Cell = [min[0] - imin[0], min[1] - imin[1], min[2] - imin[2]];
    const cellMap = new Int32Array(board.cells.length);
    board.cells.forEach((c, i) => {
      const m = applyToCell(t, c);
      cellMap[i] = board.indexOf([m[0] + shift[0], m[1] + shift[1], m[2] + shift[2]]);
    });
    const pieceMap = new Int32Array(puzzle.pieces.length);
    let valid = true;
    puzzle.pieces.forEach((p, i) => {
      const key = shapeKey(normalize(applyToShape(t, p.shape)));
      const candidates = puzzle.pieces
        .map((_, j) => j)
        .filter((j) => puzzle.pieces[j]!.count === p.count && orientationKeys[j]!.has(key));
      const j = candidates.includes(i) ? i : candidates[0];
      if (j === undefined) valid = false;
      else pieceMap[i] = j;
    });
    if (!valid) continue;
    const cellFrom = new Int32Array(cellMap.length);
    cellMap.forEach((to, from) => { cellFrom[to] = from; });
    out.push({ transform: t, cellMap, cellFrom, pieceMap });
  }
  return out;
}

/**
 * True when `labels` (the piece index on each board cell) is the least, cell by cell, among its images
 * under the given symmetries: exactly one solution of each symmetry class passes.
 */
export function isCanonical(labels: Int32Array, syms: readonly SolutionSymmetry[]): boolean {
  const n = labels.length;
  for (const s of syms) {
    const from = s.cellFrom;
    const pm = s.pieceMap;
    for (let d = 0; d < n; d++) {
      const a = labels[d]!;
      const b = pm[labels[from[d]!]!]!;
      if (a < b) break;
      if (a > b) return false;
    }
  }
  return true;
}

/** The image of each placement under each symmetry, as placement indices (-1 if it has none). */
function placementImages(placements: readonly Placement[], syms: readonly SolutionSymmetry[]): Int32Array[] {
  // Cell numbers and piece indices fit in UTF-16 code units on any board this runs on: cheap exact keys.
  const index = new Map<string, number>();
  placements.forEach((p, i) => index.set(String.fromCharCode(p.piece, ...p.cells), i));
  const cells: number[] = [];
  return syms.map((s) => {
    const images = new Int32Array(placements.length);
    placements.forEach((p, i) => {
      // the mapped cells, insertion-sorted (placements are small)
      cells.length = 0;
      for (const c of p.cells) {
        const m = s.cellMap[c]!;
        let j = cells.length;
        while (j > 0 && cells[j - 1]! > m) {
          cells[j] = cells[j - 1]!;
          j--;
        }
        cells[j] = m;
      }
      images[i] = index.get(String.fromCharCode(s.pieceMap[p.piece]!, ...cells)) ?? -1;
    });
    return images;
  });
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
  readonly description: string;
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
): SymmetryBreaking {
  const keepAll = new Uint8Array(placements.length).fill(1);
  const others = syms.filter((s) => !isIdentity(s));
  const base = { groupSize: syms.length, group: others };
  if (others.length === 0) {
    return { ...base, piece: -1, keep: keepAll, stabilizers: new Map(), description: 'the board has no symmetry that maps solutions to solutions' };
  }
  const images = placementImages(placements, others);
  let best: { piece: number; keep: Uint8Array; stabilizers: Map<number, SolutionSymmetry[]>; cost: number } | undefined;
  puzzle.pieces.forEach((p, piece) => {
    if (p.count !== 1 || others.some((s) => s.pieceMap[piece] !== piece)) return;
    const keep = new Uint8Array(placements.length);
    const stabilizers = new Map<number, SolutionSymmetry[]>();
    let cost = 0;
    let total = 0;
    placements.forEach((pl, i) => {
      if (pl.piece !== piece) {
        keep[i] = 1;
        return;
      }
      total++;
      // keep i when it is the least index of its orbit
      if (images.some((im) => im[i]! < i)) return;
      keep[i] = 1;
      const stab = others.filter((_, k) => images[k]![i] === i);
      if (stab.length > 0) stabilizers.set(i, stab);
      cost += 1 + stab.length / syms.length;
    });
    if (total === 0) return;
    // The restricted piece is placed first, so the search is about one subtree per kept placement: the
    // fewest win (the most constrained piece, X in the pentominoes); then the fewest symmetric ones.
    cost *= weight(piece);
    if (!best || cost < best.cost) best = { piece, keep, stabilizers, cost };
  });
  if (!best) {
    return { ...base, piece: -1, keep: keepAll, stabilizers: new Map(), description: `no piece is fixed by all ${syms.length} symmetries: filtering each solution by canonical form` };
  }
  const kept = best.keep.reduce((n, k, i) => n + (k && placements[i]!.piece === best!.piece ? 1 : 0), 0);
  const all = placements.filter((pl) => pl.piece === best!.piece).length;
  return {
    ...base,
    piece: best.piece,
    keep: best.keep,
    stabilizers: best.stabilizers,
    description: `${syms.length} symmetries; piece ${puzzle.pieces[best.piece]!.name} restricted to ${kept} of its ${all} placements` +
      (best.stabilizers.size > 0 ? ` (${best.stabilizers.size} of them symmetric, filtered by canonical form)` : ''),
  };
}

/** The labels of a solution seen through a symmetry: image[cellMap[c]] = pieceMap[labels[c]]. */
export function transformLabels(labels: Int32Array, s: SolutionSymmetry): Int32Array {
  const image = new Int32Array(labels.length);
  for (let c = 0; c < labels.length; c++) image[s.cellMap[c]!] = s.pieceMap[labels[c]!]!;
  return image;
}

/**
 * The symmetries (from `group`, which includes the identity) that give the distinct members of a
 * solution's class: one per member, identity first. The class has group.length / stabilizer size members.
 */
export function orbitRepresentatives(labels: Int32Array, group: readonly SolutionSymmetry[]): SolutionSymmetry[] {
  const seen = new Set<string>();
  const out: SolutionSymmetry[] = [];
  for (const s of group) {
    const key = transformLabels(labels, s).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}
