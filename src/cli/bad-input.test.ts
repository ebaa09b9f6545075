import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

/** Runs snug; `stdout`/`stderr` may name a file to send that stream to (such as /dev/full). */
function snug(args: string[], streams: { stdout?: string; stderr?: string; cwd?: string } = {}) {
  const open = (path: string | undefined) => (path === undefined ? 'pipe' : openSync(path, 'w'));
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    timeout: 20_000,
    cwd: streams.cwd,
    stdio: ['ignore', open(streams.stdout), open(streams.stderr)],
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/**
 * Runs snug without blocking this worker's event loop (a synchronous child of half a minute, as a loaded
 * machine makes the largest cases, kept vitest from hearing from it). The limit only guards against a
 * hang: it holds at ten times the slowest case's quiet time; the tests assert on work done, not on time.
 */
function snugAsync(args: string[], hangMs = 200_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const guard = setTimeout(() => child.kill('SIGKILL'), hangMs);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-bad-'));

function file(name: string, text: string): string {
  const path = join(dir(), name);
  writeFileSync(path, text);
  return path;
}

/** One clear line on stderr and exit code 2: no stack trace, nothing from the file sent raw to the terminal. */
function expectOneLine(r: { code: number | null; stderr: string }, message: RegExp | string): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at |\x1b/);
}

describe('files that are not regular files, for solve, resume and merge', () => {
  const folder = dir();
  const fifo = join(folder, 'pipe');
  execFileSync('mkfifo', [fifo]);
  // larger than every limit (20 MB for puzzles, 400 MB for checkpoints and shards), and sparse: no disk used
  const huge = join(folder, 'huge.json');
  execFileSync('truncate', ['-s', '600M', huge]);
  const cases: [string, string, RegExp][] = [
    ['a named pipe (which would wait for a writer forever)', fifo, /is a named pipe, not a regular file/],
    ['/dev/zero (which never ends)', '/dev/zero', /is a device, not a regular file/],
    ['a folder', folder, /is a directory, not a file/],
    ['a file over the size limit', huge, /is 600 MB: more than the limit of (20|400) MB/],
  ];
  for (const command of ['solve', 'resume', 'merge']) {
    for (const [what, path, message] of cases) {
      it(`${command}: ${what}`, () => expectOneLine(snug([command, path]), message));
    }
  }
});

