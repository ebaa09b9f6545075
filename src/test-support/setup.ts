import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach } from 'vitest';

/**
 * Vitest's worker talks to the runner over messages whose answers must arrive within a minute. Awaiting a
 * synchronous test does not let the event loop read them, so a file of synchronous tests that add up to
 * more than a minute (as they do on a loaded machine) failed with "Timeout calling onTaskUpdate". A turn
 * of the event loop before each test reads them; long searches themselves go to worker threads
 * (in-worker.ts) or yield as they go.
 */
beforeEach(() => new Promise<void>((resolve) => setImmediate(resolve)));

/**
 * Each test file's temporary files (puzzles written, checkpoints, pictures, the command line's own) go into
 * one folder, removed when the file's tests are done: os.tmpdir() reads TMPDIR at every call, and the
 * processes the tests start inherit it. Before, every run of the suite left a hundred-odd folders behind.
 */
const root = mkdtempSync(join(tmpdir(), 'snug-tests-'));
process.env['TMPDIR'] = root;
afterAll(() => rmSync(root, { recursive: true, force: true }));
