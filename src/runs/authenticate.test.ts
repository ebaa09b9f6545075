import { mkdtempSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedWith, TEST_RUN_KEY } from '../test-support/signed.js';
import { RunKeyError, checkSigned, forgetDefaultRunKey, loadRunKey, signedJson } from './authenticate.js';

/** The run key and the MACs it makes (authenticate.ts), against Node's own HMAC (test-support/signed.ts). */
const folder = (): string => mkdtempSync(join(tmpdir(), 'snug-key-'));
// the variables these tests change, put back after each (the test files that run after this one in its
// process share its environment), and the key read before them forgotten
const KEY_VARIABLES = ['SNUG_KEY', 'SNUG_KEY_FILE', 'XDG_CONFIG_HOME'] as const;
const saved = KEY_VARIABLES.map((name) => process.env[name]);
beforeEach(() => forgetDefaultRunKey());
afterEach(() => {
  KEY_VARIABLES.forEach((name, i) => {
    if (saved[i] === undefined) delete process.env[name];
    else process.env[name] = saved[i];
  });
  forgetDefaultRunKey();
});

describe('the run key', () => {
  it('is made on first use in the configuration folder, readable by its owner only, and the same key after', () => {
    const config = folder();
    delete process.env['SNUG_KEY'];
    process.env['XDG_CONFIG_HOME'] = config;
    const key = loadRunKey();
    const file = join(config, 'snug', 'run.key');
    expect(key.source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(config, 'snug')).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    forgetDefaultRunKey();
    expect(loadRunKey().secret).toEqual(key.secret);
  });

  it('from SNUG_KEY, or a key file given; refused in one line when short or open to others; made, with its folders, where none is', () => {
    expect(loadRunKey().source).toBe('SNUG_KEY');
    const dir = folder();
    const open = join(dir, 'open.key');
    writeFileSync(open, 'a-key-of-more-than-sixteen-bytes\n', { mode: 0o644 });
    expect(() => loadRunKey({ keyFile: open })).toThrow(/may be read or written by others \(mode 644\): make it the owner's only \(chmod 600\)/);
    const short = join(dir, 'short.key');
    writeFileSync(short, 'short\n', { mode: 0o600 });
    expect(() => loadRunKey({ keyFile: short })).toThrow(RunKeyError);
    expect(() => loadRunKey({ keyFile: join(dir, 'no', 'such', 'folder', 'x.key', 'y') })).not.toThrow();
    process.env['SNUG_KEY'] = 'tiny';
    forgetDefaultRunKey();
    expect(() => loadRunKey()).toThrow(/SNUG_KEY is 4 bytes: a key has at least 16/);
  });
});

describe('MACs', () => {
  const key = { secret: new TextEncoder().encode(TEST_RUN_KEY), source: 'test' };
  it('are HMAC-SHA-256 of the JSON without them, the last field', () => {
    const value = { a: 1, b: [2, 3], c: 'x' };
    expect(signedJson(value, key)).toBe(signedWith(value));
  });

  it('tell a signed object from an edited one, one without a MAC, and one with a checksum only', () => {
    const value = JSON.parse(signedWith({ solutions: 8, complete: true })) as Record<string, unknown>;
    expect(checkSigned(value, key)).toEqual({ status: 'ok', rest: { solutions: 8, complete: true } });
    expect(checkSigned({ ...value, solutions: 9 }, key)).toEqual({ status: 'mismatch' });
    expect(checkSigned(JSON.parse(signedWith({ solutions: 8, complete: true }, 'another-key-0123456789')) as Record<string, unknown>, key)).toEqual({ status: 'mismatch' });
    expect(checkSigned({ solutions: 8 }, key)).toEqual({ status: 'missing' });
    expect(checkSigned({ solutions: 8, checksum: 'abc' }, key)).toEqual({ status: 'unkeyed' });
  });
});
