/**
 * Pictures drawn from the cells' solids (solids.ts), checked three ways: cubes drawn from their solids are
 * the very polygons render/iso.ts draws for cubes; at points all over a picture, the face drawn last is a
 * face of the solid a ray from the viewer meets first (test-support/solid-rays.ts works that out again
 * with its own geometry); and a made-up grid with only solids to be drawn with (test-support/half-cubes.ts,
 * cubes cut into two prisms) gets every picture the command line draws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import type { CellSolid, Grid } from '../geometry/grid.js';
import { GRIDS, gridNamed, registerGrid } from '../geometry/grids/index.js';
import { parsePuzzle } from '../puzzle/format.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { solve } from '../search/solve.js';
import { HALF_CUBE_GRID, HALF_CUBE_PUZZLE, registerHalfCubes, unregisterHalfCubes } from '../test-support/half-cubes.js';
import type { ConvexSolid, StraightView, Vec } from '../test-support/solid-rays.js';
import { firstSolids, straightView } from '../test-support/solid-rays.js';
import { xmlProblems } from '../test-support/xml.js';
import { drawnInSpace, renderSolutionIso } from './iso.js';
import type { SolidCell } from './solids.js';
import { drawsSolids, solidsSvg } from './solids.js';
import { renderSolutionSheetSvg } from './sheet.js';
import { renderSolutionSvg } from './svg.js';
import { placementColours } from './piece-colours.js';

// (the grid registry is shared with the test files that run after this one in its process)
afterAll(unregisterHalfCubes);

type Point = [number, number];

/** The polygons of an SVG, in the order drawn: their points and fill, and the cell of the group they are in. */
function polygons(svg: string): { points: Point[]; fill: string; cell: string | undefined }[] {
  const out: { points: Point[]; fill: string; cell: string | undefined }[] = [];
  let cell: string | undefined;
  for (const m of svg.matchAll(/<g data-cell="([^"]*)">|<\/g>|<polygon points="([^"]*)" fill="([^"]*)"/g)) {
    if (m[0].startsWith('<g')) cell = m[1];
    else if (m[0] === '</g>') cell = undefined;
    else out.push({ points: m[2]!.split(' ').map((p) => p.split(',').map(Number) as Point), fill: m[3]!, cell });
  }
  return out;
}

/** A polygon as a key that does not depend on where its corners start. */
function polygonKey(points: readonly Point[], fill: string): string {
  return `${points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).sort().join(' ')} ${fill}`;
}

/** How far a point lies inside a convex polygon (negative outside): the least distance to its sides' lines. */
function inside(points: readonly Point[], [x, y]: Point): number {
  // the sides' winding, whichever it is
  let area = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    area += p[0] * q[1] - q[0] * p[1];
  });
  const sign = Math.sign(area) || 1;
  let least = Infinity;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (length < 1e-9) return;
    least = Math.min(least, (sign * ((q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]))) / length);
  });
  return least;
}

/** The solid's corners moved, as test-support's ConvexSolid. */
function convex(solid: CellSolid, shift: Vec = [0, 0, 0]): ConvexSolid {
  return { vertices: solid.vertices.map((v) => [v[0] + shift[0], v[1] + shift[1], v[2] + shift[2]] as const), faces: solid.faces };
}

/** The grid's scene direction in space (the scene puts a point [x, y, z] at [x, z, y]). */
function towardOf(grid: Grid): Vec {
  const [a, b, c] = grid.scene!.viewDirection;
  return [a, c, b];
}

/**
 * Checks a picture of solids against rays: at points on a grid of the picture, the last polygon drawn
 * there (well inside it) is a face of the solid the ray meets first, and where no polygon is drawn (well
 * away from every one) the ray meets none. Returns the number of points checked.
 */
