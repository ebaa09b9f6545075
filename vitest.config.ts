import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-support/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
