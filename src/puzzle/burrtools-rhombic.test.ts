/**
 * BurrTools files on its rhombic grid (grid type 3): read, solved, written back. The files are built here
 * from cells (BurrTools' voxel positions, 5 x 5 x 5 per cube); the counts are checked against
 * test-support/rhombic-tetrahedra.ts (tetrahedra worked out again from their corners) and against what
 * BurrTools' burrTxt reported for the same files.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import { rhombicDodecahedron } from '../geometry/grids/rhombic.js';
import { solve } from '../search/solve.js';
import { assemblyCells, burrToolsShift, burrToolsXml, formatBurrTools, parseBurrTools } from './burrtools.js';
import { PuzzleError } from './errors.js';
import type { Puzzle } from './model.js';
import { rhombicClassCount, rhombicTilingKey, rhombicTilings } from '../test-support/rhombic-tetrahedra.js';

/** A <voxel> of cells at their positions, the box a whole number of cubes, each filled voxel followed by `colour` when given. */
function voxel(cells: readonly Cell[], name: string, colour = ''): string {
  const size = [0, 1, 2].map((i) => 5 * Math.ceil((Math.max(...cells.map((c) => c[i]!)) + 1) / 5));
  const on = new Set(cells.map(cellKey));
  let text = '';
  for (let z = 0; z < size[2]!; z++) for (let y = 0; y < size[1]!; y++) for (let x = 0; x < size[0]!; x++) text += on.has(cellKey([x, y, z])) ? `#${colour}` : '_';
  return `  <voxel x="${size[0]}" y="${size[1]}" z="${size[2]}" name="${name}" type="0">${text}</voxel>\n`;
}

function rhombicFile(result: readonly Cell[], pieces: { cells: readonly Cell[]; count: number; colour?: string }[]): Buffer {
  const shapes = [voxel(result, 'result'), ...pieces.map((p, i) => voxel(p.cells, `P${i + 1}`, p.colour))].join('');
  const parts = pieces.map((p, i) => `<shape id="${i + 1}" count="${p.count}"/>`).join('');
  return gzipSync(`<?xml version="1.0"?>\n<puzzle version="2">\n <gridType type="3"/>\n <colors>${pieces.some((p) => p.colour) ? '<color red="200" green="40" blue="40"/>' : ''}</colors>\n <shapes>\n${shapes} </shapes>\n <problems><problem><shapes>${parts}</shapes><result id="0"/><bitmap/></problem></problems>\n <comment/>\n</puzzle>\n`);
}

/** The 24 tetrahedra of the cube at the origin: the positions of its block whose coordinates fold (r -> min(r, 4 - r)) to 0, 1 and 2. */
const CUBE: Cell[] = [];
for (let z = 0; z < 5; z++) for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) {
  if ([x, y, z].map((v) => Math.min(v, 4 - v)).sort().join() === '0,1,2') CUBE.push([x, y, z]);
}

// four tetrahedra in a row along one face of two cubes, the same seen from either end (no mirror image of its own)
const STRIP: Cell[] = [[2, 0, 3], [2, 1, 4], [2, 1, 5], [2, 0, 6]];
// three tetrahedra around a corner of a cube, and their mirror image another shape
const CORNER: Cell[] = [[2, 1, 0], [1, 2, 0], [2, 0, 1]];

const count = (p: Puzzle, unique = false): number => solve(p, { all: true, countOnly: true, unique }).solutions;

