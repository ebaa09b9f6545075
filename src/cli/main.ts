import { EXIT, fileProblem, writeError } from './errors.js';
import { main } from './program.js';

// A reader that goes away early (`snug solve ... --jsonl | head`) is not an error. Output that cannot be
// written (`snug list > /dev/full`) ends the command with one line on stderr and exit code 2: what it
// would have printed is lost, and the exit code must say so.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(EXIT.ran);
  writeError(`snug: cannot write to standard output: ${fileProblem(e)}\n`);
  process.exit(EXIT.badInput);
});
// stderr carries only progress and messages: when it is closed or full, they are dropped (the progress
// display stops writing, see solve.ts) and the run goes on.
process.stderr.on('error', () => {});
// (No top-level await: the command line tool is bundled as a script, which V8 can keep a code cache of;
// see scripts/bundle-cli.mjs.)
void main(process.argv).then(async (code) => {
  // Exit now rather than when the event loop has emptied, which waits some tens of milliseconds on Node's
  // own file handles; what was written to stdout goes out first (a pipe is asynchronous on some systems).
  // An empty write's callback runs once everything before it is out ('drain' comes only after a write was
  // refused, and one that never comes would leave the process waiting for nothing).
  if (process.stdout.writableLength > 0 && !process.stdout.destroyed) await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(code);
});
