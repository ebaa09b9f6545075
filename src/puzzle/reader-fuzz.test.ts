/**
 * The three readers of what a user hands snug (a YAML puzzle, a BurrTools file, a link's puzzle), fuzzed:
 * whatever the input, each either gives a well-formed puzzle or refuses it with its own error of one line,
 * never another exception (a TypeError, a stack overflow, a parser's raw error). The inputs are valid files
 * cut, spliced and sprinkled with the characters that matter to each format, and plain random text and
 * bytes: a few hundred of each, all small, so that a run takes seconds and little memory.
 */
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { catalogNames, loadCatalogPuzzle } from './catalog.js';
import { burrToolsXml, parseBurrTools } from './burrtools.js';
import { PuzzleError } from './errors.js';
import { formatPuzzle, parsePuzzle } from './format.js';
import type { Puzzle } from './model.js';
import { wellFormedProblem } from './validate.js';
import { packPuzzleText, puzzleOfPacked } from '../web/link.js';

const RUNS = 300;

/** A reader's verdict on one input: a puzzle that validates, or its error of one line ('' when all is well). */
function verdict(read: () => Puzzle | undefined, ownError: (e: unknown) => boolean): string {
  let puzzle: Puzzle | undefined;
  try {
    puzzle = read();
  } catch (e) {
    if (!ownError(e)) return `not the reader's own error: ${(e as Error)?.name}: ${(e as Error)?.message}`;
    return (e as Error).message.includes('\n') ? `an error of several lines: ${(e as Error).message}` : '';
  }
  return puzzle === undefined ? '' : wellFormedProblem(puzzle) ?? '';
}

const isPuzzleError = (e: unknown): boolean => e instanceof PuzzleError;

/** Valid texts to start from: the catalog's puzzles as snug writes them (flat and 3-D, several grids). */
const yamlTexts = catalogNames().map((name) => formatPuzzle(loadCatalogPuzzle(name)));
const xmlTexts = catalogNames().flatMap((name) => {
  try {
    return [burrToolsXml(loadCatalogPuzzle(name))];
  } catch {
    return []; // puzzles BurrTools cannot say
  }
});

/** A text changed at a few places: cut, a piece repeated, characters of `alphabet` put in or replaced. */
function mutated(texts: readonly string[], alphabet: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.oneof(fc.constantFrom(...alphabet), fc.string({ maxLength: 6 }), fc.constant('')));
  return fc.tuple(fc.constantFrom(...texts), fc.array(edit, { minLength: 1, maxLength: 6 })).map(([text, edits]) => {
    let out = text;
    for (const [at, length, put] of edits) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + put + out.slice(i + (put === '' ? length : 0));
    }
    return out;
  });
}

const YAML_MARKS = ['\n', ' ', ':', '- ', '[', ']', '{', '}', ',', '&a ', '*a', '!!binary ', '|', '>', '"', "'", '#', '.', '+', '\t', '0', '-1', '1e9', '4097', '\u0000', '\u202e', '?', '%YAML 1.1\n', '---\n', '<<: *a'];
const XML_MARKS = ['<', '>', '</', '/>', '"', '=', '&amp;', '&#0;', '&x;', '<![CDATA[', ']]>', '<!DOCTYPE x>', '<!--', '-->', '#', '_', '+', '9', '63', '64', ' x="4097"', ' count="0"', ' id="99"', '\u0000'];

describe('the readers refuse what they cannot read with their own error of one line', () => {
  it('the YAML reader: catalog puzzles changed at random, and random text', () => {
    fc.assert(fc.property(fc.oneof(mutated(yamlTexts, YAML_MARKS), fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 })), (text) => {
      expect(verdict(() => parsePuzzle(text, 'fuzz.yaml'), isPuzzleError)).toBe('');
    }), { numRuns: RUNS });
  });

  it('the BurrTools reader: catalog puzzles as BurrTools files changed at random, random XML and random bytes', () => {
    fc.assert(fc.property(fc.oneof(mutated(xmlTexts, XML_MARKS).map((xml) => gzipSync(xml)), fc.string({ maxLength: 300 }).map((text) => gzipSync(text)), fc.uint8Array({ maxLength: 300 })), (data) => {
      expect(verdict(() => parseBurrTools(new Uint8Array(data), 'fuzz.xmpuzzle'), isPuzzleError)).toBe('');
    }), { numRuns: RUNS });
  });

  it('the link reader: links to changed puzzles, links cut or changed, and random text', () => {
    const packed = mutated(yamlTexts, YAML_MARKS).map(packPuzzleText);
    const damaged = fc.tuple(fc.constantFrom(...yamlTexts), fc.nat(), fc.constantFrom('', 'A', '-', '_', '%', '=', '&puzzle=')).map(([text, at, put]) => {
      const link = packPuzzleText(text);
      const i = at % link.length;
      return link.slice(0, i) + put;
    });
    // the page shows a link's refusal as its message: any Error of one line but a TypeError or a RangeError is the reader's own
    fc.assert(fc.property(fc.oneof(packed, damaged, fc.string({ maxLength: 200 })), (link) => {
      expect(verdict(() => puzzleOfPacked(link), (e) => e instanceof Error && !(e instanceof TypeError) && !(e instanceof RangeError))).toBe('');
    }), { numRuns: RUNS });
  });
});
