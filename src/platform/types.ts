import type * as Yaml from 'yaml';
import type * as Fxp from 'fast-xml-parser';

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
  checkpointStores(): Promise<unknown>;
  checkpointReader(): Promise<unknown>;
}
