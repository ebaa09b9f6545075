import type * as Zod from 'zod';
import type * as Yaml from 'yaml';
import type * as Fxp from 'fast-xml-parser';

/**
 * What the platform offers the library, as types: host.ts (Node) and host.browser.ts each check
 * themselves against Host. Nothing here knows what the library does with it (no checkpoint, run or
 * queue): the meaning lives above, in runs/, and only the means (threads, files, a connection) here.
 */

/** A thread that searches, as the platform makes one (a Node worker thread, a Web Worker). */
export interface SearchThread {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onError(listener: (error: unknown) => void): void;
  /** Stops the thread at once, whatever it is doing. */
  terminate(): Promise<void>;
}

/** Inside a search thread: the thread that started it, to hear from and answer. */
export interface ParentThread {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** What host.ts and host.browser.ts each export (each checks itself against this). */
export interface Host {
  cores(): number;
  sha256Hex(text: string): string;
  /** HMAC-SHA-256 (hex) of the UTF-8 text under `key`. */
  hmacSha256Hex(key: Uint8Array, text: string): string;
  /** A variable of the process's environment (none in the browser). */
  environmentVariable(name: string): string | undefined;
  /** Where the user's key file is by default (Node only): secret-file.ts. */
  defaultSecretFile(): string;
  /** The secret a key file holds, made first when missing and `create` is set (Node only); an Error saying the problem otherwise. */
  readSecretFile(path: string, create: boolean): Uint8Array;
  packageVersion(): string;
  yamlModule(): typeof Yaml;
  xmlParserModule(): typeof Fxp;
  /** zod, for the files a run reads back (checkpoints, shards, solution lines): Node only. */
  zodModule(): typeof Zod;
  /** The text gzip data holds; a RangeError when it would unpack to more than `maxBytes`. */
  gunzipText(data: Uint8Array, maxBytes: number): string;
  gzip(data: Uint8Array): Uint8Array;
  /** A thread running runs/worker.ts, the body of a search thread. */
  startSearchThread(): SearchThread;
  /** In a search thread (runs/worker.ts): the thread that started it. */
  parentThread(): ParentThread;
  /** A turn of the event loop for what is waiting (messages, timers, Ctrl-C), as soon as it can be. */
  nextTurn(): Promise<void>;
  /** A warning the caller gave no place to: the process's warnings (stderr), or the console. */
  emitWarning(message: string, kind: string): void;
  /** This process, as a lock or a queue's worker names it. */
  thisProcess(): { readonly pid: number; readonly host: string };
  /** Files written whole or not at all (Node only: the browser has no file to save to). */
  durableFiles(): Promise<DurableFiles>;
  /** Redis and BullMQ, for a work queue (Node only). */
  workQueue(): Promise<WorkQueueTransport>;
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
  /** The build's parse of a catalog puzzle: the hash of the file it was parsed from, and the puzzle; undefined when there is none. */
  compiledCatalogEntry(name: string): { hash: string; puzzle: unknown } | undefined;
  /** The PNG of an SVG picture, `scale` pixels per unit of the SVG (1: at its own size). */
  svgToPng(svg: string, scale?: number): Promise<Uint8Array>;
}

export type FileKind = 'file' | 'directory' | 'symbolic link' | 'special';

/** Files that survive a crash (platform/durable-file.ts says how), and the questions a lock asks. */
export interface DurableFiles {
  /**
   * Writes `text` to `path` whole, replacing it (`replace`), or only if there is no such file yet
   * (`create`: a file that appears meanwhile is left alone and EEXIST thrown). Throws the system's error
   * (with its `code`: ENOSPC, EACCES, ...) after removing the temporary file.
   */
  writeWhole(path: string, text: string, mode: 'replace' | 'create'): void;
  /** The temporary file a write to `path` goes through (FILE.<pid>.tmp). */
  temporaryPath(path: string): string;
  removeQuietly(path: string): void;
  /** A system error as a person reads it: "no space left on device", "permission denied", ... */
  describeFileError(e: unknown): string;
  errorCode(e: unknown): string | undefined;
  /** What is at `path`, not following a link; undefined when nothing. */
  kindOf(path: string): FileKind | undefined;
  readText(path: string): string;
  list(folder: string): string[];
  folderOf(path: string): string;
  nameOf(path: string): string;
  pathIn(folder: string, name: string): string;
  isRunning(pid: number): boolean;
}

/** Where Redis is, as a connection needs it. */
export interface RedisAddress {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
}

/** The Redis commands a work queue uses (ioredis's names and arguments). */
export interface RedisClient {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'NX'): Promise<unknown>;
  keys(pattern: string): Promise<string[]>;
  hgetall(key: string): Promise<Record<string, string>>;
  hlen(key: string): Promise<number>;
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  hset(key: string, field: string, value: string): Promise<unknown>;
  hdel(key: string, field: string): Promise<unknown>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  llen(key: string): Promise<number>;
  expire(key: string, seconds: number): Promise<unknown>;
  del(...keys: string[]): Promise<unknown>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
  publish(channel: string, message: string): Promise<unknown>;
  disconnect(): void;
}

/** A job queue (BullMQ's Queue): jobs of JSON data, taken by workers. */
export interface JobQueue {
  add(name: string, data: unknown, options: JobOptions): Promise<unknown>;
  addBulk(jobs: readonly { name: string; data: unknown; opts: JobOptions }[]): Promise<unknown>;
  /** Jobs that failed on every try, the most recent first. */
  failed(start: number, end: number): Promise<readonly { readonly data: unknown; readonly attemptsMade: number; readonly failedReason: string }[]>;
  close(): Promise<void>;
}

export interface JobOptions {
  readonly jobId?: string;
  readonly attempts?: number;
  readonly backoff?: { readonly type: 'fixed'; readonly delay: number };
  readonly removeOnComplete?: boolean;
  readonly removeOnFail?: number;
}

export interface JobWorkerOptions {
  readonly concurrency: number;
  readonly lockDuration: number;
  readonly stalledInterval: number;
  readonly maxStalledCount: number;
}

/** A job as a worker takes it. */
export interface TakenJob {
  readonly data: unknown;
  updateProgress(progress: number): Promise<void>;
}

/** Redis and BullMQ for a work queue (platform/redis-queue.ts). */
export interface WorkQueueTransport {
  /** A connection, checked now: an Error saying why (in a few words) when Redis cannot be reached. */
  connect(address: RedisAddress): Promise<RedisClient>;
  /** Calls `listener` with each message on `channel`, on a connection of its own; resolves with the way to stop. */
  listen(redis: RedisClient, channel: string, listener: (message: string) => void): Promise<() => void>;
  openQueue(address: RedisAddress, name: string): JobQueue;
  /** Takes jobs of queue `name` as they come, `run` on each: a job whose run throws is tried again (BullMQ's attempts). */
  startWorker(address: RedisAddress, name: string, run: (job: TakenJob) => Promise<void>, options: JobWorkerOptions): Promise<{ close(): Promise<void> }>;
  /** An error that fails a job at once, with no more tries. */
  unrecoverable(message: string): Error;
}
