import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { normalize } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { assemblyOrder, renderSolutionIso } from './iso.js';

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
