import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PuzzleError } from './errors.js';
import { formatPuzzle, parsePuzzle } from './format.js';
import { loadPuzzleFile } from './files.js';

const T = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('parsePuzzle(text) without a file name', () => {
  it('parses, names the puzzle "puzzle" and calls the text "the puzzle text" in errors', () => {
    const p = parsePuzzle(T('board: "####"', 'pieces:', '  D: {shape: "##", count: 2}'));
    expect(p.name).toBe('puzzle');
    expect(p.board).toHaveLength(4);
    expect(() => parsePuzzle(T('board: "####"', 'pieces:', '  D: {shape: "##", count: nine}'))).toThrow(/^the puzzle text:3: /);
    expect(() => parsePuzzle(T('board: "####"'))).toThrow(PuzzleError);
  });

  it('a file name that is not a string is still refused', () => {
    expect(() => parsePuzzle('board: "##"', 5 as never)).toThrow(/5: the file name must be a string/);
  });
});

describe('every documented form parses', () => {
  it('art board and art pieces, with mirror defaulting to true in 2-D', () => {
    const p = parsePuzzle(T('name: Tiny', 'board: |', '  ###', '  ###', 'pieces:', '  L: |', '    ##', '    #.', '  I: "###"'), 't.yaml');
    expect(p.name).toBe('Tiny');
    expect(p.dims).toBe(2);
    expect(p.board).toHaveLength(6);
    expect(p.pieces.map((x) => [x.name, x.shape.length, x.count, x.mirror])).toEqual([['L', 3, 1, true], ['I', 3, 1, true]]);
  });

  it('rect and box boards with holes; 3-D mirror defaults to false', () => {
    const flat = parsePuzzle(T('board: {rect: [5, 3], holes: [[0, 0], [4, 2]]}', 'pieces:', '  I: {rect: [5, 2]}'), 'f.yaml');
    expect(flat.board).toHaveLength(13);
    expect(flat.board.some(([x, y]) => x === 0 && y === 0)).toBe(false);
    const solid = parsePuzzle(T('board: {box: [2, 2, 2], holes: [[1, 1, 1]]}', 'pieces:', '  a: {box: [1, 1, 2]}', '  b: {cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 1]]}'), 'b.yaml');
    expect(solid.dims).toBe(3);
    expect(solid.mirror).toBe(false);
    expect(solid.board).toHaveLength(7);
    expect(solid.pieces[0]!.shape).toEqual([[0, 0, 0], [0, 0, 1]]);
  });

  it('layers boards and pieces; piece options count and mirror; shape form; name from the file', () => {
    const p = parsePuzzle(T(
      'mirror: true',
      'board:',
      '  layers:',
      '    - |',
      '      ##',
      '      ##',
      '    - |',
      '      ##',
      '      #.',
      'pieces:',
      '  S: {layers: ["##\\n#.", "..\\n#."], mirror: false}',
      '  D: {shape: "##", count: 1}',
      '  M: {shape: "#", count: 1}',
    ), 'dir/my-cube.yaml');
    expect(p.name).toBe('my-cube');
    expect(p.dims).toBe(3);
    expect(p.board).toHaveLength(7);
    expect(p.pieces.map((x) => x.mirror)).toEqual([false, true, true]);
    expect(p.pieces[0]!.shape).toEqual([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]]);
  });

  it('counts, known counts and descriptions', () => {
    const p = parsePuzzle(T('description: two dominoes', 'known: {total: 2, unique: 1}', 'board: {rect: [2, 2]}', 'pieces:', '  D: {shape: "##", count: 2}'), 'd.yaml');
    expect(p.description).toBe('two dominoes');
    expect(p.known).toEqual({ total: 2, unique: 1 });
    expect(p.pieces[0]!.count).toBe(2);
    expect(parsePuzzle(formatPuzzle(p), 'e.yaml')).toEqual(p);
  });

  it('reads aliases, each large art once however often it is used', () => {
    // 100 pieces that all stand for one art of 4 million characters: reading it each time would take seconds
    const rows = `${`    ${'.'.repeat(4000)}\n`.repeat(999)}    #${'.'.repeat(3999)}\n`;
    const uses = Array.from({ length: 99 }, (_, i) => `  p${i}: *dot\n`).join('');
    const p = parsePuzzle(`board: {rect: [10, 10]}\npieces:\n  first: &dot |\n${rows}${uses}`, 'alias.yaml');
    expect(p.pieces).toHaveLength(100);
    expect(p.pieces.every((x) => x.shape.length === 1)).toBe(true);
  });

  it('keeps a description over several lines', () => {
    expect(parsePuzzle(T('description: "one\\ntwo\\tthree"', 'board: "##"', 'pieces:', '  a: "##"'), 'd.yaml').description).toBe('one\ntwo\tthree');
  });

  it('reads pieces already placed, from the art (one copy per group of touching cells) and from placed:', () => {
    const p = parsePuzzle(T('board: |', '  DD+#', '  ##.#', '  #D##', '  #D##', 'pieces:', '  D: {shape: "##", count: 3}', '  L: {shape: "###\\n#..", count: 0..2}', 'placed:', '  - {piece: L, cells: [[3, 0], [3, 1], [3, 2], [2, 2]]}'), 'placed.yaml');
    expect(p.placed).toEqual([
      { piece: 'D', cells: [[0, 0, 0], [1, 0, 0]] },
      { piece: 'D', cells: [[1, 2, 0], [1, 3, 0]] },
      { piece: 'L', cells: [[3, 0, 0], [3, 1, 0], [2, 2, 0], [3, 2, 0]] },
    ]);
    expect(p.optional).toEqual([[2, 0, 0]]);
    expect(p.board).toHaveLength(15);
    expect(p.pieces.map((x) => [x.name, x.min ?? x.count, x.count])).toEqual([['D', 3, 3], ['L', 0, 2]]);
  });

  it('reads ranges, use, rotate, orientations and colours', () => {
    const p = parsePuzzle(T('board: {rect: [5, 4]}', 'use: 4', 'pieces:',
      '  I: {shape: "#####", count: 0..1, rotate: false, color: "#d62728"}',
      '  L: {shape: "####\\n#...", count: "1..2", orientations: ["####\\n#...", "#...\\n####"], color: teal}',
      '  P: {shape: "##\\n##\\n#.", count: 0..1}',
      '  Q: {shape: "##\\n##", count: 2}'), 'k.yaml');
    expect(p.use).toBe(4);
    const [I, L, P] = p.pieces;
    expect(I).toMatchObject({ count: 1, min: 0, rotate: false, color: '#d62728' });
    expect(L).toMatchObject({ count: 2, min: 1, color: 'teal', orientations: [[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [0, 1, 0]], [[0, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0], [3, 1, 0]]] });
    expect(P).toMatchObject({ count: 1, min: 0 });
    expect(p.pieces[3]).not.toHaveProperty('min');
  });

  it('writes what it reads, with placed pieces, cells that may stay empty, ranges, use, orientation limits and colours', () => {
    const text = T('name: x', 'use: 3', 'board: |', '  DD+#', '  ##.#', '  +###', 'pieces:',
      '  D: {shape: "##", count: 1..3, color: "#d62728"}', '  L: {shape: "###\\n#..", count: 0..2, rotate: false}',
      '  J: {shape: "##\\n#.", orientations: ["##\\n#.", ".#\\n##"], mirror: false}',
      'placed:', '  - {piece: L, cells: [[1, 1], [2, 2], [1, 2], [3, 2]]}');
    const p = parsePuzzle(text.replace('[1, 1], [2, 2], [1, 2], [3, 2]', '[1, 2], [2, 2], [3, 2], [1, 1]').replace('###\\n#..', '#..\\n###'), 'x.yaml');
    expect(p.placed).toHaveLength(2);
    expect(parsePuzzle(formatPuzzle(p), 'y.yaml')).toEqual(p);
    const solid = parsePuzzle(T('board:', '  layers:', '    - "+#"', '    - "##"', 'pieces:', '  a: {shape: "#", count: 1..4}'), 's.yaml');
    expect(parsePuzzle(formatPuzzle(solid), 'z.yaml')).toEqual(solid);
  });

  it('writes what it reads', () => {
    const text = T('name: x', 'board: |', '  ###.', '  ####', '  ##..', 'pieces:', '  L: {shape: "##\\n#.", count: 2, mirror: false}', '  big: {rect: [13, 1]}', '  I: "#"');
    const p = parsePuzzle(text.replace('big: {rect: [13, 1]}', 'i2: "##"'), 'x.yaml');
    expect(parsePuzzle(formatPuzzle(p), 'y.yaml')).toEqual(p);
  });
});

