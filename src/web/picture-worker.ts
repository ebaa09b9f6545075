/**
 * Draws a flat solution picture off the page's thread: a board of a million cells takes seconds to draw,
 * and the page must answer a person meanwhile. The puzzle comes once (its cells are many), then each
 * solution to draw; a failure is posted back as a message, never thrown.
 */
import type { Puzzle } from '../puzzle/model.js';
import type { FromPicture, ToPicture } from './picture-client.js';
import { solutionSvg } from './export.js';
import { unpackCells } from './cell-pack.js';

let puzzle: Puzzle | undefined;

addEventListener('message', (e: MessageEvent<ToPicture>) => {
  const message = unpackCells(e.data);
  if (message.puzzle) puzzle = message.puzzle;
  let reply: FromPicture;
  try {
    if (!puzzle) throw new Error('no puzzle to draw');
    reply = { id: message.id, svg: solutionSvg(puzzle, message.solution) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(reply);
});
