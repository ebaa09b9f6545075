/**
 * Compressed data unpacked with a cap on what it unpacks to, for the browser (host.browser.ts) and the web
 * app's links (web/share.ts); Node's own zlib has the cap built in (host.ts). The cap is checked as the data
 * unpacks, never after: a thousand bytes of deflate unpack to a megabyte at most, so the input is fed a
 * kilobyte at a time and the unpacking stops at the first chunk past the cap, whatever a file's header or
 * gzip trailer claims about its size.
 */
import { Gunzip, Inflate } from 'fflate';

/** Input fed per step: deflate unpacks to at most 1032 times its size, so one step adds about a megabyte. */
const STEP = 1024;

/** The bytes `data` unpacks to (raw deflate, or gzip); a RangeError when they would be more than `maxBytes`. */
export function unpackCapped(data: Uint8Array, format: 'deflate' | 'gzip', maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const take = (chunk: Uint8Array): void => {
    total += chunk.length;
    if (total > maxBytes) throw new RangeError(`more than ${maxBytes} bytes`);
    chunks.push(chunk);
  };
  const stream = format === 'gzip' ? new Gunzip(take) : new Inflate(take);
  if (data.length === 0) stream.push(data, true);
  for (let at = 0; at < data.length; at += STEP) stream.push(data.subarray(at, at + STEP), at + STEP >= data.length);
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
