/**
 * Where the SVG picture of a solution puts the cells of grids that are not squares or cubes (svg.ts draws
 * those as runs of rectangles): triangles and hexagons as polygons (the grid's own outlines, scaled),
 * spheres as circles, one panel per layer.
 *
 * Scale: every cell's inscribed circle is one cell size across, as a square's is, so a label of the same
 * font size fits every grid: a triangle's side is sqrt 3 cell sizes, a hexagon's width one cell size.
 *
 * Spheres: layer z is drawn as the puzzle file draws it (the grid's art), a square of balls, ball (i, j) at
 * column i, row j, each layer in a panel of its own under a caption. In the plain x, y coordinates a layer
 * is a checkerboard with touching balls diagonal to each other, harder to follow; and turned this way the
 * picture matches the file's art and the text picture ball for ball, and a pyramid's layers are squares
 * that shrink as they stack. Balls are drawn smaller than their cells, so that a gap shows between
 * touching balls; balls of one placement touching in the layer are joined by a bar (svg.ts).
 */
import type { Cell } from '../geometry/cell.js';
import { bounds, cellKey, compareCells } from '../geometry/cell.js';
import type { Grid } from '../geometry/grid.js';

type Point = readonly [number, number];

/** The radius of a ball, in cell sizes. */
const BALL_RADIUS = 0.4;

/** How cells of one grid sit in the picture: positions relative to the top left corner of the board. */
export interface CellPictures {
  readonly kind: 'polygons' | 'circles';
  /** The board's size in pixels. */
  readonly width: number;
  readonly height: number;
  /** Layers drawn apart (spheres): each panel's left edge and width, for its caption. */
  readonly panels: readonly { readonly z: number; readonly x: number; readonly width: number }[];
  /** The centre of a cell. */
  centre(c: Cell): Point;
  /** The cell's SVG element (polygon or circle), moved by (dx, dy), without a fill. */
  element(c: Cell, dx: number, dy: number): string;
  /** Path data of the cell's outline, moved by (dx, dy) (a ball's circle). */
  outline(c: Cell, dx: number, dy: number): string;
  /** The edge between a cell and a neighbour (polygons), as two points. */
  edge(c: Cell, n: Cell): [Point, Point] | undefined;
  /** Neighbours within a layer that a bar joins when one placement holds both (spheres), each pair once. */
  bonded(c: Cell): Cell[];
  /** The cell of a part nearest the part's middle. */
  centreCell(part: readonly Cell[]): Cell;
  /** A cell of the part where a text `width` pixels wide and `fontSize` high fits, nearest the middle. */
  roomForText(part: readonly Cell[], width: number, fontSize: number): Cell | undefined;
}

/** Short decimal form: no trailing zeros, at most two places (as svg.ts writes numbers). */
function num(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, '');
}

/** Of the cells, the one whose centre is nearest the mean of the centres of `all`; ties to reading order. */
function nearestMiddle(candidates: readonly Cell[], all: readonly Cell[], centre: (c: Cell) => Point): Cell {
  const mean = [0, 1].map((i) => all.reduce((s, c) => s + centre(c)[i]!, 0) / all.length) as [number, number];
  let best = candidates[0]!;
  let bestDist = Infinity;
  for (const c of [...candidates].sort(compareCells)) {
    const [x, y] = centre(c);
    const dist = (x - mean[0]) ** 2 + (y - mean[1]) ** 2;
    if (dist < bestDist - 1e-9) {
      best = c;
      bestDist = dist;
    }
  }
  return best;
}

/** Where a horizontal line at height y crosses a convex polygon: [left, right], or undefined. */
function crossing(polygon: readonly Point[], y: number): [number, number] | undefined {
  let left = Infinity;
  let right = -Infinity;
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!;
    if ((p[1] - y) * (q[1] - y) > 0) return;
    const xs = p[1] === q[1] ? [p[0], q[0]] : [p[0] + ((y - p[1]) * (q[0] - p[0])) / (q[1] - p[1])];
    for (const x of xs) {
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  });
  return left <= right ? [left, right] : undefined;
}

/** The run of the union of the polygons along the line at height y that holds x: [left, right]. */
function runAt(polygons: readonly (readonly Point[])[], x: number, y: number): [number, number] | undefined {
  const spans = polygons.map((p) => crossing(p, y)).filter((s): s is [number, number] => s !== undefined).sort((a, b) => a[0] - b[0]);
  const runs: [number, number][] = [];
  for (const s of spans) {
    const last = runs.at(-1);
    if (last && s[0] <= last[1] + 1e-6) last[1] = Math.max(last[1], s[1]);
    else runs.push([s[0], s[1]]);
  }
  return runs.find((run) => run[0] - 1e-6 <= x && x <= run[1] + 1e-6);
}

