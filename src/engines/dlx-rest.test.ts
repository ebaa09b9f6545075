import { describe, expect, it } from 'vitest';
import { dlxInput } from '../compile/engine-inputs.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import { DancingLinks } from './dlx.js';
import { rect } from '../test-support/shapes.js';
import { solutionKey, stoppedAndRest } from '../test-support/stopped-search.js';

/**
 * A Dancing Links search stopped part way says what is left (SearchResult.rest): what it found before the
 * stop, and every subtree of the rest searched to its end, must be the whole search's solutions, each once,
 * and its nodes, each once. Stops without a clock: the signal, aborted at the n-th periodic check (the node
 * there is still to be searched) or by the k-th solution (that node is done), in both of the engine's
 * modes (exact covers; cells that may stay empty, Algorithm M with its null choices).
 */
function engineFor(name: 'exact' | 'optional'): DancingLinks {
  const strip = loadCatalogPuzzle('pentomino-3x20');
  const puzzle = name === 'exact' ? strip : { ...strip, board: rect(21, 3), optional: rect(1, 3) };
  const board = indexBoard(puzzle.board, puzzle.dims);
  return new DancingLinks(dlxInput(puzzle, board, generatePlacements(puzzle, board).placements));
}

describe('Dancing Links: a search stopped part way, and the rest it names', () => {
  it.each(['exact', 'optional'] as const)('%s: before the stop and the rest to the end are the whole search, each solution and each node once', (name) => {
    const engine = engineFor(name);
    const whole: string[] = [];
    let checks = 0;
    const all = engine.search({ onTick: () => void checks++, onSolution: (s) => void whole.push(solutionKey(s)) });
    expect(all.complete).toBe(true);
    expect(whole.length).toBeGreaterThan(2);
    expect(checks).toBeGreaterThanOrEqual(3);
    whole.sort();
    // (the first check is at the start, before any node: stopped there, the rest is the whole tree)
    const stops = [
      ...[...new Set([2, Math.ceil(checks / 2), checks])].map((tick) => ({ tick })),
      ...[...new Set([1, Math.ceil(whole.length / 2), whole.length - 1])].map((solution) => ({ solution })),
    ];
    for (const stopAt of stops) {
      const { found, rest, nodes } = stoppedAndRest(engine, stopAt);
      expect(rest, JSON.stringify(stopAt)).toBeGreaterThan(1);
      expect(found, JSON.stringify(stopAt)).toEqual(whole);
      expect(nodes, JSON.stringify(stopAt)).toBe(all.nodes);
    }
  });

  it.each(['exact', 'optional'] as const)('%s: stopped before it starts, the rest is the whole subtree searched', (name) => {
    const engine = engineFor(name);
    const stop = new AbortController();
    stop.abort();
    const prefix = engine.branches([]).slice(0, 1);
    expect(prefix).toHaveLength(1);
    expect(engine.search({ signal: stop.signal, prefix }).rest).toEqual([prefix]);
  });

  it('a search stopped by its limit or by onSolution names no rest (it was not cut short by the clock)', () => {
    const engine = engineFor('exact');
    expect(engine.search({ limit: 1 }).rest).toBeUndefined();
    expect(engine.search({ onSolution: () => false }).rest).toBeUndefined();
  });
});
