import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey, compareCells } from '../geometry/cell.js';
import { sphereGrid } from '../geometry/grids/sphere.js';
import { gridOf } from '../geometry/grids/index.js';
import { solve } from '../search/solve.js';
import { disassembleSolution } from '../disassembly/solution.js';
import { BurrToolsWriteError, assemblyCells, burrToolsOrientation, burrToolsProblemCount, burrToolsShift, burrToolsXml, formatBurrTools, parseBurrTools, storedSolutions } from './burrtools.js';
import { loadCatalogPuzzle } from './catalog.js';
import { coveredChannel } from '../test-support/shapes.js';
import { voxelCorners } from '../test-support/tetra-octa.js';
import { PuzzleError } from './errors.js';
import type { Puzzle } from './model.js';
import { puzzleProblem } from './model.js';
import { formatPuzzle, parsePuzzle } from './format.js';
import { checkPuzzle } from './validate.js';

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
function handFile(body: string, grid = '<gridType type="0"/>', colors = '<colors/>'): Buffer {
  return gzipSync(`<?xml version="1.0"?>\n<puzzle version="2">\n ${grid}\n ${colors}\n${body}\n <comment/>\n</puzzle>\n`);
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

  it('reads colour rules about colours no cell has as BurrTools does: they restrict nothing (dominoes in a 2x2x2 cube: 9)', () => {
    // BurrTools' colour table as it writes it: two colours, a rule for each, and no cell coloured
    const twoColours = '<colors><color red="128" green="128" blue="128"/><color red="219" green="219" blue="219"/></colors>';
    const rules = (pairs: string): string => DOMINO_CUBE.replace('<bitmap/>', `<bitmap>${pairs}</bitmap>`);
    const read = (body: string, problem = 1): Puzzle => parseBurrTools(handFile(body, undefined, twoColours), 'hand.xmpuzzle', problem);
    const unused = read(rules('<pair piece="0" result="0"/><pair piece="1" result="1"/>'));
    expect(unused.colourRules).toBeUndefined();
    expect(count(unused)).toBe(9);
    // coloured dominoes in an uncoloured cube: BurrTools restricts only where both cells are coloured
    const colouredPieces = rules('<pair piece="0" result="1"/>').replace('name="domino" type="0">##', 'name="domino" type="0">#1#1');
    expect(read(colouredPieces).pieces[0]!.colours).toHaveLength(2);
    expect(count(read(colouredPieces))).toBe(9);
    // one cube cell coloured 1: dominoes of colour 1 may lie on it by the rule 1 -> 1 (the rule 1 -> 2 names
    // a colour no cell has), and by no rule when 1 -> 2 is the only one: no domino covers that cell
    const colouredCell = colouredPieces.replace('type="0">########', 'type="0">#1#######');
    const both = read(colouredCell.replace('<pair piece="0" result="1"/>', '<pair piece="0" result="0"/><pair piece="0" result="1"/>'));
    expect(both.colourRules).toEqual([{ piece: 'colour1', board: ['colour1'] }]);
    expect(count(both)).toBe(9);
    const none = read(colouredCell);
    expect(none.colourRules).toBeUndefined();
    expect(count(none)).toBe(0);
  });

  const refusals: [string, Buffer | Uint8Array, RegExp, number?][] = [
    ['not gzip', Buffer.from('<puzzle version="2"/>'), /not gzip-compressed/],
    ['gzip of text that is not XML', gzipSync('name: soma\nboard: {box: [3, 3, 3]}\n'), /not XML/],
    ['gzip of damaged XML', gzipSync('<puzzle version="2"><shapes></puzzle>'), /not XML/],
    ['XML that is not a puzzle', gzipSync('<?xml version="1.0"?><svg/>'), /no <puzzle> element/],
    ['an unknown grid', handFile(DOMINO_CUBE, '<gridType type="9"/>'), /unknown BurrTools grid type '9'/],
    ['no shapes', handFile(' <shapes/>\n <problems><problem><shapes><shape id="0"/></shapes><result id="0"/></problem></problems>'), /no shapes/],
    ['a problem out of range', handFile(DOMINO_CUBE), /there is no problem 3: the file has 2 problems/, 3],
    ['no problems', handFile(DOMINO_CUBE.replace(/<problems>[^]*<\/problems>/, '<problems/>')), /no problems/],
    ['a shape number out of range', handFile(DOMINO_CUBE.replace('<shape id="1" count="4"/>', '<shape id="7" count="4"/>')), /names shape 8, but the file has 4 shapes/],
    ['a box too large', handFile(DOMINO_CUBE.replace('x="2" y="2" z="2"', 'x="99999" y="2" z="2"')), /more than the limit/],
    ['a bad voxel character', handFile(DOMINO_CUBE.replace('########', '###X####')), /'X' is not a voxel/],
    ['colour constraints', handFile(DOMINO_CUBE.replace('<voxel x="2" y="1" z="1" name="domino" type="0">##', '<voxel x="2" y="1" z="1" name="domino" type="0">#2#').replace('type="0">########', 'type="0">#1#######')), /colour/],
    ['piece groups that split the copies of a piece', handFile(DOMINO_CUBE.replace('<shape id="1" count="4"/>', '<shape id="1" count="4"><group group="2" count="3"/></shape>')), /piece groups that put some copies .* not supported/],
    ['copies of a piece in two groups', handFile(DOMINO_CUBE.replace('<shape id="1" count="4"/>', '<shape id="1" count="4"><group group="2" count="2"/><group group="3" count="2"/></shape>')), /piece groups that put some copies .* not supported/],
    ['a weight that is no whole number', handFile(DOMINO_CUBE.replace('name="domino"', 'weight="heavy" name="domino"')), /weight 'heavy'/],
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

describe('BurrTools files and disassembly', () => {
  it('reads piece groups (an attribute, or one <group> holding every copy) and weights', () => {
    const data = handFile(DOMINO_CUBE.replace('<voxel x="2" y="1" z="1" name="domino" type="0">', '<voxel x="2" y="1" z="1" weight="3" name="domino" type="0">')
      .replace('<shape id="1" count="4"/>', '<shape id="1" count="4" group="2"/>')
      .replace('<shape id="3" count="2"/>', '<shape id="3" count="2"><group group="5" count="2"/></shape>'));
    const cube = parseBurrTools(data, 'groups.xmpuzzle');
    expect(cube.pieces[0]).toMatchObject({ name: 'domino', count: 4, group: 2, weight: 3 });
    const flat = parseBurrTools(data, 'groups.xmpuzzle', 2);
    expect(flat.pieces[0]!.group).toBe(5);
    expect(flat.pieces[0]!.weight).toBeUndefined();
    // group 0 is no group
    const none = parseBurrTools(handFile(DOMINO_CUBE.replace('<shape id="1" count="4"/>', '<shape id="1" count="4" group="0"/>')), 'g.xmpuzzle');
    expect(none.pieces[0]!.group).toBeUndefined();
    // and they are written back, to BurrTools and to YAML (a converted file takes its assemblies apart alike)
    const back = parseBurrTools(formatBurrTools(cube), 'back.xmpuzzle');
    expect(back.pieces[0]).toMatchObject({ group: 2, weight: 3 });
    for (const p of [cube, flat]) {
      const yaml = formatPuzzle(p);
      const again = parsePuzzle(yaml, 'groups.yaml');
      expect(again.pieces.map((q) => [q.name, q.group, q.weight]), yaml).toEqual(p.pieces.map((q) => [q.name, q.group, q.weight]));
    }
    expect(formatPuzzle(cube)).toMatch(/group: 2\s+weight: 3/);
  });

  it('reads piece groups and weights in YAML: whole numbers from 1, weight 1 the default', () => {
    const file = (options: string): string => `board: {box: [2, 2, 2]}\npieces:\n  a: {box: [2, 2, 1], count: 2${options}}\n`;
    expect(parsePuzzle(file(', group: 4, weight: 7'), 'g.yaml').pieces[0]).toMatchObject({ group: 4, weight: 7 });
    expect(parsePuzzle(file(', weight: 1'), 'g.yaml').pieces[0]!.weight).toBeUndefined();
    for (const [options, message] of [
      [', group: 0', /piece 'a' group .*at least 1/],
      [', weight: 2.5', /piece 'a' weight/],
      [', group: 1000000000', /piece 'a' group is 1000000000: more than the limit of 999999999/],
      [", weight: 'heavy'", /piece 'a' weight/],
    ] as const) {
      expect(() => parsePuzzle(file(options), 'g.yaml'), options).toThrow(message);
    }
    // a puzzle made in code is checked alike
    const made = parsePuzzle(file(''), 'g.yaml');
    expect(() => checkPuzzle({ ...made, pieces: [{ ...made.pieces[0]!, weight: 0 }] })).toThrow(/piece "a" weight must be a whole number from 1 to 999,999,999, not 0/);
  });

  it('reads the disassemblies a file stores and gives their levels as BurrTools prints them', () => {
    // a tree of one's own: the root takes 2 moves; the part that stays 1, then its own part 2; the part removed 1
    const state = (n: number) => `<state><dx>${'0 '.repeat(n).trim()}</dx><dy>${'0 '.repeat(n).trim()}</dy><dz>${'0 '.repeat(n).trim()}</dz></state>`;
    const node = (type: string, n: number, states: number, children = '') => `<separation${type ? ` type="${type}"` : ''}><pieces count="${n}">${[...Array(n).keys()].join(' ')}</pieces>${state(n).repeat(states)}${children}</separation>`;
    const tree = node('', 4, 3, node('removed', 2, 2) + node('left', 2, 2, node('left', 2, 3)));
    const solutions = `<solutions>
      <solution asmNum="0"><assembly>0 0 0 0 x x x</assembly>${tree}</solution>
      <solution asmNum="3" solNum="1"><assembly>0 0 0 0 x x x</assembly><separationInfo>3 2 3 0 0 0 2 0 0</separationInfo></solution>
      <solution asmNum="4" solNum="2"><assembly>0 0 0 0 x x x</assembly><separationInfo>2 2 2 0 0 0 2 2 0 0 0</separationInfo></solution>
      <solution asmNum="5"><assembly>0 0 0 0 x x x</assembly></solution>
    </solutions>`;
    const data = handFile(DOMINO_CUBE.replace('state="0">', 'state="2" assemblies="6" solutions="3" time="0">').replace('<bitmap/>', `<bitmap/>${solutions}`));
    // the puzzle reads as it did without them
    expect(count(parseBurrTools(data, 'stored.xmpuzzle'))).toBe(9);
    const stored = storedSolutions(data, 'stored.xmpuzzle');
    expect(stored).toMatchObject({ state: 2, assemblies: 6, solutions: 3 });
    expect(stored.stored.map((s) => [s.asmNum, s.solNum, s.level])).toEqual([
      [0, undefined, [2, 1, 2]],
      [3, 1, [2, 1, 2]],
      // a part whose separations take one move each is left out of the level
      [4, 2, [1]],
      [5, undefined, undefined],
    ]);
    expect(storedSolutions(handFile(DOMINO_CUBE), 'plain.xmpuzzle')).toEqual({ state: 0, stored: [] });
    const broken = handFile(DOMINO_CUBE.replace('<bitmap/>', '<bitmap/><solutions><solution><assembly>0 0 0 0 x x x</assembly><separationInfo>3 2</separationInfo></solution></solutions>'));
    expect(() => storedSolutions(broken, 'broken.xmpuzzle')).toThrow(/^broken\.xmpuzzle: .*stored solution 1: its separationInfo ends in the middle of the tree$/);
  });

  it('reads a puzzle without reading its stored solutions, and names the file\'s own line past them', () => {
    // stored solutions whose XML is damaged (an element left open): the puzzle reads, the solutions do not
    const damaged = '<solutions>\n<solution asmNum="0">\n<assembly>0 0 0 0 x x x</assembly>\n<separation>\n</solution>\n</solutions>';
    const data = handFile(DOMINO_CUBE.replace('<bitmap/>', `<bitmap/>${damaged}`));
    expect(count(parseBurrTools(data, 'stored.xmpuzzle'))).toBe(9);
    expect(() => storedSolutions(data, 'stored.xmpuzzle')).toThrow(/not XML/);
    // an error after the solutions names the line it is on in the file: the solutions' lines are kept
    const text = `<?xml version="1.0"?>\n<puzzle version="2">\n <gridType type="0"/>\n <colors/>\n${DOMINO_CUBE.replace('<bitmap/>', '<bitmap/><solutions>\n<solution>\n</solution>\n</solutions>')}\n <comment>\n</puzzle>\n`;
    const line = text.split('\n').findIndex((l) => l.includes('</puzzle>')) + 1;
    expect(() => parseBurrTools(gzipSync(text), 'late.xmpuzzle')).toThrow(new RegExp(`not XML \\(line ${line}:`));
  });

  it('writes solutions with their separations, which read back with the levels the disassembler gave', () => {
    // two cubes in a covered channel open at one end: each slides to the opening and lifts out (level 2.2),
    // the channel heavier, so that it is the part that stays
    const channel = coveredChannel(4);
    const cubes: Cell[] = [[0, 0, 1], [1, 0, 1]];
    const puzzle: Puzzle = {
      name: 'channel',
      dims: 3,
      board: [...channel, ...cubes].sort(compareCells),
      mirror: false,
      pieces: [
        { name: 'channel', shape: channel.map((c) => [c[0] + 1, c[1] + 1, c[2]] as Cell).sort(compareCells), count: 1, mirror: false, weight: 2 },
        { name: 'cube', shape: [[0, 0, 0]], count: 2, mirror: false, group: 1 },
      ],
    };
    const found = solve(puzzle, { all: true, unique: true }).found;
    expect(found).toHaveLength(1);
    const disassembly = disassembleSolution(puzzle, found[0]!);
    expect(disassembly.level).toEqual([2, 2]);
    const data = formatBurrTools(puzzle, found, { disassemblies: [disassembly], assemblies: 7, assemblyNumbers: [4] });
    const stored = storedSolutions(data, 'channel.xmpuzzle');
    expect(stored).toMatchObject({ state: 2, assemblies: 7, solutions: 1 });
    expect(stored.stored.map((s) => [s.asmNum, s.level])).toEqual([[4, [2, 2]]]);
    // the states: every arrangement free of overlaps, the pieces taken away 20000 steps off at the end
    const xml = burrToolsXml(puzzle, found, { disassemblies: [disassembly] });
    const cells = assemblyCells(puzzle, /<assembly>([^<]*)</.exec(xml)![1]!, 0).map((c) => c!);
    const at = (text: string) => text.split(' ').map(Number);
    const start = /<state>\s*<dx>([^<]*)<\/dx>\s*<dy>([^<]*)<\/dy>\s*<dz>([^<]*)</.exec(xml)!;
    const home = [at(start[1]!), at(start[2]!), at(start[3]!)];
    let states = 0;
    for (const block of xml.split('<separation').slice(1)) {
      const pieces = at(/<pieces count="\d+">([^<]*)</.exec(block)![1]!);
      for (const m of block.split('</pieces>')[1]!.split(/<separation/)[0]!.matchAll(/<dx>([^<]*)<\/dx>\s*<dy>([^<]*)<\/dy>\s*<dz>([^<]*)</g)) {
        states++;
        const [dx, dy, dz] = [at(m[1]!), at(m[2]!), at(m[3]!)];
        const taken = new Set<string>();
        pieces.forEach((p, i) => {
          if (Math.max(Math.abs(dx[i]!), Math.abs(dy[i]!), Math.abs(dz[i]!)) > 10000) return;
          for (const c of cells[p]!) {
            const k = cellKey([c[0] + dx[i]! - home[0]![p]!, c[1] + dy[i]! - home[1]![p]!, c[2] + dz[i]! - home[2]![p]!]);
            expect(taken.has(k)).toBe(false);
            taken.add(k);
          }
        });
      }
    }
    // 2 + 1 moves at the root (3 states), 2 moves in the part that stays (3 states)
    expect(states).toBe(6);
    expect(xml).toContain('<shape id="2" count="2" group="1"/>');
    expect(xml).toContain('weight="2"');
  });

  it('writes a solution with a frame of walls no BurrTools file can hold as an error of one line', () => {
    const puzzle: Puzzle = { name: 'boxed', dims: 3, board: [[0, 0, 0], [1, 0, 0]], mirror: false, frame: { walls: 'top' }, pieces: [{ name: 'd', shape: [[0, 0, 0], [1, 0, 0]], count: 1, mirror: false }] };
    const found = solve(puzzle, { all: true }).found;
    const disassembly = disassembleSolution(puzzle, found[0]!);
    expect(disassembly.outcome).toBe('apart');
    expect(() => burrToolsXml(puzzle, found, { disassemblies: [disassembly] })).toThrow(BurrToolsWriteError);
  });
});

describe('burrToolsOrientation', () => {
  it('turns every rotation of an assembly into one and the same, the one whose placements are smallest', () => {
    const soma = loadCatalogPuzzle('soma');
    const turns = gridOf(undefined, 3).burrTools!.turns;
    const placed = (cells: readonly Cell[]) => cells.map(cellKey).sort().join(';');
    const text = (s: { placements: readonly { piece: string; cells: readonly Cell[] }[] }) => s.placements.map((p) => `${p.piece}:${placed(p.cells)}`).sort().join(' ');
    for (const solution of solve(soma, { limit: 3 }).found) {
      const images = new Set<string>();
      const oriented = new Set<string>();
      for (const m of turns) {
        const turn = (c: Cell): Cell => [m[0]! * c[0] + m[1]! * c[1] + m[2]! * c[2], m[3]! * c[0] + m[4]! * c[1] + m[5]! * c[2], m[6]! * c[0] + m[7]! * c[1] + m[8]! * c[2]];
        // the 3x3x3 cube turned about its centre lands on itself
        const image = { placements: solution.placements.map((p) => ({ ...p, cells: p.cells.map((c) => turn([c[0] - 1, c[1] - 1, c[2] - 1])).map((c): Cell => [c[0] + 1, c[1] + 1, c[2] + 1]) })) };
        images.add(text(image));
        oriented.add(text(burrToolsOrientation(soma, image)));
      }
      expect(images.size).toBe(24);
      expect(oriented.size).toBe(1);
      expect(images.has([...oriented][0]!)).toBe(true);
    }
    // a flat puzzle is given back as it is
    const flat = parsePuzzle('name: t\nboard: "##"\npieces:\n  d: "##"\n', 't.yaml');
    const one = solve(flat, { all: true }).found[0]!;
    expect(burrToolsOrientation(flat, one)).toBe(one);
  });
});

describe('BurrTools files on the tetrahedra-octahedra grid (type 4)', () => {
  // three blocks in a row (15 cells: 3 tetrahedra and 12 octants) and pieces cut from it; BurrTools 0.6
  // finds its 2 assemblies, as snug's --unique does
  const bar = parsePuzzle(`name: bar
grid: tetra-octa
board:
  cells: [[2, 0, 0], [3, 0, 0], [8, 0, 0], [0, 2, 0], [5, 2, 0], [6, 2, 0], [1, 1, 1], [4, 1, 1], [7, 1, 1], [0, 0, 2], [5, 0, 2], [6, 0, 2], [2, 2, 2], [3, 2, 2], [8, 2, 2]]
pieces:
  A: {cells: [[2, 0, 0], [3, 0, 0]], count: 3}
  B: {cells: [[2, 0, 0], [1, 1, 1]], count: 2}
  C: {cells: [[5, 2, 0], [6, 2, 0], [4, 1, 1]]}
  D: {cells: [[0, 0, 2]], count: 2}
`, 'bar.yaml');

  // the octahedron around the point [1, 0, 0] of space: its box starts at no corner of a block
  const octahedron = parsePuzzle(`name: octahedron
grid: tetra-octa
board:
  cells: [[2, 0, 0], [3, 0, 0], [2, -1, 0], [3, -1, 0], [2, 0, -1], [3, 0, -1], [2, -1, -1], [3, -1, -1]]
pieces:
  P: {cells: [[2, 0, 0], [3, 0, 0]], count: 4}
`, 'octahedron.yaml');

  it('round trip: the same puzzle, its board moved by a move of the grid, and the same counts', () => {
    const moved: Puzzle = { ...bar, board: bar.board.map((c) => [c[0] + 3, c[1] + 3, c[2]] as Cell) };
    for (const p of [moved, octahedron]) {
      const shift = burrToolsShift(p);
      expect(gridOf('tetra-octa', 3).translates(shift)).toBe(true);
      const back = roundTrip(p);
      expect(back.grid).toBe('tetra-octa');
      expect(essence(back)).toEqual(essence(p, shift));
      expect(count(back)).toBe(count(p));
      expect(count(back, true)).toBe(count(p, true));
      expect(count(p, true)).toBeGreaterThan(1);
    }
  });

  it('solutions are written as assemblies (BurrTools\' brick turns on the voxel positions) that place the same cells', () => {
    const found = solve(bar, { all: true }).found;
    expect(found.length).toBeGreaterThan(1);
    const xml = burrToolsXml(bar, found);
    expect(xml).toContain('<gridType type="4"/>');
    const assemblies = [...xml.matchAll(/<assembly>([^<]*)<\/assembly>/g)].map((m) => m[1]!);
    // some placement is turned, not only moved
    expect(assemblies.some((a) => a.split(' ').filter((_, i) => i % 4 === 3).some((t) => t !== '0'))).toBe(true);
    assemblies.forEach((text, i) => {
      const placed = assemblyCells(bar, text, 4, burrToolsShift(bar)).filter((c): c is Cell[] => c !== undefined);
      expect(placed.map((cells) => cells.map(cellKey).sort().join(';')).sort()).toEqual(found[i]!.placements.map((q) => q.cells.map(cellKey).sort().join(';')).sort());
    });
  });

  it('an assembly turns a piece as BurrTools does: its turn matrix on the voxel positions is that turn of space, up to a move', () => {
    // a piece with no symmetry: a tetrahedron, two octants of its block and one beyond
    const piece = { name: 'p', shape: gridOf('tetra-octa', 3).normalize([[2, 0, 0], [1, 1, 1], [0, 2, 0], [3, 0, 0]]), count: 1, mirror: false };
    const one: Puzzle = { name: 'one', dims: 3, grid: 'tetra-octa', board: piece.shape, mirror: false, pieces: [piece] };
    // entries of BurrTools' brick table (tabs_0/rotmatrix.inc): turns 5, 13 and 17
    const table: Record<number, number[]> = { 5: [0, -1, 0, 0, 0, -1, 1, 0, 0], 13: [0, 1, 0, 0, 0, -1, -1, 0, 0], 17: [0, 0, 1, 1, 0, 0, 0, 1, 0] };
    const turns = gridOf('tetra-octa', 3).burrTools!.turns;
    for (const [t, m] of Object.entries(table)) expect(turns[Number(t)], `turn ${t}`).toEqual(m);
    const corners = (cells: readonly Cell[]) => cells.map((c) => voxelCorners(c)!).flat();
    const sorted = (points: readonly (readonly number[])[]) => points.map((p) => p.join(',')).sort();
    turns.forEach((m, t) => {
      const turned = corners(piece.shape).map((p) => [0, 1, 2].map((i) => m[3 * i]! * p[0]! + m[3 * i + 1]! * p[1]! + m[3 * i + 2]! * p[2]!));
      let placedSomewhere = 0;
      for (let x = 0; x < 6; x++) for (let y = 0; y < 6; y++) for (let z = 0; z < 6; z++) {
        const cells = assemblyCells(one, `${x} ${y} ${z} ${t}`, 4)[0]!;
        if (!cells.every((c) => voxelCorners(c))) continue;
        placedSomewhere++;
        // the placed cells' corners are the turned corners moved by one step
        const placed = corners(cells);
        const least = (points: readonly (readonly number[])[]) => [...points].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!)[0]!;
        const d = least(placed).map((v, i) => v - least(turned)[i]!);
        expect(sorted(placed), `turn ${t} at ${x}, ${y}, ${z}`).toEqual(sorted(turned.map((p) => p.map((v, i) => v + d[i]!))));
      }
      expect(placedSomewhere, `turn ${t}`).toBeGreaterThan(0);
    });
  });

  it('refuses a voxel where the grid has no cell, naming the shape and the position', () => {
    const data = handFile(` <shapes>
  <voxel x="3" y="3" z="3" type="0">_____________#_____________</voxel>
  <voxel x="3" y="3" z="3" type="0">#__________________________</voxel>
 </shapes>
 <problems><problem><shapes><shape id="1" count="1"/></shapes><result id="0"/></problem></problems>`, '<gridType type="4"/>');
    expect(() => parseBurrTools(data, 'bad.xmpuzzle')).toThrow(/^bad\.xmpuzzle: shape S2 fills position 0, 0, 0, which is no cell: /);
    // the middle of a block is its tetrahedron
    const good = handFile(` <shapes>
  <voxel x="3" y="3" z="3" type="0">_____________#_____________</voxel>
 </shapes>
 <problems><problem><shapes><shape id="0" count="1"/></shapes><result id="0"/></problem></problems>`, '<gridType type="4"/>');
    expect(parseBurrTools(good, 'good.xmpuzzle')).toMatchObject({ grid: 'tetra-octa', board: [[1, 1, 1]] });
  });
});
