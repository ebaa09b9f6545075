import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-support/setup.ts'],
    // tests marked concurrent (searches on worker threads) run two at a time: one per core
    maxConcurrency: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
