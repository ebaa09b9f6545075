/**
 * The layering, held by a test: the library's imports read from its sources and checked against the
 * stages of the data flow (README.md's Layout). A rule broken here is a design decision to make on
 * purpose, in this file, not a drift found years later.
 *
 * - Stages are folders of src/, each ranked; a module may import its own folder and lower ranks only
 *   (type imports too: a type from a higher stage ties the lower one to it all the same). The host
 *   (src/platform) is the lowest: it imports nothing of the library, so that its Node and browser twins
 *   can stand in for each other under everything else.
 * - Engines see numbers and bit words: an engine imports other engines and nothing else, no package either.
 * - Node (`node:` modules and the Node-only packages) only at the edge: the host (src/platform), the
 *   command line (src/cli) and the benchmark (src/bench). Everything else runs in the browser as it is.
 * - No circle of imports between modules.
 *
 * Imports are read by TypeScript's own pre-processor (static and dynamic imports, re-exports, require
 * calls), so what is checked is what the compiler and Node load.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The stages from the bottom up: a module may import its own stage and those listed before it. */
const STAGES: readonly (readonly string[])[] = [
  ['platform'],
  ['version.ts'],
  ['geometry'],
  ['puzzle'],
  ['placements'],
  ['engines'],
  ['disassembly'],
  ['compile'],
  ['search'],
  ['runs'],
  ['analysis'],
  ['render'],
  // the library's public boundary: the checks index.ts wraps its exports in, and its answers' cells
  ['arguments.ts', 'answers.ts'],
  // the shells over the library, and the library's index
  ['cli', 'web', 'bench', 'index.ts'],
];

/** Where Node may be used: the host and the programs that run only in Node. */
const NODE_EDGE = new Set(['platform', 'cli', 'bench']);
/** Packages that only run in Node (native code, sockets). */
const NODE_PACKAGES = /^(bullmq|ioredis|@resvg\/resvg-js)(\/|$)/;

interface Import {
  readonly from: string;
  readonly to: string;
  readonly line: number;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support' && entry.name !== 'dev') out.push(...sourceFiles(path));
    } else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every import of a module, as written (`../geometry/cell.js`, `node:fs`, `yaml`). */
function importsOf(file: string): { specifier: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, true);
  const lineOf = (pos: number): number => text.slice(0, pos).split('\n').length;
  return info.importedFiles.map((f) => ({ specifier: f.fileName, line: lineOf(f.pos) }));
}

/** The module a relative specifier names, relative to src/ (`geometry/cell.ts`), or undefined for a package. */
function target(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = resolve(dirname(join(SRC, from)), specifier).replace(/\.js$/, '.ts');
  return relative(SRC, path);
}

const stageOf = (module: string): string => (module.includes('/') ? module.slice(0, module.indexOf('/')) : module);
const rankOf = (module: string): number => {
  const stage = stageOf(module);
  const rank = STAGES.findIndex((s) => s.includes(stage));
  if (rank < 0) throw new Error(`src/${module}: its folder '${stage}' is no stage of the layering (add it to STAGES in src/layering.test.ts)`);
  return rank;
};

const MODULES = sourceFiles(SRC).map((f) => relative(SRC, f)).sort();
const PACKAGE_IMPORTS: { from: string; specifier: string; line: number }[] = [];
const IMPORTS: Import[] = [];
for (const from of MODULES) {
  for (const { specifier, line } of importsOf(join(SRC, from))) {
    // (a style sheet or a picture that the web app's build takes in is no module)
    if (/\.(css|svg|png|html)(\?.*)?$/.test(specifier)) continue;
    const to = target(from, specifier);
    if (to === undefined) PACKAGE_IMPORTS.push({ from, specifier, line });
    else IMPORTS.push({ from, to, line });
  }
}

/** The layering's breaches in a module graph: each a line naming the file, the line and the rule. */
export function breaches(imports: readonly Import[], packages: readonly { from: string; specifier: string; line: number }[]): string[] {
  const out: string[] = [];
  for (const { from, to, line } of imports) {
    if (stageOf(from) === 'engines' && stageOf(to) !== 'engines') out.push(`src/${from}:${line}: an engine imports src/${to}: engines import only engines`);
    else if (rankOf(to) > rankOf(from)) out.push(`src/${from}:${line}: imports src/${to}, a later stage (${stageOf(to)} is above ${stageOf(from)})`);
  }
  for (const { from, specifier, line } of packages) {
    const node = specifier.startsWith('node:') || NODE_PACKAGES.test(specifier);
    if (stageOf(from) === 'engines') out.push(`src/${from}:${line}: an engine imports the package ${specifier}: engines import only engines`);
    else if (node && !NODE_EDGE.has(stageOf(from))) out.push(`src/${from}:${line}: imports ${specifier}: Node is used only by the host (src/platform), the CLI and the benchmark`);
  }
  return out;
}

/** The circles of the import graph (strongly connected components of more than one module, or a module importing itself). */
export function circles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const { from, to } of imports) {
    if (!edges.has(from)) edges.set(from, []);
    edges.get(from)!.push(to);
  }
  // Tarjan's algorithm
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

describe('the layering of src/', () => {
  it('reads the imports of every module', () => {
    // (a reader that finds nothing would pass every rule below)
    expect(MODULES.length).toBeGreaterThan(100);
    expect(IMPORTS.length).toBeGreaterThan(300);
    expect(IMPORTS).toContainEqual(expect.objectContaining({ from: 'engines/bitboard.ts', to: 'engines/types.ts' }));
    for (const { to } of IMPORTS) expect(MODULES, `${to} is imported but is no module of src/`).toContain(to);
  });

  it('has every folder of src/ in a stage', () => {
    for (const module of MODULES) expect(() => rankOf(module)).not.toThrow();
  });

  it('imports only downwards, engines only engines, Node only at the edge', () => {
    expect(breaches(IMPORTS, PACKAGE_IMPORTS)).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(circles(IMPORTS).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('catches each kind of breach (the rules can fail)', () => {
    const bad: Import[] = [
      { from: 'engines/dlx.ts', to: 'puzzle/model.ts', line: 1 },
      { from: 'geometry/cell.ts', to: 'render/svg.ts', line: 2 },
      { from: 'puzzle/a.ts', to: 'puzzle/b.ts', line: 3 },
      { from: 'puzzle/b.ts', to: 'puzzle/a.ts', line: 4 },
    ];
    const packages = [
      { from: 'search/solve.ts', specifier: 'node:fs', line: 5 },
      { from: 'render/png.ts', specifier: '@resvg/resvg-js', line: 6 },
      { from: 'engines/rect.ts', specifier: 'yaml', line: 7 },
      { from: 'platform/host.ts', specifier: 'node:fs', line: 8 },
      { from: 'puzzle/format.ts', specifier: 'yaml', line: 9 },
    ];
    expect(breaches(bad, packages)).toEqual([
      'src/engines/dlx.ts:1: an engine imports src/puzzle/model.ts: engines import only engines',
      'src/geometry/cell.ts:2: imports src/render/svg.ts, a later stage (render is above geometry)',
      'src/search/solve.ts:5: imports node:fs: Node is used only by the host (src/platform), the CLI and the benchmark',
      'src/render/png.ts:6: imports @resvg/resvg-js: Node is used only by the host (src/platform), the CLI and the benchmark',
      'src/engines/rect.ts:7: an engine imports the package yaml: engines import only engines',
    ]);
    expect(circles(bad)).toEqual([['puzzle/a.ts', 'puzzle/b.ts']]);
  });
});
