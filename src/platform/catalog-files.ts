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

/**
 * Where the build writes the parsed catalog: dist/catalog/NAME.json, one file a puzzle, so that a command
 * reads only its own (the whole catalog in one file cost 2 ms of JSON a command); and dist/catalog.json,
 * all of them, for the editor's development page. Absent when running from src/.
 */
export function compiledCatalogDir(): URL {
  return new URL('../catalog/', import.meta.url);
}
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

/** The build's parse of catalog puzzle `name` (one of catalogFileNames): {hash of the file's text, puzzle}; undefined when there is none. */
export function compiledCatalogEntry(name: string): { hash: string; puzzle: unknown } | undefined {
  const path = new URL(`${name}.json`, compiledCatalogDir());
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { hash: string; puzzle: unknown }) : undefined;
}
