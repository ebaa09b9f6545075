import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-long-'));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Starts snug, waits until `file` has been written (after `since`), lets it run `ms` more, then kills it with SIGKILL. */
async function killDuring(args: string[], file: string, ms: number): Promise<'killed' | 'finished'> {
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  const child = spawn(process.execPath, [bin, ...args], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  let finished = false;
  void exited.then(() => { finished = true; });
  while (!finished && !(existsSync(file) && statSync(file).mtimeMs > before)) await sleep(10);
  await Promise.race([sleep(ms), exited]);
  if (finished) return 'finished';
  child.kill('SIGKILL');
  await exited;
  return 'killed';
}

describe('checkpoint and resume', () => {
  it('gives the exact count after SIGKILL at several moments and resuming each time (8x8 with the square: 16146 unique)', async () => {
    const file = join(dir(), 'run.json');
    const args = ['pentomino-8x8-square', '--unique', '--count', '--json', '--workers', '2', '--checkpoint-interval', '0.05', '--quiet'];
    // random moments, 50 to 300 ms after a checkpoint was written (the property holds for any moment; three
    // such stretches on two workers are less than the run's 2.5 s of work, so at least three kills land)
    const moment = (): number => 50 + Math.floor(Math.random() * 250);
    const outcomes = [await killDuring(['solve', ...args, '--checkpoint', file], file, moment())];
    for (let i = 0; i < 3; i++) outcomes.push(await killDuring(['resume', file, '--checkpoint-interval', '0.05', '--quiet'], file, moment()));
    expect(outcomes[0]).toBe('killed');
    expect(outcomes.filter((o) => o === 'killed').length).toBeGreaterThanOrEqual(3);
    const checkpoint = JSON.parse(readFileSync(file, 'utf8'));
    expect(checkpoint.format).toBe('snug-checkpoint');
    const r = snug('resume', file, '--quiet');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ solutions: 16146, complete: true, unique: true });
    expect(json.plan.done).toBe(json.plan.subproblems);
    // A finished run resumed again just reports its result.
    expect(JSON.parse(snug('resume', file).stdout).solutions).toBe(16146);
  }, 120_000);

  it('keeps the solutions of finished subproblems: a resumed --jsonl run prints every solution once', async () => {
    const file = join(dir(), 'run.json');
    const args = ['solve', 'pentomino-5x12', '--unique', '--all', '--jsonl', '--workers', '1', '--checkpoint', file, '--checkpoint-interval', '0.02'];
    await killDuring(args, file, 60);
    const r = snug('resume', file, '--quiet');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1010);
    expect(new Set(lines.map((l) => JSON.stringify(JSON.parse(l).placements.map((p: { piece: string; cells: number[][] }) => p.piece + p.cells.join(' ')).sort()))).size).toBe(1010);
  }, 60_000);

  describe('refuses bad checkpoint files with one line, and leaves them as they were', () => {
    const folder = dir();
    const good = join(folder, 'good.json');
    const made = snug('solve', 'pentomino-4x15', '--unique', '--count', '--json', '--checkpoint', good, '--quiet');
    const text = () => readFileSync(good, 'utf8');
    const cases: [string, () => string, RegExp][] = [
      ['not JSON at all', () => 'hello, this is not a checkpoint', /not a snug checkpoint \(not JSON: truncated or corrupt\)/],
      ['truncated', () => text().slice(0, Math.floor(text().length / 2)), /not JSON: truncated or corrupt/],
      ['another file format', () => JSON.stringify({ hello: 1 }), /not a snug checkpoint \(no "format"/],
      ['another version', () => text().replace(/"version":"[^"]*"/, '"version":"0.0.1"'), /written by snug 0\.0\.1, this is snug .*: its plan is not valid here/],
      ['a puzzle that does not match its hash', () => text().replace('"count":1', '"count":2'), /the puzzle does not match its hash/],
      ['a missing field', () => text().replace(/"plan":\{"hash":"[0-9a-f]+",/, '"plan":{'), /corrupt checkpoint: plan\.hash/],
    ];
    for (const [what, contents, message] of cases) {
      it(what, () => {
        expect(made.code).toBe(0);
        const file = join(folder, `${what.replace(/\W+/g, '-')}.json`);
        const bytes = contents();
        writeFileSync(file, bytes);
        const r = snug('resume', file);
        expect(r.code).toBe(2);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toContain(file);
        expect(r.stderr).toMatch(message);
        expect(readFileSync(file, 'utf8')).toBe(bytes);
      });
    }

    it('a new run on an existing file (another puzzle\'s checkpoint)', () => {
      const before = text();
      const r = snug('solve', 'pentomino-6x10', '--count', '--checkpoint', good);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/the file exists; resume its run with 'snug resume/);
      expect(text()).toBe(before);
    });
  });
});

describe('shards and merge', () => {
  it('merges the shards of a count and of an enumeration into the whole result', () => {
    const folder = dir();
    for (const mode of ['--count', '--all']) {
      const files = [1, 2, 3].map((k) => {
        const r = snug('solve', 'pentomino-5x12', mode, '--shard', `${k}/3`, '--json', '--workers', '1');
        expect(r.code).toBeLessThanOrEqual(1);
        const file = join(folder, `shard${mode}-${k}.json`);
        writeFileSync(file, r.stdout);
        return file;
      });
      const r = snug('merge', ...files);
      expect(r.code).toBe(0);
      const merged = JSON.parse(r.stdout);
      expect(merged).toMatchObject({ solutions: 4040, complete: true, shards: 3 });
      if (mode === '--all') expect(merged.found).toHaveLength(4040);
      else expect(merged.found).toBeUndefined();
      const missing = snug('merge', files[0]!, files[2]!);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/shard 2\/3 missing/);
      const twice = snug('merge', ...files, files[1]!);
      expect(twice.stderr).toMatch(/shard 2\/3 is given twice/);
    }
  });

  it('refuses shards of different puzzles or plans', () => {
    const folder = dir();
    const a = join(folder, 'a.json');
    const b = join(folder, 'b.json');
    writeFileSync(a, snug('solve', 'pentomino-5x12', '--count', '--shard', '1/2', '--json').stdout);
    writeFileSync(b, snug('solve', 'pentomino-6x10', '--count', '--shard', '2/2', '--json').stdout);
    const r = snug('merge', a, b);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/solves puzzle .* not shards of one run/);
  });

  it('asks for --json and a whole enumeration', () => {
    expect(snug('solve', 'pentomino-5x12', '--count', '--shard', '1/2').stderr).toMatch(/--shard needs --json/);
    expect(snug('solve', 'pentomino-5x12', '--json', '--shard', '1/2').stderr).toMatch(/--shard needs --all or --count/);
    expect(snug('solve', 'pentomino-5x12', '--count', '--json', '--shard', '3/2').stderr).toMatch(/--shard wants K\/N/);
  });
});

