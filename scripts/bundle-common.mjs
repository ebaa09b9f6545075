// What the build's bundles (bundle-cli.mjs, bundle-library.mjs) share.
import { readFileSync } from 'node:fs';

// Packages left outside every bundle, each required on first use: yaml and @resvg/resvg-js when a puzzle
// file is parsed or a PNG drawn, bullmq and ioredis by the work queue only, zod only to read back what a
// run wrote (a checkpoint, a shard's output, solution lines: zod was 600 KB of a 1,350 KB bundle).
export const EXTERNAL = ['yaml', '@resvg/resvg-js', 'bullmq', 'ioredis', 'zod'];

// No whitespace or comments, and every character outside ASCII written as an escape: the command line's
// loader reads its bundle as one-byte text (latin1), which a single accented letter would have made a
// two-byte string (read and compiled in 58 ms against 33).
export const COMPACT = { minifyWhitespace: true, charset: 'ascii', legalComments: 'none' };

/** Throws when a bundle holds a byte outside ASCII (so that reading it as latin1 is right). */
export function assertAscii(file) {
  if (readFileSync(file).some((byte) => byte > 127)) throw new Error(`${file}: a character outside ASCII (its loader reads it as latin1)`);
}
