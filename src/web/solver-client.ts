/**
 * The page's side of the solver worker (protocol.ts): requests go out numbered, answers come back to the
 * request's handlers. reset() ends the worker, and with it every search worker it started, and starts a
 * fresh one: the last resort of a cancel that the run does not answer at once.
 */
import type { HintResult } from '../analysis/hint.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import type { Progress } from '../runs/progress.js';
import type { Disassembled, FindMode, FromSolver, SolveSummary, ToSolver } from './protocol.js';
import { packCells, unpackCells } from './cell-pack.js';

export interface SolveEvents {
  onSolutions(solutions: readonly Solution[]): void;
  onProgress(progress: Progress): void;
}

export interface RunningSolve {
  readonly done: Promise<SolveSummary>;
  /** Asks the run to stop; if it has not stopped within `graceMs`, the workers are terminated. */
  cancel(graceMs?: number): void;
}

export interface Frame {
  readonly board: readonly PlacedPiece[];
  readonly moves: number;
  readonly solutions: number;
  readonly over: boolean;
}

type Handler = (message: FromSolver) => void;

export class SolverClient {
  private worker!: Worker;
  private nextId = 1;
  private readonly handlers = new Map<number, { handle: Handler; fail: (e: Error) => void }>();

  constructor() {
    this.start();
  }

  private start(): void {
    this.worker = new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module', name: 'snug solver' });
    this.worker.addEventListener('message', (e: MessageEvent<FromSolver>) => this.handlers.get(e.data.id)?.handle(unpackCells(e.data)));
    this.worker.addEventListener('error', (e) => this.failAll(new Error(e.message || 'the solver stopped')));
  }

  private failAll(error: Error): void {
    for (const { fail } of this.handlers.values()) fail(error);
    this.handlers.clear();
  }

  private send(message: ToSolver): void {
    const packed = packCells(message);
    this.worker.postMessage(packed.message, packed.transfer);
  }

  /** Terminates the solver and its search workers at once; requests under way fail with `reason`. */
  reset(reason = 'stopped'): void {
    this.worker.terminate();
    this.failAll(new Error(reason));
    this.start();
  }

  solve(puzzle: Puzzle, options: { mode: FindMode; n?: number; unique: boolean; workers: number }, events: SolveEvents): RunningSolve {
    const id = this.nextId++;
    let cancelled = false;
    const done = new Promise<SolveSummary>((resolve, reject) => {
      this.handlers.set(id, {
        fail: reject,
        handle: (m) => {
          if (m.type === 'solutions') events.onSolutions(m.solutions);
          else if (m.type === 'progress') events.onProgress(m.progress);
          else if (m.type === 'done') {
            this.handlers.delete(id);
            resolve(m.summary);
          } else if (m.type === 'error') {
            this.handlers.delete(id);
            reject(new Error(m.message));
          }
        },
      });
    });
    this.send({ type: 'solve', id, puzzle, ...options });
    return {
      done,
      cancel: (graceMs = 1500) => {
        if (cancelled) return;
        cancelled = true;
        this.send({ type: 'cancel', id });
        const timer = setTimeout(() => {
          if (this.handlers.has(id)) this.reset('cancelled');
        }, graceMs);
        void done.finally(() => clearTimeout(timer)).catch(() => {});
      },
    };
  }

  hint(puzzle: Puzzle): Promise<HintResult> {
    const id = this.nextId++;
    return new Promise<HintResult>((resolve, reject) => {
      this.handlers.set(id, {
        fail: reject,
        handle: (m) => {
          this.handlers.delete(id);
          if (m.type === 'hint') resolve(m.result);
          else if (m.type === 'error') reject(new Error(m.message));
        },
      });
      this.send({ type: 'hint', id, puzzle });
    });
  }

  /**
   * Takes solutions apart in the solver (disassembleSolution), `onResults` called with each batch; `done`
   * resolves when all are done (or the request is cancelled: then it never settles, and nothing more is heard).
   */
  disassemble(puzzle: Puzzle, solutions: readonly { index: number; solution: Solution }[], onResults: (results: readonly Disassembled[]) => void): { done: Promise<void>; cancel(): void } {
    const id = this.nextId++;
    const done = new Promise<void>((resolve, reject) => {
      this.handlers.set(id, {
        fail: reject,
        handle: (m) => {
          if (m.type === 'disassembled') {
            onResults(m.results);
            if (m.over) {
              this.handlers.delete(id);
              resolve();
            }
          } else if (m.type === 'error') {
            this.handlers.delete(id);
            reject(new Error(m.message));
          }
        },
      });
    });
    this.send({ type: 'disassemble', id, puzzle, solutions });
    return {
      done,
      cancel: () => {
        if (!this.handlers.delete(id)) return;
        this.send({ type: 'cancel', id });
      },
    };
  }

  /** Watches the plain search fill and empty the board, `speed` moves a second. */
  watch(puzzle: Puzzle, speed: number, onFrame: (frame: Frame) => void, onError: (message: string) => void): { setSpeed(speed: number): void; stop(): void } {
    const id = this.nextId++;
    this.handlers.set(id, {
      fail: (e) => onError(e.message),
      handle: (m) => {
        if (m.type === 'frame') {
          onFrame(m);
          if (m.over) this.handlers.delete(id);
        } else if (m.type === 'error') {
          this.handlers.delete(id);
          onError(m.message);
        }
      },
    });
    this.send({ type: 'watch', id, puzzle, speed });
    return {
      setSpeed: (s) => this.send({ type: 'watch-speed', id, speed: s }),
      stop: () => {
        this.handlers.delete(id);
        this.send({ type: 'cancel', id });
      },
    };
  }
}
