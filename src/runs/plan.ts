import { createHash } from 'node:crypto';
import type { Engine } from '../engines/types.js';
import { estimateSubtree, seededRandom } from './estimate.js';

/**
 * A long search cut into subproblems: subtrees of the search tree, each named by the prefix of choices
 * that leads to it, which together hold every solution exactly once. They are what the workers take,
 * what a checkpoint marks done, and what shards divide. The plan depends only on the puzzle, the options
 * and snug's version (the estimates are seeded), never on the machine or the clock, so every shard of a
 * run and every resumed run cut the tree the same way; `hash` names the cut.
 */
export interface Plan {
  /** Prefixes, in the order the whole search would visit them. */
  readonly subproblems: readonly (readonly number[])[];
  /** Estimated nodes of each subproblem (for progress weights). */
  readonly estimates: readonly number[];
  /** Estimated nodes of the whole tree and raw solutions in it. */
  readonly estimatedNodes: number;
  readonly estimatedSolutions: number;
  readonly hash: string;
}

export interface PlanOptions {
  /** Random walks for the whole tree's estimate (default 1000). */
  readonly rootProbes?: number;
  /**
   * Random walks for each subproblem's estimate (default: a budget of one walk per 25,000 estimated
   * nodes, between 512 and 40,000 in all, shared out, 8 to 128 each: a walk costs about as much as a few
   * hundred nodes, so planning stays near 2% of the run). A few walks misjudge a subtree by factors of
   * ten either way; sixty-odd bring most within a factor of two, and progress follows their sums.
   */
  readonly probes?: number;
  /** About this many estimated nodes per subproblem (default 1,000,000: a fraction of a second). */
  readonly nodesPerSubproblem?: number;
  readonly minSubproblems?: number;
  readonly maxSubproblems?: number;
  readonly seed?: number;
}

interface Node {
  readonly prefix: readonly number[];
  readonly estimate: number;
  children?: Node[];
}

/**
 * Cuts the tree: starting from the root, the subproblem with the largest estimate is replaced by its
 * branches, until there are at least `target` = estimatedNodes / nodesPerSubproblem of them (within
 * minSubproblems..maxSubproblems) and none is estimated larger than 4 / target of the whole. Large
 * subtrees are so cut finer than small ones.
 */
export function planSubproblems(engine: Engine, depth: number, options: PlanOptions = {}): Plan {
  const seed = options.seed ?? 0x5eed;
  const estimate = estimateSubtree(engine, [], options.rootProbes ?? 1000, depth, seededRandom(seed));
  const max = options.maxSubproblems ?? 20000;
  const target = Math.round(Math.min(max, Math.max(options.minSubproblems ?? 64, estimate.nodes / (options.nodesPerSubproblem ?? 1e6))));
  const budget = Math.min(40000, Math.max(512, estimate.nodes / 25000));
  const probes = options.probes ?? Math.min(128, Math.max(8, Math.round(budget / target)));
  const root: Node = { prefix: [], estimate: estimate.nodes };
  const heap = new MaxHeap<Node>((n) => n.estimate);
  heap.push(root);
  let leaves = 1;
  let splits = 0;
  let sum = root.estimate;
  while (heap.size > 0 && leaves < max) {
    const node = heap.pop()!;
    // Enough subproblems, and none larger than four times its share: done. (Stopping at the count alone
    // could leave one subtree with a good part of the work, and the run's end waiting on it.)
    if (leaves >= target && node.estimate <= (4 * sum) / target) break;
    const branches = engine.branches(node.prefix);
    if (branches.length === 0) continue; // a solution or a dead end: it stays a leaf
    node.children = branches.map((choice, i) => {
      const prefix = [...node.prefix, choice];
      // each split seeds its own walks, so an estimate does not depend on what was split before
      const random = seededRandom(seed + 7919 * ++splits + i);
      return { prefix, estimate: 1 + estimateSubtree(engine, prefix, probes, depth, random).nodes };
    });
    for (const child of node.children) heap.push(child);
    leaves += node.children.length - 1;
    sum += node.children.reduce((t, c) => t + c.estimate, 0) - node.estimate;
  }
  // The leaves in depth-first order are the subproblems, in the order the search visits them.
  const order: Node[] = [];
  const visit = (n: Node): void => {
    if (n.children) n.children.forEach(visit);
    else order.push(n);
  };
  visit(root);
  const subproblems = order.map((n) => n.prefix);
  return {
    subproblems,
    estimates: order.map((n) => n.estimate),
    estimatedNodes: estimate.nodes,
    estimatedSolutions: estimate.solutions,
    hash: planHash(subproblems),
  };
}

/** A binary max-heap by key. */
class MaxHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly key: (item: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.key(a[parent]!) >= this.key(a[i]!)) break;
      [a[parent], a[i]] = [a[i]!, a[parent]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.key(a[l]!) > this.key(a[m]!)) m = l;
        if (r < a.length && this.key(a[r]!) > this.key(a[m]!)) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

export function planHash(subproblems: readonly (readonly number[])[]): string {
  return createHash('sha256').update(JSON.stringify(subproblems)).digest('hex').slice(0, 16);
}
