/**
 * A solution as a standalone SVG document. (A grid drawn as its cells' solids is drawn by solid-solution.ts
 * instead: it has no layers of art to lay side by side.)
 *
 * Each placed piece is a <g class="piece"> of filled rectangles (runs of its cells in a row, runs of the
 * same span in consecutive rows merged), coloured from the palette so that touching pieces differ
 * (palette.ts). Over the fills go thin grid lines between cells of the same piece and thick outlines
 * wherever the two cells on either side of an edge belong to different placements, or one of them is off
 * the board: every placement is outlined, so touching copies of one piece are told apart without colour.
 *
 * Each piece is labelled with its name where the name fits in the piece's row (at a cell with the room,
 * nearest the middle of the piece) in every part of every copy, else everywhere with its one-character
 * label (labels.ts) on its centre-most cell, and then a legend under the picture says which label is which
 * piece. In 3-D each layer's part of a piece gets its own label. A 3-D solution shows its layers side by
 * side, a cell apart, with a "z = k" caption under each. Board cells left uncovered are light grey, those
 * that may stay empty lighter still and marked '+'; holes are not drawn.
 *
 * A piece with a colour of its own (`color:` in the file) is filled with it as written; the others take
 * palette colours apart from their neighbours' (piece-colours.ts). Pieces placed before the search
 * (placements marked `given`) are filled faded and hatched, with grey outlines where no piece of the
 * solver's touches them; highlighted placements (the `highlight` option, labels.ts) are outlined thickly
 * with a bright band inside and labelled in bold. Legend lines with a sample of each say which is which. The picture starts at x = 0, y = 0 as the file's coordinates do, so leading empty rows
 * and columns of a board are kept.
 *
 * The heading (the title) is never clipped: the picture widens to fit it, up to about forty characters
 * (or the board's width, if wider), and longer titles wrap onto further lines. Text widths are estimated
 * generously from the characters (wide letters, narrow ones, anything beyond ASCII as one em), so the text
 * a viewer draws is at most as wide as the room made for it.
 */
import type { Cell } from '../geometry/cell.js';
import { bounds, cellKey, compareCells } from '../geometry/cell.js';
import { CellTable } from '../geometry/cell-table.js';
import { isWrapped } from '../geometry/wrap.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import { checkPictureArguments } from './arguments.js';
import { InvalidOptionError } from '../search/options.js';
import { cellPictures } from './svg-cells.js';
import { drawsSolids } from './solids.js';
import { renderSolidSolutionSvg } from './solid-solution.js';
import { escapeXml, textWidthEms, wrapText } from './xml.js';
import type { HighlightOptions } from './labels.js';
import { givenNames, highlightedNames, highlightSet, legendEntries, pieceLabels } from './labels.js';
import { inkFor } from './palette.js';
import { fadedColour, placementColours } from './piece-colours.js';

export interface SvgOptions extends HighlightOptions {
  /** Side of one cell in pixels (SVG units); default 24. */
  readonly cellSize?: number;
  /** Drawn as a heading above the picture and used as the document's <title> (default: the puzzle name). */
  readonly title?: string;
}

export const DEFAULT_CELL_SIZE = 24;

/** Pixels a PNG aims for on its longer side when no scale is asked for: a size that reads on a screen. */
export const READABLE_PNG_SIDE = 960;

/**
 * The zoom from a picture's SVG units to the pixels of its PNG when no scale is asked for: its longer side
 * about READABLE_PNG_SIDE, never below the SVG's own size and at most 4 times it (lines and labels grow with
 * it, so a 6x10 board is 960 pixels wide rather than 264).
 */
export function readablePngZoom(svg: string): number {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="([\d.]+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(root)?.[1]);
  if (!(width > 0 && height > 0)) return 1;
  return Math.min(4, Math.max(1, READABLE_PNG_SIDE / Math.max(width, height)));
}
const UNCOVERED_FILL = '#eeeeee';
/** Board cells that may stay empty, left empty: lighter than those a partial solution leaves. */
const EMPTY_FILL = '#f9f9f9';
const EMPTY_MARK = '#b0b0b0';
/** Outlines of pieces placed before the search, where no piece of the solver's touches them. */
const GIVEN_OUTLINE = '#7a7a7a';
const GIVEN_INK = '#3a3a3a';
/** The bright band inside the outline of a highlighted placement. */
const HIGHLIGHT_HALO = '#ffd21f';
const HATCH_ID = 'snug-placed-before';
const HIGHLIGHT_CLIP_ID = 'snug-highlighted';
/** The width of the bar joining touching balls of one placement, in cell sizes. */
const BOND_WIDTH = 0.3;
/** Titles wrap at this many ems (about forty characters) when wider than the board. */
const TITLE_WRAP_EMS = 24;

