import { cellKey, cellText } from '../geometry/cell.js';
import type { Grid } from '../geometry/grid.js';
import { normalizedShapeKey, shapeKeyOn } from '../geometry/grid.js';
import { orientations } from '../geometry/symmetry.js';
import type { Piece, Puzzle, Solution } from '../puzzle/model.js';
import { hasColourConstraints, puzzleGrid } from '../puzzle/model.js';
import type { Cell } from '../geometry/cell.js';
import type { WrappedGrid } from '../geometry/wrap.js';
import { isWrapped } from '../geometry/wrap.js';

/**
 * Checks a solution against the puzzle alone, sharing nothing with the search: every board cell covered
 * at most once and every cell that must be covered covered, nothing off the board, every piece used
 * between its least and most copies (and `use` pieces in all, when given), each pieces already placed
 * where it was, every placed shape one of its piece's allowed orientations, with colour constraints
 * every coloured piece cell on a board cell its rules allow, and on grids whose pieces may not cross
 * (sticks) no point run straight through by two pieces. Returns the problems found (empty when valid).
 */
export function verifySolution(puzzle: Puzzle, solution: Solution): string[] {
  return createVerifier(puzzle)(solution);
}

/** The shapes a piece may take, as keys: worked out here from the puzzle's rules, not taken from the search. */
function shapesOf(piece: Piece, grid: Grid): Set<string> {
  const key = (cells: Piece['shape']): string => shapeKeyOn(grid, cells);
  if (piece.orientations) return new Set(piece.orientations.map(key));
  if (piece.rotate === false) {
    const shapes = new Set([key(piece.shape)]);
    if (piece.mirror) shapes.add(key(piece.shape.map(grid.mirrorLeftRight.apply)));
    return shapes;
  }
  const turns = piece.mirror ? grid.symmetries : grid.symmetries.filter((t) => !t.reflects);
  return new Set(orientations(piece.shape, turns, grid).map((o) => key(o.cells)));
}

/** Whether cells are a piece's allowed shape laid on a board that wraps. */
function wrappedShapeTest(puzzle: Puzzle, grid: WrappedGrid): (piece: string, cells: readonly Cell[]) => boolean {
  const turns = new Map(puzzle.pieces.map((p) => [p.name, [...shapesOf(p, grid)].map((k) => k.split(';').map((c) => c.split(',').map(Number) as unknown as Cell))]));
  const keyOf = (cells: readonly Cell[]): string => cells.map(cellKey).sort().join(' ');
  return (piece, cells) => {
    const want = keyOf(cells);
    for (const o of turns.get(piece) ?? []) {
      if (o.length !== cells.length) continue;
      for (const c of cells) {
        const moved = o.map((p) => grid.wrapCell([p[0] + c[0] - o[0]![0], p[1] + c[1] - o[0]![1], p[2] + c[2] - o[0]![2]]));
        if (keyOf(moved) === want) return true;
      }
    }
    return false;
  };
}

/** The verifier for one puzzle, with the piece orientations worked out once (for checking many solutions). */
export function createVerifier(puzzle: Puzzle): (solution: Solution) => string[] {
  // board cells numbered once, so that each solution marks numbers, not keys
  const board = new Map(puzzle.board.map((c, i) => [cellKey(c), i]));
  const optional = new Set((puzzle.optional ?? []).map(cellKey));
  // (a cell the board lists twice is one cell: its last number)
  const mustCover = puzzle.board.flatMap((c, i) => (board.get(cellKey(c)) === i && !optional.has(cellKey(c)) ? [i] : []));
  const grid = puzzleGrid(puzzle);
  const shapes = new Map(puzzle.pieces.map((p) => [p.name, shapesOf(p, grid)]));
  // on a board that wraps, a placement is a shape laid across the joined edges: its cells are the shape's
  // moved and taken modulo the period, for some orientation and some move
  const lies = isWrapped(grid) ? wrappedShapeTest(puzzle, grid) : undefined;
  const given = new Set((puzzle.placed ?? []).map((p) => placedKey(p.piece, p.cells)));
  const colours = colourTest(puzzle, grid);
  const rules: Rules = { puzzle, grid, board, mustCover, shapes, given, lies, colours, shapeProblems: new Map() };
  return (solution) => check(rules, solution);
}

