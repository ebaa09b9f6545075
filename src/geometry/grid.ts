/**
 * A grid as a plug-in: everything snug needs to know about one kind of cell. Cells are always integer
 * [x, y, z] triples (so engines, boards and files share one representation); what a grid adds is how
 * they sit: face neighbours, the symmetry group, the translations that keep the lattice, and everything
 * the rest of snug would otherwise have to ask by the grid's name: how a puzzle file draws the cells
 * (`art`), what a cell looks like in pictures (`cellShape`, `polygon`, `pictureUnit`, `scene`,
 * `isometric`), whether its boards may wrap, its counterpart in BurrTools files, how the web editor draws
 * it, and what the search should know of it. Outside geometry/ no code compares a grid's name: it asks the
 * grid.
 *
 * Symmetries. Each grid maps its cells one to one onto integer *lattice coordinates* (`toLattice`), in
 * which every symmetry that fixes the origin is a 3x3 integer matrix. A transform is such a matrix; a
 * cell's image is fromLattice(M * toLattice(cell)), a translation of the lattice away from where a
 * symmetry of the cells about a lattice point would put it (`normalize` takes shapes back to a canonical
 * position). Square and cube cells are their own lattice coordinates (signed permutations: 8 and 48);
 * hexagons in axial coordinates are too (6 rotations, 6 reflections); a triangle's lattice coordinates
 * are the sum of its three corners in the basis of the triangular lattice (see triangle.ts).
 *
 * Adding a grid: a module in grids/ that exports a Grid (every member below; the optional ones only when
 * the grid has that view, file or editor), and its line in GRIDS in grids/index.ts. Nothing else
 * changes: the file format, the pictures, the search, the command line and the web app all ask the grid.
 * (A grid can also be added while running, with registerGrid: the tests add one of their own that way.)
 */
import type { Cell, Shape } from './cell.js';
import { bounds, compareCells } from './cell.js';

/** The name of a grid in the registry (grids/index.ts), as a puzzle's `grid:` gives it. */
export type GridName = string;

/** A symmetry that fixes the origin of the lattice. */
export interface Transform {
  /** Row-major 3x3 integer matrix acting on lattice coordinates. */
  readonly matrix: readonly number[];
  /** True when it turns a shape over (determinant -1). */
  readonly reflects: boolean;
  /** The image of a cell: the matrix applied through the grid's lattice coordinates. */
  readonly apply: (c: Cell) => Cell;
}

