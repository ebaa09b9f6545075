import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { normalize } from '../geometry/cell.js';
import type { PlacedPiece, Puzzle } from '../puzzle/model.js';
import { colourDifference, colourPlacements, LOOKS_ALIKE, PALETTE, touchingPlacements } from './palette.js';
import { fadedColour, pieceListColours, placementColours, readColour } from './piece-colours.js';

function rect(x0: number, y0: number, w: number, h: number, z = 0): Cell[] {
  const cells: Cell[] = [];
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) cells.push([x, y, z]);
  return cells;
}

/** A w x h board cut into strips of random widths, one piece each (every strip touches the next). */
function strips(widths: readonly number[], h: number): PlacedPiece[] {
  let x = 0;
  return widths.map((w, i) => {
    const p = { piece: `s${i}`, cells: rect(x, 0, w, h) };
    x += w;
    return p;
  });
}

function puzzleOf(placements: readonly PlacedPiece[], colours: ReadonlyMap<string, string>): Puzzle {
  const names = [...new Set(placements.map((p) => p.piece))];
  return {
    name: 'test', dims: 2, mirror: true, board: placements.flatMap((p) => p.cells),
    pieces: names.map((name) => ({
      name, shape: normalize(placements.find((p) => p.piece === name)!.cells), count: placements.filter((p) => p.piece === name).length, mirror: true,
      ...(colours.has(name) ? { color: colours.get(name)! } : {}),
    })),
  };
}

describe('colourPlacements with given colours', () => {
  it('leaves placements with a given colour alone and keeps their neighbours off colours like it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 30 }),
        fc.array(fc.option(fc.nat(), { nil: undefined }), { minLength: 30, maxLength: 30 }),
        fc.boolean(),
        (widths, givenIndex, small) => {
          // three colours are enough for strips (two neighbours each), so there is always a way
          const palette = small ? PALETTE.slice(0, 3) : PALETTE;
          const pieces = strips(widths, 2);
          // some pieces are given palette colours, so "looks like it" is exact
          const fixed = pieces.map((_, i) => (givenIndex[i] !== undefined ? palette[givenIndex[i]! % palette.length]!.hex : undefined));
          const colours = colourPlacements(pieces, 2, palette, fixed);
          const adj = touchingPlacements(pieces, 2);
          pieces.forEach((_, i) => {
            if (fixed[i] !== undefined) {
              expect(colours[i]).toBe(-1);
              return;
            }
            const mine = palette[colours[i]!]!.hex;
            for (const j of adj[i]!) {
              const theirs = fixed[j] ?? palette[colours[j]!]!.hex;
              expect(colourDifference(mine, theirs)).toBeGreaterThanOrEqual(LOOKS_ALIKE);
            }
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('picks palette colours unlike any given colour while there are others', () => {
    // Five squares in a row; the first three have their own colours, each a palette colour: the other
    // two take none of those, though only the third touches the fourth (the palette has thirteen more).
    const row = strips([1, 1, 1, 1, 1], 1);
    const fixed = [PALETTE[0]!.hex, PALETTE[1]!.hex, PALETTE[2]!.hex, undefined, undefined];
    const colours = colourPlacements(row, 2, PALETTE, fixed);
    expect([0, 1, 2]).not.toContain(colours[3]);
    expect([0, 1, 2]).not.toContain(colours[4]);
  });
});

describe('placementColours', () => {
  it("uses a piece's own colour as the file writes it, and the palette for the others", () => {
    const row = strips([2, 2, 2], 1);
    const puzzle = puzzleOf(row, new Map([['s0', 'teal'], ['s2', 'not-a-colour']]));
    const [own, free, unreadable] = placementColours(puzzle, row);
    expect(own).toEqual({ css: 'teal', hex: '#008080', xterm: 30 });
    expect(PALETTE.map((c) => c.hex)).toContain(free!.hex);
    expect(free!.css).toBe(free!.hex);
    // a colour the pictures cannot read is left to the palette
    expect(PALETTE.map((c) => c.hex)).toContain(unreadable!.hex);
    expect(colourDifference(free!.hex, own!.hex)).toBeGreaterThanOrEqual(LOOKS_ALIKE);
  });

  it('gives two touching pieces of one given colour that colour (the file asked for it)', () => {
    const row = strips([2, 2], 1);
    const puzzle = puzzleOf(row, new Map([['s0', 'red'], ['s1', '#f00']]));
    expect(placementColours(puzzle, row).map((c) => c.hex)).toEqual(['#ff0000', '#ff0000']);
  });

  it("keeps touching copies apart by the puzzle's grid: hexagons [1, 0] and [0, 1] touch, squares there do not", () => {
    const copies: PlacedPiece[] = [{ piece: 'H', cells: [[1, 0, 0]] }, { piece: 'H', cells: [[0, 1, 0]] }];
    const squares = puzzleOf(copies, new Map());
    const [a, b] = placementColours(squares, copies);
    expect(a).toEqual(b);
    const [c, d] = placementColours({ ...squares, grid: 'hexagon' }, copies);
    expect(c!.hex).not.toBe(d!.hex);
  });
});

describe('pieceListColours', () => {
  it('gives pieces without a colour palette colours in turn, skipping those like a given one', () => {
    const pieces = ['a', 'b', 'c'].map((name) => ({ name, shape: [[0, 0, 0]] as Cell[], count: 1, mirror: true }));
    const given = { ...pieces[1]!, color: PALETTE[0]!.hex };
    const colours = pieceListColours([pieces[0]!, given, pieces[2]!]);
    expect(colours[1]!.hex).toBe(PALETTE[0]!.hex);
    expect(colours[0]!.hex).toBe(PALETTE[1]!.hex);
    expect(colours[2]!.hex).toBe(PALETTE[2]!.hex);
  });
});

describe('fadedColour', () => {
  it('is lighter than the colour and keeps its hue apart from other faded colours', () => {
    const red = readColour('#d62728')!;
    const blue = readColour('#1f77b4')!;
    const [fr, fb] = [fadedColour(red), fadedColour(blue)];
    expect(parseInt(fr.hex.slice(1, 3), 16)).toBeGreaterThan(0xd6);
    expect(fr.css).toBe(fr.hex);
    expect(colourDifference(fr.hex, fb.hex)).toBeGreaterThan(LOOKS_ALIKE);
    expect(fr.xterm).not.toBe(red.xterm);
  });
});
