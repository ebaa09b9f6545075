import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Cell } from '../geometry/cell.js';
import type { PlacedPiece } from '../puzzle/model.js';
import { catalogNames, loadCatalogPuzzle } from '../puzzle/catalog.js';
import { solve } from '../search/solve.js';
import type { Lab } from './palette.js';
import { ciede2000, colourDifference, colourPlacements, hexToLab, inkFor, PALETTE, touchingPlacements } from './palette.js';
import { GRIDS } from '../geometry/grids/index.js';

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

  it("finds the neighbours of the puzzle's grid: triangles, hexagons and spheres", () => {
    // the down triangle [1, 0] touches [0, 0] and [2, 0] beside it and [1, -1] above it, not [1, 1] below
    const triangles: PlacedPiece[] = ([[1, 0, 0], [1, 1, 0], [1, -1, 0], [0, 0, 0]] as Cell[]).map((c, i) => ({ piece: `t${i}`, cells: [c] }));
    expect(touchingPlacements(triangles, GRIDS.triangle).map((s) => [...s].sort())).toEqual([[2, 3], [], [0], [0]]);
    expect(touchingPlacements(triangles, 2).map((s) => [...s].sort())).toEqual([[1, 2, 3], [0], [0], [0]]);
    // hexagons [1, 0] and [0, 1] touch (a step of [-1, +1]); [0, 0] and [1, 1] do not
    const hexagons: PlacedPiece[] = ([[1, 0, 0], [0, 1, 0], [1, 1, 0]] as Cell[]).map((c, i) => ({ piece: `h${i}`, cells: [c] }));
    expect(touchingPlacements(hexagons, GRIDS.hexagon).map((s) => [...s].sort())).toEqual([[1, 2], [0, 2], [0, 1]]);
    expect(touchingPlacements(hexagons, 2).map((s) => [...s].sort())).toEqual([[2], [2], [0, 1]]);
    // spheres touch at the steps (1, 1, 0) in any order, never along one axis
    const spheres: PlacedPiece[] = ([[0, 0, 0], [1, 1, 0], [1, 0, 1], [2, 0, 0]] as Cell[]).map((c, i) => ({ piece: `s${i}`, cells: [c] }));
    expect(touchingPlacements(spheres, GRIDS.sphere).map((s) => [...s].sort())).toEqual([[1, 2], [0, 2, 3], [0, 1, 3], [1, 2]]);
  });
});

describe('colourPlacements', () => {
  it('gives every placement its own colour when there are no more placements than colours', () => {
    const pieces = guillotine(12, 12, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3]).slice(0, 16);
    const colours = colourPlacements(pieces, 2, PALETTE);
    expect(new Set(colours).size).toBe(pieces.length);
  });

  it('never gives touching placements one colour while the palette exceeds the most neighbours any has', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.integer({ min: 2, max: 20 }), fc.array(fc.nat(1000), { minLength: 20, maxLength: 60 }), fc.boolean(), (w, h, choices, small) => {
        const pieces = guillotine(w, h, choices);
        const adj = touchingPlacements(pieces, 2);
        const palette = PALETTE.slice(0, small ? 5 : PALETTE.length);
        const size = palette.length;
        fc.pre(Math.max(...adj.map((s) => s.size)) < size);
        const colours = colourPlacements(pieces, 2, palette);
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
    const [d0, d1, s, d2, d3] = colourPlacements(row, 2);
    expect(d1).not.toBe(d0);
    expect(s).not.toBe(d1);
    expect(s).not.toBe(d2);
    // The copies need two colours, as the first two touch, and use no more.
    expect(new Set([d0, d1, d2, d3]).size).toBe(2);
  });

  it('keeps copies of a piece apart when they touch on the grid of the puzzle, though not as squares', () => {
    const copies: PlacedPiece[] = [{ piece: 'H', cells: [[1, 0, 0]] }, { piece: 'H', cells: [[0, 1, 0]] }];
    const [a, b] = colourPlacements(copies, 2);
    expect(a).toBe(b);
    const [c, d] = colourPlacements(copies, GRIDS.hexagon);
    expect(c).not.toBe(d);
  });

  it('copes with more neighbours than colours by picking the rarest among them', () => {
    // A hub touching five others with a palette of three.
    const hub: PlacedPiece = { piece: 'hub', cells: rect(1, 1, 3, 1) };
    const spokes: PlacedPiece[] = [[0, 1], [4, 1], [1, 0], [2, 0], [3, 0]].map(([x, y], i) => ({ piece: `s${i}`, cells: [[x!, y!, 0]] }));
    const colours = colourPlacements([hub, ...spokes], 2, PALETTE.slice(0, 3));
    const around = colours.slice(1).filter((c) => c === colours[0]).length;
    expect(around).toBeLessThanOrEqual(1);
  });
});