export interface Grid {
  readonly name: GridName;
  readonly dims: 2 | 3;
  /** Every symmetry of the lattice about the origin: identity first, rotations before reflections. */
  readonly symmetries: readonly Transform[];
  /** The face neighbours of a cell. */
  neighbours(c: Cell): Cell[];
  /**
   * The shape moved by a translation of the grid to its canonical place (the same for every translate of
   * it), sorted in reading order, duplicates dropped.
   */
  normalize(shape: Shape): Cell[];
  /** True when moving every cell by d is a translation of the grid (maps cells onto cells of the same kind). */
  translates(d: Cell): boolean;
  /**
   * Why an integer triple is no cell of the grid (the end of a sentence naming it; messages add the grid's
   * name), for grids where some triples are not cells (the sphere grid's odd sums, the tetrahedra-octahedra
   * grid's voxel positions between its cells, the rhombic grid's positions between its tetrahedra); absent
   * where every triple is a cell. The cells of puzzles are checked with it wherever they come from.
   */
  cellProblem?(c: Cell): string | undefined;
  /** Shapes of the grid that a puzzle file may name for a board or a piece (`named:`), each normalised. */
  readonly namedShapes?: Readonly<Record<string, readonly Cell[]>>;
  /** The left-right mirror (x to -x on the picture): how a piece that may not be rotated is turned over. */
  readonly mirrorLeftRight: Transform;
  /**
   * What a cell is, for the file format and every picture. 'box': a unit square (a unit cube in 3-D) at
   * its own coordinates, so turns are signed permutations of the axes: boards and pieces may be given as
   * rect or box, a turned box stays a box (a piece longer than the board fits nowhere), art is written cell
   * by cell, and pictures draw runs of squares. 'polygon': the outline `polygon` gives. 'ball': a ball,
   * drawn on its layer's art (also the flat pictures' mark for a 3-D cell that only has a `solid`).
   */
  readonly cellShape: 'box' | 'polygon' | 'ball';
  /** The outline of a 2-D cell in picture units (one unit: a square's side, a triangle's side, a hexagon's width / sqrt 3). */
  polygon?(c: Cell): [number, number][];
  /**
   * Polygons: the length of one picture unit when a cell's inscribed circle is `cellSize` across (so a
   * label of the same size fits every grid).
   */
  pictureUnit?(cellSize: number): number;
  /** How a puzzle file draws the grid's cells as characters of art, both ways. */
  readonly art: GridArt;
  /** True when a board may wrap around (wrap.ts joins its edges: the square grid). */
  readonly wraps: boolean;
  /**
   * True when solutions may be drawn isometric, exploded and as assembly steps (render/iso.ts draws cubes).
   * A grid whose scene draws 'solids' gets those pictures from its solids whatever this says.
   */
  readonly isometric: boolean;
  /** How the 3-D view draws the grid's cells, for grids it can show. */
  readonly scene?: GridScene;
  /**
   * The solid a 3-D cell fills, in space (the units and axes of `scene`: a cube cell [x, y, z] is the unit
   * cube from [x, y, z] to [x + 1, y + 1, z + 1]): for 3-D grids whose cells are polyhedra. What STL files
   * and the 3-D view's 'solids' mesh are built from; neighbouring cells share whole faces.
   */
  solid?(c: Cell): CellSolid;
  /**
   * For a grid of balls (cellShape 'ball'): where a cell's ball is centred and how wide it is, in the units
   * of `solid` (the balls of neighbouring cells touch). What STL files of its pieces are built from.
   */
  readonly ball?: { centre(c: Cell): readonly [number, number, number]; readonly diameter: number };
  /**
   * The unit steps a piece may slide along when an assembly is taken apart (each direction and its
   * opposite, in the order the disassembler tries them), for grids where sliding cell by cell is how pieces
   * really move: absent where it is not (balls sliding along a diagonal brush past their neighbours).
   */
  readonly motions?: readonly Cell[];
  /**
   * For grids whose unit steps carry a cell over other cells before it lands (a triangular prism slid one
   * side's length crosses the prism beside it): the cells' kinds (kind(c), from 0; cells of one kind are
   * translates of one another) and, by motion (as `motions` lists them) and kind, the offsets of the cells
   * one step passes over on the way, its end left out. Absent: a step passes over no other cell.
   */
  readonly motionPaths?: MotionPaths;
  /** The grid's counterpart in BurrTools files, for grids that have one. */
  readonly burrTools?: BurrToolsGrid;
  /** How the web editor draws the grid, for grids it offers. */
  readonly editor?: GridEditor;
  /**
   * Set when a cell has so many neighbours that filling the first empty cell branches too widely: the words
   * that say so. The search then picks Dancing Links, which branches on the most constrained cell.
   */
  readonly wideBranching?: string;
  /** How two neighbouring cells touch, in the words a message uses (default: "face to face"). */
  readonly touching?: string;
  /**
   * For grids whose pieces may not cross (sticks): the points a shape holds that no other piece may hold
   * (as cells, in the cells' coordinates; a point need not be a cell). Dancing Links gives each point a
   * secondary item, covered at most once; the bitboard engine a cell that may stay empty, which each
   * placement holding the point covers (compile/engine-inputs.ts).
   */
  exclusivePoints?(cells: readonly Cell[]): Cell[];
}

/**
 * How art in a puzzle file maps onto the grid's cells: a character at column `column` of row `row` in
 * layer z stands for the cell `cellOf([column, row, z])`, and a cell is drawn at `of(cell)`.
 */
export interface GridArt {
  /** The cell that art at (column, row) of layer z stands for. */
  cellOf(art: Cell): Cell;
  /** Where a cell is drawn: (column, row, layer). */
  of(cell: Cell): Cell;
  /** True when a cell may be drawn at this column of this row. */
  allowed(column: number, row: number): boolean;
  /** Why a cell drawn where `allowed` says no is misplaced: the end of the message, after the column. */
  readonly misplaced?: string;
  /** True when rows of one art block may differ in width (each starts where the grid's rows start). */
  readonly raggedRows: boolean;
  /** True when layers of art may differ in size (as the layers of a pyramid do). */
  readonly layersMayDiffer: boolean;
  /**
   * True when puzzle files list the grid's cells (`cells:`) rather than draw them: where most places of the
   * art are no cells and moving art by a column or a row is seldom a move of the grid, a file written as art
   * would be hard to read and would not read back where it was (art is read from layer 0 and column 0, and
   * drawing a shape from its own first layer, row and column would move it by what is no move of the grid).
   */
  readonly listed?: boolean;
  /** The character that draws a cell at this place, besides '#' (sticks: '-' and '|'). */
  cellCharacter?(column: number, row: number): string;
  /** A character that may stand where `allowed` says no, and draws nothing (sticks: '+' for the lattice points). */
  readonly pointCharacter?: string;
}

