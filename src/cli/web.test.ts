/**
 * The web app end to end, as a user gets it: `snug web` serves the build, and real Chromium (Debian's
 * package, driven by playwright-core) loads it, solves, looks, edits, shares, asks for hints and cancels.
 * Every count is checked against a published one or against the library's Dancing Links engine run here,
 * in Node, on the very puzzle the page shows; every solution the page shows goes through the verifier.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { useBrowserAndServer } from '../test-support/browser.js';
import type { Cell } from '../geometry/cell.js';
import { gridOf } from '../geometry/grids/index.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { loadBurrToolsFile } from '../puzzle/files.js';
import { parsePuzzle } from '../puzzle/format.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { placementColours } from '../render/piece-colours.js';
import { solve } from '../search/solve.js';
import { verifySolution } from '../search/verify.js';
import type { SolutionDisassembly } from '../disassembly/solution.js';
import { disassembleSolution } from '../disassembly/solution.js';
import { disassemblyPlan, moveText, stateText } from '../web/disassembly-model.js';
import { meshFacts, readStl } from '../test-support/stl-check.js';
import { readZip } from '../test-support/zip-read.js';

// The page's own globals, for the functions that run in the page (this file is type-checked without the
// DOM's types, as all of the Node side is).
declare const document: any;
declare const navigator: any;
declare const DataTransfer: any;
declare const File: any;
declare const DragEvent: any;

const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

const chromium = useBrowserAndServer();

async function openApp(options: { viewport?: { width: number; height: number }; fragment?: string } = {}): Promise<Page> {
  const page = await chromium.browser.newPage({ viewport: options.viewport ?? { width: 1100, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${chromium.url}${options.fragment ?? ''}`);
  await page.waitForSelector('body[data-ready=true]');
  expect(errors).toEqual([]);
  return page;
}

/** Solves what the page has open; resolves with the summary's solutions once the run is over. */
async function solveOnPage(page: Page, mode: 'first' | 'all' | 'count', unique = false): Promise<{ solutions: number; text: string }> {
  await page.check(`input[name=mode][value=${mode}]`);
  await page.setChecked('[data-testid=unique]', unique);
  await page.evaluate(() => { delete document.getElementById('summary')!.dataset.solutions; });
  await page.click('[data-testid=solve]');
  await page.waitForFunction(() => (document.getElementById('summary')!.dataset.solutions ?? '') !== '', null, { timeout: 90_000 });
  const text = (await page.textContent('[data-testid=summary]'))!;
  return { solutions: Number(await page.getAttribute('[data-testid=summary]', 'data-solutions')), text };
}

const pagePuzzle = async (page: Page): Promise<Puzzle> => parsePuzzle(await page.evaluate(() => (globalThis as unknown as { snugApp: { puzzleYaml(): string } }).snugApp.puzzleYaml()), 'the page');
const pageSolution = (page: Page): Promise<Solution | undefined> => page.evaluate(() => (globalThis as unknown as { snugApp: { solution(): Solution | undefined } }).snugApp.solution());

