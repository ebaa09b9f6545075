// Looks at the 3-D view's development page in headless Chromium: takes a screenshot and prints what the
// canvas shows (colourCensus in view3d-dev.ts). Start `npx vite --port 5183` first, then from the
// repository root: node src/web/dev/check-view3d.mjs PUZZLE [EXPLODE] [WIDTH] [HEIGHT] [stepK | apartK]
// (screenshots go to $SHOTS, /tmp by default). Chromium is launched as the tests launch it (npm run build
// first: src/bench/chromium.ts, with SwiftShader for WebGL without a GPU).
import { launchChromium } from '../../../dist/bench/chromium.js';

const [, , puzzle = 'soma', explode = '0', width = '900', height = '700', extra = ''] = process.argv;
const base = process.env.VIEW3D_URL ?? 'http://localhost:5183';
const shots = process.env.SHOTS ?? '/tmp';
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.goto(`${base}/dev/view3d.html?puzzle=${puzzle}`);
await page.waitForFunction(() => window.view3dDev !== undefined);
await page.evaluate((e) => window.view3dDev.view.setExplode(Number(e)), explode);
if (extra.startsWith('step')) await page.evaluate((k) => window.view3dDev.view.setStep(k), Number(extra.slice(4)));
if (extra.startsWith('apart')) console.log('moves', await page.evaluate((k) => window.view3dDev.takeApart(k), Number(extra.slice(5))));
console.log(puzzle, JSON.stringify(await page.evaluate(() => window.view3dDev.colourCensus())));
const path = `${shots}/view3d-${puzzle}-${explode}-${width}x${height}${extra}.png`;
await page.screenshot({ path });
console.log(path);
await browser.close();
