import { writeFileSync } from 'node:fs';
import pc from 'picocolors';
import type { Cell } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import { svgToPng } from '../platform/host.js';
import type { SolutionDisassembly } from '../disassembly/solution.js';
import { disassembleSolution, disassemblyProblem, disassemblySteps, levelText, moveText } from '../disassembly/solution.js';
import { readablePngZoom, renderDisassemblyIso, renderSolutionText } from '../render/index.js';
import { answerSolution } from '../puzzle/answer-cells.js';
import { formatCount, jsonText } from '../render/report.js';
import { solve } from '../search/solve.js';
import { EXIT, UsageError, fileProblem, writeError } from './errors.js';
import { readSolutionFile } from './solution-lines.js';
import { pictureWidth, useColor } from './solve.js';

export interface DisassembleFlags {
  solution?: number;
  from?: string;
  json?: boolean;
  svg?: string;
  png?: string;
  scale?: number;
  color: boolean;
  problem?: number;
}

/**
 * `snug disassemble PUZZLE [--solution N | --from SOLUTIONS.jsonl]`: how one solution comes apart, move by
 * move: as text pictures (the part being taken apart after each move), as JSON, or as an SVG or PNG sheet of
 * isometric steps. --solution N is the Nth solution that comes apart, in the order `snug solve --disassemble`
 * lists them; --from takes the Nth line of a --jsonl file (any assembly: one that does not come apart is told so).
 */
export async function disassembleCommand(target: string, flags: DisassembleFlags, resolvePuzzle: (target: string, problem?: number) => { puzzle: Puzzle; source: string }): Promise<number> {
  if (flags.json && flags.svg === '-') throw new UsageError('--svg - writes the picture to standard output, where --json writes too: give --svg a file name');
  if (flags.png === '' || flags.png === '-') throw new UsageError('--png wants the name of a file to write');
  const { puzzle, source } = resolvePuzzle(target, flags.problem);
  const cannot = disassemblyProblem(puzzle);
  if (cannot) throw new UsageError(`${printable(source)}: ${cannot}`);
  const n = flags.solution ?? 1;
  let solution: Solution | undefined;
  if (flags.from !== undefined) {
    solution = readNthSolution(flags.from, n, puzzle);
  } else {
    const found = solve(puzzle, { limit: n, keep: true, disassemble: {} });
    solution = found.found[n - 1];
    if (!solution) {
      const assemblies = found.disassembly?.assemblies ?? 0;
      writeError(`snug: ${printable(source)} has ${formatCount(found.solutions)} solution${found.solutions === 1 ? '' : 's'} that come${found.solutions === 1 ? 's' : ''} apart (of ${formatCount(assemblies)} assembl${assemblies === 1 ? 'y' : 'ies'}): there is no solution ${n}\n`);
      return EXIT.noSolution;
    }
  }
  const taken = disassembleSolution(puzzle, solution);
  if (flags.json) {
    console.log(jsonText(disassemblyJson(puzzle, solution, n, taken)));
  } else if (flags.svg !== '-') {
    printText(puzzle, solution, n, taken, useColor(flags.color));
  }
  if (taken.outcome !== 'apart') return EXIT.noSolution;
  if (flags.svg !== undefined || flags.png !== undefined) {
    const svg = renderDisassemblyIso(puzzle, solution, disassemblySteps(solution, taken), { title: `${puzzle.name}, solution ${n}`, ...(flags.scale !== undefined ? { cellSize: flags.scale } : {}) });
    try {
      if (flags.svg === '-') process.stdout.write(svg);
      else if (flags.svg !== undefined) writeFileSync(flags.svg, svg);
      if (flags.png !== undefined) writeFileSync(flags.png, await svgToPng(svg, flags.scale === undefined ? readablePngZoom(svg) : 1));
    } catch (e) {
      writeError(`snug: cannot write the picture: ${fileProblem(e)}\n`);
      return EXIT.badInput;
    }
  }
  return EXIT.ran;
}

function readNthSolution(file: string, n: number, puzzle: Puzzle): Solution {
  const solutions = readSolutionFile(file, puzzle, n);
  const solution = solutions[n - 1];
  if (!solution) throw new UsageError(`${file}: has ${solutions.length} solution line${solutions.length === 1 ? '' : 's'}: there is no solution ${n}`);
  return { placements: solution.placements };
}

/** The JSON of one disassembly: the level and every move (pieces by name and by index in the solution). */
export function disassemblyJson(puzzle: Puzzle, solution: Solution, n: number, taken: SolutionDisassembly): Record<string, unknown> {
  return {
    puzzle: puzzle.name,
    solution: n,
    comesApart: taken.outcome === 'apart',
    ...(taken.outcome === 'unknown' ? { undecided: true } : {}),
    level: taken.level ? [...taken.level] : null,
    states: taken.states,
    moves: taken.moves.map((m) => ({ pieces: [...m.pieces], placements: [...m.placements], by: [...m.by], separates: m.separates })),
    assembly: answerSolution(solution, 3),
  };
}

function printText(puzzle: Puzzle, solution: Solution, n: number, taken: SolutionDisassembly, color: boolean): void {
  if (taken.outcome === 'stuck') {
    const names = (taken.stuck ?? []).map((i) => (i < 0 ? 'the frame' : solution.placements[i]!.piece));
    console.log(`Solution ${n} of ${puzzle.name} does not come apart: ${names.length > 0 ? `${names.join(', ')} lock one another` : 'its pieces lock'} (no sequence of slides separates them).`);
    return;
  }
  if (taken.outcome === 'unknown') {
    console.log(`Solution ${n} of ${puzzle.name}: no way apart was found within ${formatCount(taken.states)} arrangements searched; it may still come apart.`);
    return;
  }
  const steps = disassemblySteps(solution, taken);
  console.log(`${pc.bold(`Solution ${n} of ${puzzle.name}`)}: level ${levelText(taken.level)}, ${formatCount(steps.length)} move${steps.length === 1 ? '' : 's'} (${formatCount(taken.states)} arrangements searched)`);
  console.log(renderSolutionText(puzzle, solution, { color, maxWidth: pictureWidth() }));
  steps.forEach((step, k) => {
    // the part being taken apart after the move, drawn as a board of its own cells (a part taken away is
    // out of the text picture: drawn where it went, it would only stretch the layers)
    const away = new Set(step.move.separates ? step.move.placements : []);
    const placements = step.scene.filter(({ placement }) => !away.has(placement)).map(({ placement, offset }) => moved(solution.placements[placement]!, offset));
    if (placements.length === 0) return;
    const scene: Puzzle = { ...puzzle, board: placements.flatMap((p) => p.cells), optional: [], placed: [], frame: undefined } as Puzzle;
    console.log(`\n${pc.bold(`${k + 1}.`)} ${moveText(step.move)}`);
    console.log(renderSolutionText(scene, { placements }, { color, maxWidth: pictureWidth() }));
  });
}

function moved<P extends { cells: readonly Cell[] }>(p: P, by: Cell): P {
  return { ...p, cells: p.cells.map((c) => [c[0] + by[0], c[1] + by[1], c[2] + by[2]] as const) };
}
