import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { normalize } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { assemblyOrder, explodedShifts, renderSolutionIso } from './iso.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { solve } from '../search/solve.js';

/** A puzzle whose pieces are exactly the placed shapes (enough for drawing). */
function puzzleOf(placements: { piece: string; cells: Cell[] }[]): { puzzle: Puzzle; solution: Solution } {
  const pieces = placements.map((p) => ({ name: p.piece, shape: normalize(p.cells), count: 1, mirror: false }));
  return { puzzle: { name: 'stack', dims: 3, board: placements.flatMap((p) => p.cells), pieces, mirror: false }, solution: { placements } };
}

// Listed top first, so that the order cannot come out right by keeping the solution's order.
const stack = puzzleOf([
  { piece: 'Top', cells: [[0, 0, 2], [1, 0, 2]] },
  // lowest cell at z = 0 like Floor, but its middle is higher: after Floor
  { piece: 'Post', cells: [[2, 0, 0], [2, 0, 1], [2, 0, 2]] },
  { piece: 'Floor', cells: [[0, 0, 0], [1, 0, 0]] },
  { piece: 'Middle', cells: [[0, 0, 1], [1, 0, 1]] },
]);

describe('assemblyOrder', () => {
  it('builds from the bottom up: lowest cell first, then the lower middle', () => {
    const names = assemblyOrder(stack.solution).map((i) => stack.solution.placements[i]!.piece);
    expect(names).toEqual(['Floor', 'Post', 'Middle', 'Top']);
  });

  it('keeps the solution order between pieces level in both', () => {
    const twins = puzzleOf([
      { piece: 'B', cells: [[1, 0, 0]] },
      { piece: 'A', cells: [[0, 0, 0]] },
    ]);
    expect(assemblyOrder(twins.solution)).toEqual([0, 1]);
  });

});

describe('assembly steps (--view steps)', () => {
  it('plays a disassembly found backwards: each step a piece coming in, with its direction', () => {
    const svg = renderSolutionIso(stack.puzzle, stack.solution, 'steps');
    const captions = [...svg.matchAll(/>(\d+\. [^<]+)</g)].map((m) => m[1]!);
    // three separations take the four pieces apart; played backwards, each brings one piece (or a group) in
    expect(captions.length).toBe(3);
    expect(captions.every((c) => / in, moving (right|left|forward|back|up|down) /.test(c))).toBe(true);
  });

  it('refuses to draw steps for a solution that does not come apart', () => {
    // two rings through each other
    const rings = puzzleOf([
      { piece: 'A', cells: [[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0], [2, 2, 0], [1, 2, 0], [0, 2, 0], [0, 1, 0]] },
      { piece: 'B', cells: [[1, 1, -1], [2, 1, -1], [3, 1, -1], [3, 1, 0], [3, 1, 1], [2, 1, 1], [1, 1, 1], [1, 1, 0]] },
    ]);
    expect(() => renderSolutionIso(rings.puzzle, rings.solution, 'steps')).toThrow(/does not come apart/);
  });
});

describe('assembly steps: the pieces a step brings in stand out', () => {
  it('outlines the pieces of each step and draws those already in place pale', () => {
    const soma = loadCatalogPuzzle('soma');
    const solution = solve(soma, { limit: 1 }).found[0]!;
    const svg = renderSolutionIso(soma, solution, 'steps');
    // one picture per step: its caption, then its group of polygons
    const groups = svg.split(/<text [^>]*>\d+\. /).slice(1);
    expect(groups.length).toBeGreaterThan(1);
    groups.forEach((group, k) => {
      const added = (group.match(/class="added"/g) ?? []).length;
      const pale = (group.match(/stroke="#888888"/g) ?? []).length;
      expect(added, `step ${k + 1}`).toBeGreaterThan(0);
      // the first step has nothing in place yet (the first piece in); every later one has
      if (k > 0) expect(pale, `step ${k + 1}`).toBeGreaterThan(0);
    });
  });
});

describe('the exploded view of cubes', () => {
  // Checked on the page, apart from the lattice rule explodedShifts uses: each cube drawn is the hexagon of
  // its eight corners seen from (1, 1, 1) (screen x = (x - y) cos 30, y = (x + y) / 2 - z, in cells), and two
  // hexagons of different pieces must be apart by a gap (a separating axis with a gap: convex polygons).
  const c = Math.cos(Math.PI / 6);
  const hexagon = (x: number, y: number, z: number): [number, number][] => {
    const sx = (x - y) * c;
    const sy = (x + y) / 2 - z;
    return [[0, -1], [c, -0.5], [c, 0.5], [0, 1], [-c, 0.5], [-c, -0.5]].map(([dx, dy]) => [sx + dx!, sy + dy!]);
  };
  const gapBetween = (a: [number, number][], b: [number, number][]): number => {
    let best = -Infinity;
    for (const poly of [a, b]) {
      for (let i = 0; i < poly.length; i++) {
        const [x1, y1] = poly[i]!;
        const [x2, y2] = poly[(i + 1) % poly.length]!;
        const length = Math.hypot(x2 - x1, y2 - y1);
        const n = [(y2 - y1) / length, (x1 - x2) / length];
        const along = (p: [number, number][]) => p.map(([x, y]) => x * n[0]! + y * n[1]!);
        const pa = along(a);
        const pb = along(b);
        best = Math.max(best, Math.min(...pb) - Math.max(...pa), Math.min(...pa) - Math.max(...pb));
      }
    }
    return best;
  };
  const check = (solution: Solution): void => {
    const shifts = explodedShifts(solution);
    const drawn = solution.placements.flatMap((p, i) => p.cells.map((cell) => ({ i, hex: hexagon(cell[0] + shifts[i]![0], cell[1] + shifts[i]![1], cell[2] + shifts[i]![2]) })));
    for (let a = 0; a < drawn.length; a++) {
      for (let b = a + 1; b < drawn.length; b++) {
        if (drawn[a]!.i === drawn[b]!.i) continue;
        expect(gapBetween(drawn[a]!.hex, drawn[b]!.hex), `pieces ${drawn[a]!.i} and ${drawn[b]!.i}`).toBeGreaterThan(0.2);
      }
    }
  };

  it('sets every piece apart on the page: all 240 Soma cubes, and the Tetris Cube', () => {
    const soma = loadCatalogPuzzle('soma');
    const all = solve(soma, { all: true, unique: true }).found;
    expect(all).toHaveLength(240);
    for (const solution of all) check(solution);
    check(solve(loadCatalogPuzzle('tetris-cube'), { limit: 1 }).found[0]!);
  });
});
