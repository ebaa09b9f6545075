/**
 * Colours for pictures of solutions: one palette for the terminal and SVG, and a colouring of the "touches"
 * graph of the placed pieces so that touching pieces never get the same colour (nor, therefore, colours
 * that look alike) when the palette allows it.
 *
 * The palette is sixteen colours of the xterm 256-colour cube, so that a terminal shows the same colours
 * as the SVG: the sixteen basic ANSI colours are whatever the terminal's theme makes them (some themes turn
 * five of the bright ones into greys), while the cube's are fixed. They were picked from the cube's
 * colours of moderate lightness and chroma to be far apart: any two differ by at least 21 in CIEDE2000
 * (a difference of 2 or so is just noticeable; 20 is a different colour), and the first few, which small
 * pictures use, by far more.
 *
 * The colouring works on placements, not piece names, so two touching copies of the same piece still
 * differ; copies that do not touch share a colour where they can, so a piece keeps its colour across the
 * picture as far as possible.
 */
import type { Dimensions } from '../geometry/cell.js';
import { CellTable } from '../geometry/cell-table.js';
import type { Grid } from '../geometry/grid.js';
import { gridOf } from '../geometry/grids/index.js';
import type { PlacedPiece } from '../puzzle/model.js';

/** A palette colour: its number in the xterm 256-colour palette and the same colour in hex. */
export interface PaletteColour {
  readonly xterm: number;
  readonly hex: string;
}

/** Ordered so that each colour is as far as it can be from all before it: small pictures get the most distinct. */
export const PALETTE: readonly PaletteColour[] = [
  [205, '#ff5faf'], [113, '#87d75f'], [25, '#005faf'], [130, '#af5f00'], [45, '#00d7ff'], [216, '#ffaf87'],
  [30, '#008787'], [100, '#878700'], [225, '#ffd7ff'], [221, '#ffd75f'], [59, '#5f5f5f'], [145, '#afafaf'],
  [97, '#875faf'], [111, '#87afff'], [50, '#00ffd7'], [131, '#af5f5f'],
].map(([xterm, hex]) => ({ xterm: xterm as number, hex: hex as string }));

/** A colour in CIELAB (D65): lightness 0..100, then the a and b axes. */
export type Lab = readonly [number, number, number];

/** CIELAB of a '#rrggbb' sRGB colour. */
export function hexToLab(hex: string): Lab {
  const linear = [0, 1, 2].map((i) => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const [r, g, b] = linear;
  // sRGB to XYZ, divided by the D65 white point
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/**
 * The CIEDE2000 colour difference (Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula:
 * implementation notes, supplementary test data, and mathematical observations", 2005).
 */
export function ciede2000(lab1: Lab, lab2: Lab): number {
  const [l1, a1, b1] = lab1;
  const [l2, a2, b2] = lab2;
  const deg = Math.PI / 180;
  const pow7 = (v: number): number => v ** 7;
  const cMean = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(pow7(cMean) / (pow7(cMean) + pow7(25))));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const hue = (b: number, a: number): number => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / deg + 360) % 360);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);
  const chromatic = c1p * c2p !== 0;
  let dh = 0;
  if (chromatic) {
    dh = h2p - h1p;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dL = l2 - l1;
  const dC = c2p - c1p;
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin((dh * deg) / 2);
  const lMean = (l1 + l2) / 2;
  const cpMean = (c1p + c2p) / 2;
  let hMean = h1p + h2p;
  if (chromatic) hMean = Math.abs(h1p - h2p) > 180 ? (hMean < 360 ? hMean + 360 : hMean - 360) / 2 : hMean / 2;
  const t =
    1 - 0.17 * Math.cos((hMean - 30) * deg) + 0.24 * Math.cos(2 * hMean * deg) + 0.32 * Math.cos((3 * hMean + 6) * deg) - 0.2 * Math.cos((4 * hMean - 63) * deg);
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const rC = 2 * Math.sqrt(pow7(cpMean) / (pow7(cpMean) + pow7(25)));
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cpMean;
  const sH = 1 + 0.015 * cpMean * t;
  const rT = -Math.sin(2 * dTheta * deg) * rC;
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** How different two '#rrggbb' colours look (CIEDE2000). */
export function colourDifference(hex1: string, hex2: string): number {
  return ciede2000(hexToLab(hex1), hexToLab(hex2));
}

/** Black or white, whichever reads better on a hex background (WCAG relative luminance). */
export function inkFor(hex: string): '#000000' | '#ffffff' {
  const channel = (i: number): number => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05); they are equal near L = 0.179.
  return lum > 0.179 ? '#000000' : '#ffffff';
}

/** The palette colour for an index, wrapping around. */
export function paletteColour(index: number): PaletteColour {
  const n = PALETTE.length;
  return PALETTE[((Math.trunc(index) % n) + n) % n]!;
}

/** xterm's numbers for pure black and white in its colour cube, unaffected by the terminal's theme. */
const XTERM_BLACK = 16;
const XTERM_WHITE = 231;

