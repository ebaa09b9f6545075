/**
 * The bitboard engine's tables over piece sizes (see bitboard.ts's opening comment: "Dead regions", rules
 * (3), (5) and (8)): the size state, the `gap` table read by every region check, and rule (8)'s table of
 * digits. Pure functions of the pieces, called by buildTables (bitboard-tables.ts); nothing writes the
 * tables afterwards.
 *
 * The size state is a mixed-radix number: the caller's pieces grouped by size (the hole piece is not in
 * it: it is the optional cells, counted apart), digit i the copies left of the i-th size, smallest first,
 * its radix 1 + the copies of that size. Placing a copy of piece p subtracts `pieceRadix[p]`.
 */

/** Feasibility tables larger than this (entries) are not built; sums of unlimited copies stand in. */
const MAX_FEASIBLE_TABLE = 1 << 22;

/** The size states of a set of pieces, and the table of the region sizes they can fill. */
export interface SizeTables {
  /** What placing a copy of each piece type subtracts from the state (0 for the hole piece, and for all without the full table). */
  readonly pieceRadix: Int32Array;
  /** The state with every copy left (0 without the full table). */
  readonly initialSizeState: number;
  /**
   * gap[state * (n+1) + s] = s less the largest sum of sizes of the copies `state` has left that is at
   * most s (0 when s is such a sum), capped at 255: the fewest cells of s that those pieces leave empty.
   * Without the full table (too many states), one row: sums with unlimited copies of each size.
   */
  readonly gap: Uint8Array;
  /** The piece sizes in the state, smallest first, and each one's radix (empty without the full table). */
  readonly sizeValue: Int32Array;
  readonly sizeRadix: Int32Array;
  /** The most and fewest cells of a piece type with copies (1 when none has). */
  readonly largestSize: number;
  readonly smallestSize: number;
  /** True when the bounds on the total cap the copies that the table lookups count (rule 8). */
  readonly capCopies: boolean;
  /** With capCopies: `stateCopies[state * sizes + i]`, the copies of size i that `state` has left (its digits). */
  readonly stateCopies: Int32Array;
  /** With capCopies on the keyed paths: the slots of the pieces of size i. */
  readonly sizeSlots: Int32Array;
}

/**
 * The size tables for the caller's `R` pieces (sizes `pieceSizes`, copies `pieceCounts`, of `P` piece
 * types with the hole piece) on a board of n cells. `maxTotal` < `totalPieces` (bounds on the total that
 * narrowed something) turns rule (8) on; `keyed` and `pieceSlots` give its slots on the keyed paths.
 */
export function sizeTables(
  n: number,
  R: number,
  P: number,
  pieceSizes: ArrayLike<number>,
  pieceCounts: Int32Array,
  maxTotal: number,
  totalPieces: number,
  keyed: boolean,
  pieceSlots: Int32Array,
): SizeTables {
  const realSizes = Array.from({ length: R }, (_, p) => pieceSizes[p]!);
  const sizes = [...new Set(realSizes)].sort((a, b) => a - b);
  const perSize = sizes.map((s) => {
    let c = 0;
    for (let p = 0; p < R; p++) if (realSizes[p] === s) c += pieceCounts[p]!;
    return c;
  });
  const radix = sizes.map(() => 1);
  for (let i = 1; i < sizes.length; i++) radix[i] = radix[i - 1]! * (perSize[i - 1]! + 1);
  const states = sizes.length === 0 ? 1 : radix[sizes.length - 1]! * (perSize[sizes.length - 1]! + 1);
  const reachable = new Uint8Array(n + 1);
  /** One row of `gap` from the sums in `reachable`. */
  const fillGap = (row: Uint8Array): void => {
    let below = 0;
    for (let t = 0; t <= n; t++) {
      if (reachable[t]) below = t;
      row[t] = Math.min(255, t - below);
    }
  };
  const pieceRadix = new Int32Array(P);
  const fullTable = states * (n + 1) <= MAX_FEASIBLE_TABLE;
  const sizeValue = Int32Array.from(fullTable ? sizes : []);
  const sizeRadix = Int32Array.from(fullTable ? radix : []);
  let initialSizeState: number;
  let gap: Uint8Array;
  if (fullTable) {
    for (let p = 0; p < R; p++) pieceRadix[p] = radix[sizes.indexOf(realSizes[p]!)]!;
    initialSizeState = perSize.reduce((s, c, i) => s + c * radix[i]!, 0);
    gap = new Uint8Array(states * (n + 1));
    // Each state's sums are those of a state with one copy fewer (its lowest digit that is not 0, one
    // less: a smaller state, whose row is made), each as it is or with that copy's size added; a sum is
    // one exactly where its gap is 0. (Summing every state's copies afresh cost states^2 * n: 1.6 s for
    // the 1,000 dominoes of a 2 x 1000 strip.)
    reachable[0] = 1;
    fillGap(gap.subarray(0, n + 1));
    for (let st = 1; st < states; st++) {
      let i = 0;
      while (Math.floor(st / radix[i]!) % (perSize[i]! + 1) === 0) i++;
      const s = sizes[i]!;
      const fewer = (st - radix[i]!) * (n + 1);
      for (let t = 0; t <= n; t++) reachable[t] = gap[fewer + t] === 0 || (t >= s && gap[fewer + t - s] === 0) ? 1 : 0;
      fillGap(gap.subarray(st * (n + 1), (st + 1) * (n + 1)));
    }
  } else {
    // Too many states: one row for all, sums with unlimited copies.
    initialSizeState = 0;
    gap = new Uint8Array(n + 1);
    reachable[0] = 1;
    for (const s of sizes) for (let t = s; t <= n; t++) if (reachable[t - s]) reachable[t] = 1;
    fillGap(gap);
  }

  const used = realSizes.filter((_, p) => pieceCounts[p]! > 0);
  // Rule (8)'s digits (without the full table the rule is left out: it only prunes).
  const capCopies = fullTable && maxTotal < totalPieces && states * sizes.length <= MAX_FEASIBLE_TABLE;
  const stateCopies = new Int32Array(capCopies ? states * sizes.length : 0);
  for (let st = 0; st < states && capCopies; st++) {
    for (let i = 0; i < sizes.length; i++) stateCopies[st * sizes.length + i] = Math.floor(st / radix[i]!) % (perSize[i]! + 1);
  }
  const sizeSlots = new Int32Array(capCopies && keyed ? sizes.length : 0);
  for (let p = 0; p < R && sizeSlots.length > 0; p++) sizeSlots[sizes.indexOf(realSizes[p]!)]! |= pieceSlots[p]!;
  return {
    pieceRadix,
    initialSizeState,
    gap,
    sizeValue,
    sizeRadix,
    largestSize: Math.max(1, ...used),
    smallestSize: Math.max(1, Math.min(...used)),
    capCopies,
    stateCopies,
    sizeSlots,
  };
}
