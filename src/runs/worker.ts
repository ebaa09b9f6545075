/**
 * A worker thread of a parallel run: prepares the puzzle as the main thread did (preparation is
 * deterministic, so the choice codes of the plan mean the same here), then solves the subproblems it is
 * sent, one at a time, posting solutions as they are found, progress every so often, and a result per
 * subproblem. See executor.ts for the protocol.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ToMain, ToWorker, WorkerSetup } from './executor.js';
import { solveSubproblem } from './executor.js';
import { prepareSearch } from '../search/prepare.js';

const port = parentPort!;
const setup = workerData as WorkerSetup;
const prepared = prepareSearch(setup.puzzle, setup.prepare);
const post = (message: ToMain): void => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  const r = solveSubproblem(prepared, setup, message.index, message.prefix, {
    onSolution: (index, solution) => post({ type: 'solution', index, solution }),
    onProgress: (index, nodes) => post({ type: 'progress', index, nodes }),
  });
  post({ type: 'done', ...r });
});
post({ type: 'ready' });
