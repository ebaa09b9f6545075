/**
 * Hexagons in axial coordinates [q, r] (z = 0): neighbours [q±1, r], [q, r±1], [q+1, r-1], [q-1, r+1].
 * Axial coordinates are lattice coordinates: a sixth of a turn is (q, r) -> (-r, q + r), a mirror swaps
 * q and r; every integer translation is one of the grid. Pictures draw pointy-top hexagons, row r
 * shifted half a cell right per row.
 *
 * Art: row r's cells sit at columns r, r + 2, r + 4, ... (each row starts one character further right: the
 * half-cell offset of hexagon rows); column c of row r is the hexagon [(c - r) / 2, r].
 */
import type { Cell, Shape } from '../cell.js';
import { bounds } from '../cell.js';
import type { Grid, GridArt } from '../grid.js';
import { groupOf, sortedCells, symmetryWithMatrix, once } from '../grid.js';

const same = (c: Cell): Cell => c;
const SIXTH = [0, -1, 0, 1, 1, 0, 0, 0, 1];
const SWAP = [0, 1, 0, 1, 0, 0, 0, 0, 1];
const SQRT3 = Math.sqrt(3);

const group = once(() => groupOf([SIXTH, SWAP], same, same));

const ART: GridArt = {
  cellOf: ([column, row, z]) => [(column - row) / 2, row, z],
  of: ([q, r, z]) => [2 * q + r, r, z],
  allowed: (column, row) => ((column - row) & 1) === 0,
  misplaced: "between two hexagon places (row r's cells sit at columns r, r + 2, ...: each row one character further right than the row above)",
  // rows start one character further right each: their lengths differ
  raggedRows: true,
  layersMayDiffer: false,
};

export const hexagonGrid: Grid = {
  name: 'hexagon',
  dims: 2,
  get symmetries() {
    return group();
  },
  translates: (d) => d[2] === 0,
  // x = q + r / 2 to -x, rows kept: (q, r) -> (-q - r, r)
  get mirrorLeftRight() {
    return symmetryWithMatrix(group(), [-1, -1, 0, 0, 1, 0, 0, 0, 1]);
  },
  neighbours: ([q, r]) => [[q + 1, r, 0], [q - 1, r, 0], [q, r + 1, 0], [q, r - 1, 0], [q + 1, r - 1, 0], [q - 1, r + 1, 0]],
  normalize(shape: Shape): Cell[] {
    if (shape.length === 0) return [];
    const { min } = bounds(shape);
    return sortedCells(shape.map((c) => [c[0] - min[0], c[1] - min[1], 0] as Cell));
  },
  cellShape: 'polygon',
  // the inscribed circle of a hexagon of width sqrt 3 units is sqrt 3 across
  pictureUnit: (cellSize) => cellSize / SQRT3,
  art: ART,
  wraps: false,
  isometric: false,
  editor: { label: 'Hexagons', menuOrder: 3, columnsPerCell: 2, pieceFrame: [8, 4, 1], textSize: 0.6 },
  polygon([q, r]) {
    const cx = SQRT3 * (q + r / 2);
    const cy = 1.5 * r;
    return Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return [cx + Math.cos(a), cy + Math.sin(a)] as [number, number];
    });
  },
};
