import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Node, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Cell, Dimensions } from '../geometry/cell.js';
import { bounds, cellKey, compareCells, extent, isBox, isConnected, normalize } from '../geometry/cell.js';
import { PuzzleError } from './errors.js';
import type { Piece, Puzzle } from './model.js';
import { readTextFile } from './text-file.js';
import { LIMITS, wellFormedProblem } from './validate.js';

/**
 * The YAML puzzle format (see the README): a board and named pieces, each given as art, a rectangle, a box,
 * layers of art, or raw cells. Every problem is reported with the file and the line of the offending node.
 */

// yaml is loaded on first use: it takes longer to load than a small search runs, and most runs read the
// compiled catalog (see catalog.ts) and never need it.
let yamlModule: typeof Yaml | undefined;
function yaml(): typeof Yaml {
  return (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml);
}
const isMap = (n: unknown): n is YAMLMap => yaml().isMap(n);
const isSeq = (n: unknown): n is YAMLSeq => yaml().isSeq(n);
const isScalar = (n: unknown): n is Scalar => yaml().isScalar(n);

const { side: MAX_SIDE, boardCells: MAX_BOARD_CELLS, copies: MAX_COPIES } = LIMITS;

const TOP_KEYS = ['name', 'description', 'mirror', 'board', 'pieces', 'known'];
const BOARD_KEYS = ['rect', 'box', 'layers', 'holes'];
const PIECE_KEYS = ['shape', 'rect', 'box', 'layers', 'cells', 'count', 'mirror'];
const KNOWN_KEYS = ['total', 'unique'];

class Reader {
  constructor(readonly file: string, private readonly lines: Yaml.LineCounter) {}

  lineOf(node: Node | null | undefined): number | undefined {
    const offset = node?.range?.[0];
    return offset === undefined ? undefined : this.lines.linePos(offset).line;
  }

  fail(node: Node | null | undefined, problem: string): never {
    throw new PuzzleError(this.file, this.lineOf(node), problem);
  }

  map(node: Node | null | undefined, what: string, allowed: readonly string[]): Map<string, { key: Node; value: Node | null }> {
    if (!isMap(node)) this.fail(node, `${what} must be a mapping of keys to values`);
    const out = new Map<string, { key: Node; value: Node | null }>();
    for (const pair of (node as YAMLMap).items as Pair<Node, Node | null>[]) {
      const keyName = String(isScalar(pair.key) ? pair.key.value : pair.key);
      if (!allowed.includes(keyName)) {
        this.fail(pair.key, `unknown key '${keyName}' in ${what} (allowed: ${allowed.join(', ')})`);
      }
      out.set(keyName, { key: pair.key, value: pair.value });
    }
    return out;
  }

  string(node: Node | null, what: string): string {
    if (!isScalar(node) || typeof node.value !== 'string') this.fail(node, `${what} must be text`);
    return (node as Scalar<string>).value;
  }

  boolean(node: Node | null, what: string): boolean {
    if (!isScalar(node) || typeof node.value !== 'boolean') this.fail(node, `${what} must be true or false`);
    return (node as Scalar<boolean>).value;
  }