describe('progress', () => {
  it('writes progress events as JSON lines on stderr, the fraction growing to 1', () => {
    const r = snug('solve', 'pentomino-8x8-square', '--unique', '--count', '--json', '--progress', 'json', '--workers', '2');
    expect(r.code).toBe(0);
    const events = r.stderr.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.length).toBeGreaterThan(1);
    for (const e of events) expect(e).toMatchObject({ type: 'progress', fraction: expect.any(Number), solutions: expect.any(Number), nodesPerSecond: expect.any(Number) });
    for (let i = 1; i < events.length; i++) expect(events[i].fraction).toBeGreaterThanOrEqual(events[i - 1].fraction);
    expect(events.at(-1)).toMatchObject({ fraction: 1, solutions: 16146, etaMs: 0 });
    expect(JSON.parse(r.stdout).solutions).toBe(16146);
  }, 60_000);

  it('estimates the tree and the time without solving', () => {
    const r = snug('estimate', 'tetris-cube', '--unique', '--probes', '300', '--json');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.estimatedNodes).toBeGreaterThan(1e7);
    expect(e.nodesPerSecond).toBeGreaterThan(0);
    expect(e.estimatedMs).toBeGreaterThan(1000);
    expect(e.finished).toBeUndefined();
    const small = JSON.parse(snug('estimate', 'pentomino-3x20', '--json').stdout);
    expect(small.finished).toMatchObject({ solutions: 8 });
  });
});
