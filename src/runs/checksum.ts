import { sha256Hex } from '../platform/host.js';

/**
 * The checksum of a checkpoint or a shard's output: SHA-256 (hex) of the JSON text of the object without
 * its "checksum" field, which is written last. A reader parses the file, takes "checksum" out, writes the
 * rest as JSON again (JSON.stringify keeps the order of the fields) and compares. It tells an edited or
 * damaged file from a whole one; it is no signature (anyone can compute it), which is why what can be
 * checked on its own (solutions, plans, puzzles) is checked too.
 */
export function checksumOf(text: string): string {
  return sha256Hex(text);
}

/** `value` as JSON with its checksum as the last field. */
export function signedJson(value: object): string {
  const text = JSON.stringify(value);
  if (!text.startsWith('{') || text === '{}') throw new TypeError('only an object with fields can be signed');
  return `${text.slice(0, -1)},"checksum":"${checksumOf(text)}"}`;
}

/**
 * Whether a parsed object's "checksum" matches the rest of it: 'missing', 'mismatch', or 'ok' (and the
 * object without its checksum).
 */
export function checkSigned(value: Record<string, unknown>): { status: 'ok'; rest: Record<string, unknown> } | { status: 'missing' | 'mismatch' } {
  const { checksum, ...rest } = value;
  if (typeof checksum !== 'string') return { status: 'missing' };
  return checksumOf(JSON.stringify(rest)) === checksum ? { status: 'ok', rest } : { status: 'mismatch' };
}
