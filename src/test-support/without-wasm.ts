import { vi } from 'vitest';

/**
 * Runs `body` where WebAssembly cannot be compiled (a page whose policy forbids it): the global is hidden
 * and the module registry reset, so that the modules `body` imports afresh see no WebAssembly; both are
 * put back afterwards.
 */
export async function withoutWebAssembly<T>(body: () => Promise<T>): Promise<T> {
  const host = globalThis as { WebAssembly?: unknown };
  const saved = host.WebAssembly;
  vi.resetModules();
  host.WebAssembly = undefined;
  try {
    return await body();
  } finally {
    host.WebAssembly = saved;
    vi.resetModules();
  }
}
