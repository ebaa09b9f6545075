import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packCells, unpackCells } from './cell-pack.js';

const cell = fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -5, max: 5 }));

describe('cells packed for a message to a worker', () => {
  it('come back as they were, with the other fields untouched', () => {
    const message = fc.record({
      id: fc.integer(),
      puzzle: fc.record({ name: fc.string(), board: fc.array(cell, { maxLength: 200 }), pieces: fc.array(fc.record({ name: fc.string(), shape: fc.array(cell, { maxLength: 40 }) }), { maxLength: 4 }) }),
      other: fc.array(fc.oneof(fc.tuple(fc.double(), fc.integer(), fc.integer()), fc.string()), { maxLength: 60 }),
    });
    fc.assert(fc.property(message, (m) => {
      const packed = packCells(m);
      expect(unpackCells(structuredClone(packed.message))).toEqual(m);
    }));
  });

  it('a long list of cells goes as one Int32Array, moved with the message', () => {
    const board = Array.from({ length: 1000 }, (_, i) => [i % 40, Math.floor(i / 40), 0] as const);
    const { message, transfer } = packCells({ id: 1, puzzle: { board, name: 'x' } });
    expect((message.puzzle.board as unknown as { $cells: Int32Array }).$cells).toBeInstanceOf(Int32Array);
    expect(transfer).toHaveLength(1);
    // lists of numbers beyond 32 bits or not whole go as they are
    const odd = [...board.slice(0, 99), [0.5, 0, 0]];
    expect(packCells({ odd }).message.odd).toEqual(odd);
  });
});
