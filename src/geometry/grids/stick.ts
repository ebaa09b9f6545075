/**
 * Sticks: the unit edges of the square grid, the cells of polysticks (tetrasticks, pentasticks). A cell is
 * an edge named by its midpoint in doubled coordinates [X, Y] (z = 0): the lattice points (the corners of
 * the squares) are the [X, Y] with X and Y both even, a horizontal edge from [X - 1, Y] to [X + 1, Y] has X
 * odd and Y even, a vertical one from [X, Y - 1] to [X, Y + 1] has X even and Y odd. So cells are the
 * [X, Y] with X + Y odd, and they are their own lattice coordinates: the eight symmetries of the square
 * about a lattice point (signed permutations of X and Y) keep X + Y odd and take edges to edges. Moves of
 * the grid are the moves by whole squares: [2a, 2b].
 *
 * Two edges are neighbours when they share an end (six for each edge). Art draws the doubled coordinates
 * as they are: column X, row Y, a horizontal stick as '-', a vertical one as '|' ('#' also draws either),
 * and the lattice points, where no stick can be, as '+' (or '.', or a space). A 2x1 rectangle's lines:
 *
 *   +-+-+
 *   |   |
 *   +-+-+
 *
 * Sticks may not cross: where a piece runs straight through a lattice point (both edges along one line
 * at that point are its own), no other piece may run straight through across it. Each such point is a
 * secondary item of the exact cover (Knuth's treatment of tetrasticks in "Dancing Links"), or for the
 * bitboard engine a cell that may stay empty: see `exclusivePoints`.
 */
import type { Cell, Shape } from '../cell.js';
import type { Grid } from '../grid.js';
import { groupOf, sortedCells, symmetryWithMatrix, once } from '../grid.js';

const isOdd = (n: number): boolean => (n & 1) === 1;
const isHorizontal = (x: number): boolean => isOdd(x);
const same = (c: Cell): Cell => [c[0], c[1], 0];

const QUARTER = [0, -1, 0, 1, 0, 0, 0, 0, 1];
const MIRROR = [-1, 0, 0, 0, 1, 0, 0, 0, 1];
const group = once(() => groupOf([QUARTER, MIRROR], same, same));

/** The two ends of an edge (lattice points). */
function ends([x, y]: Cell): [Cell, Cell] {
  return isHorizontal(x) ? [[x - 1, y, 0], [x + 1, y, 0]] : [[x, y - 1, 0], [x, y + 1, 0]];
}

/** Half the width of a stick in pictures, in units of the squares' side. */
const HALF_WIDTH = 0.11;

export const stickGrid: Grid = {
  name: 'stick',
  dims: 2,
  get symmetries() {
    return group();
  },
  translates: (d) => d[2] === 0 && !isOdd(d[0]) && !isOdd(d[1]),
  get mirrorLeftRight() {
    return symmetryWithMatrix(group(), MIRROR);
  },
  neighbours(c) {
    const out: Cell[] = [];
    for (const [px, py] of ends(c)) {
      for (const e of [[px + 1, py, 0], [px - 1, py, 0], [px, py + 1, 0], [px, py - 1, 0]] as Cell[]) {
        if (e[0] !== c[0] || e[1] !== c[1]) out.push(e);
      }
    }
    return out;
  },
  // moved by whole squares: the least X and the least Y become 0 or 1, keeping their parity
  normalize(shape: Shape) {
    if (shape.length === 0) return [];
    const minX = Math.min(...shape.map((c) => c[0]));
    const minY = Math.min(...shape.map((c) => c[1]));
    const dx = -(minX - (minX & 1));
    const dy = -(minY - (minY & 1));
    return sortedCells(shape.map((c) => [c[0] + dx, c[1] + dy, 0] as Cell));
  },
  cellShape: 'polygon',
  // a stick has little room for a label: the picture unit (a square's side) is twice the label's size
  pictureUnit: (cellSize) => 2 * cellSize,
  art: {
    cellOf: ([column, row, z]) => [column, row, z],
    of: ([x, y, z]) => [x, y, z],
    allowed: (column, row) => isOdd(column + row),
    misplaced: 'on a lattice point (sticks lie between points: in rows of points, at odd columns; in the rows between, at even columns)',
    // a row of art ends with its last stick (the spaces after it are dropped)
    raggedRows: true,
    layersMayDiffer: false,
    cellCharacter: (column) => (isHorizontal(column) ? '-' : '|'),
    pointCharacter: '+',
  },
  // a frame of 9 x 9 art places holds the sticks of a 4 x 4 square
  editor: { label: 'Sticks (edges of squares)', menuOrder: 9, columnsPerCell: 1, pieceFrame: [9, 9, 1], textSize: 0.22, unitScale: 2 },
  wraps: false,
  isometric: false,
  touching: 'end to end',
  exclusivePoints(cells) {
    const on = new Set(cells.map((c) => `${c[0]},${c[1]}`));
    const points: Cell[] = [];
    for (const [x, y] of cells) {
      // the edge after this one along its line: both are the piece's, so it runs straight through their common end
      if (isHorizontal(x) ? on.has(`${x + 2},${y}`) : on.has(`${x},${y + 2}`)) points.push(isHorizontal(x) ? [x + 1, y, 0] : [x, y + 1, 0]);
    }
    // a piece that crosses itself (X) holds its middle once
    return sortedCells(points);
  },
  polygon(c) {
    const [[ax, ay], [bx, by]] = ends(c).map(([px, py]) => [px / 2, py / 2] as const) as [[number, number], [number, number]];
    const w = HALF_WIDTH;
    // a long hexagon, pointed at the ends so that sticks meeting at a point stay apart
    return ax === bx
      ? [[ax, ay], [ax + w, ay + w], [bx + w, by - w], [bx, by], [bx - w, by - w], [ax - w, ay + w]]
      : [[ax, ay], [ax + w, ay - w], [bx - w, by - w], [bx, by], [bx - w, by + w], [ax + w, ay + w]];
  },
};
