/**
 * What a depth-first search stopped on a path leaves (SearchResult.rest), for engines whose branches() lists
 * every choice at a node in the order the search takes them (Dancing Links, the rectangle packer; the
 * bitboard engine's branches() leaves out children with no solution, so it ranks choices its own way).
 */

/**
 * The most levels a rest is named over. Each subtree of a rest is named by its whole path from the root,
 * and each level's siblings are found by replaying the path to it, so a rest over L levels costs L^2, in
 * memory and in time: a count of 9,000 L-trominoes in a 30x30x30 box, stopped by the clock thousands of
 * levels down, made 4.1 GB of rest and overran its 5 s limit by 16 s, most of it collecting garbage. A
 * search stopped deeper than this names no rest; the run then plans the tree from the root (the search
 * before the stop is done again, a small part of a tree that deep).
 */
export const REST_LEVELS_LIMIT = 1000;

/** Whether a search stopped on a path of `length` choices, `from` of them given, names its rest. */
export function namesRest(length: number, from: number): boolean {
  return length - from <= REST_LEVELS_LIMIT;
}

/**
 * The subtrees left when a search stopped on `stop` (choice codes from the root): the node `stop` reaches
 * when it is still to be searched (`unsearched`), then from the deepest level up to `from` (the length of
 * the prefix searched) the choices after the path's at each level, each a subtree, in the search's order.
 */
export function restAfterStop(branches: (prefix: readonly number[]) => number[], stop: readonly number[], from: number, unsearched: boolean): number[][] {
  const rest: number[][] = unsearched ? [[...stop]] : [];
  for (let d = stop.length - 1; d >= from; d--) {
    const prefix = stop.slice(0, d);
    const codes = branches(prefix);
    for (const code of codes.slice(codes.indexOf(stop[d]!) + 1)) rest.push([...prefix, code]);
  }
  return rest;
}
