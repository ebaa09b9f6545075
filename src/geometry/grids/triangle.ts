/**
 * Triangles as [x, y] (z = 0): y is the row from the top, x the triangle's place in its row; it points
 * up when x + y is even, down when odd. Neighbours: [x±1, y], and [x, y+1] below an up triangle, [x, y-1]
 * above a down one.
 *
 * Lattice coordinates. Take the corners of the triangles as the lattice i * e1 + j * e2 (e1 one side to
 * the right, e2 one side up and half a side right). Row y lies between corner rows j = -y and j = -y - 1.
 * The up triangle [x, y] with k = (x + y) / 2 has corners (k, -y), (k, -y-1), (k+1, -y-1); the down
 * triangle with k = (x + y - 1) / 2 has (k, -y), (k+1, -y), (k+1, -y-1). A triangle's lattice coordinates
 * are the sum of its corners, (3k + 1, -3y - 2) up and (3k + 2, -3y - 1) down: one to one, and every
 * symmetry of the corner lattice about the origin is linear on them: a sixth of a turn (i, j) ->
 * (-j, i + j), a mirror (i, j) -> (i + j, -j). Translations of the grid move the corners by whole
 * lattice steps: (x, y) -> (x + dx, y + dy) with dx + dy even.
 */
import type { Cell } from '../cell.js';
import type { Grid } from '../grid.js';
import { evenSumNormalize, groupOf, PLAIN_ART, symmetryWithMatrix, once } from '../grid.js';

const isUp = (x: number, y: number): boolean => ((x + y) & 1) === 0;
const mod3 = (n: number): number => ((n % 3) + 3) % 3;

function toLattice([x, y]: Cell): Cell {
  if (isUp(x, y)) return [3 * ((x + y) / 2) + 1, -3 * y - 2, 0];
  return [3 * ((x + y - 1) / 2) + 2, -3 * y - 1, 0];
}

function fromLattice([u, v]: Cell): Cell {
  if (mod3(u) === 1) {
    const k = (u - 1) / 3;
    const y = -(v + 2) / 3;
    return [2 * k - y, y, 0];
  }
  const k = (u - 2) / 3;
  const y = -(v + 1) / 3;
  return [2 * k + 1 - y, y, 0];
}

const SIXTH = [0, -1, 0, 1, 1, 0, 0, 0, 1];
const MIRROR = [1, 1, 0, 0, -1, 0, 0, 0, 1];
const HEIGHT = Math.sqrt(3) / 2;

const group = once(() => groupOf([SIXTH, MIRROR], toLattice, fromLattice));

export const triangleGrid: Grid = {
  name: 'triangle',
  dims: 2,
  get symmetries() {
    return group();
  },
  translates: (d) => d[2] === 0 && ((d[0] + d[1]) & 1) === 0,
  // (x, y) -> (-x, y): corners (i, j) -> (-i - j, j), so sums (u, v) -> (-u - v, v)
  get mirrorLeftRight() {
    return symmetryWithMatrix(group(), [-1, -1, 0, 0, 1, 0, 0, 0, 1]);
  },
  neighbours: ([x, y]) => [[x + 1, y, 0], [x - 1, y, 0], isUp(x, y) ? [x, y + 1, 0] : [x, y - 1, 0]],
  // (a move of the grid keeps x + y even: up triangles stay up)
  normalize: evenSumNormalize,
  cellShape: 'polygon',
  // the inscribed circle of a triangle of side 1 is 1 / sqrt 3 across
  pictureUnit: (cellSize) => Math.sqrt(3) * cellSize,
  // art is the cells: a row of art alternates up and down triangles
  art: PLAIN_ART,
  wraps: false,
  isometric: false,
  // labels are smaller: a triangle has less room than a square of the same side
  editor: { label: 'Triangles', menuOrder: 4, columnsPerCell: 1, pieceFrame: [6, 3, 1], textSize: 0.42 },
  polygon([x, y]) {
    const cx = x / 2;
    const top = y * HEIGHT;
    const bottom = (y + 1) * HEIGHT;
    return isUp(x, y)
      ? [[cx, top], [cx + 0.5, bottom], [cx - 0.5, bottom]]
      : [[cx - 0.5, top], [cx + 0.5, top], [cx, bottom]];
  },
};
