import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'snug-')), name);
  writeFileSync(path, text);
  return path;
}

describe('snug solve', () => {
  it('draws the first solution with statistics', () => {
    const r = snug('solve', 'pentomino-3x20');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Solution 1/);
    expect(r.stdout).toMatch(/1 solution, stopped at the limit of 1 · [\d,]+ nodes/);
  });

  it('prints one JSON object with the count and statistics', () => {
    const r = snug('solve', 'pentomino-3x20', '--count', '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ puzzle: expect.any(String), solutions: 8, complete: true, unique: false });
    expect(json.nodes).toBeGreaterThan(0);
    expect(json.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(json.found).toBeUndefined();
  });

  it('streams one JSON line per solution with [x, y] cells in 2-D and [x, y, z] in 3-D', () => {
    const flat = snug('solve', 'pentomino-3x20', '--all', '--jsonl').stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(flat).toHaveLength(8);
    expect(flat[0].placements).toHaveLength(12);
    expect(flat[0].placements[0].cells[0]).toHaveLength(2);
    const cube = snug('solve', 'soma', '--limit', '2', '--jsonl').stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(cube).toHaveLength(2);
    expect(cube[0].placements[0].cells[0]).toHaveLength(3);
  });

  it('counts unique solutions up to rotations only with --symmetry rotations (Soma: 480, mirror images apart)', () => {
    expect(JSON.parse(snug('solve', 'soma', '--unique', '--count', '--json', '--symmetry', 'rotations').stdout)).toMatchObject({ solutions: 480, symmetries: 24 });
    expect(JSON.parse(snug('solve', 'soma', '--unique', '--count', '--json', '--symmetry', 'all').stdout)).toMatchObject({ solutions: 240, symmetries: 48 });
    const r = snug('solve', 'soma', '--count', '--symmetry', 'rotations');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('snug: --symmetry chooses the symmetries of --unique: give --unique too');
  });

  it('counts unique solutions', () => {
    expect(JSON.parse(snug('solve', 'pentomino-3x20', '--count', '--unique', '--json').stdout).solutions).toBe(2);
  });

  it('includes the found solutions in --json unless counting', () => {
    const json = JSON.parse(snug('solve', 'soma', '--limit', '3', '--json').stdout);
    expect(json.solutions).toBe(3);
    expect(json.complete).toBe(false);
    expect(json.found).toHaveLength(3);
  });

  it('exits 1 when there is no solution', () => {
    const file = tempFile('none.yaml', 'name: none\nboard: |\n  ###\n  ###\npieces:\n  T: |\n    ###\n    .#.\n  I: "##"\n');
    const r = snug('solve', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/no solution/);
  });

  it('writes an SVG picture of the first solution', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'snug-')), 'x.svg');
    expect(snug('solve', 'pentomino-3x20', '--svg', out).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^<svg|<\?xml/);
  });

  it('names the engine and the reason with --stats', () => {
    const r = snug('solve', 'calibron', '--stats');
    expect(r.stdout).toMatch(/engine: rect \(/);
  });

  it('says where the time went with --stats: Node, loading, the puzzle, preparing, the search, the output', () => {
    const r = snug('solve', 'soma', '--unique', '--count', '--stats');
    expect(r.stdout).toMatch(/^time: Node's start [\d.]+ m?s · loading snug [\d.]+ m?s · reading the puzzle [\d.]+ m?s · preparing [\d.]+ m?s · search [\d.]+ m?s · output [\d.]+ m?s · in all [\d.]+ m?s$/m);
    const { phases, elapsedMs } = JSON.parse(snug('solve', 'soma', '--unique', '--count', '--stats', '--json').stdout);
    expect(Object.keys(phases)).toEqual(['node', 'loading', 'puzzle', 'prepare', 'search', 'output', 'total']);
    for (const ms of Object.values(phases) as number[]) expect(ms).toBeGreaterThanOrEqual(0);
    // the run's own time is preparing plus searching; the parts add up to no more than the whole
    expect(phases.prepare + phases.search).toBeCloseTo(elapsedMs, 0);
    expect(phases.node + phases.loading + phases.puzzle + phases.prepare + phases.search).toBeLessThanOrEqual(phases.total);
    // without --stats, the JSON stays as it was
    expect(JSON.parse(snug('solve', 'soma', '--count', '--json').stdout).phases).toBeUndefined();
  });
});

