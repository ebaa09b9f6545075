/**
 * A sheet of solutions: several solution pictures (renderSolutionSvg) side by side in one SVG, in rows,
 * each picture nested as an <svg> element at its place (nested SVG keeps every picture's own ids apart
 * only if they have none: the pictures use classes and inline fills, no ids).
 */
import type { Puzzle, Solution } from '../puzzle/model.js';
import type { SvgOptions } from './svg.js';
import { escapeXml, renderSolutionSvg } from './svg.js';
import { formatCount } from './report.js';
import { PALETTE } from './palette.js';
import { pieceListColours } from './piece-colours.js';

/** The most solutions one sheet draws. */
export const MAX_SHEET_SOLUTIONS = 100;

const GAP = 16;

/** What a sheet says beside its pictures. */
export interface SheetOptions {
  /** The solutions the run found, when the sheet shows only the first of them: the title says "100 of 856 solutions". */
  readonly total?: number;
}

export function renderSolutionSheetSvg(puzzle: Puzzle, solutions: readonly Solution[], options: SvgOptions & SheetOptions = {}): string {
  const shown = solutions.slice(0, MAX_SHEET_SOLUTIONS);
  // a piece keeps its colour from picture to picture, one colour per piece, when the palette has enough
  // (with more pieces than colours each picture colours its own, so that no two neighbours look alike)
  const colours = pieceListColours(puzzle.pieces);
  const painted: Puzzle = puzzle.pieces.length <= PALETTE.length
    ? { ...puzzle, pieces: puzzle.pieces.map((p, i) => ({ ...p, color: p.color ?? colours[i]!.css })) }
    : puzzle;
  const pictures = shown.map((s, i) => {
    const svg = renderSolutionSvg(painted, s, { ...options, title: `${i + 1}` });
    const root = /<svg\b[^>]*>/.exec(svg)!;
    const width = Number(/\bwidth="([\d.]+)"/.exec(root[0])![1]);
    const height = Number(/\bheight="([\d.]+)"/.exec(root[0])![1]);
    return { svg: svg.slice(root.index), width, height };
  });
  const columns = Math.min(pictures.length, Math.max(1, Math.ceil(Math.sqrt(pictures.length))));
  const cellWidth = Math.max(...pictures.map((p) => p.width));
  const cellHeight = Math.max(...pictures.map((p) => p.height));
  const rows = Math.ceil(pictures.length / columns);
  const heading = 32;
  const width = columns * cellWidth + (columns + 1) * GAP;
  const height = heading + rows * cellHeight + (rows + 1) * GAP;
  const total = Math.max(options.total ?? 0, solutions.length);
  const title = `${puzzle.name}: ${formatCount(shown.length)}${total > shown.length ? ` of ${formatCount(total)}` : ''} solution${total === 1 ? '' : 's'}`;
  const body = pictures.map((p, i) => {
    const x = GAP + (i % columns) * (cellWidth + GAP);
    const y = heading + GAP + Math.floor(i / columns) * (cellHeight + GAP);
    return p.svg.replace(/^<svg\b/, `<svg x="${x}" y="${y}"`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="${heading - 8}" text-anchor="middle" font-size="18">${escapeXml(title)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
