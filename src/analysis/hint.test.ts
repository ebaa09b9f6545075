import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { parsePuzzle } from '../puzzle/format.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { PlacedPiece, Puzzle, Solution } from '../puzzle/model.js';
import { InvalidPuzzleError } from '../puzzle/model.js';
import { InvalidOptionError } from '../search/options.js';
import { solve } from '../search/solve.js';
import { completionsOf, placeKey, placementCounts } from '../test-support/completions.js';
import { allTilings } from '../test-support/orbits.js';
import { rect } from '../test-support/shapes.js';
import { nextTurn } from '../test-support/turn.js';
import type { HintOptions, HintResult } from './hint.js';
import { hint } from './hint.js';

const PENTOMINO_PIECES = `pieces:
  F: ".##\\n##.\\n.#."
  I: "#####"
  L: "####\\n#..."
  N: "##..\\n.###"
  P: "##\\n##\\n#."
  T: "###\\n.#.\\n.#."
  U: "#.#\\n###"
  V: "#..\\n#..\\n###"
  W: "#..\\n##.\\n.##"
  X: ".#.\\n###\\n.#."
  Y: "####\\n.#.."
  Z: "##.\\n.#.\\n.##"
`;

/** Pentominoes 6x10 with these rows of board art (letters: pieces already placed). */
const pentominoes = (name: string, rows: string[]): Puzzle => parsePuzzle(`name: ${name}\nboard: |\n${rows.map((r) => `  ${r}\n`).join('')}${PENTOMINO_PIECES}`, `${name}.yaml`);

/** The right half filled: 6 pentominoes left for the left 5x6 (a few completions). */
const HALF_DONE = pentominoes('half done', ['#####IYYYY', '#####IZYLL', '#####IZZZL', '#####ITWZL', '#####ITWWL', '#####TTTWW']);

/** X cuts off the top-left corner and W the bottom-left one: both must come off; I may stay. */
const TWO_CORNERS = pentominoes('two corners', ['#X#######I', 'XXX######I', '#X#######I', 'W########I', 'WW#######I', '#WW#######']);

const without = (puzzle: Puzzle, drop: readonly PlacedPiece[]): Puzzle => {
  const placed = (puzzle.placed ?? []).filter((p) => !drop.includes(p));
  const { placed: _placed, ...rest } = puzzle;
  return placed.length > 0 ? { ...rest, placed } : rest;
};
const withPiece = (puzzle: Puzzle, piece: PlacedPiece): Puzzle => ({ ...puzzle, placed: [...(puzzle.placed ?? []), { piece: piece.piece, cells: piece.cells }] });
const solvableBySearch = (puzzle: Puzzle): boolean => solve(puzzle, { limit: 1 }).solutions > 0;

/** The k-element subsets of a list. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

/**
 * Checks every claim of a hint against the completions enumerated by plain backtracking (completionsOf,
 * which shares no code with the search); `small` also checks every smaller set of pieces to take off.
 */
