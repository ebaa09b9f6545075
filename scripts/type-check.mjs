// `npm test`'s type check: the library, the tests and the command line (tsconfig.json), and the web app
// (src/web, with the DOM's types), two programs checked at once. Each one's errors are printed whole; the
// exit code is non-zero when either found one.
//
// `--with-vitest [args]` runs `vitest run [args]` at the same time (its output as it comes, the type
// check's after it): the suite spends much of its time waiting on browsers, child processes and Redis,
// and the 20 s of processor time the two checks take fit in those waits (12-13 s of wall time on this
// 2-core machine when run before the suite). The exit code is non-zero when either failed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const check = (project) => new Promise((resolve) => {
  const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  child.on('close', (code) => resolve({ project, code, output }));
});
const checks = Promise.all(['tsconfig.json', 'src/web'].map(check));

let testsCode = 0;
if (process.argv[2] === '--with-vitest') {
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  testsCode = await new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(3)], { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
const results = await checks;
for (const { output } of results) process.stdout.write(output);
const failed = results.filter((r) => r.code !== 0);
for (const { project, code } of failed) console.error(`type-check: tsc -p ${project} failed (exit ${code})`);
process.exit(failed.length > 0 || testsCode !== 0 ? 1 : 0);
