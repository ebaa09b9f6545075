import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import { sphereGrid } from '../geometry/grids/sphere.js';
import { solve } from '../search/solve.js';
import { BurrToolsWriteError, assemblyCells, burrToolsProblemCount, burrToolsShift, burrToolsXml, formatBurrTools, parseBurrTools } from './burrtools.js';
import { loadCatalogPuzzle } from './catalog.js';
import { PuzzleError } from './errors.js';
import type { Puzzle } from './model.js';
import { puzzleProblem } from './model.js';
import { parsePuzzle } from './format.js';

/** What a puzzle says, as BurrTools can hold it (no published counts), with its board moved as the file moves it. */
function essence(p: Puzzle, shift: Cell = [0, 0, 0]) {
  return {
    name: p.name,
    dims: p.dims,
    grid: p.grid ?? (p.dims === 2 ? 'square' : 'cube'),
    board: p.board.map((c) => cellKey([c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]])).sort(),
    optional: (p.optional ?? []).map((c) => cellKey([c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]])).sort(),
    pieces: p.pieces.map((q) => ({ name: q.name, shape: q.shape, count: q.count, min: q.min ?? q.count, mirror: q.mirror })),
  };
}

const count = (p: Puzzle, unique = false) => solve(p, { all: true, countOnly: true, unique }).solutions;

function roundTrip(p: Puzzle): Puzzle {
  return parseBurrTools(formatBurrTools(p), 'round-trip.xmpuzzle');
}

/** Sphere art as the issue fixes it: the character at column i, row j of layer z is the sphere [i + j + z, j - i, z]. */
function sphereCells(layers: string[][]): Cell[] {
  const cells: Cell[] = [];
  layers.forEach((rows, z) => rows.forEach((row, j) => [...row].forEach((ch, i) => ch !== '.' && cells.push([i + j + z, j - i, z]))));
  return cells.sort(compareCells);
}

