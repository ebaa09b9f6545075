import type * as Yaml from 'yaml';
import type { Node, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Cell, Dimensions } from '../geometry/cell.js';
import { bounds, cellKey, compareCells, extent, firstRepeat, isBox, leastCell } from '../geometry/cell.js';
import { PuzzleError } from './errors.js';
import type { CellColour, CellLabel, ColourRule, Frame, Piece, PlacedPiece, Puzzle } from './model.js';
import { frameName, frameOfWord, MAX_FRAME_CELLS } from './frame.js';
import { InvalidPuzzleError, pieceMin, puzzleGrid } from './model.js';
import type { Grid, GridName } from '../geometry/grid.js';
import { isArtMove } from '../geometry/grid.js';
import { gridOf } from '../geometry/grids/index.js';
import type { Wrap } from '../geometry/wrap.js';
import { wrapGridProblem } from '../geometry/wrap.js';
import { yamlModule as yaml } from '../platform/host.js';
import { printable } from './printable.js';
import {
  LIMITS, labelOffBoardProblem, atLeastProblem, frameProblem, colorProblem, colourNameProblem, connectedProblem, copiesProblem, descriptionProblem, gridCellProblem, gridNameProblem, isCoordinate, nameProblem,
  nameTwiceProblem, nameSkeleton, orientationProblem, placedCopiesProblem, placedOffBoardProblem, placedOverlapProblem, placedShapeProblem,
  tooManyCellsProblem, useProblem, wellFormedProblem, wrapNameProblem, wrapPlacedProblem,
} from './validate.js';

/**
 * The YAML puzzle format (see the README): a board and named pieces, each given as art, a rectangle, a box,
 * layers of art, or raw cells. Every problem is reported with the file and the line of the offending node.
 * The format only reads: what a puzzle may be is validate.ts's, whose rules it calls at the node it reads
 * (so that the message names the line); what is the format's own is how a file is written (its keys, its
 * art, its counts) and the limits it checks before it builds anything.
 */

// yaml is loaded on first use (platform/host.ts): it takes longer to load than a small search runs, and
// most runs read the compiled catalog (see catalog.ts) and never need it.
const isMap = (n: unknown): n is YAMLMap => yaml().isMap(n);
const isSeq = (n: unknown): n is YAMLSeq => yaml().isSeq(n);
const isScalar = (n: unknown): n is Scalar => yaml().isScalar(n);
const isAlias = (n: unknown): n is Yaml.Alias => yaml().isAlias(n);

const { side: MAX_SIDE, boardCells: MAX_BOARD_CELLS, boardBox: MAX_BOARD_BOX, copies: MAX_COPIES, groupOrWeight: MAX_GROUP_OR_WEIGHT } = LIMITS;

const TOP_KEYS = ['name', 'description', 'grid', 'wrap', 'mirror', 'board', 'pieces', 'placed', 'use', 'frame', 'known', 'colour-rules', 'labels'];
const FRAME_KEYS = ['cells'];
const BOARD_KEYS = ['shape', 'rect', 'box', 'layers', 'cells', 'named', 'holes', 'optional', 'colours'];
const PIECE_KEYS = ['shape', 'rect', 'box', 'layers', 'cells', 'named', 'count', 'mirror', 'rotate', 'orientations', 'color', 'colours', 'group', 'weight'];
const PLACED_KEYS = ['piece', 'cells'];
const KNOWN_KEYS = ['total', 'unique'];

/** How many cells a shape being read may have, and how a message names that bound. */
interface CellBudget {
  readonly cells: number;
  /** Such as "the limit of 1000000" or "the board's 60". */
  readonly of: string;
}

/**
 * An art block as read: its size (trailing spaces and blank rows before and after dropped) and its cells,
 * in layer 0. Board art also has cells that may stay empty ('+') and cells of pieces already placed (a
 * piece's one-character name), each among `cells` too.
 */
interface ArtInfo {
  readonly width: number;
  readonly height: number;
  readonly cells: readonly Cell[];
  readonly optional: readonly Cell[];
  /** The cells drawn with each other character, and the line of its first one. */
  readonly marks: ReadonlyMap<string, { readonly cells: Cell[]; readonly line: number }>;
}

/** What board art may hold beyond '#': a cell that may stay empty, or a cell of a piece already placed. */
const OPTIONAL = '+';
const NO_PAINT: ReadonlySet<string> = new Set();

class Reader {
  /**
   * Art already read, by node: an alias names a node once but stands wherever it is used, so without this
   * a small file could make the parser read the same large art a million times.
   */
  private readonly artRead = new Map<Node, ArtInfo>();
  private readonly boardArtRead = new Map<Node, ArtInfo>();
  /** Piece art with colour characters, by those characters. */
  private readonly paintedArtRead = new Map<string, Map<Node, ArtInfo>>();

  /** The grid the file's art is drawn on (set once `grid:` is read, before any art). */
  grid: Grid = gridOf(undefined, 2);

  constructor(
    readonly file: string,
    private readonly lines: Yaml.LineCounter,
    /** Each alias's node (the last anchor of its name before it). */
    private readonly aliases: ReadonlyMap<Node, Node>,
  ) {}

  lineOf(node: Node | null | undefined): number | undefined {
    const offset = node?.range?.[0];
    return offset === undefined ? undefined : this.lines.linePos(offset).line;
  }

  fail(node: Node | null | undefined, problem: string): never {
    throw new PuzzleError(this.file, this.lineOf(node), problem);
  }

  /** Fails at the node with a rule's problem, when there is one (see validate.ts). */
  check(node: Node | null | undefined, problem: string | undefined): void {
    if (problem) this.fail(node, problem);
  }

  /** The node an alias stands for (any other node as it is). */
  deref(node: Node | null | undefined): Node | null {
    if (!isAlias(node)) return node ?? null;
    const target = this.aliases.get(node);
    if (!target) this.fail(node, `alias *${printable(node.source, 40)} names no anchor before it`);
    return target;
  }

  /** A key of a mapping, as text (names of pieces are keys). */
  keyName(key: Node | null, what: string): string {
    const node = this.deref(key);
    if (!isScalar(node) || node.value === null || typeof node.value === 'object') this.fail(key, `${what} must be text, not ${show(node)}`);
    return String(node.value);
  }

  map(node: Node | null | undefined, what: string, allowed: readonly string[]): Map<string, { key: Node; value: Node | null }> {
    const target = this.deref(node);
    if (!isMap(target)) this.fail(node, `${what} must be a mapping of keys to values`);
    const out = new Map<string, { key: Node; value: Node | null }>();
    for (const pair of target.items as Pair<Node, Node | null>[]) {
      const keyName = this.keyName(pair.key, `a key in ${what}`);
      if (!allowed.includes(keyName)) {
        this.fail(pair.key, `unknown key '${printable(keyName, 40)}' in ${what} (allowed: ${allowed.join(', ')})`);
      }
      if (out.has(keyName)) this.fail(pair.key, `the key '${keyName}' appears twice in ${what}`);
      out.set(keyName, { key: pair.key, value: this.deref(pair.value) });
    }
    return out;
  }

  string(node: Node | null, what: string): string {
    const target = this.deref(node);
    if (!isScalar(target) || typeof target.value !== 'string') this.fail(node, `${what} must be text, not ${show(target)}`);
    return target.value;
  }

  boolean(node: Node | null, what: string): boolean {
    const target = this.deref(node);
    if (!isScalar(target) || typeof target.value !== 'boolean') this.fail(node, `${what} must be true or false, not ${show(target)}`);
    return target.value;
  }

  positiveInt(node: Node | null, what: string, max: number): number {
    const target = this.deref(node);
    const v = isScalar(target) ? target.value : undefined;
    this.check(node, atLeastProblem(v, what, 1, show(target)));
    if ((v as number) > max) this.fail(node, `${what} is ${v}: more than the limit of ${max}`);
    return v as number;
  }

  sizes(node: Node | null, what: string, count: 2 | 3): number[] {
    const names = count === 2 ? '[width, height]' : '[width, height, depth]';
    const target = this.deref(node);
    if (!isSeq(target) || target.items.length !== count) this.fail(node, `${what} must be a list ${names}`);
    return (target.items as Node[]).map((item, i) => this.positiveInt(item, `${what} ${['width', 'height', 'depth'][i]}`, MAX_SIDE));
  }

  /** The cells of a shape the grid names (its `namedShapes`). */
  named(node: Node | null, what: string): Cell[] {
    const name = this.string(node, what);
    const shapes = this.grid.namedShapes ?? {};
    const shape = Object.hasOwn(shapes, name) ? shapes[name] : undefined;
    if (!shape) {
      const names = Object.keys(shapes);
      this.fail(node, `${what}: the ${this.grid.name} grid has no shape named '${printable(name, 40)}'${names.length > 0 ? ` (it names ${names.join(', ')})` : ' (it names none)'}`);
    }
    return shape!.map((c) => [c[0], c[1], c[2]] as const);
  }

  /** A rectangle or a box of the given sizes, refused before it is built when it has more cells than the budget. */
  box(node: Node | null, what: string, sizes: readonly number[], budget: CellBudget): Cell[] {
    const [w, h, d = 1] = sizes as [number, number, number?];
    const cells = w * h * d;
    if (cells > budget.cells) this.fail(node, `${what} is ${sizes.join('x')} = ${cells} cells: more than ${budget.of}`);
    return box(w, h, d);
  }

