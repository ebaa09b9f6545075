/**
 * What the engines' WebAssembly modules share (bitboard-wasm.ts, dlx-wasm.ts): the parts of the
 * WebAssembly API they use, and a module compiled from its base64 once per process (or worker), or null
 * where WebAssembly cannot be compiled (a page whose policy forbids it, a browser with it turned off).
 */

/**
 * The parts of the WebAssembly API used here. (Node's types do not declare it, and the DOM's, which do,
 * are not this library's: it runs in Node and in workers alike.)
 */
export interface WasmGlobal {
  value: number;
}
export interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
export const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi | undefined }).WebAssembly;

/** WebAssembly's page, in bytes. */
export const PAGE = 65536;

/**
 * The module's bytes from its base64: Node's Buffer decodes natively where it exists (0.7 -> 0.15 ms in a
 * fresh process: a loop over 20 kB of characters runs before the JIT has warmed up); elsewhere atob.
 */
function moduleBytes(base64: string): Uint8Array {
  const buffer = (globalThis as unknown as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array } }).Buffer;
  if (buffer) return buffer.from(base64, 'base64');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A module compiled from `base64` when first asked for; null where WebAssembly cannot be compiled. */
export function lazyModule(base64: string): () => object | null {
  let compiled: object | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        compiled = new wasmApi!.Module(moduleBytes(base64));
      } catch {
        compiled = null;
      }
    }
    return compiled;
  };
}
