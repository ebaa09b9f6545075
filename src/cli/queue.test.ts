import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RUN_KEY, signedWith } from '../test-support/signed.js';

/**
 * The work queue (runs/queue.ts) with a real redis-server (Debian's package; .ci/run installs it),
 * started here on a free port, and snug's commands as a user runs them: workers (`snug worker URL`) and a
 * coordinator (`snug solve ... --queue URL`) as separate processes. Counts are checked against the
 * published ones and against one process.
 */
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))), NO_COLOR: '1' };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let server: ChildProcess | undefined;
let url = '';
let shown = '';
const PASSWORD = 'snug-test-secret';
let redis: Redis;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A command of snug, started (not waited for): its output is gathered as it comes. */
function start(...args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [bin, ...args], { env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/** Whether a promise has settled yet, asked at any moment. */
function settled(promise: Promise<unknown>): () => boolean {
  let done = false;
  void promise.finally(() => { done = true; });
  return () => done;
}

/** A worker of `threads` threads that hands a silent job on after `timeout` seconds. */
function worker(threads = 1, timeout = 3): ChildProcess {
  return start('worker', url, '--workers', String(threads), '--timeout', String(timeout), '--quiet').child;
}

async function stopAll(list: ChildProcess[]): Promise<void> {
  await Promise.all(list.map((c) => new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('close', () => resolve());
    c.kill('SIGTERM');
  })));
}

/**
 * Waits until the run on the queue (the only one there) has `atLeast` results stored, or `ms` have
 * passed; the results it has.
 */
async function resultsIn(client: Redis, atLeast: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const keys = await client.keys('snug:run:*:done');
    const done = keys.length > 0 ? await client.hlen(keys[0]!) : 0;
    if (done >= atLeast || Date.now() > deadline) return done;
    await sleep(100);
  }
}

/** The run a coordinator just put on the queue: its key, ID and record (waiting up to 10 s for it). */
async function runOnQueue(): Promise<{ key: string; id: string; record: { version: string; puzzleHash: string; planHash: string; subproblems: unknown[] } }> {
  let key = '';
  for (let i = 0; i < 100 && !key; i++) {
    key = (await redis.keys('snug:run:*')).find((k) => /^snug:run:[0-9a-f]+$/.test(k)) ?? '';
    if (!key) await sleep(100);
  }
  return { key, id: key.slice('snug:run:'.length), record: JSON.parse((await redis.get(key))!) };
}

/** A result of subproblem `index` as a worker of another snug version would write it (with the run's key): well formed, to be refused. */
function foreignResult(id: string, record: { puzzleHash: string; planHash: string }, index: number, solutions: number): string {
  return signedWith({ run: id, version: '0.0.0-other', puzzleHash: record.puzzleHash, planHash: record.planHash, index, solutions, nodes: 1, updates: 1, worker: 'elsewhere' });
}

/**
 * A result of subproblem `index` of this version, as anyone who can write to Redis can make it: `key`
 * is the key it is signed with (the run's, as a worker holding the key signs; another; or none at all).
 */
function resultBy(key: string | undefined, id: string, record: { version: string; puzzleHash: string; planHash: string }, index: number, fields: { solutions: number; found?: unknown[] }): string {
  const r = { run: id, version: record.version, puzzleHash: record.puzzleHash, planHash: record.planHash, index, nodes: 1, updates: 1, ...fields, worker: 'forger' };
  return key === undefined ? JSON.stringify(r) : signedWith(r, key);
}

/** A solution line of --jsonl as a string that ignores the order of placements and cells. */
function canonical(line: string): string {
  const s = JSON.parse(line) as { placements: { piece: string; cells: number[][] }[] };
  return s.placements.map((p) => `${p.piece}:${p.cells.map((c) => c.join(',')).sort().join(' ')}`).sort().join('|');
}

