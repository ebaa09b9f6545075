/**
 * platform/host.ts for the browser: the web app's build (vite.config.ts) puts this module in its place, so
 * that the app runs the library's own modules. The names and types are host.ts's (both are checked against types.ts's Host).
 * Search threads are Web Workers running runs/worker.ts; PNG pictures are drawn by the browser's canvas;
 * there are no files: a user's puzzle comes as text (a file dropped on the page, a link), the catalog is
 * built into the app (web/catalog.ts), a run saves no checkpoint, and there is no work queue.
 */
import * as yaml from 'yaml';
import * as xmlParser from 'fast-xml-parser';
import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { gzipSync } from 'fflate';
import { unpackCapped } from './inflate.browser.js';
import type * as Zod from 'zod';
import type { DurableFiles, Host, ParentThread, SearchThread, WorkQueueTransport } from './types.js';

export type { SearchThread } from './types.js';

declare const __SNUG_VERSION__: string;

export function cores(): number {
  return Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1);
}

const utf8 = new TextEncoder();

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8.encode(text)));
}

export function hmacSha256Hex(key: Uint8Array, text: string): string {
  return bytesToHex(hmac(sha256, key, utf8.encode(text)));
}

export function environmentVariable(_name: string): string | undefined {
  return undefined;
}

export function defaultSecretFile(): string {
  throw new Error('key files are files: the web app has none');
}

export function readSecretFile(_path: string, _create: boolean): Uint8Array {
  throw new Error('key files are files: the web app has none');
}

export function packageVersion(): string {
  return __SNUG_VERSION__;
}

export function yamlModule(): typeof yaml {
  return yaml;
}

export function xmlParserModule(): typeof xmlParser {
  return xmlParser;
}

export function zodModule(): typeof Zod {
  throw new Error('checkpoints, shards and solution files are read by the command line tool: the web app reads none');
}

/**
 * The text gzip data holds; a RangeError when it would unpack to more than `maxBytes` (checked as it
 * unpacks). gzip's trailer is not trusted for the size, but it is checked after: a file cut short ends in
 * bytes of its data, which read as any size, and is damaged, not too large.
 */
export function gunzipText(data: Uint8Array, maxBytes: number): string {
  const out = unpackCapped(data, 'gzip', maxBytes);
  // the trailer's last four bytes are the unpacked size (modulo 2^32): a file cut in its trailer has them wrong
  const n = data.length;
  const size = n >= 4 ? (data[n - 4]! | (data[n - 3]! << 8) | (data[n - 2]! << 16) | (data[n - 1]! << 24)) >>> 0 : -1;
  if (size !== out.length % 2 ** 32) throw new Error('unexpected end of file');
  return new TextDecoder().decode(out);
}

export function gzip(data: Uint8Array): Uint8Array {
  return gzipSync(data);
}

export function startSearchThread(): SearchThread {
  const worker = new Worker(new URL('../runs/worker.ts', import.meta.url), { type: 'module', name: 'snug search' });
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.addEventListener('message', (e) => listener(e.data)),
    onError: (listener) => worker.addEventListener('error', (e) => listener(e.error ?? new Error(e.message || 'a search worker failed'))),
    terminate: async () => worker.terminate(),
  };
}

/** A message to itself: a turn as soon as the loop is free (a timer of 0 waits 4 ms once nested). */
let turns: MessageChannel | undefined;
const waiting: (() => void)[] = [];

export function nextTurn(): Promise<void> {
  if (!turns) {
    turns = new MessageChannel();
    turns.port1.onmessage = () => waiting.shift()?.();
  }
  const channel = turns;
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

/** An SVG picture drawn into a canvas by the browser, `scale` pixels per SVG unit, as PNG (white behind it). */
const MAX_CANVAS_SIDE = 16_000;
const MAX_CANVAS_PIXELS = 2 ** 27;

export async function svgToPng(svg: string, scale = 1): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    // a browser's canvas holds at most about 16,000 pixels a side and 268 million in all (Chromium): a
    // large board's picture is made smaller to fit, not refused
    const w = image.naturalWidth || 1;
    const h = image.naturalHeight || 1;
    const fit = Math.min(scale, MAX_CANVAS_SIDE / Math.max(w, h), Math.sqrt(MAX_CANVAS_PIXELS / (w * h)));
    canvas.width = Math.max(1, Math.round(w * fit));
    canvas.height = Math.max(1, Math.round(h * fit));
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the picture could not be made');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}

function noFileSystem(): never {
  throw new Error('the web app reads no files by name: open a file on the page, or pick a puzzle from the catalog');
}

export function readTextFile(): string {
  noFileSystem();
}

export function readFileBytes(): Uint8Array {
  noFileSystem();
}

export function pathKind(): 'file' | 'other' | 'missing' {
  return 'missing';
}

export function catalogFileNames(): string[] {
  noFileSystem();
}

export function readCatalogFile(): { text: string; path: string } {
  noFileSystem();
}

export function compiledCatalogEntry(): { hash: string; puzzle: unknown } | undefined {
  return undefined;
}

/** In a Web Worker: the page's thread, through the worker's own postMessage. */
export function parentThread(): ParentThread {
  return {
    post: (message) => postMessage(message),
    onMessage: (listener) => addEventListener('message', (e: MessageEvent) => listener(e.data)),
  };
}

export function emitWarning(message: string, kind: string): void {
  console.warn(`${kind}: ${message}`);
}

export function thisProcess(): { readonly pid: number; readonly host: string } {
  return { pid: 0, host: globalThis.location?.host ?? 'browser' };
}

export async function durableFiles(): Promise<DurableFiles> {
  // (the only files a run would save are its checkpoints)
  throw new Error('checkpoints are files: the web app has none (solve without one)');
}

export async function workQueue(): Promise<WorkQueueTransport> {
  throw new Error('a work queue is reached through Redis: the web app has none (solve here)');
}

// the same names as host.ts
({
  cores, sha256Hex, hmacSha256Hex, environmentVariable, defaultSecretFile, readSecretFile, packageVersion, yamlModule, xmlParserModule, zodModule, gunzipText, gzip, startSearchThread, parentThread, nextTurn, emitWarning, thisProcess,
  readTextFile, readFileBytes, pathKind, catalogFileNames, readCatalogFile, compiledCatalogEntry, svgToPng, durableFiles, workQueue,
}) satisfies Host;