  /** A list of [x, y] or [x, y, z] cells, each listed once. */
  cells(node: Node | null, what: string, budget: CellBudget): Cell[] {
    const target = this.deref(node);
    if (!isSeq(target) || target.items.length === 0) this.fail(node, `${what} must be a non-empty list of [x, y] or [x, y, z] cells`);
    this.check(node, tooManyCellsProblem(what, target.items.length, budget, 'lists'));
    const items = target.items as Node[];
    const written: number[][] = [];
    const cells = items.map((raw) => {
      const item = this.deref(raw);
      const values = isSeq(item) ? (item.items as Node[]).map((v) => this.deref(v)) : [];
      const ok = isSeq(item) && (values.length === 2 || values.length === 3) &&
        values.every((v) => isScalar(v) && isCoordinate(v.value));
      if (!ok) this.fail(raw, `${what}: each cell must be [x, y] or [x, y, z] with whole numbers of at most ${MAX_SIDE} in size, not ${show(item)}`);
      const v = values.map((s) => (s as Scalar<number>).value);
      written.push(v);
      return [v[0]!, v[1]!, v[2] ?? 0] as const;
    });
    const repeat = firstRepeat(cells);
    if (repeat) {
      const first = cells.findIndex((c) => compareCells(c, repeat) === 0);
      const second = cells.findIndex((c, i) => i > first && compareCells(c, repeat) === 0);
      this.fail(items[second], `${what}: cell [${written[second]!.join(', ')}] is listed twice`);
    }
    cells.forEach((c, i) => this.check(items[i], gridCellProblem(this.grid, c, what)));
    return cells;
  }

  /**
   * Each cell drawn in art (those that may stay empty too), where `cell` puts it, a cell of the grid (on
   * grids where some places are none): refused naming the cell and the column and row it was drawn at.
   */
  private onGrid(node: Node | null, what: string, art: { readonly cells: readonly Cell[]; readonly optional: readonly Cell[] }, cell: (c: Cell) => Cell): void {
    for (const c of [...art.cells, ...art.optional]) this.check(node, gridCellProblem(this.grid, cell(c), what, `at column ${c[0] + 1}, row ${c[1] + 1}`));
  }

  /**
   * An art block read (once per node): '#' is a cell, '.' or space is empty, rows must be equally long;
   * trailing spaces and blank rows before and after are dropped. Before any cell is made it checks that
   * there are at most MAX_SIDE rows of at most MAX_SIDE characters, and at most `budget` cells.
   */
  private artInfo(node: Node | null, what: string, budget: CellBudget, board = false, paint: ReadonlySet<string> = NO_PAINT): ArtInfo {
    const text = this.string(node, what);
    const scalar = this.deref(node) as Scalar;
    const paintKey = [...paint].join('');
    // grids whose cells have characters of their own (sticks: '-' and '|'), and points drawn between them
    const drawn = this.grid.art.cellCharacter?.bind(this.grid.art);
    const point = this.grid.art.pointCharacter;
    const cache = board ? this.boardArtRead : paint.size === 0 ? this.artRead : this.paintedArtRead.get(paintKey) ?? this.paintedArtRead.set(paintKey, new Map()).get(paintKey)!;
    const known = cache.get(scalar);
    if (known) {
      this.check(node, tooManyCellsProblem(what, known.cells.length, budget));
      return known;
    }
    const block = scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED';
    const base = (this.lineOf(node) ?? 0) + (block ? 1 : 0);
    // trimEnd, not a regular expression: /\s+$/ takes quadratic time on a long run of spaces
    const rows = text.split('\n').map((r) => r.trimEnd());
    let first = 0;
    while (first < rows.length && rows[first] === '') first++;
    let last = rows.length - 1;
    while (last >= first && rows[last] === '') last--;
    if (last - first + 1 > MAX_SIDE) this.fail(node, `${what} has ${last - first + 1} rows: more than the limit of ${MAX_SIDE}`);
    let count = 0;
    for (let r = first; r <= last; r++) {
      const row = rows[r]!;
      if (row.length > MAX_SIDE) throw new PuzzleError(this.file, base + (block ? r : 0), `${what}: row ${r - first + 1} is ${row.length} characters wide: more than the limit of ${MAX_SIDE}`);
      for (let x = 0; x < row.length; x++) {
        const code = row.charCodeAt(x);
        // '#' counts, and in board art every character that is a cell ('+' and placed pieces' names)
        if (code === 35 /* # */ || (board && code !== 46 /* . */ && code !== 32 /* space */) || (paint.size > 0 && paint.has(row[x]!)) || (drawn !== undefined && row[x] === drawn(x, r - first))) count++;
      }
    }
    this.check(node, tooManyCellsProblem(what, count, budget));
    const width = first <= last ? rows[first]!.length : 0;
    const cells: Cell[] = [];
    const optional: Cell[] = [];
    const marks = new Map<string, { cells: Cell[]; line: number }>();
    for (let r = first; r <= last; r++) {
      const row = rows[r]!;
      const line = base + (block ? r : 0);
      // on some grids (hexagons) each row starts further right: their lengths differ
      if (row.length !== width && !this.grid.art.raggedRows) {
        throw new PuzzleError(this.file, line, `${what}: ragged art: row ${r - first + 1} is ${row.length} wide but row 1 is ${width} (pad with '.')`);
      }
      for (let x = 0; x < row.length; x++) {
        const ch = row[x]!;
        const cell = [x, r - first, 0] as const;
        if (ch === point && !this.grid.art.allowed(x, r - first)) continue;
        if (ch !== '.' && ch !== ' ' && !this.grid.art.allowed(x, r - first)) {
          throw new PuzzleError(this.file, line, `${what}: row ${r - first + 1} has a cell at column ${x + 1}, ${this.grid.art.misplaced ?? 'where the grid has no cell'}`);
        }
        if (ch === '#' || (drawn !== undefined && ch === drawn(x, r - first))) cells.push(cell);
        else if (ch === '.' || ch === ' ') continue;
        else if (board && ch === OPTIONAL) {
          cells.push(cell);
          optional.push(cell);
        } else if ((board || paint.has(ch)) && /^[\p{L}\p{N}]$/u.test(ch)) {
          cells.push(cell);
          const mark = marks.get(ch);
          if (mark) mark.cells.push(cell);
          else marks.set(ch, { cells: [cell], line });
        } else {
          const how = board ? "'#' for a cell, '+' for a cell that may stay empty, a piece's one-character name for a cell it already covers, '.' for none"
            : `'#' for a cell, '.' for empty${paint.size > 0 ? `, ${[...paint].map((c) => `'${c}'`).join(', ')} for a cell of a colour` : ''}`;
          throw new PuzzleError(this.file, line, `${what}: unexpected character '${printable(String.fromCodePoint(row.codePointAt(x)!))}' in art (use ${how})`);
        }
      }
    }
    const info: ArtInfo = { width, height: Math.max(0, last - first + 1), cells, optional, marks };
    cache.set(scalar, info);
    return info;
  }

  /** Cells of an art block (see artInfo), in layer z. */
  art(node: Node | null, what: string, budget: CellBudget): Cell[] {
    return this.boardArt(node, what, budget, false).cells;
  }

  /**
   * The same, with what board art may also hold (cells that may stay empty, placed pieces' cells), or piece
   * art's cells drawn with colour characters (`paint`, among the marks).
   */
  boardArt(node: Node | null, what: string, budget: CellBudget, board = true, paint: ReadonlySet<string> = NO_PAINT): BoardArt {
    const art = this.artInfo(node, what, budget, board, paint);
    if (art.height === 0) this.fail(node, `${what} is empty: draw cells with '#'`);
    if (art.cells.length === 0) this.fail(node, `${what} has no cells: draw cells with '#'`);
    const cell = (c: Cell): Cell => this.grid.art.cellOf(c);
    this.onGrid(node, what, art, cell);
    return { cells: art.cells.map(cell), optional: art.optional.map(cell), marks: new Map([...art.marks].map(([ch, m]) => [ch, { cells: m.cells.map(cell), line: m.line }])) };
  }

  layers(node: Node | null, what: string, budget: CellBudget): Cell[] {
    return this.boardLayers(node, what, budget, false).cells;
  }

  /** Layers of art, z = 0 first; with `board`, what board art may also hold; with `paint`, colour characters. */
  boardLayers(node: Node | null, what: string, budget: CellBudget, board = true, paint: ReadonlySet<string> = NO_PAINT): BoardArt {
    const target = this.deref(node);
    if (!isSeq(target) || target.items.length === 0) this.fail(node, `${what}: layers must be a non-empty list of art, one per layer`);
    const layers = target.items as Node[];
    if (layers.length > MAX_SIDE) this.fail(node, `${what} has ${layers.length} layers: more than the limit of ${MAX_SIDE}`);
    const cells: Cell[] = [];
    const optional: Cell[] = [];
    const marks = new Map<string, { cells: Cell[]; line: number }>();
    let size: string | undefined;
    layers.forEach((layer, z) => {
      const layerWhat = `${what} layer ${z + 1}`;
      const left = z === 0 ? budget : { cells: budget.cells - cells.length, of: `the ${budget.cells - cells.length} left of ${budget.of} (layer${z > 1 ? `s 1-${z} take` : ' 1 takes'} ${cells.length})` };
      const art = this.artInfo(layer, layerWhat, left, board, paint);
      const dims = `${art.width}x${art.height}`;
      // on some grids (spheres) layers shrink as they stack (a pyramid): their sizes may differ
      if (size !== undefined && dims !== size && !this.grid.art.layersMayDiffer) this.fail(layer, `${what}: layer ${z + 1} is ${dims} but layer 1 is ${size}: all layers must be the same size`);
      if (size === undefined && art.width * art.height * layers.length > MAX_BOARD_BOX) {
        this.fail(node, `${what}: ${layers.length} layers of ${dims} make ${art.width * art.height * layers.length} cells: more than the limit of ${MAX_BOARD_BOX}`);
      }
      size = dims;
      const cell = (c: Cell): Cell => this.grid.art.cellOf([c[0], c[1], z]);
      this.onGrid(layer, layerWhat, art, cell);
      for (const c of art.cells) cells.push(cell(c));
      for (const c of art.optional) optional.push(cell(c));
      for (const [ch, m] of art.marks) {
        const mark = marks.get(ch) ?? marks.set(ch, { cells: [], line: m.line }).get(ch)!;
        for (const c of m.cells) mark.cells.push(cell(c));
      }
    });
    if (cells.length === 0) this.fail(node, `${what} has no cells: draw cells with '#'`);
    return { cells, optional, marks };
  }

