import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLevels, disassembleSolution } from '../disassembly/solution.js';
import { frameCells } from '../puzzle/frame.js';
import { parsePuzzle } from '../puzzle/format.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { solve } from '../search/solve.js';
import { queueRunRecord, queueRuns, solveOnQueue } from './queue.js';
import { solutionKey } from './solution-check.js';
import { signedWith } from '../test-support/signed.js';

/*
 * A run on the work queue that takes its assemblies apart (issue 21), through the library: a real
 * redis-server (as src/cli/queue.test.ts starts one), the coordinator's own threads as the queue's
 * workers. The puzzle is disassemble-runs.test.ts's half-lidded box: 336 assemblies, 12 come apart.
 */
const closed = parsePuzzle(
  ['name: Half-lidded box', 'board: {box: [2, 2, 3]}', 'frame: closed', 'pieces:', '  D: {shape: "##", count: 3}', '  V: {shape: "##\\n#.", count: 2}', ''].join('\n'),
  'half-lid.yaml',
);
const puzzle: Puzzle = { ...closed, frame: { cells: frameCells(closed).filter((c) => !(c[2] === 3 && c[0] === 0)) } };
const plan = { minSubproblems: 12, rootProbes: 64, probes: 8 };
const withLevel = (s: Solution): string => `${solutionKey(s)} @ ${s.level?.join('.') ?? 'none'}`;

let server: ChildProcess | undefined;
let url = '';
let redis: Redis;

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

beforeAll(async () => {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error) throw new Error('these tests need redis-server (Debian: apt-get install redis-server)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'snug-redis-'));
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  url = `redis://127.0.0.1:${port}`;
  redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: null, retryStrategy: () => 100 });
  redis.on('error', () => {});
  await redis.ping();
});

afterAll(() => {
  redis?.disconnect();
  server?.kill('SIGKILL');
});

describe('a run on the queue that takes its assemblies apart', () => {
  const assemblies = solve(puzzle, { all: true }).found;
  const reference: string[] = [];
  let maxLevel: readonly number[] | undefined;
  for (const a of assemblies) {
    const d = disassembleSolution(puzzle, a);
    if (d.outcome !== 'apart') continue;
    reference.push(withLevel({ ...a, level: d.level! }));
    if (!maxLevel || compareLevels(d.level!, maxLevel) > 0) maxLevel = d.level;
  }
  reference.sort();
  const tally = { assemblies: assemblies.length, undecided: 0, maxLevel };

  it('lists and counts what solve does; found again, it reports the same; a forged level is refused and solved again', async () => {
    const warnings: string[] = [];
    const listed = await solveOnQueue(puzzle, { queue: url, countOnly: false, disassemble: {}, workers: 2, keep: true, plan, onWarning: (m) => warnings.push(m) });
    expect(listed).toMatchObject({ solutions: 12, complete: true });
    expect(listed.plan!.subproblems).toBeGreaterThan(1);
    expect(listed.found.map(withLevel).sort()).toEqual(reference);
    expect(listed.disassembly).toEqual(tally);
    const id = listed.queue!.run;
    expect(await queueRunRecord(url, id)).toMatchObject({ countOnly: false, disassemble: {} });

    const counted = await solveOnQueue(puzzle, { queue: url, countOnly: true, disassemble: {}, workers: 2, plan });
    expect(counted).toMatchObject({ solutions: 12, complete: true, disassembly: tally });
    // without disassemble it is another run, with an ID of its own
    const plain = await solveOnQueue(puzzle, { queue: url, countOnly: true, workers: 1, plan });
    expect(plain.solutions).toBe(336);
    expect(plain.disassembly).toBeUndefined();
    expect(new Set([id, counted.queue!.run, plain.queue!.run]).size).toBe(3);
    expect((await queueRuns(url)).length).toBe(3);

    // a stored result whose level was changed (and signed again by a holder of the run key, so that it
    // reaches the checks behind the MAC): refused, its subproblem solved again, the result whole
    // (the last solution of the result with the most: those before it, which passed, are forgotten, for
    // they come again with the subproblem's next result)
    const doneKey = `snug:run:${id}:done`;
    const stored = await redis.hgetall(doneKey);
    const [field, text] = Object.entries(stored).sort(([, a], [, b]) => JSON.parse(b).solutions - JSON.parse(a).solutions)[0]!;
    const record = JSON.parse(text);
    expect(record.solutions).toBeGreaterThan(1);
    record.found.at(-1).level = [1, 1, 1, 1, 1];
    await redis.hset(doneKey, field, signedWith(record));
    const again = await solveOnQueue(undefined, { queue: url, resume: id, countOnly: false, workers: 1, keep: true, onWarning: (m) => warnings.push(m) });
    expect(warnings.some((w) => new RegExp(`refused the result of subproblem ${field} of run ${id}: it is given level 1\\.1\\.1\\.1\\.1, but it comes apart at level`).test(w))).toBe(true);
    expect(again).toMatchObject({ solutions: 12, complete: true, disassembly: tally });
    expect(again.found.map(withLevel).sort()).toEqual(reference);
  });
});
