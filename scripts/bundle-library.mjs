// Build step: the library and the search threads each as one ES module, so that a program importing snug
// and each worker thread load one file instead of some 150 (Node's loader resolves, reads and compiles
// each module on its own).
//
// - dist/lib/index.js: the library (package.json's "main" and "exports"; its types stay dist/index.d.ts,
//   which tsc writes beside the modules these are built from).
// - dist/lib/worker.js: a search thread's entry (platform/host.ts starts it by this path).
//
// Both are made by esbuild from the built modules. They sit one folder below dist/, as the modules they
// are made of do, so that the paths the code finds its files by (`new URL('../../catalog/',
// import.meta.url)`) are the same. The command line's packages stay outside (bundle-common.mjs). The
// packages bundled in that are CommonJS require Node's own modules: the banner gives them a `require`.
//
// Measured when this was made (2 cores, quiet): `await import('snug')` in a new process 0.42 s -> 0.25 s
// (Node alone 0.11 s); a search thread ready to search (Tetris Cube) 335 ms -> 290 ms, medians of 5.
import { build } from 'esbuild';
import { assertAscii, assertNoLazyModules, COMPACT, EXTERNAL, staticImports } from './bundle-common.mjs';

const ENTRIES = [
  ['dist/index.js', 'dist/lib/index.js'],
  ['dist/runs/worker.js', 'dist/lib/worker.js'],
];

for (const [entry, outfile] of ENTRIES) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: EXTERNAL,
    banner: { js: "import { createRequire as __snugCreateRequire } from 'node:module'; const require = __snugCreateRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [staticImports],
    ...COMPACT,
  });
  assertAscii(outfile);
  assertNoLazyModules(outfile);
}