/** Triangles and hexagons: the grid's outlines, scaled (see the comment at the top of this file). */
function polygonPictures(grid: Grid, cells: readonly Cell[], cs: number): CellPictures {
  const outlineOf = grid.polygon!.bind(grid);
  const unit = grid.pictureUnit!(cs);
  const raw = new Map<string, [number, number][]>();
  const rawOf = (c: Cell): [number, number][] => {
    const key = cellKey(c);
    let p = raw.get(key);
    if (!p) raw.set(key, (p = outlineOf(c)));
    return p;
  };
  // from the art's origin, as the text pictures are (leading empty rows and columns are kept)
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of [[0, 0, 0] as Cell, ...cells]) {
    for (const [x, y] of rawOf(c)) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  const point = ([x, y]: readonly [number, number]): Point => [(x - minX) * unit, (y - minY) * unit];
  const polygonOf = (c: Cell): Point[] => rawOf(c).map(point);
  const centre = (c: Cell): Point => {
    const p = polygonOf(c);
    return [p.reduce((s, q) => s + q[0], 0) / p.length, p.reduce((s, q) => s + q[1], 0) / p.length];
  };
  const path = (c: Cell, dx: number, dy: number): string => {
    const p = polygonOf(c);
    return `M${p.map(([x, y]) => `${num(x + dx)} ${num(y + dy)}`).join('L')}Z`;
  };
  return {
    kind: 'polygons',
    width: (maxX - minX) * unit,
    height: (maxY - minY) * unit,
    panels: [],
    centre,
    element: (c, dx, dy) => `<polygon points="${polygonOf(c).map(([x, y]) => `${num(x + dx)},${num(y + dy)}`).join(' ')}"/>`,
    outline: path,
    edge(c, n) {
      const mine = polygonOf(c);
      const theirs = polygonOf(n);
      const shared = mine.filter((p) => theirs.some((q) => Math.abs(p[0] - q[0]) < 1e-6 && Math.abs(p[1] - q[1]) < 1e-6));
      return shared.length === 2 ? [shared[0]!, shared[1]!] : undefined;
    },
    bonded: () => [],
    centreCell: (part) => nearestMiddle(part, part, centre),
    roomForText(part, width, fontSize) {
      const polygons = part.map(polygonOf);
      // a little space either side, so that the text does not touch the outline
      const need = width + 0.4 * cs;
      const fits = part.filter((c) => {
        const [x, y] = centre(c);
        // the room at the text's middle and near its top and bottom, where slanting sides come closer
        return [y - 0.3 * fontSize, y, y + 0.3 * fontSize].every((h) => {
          const run = runAt(polygons, x, h);
          return run !== undefined && 2 * Math.min(x - run[0], run[1] - x) >= need;
        });
      });
      return fits.length > 0 ? nearestMiddle(fits, part, centre) : undefined;
    },
  };
}

/** Spheres: balls on each layer's square of art, one panel per layer (see the comment at the top of this file). */
function spherePictures(grid: Grid, cells: readonly Cell[], cs: number): CellPictures {
  // from the art's origin (or lower), as the text pictures are; bounds() loops where Math.min(...) would
  // overflow the stack on a large board
  const art = (c: Cell): Cell => grid.art.of(c);
  const fromArt = (a: Cell): Cell => grid.art.cellOf(a);
  const { min, max: high } = bounds(cells.map(art));
  const [iMin, jMin, zMin] = min.map((m) => Math.min(0, m)) as [number, number, number];
  const panelWidth = (high[0]! - iMin + 1) * cs;
  const gap = cs;
  const panelX = (z: number): number => (z - zMin) * (panelWidth + gap);
  const layers = high[2]! - zMin + 1;
  const centre = (c: Cell): Point => {
    const [i, j, z] = art(c);
    return [panelX(z) + (i - iMin + 0.5) * cs, (j - jMin + 0.5) * cs];
  };
  const r = BALL_RADIUS * cs;
  return {
    kind: 'circles',
    width: layers * panelWidth + (layers - 1) * gap,
    height: (high[1]! - jMin + 1) * cs,
    panels: Array.from({ length: layers }, (_, k) => ({ z: zMin + k, x: panelX(zMin + k), width: panelWidth })),
    centre,
    element(c, dx, dy) {
      const [x, y] = centre(c);
      return `<circle cx="${num(x + dx)}" cy="${num(y + dy)}" r="${num(r)}"/>`;
    },
    outline(c, dx, dy) {
      const [x, y] = centre(c);
      return `M${num(x + dx - r)} ${num(y + dy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0Z`;
    },
    edge: () => undefined,
    bonded(c) {
      const [i, j, z] = art(c);
      return [fromArt([i + 1, j, z]), fromArt([i, j + 1, z])];
    },
    centreCell: (part) => nearestMiddle(part, part, centre),
    roomForText(part, width) {
      // along a row of the art, balls joined by bars: the run of the part's balls either side
      const keys = new Set(part.map((c) => cellKey(art(c))));
      const need = width + 0.4 * cs;
      const fits = part.filter((c) => {
        const [i, j, z] = art(c);
        let reach = 0;
        while (keys.has(`${i - reach - 1},${j},${z}`) && keys.has(`${i + reach + 1},${j},${z}`)) reach++;
        return (2 * reach + 2 * BALL_RADIUS) * cs >= need;
      });
      return fits.length > 0 ? nearestMiddle(fits, part, centre) : undefined;
    },
  };
}

/** How the cells of a grid other than squares and cubes sit in the picture. */
export function cellPictures(grid: Grid, cells: readonly Cell[], cs: number): CellPictures {
  return grid.cellShape === 'ball' ? spherePictures(grid, cells, cs) : polygonPictures(grid, cells, cs);
}
