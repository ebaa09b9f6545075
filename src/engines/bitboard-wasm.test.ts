import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { withoutWebAssembly } from '../test-support/without-wasm.js';
import { BuildArena } from './bitboard-wasm.js';

/**
 * The bitboard engine's loops are AssemblyScript (wasm/bitboard-loops.ts), compiled into
 * bitboard-loops-wasm.ts by scripts/build-wasm.mjs. That every loop searches right is the business of the
 * engine's own tests, which run each one (bitboard.test, bitboard-rest.test, bitboard-optional.test).
 */
const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

describe('the bitboard engine in WebAssembly', () => {
  it('bitboard-loops-wasm.ts, dlx-loop-wasm.ts and separate-wasm.ts are what their AssemblyScript sources compile to', async () => {
    interface Module { readonly target: string }
    const build = (await import(join(root, 'scripts', 'build-wasm.mjs'))) as { MODULES: Module[]; compileModule(m: Module): Promise<Uint8Array>; moduleText(m: Module, binary: Uint8Array): string; targetOf(m: Module): string };
    expect(build.MODULES.map((m) => m.target)).toEqual(['bitboard-loops-wasm.ts', 'dlx-loop-wasm.ts', 'separate-wasm.ts']);
    for (const m of build.MODULES) {
      const committed = readFileSync(build.targetOf(m), 'utf8');
      expect(build.moduleText(m, await build.compileModule(m)) === committed, `${m.target} is stale: run node scripts/build-wasm.mjs`).toBe(true);
    }
  }, 60_000);

  it('the table builders share one memory: an arena opened over an older one leaves it unusable, and what it reserves reads zero', () => {
    const first = BuildArena.open();
    const at = first.reserve(64, 0xff);
    expect(Array.from(first.view(Int32Array, at, 4))).toEqual([-1, -1, -1, -1]);
    const second = BuildArena.open();
    expect(() => first.reserve(8)).toThrow(/used after another arena was opened/);
    expect(() => first.take(Int32Array, at, 4)).toThrow(/used after another arena was opened/);
    // the same bytes, written by the first, are zero again when the second reserves them
    expect(second.reserve(64)).toBe(at);
    expect(Array.from(second.view(Int32Array, at, 16))).toEqual(new Array(16).fill(0));
  });

  it('where WebAssembly cannot be compiled, the automatic choice takes Dancing Links, with the same count, and asking for the bitboard engine says why in one line', async () => {
    const puzzle = loadCatalogPuzzle('pentomino-3x20');
    const { prepareSearch } = await import('../compile/compile.js');
    const withWasm = prepareSearch(puzzle, { countOnly: true });
    expect(withWasm.engine.name).toBe('bitboard');
    const expected = withWasm.engine.search().solutions;
    await withoutWebAssembly(async () => {
      const fresh = (await import('../compile/compile.js')) as typeof import('../compile/compile.js');
      const without = fresh.prepareSearch(puzzle, { countOnly: true });
      expect(without.engine.name).toBe('dlx');
      expect(without.engineReason).toMatch(/WebAssembly cannot be compiled here/);
      expect(without.engine.search().solutions).toBe(expected);
      expect(() => fresh.prepareSearch(puzzle, { countOnly: true, engine: 'bitboard' })).toThrow(/^the bitboard engine needs WebAssembly, which cannot be compiled here; use --engine dlx$/);
    });
  });
});
