/**
 * What the library needs from the platform it runs on, for Node. Everything else in src/ below the CLI is
 * plain ECMAScript, so the web app runs the very same modules: its build (vite.config.ts) swaps this one
 * module for host.browser.ts, which exports the same names (a type check there says so). Keep this
 * module small, and free of work at import time: the command line tool loads it on every start.
 *
 * - cores, sha256Hex, packageVersion: facts and a hash.
 * - yamlModule, xmlParserModule, gunzipText, gzip: parsers and compression, loaded on first use (most runs
 *   read the compiled catalog and never parse a file).
 * - startSearchThread: a thread that solves subproblems (runs/search-thread.ts says what it answers).
 * - readTextFile, readFileBytes, pathKind: the files a user names (user-files.ts).
 * - catalogFileNames, readCatalogFile, compiledCatalog: the catalog's files (catalog-files.ts).
 * - svgToPng: pictures as pixels (png.ts, resvg loaded on first use).
 * - checkpointStores, checkpointReader: the checkpoint files of long runs (Node only: the browser has no file to save to).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type * as Crypto from 'node:crypto';
import type * as WorkerThreads from 'node:worker_threads';
import type * as Zlib from 'node:zlib';
import type * as Yaml from 'yaml';
import type * as Fxp from 'fast-xml-parser';
import type { CheckpointStores, Host, SearchThread } from './types.js';
import type { Checkpoint } from '../runs/checkpoint.js';

export type { SearchThread } from './types.js';
import { pathKind, readFileBytes, readTextFile } from './user-files.js';
import { catalogFileNames, compiledCatalog, readCatalogFile } from './catalog-files.js';
import { svgToPng } from './png.js';

export { pathKind, readFileBytes, readTextFile, catalogFileNames, compiledCatalog, readCatalogFile, svgToPng };

export function cores(): number {
  return availableParallelism();
}

export function sha256Hex(text: string): string {
  return (require('node:crypto') as typeof Crypto).createHash('sha256').update(text).digest('hex');
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

export function yamlModule(): typeof Yaml {
  return (yaml ??= require('yaml') as typeof Yaml);
}

export function xmlParserModule(): typeof Fxp {
  return (xmlParser ??= require('fast-xml-parser') as typeof Fxp);
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
 * A worker thread running the built dist/runs/worker.js (also from the sources, in the tests: `npm test`
 * builds first).
 */
export function startSearchThread(): SearchThread {
  const worker = new (require('node:worker_threads') as typeof WorkerThreads).Worker(new URL('dist/runs/worker.js', packageRoot()?.url ?? new URL('../../', import.meta.url)));
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
    onError: (listener) => worker.on('error', listener),
    terminate: async () => {
      await worker.terminate();
    },
  };
}

export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function checkpointStores(): Promise<{ readonly CheckpointStore: CheckpointStores }> {
  return import('../runs/checkpoint-store.js');
}

/** Reading a checkpoint back, to resume (loaded apart from the stores: its schema library is large). */
export function checkpointReader(): Promise<{ loadCheckpoint(path: string): Checkpoint }> {
  return import('../runs/checkpoint-file.js');
}

// the names host.browser.ts must export too
({
  cores, sha256Hex, packageVersion, yamlModule, xmlParserModule, gunzipText, gzip, startSearchThread, nextTurn,
  readTextFile, readFileBytes, pathKind, catalogFileNames, readCatalogFile, compiledCatalog, svgToPng, checkpointStores, checkpointReader,
}) satisfies Host;
