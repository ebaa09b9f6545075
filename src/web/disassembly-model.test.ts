import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { disassembleSolution, FRAME } from '../disassembly/solution.js';
import type { SolutionDisassembly } from '../disassembly/solution.js';
import { parsePuzzle } from '../puzzle/format.js';
import { solve } from '../search/solve.js';
import { directionText, disassemblyPlan, levelLabel, moveFades, moveText, notApartText, poseAt, poseDuring, shownAt, stateText } from './disassembly-model.js';

/** Three pieces in a frame: B slides right, then leaves upward; C leaves to the front; A stays with the frame. */
const handMade: SolutionDisassembly = {
  outcome: 'apart',
  level: [2],
  states: 5,
  moves: [
    { placements: [1], pieces: ['B'], by: [1, 0, 0], separates: false },
    { placements: [1], pieces: ['B'], by: [0, 0, 3], separates: true },
    { placements: [2], pieces: ['C'], by: [0, 2, 0], separates: true },
  ],
  separation: {
    moves: [
      { pieces: [1], by: [1, 0, 0], separates: false },
      { pieces: [1], by: [0, 0, 3], separates: true },
    ],
    removed: [1],
    remaining: [0, 2, FRAME],
    remainingPart: { moves: [{ pieces: [2], by: [0, 2, 0], separates: true }], removed: [2], remaining: [0, FRAME] },
  },
};

describe('disassemblyPlan', () => {
  it('adds up each piece\'s moves, and knows the part each move takes apart', () => {
    const plan = disassemblyPlan(3, handMade)!;
    expect(plan.level).toEqual([2]);
    expect(plan.offsets).toEqual([
      [[0, 0, 0], [0, 0, 0], [0, 0, 0]],
      [[0, 0, 0], [1, 0, 0], [0, 0, 0]],
      [[0, 0, 0], [1, 0, 3], [0, 0, 0]],
      [[0, 0, 0], [1, 0, 3], [0, 2, 0]],
    ]);
    // the frame is in the parts of the disassembler, never among the placements drawn
    expect(plan.moves.map((m) => m.part)).toEqual([[0, 1, 2], [0, 1, 2], [0, 2]]);
    expect([0, 1, 2, 3].map((k) => [...shownAt(plan, 3, k)].sort())).toEqual([[0, 1, 2], [0, 1, 2], [0, 2], [0]]);
  });

  it('has no plan for a solution that does not come apart, and says why', () => {
    const stuck: SolutionDisassembly = { outcome: 'stuck', moves: [], stuck: [0, FRAME], states: 12 };
    expect(disassemblyPlan(2, stuck)).toBeUndefined();
    expect(notApartText(stuck, ['A', 'B'])).toBe('This assembly does not come apart: no sliding moves take it apart (A, the frame lock one another).');
    expect(notApartText({ ...stuck, stuck: [0, 1, 2] }, ['L', 'L', 'D'])).toBe('This assembly does not come apart: no sliding moves take it apart (L (2 copies), D lock one another).');
    expect(notApartText({ outcome: 'unknown', moves: [], states: 1_000_000 }, [])).toMatch(/undecided: the search gave up after 1,000,000 arrangements/);
  });
});

describe('words', () => {
  it('names the moves along the puzzle\'s axes', () => {
    expect(directionText([0, 0, 2])).toBe('up 2');
    expect(directionText([0, 0, -1])).toBe('down 1');
    expect(directionText([-3, 0, 0])).toBe('left 3');
    expect(directionText([0, 1, 0])).toBe('forward 1');
    expect(directionText([0, -2, 0])).toBe('back 2');
    expect(directionText([1, 1, 0])).toBe('by (1, 1, 0)');
  });

  it('tells a move, a move undone, the states at either end and the level', () => {
    const plan = disassemblyPlan(3, handMade)!;
    expect(moveText(plan, 0)).toBe('move 1 of 3: piece B right 1');
    expect(moveText(plan, 1)).toBe('move 2 of 3: piece B up 3, out');
    expect(moveText(plan, 1, true)).toBe('move 2 of 3 undone: piece B down 3, back in');
    expect(stateText(plan, 0)).toBe('assembled: 3 moves take it apart');
    expect(stateText(plan, 2)).toBe('move 2 of 3: piece B up 3, out');
    expect(stateText(plan, 3)).toBe('taken apart in 3 moves');
    expect(levelLabel([5, 3, 2])).toBe('level 5.3.2');
  });
});

