/**
 * The three readers of what a user hands snug (a YAML puzzle, a BurrTools file, a link's puzzle), run on a
 * worker thread with a small heap by capped-heap.ts: a reader that holds more than the heap allows
 * kills its thread at once, so a test of a limit fails fast instead of swapping for minutes.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseBurrTools } from '../puzzle/burrtools.js';
import { parsePuzzle } from '../puzzle/format.js';
import { puzzleOfPacked } from '../web/link.js';

export const READERS = {
  yaml: (text: string) => parsePuzzle(text, 'big.yaml'),
  burrtools: (bytes: Uint8Array) => parseBurrTools(bytes, 'big.xmpuzzle'),
  link: (packed: string) => puzzleOfPacked(packed),
} as const;

export type ReaderName = keyof typeof READERS;

/** What a reader made of its input: the puzzle's size, or the message it refused the input with. */
export type ReaderOutcome = { readonly read: true; readonly cells: number } | { readonly read: false; readonly error: string; readonly message: string };

if (!isMainThread && parentPort) {
  const { reader, input } = workerData as { reader: ReaderName; input: never };
  let outcome: ReaderOutcome;
  try {
    outcome = { read: true, cells: READERS[reader](input).board.length };
  } catch (e) {
    outcome = { read: false, error: (e as Error).name, message: (e as Error).message };
  }
  parentPort.postMessage(outcome);
}
