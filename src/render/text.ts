/**
 * Text pictures of boards, pieces and solutions for the terminal.
 *
 * Every cell is a square of two characters, the label and a space, so the picture keeps the proportions
 * of the grid. In colour the square is painted with the placement's palette colour; without colour the
 * label alone tells pieces apart. Holes in the board (cells of the bounding box that are not on it) are
 * blank; board cells that a partial solution leaves uncovered show '.'.
 *
 * A 2-D picture is one grid; a 3-D picture puts its layers side by side under "z=k" headings, layer 0
 * first, wrapping to further rows of layers when they would pass maxWidth. When even one layer is wider
 * than maxWidth, the picture samples the board on a coarser grid: one square per k x k block of cells,
 * showing what lies at the block's centre, and says so on a last line "(1 square = kxk cells)".
 *
 * Stripped of its ANSI codes, a colour picture equals the plain one up to trailing spaces on each line.
 */
import type { Cell, Dimensions } from '../geometry/cell.js';
import { cellKey } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { pieceLabels } from './labels.js';
import { ansiPaint, colourPlacements, textColour, TEXT_PALETTE } from './palette.js';

export interface TextOptions {
  readonly color: boolean;
  /** Widest line allowed, in columns; default 100. */
  readonly maxWidth?: number;
}

const DEFAULT_MAX_WIDTH = 100;
/** Spaces between layers set side by side (after the trailing space of each layer's last square). */
const LAYER_GAP = 2;

/** What one square shows: two plain characters and, for colour, how to paint them. */
interface Square {
  readonly text: string;
  readonly paint?: (s: string) => string;
}

const BLANK: Square = { text: '  ' };

/** The bounding box of the cells drawn. */
interface Box {
  readonly min: Cell;
  readonly size: Cell;
}

function boxOf(cells: Iterable<Cell>): Box | undefined {
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
  return {
    min: [min[0]!, min[1]!, min[2]!],
    size: [max[0]! - min[0]! + 1, max[1]! - min[1]! + 1, max[2]! - min[2]! + 1],
  };
}

/** The scale factor k: the smallest with ceil(width / k) squares of two columns within maxWidth. */
export function textScale(width: number, maxWidth: number): number {
  const squares = Math.max(1, Math.floor(maxWidth / 2));
  return Math.max(1, Math.ceil(width / squares));
}

/** Lays out the picture of a box, asking squareAt for what each (sampled) cell shows. */
function compose(box: Box, squareAt: (x: number, y: number, z: number) => Square, layered: boolean, options: TextOptions): string {
  const maxWidth = Math.max(2, Math.floor(options.maxWidth ?? DEFAULT_MAX_WIDTH));
  const [w, h, d] = box.size;
  const k = textScale(w, maxWidth);
  const cols = Math.ceil(w / k);
  const rows = Math.ceil(h / k);
  // The centre of a (possibly clipped) block along one axis, as an offset from the box's edge.
  const centre = (block: number, extent: number): number => block * k + Math.floor((Math.min(k, extent - block * k) - 1) / 2);

  const layerRows = (z: number): string[] => {
    const lines: string[] = [];
    for (let by = 0; by < rows; by++) {
      let line = '';
      const y = box.min[1] + centre(by, h);
      // Squares in a row with the same paint share one pair of escape codes, which keeps the output small.
      let run = '';
      let runPaint: ((s: string) => string) | undefined;
      for (let bx = 0; bx < cols; bx++) {
        const sq = squareAt(box.min[0] + centre(bx, w), y, z);
        const paint = options.color ? sq.paint : undefined;
        if (paint !== runPaint) {
          line += runPaint ? runPaint(run) : run;
          run = '';
          runPaint = paint;
        }
        run += sq.text;
      }
      line += runPaint ? runPaint(run) : run;
      lines.push(line);
    }
    return lines;
  };

  const out: string[] = [];
  if (!layered && d === 1) {
    for (const line of layerRows(box.min[2])) out.push(line.trimEnd());
  } else {
    const zs = Array.from({ length: d }, (_, i) => box.min[2] + i);
    const headings = zs.map((z) => `z=${z}`);
    const blockWidth = Math.max(2 * cols, ...headings.map((s) => s.length));
    const perRow = Math.max(1, Math.floor((maxWidth + LAYER_GAP) / (blockWidth + LAYER_GAP)));
    const gap = ' '.repeat(LAYER_GAP);
    // Every layer row is exactly 2 * cols columns wide, so plain padding lines the layers up in colour too.
    const pad = ' '.repeat(blockWidth - 2 * cols);
    for (let start = 0; start < d; start += perRow) {
      if (start > 0) out.push('');
      const group = zs.slice(start, start + perRow);
      out.push(group.map((_, i) => headings[start + i]!.padEnd(blockWidth)).join(gap).trimEnd());
      const pictures = group.map(layerRows);
      for (let r = 0; r < rows; r++) out.push(pictures.map((p) => p[r]! + pad).join(gap).trimEnd());
    }
  }
  if (k > 1) out.push(`(1 square = ${k}x${k} cells)`);
  return out.join('\n');
}