function checkAgainstEnumeration(puzzle: Puzzle, result: HintResult, options: HintOptions): void {
  const all = completionsOf(puzzle);
  const max = options.max ?? 1000;
  expect(result.solvable).toBe(all.length > 0);
  expect(result.completions).toBe(Math.min(all.length, max));
  expect(result.complete).toBe(all.length <= max);
  const counts = placementCounts(all);
  const placesOf = (piece: string): string[] => [...counts.keys()].filter((k) => k.startsWith(`${piece}:`)).sort();

  if (result.hint) {
    const h = result.hint;
    const key = placeKey(h.piece, h.cells);
    // a placement of some completion: with it placed too, the board can still be completed
    expect(counts.get(key) ?? 0).toBeGreaterThan(0);
    expect(completionsOf(withPiece(puzzle, h)).length).toBeGreaterThan(0);
    if (h.why === 'shared') expect(counts.get(key)).toBe(all.length);
    if (h.why !== 'sampled') {
      expect(h.places).toBe(placesOf(h.piece).length);
      // fewest: no piece has fewer places (pieces with none are not to be placed)
      // and the first listed among equals
      if (h.why === 'fewest') {
        const listed = puzzle.pieces.findIndex((p) => p.name === h.piece);
        puzzle.pieces.forEach((p, i) => {
          const n = placesOf(p.name).length;
          if (n > 0) expect(n).toBeGreaterThanOrEqual(i < listed ? h.places + 1 : h.places);
        });
      }
    }
    // when every completion is listed and some placement is in all of them, the hint is one of those
    if (result.complete && [...counts.values()].some((n) => n === all.length)) expect(h.why).toBe('shared');
  } else if (result.solvable) {
    // no hint on a solvable board: nothing is left to place
    expect(all.every((s) => s.placements.length === 0)).toBe(true);
  }

  const placed = puzzle.placed ?? [];
  const removed = new Set((result.remove ?? []).map((p) => placeKey(p.piece, p.cells)));
  const keptAfter = (drop: readonly PlacedPiece[]): PlacedPiece[] => placed.filter((p) => !drop.includes(p));
  if (result.solvable) {
    expect(result.remove).toEqual([]);
  } else if (result.remove === null) {
    // null and smallest: not even the empty board can be completed
    if (result.removeSmallest) expect(completionsOf(puzzle, []).length).toBe(0);
  } else {
    expect(result.remove.length).toBeGreaterThan(0);
    expect(removed.size).toBe(result.remove.length);
    expect(completionsOf(puzzle, placed.filter((p) => !removed.has(placeKey(p.piece, p.cells)))).length).toBeGreaterThan(0);
    if (result.removeSmallest) {
      for (let k = 0; k < result.remove.length; k++) {
        for (const drop of subsets(placed, k)) expect(completionsOf(puzzle, keptAfter(drop)).length).toBe(0);
      }
    } else {
      expect(result.remove).toHaveLength(placed.length);
    }
  }

  if (options.piece !== undefined) {
    const found = result.places!.places.map((cells) => placeKey(options.piece!, cells)).sort();
    if (result.places!.complete) expect(found).toEqual(placesOf(options.piece));
    else for (const k of found) expect(placesOf(options.piece)).toContain(k);
  }

  if (options.reveal !== undefined) {
    const shown = result.reveal!;
    const left = all[0]?.placements.length ?? 0;
    expect(shown).toHaveLength(result.solvable ? Math.min(options.reveal, left) : 0);
    // placed and revealed together are part of one completion
    if (result.solvable) expect(completionsOf({ ...puzzle, placed: [...placed, ...shown] }).length).toBeGreaterThan(0);
  }
}

describe('hint on a half-done pentomino 6x10', () => {
  it('counts the completions and hints a placement of one of them', () => {
    const result = hint(HALF_DONE, { piece: 'X', reveal: 2 });
    expect(result.solvable).toBe(true);
    checkAgainstEnumeration(HALF_DONE, result, { piece: 'X', reveal: 2 });
    // checked by solving, too: with the hinted piece placed, the board can still be completed
    expect(solvableBySearch(withPiece(HALF_DONE, result.hint!))).toBe(true);
  });

  it.each([[1, 0.5], [1, 0]])('past --max %i (explore %d), the hint still belongs to a completion and its piece has the fewest places', (max, explore) => {
    // seven pieces placed: the places of the five left are tried one by one within a second
    const puzzle = withPiece(HALF_DONE, { piece: 'P', cells: [[3, 0, 0], [4, 0, 0], [3, 1, 0], [4, 1, 0], [4, 2, 0]] });
    const options = { max, explore, reveal: 6 };
    const result = hint(puzzle, options);
    expect(result.complete).toBe(false);
    expect(result.hint!.why).not.toBe('sampled');
    checkAgainstEnumeration(puzzle, result, options);
    // with every completion found, or every placement tried, the answer is the same
    expect(result.hint).toEqual(hint(puzzle).hint);
  });

  it('a shared placement is found when the completions agree on one', () => {
    // take the hint twice: after two pieces the completions of this half agree on more
    let puzzle = HALF_DONE;
    for (let step = 0; step < 3; step++) {
      const result = hint(puzzle);
      checkAgainstEnumeration(puzzle, result, {});
      puzzle = withPiece(puzzle, result.hint!);
    }
  });

  it('names the smallest set of placed pieces to take off', () => {
    const result = hint(TWO_CORNERS);
    expect(result.solvable).toBe(false);
    expect(result.removeSmallest).toBe(true);
    // each of X and W cuts off a corner cell: both must go, and I can stay
    expect(result.remove!.map((p) => p.piece).sort()).toEqual(['W', 'X']);
    expect(solvableBySearch(without(TWO_CORNERS, result.remove!))).toBe(true);
    for (const one of TWO_CORNERS.placed!) expect(solvableBySearch(without(TWO_CORNERS, [one]))).toBe(false);
    expect(result.hint).toBeNull();
  });

  it('when the budget runs out, takes off every placed piece and says it is not the smallest', () => {
    const result = hint(TWO_CORNERS, { budget: 1 });
    expect(result.removeSmallest).toBe(false);
    expect(result.remove).toHaveLength(3);
    expect(solvableBySearch(without(TWO_CORNERS, result.remove!))).toBe(true);
  });

  it('a board with every piece placed is complete: one completion, nothing to hint', () => {
    const full = solve(loadCatalogPuzzle('pentomino-3x20'), { limit: 1 }).found[0]!;
    const puzzle = { ...loadCatalogPuzzle('pentomino-3x20'), placed: full.placements };
    const result = hint(puzzle, { reveal: 3 });
    expect(result).toMatchObject({ solvable: true, completions: 1, complete: true, hint: null, remove: [], reveal: [] });
  });
});

