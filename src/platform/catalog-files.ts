/**
 * The catalog's files, for Node: `catalog/NAME.yaml` at the package root, and the build's parsed copy of
 * them (dist/catalog.json, written by scripts/compile-catalog.mjs). What the files mean (parsing, the
 * fingerprint that tells an edited file) is puzzle/catalog.ts's business; this module only finds and reads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the catalog is. src/platform/, dist/platform/ and the command line's bundle (dist/cli/) all sit
 * two levels below the package root, so one relative path serves every way snug runs.
 */
export function catalogDir(): string {
  return fileURLToPath(new URL('../../catalog/', import.meta.url));
}

/** Where the build writes the parsed catalog (dist/catalog.json; absent when running from src/). */
export function compiledCatalogPath(): URL {
  return new URL('../catalog.json', import.meta.url);
}

/** The names of the catalog's puzzles (its files less `.yaml`), sorted. */
export function catalogFileNames(): string[] {
  return readdirSync(catalogDir())
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -'.yaml'.length))
    .sort();
}

/** A catalog file's text, and its path for messages. */
export function readCatalogFile(name: string): { text: string; path: string } {
  const path = `${catalogDir()}${name}.yaml`;
  return { text: readFileSync(path, 'utf8'), path };
}

let compiled: Readonly<Record<string, { hash: string; puzzle: unknown }>> | undefined;

/** The build's parsed catalog, name -> {hash of the file's text, puzzle}; empty when there is none. */
export function compiledCatalog(): Readonly<Record<string, { hash: string; puzzle: unknown }>> {
  if (!compiled) {
    const path = compiledCatalogPath();
    compiled = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as typeof compiled) : {};
  }
  return compiled!;
}