  /** A whole number within [min, max]. */
  wholeNumber(node: Node | null, what: string, min: number, max: number): number {
    const target = this.deref(node);
    const v = isScalar(target) ? target.value : undefined;
    this.check(node, atLeastProblem(v, what, min, show(target)));
    if ((v as number) > max) this.fail(node, `${what} is ${v}: more than the limit of ${max}`);
    return v as number;
  }

  /**
   * `colours:` of a board or a piece (colour constraints): each colour's name and either the one character
   * that draws its cells in the art, or the list of its cells.
   */
  colours(node: Node | null, what: string, budget: CellBudget): Colouring {
    const paint = new Map<string, string>();
    const listed: { cell: Cell; colour: string; node: Node | null }[] = [];
    for (const [colour, entry] of this.map(node, `${what} colours`, [...this.anyKey(node)])) {
      this.check(entry.key, colourNameProblem(colour, `a colour of ${what}`));
      const value = this.deref(entry.value);
      if (isScalar(value)) {
        const ch = this.string(entry.value, `${what} colour '${printable(colour, 40)}'`);
        if (!/^[\p{L}\p{N}]$/u.test(ch)) this.fail(entry.value, `${what} colour '${printable(colour, 40)}' must be one letter or digit (the character that draws its cells in the art) or a list of cells, not ${show(value)}`);
        if (paint.has(ch)) this.fail(entry.value, `${what}: '${ch}' draws two colours`);
        paint.set(ch, colour);
      } else {
        for (const cell of this.cells(entry.value, `${what} colour '${printable(colour, 40)}' cells`, budget)) listed.push({ cell, colour, node: entry.value });
      }
    }
    return { paint, listed };
  }

  /** Every key of a mapping (for mappings whose keys are names the file chooses). */
  private anyKey(node: Node | null): string[] {
    const target = this.deref(node);
    if (!isMap(target)) return [];
    return (target.items as Pair<Node, Node | null>[]).map((pair) => this.keyName(pair.key, 'a colour name'));
  }

  /** A piece's count: N (exactly N copies, 0 for none), or a range 'A..B' (at least A, at most B). */
  count(node: Node | null, what: string): { min: number; max: number } {
    const target = this.deref(node);
    if (isScalar(target) && typeof target.value === 'string') {
      const m = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(target.value);
      if (!m) this.fail(node, `${what} must be a whole number or a range such as 0..2, not ${show(target)}`);
      const [min, max] = [Number(m[1]), Number(m[2])];
      if (min > max) this.fail(node, `${what} ${min}..${max}: the least is more than the most`);
      if (max > MAX_COPIES) this.fail(node, `${what} is ${max}: more than the limit of ${MAX_COPIES}`);
      return { min, max };
    }
    // 0 is allowed (as 0..0 is): a family of puzzles keeps one list of pieces and leaves some out
    const n = this.wholeNumber(node, what, 0, MAX_COPIES);
    return { min: n, max: n };
  }
}

/** A board's or a piece's colours as a file gives them: characters of its art, and cells listed. */
interface Colouring {
  readonly paint: ReadonlyMap<string, string>;
  readonly listed: readonly { readonly cell: Cell; readonly colour: string; readonly node: Node | null }[];
}

/**
 * The colours of a shape's cells (in the coordinates read): those drawn with a colour's character (`marks`
 * of its art) and those listed, each a cell of the shape and coloured once.
 */
function cellColours(r: Reader, colouring: Colouring, marks: ReadonlyMap<string, { cells: Cell[] }>, cells: readonly Cell[], what: string, node: Node | null): CellColour[] {
  const out: CellColour[] = [];
  const on = new Set(cells.map(cellKey));
  const seen = new Set<string>();
  const add = (cell: Cell, colour: string, at: Node | null): void => {
    if (!on.has(cellKey(cell))) r.fail(at, `${what} colour '${printable(colour, 40)}': [${cell.join(', ')}] is not one of its cells`);
    if (seen.has(cellKey(cell))) r.fail(at, `${what}: cell [${cell.join(', ')}] has two colours`);
    seen.add(cellKey(cell));
    out.push({ cell, colour });
  };
  for (const [ch, colour] of colouring.paint) for (const cell of marks.get(ch)?.cells ?? []) add(cell, colour, node);
  for (const { cell, colour, node: at } of colouring.listed) add(cell, colour, at);
  return out;
}

/** Board art: its cells, those that may stay empty, and those drawn with a piece's name. */
interface BoardArt {
  readonly cells: Cell[];
  readonly optional: Cell[];
  readonly marks: Map<string, { cells: Cell[]; line: number }>;
}

/** A node's value as a message shows it: short, on one line. */
function show(node: Node | null | undefined): string {
  if (isScalar(node)) return printable(JSON.stringify(node.value) ?? String(node.value), 60);
  if (isSeq(node)) return 'a list';
  if (isMap(node)) return 'a mapping';
  return node ? printable(String(node), 60) : 'nothing';
}

