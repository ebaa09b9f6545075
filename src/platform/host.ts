/**
 * What the library needs from the platform it runs on, for Node. Everything else in src/ below the CLI is
 * plain ECMAScript, so the web app runs the very same modules: its build (vite.config.ts) swaps this one
 * module for host.browser.ts, which exports the same names (a type check there says so). Keep this
 * module small, and free of work at import time: the command line tool loads it on every start.
 *
 * - cores, sha256Hex, hmacSha256Hex, packageVersion, environmentVariable: facts, a hash and a MAC.
 * - defaultSecretFile, readSecretFile: a key file of the user's own (secret-file.ts).
 * - yamlModule, xmlParserModule, zodModule, gunzipText, gzip: parsers, checks and compression, loaded on
 *   first use (most runs read the compiled catalog and never parse a file; zod is half the command line
 *   tool's code, and only what a run reads back needs it).
 * - startSearchThread, parentThread: a thread running runs/worker.ts, started by its URL (runs/search-thread.ts
 *   says what it answers), and that thread's way back.
 * - nextTurn, emitWarning, thisProcess: the event loop, the process's warnings, its ID and machine.
 * - durableFiles, workQueue: files that survive a crash (durable-file.ts) and Redis with BullMQ
 *   (redis-queue.ts), for long runs; each loaded on first use. What is written there means something only
 *   to runs/ (checkpoints, the queue's records): this folder imports nothing of the library.
 * - readTextFile, readFileBytes, pathKind: the files a user names (user-files.ts).
 * - catalogFileNames, readCatalogFile, compiledCatalogEntry: the catalog's files (catalog-files.ts).
 * - svgToPng: pictures as pixels (png.ts, resvg loaded on first use).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, hostname } from 'node:os';
import type * as Zod from 'zod';
import type * as Crypto from 'node:crypto';
import type * as WorkerThreads from 'node:worker_threads';
import type * as Zlib from 'node:zlib';
import type * as Yaml from 'yaml';
import type * as Fxp from 'fast-xml-parser';
import type { DurableFiles, Host, ParentThread, SearchThread, WorkQueueTransport } from './types.js';

export type { SearchThread } from './types.js';
import { pathKind, readFileBytes, readTextFile } from './user-files.js';
import { catalogFileNames, compiledCatalogEntry, readCatalogFile } from './catalog-files.js';
import { svgToPng } from './png.js';
import { defaultSecretFile, readSecretFile } from './secret-file.js';

export { pathKind, readFileBytes, readTextFile, catalogFileNames, compiledCatalogEntry, readCatalogFile, svgToPng, defaultSecretFile, readSecretFile };

export function cores(): number {
  return availableParallelism();
}

export function sha256Hex(text: string): string {
  return (require('node:crypto') as typeof Crypto).createHash('sha256').update(text).digest('hex');
}

export function hmacSha256Hex(key: Uint8Array, text: string): string {
  return (require('node:crypto') as typeof Crypto).createHmac('sha256', key).update(text).digest('hex');
}

export function environmentVariable(name: string): string | undefined {
  return process.env[name];
}

let root: { url: URL; version: string } | undefined | null;

/**
 * The package this module was loaded from, found by walking up to snug's package.json: this works for the
 * sources, the built library and the bundled command line tool (and its chunks) alike.
 */
function packageRoot(): { url: URL; version: string } | undefined {
  if (root === undefined) {
    root = null;
    for (let up = './'; up.length <= 14; up += '../') {
      const url = new URL(up, import.meta.url);
      const file = new URL('package.json', url);
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'snug' && pkg.version) {
        root = { url, version: pkg.version };
        break;
      }
    }
  }
  return root ?? undefined;
}

/** snug's version, from its package.json. */
export function packageVersion(): string {
  return packageRoot()?.version ?? '0.0.0';
}

// Node's own modules that a short run does not use (hashing plans, threads, compression) are loaded on
// first use too: each costs its compilation at start (crypto alone is some twenty internal modules).
const require = createRequire(import.meta.url);
let yaml: typeof Yaml | undefined;
let xmlParser: typeof Fxp | undefined;
let zod: typeof Zod | undefined;