beforeAll(async () => {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error) throw new Error('these tests need redis-server (Debian: apt-get install redis-server)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'snug-redis-'));
  // (with a password, as a shared server would have)
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--requirepass', PASSWORD], { stdio: 'ignore' });
  url = `redis://:${PASSWORD}@127.0.0.1:${port}`;
  shown = `redis://:***@127.0.0.1:${port}`;
  // (commands wait until the server is up: the client retries the connection every 100 ms)
  redis = new Redis({ port, host: '127.0.0.1', password: PASSWORD, maxRetriesPerRequest: null, retryStrategy: () => 100 });
  redis.on('error', () => {});
  await redis.ping();
});

afterAll(async () => {
  await stopAll(children);
  redis?.disconnect();
  server?.kill('SIGKILL');
});

describe('a run on a work queue', () => {
  it('over 3 workers: the same count, and the same solutions, as one process', async () => {
    const workers = [worker(), worker(), worker()];
    try {
      const counted = await start('solve', 'pentomino-6x10', '--count', '--queue', url, '--json').done;
      expect(counted.code, counted.stderr).toBe(0);
      const json = JSON.parse(counted.stdout);
      // 2,339 tilings up to symmetry (Haselgrove, 1960), 9,356 in all
      expect(json).toMatchObject({ solutions: 9356, complete: true, plan: { done: json.plan.subproblems } });
      // (the password is never printed)
      expect(json.queue).toMatchObject({ url: shown });
      expect(counted.stdout).not.toContain(PASSWORD);
      const listed = await start('solve', 'pentomino-5x12', '--all', '--queue', url, '--jsonl').done;
      const alone = await start('solve', 'pentomino-5x12', '--all', '--jsonl').done;
      const mine = listed.stdout.trim().split('\n').map(canonical).sort();
      const theirs = alone.stdout.trim().split('\n').map(canonical).sort();
      expect(mine).toHaveLength(4040);
      expect(new Set(mine).size).toBe(4040);
      expect(mine).toEqual(theirs);
    } finally {
      await stopAll(workers);
      // (each test finds its own run's keys: none of another is left)
      await redis.flushdb();
    }
  });

  it('the coordinator works on the run itself with --workers, no other worker there', async () => {
    const r = await start('solve', 'pentomino-5x12', '--unique', '--count', '--queue', url, '--workers', '2', '--json').done;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ solutions: 1010, complete: true, workers: 2 });
    await redis.flushdb();
  });

  it('two runs at once share the queue and its workers: each count exact', async () => {
    const workers = [worker(1), worker(1)];
    try {
      const [a, b] = await Promise.all([
        start('solve', 'pentomino-5x12', '--count', '--queue', url, '--json').done,
        start('solve', 'pentomino-6x10', '--unique', '--count', '--queue', url, '--json').done,
      ]);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      expect(JSON.parse(a.stdout)).toMatchObject({ solutions: 4040, complete: true });
      expect(JSON.parse(b.stdout)).toMatchObject({ solutions: 2339, complete: true });
      expect(JSON.parse(a.stdout).queue.run).not.toBe(JSON.parse(b.stdout).queue.run);
    } finally {
      await stopAll(workers);
      await redis.flushdb();
    }
  });

  it('a worker killed with SIGKILL mid-run, and another started later: still the exact total', async () => {
    const first = worker(1, 2);
    // (a job the killed worker held and that no one took up again would end the run at the time limit, short)
    const run = start('solve', 'pentomino-8x8-square', '--unique', '--count', '--queue', url, '--json', '--time-limit', '60');
    const ended = settled(run.done);
    // wait until the first worker has results in, then kill it while it holds a job
    await resultsIn(redis, 3, 60_000);
    first.kill('SIGKILL');
    expect(ended()).toBe(false);
    await sleep(500);
    const second = worker(1, 2);
    try {
      const result = await run.done;
      expect(result.code, result.stderr).toBe(0);
      // 16,146 tilings of the 8x8 square by the 12 pentominoes and the square tetromino, up to symmetry
      expect(JSON.parse(result.stdout)).toMatchObject({ solutions: 16146, complete: true });
    } finally {
      await stopAll([second]);
      await redis.flushdb();
    }
  });

  it('the coordinator stopped (Ctrl-C) and resumed: nothing finished is lost, the total is exact', async () => {
    const w = worker(1);
    try {
      const run = start('solve', 'pentomino-onesided-3x30', '--count', '--queue', url, '--json');
      await resultsIn(redis, 1, 10_000);
      run.child.kill('SIGINT');
      const stopped = await run.done;
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toMatch(/resume --queue/);
      const resumed = await start('resume', '--queue', url, '--json').done;
      expect(resumed.code, resumed.stderr).toBe(0);
      // 46 tilings of 3x30 by the 18 one-sided pentominoes, up to symmetry: 184 in all
      expect(JSON.parse(resumed.stdout)).toMatchObject({ solutions: 184, complete: true });
    } finally {
      await stopAll([w]);
      await redis.flushdb();
    }
  });

  it('a result written by another version is refused, and its subproblem solved again', async () => {
    const run = start('solve', 'pentomino-5x12', '--count', '--queue', url, '--json');
    const { key, id, record } = await runOnQueue();
    // a foreign worker's result for subproblem 0: another version, a count that would be wrong
    const forged = foreignResult(id, record, 0, 1_000_000);
    await redis.hset(`${key}:done`, '0', forged);
    await redis.rpush(`${key}:log`, forged);
    const w = worker(1);
    try {
      const result = await run.done;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/refused the result of subproblem 0 .*made by snug 0\.0\.0-other/);
      expect(JSON.parse(result.stdout)).toMatchObject({ solutions: 4040, complete: true });
    } finally {
      await stopAll([w]);
      await redis.flushdb();
    }
  });

  it('a result kept but never logged (a write cut between the two) is still read: the run ends, exact', async () => {
    const run = start('solve', 'pentomino-5x12', '--count', '--queue', url, '--json', '--time-limit', '100');
    const { key, id, record } = await runOnQueue();
    const w = worker(1);
    try {
      // once the coordinator reads the log (a result is in), the last subproblem's result goes in `done`
      // only: workers skip it as written, and the log never brings it
      expect(await resultsIn(redis, 1, 60_000)).toBeGreaterThanOrEqual(1);
      const last = record.subproblems.length - 1;
      const unlogged = foreignResult(id, record, last, 7);
      expect(await redis.hsetnx(`${key}:done`, String(last), unlogged)).toBe(1);
      const result = await run.done;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(new RegExp(`refused the result of subproblem ${last} `));
      expect(JSON.parse(result.stdout)).toMatchObject({ solutions: 4040, complete: true });
    } finally {
      await stopAll([w]);
      await redis.flushdb();
    }
  });

  it.each([
    ['shut down (SHUTDOWN saves its snapshot)', false],
    ['killed (SIGKILL: it comes back from a snapshot older than the run)', true],
  ] as const)('Redis %s and started again mid-run, with its default persistence: the total is exact', async (_, crash) => {
    // a server of its own, saving as Redis does by default (snapshots; SHUTDOWN saves before it exits)
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'snug-redis-rdb-'));
    const serve = (): ChildProcess => spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir], { stdio: 'ignore' });
    let own = serve();
    const ownUrl = `redis://127.0.0.1:${port}`;
    const client = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: null, retryStrategy: () => 100 });
    client.on('error', () => {});
    try {
      await client.ping();
      const w = start('worker', ownUrl, '--workers', '1', '--timeout', '3', '--quiet').child;
      const run = start('solve', 'pentomino-8x8-square', '--unique', '--count', '--queue', ownUrl, '--json', '--time-limit', '90');
      const ended = settled(run.done);
      expect(await resultsIn(client, 20, 20_000)).toBeGreaterThanOrEqual(20);
      // (mid-run: the server goes down with subproblems still to solve)
      expect(ended()).toBe(false);
      if (crash) own.kill('SIGKILL');
      else {
        // (from a client of its own that never retries: a retried SHUTDOWN would stop the restarted server)
        const once = new Redis({ port, host: '127.0.0.1', retryStrategy: () => null, maxRetriesPerRequest: 0 });
        once.on('error', () => {});
        await once.shutdown('SAVE').catch(() => {});
        once.disconnect();
      }
      await new Promise<void>((resolve) => (own.exitCode !== null || own.signalCode !== null ? resolve() : own.once('close', () => resolve())));
      await sleep(1000);
      own = serve();
      const result = await run.done;
      await stopAll([w]);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ solutions: 16146, complete: true });
    } finally {
      client.disconnect();
      own.kill('SIGKILL');
    }
  });

  it('Redis down at the start: one clear line, exit code 2 (coordinator and worker)', async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    for (const args of [['solve', 'soma', '--count', '--queue', closed], ['worker', closed]]) {
      const r = await start(...args).done;
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^snug: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/);
    }
    const bad = await start('solve', 'soma', '--count', '--queue', 'http://example.org').done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/redis:\/\/HOST:PORT/);
    // a wrong password: one line, which does not repeat it
    const wrong = await start('worker', url.replace(PASSWORD, 'not-it')).done;
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
    expect(wrong.stderr).toMatch(/^snug: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+: .*(WRONGPASS|invalid)/);
    expect(wrong.stderr).not.toContain('not-it');
  });

  describe('records written without the key (anyone with the Redis password) are refused, and never starve a true one', () => {
    /** Forges results for the run on the queue as soon as it is there, then returns the run's outcome with a worker of its own. */
    async function forgedRun(args: string[], forge: (q: Awaited<ReturnType<typeof runOnQueue>>) => Promise<void>, workerArgs: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
      const run = start('solve', ...args, '--queue', url, '--json', '--time-limit', '100');
      const q = await runOnQueue();
      await forge(q);
      const w = start('worker', url, '--workers', '1', '--timeout', '3', '--quiet', ...workerArgs).child;
      try {
        return await run.done;
      } finally {
        await stopAll([w]);
        await redis.flushdb();
      }
    }
    const keep = async (key: string, index: number, text: string, log = true): Promise<void> => {
      await redis.hsetnx(`${key}:done`, String(index), text);
      if (log) await redis.rpush(`${key}:log`, text);
    };

    it('a forged count in done and log (unsigned, or signed with another key): refused, the count exact', async () => {
      const r = await forgedRun(['pentomino-5x12', '--count'], async ({ key, id, record }) => {
        await keep(key, 0, resultBy(undefined, id, record, 0, { solutions: 500_000 }));
        await keep(key, 1, resultBy('not-the-run-key-0123456789abcdef', id, record, 1, { solutions: 0 }));
        // (pushed to the log alone, the done hash keeping true values: refused, or, pushed before the
        // coordinator reads the log, never read; never counted either way)
        await redis.rpush(`${key}:log`, resultBy(undefined, id, record, 2, { solutions: 7 }));
      });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ solutions: 4040, complete: true });
      expect(r.stderr).toMatch(/refused the result of subproblem 0 of run \w+: it has no MAC/);
      expect(r.stderr).toMatch(/refused the result of subproblem 1 of run \w+: its MAC does not match its contents under the key of SNUG_KEY/);
    });

    it('a forged record of one subproblem holding a true solution of another: the other is taken, no "given twice" loop', async () => {
      const all = (await start('solve', 'pentomino-5x12', '--all', '--jsonl').done).stdout.trim().split('\n').map((l) => JSON.parse(l));
      const r = await forgedRun(['pentomino-5x12', '--all'], async ({ key, id, record }) => {
        // every true solution is some subproblem's: the last one is most likely not subproblem 0's
        await keep(key, 0, resultBy(undefined, id, record, 0, { solutions: 1, found: [all[all.length - 1]] }));
      });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ solutions: 4040, complete: true });
      expect(r.stderr).not.toMatch(/given twice/);
      expect(r.stderr.trim().split('\n').filter((l) => /refused/.test(l)).length).toBeLessThanOrEqual(2);
    });

    it('a worker holding the key whose result holds another subproblem\'s solution: the run ends, exact or stopped in one line, never in a requeue loop', async () => {
      const all = (await start('solve', 'pentomino-5x12', '--all', '--jsonl').done).stdout.trim().split('\n').map((l) => JSON.parse(l));
      // (signed with the run's key, as a worker of a changed snug would sign it: subproblem 0's result
      // holds a true solution of another subproblem, whose true result then finds it given twice each time)
      const r = await forgedRun(['pentomino-5x12', '--all'], async ({ key, id, record }) => {
        await keep(key, 0, resultBy(TEST_RUN_KEY, id, record, 0, { solutions: 1, found: [all[all.length - 1]] }));
      });
      // whichever comes first is kept: the true result (the forged one is then refused as giving a
      // solution twice, and subproblem 0 solved again: the count is exact), or the forged one (the true
      // one is then refused each time it comes, and the run stops after five)
      if (r.code === 0) expect(JSON.parse(r.stdout), r.stderr).toMatchObject({ solutions: 4040, complete: true });
      else {
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toMatch(/snug: run \w+: the results of subproblem \d+ were refused 5 times .*the run stops/);
      }
    }, 300_000);

    it('--verify all solves every subproblem again and refuses a run whose key holder reported a wrong count; --verify 3 passes a true run', async () => {
      const lying = await forgedRun(['pentomino-5x12', '--count', '--verify', 'all'], async ({ key, id, record }) => {
        await keep(key, 0, resultBy(TEST_RUN_KEY, id, record, 0, { solutions: 123 }));
      });
      expect(lying.code).toBe(2);
      expect(lying.stderr).toMatch(/run \w+ refused: --verify solved subproblem 0 again and found \d+ solutions, but the result of worker forger says 123/);
      const honest = await forgedRun(['pentomino-5x12', '--count', '--verify', '3'], async () => {});
      expect(honest.code, honest.stderr).toBe(0);
      expect(JSON.parse(honest.stdout)).toMatchObject({ solutions: 4040, complete: true, queue: { verified: 3 } });
    });

    it('a worker with another key: its jobs fail at once, and the run says why in one line', async () => {
      const other = join(mkdtempSync(join(tmpdir(), 'snug-key-')), 'other.key');
      writeFileSync(other, 'another-users-key-0123456789abcdef\n', { mode: 0o600 });
      const r = await forgedRun(['pentomino-5x12', '--count'], async () => {}, ['--key-file', other]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/failed \d+ times?: run \w+ on the queue is refused: its MAC does not match its contents under the key of .*other\.key/);
    });
  });

  describe('queue options', () => {
    it('a database the server does not have is refused, not database 0 used', async () => {
      for (const args of [['solve', 'soma', '--count', '--queue', `${url}/16`], ['worker', `${url}/16`]]) {
        const r = await start(...args).done;
        expect(r.code).toBe(2);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(/^snug: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/16: the server has no database 16/);
      }
    });

    it('worker --timeout is bounded (no timer past what Node can wait)', async () => {
      for (const t of ['5000000', '0.5', '0', 'x']) {
        const r = await start('worker', url, '--timeout', t).done;
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/--timeout wants a number from 1 to 86400/);
        expect(r.stderr).not.toMatch(/TimeoutOverflowWarning/);
      }
    });

    it('a password that is not percent-encoded properly: one line, exit 2, for worker, solve --queue and resume --queue', async () => {
      const bad = 'redis://:%zz@127.0.0.1:6379';
      for (const args of [['worker', bad], ['solve', 'soma', '--count', '--queue', bad], ['resume', '--queue', bad]]) {
        const r = await start(...args).done;
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(/^snug: the queue's password in redis:\/\/:\*\*\*@127\.0\.0\.1:6379 is not percent-encoded properly/);
      }
    });

    it('--verify without a queue is refused', async () => {
      const r = await start('solve', 'soma', '--count', '--verify', '2').done;
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--verify checks the results of workers on a queue: use it with --queue/);
    });
  });
});