/** A placed piece as a key: its name and its cells in a fixed order. */
const placedKey = (piece: string, cells: readonly Cell[]): string => `${piece}:${cells.map(cellKey).sort().join(' ')}`;

/** What a solution is checked against, worked out once per puzzle. */
interface Rules {
  readonly puzzle: Puzzle;
  readonly grid: Grid;
  /** Each board cell's number, by its key. */
  readonly board: ReadonlyMap<string, number>;
  /** The numbers of the board cells that must be covered (all but the optional ones). */
  readonly mustCover: readonly number[];
  readonly shapes: ReadonlyMap<string, ReadonlySet<string>>;
  /** The pieces placed before, as placedKey makes them. */
  readonly given: ReadonlySet<string>;
  readonly lies: ((piece: string, cells: readonly Cell[]) => boolean) | undefined;
  readonly colours: ((piece: string, cells: readonly Cell[]) => boolean) | undefined;
  /** Shape and colour problems by piece and cell keys, as shapeProblemOf found them. */
  readonly shapeProblems: Map<string, string>;
}

/**
 * With colour constraints (board cells and piece cells coloured): whether a piece lies on cells with its
 * colours allowed, for some way of turning it onto them (a symmetric shape may lie on the same cells with
 * its colours placed otherwise): a coloured piece cell on a coloured board cell only where a rule allows
 * that pair. Undefined without colour constraints.
 */
function colourTest(puzzle: Puzzle, grid: Grid): ((piece: string, cells: readonly Cell[]) => boolean) | undefined {
  if (!hasColourConstraints(puzzle)) return undefined;
  const boardColour = new Map(puzzle.boardColours!.map((c) => [cellKey(c.cell), c.colour]));
  const rules = new Set((puzzle.colourRules ?? []).flatMap((r) => r.board.map((b) => `${r.piece}\u0000${b}`)));
  const byName = new Map(puzzle.pieces.map((p) => [p.name, p]));
  const wrapCell = isWrapped(grid) ? grid.wrapCell : (c: Cell): Cell => c;
  return (name, cells) => {
    const piece = byName.get(name)!;
    if (!piece.colours?.length) return true;
    const turns = piece.rotate === false ? [grid.symmetries[0]!, ...(piece.mirror ? [grid.mirrorLeftRight] : [])] : piece.mirror ? grid.symmetries : grid.symmetries.filter((t) => !t.reflects);
    const target = new Set(cells.map(cellKey));
    // every turn, and every move that takes the turned shape's first cell onto one of the cells
    return turns.some((t) => {
      const image = piece.shape.map((c) => t.apply(c));
      if (image.length !== cells.length) return false;
      return cells.some((to) => {
        const move = (c: Cell): Cell => wrapCell([c[0] + to[0] - image[0]![0], c[1] + to[1] - image[0]![1], c[2] + to[2] - image[0]![2]]);
        if (!image.every((c) => target.has(cellKey(move(c))))) return false;
        return piece.colours!.every(({ cell, colour }) => {
          const on = boardColour.get(cellKey(move(t.apply(cell))));
          return on === undefined || rules.has(`${colour}\u0000${on}`);
        });
      });
    });
  };
}

/** Whether cells are one of the shapes allowed (normalising drops a cell listed twice: such cells are no shape). */
function isAllowedShape(grid: Grid, allowed: ReadonlySet<string>, cells: readonly Cell[]): boolean {
  const normal = grid.normalize(cells);
  return normal.length === cells.length && allowed.has(normalizedShapeKey(normal));
}

/** Shape problems remembered per verifier, at most this many (a placement recurs in many solutions). */
const SHAPE_MEMO_LIMIT = 200_000;

/**
 * What is wrong with a piece lying on these cells (`keys`, their cellKeys in the same order): a shape that
 * is not one of its allowed orientations, or colours its rules do not allow; '' when nothing is. A
 * placement recurs in many of a puzzle's solutions: its answer is remembered.
 */
