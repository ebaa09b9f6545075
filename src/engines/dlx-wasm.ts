/**
 * Dancing Links' exact loop in WebAssembly (its source: wasm/dlx-loop.ts, compiled by
 * scripts/build-wasm.mjs into dlx-loop-wasm.ts, a module of its own). Each DancingLinks instance in exact
 * mode has an instance of the module over a memory of its own, sized once for its arrays (see dlx.ts,
 * WHERE IT RUNS); where WebAssembly cannot be compiled there is none, and dlx.ts searches exact covers as
 * Algorithm M in JavaScript.
 *
 * Making an instance costs some 25 us (17 of them the memory), a quarter of an instance of the bitboard
 * engine's module, which this loop first shared: 20,000 small DancingLinks made and searched one after
 * another took 1.25 s so, against 2.09 s (and 75 ms with JavaScript arrays). A run makes one per engine. A
 * memory reserves address space: V8 refused the 12,824th held alive at once (made one after another, they
 * are collected).
 */
import { DLX_LOOP_WASM } from './dlx-loop-wasm.js';
import type { WasmGlobal } from './wasm-host.js';
import { PAGE, lazyModule, wasmApi } from './wasm-host.js';

const dlxModule = lazyModule(DLX_LOOP_WASM);

/** What Dancing Links reads and sets in its instance of the module (wasm/dlx-loop.ts). */
export interface DlxLoopExports {
  advanceExact(): number;
  DLX_ITEM: WasmGlobal;
  DLX_CHOICE: WasmGlobal;
  dlxLevel: WasmGlobal;
  dlxPhase: WasmGlobal;
  dlxNodes: WasmGlobal;
  dlxUpdates: WasmGlobal;
  dlxCheckMask: WasmGlobal;
}

/**
 * An instance of the module over a memory of its own of at least `bytes` bytes (Dancing Links lays out its
 * arrays in it, from byte 0, and never grows it); undefined where WebAssembly cannot be compiled.
 */
export function dlxLoopInstance(bytes: number): { loop: DlxLoopExports; buffer: ArrayBuffer } | undefined {
  const module = dlxModule();
  if (module === null) return undefined;
  const memory = new wasmApi!.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) });
  const loop = new wasmApi!.Instance(module, { env: { memory } }).exports as unknown as DlxLoopExports;
  return { loop, buffer: memory.buffer };
}
