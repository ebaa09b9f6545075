/**
 * A worker thread of a parallel run: prepares the puzzle as the main thread did (preparation is
 * deterministic, so the choice codes of the plan mean the same here), then solves the subproblems it is
 * sent, one at a time, posting solutions as they are found, progress every so often, and a result per
 * subproblem. See executor.ts for the protocol.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ToMain, ToWorker, WorkerSetup } from './executor.js';
import { prepareSearch } from './prepare.js';
import { runPrepared } from './solve.js';

const port = parentPort!;
const setup = workerData as WorkerSetup;
const prepared = prepareSearch(setup.puzzle, setup.prepare);
const post = (message: ToMain): void => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  const { index, prefix } = message;
  let reported = Date.now();
  const r = runPrepared(prepared, {
    prefix,
    countOnly: setup.countOnly,
    keep: false,
    limit: setup.limit ?? Infinity,
    ...(setup.countOnly ? {} : { onSolution: (solution) => post({ type: 'solution', index, solution }) }),
    onTick: (nodes) => {
      const now = Date.now();
      if (now - reported >= setup.progressMs) {
        reported = now;
        post({ type: 'progress', index, nodes });
      }
    },
  });
  post({ type: 'done', index, solutions: r.solutions, nodes: r.nodes, updates: r.updates, complete: r.complete });
});
post({ type: 'ready' });
