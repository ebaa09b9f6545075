/**
 * Text pictures of boards, pieces and solutions for the terminal.
 *
 * Pictures keep the geometry of the puzzle file: they start at x = 0, y = 0 (and z = 0), as the file's
 * coordinates and the JSON output do, so a board whose art starts with an empty row or column is drawn
 * with that row or column. Holes (cells that are not on the board) are blank.
 *
 * A solution is drawn as boxes: lines (box-drawing characters) run between cells of different placements,
 * so touching copies of one piece are told apart with or without colour, and every cell shows its piece's
 * label (labels.ts). A cell is four columns wide and two lines tall (" L " between lines) when the board
 * fits maxWidth that way, else two columns ("L"); board cells a partial solution leaves uncovered show '.'.
 * When a piece's label is not its name, a legend under the picture says which is which.
 *
 * A board or a piece, with nothing in it to tell apart, is drawn without lines: every cell a square of two
 * characters, '#' (or the piece's label) and a space.
 *
 * A 3-D picture puts its layers side by side under "z=k" headings, layer 0 first, wrapping to further rows
 * of layers when they would pass maxWidth. When even one layer is wider than maxWidth, the picture samples
 * the board on a coarser grid: one square per block of cells, showing what lies at the block's centre, and
 * says so on a last line.
 *
 * Pieces placed before the search (placements marked `given`) are shaded: the room around their labels
 * is filled with '░' (and in colour they are painted faded, in grey ink), and a legend line names them.
 * Board cells a solution leaves empty show '.', or '+' for cells that may stay empty; holes stay blank.
 * Placements the caller highlights (`highlight`, say the hint of `snug hint`) get heavy outlines (and in
 * colour a bold label) and a legend line of their own.
 *
 * In colour, each placement's cells are painted with its piece's colour: the file's own, else one of the
 * palette (piece-colours.ts). Stripped of its escape codes, a colour picture equals the plain one up to
 * trailing spaces on each line.
 *
 * Triangles, hexagons and spheres are drawn as the puzzle file draws them (the grid's art): one character
 * per cell at its place in the art, a sphere puzzle one square of art per layer under "z=k" headings. Lines
 * between cells would not fit between those characters, so a cell shows only its piece's label ('#' on a
 * board, '.' or '+' where a solution leaves it empty), in colour painted as above; between two hexagons of
 * a row the gap takes their paint when both are of one placement, and is shaded for a piece placed before.
 * Touching copies of one piece are then told apart by colour only. A picture wider than maxWidth is not
 * scaled down (every other cell would be lost) but replaced by a line saying so.
 */
import type { Cell, Dimensions } from '../geometry/cell.js';
import { cellKey } from '../geometry/cell.js';
import type { Grid } from '../geometry/grid.js';
import { gridOf } from '../geometry/grids/index.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import { checkPictureArguments } from './arguments.js';
import { InvalidOptionError } from '../search/options.js';
import { copyLabels, givenNames, highlightedNames, highlightSet, legendEntries, pieceLabels } from './labels.js';
import type { HighlightOptions } from './labels.js';
import { paletteColour, touchingPlacements, xtermPaint } from './palette.js';
import type { PieceColour } from './piece-colours.js';
import { fadedPaint, pieceListColours, piecePaint, placementColours, readColour } from './piece-colours.js';

export interface TextOptions {
  readonly color: boolean;
  /** Widest line allowed, in columns; default 100. */
  readonly maxWidth?: number;
}

/** Options of a solution picture: the text options and which placements to highlight (labels.ts). */
export type SolutionTextOptions = TextOptions & HighlightOptions;

const DEFAULT_MAX_WIDTH = 100;
/** Spaces between layers set side by side. */
const LAYER_GAP = 2;
/** A light grey of the xterm 256-colour palette's grey ramp, and black, for board cells in `snug show`. */
const BOARD_PAINT = xtermPaint(250, 16);
/** Lighter still, with grey ink, for board cells that may stay empty. */
const OPTIONAL_PAINT = xtermPaint(255, 243);
/** Bold, always with escape codes (picocolors would leave them out where it sees no colour terminal). */
const bold = (s: string): string => `\x1b[1m${s}\x1b[22m`;
/** What fills the room around the labels of pieces placed before the search. */
export const GIVEN_FILL = '░';

