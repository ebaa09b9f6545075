/**
 * The arithmetic of the 3-D view (view3d.ts), kept free of three.js and the DOM so that it runs and is
 * tested under Node: where a cell sits in the scene, which cube faces a piece shows, how far each piece
 * moves out when the view explodes, and which board cells no piece covers.
 *
 * The scene is three.js's: x to the right, y up, z toward the viewer. A cell [x, y, z] of a puzzle sits at
 * [x, z, y]: its layer z is the height (layer 0 at the bottom, as render/iso.ts draws it) and its row y comes
 * toward the viewer, so that seen from above the layers read like the file's art (x to the right, y down the
 * page) and seen from the cubic grid's view direction the picture is the CLI's isometric one (x to the lower right, y
 * to the lower left).
 *
 * Grids drawn as their cells' solids (scene mesh 'solids') are placed the same way: a point [x, y, z] of the
 * solids' space sits at [x, z, y], and a move of the grid (a piece taken apart) carries a piece as far as it
 * carries the solid of a cell (geometry/cell-solids.ts).
 */
import type { Cell } from '../geometry/cell.js';
import { cellKey } from '../geometry/cell.js';
import type { Grid, GridScene } from '../geometry/grid.js';
import { cellCentre, outsideFaces, spaceStep } from '../geometry/cell-solids.js';
import { gridNamed, gridOf } from '../geometry/grids/index.js';
import type { Puzzle, Solution } from '../puzzle/model.js';

/** A point or direction of the scene. */
export type Vec3 = readonly [number, number, number];

/**
 * How cells are drawn, as the grid's scene says: unit cubes at integer points, or balls at their centres
 * (the sphere grid's: the points with an even sum of coordinates).
 */
export type Lattice = GridScene;

/** The distance between the centres of touching balls of the sphere grid (neighbours differ by (1, 1, 0)). */
export const SPHERE_SPACING = Math.SQRT2;

/**
 * From the middle of the puzzle toward the camera at first (the grid's own): the viewpoint of render/iso.ts,
 * from which a layer's columns of art run to the lower right and its rows to the lower left, seen from 35
 * degrees above. For cubes the columns are the x axis and the rows the y axis; the sphere grid's layers are
 * squares turned 45 degrees (its art: a column step is the cell step [1, -1, 0], a row step [1, 1, 0]).
 */
export function viewDirection(lattice: Lattice): Vec3 {
  return lattice.viewDirection;
}

/** The scene position of a cell's centre (or of a step between cells). */
export function cellToScene(c: Cell): Vec3 {
  return [c[0], c[2], c[1]];
}

/**
 * The lattice a puzzle is drawn on: the scene of the puzzle's own grid when it names one, else of
 * `fallback` (square boards are drawn as one layer of cubes). Grids without a scene (triangles and
 * hexagons) have no 3-D view.
 */
export function latticeOf(puzzle: Pick<Puzzle, 'grid'>, fallback: Grid = gridOf(undefined, 3)): Lattice {
  return viewGridOf(puzzle, fallback).scene!;
}

/** The grid a puzzle is drawn on in 3-D (see latticeOf): one with a scene, and a solid per cell when the scene draws solids. */
export function viewGridOf(puzzle: Pick<Puzzle, 'grid'>, fallback: Grid = gridOf(undefined, 3)): Grid {
  const grid = puzzle.grid === undefined ? fallback : gridNamed(puzzle.grid);
  if (!grid?.scene || (grid.scene.mesh === 'solids' && !grid.solid)) throw new Error(`the 3-D view draws cubes, spheres and grids of solids, not the ${grid?.name ?? puzzle.grid} grid`);
  return grid;
}

/** A point of the solids' space (or a move through it) in the scene. */
function spaceToScene(p: readonly [number, number, number]): Vec3 {
  return [p[0], p[2], p[1]];
}

/** The scene position of a cell's middle, on its grid: the cell's own point for cubes and balls, its solid's middle for solids. */
export function cellPosition(grid: Grid, c: Cell): Vec3 {
  return grid.scene?.mesh === 'solids' ? spaceToScene(cellCentre(grid, c)) : cellToScene(c);
}

/** How far a move of the grid by d (cell coordinates: a step of a disassembly) carries a piece in the scene. */
export function stepToScene(grid: Grid, d: Cell): Vec3 {
  return grid.scene?.mesh === 'solids' ? spaceToScene(spaceStep(grid, d)) : cellToScene(d);
}

