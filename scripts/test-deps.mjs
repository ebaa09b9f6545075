// `npm test`'s first step: the suite drives Debian's chromium (the web app's end-to-end tests) and starts
// Debian's redis-server (the work queue's tests). When one is missing it is installed as CI installs it
// (apt-get, as root or through sudo without a password), waiting for another apt or dpkg to let go of the
// package manager's lock; when it cannot be installed here, one line names the command to run.
// SNUG_TEST_DEPS=check never installs (the line instead); SNUG_CHROMIUM names another Chromium.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Whether an executable named `name` is on the PATH (or is `name`, a path). */
function found(name) {
  const candidates = name.includes('/') ? [name] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name));
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const missing = [];
// where the tests look for it (src/bench/chromium.ts), which is where Debian's package puts it
if (!found(process.env.SNUG_CHROMIUM ?? '/usr/bin/chromium')) missing.push('chromium');
if (!found('redis-server')) missing.push('redis-server');
if (missing.length === 0) process.exit(0);

const command = `sudo apt-get install -y ${missing.join(' ')}`;
const refuse = (why) => {
  console.error(`npm test: the test suite needs Debian's ${missing.join(' and ')} (${why}): run \`${command}\`, then npm test again`);
  process.exit(1);
};
if (process.env.SNUG_TEST_DEPS === 'check') refuse('not installed, and SNUG_TEST_DEPS=check installs nothing');
if (!found('apt-get')) refuse('not installed, and there is no apt-get here');
const root = process.getuid?.() === 0;
if (!root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) refuse('not installed, and installing needs root');

/** One apt-get command, run again while another process holds the package manager's lock (up to 20 minutes). */
function apt(args) {
  const argv = [...(root ? [] : ['sudo', '-n']), 'apt-get', '-o', 'DPkg::Lock::Timeout=1200', ...args];
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status === 0) return;
    const locked = /could not get lock|unable to acquire|is another process using it/i.test(r.stderr ?? '');
    if (!locked || Date.now() > deadline) refuse(`apt-get ${args[0]} failed: ${(r.stderr ?? '').trim().split('\n').pop()}`);
    spawnSync('sleep', ['5']);
  }
}

console.error(`npm test: installing Debian's ${missing.join(' and ')} for the test suite (apt-get) ...`);
apt(['update', '-qq']);
apt(['install', '-y', '-qq', ...missing]);
