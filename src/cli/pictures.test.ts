import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { placementColours } from '../render/piece-colours.js';
import { solve } from '../search/solve.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = (): string => mkdtempSync(join(tmpdir(), 'snug-pictures-'));

function tempFile(name: string, text: string): string {
  const path = join(dir(), name);
  writeFileSync(path, text);
  return path;
}

describe('solution pictures on the command line', () => {
  it('tells touching copies of one piece apart without colour', () => {
    const file = tempFile('dominoes.yaml', 'name: two dominoes\nboard: {rect: [4, 1]}\npieces:\n  D: {rect: [2, 1], count: 2}\n');
    const r = snug('solve', file, '--no-color');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('│ D   D │ D   D │');
  });

  it("keeps a board's empty first row and column, as its JSON coordinates count them", () => {
    const file = tempFile('lead.yaml', 'name: lead\nboard: |\n  ....\n  .###\n  .###\npieces:\n  A: "##"\n  B: |\n    ##\n    #.\n  C: "#"\n');
    const cells = (JSON.parse(snug('solve', file, '--jsonl').stdout).placements as { cells: number[][] }[]).flatMap((p) => p.cells);
    expect(Math.min(...cells.map((c) => c[0]!))).toBe(1);
    expect(Math.min(...cells.map((c) => c[1]!))).toBe(1);
    const lines = snug('solve', file, '--no-color').stdout.split('\n');
    // "Solution 1", then row 0 (its top line and its cells, both empty), then the top line of row 1,
    // indented by column 0 (four columns).
    expect(lines.slice(1, 3)).toEqual(['', '']);
    expect(lines[3]).toMatch(/^ {4}┌/);
  });

  it('names pieces whose labels are not their names in a legend, and show says how each is drawn', () => {
    const r = snug('solve', 'tetris-cube', '--no-color');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^z=0 +z=1 +z=2 +z=3$/m);
    expect(r.stdout).toContain('P = pipe-yellow');
    expect(r.stdout).toContain('m = V-mid');
    const show = snug('show', 'tetris-cube', '--no-color').stdout;
    expect(show).toMatch(/^pipe-yellow \(drawn as P\): 5 cells/m);
    expect(show).toMatch(/^Y: 5 cells/m);
  });

  it('says "1 cell" for a piece of one cell', () => {
    const file = tempFile('mono.yaml', 'name: mono\nboard: {rect: [3, 1]}\npieces:\n  A: "##"\n  B: "#"\n');
    expect(snug('show', file, '--no-color').stdout).toMatch(/^B: 1 cell, /m);
  });
});

