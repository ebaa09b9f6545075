import { catalogFileNames, compiledCatalogEntry, pathKind, readCatalogFile } from '../platform/host.js';
import { isBurrToolsPath } from './burrtools.js';
import { loadBurrToolsFile, loadPuzzleFile } from './files.js';
import { PuzzleError } from './errors.js';
import { didYouMean } from './near-names.js';
import { parsePuzzle } from './format.js';
import type { Puzzle } from './model.js';
import { printable } from './printable.js';

/** The longest name or path resolvePuzzle looks up (Linux's PATH_MAX). */
const MAX_PATH_LENGTH = 4096;

/**
 * The puzzles shipped with snug: `catalog/NAME.yaml` at the package root (found and read by the host:
 * platform/catalog-files.ts), each parsed once by the build (scripts/compile-catalog.mjs) and parsed again
 * only when its file was edited since.
 */

/**
 * A fingerprint of a catalog file's text, which the compiled catalog keeps beside each puzzle: a file that
 * was edited since no longer matches, and is parsed. Two 32-bit lanes of xor-and-multiply over the UTF-16
 * code units, mixed at the end (53 bits in all, as cyrb53): enough to tell an edit. A cryptographic hash is
 * not needed, and its module (node:crypto, some twenty modules of Node's own) would cost every command its
 * compilation at start.
 */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export function catalogNames(): string[] {
  return catalogFileNames();
}

export function loadCatalogPuzzle(name: string): Puzzle {
  if (!catalogNames().includes(name)) throw new PuzzleError(name, undefined, `no puzzle '${name}' in the catalog (run 'snug list')`);
  const { text, path } = readCatalogFile(name);
  const entry = compiledCatalogEntry(name);
  // (the build parsed this very text: its model is the parser's own output)
  return entry && entry.hash === textHash(text) ? (entry.puzzle as Puzzle) : parsePuzzle(text, path);
}

/**
 * A puzzle file path (snug's YAML, or a BurrTools .xmpuzzle file, of which `problem` picks the problem:
 * 1-based, the first by default), or else a catalog name. `source` names it for messages.
 */
export function resolvePuzzle(nameOrPath: string, problem?: number): { puzzle: Puzzle; source: string } {
  // (no file's path is longer: a longer text is no name to look up, nor to suggest one for)
  if (nameOrPath.length > MAX_PATH_LENGTH) throw new PuzzleError(printable(nameOrPath, 40), undefined, `a puzzle name or path of ${nameOrPath.length} characters: longer than the limit of ${MAX_PATH_LENGTH}`);
  const load = (path: string): Puzzle => {
    if (isBurrToolsPath(path)) return loadBurrToolsFile(path, problem);
    if (problem !== undefined) throw new PuzzleError(path, undefined, '--problem picks a problem of a BurrTools file (.xmpuzzle): a snug puzzle file has one puzzle');
    return loadPuzzleFile(path);
  };
  const kind = pathKind(nameOrPath);
  if (kind === 'file') return { puzzle: load(nameOrPath), source: nameOrPath };
  if (catalogNames().includes(nameOrPath)) {
    if (problem !== undefined) throw new PuzzleError(nameOrPath, undefined, '--problem picks a problem of a BurrTools file (.xmpuzzle): a catalog puzzle has one puzzle');
    return { puzzle: loadCatalogPuzzle(nameOrPath), source: nameOrPath };
  }
  // something that is not a regular file (a folder, a pipe, a device): say what it is
  if (kind === 'other') return { puzzle: load(nameOrPath), source: nameOrPath };
  throw new PuzzleError(nameOrPath, undefined, `unknown puzzle '${nameOrPath}': not a file and not in the catalog${didYouMean(nameOrPath, catalogNames())} (run 'snug list')`);
}