/**
 * The 3-D view of a grid: its cells as unit cubes at integer points, as balls at their centres, or as their
 * solids; and the direction from the middle of the puzzle toward the camera at first (three.js's axes: a cell
 * [x, y, z], or a point of the solids' space, sits at [x, z, y]). The SVG and PNG pictures of a grid drawn as
 * its solids look from the same direction (render/solids.ts).
 */
export interface GridScene {
  /** 'solids': each cell drawn as its `solid`. */
  readonly mesh: 'unit-cubes' | 'balls' | 'solids';
  readonly viewDirection: readonly [number, number, number];
}

/** See Grid.motionPaths. */
export interface MotionPaths {
  kind(c: Cell): number;
  readonly passes: readonly (readonly (readonly Cell[])[])[];
}

/**
 * A grid in BurrTools files: the number of its <gridType type=...>, and the rotations its assemblies'
 * transformation numbers name, in BurrTools' order (3x3 matrices on the grid's lattice coordinates, each
 * among its symmetries; the voxel coordinates are the cells). `voxelProblem` says why a voxel position is no cell of the grid, when some are not.
 */
export interface BurrToolsGrid {
  readonly type: number;
  readonly turns: readonly (readonly number[])[];
  voxelProblem?(position: Cell): string | undefined;
}

/**
 * A convex polyhedron: its corners, and its faces as lists of corner indices, counter-clockwise seen from
 * outside (so each face's normal, by the right-hand rule, points out of the cell).
 */
export interface CellSolid {
  readonly vertices: readonly (readonly [number, number, number])[];
  readonly faces: readonly (readonly number[])[];
}

/** How the web editor offers and draws a grid. */
export interface GridEditor {
  /** The grid's name in the editor's menu, and its place there (lowest first). */
  readonly label: string;
  readonly menuOrder: number;
  /** Art columns per cell along a row (hexagon rows use every other column). */
  readonly columnsPerCell: number;
  /** The frame a new piece is drawn in: cells per row, rows, layers. */
  readonly pieceFrame: Cell;
  /** The size of a cell's label, in picture units. */
  readonly textSize: number;
  /**
   * Screen pixels of a unit of polygon() against the editor's cell size (default 1): sticks' polygons are
   * in squares, each two places of art across, so they are drawn twice as large.
   */
  readonly unitScale?: number;
}

/** Art as square and cube puzzle files draw it (and triangles: a row alternates up and down): column x, row y, layer z is the cell [x, y, z]. */
export const PLAIN_ART: GridArt = {
  cellOf: ([column, row, z]) => [column, row, z],
  of: ([x, y, z]) => [x, y, z],
  allowed: () => true,
  raggedRows: false,
  layersMayDiffer: false,
};

/**
 * True when moving art by whole columns and rows is a move of the grid: every place stays a place, and the
 * cells move by a translation of the grid (hexagon rows keep their columns' parity, triangles their up
 * and down).
 */
export function isArtMove(grid: Grid, columns: number, rows: number): boolean {
  // every place stays a place (and every other place stays no place), wherever the pattern of places starts
  for (const [c, r] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) if (grid.art.allowed(c + columns, r + rows) !== grid.art.allowed(c, r)) return false;
  const from = grid.art.cellOf([0, 0, 0]);
  const to = grid.art.cellOf([columns, rows, 0]);
  return grid.translates([to[0] - from[0], to[1] - from[1], to[2] - from[2]]);
}

/** A 3x3 matrix product, row-major. */
export function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[3 * i + j]! += a[3 * i + k]! * b[3 * k + j]!;
  return out;
}

function determinant(m: readonly number[]): number {
  return m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) - m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) + m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
}

