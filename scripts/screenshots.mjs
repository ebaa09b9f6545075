// Screenshots of the web app for the README (docs/screenshots/*.png): `npm run build`, then
// `node scripts/screenshots.mjs`. Drives Debian's chromium through playwright-core, as the tests do.
import { mkdirSync } from 'node:fs';
import { launchChromium, startWebServer } from '../dist/bench/chromium.js';

const out = 'docs/screenshots';
mkdirSync(out, { recursive: true });
const server = await startWebServer();
const browser = await launchChromium();
const open = async (fragment, viewport = { width: 1100, height: 1000 }) => {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  await page.goto(`${server.url}${fragment}`);
  await page.waitForSelector('body[data-ready=true]');
  return page;
};
const solved = async (page, mode, unique = false) => {
  await page.check(`input[name=mode][value=${mode}]`);
  await page.setChecked('[data-testid=unique]', unique);
  await page.click('[data-testid=solve]');
  await page.waitForSelector('[data-testid=summary][data-solutions]:not([data-solutions=""])', { timeout: 120_000 });
};
try {
  // a flat puzzle solved: all unique solutions of pentomino-6x10, the 100th shown
  let page = await open('#catalog=pentomino-6x10');
  await solved(page, 'all', true);
  await page.fill('[data-testid=solution-index]', '100');
  await page.press('[data-testid=solution-index]', 'Enter');
  await page.screenshot({ path: `${out}/solved-2d.png`, fullPage: true });
  await page.close();

  // a 3-D puzzle in the 3-D view, a little exploded
  page = await open('#catalog=bedlam-cube');
  await solved(page, 'first');
  await page.fill('#explode', '0.35');
  await page.dispatchEvent('#explode', 'input');
  await page.waitForTimeout(400);
  await page.locator('#results').screenshot({ path: `${out}/view-3d.png` });
  await page.close();

  // the editor, on a puzzle of one's own
  page = await open('#catalog=katamino-5x4');
  await page.click('[data-testid=tab-edit]');
  await page.waitForTimeout(200);
  const box = await page.locator('#results').boundingBox();
  await page.screenshot({ path: `${out}/editor.png`, fullPage: true, clip: { x: box.x, y: box.y, width: box.width, height: 1100 } });
  await page.close();

  // a hint on a half-done board
  page = await open('#catalog=pentomino-6x10');
  await page.click('[data-testid=tab-play]');
  // a piece put down on these cells: picked up, its ghost moved by the focus and turned until it covers them
  const put = async (piece, cells) => {
    await page.click(`#play-board [data-piece=${piece}]`);
    const wanted = cells.map((c) => c.join(',')).sort().join(' ');
    const ghost = async () => JSON.parse((await page.getAttribute('[data-testid=ghost]', 'data-cells')) ?? '[]').map((c) => `${c[0]},${c[1]}`).sort().join(' ');
    for (let k = 0; k < 8; k++) {
      for (const [x, y] of cells) {
        await page.focus(`#play-board [data-cell="${x},${y},0"]`);
        if ((await ghost()) === wanted) {
          await page.keyboard.press('Enter');
          return;
        }
      }
      await page.click(k === 3 ? '[data-testid=play-flip]' : '[data-testid=play-turn]');
    }
    throw new Error(`${piece} never covered ${wanted}`);
  };
  await put('I', [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]);
  await put('L', [[5, 0], [6, 0], [7, 0], [8, 0], [8, 1]]);
  const hint = async () => {
    await page.evaluate(() => { delete document.getElementById('play-status').dataset.hintPiece; });
    await page.click('[data-testid=hint]');
    await page.waitForFunction(() => document.getElementById('play-status').dataset.hintPiece !== undefined);
  };
  await hint();
  await page.click('[data-testid=place-hint]');
  await hint();
  await page.locator('#results').screenshot({ path: `${out}/hint.png` });

  // the Play tab with a piece being dragged: the Y picked up from the tray, turned, on its way over the board
  await page.click('[data-testid=place-hint]');
  await page.locator('#play-board [data-piece=Y]').scrollIntoViewIfNeeded();
  const from = await page.locator('#play-board [data-piece=Y]').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.keyboard.press('r');
  const to = await page.locator('#play-board [data-cell="6,3,0"]').boundingBox();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.locator('#results').screenshot({ path: `${out}/play.png` });
  await page.mouse.up();
  await page.close();

  // the same app on a phone
  page = await open('#catalog=soma', { width: 390, height: 844 });
  await solved(page, 'first');
  await page.evaluate(() => document.getElementById('solve').scrollIntoView());
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/phone.png` });
  await page.close();
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${out}/`);