describe('--scale', () => {
  it('sets the pixels per cell of the SVG picture', () => {
    const folder = dir();
    const sizes = [10, 40].map((scale) => {
      const file = join(folder, `${scale}.svg`);
      expect(snug('solve', 'pentomino-6x10', '--svg', file, '--scale', String(scale)).code).toBe(0);
      const svg = readFileSync(file, 'utf8');
      // The outline of the 10x6 board: its first segment runs along the top edge, 10 cells long.
      const [, x0, x1] = svg.match(/<path class="outline" d="M([\d.]+) [\d.]+H([\d.]+)/)!;
      return Number(x1) - Number(x0);
    });
    expect(sizes[1]! / sizes[0]!).toBe(4);
  });

  it('refuses sizes that are not positive numbers within reason, in one line with exit code 2', () => {
    const svg = join(dir(), 'x.svg');
    for (const bad of ['0', '-3', 'abc', '', 'Infinity', '100000']) {
      const r = snug('solve', 'soma', '--svg', svg, '--scale', bad);
      expect(r.code, bad).toBe(2);
      expect(r.stderr.trim().split('\n'), bad).toHaveLength(1);
      expect(r.stderr, bad).toMatch(/--scale wants pixels per cell, a number above 0 and at most \d+, not/);
    }
  });

  it('needs --svg or --png', () => {
    const r = snug('solve', 'soma', '--scale', '30');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('snug: --scale sets the size of the --svg or --png picture: give --svg FILE or --png FILE too');
  });
});

describe('snug estimate', () => {
  it('gives whole numbers in --json, and no "0 solutions" guess when no walk found a solution', () => {
    const r = snug('estimate', 'tetris-cube', '--unique', '--probes', '300', '--json');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    for (const key of ['estimatedNodes', 'nodesPerSecond', 'estimatedMs', 'estimatedMsWithWorkers']) expect(Number.isInteger(e[key]), key).toBe(true);
    // The Tetris Cube has 9,839 unique solutions: an estimate is a positive whole number or unknown (null).
    expect(e.estimatedSolutions).not.toBe(0);
    if (e.estimatedSolutions !== null) expect(Number.isInteger(e.estimatedSolutions)).toBe(true);
  });
});

describe('pictures of puzzles with pieces placed, cells that may stay empty and colours', () => {
  const designed = [
    'name: half done',
    'use: 4',
    'board: |',
    '  FF##+',
    '  #F###',
    '  #F###',
    'pieces:',
    '  F: {shape: "##\\n.#\\n.#", color: "#d62728"}',
    '  I: {shape: "###", rotate: false}',
    '  L: {shape: "#.\\n##", count: 0..2, color: teal}',
    '  N: {shape: "##.\\n.##", orientations: ["##.\\n.##", ".#\\n##\\n#."]}',
    '',
  ].join('\n');

  it('show draws the placed pieces and the cells that may stay empty on the board, and lists ranges, use, orientation limits and colours', () => {
    const r = snug('show', tempFile('designed.yaml', designed), '--no-color');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('2-D board 5x3; mirror images allowed by default; 4 pieces in all (use: 4)');
    const board = lines.indexOf('F F # # +');
    expect(lines.slice(board, board + 4)).toEqual(['F F # # +', '# F # # #', '# F # # #', 'placed before: F   + may stay empty']);
    expect(r.stdout).toMatch(/^F: 4 cells, 1 placed before, 8 orientations, \d+ placements, color #d62728$/m);
    expect(r.stdout).toMatch(/^I: 3 cells, 1 orientation \(rotate: false\), \d+ placements$/m);
    expect(r.stdout).toMatch(/^L: 3 cells, 0 to 2 copies, 4 orientations, \d+ placements, color teal$/m);
    expect(r.stdout).toMatch(/^N: 4 cells, 2 orientations \(as listed\), \d+ placements$/m);
    expect(r.stdout).toMatch(/^pieces: 11 to 17 cells; board: 15 cells \(1 may stay empty\); /m);
  });

  it('solve shades the pieces placed before, without colour and with it', () => {
    const file = tempFile('placed.yaml', 'name: placed\nboard: |\n  AA##\n  ####\npieces:\n  A: {rect: [2, 1], color: navy}\n  B: {rect: [2, 1], count: 3}\n');
    const plain = snug('solve', file, '--no-color');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('│░A░░░A░│');
    expect(plain.stdout).toContain('placed before (░): A');
    const { NO_COLOR: _, ...env } = process.env;
    const coloured = spawnSync(process.execPath, [bin, 'solve', file], { encoding: 'utf8', env: { ...env, FORCE_COLOR: '1' } });
    // navy placed before is painted faded, not navy itself (xterm 18)
    expect(coloured.stdout).toMatch(/\x1b\[48;5;\d+m\x1b\[38;5;\d+m░A░░░A░/);
    expect(coloured.stdout).not.toContain('48;5;18m');
    const svg = snug('solve', file, '--svg', '-').stdout;
    expect(svg).toContain('<g class="piece given" data-piece="A"');
    expect(svg).toContain('placed before: A');
  });
});

/** The pixels of a PNG file, decoded by pngjs (no code of snug's). */
function pixels(file: string): { width: number; height: number; at: (x: number, y: number) => [number, number, number] } {
  const png = PNG.sync.read(readFileSync(file));
  return { width: png.width, height: png.height, at: (x, y) => { const i = 4 * (y * png.width + x); return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!]; } };
}

/** How many pixels are within `tolerance` (sum of channel differences) of each colour. */
function colourCensus(file: string, colours: readonly (readonly [number, number, number])[], tolerance: number): number[] {
  const p = pixels(file);
  const counts = colours.map(() => 0);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const [r, g, b] = p.at(x, y);
      colours.forEach(([cr, cg, cb], k) => { if (Math.abs(r - cr) + Math.abs(g - cg) + Math.abs(b - cb) <= tolerance) counts[k]!++; });
    }
  }
  return counts;
}

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('pictures read back as pixels', () => {
  it('--png draws every piece of the solution in its colour, at the size asked for', () => {
    const d = dir();
    const file = join(d, 'p.png');
    expect(snug('solve', 'pentomino-6x10', '--png', file, '-q', '--scale', '10').code).toBe(0);
    const { width, height } = pixels(file);
    // 10 columns of 10 pixels, 6 rows, within the picture's margins and title
    expect(width).toBeGreaterThanOrEqual(100);
    expect(width).toBeLessThan(100 + 80);
    expect(height).toBeGreaterThanOrEqual(60);
    const puzzle = loadCatalogPuzzle('pentomino-6x10');
    const first = solve(puzzle).found[0]!;
    const colours = placementColours(puzzle, first.placements).map((c) => rgb(c.hex));
    // each pentomino covers 5 cells of 10x10 pixels: most of those pixels are its colour
    for (const n of colourCensus(file, colours, 6)) expect(n).toBeGreaterThan(5 * 50);
  });

  it('--view iso shows the pieces as lit cubes: the faces of several pieces in their shades of the piece colours', () => {
    const d = dir();
    const file = join(d, 'iso.png');
    expect(snug('solve', 'soma', '--png', file, '--view', 'iso', '-q').code).toBe(0);
    const puzzle = loadCatalogPuzzle('soma');
    const first = solve(puzzle).found[0]!;
    // a face lit from above is the colour mixed a fifth with white; the two sides darker (85% and 65%)
    const shades = placementColours(puzzle, first.placements).map((c) => {
      const [r, g, b] = rgb(c.hex);
      return [[0.8 * r + 51, 0.8 * g + 51, 0.8 * b + 51], [0.85 * r, 0.85 * g, 0.85 * b], [0.65 * r, 0.65 * g, 0.65 * b]] as [number, number, number][];
    });
    const counts = colourCensus(file, shades.flat(), 6);
    const piecesSeen = shades.filter((_, k) => counts.slice(3 * k, 3 * k + 3).some((n) => n > 100)).length;
    // a 3x3x3 cube shows three sides: some pieces are hidden inside, most are not
    expect(piecesSeen).toBeGreaterThanOrEqual(4);
    const { width, height } = pixels(file);
    expect(width).toBeGreaterThan(100);
    expect(height).toBeGreaterThan(100);
  });
});

describe('--png', () => {
  /** Width and height from a PNG's header (the IHDR chunk right after the signature). */
  const pngSize = (bytes: Buffer): [number, number] => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

  it('writes the SVG picture drawn as a PNG, of the same size, with --svg as well or alone', () => {
    const d = dir();
    const r = snug('solve', 'pentomino-6x10', '--png', join(d, 'p.png'), '--svg', join(d, 'p.svg'), '-q', '--scale', '10');
    expect(r.code).toBe(0);
    const png = readFileSync(join(d, 'p.png'));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = readFileSync(join(d, 'p.svg'), 'utf8');
    const [w, h] = [Number(/width="([\d.]+)"/.exec(svg)![1]), Number(/height="([\d.]+)"/.exec(svg)![1])];
    expect(pngSize(png)).toEqual([Math.ceil(w), Math.ceil(h)]);
    // a triangle puzzle draws too
    expect(snug('solve', 'calissons-3', '--png', join(d, 'c.png'), '-q').code).toBe(0);
    expect(pngSize(readFileSync(join(d, 'c.png')))[0]).toBeGreaterThan(100);
  });

  it('without --scale, is large enough to read on a screen: its longer side 960 pixels, the SVG drawn larger', () => {
    const d = dir();
    expect(snug('solve', 'pentomino-6x10', '--png', join(d, 'p.png'), '--svg', join(d, 'p.svg'), '-q').code).toBe(0);
    const svg = readFileSync(join(d, 'p.svg'), 'utf8');
    const [w, h] = [Number(/width="([\d.]+)"/.exec(svg)![1]), Number(/height="([\d.]+)"/.exec(svg)![1])];
    const [pw, ph] = pngSize(readFileSync(join(d, 'p.png')));
    // (the 264 pixels of the SVG's own size before)
    expect(Math.max(pw, ph)).toBeGreaterThanOrEqual(959);
    expect(Math.max(pw, ph)).toBeLessThanOrEqual(961);
    expect(Math.abs(pw / ph - w / h)).toBeLessThan(0.01);
    // a picture in space too
    expect(snug('solve', 'soma', '--view', 'iso', '--png', join(d, 'iso.png'), '-q').code).toBe(0);
    expect(Math.max(...pngSize(readFileSync(join(d, 'iso.png'))))).toBeGreaterThanOrEqual(959);
  });

  it('refuses what it cannot draw or write, in one line, before solving', () => {
    for (const args of [['--count'], []]) {
      const r = snug('solve', 'soma', '--png', args.length ? 'x.png' : '/no/such/folder/x.png', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(snug('solve', 'soma', '--png', '-').stderr).toMatch(/--png wants the name of a file to write/);
  });
});

describe('sheets of solutions', () => {
  it('--svg with --all or --limit N draws the solutions side by side in one picture, each numbered', () => {
    const d = dir();
    expect(snug('solve', 'pentomino-3x20', '--all', '--svg', join(d, 'all.svg'), '-q').code).toBe(0);
    const all = readFileSync(join(d, 'all.svg'), 'utf8');
    expect(all.match(/<svg\b/g)).toHaveLength(9);
    expect(all).toMatch(/<title>Pentominoes 3x20: 8 solutions<\/title>/);
    for (let i = 1; i <= 8; i++) expect(all).toContain(`<title>${i}</title>`);
    expect(snug('solve', 'soma', '--limit', '3', '--svg', join(d, 'three.svg'), '-q').code).toBe(0);
    expect(readFileSync(join(d, 'three.svg'), 'utf8').match(/<svg\b/g)).toHaveLength(4);
    // more than a sheet draws: the title says how many of how many (the Soma cube's 240, published)
    expect(snug('solve', 'soma', '--all', '--unique', '--svg', join(d, 'cut.svg'), '-q').code).toBe(0);
    const cut = readFileSync(join(d, 'cut.svg'), 'utf8');
    expect(cut).toMatch(/<title>Soma cube: 100 of 240 solutions<\/title>/);
    expect(cut.match(/<svg\b/g)).toHaveLength(101);
    // one solution asked for: one picture, as before
    expect(snug('solve', 'soma', '--svg', join(d, 'one.svg'), '-q').code).toBe(0);
    expect(readFileSync(join(d, 'one.svg'), 'utf8').match(/<svg\b/g)).toHaveLength(1);
  });

  it('gives each piece one colour in every picture of a sheet, and the pieces different colours', () => {
    const d = dir();
    expect(snug('solve', 'pentomino-6x10', '--limit', '12', '--svg', join(d, 'sheet.svg'), '-q').code).toBe(0);
    const sheet = readFileSync(join(d, 'sheet.svg'), 'utf8');
    const fills = new Map<string, Set<string>>();
    for (const m of sheet.matchAll(/data-piece="([^"]+)" fill="([^"]+)"/g)) fills.set(m[1]!, (fills.get(m[1]!) ?? new Set()).add(m[2]!));
    expect(fills.size).toBe(12);
    for (const [piece, colours] of fills) expect(colours.size, piece).toBe(1);
    expect(new Set([...fills.values()].map((c) => [...c][0])).size).toBe(12);
  });
});

describe('--view: 3-D solutions drawn in isometric view', () => {
  it('iso draws the faces a person sees: a full 3x3x3 cube shows 9 top, 9 front and 9 right faces', () => {
    const d = dir();
    expect(snug('solve', 'soma', '--svg', join(d, 'iso.svg'), '--view', 'iso', '-q').code).toBe(0);
    expect(readFileSync(join(d, 'iso.svg'), 'utf8').match(/<polygon /g)).toHaveLength(27);
  });

  it('steps draws how to put the solution together, one picture per move; exploded moves the pieces apart', () => {
    const d = dir();
    expect(snug('solve', 'soma', '--svg', join(d, 'steps.svg'), '--view', 'steps', '-q').code).toBe(0);
    const steps = readFileSync(join(d, 'steps.svg'), 'utf8');
    // seven pieces come together in at least six moves, each piece (or group) coming in from a side
    const captions = [...steps.matchAll(/>(\d+)\. ([^<]+)</g)];
    expect(captions.length).toBeGreaterThanOrEqual(6);
    captions.forEach((c, i) => expect(Number(c[1])).toBe(i + 1));
    expect(captions.filter((c) => / in, moving (right|left|forward|back|up|down) /.test(c[2]!)).length).toBeGreaterThanOrEqual(6);
    expect(snug('solve', 'soma', '--svg', join(d, 'ex.svg'), '--view', 'exploded', '-q').code).toBe(0);
    // apart, the pieces show more faces than the cube they make
    expect(readFileSync(join(d, 'ex.svg'), 'utf8').match(/<polygon /g)!.length).toBeGreaterThan(27);
  });

  it('is refused for flat puzzles and without a picture, in one line', () => {
    const flat = snug('solve', 'pentomino-6x10', '--svg', join(dir(), 'x.svg'), '--view', 'iso');
    expect(flat.code).toBe(2);
    expect(flat.stderr).toMatch(/--view iso draws solutions made of cubes or other solids; pentomino-6x10 is flat/);
    expect(snug('solve', 'soma', '--view', 'iso').stderr).toMatch(/--view says how --svg and --png draw/);
  });
});