describe('bad input: one line, exit code 2, no stack trace', () => {
  const cases: [string, string[], RegExp][] = [
    ['an unknown puzzle', ['solve', 'no-such-puzzle'], /unknown puzzle 'no-such-puzzle'/],
    ['a misspelt catalog name', ['solve', 'somma'], /unknown puzzle 'somma': .*did you mean 'soma'\?/],
    ['a bad limit', ['solve', 'soma', '--limit', 'x'], /--limit wants a positive whole number/],
    ['an unknown engine', ['solve', 'soma', '--engine', 'fast'], /fast/],
    ['an unknown option', ['solve', 'soma', '--bogus'], /unknown option/],
    ['a missing argument', ['solve'], /missing required argument/],
    ['rect on polyominoes', ['solve', 'soma', '--engine', 'rect'], /rect engine needs a rectangular board/],
  ];
  for (const [what, args, message] of cases) {
    it(what, () => {
      const r = snug(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('a malformed file names the file and line', () => {
    const file = tempFile('bad.yaml', 'name: bad\nboard: |\n  ###\n  ##\npieces:\n  I: "###"\n');
    const r = snug('solve', file);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`${file}:`);
  });

  it('pieces that do not cover the board', () => {
    const file = tempFile('area.yaml', 'name: area\nboard: |\n  ###\n  ###\npieces:\n  I: "###"\n');
    const r = snug('solve', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/area\.yaml: the pieces cover 3 cells but the board has 6/);
  });
});

describe('snug list and show', () => {
  it('lists the catalog', () => {
    const r = snug('list');
    expect(r.code).toBe(0);
    for (const name of ['calibron', 'pentomino-6x10', 'soma', 'pentacubes-3x4x5', 'block-3x4x5']) expect(r.stdout).toContain(name);
  });

  it('shows pieces with orientation and placement counts', () => {
    const r = snug('show', 'pentomino-6x10');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/X: 5 cells, 1 orientation, 32 placements/);
    expect(r.stdout).toMatch(/2,056 placements in all/);
  });

  it('says a usage mistake in one line, with where help is, and exits 2', () => {
    for (const [args, message] of [
      [['frobnicate'], "snug: unknown command 'frobnicate' (run with --help for usage)"],
      [['solve'], "snug: missing required argument 'puzzle' (run with --help for usage)"],
      [['solve', 'soma', '--frob'], "snug: unknown option '--frob' (run with --help for usage)"],
      [['solve', 'soma', '-e', 'quantum'], /^snug: option '-e, --engine <engine>' argument 'quantum' is invalid\. Allowed choices are auto, bitboard, dlx, rect, count\. \(run with --help for usage\)$/],
    ] as const) {
      const r = snug(...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr.trimEnd()).toMatch(message);
    }
  });

  it('--help offers only what the command does, each default said once', () => {
    const commands = [...snug('--help').stdout.matchAll(/^ {2}(\w+) \[options\]/gm)].map((m) => m[1]!);
    expect(commands).toEqual(expect.arrayContaining(['solve', 'analyze', 'challenge', 'hint', 'estimate']));
    for (const command of commands) {
      const help = snug(command, '--help').stdout;
      // each option with its description, the wrapped lines joined
      const options = help.split(/\n(?= {2}-)/).slice(1).map((o) => o.replace(/\s+/g, ' '));
      for (const option of options) expect((option.match(/\(default/g) ?? []).length, `${command}: ${option}`).toBeLessThanOrEqual(1);
    }
    // analyze saves no checkpoint: no interval between saves to set
    expect(snug('analyze', '--help').stdout).not.toMatch(/--checkpoint-interval/);
    expect(snug('solve', '--help').stdout).toMatch(/--checkpoint-interval/);
  });

  it('has --help on every command', () => {
    for (const args of [['--help'], ['solve', '--help'], ['show', '--help'], ['list', '--help']]) {
      const r = snug(...args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: snug/);
    }
  });
});

describe('the launcher', () => {
  // dist/cli/snug.cjs serves yaml, fast-xml-parser and zod from dist/cli/packages, each one script with its
  // code cache (scripts/bundle-cli.mjs, loadPackage in platform/host.ts): a command that reads a puzzle
  // file, a BurrTools file or solution lines must not fall back to the package's own dozens of files
  const required = (args: string[]): { code: number | null; stdout: string; fromNodeModules: string[] } => {
    const probe = tempFile('probe.cjs', "process.on('exit', () => process.stderr.write('REQUIRED ' + JSON.stringify(Object.keys(require.cache).filter((k) => k.includes('node_modules'))) + '\\n'));\n");
    const r = spawnSync(process.execPath, ['-r', probe, fileURLToPath(new URL('../../dist/cli/snug.cjs', import.meta.url)), ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const line = r.stderr.split('\n').find((l) => l.startsWith('REQUIRED '));
    return { code: r.status, stdout: r.stdout, fromNodeModules: JSON.parse(line!.slice('REQUIRED '.length)) as string[] };
  };

  it('reads puzzle files, BurrTools files and solution lines with its own copies of the parsers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snug-launcher-'));
    const yaml = join(dir, 'soma.yaml');
    expect(snug('convert', 'soma', yaml).code).toBe(0);
    const fromYaml = required(['solve', yaml, '--unique', '--count', '--json']);
    expect(fromYaml.code).toBe(0);
    expect(JSON.parse(fromYaml.stdout).solutions).toBe(240);
    const burr = join(dir, 'soma.xmpuzzle');
    expect(snug('convert', 'soma', burr).code).toBe(0);
    const fromXml = required(['solve', burr, '--unique', '--count', '--json']);
    expect(JSON.parse(fromXml.stdout).solutions).toBe(240);
    const lines = join(dir, 'soma.jsonl');
    writeFileSync(lines, snug('solve', 'soma', '--limit', '1', '--jsonl').stdout);
    const fromLines = required(['disassemble', 'soma', '--from', lines, '--json']);
    expect(fromLines.code).toBe(0);
    for (const r of [fromYaml, fromXml, fromLines]) expect(r.fromNodeModules.filter((k) => /[\\/]node_modules[\\/](yaml|fast-xml-parser|zod)[\\/]/.test(k))).toEqual([]);
  });
});