  positiveInt(node: Node | null, what: string, max: number): number {
    const v = isScalar(node) ? node.value : undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) this.fail(node, `${what} must be a whole number of at least 1, not ${show(node)}`);
    if (v > max) this.fail(node, `${what} is ${v}: more than the limit of ${max}`);
    return v;
  }

  sizes(node: Node | null, what: string, count: 2 | 3): number[] {
    const names = count === 2 ? '[width, height]' : '[width, height, depth]';
    if (!isSeq(node) || node.items.length !== count) this.fail(node, `${what} must be a list ${names}`);
    return (node.items as Node[]).map((item, i) => this.positiveInt(item, `${what} ${['width', 'height', 'depth'][i]}`, MAX_SIDE));
  }

  cells(node: Node | null, what: string): Cell[] {
    if (!isSeq(node) || node.items.length === 0) this.fail(node, `${what} must be a non-empty list of [x, y] or [x, y, z] cells`);
    return (node.items as Node[]).map((item) => {
      const ok = isSeq(item) && (item.items.length === 2 || item.items.length === 3) &&
        (item.items as Node[]).every((v) => isScalar(v) && Number.isInteger(v.value) && Math.abs(v.value as number) <= MAX_SIDE);
      if (!ok) this.fail(item, `${what}: each cell must be [x, y] or [x, y, z] with whole numbers, not ${show(item)}`);
      const v = (item as { items: Scalar<number>[] }).items.map((s) => s.value);
      return [v[0]!, v[1]!, v[2] ?? 0] as const;
    });
  }

  /** Cells of an art block: '#' is a cell, '.' or space is empty; rows must be equally long. */
  art(node: Node | null, what: string, z = 0): Cell[] {
    const text = this.string(node, what);
    const scalar = node as Scalar;
    const block = scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED';
    const base = (this.lineOf(node) ?? 0) + (block ? 1 : 0);
    const rows = text.split('\n').map((r) => r.replace(/\s+$/, ''));
    let first = 0;
    while (first < rows.length && rows[first] === '') first++;
    let last = rows.length - 1;
    while (last >= first && rows[last] === '') last--;
    if (first > last) this.fail(node, `${what} is empty: draw cells with '#'`);
    const width = rows[first]!.length;
    const cells: Cell[] = [];
    for (let r = first; r <= last; r++) {
      const row = rows[r]!;
      const line = base + (block ? r : 0);
      if (row.length !== width) {
        throw new PuzzleError(this.file, line, `${what}: ragged art: row ${r - first + 1} is ${row.length} wide but row 1 is ${width} (pad with '.')`);
      }
      [...row].forEach((ch, x) => {
        if (ch === '#') cells.push([x, r - first, z]);
        else if (ch !== '.' && ch !== ' ') throw new PuzzleError(this.file, line, `${what}: unexpected character '${ch}' in art (use '#' for a cell, '.' for empty)`);
      });
    }
    if (cells.length === 0) this.fail(node, `${what} has no cells: draw cells with '#'`);
    return cells;
  }

  layers(node: Node | null, what: string): Cell[] {
    if (!isSeq(node) || node.items.length === 0) this.fail(node, `${what}: layers must be a non-empty list of art, one per layer`);
    const cells: Cell[] = [];
    let size: string | undefined;
    (node.items as Node[]).forEach((layer, z) => {
      const text = this.string(layer, `${what} layer ${z + 1}`);
      const rows = text.split('\n').map((r) => r.replace(/\s+$/, '')).filter((r) => r !== '');
      const dims = `${rows[0]?.length ?? 0}x${rows.length}`;
      if (size !== undefined && dims !== size) this.fail(layer, `${what}: layer ${z + 1} is ${dims} but layer 1 is ${size}: all layers must be the same size`);
      size = dims;
      if (rows.length > 0 && rows.some((r) => r.includes('#'))) cells.push(...this.art(layer, `${what} layer ${z + 1}`, z));
    });
    if (cells.length === 0) this.fail(node, `${what} has no cells: draw cells with '#'`);
    return cells;
  }
}

function show(node: Node | null | undefined): string {
  if (isScalar(node)) return JSON.stringify(node.value) ?? String(node.value);
  return node ? String(node) : 'nothing';
}

function box(w: number, h: number, d: number): Cell[] {
  const cells: Cell[] = [];
  for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, z]);
  return cells;
}

