import { describe, expect, it } from 'vitest';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { parsePuzzle } from '../puzzle/format.js';
import type { RunEstimate } from '../runs/estimate.js';
import { estimateRun, MAX_MEASURE_MS } from '../runs/estimate.js';
import { estimateLines } from './estimate.js';

const estimate: RunEstimate = {
  puzzle: 'Tetris Cube',
  engine: 'bitboard',
  unique: true,
  estimatedNodes: 461_877_788,
  estimatedSolutions: 9_500,
  probes: 300,
  nodesPerSecond: 5_135_527,
  estimatedMs: 89_938,
};

describe('estimateLines', () => {
  it('tells the size, the solutions and the time, with durations as everywhere else', () => {
    expect(estimateLines(estimate, 2)).toEqual([
      'Tetris Cube (unique solutions, bitboard engine)',
      'search tree: about 460,000,000 nodes (300 random walks; such estimates can be off by a few times)',
      'solutions: about 9,500 (before symmetry is taken into account)',
      'speed: 5,100,000 nodes/s on one core (measured for a second)',
      'time: about 1 min 30 s on one core, 45.0 s with 2 workers',
    ]);
  });

  it('says the number of solutions is unknown, not 0, when no walk found one', () => {
    const lines = estimateLines({ ...estimate, estimatedSolutions: null }, 2);
    expect(lines[2]).toBe('solutions: unknown (no random walk ended in a solution; there may still be many)');
  });

  it('says the time is unknown when the speed could not be measured', () => {
    expect(estimateLines({ ...estimate, nodesPerSecond: 0, estimatedMs: Infinity }, 2).at(-1)).toBe('time: unknown (the search made no progress while measuring)');
  });
});

describe('estimateRun', () => {
  it('gives whole numbers of nodes, and null rather than 0 solutions when no walk ended in one', () => {
    // Three (seeded) walks down the Tetris Cube's tree of some 10^8 nodes end in none of its solutions.
    const e = estimateRun(loadCatalogPuzzle('tetris-cube'), { unique: true, probes: 3, measureMs: 20 });
    expect(Number.isInteger(e.estimatedNodes)).toBe(true);
    expect(e.estimatedNodes).toBeGreaterThan(0);
    expect(e.estimatedSolutions).toBeNull();
    // Where walks do end in solutions, the estimate is a whole number.
    const small = estimateRun(loadCatalogPuzzle('soma'), { probes: 200, measureMs: 1 });
    expect(Number.isInteger(small.estimatedSolutions)).toBe(true);
    expect(small.estimatedSolutions).toBeGreaterThan(0);
  });

  it('walks no tree that the measuring search finished: its nodes and solutions are the answer (before: a second of walks)', () => {
    // the 3x20 rectangle's whole tree is a few thousand nodes, searched in milliseconds; before, tens of
    // thousands of walks followed it
    const e = estimateRun(loadCatalogPuzzle('pentomino-3x20'), { measureMs: MAX_MEASURE_MS });
    expect(e.finished).toBeDefined();
    expect(e.probes).toBe(0);
    expect(e.estimatedNodes).toBe(e.finished!.nodes);
    expect(e.estimatedSolutions).toBe(8);
    expect(estimateLines(e, 2)).toEqual(['Pentominoes 3x20 (all solutions, bitboard engine)', expect.stringMatching(/^the whole search took .* while measuring: [\d,]+ nodes, 8 solutions$/)]);
    // walks asked for are walked, finished or not
    expect(estimateRun(loadCatalogPuzzle('pentomino-3x20'), { probes: 5, measureMs: MAX_MEASURE_MS }).probes).toBe(5);
  });
});

describe('estimateRun on the counting engine', () => {
  // the published counts of domino tilings: the 8x8 board 12,988,816, the 12x12 53,060,477,521,960,000 (A004003)
  it('is the count itself when the count ends while measuring', () => {
    const e = estimateRun(loadCatalogPuzzle('dominoes-8x8'), { measureMs: MAX_MEASURE_MS });
    expect(e.engine).toBe('count');
    expect(e.finished?.exactSolutions).toBe('12988816');
    expect(estimateLines(e, 4).join('\n')).toMatch(/12,988,816 solutions/);
  });

  it('scales the share of the steps taken while measuring, and is close to the steps the whole count takes', () => {
    const board = parsePuzzle('board: {rect: [12, 12]}\npieces:\n  D: {shape: "##", count: 72}\n');
    const whole = estimateRun(board, { measureMs: MAX_MEASURE_MS });
    expect(whole.finished?.exactSolutions).toBe('53060477521960000');
    // no time to measure: the steps until the frontier is full, and the estimate of the steps within a factor of two
    const part = estimateRun(board, { measureMs: 0 });
    expect(part.engine).toBe('count');
    if (!part.finished) {
      expect(part.estimatedNodes).toBeGreaterThan(whole.finished!.nodes / 2);
      expect(part.estimatedNodes).toBeLessThan(whole.finished!.nodes * 2);
      expect(Number.isFinite(part.estimatedMs)).toBe(true);
      expect(estimateLines(part, 4).join('\n')).toMatch(/counting engine: about [\d,]+ steps in all/);
    }
  });

  it('-e count is honoured, and the tree engines say their tree', () => {
    expect(estimateRun(loadCatalogPuzzle('dominoes-8x8'), { engine: 'count', measureMs: MAX_MEASURE_MS }).engine).toBe('count');
    expect(estimateRun(loadCatalogPuzzle('dominoes-8x8'), { engine: 'bitboard', probes: 10, measureMs: 1 }).engine).toBe('bitboard');
  });
});
