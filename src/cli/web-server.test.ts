/**
 * `snug web`'s server and `--out` (issue 25, section 3): only the app's own files, never through a link that
 * leads out; idle connections closed; the security headers on every answer; only requests that name the
 * host it serves (DNS rebinding); `--out` through a link to an empty folder, its path printed safely, and
 * never a half-written site. The server is run here on a folder of a few files made for the test.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { webServer } from './web.js';
import { launchChromium, startWebServer } from '../bench/chromium.js';

// the page's globals, for the functions that run in it (this file is type-checked without the DOM's types)
declare const document: any;

const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

let server: Server;
let port: number;
const base = mkdtempSync(join(tmpdir(), 'snug-web-server-'));
const root = join(base, 'app');

beforeAll(async () => {
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'assets', 'a.js'), 'export {};');
  writeFileSync(join(base, 'secret.txt'), 'not the app\'s');
  // planted links: one to a file outside the root, one to a folder outside it, one to a file inside it
  symlinkSync(join(base, 'secret.txt'), join(root, 'passwd'));
  symlinkSync(base, join(root, 'up'));
  symlinkSync(join(root, 'index.html'), join(root, 'home.html'));
  server = webServer(root, '127.0.0.1', () => port, { headers: 300, request: 1000, keepAlive: 300, check: 100, idle: 300 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A GET with the Host header given (fetch sets its own). */
function get(path: string, host = `127.0.0.1:${port}`): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, path, headers: { host }, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    r.on('error', reject);
    r.end();
  });
}

describe('the server of snug web', () => {
  it('serves the app\'s files, and a link that stays inside', async () => {
    expect(await get('/')).toMatchObject({ status: 200, body: '<!doctype html><title>app</title>' });
    expect(await get('/assets/a.js')).toMatchObject({ status: 200, body: 'export {};' });
    expect(await get('/home.html')).toMatchObject({ status: 200, body: '<!doctype html><title>app</title>' });
  });

  it('compresses text as the browser accepts it: brotli, then gzip, else none', async () => {
    const raw = (encoding: string): Promise<{ encoding: string | undefined; body: Buffer }> => new Promise((resolve, reject) => {
      const r = request({ host: '127.0.0.1', port, path: '/', headers: { host: `127.0.0.1:${port}`, 'accept-encoding': encoding }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      r.on('error', reject);
      r.end();
    });
    const page = readFileSync(join(root, 'index.html'), 'utf8');
    const br = await raw('gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(page);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(page);
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(page);
  });

  it('never follows a link out of its folder', async () => {
    expect((await get('/passwd')).status).toBe(403);
    expect((await get('/up/secret.txt')).status).toBe(403);
    expect((await get('/..%2fsecret.txt')).status).toBe(403);
  });

  it('sends the security headers with every answer, refusals too', async () => {
    for (const path of ['/', '/assets/a.js', '/nothing', '/passwd']) {
      const { headers } = await get(path);
      expect(headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers only requests that name its own host and port (DNS rebinding)', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`, `10.0.0.7:${port}`]) expect((await get('/', host)).status, host).toBe(200);
    for (const host of [`evil.example:${port}`, 'localhost', `localhost:${port + 1}`, `127.0.0.1.evil.example:${port}`]) expect((await get('/', host)).status, host).toBe(421);
    // and a request that names no host at all (HTTP/1.0 allows it)
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (chunk) => { reply += chunk.toString(); });
    await new Promise((resolve) => socket.once('close', resolve).end('GET / HTTP/1.0\r\n\r\n'));
    expect(reply).toMatch(/^HTTP\/1\.1 421 /);
  });

  it('closes a connection that sends nothing', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // the server's limit for an idle connection is 300 ms here: a connection still open after many times that is never closed
    const verdict = await Promise.race([closed.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), 30_000))]);
    socket.destroy();
    expect(verdict).toBe('closed');
  });
});

describe('snug web --out', () => {
  const run = (out: string) => spawnSync(process.execPath, [bin, 'web', '--out', out], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

  it('writes into an empty folder named through a link', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snug-web-out-'));
    mkdirSync(join(dir, 'empty'));
    symlinkSync(join(dir, 'empty'), join(dir, 'site'));
    const r = run(join(dir, 'site'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readdirSync(join(dir, 'site'))).toEqual(expect.arrayContaining(['index.html', 'sw.js', 'assets']));
    expect(readFileSync(join(dir, 'empty', 'index.html'), 'utf8')).toMatch(/<script/);
    // nothing left beside it: the copy was made in a folder of its own and renamed when whole
    expect(readdirSync(dir).sort()).toEqual(['empty', 'site']);
  });

  it('prints the folder\'s name with its control characters escaped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'snug-web-out-'));
    const r = run(join(dir, 'site\x1b[31mred'));
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/\x1b/);
    expect(r.stdout).toMatch(/site\\x1b\[31mred/);
  });
});

describe('the app under its Content-Security-Policy', () => {
  it('loads, solves on its workers and draws in Chromium with no violation of the policy', async () => {
    const served = await startWebServer();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
      await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e: any) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`)));
      const response = await page.goto(served.url);
      expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
      await page.waitForSelector('body[data-ready=true]');
      await page.click('[data-testid=solve]');
      await page.waitForFunction(() => (document.getElementById('summary')!.dataset.solutions ?? '') !== '', null, { timeout: 90_000 });
      expect(Number(await page.getAttribute('[data-testid=summary]', 'data-solutions'))).toBeGreaterThan(0);
      expect(await page.locator('[data-testid=solution-view] svg, [data-testid=solution-view] canvas').count()).toBeGreaterThan(0);
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
      await served.stop();
    }
  });
});
