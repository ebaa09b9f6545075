import { defaultSecretFile, environmentVariable, hmacSha256Hex, readSecretFile } from '../platform/host.js';

/**
 * What a run writes for later (a checkpoint, a shard's --json output, a result or a run on a work queue)
 * carries a MAC: HMAC-SHA-256 (hex) of its JSON text without the MAC, under the run's key. The key never
 * travels with what it authenticates (not in the file, not through Redis): it is the user's, kept in a
 * file of their own (by default $XDG_CONFIG_HOME/snug/run.key or ~/.config/snug/run.key, made on first
 * use, readable by its owner only), or given as a file (--key-file, SNUG_KEY_FILE) or as text (SNUG_KEY).
 * So an edited file, or a record written by anyone who does not hold the key (someone with the Redis
 * password, a file handed over), is refused: the key, unlike a checksum, cannot be recomputed. The
 * machines of one run share one key (copy the key file to each, or give each the same SNUG_KEY).
 *
 * What the MAC does not do: tell a result that a key holder's machine got wrong (a bad memory, an edited
 * snug) from a true one. That is what the other checks are for (every solution verified, counts against
 * the solutions listed, subproblems within the plan) and `--verify` (subproblems solved again).
 */

/** The key of a run's MACs, and where it came from (for messages; never the key itself). */
export interface RunKey {
  readonly secret: Uint8Array;
  readonly source: string;
}

/** The key cannot be had (a key file unreadable, open to others, or too short): one line, exit code 2. */
export class RunKeyError extends Error {
  override readonly name = 'RunKeyError';
}

export interface RunKeyOptions {
  /** A file holding the key (made when missing, as the default one is, where `create` allows). */
  readonly keyFile?: string;
  /**
   * Whether a key file named but missing is made (default true). Commands that only check what was
   * written (resume, merge, a queue's workers) say false: a new key can check nothing, and a mistyped
   * name would leave a stray key file behind.
   */
  readonly create?: boolean;
}

/** Fewest bytes a key has: shorter ones could be guessed. */
const MIN_KEY_BYTES = 16;

let defaultKey: RunKey | undefined;

/**
 * The run key: the file given, else SNUG_KEY (the key as text), else SNUG_KEY_FILE, else the user's key
 * file at its default place (made on first use). The default is read once a process.
 */
export function loadRunKey(options: RunKeyOptions = {}): RunKey {
  if (options.keyFile !== undefined) {
    if (typeof options.keyFile !== 'string' || options.keyFile === '') throw new RunKeyError('the key file needs a name (the name given is empty)');
    return keyFromFile(options.keyFile, options.create ?? true);
  }
  if (defaultKey) return defaultKey;
  const text = environmentVariable('SNUG_KEY');
  if (text !== undefined && text !== '') {
    const secret = new TextEncoder().encode(text);
    if (secret.length < MIN_KEY_BYTES) throw new RunKeyError(`SNUG_KEY is ${secret.length} bytes: a key has at least ${MIN_KEY_BYTES}`);
    return (defaultKey = { secret, source: 'SNUG_KEY' });
  }
  const file = environmentVariable('SNUG_KEY_FILE');
  return (defaultKey = keyFromFile(file !== undefined && file !== '' ? file : defaultSecretFile()));
}

/** Forgets the default key read (the tests change the environment). */
export function forgetDefaultRunKey(): void {
  defaultKey = undefined;
}

function keyFromFile(path: string, create = true): RunKey {
  let secret: Uint8Array;
  try {
    secret = readSecretFile(path, create);
  } catch (e) {
    throw new RunKeyError(`the key file ${path} ${(e as Error).message}`);
  }
  if (secret.length < MIN_KEY_BYTES) throw new RunKeyError(`the key file ${path} holds ${secret.length} bytes: a key has at least ${MIN_KEY_BYTES}`);
  return { secret, source: path };
}

/** The MAC of a text under a key. */
export function macOf(text: string, key: RunKey): string {
  return hmacSha256Hex(key.secret, text);
}

/** `value` as JSON with its MAC as the last field ("mac"). */
export function signedJson(value: object, key: RunKey): string {
  const text = JSON.stringify(value);
  if (!text.startsWith('{') || text === '{}') throw new TypeError('only an object with fields can be signed');
  return `${text.slice(0, -1)},"mac":"${macOf(text, key)}"}`;
}

/** Why a signed object is refused, in words a message can end with. */
export type SignedProblem = 'missing' | 'unkeyed' | 'mismatch';

/**
 * Whether a parsed object's "mac" matches the rest of it under `key`: 'ok' (and the object without its
 * MAC), 'missing' (no MAC), 'unkeyed' (a checksum anyone can compute, as snug wrote before results
 * were authenticated: refused, for it proves nothing) or 'mismatch' (edited, or written under another key).
 */
export function checkSigned(value: Record<string, unknown>, key: RunKey): { status: 'ok'; rest: Record<string, unknown> } | { status: SignedProblem } {
  const { mac, ...rest } = value;
  if (typeof mac !== 'string') return { status: 'checksum' in value ? 'unkeyed' : 'missing' };
  return sameText(macOf(JSON.stringify(rest), key), mac) ? { status: 'ok', rest } : { status: 'mismatch' };
}

/** What a refusal says, after the file or record it names. */
export function signedProblemText(problem: SignedProblem, key: RunKey): string {
  switch (problem) {
    case 'missing':
      return 'it has no MAC (not written by snug, or cut short)';
    case 'unkeyed':
      return 'it has a checksum but no MAC: it was written before snug authenticated its files, and a checksum proves nothing (anyone can recompute it); solve again';
    case 'mismatch':
      return `its MAC does not match its contents under the key of ${key.source} (edited, damaged, or written with another key)`;
  }
}

/** Compares two texts in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differ === 0;
}
