/**
 * A puzzle in the page's address: the fragment (after #, never sent to any server) holds either a catalog
 * name, `#catalog=NAME`, or the whole puzzle, `#puzzle=` its YAML (format.ts) deflated and in base64url, so
 * that a link opens the same puzzle anywhere, edited or not.
 */
import { deflateSync, strToU8, strFromU8 } from 'fflate';
import type { Puzzle } from '../puzzle/model.js';
import { MAX_PUZZLE_FILE_BYTES, formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import { unpackCapped } from '../platform/inflate.js';
import { CATALOG, catalogPuzzle } from './catalog.js';

/** Longest fragment read: far beyond any puzzle a person draws, small enough to refuse at once. */
const MAX_FRAGMENT = 1 << 20;

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

export function shareFragment(puzzle: Puzzle, catalogName?: string): string {
  if (catalogName !== undefined && CATALOG.has(catalogName)) return `#catalog=${encodeURIComponent(catalogName)}`;
  return `#puzzle=${toBase64Url(deflateSync(strToU8(formatPuzzle(puzzle)), { level: 9 }))}`;
}

/** The puzzle a fragment names; undefined when it names none; an Error with one line when it is damaged. */
export function puzzleOfFragment(fragment: string): { puzzle: Puzzle; catalogName?: string } | undefined {
  if (fragment.length > MAX_FRAGMENT) throw new Error('the link is too long to be a puzzle');
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const name = params.get('catalog');
  if (name !== null) return { puzzle: catalogPuzzle(name), catalogName: name };
  const packed = params.get('puzzle');
  if (packed === null) return undefined;
  let text: string;
  try {
    // unpacked with a cap: a link of a few kilobytes may unpack to gigabytes
    text = strFromU8(unpackCapped(fromBase64Url(packed), 'deflate', MAX_PUZZLE_FILE_BYTES));
  } catch (e) {
    if (e instanceof RangeError) throw new Error(`the puzzle in the link unpacks to more than ${MAX_PUZZLE_FILE_BYTES / 1024 / 1024} MB: more than the limit of a puzzle`);
    throw new Error('the puzzle in the link is damaged (it may have been cut short)');
  }
  return { puzzle: parsePuzzle(text, 'the link') };
}