type Paint = (s: string) => string;

/** A piece of a line: plain text and, for colour, how to paint it. */
interface Span {
  readonly text: string;
  readonly paint?: Paint | undefined;
}

/** The cells drawn: from `min` (the origin, or lower) over `size` cells on each axis. */
interface Box {
  readonly min: Cell;
  readonly size: Cell;
}

/**
 * The box up to the highest coordinate on each axis, from the origin when fromOrigin (or from a lower
 * coordinate, should there be one), else from the lowest coordinates.
 */
function boxFromOrigin(cells: Iterable<Cell>, fromOrigin: boolean): Box | undefined {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let any = false;
  for (const c of cells) {
    any = true;
    for (let i = 0; i < 3; i++) {
      if (c[i]! < min[i]!) min[i] = c[i]!;
      if (c[i]! > max[i]!) max[i] = c[i]!;
    }
  }
  if (!any) return undefined;
  const from = min.map((m) => (fromOrigin ? Math.min(0, m) : m)) as [number, number, number];
  return { min: from, size: [max[0]! - from[0] + 1, max[1]! - from[1] + 1, max[2]! - from[2] + 1] };
}

/** The scale factor k: the smallest with ceil(width / k) squares of two columns within maxWidth. */
export function textScale(width: number, maxWidth: number): number {
  const squares = Math.max(1, Math.floor(maxWidth / 2));
  return Math.max(1, Math.ceil(width / squares));
}

/** Joins spans into a line, one pair of escape codes per run of one paint, without trailing blanks. */
function joinSpans(spans: readonly Span[], color: boolean): string {
  // Trailing unpainted blanks go, so that colour and plain pictures have the same line ends.
  let end = spans.length;
  while (end > 0 && (!color || !spans[end - 1]!.paint) && spans[end - 1]!.text.trim() === '') end--;
  let line = '';
  let run = '';
  let runPaint: Paint | undefined;
  for (let i = 0; i < end; i++) {
    const paint = color ? spans[i]!.paint : undefined;
    if (paint !== runPaint) {
      line += runPaint ? runPaint(run) : run;
      run = '';
      runPaint = paint;
    }
    run += spans[i]!.text;
  }
  line += runPaint ? runPaint(run) : run;
  return color ? line : line.trimEnd();
}

/** A picture of one layer: its lines, all `width` columns wide before trimming. */
interface LayerPicture {
  readonly lines: Span[][];
  readonly width: number;
}

/** Sets layer pictures side by side under "z=k" headings, wrapping to rows of layers within maxWidth. */
function layOut(layers: readonly { z: number; picture: LayerPicture }[], layered: boolean, maxWidth: number, color: boolean): string[] {
  if (!layered && layers.length === 1) return layers[0]!.picture.lines.map((l) => joinSpans(l, color));
  const headings = layers.map((l) => `z=${l.z}`);
  const blockWidth = Math.max(...layers.map((l) => l.picture.width), ...headings.map((s) => s.length));
  const perRow = Math.max(1, Math.floor((maxWidth + LAYER_GAP) / (blockWidth + LAYER_GAP)));
  const out: string[] = [];
  for (let start = 0; start < layers.length; start += perRow) {
    if (start > 0) out.push('');
    const group = layers.slice(start, start + perRow);
    out.push(group.map((_, i) => headings[start + i]!.padEnd(blockWidth)).join(' '.repeat(LAYER_GAP)).trimEnd());
    const height = Math.max(...group.map((l) => l.picture.lines.length));
    for (let r = 0; r < height; r++) {
      const spans: Span[] = [];
      group.forEach((l, i) => {
        if (i > 0) spans.push({ text: ' '.repeat(LAYER_GAP) });
        const line = l.picture.lines[r] ?? [];
        spans.push(...line, { text: ' '.repeat(blockWidth - l.picture.width) });
      });
      out.push(joinSpans(spans, color));
    }
  }
  return out;
}

