/**
 * Bad input in a puzzle file: one line that names the file, the line (when known) and the problem.
 * The CLI prints the message as it is and exits with code 2.
 */
import { shownValue } from './printable.js';

/**
 * What the library's typed errors have in common (InvalidPuzzleError, InvalidOptionError, PuzzleError,
 * CheckpointError, MergeError): a message of one line, made whatever value it is given (an error about
 * bad input must not fail itself on a Symbol or an object without a prototype).
 */
export class SnugError extends Error {
  constructor(message?: unknown) {
    super(typeof message === 'string' ? message : message === undefined ? '' : shownValue(message));
  }
}

export class PuzzleError extends SnugError {
  override readonly name = 'PuzzleError';
  readonly file: string;
  readonly line: number | undefined;
  readonly problem: string;

  constructor(file: string, line: number | undefined, problem: string) {
    // (what a program passes is shown as text whatever it is: an error about bad input must not fail itself)
    const asText = (v: unknown): string => (typeof v === 'string' ? v : shownValue(v));
    const where = asText(file);
    const at = line === undefined ? undefined : typeof line === 'number' ? line : asText(line);
    super(at === undefined ? `${where}: ${asText(problem)}` : `${where}:${at}: ${asText(problem)}`);
    this.file = where;
    this.line = typeof line === 'number' ? line : undefined;
    this.problem = asText(problem);
  }
}
