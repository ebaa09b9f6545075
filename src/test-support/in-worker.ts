import { Worker } from 'node:worker_threads';
import { bundleForWorker } from './bundle.js';
import type { HeavyTasks } from './heavy-tasks.js';

/**
 * Runs a long check (a search of seconds, with every solution verified) on a worker thread, so that the
 * test's own thread stays free to answer the test runner however loaded the machine is. The thread runs
 * heavy-tasks.ts bundled from the current sources (bundle.ts).
 */
export function inWorker<K extends keyof HeavyTasks>(task: K, ...args: Parameters<HeavyTasks[K]>): Promise<ReturnType<HeavyTasks[K]>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bundleForWorker(new URL('./heavy-tasks.ts', import.meta.url)), { workerData: { task, args } });
    worker.once('message', (result: ReturnType<HeavyTasks[K]>) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the test worker for ${task} exited with code ${code}`)));
  });
}
