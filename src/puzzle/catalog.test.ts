import { describe, expect, it } from 'vitest';
import { shapeKey } from '../geometry/cell.js';
import { allowedTransforms, orientations, symmetries } from '../geometry/symmetry.js';
import { isExactPacking, pieceArea, puzzleProblem } from './model.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { catalogNames, loadCatalogPuzzle, resolvePuzzle, textHash } from './catalog.js';
import { catalogDir, readCatalogFile } from '../platform/catalog-files.js';
import { formatPuzzle, parsePuzzle } from './format.js';

const REQUIRED = [
  'calibron', 'pentomino-6x10', 'pentomino-5x12', 'pentomino-4x15', 'pentomino-3x20', 'pentomino-8x8-hole', 'soma',
  'pentacubes-3x4x5', 'block-3x4x5', 'tetris-cube', 'bedlam-cube', 'pentomino-8x8-square', 'pentomino-onesided-3x30',
  'pentacubes-2x5x6', 'pentacubes-2x3x10', 'kanoodle', 'kanoodle-challenge', 'katamino-5x4', 'a-puzzle-a-day', 'calissons-3', 'tetrahexes-7x4', 'kanoodle-pyramid', 'hexiamonds-6x6', 'hexiamonds-9x4', 'pentomino-3x20-loop',
  'dominoes-8x8', 'dominoes-16x16',
];

/** A key equal for two shapes exactly when one is a rotation or reflection of the other. */
function freeKey(cells: Parameters<typeof shapeKey>[0], dims: 2 | 3): string {
  return orientations(cells, symmetries(dims)).map((o) => shapeKey(o.cells)).sort()[0]!;
}

describe('the catalog', () => {
  it('has every puzzle under its documented name', () => {
    for (const name of REQUIRED) expect(catalogNames()).toContain(name);
  });

  for (const name of catalogNames()) {
    it(`${name}: parses, its areas work out, and it round-trips through the writer`, () => {
      const puzzle = loadCatalogPuzzle(name);
      // an exact packing covers the board; otherwise the area check of the puzzle file holds
      if (isExactPacking(puzzle)) expect(pieceArea(puzzle)).toBe(puzzle.board.length);
      else expect(puzzleProblem(puzzle)).toBeUndefined();
      expect(parsePuzzle(formatPuzzle(puzzle), 'again.yaml')).toEqual(puzzle);
    });
  }

  it('has the 12 distinct pentominoes in every pentomino and flat pentacube puzzle', () => {
    for (const name of catalogNames().filter((n) => /^(pentomino-(\d+x\d+|8x8-hole)$|pentacubes-)/.test(n))) {
      const puzzle = loadCatalogPuzzle(name);
      expect(puzzle.pieces).toHaveLength(12);
      for (const p of puzzle.pieces) expect(p.shape).toHaveLength(5);
      expect(new Set(puzzle.pieces.map((p) => freeKey(p.shape, 2))).size).toBe(12);
    }
  });

  it('has the 18 distinct one-sided pentominoes', () => {
    const puzzle = loadCatalogPuzzle('pentomino-onesided-3x30');
    expect(puzzle.pieces).toHaveLength(18);
    const keys = puzzle.pieces.map((p) => orientations(p.shape, allowedTransforms(2, false)).map((o) => shapeKey(o.cells)).sort()[0]);
    expect(new Set(keys).size).toBe(18);
    expect(puzzle.pieces.every((p) => !p.mirror)).toBe(true);
  });

  it('has the 7 Soma pieces: 27 cubes, no two alike under rotation', () => {
    const puzzle = loadCatalogPuzzle('soma');
    expect(puzzle.dims).toBe(3);
    expect(puzzle.pieces.map((p) => p.shape.length)).toEqual([3, 4, 4, 4, 4, 4, 4]);
    const keys = puzzle.pieces.map((p) => orientations(p.shape, allowedTransforms(3, false)).map((o) => shapeKey(o.cells)).sort()[0]);
    expect(new Set(keys).size).toBe(7);
  });

  it('has the Calibron pieces of seed 001: 12 rectangles in 56x56', () => {
    const puzzle = loadCatalogPuzzle('calibron');
    expect(puzzle.board).toHaveLength(56 * 56);
    expect(puzzle.pieces.reduce((n, p) => n + p.count, 0)).toBe(12);
  });

  it("fingerprints each file's text so that any edit shows (the compiled catalog is used only while they match)", () => {
    const texts = catalogNames().map((name) => readFileSync(`${catalogDir()}${name}.yaml`, 'utf8'));
    expect(new Set(texts.map(textHash)).size).toBe(texts.length);
    fc.assert(
      fc.property(fc.nat(texts.length - 1), fc.nat(), fc.integer({ min: 32, max: 0x2fff }), (i, at, code) => {
        const text = texts[i]!;
        const j = at % text.length;
        const edited = text.slice(0, j) + String.fromCharCode(code) + text.slice(j + 1);
        if (edited !== text) expect(textHash(edited)).not.toBe(textHash(text));
        expect(textHash(text.slice(0, j))).not.toBe(textHash(text));
      }),
      { numRuns: 500, seed: 20261123 },
    );
  });

  it("has the build's parse of each file beside it (dist/catalog/NAME.json): its text's fingerprint, and the parser's own model", () => {
    // (npm test builds first; solving a catalog puzzle reads this file instead of parsing the YAML)
    for (const name of catalogNames()) {
      const { text, path } = readCatalogFile(name);
      const entry = JSON.parse(readFileSync(join(catalogDir(), '..', 'dist', 'catalog', `${name}.json`), 'utf8')) as { hash: string; puzzle: unknown };
      expect(entry.hash, name).toBe(textHash(text));
      expect(entry.puzzle, name).toEqual(JSON.parse(JSON.stringify(parsePuzzle(text, path))));
    }
  });

  it('resolves a file path or a catalog name, and names what it cannot find', () => {
    expect(resolvePuzzle('soma').source).toBe('soma');
    expect(() => resolvePuzzle('nope')).toThrow(/unknown puzzle 'nope': not a file and not in the catalog/);
  });
});
