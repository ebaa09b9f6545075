import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFile } from './user-files.js';

const fail = (problem: string): never => {
  throw new Error(problem);
};

describe('readTextFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snug-read-'));

  it('reads a regular file', () => {
    writeFileSync(join(dir, 'a.txt'), 'hello\n');
    expect(readTextFile(join(dir, 'a.txt'), 100, fail)).toBe('hello\n');
  });

  it('refuses, before reading, what is not a regular file or is too large', () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    writeFileSync(join(dir, 'big.txt'), 'x'.repeat(2000));
    // a pipe with no writer would block a plain read forever; this returns at once
    expect(() => readTextFile(fifo, 100, fail)).toThrow('is a named pipe, not a regular file');
    expect(() => readTextFile('/dev/zero', 100, fail)).toThrow('is a device, not a regular file');
    expect(() => readTextFile(dir, 100, fail)).toThrow('is a directory, not a file');
    expect(() => readTextFile(join(dir, 'big.txt'), 1024, fail)).toThrow('is 2 KB: more than the limit of 1 KB');
    expect(() => readTextFile(join(dir, 'missing'), 100, fail)).toThrow('no such file');
  });
});
