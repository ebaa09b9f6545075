import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The repository's set-up scripts: what `npm test` checks first, and the link `npx snug` runs. */
const scripts = fileURLToPath(new URL('../../scripts/', import.meta.url));

function run(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [join(scripts, script), ...args], { encoding: 'utf8', env: { ...env, HOME: tmpdir() } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A folder of executables that do nothing, one per name. */
function fakeTools(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'snug-tools-'));
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\nexit 0\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

describe('npm test makes sure of chromium and redis-server', () => {
  it('says nothing and goes on when both are there', () => {
    const tools = fakeTools('chromium', 'redis-server');
    const r = run('test-deps.mjs', [], { PATH: tools, SNUG_CHROMIUM: join(tools, 'chromium'), SNUG_TEST_DEPS: 'check' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('when one is missing and cannot be installed here: one line naming the command to run, and a failure', () => {
    const tools = fakeTools('chromium');
    const r = run('test-deps.mjs', [], { PATH: tools, SNUG_CHROMIUM: join(tools, 'chromium'), SNUG_TEST_DEPS: 'check' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/needs Debian's redis-server .*run `sudo apt-get install -y redis-server`/);
    const none = run('test-deps.mjs', [], { PATH: fakeTools(), SNUG_CHROMIUM: '/nowhere/chromium' });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/needs Debian's chromium and redis-server \(not installed, and there is no apt-get here\): run `sudo apt-get install -y chromium redis-server`/);
  });

  it('package.json runs the check before the suite, and CI calls npm test itself', () => {
    const pkg = JSON.parse(readFileSync(join(scripts, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['test']).toMatch(/^node scripts\/test-deps\.mjs && /);
    expect(pkg.scripts['prepare']).toMatch(/node scripts\/link-bin\.mjs$/);
    const ci = readFileSync(join(scripts, '..', '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/^npm test$/m);
    expect(ci).not.toMatch(/apt-get install/);
  });
});

describe('npx snug in the repository', () => {
  it('finds node_modules/.bin/snug, a link to the built command (no install, no second build)', () => {
    const root = mkdtempSync(join(tmpdir(), 'snug-root-'));
    mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
    writeFileSync(join(root, 'dist', 'cli', 'snug.cjs'), '');
    expect(run('link-bin.mjs', [root], { PATH: '' }).code).toBe(0);
    // again over the link the first run left
    expect(run('link-bin.mjs', [root], { PATH: '' }).code).toBe(0);
    const link = join(root, 'node_modules', '.bin', 'snug');
    expect(resolve(join(root, 'node_modules', '.bin'), readlinkSync(link))).toBe(join(root, 'dist', 'cli', 'snug.cjs'));
    const unbuilt = run('link-bin.mjs', [mkdtempSync(join(tmpdir(), 'snug-root-'))], { PATH: '' });
    expect(unbuilt.code).toBe(1);
    expect(unbuilt.stderr).toMatch(/is not built/);
  });
});
