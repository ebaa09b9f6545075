/**
 * Colours for pictures of solutions: the 16 ANSI background colours for the terminal, 20 distinct hex
 * colours for SVG, and a greedy colouring of the "touches" graph of the placed pieces so that no two
 * touching pieces share a colour when the palette allows it.
 *
 * The colouring works on placements, not piece names, so two touching copies of the same piece still
 * differ; copies that do not touch share a colour where they can, so a piece keeps its colour across the
 * picture as far as possible.
 */
import pc from 'picocolors';
import type { Dimensions } from '../geometry/cell.js';
import { cellKey, neighbours } from '../geometry/cell.js';
import type { PlacedPiece } from '../puzzle/model.js';

type Colors = ReturnType<typeof pc.createColors>;
type FormatterName = Exclude<keyof Colors, 'isColorSupported'>;

/** A terminal colour: a background and a foreground that stays readable on it. */
export interface AnsiColour {
  readonly bg: FormatterName;
  readonly fg: FormatterName;
}

/**
 * The 8 ANSI backgrounds and their bright variants. Vivid ones come first because greedy colouring uses
 * the front of the palette most; black and white come last as they vanish on dark or light terminals.
 */
export const TEXT_PALETTE: readonly AnsiColour[] = [
  { bg: 'bgRed', fg: 'whiteBright' },
  { bg: 'bgGreen', fg: 'black' },
  { bg: 'bgYellow', fg: 'black' },
  { bg: 'bgBlue', fg: 'whiteBright' },
  { bg: 'bgMagenta', fg: 'whiteBright' },
  { bg: 'bgCyan', fg: 'black' },
  { bg: 'bgRedBright', fg: 'black' },
  { bg: 'bgGreenBright', fg: 'black' },
  { bg: 'bgYellowBright', fg: 'black' },
  { bg: 'bgBlueBright', fg: 'black' },
  { bg: 'bgMagentaBright', fg: 'black' },
  { bg: 'bgCyanBright', fg: 'black' },
  { bg: 'bgWhite', fg: 'black' },
  { bg: 'bgBlackBright', fg: 'whiteBright' },
  { bg: 'bgWhiteBright', fg: 'black' },
  { bg: 'bgBlack', fg: 'whiteBright' },
];

/** Twenty colours chosen to be told apart (after Sasha Trubetskoy's list), saturated ones first. */
export const SVG_PALETTE: readonly string[] = [
  '#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#46f0f0', '#f032e6', '#bcf60c', '#fabebe',
  '#008080', '#e6beff', '#9a6324', '#fffac8', '#800000', '#aaffc3', '#808000', '#ffd8b1', '#000075', '#a9a9a9',
];

const colours = pc.createColors(true);

/** Paints a string in one palette colour (always with ANSI codes: callers decide whether to colour). */
export function ansiPaint(colour: AnsiColour): (s: string) => string {
  const fg = colours[colour.fg];
  const bg = colours[colour.bg];
  return (s) => fg(bg(s));
}

/** The palette colour for an index, wrapping around. */
export function textColour(index: number): AnsiColour {
  const n = TEXT_PALETTE.length;
  return TEXT_PALETTE[((Math.trunc(index) % n) + n) % n]!;
}

/** Black or white, whichever reads better on a hex background (WCAG relative luminance). */
export function inkFor(hex: string): '#000' | '#fff' {
  const channel = (i: number): number => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05); they are equal near L = 0.179.
  return lum > 0.179 ? '#000' : '#fff';
}

/** For each placement, the indices of the placements it shares a face with. */
export function touchingPlacements(placements: readonly PlacedPiece[], dims: Dimensions): Set<number>[] {
  const owner = new Map<string, number>();
  placements.forEach((p, i) => p.cells.forEach((c) => owner.set(cellKey(c), i)));
  const adj = placements.map(() => new Set<number>());
  placements.forEach((p, i) => {
    for (const c of p.cells) {
      for (const n of neighbours(c, dims)) {
        const j = owner.get(cellKey(n));
        if (j !== undefined && j !== i) {
          adj[i]!.add(j);
          adj[j]!.add(i);
        }
      }
    }
  });
  return adj;
}

/**
 * A colour index in [0, paletteSize) for each placement. Welsh-Powell order (most neighbours first);
 * each placement takes the colour of an earlier copy of its piece if no neighbour has it, else the free
 * colour used least so far, which spreads the palette: with no more placements than colours all differ.
 * When every colour is next to it (more neighbours than colours) it takes the one fewest neighbours have.
 */
export function colourPlacements(placements: readonly PlacedPiece[], dims: Dimensions, paletteSize: number): number[] {
  if (paletteSize < 1) throw new Error('palette must have at least one colour');
  const adj = touchingPlacements(placements, dims);
  const order = placements.map((_, i) => i).sort((a, b) => adj[b]!.size - adj[a]!.size || a - b);
  const colour = placements.map(() => -1);
  const usage = new Array<number>(paletteSize).fill(0);
  const byName = new Map<string, number>();
  const clash = new Array<number>(paletteSize);
  for (const v of order) {
    clash.fill(0);
    for (const u of adj[v]!) if (colour[u]! >= 0) clash[colour[u]!]++;
    const name = placements[v]!.piece;
    let pick = byName.get(name) ?? -1;
    if (pick < 0 || clash[pick]! > 0) {
      pick = 0;
      for (let c = 1; c < paletteSize; c++) {
        if (clash[c]! < clash[pick]! || (clash[c] === clash[pick] && usage[c]! < usage[pick]!)) pick = c;
      }
    }
    colour[v] = pick;
    usage[pick]++;
    if (!byName.has(name)) byName.set(name, pick);
  }
  return colour;
}
