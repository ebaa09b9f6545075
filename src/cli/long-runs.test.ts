import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resigned, signedWith } from '../test-support/signed.js';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snugInvocation } from './solve.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

/** The environment without npm's variables (the tests run under npm, a user's shell may not). */
function plainEnv(): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))), NO_COLOR: '1' };
}

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, env: plainEnv() });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-long-'));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type CheckpointJson = Record<string, any>;

/** JSON text with its MAC made again after an edit, by a holder of the key (README: Checkpoints): what the checks behind the MAC must catch. */
const resign = (text: string): string => resigned(text);

/** JSON text as someone without the key could make it: a SHA-256 checksum made again (as snug wrote before its MACs), or a MAC under another key. */
function forged(text: string, how: 'checksum' | 'other key'): string {
  const { mac: _, ...rest } = JSON.parse(text) as CheckpointJson;
  if (how === 'other key') return signedWith(rest, 'someone-elses-key-0123456789abcdef');
  const body = JSON.stringify(rest);
  return `${body.slice(0, -1)},"checksum":"${createHash('sha256').update(body).digest('hex')}"}`;
}

function readCheckpoint(file: string): CheckpointJson | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CheckpointJson;
  } catch {
    return undefined;
  }
}

/** Whether a checkpoint shows its run unfinished: no plan yet, or subproblems of its share not done. */
function unfinished(c: CheckpointJson): boolean {
  if (c.plan === null) return true;
  const share = c.shard ? c.plan.subproblems.filter((_: unknown, i: number) => i % c.shard.count === c.shard.index - 1).length : c.plan.subproblems.length;
  return c.done.length < share;
}

/**
 * Starts snug and sends it `signal` as soon as its checkpoint `file` satisfies `when`, looked at each time
 * the file changes (every save writes a new file). Returns how the process ended, and its output.
 */
async function signalWhen(args: string[], file: string, when: (c: CheckpointJson) => boolean, signal: NodeJS.Signals, cwd?: string) {
  const child = spawn(process.execPath, [bin, ...args], { env: plainEnv(), ...(cwd ? { cwd } : {}) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d; });
  child.stderr.on('data', (d: Buffer) => { stderr += d; });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('close', (code, sig) => r({ code, signal: sig })));
  let ended = false;
  void exit.then(() => { ended = true; });
  const path = cwd ? join(cwd, file) : file;
  let seen = '';
  while (!ended) {
    const s = existsSync(path) ? statSync(path) : undefined;
    const id = s ? `${s.ino}:${s.mtimeMs}:${s.size}` : '';
    if (id !== seen) {
      seen = id;
      const c = readCheckpoint(path);
      if (c && when(c)) {
        child.kill(signal);
        break;
      }
    }
    await sleep(2);
  }
  return { ...(await exit), stdout, stderr };
}

/** Kills snug with SIGKILL once its checkpoint satisfies `when`; checks that the kill, not the run's end, stopped it. */
async function killWhen(args: string[], file: string, when: (c: CheckpointJson) => boolean): Promise<CheckpointJson> {
  const ended = await signalWhen(args, file, when, 'SIGKILL');
  expect(ended.signal).toBe('SIGKILL');
  const left = readCheckpoint(file)!;
  expect(left.format).toBe('snug-checkpoint');
  expect(unfinished(left)).toBe(true);
  return left;
}

