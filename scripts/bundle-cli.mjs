// Build step: the command line tool as one script with a V8 code cache, so that a command starts with its
// code already compiled.
//
// - dist/cli/bundle.cjs: the tool bundled by esbuild from the built modules (dist/cli/main.js and what it
//   imports), as one CommonJS script, compact and in ASCII (bundle-common.mjs: the loader reads it as
//   latin1; loading 114 ms -> 78 when that was made, medians of 8 paired runs), some packages left
//   outside (bundle-common.mjs). `import.meta.url` becomes a value the loader passes in (the
//   bundle's own URL), so the paths the tool finds its files by (the catalog, the web app, the worker
//   threads' module) are what they are from dist/cli/.
// - dist/cli/bundle.cache: V8's code cache of the bundle, made here by running a typical command (a
//   puzzle solved, drawn and counted up to symmetry) and saving the code compiled by then. It is only a
//   cache: V8 checks it against the source and its own version and flags, and compiles afresh when it
//   does not fit (another Node version), a little slower, never wrong.
// - dist/cli/snug.cjs: the loader (package.json's bin), a few lines of CommonJS: it compiles the bundle with
//   the cache (node:vm) and runs it. dist/cli/snug.js, the name the tool has always had, imports it.
//
// Measured when this was made (2 cores, 25 paired whole-process runs on a quiet machine): soma --unique
// --count 0.90x and the count of 8x8 dominoes 0.92x the time of the same tool as ES modules; `snug list`
// the same. The difference is all in loading.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { assertAscii, assertNoLazyModules, COMPACT, EXTERNAL, staticImports } from './bundle-common.mjs';

// the split ES-module build of earlier versions: gone
rmSync('dist/cli/chunks', { recursive: true, force: true });
rmSync('dist/cli/bundle.cache', { force: true });

// Node modules that bundled libraries require when they load but that a command rarely reaches through them:
// commander's child_process (for subcommands that are programs of their own, which snug has none of; it
// brings net and dgram along) and cli-progress's readline (for the bar's cursor). Each is required on the
// first use of one of its functions instead, through a stand-in: a short run skips their compilation.
const LAZY = /^(node:)?(child_process|readline)$/;
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: LAZY }, (args) =>
      args.namespace === 'lazy-builtin' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-builtin' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: `let loaded;\nmodule.exports = new Proxy({}, { get: (_, key) => (loaded ??= require(${JSON.stringify(args.path)}))[key] });\n`,
      loader: 'js',
    }));
  },
};

await build({
  entryPoints: ['dist/cli/main.js'],
  outfile: 'dist/cli/bundle.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: EXTERNAL,
  define: { 'import.meta.url': '__snugModuleUrl' },
  plugins: [lazyBuiltins, staticImports],
  logLevel: 'warning',
  ...COMPACT,
});
assertAscii('dist/cli/bundle.cjs');
assertNoLazyModules('dist/cli/bundle.cjs');

writeFileSync(
  'dist/cli/snug.cjs',
  `#!/usr/bin/env node
// snug's command line tool: runs dist/cli/bundle.cjs with V8's code cache of it (scripts/bundle-cli.mjs).
// CommonJS, so that Node starts no ES module loader for it (some 15 ms of every command).
const { readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const filename = join(__dirname, 'bundle.cjs');
const cacheFile = join(__dirname, 'bundle.cache');
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // no cache: compiled as any script
}
const script = new Script(
  '(function (require, module, exports, __filename, __dirname, __snugModuleUrl) {' + readFileSync(filename, 'latin1') + '\\n})',
  { filename, cachedData },
);
// the build makes the cache: the code compiled by the end of a typical command
if (process.env.SNUG_WRITE_CODE_CACHE === '1') process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
const bundle = { exports: {} };
script.runInThisContext()(createRequire(filename), bundle, bundle.exports, filename, __dirname, pathToFileURL(filename).href);
`,
  { mode: 0o755 },
);
// the name the tool has always had (node dist/cli/snug.js): the same loader, through Node's ES module loader
writeFileSync(
  'dist/cli/snug.js',
  "#!/usr/bin/env node\n// snug's command line tool, as dist/cli/snug.cjs (package.json's bin), which starts a little sooner.\nimport './snug.cjs';\n",
  { mode: 0o755 },
);

const made = spawnSync(process.execPath, ['dist/cli/snug.cjs', 'solve', 'soma', '--unique', '--stats'], {
  env: { ...process.env, SNUG_WRITE_CODE_CACHE: '1', NO_COLOR: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (made.status !== 0) throw new Error(`making the code cache: snug solve soma --unique ended with ${made.status}`);