function checkAgainstRays(body: string, cells: readonly Cell[], solids: readonly ConvexSolid[], view: StraightView, scale: number): number {
  const drawn = polygons(body);
  const project = (v: Vec): Point => [(v[0] * view.right[0] + v[1] * view.right[1] + v[2] * view.right[2]) * scale, -(v[0] * view.up[0] + v[1] * view.up[1] + v[2] * view.up[2]) * scale];
  // each polygon is a face of its group's cell, drawn where this view puts it
  const index = new Map(cells.map((c, i) => [c.join(','), i]));
  const owner = drawn.map((p) => {
    const i = index.get(p.cell ?? '');
    expect(i, `the polygon ${p.points.join(' ')} is drawn for a cell`).toBeDefined();
    const solid = solids[i!]!;
    const near = (a: Point, b: Point): boolean => Math.abs(a[0] - b[0]) < 0.02 && Math.abs(a[1] - b[1]) < 0.02;
    const isFace = solid.faces.some((f) => f.length === p.points.length && f.every((k) => p.points.some((q) => near(q, project(solid.vertices[k]!)))));
    expect(isFace, `the polygon ${p.points.join(' ')} is a face of the cell ${p.cell}`).toBe(true);
    return i!;
  });
  const xs = drawn.flatMap((p) => p.points.map((q) => q[0]));
  const ys = drawn.flatMap((p) => p.points.map((q) => q[1]));
  const firstAt = firstSolids(solids, view, scale);
  let checked = 0;
  const wrong: string[] = [];
  const step = 3.1;
  for (let x = Math.min(...xs) - 3; x <= Math.max(...xs) + 3; x += step) {
    for (let y = Math.min(...ys) - 3; y <= Math.max(...ys) + 3; y += step) {
      let top = -1;
      let depth = 0;
      for (let i = drawn.length - 1; i >= 0; i--) {
        const d = inside(drawn[i]!.points, [x, y]);
        if (d > -0.5) {
          top = i;
          depth = d;
          break;
        }
      }
      // near a side of the top polygon, rounding may decide: only points well inside count
      if (top >= 0 && depth < 0.5) continue;
      const seen = firstAt(x, y);
      const expected = top < 0 ? undefined : owner[top];
      if (seen?.index !== expected) wrong.push(`at (${x.toFixed(1)}, ${y.toFixed(1)}) the cell ${expected === undefined ? 'none' : cells[expected]!.join(',')} is drawn on top, the ray meets ${seen ? cells[seen.index]!.join(',') : 'none'} first`);
      checked++;
    }
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  return checked;
}

/** The pixels one unit of space takes: cubes of a cell's volume drawn as render/iso.ts draws cubes. */
function scaleOf(cellVolume: number, size: number): number {
  return (size * Math.sqrt(1.5)) / Math.cbrt(cellVolume);
}

// ---- a grid of tetrahedra: each unit cube cut into the six about its diagonal (Kuhn's) ----

const AXIS_ORDERS: readonly (readonly [number, number])[] = [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]];

/** Cell [6a + k, y, z]: tetrahedron k of the cube [a, y, z], from its corner (0, 0, 0) to (1, 1, 1). */
function kuhnSolid([x, y, z]: Cell): CellSolid {
  const a = Math.floor(x / 6);
  const [first, second] = AXIS_ORDERS[((x % 6) + 6) % 6]!;
  const corner = (steps: readonly number[]): readonly [number, number, number] => {
    const p = [a, y, z];
    for (const s of steps) p[s]! += 1;
    return p as unknown as readonly [number, number, number];
  };
  const vertices = [corner([]), corner([first]), corner([first, second]), corner([0, 1, 2])];
  // each face counter-clockwise from outside: away from the corner it leaves out
  const faces = [[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 3, 1], [1, 2, 3, 0]].map(([i, j, k, away]) => {
    const [p, q, r, s] = [vertices[i!]!, vertices[j!]!, vertices[k!]!, vertices[away!]!];
    const u = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
    const v = [r[0] - p[0], r[1] - p[1], r[2] - p[2]];
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const outward = n[0]! * (p[0] - s[0]) + n[1]! * (p[1] - s[1]) + n[2]! * (p[2] - s[2]) > 0;
    return outward ? [i!, j!, k!] : [i!, k!, j!];
  });
  return { vertices, faces };
}

