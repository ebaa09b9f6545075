import { afterAll, describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import type { Solution } from '../puzzle/model.js';
import type { Vec3 } from './view3d-model.js';
import { GRIDS } from '../geometry/grids/index.js';
import { boardKey, cellPosition, cellToScene, explodeOffsets, exposedFaces, latticeOf, solidFaces, stepToScene, uncoveredCells, viewDirection, viewGridOf } from './view3d-model.js';
import type { Grid } from '../geometry/grid.js';
import { HALF_CUBE_GRID, registerHalfCubes, unregisterHalfCubes } from '../test-support/half-cubes.js';

// (the grid registry is shared with the test files that run after this one in its process)
afterAll(unregisterHalfCubes);

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

describe('cellToScene and viewDirection', () => {
  /** Where a scene point appears from a three.js camera looking along -direction with y up: [across, down]. */
  function projector(direction: Vec3): (p: Vec3) => [number, number] {
    const forward: Vec3 = [-direction[0], -direction[1], -direction[2]];
    const right = cross(forward, [0, 1, 0]);
    const up = cross(right, forward);
    return (p) => [dot(p, right) / Math.hypot(...right), -dot(p, up) / Math.hypot(...up)];
  }

  it("shows cubes from the cubic grid's viewDirection as render/iso.ts draws them", () => {
    const seen = projector(viewDirection(GRIDS.cube.scene!));
    // iso.ts: across (x - y) cos 30, down the page (x + y) sin 30 - z, in units of a cube's edge
    const iso = ([x, y, z]: Cell): [number, number] => [(x - y) * Math.cos(Math.PI / 6), (x + y) / 2 - z];
    const cells: Cell[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [2, 3, 1], [-1, 4, 2]];
    // one scale for every cell and both directions
    const scale = seen(cellToScene([1, 0, 0]))[0] / iso([1, 0, 0])[0];
    expect(scale).toBeGreaterThan(0);
    for (const c of cells) {
      const [across, down] = seen(cellToScene(c));
      expect(across).toBeCloseTo(scale * iso(c)[0]);
      expect(down).toBeCloseTo(scale * iso(c)[1]);
    }
  });

  it('shows the columns of sphere art to the lower right and its rows to the lower left', () => {
    const seen = projector(viewDirection(GRIDS.sphere.scene!));
    const [columnAcross, columnDown] = seen(cellToScene(GRIDS.sphere.art.cellOf([1, 0, 0])));
    const [rowAcross, rowDown] = seen(cellToScene(GRIDS.sphere.art.cellOf([0, 1, 0])));
    expect(columnAcross).toBeGreaterThan(0);
    expect(rowAcross).toBeCloseTo(-columnAcross);
    expect(columnDown).toBeGreaterThan(0);
    expect(rowDown).toBeCloseTo(columnDown);
    // a layer up is up the picture
    expect(seen(cellToScene([0, 0, 1]))[1]).toBeLessThan(0);
  });

  it('puts layer 0 at the bottom and reads rows down toward the viewer', () => {
    expect(cellToScene([0, 0, 2])[1]).toBeGreaterThan(cellToScene([0, 0, 0])[1]);
    expect(cellToScene([0, 1, 0])[2]).toBeGreaterThan(cellToScene([0, 0, 0])[2]);
  });
});

describe('exposedFaces', () => {
  it('gives a lone cube its six faces, turned outward', () => {
    const faces = exposedFaces([[3, 1, 2]]);
    expect(faces).toHaveLength(6);
    const centre = cellToScene([3, 1, 2]);
    for (const { corners, normal } of faces) {
      // counter-clockwise from outside: the corners' winding agrees with the normal, which points away
      const winding = cross(sub(corners[1], corners[0]), sub(corners[2], corners[0]));
      expect(dot(winding, normal)).toBeGreaterThan(0);
      expect(dot(sub(corners[0], centre), normal)).toBeCloseTo(0.5);
    }
  });

  it('leaves out the faces between cubes of the set', () => {
    // a 2x2x2 block: 4 faces on each of its 6 sides
    const block: Cell[] = [];
    for (let z = 0; z < 2; z++) for (let y = 0; y < 2; y++) for (let x = 0; x < 2; x++) block.push([x, y, z]);
    expect(exposedFaces(block)).toHaveLength(24);
    // Soma's L: four cubes, three seams
    expect(exposedFaces([[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]])).toHaveLength(4 * 6 - 2 * 3);
  });
});

describe('explodeOffsets', () => {
  const solution: Solution = {
    placements: [
      { piece: 'Low', cells: [[0, 0, 0], [1, 0, 0]] },
      { piece: 'High', cells: [[0, 0, 1], [1, 0, 1]] },
      { piece: 'Ends', cells: [[0, 0, 2], [1, 0, 2], [0, 0, -1], [1, 0, -1]] },
    ],
  };

  it('moves pieces out from the middle along their own middle, spread times as far', () => {
    // the middle of all eight cells is at height 0.5 (scene y)
    const [low, high, ends] = explodeOffsets(solution, 2);
    expect(low![1]).toBeCloseTo(-1);
    expect(high![1]).toBeCloseTo(1);
    // a piece whose middle is the middle stays
    expect(ends![1]).toBeCloseTo(0);
    expect(low![0]).toBeCloseTo(0);
    expect(low![2]).toBeCloseTo(0);
  });
});

describe('uncoveredCells and boardKey', () => {
  it('finds the board cells no piece covers', () => {
    const board: Cell[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0]];
    expect(uncoveredCells({ board }, { placements: [{ piece: 'D', cells: [[0, 0, 0], [1, 0, 0]] }] })).toEqual([[2, 0, 0]]);
  });

  it('knows a board in any order, and tells boards and lattices apart', () => {
    const board: Cell[] = [[0, 0, 0], [1, 0, 0]];
    const [cubes, balls] = [GRIDS.cube.scene!, GRIDS.sphere.scene!];
    expect(boardKey({ board }, cubes)).toBe(boardKey({ board: [...board].reverse() }, cubes));
    expect(boardKey({ board }, cubes)).not.toBe(boardKey({ board }, balls));
    expect(boardKey({ board }, cubes)).not.toBe(boardKey({ board: board.slice(1) }, cubes));
  });
});