/**
 * The command line's launcher (dist/cli/snug.cjs, made by scripts/bundle-cli.mjs) serves the packages
 * below as one script each with V8's code cache of it: the same package, loaded and first run in a few
 * milliseconds instead of some thirty (yaml is dozens of files to find and compile before a puzzle file's
 * first line is read). Elsewhere (the library, tests, worker threads) they are required as usual.
 */
const launcherPackage = (globalThis as unknown as Record<symbol, ((name: string) => unknown) | undefined>)[Symbol.for('snug.package')];

function loadPackage<T>(name: string): T {
  return (launcherPackage?.(name) ?? require(name)) as T;
}

export function yamlModule(): typeof Yaml {
  return (yaml ??= loadPackage<typeof Yaml>('yaml'));
}

export function xmlParserModule(): typeof Fxp {
  return (xmlParser ??= loadPackage<typeof Fxp>('fast-xml-parser'));
}

export function zodModule(): typeof Zod {
  return (zod ??= loadPackage<typeof Zod>('zod'));
}

/** The text gzip data holds; a RangeError when it would unpack to more than `maxBytes`. */
export function gunzipText(data: Uint8Array, maxBytes: number): string {
  try {
    return (require('node:zlib') as typeof Zlib).gunzipSync(data, { maxOutputLength: maxBytes }).toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new RangeError(`more than ${maxBytes} bytes`);
    throw e;
  }
}

export function gzip(data: Uint8Array): Uint8Array {
  return (require('node:zlib') as typeof Zlib).gzipSync(data);
}

/**
 * A worker thread running the built dist/lib/worker.js (worker.ts and what it imports, as one module:
 * scripts/bundle-library.mjs), named by its place in the package (also from the sources, in the tests:
 * `npm test` builds first).
 */
export function startSearchThread(): SearchThread {
  const worker = new (require('node:worker_threads') as typeof WorkerThreads).Worker(new URL('dist/lib/worker.js', packageRoot()?.url ?? new URL('../../', import.meta.url)), {
    execArgv: workerExecArgv(process.execArgv),
  });
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
    onError: (listener) => worker.on('error', listener),
    terminate: async () => {
      await worker.terminate();
    },
  };
}

/**
 * The Node options a worker thread inherits: the program's own, less `--input-type`, which is about the
 * program's code given on the command line (`node --input-type=module -e ...`) and makes a worker started
 * from a file fail before it runs (ERR_INPUT_TYPE_NOT_ALLOWED).
 */
function workerExecArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const option = execArgv[i]!;
    if (option === '--input-type') i++;
    else if (!option.startsWith('--input-type=')) out.push(option);
  }
  return out;
}

export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function parentThread(): ParentThread {
  const port = (require('node:worker_threads') as typeof WorkerThreads).parentPort!;
  return {
    post: (message) => port.postMessage(message),
    onMessage: (listener) => port.on('message', listener),
  };
}

export function emitWarning(message: string, kind: string): void {
  process.emitWarning(message, kind);
}

export function thisProcess(): { readonly pid: number; readonly host: string } {
  return { pid: process.pid, host: hostname() };
}

export function durableFiles(): Promise<DurableFiles> {
  return import('./durable-file.js');
}

export async function workQueue(): Promise<WorkQueueTransport> {
  return (await import('./redis-queue.js')).transport;
}

// the names host.browser.ts must export too
({
  cores, sha256Hex, hmacSha256Hex, environmentVariable, defaultSecretFile, readSecretFile, packageVersion, yamlModule, xmlParserModule, zodModule, gunzipText, gzip, startSearchThread, parentThread, nextTurn, emitWarning, thisProcess,
  readTextFile, readFileBytes, pathKind, catalogFileNames, readCatalogFile, compiledCatalogEntry, svgToPng, durableFiles, workQueue,
}) satisfies Host;
