/**
 * Pieces as binary STL files for 3-D printing: one closed, outward-facing mesh per piece (geometry/surface.ts
 * builds it from the grid's cell solids), scaled to millimetres, each piece shrunk by half the gap so that
 * two printed pieces side by side are `gap` apart, its convex edges chamfered by `bevel`. A piece of balls
 * is its balls and the necks that join them, each a closed shell (geometry/ball-surface.ts), which overlap:
 * a slicer prints their union.
 *
 * Binary STL: an 80-byte header (never starting with "solid", which readers take for the text format), the
 * number of triangles (uint32), then per triangle its unit normal and three corners (float32, little
 * endian, counter-clockwise seen from outside) and a zero uint16.
 */
import type { Cell } from '../geometry/cell.js';
import type { Point, Triangle } from '../geometry/surface.js';
import { cellsSurface, largestInset } from '../geometry/surface.js';
import { ballsSurface, largestBallInset } from '../geometry/ball-surface.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';

export interface StlOptions {
  /** The length in millimetres of one unit of the grid's cells (a cube's side). */
  readonly cellSize?: number;
  /** Millimetres between two printed pieces that lie face to face (each piece loses half on every face). */
  readonly gap?: number;
  /** Millimetres each convex edge is cut back along its two faces. */
  readonly bevel?: number;
}

export const STL_DEFAULTS = { cellSize: 20, gap: 0.2, bevel: 0 } as const;

/** One file: its name in the folder, its bytes, and how many triangles and printed copies it stands for. */
export interface StlFile {
  readonly name: string;
  readonly piece: string;
  readonly bytes: Uint8Array;
  readonly triangles: number;
  readonly copies: number;
}

/** Why the pieces of this puzzle cannot be printed with these options, or undefined when they can. */
export function stlProblem(puzzle: Puzzle, options: StlOptions = {}): string | undefined {
  const grid = puzzleGrid(puzzle);
  if (puzzle.dims !== 3) return 'a flat (2-D) puzzle has no pieces to print: STL export is for 3-D puzzles';
  if (!grid.solid && !grid.ball) return `the ${grid.name} grid's cells are neither polyhedra nor balls: STL export is for grids whose cells have a solid or a ball`;
  const { cellSize, gap, bevel } = { ...STL_DEFAULTS, ...options };
  if (!(cellSize > 0) || !Number.isFinite(cellSize)) return `the cell size must be a positive number of millimetres, not ${cellSize}`;
  if (!(gap >= 0) || !(bevel >= 0)) return 'the gap and the bevel must be zero or more';
  if (!grid.solid && grid.ball) {
    if (bevel > 0) return `the bevel cuts back the edges of polyhedra: the ${grid.name} grid's balls have none (leave --bevel out)`;
    const largest = largestBallInset(grid.ball.diameter) / grid.ball.diameter * cellSize;
    if (gap / 2 > largest + 1e-12) return `half the gap (${round(gap / 2)} mm) may be at most ${round(largest)} mm with balls of ${round(cellSize)} mm (the necks that join a piece's balls must stay inside them)`;
    return undefined;
  }
  const largest = Math.min(...puzzle.pieces.map((p) => largestInset(grid, p.shape))) * cellSize;
  if (gap / 2 + bevel > largest + 1e-12) {
    return `half the gap and the bevel together (${round(gap / 2 + bevel)} mm) may be at most ${round(largest)} mm with cells of ${round(cellSize)} mm`;
  }
  return undefined;
}

const round = (x: number): string => String(Math.round(x * 1000) / 1000);

/** One STL per piece (copies of a piece are one file: print it `copies` times), each moved to start at the origin. */
export function pieceStlFiles(puzzle: Puzzle, options: StlOptions = {}): StlFile[] {
  const names = fileNames(puzzle.pieces.map((p) => p.name));
  return puzzle.pieces.map((p, i) => stlFile(puzzle, names[i]!, p.name, p.shape, p.count, options, true));
}

/** The pieces of a solution, one STL each, in their places: the files loaded together show the assembly. */
export function solutionStlFiles(puzzle: Puzzle, solution: Solution, options: StlOptions = {}): StlFile[] {
  const names = fileNames(solution.placements.map((p) => p.piece));
  return solution.placements.map((p, i) => stlFile(puzzle, names[i]!, p.piece, p.cells, 1, options, false));
}

