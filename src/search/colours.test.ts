import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import { formatBurrTools, parseBurrTools } from '../puzzle/burrtools.js';
import { PuzzleError } from '../puzzle/errors.js';
import { formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import type { ColouredBoardSpec, ColouredPieceSpec } from '../test-support/coloured-tilings.js';
import { colouredClasses, colouredTilings } from '../test-support/coloured-tilings.js';
import { solve } from './solve.js';

/**
 * Colour constraints (BurrTools' colours): counts of the search against a plain backtracking that shares
 * no code with it (test-support/coloured-tilings.ts), on puzzles written here both ways: as snug's YAML,
 * and as the brute force's own art.
 */

const ENGINES: EngineName[] = ['bitboard', 'dlx'];

/** Eight dominoes, each half red and half blue, on a 4x4 board with some cells coloured. */
const DOMINOES = {
  yaml: `
name: two-colour dominoes
board:
  shape: |
    rb#r
    #rbb
    b#r#
    rbrb
  colours: {red: r, blue: b}
colour-rules:
  red: [red]
  blue: [blue]
pieces:
  D:
    shape: rb
    colours: {red: r, blue: b}
    count: 8
`,
  board: { art: ['rb#r', '#rbb', 'b#r#', 'rbrb'], paint: { r: 'red', b: 'blue' } } as ColouredBoardSpec,
  pieces: [{ name: 'D', art: ['rb'], paint: { r: 'red', b: 'blue' }, count: 8, mirror: true }] as ColouredPieceSpec[],
  rules: { red: ['red'], blue: ['blue'] },
};

/**
 * Five pieces with coloured cells on a 5x4 board coloured in three colours, a colour that may lie on two,
 * a board colour that no piece colour may lie on, and a piece colour with no rule (it lies on uncoloured
 * cells only).
 */
const MIXED = {
  yaml: `
name: mixed colours
board:
  shape: |
    a###g
    ##c##
    ##c##
    g###a
  colours: {amber: a, green: g, coral: c}
colour-rules:
  amber: [amber, green]
  green: [green]
  coral: [coral]
pieces:
  L:
    shape: |
      x..
      ##y
    colours: {amber: x, green: y}
  O:
    shape: |
      x#
      #g
    colours: {amber: x, green: g}
  S:
    shape: |
      .gx
      z#.
    colours: {green: g, amber: x, violet: z}
  I:
    shape: "#xx#"
    colours: {coral: x}
  J:
    shape: |
      #..
      #xx
    colours: {amber: x}
`,
  board: { art: ['a###g', '##c##', '##c##', 'g###a'], paint: { a: 'amber', g: 'green', c: 'coral' } } as ColouredBoardSpec,
  pieces: [
    { name: 'L', art: ['x..', '##y'], paint: { x: 'amber', y: 'green' }, count: 1, mirror: true },
    { name: 'O', art: ['x#', '#g'], paint: { x: 'amber', g: 'green' }, count: 1, mirror: true },
    { name: 'S', art: ['.gx', 'z#.'], paint: { g: 'green', x: 'amber', z: 'violet' }, count: 1, mirror: true },
    { name: 'I', art: ['#xx#'], paint: { x: 'coral' }, count: 1, mirror: true },
    { name: 'J', art: ['#..', '#xx'], paint: { x: 'amber' }, count: 1, mirror: true },
  ] as ColouredPieceSpec[],
  rules: { amber: ['amber', 'green'], green: ['green'], coral: ['coral'] },
};

/**
 * Four two-colour dominoes and a square around a red centre, which all eight symmetries keep: solutions
 * that lay the same dominoes with their colours otherwise are other solutions, and in other classes.
 */
const CENTRE = {
  yaml: `
name: red centre
board:
  shape: |
    ###
    #r#
    ###
  colours: {red: r}
colour-rules: {red: [red]}
pieces:
  D: {shape: rb, colours: {red: r, blue: b}, count: 4}
  M: "#"
`,
  board: { art: ['###', '#r#', '###'], paint: { r: 'red' } } as ColouredBoardSpec,
  pieces: [
    { name: 'D', art: ['rb'], paint: { r: 'red', b: 'blue' }, count: 4, mirror: true },
    { name: 'M', art: ['#'], count: 1, mirror: true },
  ] as ColouredPieceSpec[],
  rules: { red: ['red'] },
};

/**
 * Pieces that may not be turned over, whose shape is its own mirror image but whose colours are not (a V
 * with one red arm): a reflection of the board maps their shapes onto their shapes but their colours onto
 * no colours they can take, so it maps solutions to no solutions (it counted each solution twice).
 */
const ONE_SIDED = {
  yaml: `
name: one-sided Vs
board:
  shape: |
    r##r
    #rr#
    ####
  colours: {red: r}
colour-rules: {red: [red]}
mirror: false
pieces:
  V:
    shape: |
      x.
      ##
    colours: {red: x}
    count: 4
`,
  board: { art: ['r##r', '#rr#', '####'], paint: { r: 'red' } } as ColouredBoardSpec,
  pieces: [{ name: 'V', art: ['x.', '##'], paint: { x: 'red' }, count: 4, mirror: false }] as ColouredPieceSpec[],
  rules: { red: ['red'] },
};

describe('colour constraints', () => {
  const examples: Record<string, { yaml: string; board: ColouredBoardSpec; pieces: readonly ColouredPieceSpec[]; rules: Record<string, string[]>; oneSided?: true }> = { DOMINOES, MIXED, CENTRE, ONE_SIDED: { ...ONE_SIDED, oneSided: true } };
  for (const [name, example] of Object.entries(examples)) {
    const expected = colouredTilings(example.board, example.pieces, example.rules);
    const classes = colouredClasses(example.board, example.pieces, expected);

    it(`${name}: every engine finds the brute force's ${expected.length} solutions and ${classes} classes`, () => {
      // a count of 0 or 1 would not tell a filter that keeps everything from one that keeps too little
      expect(expected.length).toBeGreaterThan(1);
      const puzzle = parsePuzzle(example.yaml, `${name}.yaml`);
      // the colours change the count (fewer places, or more ways to lie on the same cells); for the one-sided
      // Vs, the classes (a reflection keeps the shapes but not the colours)
      const uncoloured = colouredTilings({ art: example.board.art }, example.pieces.map((p) => ({ ...p, paint: {} })), {});
      if (example.oneSided) expect(colouredClasses({ art: example.board.art }, example.pieces.map((p) => ({ ...p, paint: {}, mirror: true })), uncoloured)).not.toBe(classes);
      else expect(uncoloured.length).not.toBe(expected.length);
      for (const engine of ENGINES) {
        expect(solve(puzzle, { countOnly: true, engine }).solutions).toBe(expected.length);
        expect(solve(puzzle, { countOnly: true, engine, unique: true }).solutions).toBe(classes);
        // with a limit past them, every class once (classes that differ in colours only stay apart)
        expect(solve(puzzle, { engine, unique: true, limit: classes + 5 }).solutions).toBe(classes);
      }
    });

    it(`${name}: reads back the same from its YAML and from a BurrTools file`, () => {
      const puzzle = parsePuzzle(example.yaml, `${name}.yaml`);
      const again = parsePuzzle(formatPuzzle(puzzle), `${name}.yaml`);
      expect(again.boardColours).toEqual(puzzle.boardColours);
      expect(again.pieces.map((p) => p.colours)).toEqual(puzzle.pieces.map((p) => p.colours));
      expect(solve(again, { countOnly: true }).solutions).toBe(expected.length);
      if (example.oneSided) {
        // BurrTools turns flat pieces over: a piece that may not be turned over cannot be said there
        expect(() => formatBurrTools(puzzle)).toThrow(/may not be turned over/);
        return;
      }
      const burr = parseBurrTools(formatBurrTools(puzzle), `${name}.xmpuzzle`);
      expect(burr.boardColours?.length).toBe(puzzle.boardColours?.length);
      expect(solve(burr, { countOnly: true }).solutions).toBe(expected.length);
    });
  }

  it('a domino whose halves differ lies both ways on two uncoloured cells: they are two solutions', () => {
    const puzzle = parsePuzzle('board:\n  shape: "##r"\n  colours: {red: r}\ncolour-rules: {red: [red]}\npieces:\n  D: {shape: "ab", colours: {red: a, blue: b}}\n  M: "#"\n', 'two-ways.yaml');
    // D on the two uncoloured cells either way round (M on the red cell), or with its red half on the red
    // cell (M on the first); its blue half may lie on an uncoloured cell but not on the red one
    expect(solve(puzzle, { countOnly: true }).solutions).toBe(3);
  });

  it('refuses rules that name no colour, or a colour no cell has, with the line', () => {
    const base = 'board:\n  shape: "rr"\n  colours: {red: r}\npieces:\n  D: {shape: "xx", colours: {red: x}}\n';
    const problem = (text: string): string => {
      try {
        parsePuzzle(text, 'bad.yaml');
      } catch (e) {
        expect(e).toBeInstanceOf(PuzzleError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(problem(`${base}colour-rules: {red: []}\n`)).toMatch(/bad\.yaml:6: .*names no colour/);
    expect(problem(`${base}colour-rules: {red: [blue]}\n`)).toMatch(/bad\.yaml:6: .*'blue' is the colour of no cell/);
    expect(problem(`${base}colour-rules: {rde: [red]}\n`)).toMatch(/bad\.yaml:6: .*'rde' is the colour of no cell/);
    expect(problem('board:\n  shape: "rr"\n  colours: {red: rr}\npieces:\n  D: "##"\n')).toMatch(/bad\.yaml:3: .*one letter or digit/);
    expect(problem('board:\n  shape: "##"\n  colours: {red: [[5, 0]]}\npieces:\n  D: "##"\n')).toMatch(/bad\.yaml:3: .*is not one of its cells/);
  });
});
