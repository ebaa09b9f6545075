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
// - dist/cli/packages/NAME.cjs and NAME.cache: the packages the tool requires on first use that a command
//   reading a file needs (yaml for puzzle files, fast-xml-parser for BurrTools files, zod for solution
//   lines and checkpoints), each bundled alone with a code cache made by a command that uses it. Required
//   from node_modules, yaml alone took some 30 ms to find and compile its dozens of files and 13 ms more
//   to parse its first file cold; so served, 3 and 5 ms (reading a puzzle file, --stats: 41 -> 12 ms).
// - dist/cli/snug.cjs: the loader (package.json's bin), a few lines of CommonJS: it compiles the bundle with
//   the cache (node:vm) and runs it, and serves the packages above the same way (loadPackage in
//   src/platform/host.ts asks it first). dist/cli/snug.js, the name the tool has always had, imports it.
//
// Measured when this was made (2 cores, 25 paired whole-process runs on a quiet machine): soma --unique
// --count 0.90x and the count of 8x8 dominoes 0.92x the time of the same tool as ES modules; `snug list`
// the same. The difference is all in loading.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// the packages the tool requires on first use that are worth a script and a code cache of their own (see
// loadPackage in src/platform/host.ts): each bundled alone into dist/cli/packages/NAME.cjs
const PACKAGED = ['yaml', 'fast-xml-parser', 'zod'];
rmSync('dist/cli/packages', { recursive: true, force: true });
mkdirSync('dist/cli/packages');
for (const name of PACKAGED) {
  await build({
    stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: '.', loader: 'js' },
    outfile: `dist/cli/packages/${name}.cjs`,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    ...COMPACT,
  });
  assertAscii(`dist/cli/packages/${name}.cjs`);
}

writeFileSync(
  'dist/cli/snug.cjs',
  `#!/usr/bin/env node
// snug's command line tool: runs dist/cli/bundle.cjs with V8's code cache of it (scripts/bundle-cli.mjs),
// and serves the packages in dist/cli/packages the same way when the tool first asks for one.
// CommonJS, so that Node starts no ES module loader for it (some 15 ms of every command).
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

// the build makes the caches: 'bundle', the code compiled by the end of a typical command; 'packages',
// that of each package a command loaded
const writing = process.env.SNUG_WRITE_CODE_CACHE;

/** The script in \`filename\` compiled as a function of \`params\`, with V8's code cache of it when there is one. */
function compiled(filename, params, cacheFile, write) {
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // no cache: compiled as any script
  }
  const script = new Script('(function (' + params + ') {' + readFileSync(filename, 'latin1') + '\\n})', { filename, cachedData });
  if (write) process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
  return script.runInThisContext();
}

const packages = new Map();
globalThis[Symbol.for('snug.package')] = (name) => {
  if (!packages.has(name)) {
    const filename = join(__dirname, 'packages', name + '.cjs');
    let exports;
    if (existsSync(filename)) {
      const module = { exports: {} };
      compiled(filename, 'require, module, exports', join(__dirname, 'packages', name + '.cache'), writing === 'packages')(createRequire(filename), module, module.exports);
      exports = module.exports;
    }
    packages.set(name, exports);
  }
  return packages.get(name);
};

const filename = join(__dirname, 'bundle.cjs');
const bundle = { exports: {} };
compiled(filename, 'require, module, exports, __filename, __dirname, __snugModuleUrl', join(__dirname, 'bundle.cache'), writing === 'bundle')(
  createRequire(filename), bundle, bundle.exports, filename, __dirname, pathToFileURL(filename).href,
);
`,
  { mode: 0o755 },
);
// the name the tool has always had (node dist/cli/snug.js): the same loader, through Node's ES module loader
writeFileSync(
  'dist/cli/snug.js',
  "#!/usr/bin/env node\n// snug's command line tool, as dist/cli/snug.cjs (package.json's bin), which starts a little sooner.\nimport './snug.cjs';\n",
  { mode: 0o755 },
);

// the caches: the bundle's from a typical command; the packages' from commands that read a puzzle file
// (yaml), a BurrTools file (fast-xml-parser) and solution lines (zod)
const scratch = mkdtempSync(join(tmpdir(), 'snug-code-cache-'));
const lines = join(scratch, 'soma.jsonl');
const file = join(scratch, 'soma.yaml');
const runs = [
  ['bundle', ['solve', 'soma', '--unique', '--stats']],
  ['', ['convert', 'soma', file]],
  ['packages', ['solve', file, '--unique', '--count']],
  ['packages', ['solve', 'examples/soma.xmpuzzle', '--count']],
  ['', ['solve', 'soma', '--limit', '2', '--jsonl'], lines],
  ['packages', ['disassemble', 'soma', '--from', lines, '--json']],
];
try {
  for (const [caches, args, out] of runs) {
    const made = spawnSync(process.execPath, ['dist/cli/snug.cjs', ...args], {
      env: { ...process.env, SNUG_WRITE_CODE_CACHE: caches, NO_COLOR: '1' },
      stdio: ['ignore', out ? 'pipe' : 'ignore', 'inherit'],
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`making the code caches: snug ${args.join(' ')} ended with ${made.status}`);
    if (out) writeFileSync(out, made.stdout);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
for (const name of PACKAGED) {
  if (!existsSync(`dist/cli/packages/${name}.cache`)) throw new Error(`making the code caches: no command loaded ${name}`);
}
