import type { z } from 'zod';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { readTextFile, zodModule } from '../platform/host.js';
import { createSolutionCheck } from '../runs/solution-check.js';
import { UsageError } from './errors.js';
import { modelSolution } from '../puzzle/answer-cells.js';

/**
 * A solution as `solve --json` and `--jsonl` print it: [x, y] cells in 2-D, [x, y, z] in 3-D. Made on first
 * use, as zod is loaded (platform/host.ts).
 */
export function solutionLine() {
  return (lineSchema ??= makeSolutionLine());
}
let lineSchema: ReturnType<typeof makeSolutionLine> | undefined;

function makeSolutionLine() {
  const { z } = zodModule();
  const coordinate = z.number().int();
  return z.strictObject({
    placements: z.array(z.strictObject({ piece: z.string(), cells: z.array(z.union([z.tuple([coordinate, coordinate]), z.tuple([coordinate, coordinate, coordinate])])), given: z.literal(true).optional() })),
    // its level, when the run took it apart (a reader that needs it takes the solution apart again)
    level: z.array(z.number().int().min(1)).max(64).optional(),
  });
}
export type SolutionLine = z.infer<ReturnType<typeof makeSolutionLine>>;

/** One line of a --jsonl file as a Solution; `where` (file:line) names it in the one-line refusal. */
export function readSolutionLine(line: string, where: string): Solution {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new UsageError(`${where}: not a JSON line (truncated?)`);
  }
  const parsed = solutionLine().safeParse(value);
  if (!parsed.success) throw new UsageError(`${where}: not a solution line of --jsonl output`);
  return modelSolution(parsed.data);
}

/** Largest solutions file read (a --jsonl output of millions of solutions is read this far at most). */
const MAX_SOLUTIONS_FILE_BYTES = 400 * 1024 * 1024;

/**
 * The first `limit` solutions of a --jsonl file, each checked against the puzzle (a bad line is refused in
 * one line naming the file and the line).
 */
export function readSolutionFile(file: string, puzzle: Puzzle, limit = Infinity): Solution[] {
  const text = readTextFile(file, MAX_SOLUTIONS_FILE_BYTES, (problem) => {
    throw new UsageError(`${file}: ${problem}`);
  });
  const check = createSolutionCheck(puzzle);
  const solutions: Solution[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && solutions.length < limit; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const solution = readSolutionLine(line, `${file}:${i + 1}`);
    const problem = check(solution);
    if (problem) throw new UsageError(`${file}:${i + 1}: ${problem}`);
    solutions.push(solution);
  }
  return solutions;
}
