/**
 * `snug web`: the web app (built by `npm run build` into dist/web) served on a local port until Ctrl-C,
 * or, with --out, copied into a folder for any static host. The app is static files: the server only
 * reads them (GET and HEAD, inside dist/web), so it can be any server; this one needs nothing installed.
 */
import { chmodSync, createReadStream, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import type * as Http from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type * as Zlib from 'node:zlib';
import { hostname } from 'node:os';
import { basename, dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OutputError, UsageError, fileProblem } from './errors.js';
import { printable } from '../puzzle/printable.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.yaml': 'application/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = /^(text\/|application\/(json|yaml|wasm)|image\/svg)/;

// node:http and node:zlib are required when a server is made: every other command of the tool, which
// bundles this file, would load them for nothing (some 4 ms of each start)
const require = createRequire(import.meta.url);

/** The compression to send, from the request's Accept-Encoding: brotli, then gzip, else none ('q=0' refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string): boolean => (accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/** The built app: dist/web, beside dist/cli where the command line tool is (or from src/cli, the tests). */
export function webRoot(): string {
  for (const up of ['../web/', '../../dist/web/']) {
    const dir = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  throw new UsageError('the web app is not built: run `npm run build` in snug\'s folder first');
}

/**
 * Sent with every answer. The app is its own files only: scripts, workers and styles from the server, pictures
 * it draws itself as data: and blob: URLs (saved SVG and PNG), no frames (no page may show it inside its own
 * to lure clicks), and no address sent on to other sites (a link's fragment never leaves the page anyway).
 * Styles may be inline: the app sets them on elements and in the SVG it draws. WebAssembly may be compiled
 * ('wasm-unsafe-eval', which allows no eval of scripts): the search's loops are a module the app's own
 * script carries.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** How long a connection may take (milliseconds): one that sends nothing, or too slowly, is closed. */
export interface WebTimeouts {
  /** The request's headers must all have come by then (an idle connection is closed after this). */
  readonly headers: number;
  /** The whole request. */
  readonly request: number;
  /** A kept-alive connection waiting for its next request. */
  readonly keepAlive: number;
  /** How often connections are checked against the first two. */
  readonly check: number;
  /** A connection on which nothing moves, either way (one that never sends a byte is not a request yet: only this closes it). */
  readonly idle: number;
}

const TIMEOUTS: WebTimeouts = { headers: 10_000, request: 30_000, keepAlive: 5_000, check: 1_000, idle: 20_000 };

/**
 * The names a request may give in its Host header: localhost's, any address written as digits (no page
 * can make a browser send another site's name with one), this machine's name, and the --host given. A
 * name of another site pointed at this machine (DNS rebinding) would let that site's pages read the app's
 * answers as their own: it is refused.
 */
function hostAllowed(header: string | undefined, served: string, port: number): boolean {
  if (header === undefined) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:\[\]]+)(?::(\d+))?$/i.exec(header);
  if (!match) return false;
  const name = match[1]!.toLowerCase();
  if (match[2] !== undefined ? Number(match[2]) !== port : port !== 80) return false;
  const bare = name.replace(/^\[|\]$/g, '');
  const numeric = /^\d{1,3}(\.\d{1,3}){3}$/.test(bare) || (name.startsWith('[') && bare.includes(':'));
  return numeric || name === 'localhost' || name.endsWith('.localhost') || bare === served.toLowerCase() || name === hostname().toLowerCase();
}

/**
 * The server of the built app in `root`: GET and HEAD of its files, nothing outside it (a symbolic link
 * inside that leads out is refused too), for requests that name the host it serves.
 */
