import { describe, expect, it } from 'vitest';
import type { Cell, Puzzle } from '../puzzle/model.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { solve } from '../search/solve.js';
import type { P3 } from '../test-support/stl-check.js';
import { erodedPolycubeVolume, meshFacts, polycubeOuterFaces, readStl, stlShells } from '../test-support/stl-check.js';
import { pieceStlFiles, solutionStlFiles, stlProblem } from './stl.js';

const polycubePuzzle = (shapes: Record<string, readonly Cell[]>): Puzzle => ({
  name: 'test',
  dims: 3,
  board: [],
  mirror: true,
  pieces: Object.entries(shapes).map(([name, shape]) => ({ name, shape, count: 1, mirror: true })),
});

/** The checks every printed polycube passes: closed, outward, the volume and box of the cubes shrunk by half the gap. */
function expectPrintable(bytes: Uint8Array, cells: readonly P3[], o: { size: number; gap: number; atOrigin: boolean }, what: string): void {
  const facts = meshFacts(readStl(bytes));
  expect(facts.openEdges, `${what}: open edges`).toBe(0);
  expect(facts.badNormals, `${what}: normals against the winding`).toBe(0);
  expect(facts.flat, `${what}: flat triangles`).toBe(0);
  // the volume of the cubes shrunk by half the gap: exact but at some saddles (corners where faces turned
  // opposite ways meet), where the corner's faces tilt a little (see geometry/surface.ts): there the
  // volume the gap takes away is right to 1%
  const want = erodedPolycubeVolume(cells, o.gap / 2 / o.size) * o.size ** 3;
  const takenAway = cells.length * o.size ** 3 - want;
  expect(Math.abs(facts.volume - want), `${what}: volume`).toBeLessThanOrEqual(1e-6 * want + 0.01 * takenAway);
  const shift = o.atOrigin ? [0, 1, 2].map((k) => Math.min(...cells.map((c) => c[k]!))) : [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    expect(facts.min[k]!, `${what}: min ${k}`).toBeCloseTo((Math.min(...cells.map((c) => c[k]!)) - shift[k]!) * o.size + o.gap / 2, 4);
    expect(facts.max[k]!, `${what}: max ${k}`).toBeCloseTo((Math.max(...cells.map((c) => c[k]!)) + 1 - shift[k]!) * o.size - o.gap / 2, 4);
  }
}