/** Each bad input: the file, the line of the problem, and words that name it. */
const BAD: [string, string, number | undefined, RegExp][] = [
  ['YAML syntax', T('board: [1, 2', 'pieces: {}'), 2, /YAML/],
  ['unknown top-level key', T('board: "#"', 'peices: {}'), 2, /unknown key 'peices'.*allowed: name, description/],
  ['missing board', T('pieces:', '  I: "#"'), 1, /no board/],
  ['missing pieces', T('board: "##"'), 1, /no pieces/],
  ['ragged art', T('board: |', '  ###', '  ##', 'pieces:', '  I: "#####"'), 3, /ragged art: row 2 is 2 wide but row 1 is 3 \(pad with '\.'\)/],
  ['bad character', T('board: |', '  ##', '  #?', 'pieces:', '  I: "###"'), 3, /unexpected character '\?'/],
  ['empty art', T('board: "##"', 'pieces:', '  I: "..."'), 3, /piece 'I' has no cells/],
  ['empty board art', T('board: |', '  ', 'pieces:', '  I: "#"'), 1, /board is empty/],
  ['disconnected piece', T('board: "####"', 'pieces:', '  I: "#.#"', '  J: "#"'), 3, /piece 'I' is not connected/],
  ['zero size', T('board: {rect: [0, 3]}', 'pieces:', '  I: "#"'), 1, /board rect width must be a whole number of at least 1, not 0/],
  ['non-integer size', T('board: {rect: [2.5, 3]}', 'pieces:', '  I: "#"'), 1, /at least 1, not 2\.5/],
  ['absurd size', T('board: {rect: [100000, 3]}', 'pieces:', '  I: "#"'), 1, /100000: more than the limit of 4096/],
  ['absurd board', T('board: {box: [4000, 4000, 2]}', 'pieces:', '  I: "#"'), 1, /32000000 cells: more than the limit of 1000000/],
  ['only pieces of count 0', T('board: "##"', 'pieces:', '  I: {shape: "#", count: 0}'), 3, /every piece has count 0: there is nothing to place/],
  ['absurd count', T('board: "##"', 'pieces:', '  I: {shape: "#", count: 20000}'), 3, /more than the limit of 10000/],
  ['bad mirror', T('board: "##"', 'mirror: maybe', 'pieces:', '  I: "#"'), 2, /mirror must be true or false/],
  ['duplicate piece', T('board: "##"', 'pieces:', '  I: "#"', '  I: "#"'), 4, /two pieces are named 'I'/],
  ['a key given twice', T('board: "##"', 'pieces:', '  I: "##"', 'board: "#"'), 4, /the key 'board' appears twice in the puzzle/],
  ['piece larger than the board', T('board: "###"', 'pieces:', '  L: |', '    ##', '    #.'), 3, /piece 'L' \(2x2\) does not fit in the board \(3x1\) in any orientation/],
  ['piece with more cells than the board', T('board: |', '  ##', '  ##', 'pieces:', '  I: "#####"'), 5, /does not fit|more than the board/],
  ['3-D piece on a flat board', T('board: {rect: [4, 4]}', 'pieces:', '  c: {box: [2, 2, 2]}'), 3, /3-D but the board is flat/],
  ['ragged layers', T('board:', '  layers: ["##\\n##", "##"]', 'pieces:', '  I: "#"'), 2, /layer 2 is 2x1 but layer 1 is 2x2/],
  ['hole off the board', T('board: {rect: [2, 2], holes: [[5, 5]]}', 'pieces:', '  I: "#"'), 1, /hole \[5, 5, 0\] is off the board/],
  ['unknown piece key', T('board: "##"', 'pieces:', '  I: {shape: "#", colour: red}'), 3, /unknown key 'colour' in piece 'I'/],
  ['two shapes in one piece', T('board: "##"', 'pieces:', '  I: {shape: "#", rect: [1, 1]}'), 3, /exactly one of shape, rect, box, layers, cells/],
  ['bad cells', T('board: "##"', 'pieces:', '  I: {cells: [[0, "a"]]}'), 3, /each cell must be \[x, y\] or \[x, y, z\]/],
  ['pieces not a mapping', T('board: "##"', 'pieces: [a, b]'), 2, /pieces must be a mapping/],
  ['no pieces', T('board: "##"', 'pieces: {}'), 2, /pieces is empty: a puzzle needs at least one piece/],
  ['empty file', '', undefined, /empty/],
  // sizes: refused before the cells are made, in every form
  ['a huge rect piece', T('board: {rect: [10, 10]}', 'pieces:', '  a: {rect: [4096, 4096]}'), 3, /piece 'a' rect is 4096x4096 = 16777216 cells: more than the board's 100/],
  ['a huge box piece', T('board: {box: [4, 4, 4]}', 'pieces:', '  a: {box: [4096, 4096, 4096]}'), 3, /piece 'a' box is 4096x4096x4096 = 68719476736 cells: more than the board's 64/],
  ['an art piece larger than the board', T('board: "###"', 'pieces:', '  a: "####"'), 3, /piece 'a' has 4 cells: more than the board's 3/],
  ['a layers piece larger than the board', T('board: {box: [2, 1, 1]}', 'pieces:', '  a: {layers: ["##", "##"]}'), 3, /piece 'a' layer 2 has 2 cells: more than the 0 left of the board's 2 \(layer 1 takes 2\)/],
  ['a cells piece larger than the board', T('board: "##"', 'pieces:', '  a: {cells: [[0, 0], [1, 0], [2, 0]]}'), 3, /piece 'a' cells lists 3 cells: more than the board's 2/],
  ['an art board over the cell limit', `board: |\n${`  ${'#'.repeat(1001)}\n`.repeat(1000)}pieces:\n  a: "#"\n`, 1, /board has 1001000 cells: more than the limit of 1000000/],
  ['an art row over the side limit', T('board: |', `  ${'.'.repeat(4097)}`, 'pieces:', '  a: "#"'), 2, /board: row 1 is 4097 characters wide: more than the limit of 4096/],
  ['layers over the box limit', T('board:', `  layers: [${`"${'#'.repeat(2)}", `.repeat(4096)}"##"]`, 'pieces:', '  a: "#"'), 2, /4097 layers: more than the limit of 4096/],
  ['a piece after pieces that fill the board', T('board: "###"', 'pieces:', '  a: "###"', '  b: "#"'), 4, /piece 'b' has 1 cell: more than the 0 left of the board's 3 \(the pieces before it cover 3\)/],
  ['pieces that cover more than the board', T('board: "###"', 'pieces:', '  a: "##"', '  b: "##"'), 4, /piece 'b' has 2 cells: more than the 1 left of the board's 3 \(the pieces before it cover 2\)/],
  ['copies that cover more than the board', T('board: "####"', 'pieces:', '  a: {shape: "##", count: 3}'), 3, /the pieces up to piece 'a' must cover 6 cells, more than the board's 4/],
  // cells and holes listed twice
  ['a cell listed twice', T('board: "####"', 'pieces:', '  a: {cells: [[0, 0],', '    [1, 0], [0, 0]]}', '  b: "#"'), 4, /piece 'a' cells: cell \[0, 0\] is listed twice/],
  ['a hole listed twice', T('board: {rect: [3, 1], holes: [[0, 0],', '  [0, 0]]}', 'pieces:', '  a: "#"'), 2, /holes: cell \[0, 0\] is listed twice/],
  // names and text that would reach the terminal
  ['a control character in a piece name', T('board: "##"', 'pieces:', '  "a\\x1b[2Jb": "##"'), 3, /a piece name 'a\\x1b\[2Jb' contains the unprintable character \\x1b/],
  ['a newline in a piece name', T('board: "##"', 'pieces:', '  "a\\nb": "##"'), 3, /a piece name 'a\\nb' contains the unprintable character \\n/],
  ['an escape in the puzzle name', T('name: "x\\e[31m"', 'board: "##"', 'pieces:', '  a: "##"'), 1, /the puzzle name 'x\\x1b\[31m' contains/],
  ['an escape in the description', T('description: "x\\x07"', 'board: "##"', 'pieces:', '  a: "##"'), 1, /the description contains the unprintable character \\x07/],
  ['an escape in an unknown key', T('"k\\x1b]0;owned\\x07": 1', 'board: "##"', 'pieces:', '  a: "##"'), 1, /unknown key 'k\\x1b\]0;owned\\x07'/],
  ['an escape in art', T('board: "#\\x1b"', 'pieces:', '  a: "#"'), 1, /unexpected character '\\x1b'/],
  ['an over-long piece name', T('board: "##"', 'pieces:', `  ${'n'.repeat(201)}: "##"`), 3, /201 characters long: more than the limit of 200/],
  ['two names that are one', T('board: "##"', 'pieces:', '  1: "#"', '  "1": "#"'), 4, /two pieces are named '1'/],
  ['a piece name that is a list', T('board: "##"', 'pieces:', '  ? [a, b]', '  : "##"'), 3, /a piece name must be text, not a list/],
  // YAML that is valid but not what the format wants
  ['an alias with no anchor', T('board: "##"', 'pieces:', '  a: *nothing'), 3, /alias \*nothing names no anchor before it/],
  ['deep nesting', `board: ${'['.repeat(20000)}${']'.repeat(20000)}\npieces: {}\n`, 1, /YAML: nested too deeply/],
  ['a string where a number goes', T('board: {rect: ["10", 2]}', 'pieces:', '  a: "#"'), 1, /board rect width must be a whole number of at least 1, not "10"/],
  ['a negative count', T('board: "##"', 'pieces:', '  a: {shape: "#", count: -2}'), 3, /count must be a whole number of at least 0, not -2/],
  ['a float count', T('board: "##"', 'pieces:', '  a: {shape: "#", count: 1.5}'), 3, /count must be a whole number of at least 0, not 1\.5/],
  ['a huge known count', T('known: {total: 1e300}', 'board: "##"', 'pieces:', '  a: "##"'), 1, /known total is 1e\+300: more than the limit/],
  ['a number where text goes', T('name: 12', 'board: "##"', 'pieces:', '  a: "##"'), 1, /name must be text, not 12/],
  ['a mapping where art goes', T('board: {a: 1}', 'pieces:', '  a: "##"'), 1, /unknown key 'a' in board/],
  // pieces already placed, ranges, use, orientation limits, colours
  ['an unknown letter in the board art', T('board: |', '  ###', '  #Q#', 'pieces:', '  I: "###"', '  J: "###"'), 3, /board: 'Q' in the art is not the name of a piece/],
  ['a placed piece in a shape that is no orientation of it', T('board: |', '  LL#', '  L##', '  ###', 'pieces:', '  L: "###\\n#.."', '  J: "###"', '  K: "##"'), 2, /placed piece 'L' at \[0, 0\] lies in a shape that is not one of its allowed orientations/],
  ['a piece placed more often than its copies', T('board: |', '  L#L', 'pieces:', '  L: "#"', '  I: "#"'), 2, /piece 'L' is placed 2 times, but it has 1 copy/],
  ['placed: a piece that is not one', T('board: "###"', 'pieces:', '  I: "###"', 'placed:', '  - {piece: J, cells: [[0, 0]]}'), 5, /placed piece 'J' is not one of the pieces/],
  ['placed: a cell off the board', T('board: "###"', 'pieces:', '  I: "###"', 'placed:', '  - {piece: I, cells: [[1, 0], [2, 0], [3, 0]]}'), 5, /covers \[3, 0\], which is not on the board/],
  ['placed: two pieces on one cell', T('board: "####"', 'pieces:', '  D: {shape: "##", count: 2}', 'placed:', '  - {piece: D, cells: [[0, 0], [1, 0]]}', '  - {piece: D, cells: [[1, 0], [2, 0]]}'), 6, /covers \[1, 0\], which another placed piece covers/],
  ['a count range the wrong way round', T('board: "##"', 'pieces:', '  a: {shape: "#", count: 3..1}'), 3, /count 3\.\.1: the least is more than the most/],
  ['a count range of nothing, alone', T('board: "##"', 'pieces:', '  a: {shape: "#", count: 0..0}'), 3, /every piece has count 0/],
  ['a count that is no range', T('board: "##"', 'pieces:', '  a: {shape: "#", count: "1-2"}'), 3, /count must be a whole number or a range such as 0\.\.2, not "1-2"/],
  ['use larger than the pieces', T('board: "####"', 'use: 5', 'pieces:', '  a: {shape: "#", count: 0..2}', '  b: {shape: "##", count: 0..1}'), 2, /use is 5, more than the 3 piece copies there are/],
  ['use smaller than the pieces that must be placed', T('board: "####"', 'use: 1', 'pieces:', '  a: {shape: "#", count: 2}', '  b: {shape: "##", count: 0..1}'), 2, /use is 1, fewer than the 2 pieces that must be placed/],
  ['an orientation that is not the piece', T('board: "####\\n####"', 'pieces:', '  L:', '    shape: "##\\n#."', '    orientations: ["##\\n.#", "###"]', '  I: "#"'), 5, /piece 'L' orientation 2 is not the piece turned or moved/],
  ['rotate that is not true or false', T('board: "##"', 'pieces:', '  a: {shape: "##", rotate: sometimes}'), 3, /rotate must be true or false, not "sometimes"/],
  ['a colour that is no colour', T('board: "##"', 'pieces:', '  a: {shape: "##", color: "red\\" onload=x"}'), 3, /color must be a CSS colour/],
  ['a + in piece art', T('board: "##"', 'pieces:', '  a: "#+"'), 3, /unexpected character '\+'/],
  ['binary garbage', '\u0000\u0001\u00ff\ufffd\u0007garbage: [', 1, /YAML|must be a mapping/],
];

describe('bad input gets one line naming the file, line and problem', () => {
  for (const [what, text, line, message] of BAD) {
    it(what, () => {
      let error: unknown;
      try {
        parsePuzzle(text, 'bad.yaml');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PuzzleError);
      const e = error as PuzzleError;
      expect(e.line).toBe(line);
      expect(e.message.startsWith(line === undefined ? 'bad.yaml: ' : `bad.yaml:${line}: `)).toBe(true);
      expect(e.message).toMatch(message);
      expect(e.message).not.toContain('\n');
    });
  }

  it('an unreadable file', () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'snug-')), 'missing.yaml');
    expect(() => loadPuzzleFile(missing)).toThrow(/missing\.yaml: no such file/);
  });

  it('a readable file is parsed with its path in messages', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'snug-')), 'p.yaml');
    writeFileSync(path, T('board: "##"', 'pieces:', '  I: "###"'));
    expect(() => loadPuzzleFile(path)).toThrow(`${path}:3: piece 'I' has 3 cells: more than the board's 2`);
  });
});