/** Who each block of a scaled-down picture shows (row by row), and how many blocks each owner has. */
function scaledOwners(cols: number, rows: number, sampled: (bx: number, by: number) => number): { owner: Int32Array; count: Map<number, number>; give(at: number, to: number): void } {
  const owner = new Int32Array(cols * rows);
  const count = new Map<number, number>();
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) {
      const o = sampled(bx, by);
      owner[by * cols + bx] = o;
      count.set(o, (count.get(o) ?? 0) + 1);
    }
  }
  return {
    owner,
    count,
    give(at, to) {
      const was = owner[at]!;
      count.set(was, count.get(was)! - 1);
      owner[at] = to;
      count.set(to, (count.get(to) ?? 0) + 1);
    },
  };
}

/** The offset, from a box's edge, of the centre cell of a (possibly clipped) block of k cells. */
function blockCentre(block: number, k: number, extent: number): number {
  return block * k + Math.floor((Math.min(k, extent - block * k) - 1) / 2);
}

/** Squares of two columns, '# ' or a label: the pictures of boards and pieces. */
function squaresPicture(box: Box, squareAt: (x: number, y: number, z: number) => Span | undefined, layered: boolean, options: TextOptions): string {
  const maxWidth = Math.max(2, Math.floor(options.maxWidth ?? DEFAULT_MAX_WIDTH));
  const [w, h, d] = box.size;
  const k = textScale(w, maxWidth);
  const cols = Math.ceil(w / k);
  const rows = Math.ceil(h / k);
  const layers = Array.from({ length: d }, (_, i) => {
    const z = box.min[2] + i;
    const lines: Span[][] = [];
    for (let by = 0; by < rows; by++) {
      const y = box.min[1] + blockCentre(by, k, h);
      const line: Span[] = [];
      for (let bx = 0; bx < cols; bx++) line.push(squareAt(box.min[0] + blockCentre(bx, k, w), y, z) ?? { text: '  ' });
      lines.push(line);
    }
    return { z, picture: { lines, width: 2 * cols } };
  });
  const out = layOut(layers, layered, maxWidth, options.color);
  if (k > 1) out.push(...wrapWords(`(scaled down: 1 square = ${k}x${k} cells)`, maxWidth));
  return out.join('\n');
}

/** True for the grids drawn as squares (boxes in solutions); the others are drawn as their art. */
function drawnAsSquares(grid: Grid): boolean {
  return grid.cellShape === 'box';
}

/**
 * A cell of an art picture: its character, and `gap`, what a gap between it and a cell of the same `group`
 * shows (hexagon rows have a column between cells).
 */
interface ArtMark {
  readonly cell: Cell;
  readonly span: Span;
  readonly group: string | number;
  readonly gap: Span;
}

/**
 * Cells drawn as the puzzle file's art (see the comment at the top of this file): from the art's origin when
 * fromOrigin, else from the cells' lowest places; layers under "z=k" headings counted from zBase. When the
 * art is wider than maxWidth, the line `tooWide` says so instead.
 */
function artPicture(grid: Grid, marks: readonly ArtMark[], fromOrigin: boolean, zBase: number, maxWidth: number, color: boolean, tooWide: (width: number) => string): string[] {
  const at = new Map<string, ArtMark>();
  const places = marks.map((m) => {
    const place = grid.art.of(m.cell);
    at.set(cellKey(place), m);
    return place;
  });
  const box = boxFromOrigin(places, fromOrigin);
  if (!box) return [];
  const [w, h, d] = box.size;
  if (w > maxWidth) return wrapWords(tooWide(w), maxWidth);
  const markAt = (column: number, row: number, z: number): ArtMark | undefined => at.get(`${column},${row},${z}`);
  const layers = Array.from({ length: d }, (_, i) => {
    const z = box.min[2] + i;
    const lines: Span[][] = [];
    for (let row = box.min[1]; row < box.min[1] + h; row++) {
      const line: Span[] = [];
      for (let column = box.min[0]; column < box.min[0] + w; column++) {
        const here = markAt(column, row, z);
        if (here) {
          line.push(here.span);
          continue;
        }
        const left = markAt(column - 1, row, z);
        const right = markAt(column + 1, row, z);
        line.push(left && right && left.group === right.group ? left.gap : { text: ' ' });
      }
      lines.push(line);
    }
    return { z: z - zBase, picture: { lines, width: w } };
  });
  return layOut(layers, grid.dims === 3, maxWidth, color);
}