function box(w: number, h: number, d: number): Cell[] {
  const cells: Cell[] = [];
  for (let z = 0; z < d; z++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cells.push([x, y, z]);
  return cells;
}

const BOARD_BUDGET: CellBudget = { cells: MAX_BOARD_CELLS, of: `the limit of ${MAX_BOARD_CELLS}` };

/** Boards and pieces of grids of unit squares and cubes may be given as rect or box; the other grids are drawn or listed. */
const isBoxed = (grid: Grid): boolean => grid.cellShape === 'box';

function readBoard(r: Reader, node: Node | null, grid: GridName | undefined): BoardArt & { dims: Dimensions; colours: CellColour[] } {
  const gridDims = grid ? gridOf(grid, 2).dims : undefined;
  if (isScalar(r.deref(node))) return { ...r.boardArt(node, 'board', BOARD_BUDGET), dims: gridDims ?? 2, colours: [] };
  const keys = r.map(node, 'board', BOARD_KEYS);
  const forms = ['shape', 'rect', 'box', 'layers', 'cells', 'named'].filter((k) => keys.has(k));
  if (forms.length !== 1) r.fail(node, 'board must be art, or have exactly one of shape, rect, box, layers, cells, named');
  const form = forms[0]!;
  const value = keys.get(form)!.value;
  if ((form === 'rect' || form === 'box') && grid && !isBoxed(gridOf(grid, 2))) r.fail(keys.get(form)!.key, `board ${form} is for the square and cube grids: draw the ${grid} board, or list its cells`);
  if (form === 'layers' && gridDims === 2) r.fail(keys.get(form)!.key, `the ${grid} grid is flat: draw its board as one art, without layers`);
  let art: BoardArt;
  let dims: Dimensions;
  if (form === 'named') {
    art = { cells: r.named(value, 'board named'), optional: [], marks: new Map() };
    dims = r.grid.dims;
  } else if (form === 'cells') {
    art = { cells: r.cells(value, 'board cells', BOARD_BUDGET), optional: [], marks: new Map() };
    dims = gridDims ?? (art.cells.some((c) => c[2] !== 0) ? 3 : 2);
    const off = gridDims === 2 ? art.cells.find((c) => c[2] !== 0) : undefined;
    if (off) r.fail(value, `board cell [${off.join(', ')}] is off the flat ${grid} board (z must be 0)`);
  } else if (form === 'rect') {
    art = { cells: r.box(value, 'board rect', r.sizes(value, 'board rect', 2), BOARD_BUDGET), optional: [], marks: new Map() };
    dims = 2;
  } else if (form === 'box') {
    art = { cells: r.box(value, 'board box', r.sizes(value, 'board box', 3), BOARD_BUDGET), optional: [], marks: new Map() };
    dims = 3;
  } else if (form === 'shape') {
    art = r.boardArt(value, 'board', BOARD_BUDGET);
    dims = gridDims ?? 2;
  } else {
    art = r.boardLayers(value, 'board', BOARD_BUDGET);
    dims = 3;
  }
  if (gridDims === 2 && dims === 3) r.fail(keys.get(form)!.key, `the ${grid} grid is flat: give a 3-D board with grid: cube, or no grid`);
  if (gridDims === 3) dims = 3;
  let cells = art.cells;
  const holes = keys.get('holes');
  if (holes) {
    if (form === 'layers' || form === 'cells' || form === 'named') r.fail(holes.key, "holes go with rect or box; in layers, draw them with '.', and leave them out of cells");
    const remove = new Set<string>();
    const on = new Set(cells.map(cellKey));
    const items = (r.deref(holes.value) as { items?: Node[] }).items ?? [];
    // cells() refuses a hole listed twice, with its line
    for (const [i, h] of r.cells(holes.value, 'holes', { cells: cells.length, of: `the board's ${cells.length} cells` }).entries()) {
      if (dims === 2 && h[2] !== 0) r.fail(items[i], `hole [${h.join(', ')}] is not on the flat board`);
      if (!on.has(cellKey(h))) r.fail(items[i], `hole [${h.join(', ')}] is off the board`);
      remove.add(cellKey(h));
    }
    cells = cells.filter((c) => !remove.has(cellKey(c)));
    if (cells.length === 0) r.fail(holes.key, 'the holes leave no board');
  }
  const optionalKey = keys.get('optional');
  let listedOptional: Cell[] | undefined;
  if (optionalKey) {
    if (form !== 'cells' && form !== 'named') r.fail(optionalKey.key, "optional goes with cells or named (the board's cells that may stay empty); in art and layers, draw them '+'");
    const on = new Set(cells.map(cellKey));
    const items = (r.deref(optionalKey.value) as { items?: Node[] }).items ?? [];
    listedOptional = r.cells(optionalKey.value, 'optional', { cells: cells.length, of: `the board's ${cells.length} cells` });
    listedOptional.forEach((c, i) => {
      if (!on.has(cellKey(c))) r.fail(items[i], `optional cell [${c.join(', ')}] is not a board cell`);
    });
  }
  const read = { ...art, cells, ...(listedOptional ? { optional: listedOptional } : {}), dims };
  if (!keys.has('colours')) return { ...read, colours: [] };
  // the characters of colours are no pieces placed before
  const colouring = r.colours(keys.get('colours')!.value, 'the board', BOARD_BUDGET);
  const colours = cellColours(r, colouring, art.marks, cells, 'the board', keys.get('colours')!.value);
  const marks = new Map([...art.marks].filter(([ch]) => !colouring.paint.has(ch)));
  return { ...read, marks, colours };
}

interface RawPiece {
  name: string;
  node: Node;
  cells: Cell[];
  count: number;
  min: number;
  mirror?: boolean;
  rotate?: boolean;
  /** The listed orientations, each with its node (for messages). */
  orientations?: { cells: Cell[]; node: Node | null }[];
  color?: string;
  /** Colour constraints: colours of some cells, in the coordinates of `cells`. */
  colours?: CellColour[];
  /** BurrTools' piece group and weight (see Piece): what a disassembly lets come out together, and stay put. */
  group?: number;
  weight?: number;
}

/**
 * Reads a piece; `left` is what the board has left for it (its cells are refused before they are built beyond
 * it), `whole` the board's cells, the budget of a piece that need not be placed (`count: 0..N`): it need only
 * fit the board, whatever the pieces before it cover.
 */
function readPiece(r: Reader, name: string, node: Node | null, left: CellBudget, whole: CellBudget): RawPiece {
  const what = `piece '${name}'`;
  const target = r.deref(node);
  if (isScalar(target)) return { name, node: node!, cells: r.art(node, what, left), count: 1, min: 1 };
  const keys = r.map(node, what, PIECE_KEYS);
  const forms = ['shape', 'rect', 'box', 'layers', 'cells', 'named'].filter((k) => keys.has(k));
  if (forms.length !== 1) r.fail(node, `${what} must be art, or have exactly one of shape, rect, box, layers, cells, named`);
  const form = forms[0]!;
  const value = keys.get(form)!.value;
  const { min, max: count } = keys.has('count') ? r.count(keys.get('count')!.value, `${what} count`) : { min: 1, max: 1 };
  const budget = min === 0 ? whole : left;
  if ((form === 'rect' || form === 'box') && !isBoxed(r.grid)) r.fail(keys.get(form)!.key, `${what} ${form} is for the square and cube grids: draw the piece, or list its cells`);
  const colouring = keys.has('colours') ? r.colours(keys.get('colours')!.value, what, budget) : undefined;
  const paint = new Set(colouring?.paint.keys() ?? []);
  if (paint.size > 0 && form !== 'shape' && form !== 'layers') r.fail(keys.get('colours')!.value, `${what} colours: a character draws cells in the art, but the piece is given by ${form} (list the cells of each colour)`);
  let cells: Cell[];
  let marks: ReadonlyMap<string, { cells: Cell[] }> = new Map();
  if (form === 'shape') ({ cells, marks } = r.boardArt(value, what, budget, false, paint));
  else if (form === 'rect') cells = r.box(value, `${what} rect`, r.sizes(value, `${what} rect`, 2), budget);
  else if (form === 'box') cells = r.box(value, `${what} box`, r.sizes(value, `${what} box`, 3), budget);
  else if (form === 'layers') ({ cells, marks } = r.boardLayers(value, what, budget, false, paint));
  else if (form === 'named') {
    cells = r.named(value, `${what} named`);
    r.check(value, tooManyCellsProblem(what, cells.length, budget));
  } else cells = r.cells(value, `${what} cells`, budget);
  const piece: RawPiece = { name, node: node!, cells, count, min };
  if (colouring) piece.colours = cellColours(r, colouring, marks, cells, what, keys.get('colours')!.value);
  if (keys.has('mirror')) piece.mirror = r.boolean(keys.get('mirror')!.value, `${what} mirror`);
  if (keys.has('rotate')) piece.rotate = r.boolean(keys.get('rotate')!.value, `${what} rotate`);
  for (const key of ['group', 'weight'] as const) {
    if (keys.has(key)) piece[key] = r.wholeNumber(keys.get(key)!.value, `${what} ${key}`, 1, MAX_GROUP_OR_WEIGHT);
  }
  if (keys.has('color')) {
    const node = keys.get('color')!.value;
    const color = r.string(node, `${what} color`);
    r.check(node, colorProblem(color, what, `'${printable(color, 40)}'`));
    piece.color = color;
  }
  if (keys.has('orientations')) {
    const list = r.deref(keys.get('orientations')!.value);
    if (!isSeq(list) || list.items.length === 0) r.fail(keys.get('orientations')!.value, `${what} orientations must be a list of art (or of layers or cells mappings), one per orientation`);
    piece.orientations = (list.items as Node[]).map((item, i) => {
      const each = `${what} orientation ${i + 1}`;
      const target = r.deref(item);
      if (isScalar(target)) return { cells: r.art(item, each, budget), node: item };
      const forms = r.map(item, each, ['layers', 'cells']);
      const cells = forms.has('layers') ? r.layers(forms.get('layers')!.value, each, budget) : forms.has('cells') ? r.cells(forms.get('cells')!.value, `${each} cells`, budget) : r.fail(item, `${each} must be art, or have layers or cells`);
      return { cells, node: item };
    });
  }
  return piece;
}

function sortedExtent(cells: readonly Cell[], dims: Dimensions): number[] {
  return extent(cells).slice(0, dims).sort((a, b) => a - b);
}

/** Each alias of the document and the node it stands for: the last node anchored with its name before it. */
function aliasTargets(doc: Yaml.Document): Map<Node, Node> {
  const anchored = new Map<string, Node>();
  const targets = new Map<Node, Node>();
  yaml().visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) {
        const target = anchored.get(node.source);
        if (target) targets.set(node, target);
      } else if (node.anchor) {
        anchored.set(node.anchor, node);
      }
    },
  });
  return targets;
}

/** The message of a YAML error, on one line (a stack overflow in the parser means the nesting is too deep). */
function yamlProblem(message: string): string {
  if (/call stack/i.test(message)) return 'YAML: nested too deeply';
  return `YAML: ${printable(message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''), 200)}`;
}

/** What error messages call a puzzle text parsed without a file name. */
const UNNAMED_TEXT = 'the puzzle text';

/**
 * Parses the text of a puzzle file. `file`, when given, names it in error messages ("f.yaml:3: ...") and
 * gives the puzzle its name when the text has no `name:`; without it, errors say "the puzzle text:3: ..."
 * and the puzzle is called "puzzle".
 */
export function parsePuzzle(text: string, file?: string): Puzzle {
  const label = file ?? UNNAMED_TEXT;
  if (typeof text !== 'string') throw new PuzzleError(String(label), undefined, `the puzzle text must be a string, not ${text === null ? 'null' : typeof text}`);
  if (typeof label !== 'string') throw new PuzzleError(String(label), undefined, 'the file name must be a string when one is given');
  return parseNamedPuzzle(text, label, file === undefined ? '' : file.replace(/^.*[\\/]/, '').replace(/\.ya?ml$/i, ''));
}

