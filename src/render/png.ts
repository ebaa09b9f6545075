/**
 * PNG pictures: the SVG picture drawn by resvg (a Rust renderer, as a native npm package), so that every
 * picture the SVG writer makes can also be had as pixels. Loaded only when a PNG is asked for: the native
 * module costs start-up time no other command should pay.
 */

import { createRequire } from 'node:module';

/** The PNG of an SVG picture, at its own size (width and height of the SVG element). */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  // required, not imported: the bundled command line tool is a script (scripts/bundle-cli.mjs), and the
  // package is CommonJS either way
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  // system fonts for the title and labels; a machine without them still gets the cells and outlines
  const image = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'sans-serif' } }).render();
  return image.asPng();
}
