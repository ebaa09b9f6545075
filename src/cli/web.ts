/**
 * `snug web`: the web app (built by `npm run build` into dist/web) served on a local port until Ctrl-C,
 * or, with --out, copied into a folder for any static host. The app is static files: the server only
 * reads them (GET and HEAD, inside dist/web), so it can be any server; this one needs nothing installed.
 */
import { createReadStream, cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
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
      mkdirSync(out, { recursive: true });
      cpSync(root, out, { recursive: true });
    } catch (e) {
      throw new OutputError(`${printable(out, 80)}: cannot write the app: ${fileProblem(e)}`);
    }
    process.stdout.write(`The web app is in ${out}: put the folder on any static web host (it works from a sub-path too).\n`);
    return 0;
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = normalize(join(root, decodeURIComponent(url.pathname)));
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (!path.startsWith(root.endsWith(sep) ? root : root + sep) && path !== root) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path) || !statSync(path).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    // hashed asset names never change; the page and the service worker must be fetched afresh
    const cache = url.pathname.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    // text (the scripts, the page, the styles) goes compressed when the browser takes it: a third of the size
    const encoding = COMPRESSIBLE.test(type) ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
    response.writeHead(200, { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff', vary: 'accept-encoding', ...(encoding ? { 'content-encoding': encoding } : {}) });
    if (request.method === 'HEAD') response.end();
    else if (encoding === 'br') createReadStream(path).pipe(createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })).pipe(response);
    else if (encoding === 'gzip') createReadStream(path).pipe(createGzip()).pipe(response);
    else createReadStream(path).pipe(response);
  });
  const host = flags.host ?? '127.0.0.1';
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
  const port = typeof address === 'object' && address ? address.port : flags.port;
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
