import pc from 'picocolors';
import type { Cell, Dimensions } from '../geometry/cell.js';
import { cellText } from '../geometry/cell.js';
import type { HintResult } from '../analysis/hint.js';
import { hint } from '../analysis/hint.js';
import { resolvePuzzle } from '../puzzle/catalog.js';
import { PuzzleError } from '../puzzle/errors.js';
import type { PlacedPiece, Puzzle } from '../puzzle/model.js';
import { InvalidPuzzleError, pieceMin } from '../puzzle/model.js';
import { printable } from '../puzzle/printable.js';
import type { AnswerCell } from '../puzzle/answer-cells.js';
import { answerCells } from '../puzzle/answer-cells.js';
import type { TextOptions } from '../render/index.js';
import { renderSolutionText } from '../render/index.js';
import type { EngineChoice } from '../compile/options.js';
import { EXIT, UsageError } from './errors.js';
import { formatCount } from '../render/report.js';
import { pictureWidth, useColor } from './solve.js';

export interface HintFlags {
  /** The problem of a BurrTools file to read (1-based). */
  problem?: number;
  max?: number;
  piece?: string;
  reveal?: number;
  json?: boolean;
  engine: EngineChoice;
  color: boolean;
}

const piecesJson = (pieces: readonly PlacedPiece[], dims: Dimensions): { piece: string; cells: AnswerCell[] }[] =>
  pieces.map((p) => ({ piece: p.piece, cells: answerCells(p.cells, dims) }));

/** The result as `--json` prints it (see the README). */
export function hintJson(result: HintResult, dims: Dimensions): Record<string, unknown> {
  const unsolvable = !result.solvable && result.remove !== null;
  return {
    solvable: result.solvable,
    completions: result.completions,
    complete: result.complete,
    hint: result.hint ? { piece: result.hint.piece, cells: answerCells(result.hint.cells, dims), why: result.hint.why, places: result.hint.places } : null,
    remove: result.remove ? result.remove.map((p) => p.piece) : null,
    // copies of one piece share a name: their cells say which copy
    ...(unsolvable ? { removePlacements: piecesJson(result.remove!, dims) } : {}),
    ...(!result.solvable ? { removeSmallest: result.removeSmallest } : {}),
    ...(result.places ? { places: result.places.places.map((cells) => answerCells(cells, dims)), placesComplete: result.places.complete } : {}),
    ...(result.reveal ? { reveal: piecesJson(result.reveal, dims) } : {}),
  };
}

/** Pieces of more cells are named by the box they lie in (the JSON output lists every cell). */
const MAX_CELLS_LISTED = 12;
/** Where a piece lies: its cells, or for a large piece the box they fill (or lie in). */
function cellsText(cells: readonly Cell[], dims: Dimensions): string {
  if (cells.length <= MAX_CELLS_LISTED) return cells.map((c) => cellText(c, dims)).join(' ');
  const lo = [0, 1, 2].map((i) => Math.min(...cells.map((c) => c[i]!))) as unknown as Cell;
  const hi = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i]!))) as unknown as Cell;
  const volume = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1);
  const box = `the box from ${cellText(lo, dims)} to ${cellText(hi, dims)}`;
  return volume === cells.length ? box : `${formatCount(cells.length)} cells in ${box}`;
}
const names = (pieces: readonly PlacedPiece[]): string => pieces.map((p) => printable(p.piece)).join(', ');
const plural = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/** `snug hint PUZZLE`: can the half-done board be completed, and what to do next. Exit 0 when it can, 1 when not. */
export function hintCommand(target: string, flags: HintFlags): number {
  const { puzzle, source } = resolvePuzzle(target, flags.problem);
  if (flags.piece !== undefined && !puzzle.pieces.some((p) => p.name === flags.piece)) {
    const names = puzzle.pieces.map((p) => printable(p.name, 40));
    const list = names.length > 12 ? `${names.slice(0, 12).join(', ')}, ...` : names.join(', ');
    throw new UsageError(`--piece ${printable(flags.piece, 40)}: ${printable(source)} has no piece of that name (its pieces: ${list})`);
  }
  let result: HintResult;
  try {
    result = hint(puzzle, {
      engine: flags.engine,
      ...(flags.max !== undefined ? { max: flags.max } : {}),
      ...(flags.piece !== undefined ? { piece: flags.piece } : {}),
      ...(flags.reveal !== undefined ? { reveal: flags.reveal } : {}),
    });
  } catch (e) {
    if (e instanceof InvalidPuzzleError) throw new PuzzleError(source, undefined, e.message);
    throw e;
  }
  if (flags.json) console.log(JSON.stringify(hintJson(result, puzzle.dims)));
  else printHint(puzzle, source, result, flags);
  return result.solvable ? EXIT.ran : EXIT.noSolution;
}

