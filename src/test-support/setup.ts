import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach } from 'vitest';
import { TEST_RUN_KEY } from './signed.js';

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
// (the system's folder as the first file found it: a process runs several test files, one after another,
// and TMPDIR names the folder of the one before, removed by then)
process.env['SNUG_TESTS_TMPDIR'] ??= tmpdir();
const root = mkdtempSync(join(process.env['SNUG_TESTS_TMPDIR'], 'snug-tests-'));
process.env['TMPDIR'] = root;

/**
 * The key that authenticates checkpoints, shards and queue results (runs/authenticate.ts), the same for
 * every process a test starts (as for the machines of one run); a test re-signs an edited file with it to
 * reach the checks behind the MAC. A key file made by default goes into the tests' folder, never the
 * user's configuration.
 */
process.env['SNUG_KEY'] = TEST_RUN_KEY;
delete process.env['SNUG_KEY_FILE'];
process.env['XDG_CONFIG_HOME'] = join(root, 'config');
afterAll(() => rmSync(root, { recursive: true, force: true }));
