/**
 * Dancing Links' exact loop in WebAssembly (its source: wasm/dlx-loop.ts, compiled by
 * scripts/build-wasm.mjs into dlx-loop-wasm.ts, a module of its own). Each DancingLinks instance in exact
 * mode has an instance of the module over a memory of its own, sized once for its arrays (see dlx.ts,
 * WHERE IT RUNS); where WebAssembly cannot be compiled there is none, and dlx.ts searches exact covers as
 * Algorithm M in JavaScript.
 *
 * An instance costs some 25 us to make (the memory most of it: 17 us), against some 100 us for one of the
 * bitboard engine's module, which exact covers used to share; a run makes one per engine.
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