describe('checkpoint and resume', () => {
  it('gives the exact count after SIGKILL at several moments and resuming each time (8x8 with the square: 16146 unique)', async () => {
    const file = join(dir(), 'run.json');
    const options = ['--workers', '2', '--checkpoint-interval', '0.05', '--quiet'];
    // killed as soon as its checkpoint exists: in the first moment, before it has planned
    let left = await killWhen(['solve', 'pentomino-8x8-square', '--unique', '--count', '--json', ...options, '--checkpoint', file], file, () => true);
    // then killed each time a resumed run has saved some progress of its own
    for (let i = 0; i < 3; i++) {
      const before: number = left.done.length;
      left = await killWhen(['resume', file, ...options], file, (c) => c.done.length > before);
      expect(left.done.length).toBeGreaterThan(before);
    }
    const r = snug('resume', file, '--quiet');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ solutions: 16146, complete: true, unique: true });
    expect(json.plan.done).toBe(json.plan.subproblems);
    expect(unfinished(readCheckpoint(file)!)).toBe(false);
    // A finished run resumed again just reports its result.
    expect(JSON.parse(snug('resume', file).stdout).solutions).toBe(16146);
  }, 120_000);

  it('keeps the solutions of finished subproblems: a resumed --jsonl run prints every solution once', async () => {
    const file = join(dir(), 'run.json');
    const args = ['solve', 'pentomino-5x12', '--unique', '--all', '--jsonl', '--workers', '1', '--checkpoint', file, '--checkpoint-interval', '0.02'];
    const left = await killWhen(args, file, (c) => c.done.some((d: { found: unknown[] }) => d.found.length > 0));
    expect(left.done.some((d: { found: unknown[] }) => d.found.length > 0)).toBe(true);
    const r = snug('resume', file, '--quiet');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1010);
    expect(new Set(lines.map((l) => JSON.stringify(JSON.parse(l).placements.map((p: { piece: string; cells: number[][] }) => p.piece + p.cells.join(' ')).sort()))).size).toBe(1010);
  }, 60_000);

  it('after Ctrl-C, names a resume command that works as snug was started', async () => {
    const folder = dir();
    const args = ['solve', 'pentomino-6x10', '--count', '--json', '--workers', '1', '--checkpoint', 'run.json', '--checkpoint-interval', '0.05', '--quiet'];
    const stopped = await signalWhen(args, 'run.json', (c) => c.plan !== null, 'SIGINT', folder);
    expect(stopped.code).toBe(130);
    const line = stopped.stderr.trim().split('\n').at(-1)!;
    expect(line).toMatch(/^snug: stopped with \d+ of \d+ subproblems done; go on with: node \S+snug\.js resume run\.json$/);
    expect(JSON.parse(stopped.stdout)).toMatchObject({ interrupted: true, complete: false });
    const command = line.slice(line.indexOf('go on with: ') + 'go on with: '.length);
    const resumed = spawnSync('sh', ['-c', `${command} --quiet`], { cwd: folder, encoding: 'utf8', env: plainEnv() });
    expect(resumed.stderr).toBe('');
    expect(JSON.parse(resumed.stdout)).toMatchObject({ solutions: 9356, complete: true });
  }, 60_000);

  it('names npx when snug runs through npm, snug when installed, and quotes what a shell would split', () => {
    expect(snugInvocation({ npm_command: 'exec', npm_lifecycle_event: 'npx' }, '/x/node_modules/.bin/snug')).toBe('npx snug');
    expect(snugInvocation({ npm_lifecycle_event: 'start' }, '/x/dist/cli/snug.js')).toBe('npx snug');
    expect(snugInvocation({}, '/usr/local/bin/snug')).toBe('snug');
    expect(snugInvocation({}, join(process.cwd(), 'dist', 'cli', 'snug.js'))).toBe('node dist/cli/snug.js');
    expect(snugInvocation({}, '/elsewhere/my tools/snug.js')).toBe("node '/elsewhere/my tools/snug.js'");
  });

  it('two runs started at once on the same new checkpoint: one runs, the other is refused', async () => {
    const file = join(dir(), 'run.json');
    const start = () =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [bin, 'solve', 'pentomino-3x20', '--count', '--json', '--checkpoint', file], { env: plainEnv() });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => { stderr += d; });
        child.on('close', (code) => resolve({ code, stderr }));
      });
    const ends = (await Promise.all([start(), start()])).sort((a, b) => (a.code ?? 9) - (b.code ?? 9));
    expect(ends.map((e) => e.code)).toEqual([0, 2]);
    expect(ends[1]!.stderr).toMatch(/run\.json: (the file exists; resume its run|in use by another snug run)/);
    expect(JSON.parse(snug('resume', file).stdout)).toMatchObject({ solutions: 8, complete: true });
  });

  describe('refuses a checkpoint file it cannot create, before solving', () => {
    const folder = dir();
    const cases: [string, string, RegExp][] = [
      ['an empty name', '', /--checkpoint wants a file name, not an empty one/],
      ['a missing folder', join(folder, 'missing', 'run.json'), /cannot create the checkpoint \(no such folder/],
      ['a folder', folder, /is a directory: a checkpoint needs a new file of its own/],
      ...(existsSync('/dev/full') ? [['a device', '/dev/full', /is a device or other special file/] as [string, string, RegExp]] : []),
    ];
    for (const [what, path, message] of cases) {
      it(what, () => {
        const r = snug('solve', 'pentomino-3x20', '--count', '--checkpoint', path);
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(message);
      });
    }
  });

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
      ['an edited count', () => text().replace(/"solutions":(\d+)/, (_, n) => `"solutions":${Number(n) + 1}`), /refused: its MAC does not match its contents under the key of SNUG_KEY \(edited, damaged, or written with another key\)/],
      ['a flipped flag', () => text().replace('"unique":true', '"unique":false'), /its MAC does not match its contents/],
      ['no MAC', () => JSON.stringify({ ...JSON.parse(text()), mac: undefined }), /refused: it has no MAC/],
      ['an edited count with its checksum made again (how checkpoints were forged before they had a MAC)', () => forged(text().replace(/"solutions":(\d+)/, (_, n) => `"solutions":${Number(n) + 1000}`), 'checksum'), /refused: it has a checksum but no MAC: .*a checksum proves nothing/],
      ['an edited count signed with another key', () => forged(text().replace(/"solutions":(\d+)/, (_, n) => `"solutions":${Number(n) + 1000}`), 'other key'), /its MAC does not match its contents under the key of SNUG_KEY/],
      ['a missing field (signed again by a key holder)', () => resign(text().replace(/"plan":\{"hash":"[0-9a-f]+",/, '"plan":{')), /corrupt checkpoint: plan\.hash/],
      ['a puzzle that does not match its hash (signed again by a key holder)', () => resign(text().replace(/"puzzleHash":"[0-9a-f]+"/, '"puzzleHash":"0000000000000000"')), /the puzzle does not match its hash/],
      ['a puzzle no file could hold (signed again by a key holder)', () => resign(text().replace('"count":1', '"count":2')), /its puzzle: the pieces cover \d+ cells but the board has 60/],
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

    it('a checkpoint that names a file to write (signed again by a key holder): refused, and nothing written', () => {
      const file = join(folder, 'svg.json');
      const target = join(folder, 'overwritten.svg');
      const c = JSON.parse(text());
      c.meta.output.svg = target;
      writeFileSync(file, resign(JSON.stringify(c)));
      const r = snug('resume', file);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/corrupt checkpoint: meta must be/);
      expect(existsSync(target)).toBe(false);
    });
  });

  describe('resume takes the output flags a user types again', () => {
    const folder = dir();
    const counted = join(folder, 'count.json');
    const listed = join(folder, 'all.json');
    const svg = join(folder, 'first.svg');
    snug('solve', 'pentomino-3x20', '--count', '--checkpoint', counted, '--quiet');
    snug('solve', 'pentomino-3x20', '--all', '--jsonl', '--svg', svg, '--checkpoint', listed, '--quiet');

    it('--json, --quiet and --stats', () => {
      const json = snug('resume', counted, '--json', '--quiet');
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ solutions: 8, complete: true });
      const stats = snug('resume', counted, '--stats');
      expect(stats.stdout).toMatch(/8 solutions, all of them/);
      expect(stats.stdout).toMatch(/engine: bitboard/);
      // without flags, as the run was started
      expect(snug('resume', listed).stdout.trim().split('\n')).toHaveLength(8);
      expect(JSON.parse(snug('resume', listed, '--json').stdout).found).toHaveLength(8);
    });

    it('refuses what contradicts the run, with one line', () => {
      const jsonl = snug('resume', counted, '--jsonl');
      expect(jsonl.code).toBe(2);
      expect(jsonl.stderr).toMatch(/^snug: --jsonl prints solutions, but the run of .*count\.json only counts them \(it was started with --count\)\n$/);
      expect(snug('resume', listed, '--json', '--jsonl').stderr).toMatch(/--json and --jsonl cannot be combined/);
    });

    it('keeps no file name in the checkpoint', () => {
      expect(existsSync(svg)).toBe(true);
      expect(readFileSync(listed, 'utf8')).not.toContain('svg');
      expect(JSON.parse(readFileSync(listed, 'utf8')).meta).toEqual({ source: 'pentomino-3x20', output: { json: false, jsonl: true, stats: false } });
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
      const r = snug('merge', '--puzzle', 'pentomino-5x12', ...files);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const merged = JSON.parse(r.stdout);
      expect(merged).toMatchObject({ solutions: 4040, complete: true, shards: 3 });
      if (mode === '--all') expect(merged.found).toHaveLength(4040);
      else expect(merged.found).toBeUndefined();
      const missing = snug('merge', '--puzzle', 'pentomino-5x12', files[0]!, files[2]!);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/shard 2\/3 missing/);
      const twice = snug('merge', '--puzzle', 'pentomino-5x12', ...files, files[1]!);
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

  describe('trusts nothing it reads', () => {
    const folder = dir();
    const shard = (mode: string, k: number): string => {
      const file = join(folder, `${mode}-${k}.json`);
      writeFileSync(file, snug('solve', 'pentomino-3x20', `--${mode}`, '--shard', `${k}/2`, '--json', '--workers', '1').stdout);
      return file;
    };
    const all = [shard('all', 1), shard('all', 2)];
    const count = [shard('count', 1), shard('count', 2)];
    // the shard that lists solutions (the 8 need not be shared out evenly), and the other
    const [full, other] = JSON.parse(readFileSync(all[0]!, 'utf8')).found.length > 0 ? all : [all[1]!, all[0]!];
    const edited = (file: string, edit: (j: CheckpointJson) => void, sign = true): string => {
      const j = JSON.parse(readFileSync(file, 'utf8'));
      edit(j);
      const out = join(folder, `edited-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(out, sign ? resign(JSON.stringify(j)) : JSON.stringify(j));
      return out;
    };
    const refused = (args: string[], message: RegExp): void => {
      const r = snug('merge', ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    };

    it('merges them whole, each solution checked', () => {
      const r = snug('merge', '--puzzle', 'pentomino-3x20', ...all);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ solutions: 8, complete: true, found: expect.any(Array) });
      expect(JSON.parse(snug('merge', ...count).stdout)).toMatchObject({ solutions: 8, complete: true });
    });

    it('shards of an --all run with shards of a --count run', () => {
      refused(['--puzzle', 'pentomino-3x20', all[0]!, count[1]!], /is a run of mode count, but .* has all: not shards of one run/);
    });

    it('an edited count', () => {
      refused([edited(count[0]!, (j) => { j.solutions += 1; }, false), count[1]!], /refused: its MAC does not match its contents under the key of SNUG_KEY/);
    });

    it('an edited count signed by someone without the key: with a checksum made again, or a MAC under another key', () => {
      const forgedShard = (how: 'checksum' | 'other key'): string => {
        const out = join(folder, `forged-${how.replace(' ', '-')}.json`);
        writeFileSync(out, forged(readFileSync(count[0]!, 'utf8').replace(/"solutions":(\d+)/, (_, n) => `"solutions":${Number(n) + 10000}`), how));
        return out;
      };
      refused([forgedShard('checksum'), count[1]!], /refused: it has a checksum but no MAC/);
      refused([forgedShard('other key'), count[1]!], /refused: its MAC does not match its contents under the key of SNUG_KEY/);
    });

    it('shards signed with a key file given to merge (the key of the machines that ran them)', () => {
      const keyFile = join(folder, 'cluster.key');
      writeFileSync(keyFile, 'a-cluster-key-shared-by-every-machine\n', { mode: 0o600 });
      const keyed = [1, 2].map((k) => {
        const file = join(folder, `keyed-${k}.json`);
        writeFileSync(file, snug('solve', 'pentomino-3x20', '--count', '--shard', `${k}/2`, '--json', '--workers', '1', '--key-file', keyFile).stdout);
        return file;
      });
      expect(JSON.parse(snug('merge', '--key-file', keyFile, ...keyed).stdout)).toMatchObject({ solutions: 8, complete: true });
      // (this user's own key is another: the shards are refused)
      refused(keyed, /keyed-1\.json: refused: its MAC does not match its contents under the key of SNUG_KEY/);
    });

    it('a cut list of solutions (signed again by a key holder)', () => {
      refused(['--puzzle', 'pentomino-3x20', edited(full!, (j) => { j.found.pop(); }), other!], /\d+ solutions, but \d+ listed/);
    });

    it('a solution line of another puzzle, or one given twice', () => {
      const foreign = join(folder, 'foreign.jsonl');
      writeFileSync(foreign, snug('solve', 'pentomino-6x10', '--jsonl').stdout);
      refused(['--puzzle', 'pentomino-3x20', ...all, foreign], /foreign\.jsonl:1: not a solution of Pentominoes 3x20: /);
      const again = join(folder, 'again.jsonl');
      writeFileSync(again, `${JSON.stringify(JSON.parse(readFileSync(full!, 'utf8')).found[0])}\n`);
      refused(['--puzzle', 'pentomino-3x20', ...all, again], /again\.jsonl:1: the same solution is given twice/);
    });

    it('solutions without the puzzle to check them against, or against another puzzle', () => {
      refused(all, /the files list solutions: give the puzzle with --puzzle/);
      refused(['--puzzle', 'pentomino-6x10', ...all], /a shard of another puzzle than Pentominoes 6x10/);
    });
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

describe('a run that cannot end in a lifetime', () => {
  it('says so with its estimate before it goes on, and what to do about it (128 dominoes on 16x16 searched one by one)', async () => {
    const child = spawn(process.execPath, [bin, 'solve', 'dominoes-16x16', '--count', '--engine', 'bitboard', '-w', '1'], { env: plainEnv() });
    let stderr = '';
    const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    // Ctrl-C once the warning is out: the run stops there, with the lower bound it has
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      if (stderr.includes('\n')) child.kill('SIGINT');
    });
    await exit;
    const warning = stderr.split('\n')[0]!;
    expect(warning).toMatch(/^snug: this run looks long: over a thousand years by its plan \(about \d\.\de\d+ nodes at [\d,]+ nodes\/s on each of 1 worker; /);
    expect(warning).toMatch(/It goes on: Ctrl-C stops it; --checkpoint FILE would let it stop and go on later\. For a count, try the counting engine: --engine count/);
    // and the engine it names counts them at once: the domino tilings of the 16x16 square, OEIS A004003(8)
    const counted = snug('solve', 'dominoes-16x16', '--count', '--engine', 'count', '--json');
    expect(counted.stdout).toMatch(/"solutions":2444888770250892795802079170816,"complete":true/);
    expect(counted.stderr).not.toMatch(/looks long/);
  });
});

describe('a key file named but missing', () => {
  it('is made by a run that starts writing, never by one that only checks (resume): a mistyped name leaves no stray key', () => {
    const d = dir();
    const made = snug('solve', 'pentomino-3x20', '--count', '--checkpoint', join(d, 'c.json'), '--key-file', join(d, 'k'), '-q');
    expect(made.code, made.stderr).toBe(0);
    expect(existsSync(join(d, 'k'))).toBe(true);
    const typo = snug('resume', join(d, 'c.json'), '--key-file', join(d, 'kk'), '-q');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^snug: the key file .*kk cannot be read: does not exist \(ENOENT\)\n$/);
    expect(existsSync(join(d, 'kk'))).toBe(false);
    expect(snug('resume', join(d, 'c.json'), '--key-file', join(d, 'k'), '-q').stdout).toMatch(/^8 solutions, all of them/);
  });
});
