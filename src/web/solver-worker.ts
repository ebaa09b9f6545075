/**
 * The web app's solver (see protocol.ts): one Web Worker that answers the page. Solving is the library's
 * own long run, solveAsync, exactly as the command line runs it: the whole search tried for a moment here,
 * then, for a longer one, a plan whose subproblems go to search workers on every core (started by the
 * platform host, platform/host.browser.ts). Solutions are posted in batches, a few times a second, so
 * that a run of thousands does not flood the page.
 */
import { hint } from '../analysis/hint.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { summaryLine } from '../render/report.js';
import { solveAsync } from '../runs/run.js';
import { compilePlain } from '../compile/engine-inputs.js';
import { withoutPlaced } from '../compile/placed.js';
import { disassembleSolution } from '../disassembly/solution.js';
import type { Disassembled, DisassembleRequest, FromSolver, SolveRequest, ToSolver, WatchRequest } from './protocol.js';
import { packCells, unpackCells } from './cell-pack.js';

const post = (message: FromSolver): void => {
  const packed = packCells(message);
  postMessage(packed.message, { transfer: packed.transfer });
};
const runs = new Map<number, AbortController>();

/** Solutions the page keeps to browse, at most: a count goes on past them. */
export const MAX_SOLUTIONS_SENT = 10_000;

async function solve(request: SolveRequest): Promise<void> {
  const { id, puzzle, mode, unique } = request;
  const abort = new AbortController();
  runs.set(id, abort);
  let batch: Solution[] = [];
  let sent = 0;
  const flush = (): void => {
    if (batch.length === 0) return;
    post({ type: 'solutions', id, solutions: batch });
    batch = [];
  };
  const timer = setInterval(flush, 150);
  const limit = mode === 'first' ? 1 : mode === 'n' ? Math.max(1, Math.floor(request.n ?? 1)) : undefined;
  try {
    const result = await solveAsync(puzzle, {
      unique,
      ...(mode === 'count' ? { countOnly: true } : mode === 'all' ? { all: true } : { limit: limit! }),
      keep: false,
      workers: request.workers,
      signal: abort.signal,
      progressIntervalMs: 250,
      onProgress: (progress) => post({ type: 'progress', id, progress }),
      onSolution: (solution) => {
        if (sent < MAX_SOLUTIONS_SENT) {
          sent++;
          batch.push(solution);
          if (batch.length >= 500) flush();
        }
      },
    });
    flush();
    post({
      type: 'done',
      id,
      summary: {
        solutions: result.solutions,
        complete: result.complete,
        unique: result.unique,
        symmetries: result.symmetries,
        engine: result.engine,
        nodes: result.nodes,
        elapsedMs: result.elapsedMs,
        workers: result.workers,
        interrupted: result.interrupted === true,
        ...(result.impossible ? { impossible: result.impossible } : {}),
        line: summaryLine(result, limit),
      },
    });
  } finally {
    clearInterval(timer);
    runs.delete(id);
  }
}

/** How long the disassembly works between two looks at the messages (a cancel, a solution to show). */
const DISASSEMBLY_SLICE_MS = 40;

/**
 * Takes solutions apart one after another (disassembleSolution, pure and synchronous), a slice of time at
 * a time: after each slice the results so far are posted and the worker reads its messages, so a cancel
 * or another request is heard while thousands of solutions are checked.
 */
async function disassembleAll(request: DisassembleRequest): Promise<void> {
  const { id, puzzle, solutions } = request;
  const abort = new AbortController();
  runs.set(id, abort);
  try {
    let at = 0;
    while (at < solutions.length && !abort.signal.aborted) {
      const results: Disassembled[] = [];
      const start = performance.now();
      do {
        const { index, solution } = solutions[at++]!;
        results.push({ index, disassembly: disassembleSolution(puzzle, solution) });
      } while (at < solutions.length && performance.now() - start < DISASSEMBLY_SLICE_MS);
      post({ type: 'disassembled', id, results, over: at >= solutions.length });
      if (at < solutions.length) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (solutions.length === 0) post({ type: 'disassembled', id, results: [], over: true });
  } finally {
    runs.delete(id);
  }
}

const watches = new Map<number, { speed: number; timer: ReturnType<typeof setTimeout> | undefined }>();

/**
 * The plain first-empty-cell search (engines/plain.ts), a few moves at a time: the board it holds is
 * posted after every step, at most 30 frames a second, so a person can follow it at low speeds and see it
 * race at high ones.
 */
function watch(request: WatchRequest): void {
  const { id } = request;
  const { reduced, given } = withoutPlaced(request.puzzle);
  const { search, table } = compilePlain(reduced);
  const run = search.watch();
  const { placements, board } = table;
  const placedPiece = (k: number): PlacedPiece => {
    const p = placements[k]!;
    return { piece: reduced.pieces[p.piece]!.name, cells: Array.from(p.cells, (c) => board.cells[c]!) };
  };
  const state = { speed: request.speed, timer: undefined as ReturnType<typeof setTimeout> | undefined };
  watches.set(id, state);
  let moves = 0;
  let owed = 0;
  let last = performance.now();
  const tick = (): void => {
    if (!watches.has(id)) return;
    const now = performance.now();
    owed += ((now - last) / 1000) * state.speed;
    last = now;
    const step = Math.floor(owed);
    owed -= step;
    let over = false;
    if (step > 0) {
      over = run.step(step);
      moves = run.result().nodes;
      post({ type: 'frame', id, board: [...given, ...run.board().map(placedPiece)], moves, solutions: run.result().solutions, over });
    }
    if (over) watches.delete(id);
    else state.timer = setTimeout(tick, Math.max(33, 1000 / Math.max(state.speed, 1)));
  };
  post({ type: 'frame', id, board: given, moves: 0, solutions: 0, over: false });
  state.timer = setTimeout(tick, 33);
}

function stop(id: number): void {
  runs.get(id)?.abort();
  const w = watches.get(id);
  if (w) {
    clearTimeout(w.timer);
    watches.delete(id);
  }
}

function fail(id: number, e: unknown): void {
  post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
}

addEventListener('message', (event: MessageEvent<ToSolver>) => {
  const m = unpackCells(event.data);
  try {
    if (m.type === 'solve') void solve(m).catch((e: unknown) => fail(m.id, e));
    else if (m.type === 'cancel') stop(m.id);
    else if (m.type === 'hint') post({ type: 'hint', id: m.id, result: hint(m.puzzle as Puzzle) });
    else if (m.type === 'watch') watch(m);
    else if (m.type === 'disassemble') void disassembleAll(m).catch((e: unknown) => fail(m.id, e));
    else if (m.type === 'watch-speed') {
      const w = watches.get(m.id);
      if (w) w.speed = m.speed;
    }
  } catch (e) {
    fail(m.id, e);
  }
});
