/**
 * What a depth-first search stopped on a path leaves (SearchResult.rest), for engines whose branches() lists
 * every choice at a node in the order the search takes them (Dancing Links, the rectangle packer; the
 * bitboard engine's branches() leaves out children with no solution, so it ranks choices its own way).
 */

/**
 * The most choice codes a rest may hold in all. Each subtree of a rest is named by its whole path from the
 * root, so a rest over L levels holds about L^2 codes: a count of 9,000 L-trominoes in a 30x30x30 box,
 * stopped by the clock thousands of levels down, made 4.1 GB of rest and overran its 5 s limit by 16 s,
 * most of it collecting garbage. A rest that would hold more is not named (the search says nothing of what
 * is left), and the run plans the tree from the root: the search before the stop is done again, a small
 * part of a tree that deep. 5,000 dominoes in a 100x100 square, stopped 5,000 levels down, hold 12.2 M.
 */
export const REST_SIZE_LIMIT = 16_000_000;

/** A rest's subtrees, gathered while they hold at most `limit` choice codes in all. */
export class RestCollector {
  readonly subtrees: number[][] = [];
  private size = 0;
  constructor(private readonly limit: number = REST_SIZE_LIMIT) {}

  /** Adds the subtree `prefix` (then `code`, when given); false once the rest holds more than its limit. */
  add(prefix: readonly number[], code?: number): boolean {
    this.size += prefix.length + (code === undefined ? 0 : 1);
    if (this.size > this.limit) return false;
    this.subtrees.push(code === undefined ? [...prefix] : [...prefix, code]);
    return true;
  }
}

/**
 * The subtrees left when a search stopped on `stop` (choice codes from the root): the node `stop` reaches
 * when it is still to be searched (`unsearched`), then from the deepest level up to `from` (the length of
 * the prefix searched) the choices after the path's at each level, each a subtree, in the search's order;
 * undefined when they would hold more than `limit` choice codes (see REST_SIZE_LIMIT).
 */
export function restAfterStop(branches: (prefix: readonly number[]) => number[], stop: readonly number[], from: number, unsearched: boolean, limit = REST_SIZE_LIMIT): number[][] | undefined {
  const rest = new RestCollector(limit);
  if (unsearched && !rest.add(stop)) return undefined;
  for (let d = stop.length - 1; d >= from; d--) {
    const prefix = stop.slice(0, d);
    const codes = branches(prefix);
    for (const code of codes.slice(codes.indexOf(stop[d]!) + 1)) if (!rest.add(prefix, code)) return undefined;
  }
  return rest.subtrees;
}
