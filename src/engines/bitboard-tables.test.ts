import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexBoard } from '../placements/board.js';
import { generatePlacements } from '../placements/placements.js';
import { loadCatalogPuzzle } from '../puzzle/catalog.js';
import type { Puzzle } from '../puzzle/model.js';
import type { PackingSpec } from './bitboard-tables.js';
import { buildTables } from './bitboard-tables.js';
import { keyRuns } from './bitboard-keys.js';
import { bitboardInput } from '../compile/engine-inputs.js';

/** The engine's input for every placement of every piece (no symmetry breaking), as the compile stage builds it. */
function specOf(puzzle: Puzzle): PackingSpec {
  const board = indexBoard(puzzle.board, puzzle.dims);
  return bitboardInput(puzzle, board, generatePlacements(puzzle, board).placements);
}

/** The number of set bits of a 32-bit word. */
function bits(x: number): number {
  let c = 0;
  for (let w = x >>> 0; w !== 0; w &= w - 1) c++;
  return c;
}

describe('bitboard tables', () => {
  it('number the cells in scan order, the axis of smallest extent fastest, neighbours kept (6x10: columns of 6)', () => {
    const spec = specOf(loadCatalogPuzzle('pentomino-6x10'));
    const { cells } = buildTables(spec);
    const minX = Math.min(...spec.coords.map((c) => c[0]));
    const minY = Math.min(...spec.coords.map((c) => c[1]));
    spec.coords.forEach(([x, y], i) => expect(cells.indexOf[i], `${x},${y}`).toBe((x - minX) * 6 + (y - minY)));
    for (let a = 0; a < spec.cellCount; a++) {
      const inside = Array.from(cells.nbr.subarray(cells.nbrStart[cells.indexOf[a]!]!, cells.nbrStart[cells.indexOf[a]! + 1]!));
      expect(inside.sort((x, y) => x - y)).toEqual(Array.from(spec.neighbours[a]!, (b) => cells.indexOf[b]!).sort((x, y) => x - y));
    }
  });

  it('give each candidate its halo: the cells next to it after its first cell, not its own, ascending, each once', () => {
    for (const name of ['soma', 'pentomino-6x10', 'tetris-cube']) {
      const spec = specOf(loadCatalogPuzzle(name));
      const { cells, candidates: cand, halos } = buildTables(spec);
      // from the caller's cells and neighbours, in the engine's numbering
      const neighbours = (c: number): number[] => {
        const caller = cells.indexOf.indexOf(c);
        return Array.from(spec.neighbours[caller]!, (b) => cells.indexOf[b]!);
      };
      for (let k = 0; k < cand.candCell.length; k++) {
        const own = new Set(cand.cellList.subarray(cand.cellStart[k]!, cand.cellStart[k + 1]!));
        const first = Math.min(...own);
        const expected = [...new Set([...own].flatMap(neighbours))].filter((x) => x > first && !own.has(x)).sort((a, b) => a - b);
        expect(Array.from(halos.candHalo.subarray(halos.haloStart[k]!, halos.haloStart[k + 1]!)), `${name} candidate ${k}`).toEqual(expected);
      }
    }
  });

  it('store each placement once, at its first cell, in the group of its cell and piece, its cells as words', () => {
    const spec = specOf(loadCatalogPuzzle('soma'));
    const { n, pieces, cells, candidates: cand } = buildTables(spec);
    const P = pieces.pieceTypes;
    expect(cand.candStart[n * P]).toBe(spec.placements.length);
    spec.placements.forEach((pl, i) => {
      const k = cand.placementCand[i]!;
      const inside = Array.from(pl.cells, (c) => cells.indexOf[c]!);
      const first = Math.min(...inside);
      expect(cand.candPlacement[k]).toBe(i);
      expect([cand.candCell[k], cand.candPiece[k], cand.candSize[k]]).toEqual([first, pl.piece, inside.length]);
      expect(k).toBeGreaterThanOrEqual(cand.candStart[first * P + pl.piece]!);
      expect(k).toBeLessThan(cand.candStart[first * P + pl.piece + 1]!);
      const words = cand.candMask.subarray(k * cand.span, (k + 1) * cand.span);
      for (const c of inside) expect(words[(c >> 5) - (first >> 5)]! & (1 << (c & 31)), `placement ${i}`).not.toBe(0);
      expect(words.reduce((s, w) => s + bits(w), 0)).toBe(inside.length);
    });
  });

  it('give each key of each cell the candidates of each slot that cover none of its full cells (the recurrence against the definition)', () => {
    const { n, pieces, candidates: { candStart }, keys } = buildTables(specOf(loadCatalogPuzzle('pentomino-4x15')));
    const { keyBits: B, slots: S, slotBase, slotPiece, keyMasks, keyPieces, rel, keyOffset, keyWidth } = keys;
    const P = pieces.pieceTypes;
    expect(keys.keyed).toBe(true);
    expect(B).toBe(8);
    const keyCell: number[] = [];
    for (let i = 0; i < 3; i++) for (let j = 0; j < keyWidth[i]!; j++) keyCell.push(keyOffset[i]! + j);
    expect(keyCell.length).toBe(B);
    const width = keyMasks.BYTES_PER_ELEMENT * 8;
    for (let c = 0; c < n; c++) {
      const masks = new Array<number>((1 << B) * S);
      const slotsThere = new Array<number>(1 << B).fill(0);
      for (let key = 0; key < 1 << B; key++) {
        let full = 0;
        for (let t = 0; t < B; t++) if (key & (1 << t)) full |= 1 << keyCell[t]!;
        for (let s = 0; s < S; s++) {
          const base = slotBase[c * S + s]!;
          const count = Math.min(32, candStart[c * P + slotPiece[s]! + 1]! - base);
          let mask = 0;
          for (let j = 0; j < count; j++) if ((rel[2 * (base + j)]! & full) === 0) mask |= 1 << j;
          masks[key * S + s] = width < 32 ? mask & ((1 << width) - 1) : mask;
          if (mask !== 0) slotsThere[key]! |= 1 << s;
        }
      }
      expect(Array.from(keyMasks.subarray((c << B) * S, ((c + 1) << B) * S)), `cell ${c}`).toEqual(masks);
      expect(Array.from(keyPieces.subarray(c << B, (c + 1) << B)), `cell ${c}`).toEqual(slotsThere);
    }
  });

  it('give the window of each cell the neighbours inside it and the cells with a neighbour past it', () => {
    const { n, cells, windowWords, window } = buildTables(specOf(loadCatalogPuzzle('pentomino-4x15')));
    expect(windowWords).toBe(1);
    for (let c = 0; c < n; c++) {
      for (let u = 0; u < 32 && c + u < n; u++) {
        let inside = 0;
        let past = false;
        for (let j = cells.nbrStart[c + u]!; j < cells.nbrStart[c + u + 1]!; j++) {
          const v = cells.nbr[j]! - c;
          if (v >= 32) past = true;
          else if (v >= 0) inside |= 1 << v;
        }
        expect(window.nbrWin[2 * ((c << 6) + u)], `cell ${c} + ${u}`).toBe(inside);
        expect(window.nbrWin[2 * ((c << 6) + u) + 1]).toBe(0);
        expect((window.edge[2 * c]! >>> u) & 1).toBe(past ? 1 : 0);
      }
    }
  });

  it('give gap[state][s] = s less the largest sum of the sizes of the copies left that is at most s, for every state', () => {
    // 12 pentominoes and the square tetromino: two sizes, states of 2 x 13
    const spec = specOf(loadCatalogPuzzle('pentomino-8x8-square'));
    const { n, sizes } = buildTables(spec);
    expect(Array.from(sizes.sizeValue)).toEqual([4, 5]);
    expect(Array.from(sizes.sizeRadix)).toEqual([1, 2]);
    expect(sizes.initialSizeState).toBe(1 + 12 * 2);
    for (let squares = 0; squares <= 1; squares++) {
      for (let pentominoes = 0; pentominoes <= 12; pentominoes++) {
        const state = squares + 2 * pentominoes;
        for (let s = 0; s <= n; s++) {
          let best = 0;
          for (let a = 0; a <= squares; a++) for (let b = 0; b <= pentominoes; b++) if (4 * a + 5 * b <= s) best = Math.max(best, 4 * a + 5 * b);
          expect(sizes.gap[state * (n + 1) + s], `${squares} + ${pentominoes}, ${s} cells`).toBe(Math.min(255, s - best));
        }
      }
    }
  });

  it('narrow ranges that the bounds fix to an exact packing, and find crossed bounds impossible', () => {
    const spec = specOf(loadCatalogPuzzle('pentomino-6x10'));
    const zeros = Array.from(spec.pieceCounts, () => 0);
    // 12 pentominoes used 0..1 times, 12 in all: every one used once
    const fixed = buildTables({ ...spec, pieceMinimums: zeros, totalPieces: { min: 12, max: 12 } }).pieces;
    expect(fixed.general).toBe(false);
    expect(Array.from(fixed.minimums)).toEqual(Array.from(spec.pieceCounts));
    // at most 11 pieces cannot cover 60 cells
    expect(buildTables({ ...spec, pieceMinimums: zeros, totalPieces: { min: 0, max: 11 } }).pieces.impossible).toBe(true);
    // with optional cells the general search runs, the hole piece last, one copy per optional cell
    const holes = buildTables({ ...spec, optionalCells: [0, 1, 2, 3, 4], pieceMinimums: zeros, totalPieces: { min: 10, max: 11 } });
    expect(holes.pieces).toMatchObject({ general: true, holePiece: 12, pieceTypes: 13 });
    expect(holes.pieces.pieceCounts[12]).toBe(5);
    expect(holes.sizes.capCopies).toBe(true);
  });

  it('are a function of the input alone: two builds are equal', () => {
    const spec = specOf(loadCatalogPuzzle('soma'));
    expect(buildTables(spec, { keyBits: 5 })).toEqual(buildTables(spec, { keyBits: 5 }));
  });

  it('choose the key cells of largest weight in at most so many runs (against every subset of the offsets)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 11 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3 }), (weights, bits, maxRuns) => {
        const weight = [0, ...weights]; // offset 0 is the first empty cell itself, never in the key
        const D = weights.length;
        let best = 0;
        for (let set = 0; set < 1 << D; set++) {
          let size = 0;
          let runs = 0;
          let total = 0;
          for (let x = 1; x <= D; x++) {
            if (!(set & (1 << (x - 1)))) continue;
            size++;
            total += weight[x]!;
            if (x === 1 || !(set & (1 << (x - 2)))) runs++;
          }
          if (size <= bits && runs <= maxRuns) best = Math.max(best, total);
        }
        const chosen = keyRuns(weight, bits, maxRuns);
        const offsets = chosen.flatMap(([from, width]) => Array.from({ length: width }, (_, i) => from + i));
        expect(chosen.length).toBeLessThanOrEqual(maxRuns);
        expect(offsets.length).toBeLessThanOrEqual(bits);
        expect(new Set(offsets).size).toBe(offsets.length);
        for (const x of offsets) expect(x >= 1 && x <= D).toBe(true);
        // runs apart: two runs that touch would be one
        for (let i = 1; i < chosen.length; i++) expect(chosen[i]![0]).toBeGreaterThan(chosen[i - 1]![0] + chosen[i - 1]![1]);
        expect(offsets.reduce((s, x) => s + weight[x]!, 0)).toBe(best);
      }),
      { numRuns: 300 },
    );
  });
});