describe('STL files of pieces', () => {
  it('every piece of the 3-D catalog puzzles of cubes: closed, outward, two triangles per outer square, the size asked for', () => {
    for (const name of ['soma', 'tetris-cube', 'bedlam-cube', 'pentacubes-3x4x5']) {
      const puzzle = loadCatalogPuzzle(name);
      for (const options of [{ size: 20, gap: 0 }, { size: 12.5, gap: 0.4 }]) {
        const files = pieceStlFiles(puzzle, { cellSize: options.size, gap: options.gap });
        expect(files).toHaveLength(puzzle.pieces.length);
        files.forEach((file, i) => {
          const piece = puzzle.pieces[i]!;
          expect(file.name).toMatch(/^\d\d-[A-Za-z0-9_-]+\.stl$/);
          expect(file.copies).toBe(piece.count);
          const mesh = readStl(file.bytes);
          expect(mesh.header).toMatch(new RegExp(`piece ${piece.name}$`));
          if (options.gap === 0) expect(mesh.triangles).toHaveLength(2 * polycubeOuterFaces(piece.shape));
          expectPrintable(file.bytes, piece.shape, { ...options, atOrigin: true }, `${name} ${piece.name} ${JSON.stringify(options)}`);
        });
      }
    }
  });

  it('cubes that touch only along an edge or at a corner stay apart: each fan of faces gets its own corner', () => {
    const edge: Cell[] = [[0, 0, 0], [1, 1, 0]];
    const corner: Cell[] = [[0, 0, 0], [1, 1, 1]];
    // a face pair with a third cube on an edge of one and a corner of the other
    const both: Cell[] = [[0, 0, 0], [1, 0, 0], [1, 1, 1]];
    const saddle: Cell[] = [[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]];
    const puzzle = polycubePuzzle({ edge, corner, both, saddle });
    for (const gap of [0.5, 1]) {
      pieceStlFiles(puzzle, { cellSize: 10, gap }).forEach((file, i) => {
        expectPrintable(file.bytes, puzzle.pieces[i]!.shape, { size: 10, gap, atOrigin: true }, `${puzzle.pieces[i]!.name} gap ${gap}`);
      });
    }
    // no gap: still closed and outward, each split corner pulled in a hair
    pieceStlFiles(puzzle, { cellSize: 10, gap: 0 }).forEach((file, i) => {
      const facts = meshFacts(readStl(file.bytes));
      expect(facts.openEdges, puzzle.pieces[i]!.name).toBe(0);
      expect(facts.volume / 1000 / puzzle.pieces[i]!.shape.length).toBeCloseTo(1, 2);
    });
  });

  it('random sets of cubes in a 3x3x3 box (seeded), connected or not: closed, outward, the volume of the cubes shrunk', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const shapes: Record<string, Cell[]> = {};
    for (let n = 0; n < 60; n++) {
      const cells: Cell[] = [];
      for (let x = 0; x < 3; x++) for (let y = 0; y < 3; y++) for (let z = 0; z < 3; z++) if (random() < 0.45) cells.push([x, y, z]);
      if (cells.length > 0) shapes[`r${n}`] = cells;
    }
    const puzzle = polycubePuzzle(shapes);
    // closed and outward always; the volume of the cubes shrunk but where empty cells inside the piece
    // meet only at a corner (the two shrunk hollows overlap there by a cube of side the gap: see surface.ts)
    pieceStlFiles(puzzle, { cellSize: 10, gap: 0.6 }).forEach((file, i) => {
      const facts = meshFacts(readStl(file.bytes));
      const what = puzzle.pieces[i]!.name;
      expect(facts.openEdges, what).toBe(0);
      expect(facts.badNormals, what).toBe(0);
      expect(facts.volume / (erodedPolycubeVolume(puzzle.pieces[i]!.shape, 0.03) * 1000), what).toBeCloseTo(1, 2);
    });
  });

  it('a bevel cuts each convex edge back: a cube loses its twelve edges and eight corners, pieces stay closed', () => {
    const b = 1;
    const [cube] = pieceStlFiles(polycubePuzzle({ cube: [[0, 0, 0]] }), { cellSize: 10, gap: 0, bevel: b });
    const facts = meshFacts(readStl(cube!.bytes));
    expect(facts.openEdges).toBe(0);
    expect(facts.flat).toBe(0);
    // 6 faces, 12 edge strips (2 triangles each), 8 corner triangles
    expect(readStl(cube!.bytes).triangles).toHaveLength(6 * 2 + 12 * 2 + 8);
    // the chamfered cube of side s: each edge loses a prism of section b^2 / 2 and length s - 2b; each corner,
    // in u = distances to its three faces, keeps of the box u <= b only u1 + u2 + u3 >= 2b (a sixth of it)
    const s = 10;
    expect(facts.volume).toBeCloseTo(s ** 3 - 12 * (b ** 2 / 2) * (s - 2 * b) - 8 * (5 / 6) * b ** 3, 3);
    expect(facts.min).toEqual([0, 0, 0]);
    expect(facts.max).toEqual([10, 10, 10]);
    for (const name of ['soma', 'tetris-cube']) {
      const puzzle = loadCatalogPuzzle(name);
      pieceStlFiles(puzzle, { cellSize: 10, gap: 0.4, bevel: 0.8 }).forEach((file, i) => {
        const f = meshFacts(readStl(file.bytes));
        const what = `${name} ${puzzle.pieces[i]!.name}`;
        expect(f.openEdges, what).toBe(0);
        expect(f.badNormals, what).toBe(0);
        expect(f.volume, what).toBeGreaterThan(0);
        expect(f.volume, what).toBeLessThan(erodedPolycubeVolume(puzzle.pieces[i]!.shape, 0.02) * 1000);
        expect(f.min.map((x) => Math.round(x * 1000) / 1000), what).toEqual([0.2, 0.2, 0.2]);
      });
    }
  });

  it('a solution: one file per piece in its place, each its cells shrunk by half the gap', () => {
    const puzzle = loadCatalogPuzzle('soma');
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const files = solutionStlFiles(puzzle, solution, { cellSize: 20, gap: 0.3 });
    expect(files.map((f) => f.piece)).toEqual(solution.placements.map((p) => p.piece));
    files.forEach((file, i) => expectPrintable(file.bytes, solution.placements[i]!.cells, { size: 20, gap: 0.3, atOrigin: false }, file.name));
    const total = files.reduce((v, f) => v + meshFacts(readStl(f.bytes)).volume, 0);
    expect(total).toBeLessThan(27 * 8000);
  });

  it('says why a puzzle cannot be printed: flat, balls, a gap or bevel too large for the cells', () => {
    expect(stlProblem(loadCatalogPuzzle('pentomino-6x10'))).toMatch(/flat \(2-D\)/);
    expect(stlProblem(loadCatalogPuzzle('kanoodle-pyramid'))).toBeUndefined();
    expect(stlProblem(loadCatalogPuzzle('kanoodle-pyramid'), { bevel: 1 })).toMatch(/balls have none/);
    // a ball of 20 mm: the necks (5 mm in radius, ending 5.8 mm from the centres at the largest gap) stay inside it
    expect(stlProblem(loadCatalogPuzzle('kanoodle-pyramid'), { cellSize: 20, gap: 8.6 })).toMatch(/half the gap \(4.3 mm\) may be at most 4.226 mm/);
    expect(stlProblem(loadCatalogPuzzle('kanoodle-pyramid'), { cellSize: 20, gap: 8.4 })).toBeUndefined();
    expect(stlProblem(loadCatalogPuzzle('soma'), { cellSize: 10, gap: 4, bevel: 0.6 })).toMatch(/may be at most 2.5 mm/);
    expect(stlProblem(loadCatalogPuzzle('soma'), { cellSize: 10, gap: 4, bevel: 0.5 })).toBeUndefined();
  });
});