describe('ties', () => {
  it('go to the first piece listed, whether places come from every completion or from trying placements', () => {
    // 3x3: three dominoes and an L-tromino, each with 8 places; the completions counted show B in fewer
    const puzzle: Puzzle = {
      name: 'ties', dims: 2, mirror: true, board: rect(3, 3),
      pieces: [
        { name: 'A', shape: [[0, 0, 0], [1, 0, 0]], count: 3, mirror: true },
        { name: 'B', shape: [[0, 0, 0], [0, 1, 0], [1, 1, 0]], count: 1, mirror: true },
      ],
    };
    for (const options of [{}, { max: 1, explore: 0 }, { max: 1, explore: 0.5 }]) {
      const result = hint(puzzle, options);
      checkAgainstEnumeration(puzzle, result, options);
      expect(result.hint!.piece).toBe('A');
    }
  });
});

describe('hint in 3-D', () => {
  it('Soma with two pieces placed', () => {
    const soma = loadCatalogPuzzle('soma');
    const first = solve(soma, { limit: 1 }).found[0]!;
    for (const [a, b] of [[0, 1], [2, 5]] as const) {
      const puzzle = { ...soma, placed: [first.placements[a]!, first.placements[b]!].map((p) => ({ piece: p.piece, cells: p.cells })) };
      for (const options of [{ piece: 'A', reveal: 2 }, { max: 2, piece: 'T' }]) checkAgainstEnumeration(puzzle, hint(puzzle, options), options);
    }
  });

  it('Soma with a placed piece that leaves no completion', () => {
    const soma = loadCatalogPuzzle('soma');
    // V in a corner, and T laid so that the corner cell between them is cut off
    const puzzle: Puzzle = {
      ...soma,
      placed: [
        { piece: 'T', cells: [[1, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0]] },
        { piece: 'V', cells: [[0, 0, 1], [1, 0, 1], [0, 1, 1]] },
      ],
    };
    const result = hint(puzzle);
    checkAgainstEnumeration(puzzle, result, {});
    expect(result.solvable).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------
// Random small puzzles: a box cut into pieces of 2 to 4 cells (pieces of one shape are copies of one),
// some pieces of one or two of its tilings placed. Every claim checked against plain backtracking.

/** The moves of the grid: 8 in 2-D, the 24 rotations of the cube in 3-D (the puzzle's pieces turn freely, no mirror in 3-D). */
function moves(dims: 2 | 3): ((c: Cell) => Cell)[] {
  const out: ((c: Cell) => Cell)[] = [];
  const perms = dims === 2 ? [[0, 1, 2], [1, 0, 2]] : [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const parity = (p: number[]): number => (p[0]! > p[1]! ? 1 : 0) + (p[0]! > p[2]! ? 1 : 0) + (p[1]! > p[2]! ? 1 : 0);
  for (const p of perms) {
    for (let s = 0; s < 8; s++) {
      const sign = [s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1];
      if (dims === 2 && sign[2] === -1) continue;
      const det = (parity(p) % 2 ? -1 : 1) * sign[0]! * sign[1]! * sign[2]!;
      if (dims === 3 && det < 0) continue;
      out.push((c) => [sign[0]! * c[p[0]!]!, sign[1]! * c[p[1]!]!, sign[2]! * c[p[2]!]!]);
    }
  }
  return out;
}

const normalised = (cells: readonly Cell[]): string => {
  const lo = [0, 1, 2].map((i) => Math.min(...cells.map((c) => c[i]!)));
  return cells.map((c) => `${c[0] - lo[0]!},${c[1] - lo[1]!},${c[2] - lo[2]!}`).sort().join(' ');
};

/** Cuts the cells into connected regions of 2 to 4 (a lone cell left over joins a neighbour's region). */
function cutInto(cells: readonly Cell[], choices: readonly number[]): Cell[][] | undefined {
  let pick = 0;
  const next = (n: number): number => choices[pick++ % choices.length]! % n;
  const k = (c: Cell): string => c.join(',');
  const onBoard = new Map(cells.map((c) => [k(c), c]));
  const owner = new Map<string, number>();
  const regions: Cell[][] = [];
  const around = (c: Cell): Cell[] =>
    [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map(([a, b, e]) => onBoard.get(k([c[0] + a!, c[1] + b!, c[2] + e!]))).filter((n): n is Cell => n !== undefined);
  for (const start of cells) {
    if (owner.has(k(start))) continue;
    const target = 2 + next(3);
    const region = [start];
    owner.set(k(start), regions.length);
    while (region.length < target) {
      const frontier = region.flatMap(around).filter((n) => !owner.has(k(n)));
      if (frontier.length === 0) break;
      const c = frontier[next(frontier.length)]!;
      owner.set(k(c), regions.length);
      region.push(c);
    }
    regions.push(region);
  }
  for (let r = 0; r < regions.length; r++) {
    if (regions[r]!.length !== 1) continue;
    const host = around(regions[r]![0]!).map((n) => owner.get(k(n))!).find((o) => o !== r && regions[o]!.length <= 3);
    if (host === undefined) return undefined;
    regions[host]!.push(regions[r]![0]!);
    owner.set(k(regions[r]![0]!), host);
    regions[r] = [];
  }
  return regions.filter((region) => region.length > 0);
}

/** The pieces of a cut: one per shape up to the moves, with a copy per region of that shape. */
function piecesOf(regions: readonly Cell[][], dims: 2 | 3): Puzzle['pieces'] {
  const types = new Map<string, { shape: Cell[]; count: number }>();
  for (const region of regions) {
    const key = moves(dims).map((m) => normalised(region.map(m))).sort()[0]!;
    const type = types.get(key);
    if (type) type.count++;
    else {
      const lo = [0, 1, 2].map((i) => Math.min(...region.map((c) => c[i]!)));
      const shape = region.map((c) => [c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!] as Cell).sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
      types.set(key, { shape, count: 1 });
    }
  }
  return [...types.values()].map((t, i) => ({ name: String.fromCharCode(65 + i), shape: t.shape, count: t.count, mirror: dims === 2 }));
}

/**
 * A half-done board: pieces of a tiling placed (each with a chance of one in 2^keepBits), and when
 * `spoil`, one more piece placed where it fits (a placement of some other tiling) but leaves no
 * completion, when there is such a place.
 */
function halfDone(puzzle: Puzzle, tilings: readonly Solution[], picks: readonly number[], keepBits: number, spoil: boolean): Puzzle {
  const a = tilings[picks[0]! % tilings.length]!;
  const placed: PlacedPiece[] = a.placements.filter((_, i) => picks.slice(2, 2 + keepBits).every((m) => (m >> i) & 1));
  const half = { ...puzzle, placed: placed.map((p) => ({ piece: p.piece, cells: p.cells })) };
  if (!spoil) return half;
  const taken = new Set(placed.flatMap((p) => p.cells.map((c) => c.join(','))));
  const pool = [...new Map(tilings.flatMap((t) => t.placements).map((p) => [placeKey(p.piece, p.cells), p])).values()];
  for (let k = 0; k < pool.length; k++) {
    const p = pool[(picks[1]! + k) % pool.length]!;
    const copies = puzzle.pieces.find((q) => q.name === p.piece)!.count;
    if (placed.filter((q) => q.piece === p.piece).length >= copies || p.cells.some((c) => taken.has(c.join(',')))) continue;
    const spoilt = { ...half, placed: [...half.placed, { piece: p.piece, cells: p.cells }] };
    if (completionsOf(spoilt).length === 0) return spoilt;
  }
  return half;
}

type Box = [number, number, number];

function randomCase(boxes: Box[], keepBits: number, spoils: boolean[], maxes: number[], explores: number[]) {
  return fc
    .record({
      box: fc.constantFrom(...boxes),
      cut: fc.array(fc.nat(), { minLength: 32, maxLength: 32 }),
      picks: fc.array(fc.nat({ max: 1 << 12 }), { minLength: 2 + keepBits, maxLength: 2 + keepBits }),
      spoil: fc.constantFrom(...spoils),
      max: fc.constantFrom(...maxes),
      budget: fc.constantFrom(1, 50_000, undefined),
      explore: fc.constantFrom(...explores),
      piece: fc.nat(),
      reveal: fc.option(fc.nat({ max: 6 }), { nil: undefined }),
    })
    .map(({ box: [w, h, d], cut, picks, spoil, max, budget, explore, piece, reveal }) => {
      const board = rect(w, h, d);
      const dims = d > 1 ? 3 : 2;
      const regions = cutInto(board, cut);
      if (!regions) return undefined;
      const empty: Puzzle = { name: 'random', dims, board, mirror: dims === 2, pieces: piecesOf(regions, dims) };
      const puzzle = halfDone(empty, allTilings(empty), picks, keepBits, spoil);
      const options: HintOptions = { max, explore, ...(budget ? { budget } : {}), piece: empty.pieces[piece % empty.pieces.length]!.name, ...(reveal !== undefined ? { reveal } : {}) };
      return { puzzle, options };
    })
    .filter((c): c is { puzzle: Puzzle; options: HintOptions } => c !== undefined);
}

describe('hint on random small boards, 2-D and 3-D, with copies: every claim holds against plain backtracking', () => {
  it('boards with half the pieces placed, some of them out of place', async () => {
    let unsolvable = 0;
    let shared = 0;
    await fc.assert(
      fc.asyncProperty(randomCase([[3, 3, 1], [3, 4, 1], [4, 4, 1], [2, 5, 1], [2, 2, 2], [2, 2, 3]], 1, [false, true], [1, 2, 1000], [0, 0.5]), async ({ puzzle, options }) => {
        await nextTurn();
        const result = hint(puzzle, options);
        if (!result.solvable) unsolvable++;
        if (result.hint?.why === 'shared') shared++;
        checkAgainstEnumeration(puzzle, result, options);
      }),
      { numRuns: 60, seed: 20261123 },
    );
    // the cases cover both kinds of board
    expect(unsolvable).toBeGreaterThan(8);
    expect(shared).toBeGreaterThan(10);
  });

  it('boards with few pieces placed, past --max, places found by trying placements one by one', async () => {
    let fewest = 0;
    await fc.assert(
      fc.asyncProperty(randomCase([[3, 3, 1], [3, 4, 1], [2, 5, 1], [2, 2, 2], [2, 2, 3]], 2, [false], [1, 2, 5], [0]), async ({ puzzle, options }) => {
        await nextTurn();
        const result = hint(puzzle, options);
        if (result.hint?.why === 'fewest' && !result.complete && options.explore === 0) fewest++;
        checkAgainstEnumeration(puzzle, result, options);
      }),
      { numRuns: 30, seed: 20261123 },
    );
    // the piece with the fewest places, found by trying placements, not only among the completions counted
    expect(fewest).toBeGreaterThan(5);
  });
});

describe('options', () => {
  it('refuses an unknown piece, a negative reveal, a max of 0, before any search', () => {
    expect(() => hint(HALF_DONE, { piece: 'Q' })).toThrow(InvalidOptionError);
    expect(() => hint(HALF_DONE, { piece: 'Q' })).toThrow(/no piece 'Q'.*F, I, L/);
    expect(() => hint(HALF_DONE, { reveal: -1 })).toThrow(InvalidOptionError);
    expect(() => hint(HALF_DONE, { max: 0 })).toThrow(InvalidOptionError);
    expect(() => hint(HALF_DONE, { budget: 0.5 })).toThrow(InvalidOptionError);
    expect(() => hint(HALF_DONE, { explore: 2 })).toThrow(InvalidOptionError);
  });

  it('refuses a puzzle that is not well formed', () => {
    const broken = { ...HALF_DONE, placed: [{ piece: 'X', cells: [[0, 0, 0], [1, 0, 0]] as Cell[] }] };
    expect(() => hint(broken)).toThrow(InvalidPuzzleError);
  });
});
