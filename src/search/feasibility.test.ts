import { describe, expect, it } from 'vitest';
import { freePolyominoes, PENTOMINOES, puzzleOf, rect } from '../test-support/shapes.js';
import { withoutWebAssembly } from '../test-support/without-wasm.js';
import { solve } from './solve.js';

describe('colouring arguments', () => {
  it('knows the number of free polyominoes (12 pentominoes, 35 hexominoes)', () => {
    expect(freePolyominoes(5)).toHaveLength(12);
    expect(freePolyominoes(6)).toHaveLength(35);
  });

  it('refuses the 35 hexominoes in a rectangle at once, by the checkerboard, with the reason', () => {
    const pieces = Object.fromEntries(freePolyominoes(6).map((s, i) => [`H${i + 1}`, s]));
    for (const [w, h] of [[14, 15], [10, 21], [7, 30]] as const) {
      const result = solve(puzzleOf('hexominoes', rect(w, h), pieces));
      expect(result.solutions).toBe(0);
      expect(result.complete).toBe(true);
      expect(result.nodes).toBe(0);
      expect(result.impossible).toMatch(/checkerboard colouring: the board has 105 dark and 105 light cells/);
    }
  });

  it('refuses them where WebAssembly cannot be compiled too (the sums over the placements in JavaScript)', async () => {
    const pieces = Object.fromEntries(freePolyominoes(6).map((s, i) => [`H${i + 1}`, s]));
    await withoutWebAssembly(async () => {
      const fresh = (await import('./solve.js')) as typeof import('./solve.js');
      const result = fresh.solve(puzzleOf('hexominoes', rect(14, 15), pieces));
      expect(result.engine).toBe('dlx');
      expect(result.nodes).toBe(0);
      expect(result.impossible).toMatch(/checkerboard colouring: the board has 105 dark and 105 light cells/);
    });
  });

  it('lets a solvable puzzle through', () => {
    expect(solve(puzzleOf('6x10', rect(10, 6), PENTOMINOES)).impossible).toBeUndefined();
  });
});