export function webServer(root: string, host: string, port: () => number, timeouts: WebTimeouts = TIMEOUTS): Server {
  const zlib = require('node:zlib') as typeof Zlib;
  const realRoot = realpathSync(root);
  const inside = (path: string): boolean => path === realRoot || path.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
  const answer = (request: IncomingMessage, response: ServerResponse): void => {
    const refuse = (status: number, text?: string): void => {
      response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...(status === 405 ? { allow: 'GET, HEAD' } : {}) }).end(text);
    };
    if (!hostAllowed(request.headers.host, host, port())) return refuse(421, 'this server answers only to its own address\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
    const url = new URL(request.url ?? '/', 'http://localhost');
    let path: string;
    try {
      path = normalize(join(realRoot, decodeURIComponent(url.pathname)));
    } catch {
      return refuse(400);
    }
    if (!inside(path)) return refuse(403);
    try {
      // what the path is after every link in it is followed: links that lead out of the app are not its files
      path = realpathSync(path);
      if (statSync(path).isDirectory()) path = realpathSync(join(path, 'index.html'));
    } catch {
      return refuse(404, 'not found\n');
    }
    if (!inside(path)) return refuse(403);
    if (!statSync(path).isFile()) return refuse(404, 'not found\n');
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    // hashed asset names never change; the page and the service worker must be fetched afresh
    const cache = url.pathname.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    // text (the scripts, the page, the styles) goes compressed when the browser takes it: a third of the size
    const encoding = COMPRESSIBLE.test(type) ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
    response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': type, 'cache-control': cache, vary: 'accept-encoding', ...(encoding ? { 'content-encoding': encoding } : {}) });
    if (request.method === 'HEAD') response.end();
    else if (encoding === 'br') createReadStream(path).pipe(zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })).pipe(response);
    else if (encoding === 'gzip') createReadStream(path).pipe(zlib.createGzip()).pipe(response);
    else createReadStream(path).pipe(response);
  };
  const server = (require('node:http') as typeof Http).createServer({ requestTimeout: timeouts.request, headersTimeout: timeouts.headers, keepAliveTimeout: timeouts.keepAlive, connectionsCheckingInterval: timeouts.check }, answer);
  // with no 'timeout' listener, a socket idle this long is destroyed
  server.setTimeout(timeouts.idle);
  return server;
}

/**
 * Copies the app into `out` (a new folder, or an empty one, or a link to one): into a folder made beside it
 * first, which takes the place of `out` only once the copy is whole, so that a full disk leaves no half site.
 */
function writeSite(root: string, out: string): void {
  const target = existsSync(out) ? realpathSync(out) : resolve(out);
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), `.${basename(target)}-`));
  try {
    cpSync(root, staging, { recursive: true });
    chmodSync(staging, existsSync(target) ? statSync(target).mode & 0o7777 : 0o755);
    // rename replaces an empty folder in one step (POSIX); elsewhere the empty folder goes first
    try {
      renameSync(staging, target);
    } catch (e) {
      if (!existsSync(target)) throw e;
      rmdirSync(target);
      renameSync(staging, target);
    }
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}

export interface WebFlags {
  readonly port?: number;
  readonly host?: string;
  readonly out?: string;
}

export async function webCommand(flags: WebFlags): Promise<number> {
  const root = webRoot();
  if (flags.out !== undefined) {
    const out = flags.out;
    if (existsSync(out) && (!statSync(out).isDirectory() || readdirSync(out).length > 0)) {
      throw new UsageError(`--out ${printable(out, 80)}: not an empty folder (the app's files are written into a new or empty one)`);
    }
    try {
      writeSite(root, out);
    } catch (e) {
      throw new OutputError(`${printable(out, 80)}: cannot write the app: ${fileProblem(e)}`);
    }
    process.stdout.write(`The web app is in ${printable(out, 200)}: put the folder on any static web host (it works from a sub-path too).\n`);
    return 0;
  }
  const host = flags.host ?? '127.0.0.1';
  let listening = flags.port ?? 8080;
  const server = webServer(root, host, () => listening);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(flags.port ?? 8080, host, () => resolve());
  }).catch((e: unknown) => {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${flags.port ?? 8080} is in use: pick another with --port (0 picks a free one)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`--host ${printable(host, 60)}: not an address of this machine`);
    if (code === 'EACCES') throw new UsageError(`port ${flags.port ?? 8080} needs more rights: pick one above 1023 with --port`);
    throw e;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : listening;
  listening = port;
  const shown = host.includes(':') ? `[${host}]` : host;
  process.stdout.write(`snug web: http://${shown}:${port}/  (Ctrl-C stops it)\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      server.close(() => resolve());
      server.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