function readBoard(r: Reader, node: Node | null): { cells: Cell[]; dims: Dimensions } {
  if (isScalar(node)) return { cells: r.art(node, 'board'), dims: 2 };
  const keys = r.map(node, 'board', BOARD_KEYS);
  const forms = ['rect', 'box', 'layers'].filter((k) => keys.has(k));
  if (forms.length !== 1) r.fail(node, 'board must be art, or have exactly one of rect, box, layers');
  const form = forms[0]!;
  const value = keys.get(form)!.value;
  let cells: Cell[];
  let dims: Dimensions;
  if (form === 'rect') {
    const [w, h] = r.sizes(value, 'board rect', 2);
    if (w! * h! > MAX_BOARD_CELLS) r.fail(value, `board rect is ${w}x${h} = ${w! * h!} cells: more than the limit of ${MAX_BOARD_CELLS}`);
    cells = box(w!, h!, 1);
    dims = 2;
  } else if (form === 'box') {
    const [w, h, d] = r.sizes(value, 'board box', 3);
    if (w! * h! * d! > MAX_BOARD_CELLS) r.fail(value, `board box is ${w}x${h}x${d} = ${w! * h! * d!} cells: more than the limit of ${MAX_BOARD_CELLS}`);
    cells = box(w!, h!, d!);
    dims = 3;
  } else {
    cells = r.layers(value, 'board');
    dims = 3;
  }
  const holes = keys.get('holes');
  if (holes) {
    if (form === 'layers') r.fail(holes.key, "holes go with rect or box; in layers, draw them with '.'");
    const remove = new Set<string>();
    const on = new Set(cells.map(cellKey));
    for (const [i, h] of r.cells(holes.value, 'holes').entries()) {
      if (dims === 2 && h[2] !== 0) r.fail((holes.value as { items: Node[] }).items[i], `hole [${h.join(', ')}] is not on the flat board`);
      if (!on.has(cellKey(h))) r.fail((holes.value as { items: Node[] }).items[i], `hole [${h.join(', ')}] is off the board`);
      remove.add(cellKey(h));
    }
    cells = cells.filter((c) => !remove.has(cellKey(c)));
    if (cells.length === 0) r.fail(holes.key, 'the holes leave no board');
  }
  return { cells, dims };
}

interface RawPiece {
  name: string;
  node: Node;
  cells: Cell[];
  count: number;
  mirror?: boolean;
}

function readPiece(r: Reader, name: string, node: Node | null): RawPiece {
  const what = `piece '${name}'`;
  if (isScalar(node)) return { name, node, cells: r.art(node, what), count: 1 };
  const keys = r.map(node, what, PIECE_KEYS);
  const forms = ['shape', 'rect', 'box', 'layers', 'cells'].filter((k) => keys.has(k));
  if (forms.length !== 1) r.fail(node, `${what} must be art, or have exactly one of shape, rect, box, layers, cells`);
  const form = forms[0]!;
  const value = keys.get(form)!.value;
  let cells: Cell[];
  if (form === 'shape') cells = r.art(value, what);
  else if (form === 'rect') {
    const [w, h] = r.sizes(value, `${what} rect`, 2);
    cells = box(w!, h!, 1);
  } else if (form === 'box') {
    const [w, h, d] = r.sizes(value, `${what} box`, 3);
    cells = box(w!, h!, d!);
  } else if (form === 'layers') cells = r.layers(value, what);
  else cells = r.cells(value, `${what} cells`);
  const count = keys.has('count') ? r.positiveInt(keys.get('count')!.value, `${what} count`, MAX_COPIES) : 1;
  const piece: RawPiece = { name, node: node!, cells, count };
  if (keys.has('mirror')) piece.mirror = r.boolean(keys.get('mirror')!.value, `${what} mirror`);
  return piece;
}

function sortedExtent(cells: readonly Cell[], dims: Dimensions): number[] {
  return extent(cells).slice(0, dims).sort((a, b) => a - b);
}

