/**
 * The SVG picture of a solution on a grid whose cells are drawn as their solids (solids.ts): no layers to
 * lay side by side, so the solution is drawn whole and, beside it, pulled apart (each piece moved out from
 * the middle, as `--view exploded` draws it), so that every piece shows; a legend under the pictures says
 * which colour is which piece. What renderSolutionSvg draws for such grids, and so `snug solve --svg`,
 * `snug render` and sheets of solutions.
 *
 * Pieces placed before the search are faded, highlighted ones outlined thickly, and board cells no piece
 * covers drawn as faint glass, in the whole picture only.
 */
import { cellKey } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import { explodedPulls } from './iso.js';
import type { HighlightOptions } from './labels.js';
import { highlightSet } from './labels.js';
import { fadedColour, placementColours } from './piece-colours.js';
import type { SolidCell, SolidsPicture } from './solids.js';
import { solidsSvg } from './solids.js';
import { escapeXml, textWidthEms, wrapText } from './xml.js';

const UNCOVERED_FILL = '#c8c8c8';
const UNCOVERED_OPACITY = 0.25;

export interface SolidSolutionOptions extends HighlightOptions {
  readonly cellSize?: number;
  readonly title?: string;
}

const num = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ''));

export function renderSolidSolutionSvg(puzzle: Puzzle, solution: Solution, options: SolidSolutionOptions = {}): string {
  const cs = options.cellSize !== undefined && Number.isFinite(options.cellSize) && options.cellSize > 0 ? options.cellSize : 24;
  const grid = puzzleGrid(puzzle);
  const { placements } = solution;
  const highlight = highlightSet(options.highlight, placements.length);
  const colours = placementColours(puzzle, placements).map((c, i) => (placements[i]!.given && !highlight.has(i) ? fadedColour(c) : c));
  const pieceCells = (pulled: boolean): SolidCell[] => {
    const pulls = pulled ? explodedPulls(puzzle, solution) : undefined;
    return placements.flatMap((p, i) => p.cells.map((cell) => ({
      cell,
      colour: colours[i]!.hex,
      ...(pulls ? { shift: pulls[i]! } : {}),
      ...(highlight.has(i) ? { bold: true } : {}),
    })));
  };
  const covered = new Set(placements.flatMap((p) => p.cells.map(cellKey)));
  const uncovered: SolidCell[] = puzzle.board.filter((c) => !covered.has(cellKey(c))).map((cell) => ({ cell, colour: UNCOVERED_FILL, opacity: UNCOVERED_OPACITY }));
  const pictures: { picture: SolidsPicture; caption: string }[] = [{ picture: solidsSvg(grid, [...uncovered, ...pieceCells(false)], cs), caption: 'assembled' }];
  if (placements.length > 1) pictures.push({ picture: solidsSvg(grid, pieceCells(true), cs), caption: 'pulled apart' });

  // the legend: each piece's name after a sample of its colour (copies in another colour: one sample each)
  const entries: { name: string; fills: string[] }[] = [];
  placements.forEach((p, i) => {
    const label = `${p.piece}${p.given ? ' (placed before)' : ''}`;
    let entry = entries.find((e) => e.name === label);
    if (!entry) entries.push((entry = { name: label, fills: [] }));
    if (!entry.fills.includes(colours[i]!.hex)) entry.fills.push(colours[i]!.hex);
  });
  // in the puzzle's order of pieces, as the file lists them
  const rank = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  const rankOf = (label: string): number => rank.get(label.replace(/ \(placed before\)$/, '')) ?? puzzle.pieces.length;
  entries.sort((a, b) => rankOf(a.name) - rankOf(b.name));

  const margin = cs / 2;
  const gap = cs;
  const headingSize = cs * 0.8;
  const captionSize = cs * 0.6;
  const sample = captionSize;
  const widths = pictures.map(({ picture: p }) => p.maxX - p.minX);
  const picturesWidth = widths.reduce((s, w) => s + w, 0) + gap * (pictures.length - 1);
  const picturesHeight = Math.max(...pictures.map(({ picture: p }) => p.maxY - p.minY));
  const entryWidth = (e: { name: string; fills: string[] }): number => e.fills.length * (sample + 2) + captionSize * 0.4 + textWidthEms(e.name) * captionSize;
  const headingLines = options.title !== undefined ? wrapText(options.title, Math.max(picturesWidth / headingSize, 24)) : [];
  const innerWidth = Math.ceil(Math.max(picturesWidth, ...headingLines.map((l) => textWidthEms(l) * headingSize), ...entries.map(entryWidth)));
  // legend entries side by side in rows as wide as the pictures
  const rows: { name: string; fills: string[] }[][] = [];
  const spacing = captionSize * 1.5;
  for (const e of entries) {
    const row = rows.at(-1);
    const used = row ? row.reduce((s, x) => s + entryWidth(x) + spacing, 0) : 0;
    if (row && used + entryWidth(e) <= innerWidth) row.push(e);
    else rows.push([e]);
  }
  const lineHeight = (size: number): number => size * 1.3;
  const top = margin + headingLines.length * lineHeight(headingSize) + (headingLines.length > 0 ? headingSize * 0.3 : 0);
  const captionsBottom = top + picturesHeight + captionSize * 1.6;
  const legendTop = captionsBottom + captionSize * 0.6;
  const totalWidth = 2 * margin + innerWidth;
  const totalHeight = legendTop + rows.length * lineHeight(captionSize) + margin;

  const title = options.title ?? puzzle.name;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(totalWidth)}" height="${num(totalHeight)}" viewBox="0 0 ${num(totalWidth)} ${num(totalHeight)}" font-family="sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    '<rect class="background" width="100%" height="100%" fill="#ffffff"/>',
  ];
  headingLines.forEach((line, i) => {
    out.push(`<text class="heading" x="${num(totalWidth / 2)}" y="${num(margin + headingSize + i * lineHeight(headingSize))}" font-size="${num(headingSize)}" text-anchor="middle">${escapeXml(line)}</text>`);
  });
  let x = margin + (innerWidth - picturesWidth) / 2;
  pictures.forEach(({ picture: p, caption }, k) => {
    // each picture stands on the same line, its middle under its caption
    const ox = x - p.minX;
    const oy = top + (picturesHeight - (p.maxY - p.minY)) - p.minY;
    out.push(`<g class="solids" data-view="${caption}" transform="translate(${num(ox)} ${num(oy)})">`, p.body, '</g>');
    out.push(`<text class="caption" x="${num(x + widths[k]! / 2)}" y="${num(top + picturesHeight + captionSize * 1.3)}" font-size="${num(captionSize)}" text-anchor="middle">${caption}</text>`);
    x += widths[k]! + gap;
  });
  rows.forEach((row, r) => {
    const rowWidth = row.reduce((s, e) => s + entryWidth(e), 0) + spacing * (row.length - 1);
    let at = margin + (innerWidth - rowWidth) / 2;
    const y = legendTop + r * lineHeight(captionSize);
    for (const e of row) {
      out.push(`<g class="legend" data-piece="${escapeXml(e.name)}">`);
      e.fills.forEach((fill, k) => out.push(`<rect x="${num(at + k * (sample + 2))}" y="${num(y + (lineHeight(captionSize) - sample) / 2)}" width="${num(sample)}" height="${num(sample)}" fill="${fill}" stroke="#222222" stroke-width="0.8"/>`));
      const textX = at + e.fills.length * (sample + 2) + captionSize * 0.4;
      out.push(`<text x="${num(textX)}" y="${num(y + lineHeight(captionSize) / 2)}" font-size="${num(captionSize)}" dominant-baseline="central">${escapeXml(e.name)}</text>`, '</g>');
      at += entryWidth(e) + spacing;
    }
  });
  out.push('</svg>', '');
  return out.join('\n');
}