export const IDENTITY_MATRIX: readonly number[] = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** The transform of a matrix on a grid whose cells map to lattice coordinates as given. */
export function transformOf(matrix: readonly number[], toLattice: (c: Cell) => Cell, fromLattice: (l: Cell) => Cell): Transform {
  const m = [...matrix];
  const apply = (c: Cell): Cell => {
    const l = toLattice(c);
    return fromLattice([
      m[0]! * l[0] + m[1]! * l[1] + m[2]! * l[2],
      m[3]! * l[0] + m[4]! * l[1] + m[5]! * l[2],
      m[6]! * l[0] + m[7]! * l[1] + m[8]! * l[2],
    ]);
  };
  return { matrix: m, reflects: determinant(m) < 0, apply };
}

/**
 * The group generated by some matrices (closed by composing until nothing new appears), as transforms:
 * identity first, then rotations, then reflections, each in the order found.
 */
export function groupOf(generators: readonly (readonly number[])[], toLattice: (c: Cell) => Cell, fromLattice: (l: Cell) => Cell): Transform[] {
  const seen = new Map<string, number[]>([[IDENTITY_MATRIX.join(','), [...IDENTITY_MATRIX]]]);
  const queue = [[...IDENTITY_MATRIX]];
  while (queue.length > 0) {
    const a = queue.shift()!;
    for (const g of generators) {
      const m = multiply(g, a);
      const key = m.join(',');
      if (seen.has(key)) continue;
      seen.set(key, m);
      queue.push(m);
    }
  }
  const all = [...seen.values()].map((m) => transformOf(m, toLattice, fromLattice));
  return all.sort((a, b) => Number(a.reflects) - Number(b.reflects));
}

/**
 * A value made when first asked for, then kept: a grid's symmetry group (a command uses one or two grids of
 * the nine, and building every group as the modules loaded cost some 3 ms of every command's start).
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The composition a ∘ b (b first), on any grid. */
export function composeTransforms(a: Transform, b: Transform): Transform {
  return { matrix: multiply(a.matrix, b.matrix), reflects: a.reflects !== b.reflects, apply: (c) => a.apply(b.apply(c)) };
}

export function sameMatrix(a: Transform, b: Transform): boolean {
  return a.matrix.every((v, i) => v === b.matrix[i]);
}

/** A key equal for two shapes exactly when one is a translate of the other on the grid. */
export function shapeKeyOn(grid: Grid, shape: Shape): string {
  return normalizedShapeKey(grid.normalize(shape));
}

/** shapeKeyOn of a shape its grid has normalised already (grid.normalize), without normalising it again. */
export function normalizedShapeKey(cells: Shape): string {
  let key = '';
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    key += `${i > 0 ? ';' : ''}${c[0]},${c[1]},${c[2]}`;
  }
  return key;
}

/** True when the cells are connected through the grid's face neighbours. */
export function isConnectedOn(grid: Grid, shape: Shape): boolean {
  if (shape.length === 0) return false;
  const key = (c: Cell): string => `${c[0]},${c[1]},${c[2]}`;
  const left = new Set(shape.map(key));
  const stack = [shape[0]!];
  left.delete(key(shape[0]!));
  while (stack.length > 0) {
    const c = stack.pop()!;
    for (const n of grid.neighbours(c)) {
      if (!left.delete(key(n))) continue;
      stack.push(n);
    }
  }
  return left.size === 0;
}

/** The transform with this matrix among the grid's symmetries. */
export function symmetryWithMatrix(symmetries: readonly Transform[], matrix: readonly number[]): Transform {
  const found = symmetries.find((t) => t.matrix.every((v, i) => v === matrix[i]));
  if (!found) throw new Error(`no symmetry with the matrix ${matrix.join(',')}`);
  return found;
}

/** Sorted in reading order with duplicates dropped. */
export function sortedCells(cells: Cell[]): Cell[] {
  cells.sort(compareCells);
  return cells.filter((c, i) => i === 0 || compareCells(c, cells[i - 1]!) !== 0);
}

/**
 * `normalize` for a grid whose moves are the translations with x + y + z even (triangles, spheres): the
 * shape moved so that its least y and z are 0 and its least x is the first of 0, 1 that such a move reaches,
 * sorted in reading order.
 */
export function evenSumNormalize(shape: Shape): Cell[] {
  if (shape.length === 0) return [];
  const { min } = bounds(shape);
  const [dy, dz] = [-min[1], -min[2]];
  const dx = -min[0] + ((((-min[0] + dy + dz) % 2) + 2) % 2);
  return sortedCells(shape.map((c) => [c[0] + dx, c[1] + dy, c[2] + dz] as Cell));
}