/**
 * Balls in the pyramid packing, worked out here: centres at lattice points (x, y, z), two balls touching when
 * their centres are sqrt 2 apart (the lattice's shortest distance), a ball as wide as that distance.
 */
describe('STL files of pieces of balls', () => {
  const touching = (a: readonly number[], b: readonly number[]): boolean => (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2 + (a[2]! - b[2]!) ** 2 === 2;

  it('every piece of the Kanoodle pyramid: a closed ball per cell and a closed neck per two touching balls, each ball where the cell is and as wide as asked', () => {
    const puzzle = loadCatalogPuzzle('kanoodle-pyramid');
    const size = 20;
    const gap = 0.4;
    const radius = size / 2 - gap / 2;
    const mm = size / Math.SQRT2;
    const files = pieceStlFiles(puzzle, { cellSize: size, gap });
    expect(files).toHaveLength(puzzle.pieces.length);
    files.forEach((file, i) => {
      const cells = puzzle.pieces[i]!.shape;
      const what = `${puzzle.pieces[i]!.name}`;
      const mesh = readStl(file.bytes);
      const facts = meshFacts(mesh);
      expect(facts.openEdges, what).toBe(0);
      expect(facts.badNormals, what).toBe(0);
      expect(facts.flat, what).toBe(0);
      const pairs = cells.flatMap((a, j) => cells.slice(j + 1).filter((b) => touching(a, b))).length;
      expect(pairs, what).toBeGreaterThanOrEqual(cells.length - 1);
      const shells = stlShells(mesh).map((shell) => meshFacts(shell));
      expect(shells, what).toHaveLength(cells.length + pairs);
      for (const shell of shells) {
        expect(shell.openEdges, what).toBe(0);
        expect(shell.volume, what).toBeGreaterThan(0);
      }
      // the balls: shells as wide as a ball every way; their centres those of the cells, the piece moved to the origin
      const balls = shells.filter((shell) => [0, 1, 2].every((k) => Math.abs(shell.max[k]! - shell.min[k]! - 2 * radius) < 1e-3));
      expect(balls, what).toHaveLength(cells.length);
      const least = [0, 1, 2].map((k) => Math.min(...cells.map((c) => c[k]!)));
      const want = cells.map((c) => [0, 1, 2].map((k) => ((c[k]! - least[k]!) * mm + size / 2).toFixed(2)).join()).sort();
      expect(balls.map((b) => [0, 1, 2].map((k) => ((b.min[k]! + b.max[k]!) / 2).toFixed(2)).join()).sort(), what).toEqual(want);
      // a ball of facets inside the true ball: a little less than its volume
      for (const ball of balls) {
        expect(ball.volume / ((4 / 3) * Math.PI * radius ** 3), what).toBeGreaterThan(0.95);
        expect(ball.volume / ((4 / 3) * Math.PI * radius ** 3), what).toBeLessThanOrEqual(1);
      }
      // the necks lie within the balls' box
      for (let k = 0; k < 3; k++) {
        expect(facts.min[k]!, what).toBeCloseTo(gap / 2, 3);
        expect(facts.max[k]!, what).toBeCloseTo((Math.max(...cells.map((c) => c[k]!)) - least[k]!) * mm + size - gap / 2, 3);
      }
    });
  });

  it('a solution of the Kanoodle pyramid: the balls of all the pieces fill the pyramid\'s places, none twice', () => {
    const puzzle = loadCatalogPuzzle('kanoodle-pyramid');
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const mm = 20 / Math.SQRT2;
    const centres = solutionStlFiles(puzzle, solution, { cellSize: 20, gap: 0.2 }).flatMap((file) =>
      stlShells(readStl(file.bytes)).map((shell) => meshFacts(shell)).filter((shell) => Math.abs(shell.max[0]! - shell.min[0]! - 19.8) < 1e-3)
        .map((b) => [0, 1, 2].map((k) => ((b.min[k]! + b.max[k]!) / 2 / mm).toFixed(3)).join()));
    expect(centres.sort()).toEqual(puzzle.board.map((c) => c.map((x) => x.toFixed(3)).join()).sort());
  });
});