function stlFile(puzzle: Puzzle, name: string, piece: string, cells: readonly Cell[], copies: number, options: StlOptions, toOrigin: boolean): StlFile {
  const grid = puzzleGrid(puzzle);
  if (!grid.solid && grid.ball) return ballsStlFile(puzzle, name, piece, cells, copies, options, toOrigin);
  const { cellSize, gap, bevel } = { ...STL_DEFAULTS, ...options };
  const triangles = cellsSurface(grid, cells, { inset: gap / 2 / cellSize, bevel: bevel / cellSize });
  // a piece on its own starts at the origin (where its cells' solids start, gap or not)
  let shift: Point = [0, 0, 0];
  if (toOrigin) {
    const min = [Infinity, Infinity, Infinity];
    for (const c of cells) for (const v of grid.solid!(c).vertices) for (let k = 0; k < 3; k++) min[k] = Math.min(min[k]!, v[k]!);
    shift = [-min[0]!, -min[1]!, -min[2]!];
  }
  const placed = triangles.map((t) => t.map((p) => [(p[0] + shift[0]) * cellSize, (p[1] + shift[1]) * cellSize, (p[2] + shift[2]) * cellSize] as const) as unknown as Triangle);
  return { name, piece, bytes: stlBytes(placed, `snug: ${puzzle.name}, piece ${piece}`), triangles: placed.length, copies };
}

/**
 * A piece of balls: each ball `cellSize` across less the gap, joined to the balls it touches by necks
 * (geometry/ball-surface.ts: overlapping closed shells, which a slicer prints as their union).
 */
function ballsStlFile(puzzle: Puzzle, name: string, piece: string, cells: readonly Cell[], copies: number, options: StlOptions, toOrigin: boolean): StlFile {
  const { cellSize, gap } = { ...STL_DEFAULTS, ...options };
  const grid = puzzleGrid(puzzle);
  const { diameter, centre } = grid.ball!;
  // millimetres per unit of the grid: a ball's diameter is the cell size
  const mm = cellSize / diameter;
  const triangles = ballsSurface(grid, cells, gap / 2 / mm);
  // a piece on its own starts at the origin (where its whole balls would start, gap or not)
  let shift: Point = [0, 0, 0];
  if (toOrigin) {
    const min = [0, 1, 2].map((k) => Math.min(...cells.map((c) => centre(c)[k]!)) - diameter / 2);
    shift = [-min[0]!, -min[1]!, -min[2]!];
  }
  const placed = triangles.map((t) => t.map((p) => [(p[0] + shift[0]) * mm, (p[1] + shift[1]) * mm, (p[2] + shift[2]) * mm] as const) as unknown as Triangle);
  return { name, piece, bytes: stlBytes(placed, `snug: ${puzzle.name}, piece ${piece}`), triangles: placed.length, copies };
}

/** File names: the order, then the piece's name in letters, digits, dashes and underscores (01-F.stl, 02-L.stl, ...). */
function fileNames(pieces: readonly string[]): string[] {
  const digits = Math.max(2, String(pieces.length).length);
  return pieces.map((name, i) => `${String(i + 1).padStart(digits, '0')}-${name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40) || 'piece'}.stl`);
}

/** Triangles as a binary STL file; the header holds `title` (ASCII, at most 80 bytes). */
export function stlBytes(triangles: readonly Triangle[], title: string): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  const view = new DataView(bytes.buffer);
  const header = `${title.startsWith('solid') ? '_' : ''}${title}`.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
  for (let i = 0; i < header.length; i++) bytes[i] = header.charCodeAt(i);
  view.setUint32(80, triangles.length, true);
  let at = 84;
  const single = (p: Point): Point => [Math.fround(p[0]), Math.fround(p[1]), Math.fround(p[2])];
  for (const triangle of triangles) {
    // the normal of the triangle as written (its corners in single precision), so that it agrees with
    // what a reader computes from the corners even where a thin triangle's rounding turns it a little
    const [a, b, c] = triangle.map(single) as [Point, Point, Point];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    for (const x of [...n.map((x) => x / length), ...a, ...b, ...c]) {
      view.setFloat32(at, x, true);
      at += 4;
    }
    at += 2;
  }
  return bytes;
}
