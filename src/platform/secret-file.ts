import type * as Crypto from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// (crypto is loaded on first use: see host.ts)
const require = createRequire(import.meta.url);

/**
 * A secret kept in a file of the user's own (a key that authenticates what snug writes: runs/run-key.ts
 * says what for). The file holds text (its bytes, a trailing newline left out, are the secret); a
 * missing file at the default place is made with 32 random bytes, as hex, readable by its owner only
 * (mode 0600, in a folder of mode 0700). A file that others may read or write is refused: anyone who can
 * read it can forge what it authenticates.
 */

/** Where the secret is kept by default: $XDG_CONFIG_HOME/snug/run.key, else ~/.config/snug/run.key. */
export function defaultSecretFile(): string {
  const config = process.env['XDG_CONFIG_HOME'];
  return join(config && config.startsWith('/') ? config : join(homedir(), '.config'), 'snug', 'run.key');
}

/** Largest secret file read: a key is a few dozen bytes. */
const MAX_SECRET_BYTES = 4096;

/**
 * The secret in `path`, made first when it is missing and `create` is set. Throws an Error whose message
 * is the problem in words (for the caller's one line).
 */
export function readSecretFile(path: string, create: boolean): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !create) throw new Error(problemOf(e, 'cannot be read'));
    return makeSecretFile(path);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error('is not a regular file');
    if ((stat.mode & 0o077) !== 0) throw new Error(`may be read or written by others (mode ${(stat.mode & 0o777).toString(8)}): make it the owner's only (chmod 600)`);
    if (stat.size > MAX_SECRET_BYTES) throw new Error(`is ${stat.size} bytes, more than a key (at most ${MAX_SECRET_BYTES})`);
    const buffer = Buffer.alloc(stat.size);
    const n = readSync(fd, buffer, 0, stat.size, 0);
    const text = buffer.subarray(0, n).toString('utf8').replace(/\r?\n$/, '');
    return new TextEncoder().encode(text);
  } finally {
    closeSync(fd);
  }
}

function makeSecretFile(path: string): Uint8Array {
  const text = (require('node:crypto') as typeof Crypto).randomBytes(32).toString('hex');
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // (a file made meanwhile by another process is read instead: both then hold the same key)
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, `${text}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(path, false);
    throw new Error(problemOf(e, 'cannot be made'));
  }
  return new TextEncoder().encode(text);
}

function problemOf(e: unknown, what: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = { ENOENT: 'does not exist', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'is a folder', ENOTDIR: 'a part of its path is not a folder', EROFS: 'read-only file system', ENOSPC: 'no space left on the device' };
  return `${what}: ${code ? `${words[code] ?? 'failed'} (${code})` : String((e as Error).message)}`;
}
