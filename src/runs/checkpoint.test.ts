import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resigned } from '../test-support/signed.js';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { parsePuzzle } from '../puzzle/format.js';
import { prepareSearch } from '../compile/compile.js';
import { CheckpointError } from './checkpoint.js';
import { loadCheckpoint } from './checkpoint-file.js';
import { writeLayer, writeWhole } from '../platform/durable-file.js';
import { planProblem, planSubproblems, planSubproblemsAsync, subtreesInOrder } from './plan.js';
import type { RunOptions } from './run.js';
import { resumeAsync } from './resume.js';
import { solveAsync } from './run.js';

// Small puzzles, and plans made small and quick (the runs are planned whatever their size: they have a checkpoint).
const puzzle = loadCatalogPuzzle('pentomino-3x20'); // 8 solutions, 2 up to symmetry
const plan = { minSubproblems: 16, rootProbes: 64, probes: 8 };
const folder = (): string => mkdtempSync(join(tmpdir(), 'snug-checkpoint-'));
const run = (path: string, { checkpoint, ...more }: RunOptions = {}) =>
  solveAsync(puzzle, { all: true, workers: 1, plan, checkpoint: { path, intervalMs: 0, ...checkpoint }, ...more });

/** The file's JSON, signed again after `edit` by a holder of the key: what the checks behind the MAC must catch. */
function forge(path: string, edit: (c: Record<string, any>) => void): void {
  writeFileSync(path, resigned(readFileSync(path, 'utf8'), edit));
}

const real = { ...writeLayer };
afterEach(() => Object.assign(writeLayer, real));

