/**
 * PNG pictures: the SVG picture drawn by resvg (a Rust renderer, as a native npm package), so that every
 * picture the SVG writer makes can also be had as pixels. Loaded only when a PNG is asked for: the native
 * module costs start-up time no other command should pay.
 */

import { createRequire } from 'node:module';

/** The PNG of an SVG picture, `scale` pixels per unit of the SVG (1: the width and height of its element). */
export async function svgToPng(svg: string, scale = 1): Promise<Uint8Array> {
  // required, not imported: the bundled command line tool is a script (scripts/bundle-cli.mjs), and the
  // package is CommonJS either way
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  // system fonts for the title and labels; a machine without them still gets the cells and outlines
  const fitTo = scale === 1 ? {} : { fitTo: { mode: 'zoom' as const, value: scale } };
  const image = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'sans-serif' }, ...fitTo }).render();
  return image.asPng();
}