/** Who owns a cell in a solution picture: a placement's index, or one of these. */
const UNCOVERED = -1;
const OFF = -2;
/** A board cell that may stay empty, left empty. */
const EMPTY = -3;

/**
 * Box-drawing characters by the lines that meet at a corner, each none (0), light (1) or heavy (2):
 * index up + 3 down + 9 left + 27 right.
 */
const CORNERS = ' ╵╹╷│╿╻╽┃╴┘┚┐┤┦┒┧┨╸┙┛┑┥┩┓┪┫╶└┖┌├┞┎┟┠─┴┸┬┼╀┰╁╂╾┵┹┭┽╃┱╅╉╺┕┗┍┝┡┏┢┣╼┶┺┮┾╄┲╆╊━┷┻┯┿╇┳╈╋';

/** How a placement of a solution picture is drawn. */
interface Look {
  readonly label: string;
  readonly paint: Paint;
  /** Placed before the search: shaded. */
  readonly given: boolean;
  /** Highlighted: heavy outline. */
  readonly highlighted: boolean;
}

/**
 * One layer of a solution as boxes. `owner` gives the owner of a sampled cell (bx, by) of the layer; cells
 * outside [0, cols) x [0, rows) are OFF. A line runs between any two cells of different owners, heavy
 * where one of them is highlighted.
 */
function boxesPicture(cols: number, rows: number, inner: number, owner: (bx: number, by: number) => number, lookOf: (o: number) => Look): LayerPicture {
  const at = (bx: number, by: number): number => (bx < 0 || by < 0 || bx >= cols || by >= rows ? OFF : owner(bx, by));
  const fill = (o: number, text: string): Span => {
    if (o === UNCOVERED) return { text, paint: BOARD_PAINT };
    if (o === EMPTY) return { text, paint: OPTIONAL_PAINT };
    if (o < 0) return { text };
    const look = lookOf(o);
    return { text: look.given ? text.replaceAll(' ', GIVEN_FILL) : text, paint: look.paint };
  };
  // The weight of the line between two cells: none, light, or heavy beside a highlighted placement.
  const weight = (a: number, b: number): number => (a === b ? 0 : (a >= 0 && lookOf(a).highlighted) || (b >= 0 && lookOf(b).highlighted) ? 2 : 1);
  const lines: Span[][] = [];
  for (let by = 0; by <= rows; by++) {
    // The line above row by: corners and horizontal edges.
    const edges: Span[] = [];
    for (let bx = 0; bx <= cols; bx++) {
      const nw = at(bx - 1, by - 1);
      const ne = at(bx, by - 1);
      const sw = at(bx - 1, by);
      const se = at(bx, by);
      const corner = weight(nw, ne) + 3 * weight(sw, se) + 9 * weight(nw, sw) + 27 * weight(ne, se);
      edges.push(corner === 0 ? fill(se, ' ') : { text: CORNERS[corner]! });
      if (bx === cols) break;
      const across = weight(ne, se);
      edges.push(across === 0 ? fill(se, ' '.repeat(inner)) : { text: (across === 2 ? '━' : '─').repeat(inner) });
    }
    lines.push(edges);
    if (by === rows) break;
    // Row by itself: vertical edges and the cells' labels.
    const cells: Span[] = [];
    for (let bx = 0; bx <= cols; bx++) {
      const left = at(bx - 1, by);
      const here = at(bx, by);
      const across = weight(left, here);
      cells.push(across === 0 ? fill(here, ' ') : { text: across === 2 ? '┃' : '│' });
      if (bx === cols) break;
      const pad = ' '.repeat((inner - 1) / 2);
      const mark = here >= 0 ? lookOf(here).label : here === UNCOVERED ? '.' : here === EMPTY ? '+' : ' ';
      cells.push(fill(here, `${pad}${mark}${pad}`));
    }
    lines.push(cells);
  }
  return { lines, width: cols * (inner + 1) + 1 };
}

