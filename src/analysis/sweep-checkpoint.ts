import { durableFiles, emitWarning } from '../platform/host.js';
import type { DurableFiles } from '../platform/types.js';
import { CheckpointError } from '../runs/checkpoint.js';
import type { RunKey } from '../runs/authenticate.js';
import { checkSigned, loadRunKey, signedJson, signedProblemText } from '../runs/authenticate.js';
import { snugVersion } from '../version.js';
import type { SweepRow } from './sweep-row.js';

/**
 * A sweep's checkpoint: the rows counted so far, and what identifies the sweep (sweepHash: its variants'
 * keys and puzzles, and how they are counted), so that a sweep started again with the same file takes
 * those rows and counts only the rest, and a file of another sweep is refused rather than mixed in. A
 * variant being counted when the sweep stopped is counted again from its start. Written whole each time
 * (platform/durable-file.ts: the old file or the new one, never half), at most every `intervalMs` and at
 * the end, with a MAC under the run key (runs/authenticate.ts) that tells an edited or damaged file from a
 * whole one, as a run's checkpoint does.
 */
export const SWEEP_CHECKPOINT_FORMAT = 'snug-sweep-checkpoint';

/** Seconds between saves unless the caller says. */
const DEFAULT_INTERVAL_MS = 5000;

export interface SweepCheckpoint {
  /** The rows the file held when it was opened. */
  readonly rows: readonly SweepRow[];
  /** A row counted: saved when the last save is older than the interval. */
  record(row: SweepRow): void;
  /** Saves every row counted, last. */
  close(rows: readonly SweepRow[]): void;
}

export async function openSweepCheckpoint(path: string, sweep: string, intervalMs = DEFAULT_INTERVAL_MS, key: RunKey = loadRunKey()): Promise<SweepCheckpoint> {
  if (path === '') throw new CheckpointError('the checkpoint needs a file name (the name given is empty)');
  const files = await durableFiles();
  const kind = files.kindOf(path);
  if (kind !== undefined && kind !== 'file') throw new CheckpointError(`${path}: is a ${kind}: a sweep's checkpoint needs a file of its own`);
  const rows = kind === 'file' ? readRows(files, path, sweep, key) : [];
  const held = new Map(rows.map((r) => [r.key, r]));
  const write = (mode: 'create' | 'replace'): void => {
    files.writeWhole(path, signedJson({ format: SWEEP_CHECKPOINT_FORMAT, version: snugVersion(), sweep, rows: [...held.values()] }, key), mode);
  };
  if (kind === undefined) {
    try {
      write('create');
    } catch (e) {
      throw new CheckpointError(`${path}: cannot create the checkpoint (${files.describeFileError(e)}): nothing was counted`);
    }
  }
  let saved = Date.now();
  let failing = false;
  const save = (): void => {
    try {
      write('replace');
      saved = Date.now();
      failing = false;
    } catch (e) {
      // the sweep goes on: the file keeps its last save
      if (!failing) emitWarning(`cannot save the checkpoint ${path} (${files.describeFileError(e)}): the sweep goes on, the file keeps its last save`, 'SnugCheckpointWarning');
      failing = true;
    }
  };
  return {
    rows,
    record(row) {
      held.set(row.key, row);
      if (Date.now() - saved >= intervalMs) save();
    },
    close(all) {
      for (const r of all) held.set(r.key, r);
      save();
    },
  };
}

function readRows(files: DurableFiles, path: string, sweep: string, key: RunKey): SweepRow[] {
  let value: unknown;
  try {
    value = JSON.parse(files.readText(path));
  } catch (e) {
    throw new CheckpointError(`${path}: not a sweep's checkpoint (${e instanceof SyntaxError ? 'not JSON' : files.describeFileError(e)})`);
  }
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== SWEEP_CHECKPOINT_FORMAT) {
    throw new CheckpointError(`${path}: not a sweep's checkpoint (a run's checkpoint goes on with 'snug resume ${path}'); give a new file`);
  }
  const signed = checkSigned(value as Record<string, unknown>, key);
  if (signed.status !== 'ok') throw new CheckpointError(`${path}: ${signedProblemText(signed.status, key)}`);
  const c = signed.rest as { sweep?: unknown; rows?: unknown };
  if (c.sweep !== sweep) throw new CheckpointError(`${path}: the checkpoint holds another sweep (other variants, or counted otherwise); give a new file`);
  if (!Array.isArray(c.rows)) throw new CheckpointError(`${path}: corrupt checkpoint: no rows`);
  return c.rows.map((r: unknown) => {
    const row = r as Partial<SweepRow> | null;
    const ok = typeof row === 'object' && row !== null && typeof row.key === 'string' && Number.isSafeInteger(row.solutions) && row.solutions! >= 0 &&
      typeof row.complete === 'boolean' && Number.isSafeInteger(row.nodes) && (row.impossible === undefined || typeof row.impossible === 'string');
    if (!ok) throw new CheckpointError(`${path}: corrupt checkpoint: a row is not {key, solutions, complete, nodes}`);
    return { key: row.key!, solutions: row.solutions!, complete: row.complete!, nodes: row.nodes!, ...(row.impossible !== undefined ? { impossible: row.impossible } : {}) };
  });
}
