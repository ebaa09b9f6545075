import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // one test file per core (vitest's own default leaves a core free: on this 2-core machine, one file at a
    // time, 724 s for the suite, against 396 s two at a time; much of a file's time is spent waiting on child
    // processes, browsers and Redis)
    maxWorkers: availableParallelism(),
    minWorkers: 1,
    setupFiles: ['src/test-support/setup.ts'],
    // tests marked concurrent (searches on worker threads) run two at a time: one per core
    maxConcurrency: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // what a test waits for on a page (expect.poll) may take ten times as long on a loaded machine: 1 s, the
    // default, failed the phone's drag test at load 4 while the full suite ran
    expect: { poll: { timeout: 30_000, interval: 50 } },
  },
});