/** Makes the disk full after `bytes` more bytes: writes past it write what fits, then fail with ENOSPC. */
function diskFullAfter(bytes: number): void {
  let left = bytes;
  writeLayer.write = (fd, buffer, offset, length) => {
    if (left <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const n = real.write(fd, buffer, offset, Math.min(length, left));
    left -= n;
    return n;
  };
}

describe('writing checkpoints whole', () => {
  it('writes a file whole when the system writes a few bytes at a time', () => {
    const path = join(folder(), 'f.json');
    writeLayer.write = (fd, buffer, offset, length) => real.write(fd, buffer, offset, Math.min(length, 7));
    const text = JSON.stringify({ long: 'x'.repeat(1000) });
    writeWhole(path, text, 'create');
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('never replaces a file that appears between the check and the creation (another run)', () => {
    const dir = folder();
    const path = join(dir, 'f.json');
    writeLayer.link = (existing, target) => {
      writeFileSync(target, 'the other run'); // it wins the race
      real.link(existing, target);
    };
    expect(() => writeWhole(path, 'mine', 'create')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(path, 'utf8')).toBe('the other run');
    expect(readdirSync(dir)).toEqual(['f.json']);
  });

  it('a full disk at the start refuses the run before it solves anything, and leaves no file', async () => {
    const dir = folder();
    diskFullAfter(100);
    await expect(run(join(dir, 'run.json'))).rejects.toThrow(/run\.json: cannot create the checkpoint \(no space left on device\): nothing was solved/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a full disk later keeps the last good checkpoint, says so once, and the run goes on to its result', async () => {
    const dir = folder();
    const path = join(dir, 'run.json');
    const warnings: string[] = [];
    let saves = 0;
    // the start and the plan are saved; every later save finds the disk full halfway through
    writeLayer.rename = (from, to) => {
      saves++;
      real.rename(from, to);
      if (saves === 1) diskFullAfter(200);
    };
    const r = await run(path, { checkpoint: { path, intervalMs: 0, onWarning: (m) => warnings.push(m) } });
    expect(r).toMatchObject({ solutions: 8, complete: true });
    expect(warnings[0]).toMatch(/cannot save the checkpoint .*run\.json \(no space left on device\): the run goes on, the file keeps its last save \(0 of \d+ subproblems done\)/);
    expect(warnings.slice(1).every((w) => /at the end of the run/.test(w))).toBe(true);
    expect(readdirSync(dir)).toEqual(['run.json']); // no temporary file, no lock
    Object.assign(writeLayer, real);
    const kept = loadCheckpoint(path);
    expect(kept.plan).not.toBeNull();
    expect(kept.done).toEqual([]);
    expect((await resumeAsync(path, { workers: 1 })).solutions).toBe(8);
  });

  it('says when a checkpoint is saved again after a failure', async () => {
    const path = join(folder(), 'run.json');
    const warnings: string[] = [];
    let renames = 0;
    writeLayer.rename = (from, to) => {
      if (++renames === 2) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      real.rename(from, to);
    };
    await run(path, { checkpoint: { path, intervalMs: 0, onWarning: (m) => warnings.push(m) } });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/cannot save .*\(input\/output error\): the run goes on/);
    expect(warnings[1]).toMatch(/run\.json is saved again \(\d+ of \d+ subproblems done\)/);
  });
});

describe('a checkpoint from the first moment', () => {
  it('is written before the plan; resuming it plans as the run would have, to the same result', async () => {
    const path = join(folder(), 'run.json');
    const controller = new AbortController();
    controller.abort(); // stopped before it could plan
    const stopped = await run(path, { signal: controller.signal });
    expect(stopped).toMatchObject({ interrupted: true, complete: false, solutions: 0 });
    const saved = loadCheckpoint(path);
    expect(saved.plan).toBeNull();
    expect(saved.planOptions).toEqual(plan);
    const resumed = await resumeAsync(path, { workers: 1 });
    expect(resumed).toMatchObject({ solutions: 8, complete: true });
    const whole = await solveAsync(puzzle, { all: true, workers: 1, trialMs: 0, plan });
    expect(resumed.plan!.hash).toBe(whole.plan!.hash);
    expect(loadCheckpoint(path).done).toHaveLength(resumed.plan!.subproblems);
  });

  it('a puzzle with cells left empty (choices below 0 in the plan) and with colours is saved and resumed', async () => {
    const coloured = parsePuzzle(
      ['name: coloured, with cells that may stay empty', 'board:', '  shape: |', '    rb+r', '    +rbb', '    b+r+', '    rbrb', '  colours: {red: r, blue: b}',
        'colour-rules:', '  red: [red]', '  blue: [blue]', 'pieces:', '  D:', '    shape: rb', '    colours: {red: r, blue: b}', '    count: 3..6'].join('\n'),
      'coloured.yaml',
    );
    const path = join(folder(), 'run.json');
    const whole = await solveAsync(coloured, { countOnly: true, workers: 1, trialMs: 0, plan: { minSubproblems: 8, rootProbes: 64, probes: 8 }, checkpoint: { path, intervalMs: 0 } });
    expect(whole.complete).toBe(true);
    expect(whole.plan!.subproblems).toBeGreaterThan(1);
    const saved = loadCheckpoint(path);
    expect(saved.plan!.subproblems.flat().some((choice) => choice < 0)).toBe(true);
    expect(saved.puzzle.boardColours).toEqual(coloured.boardColours);
    expect((await resumeAsync(path, { workers: 1 })).solutions).toBe(whole.solutions);
  });

  it('a second run on the same new file is refused; so is a resume while a run holds its lock', async () => {
    const dir = folder();
    const path = join(dir, 'run.json');
    const controller = new AbortController();
    controller.abort();
    await run(path, { signal: controller.signal });
    await expect(run(path)).rejects.toThrow(/run\.json: the file exists; resume its run/);
    // a live process holds the lock (this one, standing in for another run)
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.pid, host: hostname() }));
    await expect(resumeAsync(path, { workers: 1 })).rejects.toThrow(/run\.json: in use by another snug run \(process \d+ on /);
    // the lock of a process that is gone (killed) is taken over
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: gone, host: hostname() }));
    writeFileSync(`${path}.${gone}.tmp`, '{"half a save');
    expect((await resumeAsync(path, { workers: 1 })).solutions).toBe(8);
    expect(readdirSync(dir)).toEqual(['run.json']);
  });

  it('refuses an empty name, a folder, a device and a missing folder before solving', async () => {
    const dir = folder();
    await expect(run('')).rejects.toThrow(/needs a file name/);
    await expect(run(dir)).rejects.toThrow(/is a directory/);
    if (existsSync('/dev/full')) await expect(run('/dev/full')).rejects.toThrow(/is a device/);
    await expect(run(join(dir, 'no', 'run.json'))).rejects.toThrow(/cannot create the checkpoint \(no such folder/);
    // a run that cannot start (the rect engine for pentominoes) leaves no checkpoint behind
    await expect(run(join(dir, 'rect.json'), { engine: 'rect' })).rejects.toThrow(/rect engine needs a rectangular board/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('resume trusts nothing it reads', () => {
  /** A finished checkpoint of the 8 solutions, in a fresh folder. */
  async function finished(): Promise<string> {
    const path = join(folder(), 'run.json');
    await run(path, { checkpoint: { path, intervalMs: 60_000 } });
    return path;
  }
  const refused = async (path: string, message: RegExp): Promise<void> => {
    const before = readFileSync(path, 'utf8');
    expect(() => loadCheckpoint(path)).toThrow(CheckpointError);
    expect(() => loadCheckpoint(path)).toThrow(message);
    expect(readFileSync(path, 'utf8')).toBe(before);
  };

  it('an edited count or a flipped flag breaks the MAC', async () => {
    const path = await finished();
    writeFileSync(path, readFileSync(path, 'utf8').replace('"unique":false', '"unique":true'));
    await refused(path, /refused: its MAC does not match its contents/);
  });

  it('a cut list of solutions, even with the MAC made again', async () => {
    const path = await finished();
    forge(path, (c) => {
      const d = c.done.find((x: { solutions: number }) => x.solutions > 0);
      d.found = d.found.slice(1);
    });
    await refused(path, /subproblem \d+ has \d+ solutions but \d+ stored/);
  });

  it('a solution of another puzzle, or one given twice', async () => {
    const path = await finished();
    forge(path, (c) => {
      const d = c.done.find((x: { solutions: number }) => x.solutions > 0);
      d.found[0].placements[0].cells[0][0] += 1;
    });
    await refused(path, /solution 1: not a solution of Pentominoes 3x20: /);
    const twice = await finished();
    forge(twice, (c) => {
      const d = c.done.find((x: { solutions: number }) => x.solutions > 0);
      d.found.push(d.found[0]);
      d.solutions++;
    });
    await refused(twice, /the same solution is given twice/);
  });

  it('a puzzle that a puzzle file could not hold', async () => {
    const path = await finished();
    forge(path, (c) => {
      c.puzzle.pieces[0].shape = [[0, 0, 0], [2, 0, 0]];
    });
    await refused(path, /corrupt checkpoint: its puzzle: piece "\w+" is not connected/);
    const uncovered = await finished();
    forge(uncovered, (c) => {
      c.puzzle.pieces[0].count = 2;
    });
    await refused(uncovered, /its puzzle: the pieces cover 65 cells but the board has 60/);
  });

  it.each([
    ['workBudget', 1e300],
    ['nodesPerSubproblem', 1e-300],
    ['rootProbes', 1e12],
    ['seed', 0.5],
  ])('plan option %s at %s (signed again by a key holder): refused, before a plan that would not end', async (name, value) => {
    const path = await finished();
    forge(path, (c) => {
      c.planOptions[name] = value;
    });
    await refused(path, new RegExp(`corrupt checkpoint: planOptions\\.${name}: `));
  });

  it('a plan with a subproblem left out (its hash made again) is refused when the run starts', async () => {
    const path = await finished();
    forge(path, (c) => {
      c.plan.subproblems.splice(1, 1);
      c.plan.estimates.splice(1, 1);
      c.plan.hash = createHash('sha256').update(JSON.stringify(c.plan.subproblems)).digest('hex').slice(0, 16);
      c.done = [];
    });
    await expect(resumeAsync(path, { workers: 1 })).rejects.toThrow(/corrupt checkpoint: the plan does not fit the puzzle: the subproblems leave out the subtree/);
  });
});

describe('plans', () => {
  const prepared = prepareSearch(loadCatalogPuzzle('pentomino-6x10'), { unique: true });
  const made = planSubproblems(prepared.engine, 12, plan);

  it('are checked against the tree: every subproblem once, in the order of the search', () => {
    expect(planProblem(prepared.engine, made.subproblems)).toBeUndefined();
    const s = made.subproblems;
    expect(planProblem(prepared.engine, [...s.slice(0, 3), ...s.slice(4)])).toMatch(/leave out/);
    expect(planProblem(prepared.engine, [...s, s[0]!])).toMatch(/given twice/);
    expect(planProblem(prepared.engine, [s[1]!, s[0]!, ...s.slice(2)])).toMatch(/leave out/);
    expect(planProblem(prepared.engine, [[]])).toBeUndefined(); // the whole tree is a plan too
  });

  it('cut without walks (subtreesInOrder) are plans too, and add up to the count; leaves stay whole', () => {
    for (const name of ['pentomino-3x20', 'soma', 'calibron']) {
      const engine = prepareSearch(loadCatalogPuzzle(name), {}).engine;
      const whole = engine.search({}).solutions;
      for (const atLeast of [1, 4, 50]) {
        const cut = subtreesInOrder(engine, atLeast);
        expect(planProblem(engine, cut), `${name} ${atLeast}`).toBeUndefined();
        if (atLeast > 1) expect(cut.length, `${name} ${atLeast}`).toBeGreaterThanOrEqual(Math.min(atLeast, 2));
        expect(cut.reduce((n, prefix) => n + engine.search({ prefix }).solutions, 0), `${name} ${atLeast}`).toBe(whole);
      }
    }
  });

  it('of what a stopped search left: the subtrees of the rest cut finer, in order; with the part searched, the whole count', async () => {
    const engine = prepared.engine;
    const stop = new AbortController();
    let checks = 0;
    const cut = engine.search({ signal: stop.signal, onTick: () => { if (++checks === 20) stop.abort(); } });
    expect(cut.rest!.length).toBeGreaterThan(1);
    const rest = (await planSubproblemsAsync(engine, 12, { ...plan, minSubproblems: 3 * cut.rest!.length }, {}, cut.rest)).plan!;
    expect(rest.subproblems.length).toBeGreaterThanOrEqual(3 * cut.rest!.length);
    // each subproblem lies in one subtree of the rest, in the rest's order
    const extends_ = (p: readonly number[], root: readonly number[]): boolean => root.every((c, i) => p[i] === c);
    const roots = rest.subproblems.map((p) => cut.rest!.findIndex((r) => extends_(p, r)));
    expect(roots.every((r, i) => r >= 0 && (i === 0 || r >= roots[i - 1]!))).toBe(true);
    let solutions = cut.solutions;
    for (const prefix of rest.subproblems) solutions += engine.search({ prefix }).solutions;
    expect(solutions).toBe(2339);
  });

  it('made a step at a time are the same plans, and stop on the signal or at the deadline', async () => {
    expect((await planSubproblemsAsync(prepared.engine, 12, plan, {})).plan!.hash).toBe(made.hash);
    // a plan of a million walks would take minutes: stopped at the first turn of the event loop
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 0);
    const stopped = await planSubproblemsAsync(prepared.engine, 12, { rootProbes: 1_000_000 }, { signal: controller.signal });
    expect(stopped.plan).toBeUndefined();
    expect(stopped.nodes).toBeGreaterThan(0);
    expect(await planSubproblemsAsync(prepared.engine, 12, { rootProbes: 1_000_000 }, { deadline: Date.now() - 1 })).toEqual({ nodes: 0 });
  });

  it('a run obeys its time limit and its signal while planning, and counts the nodes it visited', async () => {
    const slow = { rootProbes: 1_000_000 };
    const timed = await solveAsync(puzzle, { countOnly: true, workers: 1, trialMs: 0, plan: slow, timeLimitMs: 1 });
    expect(timed).toMatchObject({ complete: false, solutions: 0 });
    expect(timed.plan).toBeUndefined();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 0);
    const stopped = await solveAsync(puzzle, { countOnly: true, workers: 1, trialMs: 0, plan: slow, signal: controller.signal });
    expect(stopped).toMatchObject({ interrupted: true, complete: false });
    expect(stopped.nodes).toBeGreaterThan(0);
    // after a trial that did not finish, its nodes (and solutions) are the run's; the run is stopped while
    // it plans by the signal, not by a time limit, which a loaded machine could spend before the trial
    // (preparing 6x10 takes 100 ms and more then) and leave the trial nothing to search. The trial's own
    // clock starts when its search is set up and is read before its first node: 5 ms were spent there
    // under heavy load (0 nodes); 200 ms hold at ten times that slowdown, on a count (the one-sided
    // pentominoes in 6x15, minutes) that no machine finishes in them. The signal is read after the trial,
    // at the planner's first turn of the event loop (nothing before the trial gives the timer one).
    const later = new AbortController();
    setTimeout(() => later.abort(), 0);
    const trial = await solveAsync(loadCatalogPuzzle('pentomino-onesided-6x15'), { countOnly: true, workers: 1, trialMs: 200, plan: slow, signal: later.signal });
    expect(trial.complete).toBe(false);
    expect(trial.nodes).toBeGreaterThan(0);
  });

  it('a planned run stopped by its signal counts the nodes of the subproblems it cut short', async () => {
    const controller = new AbortController();
    const path = join(folder(), 'stopped.json');
    const r = await solveAsync(loadCatalogPuzzle('pentomino-6x10'), {
      all: true,
      workers: 1,
      trialMs: 0,
      plan,
      signal: controller.signal,
      checkpoint: { path, intervalMs: 0 },
      onSolution: () => controller.abort(), // the first solution stops the run, inside its subproblem
    });
    expect(r).toMatchObject({ interrupted: true, solutions: 1 });
    // the subproblems done before it (none has a solution) are in the checkpoint with their nodes; the run
    // counts more: the one it cut short
    const done = loadCheckpoint(path).done;
    expect(done).toHaveLength(r.plan!.done);
    expect(done.every((d) => d.solutions === 0)).toBe(true);
    expect(r.nodes).toBeGreaterThan(done.reduce((sum, d) => sum + d.nodes, 0));
  });
});
