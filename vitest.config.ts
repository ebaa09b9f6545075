import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest, in the order they start, each browser file beside one that does not drive
 * a browser (two browser files at once left a core idle for a minute; Chromium's own processes count too:
 * web.test.ts alone keeps 52 core-seconds busy in 39 s, where `time` on vitest saw 16).
 * The rest follow as vitest orders them (the longest first when it has timed them, else the largest).
 */
const FIRST = [
  'src/search/solve.test.ts', 'src/cli/web.test.ts',
  'src/cli/queue.test.ts', 'src/cli/web-rough-edges.test.ts',
  'src/cli/long-runs.test.ts', 'src/cli/web-play.test.ts',
  'src/runs/run.test.ts', 'src/cli/web-large.test.ts',
  'src/cli/bad-input.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): number => {
      const i = FIRST.indexOf(relative(f.project.config.root, f.moduleId).split('\\').join('/'));
      return i < 0 ? FIRST.length : i;
    };
    const rest = await super.sort(files.filter((f) => rank(f) === FIRST.length));
    return [...files.filter((f) => rank(f) < FIRST.length).sort((a, b) => rank(a) - rank(b)), ...rest];
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // one test file per core (vitest's own default leaves a core free: on this 2-core machine, one file at a
    // time, 724 s for the suite, against 396 s two at a time; much of a file's time is spent waiting on child
    // processes, browsers and Redis)
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    // the test files of one worker process share its modules, loaded once, rather than each file loading
    // snug again in a process of its own (the whole suite 251 s against 288 s, run back to back; a module's
    // state that a test changes, it puts back: the grid registry, the environment)
    isolate: false,
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
