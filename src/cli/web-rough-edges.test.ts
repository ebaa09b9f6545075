/**
 * The web app's rough edges, each one a test in real Chromium on a desktop (1100 px) and a 390 px phone:
 * what the page says of damaged files and links, what it shows of a count, how it sizes a board, where the
 * focus goes, its catalog, its first screen; and `snug web` itself: compressed files, and the page offline
 * under its own name.
 */
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { deflateSync, strToU8 } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndServer } from '../test-support/browser.js';
import { catalogNames, loadCatalogPuzzle } from '../puzzle/catalog.js';

declare const document: any;
declare const navigator: any;
declare const innerHeight: number;
declare const getComputedStyle: any;
declare const DataTransfer: any;
declare const File: any;
declare const DragEvent: any;

const chromium = useBrowserAndServer();

const VIEWPORTS = { desktop: { width: 1100, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Device = keyof typeof VIEWPORTS;

async function openApp(device: Device, fragment = ''): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS[device], ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await page.goto(`${chromium.url}${fragment}`);
  await page.waitForSelector('body[data-ready=true]');
  return page;
}

const close = (page: Page): Promise<void> => page.context().close();
const puzzleName = (page: Page): Promise<string | null> => page.textContent('[data-testid=puzzle-name]');
const shareStatus = (page: Page): Promise<string | null> => page.textContent('#share-status');

/** The text a puzzle in a link carries: deflated YAML in base64url (as share.ts writes it; made here with fflate). */
function linkTo(yaml: string): string {
  return `#puzzle=${Buffer.from(deflateSync(strToU8(yaml), { level: 9 })).toString('base64url')}`;
}

async function solveOnPage(page: Page, mode: 'first' | 'count'): Promise<void> {
  await page.check(`input[name=mode][value=${mode}]`);
  await page.evaluate(() => { delete document.getElementById('summary')!.dataset.solutions; });
  await page.click('[data-testid=solve]');
  await page.waitForFunction(() => (document.getElementById('summary')!.dataset.solutions ?? '') !== '', null, { timeout: 90_000 });
}

const soma = readFileSync(fileURLToPath(new URL('../../examples/soma.xmpuzzle', import.meta.url)));

describe.each(['desktop', 'phone'] as const)('the web app on a %s', (device) => {
  it('says a cut-short BurrTools file is damaged, keeps the puzzle open and clears the file field', async () => {
    const page = await openApp(device);
    const before = await puzzleName(page);
    await page.setInputFiles('[data-testid=file]', { name: 'cut.xmpuzzle', mimeType: 'application/octet-stream', buffer: soma.subarray(0, Math.floor(soma.length / 2)) });
    await expect.poll(() => shareStatus(page)).toMatch(/^cut\.xmpuzzle: not a BurrTools file: the gzip data is damaged/);
    expect(await shareStatus(page)).not.toMatch(/MB/);
    expect(await puzzleName(page)).toBe(before);
    expect(await page.$eval('[data-testid=file]', (input) => (input as unknown as { files: unknown[] }).files.length)).toBe(0);
    await close(page);
  });

  it('says "Opened" only of the puzzle open: switching puzzles clears it', async () => {
    const page = await openApp(device);
    await page.setInputFiles('[data-testid=file]', { name: 'soma.xmpuzzle', mimeType: 'application/octet-stream', buffer: soma });
    await expect.poll(() => shareStatus(page)).toBe('Opened soma.xmpuzzle.');
    await page.selectOption('[data-testid=catalog]', 'pentomino-3x20');
    await expect.poll(() => puzzleName(page)).toBe(loadCatalogPuzzle('pentomino-3x20').name);
    expect(await shareStatus(page)).toBe('');
    await close(page);
  });

  it('refuses a dropped file that is not a puzzle file, by its name', async () => {
    const page = await openApp(device);
    const before = await puzzleName(page);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['name: x\nboard: {rect: [2, 1]}\npieces:\n  D: {rect: [2, 1]}\n'], 'notes.txt'));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => shareStatus(page)).toBe('notes.txt: not a puzzle file (snug opens .yaml, .yml and BurrTools .xmpuzzle files)');
    expect(await puzzleName(page)).toBe(before);
    await close(page);
  });

  it('says when a link names no puzzle, and shows the default puzzle instead', async () => {
    const page = await openApp(device, '#catalog=no-such-puzzle');
    expect(await shareStatus(page)).toBe(`No puzzle 'no-such-puzzle' in the catalog. Showing ${loadCatalogPuzzle('pentomino-6x10').name} instead.`);
    expect(await page.getAttribute('#share-status', 'class')).toMatch(/error/);
    await page.goto(`${chromium.url}#something=else`);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    expect(await shareStatus(page)).toMatch(/^The link names no puzzle/);
    // a lone % is no escape: the same message, not the browser's "URI malformed"
    await page.goto(`${chromium.url}#%`);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    expect(await shareStatus(page)).toMatch(/^The link names no puzzle/);
    await close(page);
  });

  it('names the line of a link\'s puzzle as a line of its YAML, not "the link:8"', async () => {
    const yaml = 'name: Coloured\nboard: {rect: [2, 2]}\npieces:\n  D:\n    rect: [2, 1]\n    count: 2\n    color: "not a colour"\n';
    const page = await openApp(device, linkTo(yaml));
    const text = (await shareStatus(page))!;
    expect(text).toMatch(/^The puzzle in the link: line \d+ of its YAML: /);
    expect(text).not.toMatch(/the link:\d/);
    await close(page);
  });

  it('says "known: 1 solution", and "known:" before unique solutions alone', async () => {
    const page = await openApp(device, linkTo('name: One\nknown: {total: 1}\nboard: {rect: [2, 1]}\npieces:\n  D: {rect: [2, 1]}\n'));
    const info = async (): Promise<string> => (await page.textContent('#puzzle-info'))!;
    expect(await info()).toMatch(/known: 1 solution$/m);
    await page.goto(`${chromium.url}${linkTo('name: Unique\nknown: {unique: 3}\nboard: {rect: [3, 2]}\npieces:\n  D: {rect: [2, 1], count: 3}\n')}`);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    expect(await info()).toMatch(/known: 3 unique solutions/);
    await close(page);
  });

  it('after a count, says no solution was kept and offers no buttons to step through none', async () => {
    const page = await openApp(device, '#catalog=pentomino-3x20');
    await solveOnPage(page, 'count');
    const total = loadCatalogPuzzle('pentomino-3x20').known!.total!;
    expect(await page.textContent('[data-testid=solution-count]')).toBe(`none kept to look at: a count of ${total} solutions`);
    for (const id of ['#first-solution', '#previous-solution', '#next-solution', '#last-solution', '#solution-index']) expect(await page.isDisabled(id), id).toBe(true);
    await solveOnPage(page, 'first');
    expect(await page.isDisabled('#last-solution')).toBe(false);
    await close(page);
  });

  it('brings the workers down to what the solver takes on this device, and says so in the page\'s words', async () => {
    const page = await openApp(device, '#catalog=pentomino-3x20');
    const most = await page.evaluate(() => Math.min(256, 4 * (navigator.hardwareConcurrency || 1)));
    expect(await page.getAttribute('[data-testid=workers]', 'max')).toBe(String(most));
    await page.fill('[data-testid=workers]', '999');
    await page.press('[data-testid=workers]', 'Tab');
    expect(await page.inputValue('[data-testid=workers]')).toBe(String(most));
    expect(await page.textContent('[data-testid=workers-note]')).toBe(`at most ${most} on this device (four a core)`);
    await solveOnPage(page, 'first');
    expect(await page.textContent('[data-testid=summary]')).not.toMatch(/option|must be/);
    await close(page);
  });

  it('draws a tiny board at most twice its size and a narrow one without a blank box around it', async () => {
    const page = await openApp(device, linkTo('name: Tiny\nboard: {rect: [2, 1]}\npieces:\n  D: {rect: [2, 1]}\n'));
    const sizes = async (): Promise<{ natural: number; shown: number; height: number; box: number }> => page.evaluate(() => {
      const svg = document.querySelector('[data-testid=solution-view] svg');
      const box = svg.getBoundingClientRect();
      return { natural: Number(svg.getAttribute('width')), shown: box.width, height: box.height, box: document.getElementById('solution-view').getBoundingClientRect().height };
    });
    const tiny = await sizes();
    expect(tiny.shown).toBeLessThanOrEqual(2 * tiny.natural + 1);
    expect(tiny.box - tiny.height).toBeLessThan(24);
    await page.goto(`${chromium.url}${linkTo('name: Tall\nboard: {rect: [2, 40]}\npieces:\n  D: {rect: [2, 1], count: 40}\n')}`);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    const tall = await sizes();
    const height = await page.evaluate(() => innerHeight);
    expect(tall.height).toBeLessThanOrEqual(0.75 * height + 1);
    expect(tall.box - tall.height).toBeLessThan(24);
    await close(page);
  });

  it('shows the puzzle\'s pieces on the first screen, beside its board, until a solution is shown', async () => {
    const page = await openApp(device);
    const puzzle = loadCatalogPuzzle('pentomino-6x10');
    expect(await page.isVisible('[data-testid=pieces-strip]')).toBe(true);
    expect(await page.$$eval('[data-testid=pieces-strip] figure', (f) => f.map((x) => (x as unknown as { dataset: { piece: string } }).dataset.piece))).toEqual(puzzle.pieces.map((p) => p.name));
    await solveOnPage(page, 'first');
    expect(await page.isVisible('[data-testid=pieces-strip]')).toBe(false);
    await close(page);
  });

  it('lists the catalog by the puzzles\' titles', async () => {
    const page = await openApp(device);
    const options = await page.$$eval('[data-testid=catalog] option', (o) => o.map((x) => [(x as unknown as { value: string }).value, (x as unknown as { textContent: string }).textContent]));
    const listed = options.filter(([value]) => value !== '');
    expect(listed.map(([value]) => value)).toEqual(catalogNames());
    for (const [value, text] of listed) expect(text, value).toBe(loadCatalogPuzzle(value!).name);
    await close(page);
  });

  it('says an editor\'s problem once', async () => {
    const page = await openApp(device);
    await page.click('[data-testid=tab-edit]');
    await page.click('[data-testid=new-puzzle]');
    await page.locator('[data-testid=editor-piece-0] [data-testid=piece-count]').fill('5');
    await page.locator('[data-testid=editor-piece-0] [data-testid=piece-count]').press('Tab');
    const problem = (await page.textContent('[data-testid=editor-problem]'))!.replace(/^Problem: /, '');
    expect(problem.length).toBeGreaterThan(10);
    const panel = (await page.textContent('#panel-edit'))!;
    expect(panel.split(problem).length - 1).toBe(1);
    await close(page);
  });

  it('keeps the focus on the run\'s buttons when Solve is pressed with Enter', async () => {
    const page = await openApp(device, '#catalog=pentomino-3x20');
    await page.focus('[data-testid=solve]');
    await page.evaluate(() => { delete document.getElementById('summary')!.dataset.solutions; });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('summary')!.dataset.solutions ?? '') !== '', null, { timeout: 60_000 });
    expect(await page.evaluate(() => document.activeElement.id)).toBe('solve-button');
    await close(page);
  });

  it('shows the focused cell of the play board with a ring', async () => {
    const page = await openApp(device);
    await page.click('[data-testid=tab-play]');
    expect((await page.getAttribute('#play-board .focus-ring', 'd')) ?? '').toBe('');
    await page.focus('#play-board [data-cell="3,2,0"]');
    const ring = await page.evaluate(() => {
      const el = document.querySelector('#play-board .focus-ring');
      const style = getComputedStyle(el);
      return { d: el.getAttribute('d'), width: parseFloat(style.strokeWidth), box: el.getBoundingClientRect(), cell: document.querySelector('#play-board [data-cell="3,2,0"]').getBoundingClientRect() };
    });
    expect(ring.width).toBeGreaterThanOrEqual(4);
    expect(Math.abs(ring.box.x - ring.cell.x)).toBeLessThan(1);
    expect(Math.abs(ring.box.width - ring.cell.width)).toBeLessThan(1);
    await close(page);
  });

  it('draws the 3-D view\'s focus ring inside the canvas, where it is not cut off', async () => {
    const page = await openApp(device, '#catalog=soma');
    await page.waitForSelector('[data-testid=solution-view] canvas');
    await page.focus('[data-testid=solution-view] canvas');
    const { offset, width } = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('[data-testid=solution-view] canvas'));
      return { offset: parseFloat(style.outlineOffset), width: parseFloat(style.outlineWidth) };
    });
    expect(width).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(-width);
    await close(page);
  });

  it('moves the pieces slider with "Assemble step by step"', async () => {
    const page = await openApp(device, '#catalog=kanoodle-pyramid');
    await solveOnPage(page, 'first');
    await page.waitForSelector('#play-assembly:not([hidden])');
    // (the slider learns the pieces once the 3-D view, loaded on first use, shows the solution)
    await expect.poll(() => page.getAttribute('[data-testid=step]', 'max')).toBe('12');
    const max = 12;
    await page.click('#play-assembly');
    const values = new Set<number>();
    await expect.poll(async () => {
      values.add(Number(await page.inputValue('[data-testid=step]')));
      return values.size;
    }, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    expect(Math.min(...values)).toBeLessThan(max);
    await close(page);
  });

  it('opens offline under its own name, /index.html, as under /', async () => {
    const page = await openApp(device);
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await page.context().setOffline(true);
    await page.goto(`${chromium.url}index.html#catalog=pentomino-3x20`);
    await page.waitForSelector('body[data-ready=true]');
    expect(await puzzleName(page)).toBe(loadCatalogPuzzle('pentomino-3x20').name);
    await close(page);
  });
});

describe('the web app at 1280 px', () => {
  it('keeps Cancel on the row of Solve', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(chromium.url);
    await page.waitForSelector('body[data-ready=true]');
    const solve = (await page.locator('[data-testid=solve]').boundingBox())!;
    const cancel = (await page.locator('[data-testid=cancel]').boundingBox())!;
    expect(cancel.y).toBe(solve.y);
    await context.close();
  });
});

describe('snug web', () => {
  /** A file as served, raw (undecoded), with the headers. */
  const get = (path: string, acceptEncoding?: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> => new Promise((resolve, reject) => {
    const req = httpRequest(`${chromium.url}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

  it('sends the app\'s text compressed (brotli, else gzip) to a browser that takes it, and plain to one that does not', async () => {
    const root = fileURLToPath(new URL('../../dist/web/', import.meta.url));
    const page = readFileSync(join(root, 'index.html'));
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(page.toString('utf8'))![1]!;
    const original = readFileSync(join(root, script));
    const br = await get(script, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length / 2);
    const gz = await get(script, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await get(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    const refused = await get(script, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
