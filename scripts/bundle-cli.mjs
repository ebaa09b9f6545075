// Build step: bundles the command line tool into one file, dist/cli/snug.js, which starts about 20 ms
// sooner than the ~30 modules it is made of (one file to read and compile instead of many). The library
// (dist/index.js) stays unbundled. The bundle sits in dist/cli/ like main.js, so the paths it finds the
// catalog by (relative to its own location) are the same. yaml stays outside: it is loaded only when a
// puzzle file must be parsed.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/cli/main.js'],
  outfile: 'dist/cli/snug.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: ['yaml'],
  // commander is CommonJS and requires Node's modules: give the ESM bundle a require().
  banner: { js: "import { createRequire as snugRequire } from 'node:module'; const require = snugRequire(import.meta.url);" },
  logLevel: 'warning',
});
