/**
 * The colour each piece is drawn in: its own (`color:` in the puzzle file) when it has one the pictures can
 * read, else one of the palette's (palette.ts), picked so that touching pieces differ from each other and
 * from the given colours where the palette allows. Pieces already on the board before the search are drawn
 * faded: their colour mixed with white, so that the solver's pieces stand out.
 */
import type { Grid } from '../geometry/grid.js';
import type { Piece, PlacedPiece, Puzzle } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import { mixHex, nearestXterm } from './css-colour.js';
import { parseCssColour, rgbToHex } from '../puzzle/colour.js';
import type { PaletteColour } from './palette.js';
import { colourDifference, colourPlacements, inkFor, LOOKS_RELATED, PALETTE, xtermPaint } from './palette.js';

/** A colour to draw a piece in: its xterm number, its '#rrggbb', and for SVG the colour as the file wrote it. */
export interface PieceColour extends PaletteColour {
  /** What an SVG fill says: the file's own text for a given colour, else `hex`. */
  readonly css: string;
}

/** How much of its colour a piece placed before keeps (the rest is white). */
const FADED_WEIGHT = 0.45;
/** xterm greys for the ink of faded pieces: softer than black and white. */
const XTERM_DARK_GREY = 240;
const XTERM_LIGHT_GREY = 252;
const XTERM_BLACK = 16;
const XTERM_WHITE = 231;

function fromPalette(c: PaletteColour): PieceColour {
  return { ...c, css: c.hex };
}

/** A CSS colour as the pictures draw it, or undefined when they cannot read it (css-colour.ts). */
export function readColour(css: string | undefined): PieceColour | undefined {
  if (css === undefined) return undefined;
  const rgb = parseCssColour(css);
  if (!rgb) return undefined;
  const hex = rgbToHex(rgb);
  return { hex, xterm: nearestXterm(hex), css: css.trim() };
}

/** A piece's own colour, when the file gives one the pictures can read. */
export function givenColour(piece: Piece | undefined): PieceColour | undefined {
  return readColour(piece?.color);
}

/**
 * The colour of each placement of a picture: its piece's own colour, or the palette's (placements that
 * touch on the puzzle's grid apart, see colourPlacements).
 */
export function placementColours(puzzle: Puzzle, placements: readonly PlacedPiece[], grid: Grid = puzzleGrid(puzzle)): PieceColour[] {
  const byName = new Map(puzzle.pieces.map((p) => [p.name, p]));
  const own = new Map<string, PieceColour | undefined>();
  const ownOf = (name: string): PieceColour | undefined => {
    if (!own.has(name)) own.set(name, givenColour(byName.get(name)));
    return own.get(name);
  };
  const fixed = placements.map((p) => ownOf(p.piece)?.hex);
  const picks = colourPlacements(placements, grid, PALETTE, fixed);
  return placements.map((p, i) => ownOf(p.piece) ?? fromPalette(PALETTE[picks[i]!]!));
}

/**
 * One colour per piece of a list (`snug show`): its own, else the palette's in turn, skipping palette
 * colours that look like a given one while there are others.
 */
export function pieceListColours(pieces: readonly Piece[]): PieceColour[] {
  const given = pieces.map(givenColour);
  const taken = given.filter((c): c is PieceColour => c !== undefined);
  const free = PALETTE.filter((c) => taken.every((t) => colourDifference(c.hex, t.hex) >= LOOKS_RELATED));
  const pool = free.length > 0 ? free : PALETTE;
  let next = 0;
  return given.map((c) => c ?? fromPalette(pool[next++ % pool.length]!));
}

/** The faded colour of a piece placed before the search. */
export function fadedColour(colour: PieceColour): PieceColour {
  const hex = mixHex(colour.hex, '#ffffff', FADED_WEIGHT);
  return { hex, xterm: nearestXterm(hex), css: hex };
}

/** Paints text on a piece's colour, in black or white ink as reads best. */
export function piecePaint(colour: PieceColour): (s: string) => string {
  return xtermPaint(colour.xterm, inkFor(colour.hex) === '#000000' ? XTERM_BLACK : XTERM_WHITE);
}

/** Paints text on a faded colour, in grey ink: a piece placed before reads as set back. */
export function fadedPaint(colour: PieceColour): (s: string) => string {
  const faded = fadedColour(colour);
  return xtermPaint(faded.xterm, inkFor(faded.hex) === '#000000' ? XTERM_DARK_GREY : XTERM_LIGHT_GREY);
}