describe('BurrTools files on the rhombic grid', () => {
  it('reads a rhombic dodecahedron filled with twelve strips: 64 fillings, 7 up to turns and mirror images, as BurrTools counts them', () => {
    // the pieces are coloured and the result is not: BurrTools places them as if uncoloured
    const p = parseBurrTools(rhombicFile(rhombicDodecahedron(), [{ cells: STRIP, count: 12, colour: '1' }]), 'rd.xmpuzzle');
    expect(p.grid).toBe('rhombic');
    expect(p.board).toHaveLength(48);
    expect(p.pieces).toMatchObject([{ name: 'P1', count: 12, mirror: false }]);
    const tilings = rhombicTilings(p);
    expect(tilings.size).toBe(64);
    expect(new Set(solve(p, { all: true }).found.map(rhombicTilingKey))).toEqual(tilings);
    // the strip is its own mirror image, so mirror images of fillings are fillings of the same pieces
    expect(rhombicClassCount({ ...p, mirror: true }, tilings)).toBe(7);
    // burrTxt on this file: "7 assemblies"
    expect(count(p, true)).toBe(7);
  });

  it('counts the cube filled with eight corners without their mirror images (3), and with them (504), as the tetrahedra worked out again', () => {
    const p = parseBurrTools(rhombicFile(CUBE, [{ cells: CORNER, count: 8 }]), 'cube.xmpuzzle');
    const tilings = rhombicTilings(p);
    expect(tilings.size).toBe(3);
    expect(count(p)).toBe(3);
    // burrTxt on this file: "1 assemblies" (the three are turns of one another)
    expect(rhombicClassCount(p, tilings)).toBe(1);
    expect(count(p, true)).toBe(1);
    const turnedOver: Puzzle = { ...p, mirror: true, pieces: p.pieces.map((q) => ({ ...q, mirror: true })) };
    const both = rhombicTilings(turnedOver);
    expect(both.size).toBe(504);
    expect(count(turnedOver)).toBe(504);
    expect(count(turnedOver, true)).toBe(rhombicClassCount(turnedOver, both));
  });

  it('refuses a shape that fills a position between the tetrahedra, in one line', () => {
    let error: unknown;
    try {
      parseBurrTools(rhombicFile(CUBE, [{ cells: [[0, 0, 0]], count: 1 }]), 'bad.xmpuzzle');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PuzzleError);
    expect((error as Error).message).toMatch(/^bad\.xmpuzzle: shape P1 fills position 0, 0, 0, which is no tetrahedron of the rhombic grid/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('writes the puzzle back as grid type 3, and its solutions as assemblies that place the same cells', () => {
    const p = parseBurrTools(rhombicFile(rhombicDodecahedron(), [{ cells: STRIP, count: 12 }]), 'rd.xmpuzzle');
    // moved by a whole cube and more: written back at the grid's canonical place
    const moved: Puzzle = { ...p, board: p.board.map((c) => [c[0] + 10, c[1] - 5, c[2] + 15] as Cell).sort(compareCells) };
    expect(burrToolsShift(moved)).toEqual([-10, 5, -15]);
    const found = solve(moved, { limit: 3 }).found;
    const xml = burrToolsXml(moved, found);
    expect(xml).toContain('<gridType type="3"/>');
    const assemblies = [...xml.matchAll(/<assembly>([^<]*)<\/assembly>/g)].map((m) => m[1]!);
    expect(assemblies).toHaveLength(3);
    assemblies.forEach((text, i) => {
      const placed = assemblyCells(moved, text, 3, burrToolsShift(moved)).filter((c): c is Cell[] => c !== undefined);
      expect(placed.map((cells) => cells.map(cellKey).sort().join(';')).sort()).toEqual(found[i]!.placements.map((q) => q.cells.map(cellKey).sort().join(';')).sort());
    });
    const back = parseBurrTools(formatBurrTools(moved), 'back.xmpuzzle');
    expect(back.board).toEqual(p.board);
    expect(back.pieces).toEqual(p.pieces);
    expect(count(back, true)).toBe(7);
  });

  it('reads assemblies with BurrTools\' numbering of the cube\'s turns, applied to the voxel positions', () => {
    // turn 17 of BurrTools' cube table (symmetries_0, which its rhombic grid uses) has the rows (0 0 1) (1 0 0) (0 1 0)
    const p: Puzzle = { name: 'r', dims: 3, grid: 'rhombic', board: CUBE, mirror: false, pieces: [{ name: 'd', shape: [[0, 2, 1], [0, 1, 2]], count: 1, mirror: false }] };
    expect(assemblyCells(p, '5 0 0 17', 3)[0]).toEqual([[6, 0, 2], [7, 0, 1]]);
  });
});
