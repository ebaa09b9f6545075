import { describe, it, expect } from 'vitest';
import { pieceLabels } from './labels.js';

describe('pieceLabels', () => {
  it('keeps the first letter of each pentomino', () => {
    const names = ['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'];
    const labels = pieceLabels(names);
    expect([...labels.entries()]).toEqual(names.map((n) => [n, n]));
  });

  it('keeps unique first characters and gives clashing names fallbacks from A-Z not already used', () => {
    const labels = pieceLabels(['long', 'Lshape', 'L2', 'L1', 'Alpha', 'Tee']);
    expect(labels.get('long')).toBe('l');
    expect(labels.get('Alpha')).toBe('A');
    expect(labels.get('Tee')).toBe('T');
    // The three names starting with L clash, so all fall back, in sorted order, skipping A (taken).
    expect(labels.get('L1')).toBe('B');
    expect(labels.get('L2')).toBe('C');
    expect(labels.get('Lshape')).toBe('D');
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
    // The first 62 follow A-Z a-z 0-9 in sorted name order.
    const sorted = [...names].sort();
    expect(labels.get(sorted[0]!)).toBe('A');
    expect(labels.get(sorted[26]!)).toBe('a');
    expect(labels.get(sorted[61]!)).toBe('9');
  });

  it('never uses space or dot, which the pictures reserve', () => {
    const labels = pieceLabels(['.dot', ' space', '', 'ok']);
    // Sorted order: '' < ' space' < '.dot'.
    expect(labels.get('')).toBe('A');
    expect(labels.get(' space')).toBe('B');
    expect(labels.get('.dot')).toBe('C');
    expect(labels.get('ok')).toBe('o');
  });
});
