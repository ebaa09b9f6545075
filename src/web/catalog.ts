/** The catalog of the command line (catalog/*.yaml), built into the app as text and parsed when picked. */
import type { Puzzle } from '../puzzle/model.js';
import { parsePuzzle } from '../puzzle/format.js';

const texts = import.meta.glob('../../catalog/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const CATALOG: ReadonlyMap<string, string> = new Map(
  Object.entries(texts)
    .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1, -'.yaml'.length), text] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);

export function catalogPuzzle(name: string): Puzzle {
  const text = CATALOG.get(name);
  if (text === undefined) throw new Error(`no puzzle '${name}' in the catalog`);
  return parsePuzzle(text, `${name}.yaml`);
}
