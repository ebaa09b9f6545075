import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
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