describe('snug web', () => {
  it('serves the app, and refuses what is not its files', async () => {
    const index = await fetch(chromium.url);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${chromium.url}sw.js`)).status).toBe(200);
    expect((await fetch(`${chromium.url}..%2f..%2fpackage.json`)).status).toBe(403);
    expect((await fetch(`${chromium.url}nothing-here.js`)).status).toBe(404);
    expect((await fetch(chromium.url, { method: 'POST' })).status).toBe(405);
  });

  it('copies the app into an empty folder with --out, and refuses a folder with files in it', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'snug-web-')), 'site');
    const r = spawnSync(process.execPath, [bin, 'web', '--out', out], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['index.html', 'sw.js', 'assets']));
    // relative paths: the copy works from any folder of any host
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toMatch(/(src|href)="\/assets/);
    const again = spawnSync(process.execPath, [bin, 'web', '--out', out], { encoding: 'utf8' });
    expect(again.status).toBe(2);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/not an empty folder/);
  });

  it('says in one line when the port is taken or not a port', async () => {
    const port = new URL(chromium.url).port;
    const taken = spawnSync(process.execPath, [bin, 'web', '--port', port], { encoding: 'utf8', timeout: 10_000 });
    expect(taken.status).toBe(2);
    expect(taken.stderr).toMatch(new RegExp(`port ${port} is in use`));
    const bad = spawnSync(process.execPath, [bin, 'web', '--port', '70000'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--port wants a port number/);
  });
});

/** A 4x2x2 box under a lid open over its right half: most of its solutions come apart, some at level 1.1.2.2.2.2, some not at all. */
function liddedBox(): string {
  const walls: number[][] = [];
  for (let x = -1; x <= 4; x++) {
    for (let y = -1; y <= 2; y++) {
      walls.push([x, y, -1]);
      for (let z = 0; z <= 2; z++) {
        const inside = x >= 0 && x < 4 && y >= 0 && y < 2;
        if ((z < 2 && inside) || (z === 2 && inside && x >= 2)) continue;
        walls.push([x, y, z]);
      }
    }
  }
  return (
    `name: Lidded box\nboard: {box: [4, 2, 2]}\nframe: {cells: [${walls.map((c) => `[${c.join(', ')}]`).join(', ')}]}\npieces:\n` +
    '  L: {cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], count: 3}\n  D: {cells: [[0, 0, 0], [1, 0, 0]], count: 2}\n  V: {cells: [[0, 0, 0], [0, 0, 1], [1, 0, 0]]}\n'
  );
}

const pageDisassembly = (page: Page): Promise<SolutionDisassembly | undefined> => page.evaluate(() => (globalThis as unknown as { snugApp: { disassembly(): SolutionDisassembly | undefined } }).snugApp.disassembly());

/** The 3-D view's pixels, to tell whether the picture changed. */
const canvasPixels = (page: Page): Promise<string> => page.evaluate(() => document.querySelector('[data-testid=solution-view] canvas').toDataURL());

describe('the web app in Chromium', () => {
  it('loads with the catalog, and counts pentomino-6x10 as published: all and unique', async () => {
    const page = await openApp();
    const known = loadCatalogPuzzle('pentomino-6x10').known!;
    const names = await page.$$eval('[data-testid=catalog] option', (options) => options.map((o) => (o as unknown as { value: string }).value).filter(Boolean));
    expect(names).toContain('pentomino-6x10');
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect((await solveOnPage(page, 'count')).solutions).toBe(known.total);
    expect((await solveOnPage(page, 'count', true)).solutions).toBe(known.unique);
    await page.close();
  });

  it('lists solutions to step through, each one valid', async () => {
    const page = await openApp({ fragment: '#catalog=pentomino-3x20' });
    const puzzle = loadCatalogPuzzle('pentomino-3x20');
    expect((await solveOnPage(page, 'all')).solutions).toBe(puzzle.known!.total);
    expect(await page.textContent('[data-testid=solution-count]')).toBe(`of ${puzzle.known!.total}`);
    const seen = new Set<string>();
    for (let i = 0; i < puzzle.known!.total!; i++) {
      const s = (await pageSolution(page))!;
      expect(verifySolution(puzzle, s)).toEqual([]);
      seen.add(JSON.stringify(s));
      await page.click('#next-solution');
    }
    expect(seen.size).toBe(puzzle.known!.total);
    // the picture of a flat solution is the library's SVG, a shape per piece
    expect(await page.locator('[data-testid=solution-view] svg').count()).toBe(1);
    await page.close();
  });

  it('searches with Dancing Links in its workers too (its exact loop is WebAssembly): the Kanoodle pyramid, a first solution and its 306 up to symmetry', async () => {
    const page = await openApp({ fragment: '#catalog=kanoodle-pyramid' });
    const puzzle = loadCatalogPuzzle('kanoodle-pyramid');
    expect((await solveOnPage(page, 'first')).solutions).toBe(1);
    expect(verifySolution(puzzle, (await pageSolution(page))!)).toEqual([]);
    // (306: what BurrTools' burrTxt counts for the same pyramid, written out by snug convert)
    expect((await solveOnPage(page, 'count', true)).solutions).toBe(306);
    await page.close();
  });

  it('shows a 3-D solution in 3-D: the canvas has the pieces\' colours', async () => {
    const page = await openApp({ fragment: '#catalog=soma' });
    expect((await solveOnPage(page, 'first')).solutions).toBe(1);
    const solution = (await pageSolution(page))!;
    const puzzle = loadCatalogPuzzle('soma');
    expect(verifySolution(puzzle, solution)).toEqual([]);
    const colours = placementColours(puzzle, solution.placements).map((c) => c.hex);
    await page.waitForSelector('[data-testid=solution-view] canvas');
    await page.waitForTimeout(300);
    const census = await page.evaluate((hexes) => {
      const canvas = document.querySelector('[data-testid=solution-view] canvas');
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      const rgb = hexes.map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
      const seen = new Array<number>(rgb.length).fill(0);
      let drawn = 0;
      const [r0, g0, b0] = [data[0]!, data[1]!, data[2]!];
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) > 12) drawn++;
        rgb.forEach(([cr, cg, cb], k) => {
          if (Math.abs(r - cr!) + Math.abs(g - cg!) + Math.abs(b - cb!) <= 24) seen[k]!++;
        });
      }
      return { drawn, total: data.length / 4, piecesSeen: seen.filter((n) => n >= 20).length };
    }, colours);
    expect(census.drawn).toBeGreaterThan(census.total * 0.05);
    expect(census.piecesSeen).toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it('takes a 3-D solution apart move by move, puts it together, and lists only the solutions that come apart', async () => {
    const page = await openApp();
    await page.setInputFiles('[data-testid=file]', { name: 'lidded.yaml', mimeType: 'application/yaml', buffer: Buffer.from(liddedBox()) });
    await expect.poll(() => page.textContent('[data-testid=puzzle-name]')).toBe('Lidded box');
    const puzzle = await pagePuzzle(page);
    const { solutions } = await solveOnPage(page, 'all');
    const all = solve(puzzle, { all: true });
    expect(solutions).toBe(all.solutions);

    // the solution shown, taken apart in the solver worker: as the library takes it apart here
    await page.waitForFunction(() => document.querySelector('[data-testid=apart]').dataset.outcome !== undefined, null, { timeout: 30_000 });
    const solution = (await pageSolution(page))!;
    const expected = disassembleSolution(puzzle, solution);
    expect(expected.outcome).toBe('apart');
    expect(await pageDisassembly(page)).toEqual(expected);
    const plan = disassemblyPlan(solution.placements.length, expected)!;
    const n = plan.moves.length;
    expect(await page.textContent('[data-testid=apart-status]')).toBe(`Comes apart: level ${expected.level!.join('.')}, ${n} moves.`);
    expect(await page.textContent('[data-testid=apart-step]')).toBe(stateText(plan, 0));
    // the frame's glass and the pieces drawn: each move changes the picture
    // the picture once it has settled (two reads a moment apart agree)
    let assembled = '';
    await expect.poll(async () => {
      const before = await canvasPixels(page);
      await page.waitForTimeout(200);
      assembled = await canvasPixels(page);
      return assembled === before;
    }, { timeout: 10_000 }).toBe(true);
    await page.click('[data-testid=apart-next]');
    await page.waitForFunction(() => document.querySelector('[data-testid=apart-step]').dataset.step === '1', null, { timeout: 10_000 });
    expect(await page.textContent('[data-testid=apart-step]')).toBe(moveText(plan, 0));
    await expect.poll(() => canvasPixels(page), { timeout: 10_000 }).not.toBe(assembled);
    // pressed at once, while the move just made still pauses: the play that follows is the one paused below
    // playing goes on by itself, and stops where it is when paused
    const step = async (): Promise<number> => Number(await page.getAttribute('[data-testid=apart-step]', 'data-step'));
    await page.click('[data-testid=apart-play]');
    await expect.poll(step, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await page.click('[data-testid=apart-play]');
    const paused = await step();
    expect(paused).toBeLessThan(n);
    await page.waitForTimeout(1500);
    expect(await step()).toBe(paused);
    // to the end, a move back (undone), to the start; then a move and back with "Put together"
    await page.click('#apart-end');
    expect(await step()).toBe(n);
    expect(await page.textContent('[data-testid=apart-step]')).toBe(stateText(plan, n));
    await page.click('[data-testid=apart-previous]');
    await expect.poll(step, { timeout: 10_000 }).toBe(n - 1);
    expect(await page.textContent('[data-testid=apart-step]')).toBe(moveText(plan, n - 1, true));
    await page.click('#apart-start');
    expect(await step()).toBe(0);
    await page.click('[data-testid=apart-next]');
    await expect.poll(step, { timeout: 10_000 }).toBe(1);
    await page.click('[data-testid=apart-together]');
    await expect.poll(step, { timeout: 10_000 }).toBe(0);
    expect(await page.textContent('[data-testid=apart-step]')).toBe(moveText(plan, 0, true));
    await expect.poll(() => canvasPixels(page), { timeout: 10_000 }).toBe(assembled);

    // only the solutions that come apart: as many as the library finds among all the solutions
    const apart = all.found.filter((s) => disassembleSolution(puzzle, s).outcome === 'apart').length;
    expect(apart).toBeGreaterThan(0);
    expect(apart).toBeLessThan(all.solutions);
    await page.check('[data-testid=only-apart]');
    await page.waitForFunction(() => /^[\d,]+ of the/.test(document.querySelector('[data-testid=apart-count]').textContent), null, { timeout: 90_000 });
    expect(await page.getAttribute('[data-testid=apart-count]', 'data-apart')).toBe(String(apart));
    expect(await page.textContent('[data-testid=apart-count]')).toBe(`${apart.toLocaleString('en-US')} of the ${all.solutions.toLocaleString('en-US')} solutions found come apart`);
    expect(await page.textContent('[data-testid=solution-count]')).toBe(`of ${apart.toLocaleString('en-US')} that come apart`);
    for (let i = 0; i < 3; i++) {
      await page.click('#next-solution');
      expect((await pageDisassembly(page))?.outcome).toBe('apart');
    }
    // a solution that does not come apart says so, with nothing to play
    await page.uncheck('[data-testid=only-apart]');
    const stuck = await page.evaluate(() => (globalThis as unknown as { snugApp: { disassemblies(): ({ outcome: string } | null)[] } }).snugApp.disassemblies().findIndex((d) => d?.outcome === 'stuck'));
    expect(stuck).toBeGreaterThanOrEqual(0);
    await page.fill('[data-testid=solution-index]', String(stuck + 1));
    await page.press('[data-testid=solution-index]', 'Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=apart]').dataset.outcome === 'stuck', null, { timeout: 30_000 });
    expect(disassembleSolution(puzzle, (await pageSolution(page))!).outcome).toBe('stuck');
    expect(await page.textContent('[data-testid=apart-status]')).toMatch(/^This assembly does not come apart/);
    expect(await page.isVisible('[data-testid=apart-play]')).toBe(false);
    await page.close();
  });

  it('edits balls, triangular prisms, rhombic voxels and sticks: the Kanoodle pyramid comes back unchanged, a board of prisms drawn new solves as the library does, a rhombic layer shows only tetrahedra, a board of sticks only sticks', async () => {
    const page = await openApp();
    await page.selectOption('[data-testid=catalog]', 'kanoodle-pyramid');
    await page.click('[data-testid=tab-edit]');
    expect(await page.inputValue('[data-testid=editor-grid]')).toBe('sphere');
    // each ball a circle in its square of the layer's art: the first layer of the pyramid is 5 x 5
    expect(await page.locator('[data-testid=editor-board] [role=gridcell]').count()).toBe(25);
    await expect.poll(() => page.textContent('[data-testid=editor-problem]')).toBe('Ready to solve.');
    await page.click('[data-testid=use-edited]');
    expect(await pagePuzzle(page)).toEqual(loadCatalogPuzzle('kanoodle-pyramid'));

    await page.click('[data-testid=tab-edit]');
    await page.click('[data-testid=new-puzzle]');
    await page.selectOption('[data-testid=editor-grid]', 'prism');
    await expect.poll(() => page.textContent('[data-testid=editor-problem]')).toBe('Ready to solve.');
    await page.click('[data-testid=use-edited]');
    const puzzle = await pagePuzzle(page);
    expect(puzzle.grid).toBe('prism');
    expect(puzzle.board.length).toBeGreaterThan(1);
    const onPage = (await solveOnPage(page, 'count')).solutions;
    expect(onPage).toBe(solve(puzzle, { countOnly: true, engine: 'dlx' }).solutions);
    expect(onPage).toBeGreaterThan(0);

    // BurrTools' rhombic voxels: a layer shows only the places that are tetrahedra
    await page.click('[data-testid=tab-edit]');
    await page.click('[data-testid=new-puzzle]');
    await page.selectOption('[data-testid=editor-grid]', 'rhombic');
    const drawn = await page.locator('[data-testid=editor-board] [role=gridcell]').evaluateAll((cells) => cells.map((c) => (c as unknown as { dataset: { cell: string } }).dataset.cell));
    expect(drawn.length).toBeGreaterThan(0);
    const rhombic = gridOf('rhombic', 3);
    expect(drawn.filter((key) => rhombic.cellProblem!(key.split(',').map(Number) as unknown as Cell) !== undefined)).toEqual([]);
    // sticks: a board of sticks only (a stick lies where its column and row add up odd), two art places a square
    await page.selectOption('[data-testid=editor-grid]', 'stick');
    const sticks = await page.locator('[data-testid=editor-board] [role=gridcell]').evaluateAll((cells) => cells.map((c) => (c as unknown as { dataset: { cell: string } }).dataset.cell));
    expect(sticks.length).toBeGreaterThan(0);
    expect(sticks.filter((key) => { const [x, y] = key.split(',').map(Number); return (x! + y!) % 2 === 0; })).toEqual([]);
    await page.close();
  });

  it('solves a puzzle drawn in the editor, and its link opens the same puzzle', async () => {
    const page = await openApp();
    await page.click('[data-testid=tab-edit]');
    await page.click('[data-testid=new-puzzle]');
    await page.fill('[data-testid=editor-board-width]', '3');
    await page.press('[data-testid=editor-board-width]', 'Tab');
    await page.fill('[data-testid=editor-board-height]', '4');
    await page.press('[data-testid=editor-board-height]', 'Tab');
    // piece A: an L-tromino, 4 copies
    const piece = page.locator('[data-testid=editor-piece-0]');
    await piece.locator('[data-testid=piece-width]').fill('2');
    await piece.locator('[data-testid=piece-width]').press('Tab');
    await piece.locator('[data-testid=piece-height]').fill('2');
    await piece.locator('[data-testid=piece-height]').press('Tab');
    // the new puzzle's piece is a domino at (0, 0) and (1, 0): one more cell makes it an L
    await piece.locator('[data-testid=piece-grid] [data-cell="0,1,0"]').click();
    await piece.locator('[data-testid=piece-count]').fill('4');
    await piece.locator('[data-testid=piece-count]').press('Tab');
    await expect.poll(() => page.textContent('[data-testid=editor-problem]')).toBe('Ready to solve.');
    await page.click('[data-testid=use-edited]');
    const puzzle = await pagePuzzle(page);
    expect(puzzle.board).toHaveLength(12);
    expect(puzzle.pieces.map((p) => [p.shape.length, p.count])).toEqual([[3, 4]]);
    const onPage = (await solveOnPage(page, 'count')).solutions;
    expect(onPage).toBe(solve(puzzle, { countOnly: true, engine: 'dlx' }).solutions);
    expect(onPage).toBeGreaterThan(0);

    await page.click('[data-testid=share]');
    const url = (await page.getAttribute('#share-status', 'data-url'))!;
    expect(url).toMatch(/#puzzle=/);
    const friend = await chromium.browser.newPage();
    await friend.goto(url);
    await friend.waitForSelector('body[data-ready=true]');
    expect(await pagePuzzle(friend)).toEqual(puzzle);
    expect((await solveOnPage(friend, 'count')).solutions).toBe(onPage);
    await friend.close();
    await page.close();
  });

  it('saves the puzzle as YAML and the solution shown as SVG and PNG', async () => {
    const page = await openApp({ fragment: '#catalog=pentomino-3x20' });
    await solveOnPage(page, 'first');
    const saved = async (button: string): Promise<Buffer> => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      return readFileSync((await download.path())!);
    };
    const puzzle = loadCatalogPuzzle('pentomino-3x20');
    expect(parsePuzzle((await saved('#export-yaml')).toString('utf8'), 'saved.yaml')).toEqual(puzzle);
    expect((await saved('#export-svg')).toString('utf8')).toMatch(/<svg[^>]*>[\s\S]*<\/svg>/);
    const png = PNG.sync.read(await saved('#export-png'));
    const solution = (await pageSolution(page))!;
    const colours = placementColours(puzzle, solution.placements).map((c) => [1, 3, 5].map((i) => parseInt(c.hex.slice(i, i + 2), 16)));
    const seen = colours.map(([r, g, b]) => {
      let n = 0;
      for (let i = 0; i < png.data.length; i += 4) if (Math.abs(png.data[i]! - r!) + Math.abs(png.data[i + 1]! - g!) + Math.abs(png.data[i + 2]! - b!) <= 6) n++;
      return n;
    });
    // drawn at twice the SVG's size: every piece's five cells are there in its colour
    expect(png.width).toBeGreaterThan(20 * 24 * 2 - 1);
    for (const n of seen) expect(n).toBeGreaterThan(5 * 24 * 24);
    await page.close();
  });

  it('saves the pieces and the solution shown as STL files to print, zipped, from the same library code', async () => {
    const flat = await openApp({ fragment: '#catalog=pentomino-3x20' });
    expect(await flat.isHidden('[data-testid=stl-export]')).toBe(true);
    await flat.close();
    const page = await openApp({ fragment: '#catalog=soma' });
    const saved = async (button: string): Promise<Map<string, Uint8Array>> => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      return readZip(readFileSync((await download.path())!));
    };
    await page.fill('#stl-cell', '10');
    await page.fill('#stl-gap', '0.4');
    const puzzle = loadCatalogPuzzle('soma');
    const pieces = await saved('[data-testid=export-stl-pieces]');
    expect([...pieces.keys()]).toEqual(puzzle.pieces.map((p, i) => `0${i + 1}-${p.name}.stl`));
    for (const [name, bytes] of pieces) {
      const facts = meshFacts(readStl(bytes));
      expect(facts.openEdges, name).toBe(0);
      expect(facts.badNormals, name).toBe(0);
      expect(facts.min.map((x) => x.toFixed(3)), name).toEqual(['0.200', '0.200', '0.200']);
    }
    // no solution yet: the page says so; then the solution shown, its pieces in their places
    await page.click('[data-testid=export-stl-solution]');
    expect(await page.textContent('[data-testid=stl-status]')).toMatch(/solve first/);
    await solveOnPage(page, 'first');
    const solution = (await pageSolution(page))!;
    const placed = await saved('[data-testid=export-stl-solution]');
    expect([...placed.keys()].map((n) => n.replace(/^\d\d-|\.stl$/g, ''))).toEqual(solution.placements.map((p) => p.piece));
    [...placed.values()].forEach((bytes, i) => {
      const facts = meshFacts(readStl(bytes));
      expect(facts.openEdges).toBe(0);
      const cells = solution.placements[i]!.cells;
      for (let k = 0; k < 3; k++) expect(facts.min[k]!).toBeCloseTo(Math.min(...cells.map((c) => c[k]!)) * 10 + 0.2, 3);
    });
    // a gap the cells cannot take: said on the page, nothing saved
    await page.fill('#stl-gap', '8');
    await page.click('[data-testid=export-stl-pieces]');
    expect(await page.textContent('[data-testid=stl-status]')).toMatch(/Cannot make the STL files: half the gap and the bevel together \(4 mm\) may be at most 2.5 mm/);
    await page.close();
  });

  it('opens a BurrTools file picked, and a YAML file dropped on the page', async () => {
    const page = await openApp();
    const file = fileURLToPath(new URL('../../examples/soma.xmpuzzle', import.meta.url));
    await page.setInputFiles('[data-testid=file]', file);
    await expect.poll(() => page.textContent('#share-status')).toBe('Opened soma.xmpuzzle.');
    const burr = await pagePuzzle(page);
    expect(burr).toEqual(loadBurrToolsFile(file));
    expect((await solveOnPage(page, 'count', true)).solutions).toBe(solve(burr, { countOnly: true, unique: true, engine: 'dlx' }).solutions);

    const yaml = 'name: Three dominoes\nboard: {rect: [3, 2]}\npieces:\n  D: {rect: [2, 1], count: 3}\n';
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'dominoes.yaml'));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, yaml);
    await expect.poll(() => page.textContent('[data-testid=puzzle-name]')).toBe('Three dominoes');
    expect((await solveOnPage(page, 'count')).solutions).toBe(3);
    // a damaged file: one line naming the file and the line
    await page.setInputFiles('[data-testid=file]', { name: 'bad.yaml', mimeType: 'application/yaml', buffer: Buffer.from('name: x\nboard: {rect: [3, 2]}\npieces:\n  D: {rect: [2, -1]}\n') });
    await expect.poll(() => page.textContent('#share-status')).toMatch(/^bad\.yaml:\d+: /);
    await page.close();
  });

  it('cancel stops the run and its search workers', async () => {
    const page = await openApp({ fragment: '#catalog=tetris-cube' });
    await page.check('[data-testid=mode-count]');
    await page.fill('[data-testid=workers]', '2');
    await page.click('[data-testid=solve]');
    // the trial, then the plan, then two search workers beside the solver worker
    await expect.poll(() => page.workers().length, { timeout: 30_000 }).toBe(3);
    await page.click('[data-testid=cancel]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=solve]').disabled, null, { timeout: 10_000 });
    expect(await page.textContent('[data-testid=summary]')).toMatch(/^Cancelled: .*search stopped before the end/);
    await expect.poll(() => page.workers().length, { timeout: 5_000 }).toBe(1);
    await page.close();
  });

  it('shows the search filling and emptying the board', async () => {
    const page = await openApp({ fragment: '#catalog=pentomino-3x20' });
    await page.click('[data-testid=tab-watch]');
    await page.click('[data-testid=watch]');
    await expect.poll(async () => Number(/([\d,]+) moves/.exec((await page.textContent('[data-testid=watch-status]')) ?? '')?.[1]?.replace(/,/g, '') ?? 0), { timeout: 10_000 }).toBeGreaterThan(3);
    expect(await page.locator('#watch-board .cell.covered').count()).toBeGreaterThan(0);
    await page.click('[data-testid=watch]');
    await page.close();
  });

  it('works offline once loaded, and fits a phone screen', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${chromium.url}#catalog=soma`);
    await page.waitForSelector('body[data-ready=true]');
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    expect((await solveOnPage(page, 'first')).solutions).toBe(1);
    // the 3-D view's module too came from the service worker's cache
    await page.waitForSelector('[data-testid=solution-view] canvas');
    await context.close();
  });

  it('can be used from the keyboard alone', async () => {
    const page = await openApp({ fragment: '#catalog=pentomino-3x20' });
    let focused = '';
    for (let i = 0; i < 40 && focused !== 'solve-button'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.id ?? '');
    }
    expect(focused).toBe('solve-button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('summary')!.dataset.solutions ?? '') !== '');
    expect(await pageSolution(page)).toBeDefined();
    await page.close();
  });
});