/**
 * How a solution picture fits maxWidth: cells of three columns inside when the widest layer fits that way,
 * else of one; and when even that is too wide, one cell for every kx columns and ky rows (ky = 2kx, as a
 * cell of two columns and two lines is twice as tall as it is wide).
 */
export function boxesLayout(width: number, maxWidth: number): { inner: 1 | 3; kx: number; ky: number } {
  if (4 * width + 1 <= maxWidth) return { inner: 3, kx: 1, ky: 1 };
  const kx = Math.max(1, Math.ceil(width / Math.max(1, Math.floor((maxWidth - 1) / 2))));
  return { inner: 1, kx, ky: kx > 1 ? 2 * kx : 1 };
}

/** Items joined by `gap` into lines within maxWidth (an item longer than that gets a line of its own). */
function joinWithin(items: readonly string[], gap: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line !== '' && Array.from(line + gap + item).length > maxWidth) {
      lines.push(line);
      line = '';
    }
    line += (line === '' ? '' : gap) + item;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A sentence wrapped at spaces within maxWidth. */
function wrapWords(text: string, maxWidth: number): string[] {
  return joinWithin(text.split(' '), ' ', maxWidth);
}

/** Lines of "label = name" entries, wrapped within maxWidth. */
function legendLines(entries: readonly string[], maxWidth: number): string[] {
  return joinWithin(entries, '   ', maxWidth);
}

/**
 * The legend's lines for pieces placed before and highlighted ones (names in the order of the
 * placements), and for cells left empty that may stay empty.
 */
function markLines(solution: Solution, highlight: ReadonlySet<number>, highlightName: string, anyEmpty: boolean, boxes: boolean): string[] {
  const out: string[] = [];
  const given = givenNames(solution);
  if (given.length > 0) out.push(`placed before${boxes ? ` (${GIVEN_FILL})` : ''}: ${given.join(', ')}`);
  const highlighted = highlightedNames(solution, highlight);
  if (highlighted.length > 0) out.push(`${highlightName}${boxes ? ' (heavy outline)' : ''}: ${highlighted.join(', ')}`);
  if (anyEmpty) out.push('+ may stay empty');
  return out;
}

/**
 * The solution as text: boxes around the placements (see the comment at the top of this file), 2-D as one
 * grid, 3-D as its layers side by side under "z=k" headings; then the legend, if the picture needs one.
 */
