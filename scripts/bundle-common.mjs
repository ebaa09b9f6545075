// What the build's bundles (bundle-cli.mjs, bundle-library.mjs) share.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// Packages left outside every bundle, each required on first use: yaml and @resvg/resvg-js when a puzzle
// file is parsed or a PNG drawn, bullmq and ioredis by the work queue only, zod only to read back what a
// run wrote (a checkpoint, a shard's output, solution lines: zod was 600 KB of a 1,350 KB bundle). The
// command line serves yaml, fast-xml-parser and zod from bundles of their own (bundle-cli.mjs).
export const EXTERNAL = ['yaml', '@resvg/resvg-js', 'bullmq', 'ioredis', 'zod'];

// No whitespace or comments, and every character outside ASCII written as an escape: the command line's
// loader reads its bundle as one-byte text (latin1), which a single accented letter would have made a
// two-byte string (read and compiled in 58 ms against 33).
export const COMPACT = { minifyWhitespace: true, charset: 'ascii', legalComments: 'none' };

/** Throws when a bundle holds a byte outside ASCII (so that reading it as latin1 is right). */
export function assertAscii(file) {
  if (readFileSync(file).some((byte) => byte > 127)) throw new Error(`${file}: a character outside ASCII (its loader reads it as latin1)`);
}

// snug's own dynamic imports (import('./x.js'): subcommands, checkpoint files, the work queue), made static in
// a bundle. esbuild bundles a module that is imported dynamically, and every module it imports, as a closure
// run on first use, and turns the module's top-level constants into variables that the closure assigns: hot
// loops then load each one from memory instead of having it folded in. Dancing Links on the Kanoodle
// pyramid searched in 1.3-1.4 s so, against 1.0 s with every module run as the bundle loads (which costs
// nothing measurable: loading the command line 18-19 ms either way, medians of 21). The packages left
// outside stay loaded on first use (EXTERNAL, and platform/host.ts).
export const staticImports = {
  name: 'static-imports',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const modules = [...new Set([...text.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((m) => m[1]))];
      if (modules.length === 0) return undefined;
      let contents = text;
      modules.forEach((m, i) => {
        contents = contents.split(`import('${m}')`).join(`Promise.resolve(__static${i})`);
      });
      return { contents: modules.map((m, i) => `import * as __static${i} from '${m}';\n`).join('') + contents, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/** Throws when a bundle still runs some of snug's modules as closures (see staticImports). */
export function assertNoLazyModules(file) {
  if (readFileSync(file, 'latin1').includes('__esm(')) throw new Error(`${file}: modules bundled as closures run on first use (a dynamic import staticImports missed)`);
}
