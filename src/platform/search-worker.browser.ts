/** A Web Worker of a parallel run in the web app: see runs/executor.ts (serveSearchThread). */
import { serveSearchThread } from '../runs/executor.js';

const handle = serveSearchThread((message) => postMessage(message));
addEventListener('message', (e: MessageEvent) => handle(e.data));
