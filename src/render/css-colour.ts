/**
 * The terminal shows a colour (src/puzzle/colour.ts reads it) as the nearest (CIEDE2000) of the 240 fixed
 * colours of the xterm 256-colour palette: the colour cube and the grey ramp, never the sixteen basic
 * colours, which the terminal's theme redefines.
 */
import type { Rgb } from '../puzzle/colour.js';
import { parseCssColour, rgbToHex } from '../puzzle/colour.js';
import type { Lab } from './palette.js';
import { ciede2000, hexToLab } from './palette.js';

/** The colour of xterm's palette entry 16..255 (the cube, then the grey ramp). */
export function xtermRgb(index: number): Rgb {
  if (index >= 232) {
    const v = 8 + 10 * (index - 232);
    return [v, v, v];
  }
  const levels = [0, 95, 135, 175, 215, 255];
  const i = index - 16;
  return [levels[Math.floor(i / 36)]!, levels[Math.floor(i / 6) % 6]!, levels[i % 6]!];
}

let xtermLabs: Lab[] | undefined;
const nearestCache = new Map<string, number>();

/** The number of the xterm colour (16..255) that looks most like a '#rrggbb' colour. */
export function nearestXterm(hex: string): number {
  const cached = nearestCache.get(hex);
  if (cached !== undefined) return cached;
  xtermLabs ??= Array.from({ length: 240 }, (_, i) => hexToLab(rgbToHex(xtermRgb(16 + i))));
  const lab = hexToLab(hex);
  let best = 0;
  let bestDifference = Infinity;
  xtermLabs.forEach((candidate, i) => {
    const d = ciede2000(lab, candidate);
    if (d < bestDifference) {
      best = i;
      bestDifference = d;
    }
  });
  nearestCache.set(hex, 16 + best);
  return 16 + best;
}

/** `weight` of colour a mixed with (1 - weight) of colour b, in sRGB. */
export function mixHex(a: string, b: string, weight: number): string {
  const ca = parseCssColour(a)!;
  const cb = parseCssColour(b)!;
  return rgbToHex(ca.map((v, i) => v * weight + cb[i]! * (1 - weight)) as unknown as Rgb);
}