export { escapeXml, textWidthEms, wrapText };

/** Short decimal form for coordinates: no trailing zeros, at most two places. */
function num(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, '');
}

/** The cell of a placement nearest the mean of its cells; ties go to the first in reading order. */
export function centreCell(cells: readonly Cell[]): Cell {
  return nearestMean(cells, cells);
}

/** Of `candidates`, the one nearest the mean of `cells`; ties go to the first in reading order. */
function nearestMean(candidates: readonly Cell[], cells: readonly Cell[]): Cell {
  const mean = [0, 1, 2].map((i) => cells.reduce((s, c) => s + c[i]!, 0) / cells.length);
  let best = candidates[0]!;
  let bestDist = Infinity;
  for (const c of [...candidates].sort(compareCells)) {
    const dist = (c[0] - mean[0]!) ** 2 + (c[1] - mean[1]!) ** 2 + (c[2] - mean[2]!) ** 2;
    if (dist < bestDist - 1e-9) {
      best = c;
      bestDist = dist;
    }
  }
  return best;
}

/**
 * Where a text `ems` wide (at a font size of `fontCells` cells) fits centred on a cell of `part`: the cells
 * whose run of the part's cells in their row reaches far enough both ways. The one nearest the part's
 * middle, or undefined when none has the room.
 */
export function roomForText(part: readonly Cell[], ems: number, fontCells: number): Cell | undefined {
  // A little space either side of the text, so that it does not touch the outline.
  const need = ems * fontCells + 0.4;
  // the cells in reading order: each row's cells in runs of consecutive x; a cell's reach is its distance
  // to the nearer end of its run (linear in the part: a piece 1000 cells wide is not walked per cell)
  const sorted = [...part].sort(compareCells);
  const fits: Cell[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    const [x0, y0, z0] = sorted[start]!;
    while (end + 1 < sorted.length && sorted[end + 1]![1] === y0 && sorted[end + 1]![2] === z0 && sorted[end + 1]![0] === x0 + end + 1 - start) end++;
    for (let i = start; i <= end; i++) {
      const reach = Math.min(i - start, end - i);
      if (2 * reach + 1 >= need) fits.push(sorted[i]!);
    }
    start = end + 1;
  }
  return fits.length > 0 ? nearestMean(fits, part) : undefined;
}

/** Rectangles at least this many cells on their shorter side are drawn as blocks (see renderSolutionSvg). */
const BLOCK_SIDE = 3;

/** The rectangle a placement fills, when it is one on one layer at least BLOCK_SIDE cells on each side. */
function blockOf(cells: readonly Cell[]): { x: number; y: number; w: number; h: number } | undefined {
  const { min, max } = bounds(cells);
  const w = max[0] - min[0] + 1;
  const h = max[1] - min[1] + 1;
  if (min[2] !== max[2] || w < BLOCK_SIDE || h < BLOCK_SIDE || w * h !== cells.length) return undefined;
  if (new Set(cells.map(cellKey)).size !== cells.length) return undefined;
  return { x: min[0], y: min[1], w, h };
}

