/**
 * Calls every function and class the library exports (src/index.ts) with wrong arguments, and with a
 * small right puzzle beside wrong ones, as a careless program would: each call must return or throw one
 * of the library's typed errors, never a TypeError, a RangeError or a hang. Run on a worker thread
 * (in-worker.ts), so that a call that never returns cannot block the test runner.
 */
import * as lib from '../index.js';
import { shownValue } from '../puzzle/printable.js';

/** Two dominoes and a square in a 2x4 box: every search on it ends at once. */
const small: lib.Puzzle = lib.parsePuzzle('name: Small\nboard: {rect: [4, 2]}\npieces:\n  D: {rect: [2, 1], count: 2}\n  O: {rect: [2, 2]}\n', 'small.yaml');
const [first] = lib.solve(small, {}).found;

const cyclic: Record<string, unknown> = { board: [] };
cyclic.self = cyclic;
let deep: unknown[] = [];
for (let i = 0; i < 20_000; i++) deep = [deep];
const WRONG: readonly unknown[] = [
  undefined, null, 42, -1, Number.NaN, Infinity, 10n, 'x', '', 'A'.repeat(100_000), {}, [], [[0, 0, 0]], [Number.NaN], { board: 3 },
  new Uint8Array(3), () => 1, Symbol('s'), Object.create(null), cyclic, deep,
];

/** Argument lists: each wrong value alone and in pairs and threes, and the right puzzle (and solution) followed by wrong ones. */
function argumentLists(): unknown[][] {
  const lists: unknown[][] = [[]];
  for (const w of WRONG) lists.push([w], [w, w], [w, w, w], [small, w], [small, w, w], [small, first, w], [[[0, 0, 0]], w], [first, w]);
  lists.push([small], [small, {}], [small, first], [small, first, {}]);
  return lists;
}

const TYPED = [lib.SnugError];

/** The longest an async call may take before it counts as a hang. */
const HANG_MS = 60_000;

export interface ExportCalls {
  readonly functions: number;
  readonly calls: number;
  readonly typedErrors: number;
  /** "name(args) -> Error: message" for each call that threw anything else or hung. */
  readonly raw: string[];
}

const shown = (args: readonly unknown[]): string => args.map((a) => (a === small ? 'puzzle' : a === first ? 'solution' : a === deep ? 'deep' : a === cyclic ? 'cyclic' : shownValue(a, 30))).join(', ');

export async function callEveryExport(): Promise<ExportCalls> {
  const raw: string[] = [];
  let calls = 0;
  let typedErrors = 0;
  const entries = Object.entries(lib).filter(([, v]) => typeof v === 'function') as [string, (...a: unknown[]) => unknown][];
  for (const [name, f] of entries) {
    // classes by their name (a capital letter) and their methods
    const isClass = /^[A-Z]/.test(name) && Object.getOwnPropertyNames(f.prototype ?? {}).length > 1;
    if ((f as unknown) === lib.SnugError || f.prototype instanceof lib.SnugError) {
      // the typed errors themselves: made with any value, never failing (an error about bad input must not fail itself)
      for (const w of WRONG) {
        calls++;
        try {
          const e = new (f as unknown as new (...a: unknown[]) => Error)(w, w, w);
          if (typeof e.message !== 'string' || e.message.includes('\n')) raw.push(`new ${name}(${shown([w])}) -> a message that is not one line`);
        } catch (e) {
          raw.push(`new ${name}(${shown([w])}) -> ${(e as Error)?.constructor?.name}: ${String((e as Error)?.message).slice(0, 120)}`);
        }
      }
      continue;
    }
    for (const args of argumentLists()) {
      calls++;
      try {
        const result = isClass ? new (f as unknown as new (...a: unknown[]) => unknown)(...args) : f(...args);
        if (result instanceof Promise) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([result, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer in ${HANG_MS / 1000} s`)), HANG_MS); })]).finally(() => clearTimeout(timer));
        }
      } catch (e) {
        if (TYPED.some((t) => e instanceof t)) {
          typedErrors++;
          if ((e as Error).message.includes('\n')) raw.push(`${name}(${shown(args)}) -> a message of more than one line: ${(e as Error).message.slice(0, 120)}`);
          continue;
        }
        raw.push(`${name}(${shown(args)}) -> ${(e as Error)?.constructor?.name}: ${String((e as Error)?.message).slice(0, 120)}`);
      }
    }
  }
  return { functions: entries.length, calls, typedErrors, raw };
}
