import { describe, expect, it } from 'vitest';
import { PuzzleError } from './errors.js';
import { parsePuzzle } from './format.js';
import { InvalidPuzzleError } from './model.js';
import { checkPuzzle } from './validate.js';

/**
 * Pieces are told apart by their names (pictures label them, files list them): names a reader cannot
 * tell apart are refused, in a file and in a puzzle a program builds alike.
 */
const puzzleWith = (a: string, b: string): string => `name: P\nboard: "####"\npieces:\n  ${JSON.stringify(a)}: "##"\n  ${JSON.stringify(b)}: "##"\n`;

describe('piece names that look alike', () => {
  it.each([
    ['Latin A and Greek Alpha', 'A', '\u0391', /two pieces are named alike: .* look the same/],
    ['Latin A and Cyrillic A', 'A', '\u0410', /two pieces are named alike/],
    ['fullwidth A and A (NFKC)', 'A', '\uff21', /two pieces are named alike/],
    ['A with a zero-width space', 'A', 'A\u200b', /invisible character U\+200B/],
    ['U+FEFF inside a name', 'A', 'B\ufeffC', /invisible character U\+FEFF/],
    ['150 combining marks', 'A', `B${'\u0301'.repeat(150)}`, /stacks 150 combining marks on one character/],
    ['a Cyrillic o in a Latin word', 'A', 'R\u043ed', /mixes Latin letters with U\+043E, a Cyrillic letter that looks like the Latin o/],
  ])('%s: refused in a file, with the line', (_, a, b, message) => {
    expect(() => parsePuzzle(puzzleWith(a, b), 'p.yaml')).toThrow(PuzzleError);
    expect(() => parsePuzzle(puzzleWith(a, b), 'p.yaml')).toThrow(message);
  });

  it('and in a puzzle a program builds', () => {
    const p = parsePuzzle(puzzleWith('A', 'B'), 'test.yaml');
    const twin = { ...p, pieces: [p.pieces[0]!, { ...p.pieces[1]!, name: '\u0391' }] };
    expect(() => checkPuzzle(twin)).toThrow(InvalidPuzzleError);
  });

  it('names in one other script, or with a letter or two of accents, stay welcome', () => {
    for (const [a, b] of [['Α', 'Β'], ['Ж', 'Я'], ['é', 'e'], ['Piece Ω', 'Piece 2'], ['ǘ', 'u'], ['L', 'l']]) {
      expect(() => parsePuzzle(puzzleWith(a!, b!), 'test.yaml')).not.toThrow();
    }
  });
});
