import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from './cell.js';
import { cellKey } from './cell.js';
import { CellTable } from './cell-table.js';

const cellArb = (span: number): fc.Arbitrary<Cell> => fc.tuple(fc.integer({ min: -span, max: span }), fc.integer({ min: -span, max: span }), fc.integer({ min: -2, max: 2 })) as unknown as fc.Arbitrary<Cell>;

describe('CellTable', () => {
  // a small span packs the box densely (a typed array); a wide one leaves it sparse (a map)
  it.each([['dense', 6], ['sparse', 100_000]] as const)('reads what a map on string keys reads (%s box)', (_, span) => {
    fc.assert(fc.property(fc.array(fc.tuple(cellArb(span), fc.integer({ min: 0, max: 50 })), { minLength: 1, maxLength: 60 }), fc.array(cellArb(span + 2), { maxLength: 30 }), (sets, probes) => {
      const table = new CellTable(sets.map(([c]) => c), -1);
      const reference = new Map<string, number>();
      for (const [c, v] of sets) {
        table.set(c, v);
        reference.set(cellKey(c), v);
      }
      for (const c of [...sets.map(([c]) => c), ...probes]) expect(table.get(c)).toBe(reference.get(cellKey(c)) ?? -1);
      const seen: string[] = [];
      table.forEach((c, v) => { seen.push(cellKey(c)); expect(v).toBe(reference.get(cellKey(c))); });
      expect(seen).toEqual([...reference.keys()]);
    }));
  });

  it('refuses a cell outside the box it was made for', () => {
    const table = new CellTable([[0, 0, 0], [2, 2, 0]], -1);
    expect(() => table.set([3, 0, 0], 1)).toThrow(RangeError);
    expect(table.get([3, 0, 0])).toBe(-1);
  });
});