describe('BurrTools round trip', () => {
  it('Soma: the same puzzle and the same count', () => {
    const soma = loadCatalogPuzzle('soma');
    const back = roundTrip(soma);
    expect(essence(back)).toEqual(essence(soma));
    expect(back.description).toBe(soma.description);
    expect(count(back, true)).toBe(count(soma, true));
  });

  it('a flat puzzle with cells that may stay empty and pieces with ranges', () => {
    const p = parsePuzzle(
      ['name: ranges', 'board: |', '  ####', '  #++#', '  ####', 'pieces:', '  L: {shape: "##\\n#.", count: 0..3}', '  I: {shape: "###", count: 1..2}', '  D: {shape: "##", count: 2}'].join('\n'),
      'ranges.yaml',
    );
    expect(puzzleProblem(p)).toBeUndefined();
    const back = roundTrip(p);
    expect(back.dims).toBe(2);
    expect(essence(back)).toEqual(essence(p));
    const n = count(p);
    expect(n).toBeGreaterThan(0);
    expect(count(back)).toBe(n);
  });

  it('a sphere pyramid built in code: the same puzzle and the same counts, pieces connected on the sphere grid', () => {
    const board = sphereCells([['###', '###', '###'], ['##', '##'], ['#']]);
    const piece = (name: string, cells: Cell[], count: number, min?: number) => ({ name, shape: sphereGrid.normalize(cells), count, ...(min !== undefined ? { min } : {}), mirror: false });
    const p: Puzzle = {
      name: 'pyramid',
      dims: 3,
      grid: 'sphere',
      board,
      mirror: false,
      pieces: [
        piece('tetra', [[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]], 1),
        piece('bent', [[0, 0, 0], [1, 1, 0], [2, 0, 0], [2, 1, 1]], 1, 0),
        piece('line', [[0, 0, 0], [1, 1, 0], [2, 2, 0]], 2, 1),
        piece('pair', [[0, 0, 0], [1, 1, 0]], 4, 0),
      ],
    };
    expect(puzzleProblem(p)).toBeUndefined();
    const back = roundTrip(p);
    expect(back.grid).toBe('sphere');
    expect(essence(back, [0, 0, 0])).toEqual(essence(p, burrToolsShift(p)));
    const n = count(p);
    expect(n).toBeGreaterThan(0);
    expect(count(back)).toBe(n);
  });

  it('solutions are written as assemblies that place the same cells (cube and sphere grids)', () => {
    const soma = loadCatalogPuzzle('soma');
    const pyramid: Puzzle = {
      name: 'tiny pyramid',
      dims: 3,
      grid: 'sphere',
      board: sphereCells([['##', '##'], ['#']]),
      mirror: false,
      pieces: [
        { name: 'tri', shape: sphereGrid.normalize([[0, 0, 0], [1, 1, 0], [1, 0, 1]]), count: 1, mirror: false },
        { name: 'pair', shape: sphereGrid.normalize([[0, 0, 0], [1, 1, 0]]), count: 1, mirror: false },
      ],
    };
    for (const [p, gridType] of [[soma, 0], [pyramid, 2]] as const) {
      const found = solve(p, { limit: 5 }).found;
      expect(found.length).toBeGreaterThan(0);
      const xml = burrToolsXml(p, found);
      const assemblies = [...xml.matchAll(/<assembly>([^<]*)<\/assembly>/g)].map((m) => m[1]!);
      expect(assemblies).toHaveLength(found.length);
      assemblies.forEach((text, i) => {
        const placed = assemblyCells(p, text, gridType, burrToolsShift(p)).filter((c): c is Cell[] => c !== undefined);
        const want = found[i]!.placements.map((q) => q.cells.map(cellKey).sort().join(';')).sort();
        expect(placed.map((cells) => cells.map(cellKey).sort().join(';')).sort()).toEqual(want);
      });
    }
  });

  it('reads assemblies with BurrTools\' numbering of turns (entries of its tables: brick 17 and sphere 1)', () => {
    // BurrTools' brick turn 17 has the matrix rows (0 0 1) (1 0 0) (0 1 0); its sphere turn 1, (0 0 1) (0 -1 0) (1 0 0)
    const domino: Puzzle = { name: 'd', dims: 3, board: [[0, 0, 0], [0, 1, 0]], mirror: false, pieces: [{ name: 'd', shape: [[0, 0, 0], [1, 0, 0]], count: 1, mirror: false }] };
    expect(assemblyCells(domino, '0 0 1 17', 0)[0]).toEqual([[0, 0, 1], [0, 1, 1]]);
    const pair: Puzzle = { ...domino, grid: 'sphere', pieces: [{ name: 'p', shape: [[0, 0, 0], [1, 1, 0]], count: 1, mirror: false }] };
    expect(assemblyCells(pair, '2 2 0 1', 2)[0]).toEqual([[2, 2, 0], [2, 1, 1]]);
  });

  it('refuses what BurrTools cannot say, in one line', () => {
    const soma = loadCatalogPuzzle('soma');
    const chiral = soma.pieces.findIndex((q) => q.name === 'A');
    const mirrored = { ...soma, pieces: soma.pieces.map((q, i) => (i === chiral ? { ...q, mirror: true } : q)) };
    expect(() => burrToolsXml(mirrored)).toThrow(BurrToolsWriteError);
    expect(() => burrToolsXml(mirrored)).toThrow(/mirror/);
    const oneSided = parsePuzzle('name: one-sided\nmirror: false\nboard: "###\\n#.."\npieces:\n  L: "###\\n#.."\n', 'x.yaml');
    expect(() => burrToolsXml(oneSided)).toThrow(/turns flat pieces over/);
    expect(() => burrToolsXml({ ...soma, use: 3 })).toThrow(/use/);
  });
});

/** A BurrTools file written by hand, as BurrTools writes them: a shape list, then problems naming shapes by number. */
function handFile(body: string, grid = '<gridType type="0"/>'): Buffer {
  return gzipSync(`<?xml version="1.0"?>\n<puzzle version="2">\n ${grid}\n <colors/>\n${body}\n <comment/>\n</puzzle>\n`);
}

const DOMINO_CUBE = ` <shapes>
  <voxel x="2" y="2" z="2" type="0">########</voxel>
  <voxel x="2" y="1" z="1" name="domino" type="0">##</voxel>
  <voxel x="3" y="2" z="1" type="0">######</voxel>
  <voxel x="2" y="2" z="1" type="0">##_#</voxel>
 </shapes>
 <problems>
  <problem name="dominoes in a cube" state="0">
   <shapes>
    <shape id="1" count="4"/>
   </shapes>
   <result id="0"/>
   <bitmap/>
  </problem>
  <problem state="0">
   <shapes>
    <shape id="3" count="2"/>
   </shapes>
   <result id="2"/>
   <bitmap/>
  </problem>
 </problems>`;