function parseNamedPuzzle(text: string, file: string, fileName: string): Puzzle {
  // the parser's cost is bounded before it runs: by the text's size, then by the values it holds
  if (text.length > MAX_PUZZLE_FILE_BYTES) throw new PuzzleError(file, undefined, `the puzzle text is ${text.length} characters long: more than the limit of ${MAX_PUZZLE_FILE_BYTES / 1024 / 1024} MB`);
  const quoted = lineWhereQuotedPasses(text, MAX_QUOTED_CHARACTERS);
  if (quoted !== undefined) {
    throw new PuzzleError(file, quoted, `a quoted text of more than ${MAX_QUOTED_CHARACTERS.toLocaleString('en-US')} characters: more than the limit for a puzzle (draw a large shape as block art, after '|', not in quotes)`);
  }
  const tooMany = lineWhereValuesPass(text, MAX_YAML_VALUES);
  if (tooMany !== undefined) {
    throw new PuzzleError(file, tooMany, `more than ${MAX_YAML_VALUES} YAML values (list items, keys, numbers): more than the limit for a puzzle (draw large shapes as art, one value however large)`);
  }
  const lines = new (yaml().LineCounter)();
  let doc: Yaml.Document.Parsed;
  let aliases: Map<Node, Node>;
  try {
    // keys given twice are found here, by name (yaml's own check compares every key with every other: ten
    // thousand pieces took it seconds)
    doc = yaml().parseDocument(text, { lineCounter: lines, uniqueKeys: false });
    aliases = doc.errors.length > 0 ? new Map() : aliasTargets(doc);
  } catch (e) {
    // the parser is recursive: a deep enough nesting overflows the stack
    if (e instanceof RangeError) throw new PuzzleError(file, undefined, yamlProblem(e.message));
    throw e;
  }
  const r = new Reader(file, lines, aliases);
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new PuzzleError(file, e.linePos?.[0]?.line, yamlProblem(e.message));
  }
  const root = doc.contents as Node | null;
  if (!root) throw new PuzzleError(file, undefined, 'the file is empty: a puzzle needs a board and pieces');
  const top = r.map(root, 'the puzzle', TOP_KEYS);
  const name = top.has('name') ? r.string(top.get('name')!.value, 'name') : printable(fileName, LIMITS.nameLength) || 'puzzle';
  r.check(top.get('name')?.value, nameProblem(name, 'the puzzle name'));
  const description = top.has('description') ? r.string(top.get('description')!.value, 'description') : undefined;
  if (description !== undefined) r.check(top.get('description')!.value, descriptionProblem(description));
  const known: { total?: number; unique?: number } = {};
  if (top.has('known')) {
    for (const [k, v] of r.map(top.get('known')!.value, 'known', KNOWN_KEYS)) {
      known[k as 'total' | 'unique'] = r.positiveInt(v.value, `known ${k}`, Number.MAX_SAFE_INTEGER);
    }
  }
  if (!top.has('board')) r.fail(root, 'the puzzle has no board');
  if (!top.has('pieces')) r.fail(root, 'the puzzle has no pieces');
  let gridName: GridName | undefined;
  if (top.has('grid')) {
    const node = top.get('grid')!.value;
    const value = r.string(node, 'grid');
    r.check(node, gridNameProblem(value, `'${printable(value, 40)}'`));
    gridName = value as GridName;
    r.grid = gridOf(gridName, 2);
  }
  let wrap: Wrap | undefined;
  if (top.has('wrap')) {
    const node = top.get('wrap')!.value;
    const value = r.string(node, 'wrap');
    r.check(node, wrapNameProblem(value, `'${printable(value, 40)}'`, true));
    if (gridName !== undefined) r.check(node, wrapGridProblem(gridOf(gridName, 2)));
    wrap = value as Wrap;
  }
  const board = readBoard(r, top.get('board')!.value, gridName);
  if (wrap && board.dims !== 2) r.fail(top.get('wrap')!.value, 'wrap joins the edges of a flat square board');
  if (wrap) r.check(top.get('wrap')!.value, wrapPlacedProblem(board.marks.size > 0 || top.has('placed')));
  const dims = board.dims;
  const grid = gridOf(gridName, dims);
  // a 2-D puzzle on cubes is a one-layer 3-D puzzle: the grid names what the cells are
  const storedGrid = gridName && gridName !== gridOf(undefined, dims).name ? { grid: gridName } : {};
  const mirror = top.has('mirror') ? r.boolean(top.get('mirror')!.value, 'mirror') : dims === 2;

  const piecesNode = r.deref(top.get('pieces')!.value);
  const piecesAt = top.get('pieces')!.value ?? top.get('pieces')!.key;
  if (!isMap(piecesNode)) r.fail(piecesAt, 'pieces must be a mapping of names to pieces');
  const pairs = (piecesNode as YAMLMap).items as Pair<Node, Node | null>[];
  if (pairs.length === 0) r.fail(piecesAt, 'pieces is empty: a puzzle needs at least one piece');
  if (pairs.length > MAX_COPIES) r.fail(piecesNode, `${pairs.length} pieces: more than the limit of ${MAX_COPIES} piece copies in all`);
  const boardCells = board.cells.length;
  const boardExtent = sortedExtent(board.cells, dims);
  const names = new Map<string, string>();
  let copies = 0;
  // The cells of the copies that must be placed, piece by piece: they must fit in the board's, and every
  // piece is refused before it is built when it alone would overflow what is left.
  let area = 0;
  const pieces: Piece[] = pairs.map((pair) => {
    const pieceName = r.keyName(pair.key, 'a piece name');
    r.check(pair.key, nameProblem(pieceName, 'a piece name'));
    r.check(pair.key, nameTwiceProblem(names, pieceName, `'${pieceName}'`));
    names.set(nameSkeleton(pieceName), pieceName);
    const left = boardCells - area;
    const whole: CellBudget = { cells: boardCells, of: `the board's ${boardCells}` };
    const budget: CellBudget = left === boardCells ? whole : { cells: left, of: `the ${left} left of the board's ${boardCells} (the pieces before it cover ${area})` };
    const p = readPiece(r, pieceName, pair.value ?? pair.key, budget, whole);
    const shape = grid.normalize(p.cells);
    const what = `piece '${p.name}'`;
    if (p.colours?.length && p.orientations) r.fail(p.node, `${what} lists its orientations and has colours: give one or the other`);
    const colours = p.colours?.length ? movedAsNormalized(p.cells, shape, p.colours) : undefined;
    if (dims === 2 && extent(shape)[2] > 1) r.fail(p.node, `${what} is 3-D but the board is flat (give the board as box or layers)`);
    r.check(p.node, connectedProblem(grid, shape, what));
    const pieceExtent = sortedExtent(shape, dims);
    // turning a square or a cube keeps a box a box: a piece larger than the board's box fits nowhere (which
    // is no mistake for a piece that need not be placed: a family of boards shares one list of pieces)
    if (p.min > 0 && isBoxed(grid) && pieceExtent.some((v, i) => v > boardExtent[i]!)) {
      r.fail(p.node, `${what} (${extent(shape).slice(0, dims).join('x')}) does not fit in the board (${extent(board.cells).slice(0, dims).join('x')}) in any orientation`);
    }
    for (const [i, o] of (p.orientations ?? []).entries()) {
      r.check(o.node, orientationProblem(grid, o.cells, shape, what, i));
    }
    copies += p.count;
    r.check(p.node, copiesProblem(copies));
    area += shape.length * p.min;
    if (area > boardCells) r.fail(p.node, `the pieces up to ${what} must cover ${area} cells, more than the board's ${boardCells}: they cannot all be placed`);
    return {
      name: p.name, shape, count: p.count, mirror: p.mirror ?? mirror,
      ...(p.min !== p.count ? { min: p.min } : {}),
      ...(p.rotate !== undefined ? { rotate: p.rotate } : {}),
      ...(p.orientations ? { orientations: p.orientations.map((o) => grid.normalize(o.cells)) } : {}),
      ...(p.color !== undefined ? { color: p.color } : {}),
      ...(colours ? { colours } : {}),
      ...(p.group !== undefined ? { group: p.group } : {}),
      ...(p.weight !== undefined && p.weight !== 1 ? { weight: p.weight } : {}),
    };
  });
  if (pieces.every((p) => p.count === 0)) r.fail(piecesAt, 'every piece has count 0: there is nothing to place');
  const placed = readPlaced(r, top.get('placed'), board, pieces, grid);
  let use: number | undefined;
  if (top.has('use')) {
    const node = top.get('use')!.value;
    use = r.wholeNumber(node, 'use', 1, MAX_COPIES);
    const fewest = pieces.reduce((n, p) => n + pieceMin(p), 0);
    r.check(node, useProblem(use, copies));
    if (use < fewest) r.fail(node, `use is ${use}, fewer than the ${fewest} pieces that must be placed`);
  }
  let frame: Frame | undefined;
  if (top.has('frame')) {
    const node = top.get('frame')!.value;
    if (isMap(node)) frame = { cells: r.cells(r.map(node, 'frame', FRAME_KEYS).get('cells')?.value ?? r.fail(node, 'frame needs cells'), 'frame cells', { cells: MAX_FRAME_CELLS, of: `the limit of ${MAX_FRAME_CELLS}` }) };
    else frame = frameOfWord(r.string(node, 'frame'));
    r.check(node, frameProblem({ frame, dims, board: board.cells, pieces }));
  }
  const colourRules = top.has('colour-rules') ? readColourRules(r, top.get('colour-rules')!, board.colours, pieces) : undefined;
  const labels = top.has('labels') ? readLabels(r, top.get('labels')!.value, board.cells, dims) : undefined;
  const puzzle: Puzzle = {
    // a piece of count 0 is as if it were not listed (the file keeps it for a family of puzzles)
    name, dims, ...storedGrid, ...(wrap ? { wrap } : {}), board: [...board.cells].sort(compareCells), pieces: pieces.filter((p) => p.count > 0), mirror,
    ...(board.colours.length > 0 ? { boardColours: board.colours } : {}),
    ...(colourRules ? { colourRules } : {}),
    ...(frame ? { frame } : {}),
    ...(board.optional.length > 0 ? { optional: [...board.optional].sort(compareCells) } : {}),
    ...(placed.length > 0 ? { placed } : {}),
    ...(use !== undefined ? { use } : {}),
    ...(labels ? { labels } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(top.has('known') ? { known } : {}),
  };
  // what the checks above (which name the line) have missed, the model's own check catches
  const problem = wellFormedProblem(puzzle);
  if (problem) throw new PuzzleError(file, undefined, problem);
  return puzzle;
}

/**
 * `labels:` (see CellLabel), in one of two forms. Text, for boards of squares drawn as art: rows of words
 * separated by spaces, the word in column x of row y naming the cell [x, y] ('.' names none), so that the
 * labels can be laid out as the board is drawn. Or a mapping of names to a cell ([x, y] or [x, y, z]) or a
 * list of cells (a group: a label that leaves several cells open), for any board. Every labelled cell must
 * be a board cell, and no two labels share a name.
 */
