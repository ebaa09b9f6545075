// `npm test`'s type check: the library, the tests and the command line (tsconfig.json), and the web app
// (src/web, with the DOM's types), two programs checked at once, one per core (12-13 s against 15-18 s
// one after the other on this 2-core machine). Each one's errors are printed whole; the exit code is
// non-zero when either found one.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const check = (project) => new Promise((resolve) => {
  const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  child.on('close', (code) => resolve({ project, code, output }));
});
const results = await Promise.all(['tsconfig.json', 'src/web'].map(check));
for (const { output } of results) process.stdout.write(output);
const failed = results.filter((r) => r.code !== 0);
for (const { project, code } of failed) console.error(`type-check: tsc -p ${project} failed (exit ${code})`);
process.exit(failed.length > 0 ? 1 : 0);
