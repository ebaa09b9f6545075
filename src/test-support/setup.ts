import { beforeEach } from 'vitest';

/**
 * Vitest's worker talks to the runner over messages whose answers must arrive within a minute. Awaiting a
 * synchronous test does not let the event loop read them, so a file of synchronous tests that add up to
 * more than a minute (as they do on a loaded machine) failed with "Timeout calling onTaskUpdate". A turn
 * of the event loop before each test reads them; long searches themselves go to worker threads
 * (in-worker.ts) or yield as they go.
 */
beforeEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