function readLabels(r: Reader, node: Node | null, board: readonly Cell[], dims: Dimensions): CellLabel[] {
  const on = new Set(board.map(cellKey));
  const labels: CellLabel[] = [];
  const names = new Map<string, string>();
  // (a word of the text form is refused at its own row: the block's first line, then one line per row)
  const add = (name: string, cells: Cell[], at: Node | null, row?: number): void => {
    const problem = nameProblem(name, 'a label') ?? nameTwiceProblem(names, name, `'${printable(name, 40)}'`, 'labels');
    const off = cells.find((c) => !on.has(cellKey(c)));
    const bad = problem ?? (off ? labelOffBoardProblem(name, off, dims) : undefined);
    if (bad && row !== undefined) throw new PuzzleError(r.file, (r.lineOf(at) ?? 0) + 1 + row, bad);
    r.check(at, bad);
    names.set(nameSkeleton(name), name);
    labels.push({ name, cells });
  };
  const target = r.deref(node);
  if (isScalar(target) && typeof target.value === 'string') {
    if (r.grid.name !== gridOf(undefined, 2).name || dims !== 2) r.fail(node, `labels as rows of words are for flat boards of squares: give the ${r.grid.name} board's labels as a mapping of names to cells`);
    const rows = target.value.split('\n');
    while (rows.length > 0 && rows[rows.length - 1]!.trim() === '') rows.pop();
    rows.forEach((row, y) => {
      row.trim().split(/\s+/).forEach((word, x) => {
        if (word === '' || word === '.') return;
        add(word, [[x, y, 0]], node, y);
      });
    });
  } else {
    const pairs = isMap(target) ? (target.items as Pair<Node, Node | null>[]) : r.fail(node, 'labels must be rows of words (one per cell, as the board is drawn) or a mapping of names to cells');
    for (const pair of pairs) {
      const name = r.keyName(pair.key, 'a label');
      const value = r.deref(pair.value);
      const first = isSeq(value) ? r.deref((value.items as Node[])[0]) : null;
      const budget = { cells: board.length, of: `the board's ${board.length} cells` };
      const what = `label '${printable(name, 40)}'`;
      let cells: Cell[];
      if (isSeq(first)) cells = r.cells(pair.value, what, budget);
      else {
        // one cell, [x, y] or [x, y, z]
        const values = isSeq(value) ? (value.items as Node[]).map((v) => r.deref(v)) : [];
        const ok = (values.length === 2 || values.length === 3) && values.every((v) => isScalar(v) && isCoordinate(v.value));
        if (!ok) r.fail(pair.value ?? pair.key, `${what} must be a cell [x, y] or [x, y, z], or a list of cells, not ${show(value)}`);
        const v = values.map((c) => (c as Scalar<number>).value);
        cells = [[v[0]!, v[1]!, v[2] ?? 0]];
      }
      add(name, cells, pair.key);
    }
  }
  if (labels.length === 0) r.fail(node, 'labels names no cell');
  return labels;
}

/** The colours' cells moved as normalize moved the shape's: it takes the least cell read to the first cell. */
function movedAsNormalized(read: readonly Cell[], shape: readonly Cell[], colours: readonly CellColour[]): CellColour[] {
  const least = leastCell(read);
  const d = [shape[0]![0] - least[0], shape[0]![1] - least[1], shape[0]![2] - least[2]] as const;
  return colours.map(({ cell, colour }) => ({ cell: [cell[0] + d[0], cell[1] + d[1], cell[2] + d[2]], colour }));
}

/**
 * `colour-rules:` a mapping of each piece colour to the list of board colours it may lie on. Every colour it
 * names is a colour of some cell (else it is a misspelling).
 */
function readColourRules(r: Reader, entry: { key: Node; value: Node | null }, boardColours: readonly CellColour[], pieces: readonly Piece[]): ColourRule[] {
  const used = new Set([...boardColours, ...pieces.flatMap((p) => p.colours ?? [])].map((c) => c.colour));
  const target = r.deref(entry.value);
  if (!isMap(target) || target.items.length === 0) r.fail(entry.value ?? entry.key, 'colour-rules must be a mapping of each piece colour to the list of board colours it may lie on');
  const rules: ColourRule[] = [];
  const seen = new Set<string>();
  for (const pair of (target as YAMLMap).items as Pair<Node, Node | null>[]) {
    const piece = r.keyName(pair.key, 'a piece colour in colour-rules');
    if (seen.has(piece)) r.fail(pair.key, `the colour '${printable(piece, 40)}' has two rules in colour-rules`);
    seen.add(piece);
    if (!used.has(piece)) r.fail(pair.key, `colour-rules: '${printable(piece, 40)}' is the colour of no cell of the board or of a piece`);
    const list = r.deref(pair.value);
    if (!isSeq(list) || list.items.length === 0) r.fail(pair.value ?? pair.key, `colour-rules: the rule of '${printable(piece, 40)}' names no colour (give the list of board colours it may lie on)`);
    const board = (list as YAMLSeq).items.map((item) => {
      const colour = r.string(item as Node, `a board colour in the rule of '${printable(piece, 40)}'`);
      if (!used.has(colour)) r.fail(item as Node, `colour-rules: '${printable(colour, 40)}' is the colour of no cell of the board or of a piece`);
      return colour;
    });
    rules.push({ piece, board: [...new Set(board)] });
  }
  return rules;
}

/**
 * The pieces already on the board: drawn in the board art with their one-character names (each group of
 * touching cells one copy), and listed under `placed:` with their cells. Each must lie in an allowed
 * orientation of its piece, on board cells no other placed piece covers, and use no more copies than
 * the piece has.
 */
function readPlaced(
  r: Reader,
  entry: { key: Node; value: Node | null } | undefined,
  board: BoardArt & { dims: Dimensions },
  pieces: readonly Piece[],
  grid: Grid,
): PlacedPiece[] {
  const byName = new Map(pieces.map((p) => [p.name, p]));
  const placed: PlacedPiece[] = [];
  const copies = new Map<string, number>();
  const taken = new Set<string>();
  // (built only for pieces placed by list: a board of a million cells is not keyed for nothing)
  let onBoard: Set<string> | undefined;
  // a cell as the file writes it: [x, y] on a flat board
  const show = (c: Cell): string => c.slice(0, board.dims).join(', ');
  const add = (name: string, cells: Cell[], fail: (problem: string) => never): void => {
    const piece = byName.get(name)!;
    const who = `placed piece '${name}'`;
    const problem = placedShapeProblem(`${who} at [${show(cells[0]!)}]`, piece, cells, grid) ?? placedOverlapProblem(who, cells, taken, show);
    if (problem) fail(problem);
    for (const c of cells) taken.add(cellKey(c));
    const n = (copies.get(name) ?? 0) + 1;
    copies.set(name, n);
    const tooMany = placedCopiesProblem(name, n, piece);
    if (tooMany) fail(tooMany);
    placed.push({ piece: name, cells: [...cells].sort(compareCells) });
  };
  for (const [ch, mark] of board.marks) {
    const fail = (problem: string): never => {
      throw new PuzzleError(r.file, mark.line, problem);
    };
    if (!byName.has(ch)) fail(`board: '${printable(ch)}' in the art is not the name of a piece (use '#' for a cell, '+' for a cell that may stay empty, a piece's one-character name for a cell it covers)`);
    for (const part of components(mark.cells, grid)) add(ch, part, fail);
  }
  if (entry) {
    const list = r.deref(entry.value);
    if (!isSeq(list) || list.items.length === 0) r.fail(entry.value ?? entry.key, 'placed must be a list of {piece: NAME, cells: [[x, y], ...]}');
    for (const item of list.items as Node[]) {
      const keys = r.map(item, 'a placed piece', PLACED_KEYS);
      if (!keys.has('piece') || !keys.has('cells')) r.fail(item, 'a placed piece needs piece (its name) and cells');
      const name = r.string(keys.get('piece')!.value, 'placed piece');
      if (!byName.has(name)) r.fail(keys.get('piece')!.value, `placed piece '${printable(name, 40)}' is not one of the pieces`);
      const cells = r.cells(keys.get('cells')!.value, `placed piece '${name}' cells`, { cells: board.cells.length, of: `the board's ${board.cells.length} cells` });
      r.check(keys.get('cells')!.value, placedOffBoardProblem(`placed piece '${name}'`, cells, onBoard ??= new Set(board.cells.map(cellKey)), show));
      add(name, cells, (problem) => r.fail(item, problem));
    }
  }
  return placed;
}

/** The groups of face-touching cells (each copy of a piece drawn in the art). */
function components(cells: readonly Cell[], grid: Grid): Cell[][] {
  const left = new Map(cells.map((c) => [cellKey(c), c]));
  const out: Cell[][] = [];
  for (const start of cells) {
    if (!left.has(cellKey(start))) continue;
    left.delete(cellKey(start));
    const part: Cell[] = [start];
    for (let i = 0; i < part.length; i++) {
      const c = part[i]!;
      for (const n of grid.neighbours(c)) {
        const next = left.get(cellKey(n));
        if (next) {
          left.delete(cellKey(n));
          part.push(next);
        }
      }
    }
    out.push(part);
  }
  return out;
}

/**
 * Largest puzzle text read (a file, a file dropped on the web app, a link's puzzle): a board of the largest
 * bounding box, 4096 x 4096, fits as art. Checked before the text is read or parsed.
 */
export const MAX_PUZZLE_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Most YAML values (scalars, lists and maps) a puzzle text may hold, counted from its characters before it
 * is parsed. The parser keeps about a kilobyte and takes some 50 microseconds per value, so a text of short
 * values (`[0,0],` repeated) costs a thousand times its size: 50,000 values keep a parse within some 50 MB
 * and a few seconds. Art is one value however large, so this bounds only lists written out cell by cell
 * (some 12,000 cells of a board or of placed pieces).
 */
export const MAX_YAML_VALUES = 50_000;