describe('sizes are refused before anything is built', () => {
  it.each([
    ['a 4096^3 box as a piece', 'board: {rect: [10, 10]}\npieces:\n  a: {box: [4096, 4096, 4096]}\n', /:3: piece 'a' box is 4096x4096x4096 = 68719476736 cells: more than the board's 100/],
    ['a 4096x4096 rect as a piece', 'board: {rect: [10, 10]}\npieces:\n  a: {rect: [4096, 4096]}\n', /:3: piece 'a' rect is 4096x4096 = 16777216 cells: more than the board's 100/],
    ['an art board of 1500x1500', `board: |\n${`  ${'#'.repeat(1500)}\n`.repeat(1500)}pieces:\n  a: "#"\n`, /:1: board has 2250000 cells: more than the limit of 1000000/],
    ['an art piece of 3 million cells', `board: {rect: [1000, 1000]}\npieces:\n  a: |\n${`    ${'#'.repeat(1733)}\n`.repeat(1733)}`, /:3: piece 'a' has 3003289 cells: more than the board's 1000000/],
  ])('%s', (_, text, message) => expectOneLine(snug(['solve', file('big.yaml', text)]), message));
});

describe('options out of range are refused with the limit named', () => {
  it.each([
    ['--workers 1000', ['solve', 'soma', '--workers', '1000'], /--workers is 1000: more than the limit of \d+ \(four per core/],
    ['-w 99999999999999', ['solve', 'soma', '-w', '99999999999999'], /--workers is 99999999999999: more than the limit of \d+/],
    ['--probes 99999999999', ['estimate', 'soma', '--probes', '99999999999'], /--probes is 99999999999: more than the limit of 1000000/],
    ['--shard 1/99999999999999999999', ['solve', 'soma', '--count', '--json', '--shard', '1/99999999999999999999'], /--shard 1\/99999999999999999999: more than the limit of 1000000 shards/],
    ['--limit beyond a safe integer', ['solve', 'soma', '--limit', '99999999999999999999'], /--limit is 99999999999999999999: more than the limit of 9007199254740991/],
    ['--count --jsonl (which would print nothing)', ['solve', 'soma', '--count', '--jsonl'], /--jsonl prints each solution, and --count prints none/],
    ['--svg ""', ['solve', 'soma', '--svg', ''], /--svg wants the name of a file/],
    ['--svg with --count', ['solve', 'soma', '--svg', 'x.svg', '--count'], /--svg draws the first solution, and --count keeps none/],
    ['--svg - with --jsonl', ['solve', 'soma', '--svg', '-', '--jsonl'], /--svg - writes the picture to standard output/],
  ])('%s', (_, args, message) => expectOneLine(snug(args), message));
});

describe('output that cannot be written', () => {
  it('--svg into a missing folder, onto a folder: refused before the search', () => {
    const folder = dir();
    expectOneLine(snug(['solve', 'pentomino-3x20', '--svg', join(folder, 'no-such', 'x.svg')]), /the folder .*no-such does not exist/);
    const r = snug(['solve', 'pentomino-3x20', '--svg', folder]);
    expectOneLine(r, /is a folder, not a file/);
    expect(r.stdout).toBe(''); // refused before solving: no solution drawn
  });

  it('--svg onto /dev/full: one line and exit code 2 after the run', () => {
    const r = snug(['solve', 'pentomino-3x20', '--svg', '/dev/full']);
    expectOneLine(r, /cannot write the SVG picture to \/dev\/full: no space left on the device \(ENOSPC\)/);
  });

  it('--svg - writes the picture to standard output, and no file named -', () => {
    const cwd = dir();
    const r = snug(['solve', 'pentomino-3x20', '--svg', '-'], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<\?xml[^]*<\/svg>\n?$/);
    expect(r.stderr).toMatch(/1 solution/);
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });

  it('standard output on /dev/full: one line on stderr, exit code 2, no stack trace', () => {
    expectOneLine(snug(['list'], { stdout: '/dev/full' }), /cannot write to standard output: no space left on the device \(ENOSPC\)/);
  });

  it('stderr on /dev/full with --progress json: the run goes on and stdout gets every solution', () => {
    // a checkpointed run is always cut into subproblems, so progress events come while it runs
    const checkpoint = join(dir(), 'run.json');
    const out = join(dir(), 'out.jsonl');
    const r = snug(['solve', 'pentomino-8x8-hole', '--all', '--jsonl', '--progress', 'json', '-w', '1', '--checkpoint', checkpoint], { stdout: out, stderr: '/dev/full' });
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(520);
  });
});

describe('text from a file never reaches the terminal raw', () => {
  it('a piece name with a newline and an escape sequence: refused on one line, escaped', () => {
    const r = snug(['solve', file('evil.yaml', 'board: "##"\npieces:\n  "a\\nb\\e[2J": "##"\n')]);
    expectOneLine(r, /a piece name 'a\\nb\\x1b\[2J' contains the unprintable character \\n/);
  });

  it('an unknown key with an escape sequence, and a file name with one', () => {
    expectOneLine(snug(['solve', file('k.yaml', '"k\\e]0;owned\\a": 1\nboard: "##"\npieces:\n  a: "##"\n')]), /unknown key 'k\\x1b\]0;owned\\x07'/);
    const folder = dir();
    const evil = join(folder, 'x\x1b[31m\ny.yaml');
    writeFileSync(evil, 'board: "##"\npieces:\n  a: "###"\n');
    expectOneLine(snug(['solve', evil]), /x\\x1b\[31m\\ny\.yaml:3: piece 'a' has 3 cells/);
  });

  it('show prints a description over several lines but no escape', () => {
    const path = file('d.yaml', 'name: fine\ndescription: "one\\ntwo"\nboard: "##"\npieces:\n  a: "##"\n');
    const r = snug(['show', path]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('one\ntwo');
    expectOneLine(snug(['show', file('e.yaml', 'description: "bell\\a"\nboard: "##"\npieces:\n  a: "##"\n')]), /the description contains the unprintable character \\x07/);
  });
});

describe('no puzzle file makes snug print a stack trace or hang', () => {
  // Representative cases of a fuzz by hand (src/puzzle/format.test.ts has the full table, on parsePuzzle).
  const deep = `board: ${'['.repeat(40_000)}${']'.repeat(40_000)}\npieces: {}\n`;
  const laughs = ['a: &a ["#", "#", "#", "#", "#", "#", "#", "#", "#", "#"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
  const cases: [string, string, RegExp][] = [
    ['malformed YAML', 'board: [1, 2\npieces: {', /:\d+: YAML: /],
    ['an empty file', '', /the file is empty/],
    ['binary garbage', '\u0000\u0001\u0002\u00ff\u00fe garbage\n\u0007', /snug: .*garb|YAML|must be a mapping/],
    ['deep nesting', deep, /YAML: nested too deeply/],
    ['a billion laughs (aliases of aliases)', `${laughs}\nboard: *j\npieces: {a: "#"}\n`, /unknown key 'a' in the puzzle/],
    ['aliases of aliases where art goes', `board: {rect: [2, 1]}\npieces:\n  x: &x [[0, 0]]\n  y: *x\n`, /piece 'x' must be a mapping/],
    // /\s+$/ took quadratic time on such a row: 100,000 spaces, 14 s
    ['a very long line of spaces', `board: "${' '.repeat(300_000)}#"\npieces:\n  a: "#"\n`, /row 1 is 300001 characters wide: more than the limit of 4096/],
    ['a huge number', 'board: {rect: [1e308, 2]}\npieces:\n  a: "#"\n', /board rect width is 1e\+308: more than the limit of 4096/],
    ['a negative number', 'board: {rect: [-3, 2]}\npieces:\n  a: "#"\n', /at least 1, not -3/],
    ['a float', 'board: "##"\npieces:\n  a: {shape: "#", count: 0.5}\n', /count must be a whole number of at least 0, not 0\.5/],
    ['a string where a number goes', 'board: {rect: [two, 2]}\npieces:\n  a: "#"\n', /at least 1, not "two"/],
    ['a list where text goes', 'name: [a]\nboard: "##"\npieces:\n  a: "##"\n', /name must be text, not a list/],
    ['a cell listed twice', 'board: "###"\npieces:\n  a: {cells: [[0, 0], [0, 0]]}\n  b: "#"\n', /:3: piece 'a' cells: cell \[0, 0\] is listed twice/],
    ['a hole listed twice', 'board: {rect: [3, 1], holes: [[0, 0], [0, 0]]}\npieces:\n  a: "#"\n', /:1: holes: cell \[0, 0\] is listed twice/],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => expectOneLine(snug(['solve', file('fuzz.yaml', text)]), message));
  }
});

// Each case's hang guard (snugAsync) holds at ten times its quiet time and more (the distinct monominoes: 3 s
// quiet, 75 s at a load of 20 on 2 cores); the tests' own limit is above it.
describe('the many-pieces cases end in seconds', { timeout: 240_000 }, () => {
  it.each([
    ['10,000 monominoes', 'board: {rect: [100, 100]}\npieces:\n  a: {shape: "#", count: 10000}\n', 10_000],
    ['5,000 dominoes', 'board: {rect: [100, 100]}\npieces:\n  a: {shape: "##", count: 5000}\n', 5000],
    ['10,000 distinct monominoes', `board: {rect: [100, 100]}\npieces:\n${Array.from({ length: 10_000 }, (_, i) => `  p${i}: "#"\n`).join('')}`, 10_000],
  ])('%s: the first solution, with a few nodes per piece', async (_, text, pieces) => {
    const r = await snugAsync(['solve', file('many.yaml', text), '--json', '-w', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.found[0].placements).toHaveLength(pieces);
    // "in seconds" as work: no search among the orderings of the pieces (about 9 nodes a piece today)
    expect(result.nodes).toBeLessThanOrEqual(20 * pieces);
  });

  const dominoes = 'board: {rect: [100, 100]}\npieces:\n  a: {shape: "##", count: 5000}\n';

  it('5,000 dominoes: an estimate in seconds, though each random walk is 5,000 levels deep', async () => {
    const r = await snugAsync(['estimate', file('deep.yaml', dominoes), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.probes).toBeGreaterThanOrEqual(1);
    expect(e.estimatedNodes).toBeGreaterThan(1e100);
  });

  it('5,000 dominoes counted: planning reports a share that moves, and Ctrl-C stops it at once', async () => {
    const child = spawn(process.execPath, [bin, 'solve', file('deep.yaml', dominoes), '--count', '--workers', '1', '--progress', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // (a test that fails waiting leaves no search running on)
    onTestFinished(() => void child.kill('SIGKILL'));
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // planning the rest of the trial (about 5,000 subtrees, one a level): its share moves from the start
    // (before, it sat at a quarter for the 48 s its plan took, then jumped)
    const shares: number[] = [];
    await new Promise<void>((resolve) => child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      for (const m of stderr.matchAll(/"planned":([0-9.]+)/g)) shares.push(Number(m[1]));
      stderr = stderr.slice(stderr.lastIndexOf('\n') + 1);
      if (new Set(shares.filter((x) => x > 0)).size >= 3) resolve();
    }));
    const sent = Date.now();
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(shares.every((x, i) => i === 0 || x >= shares[i - 1]!)).toBe(true);
    expect(stdout).toMatch(/search stopped before the end/);
  });

  it('many copies on a board with a hole (bitboard engine): the colouring check no longer takes seconds', async () => {
    const text = 'board: {rect: [101, 100], holes: [[0, 0]]}\npieces:\n  a: {shape: "#", count: 9000}\n  b: {shape: "##", count: 549}\n  c: "#"\n';
    const r = await snugAsync(['solve', file('holes.yaml', text), '--json', '-w', '1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ engine: 'bitboard', solutions: 1 });
  });

  // 1,100 distinct unit squares on 1,100 cells: 1,210,000 placements (10,000 on 10,000 cells: a hundred million)
  const squares = Array.from({ length: 1100 }, (_, i) => `  p${i}: "#"\n`).join('');

  it('too many placements to search cell by cell: refused with the limit named', async () => {
    const holes = Array.from({ length: 10 }, (_, i) => `[${i}, ${i}]`).join(', ');
    expectOneLine(await snugAsync(['solve', file('holed.yaml', `board: {rect: [111, 10], holes: [${holes}]}\npieces:\n${squares}`)]), /more than 1,000,000 placements/);
  });

  it('as many on a rectangle: solved without placements; show lists the pieces without them', async () => {
    const rectangle = file('rect.yaml', `board: {rect: [110, 10]}\npieces:\n${squares}`);
    expect((await snugAsync(['solve', rectangle, '--json', '-w', '1'])).code).toBe(0);
    const shown = await snugAsync(['show', rectangle]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/more than 1,000,000 placements in all/);
  });

  it('a board that fits the limits draws as SVG (a 400x300 picture overflowed the stack)', async () => {
    const r = await snugAsync(['solve', file('b.yaml', 'board: {rect: [400, 300]}\npieces:\n  a: {rect: [200, 300], count: 2}\n'), '--svg', '-', '-w', '1']);
    expect(r.stderr).toMatch(/^1 solution/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/<\/svg>\n$/);
  });
});

describe('BurrTools files and colour rules: what snug cannot read, in one line', () => {
  /** A BurrTools file of a domino in a 2x1x1 box, its grid and its problem's attributes and colour table as given. */
  const burrTools = (grid: string, problem = '', colours = '<colors/>', voxels = '##'): string => {
    const path = join(dir(), 'bad.xmpuzzle');
    writeFileSync(path, gzipSync(`<?xml version="1.0"?>\n<puzzle version="2">\n <gridType type="${grid}"/>\n ${colours}\n <shapes>\n  <voxel x="2" y="1" z="1" type="0">${voxels}</voxel>\n  <voxel x="2" y="1" z="1" type="0">##</voxel>\n </shapes>\n <problems><problem${problem}><shapes><shape id="1" count="1"/></shapes><result id="0"/><bitmap/></problem></problems>\n</puzzle>\n`));
    return path;
  };

  it('reads the domino file it refuses the variants of', () => {
    expect(snug(['solve', burrTools('0'), '-q']).code).toBe(0);
  });

  const cases: [string, () => string, RegExp][] = [
    ['a grid BurrTools does not have', () => burrTools('9'), /bad\.xmpuzzle: unknown BurrTools grid type '9'/],
    ['a feature snug does not have (a limit on holes)', () => burrTools('0', ' maxHoles="1"'), /bad\.xmpuzzle: maxHoles .*is not supported/],
    ['a colour the file does not define', () => burrTools('0', '', '<colors/>', '#2#'), /bad\.xmpuzzle: colour 2 is used, but the file defines 0 colours/],
    ['a colour rule naming no colour', () => file('rule.yaml', 'board:\n  shape: "rr"\n  colours: {red: r}\ncolour-rules: {red: []}\npieces:\n  D: {shape: "xx", colours: {red: x}}\n'), /rule\.yaml:4: .*names no colour/],
    ['a colour rule naming a colour no cell has', () => file('rule.yaml', 'board:\n  shape: "rr"\n  colours: {red: r}\ncolour-rules: {red: [blue]}\npieces:\n  D: {shape: "xx", colours: {red: x}}\n'), /rule\.yaml:4: .*'blue' is the colour of no cell/],
  ];
  for (const [what, path, message] of cases) it(what, () => expectOneLine(snug(['solve', path()]), message));
});