function labelSquare(label: string, paint: (s: string) => string): Square {
  return { text: `${label} `, paint };
}

/** The solution as text: 2-D a grid, 3-D its layers side by side (layer 0 first, with a "z=0" heading). */
export function renderSolutionText(puzzle: Puzzle, solution: Solution, options: TextOptions): string {
  const placements = solution.placements;
  const labels = pieceLabels([...puzzle.pieces.map((p) => p.name), ...placements.map((p) => p.piece)]);
  const colourOf = colourPlacements(placements, puzzle.dims, TEXT_PALETTE.length);
  const squares = placements.map((p, i) => labelSquare(labels.get(p.piece)!, ansiPaint(textColour(colourOf[i]!))));
  const owner = new Map<string, number>();
  placements.forEach((p, i) => p.cells.forEach((c) => owner.set(cellKey(c), i)));
  const board = new Set(puzzle.board.map(cellKey));
  const uncovered: Square = { text: '. ', paint: ansiPaint({ bg: 'bgBlack', fg: 'gray' }) };

  const box = boxOf([...puzzle.board, ...placements.flatMap((p) => p.cells)]);
  if (!box) return '';
  return compose(
    box,
    (x, y, z) => {
      const key = `${x},${y},${z}`;
      const i = owner.get(key);
      if (i !== undefined) return squares[i]!;
      return board.has(key) ? uncovered : BLANK;
    },
    puzzle.dims === 3,
    options,
  );
}

/** The empty board: '#' on each board cell, holes shown as blank; same layout rules as solutions. */
export function renderBoardText(puzzle: Puzzle, options: TextOptions): string {
  const board = new Set(puzzle.board.map(cellKey));
  const box = boxOf(puzzle.board);
  if (!box) return '';
  const cell: Square = { text: '# ', paint: ansiPaint({ bg: 'bgWhite', fg: 'black' }) };
  return compose(box, (x, y, z) => (board.has(`${x},${y},${z}`) ? cell : BLANK), puzzle.dims === 3, options);
}

/**
 * One piece's shape drawn with its label: 2-D art, or for 3-D its layers side by side under "z=k"
 * headings (z counted from the piece's lowest layer). colorIndex picks the palette colour (default 0).
 */
export function renderShapeText(
  cells: readonly Cell[],
  dims: Dimensions,
  label: string,
  options: TextOptions & { colorIndex?: number },
): string {
  const box = boxOf(cells);
  if (!box) return '';
  const shifted: Box = { min: [box.min[0], box.min[1], 0], size: box.size };
  const inShape = new Set(cells.map((c) => `${c[0]},${c[1]},${c[2] - box.min[2]}`));
  const square = labelSquare(label, ansiPaint(textColour(options.colorIndex ?? 0)));
  return compose(shifted, (x, y, z) => (inShape.has(`${x},${y},${z}`) ? square : BLANK), dims === 3, options);
}