describe('poses', () => {
  const plan = disassemblyPlan(3, handMade)!;

  it('slides the moving pieces, then fades out those taken away, a little further on', () => {
    expect(poseDuring(plan, 3, 0, 0.5, 0)[1]!.offset).toEqual([0.5, 0, 0]);
    expect(moveFades(plan, 3, 0)).toBe(false);
    expect(moveFades(plan, 3, 1)).toBe(true);
    const slid = poseDuring(plan, 3, 1, 1, 0);
    expect(slid[1]).toEqual({ offset: [1, 0, 3], opacity: 1 });
    const gone = poseDuring(plan, 3, 1, 1, 1);
    expect(gone[1]!.opacity).toBe(0);
    expect(gone[1]!.offset[2]).toBeGreaterThan(3);
    // the pieces that stay do not move and stay opaque
    expect(gone[0]).toEqual({ offset: [0, 0, 0], opacity: 1 });
  });

  it('ends each move in the state the next one starts from', () => {
    for (let k = 0; k < plan.moves.length; k++) {
      const end = poseDuring(plan, 3, k, 1, 1);
      const next = poseAt(plan, 3, k + 1);
      end.forEach((pose, i) => {
        expect(pose.opacity).toBe(next[i]!.opacity);
        if (pose.opacity > 0) expect(pose.offset).toEqual(next[i]!.offset);
      });
    }
    expect(poseAt(plan, 3, 0).every((p) => p.opacity === 1 && p.offset.every((v) => v === 0))).toBe(true);
  });
});

describe('a real disassembly', () => {
  it('plays a solution of a box under a lid: every piece ends out of the box, none overlaps another on the way', () => {
    const lid: Cell[] = [];
    for (let x = -1; x <= 4; x++) for (let y = -1; y <= 2; y++) {
      lid.push([x, y, -1]);
      for (let z = 0; z <= 2; z++) {
        const inside = x >= 0 && x < 4 && y >= 0 && y < 2;
        if ((z < 2 && inside) || (z === 2 && inside && x >= 2)) continue;
        lid.push([x, y, z]);
      }
    }
    const puzzle = parsePuzzle(
      `name: Lidded box\nboard: {box: [4, 2, 2]}\nframe: {cells: [${lid.map((c) => `[${c.join(', ')}]`).join(', ')}]}\npieces:\n` +
        '  L: {cells: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], count: 3}\n  D: {cells: [[0, 0, 0], [1, 0, 0]], count: 2}\n  V: {cells: [[0, 0, 0], [0, 0, 1], [1, 0, 0]]}\n',
      'lidded.yaml',
    );
    const solution = solve(puzzle, { limit: 1 }).found[0]!;
    const disassembly = disassembleSolution(puzzle, solution);
    const plan = disassemblyPlan(solution.placements.length, disassembly)!;
    expect(plan.level.length).toBeGreaterThan(1);
    const frame = new Set(lid.map((c) => c.join(',')));
    const at = (k: number) => solution.placements.map((p, i) => p.cells.map((c) => [0, 1, 2].map((a) => c[a]! + plan.offsets[k]![i]![a]!).join(',')));
    for (let k = 0; k <= plan.moves.length; k++) {
      const shown = shownAt(plan, solution.placements.length, k);
      const cells = at(k).filter((_, i) => shown.has(i)).flat();
      expect(new Set(cells).size).toBe(cells.length);
      expect(cells.some((c) => frame.has(c))).toBe(false);
    }
    // every piece is taken out of the box at some move
    const out = new Set(plan.moves.filter((m) => m.separates).flatMap((m) => m.pieces));
    expect(out.size).toBe(solution.placements.length);
    expect(plan.moves.every((m) => m.pieces.length > 0)).toBe(true);
  });
});
