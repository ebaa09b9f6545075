import { Worker } from 'node:worker_threads';
import { bundleForWorker } from './bundle.js';
import type { ReaderName, ReaderOutcome } from './reader-tasks.js';

/**
 * Runs one of snug's readers (reader-tasks.ts, bundled from the current sources by bundle.ts) on a worker thread whose
 * heap is capped at `heapMb`: the reader either answers or the thread dies of its heap limit, which this
 * reports as an error. The limit, not the clock, is what a test asserts: it holds on any machine.
 */
export function readWithHeapCap(reader: ReaderName, input: string | Uint8Array, heapMb = 100): Promise<ReaderOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bundleForWorker(new URL('./reader-tasks.ts', import.meta.url)), { workerData: { reader, input }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    worker.once('message', (outcome: ReaderOutcome) => {
      resolve(outcome);
      void worker.terminate();
    });
    worker.once('error', (e: Error & { code?: string }) => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`the ${reader} reader ran out of its ${heapMb} MB heap`) : e));
    worker.once('exit', (code) => reject(new Error(`the ${reader} reader's thread exited with code ${code}`)));
  });
}