/** Parses the text of a puzzle file. `file` names it in error messages. */
export function parsePuzzle(text: string, file: string): Puzzle {
  const lines = new (yaml().LineCounter)();
  const doc = yaml().parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const r = new Reader(file, lines);
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new PuzzleError(file, e.linePos?.[0]?.line, `YAML: ${message}`);
  }
  const root = doc.contents as Node | null;
  if (!root) throw new PuzzleError(file, undefined, 'the file is empty: a puzzle needs a board and pieces');
  const top = r.map(root, 'the puzzle', TOP_KEYS);
  const name = top.has('name') ? r.string(top.get('name')!.value, 'name') : file.replace(/^.*[\\/]/, '').replace(/\.ya?ml$/i, '');
  const description = top.has('description') ? r.string(top.get('description')!.value, 'description') : undefined;
  const known: { total?: number; unique?: number } = {};
  if (top.has('known')) {
    for (const [k, v] of r.map(top.get('known')!.value, 'known', KNOWN_KEYS)) {
      known[k as 'total' | 'unique'] = r.positiveInt(v.value, `known ${k}`, Number.MAX_SAFE_INTEGER);
    }
  }
  if (!top.has('board')) r.fail(root, 'the puzzle has no board');
  if (!top.has('pieces')) r.fail(root, 'the puzzle has no pieces');
  const board = readBoard(r, top.get('board')!.value);
  const dims = board.dims;
  const mirror = top.has('mirror') ? r.boolean(top.get('mirror')!.value, 'mirror') : dims === 2;

  const piecesNode = top.get('pieces')!.value;
  if (!isMap(piecesNode) || piecesNode.items.length === 0) r.fail(piecesNode ?? top.get('pieces')!.key, 'pieces must be a mapping of names to pieces');
  const raw = ((piecesNode as YAMLMap).items as Pair<Node, Node | null>[]).map((pair) =>
    readPiece(r, String(isScalar(pair.key) ? pair.key.value : pair.key), pair.value ?? pair.key));
  const boardExtent = sortedExtent(board.cells, dims);
  let copies = 0;
  const pieces: Piece[] = raw.map((p) => {
    const shape = normalize(p.cells);
    const what = `piece '${p.name}'`;
    if (dims === 2 && extent(shape)[2] > 1) r.fail(p.node, `${what} is 3-D but the board is flat (give the board as box or layers)`);
    if (!isConnected(shape, dims)) r.fail(p.node, `${what} is not connected: its cells must touch face to face`);
    if (shape.length > board.cells.length) r.fail(p.node, `${what} has ${shape.length} cells, more than the board's ${board.cells.length}`);
    const pieceExtent = sortedExtent(shape, dims);
    if (pieceExtent.some((v, i) => v > boardExtent[i]!)) {
      r.fail(p.node, `${what} (${extent(shape).slice(0, dims).join('x')}) does not fit in the board (${extent(board.cells).slice(0, dims).join('x')}) in any orientation`);
    }
    copies += p.count;
    if (copies > MAX_COPIES) r.fail(p.node, `more than ${MAX_COPIES} piece copies in all`);
    return { name: p.name, shape, count: p.count, mirror: p.mirror ?? mirror };
  });
  const puzzle: Puzzle = {
    name, dims, board: [...board.cells].sort(compareCells), pieces, mirror,
    ...(description !== undefined ? { description } : {}),
    ...(top.has('known') ? { known } : {}),
  };
  // what the checks above (which name the line) have missed, the model's own check catches
  const problem = wellFormedProblem(puzzle);
  if (problem) throw new PuzzleError(file, undefined, problem);
  return puzzle;
}

/** Largest puzzle file read: a board of a million cells listed one by one fits several times over. */
export const MAX_PUZZLE_FILE_BYTES = 64 * 1024 * 1024;

/** Reads and parses a puzzle file. */
export function loadPuzzleFile(path: string): Puzzle {
  const text = readTextFile(path, MAX_PUZZLE_FILE_BYTES, (problem) => {
    throw new PuzzleError(path, undefined, problem);
  });
  return parsePuzzle(text, path);
}

