import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('snug solve --count with the counting engine', () => {
  it('prints every digit of a count past 2^53: grouped in the summary, a plain number literal in --json', () => {
    const text = snug('solve', 'dominoes-16x16', '--count');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^2,444,888,770,250,892,795,802,079,170,816 solutions, all of them \(search complete\) · [\d,]+ nodes · .* · count engine$/m);
    const json = snug('solve', 'dominoes-16x16', '--count', '--json');
    expect(json.code).toBe(0);
    // JSON.parse would round it: the digits are checked in the text
    expect(json.stdout).toMatch(/"solutions":2444888770250892795802079170816,/);
    expect(JSON.parse(json.stdout)).toMatchObject({ engine: 'count', complete: true, workers: 1 });
  });

  it('auto picks it for a count of dominoes, and --stats says why', () => {
    const r = snug('solve', 'dominoes-8x8', '--count', '--stats');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^12,988,816 solutions, all of them/m);
    expect(r.stdout).toMatch(/engine: count \(many copies of few pieces: dynamic programming over the frontier of a scan/);
  });

  it('--engine count is refused in one line, exit 2, where it cannot count', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'snug-count-')), 'run.json');
    for (const [args, message] of [
      [['--count', '--unique'], /not one per symmetry class/],
      [[], /only counts/],
      [['--all'], /only counts/],
      [['--count', '--checkpoint', file], /cannot save checkpoints/],
      [['--count', '--shard', '1/2', '--json'], /cannot count a shard/],
    ] as const) {
      const r = snug('solve', 'dominoes-8x8', '--engine', 'count', ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(existsSync(file)).toBe(false);
    const wide = snug('solve', 'pentomino-6x10', '--engine', 'count', '--count');
    expect(wide.code).toBe(2);
    expect(wide.stderr).toMatch(/^snug: the counting engine .* use another engine\n$/);
  });
});
