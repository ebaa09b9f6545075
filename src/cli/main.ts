#!/usr/bin/env node
import { main } from './program.js';

// A reader that goes away early (`snug solve ... --jsonl | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
process.exitCode = await main(process.argv);
