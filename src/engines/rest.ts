/**
 * What a depth-first search stopped on a path leaves (SearchResult.rest), for engines whose branches() lists
 * every choice at a node in the order the search takes them (Dancing Links, the rectangle packer; the
 * bitboard engine's branches() leaves out children with no solution, so it ranks choices its own way).
 */

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
