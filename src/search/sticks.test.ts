import { describe, expect, it } from 'vitest';
import { GRIDS } from '../geometry/grids/index.js';
import { PuzzleError } from '../puzzle/errors.js';
import { formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import type { StickPieceSpec } from '../test-support/sticks.js';
import { rectangleSticks, stickClasses, stickTilings } from '../test-support/sticks.js';
import { inWorker } from '../test-support/in-worker.js';
import { prepareSearch } from '../compile/compile.js';
import { solve } from './solve.js';
import { verifySolution } from './verify.js';

/**
 * Polysticks on the stick grid: counts of the search against a plain backtracking of its own
 * (test-support/sticks.ts: sticks as pairs of lattice points, no code of snug's), and Polyform Puzzler's
 * published count of the 15 tetrasticks in the 5x5 square.
 */

type Sticks = readonly (readonly [number, number, number, number])[];

/** The 16 tetrasticks (Polyform Puzzler's names), each stick from one lattice point to the next. */
const TETRASTICKS: Readonly<Record<string, Sticks>> = {
  I: [[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 3, 0], [3, 0, 4, 0]],
  L: [[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 3, 0], [3, 0, 3, 1]],
  Y: [[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 3, 0], [2, 0, 2, 1]],
  V: [[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 2, 1], [2, 1, 2, 2]],
  T: [[0, 0, 1, 0], [1, 0, 2, 0], [1, 0, 1, 1], [1, 1, 1, 2]],
  X: [[0, 1, 1, 1], [1, 1, 2, 1], [1, 0, 1, 1], [1, 1, 1, 2]],
  U: [[0, 0, 1, 0], [1, 0, 2, 0], [0, 0, 0, 1], [2, 0, 2, 1]],
  N: [[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 2, 1], [2, 1, 3, 1]],
  J: [[0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 2, 1], [1, 1, 2, 1]],
  H: [[0, 0, 1, 0], [1, 0, 2, 0], [1, 0, 1, 1], [1, 1, 2, 1]],
  F: [[0, 0, 1, 0], [1, 0, 2, 0], [0, 0, 0, 1], [1, 0, 1, 1]],
  Z: [[0, 0, 0, 1], [0, 1, 1, 1], [1, 1, 2, 1], [2, 1, 2, 2]],
  R: [[0, 0, 0, 1], [0, 1, 1, 1], [1, 1, 2, 1], [1, 1, 1, 2]],
  W: [[0, 0, 1, 0], [1, 0, 1, 1], [1, 1, 2, 1], [2, 1, 2, 2]],
  P: [[0, 0, 0, 1], [0, 1, 1, 1], [1, 0, 1, 1], [1, 0, 2, 0]],
  O: [[0, 0, 1, 0], [1, 0, 1, 1], [0, 1, 1, 1], [0, 0, 0, 1]],
};

/** Smaller polysticks: the straight distick, and the corner of two arms of two. */
const OTHERS: Readonly<Record<string, Sticks>> = {
  I2: [[0, 0, 1, 0], [1, 0, 2, 0]],
  V4: [[0, 0, 1, 0], [1, 0, 2, 0], [0, 0, 0, 1], [0, 1, 0, 2]],
};
const STICKS: Readonly<Record<string, Sticks>> = { ...TETRASTICKS, ...OTHERS };

/** A stick as snug's cell: its midpoint in doubled coordinates, the sum of its ends. */
const cellOf = ([x1, y1, x2, y2]: readonly number[]): string => `[${x1! + x2!}, ${y1! + y2!}]`;

/** The lines of a w x h rectangle as the stick grid's art: '+' points, '-' and '|' sticks. */
function rectangleArt(w: number, h: number): string {
  const rows: string[] = [];
  for (let y = 0; y <= 2 * h; y++) rows.push(Array.from({ length: 2 * w + 1 }, (_, x) => (y % 2 === 0 ? (x % 2 === 0 ? '+' : '-') : x % 2 === 0 ? '|' : ' ')).join(''));
  return rows.map((r) => `  ${r}\n`).join('');
}

/** A puzzle file of polysticks (free, listed by their cells, with their counts) on the lines of a w x h rectangle. */
function tetrastickYaml(w: number, h: number, names: readonly string[], counts: Readonly<Record<string, number>> = {}): string {
  return `grid: stick\nboard: |\n${rectangleArt(w, h)}pieces:\n` +
    names.map((n) => `  ${n}: {cells: [${STICKS[n]!.map(cellOf).join(', ')}]${counts[n] ? `, count: ${counts[n]}` : ''}}\n`).join('');
}

const spec = (names: readonly string[], counts: Readonly<Record<string, number>> = {}): StickPieceSpec[] => names.map((name) => ({ name, sticks: STICKS[name]!, count: counts[name] ?? 1, mirror: true }));

describe('the stick grid', () => {
  it('reads sticks drawn as art, and writes them back the same', () => {
    const puzzle = parsePuzzle(`grid: stick\nboard: |\n${rectangleArt(2, 1)}pieces:\n  U: |\n    +-+\n    | |\n    + +\n  C: |\n    +-+-+\n    |\n    +\n`, 'art.yaml');
    expect(puzzle.board).toHaveLength(7);
    expect(puzzle.pieces.map((p) => p.shape)).toEqual([
      [[1, 0, 0], [0, 1, 0], [2, 1, 0]],
      [[1, 0, 0], [3, 0, 0], [0, 1, 0]],
    ]);
    const again = parsePuzzle(formatPuzzle(puzzle), 'art.yaml');
    expect(again.board).toEqual(puzzle.board);
    expect(again.pieces.map((p) => p.shape)).toEqual(puzzle.pieces.map((p) => p.shape));
    expect(formatPuzzle(puzzle)).toContain('+-+-+');
  });

  it('a piece holds the points it runs straight through, once', () => {
    const points = (name: string): string[] => GRIDS.stick.exclusivePoints!(TETRASTICKS[name]!.map(([a, b, c, d]) => [a + c, b + d, 0])).map((p) => `${p[0]},${p[1]}`);
    expect(points('I')).toEqual(['2,0', '4,0', '6,0']);
    expect(points('X')).toEqual(['2,2']);
    expect(points('O')).toEqual([]);
  });

  it('refuses a stick drawn on a lattice point, with its line', () => {
    expect(() => parsePuzzle('grid: stick\nboard: |\n  -+-\npieces:\n  A: "+-+"\n', 'bad.yaml')).toThrow(PuzzleError);
    expect(() => parsePuzzle('grid: stick\nboard: |\n  -+-\npieces:\n  A: "+-+"\n', 'bad.yaml')).toThrow(/bad\.yaml:3: .*lattice point/);
  });

  // sets of free tetrasticks on small rectangles: every solution and the classes, against the brute force
  const CASES: [number, number, string[], Record<string, number>][] = [
    [2, 2, ['U', 'P', 'O'], {}], [2, 2, ['U', 'J', 'H'], {}], [2, 2, ['J', 'H', 'F'], {}],
  ];
  for (const [w, h, names, counts] of CASES) {
    for (const engine of ['dlx', 'bitboard'] as const) {
      it(`${names.join(' ')} in the ${w}x${h} rectangle's lines (${engine}): the brute force's solutions and classes, with no sticks crossing`, () => {
        const board = rectangleSticks(w, h);
        const all = stickTilings(board, spec(names, counts));
        const classes = stickClasses(board, all, true);
        // none or one would not tell a search that finds too few from one that finds them all
        expect(all.length).toBeGreaterThan(1);
        const puzzle = parsePuzzle(tetrastickYaml(w, h, names, counts), 'sticks.yaml');
        expect(solve(puzzle, { countOnly: true, engine }).solutions).toBe(all.length);
        expect(solve(puzzle, { countOnly: true, unique: true, engine }).solutions).toBe(classes);
      });
    }
  }

  it('the rule against crossing takes solutions away (the brute force that lets sticks cross finds more), on both engines', () => {
    // two straight disticks would cross in the middle of the 2x2 square, with the two corners around them
    const board = rectangleSticks(2, 2);
    const counts = { I2: 2, V4: 2 };
    const crossing = stickTilings(board, spec(['I2', 'V4'], counts), true);
    const not = stickTilings(board, spec(['I2', 'V4'], counts));
    expect(crossing.length).toBeGreaterThan(not.length);
    const puzzle = parsePuzzle(tetrastickYaml(2, 2, ['I2', 'V4'], counts), 'sticks.yaml');
    for (const engine of ['dlx', 'bitboard'] as const) {
      expect(solve(puzzle, { countOnly: true, engine }).solutions).toBe(not.length);
    }
    // and the verifier refuses a tiling whose sticks cross (the brute force's "name:x1,y1|x2,y2 ..." as cells)
    const fine = new Set(not.map((t) => t.join(' / ')));
    const crossed = crossing.find((t) => !fine.has(t.join(' / ')))!;
    const solution = {
      placements: crossed.map((placement) => {
        const [piece, sticks] = placement.split(':') as [string, string];
        // (a stick's cell is its midpoint in doubled coordinates, the sum of its ends)
        return { piece, cells: sticks.split(' ').map((k) => k.split(/[|,]/).map(Number)).map(([x1, y1, x2, y2]) => [x1! + x2!, y1! + y2!, 0] as [number, number, number]) };
      }),
    };
    expect(verifySolution(puzzle, solution)).toEqual([expect.stringMatching(/^pieces 'I2' and 'I2' cross at \[2, 2\]$/)]);
  });

});

describe('both engines on a larger board', () => {
  it('ten tetrasticks in the 4x4 square\'s lines: Dancing Links and the bitboard engine find the same 1,096 tilings, each verified (no sticks crossing)', async () => {
    // (the brute force of test-support/sticks.ts takes minutes here: the two engines keep sticks from
    // crossing in two ways that share no code, secondary items and points as cells that may stay empty)
    const names = ['L', 'N', 'J', 'H', 'F', 'R', 'P', 'O', 'U', 'W'];
    const r = await inWorker('sameTilings', parsePuzzle(tetrastickYaml(4, 4, names), 'sticks.yaml'), ['dlx', 'bitboard']);
    expect(r.counts).toEqual([1096, 1096]);
    expect(r.same).toBe(true);
    expect(r.problems).toEqual([]);
  });
});

describe('published counts', () => {
  // Polyform Puzzler (docs/polysticks.html): "15 of 16 tetrasticks ... omitting one of the five that have an
  // excess of 2 vertical or horizontal line segments (H, J, L, N, or Y) ... 6x6 grid: 1795 solutions" (6x6
  // points: the lines of the 5x5 square), counted up to the square's symmetries. Each left-out piece is one
  // search on a worker thread, on the engine `auto` picks (the bitboard engine: 1 to 3 s each on one core,
  // against 4 to 10 s on Dancing Links; found: H 72, J 382, L 607, N 530, Y 204).
  const counts = new Map<string, number>();
  describe.concurrent('each piece left out', () => {
    for (const out of 'HJLNY') {
      it(`without ${out}`, async () => {
        const names = Object.keys(TETRASTICKS).filter((n) => n !== out);
        const r = await inWorker('uniqueCount', parsePuzzle(tetrastickYaml(5, 5, names), 'tetrasticks.yaml'), 'auto');
        expect(r.complete).toBe(true);
        counts.set(out, r.solutions);
      }, 1_800_000);
    }
  });
  it('the bitboard engine searches them, with I restricted to 3 of its 24 placements and placed first, none symmetric (X on 3 of 16, two symmetric, cost eight times the nodes)', () => {
    const names = Object.keys(TETRASTICKS).filter((n) => n !== 'H');
    const prepared = prepareSearch(parsePuzzle(tetrastickYaml(5, 5, names), 'tetrasticks.yaml'), { unique: true });
    expect(prepared.engine.name).toBe('bitboard');
    expect(prepared.symmetryNote).toMatch(/^8 symmetries; piece I restricted to 3 of its 24 placements$/);
    // Dancing Links too
    expect(prepareSearch(parsePuzzle(tetrastickYaml(5, 5, names), 'tetrasticks.yaml'), { unique: true, engine: 'dlx' }).symmetryNote).toMatch(/^8 symmetries; piece I restricted to 3 of its 24 placements$/);
  });

  it('the 15 tetrasticks in the 5x5 square, one of H J L N Y left out: 1,795 solutions in all', () => {
    expect(counts.size).toBe(5);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(1795);
  });
});