function printHint(puzzle: Puzzle, source: string, result: HintResult, flags: HintFlags): void {
  const color = useColor(flags.color);
  const dims = puzzle.dims;
  const given = (puzzle.placed ?? []).map((p) => ({ ...p, given: true as const }));
  // The board with the placed pieces (drawn set back, as given) and the pieces added, highlighted as
  // `what` (the hint, the pieces revealed). `highlight` is the pictures' way to single placements out;
  // a renderer without it draws the same picture unmarked, and the line under it names the pieces.
  const picture = (added: readonly PlacedPiece[], what: string): string => {
    const options: TextOptions & { highlight?: readonly number[]; highlightName?: string } = {
      color,
      maxWidth: pictureWidth(),
      highlight: added.map((_, i) => given.length + i),
      highlightName: what,
    };
    return renderSolutionText(puzzle, { placements: [...given, ...added] }, options);
  };
  const strong = (s: string): string => (color ? pc.bold(s) : s);

  console.log(`${strong(printable(puzzle.name))}  (${printable(source)})`);
  // `use` fixes how many pieces a completion has, whatever the ranges of the copies allow
  const most = (puzzle.use ?? puzzle.pieces.reduce((n, p) => n + p.count, 0)) - given.length;
  const fewest = puzzle.use !== undefined ? most : Math.max(0, puzzle.pieces.reduce((n, p) => n + pieceMin(p), 0) - given.length);
  const left = fewest === most ? `${formatCount(most)} to place` : `${formatCount(fewest)} to ${formatCount(most)} more may be placed`;
  const count = result.complete
    ? result.completions === 0 ? 'it cannot be completed' : `${plural(result.completions, 'completion', 'completions')}`
    : `more than ${plural(result.completions, 'completion', 'completions')} (counting stopped at --max ${formatCount(result.completions)})`;
  console.log(`${plural(given.length, 'piece', 'pieces')} placed, ${left}: ${count}`);

  if (!result.solvable) {
    console.log(picture([], 'none'));
    if (result.remove && result.remove.length > 0) {
      const how = result.removeSmallest ? 'no fewer placed pieces would do' : 'the search for fewer stopped at its work budget';
      console.log(strong(`Take off ${names(result.remove)} and it can be completed again (${how}).`));
      for (const p of result.remove) console.log(`  ${printable(p.piece)} at ${cellsText(p.cells, dims)}`);
    } else if (given.length === 0) {
      console.log('The puzzle has no solution.');
    } else if (result.removeSmallest) {
      console.log('Even with every placed piece taken off, the puzzle has no solution.');
    } else {
      console.log('The search for pieces to take off stopped at its work budget.');
    }
  } else if (result.hint) {
    const h = result.hint;
    console.log(picture([{ piece: h.piece, cells: h.cells }], 'hint'));
    console.log(strong(`Hint: put ${printable(h.piece)} on ${cellsText(h.cells, dims)}`));
    const why = h.why === 'shared'
      ? `every completion has ${printable(h.piece)} there`
      : `${printable(h.piece)} has the fewest places left: ${formatCount(h.places)}${h.why === 'sampled' ? ' among the completions found (the search for more stopped at its work budget)' : ''}; this is one of them`;
    console.log(`  (${why})`);
  } else {
    console.log(picture([], 'none'));
    console.log('The board is full: nothing is left to place.');
  }

  if (result.places) {
    const p = result.places;
    const more = p.complete ? '' : ' (the search stopped at its work budget: there may be more)';
    console.log(`\n${strong(`${printable(p.piece)} can go in ${plural(p.places.length, 'place', 'places')}${more}${p.places.length > 0 ? ':' : '.'}`)}`);
    for (const cells of p.places) console.log(`  ${cellsText(cells, dims)}`);
  }
  if (result.reveal && result.solvable) {
    const shown = result.reveal;
    console.log(`\n${strong(`${plural(shown.length, 'piece', 'pieces')} of one completion${shown.length > 0 ? `: ${names(shown)}` : ''}`)}`);
    console.log(picture(shown, 'revealed'));
  }
}
