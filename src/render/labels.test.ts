import { describe, it, expect } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { legendEntries, pieceLabels } from './labels.js';

describe('pieceLabels', () => {
  it('keeps the first letter of each pentomino', () => {
    const names = ['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'];
    const labels = pieceLabels(names);
    expect([...labels.entries()]).toEqual(names.map((n) => [n, n]));
  });

  it('keeps unique first characters and gives clashing names their first letter, its other case, or a fallback', () => {
    const labels = pieceLabels(['long', 'Lshape', 'L2', 'L1', 'Alpha', 'Tee']);
    expect(labels.get('long')).toBe('l');
    expect(labels.get('Alpha')).toBe('A');
    expect(labels.get('Tee')).toBe('T');
    // The three names starting with L clash: in sorted order, L1 takes L; l is taken, so L2 and Lshape fall
    // back to A-Z, skipping A (taken).
    expect(labels.get('L1')).toBe('L');
    expect(labels.get('L2')).toBe('B');
    expect(labels.get('Lshape')).toBe('C');
  });

  it("labels a one-character name with itself and its variants with the other case (the one-sided F and F')", () => {
    const names = ['F', "F'", 'I', 'L', "L'", 'N', "N'", 'y', "y'"];
    const labels = pieceLabels(names);
    expect(names.map((n) => labels.get(n))).toEqual(['F', 'f', 'I', 'L', 'l', 'N', 'n', 'y', 'Y']);
  });

  it('uses the initials of further words when the first letter is taken in both cases', () => {
    const labels = pieceLabels(['V', 'v', 'V-blue', 'V-mid', 'pipe-red', 'pipe-yellow']);
    expect(labels.get('V-blue')).toBe('b');
    expect(labels.get('V-mid')).toBe('m');
    expect(labels.get('pipe-red')).toBe('p');
    expect(labels.get('pipe-yellow')).toBe('P');
  });

  it('gives names without letters (such as rectangle sizes) fallbacks in sorted order', () => {
    const labels = pieceLabels(['21x14', '28x6', '17x14', '10x7', '32x10', '32x11']);
    expect([...labels.values()]).toEqual(['C', 'D', 'B', 'A', 'E', 'F']);
  });

  it('the legend says how many times a piece is placed when more than once (Calibron: 10 labels, 12 pieces)', () => {
    const puzzle = loadCatalogPuzzle('calibron');
    // the legend reads only which pieces are placed, and how often
    const solution = { placements: puzzle.pieces.flatMap((p) => Array.from({ length: p.count }, () => ({ piece: p.name, cells: [] }))) };
    const legend = legendEntries(puzzle, solution, pieceLabels(puzzle.pieces.map((p) => p.name)));
    expect(legend).toHaveLength(10);
    const drawn = legend.reduce((n, entry) => n + Number(/ x(\d+)$/.exec(entry)?.[1] ?? 1), 0);
    expect(drawn).toBe(solution.placements.length);
    expect(drawn).toBe(12);
    expect(legend.filter((e) => e.endsWith(' x2')).map((e) => e.split(' = ')[1])).toEqual(['21x14 x2', '21x18 x2']);
  });

  it('does not depend on the order of the names, and ignores duplicates', () => {
    const names = ['b1', 'b2', 'b3', 'c', 'C', 'x', 'b4'];
    const a = pieceLabels(names);
    const b = pieceLabels([...names].reverse().concat(['b1', 'c']));
    expect(new Map([...b].sort())).toEqual(new Map([...a].sort()));
    expect(a.size).toBe(7);
  });

  it('gives distinct single printable characters even for hundreds of clashing names', () => {
    const names = Array.from({ length: 300 }, (_, i) => `piece${i}`);
    const labels = pieceLabels(names);
    const values = [...labels.values()];
    expect(new Set(values).size).toBe(300);
    for (const v of values) {
      expect(Array.from(v)).toHaveLength(1);
      expect(v).not.toMatch(/\s|\./);
    }
    // In sorted name order the first takes p, the second P, and the next ones A-Z a-z 0-9, skipping P and p.
    const sorted = [...names].sort();
    expect(labels.get(sorted[0]!)).toBe('p');
    expect(labels.get(sorted[1]!)).toBe('P');
    expect(labels.get(sorted[2]!)).toBe('A');
    expect(labels.get(sorted[2 + 25]!)).toBe('a');
    expect(labels.get(sorted[2 + 25 + 25 + 9]!)).toBe('9');
  });

  it('never uses space or dot, which the pictures reserve', () => {
    const labels = pieceLabels(['.dot', ' space', '', 'ok', '..']);
    // The initial of the word after the space or dot, else a fallback.
    expect(labels.get(' space')).toBe('s');
    expect(labels.get('.dot')).toBe('d');
    expect(labels.get('')).toBe('A');
    expect(labels.get('..')).toBe('B');
    expect(labels.get('ok')).toBe('o');
  });
});
