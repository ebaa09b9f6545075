import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Puzzle } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import { svgToPng } from '../platform/host.js';
import { readablePngZoom, renderSolutionSvg } from '../render/index.js';
import { UsageError } from './errors.js';
import { formatCount } from '../render/report.js';
import { readSolutionFile } from './solution-lines.js';

export interface RenderFlags {
  puzzle: string;
  out: string;
  png?: boolean;
  limit?: number;
  scale?: number;
}

/**
 * `snug render SOLUTIONS.jsonl --puzzle PUZZLE --out DIR`: draws solutions saved earlier (`solve --jsonl`),
 * one picture each (DIR/solution-0001.svg, ...; PNG with --png), each checked against the puzzle first.
 * Files already there with the names it would write are refused before anything is drawn.
 */
export async function renderCommand(
  file: string,
  flags: RenderFlags,
  /** catalog.ts's resolvePuzzle, given by the caller (see merge.ts). */
  resolvePuzzle: (target: string) => { puzzle: Puzzle },
): Promise<number> {
  if (flags.out === '') throw new UsageError('--out wants a folder to write the pictures in');
  const { puzzle } = resolvePuzzle(flags.puzzle);
  const solutions = readSolutionFile(file, puzzle, flags.limit);
  if (solutions.length === 0) throw new UsageError(`${file}: no solution lines (write them with snug solve --jsonl)`);
  if (existsSync(flags.out) && !statSync(flags.out).isDirectory()) throw new UsageError(`--out ${printable(flags.out)}: not a folder`);
  const ext = flags.png ? 'png' : 'svg';
  const digits = Math.max(4, String(solutions.length).length);
  const names = solutions.map((_, i) => join(flags.out, `solution-${String(i + 1).padStart(digits, '0')}.${ext}`));
  const there = names.find((n) => existsSync(n));
  if (there) throw new UsageError(`${printable(there)} is there already: render into an empty folder, or move it`);
  mkdirSync(flags.out, { recursive: true });
  for (const [i, solution] of solutions.entries()) {
    const svg = renderSolutionSvg(puzzle, solution, { title: `${puzzle.name}, solution ${i + 1}`, ...(flags.scale !== undefined ? { cellSize: flags.scale } : {}) });
    writeFileSync(names[i]!, flags.png ? await svgToPng(svg, flags.scale === undefined ? readablePngZoom(svg) : 1) : svg);
  }
  console.log(`drew ${formatCount(solutions.length)} solution${solutions.length === 1 ? '' : 's'} of ${printable(puzzle.name)} into ${printable(flags.out)} (${ext.toUpperCase()})`);
  return 0;
}
