import { describe, expect, it } from 'vitest';
import { bitboardInput } from '../compile/engine-inputs.js';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { BitboardOptions } from './bitboard.js';
import { BitboardSolver } from './bitboard.js';
import { rect } from '../test-support/shapes.js';
import { solutionKey, stoppedAndRest } from '../test-support/stopped-search.js';

/**
 * A search stopped part way says what is left (SearchResult.rest): what it found before the stop, and
 * every subtree of the rest searched to its end, must be the whole search's solutions, each once. The stop
 * is the signal, aborted at the n-th periodic check (every CHECK_INTERVAL nodes): no clock involved.
 */
function engineFor(name: string, options: BitboardOptions, firstPieces?: readonly number[]): BitboardSolver {
  const strip = loadCatalogPuzzle('pentomino-3x20');
  const puzzle = name === 'pentomino-3x20' ? strip : { ...strip, board: rect(21, 3), optional: rect(1, 3) };
  const board = indexBoard(puzzle.board, puzzle.dims);
  return new BitboardSolver(bitboardInput(puzzle, board, generatePlacements(puzzle, board).placements, firstPieces), options);
}

describe('bitboard engine: a search stopped part way, and the rest it names', () => {
  it.each([
    // [puzzle, engine options, pieces placed first]: each kind of the engine's loop
    ['pentomino-3x20', {}, [0]],
    ['pentomino-3x20', { wide: true }, undefined],
    ['pentomino-3x20', { general: true }, [0]],
    ['pentomino-3x20', { general: true, wide: true }, undefined],
    // three cells that may stay empty: the choice to leave one empty, last at its level
    ['pentomino-3x20 and a column that may stay empty', {}, undefined],
  ] as const)('%s %j (first %j): before the stop and the rest to the end are the whole search, each solution and each node once', (name, options, first) => {
    const engine = engineFor(name, options, first);
    const whole: string[] = [];
    let checks = 0;
    const all = engine.search({ onTick: () => void checks++, onSolution: (s) => void whole.push(solutionKey(s)) });
    expect(all.complete).toBe(true);
    expect(whole.length).toBeGreaterThan(0);
    expect(checks).toBeGreaterThanOrEqual(3);
    whole.sort();
    // stopped at the first check, a third and two thirds of the way, and at the last two: the stops below
    // the first levels' later placements once named subtrees that start() checked harder than the search
    // had (every region of the board), and the rest fell short of the whole search's nodes
    for (const t of new Set([1, Math.ceil(checks / 3), Math.ceil((2 * checks) / 3), checks - 1, checks])) {
      const { found, rest, nodes } = stoppedAndRest(engine, { tick: t });
      expect(rest).toBeGreaterThan(1);
      expect(found).toEqual(whole);
      // and no node searched twice, none left out
      expect(nodes).toBe(all.nodes);
    }
  });

  it('stopped before it starts, the rest is the whole subtree searched', () => {
    const engine = engineFor('pentomino-3x20', {}, [0]);
    const stop = new AbortController();
    stop.abort();
    const prefix = engine.branches([]).slice(0, 1);
    expect(prefix).toHaveLength(1);
    expect(engine.search({ signal: stop.signal, prefix }).rest).toEqual([prefix]);
  });

  it('stopped by the limit or the callback, it names no rest (the run is over)', () => {
    const engine = engineFor('pentomino-3x20', {}, [0]);
    expect(engine.search({ limit: 1 }).rest).toBeUndefined();
    expect(engine.search({ onSolution: () => false }).rest).toBeUndefined();
  });
});