/**
 * Where a text passes `limit` YAML values, as its line (from 1), or undefined when it holds no more. A value
 * starts after a flow indicator ('[', '{', ','), after a block indicator ('-', ':' or '?' followed by a
 * space or the line's end) or on a new line, so counting those characters bounds the values from above
 * (a comma in a description counts too: the count errs on the safe side, and real puzzles hold hundreds).
 */
function lineWhereValuesPass(text: string, limit: number): number | undefined {
  let marks = 1;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 44 || c === 91 || c === 123) {
      // ',' '[' '{'
    } else if (c === 45 || c === 58 || c === 63) {
      // '-' ':' '?' are indicators only before a space or a line's end ('-1' and 'a:b' are one value)
      const next = text.charCodeAt(i + 1);
      if (!(next === 32 || next === 9 || next === 10 || next === 13 || Number.isNaN(next))) continue;
    } else continue;
    if (++marks > limit) return line;
  }
  return undefined;
}

/**
 * Longest quoted text ("..." or '...') a puzzle text may hold. The YAML parser builds a quoted scalar a
 * character at a time, at some 50 bytes of memory a character (a 19 MB quoted string ran out of a 512 MB
 * heap; plain and block scalars cost a tenth of that): a million characters is a 1000x1000 board drawn
 * as quoted art, and costs some 50 MB.
 */
export const MAX_QUOTED_CHARACTERS = 1_000_000;

/**
 * Where a quoted text longer than `limit` characters starts, as its line (from 1), or undefined when there
 * is none. A quote opens a quoted scalar only where a YAML value starts (after indentation, ':', '-', '?',
 * '[', '{' or ',' and spaces), so the apostrophe of "it's" in plain text opens none; comments are skipped.
 */
function lineWhereQuotedPasses(text: string, limit: number): number | undefined {
  let line = 1;
  let valueMayStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      valueMayStart = true;
    } else if (c === 32 || c === 9 || c === 13) {
      // (spaces keep what came before)
    } else if (c === 35 && (i === 0 || /\s/.test(text[i - 1]!))) {
      // '#' after a space or at a line's start: a comment to the line's end
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== 10) i++;
    } else if ((c === 34 || c === 39) && valueMayStart) {
      const start = line;
      let length = 0;
      for (i++; i < text.length; i++, length++) {
        const d = text.charCodeAt(i);
        if (length > limit) return start;
        if (d === 10) line++;
        if (c === 34 && d === 92) i++; // "\x": an escape in double quotes
        else if (d === c) {
          if (c === 39 && text.charCodeAt(i + 1) === 39) i++; // '' in single quotes
          else break;
        }
      }
      valueMayStart = false;
    } else {
      valueMayStart = c === 58 || c === 45 || c === 63 || c === 91 || c === 123 || c === 44;
    }
  }
  return undefined;
}

/** Art rows of one layer of a shape, relative to the given bounding box; `marks` draws some cells with another character. */
function artRows(cells: readonly Cell[], min: Cell, size: Cell, z: number, marks: ReadonlyMap<string, string> = new Map()): string[] {
  const on = new Set(cells.map(cellKey));
  const rows: string[] = [];
  for (let y = 0; y < size[1]; y++) {
    let row = '';
    for (let x = 0; x < size[0]; x++) {
      const key = cellKey([min[0] + x, min[1] + y, min[2] + z]);
      row += on.has(key) ? marks.get(key) ?? '#' : '.';
    }
    rows.push(row);
  }
  return rows;
}

function block(rows: string[], indent: string): string {
  return rows.length === 1 ? ` "${rows[0]}"\n` : ` |\n${rows.map((row) => `${indent}${row}\n`).join('')}`;
}

/** A shape as the format writes it: inline rect/box when it is a large box, else art or layers of art. */
function shapeYaml(cells: readonly Cell[], rectAbove: number, marks?: ReadonlyMap<string, string>): { inline?: string; art?: string[]; layers?: string[][] } {
  const [w, h, d] = extent(cells);
  const { min } = bounds(cells);
  if (isBox(cells) && (w > rectAbove || h > rectAbove)) return { inline: d === 1 ? `rect: [${w}, ${h}]` : `box: [${w}, ${h}, ${d}]` };
  if (d === 1) return { art: artRows(cells, min, [w, h, d], 0, marks) };
  return { layers: Array.from({ length: d }, (_, z) => artRows(cells, min, [w, h, d], z, marks)) };
}

/**
 * A shape on a grid other than squares and cubes as art rows (one list per layer), drawn where the grid's
 * art puts each cell: moved right and down by a move of the grid only when some cell would be drawn left of
 * the first column or above the first row (so a board read from art is written back where it was).
 */
function gridArtLayers(grid: Grid, cells: readonly Cell[], marks: ReadonlyMap<string, string> = new Map(), tight = false): string[][] {
  const art = cells.map((c) => ({ at: grid.art.of(c), key: cellKey(c) }));
  const lo = [0, 1].map((i) => Math.min(...art.map((a) => a.at[i]!)));
  // a piece is drawn from its first row and column (it is read back up to a move anyway)
  const [dc0, dr0] = lo.map((v) => (tight ? -v : Math.max(0, -v))) as [number, number];
  // hexagon rows keep their columns' parity, triangles their up and down: shift by one more when needed
  // (sticks keep both: a shift of one column or one row turns a stick across)
  const [dc, dr] = ([[0, 0], [1, 0], [0, 1], [1, 1]] as const).map(([i, j]) => [dc0 + i, dr0 + j] as const).find(([c, r]) => isArtMove(grid, c, r)) ?? [dc0 + 1, dr0];
  const placed = new Map(art.map((a) => [`${a.at[0] + dc},${a.at[1] + dr},${a.at[2]}`, marks.get(a.key) ?? grid.art.cellCharacter?.(a.at[0] + dc, a.at[1] + dr) ?? '#']));
  const zs = art.map((a) => a.at[2]);
  const [z0, z1] = [Math.min(...zs), Math.max(...zs)];
  const layers: string[][] = [];
  for (let z = z0; z <= z1; z++) {
    // every layer of a sphere board is drawn from the first column and row; hexagon rows as far as they go;
    // on grids whose layers must be of one size (prisms), every layer as wide and as high as the widest
    const mine = grid.art.layersMayDiffer ? art.filter((a) => a.at[2] === z) : art;
    const width = Math.max(0, ...mine.map((a) => a.at[0] + dc + 1));
    const height = Math.max(0, ...mine.map((a) => a.at[1] + dr + 1));
    const rows: string[] = [];
    for (let r = 0; r < height; r++) {
      let row = '';
      for (let c = 0; c < width; c++) row += placed.get(`${c},${r},${z}`) ?? (grid.art.allowed(c, r) ? '.' : grid.art.pointCharacter ?? ' ');
      rows.push(row.trimEnd() || '.');
    }
    layers.push(rows);
  }
  return layers;
}

/** Cells as a YAML flow list: [[x, y, z], ...]. */
const cellList = (cells: readonly Cell[]): string => `[${cells.map((c) => `[${c.join(', ')}]`).join(', ')}]`;

/**
 * The board, pieces and pieces placed of a puzzle on a grid other than squares and cubes (after the head):
 * drawn as the grid's art, or listed cell by cell on a grid whose files list them (a board that is a shape
 * the grid names, by its name).
 */
function formatOnGrid(puzzle: Puzzle, grid: Grid): string {
  let out = `grid: ${grid.name}\n`;
  const listed = grid.art.listed === true;
  const painted = colourMarks(puzzle.boardColours);
  if (listed || colouredOptional(puzzle, painted)) {
    const sorted = cellList([...puzzle.board].sort(compareCells));
    const named = Object.entries(grid.namedShapes ?? {}).find(([, shape]) => shape.length === puzzle.board.length && cellList(shape) === sorted)?.[0];
    out += named !== undefined ? `board:\n  named: ${named}\n${listedBoardExtras(puzzle)}` : listedBoard(puzzle);
  } else {
    const marks = new Map([...(painted?.marks ?? []), ...(puzzle.optional ?? []).map((c) => [cellKey(c), '+'] as const)]);
    const board = gridArtLayers(grid, puzzle.board, marks);
    const boardColours = painted ? `  colours: ${painted.yaml}\n` : '';
    if (boardColours) out += board.length === 1 ? `board:\n  shape:${block(board[0]!, '    ')}${boardColours}` : `board:\n  layers:\n${board.map((rows) => `    -${block(rows, '      ')}`).join('')}${boardColours}`;
    else out += board.length === 1 ? `board:${block(board[0]!, '  ')}` : `board:\n  layers:\n${board.map((rows) => `    -${block(rows, '      ')}`).join('')}`;
  }
  out += 'pieces:\n';
  for (const p of puzzle.pieces) {
    const orientation = (o: readonly Cell[]): string => {
      if (listed) return `{cells: ${cellList(o)}}`;
      const layers = gridArtLayers(grid, o, new Map(), true);
      return layers.length === 1 ? JSON.stringify(layers[0]!.join('\n')) : `{layers: ${JSON.stringify(layers.map((rows) => rows.join('\n')))}}`;
    };
    const paint = colourMarks(p.colours);
    const options = pieceOptions(puzzle, p, [
      paint ? `colours: ${listed ? listedColours(p.colours!) : paint.yaml}` : '',
      p.orientations ? `orientations: [${p.orientations.map(orientation).join(', ')}]` : '',
    ]);
    const key = `  ${quoteKey(p.name)}:`;
    if (listed) {
      out += `${key} {${[`cells: ${cellList(p.shape)}`, ...options].join(', ')}}\n`;
      continue;
    }
    const layers = gridArtLayers(grid, p.shape, paint?.marks ?? new Map(), true);
    if (layers.length === 1 && options.length === 0) out += `${key}${block(layers[0]!, '    ')}`;
    else if (layers.length === 1) out += `${key}\n    shape:${block(layers[0]!, '      ')}${options.map((o) => `    ${o}\n`).join('')}`;
    else out += `${key}\n    layers:\n${layers.map((rows) => `      -${block(rows, '        ')}`).join('')}${options.map((o) => `    ${o}\n`).join('')}`;
  }
  if (puzzle.placed?.length) {
    out += 'placed:\n';
    for (const p of puzzle.placed) out += `  - {piece: ${JSON.stringify(p.piece)}, cells: ${JSON.stringify(p.cells.map((c) => c.slice(0, puzzle.dims)))}}\n`;
  }
  return out;
}

