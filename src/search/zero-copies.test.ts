import { describe, expect, it } from 'vitest';
import { parsePuzzle } from '../puzzle/format.js';
import type { EngineChoice } from '../compile/options.js';
import { solve } from './solve.js';

/**
 * Families of puzzles keep one list of pieces and leave some out: `count: 0`, `count: 0..0`, and ranges
 * whose least is 0 but whose most the board cannot hold (nor, for a small board, even one copy). The counts
 * are the published ones of two OEIS families, which share nothing with snug.
 */

/** The twelve pentominoes, each with the count given (I's apart). */
function pentominoes(board: string, iCount: string, others: string): string {
  const shapes: Record<string, string> = {
    F: '.##\\n##.\\n.#.', L: '####\\n#...', N: '##..\\n.###', P: '##\\n##\\n#.', T: '###\\n.#.\\n.#.', U: '#.#\\n###',
    V: '#..\\n#..\\n###', W: '#..\\n##.\\n.##', X: '.#.\\n###\\n.#.', Y: '####\\n.#..', Z: '##.\\n.#.\\n.##',
  };
  const lines = Object.entries(shapes).map(([name, art]) => `  ${name}: {shape: "${art}", count: ${others}}`);
  return `board: ${board}\npieces:\n  I: {shape: "#####", count: ${iCount}}\n${lines.join('\n')}\n`;
}

const countOf = (text: string, engine: EngineChoice = 'auto'): number => {
  const result = solve(parsePuzzle(text), { countOnly: true, engine });
  expect(result.complete).toBe(true);
  return result.solutions;
};

describe('pieces that may be left out (count 0, 0..0, 0..N beyond the board)', () => {
  // A247703: tilings of a 5 X n rectangle by pentominoes of any shape (free, any number of each) with
  // exactly k of shape I; T(5,0) = 2082, T(5,5) = 2, and rows 2 and 3 (4, 0, 1; 47, 8, 0, 1)
  it('A247703 T(5,0) = 2,082: I given count 0 (and 0..0), the others 0..5 each', () => {
    expect(countOf(pentominoes('{rect: [5, 5]}', '0', '0..5'))).toBe(2082);
    expect(countOf(pentominoes('{rect: [5, 5]}', '0..0', '0..5'), 'dlx')).toBe(2082);
  });

  it('A247703 T(5,5) = 2: five I, the others 0 (or 0..5, which the board cannot hold beside them)', () => {
    expect(countOf(pentominoes('{rect: [5, 5]}', '5', '0'))).toBe(2);
    expect(countOf(pentominoes('{rect: [5, 5]}', '5', '0..5'))).toBe(2);
  });

  it('A247703 rows 2 and 3 on 5x2 and 5x3 boards, where most pentominoes fit nowhere', () => {
    expect([0, 1, 2].map((k) => countOf(pentominoes('{rect: [5, 2]}', String(k), '0..2')))).toEqual([4, 0, 1]);
    expect([0, 1, 2, 3].map((k) => countOf(pentominoes('{rect: [5, 3]}', String(k), '0..3'), 'dlx'))).toEqual([47, 8, 0, 1]);
  });

  // A286439: tilings of a triangle of side n by four triangles of side 2 and n^2 - 16 of side 1:
  // a(4) = 1 (no triangle of side 1: count 0), a(5) = 25
  it('A286439 a(4) = 1 and a(5) = 25', () => {
    const triangle = (n: number): string => {
      // row y has 2y + 1 triangles, the first pointing up (x + y even)
      const rows = Array.from({ length: n }, (_, y) => `${'.'.repeat(n - 1 - y + ((n - 1) % 2))}${'#'.repeat(2 * y + 1)}`.padEnd(2 * n, '.'));
      return `grid: triangle\nboard: |\n${rows.map((r) => `  ${r}\n`).join('')}pieces:\n  big: {shape: "..#.\\n.###", count: 4}\n  one: {shape: "#", count: ${n * n - 16}}\n`;
    };
    expect(countOf(triangle(4))).toBe(1);
    expect(countOf(triangle(5))).toBe(25);
  });
});
