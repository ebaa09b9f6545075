/**
 * Large boards in the web app, in real Chromium: the page keeps answering while a board of a million
 * cells is solved and drawn. Before, a 95-character link (a 1000x1000 board, ten 1000x100 rectangles)
 * froze the tab for 280 s after Solve, and 10,000 10x10 squares froze it for 70 s: the picture was drawn
 * on the page's thread with a string per cell, and each cell went to and from the workers as an array of
 * its own. The page's longest stall is measured inside it (a timer that notes the longest gap between its
 * ticks); the bound is generous (a loaded machine) and still far below the freezes it replaces. What is
 * drawn is checked by its structure: one element per piece, not one per cell.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndServer } from '../test-support/browser.js';
import { packPuzzleText } from '../web/link.js';

declare const document: any;

const chromium = useBrowserAndServer();

/** The longest the page may stall, in ms: the freezes before were 70 and 280 s. */
const LONGEST_STALL_MS = 20_000;

async function openLink(text: string): Promise<Page> {
  const page = await chromium.browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${chromium.url}#puzzle=${packPuzzleText(text)}`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 120_000 });
  expect(errors).toEqual([]);
  return page;
}

/** Starts the page's stall meter: a 50 ms timer noting the longest gap between two of its ticks. */
async function meterStalls(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const meter = { last: performance.now(), longest: 0 };
    (globalThis as unknown as { stalls: typeof meter }).stalls = meter;
    setInterval(() => {
      const now = performance.now();
      meter.longest = Math.max(meter.longest, now - meter.last);
      meter.last = now;
    }, 50);
  });
  return () => page.evaluate(() => (globalThis as unknown as { stalls: { longest: number } }).stalls.longest);
}

/** Solves for the first solution and waits for its picture (a drawn piece of the given count). */
async function solveAndWaitForPicture(page: Page, pieces: number): Promise<void> {
  await page.click('[data-testid=solve]');
  await page.waitForFunction((n) => document.querySelectorAll('#solution-view svg g.piece').length === n, pieces, { timeout: 240_000, polling: 250 });
}

describe('a board of a million cells', () => {
  it('ten 1000x100 rectangles: solved and drawn while the page answers, one element per piece; Play, Watch and Edit say it is too large to draw cell by cell', { timeout: 400_000 }, async () => {
    const page = await openLink('name: Big\nboard: {rect: [1000, 1000]}\npieces:\n  R: {rect: [1000, 100], count: 10}\n');
    const longestStall = await meterStalls(page);
    await solveAndWaitForPicture(page, 10);
    expect(await longestStall()).toBeLessThan(LONGEST_STALL_MS);
    // one element per piece, each a rectangle or a few: nothing per cell
    const elements = await page.evaluate(() => document.querySelectorAll('#solution-view svg *').length);
    expect(elements).toBeLessThan(200);
    // the picture's download is the one drawn
    const download = page.waitForEvent('download');
    await page.click('#export-svg');
    const svgPath = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(svgPath, 'utf8')).match(/<g class="piece"/g)?.length).toBe(10);

    await page.click('[data-testid=tab-play]');
    expect(await page.textContent('#play-board [data-testid=too-large]')).toBe('1,000,000 cells are too many to play by hand here (at most 40,000, one by one); Solve and the pictures take any size.');
    expect(await page.locator('#play-board [data-cell]').count()).toBe(0);
    expect(await page.isDisabled('#hint-button')).toBe(true);
    await page.click('[data-testid=tab-watch]');
    expect(await page.textContent('#watch-board [data-testid=too-large]')).toMatch(/^1,000,000 cells are too many to watch the search here/);
    expect(await page.isDisabled('[data-testid=watch]')).toBe(true);
    await page.click('[data-testid=tab-edit]');
    await expect.poll(() => page.textContent('#editor')).toMatch(/1,000,000 cells are too many to edit here .*: edit this puzzle's file/);
    expect(await longestStall()).toBeLessThan(LONGEST_STALL_MS);
    await page.close();
  });

  it('10,000 10x10 squares: solved and drawn while the page answers, one rectangle per square', { timeout: 400_000 }, async () => {
    const page = await openLink('name: Squares\nboard: {rect: [1000, 1000]}\npieces:\n  S: {rect: [10, 10], count: 10000}\n');
    const longestStall = await meterStalls(page);
    await solveAndWaitForPicture(page, 10_000);
    expect(await longestStall()).toBeLessThan(LONGEST_STALL_MS);
    expect(await page.evaluate(() => document.querySelectorAll('#solution-view svg g.piece rect').length)).toBe(10_000);
    await page.close();
  });
});