function shapeProblemOf(rules: Rules, piece: string, allowed: ReadonlySet<string>, cells: readonly Cell[], keys: readonly string[]): string {
  const memoKey = `${piece}\u0000${keys.join(' ')}`;
  let problem = rules.shapeProblems.get(memoKey);
  if (problem === undefined) {
    const { grid, lies, colours } = rules;
    const shaped = lies ? lies(piece, cells) : isAllowedShape(grid, allowed, cells);
    problem = !shaped ? `piece '${piece}' is placed in a shape that is not one of its allowed orientations`
      : colours && !colours(piece, cells) ? `piece '${piece}' lies with a coloured cell on a board cell of a colour its colour rules do not allow, however it is turned`
      : '';
    if (rules.shapeProblems.size < SHAPE_MEMO_LIMIT) rules.shapeProblems.set(memoKey, problem);
  }
  return problem;
}

function check(rules: Rules, solution: Solution): string[] {
  const { puzzle, grid, board, shapes, given } = rules;
  const problems: string[] = [];
  // by board cell number: 1 once a placement covers it
  const covered = new Uint8Array(board.size);
  const used = new Map<string, number>();
  const found = new Set<string>();
  /** On grids whose pieces may not cross: the points held so far, and by which piece. */
  const held = new Map<string, string>();
  for (const placed of solution.placements) {
    const allowed = shapes.get(placed.piece);
    if (!allowed) {
      problems.push(`unknown piece '${placed.piece}'`);
      continue;
    }
    used.set(placed.piece, (used.get(placed.piece) ?? 0) + 1);
    const keys = placed.cells.map(cellKey);
    const shapeProblem = shapeProblemOf(rules, placed.piece, allowed, placed.cells, keys);
    if (shapeProblem) problems.push(shapeProblem);
    if (given.size > 0 || placed.given) {
      const key = placedKey(placed.piece, placed.cells);
      if (given.has(key)) found.add(key);
      else if (placed.given) problems.push(`piece '${placed.piece}' is marked as placed before, but the puzzle has no such piece there`);
    }
    for (const point of grid.exclusivePoints?.(placed.cells) ?? []) {
      // (sticks: a point that two pieces run straight through is where they cross)
      const at = cellKey(point);
      const other = held.get(at);
      if (other !== undefined) problems.push(`pieces '${other}' and '${placed.piece}' cross at ${cellText(point, puzzle.dims)}`);
      else held.set(at, placed.piece);
    }
    for (let k = 0; k < keys.length; k++) {
      const c = placed.cells[k]!;
      const i = board.get(keys[k]!);
      if (i === undefined) problems.push(`piece '${placed.piece}' covers ${cellText(c, puzzle.dims)}, which is not on the board`);
      else if (covered[i] !== 0) problems.push(`cell ${cellText(c, puzzle.dims)} is covered twice`);
      else covered[i] = 1;
    }
  }
  for (const i of rules.mustCover) {
    if (covered[i] === 0) problems.push(`cell ${cellText(puzzle.board[i]!, puzzle.dims)} is not covered`);
  }
  for (const p of puzzle.placed ?? []) {
    if (!found.has(placedKey(p.piece, p.cells))) {
      problems.push(`the piece placed before, ${p.piece} on ${p.cells.map((c) => cellText(c, puzzle.dims)).join(' ')}, is not in the solution where it was`);
    }
  }
  for (const p of puzzle.pieces) {
    const n = used.get(p.name) ?? 0;
    const least = p.min ?? p.count;
    if (n < least || n > p.count) problems.push(`piece '${p.name}' is used ${n} times, expected ${least === p.count ? p.count : `${least} to ${p.count}`}`);
  }
  if (puzzle.use !== undefined && solution.placements.length !== puzzle.use) {
    problems.push(`${solution.placements.length} pieces are placed, expected ${puzzle.use}`);
  }
  return problems;
}

/** Throws with every problem listed when the solution is not valid. */
export function assertValidSolution(puzzle: Puzzle, solution: Solution): void {
  const problems = verifySolution(puzzle, solution);
  if (problems.length > 0) throw new Error(`invalid solution of ${puzzle.name}: ${problems.join('; ')}`);
}
