/** A Node worker thread of a parallel run: see executor.ts (serveSearchThread) for what it does. */
import { parentPort } from 'node:worker_threads';
import { serveSearchThread } from './executor.js';

const port = parentPort!;
port.on('message', serveSearchThread((message) => port.postMessage(message)));