describe('latticeOf', () => {
  it("follows the puzzle's grid, and the fallback when it names none", () => {
    expect(latticeOf({ grid: 'sphere' }, GRIDS.cube)).toBe(GRIDS.sphere.scene);
    expect(latticeOf({ grid: 'cube' }, GRIDS.sphere)).toBe(GRIDS.cube.scene);
    expect(latticeOf({}, GRIDS.sphere)).toBe(GRIDS.sphere.scene);
    expect(latticeOf({})).toBe(GRIDS.cube.scene);
    expect(() => latticeOf({ grid: 'hexagon' })).toThrow(/hexagon/);
  });
});

describe('grids drawn as their solids', () => {
  /** A cube grid drawn from its solids (as a grid of solids would be), to compare with the view's own cubes. */
  const cubesAsSolids: Grid = { ...GRIDS.cube, name: 'cubes-as-solids', scene: { mesh: 'solids', viewDirection: [1, 1, 1] } };
  const key = (p: Vec3): string => p.map((x) => (Math.round(x * 1e6) / 1e6 + 0).toFixed(3)).join(',');

  it("gives cubes drawn from their solids exposedFaces' faces (half a cube along each axis away: a solid's cube starts at its cell)", () => {
    const soma: Cell[] = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];
    const faceKey = (corners: readonly Vec3[], normal: Vec3, shift: number): string => `${corners.map((c) => key([c[0] + shift, c[1] + shift, c[2] + shift])).sort().join(' ')} ${key(normal)}`;
    const fromSolids = solidFaces(cubesAsSolids, soma);
    expect(fromSolids.map((f) => faceKey(f.corners, f.normal, -0.5)).sort()).toEqual(exposedFaces(soma).map((f) => faceKey(f.corners, f.normal, 0)).sort());
    for (const { corners, normal } of fromSolids) {
      // counter-clockwise from outside in the scene too (the scene turns space over: the corners are listed back)
      expect(dot(cross(sub(corners[1]!, corners[0]!), sub(corners[2]!, corners[0]!)), normal)).toBeGreaterThan(0);
    }
  });

  it("gives a piece of prisms a closed outside, turned outward, as large as its prisms, without the faces between them", () => {
    const piece: Cell[] = [[0, 0, 0], [1, 0, 0], [3, 0, 0], [0, 0, 1], [0, 1, 0]];
    const faces = solidFaces(HALF_CUBE_GRID, piece);
    // five prisms have 25 faces; four pairs of them touch
    expect(faces).toHaveLength(25 - 2 * 4);
    const edges = new Map<string, number>();
    let volume6 = 0;
    for (const { corners } of faces) {
      corners.forEach((c, i) => {
        const next = corners[(i + 1) % corners.length]!;
        edges.set(`${key(c)}>${key(next)}`, (edges.get(`${key(c)}>${key(next)}`) ?? 0) + 1);
      });
      for (let i = 1; i + 1 < corners.length; i++) volume6 += dot(corners[0]!, cross(corners[i]!, corners[i + 1]!));
    }
    // every edge of the outside once each way: closed, and consistently wound
    const unmatched = [...edges.keys()].filter((e) => !edges.has(e.split('>').reverse().join('>')));
    expect(unmatched).toEqual([]);
    expect(volume6 / 6).toBeCloseTo(piece.length / 2);
  });

  it('places cells at their solids\' middles and moves pieces as far as a move of the grid carries a solid', () => {
    registerHalfCubes();
    expect(viewGridOf({ grid: 'half-cube' })).toBe(HALF_CUBE_GRID);
    // the prism under the diagonal of the cube at [1, 0, 2]: corners (1, 0), (2, 0), (2, 1) at heights 2 and 3
    const [x, y, z] = cellPosition(HALF_CUBE_GRID, [2, 0, 2]);
    expect([x, y, z].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([Math.round((5 / 3) * 1e6) / 1e6, 2.5, Math.round((1 / 3) * 1e6) / 1e6]);
    // two cells along x is one cube; a row is one unit toward the viewer, a layer one unit up
    expect(stepToScene(HALF_CUBE_GRID, [2, 0, 0]).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 0, 0]);
    expect(stepToScene(HALF_CUBE_GRID, [0, 1, 0]).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 0, 1]);
    expect(stepToScene(HALF_CUBE_GRID, [0, 0, -1]).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, -1, 0]);
    // cubes and balls: the cell's own point
    expect(cellPosition(GRIDS.cube, [1, 2, 3])).toEqual(cellToScene([1, 2, 3]));
    expect(stepToScene(GRIDS.sphere, [1, 1, 0])).toEqual([1, 0, 1]);
    // a grid that says it draws solids but has none is refused in words
    const { solid: _, ...withoutSolids } = HALF_CUBE_GRID;
    expect(() => viewGridOf({}, { ...withoutSolids, name: 'no-solids' } as Grid)).toThrow(/no-solids/);
  });
});
