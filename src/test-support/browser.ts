/**
 * Real Chromium (Debian's package, driven by playwright-core) and the built `snug web`, for one test file:
 * started before its tests and stopped after them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, startWebServer } from '../bench/chromium.js';

export interface BrowserAndServer {
  /** The browser (once the file's tests run). */
  readonly browser: Browser;
  /** The web app's address, as `http://127.0.0.1:PORT`. */
  readonly url: string;
}

export function useBrowserAndServer(): BrowserAndServer {
  let browser: Browser | undefined;
  let server: { url: string; stop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    server = await startWebServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get browser() { return browser!; },
    get url() { return server!.url; },
  };
}
