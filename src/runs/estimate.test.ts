import { describe, expect, it } from 'vitest';
import type { Engine } from '../engines/types.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { parsePuzzle } from '../puzzle/format.js';
import type { Puzzle } from '../puzzle/model.js';
import { prepareSearch } from '../compile/compile.js';
import { estimateSubtree, seededRandom } from './estimate.js';

/** The nodes of random walks down the engine's tree (seeded) that step into open children only. */
function someNodes(engine: Engine, walks: number, seed: number): number[][] {
  const random = seededRandom(seed);
  const nodes: number[][] = [];
  for (let i = 0; i < walks; i++) {
    const path: number[] = [];
    for (;;) {
      nodes.push([...path]);
      const { open } = engine.lookAhead!(path);
      if (open.length === 0) break;
      path.push(open[Math.floor(random() * open.length)]!);
    }
  }
  return nodes;
}

const withOptionalCells = parsePuzzle(`
name: Pentominoes and dominoes on 4x6, two cells that may stay empty
board: |
  ++####
  ######
  ######
  ######
pieces:
  I: "#####"
  L: |
    ####
    #...
  T: |
    ###
    .#.
    .#.
  D:
    shape: "##"
    count: 2..5
`, 'optional.yaml');

describe('looking one level ahead (the bitboard engine)', () => {
  const puzzles: [string, Puzzle, boolean][] = [
    ['pentominoes 5x12, unique (X placed first)', loadCatalogPuzzle('pentomino-5x12'), true],
    ['the Soma cube', loadCatalogPuzzle('soma'), false],
    ['optional cells (the general search)', withOptionalCells, false],
  ];
  for (const [what, puzzle, unique] of puzzles) {
    it(`tells dead ends and solutions from the others as their own subtrees do: ${what}`, () => {
      const { engine } = prepareSearch(puzzle, { engine: 'bitboard', unique });
      let closedSeen = 0;
      let solutionsSeen = 0;
      // and the parents of a few solutions (an exact search lists a solution's placements in its path's order)
      const parents: number[][] = [];
      if (puzzle !== withOptionalCells) engine.search({ limit: 3, onSolution: (raw) => void parents.push(Array.from(raw).slice(0, -1)) });
      for (const prefix of [...someNodes(engine, 40, 20261123), ...parents]) {
        const seen = engine.lookAhead!(prefix);
        expect(seen.branches).toEqual(engine.branches(prefix));
        for (const b of seen.open) expect(seen.branches).toContain(b);
        // every child not open is a leaf: a solution (its subtree holds exactly itself) or a dead end
        let solutions = 0;
        for (const b of seen.branches) {
          if (seen.open.includes(b)) continue;
          const below = engine.search({ prefix: [...prefix, b] });
          expect(below.solutions).toBeLessThanOrEqual(1);
          expect(engine.branches([...prefix, b])).toEqual([]);
          solutions += below.solutions;
          closedSeen++;
        }
        expect(seen.solutions).toBe(solutions);
        solutionsSeen += solutions;
      }
      expect(closedSeen).toBeGreaterThan(0);
      expect(solutionsSeen).toBeGreaterThan(0);
    });
  }
});

describe('random walks that look one level ahead', () => {
  it('estimate the nodes of a tree that is then searched to the end, closer than plain walks', () => {
    const { engine, depth } = prepareSearch(loadCatalogPuzzle('pentomino-5x12'), { engine: 'bitboard', unique: true });
    const real = engine.search();
    const ahead = estimateSubtree(engine, [], 1500, depth ?? -1, seededRandom(7));
    expect(ahead.nodes / real.nodes).toBeGreaterThan(0.8);
    expect(ahead.nodes / real.nodes).toBeLessThan(1.25);
    // the same number of plain walks (an engine without lookAhead), for comparison
    const plainEngine: Engine = { name: engine.name, search: (o) => engine.search(o), branches: (p) => engine.branches(p) };
    const plain = estimateSubtree(plainEngine, [], 1500, depth ?? -1, seededRandom(7));
    expect(Math.abs(Math.log(ahead.nodes / real.nodes))).toBeLessThan(Math.abs(Math.log(plain.nodes / real.nodes)));
  });

  it('estimate the solutions of a tree where walks reach them, each of several seeds', () => {
    // (On 5x12 up to symmetry a walk reaches one of the 1,010 solutions so seldom that 1,500 walks'
    // estimate of them runs from 0 to 15 times the count over 20 seeds, with any region check: heavy-tailed,
    // though unbiased. The Soma cube's 240 are reached by many walks.)
    const { engine, depth } = prepareSearch(loadCatalogPuzzle('soma'), { engine: 'bitboard', unique: true });
    const real = engine.search();
    for (const seed of [7, 8, 9]) {
      const ahead = estimateSubtree(engine, [], 1500, depth ?? -1, seededRandom(seed));
      expect(ahead.solutions / real.solutions).toBeGreaterThan(0.6);
      expect(ahead.solutions / real.solutions).toBeLessThan(1.6);
    }
  });
});

describe('random walks that grow one path', () => {
  it('tell the engine how much of the path it was given before: the rect engine walks 400 levels down as it would without', () => {
    // 400 dominoes in 2x400: each walk is 400 levels deep (a choice of 2 at most levels)
    const puzzle = parsePuzzle('board: {rect: [400, 2]}\npieces:\n  D: {shape: "##", count: 400}\n', 'strip.yaml');
    const { engine, depth } = prepareSearch(puzzle, { engine: 'rect' });
    let told = 0;
    const telling: Engine = { name: engine.name, search: (o) => engine.search(o), branches: (p, same) => { told += same ?? 0; return engine.branches(p, same); } };
    const unaware: Engine = { name: engine.name, search: (o) => engine.search(o), branches: (p) => engine.branches(p) };
    const grown = estimateSubtree(telling, [], 50, depth ?? -1, seededRandom(3));
    const compared = estimateSubtree(unaware, [], 50, depth ?? -1, seededRandom(3));
    expect(grown).toEqual(compared);
    // each step after a walk's first is told all but the choice just made: 50 walks of about 400 steps
    expect(told).toBeGreaterThan(50 * 390 * 390 / 2);
    expect(grown.solutions).toBeGreaterThan(0);
  });
});
