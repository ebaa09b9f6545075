import { describe, expect, it } from 'vitest';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import { PENTOMINOES, SOMA, art, puzzleOf, rect } from '../test-support/shapes.js';
import { planSymmetryBreaking, solutionSymmetries } from './symmetry.js';

function groupOf(puzzle: ReturnType<typeof puzzleOf>) {
  return solutionSymmetries(puzzle, indexBoard(puzzle.board, puzzle.dims));
}

describe('solutionSymmetries', () => {
  it('finds the 4 symmetries of a 10x6 rectangle and the 8 of a square', () => {
    expect(groupOf(puzzleOf('6x10', rect(10, 6), PENTOMINOES))).toHaveLength(4);
    expect(groupOf(puzzleOf('8x8', rect(8, 8), { ...PENTOMINOES, O: art('##/##') }))).toHaveLength(8);
  });

  it('keeps only the rotations when one-sided pieces are not closed under mirroring', () => {
    const oneSided = puzzleOf('6x10', rect(10, 6), PENTOMINOES, { mirror: false });
    expect(groupOf(oneSided).map((s) => s.transform.reflects)).toEqual([false, false]);
  });

  it('counts reflections of the cube for Soma: its two screw pieces are mirror images of each other', () => {
    const syms = groupOf(puzzleOf('soma', rect(3, 3, 3), SOMA));
    expect(syms).toHaveLength(48);
    const names = Object.keys(SOMA);
    const reflection = syms.find((s) => s.transform.reflects)!;
    const mapped = names.map((_, i) => names[reflection.pieceMap[i]!]);
    expect(mapped).toEqual(['V', 'L', 'T', 'Z', 'B', 'A', 'P']);
  });

  it('maps a one-sided piece whose shape is its own mirror image to itself, not to a twin of the same shape', () => {
    const twins = puzzleOf('2x2', rect(2, 2), { a: art('##'), b: art('##') }, { mirror: false });
    for (const s of groupOf(twins)) expect(Array.from(s.pieceMap)).toEqual([0, 1]);
    expect(groupOf(twins)).toHaveLength(8);
  });

  it('maps every board cell onto a board cell, one to one', () => {
    const puzzle = puzzleOf('hole', rect(8, 8).filter(([x, y]) => !(x >= 3 && x <= 4 && y >= 3 && y <= 4)), PENTOMINOES);
    for (const s of groupOf(puzzle)) expect(new Set(s.cellMap).size).toBe(60);
  });
});

describe('planSymmetryBreaking', () => {
  it('restricts one piece to about a quarter of its placements in 6x10, with no symmetric kept placement', () => {
    const puzzle = puzzleOf('6x10', rect(10, 6), PENTOMINOES);
    const board = indexBoard(puzzle.board, puzzle.dims);
    const table = generatePlacements(puzzle, board);
    const plan = planSymmetryBreaking(puzzle, table.placements, solutionSymmetries(puzzle, board));
    expect(plan.groupSize).toBe(4);
    expect(plan.piece).toBeGreaterThanOrEqual(0);
    const all = table.byPiece[plan.piece]!.length;
    const kept = table.byPiece[plan.piece]!.filter((i) => plan.keep[i]).length;
    expect(kept).toBe(all / 4);
    expect(plan.stabilizers.size).toBe(0);
  });
});
