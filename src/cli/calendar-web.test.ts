/**
 * The calendar of the web app in real Chromium (Debian's package, driven by playwright-core): a puzzle
 * whose file names its months and days shows a date picker, today's date at first, and the count of the
 * date picked; the counts are the published ones (anowell/today-puzzle).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndServer } from '../test-support/browser.js';

declare const document: any;

const chromium = useBrowserAndServer();

async function openApp(fragment: string, viewport = { width: 1100, height: 900 }): Promise<Page> {
  const page = await chromium.browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${chromium.url}${fragment}`);
  await page.waitForSelector('body[data-ready=true]');
  expect(errors).toEqual([]);
  return page;
}

/** Picks a date in the calendar's date input and waits for its count. */
async function pickDate(page: Page, value: string, name: string): Promise<string> {
  await page.fill('[data-testid=calendar-date]', value);
  await page.dispatchEvent('[data-testid=calendar-date]', 'change');
  await page.waitForFunction((prefix: string) => {
    const text = document.querySelector('[data-testid=calendar-count]')!.textContent as string;
    return text.startsWith(prefix) && !text.includes('counting');
  }, `${name}:`, { timeout: 60_000 });
  return (await page.textContent('[data-testid=calendar-count]'))!;
}

describe('the calendar of the web app', () => {
  it("A-Puzzle-A-Day: today's date at first; October 6 picked has 7 solutions, January 25 216 (on a phone too)", async () => {
    for (const viewport of [{ width: 1100, height: 900 }, { width: 390, height: 844 }]) {
      const page = await openApp('#catalog=a-puzzle-a-day', viewport);
      expect(await page.isVisible('[data-testid=calendar]')).toBe(true);
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      expect(await page.inputValue('[data-testid=calendar-date]')).toBe(today);
      expect(await pickDate(page, '2026-10-06', 'October 6')).toBe('October 6: 7 solutions.');
      expect(await pickDate(page, '2027-01-25', 'January 25')).toBe('January 25: 216 solutions.');
      await page.close();
    }
  });

  it('a puzzle without dates shows no calendar', async () => {
    const page = await openApp('#catalog=pentomino-6x10');
    expect(await page.isVisible('[data-testid=calendar]')).toBe(false);
    await page.selectOption('[data-testid=catalog]', 'a-puzzle-a-day');
    await page.waitForSelector('[data-testid=calendar]', { state: 'visible' });
    await page.close();
  });
});
