/**
 * A puzzle in the page's address: the fragment (after #, never sent to any server) holds either a catalog
 * name, `#catalog=NAME`, or the whole puzzle, `#puzzle=` its YAML (format.ts) deflated and in base64url
 * (link.ts), so that a link opens the same puzzle anywhere, edited or not.
 */
import type { Puzzle } from '../puzzle/model.js';
import { formatPuzzle } from '../puzzle/format.js';
import { CATALOG, catalogPuzzle } from './catalog.js';
import { packPuzzleText, puzzleOfPacked } from './link.js';

/** Longest fragment read: far beyond any puzzle a person draws, small enough to refuse at once. */
const MAX_FRAGMENT = 1 << 20;

export function shareFragment(puzzle: Puzzle, catalogName?: string): string {
  if (catalogName !== undefined && CATALOG.has(catalogName)) return `#catalog=${encodeURIComponent(catalogName)}`;
  return `#puzzle=${packPuzzleText(formatPuzzle(puzzle))}`;
}

/** The puzzle a fragment names; undefined when it names none; an Error with one line when it is damaged. */
export function puzzleOfFragment(fragment: string): { puzzle: Puzzle; catalogName?: string } | undefined {
  if (fragment.length > MAX_FRAGMENT) throw new Error('the link is too long to be a puzzle');
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const name = params.get('catalog');
  if (name !== null) return { puzzle: catalogPuzzle(name), catalogName: name };
  const packed = params.get('puzzle');
  if (packed === null) return undefined;
  return { puzzle: puzzleOfPacked(packed) };
}