/** Whether a cell that may stay empty has a colour: art draws it '+' or its colour's letter, not both. */
function colouredOptional(puzzle: Puzzle, painted: { marks: ReadonlyMap<string, string> } | undefined): boolean {
  return painted !== undefined && (puzzle.optional ?? []).some((c) => painted.marks.has(cellKey(c)));
}

/** Colours as lists of their cells: `{"red": [[x, y, z], ...], ...}`. */
function listedColours(colours: readonly CellColour[]): string {
  const byColour = new Map<string, Cell[]>();
  for (const { cell, colour } of colours) (byColour.get(colour) ?? byColour.set(colour, []).get(colour)!).push(cell);
  return `{${[...byColour].map(([colour, cells]) => `${JSON.stringify(colour)}: ${cellList(cells)}`).join(', ')}}`;
}

/** A board's cells that may stay empty and its colours, listed under a board given by its cells or its name. */
function listedBoardExtras(puzzle: Puzzle): string {
  return `${puzzle.optional?.length ? `  optional: ${cellList(puzzle.optional)}\n` : ''}${puzzle.boardColours?.length ? `  colours: ${listedColours(puzzle.boardColours)}\n` : ''}`;
}

/** A board listed cell by cell, with its cells that may stay empty and its colours. */
function listedBoard(puzzle: Puzzle): string {
  return `board:\n  cells: ${cellList(puzzle.board)}\n${listedBoardExtras(puzzle)}`;
}

/** The characters that draw colours in written art: letters, as many as BurrTools has colours and more. */
const PAINT_CHARACTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', ...Array.from({ length: 48 }, (_, i) => String.fromCodePoint(0x3b1 + (i % 24) + (i >= 24 ? -0x20 : 0)))]
  .filter((c, i, all) => all.indexOf(c) === i && /^\p{L}$/u.test(c));

/**
 * Colours on cells as written: each colour drawn in the art with a letter of its own (`marks`, by cell key,
 * for the art writers), and `colours:` saying which letter draws which colour. Undefined without colours.
 */
function colourMarks(colours: readonly CellColour[] | undefined): { marks: Map<string, string>; yaml: string } | undefined {
  if (!colours?.length) return undefined;
  const letter = new Map<string, string>();
  for (const { colour } of colours) if (!letter.has(colour)) letter.set(colour, PAINT_CHARACTERS[letter.size % PAINT_CHARACTERS.length]!);
  if (letter.size > PAINT_CHARACTERS.length) throw new RangeError(`more than ${PAINT_CHARACTERS.length} colours on one shape`);
  return {
    marks: new Map(colours.map(({ cell, colour }) => [cellKey(cell), letter.get(colour)!])),
    yaml: `{${[...letter].map(([colour, ch]) => `${JSON.stringify(colour)}: ${ch}`).join(', ')}}`,
  };
}

function quoteKey(name: string): string {
  return /^[A-Za-z_][\w-]*$/.test(name) && !['true', 'false', 'null', 'yes', 'no', 'on', 'off'].includes(name.toLowerCase()) ? name : JSON.stringify(name);
}

/**
 * A piece's keys as both writers put them after its shape, those that differ from the defaults: count,
 * mirror, rotate and color, then `shapeKeys` (its colours and orientations, each writer its way), then
 * BurrTools' group and weight.
 */
function pieceOptions(puzzle: Puzzle, p: Piece, shapeKeys: readonly string[]): string[] {
  const least = pieceMin(p);
  return [
    least !== p.count ? `count: ${least}..${p.count}` : p.count !== 1 ? `count: ${p.count}` : '',
    p.mirror !== puzzle.mirror ? `mirror: ${p.mirror}` : '',
    p.rotate === false ? 'rotate: false' : '',
    p.color !== undefined ? `color: ${JSON.stringify(p.color)}` : '',
    ...shapeKeys,
    p.group !== undefined ? `group: ${p.group}` : '',
    p.weight !== undefined && p.weight !== 1 ? `weight: ${p.weight}` : '',
  ].filter(Boolean);
}

/**
 * Writes a puzzle in the documented YAML forms; parsePuzzle reads it back to an equal puzzle. Cells that may
 * stay empty are drawn '+' in the board art, and pieces already placed are listed under `placed:` (which
 * any name can use), so that a written board is always art when it has either.
 */
export function formatPuzzle(puzzle: Puzzle): string {
  // (only what a file can hold is written: a NaN cell, half a cell or Infinity copies would be written as
  // another puzzle, or as none)
  const problem = wellFormedProblem(puzzle);
  if (problem) throw new InvalidPuzzleError(`formatPuzzle: ${problem}`);
  let out = `name: ${JSON.stringify(puzzle.name)}\n`;
  if (puzzle.description !== undefined) out += `description: ${JSON.stringify(puzzle.description)}\n`;
  if (puzzle.known) out += `known: {${Object.entries(puzzle.known).map(([k, v]) => `${k}: ${v}`).join(', ')}}\n`;
  const defaultMirror = puzzle.dims === 2;
  if (puzzle.mirror !== defaultMirror) out += `mirror: ${puzzle.mirror}\n`;
  if (puzzle.use !== undefined) out += `use: ${puzzle.use}\n`;
  if (puzzle.wrap) out += `wrap: ${puzzle.wrap}\n`;
  if (puzzle.frame) out += 'cells' in puzzle.frame ? `frame: {cells: [${puzzle.frame.cells.map((c) => `[${c.join(', ')}]`).join(', ')}]}\n` : `frame: ${quoteKey(frameName(puzzle.frame))}\n`;
  if (puzzle.colourRules?.length) out += `colour-rules: {${puzzle.colourRules.map((r) => `${JSON.stringify(r.piece)}: ${JSON.stringify(r.board)}`).join(', ')}}\n`;
  if (puzzle.labels?.length) {
    const cell = (c: Cell): string => `[${c.slice(0, puzzle.dims).join(', ')}]`;
    out += `labels: {${puzzle.labels.map((l) => `${quoteKey(l.name)}: ${l.cells.length === 1 ? cell(l.cells[0]!) : `[${l.cells.map(cell).join(', ')}]`}`).join(', ')}}\n`;
  }
  const grid = puzzleGrid(puzzle);
  if (!isBoxed(grid)) return out + formatOnGrid(puzzle, grid);
  const [w, h, d] = extent(puzzle.board);
  const painted = colourMarks(puzzle.boardColours);
  const plain = !puzzle.optional?.length && !painted;
  if (plain && puzzle.dims === 3 && isBox(puzzle.board)) out += `board: {box: [${w}, ${h}, ${d}]}\n`;
  else if (plain && puzzle.dims === 2 && isBox(puzzle.board) && w > 40) out += `board: {rect: [${w}, ${h}]}\n`;
  else if (colouredOptional(puzzle, painted)) out += listedBoard(puzzle);
  else {
    const marks = new Map([...(painted?.marks ?? []), ...(puzzle.optional ?? []).map((c) => [cellKey(c), '+'] as const)]);
    const boardColours = painted?.yaml;
    const s = shapeYaml(puzzle.board, Infinity, marks);
    if (puzzle.dims === 2) out += boardColours ? `board:\n  shape:${block(s.art!, '    ')}  colours: ${boardColours}\n` : `board:${block(s.art!, '  ')}`;
    else out += `board:\n  layers:\n${(s.layers ?? [s.art!]).map((rows) => `    -${block(rows, '      ')}`).join('')}${boardColours ? `  colours: ${boardColours}\n` : ''}`;
  }
  out += 'pieces:\n';
  for (const p of puzzle.pieces) {
    const paint = colourMarks(p.colours);
    const options = pieceOptions(puzzle, p, [
      paint ? `colours: ${paint.yaml}` : '',
      p.orientations ? `orientations: [${p.orientations.map((o) => (extent(o)[2] > 1 ? `{cells: ${JSON.stringify(o)}}` : JSON.stringify(artRows(o, [0, 0, 0], extent(o), 0).join('\n')))).join(', ')}]` : '',
    ]);
    const s = shapeYaml(p.shape, paint ? Infinity : 12, paint?.marks);
    const key = `  ${quoteKey(p.name)}:`;
    if (s.inline) out += `${key} {${[s.inline, ...options].join(', ')}}\n`;
    else if (s.art && options.length === 0) out += `${key}${block(s.art, '    ')}`;
    else if (s.art) out += `${key}\n    shape:${block(s.art, '      ')}${options.map((o) => `    ${o}\n`).join('')}`;
    else out += `${key}\n    layers:\n${s.layers!.map((rows) => `      -${block(rows, '        ')}`).join('')}${options.map((o) => `    ${o}\n`).join('')}`;
  }
  if (puzzle.placed?.length) {
    out += 'placed:\n';
    for (const p of puzzle.placed) out += `  - {piece: ${JSON.stringify(p.piece)}, cells: ${JSON.stringify(p.cells.map((c) => c.slice(0, puzzle.dims)))}}\n`;
  }
  return out;
}
