// Build step: bundles the command line tool into dist/cli/snug.js, which starts about 20 ms sooner than
// the ~30 modules it is made of (one file to read and compile instead of many). What only some commands
// need (zod for checkpoints and merges, the progress bar) is imported dynamically and split into chunks
// (dist/cli/chunks/), loaded when used. The library (dist/index.js) stays unbundled. The bundle sits in
// dist/cli/ like main.js, so the paths it finds the catalog by (relative to its own location) are the
// same; the modules that find files that way are all in the entry chunk. yaml stays outside: it is loaded
// only when a puzzle file must be parsed. @resvg/resvg-js (PNG pictures) is a native module: it stays
// outside, loaded only when a PNG is asked for.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

// chunks of earlier builds are named by their hashes: clear them, or dist/ collects every old one
rmSync('dist/cli/chunks', { recursive: true, force: true });

await build({
  entryPoints: { snug: 'dist/cli/main.js' },
  outdir: 'dist/cli',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: ['yaml', '@resvg/resvg-js'],
  // commander is CommonJS and requires Node's modules: give the ESM bundle a require().
  banner: { js: "import { createRequire as snugRequire } from 'node:module'; const require = snugRequire(import.meta.url);" },
  logLevel: 'warning',
});
