/**
 * The page's side of the picture worker (picture-worker.ts): draws a solution of a large board off the
 * page's thread. Only the newest picture matters: a request made while another is drawn stops that one
 * (the worker is ended and a new one started), so stepping through solutions never queues up drawings.
 */
import type { Puzzle, Solution } from '../puzzle/model.js';
import { packCells } from './cell-pack.js';

export interface ToPicture {
  readonly id: number;
  /** Sent with the first request for a puzzle only. */
  readonly puzzle?: Puzzle;
  readonly solution: Solution;
}

export type FromPicture = { readonly id: number; readonly svg: string } | { readonly id: number; readonly error: string };

export class PictureClient {
  private worker: Worker | undefined;
  /** The puzzle the worker holds. */
  private sent: Puzzle | undefined;
  private nextId = 1;
  private pending: { readonly id: number; reject: (e: Error) => void; readonly puzzle: Puzzle; readonly solution: Solution; svg: Promise<string> } | undefined;

  /**
   * The solution drawn as SVG text; rejects when a newer request replaces it. The same solution asked for
   * while it is drawn (its download, while it is shown) waits for that drawing, and replaces nothing.
   */
  draw(puzzle: Puzzle, solution: Solution): Promise<string> {
    if (this.pending?.puzzle === puzzle && this.pending.solution === solution) return this.pending.svg;
    if (this.pending) {
      // still drawing the last one: ended, not waited for
      this.pending.reject(new Error('replaced'));
      this.pending = undefined;
      this.worker?.terminate();
      this.worker = undefined;
    }
    if (!this.worker) {
      this.worker = new Worker(new URL('./picture-worker.ts', import.meta.url), { type: 'module', name: 'snug picture' });
      this.sent = undefined;
    }
    const worker = this.worker;
    const id = this.nextId++;
    const message: ToPicture = this.sent === puzzle ? { id, solution } : { id, puzzle, solution };
    this.sent = puzzle;
    const entry = { id, puzzle, solution, reject: (_: Error): void => {}, svg: Promise.resolve('') };
    entry.svg = new Promise<string>((resolve, reject) => {
      entry.reject = reject;
      const settle = (e: MessageEvent<FromPicture>): void => {
        if (e.data.id !== id) return;
        worker.removeEventListener('message', settle);
        if (this.pending?.id === id) this.pending = undefined;
        if ('svg' in e.data) resolve(e.data.svg);
        else reject(new Error(e.data.error));
      };
      worker.addEventListener('message', settle);
      worker.addEventListener('error', (e) => {
        if (this.pending?.id === id) this.pending = undefined;
        this.worker = undefined;
        reject(new Error(e.message || 'the picture could not be drawn'));
      }, { once: true });
      const packed = packCells(message);
      worker.postMessage(packed.message, packed.transfer);
    });
    this.pending = entry;
    return entry.svg;
  }
}