describe('reading BurrTools files', () => {
  it('reads a file written by hand: problems by number, their counts (dominoes in a 2x2x2 cube: 9; L-trominoes in a 2x3 rectangle: 2)', () => {
    const data = handFile(DOMINO_CUBE);
    const cube = parseBurrTools(data, 'hand.xmpuzzle');
    expect(cube.name).toBe('dominoes in a cube');
    expect(cube.dims).toBe(3);
    expect(cube.pieces).toEqual([{ name: 'domino', shape: [[0, 0, 0], [1, 0, 0]], count: 4, mirror: false }]);
    expect(count(cube)).toBe(9);
    const flat = parseBurrTools(data, 'dir/hand.xmpuzzle', 2);
    expect(flat.name).toBe('hand (problem 2)');
    expect(flat.dims).toBe(2);
    expect(flat.pieces[0]!.name).toBe('S4');
    expect(count(flat)).toBe(2);
  });

  it('says how many problems a file holds, for a choice among them', () => {
    expect(burrToolsProblemCount(handFile(DOMINO_CUBE), 'hand.xmpuzzle')).toBe(2);
    expect(() => burrToolsProblemCount(new Uint8Array([1, 2, 3]), 'junk.xmpuzzle')).toThrow(/junk\.xmpuzzle: not a BurrTools file/);
  });

  it('reads variable voxels as cells that may stay empty, ranges as min and count, and the sphere grid as spheres', () => {
    const data = handFile(` <shapes>
  <voxel x="3" y="3" z="1" type="0">#_#_+_#_#</voxel>
  <voxel x="2" y="2" z="1" type="0">#__#</voxel>
 </shapes>
 <problems><problem><shapes><shape id="1" min="1" max="2"/></shapes><result id="0"/></problem></problems>`, '<gridType type="2"/>');
    const p = parseBurrTools(data, 'spheres.xmpuzzle');
    expect(p.grid).toBe('sphere');
    expect(p.board).toEqual([[0, 0, 0], [2, 0, 0], [1, 1, 0], [0, 2, 0], [2, 2, 0]]);
    expect(p.optional).toEqual([[1, 1, 0]]);
    expect(p.pieces[0]).toMatchObject({ shape: [[0, 0, 0], [1, 1, 0]], count: 2, min: 1 });
  });

  const refusals: [string, Buffer | Uint8Array, RegExp, number?][] = [
    ['not gzip', Buffer.from('<puzzle version="2"/>'), /not gzip-compressed/],
    ['gzip of text that is not XML', gzipSync('name: soma\nboard: {box: [3, 3, 3]}\n'), /not XML/],
    ['gzip of damaged XML', gzipSync('<puzzle version="2"><shapes></puzzle>'), /not XML/],
    ['XML that is not a puzzle', gzipSync('<?xml version="1.0"?><svg/>'), /no <puzzle> element/],
    ['an unknown grid', handFile(DOMINO_CUBE, '<gridType type="9"/>'), /unknown BurrTools grid type '9'/],
    ['a grid snug does not read', handFile(DOMINO_CUBE, '<gridType type="1"/>'), /triangular prism grid .* not supported/],
    ['no shapes', handFile(' <shapes/>\n <problems><problem><shapes><shape id="0"/></shapes><result id="0"/></problem></problems>'), /no shapes/],
    ['a problem out of range', handFile(DOMINO_CUBE), /there is no problem 3: the file has 2 problems/, 3],
    ['no problems', handFile(DOMINO_CUBE.replace(/<problems>[^]*<\/problems>/, '<problems/>')), /no problems/],
    ['a shape number out of range', handFile(DOMINO_CUBE.replace('<shape id="1" count="4"/>', '<shape id="7" count="4"/>')), /names shape 8, but the file has 4 shapes/],
    ['a box too large', handFile(DOMINO_CUBE.replace('x="2" y="2" z="2"', 'x="99999" y="2" z="2"')), /more than the limit/],
    ['a bad voxel character', handFile(DOMINO_CUBE.replace('########', '###X####')), /'X' is not a voxel/],
    ['colour constraints', handFile(DOMINO_CUBE.replace('<voxel x="2" y="1" z="1" name="domino" type="0">##', '<voxel x="2" y="1" z="1" name="domino" type="0">#2#')), /colour/],
    ['piece groups', handFile(DOMINO_CUBE.replace('<shape id="1" count="4"/>', '<shape id="1" count="4" group="2"/>')), /piece groups .* disassembly requirement/],
    ['disassembly', handFile(DOMINO_CUBE.replace('<bitmap/>', '<bitmap/><solutions><solution><assembly>0 0 0 0 x x x</assembly><separation/></solution></solutions>')), /disassembly sequences/],
    ['maxHoles', handFile(DOMINO_CUBE.replace('state="0">', 'state="0" maxHoles="1">')), /maxHoles/],
    ['a document type', gzipSync('<?xml version="1.0"?><!DOCTYPE puzzle [<!ENTITY a "aaaa">]><puzzle version="2"/>'), /document type/],
  ];
  it.each(refusals)('refuses %s in one line naming the file', (_what, data, message, problem) => {
    let error: unknown;
    try {
      parseBurrTools(data, 'bad.xmpuzzle', problem);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PuzzleError);
    const text = (error as Error).message;
    expect(text).toMatch(/^bad\.xmpuzzle: /);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});
