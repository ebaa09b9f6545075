/**
 * Puzzle files named by a user: read by the host with the checks of a user's file (platform/user-files.ts:
 * no special files, a size limit, one line per problem), then parsed by format.ts or burrtools.ts, which
 * see only text and bytes.
 */
import { parseBurrTools } from './burrtools.js';
import { PuzzleError } from './errors.js';
import { MAX_PUZZLE_FILE_BYTES, parsePuzzle } from './format.js';
import type { Puzzle } from './model.js';
import { readFileBytes, readTextFile } from '../platform/host.js';

/** Reads and parses a puzzle file. */
export function loadPuzzleFile(path: string): Puzzle {
  const text = readTextFile(path, MAX_PUZZLE_FILE_BYTES, (problem) => {
    throw new PuzzleError(path, undefined, problem);
  });
  return parsePuzzle(text, path);
}

/** Reads problem `problem` (1-based) of a BurrTools file, with the checks of any file a user names. */
export function loadBurrToolsFile(path: string, problem = 1): Puzzle {
  const data = readFileBytes(path, MAX_PUZZLE_FILE_BYTES, (why) => {
    throw new PuzzleError(path, undefined, why);
  });
  return parseBurrTools(data, path, problem);
}

