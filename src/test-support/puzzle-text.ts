import { PuzzleError } from '../puzzle/errors.js';
import { parsePuzzle } from '../puzzle/format.js';

/** What parsing a puzzle file's text says is wrong with it (the PuzzleError's one line), or 'no problem'. */
export function puzzleTextProblem(text: string, file: string): string {
  try {
    parsePuzzle(text, file);
  } catch (e) {
    if (e instanceof PuzzleError) return e.message;
    throw e;
  }
  return 'no problem';
}
