import { buildSync } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeavyTasks } from './heavy-tasks.js';

/**
 * Runs a long check (a search of seconds, with every solution verified) on a worker thread, so that the
 * test's own thread stays free to answer the test runner however loaded the machine is. The thread runs
 * heavy-tasks.ts bundled from the current sources (esbuild, once per test process): what is tested is
 * what is in src/, never a stale build.
 */
let bundled: string | undefined;
function workerScript(): string {
  if (!bundled) {
    // (two folders below the project, as src/test-support is: what the library finds from its own place,
    // the catalog's folder and the packages it requires lazily such as the YAML reader, it finds from the
    // bundle too)
    const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
    mkdirSync(cache, { recursive: true });
    const out = join(cache, `snug-test-worker-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
    buildSync({
      entryPoints: [fileURLToPath(new URL('./heavy-tasks.ts', import.meta.url))],
      outfile: out,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'warning',
    });
    bundled = out;
  }
  return bundled;
}

export function inWorker<K extends keyof HeavyTasks>(task: K, ...args: Parameters<HeavyTasks[K]>): Promise<ReturnType<HeavyTasks[K]>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript(), { workerData: { task, args } });
    worker.once('message', (result: ReturnType<HeavyTasks[K]>) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the test worker for ${task} exited with code ${code}`)));
  });
}