function kuhnGrid(viewDirection: readonly [number, number, number]): Grid {
  // only what pictures ask of a grid
  return { ...HALF_CUBE_GRID, name: 'kuhn', solid: kuhnSolid, scene: { mesh: 'solids', viewDirection } };
}

/** A small generator of the same numbers every run (a linear congruential one). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('solids drawn back to front', () => {
  it('draws cubes from their solids as the very polygons render/iso.ts draws for cubes', () => {
    const puzzle = loadCatalogPuzzle('soma');
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const iso = renderSolutionIso(puzzle, solution, 'iso', { cellSize: 30 });
    const isoPolygons = polygons(iso.slice(iso.indexOf('<g transform'), iso.lastIndexOf('</g>')));
    const colours = placementColours(puzzle, solution.placements);
    const cells: SolidCell[] = solution.placements.flatMap((p, i) => p.cells.map((cell) => ({ cell, colour: colours[i]!.hex })));
    const drawn = polygons(solidsSvg(GRIDS.cube, cells, 30).body);
    // every face iso.ts draws (tops, fronts and right sides not against another cube) and no other
    expect(drawn.length).toBe(isoPolygons.length);
    expect(drawn.map((p) => polygonKey(p.points, p.fill)).sort()).toEqual(isoPolygons.map((p) => polygonKey(p.points, p.fill)).sort());
  });

  it('draws last, at each point, a face of the solid seen first there (cubes, seen along their diagonal)', () => {
    const puzzle = loadCatalogPuzzle('soma');
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const cells = solution.placements.flatMap((p) => p.cells);
    const body = solidsSvg(GRIDS.cube, cells.map((cell) => ({ cell, colour: '#808080' })), 20).body;
    const checked = checkAgainstRays(body, cells, cells.map((c) => convex(GRIDS.cube.solid!(c))), straightView(towardOf(GRIDS.cube)), scaleOf(1, 20));
    expect(checked).toBeGreaterThan(500);
  });

  for (const direction of [[1, 1, 1], [1, 0.4, 0.3], [-0.5, 1, 2], [0.2, 1.5, -1]] as const) {
    it(`draws heaps of tetrahedra seen from [${direction.join(', ')}] so that nearer faces cover farther ones, whole and pulled apart`, () => {
      const grid = kuhnGrid(direction);
      const next = numbers(direction.reduce((s, d, i) => s + Math.round(d * 10) * (i + 7), 11));
      for (let round = 0; round < 2; round++) {
        // about two thirds of the tetrahedra of a 3 x 3 x 3 block of cubes
        const cells: Cell[] = [];
        for (let a = 0; a < 3; a++) for (let y = 0; y < 3; y++) for (let z = 0; z < 3; z++) for (let k = 0; k < 6; k++) {
          if (next() < 0.66) cells.push([6 * a + k, y, z]);
        }
        // pulled apart: each cube's tetrahedra moved out from the middle together, as far again as the cube is
        const pulled = round % 2 === 1;
        const shiftOf = (c: Cell): Vec => (pulled ? [(Math.floor(c[0] / 6) - 1) * 1.2, (c[1] - 1) * 1.2, (c[2] - 1) * 1.2] : [0, 0, 0]);
        const body = solidsSvg(grid, cells.map((cell) => ({ cell, colour: '#4080c0', shift: shiftOf(cell) })), 20).body;
        expect(xmlProblems(`<svg>${body}</svg>`)).toEqual([]);
        const checked = checkAgainstRays(body, cells, cells.map((c) => convex(kuhnSolid(c), shiftOf(c))), straightView(towardOf(grid)), scaleOf(1 / 6, 20));
        expect(checked).toBeGreaterThan(300);
      }
    });
  }

  it('draws a log pile of long beams, where the depth of the middles alone would misorder them', () => {
    // layer z: three beams 3 long, along x in even layers, along y in odd ones, crossing the layer below
    const beam = ([i, , z]: Cell): CellSolid => {
      const [low, high] = z % 2 === 0 ? [[0, i, z], [3, i + 1, z + 1]] : [[i, 0, z], [i + 1, 3, z + 1]];
      const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((b) => [b & 1 ? high[0]! : low[0]!, b & 2 ? high[1]! : low[1]!, b & 4 ? high[2]! : low[2]!] as const);
      return { vertices: corners, faces: GRIDS.cube.solid!([0, 0, 0]).faces };
    };
    const cells: Cell[] = [];
    for (let z = 0; z < 4; z++) for (let i = 0; i < 3; i++) cells.push([i, 0, z]);
    for (const direction of [[1, 0.5, 2.5], [2.5, 0.8, -0.6], [-1, 1.2, 0.3]] as const) {
      const grid: Grid = { ...kuhnGrid(direction), solid: beam };
      const body = solidsSvg(grid, cells.map((cell) => ({ cell, colour: '#a07040' })), 16).body;
      expect(checkAgainstRays(body, cells, cells.map((c) => convex(beam(c))), straightView(towardOf(grid)), scaleOf(3, 16))).toBeGreaterThan(300);
    }
  });

  it('shades faces by the way they face: a top lighter than its piece, sides darker', () => {
    const body = solidsSvg(GRIDS.cube, [{ cell: [0, 0, 0], colour: '#808080' }], 24).body;
    const fills = polygons(body).map((p) => p.fill);
    expect(fills).toHaveLength(3);
    const grey = (hex: string): number => parseInt(hex.slice(1, 3), 16);
    expect(fills.filter((f) => grey(f) > 0x80)).toHaveLength(1);
    expect(fills.filter((f) => grey(f) < 0x80)).toHaveLength(2);
  });
});

describe('a grid with only solids to draw with (cubes cut into two prisms)', () => {
  let puzzle: Puzzle;
  let solutions: readonly Solution[];
  beforeAll(() => {
    registerHalfCubes();
    puzzle = parsePuzzle(HALF_CUBE_PUZZLE, 'half-cubes.yaml');
    solutions = solve(puzzle, { limit: 6 }).found;
  });

  it('is drawn from its solids, and may be drawn in space; cubes and spheres keep their pictures', () => {
    expect(drawsSolids(HALF_CUBE_GRID)).toBe(true);
    expect(drawnInSpace(HALF_CUBE_GRID)).toBe(true);
    expect(drawsSolids(GRIDS.cube)).toBe(false);
    expect(drawnInSpace(GRIDS.cube)).toBe(true);
    expect(drawsSolids(GRIDS.sphere)).toBe(false);
    expect(drawnInSpace(GRIDS.sphere)).toBe(false);
    expect(drawnInSpace(GRIDS.triangle)).toBe(false);
    expect(solutions.length).toBe(6);
  });

  it('draws a solution whole and pulled apart, each prism a face of the solid seen first, with a legend of the pieces', () => {
    const view = straightView(towardOf(HALF_CUBE_GRID));
    for (const solution of solutions) {
      const svg = renderSolutionSvg(puzzle, solution, { title: 'half cubes', cellSize: 20 });
      expect(xmlProblems(svg)).toEqual([]);
      const groups = [...svg.matchAll(/<g class="solids" data-view="([^"]*)" transform="[^"]*">([\s\S]*?)<\/g>\n<text class="caption"/g)];
      expect(groups.map((g) => g[1])).toEqual(['assembled', 'pulled apart']);
      const cells = solution.placements.flatMap((p) => p.cells);
      const whole = checkAgainstRays(groups[0]![2]!, cells, cells.map((c) => convex(HALF_CUBE_GRID.solid!(c))), view, scaleOf(0.5, 20));
      expect(whole).toBeGreaterThan(200);
      // the legend: every piece once, in the file's order, after a sample of its colour
      const legend = [...svg.matchAll(/<g class="legend" data-piece="([^"]*)">\n<rect [^>]*fill="([^"]*)"/g)];
      expect(legend.map((m) => m[1])).toEqual(['A', 'B', 'C', 'D', 'E']);
      expect(legend.map((m) => m[2])).toEqual(['#d94f3d', '#3d7fd9', '#e0b030', '#4caf50', '#9c5fc0']);
      // pulled apart, no piece hides another wholly: every piece's colour shows (shaded)
      const apartFills = new Set(polygons(groups[1]![2]!).map((p) => p.fill));
      expect(apartFills.size).toBeGreaterThanOrEqual(3 * 5);
    }
  });

  it('draws the iso, exploded and steps views and sheets of solutions', () => {
    const solution = solutions[0]!;
    const iso = renderSolutionIso(puzzle, solution, 'iso');
    const exploded = renderSolutionIso(puzzle, solution, 'exploded');
    const steps = renderSolutionIso(puzzle, solution, 'steps');
    for (const svg of [iso, exploded, steps]) expect(xmlProblems(svg)).toEqual([]);
    // whole, the 2 x 2 x 2 block shows three of its sides: 4 squares each, each face of the block cut into
    // prisms' faces along the cut (the top and bottom into triangles)
    expect(polygons(iso).length).toBeGreaterThanOrEqual(3 * 4);
    expect(polygons(exploded).length).toBeGreaterThan(polygons(iso).length);
    const captions = [...steps.matchAll(/>(\d+)\. ([^<]+)</g)];
    expect(captions.length).toBeGreaterThanOrEqual(2);
    expect(captions.every((c) => / in, moving /.test(c[2]!))).toBe(true);
    const sheet = renderSolutionSheetSvg(puzzle, solutions.slice(0, 4), { cellSize: 16 });
    expect(xmlProblems(sheet)).toEqual([]);
    expect(sheet.match(/data-view="assembled"/g)).toHaveLength(4);
  });

  it('refuses in words to draw assembly steps where pieces do not slide (a grid without motions)', () => {
    const { motions: _, ...still } = HALF_CUBE_GRID;
    if (!gridNamed('half-cube-still')) registerGrid({ ...still, name: 'half-cube-still' });
    const onStill = { ...puzzle, grid: 'half-cube-still' };
    expect(() => renderSolutionIso(onStill, solutions[0]!, 'steps')).toThrow(/the half-cube-still grid has no motions/);
    expect(xmlProblems(renderSolutionIso(onStill, solutions[0]!, 'exploded'))).toEqual([]);
  });

  it('fades pieces placed before, outlines highlighted ones, and shows board cells left empty as glass', () => {
    const solution = solutions[0]!;
    const partial: Solution = { placements: [{ ...solution.placements[0]!, given: true }, solution.placements[1]!] };
    const svg = renderSolutionSvg(puzzle, partial, { highlight: [1] });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain('(placed before)');
    expect(svg).toContain('stroke-width="2.4"');
    expect(svg).toMatch(/fill-opacity="0\.25"/);
    // a piece against the glass keeps its face there: the whole picture draws the faces of all the cells that
    // face the viewer and no other solid of their kind covers, pieces and glass alike
    const whole = svg.slice(svg.indexOf('data-view="assembled"'), svg.indexOf('data-view="pulled apart"'));
    const glassCells = whole.match(/<g data-cell="[^"]*">\n<polygon [^>]*fill-opacity/g)?.length ?? 0;
    expect(glassCells).toBeGreaterThan(0);
    const alone = solidsSvg(HALF_CUBE_GRID, partial.placements.flatMap((p) => p.cells).map((cell) => ({ cell, colour: '#808080' })), 24).body;
    const solidFaces = (body: string): number => body.split('\n').filter((line) => line.startsWith('<polygon') && !line.includes('fill-opacity')).length;
    expect(solidFaces(whole)).toBe(solidFaces(alone));
  });
});
