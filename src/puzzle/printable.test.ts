import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownValue } from './printable.js';

/** What shownValue showed before it wrote the text itself: the whole JSON text, then cut (the same escapes as printable's). */
function wholeThenCut(value: unknown, max: number): string {
  const text = JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? typeof value;
  const cut = text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
  return cut.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (ch) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    const code = ch.codePointAt(0)!;
    return named[ch] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

describe('shownValue', () => {
  it('is the start of the JSON text, as stringifying the whole value and cutting it was', () => {
    const values = fc.anything({
      withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true,
      withObjectString: true, withSparseArray: true, withTypedArray: true, withUnicodeString: true, maxDepth: 4,
    });
    fc.assert(fc.property(values, fc.integer({ min: 1, max: 120 }), (value, max) => {
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return;
      expect(shownValue(value, max)).toBe(wholeThenCut(value, max));
    }), { numRuns: 2000 });
  });

  it('reads a value only as far as the text it shows: a list of a million, one nested 20,000 deep, a cycle', () => {
    let reads = 0;
    const million = new Proxy(new Array<number>(1_000_000).fill(7), { get: (target, key, receiver) => { reads++; return Reflect.get(target, key, receiver) as unknown; } });
    expect(shownValue(million)).toBe(`[${'7,'.repeat(19)}…`);
    // (a few reads per element shown: its value, and the length each time round)
    expect(reads).toBeLessThan(100);
    let deep: unknown[] = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(shownValue(deep, 10)).toBe('[[[[[[[[[…');
    const cyclic: Record<string, unknown> = { board: [] };
    cyclic['self'] = cyclic;
    expect(shownValue(cyclic, 30)).toBe('{"board":[],"self":{"board":[…');
  });

  it('never throws: a getter that throws, a BigInt, a symbol, a function', () => {
    const hostile = { get cells(): never { throw new Error('no'); } };
    expect(shownValue(hostile)).toBe('an object (that cannot be shown)');
    expect(shownValue([hostile])).toBe('a list (that cannot be shown)');
    expect(shownValue(10n)).toBe('10n');
    expect(shownValue({ n: 10n })).toBe('{"n":"10n"}');
    expect(shownValue(Symbol('s'))).toBe('a symbol');
    expect(shownValue(() => 1)).toBe('a function');
    expect(shownValue(undefined)).toBe('undefined');
  });
});