/**
 * Paints a string with an xterm 256-colour background and a foreground that stays readable on it (always
 * with escape codes: callers decide whether to colour). Ends with the codes for the default colours only,
 * so it nests inside bold and other styles.
 */
export function xtermPaint(background: number, foreground: number): (s: string) => string {
  return (s) => `\x1b[48;5;${background}m\x1b[38;5;${foreground}m${s}\x1b[39;49m`;
}

/** The painter of a palette colour, with black or white ink as inkFor picks. */
export function ansiPaint(colour: PaletteColour): (s: string) => string {
  return xtermPaint(colour.xterm, inkFor(colour.hex) === '#000000' ? XTERM_BLACK : XTERM_WHITE);
}

/**
 * For each placement, the indices of the placements it shares a face with: neighbours on the grid (a bare
 * number of dimensions stands for the square or cubic grid).
 */
export function touchingPlacements(placements: readonly PlacedPiece[], grid: Grid | Dimensions): Set<number>[] {
  const { neighbours } = typeof grid === 'number' ? gridOf(undefined, grid) : grid;
  const owner = new CellTable(placements.flatMap((p) => p.cells), -1);
  placements.forEach((p, i) => p.cells.forEach((c) => owner.set(c, i)));
  const adj = placements.map(() => new Set<number>());
  placements.forEach((p, i) => {
    for (const c of p.cells) {
      for (const n of neighbours(c)) {
        const j = owner.get(n);
        if (j >= 0 && j !== i) {
          adj[i]!.add(j);
          adj[j]!.add(i);
        }
      }
    }
  });
  return adj;
}

/** A given colour this close (CIEDE2000) to a palette colour counts as that colour when the palette picks. */
export const LOOKS_ALIKE = 12;
/** A palette colour this close to a given colour is picked only after the others (it would be taken for it). */
export const LOOKS_RELATED = 25;

/**
 * An index into `palette` for each placement. Welsh-Powell order (most neighbours first); each placement
 * takes the colour of an earlier copy of its piece if no neighbour has it, else, among the colours fewest
 * neighbours have (none, while the palette suffices), the one used least so far, which spreads the palette
 * (with no more placements than colours all differ), and among those the one that looks least like any
 * neighbour's colour.
 *
 * `fixed` gives some placements their own colour ('#rrggbb', from the puzzle file): those are not
 * coloured (-1) but are kept apart from: a neighbour with a given colour counts as having every palette
 * colour that looks like it (LOOKS_ALIKE), and a palette colour near any given colour (LOOKS_RELATED)
 * counts as used once already, so the others go first.
 */
export function colourPlacements(
  placements: readonly PlacedPiece[],
  grid: Grid | Dimensions,
  palette: readonly PaletteColour[] = PALETTE,
  fixed: readonly (string | undefined)[] = [],
): number[] {
  const size = palette.length;
  if (size < 1) throw new Error('palette must have at least one colour');
  const labs = palette.map((c) => hexToLab(c.hex));
  const difference = labs.map((a) => labs.map((b) => ciede2000(a, b)));
  const fixedDifference = new Map<string, number[]>();
  for (const hex of fixed) {
    if (hex !== undefined && !fixedDifference.has(hex)) {
      const lab = hexToLab(hex);
      fixedDifference.set(hex, labs.map((l) => ciede2000(l, lab)));
    }
  }
  const adj = touchingPlacements(placements, grid);
  const isFixed = (i: number): boolean => fixed[i] !== undefined;
  const order = placements.map((_, i) => i).filter((i) => !isFixed(i)).sort((a, b) => adj[b]!.size - adj[a]!.size || a - b);
  const colour = placements.map(() => -1);
  const usage = new Array<number>(size).fill(0);
  for (const differences of fixedDifference.values()) differences.forEach((d, c) => { if (d < LOOKS_RELATED) usage[c]++; });
  const byName = new Map<string, number>();
  const clash = new Array<number>(size);
  const nearest = new Array<number>(size);
  for (const v of order) {
    clash.fill(0);
    nearest.fill(Infinity);
    for (const u of adj[v]!) {
      const given = fixed[u];
      if (given !== undefined) {
        const differences = fixedDifference.get(given)!;
        for (let c = 0; c < size; c++) {
          if (differences[c]! < LOOKS_ALIKE) clash[c]++;
          nearest[c] = Math.min(nearest[c]!, differences[c]!);
        }
        continue;
      }
      const cu = colour[u]!;
      if (cu < 0) continue;
      clash[cu]++;
      for (let c = 0; c < size; c++) nearest[c] = Math.min(nearest[c]!, difference[c]![cu]!);
    }
    const name = placements[v]!.piece;
    let pick = byName.get(name) ?? -1;
    if (pick < 0 || clash[pick]! > 0) {
      pick = 0;
      for (let c = 1; c < size; c++) {
        const better =
          clash[c]! - clash[pick]! || usage[c]! - usage[pick]! || nearest[pick]! - nearest[c]!;
        if (better < 0) pick = c;
      }
    }
    colour[v] = pick;
    usage[pick]++;
    if (!byName.has(name)) byName.set(name, pick);
  }
  return colour;
}
