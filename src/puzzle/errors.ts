/**
 * Bad input in a puzzle file: one line that names the file, the line (when known) and the problem.
 * The CLI prints the message as it is and exits with code 2.
 */
export class PuzzleError extends Error {
  override readonly name = 'PuzzleError';
  readonly file: string;
  readonly line: number | undefined;
  readonly problem: string;

  constructor(file: string, line: number | undefined, problem: string) {
    super(line === undefined ? `${file}: ${problem}` : `${file}:${line}: ${problem}`);
    this.file = file;
    this.line = line;
    this.problem = problem;
  }
}