export function renderSolutionText(puzzle: Puzzle, solution: Solution, options: SolutionTextOptions = { color: false }): string {
  checkPictureArguments(puzzle, solution, 'renderSolutionText');
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError(`renderSolutionText: the options must be an object { color?, maxWidth?, highlight? }`);
  const maxWidth = Math.max(8, Math.floor(options.maxWidth ?? DEFAULT_MAX_WIDTH));
  const placements = solution.placements;
  const labels = pieceLabels([...puzzle.pieces.map((p) => p.name), ...placements.map((p) => p.piece)]);
  const highlight = highlightSet(options.highlight, placements.length);
  const colours = placementColours(puzzle, placements);
  const looks: Look[] = placements.map((p, i) => {
    const given = p.given === true;
    const highlighted = highlight.has(i);
    const paint = given && !highlighted ? fadedPaint(colours[i]!) : piecePaint(colours[i]!);
    return { label: labels.get(p.piece)!, given, highlighted, paint: highlighted ? (s: string) => bold(paint(s)) : paint };
  });
  const owners = new Map<string, number>();
  const optional = new Set((puzzle.optional ?? []).map(cellKey));
  for (const c of puzzle.board) {
    const key = cellKey(c);
    owners.set(key, optional.has(key) ? EMPTY : UNCOVERED);
  }
  placements.forEach((p, i) => p.cells.forEach((c) => owners.set(cellKey(c), i)));

  const all = [...puzzle.board, ...placements.flatMap((p) => p.cells)];
  const grid = puzzleGrid(puzzle);
  let out: string[];
  let copies: ReturnType<typeof copyLabels> | undefined;
  if (drawnAsSquares(grid)) {
    const box = boxFromOrigin(all, true);
    if (!box) return '';
    const [w, h, d] = box.size;
    const { inner, kx, ky } = boxesLayout(w, maxWidth);
    const cols = Math.ceil(w / kx);
    const rows = Math.ceil(h / ky);
    const layers = Array.from({ length: d }, (_, i) => {
      const z = box.min[2] + i;
      const blocks = scaledOwners(cols, rows, (bx, by) => owners.get(`${box.min[0] + blockCentre(bx, kx, w)},${box.min[1] + blockCentre(by, ky, h)},${z}`) ?? OFF);
      if (kx > 1) {
        // a piece no block's centre falls on still gets a block it covers: the one whose owner keeps most
        // blocks without it (so a small piece is never dropped from the picture)
        placements.forEach((p, piece) => {
          if (blocks.count.get(piece)) return;
          let best = -1;
          let bestKeeps = -Infinity;
          for (const c of p.cells) {
            if (c[2] !== z) continue;
            const at = Math.floor((c[1] - box.min[1]) / ky) * cols + Math.floor((c[0] - box.min[0]) / kx);
            const was = blocks.owner[at]!;
            const keeps = was < 0 ? Infinity : (blocks.count.get(was) ?? 0) - 1;
            if (keeps > bestKeeps) {
              best = at;
              bestKeeps = keeps;
            }
          }
          if (best >= 0) blocks.give(best, piece);
        });
      }
      return { z, picture: boxesPicture(cols, rows, inner, (bx, by) => blocks.owner[by * cols + bx]!, (o) => looks[o]!) };
    });
    out = layOut(layers, puzzle.dims === 3, maxWidth, options.color);
    if (kx > 1) out.push(...wrapWords(`(scaled down: 1 square = ${kx}x${ky} cells; --svg FILE draws every cell)`, maxWidth));
  } else {
    if (all.length === 0) return '';
    // touching copies of one piece take different characters, as no line runs between them
    copies = copyLabels(placements, labels, touchingPlacements(placements, grid));
    const perPlacement = copies.perPlacement;
    const marks = new Map<string, ArtMark>();
    for (const cell of all) {
      const key = cellKey(cell);
      if (marks.has(key)) continue;
      const o = owners.get(key)!;
      const look = o >= 0 ? looks[o]! : undefined;
      const paint = look ? look.paint : o === EMPTY ? OPTIONAL_PAINT : BOARD_PAINT;
      const mark = look ? perPlacement[o]! : o === EMPTY ? '+' : '.';
      marks.set(key, { cell, group: o, span: { text: mark, paint }, gap: { text: look?.given ? GIVEN_FILL : ' ', paint } });
    }
    const tooWide = (width: number): string => `(too wide to draw as text: ${width} columns; --svg FILE draws it)`;
    out = artPicture(grid, [...marks.values()], true, 0, maxWidth, options.color, tooWide);
  }
  const legend = legendEntries(puzzle, solution, labels, copies?.byPiece);
  let anyEmpty = false;
  for (const o of owners.values()) if (o === EMPTY) anyEmpty = true;
  const marks = markLines(solution, highlight, options.highlightName ?? 'highlighted', anyEmpty, drawnAsSquares(grid));
  if (legend.length > 0 || marks.length > 0) out.push('', ...legendLines(legend, maxWidth), ...marks.flatMap((l) => wrapWords(l, maxWidth)));
  return out.join('\n');
}

/**
 * The board before the search: '#' on each cell to cover, '+' on each cell that may stay empty, the labels
 * of the pieces already placed on theirs (painted faded in their colours: their own, else the palette's in
 * the order of the pieces, as `snug show` draws the pieces), holes blank, from the origin of the file's
 * coordinates; then a legend line when there are placed pieces or cells that may stay empty.
 */
