import { closeSync, fsyncSync, linkSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DurableFiles, FileKind } from './types.js';

/**
 * Files on Node for what must survive a crash (a long run's checkpoint and its lock: runs/checkpoint-store.ts
 * gives them their meaning). Writing a file so that it is either whole or not there: the text goes to a
 * temporary file beside it, every write is checked (a full disk writes fewer bytes than asked, then
 * fails), the file is flushed to disk, and only then is it renamed (or linked) into place and the folder
 * flushed, so that the rename itself survives a power cut. A failed write removes its temporary file and
 * leaves the old file as it was. The rest are the few plain questions a lock asks (what is at a path,
 * which process holds it, whether that process still runs).
 *
 * The few calls writing makes go through `writeLayer`, which tests replace to simulate a full disk.
 */
export interface WriteLayer {
  open(path: string, flags: string): number;
  /** Writes up to `length` bytes; returns how many were written (possibly fewer). */
  write(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fsync(fd: number): void;
  close(fd: number): void;
  rename(from: string, to: string): void;
  link(existing: string, path: string): void;
  unlink(path: string): void;
}

export const writeLayer: WriteLayer = {
  open: (path, flags) => openSync(path, flags),
  write: (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length),
  fsync: (fd) => fsyncSync(fd),
  close: (fd) => closeSync(fd),
  rename: (from, to) => renameSync(from, to),
  link: (existing, path) => linkSync(existing, path),
  unlink: (path) => unlinkSync(path),
};

/** The temporary file a write to `path` goes through (one per process: a run holds its file's lock). */
export function temporaryPath(path: string): string {
  return `${path}.${process.pid}.tmp`;
}

/**
 * Writes `text` to `path` whole, replacing it (`replace`), or only if there is no such file yet
 * (`create`: a file that appears meanwhile is left alone and EEXIST thrown). Throws the system's error
 * (with its `code`: ENOSPC, EACCES, ...) after removing the temporary file.
 */
export function writeWhole(path: string, text: string, mode: 'replace' | 'create'): void {
  const temp = temporaryPath(path);
  const bytes = Buffer.from(text, 'utf8');
  const fd = writeLayer.open(temp, 'w');
  try {
    try {
      for (let written = 0; written < bytes.length; ) {
        const n = writeLayer.write(fd, bytes, written, bytes.length - written);
        if (n <= 0) throw Object.assign(new Error('the disk took no more bytes'), { code: 'ENOSPC' });
        written += n;
      }
      writeLayer.fsync(fd);
    } finally {
      writeLayer.close(fd);
    }
    if (mode === 'replace') writeLayer.rename(temp, path);
    else {
      // a hard link is created only where no file is: an atomic, exclusive creation of a whole file
      try {
        writeLayer.link(temp, path);
        writeLayer.unlink(temp);
      } catch (e) {
        if (!NO_LINKS.includes(errorCode(e) ?? '')) throw e;
        // a file system without hard links: claim the name with an empty file, then rename over it
        writeLayer.close(writeLayer.open(path, 'wx'));
        writeLayer.rename(temp, path);
      }
    }
  } catch (e) {
    removeQuietly(temp);
    throw e;
  }
  syncFolder(path);
}

/** What link() fails with where a file system has no hard links. */
const NO_LINKS = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK'];

/** Flushes the folder holding `path`, so that a rename or creation in it is on disk. */
function syncFolder(path: string): void {
  let fd: number;
  try {
    fd = writeLayer.open(dirname(path), 'r');
  } catch {
    return; // a folder that cannot be opened for reading (some systems): nothing more can be done
  }
  try {
    writeLayer.fsync(fd);
  } catch (e) {
    // some systems cannot flush a folder (EINVAL, EISDIR); a real failure to write is reported
    if (!['EINVAL', 'EISDIR', 'EPERM', 'ENOTSUP', 'EBADF'].includes(errorCode(e) ?? '')) throw e;
  } finally {
    writeLayer.close(fd);
  }
}

export function removeQuietly(path: string): void {
  try {
    writeLayer.unlink(path);
  } catch {
    // already gone, or not ours to remove: nothing to clean
  }
}

/** A system error as a person reads it: "no space left on device", "permission denied", ... */
export function describeFileError(e: unknown): string {
  const code = errorCode(e);
  const known: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOENT: 'no such folder',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'is a directory',
    EIO: 'input/output error',
    EEXIST: 'the file exists',
    ENAMETOOLONG: 'the name is too long',
  };
  return code ? known[code] ?? code : (e as Error).message;
}

/** The system's code of a failed file operation (ENOENT, EEXIST, ENOSPC, ...), or undefined. */
export function errorCode(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

/** What is at `path`, not following a symbolic link; undefined when nothing is (or it cannot be seen). */
export function kindOf(path: string): FileKind | undefined {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return undefined;
  }
  return stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : stat.isSymbolicLink() ? 'symbolic link' : 'special';
}

/** A small text file (a lock) as UTF-8; throws the system's error. */
export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

/** The names in a folder; throws the system's error. */
export function list(folder: string): string[] {
  return readdirSync(folder);
}

export function folderOf(path: string): string {
  return dirname(path);
}

export function nameOf(path: string): string {
  return basename(path);
}

export function pathIn(folder: string, name: string): string {
  return join(folder, name);
}

/** Whether process `pid` of this machine is running (one of another user's counts). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errorCode(e) === 'EPERM'; // it exists, and is someone else's
  }
}

// the names the Host's durableFiles() promises
({ writeWhole, temporaryPath, removeQuietly, describeFileError, errorCode, kindOf, readText, list, folderOf, nameOf, pathIn, isRunning }) satisfies DurableFiles;
