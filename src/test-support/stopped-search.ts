import { expect } from 'vitest';
import type { Engine } from '../engines/types.js';

/** A solution as a key that does not depend on the order of its codes. */
export const solutionKey = (s: Int32Array): string => [...s].sort((a, b) => a - b).join(',');

/**
 * A search stopped part way by its signal (aborted at the `tick`-th periodic check, or by the `solution`-th
 * solution), then every subtree of the rest it names (SearchResult.rest) searched to its end: the solutions
 * found in all (as keys, sorted), how many subtrees the rest had, and the nodes of it all. Each subtree of
 * the rest but a stop node still to be searched (a stop at a check) is entered by a choice that the whole
 * search counts as a node, so with the part before the stop the nodes add up to the whole search's.
 */
export function stoppedAndRest(engine: Engine, stopAt: { tick?: number; solution?: number }, key: (s: Int32Array) => string = solutionKey): { found: string[]; rest: number; nodes: number } {
  const found: string[] = [];
  const stop = new AbortController();
  let ticks = 0;
  const cut = engine.search({
    signal: stop.signal,
    onTick: () => { if (++ticks === stopAt.tick) stop.abort(); },
    onSolution: (s) => {
      found.push(key(s));
      if (found.length === stopAt.solution) stop.abort();
    },
  });
  expect(cut.complete).toBe(false);
  expect(cut.rest).toBeDefined();
  if (stopAt.solution !== undefined) expect(found).toHaveLength(stopAt.solution);
  let nodes = cut.nodes + cut.rest!.length - (stopAt.tick !== undefined ? 1 : 0);
  for (const prefix of cut.rest!) {
    const r = engine.search({ prefix, onSolution: (s) => void found.push(key(s)) });
    expect(r.complete).toBe(true);
    nodes += r.nodes;
  }
  return { found: found.sort(), rest: cut.rest!.length, nodes };
}
