import { printable } from '../puzzle/printable.js';

/** A problem with how snug was called: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Output that cannot be written (a folder that does not exist, a full disk): one line, exit code 2. */
export class OutputError extends Error {
  override readonly name = 'OutputError';
}

/** What went wrong with a file operation, in words (the code, such as ENOSPC, in brackets). */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const words: Record<string, string> = {
    ENOENT: 'no such file or folder',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'is a folder',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    EFBIG: 'file too large',
    EIO: 'input/output error',
    EPIPE: 'the reader has gone',
  };
  return code ? `${words[code] ?? 'failed'} (${code})` : String((e as Error | undefined)?.message ?? e);
}

/**
 * Writes to stderr without ever throwing: when stderr itself is closed or full there is nowhere left to
 * report to, and the exit code has to say it. False when the write failed.
 */
export function writeError(text: string): boolean {
  try {
    if (process.stderr.destroyed || !process.stderr.writable) return false;
    process.stderr.write(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Exit codes. 2 is also what a run ends with when its output cannot be written (a full disk, a missing
 * folder for --svg). 130 when Ctrl-C stopped the run: 128 + SIGINT, as shells report it.
 */
export const EXIT = { ran: 0, noSolution: 1, badInput: 2, internal: 3, interrupted: 130 } as const;

/** A positive whole number, at most `max` (`limit` says why, for the message). */
export function parsePositiveInt(flag: string, max: number = Number.MAX_SAFE_INTEGER, limit = '') {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} wants a positive whole number, not '${printable(value, 40)}'`);
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n > max) throw new UsageError(`${flag} is ${printable(value, 40)}: more than the limit of ${max}${limit}`);
    return n;
  };
}

export function parsePositiveNumber(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} wants a positive number, not '${printable(value, 40)}'`);
    return n;
  };
}

/** A number from `least` to `most`. */
export function parseBoundedNumber(flag: string, least: number, most: number) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < least || n > most) throw new UsageError(`${flag} wants a number from ${least} to ${most}, not '${printable(value, 40)}'`);
    return n;
  };
}

/** --verify: a positive whole number of subproblems, or 'all'. */
export function parseVerify(value: string): number | 'all' {
  return value === 'all' ? 'all' : parsePositiveInt('--verify')(value);
}

/** A number that is zero or more. */
export function parseNonNegativeNumber(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`${flag} wants a number of zero or more, not '${printable(value, 40)}'`);
    return n;
  };
}

/** A TCP port: 0 (any free one) to 65535. */
export function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new UsageError(`--port wants a port number from 0 to 65535, not '${printable(value, 40)}'`);
  return Number(value);
}
