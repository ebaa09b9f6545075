import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Cell } from '../geometry/cell.js';
import type { PlacedPiece } from '../puzzle/model.js';
import { colourPlacements, inkFor, SVG_PALETTE, TEXT_PALETTE, touchingPlacements } from './palette.js';

function rect(x0: number, y0: number, w: number, h: number, z = 0): Cell[] {
  const cells: Cell[] = [];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push([x, y, z]);
  return cells;
}

/** Cuts a w x h rectangle into rectangles, steered by a stream of numbers (a guillotine tiling). */
function guillotine(w: number, h: number, choices: readonly number[]): PlacedPiece[] {
  const out: PlacedPiece[] = [];
  let next = 0;
  const take = (): number => choices[next++ % choices.length]!;
  const cut = (x: number, y: number, cw: number, ch: number): void => {
    const stop = take() % 5 === 0 || cw * ch <= 2;
    if (stop) {
      out.push({ piece: `r${out.length}`, cells: rect(x, y, cw, ch) });
      return;
    }
    if ((take() % 2 === 0 && cw > 1) || ch === 1) {
      const a = 1 + (take() % (cw - 1));
      cut(x, y, a, ch);
      cut(x + a, y, cw - a, ch);
    } else {
      const a = 1 + (take() % (ch - 1));
      cut(x, y, cw, a);
      cut(x, y + a, cw, ch - a);
    }
  };
  cut(0, 0, w, h);
  return out;
}

describe('touchingPlacements', () => {
  it('finds face neighbours only', () => {
    const pieces: PlacedPiece[] = [
      { piece: 'a', cells: [[0, 0, 0]] },
      { piece: 'b', cells: [[1, 0, 0]] },
      { piece: 'c', cells: [[1, 1, 0]] }, // touches b, only a corner of a
      { piece: 'd', cells: [[0, 0, 1]] }, // above a: a neighbour in 3-D, nothing in 2-D
    ];
    expect(touchingPlacements(pieces, 2).map((s) => [...s].sort())).toEqual([[1], [0, 2], [1], []]);
    expect(touchingPlacements(pieces, 3).map((s) => [...s].sort())).toEqual([[1, 3], [0, 2], [1], [0]]);
  });
});

describe('colourPlacements', () => {
  it('gives every placement its own colour when there are no more placements than colours', () => {
    const pieces = guillotine(12, 12, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3]).slice(0, 16);
    const colours = colourPlacements(pieces, 2, 16);
    expect(new Set(colours).size).toBe(pieces.length);
  });

  it('never gives touching placements one colour while the palette exceeds the most neighbours any has', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.integer({ min: 2, max: 20 }), fc.array(fc.nat(1000), { minLength: 20, maxLength: 60 }), fc.boolean(), (w, h, choices, svg) => {
        const pieces = guillotine(w, h, choices);
        const adj = touchingPlacements(pieces, 2);
        const size = svg ? SVG_PALETTE.length : TEXT_PALETTE.length;
        fc.pre(Math.max(...adj.map((s) => s.size)) < size);
        const colours = colourPlacements(pieces, 2, size);
        adj.forEach((ns, i) => {
          expect(colours[i]).toBeGreaterThanOrEqual(0);
          expect(colours[i]).toBeLessThan(size);
          for (const j of ns) expect(colours[j]).not.toBe(colours[i]);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('keeps copies of a piece in one colour unless they touch', () => {
    // Four dominoes in a row, all copies of "D", with a square "S" between the second and third.
    const row: PlacedPiece[] = [
      { piece: 'D', cells: rect(0, 0, 2, 1) },
      { piece: 'D', cells: rect(2, 0, 2, 1) },
      { piece: 'S', cells: rect(4, 0, 1, 1) },
      { piece: 'D', cells: rect(5, 0, 2, 1) },
      { piece: 'D', cells: rect(8, 0, 2, 1) }, // a gap before this one: it touches nothing
    ];
    const [d0, d1, s, d2, d3] = colourPlacements(row, 2, 16);
    expect(d1).not.toBe(d0);
    expect(s).not.toBe(d1);
    expect(s).not.toBe(d2);
    // The copies need two colours, as the first two touch, and use no more.
    expect(new Set([d0, d1, d2, d3]).size).toBe(2);
  });

  it('copes with more neighbours than colours by picking the rarest among them', () => {
    // A hub touching five others with a palette of three.
    const hub: PlacedPiece = { piece: 'hub', cells: rect(1, 1, 3, 1) };
    const spokes: PlacedPiece[] = [[0, 1], [4, 1], [1, 0], [2, 0], [3, 0]].map(([x, y], i) => ({ piece: `s${i}`, cells: [[x!, y!, 0]] }));
    const colours = colourPlacements([hub, ...spokes], 2, 3);
    const around = colours.slice(1).filter((c) => c === colours[0]).length;
    expect(around).toBeLessThanOrEqual(1);
  });
});

describe('inkFor', () => {
  it('writes black on light colours and white on dark ones', () => {
    expect(inkFor('#ffe119')).toBe('#000');
    expect(inkFor('#fffac8')).toBe('#000');
    expect(inkFor('#000075')).toBe('#fff');
    expect(inkFor('#800000')).toBe('#fff');
  });

  it('has twenty distinct colours in the SVG palette and sixteen in the terminal one', () => {
    expect(new Set(SVG_PALETTE).size).toBe(20);
    expect(new Set(TEXT_PALETTE.map((c) => c.bg)).size).toBe(16);
  });
});
