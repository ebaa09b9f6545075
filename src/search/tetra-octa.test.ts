import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRIDS } from '../geometry/grids/index.js';
import type { Cell, Puzzle } from '../puzzle/model.js';
import { tetraOctaClasses, tetraOctaShapeClass, tetraOctaTilings, tetraOctaTouch, voxelCorners } from '../test-support/tetra-octa.js';
import { expectEnginesFindEveryTiling } from '../test-support/engines-agree.js';
import { nextTurn } from '../test-support/turn.js';
import { cutIntoPieces } from '../test-support/cut.js';
import { solve } from './solve.js';

/**
 * Tetrahedra-octahedra puzzles through the library, on every engine, against test-support/tetra-octa.ts:
 * every tiling and its classes worked out from the cells' corners in space, with no code shared with
 * src/geometry or the search.
 */
const grid = GRIDS['tetra-octa'];
const key = (c: readonly number[]): string => c.join(',');

/** The cells of a box of blocks (5 each: a tetrahedron and 4 octants), from block `from` on. */
function blocks(w: number, h: number, d: number, from = 0): Cell[] {
  const cells: Cell[] = [];
  for (let z = 3 * from; z < 3 * (from + d); z++) {
    for (let y = 3 * from; y < 3 * (from + h); y++) for (let x = 3 * from; x < 3 * (from + w); x++) if (voxelCorners([x, y, z])) cells.push([x, y, z]);
  }
  return cells;
}

/** A board cut into random connected pieces of 2 to 4 cells; congruent pieces are copies of one piece. */
function cutInto(board: Cell[], choices: number[], mirror: boolean): Puzzle {
  let pick = 0;
  const next = (n: number): number => choices[pick++ % choices.length]! % n;
  const pieces = cutIntoPieces(board, next, tetraOctaTouch, (region) => tetraOctaShapeClass(region, mirror), (region) => grid.normalize(region), mirror);
  return { name: 'random tetra-octa', dims: 3, grid: 'tetra-octa', board, pieces, mirror };
}

const puzzleArbitrary = fc
  .record({
    size: fc.constantFrom([1, 1, 1], [2, 1, 1], [1, 2, 1], [1, 1, 2]),
    // a few cells off the box (not its first), so that boards are not all boxes
    drop: fc.array(fc.nat(), { maxLength: 3 }),
    mirror: fc.boolean(),
    choices: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  })
  .map(({ size, drop, mirror, choices }) => {
    const all = blocks(size[0]!, size[1]!, size[2]!);
    const gone = new Set(drop.map((i) => key(all[1 + (i % (all.length - 1))]!)));
    return cutInto(all.filter((c) => !gone.has(key(c))), choices, mirror);
  });

describe('tetrahedra-octahedra puzzles, against the enumeration from the cells\' corners', () => {
  it('random boards cut into pieces: every engine finds every tiling, and the classes up to symmetry', async () => {
    await fc.assert(fc.asyncProperty(puzzleArbitrary, async (puzzle) => {
      await nextTurn();
      const truth = tetraOctaTilings(puzzle);
      // pieces that may not be turned over: the board's reflections count only when the set of pieces is
      // its own mirror image; here every piece is symmetric or may be turned over only when `mirror`
      expectEnginesFindEveryTiling(puzzle, truth, { ...(puzzle.mirror ? { unique: tetraOctaClasses(puzzle, truth) } : {}), rotations: tetraOctaClasses(puzzle, truth, true) });
    }), { numRuns: 20 });
  });

  it('the octahedron in 4 pairs of octants: the 9 perfect matchings of the cube\'s corners, 2 up to symmetry', () => {
    // the 8 octants around the odd point [1, 0, 0] of space are the cube's corners, neighbours along its edges
    const octahedron = blocks(3, 2, 2, -1).filter((c) => voxelCorners(c)!.some((p) => key(p) === '1,0,0') && !voxelCorners(c)!.every((p) => (p[0]! + p[1]! + p[2]!) % 2 === 0));
    expect(octahedron).toHaveLength(8);
    const pair = octahedron.filter((c) => tetraOctaTouch(c, octahedron[0]!)).slice(0, 1).concat([octahedron[0]!]);
    const puzzle: Puzzle = { name: 'octahedron', dims: 3, grid: 'tetra-octa', board: octahedron, mirror: true, pieces: [{ name: 'P', shape: grid.normalize(pair), count: 4, mirror: true }] };
    for (const engine of ['bitboard', 'dlx'] as const) {
      expect(solve(puzzle, { engine, all: true }).solutions, engine).toBe(9);
      expect(solve(puzzle, { engine, unique: true, countOnly: true }).solutions, engine).toBe(2);
    }
    expect(tetraOctaTilings(puzzle)).toHaveLength(9);
  });
});