describe('inkFor', () => {
  it('writes black on light colours and white on dark ones', () => {
    expect(inkFor('#ffe119')).toBe('#000000');
    expect(inkFor('#fffac8')).toBe('#000000');
    expect(inkFor('#000075')).toBe('#ffffff');
    expect(inkFor('#800000')).toBe('#ffffff');
  });
});

describe('ciede2000', () => {
  it("matches Sharma, Wu and Dalal's test data", () => {
    const pairs: [Lab, Lab, number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[50, 2.5, 0], [61, -5, 29], 22.8977],
      [[50, 2.5, 0], [56, -27, -3], 31.903],
      [[50, 2.5, 0], [58, 24, 15], 19.4535],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
      [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
      [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    ];
    for (const [a, b, expected] of pairs) {
      expect(ciede2000(a, b)).toBeCloseTo(expected, 4);
      expect(ciede2000(b, a)).toBeCloseTo(expected, 4);
    }
  });

  it('reads hex colours as CIELAB (D65)', () => {
    expect(hexToLab('#ffffff')[0]).toBeCloseTo(100, 3);
    expect(hexToLab('#000000')).toEqual([0, 0, 0]);
    const red = hexToLab('#ff0000');
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 1);
    expect(red[2]).toBeCloseTo(67.2, 1);
  });
});

/** The colour of an xterm 256-colour number in its 6x6x6 cube (16 to 231). */
function xtermCubeHex(n: number): string {
  const levels = [0, 95, 135, 175, 215, 255];
  const i = n - 16;
  return `#${[Math.floor(i / 36), Math.floor(i / 6) % 6, i % 6].map((k) => levels[k]!.toString(16).padStart(2, '0')).join('')}`;
}

/** The smallest colour difference between touching placements. */
function closestTouching(placements: readonly PlacedPiece[], dims: 2 | 3): number {
  const colours = colourPlacements(placements, dims);
  let closest = Infinity;
  touchingPlacements(placements, dims).forEach((ns, i) => {
    for (const j of ns) closest = Math.min(closest, colourDifference(PALETTE[colours[i]!]!.hex, PALETTE[colours[j]!]!.hex));
  });
  return closest;
}

/** Colours that differ by less than this (CIEDE2000) are too alike to tell touching pieces apart at a glance. */
const DISTINCT = 20;

describe('the palette', () => {
  it('is sixteen colours of the xterm cube, each given as its number and the same colour in hex', () => {
    expect(PALETTE).toHaveLength(16);
    expect(new Set(PALETTE.map((c) => c.xterm)).size).toBe(16);
    for (const c of PALETTE) {
      expect(c.xterm).toBeGreaterThanOrEqual(16);
      expect(c.xterm).toBeLessThanOrEqual(231);
      expect(c.hex).toBe(xtermCubeHex(c.xterm));
    }
  });

  it('has no two colours alike', () => {
    for (let i = 0; i < PALETTE.length; i++) {
      for (let j = i + 1; j < PALETTE.length; j++) {
        expect(colourDifference(PALETTE[i]!.hex, PALETTE[j]!.hex), `${PALETTE[i]!.hex} and ${PALETTE[j]!.hex}`).toBeGreaterThanOrEqual(DISTINCT);
      }
    }
  });

  // one test per puzzle, each a fraction of a second (preparing the search takes most of it)
  for (const name of catalogNames()) {
    it(`gives touching pieces clearly different colours in a solution of ${name}`, () => {
      const puzzle = loadCatalogPuzzle(name);
      const [solution] = solve(puzzle, { limit: 1 }).found;
      expect(solution).toBeDefined();
      expect(closestTouching(solution!.placements, puzzle.dims)).toBeGreaterThanOrEqual(DISTINCT);
    });
  }

  it('gives touching copies of one piece different colours, and tells them apart from their neighbours', () => {
    // A 4x2 board of four dominoes, all copies of "D": a 2x2 block of them touches in every way.
    const dominoes: PlacedPiece[] = [rect(0, 0, 2, 1), rect(2, 0, 2, 1), rect(0, 1, 2, 1), rect(2, 1, 2, 1)].map((cells) => ({ piece: 'D', cells }));
    expect(closestTouching(dominoes, 2)).toBeGreaterThanOrEqual(DISTINCT);
  });
});
