import { emitWarning, thisProcess } from '../platform/host.js';
import type { DurableFiles } from '../platform/types.js';
import type { Checkpoint } from './checkpoint.js';
import { CheckpointError, checkpointHolds } from './checkpoint.js';
import type { RunKey } from './authenticate.js';
import { signedJson } from './authenticate.js';

/** Where a save that failed is said when the caller says nowhere: a process warning. */
function processWarning(message: string): void {
  emitWarning(message, 'SnugCheckpointWarning');
}

/**
 * The checkpoint file of a run: created (new runs) or taken over (resumed runs) under its lock, saved as
 * the run goes. A save that fails does not stop the run: `warn` says so in one line (and again when a
 * later save works), and the file keeps its last good save. The file is written by the platform's durable
 * files (whole or not at all: platform/durable-file.ts); what it holds, and who may hold it, is said here.
 */
export class CheckpointStore {
  /** What the file holds, for messages. */
  private holds: string;
  private failing = false;

  private constructor(
    private readonly files: DurableFiles,
    readonly path: string,
    held: Checkpoint,
    /** The key the file's MAC is made with (authenticate.ts). */
    private readonly key: RunKey,
    private readonly warn: (message: string) => void,
    private readonly unlock: () => void,
  ) {
    this.holds = checkpointHolds(held);
  }

  /**
   * A new run's checkpoint: refused where anything already is (a file, a folder, a device), or where it
   * cannot be written; otherwise written whole before the run solves anything.
   */
  static create(files: DurableFiles, path: string, first: Checkpoint, key: RunKey, warn: (message: string) => void = processWarning): CheckpointStore {
    assertNewCheckpoint(files, path);
    const unlock = lock(files, path, false);
    try {
      files.writeWhole(path, signedJson(first, key), 'create');
    } catch (e) {
      unlock();
      if (files.errorCode(e) === 'EEXIST') assertNewCheckpoint(files, path);
      throw new CheckpointError(`${path}: cannot create the checkpoint (${files.describeFileError(e)}): nothing was solved`);
    }
    return new CheckpointStore(files, path, first, key, warn, unlock);
  }

  /** A resumed run's checkpoint (as loaded from `path`): its lock is taken, so no other run uses it meanwhile. */
  static reopen(files: DurableFiles, path: string, loaded: Checkpoint, key: RunKey, warn: (message: string) => void = processWarning): CheckpointStore {
    return new CheckpointStore(files, path, loaded, key, warn, lock(files, path, true));
  }

  /** Saves the checkpoint whole; on failure, says so (once until a save works again) and goes on. */
  save(checkpoint: Checkpoint, last = false): void {
    try {
      this.files.writeWhole(this.path, signedJson(checkpoint, this.key), 'replace');
    } catch (e) {
      // whatever the cause (a full disk, a folder gone, a checkpoint too large for a string), the run goes on
      if (last) this.warn(`cannot save the checkpoint ${this.path} at the end of the run (${this.files.describeFileError(e)}): it keeps its last save (${this.holds})`);
      else if (!this.failing) {
        this.warn(`cannot save the checkpoint ${this.path} (${this.files.describeFileError(e)}): the run goes on, the file keeps its last save (${this.holds}), and each later save tries again`);
      }
      this.failing = true;
      return;
    }
    this.holds = checkpointHolds(checkpoint);
    if (this.failing) this.warn(`the checkpoint ${this.path} is saved again (${this.holds})`);
    this.failing = false;
  }

  /** Removes the file of a new run that could not start (it holds nothing of value). */
  discard(): void {
    this.files.removeQuietly(this.path);
  }

  close(): void {
    this.unlock();
  }
}

/**
 * Refuses to start a new run where a file exists: a checkpoint is only ever written by the run it belongs
 * to (resume it with `snug resume`), and anything else there is not ours to overwrite.
 */
function assertNewCheckpoint(files: DurableFiles, path: string): void {
  if (path === '') throw new CheckpointError('the checkpoint needs a file name (the name given is empty)');
  const existing = files.kindOf(path);
  // (nothing there: a folder that does not exist is reported when the file is created)
  if (existing === undefined) return;
  if (existing === 'file') throw new CheckpointError(`${path}: the file exists; resume its run with 'snug resume ${path}', or give another file`);
  const what = existing === 'directory' ? 'is a directory' : existing === 'symbolic link' ? 'is a symbolic link' : 'is a device or other special file';
  throw new CheckpointError(`${path}: ${what}: a checkpoint needs a new file of its own`);
}

/**
 * Takes the lock of checkpoint `path`: FILE.lock, created only where none is, naming this process. A lock
 * left by a process of this machine that is gone (killed) is taken over; any other is refused. Removes
 * the temporary files that killed runs left beside the checkpoint. Returns the function that unlocks.
 */
function lock(files: DurableFiles, path: string, forResume: boolean): () => void {
  const lockPath = `${path}.lock`;
  const { pid, host } = thisProcess();
  const me = { pid, host };
  for (let attempt = 0; ; attempt++) {
    try {
      files.writeWhole(lockPath, JSON.stringify(me), 'create');
      break;
    } catch (e) {
      const code = files.errorCode(e);
      if (code !== 'EEXIST') {
        const why = `${files.describeFileError(e)}${code === 'ENOENT' ? `: ${files.folderOf(path)}` : ''}`;
        throw new CheckpointError(forResume ? `${path}: cannot take its lock, ${lockPath} (${why})` : `${path}: cannot create the checkpoint (${why}): nothing was solved`);
      }
      const holder = lockHolder(files, lockPath);
      if (attempt === 0 && holder && holder.host === me.host && holder.pid !== me.pid && !files.isRunning(holder.pid)) {
        files.removeQuietly(lockPath); // its run was killed
        continue;
      }
      const who = holder ? `process ${holder.pid} on ${holder.host}` : 'its lock cannot be read';
      throw new CheckpointError(`${path}: in use by another snug run (${who}); if no run is using it, delete ${lockPath}`);
    }
  }
  removeLeftovers(files, path, me.pid);
  return () => files.removeQuietly(lockPath);
}

function lockHolder(files: DurableFiles, lockPath: string): { pid: number; host: string } | undefined {
  try {
    const holder = JSON.parse(files.readText(lockPath)) as { pid?: unknown; host?: unknown };
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? { pid: holder.pid as number, host: holder.host } : undefined;
  } catch {
    return undefined;
  }
}

/** Temporary files that killed processes left (FILE.<pid>.tmp, FILE.lock.<pid>.tmp): the lock holder removes them. */
function removeLeftovers(files: DurableFiles, path: string, myPid: number): void {
  const name = files.nameOf(path);
  const folder = files.folderOf(path);
  let entries: string[];
  try {
    entries = files.list(folder);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = entry.startsWith(`${name}.`) ? /^(?:lock\.)?(\d+)\.tmp$/.exec(entry.slice(name.length + 1))?.[1] : undefined;
    if (pid !== undefined && Number(pid) !== myPid && !files.isRunning(Number(pid))) files.removeQuietly(files.pathIn(folder, entry));
  }
}