export function renderBoardText(puzzle: Puzzle, options: TextOptions): string {
  const maxWidth = Math.max(2, Math.floor(options.maxWidth ?? DEFAULT_MAX_WIDTH));
  const squares = new Map<string, Span>();
  const cell: Span = { text: '# ', paint: BOARD_PAINT };
  const optionalCell: Span = { text: '+ ', paint: OPTIONAL_PAINT };
  for (const c of puzzle.board) squares.set(cellKey(c), cell);
  for (const c of puzzle.optional ?? []) squares.set(cellKey(c), optionalCell);
  const placed = puzzle.placed ?? [];
  const labels = pieceLabels(puzzle.pieces.map((p) => p.name));
  const colours = pieceListColours(puzzle.pieces);
  const colourOf = new Map<string, PieceColour>(puzzle.pieces.map((p, i) => [p.name, colours[i]!]));
  for (const p of placed) {
    const colour = colourOf.get(p.piece);
    const square: Span = { text: `${labels.get(p.piece) ?? '?'} `, paint: colour ? fadedPaint(colour) : BOARD_PAINT };
    for (const c of p.cells) squares.set(cellKey(c), square);
  }
  const grid = puzzleGrid(puzzle);
  let picture: string;
  if (drawnAsSquares(grid)) {
    const box = boxFromOrigin(puzzle.board, true);
    if (!box) return '';
    picture = squaresPicture(box, (x, y, z) => squares.get(`${x},${y},${z}`), puzzle.dims === 3, options);
  } else {
    if (puzzle.board.length === 0) return '';
    // the squares' spans without their second column: one character per cell; gaps take the paint of
    // cells of one kind (board cells, cells that may stay empty, or one piece placed before)
    const groups = new Map<Span, number>();
    const marks = puzzle.board.map((c): ArtMark => {
      const square = squares.get(cellKey(c))!;
      if (!groups.has(square)) groups.set(square, groups.size);
      return { cell: c, span: { text: square.text.trimEnd(), paint: square.paint }, group: groups.get(square)!, gap: { text: ' ', paint: square.paint } };
    });
    picture = artPicture(grid, marks, true, 0, maxWidth, options.color, (width) => `(too wide to draw as text: ${width} columns)`).join('\n');
  }
  const notes: string[] = [];
  const names = [...new Set(placed.map((p) => p.piece))];
  if (names.length > 0) notes.push(`placed before: ${names.map((n) => (labels.get(n) === n ? n : `${labels.get(n)} = ${n}`)).join(', ')}`);
  if ((puzzle.optional?.length ?? 0) > 0) notes.push('+ may stay empty');
  return notes.length > 0 ? [picture, ...joinWithin(notes, '   ', maxWidth)].join('\n') : picture;
}

/**
 * One piece's shape drawn with its label: 2-D art, or for 3-D its layers side by side under "z=k"
 * headings (z counted from the piece's lowest layer); on triangles, hexagons and spheres as the puzzle
 * file's art. `grid` is the puzzle's grid, or a number of dimensions for squares or cubes. In colour:
 * `pieceColor` (a CSS colour, the piece's own) when the pictures can read it, else the palette colour
 * `colorIndex` picks (default 0).
 */
export function renderShapeText(
  cells: readonly Cell[],
  grid: Grid | Dimensions,
  label: string,
  options: TextOptions & { colorIndex?: number; pieceColor?: string },
): string {
  const on = typeof grid === 'number' ? gridOf(undefined, grid) : grid;
  const found = boxFromOrigin(cells, false);
  if (!found) return '';
  const own = readColour(options.pieceColor);
  const colour = own ?? { ...paletteColour(options.colorIndex ?? 0), css: '' };
  if (!drawnAsSquares(on)) {
    const maxWidth = Math.max(2, Math.floor(options.maxWidth ?? DEFAULT_MAX_WIDTH));
    const paint = piecePaint(colour);
    const marks = cells.map((cell): ArtMark => ({ cell, span: { text: label, paint }, group: 0, gap: { text: ' ', paint } }));
    return artPicture(on, marks, false, found.min[2], maxWidth, options.color, (width) => `(too wide to draw as text: ${width} columns)`).join('\n');
  }
  const box: Box = { min: [found.min[0], found.min[1], 0], size: found.size };
  const inShape = new Set(cells.map((c) => `${c[0]},${c[1]},${c[2] - found.min[2]}`));
  const square: Span = { text: `${label} `, paint: piecePaint(colour) };
  return squaresPicture(box, (x, y, z) => (inShape.has(`${x},${y},${z}`) ? square : undefined), on.dims === 3, options);
}