/** Standalone SVG document of a solution (see the comment at the top of this file). */
export function renderSolutionSvg(puzzle: Puzzle, solution: Solution, options: SvgOptions = {}): string {
  checkPictureArguments(puzzle, solution, 'renderSolutionSvg');
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError('renderSolutionSvg: the options must be an object');
  // cells drawn as their solids have no layers of art to draw: the solution whole and pulled apart
  if (drawsSolids(puzzleGrid(puzzle))) return renderSolidSolutionSvg(puzzle, solution, options);
  const cs = options.cellSize !== undefined && Number.isFinite(options.cellSize) && options.cellSize > 0 ? options.cellSize : DEFAULT_CELL_SIZE;
  const placements = solution.placements;
  const labels = pieceLabels([...puzzle.pieces.map((p) => p.name), ...placements.map((p) => p.piece)]);
  const highlight = highlightSet(options.highlight, placements.length);
  const isGiven = (i: number): boolean => i >= 0 && placements[i]!.given === true;
  // faded, unless highlighted (say, the piece placed before that a hint says to take off)
  const isFaded = (i: number): boolean => isGiven(i) && !highlight.has(i);
  const colours = placementColours(puzzle, placements).map((c, i) => (isFaded(i) ? fadedColour(c) : c));
  const fillOf = (i: number): string => colours[i]!.css;
  const inkOf = (i: number): string => (isFaded(i) ? GIVEN_INK : inkFor(colours[i]!.hex));

  // Owner of each cell: a placement index, UNCOVERED for a board cell no piece covers (EMPTY when it may
  // stay empty), OFF elsewhere.
  const UNCOVERED = -1;
  const OFF = -2;
  const EMPTY = -3;
  const all = [...puzzle.board, ...placements.flatMap((p) => p.cells)];
  const title = options.title ?? puzzle.name;
  if (all.length === 0) {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" width="1" height="1"><title>${escapeXml(title)}</title></svg>\n`;
  }
  // From the origin of the file's coordinates (or lower), as the text pictures and the JSON output count.
  // (bounds() loops: Math.min(...cells) overflows the stack on a board of a few hundred thousand cells.)
  const box = bounds(all);
  const owners = new CellTable(all, OFF);
  const optional = new Set((puzzle.optional ?? []).map(cellKey));
  for (const c of puzzle.board) owners.set(c, optional.size > 0 && optional.has(cellKey(c)) ? EMPTY : UNCOVERED);
  placements.forEach((p, i) => p.cells.forEach((c) => owners.set(c, i)));
  const owner = (x: number, y: number, z: number): number => owners.at(x, y, z);
  const min = [0, 1, 2].map((i) => Math.min(0, box.min[i]!));
  const max = [0, 1, 2].map((i) => box.max[i]!);
  const [minX, minY, minZ] = min as [number, number, number];
  const w = max[0]! - minX + 1;
  const h = max[1]! - minY + 1;
  const d = max[2]! - minZ + 1;
  // triangles, hexagons and spheres: cells placed by svg-cells.ts
  const grid = puzzleGrid(puzzle);
  const pictures = grid.cellShape === 'box' ? undefined : cellPictures(grid, all, cs);
  const layered = pictures ? grid.dims === 3 : puzzle.dims === 3 || d > 1;

  const margin = cs / 2;
  const headingSize = cs * 0.8;
  const captionSize = cs * 0.6;
  const labelSize = cs * 0.6;
  const layerGap = cs;
  const boardWidth = pictures ? pictures.width : d * w * cs + (d - 1) * layerGap;
  const boardHeight = pictures ? pictures.height : h * cs;

  // Labels: one per placed piece, or in 3-D one per layer the piece occupies, since each layer is drawn
  // apart and a piece's part in another layer would otherwise go unnamed.
  interface Label { readonly cell: Cell; readonly text: string; readonly fill: string; readonly bold: boolean; readonly block?: { x: number; y: number; w: number; h: number }; readonly size?: number }
  // A piece's name goes in only if it fits in every part of every copy: one piece is written one way.
  const parts = placements.map((p) =>
    (layered ? [...new Set(p.cells.map((c) => c[2]))].map((z) => p.cells.filter((c) => c[2] === z)) : [p.cells]).map((part) => ({
      part,
      roomy: pictures ? pictures.roomForText(part, textWidthEms(p.piece) * labelSize, labelSize) : roomForText(part, textWidthEms(p.piece), labelSize / cs),
    })),
  );
  // Large rectangles on a flat board (Calibron's blocks, a squared square's squares) are drawn as blocks:
  // their name as large as it fits at their middle, and no unit lines inside (noise at that size).
  const blocks = pictures || layered ? [] : placements.map((p) => blockOf(p.cells));
  const blockLabel = (i: number, name: string): { block: { x: number; y: number; w: number; h: number }; size: number } | undefined => {
    const block = blocks[i];
    if (!block) return undefined;
    const size = Math.min(Math.min(block.w, block.h) * cs * 0.3, (0.8 * block.w * cs) / Math.max(1, textWidthEms(name)));
    return size >= labelSize ? { block, size } : undefined;
  };
  const shortened = new Set(placements.filter((p, i) => labels.get(p.piece) !== p.piece && !blockLabel(i, p.piece) && parts[i]!.some((q) => !q.roomy)).map((p) => p.piece));
  const pieceLabelsDrawn: Label[] = placements.flatMap((p, i) => {
    const block = shortened.has(p.piece) ? undefined : blockLabel(i, p.piece);
    if (block) return [{ cell: p.cells[0]!, text: p.piece, fill: inkOf(i), bold: highlight.has(i), ...block }];
    return parts[i]!.map(({ part, roomy }) =>
      shortened.has(p.piece) || !roomy
        ? { cell: pictures ? pictures.centreCell(part) : centreCell(part), text: labels.get(p.piece)!, fill: inkOf(i), bold: highlight.has(i) }
        : { cell: roomy, text: p.piece, fill: inkOf(i), bold: highlight.has(i) },
    );
  });

  // The heading, wrapped; the picture is as wide as the board, the heading and the legend's entries need.
  const headingLines = options.title !== undefined ? wrapText(options.title, Math.max(boardWidth / headingSize, TITLE_WRAP_EMS)) : [];
  const legend = legendEntries(puzzle, { placements: placements.filter((p) => shortened.has(p.piece)) }, labels);
  // Lines with a sample: pieces placed before, highlighted ones, cells left empty that may stay empty.
  type Sample = 'given' | 'highlight' | 'empty' | 'seam';
  const marks: { sample: Sample; text: string }[] = [];
  // a board that wraps: its joined edges are drawn dashed (see the edges below), and the legend says which
  const wrap = !pictures && isWrapped(grid) ? grid.wrap : undefined;
  if (wrap) {
    const joined = [wrap.x ? 'left to right' : '', wrap.y ? 'top to bottom' : ''].filter(Boolean).join(', ');
    marks.push({ sample: 'seam', text: `dashed edges are joined: ${joined}` });
  }
  const given = givenNames(solution);
  if (given.length > 0) marks.push({ sample: 'given', text: `placed before: ${given.join(', ')}` });
  const highlighted = highlightedNames(solution, highlight);
  if (highlighted.length > 0) marks.push({ sample: 'highlight', text: `${options.highlightName ?? 'highlighted'}: ${highlighted.join(', ')}` });
  let anyEmpty = false;
  owners.forEach((_, o) => { if (o === EMPTY) anyEmpty = true; });
  if (anyEmpty) marks.push({ sample: 'empty', text: 'may stay empty' });
  const sampleSize = captionSize * 1.1;
  const sampleRoom = sampleSize + captionSize * 0.5;
  // rounded up to whole pixels, so that rounding the numbers written never takes from the room for text
  const innerWidth = Math.ceil(Math.max(
    boardWidth,
    ...headingLines.map((l) => textWidthEms(l) * headingSize),
    ...legend.map((e) => textWidthEms(e) * captionSize),
    ...marks.map((m) => sampleRoom + textWidthEms(m.text) * captionSize),
  ));
  const legendLines: string[] = [];
  for (const entry of legend) {
    const last = legendLines.length - 1;
    const joined = last >= 0 ? `${legendLines[last]}   ${entry}` : entry;
    if (last >= 0 && textWidthEms(joined) * captionSize <= innerWidth) legendLines[last] = joined;
    else legendLines.push(entry);
  }

  const lineHeight = (size: number): number => size * 1.3;
  const top = margin + headingLines.length * lineHeight(headingSize) + (headingLines.length > 0 ? headingSize * 0.3 : 0);
  const captionsBottom = top + boardHeight + (layered ? captionSize * 1.6 : 0);
  const legendTop = captionsBottom + (legendLines.length + marks.length > 0 ? captionSize * 0.6 : 0);
  const marksTop = legendTop + legendLines.length * lineHeight(captionSize);
  const markHeight = Math.max(lineHeight(captionSize), sampleSize * 1.3);
  const totalWidth = 2 * margin + innerWidth;
  const totalHeight = marksTop + marks.length * markHeight + margin;
  const left = margin + (innerWidth - boardWidth) / 2;
  // Top-left corner of cell (x, y) in layer z.
  const px = (x: number, z: number): number => left + (z - minZ) * (w * cs + layerGap) + (x - minX) * cs;
  const py = (y: number): number => top + (y - minY) * cs;

  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(totalWidth)}" height="${num(totalHeight)}" ` +
      `viewBox="0 0 ${num(totalWidth)} ${num(totalHeight)}" font-family="sans-serif">`,
  );
  out.push(`<title>${escapeXml(title)}</title>`);
  const hatch = cs / 4;
  if (placements.some((_, i) => isGiven(i))) {
    out.push(
      `<defs><pattern id="${HATCH_ID}" width="${num(hatch)}" height="${num(hatch)}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
        `<path d="M0 0V${num(hatch)}" stroke="#000000" stroke-opacity="0.25" stroke-width="${num(hatch / 3)}"/></pattern></defs>`,
    );
  }
  out.push(`<rect class="background" width="100%" height="100%" fill="#ffffff"/>`);
  headingLines.forEach((line, i) => {
    out.push(
      `<text class="heading" x="${num(totalWidth / 2)}" y="${num(margin + headingSize + i * lineHeight(headingSize))}" font-size="${num(headingSize)}" text-anchor="middle">${escapeXml(line)}</text>`,
    );
  });

  // Fills: horizontal runs of cells with the same owner, each run merged with an identical run in the row
  // above, so a rectangular piece is a single rectangle.
  interface Run { readonly owner: number; readonly x: number; readonly end: number; readonly z: number; top: number; bottom: number }
  const fills: Run[] = [];
  for (let z = minZ; z <= max[2]! && !pictures; z++) {
    let above = new Map<string, Run>();
    for (let y = minY; y <= max[1]!; y++) {
      const here = new Map<string, Run>();
      let x = minX;
      while (x <= max[0]!) {
        const o = owner(x, y, z);
        let end = x + 1;
        while (end <= max[0]! && owner(end, y, z) === o) end++;
        if (o !== OFF) {
          const key = `${o},${x},${end}`;
          const run = above.get(key);
          if (run) run.bottom = y + 1;
          else fills.push({ owner: o, x, end, z, top: y, bottom: y + 1 });
          here.set(key, run ?? fills.at(-1)!);
        }
        x = end;
      }
      above = here;
    }
  }
  const runs = new Map<number, string[]>();
  for (const r of fills) {
    const list = runs.get(r.owner) ?? [];
    list.push(`<rect x="${num(px(r.x, r.z))}" y="${num(py(r.top))}" width="${num((r.end - r.x) * cs)}" height="${num((r.bottom - r.top) * cs)}"/>`);
    runs.set(r.owner, list);
  }
  // other grids: one polygon or circle per cell; balls of one placement touching in their layer joined by bars
  const bonds = new Map<number, string[]>();
  if (pictures) {
    owners.forEach((c, o) => {
      const list = runs.get(o) ?? [];
      list.push(pictures.element(c, left, top));
      runs.set(o, list);
      if (o < 0) return;
      for (const n of pictures.bonded(c)) {
        if (owners.at(n[0], n[1], n[2]) !== o) continue;
        const [a, b] = [pictures.centre(c), pictures.centre(n)];
        const bars = bonds.get(o) ?? [];
        bars.push(`M${num(left + a[0])} ${num(top + a[1])}L${num(left + b[0])} ${num(top + b[1])}`);
        bonds.set(o, bars);
      }
    });
  }
  const uncoveredRuns = runs.get(UNCOVERED);
  // (loops, not push(...runs): a piece of many thousand runs would overflow the stack)
  if (uncoveredRuns) {
    out.push(`<g class="uncovered" fill="${UNCOVERED_FILL}">`);
    for (const r of uncoveredRuns) out.push(r);
    out.push('</g>');
  }
  const emptyRuns = runs.get(EMPTY);
  if (emptyRuns) {
    out.push(`<g class="empty" fill="${EMPTY_FILL}">`);
    for (const r of emptyRuns) out.push(r);
    out.push('</g>');
    // a small '+' on each cell left empty
    const arm = cs / 6;
    const plus: string[] = [];
    owners.forEach(([x, y, z], o) => {
      if (o !== EMPTY) return;
      const centre = pictures?.centre([x, y, z]);
      const cx = centre ? left + centre[0] : px(x, z) + cs / 2;
      const cy = centre ? top + centre[1] : py(y) + cs / 2;
      plus.push(`M${num(cx - arm)} ${num(cy)}H${num(cx + arm)}M${num(cx)} ${num(cy - arm)}V${num(cy + arm)}`);
    });
    out.push(`<path class="empty-mark" d="${plus.join('')}" fill="none" stroke="${EMPTY_MARK}" stroke-width="${num(Math.max(1, cs / 16))}"/>`);
  }
  placements.forEach((p, i) => {
    const given = isGiven(i);
    const classes = ['piece', ...(given ? ['given'] : []), ...(highlight.has(i) ? ['highlight'] : [])].join(' ');
    out.push(`<g class="${classes}" data-piece="${escapeXml(p.piece)}" fill="${escapeXml(fillOf(i))}">`);
    out.push(`<title>${escapeXml(p.piece)}${given ? ' (placed before)' : ''}</title>`);
    const bars = bonds.get(i);
    if (bars) out.push(`<path class="bond" d="${bars.join('')}" fill="none" stroke="${escapeXml(fillOf(i))}" stroke-width="${num(cs * BOND_WIDTH)}"/>`);
    for (const r of runs.get(i) ?? []) out.push(r);
    if (given) {
      out.push(`<g class="hatch" fill="url(#${HATCH_ID})">`);
      for (const r of runs.get(i) ?? []) out.push(r);
      out.push('</g>');
    }
    out.push('</g>');
  });

  // Edges: for each unit edge, thin inside one owner, thick between owners, none between two off cells;
  // grey where a piece placed before meets no piece of the solver's; thick with a bright band inside a
  // highlighted placement. Collinear runs of the same kind merge into one path segment.
  type Kind = 0 | 1 | 2 | 3 | 4;
  const thin: string[] = [];
  const thick: string[] = [];
  const givenEdges: string[] = [];
  const highlightEdges: string[] = [];
  const solvers = (i: number): boolean => i >= 0 && !isGiven(i);
  const kind = (a: number, b: number): Kind => {
    if (a === b) return a === OFF || blocks[a] ? 0 : 1;
    if (highlight.has(a) || highlight.has(b)) return 4;
    return !solvers(a) && !solvers(b) && (isGiven(a) || isGiven(b)) ? 3 : 2;
  };
  const emit = (k: Kind, seg: string): void => {
    if (k === 1) thin.push(seg);
    else if (k === 2) thick.push(seg);
    else if (k === 3) givenEdges.push(seg);
    else if (k === 4) highlightEdges.push(seg);
  };
  if (pictures) {
    // each edge between two polygons once (from the cell first in reading order, or the one on the board);
    // each ball's circle in the kind of line of its owner
    owners.forEach((c, o) => {
      if (pictures.kind === 'circles') {
        emit(o < 0 ? 1 : highlight.has(o) ? 4 : isGiven(o) && !solvers(o) ? 3 : 2, pictures.outline(c, left, top));
        return;
      }
      for (const n of grid.neighbours(c)) {
        const other = owners.at(n[0], n[1], n[2]);
        if (other !== OFF && compareCells(n, c) < 0) continue;
        const edge = pictures.edge(c, n);
        if (edge) emit(kind(o, other), `M${num(left + edge[0][0])} ${num(top + edge[0][1])}L${num(left + edge[1][0])} ${num(top + edge[1][1])}`);
      }
    });
  }
  // The joined edges of a board that wraps: a piece that goes on across them is one piece (a dashed thin
  // line), two pieces meet there (a dashed thick one).
  const seamJoined: string[] = [];
  const seamMeet: string[] = [];
  const seamAt = (horizontal: boolean, at: number): boolean => {
    if (!wrap) return false;
    const axis = horizontal ? 1 : 0;
    if (!(horizontal ? wrap.y : wrap.x)) return false;
    return at === wrap.origin[axis]! || at === wrap.origin[axis]! + wrap.size[axis]!;
  };
  // the owner of the board cell beside a seam edge at x (vertical) or y (horizontal): on its side, or across it
  const beside = (horizontal: boolean, x: number, y: number, z: number, acrossIt: boolean): number => {
    const axis = horizontal ? 1 : 0;
    const first = wrap!.origin[axis]!;
    const last = first + wrap!.size[axis]! - 1;
    const onFirst = (horizontal ? y : x) === first;
    const at = onFirst !== acrossIt ? first : last;
    return horizontal ? owner(x, at, z) : owner(at, y, z);
  };
  const seamKind = (horizontal: boolean, x: number, y: number, z: number): Kind | 5 | 6 => {
    const a = beside(horizontal, x, y, z, false);
    const b = beside(horizontal, x, y, z, true);
    // a hole on either side: no continuation there, an outline as anywhere else
    if (a === OFF || b === OFF) return kind(a, OFF);
    return a === b ? 5 : 6;
  };
  const emitSeam = (k: Kind | 5 | 6, seg: string): void => {
    if (k === 5) seamJoined.push(seg);
    else if (k === 6) seamMeet.push(seg);
    else emit(k as Kind, seg);
  };
  for (let z = minZ; z <= max[2]! && !pictures; z++) {
    // Horizontal edges: the top edge of row y, for y up to one past the last row.
    for (let y = minY; y <= max[1]! + 1; y++) {
      if (seamAt(true, y)) {
        for (let x = minX; x <= max[0]!; x++) emitSeam(seamKind(true, x, y, z), `M${num(px(x, z))} ${num(py(y))}H${num(px(x + 1, z))}`);
        continue;
      }
      let x = minX;
      while (x <= max[0]!) {
        const k = kind(owner(x, y - 1, z), owner(x, y, z));
        let end = x + 1;
        while (end <= max[0]! && kind(owner(end, y - 1, z), owner(end, y, z)) === k) end++;
        emit(k, `M${num(px(x, z))} ${num(py(y))}H${num(px(end, z))}`);
        x = end;
      }
    }
    // Vertical edges: the left edge of column x, for x up to one past the last column.
    for (let x = minX; x <= max[0]! + 1; x++) {
      if (seamAt(false, x)) {
        for (let y = minY; y <= max[1]!; y++) emitSeam(seamKind(false, x, y, z), `M${num(px(x, z))} ${num(py(y))}V${num(py(y + 1))}`);
        continue;
      }
      let y = minY;
      while (y <= max[1]!) {
        const k = kind(owner(x - 1, y, z), owner(x, y, z));
        let end = y + 1;
        while (end <= max[1]! && kind(owner(x - 1, end, z), owner(x, end, z)) === k) end++;
        emit(k, `M${num(px(x, z))} ${num(py(y))}V${num(py(end))}`);
        y = end;
      }
    }
  }
  if (thin.length > 0) {
    out.push(`<path class="grid" d="${thin.join('')}" fill="none" stroke="#000000" stroke-opacity="0.3" stroke-width="${num(Math.max(0.5, cs / 24))}"/>`);
  }
  const outlineWidth = Math.max(1.5, cs / 8);
  // square ends fill the corners of squares; on slanting edges they would stick out
  const cap = pictures ? 'round' : 'square';
  const dashes = `stroke-dasharray="${num(outlineWidth * 1.5)} ${num(outlineWidth * 1.5)}"`;
  if (seamJoined.length > 0) {
    out.push(`<path class="seam-joined" d="${seamJoined.join('')}" fill="none" stroke="#000000" stroke-opacity="0.55" stroke-width="${num(Math.max(1, cs / 16))}" ${dashes}/>`);
  }
  if (seamMeet.length > 0) {
    out.push(`<path class="seam" d="${seamMeet.join('')}" fill="none" stroke="#000000" stroke-width="${num(outlineWidth)}" ${dashes}/>`);
  }
  if (givenEdges.length > 0) {
    out.push(`<path class="outline-given" d="${givenEdges.join('')}" fill="none" stroke="${GIVEN_OUTLINE}" stroke-width="${num(outlineWidth)}" stroke-linecap="${cap}"/>`);
  }
  if (thick.length > 0) {
    out.push(`<path class="outline" d="${thick.join('')}" fill="none" stroke="#000000" stroke-width="${num(outlineWidth)}" stroke-linecap="${cap}"/>`);
  }
  if (highlightEdges.length > 0) {
    // The halo: a bright band along the inside of the outline, clipped to the highlighted cells.
    const d = highlightEdges.join('');
    out.push(`<clipPath id="${HIGHLIGHT_CLIP_ID}">`);
    for (const i of highlight) for (const r of runs.get(i) ?? []) out.push(r);
    out.push('</clipPath>');
    out.push(
      `<path class="highlight-halo" d="${d}" fill="none" stroke="${HIGHLIGHT_HALO}" stroke-width="${num(4 * outlineWidth)}" ` +
        `stroke-linecap="${cap}" clip-path="url(#${HIGHLIGHT_CLIP_ID})"/>`,
    );
    out.push(`<path class="outline-highlight" d="${d}" fill="none" stroke="#000000" stroke-width="${num(1.4 * outlineWidth)}" stroke-linecap="${cap}"/>`);
  }

  for (const { cell: [x, y, z], text, fill, bold, block, size } of pieceLabelsDrawn) {
    // a block's name at its middle
    const centre = block ? [px(block.x, 0) + (block.w * cs) / 2 - left, py(block.y) + (block.h * cs) / 2 - top] : pictures?.centre([x, y, z]);
    out.push(
      `<text class="label" x="${num(centre ? left + centre[0]! : px(x, z) + cs / 2)}" y="${num(centre ? top + centre[1]! : py(y) + cs / 2)}" font-size="${num(size ?? labelSize)}" ` +
        `text-anchor="middle" dominant-baseline="central" fill="${fill}"${bold ? ' font-weight="bold"' : ''}>${escapeXml(text)}</text>`,
    );
  }

  if (pictures) {
    for (const panel of pictures.panels) {
      out.push(
        `<text class="caption" x="${num(left + panel.x + panel.width / 2)}" y="${num(top + boardHeight + captionSize * 1.3)}" font-size="${num(captionSize)}" text-anchor="middle">z = ${panel.z}</text>`,
      );
    }
  } else if (layered) {
    for (let z = minZ; z <= max[2]!; z++) {
      out.push(
        `<text class="caption" x="${num(px(minX, z) + (w * cs) / 2)}" y="${num(top + h * cs + captionSize * 1.3)}" font-size="${num(captionSize)}" text-anchor="middle">z = ${z}</text>`,
      );
    }
  }
  legendLines.forEach((line, i) => {
    out.push(
      `<text class="legend" x="${num(totalWidth / 2)}" y="${num(legendTop + captionSize + i * lineHeight(captionSize))}" font-size="${num(captionSize)}" text-anchor="middle" xml:space="preserve">${escapeXml(line)}</text>`,
    );
  });
  // the samples in one column, the block of lines centred
  const marksWidth = Math.max(0, ...marks.map((m) => sampleRoom + textWidthEms(m.text) * captionSize));
  marks.forEach(({ sample, text }, i) => {
    const x = (totalWidth - marksWidth) / 2;
    const y = marksTop + i * markHeight + (markHeight - sampleSize) / 2;
    const square = `x="${num(x)}" y="${num(y)}" width="${num(sampleSize)}" height="${num(sampleSize)}"`;
    const stroke = `stroke-width="${num(Math.max(1, outlineWidth / 2))}"`;
    out.push(`<g class="legend-mark" data-mark="${sample}">`);
    if (sample === 'given') {
      out.push(`<rect ${square} fill="#dddddd" stroke="${GIVEN_OUTLINE}" ${stroke}/>`, `<rect ${square} fill="url(#${HATCH_ID})"/>`);
    } else if (sample === 'highlight') {
      const inset = sampleSize / 4;
      out.push(
        `<rect ${square} fill="${HIGHLIGHT_HALO}" stroke="#000000" stroke-width="${num(Math.max(1, outlineWidth * 0.7))}"/>`,
        `<rect x="${num(x + inset)}" y="${num(y + inset)}" width="${num(sampleSize - 2 * inset)}" height="${num(sampleSize - 2 * inset)}" fill="#ffffff"/>`,
      );
    } else if (sample === 'seam') {
      out.push(`<path d="M${num(x + sampleSize / 2)} ${num(y - sampleSize * 0.15)}V${num(y + sampleSize * 1.15)}" fill="none" stroke="#000000" stroke-width="${num(outlineWidth)}" ${dashes}/>`);
    } else {
      const arm = sampleSize / 4;
      const cx = x + sampleSize / 2;
      const cy = y + sampleSize / 2;
      out.push(
        `<rect ${square} fill="${EMPTY_FILL}" stroke="#000000" ${stroke}/>`,
        `<path d="M${num(cx - arm)} ${num(cy)}H${num(cx + arm)}M${num(cx)} ${num(cy - arm)}V${num(cy + arm)}" stroke="${EMPTY_MARK}" ${stroke}/>`,
      );
    }
    out.push(
      `<text class="legend" x="${num(x + sampleRoom)}" y="${num(y + sampleSize / 2)}" font-size="${num(captionSize)}" dominant-baseline="central">${escapeXml(text)}</text>`,
      '</g>',
    );
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