/** Art rows of one layer of a shape, relative to the given bounding box. */
function artRows(cells: readonly Cell[], min: Cell, size: Cell, z: number): string[] {
  const on = new Set(cells.map(cellKey));
  const rows: string[] = [];
  for (let y = 0; y < size[1]; y++) {
    let row = '';
    for (let x = 0; x < size[0]; x++) row += on.has(cellKey([min[0] + x, min[1] + y, min[2] + z])) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

function block(rows: string[], indent: string): string {
  return rows.length === 1 ? ` "${rows[0]}"\n` : ` |\n${rows.map((row) => `${indent}${row}\n`).join('')}`;
}

/** A shape as the format writes it: inline rect/box when it is a large box, else art or layers of art. */
function shapeYaml(cells: readonly Cell[], rectAbove: number): { inline?: string; art?: string[]; layers?: string[][] } {
  const [w, h, d] = extent(cells);
  const { min } = bounds(cells);
  if (isBox(cells) && (w > rectAbove || h > rectAbove)) return { inline: d === 1 ? `rect: [${w}, ${h}]` : `box: [${w}, ${h}, ${d}]` };
  if (d === 1) return { art: artRows(cells, min, [w, h, d], 0) };
  return { layers: Array.from({ length: d }, (_, z) => artRows(cells, min, [w, h, d], z)) };
}

function quoteKey(name: string): string {
  return /^[A-Za-z_][\w-]*$/.test(name) && !['true', 'false', 'null', 'yes', 'no', 'on', 'off'].includes(name.toLowerCase()) ? name : JSON.stringify(name);
}

/** Writes a puzzle in the documented YAML forms; parsePuzzle reads it back to an equal puzzle. */
export function formatPuzzle(puzzle: Puzzle): string {
  let out = `name: ${JSON.stringify(puzzle.name)}\n`;
  if (puzzle.description !== undefined) out += `description: ${JSON.stringify(puzzle.description)}\n`;
  if (puzzle.known) out += `known: {${Object.entries(puzzle.known).map(([k, v]) => `${k}: ${v}`).join(', ')}}\n`;
  const defaultMirror = puzzle.dims === 2;
  if (puzzle.mirror !== defaultMirror) out += `mirror: ${puzzle.mirror}\n`;
  const [w, h, d] = extent(puzzle.board);
  if (puzzle.dims === 3 && isBox(puzzle.board)) out += `board: {box: [${w}, ${h}, ${d}]}\n`;
  else if (puzzle.dims === 2 && isBox(puzzle.board) && w > 40) out += `board: {rect: [${w}, ${h}]}\n`;
  else {
    const s = shapeYaml(puzzle.board, Infinity);
    if (puzzle.dims === 2) out += `board:${block(s.art!, '  ')}`;
    else out += `board:\n  layers:\n${(s.layers ?? [s.art!]).map((rows) => `    -${block(rows, '      ')}`).join('')}`;
  }
  out += 'pieces:\n';
  for (const p of puzzle.pieces) {
    const options = [p.count !== 1 ? `count: ${p.count}` : '', p.mirror !== puzzle.mirror ? `mirror: ${p.mirror}` : ''].filter(Boolean);
    const s = shapeYaml(p.shape, 12);
    const key = `  ${quoteKey(p.name)}:`;
    if (s.inline) out += `${key} {${[s.inline, ...options].join(', ')}}\n`;
    else if (s.art && options.length === 0) out += `${key}${block(s.art, '    ')}`;
    else if (s.art) out += `${key}\n    shape:${block(s.art, '      ')}${options.map((o) => `    ${o}\n`).join('')}`;
    else out += `${key}\n    layers:\n${s.layers!.map((rows) => `      -${block(rows, '        ')}`).join('')}${options.map((o) => `    ${o}\n`).join('')}`;
  }
  return out;
}
