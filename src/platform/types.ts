import type * as Yaml from 'yaml';
import type * as Fxp from 'fast-xml-parser';
import type { Checkpoint } from '../runs/checkpoint.js';

/** A thread that searches, as the platform makes one (a Node worker thread, a Web Worker). */
export interface SearchThread {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onError(listener: (error: unknown) => void): void;
  /** Stops the thread at once, whatever it is doing. */
  terminate(): Promise<void>;
}

/** What host.ts and host.browser.ts each export (each checks itself against this). */
export interface Host {
  cores(): number;
  sha256Hex(text: string): string;
  packageVersion(): string;
  yamlModule(): typeof Yaml;
  xmlParserModule(): typeof Fxp;
  /** The text gzip data holds; a RangeError when it would unpack to more than `maxBytes`. */
  gunzipText(data: Uint8Array, maxBytes: number): string;
  gzip(data: Uint8Array): Uint8Array;
  startSearchThread(): SearchThread;
  /** A turn of the event loop for what is waiting (messages, timers, Ctrl-C), as soon as it can be. */
  nextTurn(): Promise<void>;
  /**
   * A whole file a user named, refused before a byte is read when it is not a regular file or is larger
   * than `maxBytes`; `fail` turns the problem into the caller's one-line error.
   */
  readTextFile(path: string, maxBytes: number, fail: (problem: string) => never): string;
  readFileBytes(path: string, maxBytes: number, fail: (problem: string) => never): Uint8Array;
  /** What a path names: a regular file, something else (a folder, a pipe, a device), or nothing. */
  pathKind(path: string): 'file' | 'other' | 'missing';
  /** The names of the catalog's puzzles (catalog/NAME.yaml), sorted. */
  catalogFileNames(): string[];
  /** A catalog file's text, and its path for messages. */
  readCatalogFile(name: string): { text: string; path: string };
  /** The build's parsed catalog: name -> the hash of the file it was parsed from, and the puzzle. */
  compiledCatalog(): Readonly<Record<string, { hash: string; puzzle: unknown }>>;
  /** The PNG of an SVG picture, `scale` pixels per unit of the SVG (1: at its own size). */
  svgToPng(svg: string, scale?: number): Promise<Uint8Array>;
  checkpointStores(): Promise<{ readonly CheckpointStore: CheckpointStores }>;
  checkpointReader(): Promise<{ loadCheckpoint(path: string): Checkpoint }>;
}

/** The checkpoint file of a run (runs/checkpoint-store.ts). */
export interface CheckpointSaver {
  save(checkpoint: Checkpoint, last?: boolean): void;
  close(): void;
  discard(): void;
}

export interface CheckpointStores {
  create(path: string, first: Checkpoint, warn?: (message: string) => void): CheckpointSaver;
  reopen(path: string, loaded: Checkpoint, warn?: (message: string) => void): CheckpointSaver;
}
