/**
 * A puzzle's YAML text packed into a link's fragment (deflated, in base64url) and unpacked from it, with
 * the limits of a puzzle file: a link of a few kilobytes may unpack to gigabytes, so it is unpacked with a
 * cap (share.ts reads and writes the fragment).
 */
import { deflateSync, strFromU8, strToU8 } from 'fflate';
import { MAX_PUZZLE_FILE_BYTES, parsePuzzle } from '../puzzle/format.js';
import type { Puzzle } from '../puzzle/model.js';
import { unpackCapped } from '../platform/inflate.browser.js';

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

export function packPuzzleText(text: string): string {
  return toBase64Url(deflateSync(strToU8(text), { level: 9 }));
}

/** The text a link packed; an Error of one line when it is damaged or would unpack to more than a puzzle file may hold. */
export function unpackPuzzleText(packed: string): string {
  try {
    return strFromU8(unpackCapped(fromBase64Url(packed), 'deflate', MAX_PUZZLE_FILE_BYTES));
  } catch (e) {
    if (e instanceof RangeError) throw new Error(`the puzzle in the link unpacks to more than ${MAX_PUZZLE_FILE_BYTES / 1024 / 1024} MB: more than the limit of a puzzle`);
    throw new Error('the puzzle in the link is damaged (it may have been cut short)');
  }
}

/** The puzzle a link packed (`#puzzle=` the packed text): an Error of one line when it is damaged, too large or not a puzzle. */
export function puzzleOfPacked(packed: string): Puzzle {
  return parsePuzzle(unpackPuzzleText(packed), 'the link');
}
