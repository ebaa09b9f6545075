import { buildSync } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A test-support module bundled from the current sources (esbuild, once per test process and module), for
 * a worker thread to run: what is tested is what is in src/, never a stale build. The bundle is written two
 * folders below the project, as src/test-support is, so that what the library finds from its own place (the
 * catalog's folder, and the packages it requires lazily such as the YAML and XML parsers) it finds from the
 * bundle too.
 */
const bundles = new Map<string, string>();

export function bundleForWorker(entry: URL): string {
  const source = fileURLToPath(entry);
  let out = bundles.get(source);
  if (out === undefined) {
    const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
    mkdirSync(cache, { recursive: true });
    out = join(cache, `snug-test-worker-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
    buildSync({ entryPoints: [source], outfile: out, bundle: true, platform: 'node', target: 'node20', format: 'esm', logLevel: 'warning' });
    bundles.set(source, out);
  }
  return out;
}