/** One face of a solid in the scene: its corners, counter-clockwise seen from outside, and its outward normal. */
export interface PolygonFace {
  readonly corners: readonly Vec3[];
  readonly normal: Vec3;
}

/**
 * The faces of some cells' solids that do not lie against another cell of the set (a piece's outside), in
 * the scene. Moving a point [x, y, z] to [x, z, y] turns space over, so each face's corners are listed the
 * other way round to stay counter-clockwise seen from outside.
 */
export function solidFaces(grid: Grid, cells: readonly Cell[]): PolygonFace[] {
  return outsideFaces(cells.map((c) => grid.solid!(c))).flat().map((face) => ({
    corners: [...face.corners].reverse().map(spaceToScene),
    normal: spaceToScene(face.normal),
  }));
}

/** The corners of some cells' solids in the scene (to frame the camera about them). */
export function solidCorners(grid: Grid, cells: readonly Cell[]): Vec3[] {
  return cells.flatMap((c) => grid.solid!(c).vertices.map(spaceToScene));
}

/** The six face directions of a cube, as steps between cells. */
const FACE_STEPS: readonly Cell[] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

/** One square face of a cube: its corners in the scene, counter-clockwise seen from outside, and its normal. */
export interface Face {
  readonly corners: readonly [Vec3, Vec3, Vec3, Vec3];
  readonly normal: Vec3;
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/**
 * The faces of a set of cubes that do not lie against another cube of the set: the outside of a piece.
 * Drawn as one surface, the piece's own seams vanish and only its creases show edges.
 */
export function exposedFaces(cells: readonly Cell[]): Face[] {
  const own = new Set(cells.map(cellKey));
  const faces: Face[] = [];
  for (const cell of cells) {
    const [px, py, pz] = cellToScene(cell);
    for (const step of FACE_STEPS) {
      if (own.has(cellKey([cell[0] + step[0], cell[1] + step[1], cell[2] + step[2]]))) continue;
      const normal = cellToScene(step);
      // u and v span the face with u x v = normal, so the corners run counter-clockwise seen from outside
      const axis = normal.findIndex((n) => n !== 0);
      const u: Vec3 = [0, 0, 0].map((_, i) => (i === (axis + 1) % 3 ? 1 : 0)) as unknown as Vec3;
      const v = cross(normal, u);
      const corner = (su: number, sv: number): Vec3 => [
        px + normal[0] / 2 + (su * u[0] + sv * v[0]) / 2,
        py + normal[1] / 2 + (su * u[1] + sv * v[1]) / 2,
        pz + normal[2] / 2 + (su * u[2] + sv * v[2]) / 2,
      ];
      faces.push({ corners: [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)], normal });
    }
  }
  return faces;
}

/** The mean scene position of some cells. */
export function centreOf(cells: readonly Cell[], position: (c: Cell) => Vec3 = cellToScene): Vec3 {
  const sum = [0, 0, 0];
  for (const c of cells) {
    const p = position(c);
    for (let i = 0; i < 3; i++) sum[i]! += p[i]!;
  }
  return sum.map((s) => s / Math.max(1, cells.length)) as unknown as Vec3;
}

/**
 * How far each placement moves when the view is fully exploded: out from the middle of the solution along
 * the line through its own middle, as far again times `spread` (render/iso.ts spreads by 1.2 too); the
 * middles of cells where `position` puts them (cellPosition, for grids of solids).
 */
export function explodeOffsets(solution: Solution, spread: number, position: (c: Cell) => Vec3 = cellToScene): Vec3[] {
  const middle = centreOf(solution.placements.flatMap((p) => p.cells), position);
  return solution.placements.map((p) => {
    const own = centreOf(p.cells, position);
    return [0, 1, 2].map((i) => spread * (own[i]! - middle[i]!)) as unknown as Vec3;
  });
}

/** The board cells no placement covers (those that may stay empty), in the board's order. */
export function uncoveredCells(puzzle: Pick<Puzzle, 'board'>, solution: Solution): Cell[] {
  const covered = new Set(solution.placements.flatMap((p) => p.cells.map(cellKey)));
  return puzzle.board.filter((c) => !covered.has(cellKey(c)));
}

/** Equal for puzzles whose boards and lattices are the same: the camera may stay where it is. */
export function boardKey(puzzle: Pick<Puzzle, 'board'>, lattice: Lattice): string {
  return `${lattice.mesh}:${puzzle.board.map(cellKey).sort().join(';')}`;
}
