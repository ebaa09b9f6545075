import { closeSync, constants, existsSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

/**
 * Reads a whole text file that a user named (a puzzle, a checkpoint, a shard's output), refusing what is
 * not one before reading a byte: a directory, a named pipe (which would wait for a writer forever), a
 * device such as /dev/zero (which never ends), or a file larger than `maxBytes`. The file is opened
 * without blocking and checked through its descriptor, so what is checked is what is read.
 * `fail` turns a problem into the caller's one-line error (it names the file).
 */
export function readTextFile(path: string, maxBytes: number, fail: (problem: string) => never): string {
  return readBuffer(path, maxBytes, fail).toString('utf8');
}

/** The same checks as readTextFile, for a file read as bytes (a compressed BurrTools file). */
export function readFileBytes(path: string, maxBytes: number, fail: (problem: string) => never): Uint8Array {
  return readBuffer(path, maxBytes, fail);
}

function readBuffer(path: string, maxBytes: number, fail: (problem: string) => never): Buffer {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    fail(code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : `cannot open (${code ?? (e as Error).message})`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) fail('is a directory, not a file');
    if (stat.isFIFO()) fail('is a named pipe, not a regular file');
    if (stat.isSocket()) fail('is a socket, not a regular file');
    if (!stat.isFile()) fail('is a device, not a regular file');
    // a size that rounds to the limit is given in bytes ("is 20 MB: more than the limit of 20 MB" says nothing)
    const size = formatBytes(stat.size) === formatBytes(maxBytes) ? `${stat.size} bytes` : formatBytes(stat.size);
    if (stat.size > maxBytes) fail(`is ${size}: more than the limit of ${formatBytes(maxBytes)}`);
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    // a file that grows while it is read is cut at the size checked above
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') fail('is a directory, not a file');
    if ((e as NodeJS.ErrnoException).code !== undefined) fail(`cannot read (${(e as NodeJS.ErrnoException).code})`);
    throw e;
  } finally {
    closeSync(fd);
  }
}

/** What a path names: a regular file, something else that exists (a folder, a pipe, a device), or nothing. */
export function pathKind(path: string): 'file' | 'other' | 'missing' {
  if (!existsSync(path)) return 'missing';
  return statSync(path).isFile() ? 'file' : 'other';
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(0)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(0)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}
