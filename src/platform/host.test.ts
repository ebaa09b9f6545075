import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as nodeHost from './host.js';
import type { Host } from './types.js';

// The web app's host, loaded by a path the type checker does not follow (it is checked with the DOM's
// types, by src/web/tsconfig.json); only its functions that need no browser are called here.
const browserPath = './host.browser.ts';
const browserHost = (await import(/* @vite-ignore */ browserPath)) as Host;

describe('the two platform hosts', () => {
  it('export the same names', () => {
    expect(Object.keys(browserHost).sort()).toEqual(Object.keys(nodeHost).filter((k) => typeof (nodeHost as Record<string, unknown>)[k] === 'function').sort());
  });

  it('hash the same (SHA-256 of the UTF-8 text), so plans and puzzles are named alike everywhere', () => {
    expect(nodeHost.sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => browserHost.sha256Hex(text) === nodeHost.sha256Hex(text)));
  });

  it('unpack what either packs, and refuse what unpacks too large with a RangeError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), (text) => {
        const bytes = new TextEncoder().encode(text);
        return browserHost.gunzipText(nodeHost.gzip(bytes), 1000) === text && nodeHost.gunzipText(browserHost.gzip(bytes), 1000) === text;
      }),
    );
    const big = nodeHost.gzip(new Uint8Array(5000));
    expect(() => nodeHost.gunzipText(big, 4000)).toThrow(RangeError);
    expect(() => browserHost.gunzipText(big, 4000)).toThrow(RangeError);
  });

  it('call a file cut short damaged, not too large (its last bytes are no trailer)', () => {
    const text = new TextEncoder().encode(Array.from({ length: 400 }, (_, i) => `<voxel x="${i}"/>`).join('\n'));
    const packed = nodeHost.gzip(text);
    for (const cut of [packed.length - 4, Math.floor(packed.length / 2), 12]) {
      const short = packed.slice(0, cut);
      for (const host of [nodeHost, browserHost]) {
        let thrown: unknown;
        try {
          host.gunzipText(short, 64 * 1024 * 1024);
        } catch (e) {
          thrown = e;
        }
        expect(thrown, `${cut} bytes`).toBeInstanceOf(Error);
        expect(thrown, `${cut} bytes`).not.toBeInstanceOf(RangeError);
      }
    }
  });
});
