// `npm test`'s steps before the suite: the type checks (the sources with their tests, and the web app's
// own settings) and the build, side by side, since each keeps a core busy for 6 to 15 s (one after the
// other they took about 29 s here). Each one's output is printed whole when it ends; the exit code is the
// first failure's.
import { spawn } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  [npx, ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  [npx, ['tsc', '-p', 'src/web', '--noEmit']],
  [npm, ['run', 'build']],
];

const results = await Promise.all(steps.map(([command, args]) => new Promise((resolve) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  child.on('error', (e) => resolve({ line: `${command} ${args.join(' ')}`, code: 1, output: `${e.message}\n` }));
  child.on('close', (code) => resolve({ line: `${command} ${args.join(' ')}`, code: code ?? 1, output }));
})));

for (const { line, code, output } of results) {
  if (code !== 0 || output.trim() !== '') process.stdout.write(`> ${line}\n${output}`);
}
const failed = results.find((r) => r.code !== 0);
if (failed) {
  process.stderr.write(`npm test: ${failed.line} failed (exit ${failed.code})\n`);
  process.exit(failed.code);
}
