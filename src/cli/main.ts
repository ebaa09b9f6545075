#!/usr/bin/env node
import { main } from './program.js';

// A reader that goes away early (`snug solve ... --jsonl | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const code = await main(process.argv);
// Exit now rather than when the event loop has emptied, which waits some tens of milliseconds on Node's
// own file handles; what was written to stdout goes out first (a pipe is asynchronous on some systems).
if (process.stdout.writableLength > 0) await new Promise((resolve) => process.stdout.once('drain', resolve));
process.exit(code);
