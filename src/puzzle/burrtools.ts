/**
 * BurrTools files (.xmpuzzle): gzip-compressed XML, as BurrTools 0.6 reads and writes them.
 *
 *   <puzzle version="2">
 *     <gridType type="0"/>                      0 bricks (cubes), 2 spheres, 3 rhombic tetrahedra,
 *                                                4 tetrahedra-octahedra; 1 (triangular prisms) another
 *     <colors/>
 *     <shapes>
 *       <voxel x="3" y="2" z="1" type="0" name="L">###_#_</voxel>
 *       ...                                      one character per position x + X * (y + Y * z) of the box:
 *     </shapes>                                  '_' empty, '#' filled, '+' variable (may stay empty); digits
 *     <problems>                                 after a character give it a colour (a placement constraint)
 *       <problem name="..." state="0">
 *         <shapes><shape id="1" count="2"/><shape id="2" min="0" max="1"/></shapes>   the pieces
 *         <result id="0"/>                                                           the shape to fill
 *         <bitmap/>
 *         <solutions><solution><assembly>x y z t x y z t ...</assembly></solution></solutions>
 *       </problem>
 *     </problems>
 *     <comment>...</comment>
 *   </puzzle>
 *
 * A problem is one snug puzzle: the result shape is the board (its variable voxels the cells that may stay
 * empty), each <shape> of the problem a piece with its count or range. BurrTools only turns pieces, never
 * mirrors them; a flat piece turned over is a turn in space, so flat pieces may be turned over and others
 * not. (On the sphere grid BurrTools also turns a flat piece within a slanted layer by 60 degrees: those
 * are the orientations snug's sphere grid gives a flat piece when it may be turned over.)
 *
 * An assembly lists, for every copy of every piece of the problem in order (each piece's `max` copies), the
 * position and transformation of that copy, or "x" for one not placed: the piece's voxels v land on
 * position + R (v - hotspot), R the transformation's rotation (hotspot: the voxel's hx, hy, hz, 0 when
 * absent). The cube rotations are numbered differently on the two grids: each grid of snug that BurrTools
 * has says its grid type and its turns in BurrTools' order (`burrTools` of the grids in geometry/grids).
 *
 * The sphere grid's voxel space is the lattice itself: positions with an even x + y + z are the spheres, and
 * each touches the 12 at (±1, ±1, 0) in any order of the axes, exactly snug's sphere cells. The
 * tetrahedra-octahedra grid's voxel positions are snug's cells of that grid as they are (5 of each block of
 * 3x3x3), and BurrTools turns its shapes with the brick grid's turns, numbered as the bricks' are. So are
 * the rhombic grid's: its tetrahedra are the positions of each block of 5x5x5 whose coordinates, each folded
 * to the nearer end of the block, are 0, 1 and 2 in some order; BurrTools leaves the others empty.
 */
import type { Cell } from '../geometry/cell.js';
import { bounds, cellKey, compareCells, extent, leastCell } from '../geometry/cell.js';
import type { BurrToolsGrid, Grid } from '../geometry/grid.js';
import { shapeKeyOn } from '../geometry/grid.js';
import { gridOf, registeredGrids } from '../geometry/grids/index.js';
import { CellTable } from '../geometry/cell-table.js';
import { PuzzleError } from './errors.js';
import type { Piece, Puzzle, Solution } from './model.js';
import { hasColourConstraints, pieceMin, puzzleGrid } from './model.js';
import { allowedOrientations, colouredKey, colouredOrientations } from './orientations.js';
import { printable } from './printable.js';
import { boxOrienter } from './box-orienter.js';
import { parseCssColour } from './colour.js';

/** Colours for BurrTools' <colors> when a colour's name is no CSS colour. */
const PALETTE = ['#d62728', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
import { gunzipText, gzip, xmlParserModule as fxp } from '../platform/host.js';
import { LIMITS, copiesProblem, descriptionProblem, nameProblem, wellFormedProblem } from './validate.js';

/** Largest uncompressed file read: a shape of the largest box, 4096 x 4096, fits; checked as it unpacks. */
export const MAX_XMPUZZLE_BYTES = 20 * 1024 * 1024;

/**
 * Most XML elements read (counted as '<' characters, before the text is parsed): the parser keeps some 300
 * bytes and takes some 40 microseconds per element, so that 200,000 stay within about 60 MB and seconds.
 * BurrTools' own files hold a few thousand (a shape is one element however many voxels it has); a file
 * with thousands of stored disassemblies may hold more.
 */
export const MAX_XMPUZZLE_ELEMENTS = 200_000;

/** BurrTools' grids, by the number of <gridType type=...>. */
const GRID_TYPES: Readonly<Record<number, string>> = {
  0: 'brick (cubes)',
  1: 'triangular prism',
  2: 'sphere',
  3: 'rhombic tetrahedra',
  4: 'tetrahedra-octahedra',
};

/** snug's grids that are BurrTools' grid of this type (the brick grid is both the square and the cube grid). */
function gridsOfType(type: number): Grid[] {
  return registeredGrids().filter((g) => g.burrTools?.type === type);
}

/** The rotations an assembly's transformation numbers name on BurrTools' grid of this type. */
function turnsOfType(type: number): BurrToolsGrid['turns'] {
  return gridsOfType(type)[0]?.burrTools?.turns ?? [];
}

function apply(m: readonly number[], c: Cell): Cell {
  return [m[0]! * c[0] + m[1]! * c[1] + m[2]! * c[2], m[3]! * c[0] + m[4]! * c[1] + m[5]! * c[2], m[6]! * c[0] + m[7]! * c[1] + m[8]! * c[2]];
}

/**
 * A BurrTools turn as a map of the grid's cells: the grid's symmetry with that matrix on its lattice
 * coordinates (a prism turns about a corner of its triangles). The flat square grid's turns are the cube's,
 * among none of its own symmetries: there the cells are their own lattice coordinates.
 */
function turnOf(grid: Grid, m: readonly number[]): (c: Cell) => Cell {
  const symmetry = grid.symmetries.find((t) => t.matrix.every((v, i) => v === m[i]));
  return symmetry ? symmetry.apply : (c) => apply(m, c);
}

/** Where BurrTools puts a piece's hotspot (the origin of its box) for its cells moved by d after a turn: the turned origin, moved. */
function hotspotAt(turn: (c: Cell) => Cell, d: Cell): Cell {
  return add(turn([0, 0, 0]), d);
}

/** One shape of the file: its voxels by state. */
interface Voxels {
  readonly name: string;
  readonly size: Cell;
  readonly filled: Cell[];
  readonly variable: Cell[];
  /** The colours of its coloured voxels (BurrTools' colour numbers, from 1). */
  readonly colours: { readonly cell: Cell; readonly colour: number }[];
  /** BurrTools' weight (1 when the file gives none). */
  readonly weight: number;
}

type XmlNode = Record<string, unknown>;

/** How many problems a BurrTools file holds (each is a puzzle: parseBurrTools reads one). */
export function burrToolsProblemCount(data: Uint8Array, file: string): number {
  const root = readXml(data, (why: string): never => {
    throw new PuzzleError(file, undefined, why);
  }, false);
  return list(root.problems, 'problem').length;
}

/**
 * Reads problem `problem` (1-based; default the first) of a BurrTools file into a snug puzzle. `file`
 * names the file in messages: every problem is a PuzzleError of one line.
 */
export function parseBurrTools(data: Uint8Array, file: string, problem = 1): Puzzle {
  const fail = (why: string): never => {
    throw new PuzzleError(file, undefined, why);
  };
  const root = readXml(data, fail, false);
  const grids = gridsOfType(root.gridType);
  // BurrTools' grid as snug has it in space (its voxels are checked against it), and flat when it has that too
  const solidGrid = grids.find((g) => g.dims === 3);
  const flatGrid = grids.find((g) => g.dims === 2);
  const voxelGrid = solidGrid ?? flatGrid!;
  const problems = list(root.problems, 'problem');
  if (problems.length === 0) fail('the file has no problems: BurrTools keeps each puzzle as a problem of its shapes');
  if (!Number.isInteger(problem) || problem < 1 || problem > problems.length) {
    fail(`there is no problem ${problem}: the file has ${problems.length} problem${problems.length === 1 ? '' : 's'} (--problem 1${problems.length > 1 ? ` to ${problems.length}` : ''})`);
  }
  const node = problems[problem - 1]!;
  const where = problems.length > 1 ? `problem ${problem}: ` : '';
  const failHere = (why: string): never => fail(`${where}${why}`);
  const shapes = list(root.shapes, 'voxel');
  if (shapes.length === 0) fail('the file has no shapes');
  // each shape is read once, however many times the problem names it, and only after the voxels of the
  // board and of all its pieces have been counted against their limits (counting allocates nothing)
  const read = new Map<number, Voxels>();
  const shape = (id: string | undefined, what: string): { id: number; count: () => number; voxels: () => Voxels } => {
    const n = wholeNumber(id);
    if (n === undefined) failHere(`${what} has no valid shape id`);
    if (n! >= shapes.length) failHere(`${what} names shape ${n! + 1}, but the file has ${shapes.length} shapes`);
    const voxels = (): Voxels => read.get(n!) ?? read.set(n!, readVoxels(shapes[n!]!, n!, voxelGrid, failHere)).get(n!)!;
    return { id: n!, count: () => voxelCount(shapes[n!]!), voxels };
  };

  for (const feature of ['maxHoles']) {
    if (attribute(node, feature) !== undefined) failHere(`${feature} (a limit on the variable voxels left empty) is not supported`);
  }
  const resultNode = (node.result as XmlNode | undefined) ?? failHere('the problem has no result shape');
  const result = shape(attribute(resultNode as XmlNode, 'id'), 'the result');
  const parts = list(node.shapes, 'shape');
  if (parts.length === 0) failHere('the problem has no pieces');

  const boardVoxels = result.count();
  if (boardVoxels > LIMITS.boardCells) failHere(`the result shape ${shapeName(shapes[result.id]!, result.id)} has ${boardVoxels} voxels: more than the limit of ${LIMITS.boardCells}`);
  let pieceVoxels = 0;
  for (const part of parts) {
    // a piece of no copies is never read (its count is checked below)
    if (wholeNumber(attribute(part, 'count') ?? attribute(part, 'max')) === 0) continue;
    const { id, count } = shape(attribute(part, 'id'), 'a piece');
    const n = count();
    if (n > boardVoxels) failHere(`the piece ${shapeName(shapes[id]!, id)} has ${n} voxels: more than the board's ${boardVoxels}`);
    pieceVoxels += n;
    if (pieceVoxels > LIMITS.boardCells) failHere(`the pieces have more than ${LIMITS.boardCells} voxels in all (each piece of the problem counted once): more than the limit of ${LIMITS.boardCells}`);
  }
  const board = result.voxels();
  if (board.filled.length + board.variable.length === 0) failHere(`the result shape ${board.name} is empty`);
  const pieces: { voxels: Voxels; min: number; max: number; group: number }[] = [];
  let copies = 0;
  for (const part of parts) {
    const id = attribute(part, 'id');
    const { voxels } = shape(id, 'a piece');
    const count = attribute(part, 'count');
    let min = 1;
    let max = 1;
    if (count !== undefined) min = max = wholeNumber(count) ?? failHere(`a piece count is not a whole number from 0 to 999,999,999: '${printable(count, 20)}'`);
    else if (attribute(part, 'min') !== undefined && attribute(part, 'max') !== undefined) {
      min = wholeNumber(attribute(part, 'min')) ?? failHere('a piece minimum is not a whole number from 0 to 999,999,999');
      max = wholeNumber(attribute(part, 'max')) ?? failHere('a piece maximum is not a whole number from 0 to 999,999,999');
      if (min > max) failHere(`a piece range goes from ${min} down to ${max}`);
    }
    copies += max;
    const tooMany = copiesProblem(copies);
    if (tooMany) failHere(tooMany);
    const group = pieceGroup(part, max, failHere);
    if (max === 0) continue;
    const v = voxels();
    if (v.variable.length > 0) failHere(`the piece ${v.name} has variable voxels ('+'): only a result shape may have them`);
    if (v.filled.length === 0) failHere(`the piece ${v.name} is empty`);
    pieces.push({ voxels: v, min, max, group });
  }
  if (pieces.length === 0) failHere('the problem has no pieces');
  // colour constraints: the file's colours are named colour1, colour2, ... (their numbers in the file)
  const colourCount = list(root.colors, 'color').length;
  const colourName = (n: number): string => {
    if (n > colourCount) failHere(`colour ${n} is used, but the file defines ${colourCount} colour${colourCount === 1 ? '' : 's'}`);
    return `colour${n}`;
  };
  const rules = new Map<string, string[]>();
  for (const pair of list(node.bitmap, 'pair')) {
    // the file numbers the colours of a rule from 0
    const piece = wholeNumber(attribute(pair, 'piece')) ?? failHere('a colour rule (<pair>) has no valid piece colour');
    const result = wholeNumber(attribute(pair, 'result')) ?? failHere('a colour rule (<pair>) has no valid result colour');
    const allowed = rules.get(colourName(piece + 1)) ?? rules.set(colourName(piece + 1), []).get(colourName(piece + 1))!;
    if (!allowed.includes(colourName(result + 1))) allowed.push(colourName(result + 1));
  }

  // a puzzle whose shapes are all one layer thick is a flat one: turning a flat piece over in space is its mirror image
  const flat = flatGrid !== undefined && [board, ...pieces.map((p) => p.voxels)].every((v) => extent([...v.filled, ...v.variable])[2] === 1);
  const dims = flat ? 2 : 3;
  const snugGrid: Grid = flat ? flatGrid : solidGrid ?? failHere('its shapes are not flat, but snug has its grid only flat');
  const toCell = (c: Cell): Cell => (flat ? [c[0], c[1], 0] : c);
  const names = new Set<string>();
  const pieceList: Piece[] = pieces.map(({ voxels, min, max, group }) => {
    let name = voxels.name;
    for (let k = 2; names.has(name); k++) name = `${voxels.name} (${k})`;
    names.add(name);
    const drawn = voxels.filled.map(toCell);
    const cells = snugGrid.normalize(drawn);
    // the colours move with the cells: normalize takes the least cell drawn to the first cell
    const least = leastCell(drawn);
    const move: Cell = [cells[0]![0] - least[0], cells[0]![1] - least[1], cells[0]![2] - least[2]];
    const colours = voxels.colours.map(({ cell, colour }) => ({ cell: add(toCell(cell), move), colour: colourName(colour) }));
    return {
      name,
      shape: cells,
      ...(colours.length > 0 ? { colours } : {}),
      count: max,
      ...(min !== max ? { min } : {}),
      mirror: dims === 2 || turnsOver(cells, snugGrid),
      ...(group !== 0 ? { group } : {}),
      ...(voxels.weight !== 1 ? { weight: voxels.weight } : {}),
    };
  });
  // BurrTools writes a rule for every pair of colours its table holds, used or not: a colour no cell has
  // restricts nothing, so it is left out of the rules (snug refuses a rule naming a colour no cell has, as a
  // misspelling), and a rule left with no board colour is no rule (its piece colour lies on uncoloured cells only).
  const usedColours = new Set([...board.colours, ...pieces.flatMap((p) => p.voxels.colours)].map(({ colour }) => colourName(colour)));
  const colourRules = [...rules]
    .filter(([piece]) => usedColours.has(piece))
    .map(([piece, allowed]) => ({ piece, board: allowed.filter((c) => usedColours.has(c)) }))
    .filter((rule) => rule.board.length > 0);
  const fileName = file.replace(/^.*[\\/]/, '').replace(/\.xmpuzzle$/i, '') || 'puzzle';
  // (BurrTools keeps names as typed: spaces at their ends, which snug's names may not have, are dropped)
  const problemName = attribute(node, 'name')?.trim();
  const name = problemName ? problemName : problems.length > 1 ? `${fileName} (problem ${problem})` : fileName;
  const badName = nameProblem(name, 'the problem name') ?? pieceList.map((p) => nameProblem(p.name, 'a shape name')).find(Boolean);
  if (badName) failHere(badName);
  const comment = typeof root.comment === 'string' ? root.comment : typeof (root.comment as XmlNode | undefined)?.['#text'] === 'string' ? ((root.comment as XmlNode)['#text'] as string) : undefined;
  const description = comment && !descriptionProblem(comment) ? comment : undefined;
  const puzzle: Puzzle = {
    name,
    dims,
    ...(snugGrid !== gridOf(undefined, dims) ? { grid: snugGrid.name } : {}),
    ...(description ? { description } : {}),
    board: [...board.filled, ...board.variable].map(toCell).sort(compareCells),
    ...(board.variable.length > 0 ? { optional: board.variable.map(toCell).sort(compareCells) } : {}),
    ...(board.colours.length > 0 ? { boardColours: board.colours.map(({ cell, colour }) => ({ cell: toCell(cell), colour: colourName(colour) })) } : {}),
    ...(colourRules.length > 0 ? { colourRules } : {}),
    pieces: pieceList,
    mirror: dims === 2,
  };
  const problemWithIt = wellFormedProblem(puzzle);
  if (problemWithIt) failHere(problemWithIt);
  return puzzle;
}

/** One solution a BurrTools file stores, as its problem holds it. */
export interface StoredSolution {
  /** The assembly's number among all the problem's assemblies (asmNum, from 0). */
  readonly asmNum: number;
  /** The solution's number among those that come apart (solNum), when the file gives it. */
  readonly solNum?: number;
  /** The assembly as stored: x y z t for every copy of every piece, x for a copy not placed. */
  readonly assembly?: string;
  /**
   * The level BurrTools stored, from the solution's <separation> tree or its <separationInfo> (5.3.2 is
   * [5, 3, 2]); undefined when the file stores no disassembly for it.
   */
  readonly level?: readonly number[];
}

/** What a BurrTools problem stores of its solving: its state, its counts and its solutions. */
export interface StoredSolutions {
  /** 0 unsolved, 1 being solved, 2 solved (BurrTools' solve state). */
  readonly state: number;
  /** The problem's assemblies and solutions (those that come apart) attributes, when the file gives them. */
  readonly assemblies?: number;
  readonly solutions?: number;
  readonly stored: readonly StoredSolution[];
}

/** A node of a stored separation tree: its moves (states less one) and its parts. */
interface StoredNode {
  readonly moves: number;
  readonly left?: StoredNode;
  readonly removed?: StoredNode;
}

/**
 * What problem `problem` (1-based) of a BurrTools file stores: its counts and, per stored solution, its
 * assembly number and the level of the disassembly stored with it. Levels as BurrTools prints them: a
 * node's moves, then the level of the part that stayed (`left`), then of the part removed, a part left out
 * when each of its separations takes one move.
 */
export function storedSolutions(data: Uint8Array, file: string, problem = 1): StoredSolutions {
  const fail = (why: string): never => {
    throw new PuzzleError(file, undefined, why);
  };
  const root = readXml(data, fail);
  const problems = list(root.problems, 'problem');
  if (!Number.isInteger(problem) || problem < 1 || problem > problems.length) fail(`there is no problem ${problem}: the file has ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  const node = problems[problem - 1]!;
  const where = problems.length > 1 ? `problem ${problem}: ` : '';
  const failHere = (why: string): never => fail(`${where}${why}`);
  const number = (text: string | undefined, what: string): number | undefined => (text === undefined ? undefined : wholeNumber(text) ?? failHere(`${what} is not a whole number from 0 to 999,999,999: '${printable(text, 20)}'`));
  const state = number(attribute(node, 'state'), 'the problem state') ?? 0;
  const assemblies = state !== 0 ? number(attribute(node, 'assemblies'), 'the number of assemblies') : undefined;
  const solutions = state !== 0 ? number(attribute(node, 'solutions'), 'the number of solutions') : undefined;
  const stored = list(node.solutions, 'solution').map((solution, i): StoredSolution => {
    const what = `stored solution ${i + 1}`;
    const asmNum = number(attribute(solution, 'asmNum'), `the asmNum of ${what}`) ?? 0;
    const solNum = number(attribute(solution, 'solNum'), `the solNum of ${what}`);
    const text = (n: unknown): string | undefined => (typeof n === 'string' ? n : typeof (n as XmlNode | undefined)?.['#text'] === 'string' ? ((n as XmlNode)['#text'] as string) : n !== undefined ? '' : undefined);
    const assembly = text(solution.assembly);
    const tree = list(solution, 'separation');
    const info = text(solution.separationInfo);
    let top: StoredNode | undefined;
    if (tree.length > 0) top = separationNode(tree[0]!, (why) => failHere(`${what}: ${why}`));
    else if (info !== undefined) top = separationInfo(info, (why) => failHere(`${what}: ${why}`));
    return { asmNum, ...(solNum !== undefined ? { solNum } : {}), ...(assembly !== undefined ? { assembly } : {}), ...(top ? { level: storedLevel(top) } : {}) };
  });
  return { state, ...(assemblies !== undefined ? { assemblies } : {}), ...(solutions !== undefined ? { solutions } : {}), stored };
}

/** A <separation> element as a tree of move counts. */
function separationNode(node: XmlNode, fail: (why: string) => never, depth = 0): StoredNode {
  if (depth > 1000) fail('its separation tree is deeper than any assembly');
  const states = list(node, 'state').length;
  if (states === 0) fail('a separation without states');
  let left: StoredNode | undefined;
  let removed: StoredNode | undefined;
  for (const child of list(node, 'separation')) {
    const type = attribute(child, 'type');
    if (type === 'left' && !left) left = separationNode(child, fail, depth + 1);
    else if (type === 'removed' && !removed) removed = separationNode(child, fail, depth + 1);
    else fail(`a part of a separation is '${printable(type ?? '(no type)', 20)}', not one left and one removed`);
  }
  return { moves: states - 1, ...(left ? { left } : {}), ...(removed ? { removed } : {}) };
}

/** A <separationInfo>: the states of each node in pre-order (node, left part, removed part), 0 for no part. */
function separationInfo(text: string, fail: (why: string) => never): StoredNode | undefined {
  const values = text.trim() === '' ? [] : text.trim().split(/\s+/).map((w) => wholeNumber(w) ?? fail(`its separationInfo holds '${printable(w, 20)}', not a whole number`));
  let at = 0;
  const read = (depth: number): StoredNode | undefined => {
    if (at >= values.length) fail('its separationInfo ends in the middle of the tree');
    if (depth > 1000) fail('its separationInfo is deeper than any assembly');
    const states = values[at++]!;
    if (states === 0) return undefined;
    const left = read(depth + 1);
    const removed = read(depth + 1);
    return { moves: states - 1, ...(left ? { left } : {}), ...(removed ? { removed } : {}) };
  };
  return values.length === 0 ? undefined : read(0);
}

function storedLevel(node: StoredNode): number[] {
  const multi = (n: StoredNode | undefined): boolean => n !== undefined && (n.moves > 1 || multi(n.left) || multi(n.removed));
  return [node.moves, ...(multi(node.left) ? storedLevel(node.left!) : []), ...(multi(node.removed) ? storedLevel(node.removed!) : [])];
}

/**
 * The piece group of a problem's part (0 for none): its group attribute, or a single <group> child that holds
 * every copy. Groups that split a part's copies are refused (snug gives a piece one group).
 */
function pieceGroup(part: XmlNode, copies: number, fail: (why: string) => never): number {
  const given = attribute(part, 'group');
  const group = given === undefined ? 0 : wholeNumber(given) ?? fail(`a piece group is not a whole number from 0 to 999,999,999: '${printable(given, 20)}'`);
  if (group !== 0) return group;
  const children = list(part, 'group')
    .map((g) => ({
      id: wholeNumber(attribute(g, 'group')) ?? fail('a <group> of a piece has no valid group number'),
      count: wholeNumber(attribute(g, 'count')) ?? fail('a <group> of a piece has no valid count'),
    }))
    .filter((g) => g.id !== 0);
  if (children.length === 0) return 0;
  if (children.length > 1 || children[0]!.count < copies) {
    fail('piece groups that put some copies of a piece in one group and the rest elsewhere are not supported: snug reads a group that holds every copy of its piece');
  }
  return children[0]!.id;
}

/**
 * True for a piece BurrTools may turn over that snug's rotations do not: a flat piece whose mirror image is
 * no turn of it (on the sphere grid, one lying in a slanted layer). Other pieces are not mirrored.
 */
function turnsOver(cells: readonly Cell[], grid: Grid): boolean {
  if (!isFlat(cells, grid)) return false;
  const piece = { name: '', shape: cells, count: 1 };
  return allowedOrientations({ ...piece, mirror: true }, grid).length !== allowedOrientations({ ...piece, mirror: false }, grid).length;
}

/**
 * True when the cells' centres lie in one plane (a line or a single cell counts): such a piece is turned over
 * by a turn in space. A cell's centre is the middle of its solid where the grid has one (a row of triangular
 * prisms zigzags: its voxel coordinates lie in a plane, its centres do not), else the cell itself. Never on a
 * grid of solids that are neither boxes nor prisms over their layer's polygons (tetrahedra): their centres
 * may lie in a plane, but the solids are not mirrored onto themselves by it, and turning the piece over is a
 * mirror image.
 */
function isFlat(cells: readonly Cell[], grid: Grid): boolean {
  if (grid.solid && grid.cellShape !== 'box' && grid.cellShape !== 'polygon') return false;
  const centre = (c: Cell): number[] => {
    // (a box's centre is its corner moved by one vector for all: the cells lie in a plane when the centres do)
    if (!grid.solid || grid.cellShape === 'box') return [...c];
    const { vertices } = grid.solid(c);
    return [0, 1, 2].map((a) => vertices.reduce((sum, v) => sum + v[a]!, 0) / vertices.length);
  };
  const points = cells.map(centre);
  const c0 = points[0]!;
  const d = points.map((p) => [p[0]! - c0[0]!, p[1]! - c0[1]!, p[2]! - c0[2]!]);
  const zero = (v: number[]): boolean => v.every((x) => Math.abs(x) < 1e-9);
  const a = d.find((v) => !zero(v));
  if (!a) return true;
  const cross = (u: number[], v: number[]): number[] => [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  const normal = d.map((v) => cross(a, v)).find((n) => !zero(n));
  if (!normal) return true;
  return d.every((v) => Math.abs(v[0]! * normal[0]! + v[1]! * normal[1]! + v[2]! * normal[2]!) < 1e-9);
}

/**
 * The parsed <puzzle> element, after the checks that it is gzip, XML and a BurrTools puzzle on a grid snug
 * has. `solutions` false: the problems' stored solutions are left out unread (a puzzle does not need them,
 * and a file that stores a thousand disassemblies is mostly them: SolidSixPieceBurrs unpacks to 160 kB, its
 * puzzle is 5 kB), each block kept as its lines so that a message names the line of the file.
 */
function readXml(data: Uint8Array, fail: (why: string) => never, solutions = true): { gridType: number; shapes: unknown; problems: unknown; comment: unknown; colors: unknown } {
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) fail('not a BurrTools file: it is not gzip-compressed (a .xmpuzzle file is gzip-compressed XML)');
  let text: string;
  try {
    text = gunzipText(data, MAX_XMPUZZLE_BYTES);
  } catch (e) {
    if (e instanceof RangeError) fail(`not a BurrTools file: it unpacks to more than ${MAX_XMPUZZLE_BYTES / 1024 / 1024} MB`);
    fail(`not a BurrTools file: the gzip data is damaged (${printable((e as Error).message, 80)})`);
  }
  let elements = 0;
  for (let i = text!.indexOf('<'); i !== -1; i = text!.indexOf('<', i + 1)) {
    if (++elements > MAX_XMPUZZLE_ELEMENTS) fail(`its XML holds more than ${MAX_XMPUZZLE_ELEMENTS} elements: more than the limit of ${MAX_XMPUZZLE_ELEMENTS}`);
  }
  if (!solutions) text = text!.replace(/<solutions\b[^>]*>[\s\S]*?<\/solutions>/g, (block) => `<solutions/>${'\n'.repeat(block.split('\n').length - 1)}`);
  // BurrTools writes no document type; one could declare entities that expand without end
  if (/<!DOCTYPE/i.test(text!)) fail('not a BurrTools file: it declares a document type (<!DOCTYPE), which BurrTools never writes');
  const valid = fxp().XMLValidator.validate(text);
  if (valid !== true) fail(`not a BurrTools file: the unpacked text is not XML (line ${valid.err.line}: ${printable(valid.err.msg, 100)})`);
  // The parser keeps some 35 bytes per character of an element's text, and the shapes' voxels are the only
  // long texts of a BurrTools file (a board of ten million voxels, ten kilobytes packed, took it gigabytes):
  // they are lifted out before parsing, each replaced by its number, and put back as slices of the text.
  const voxelTexts: string[] = [];
  const lean = text!.replace(/(<voxel\b[^>]*>)([^<]*)(?=<\/voxel>)/g, (_, open: string, body: string) => `${open}${VOXEL_TEXT}${voxelTexts.push(body) - 1}`);
  let doc: XmlNode;
  try {
    doc = new (fxp().XMLParser)({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseAttributeValue: false,
      parseTagValue: false,
      trimValues: true,
      processEntities: true,
      htmlEntities: false,
      isArray: (tag, _path, _leaf, isAttribute) => isAttribute !== true && ['voxel', 'problem', 'shape', 'solution', 'group', 'separation', 'state', 'color', 'pair'].includes(tag),
    }).parse(lean) as XmlNode;
  } catch (e) {
    fail(`not a BurrTools file: the unpacked text is not XML (${printable((e as Error).message, 100)})`);
  }
  const puzzle = doc!.puzzle as XmlNode | undefined;
  if (typeof puzzle !== 'object' || puzzle === null) fail('not a BurrTools file: its XML has no <puzzle> element');
  const version = attribute(puzzle!, 'version');
  if (version !== '1' && version !== '2') fail(`a BurrTools file of version ${printable(version ?? '(none)', 20)}: snug reads versions 1 and 2`);
  const gridNode = puzzle!.gridType as XmlNode | undefined;
  const typeText = gridNode === undefined ? '0' : attribute(gridNode, 'type');
  const type = wholeNumber(typeText);
  if (type === undefined || !(type in GRID_TYPES)) fail(`unknown BurrTools grid type '${printable(typeText ?? '(none)', 20)}' (BurrTools has 0 to 4)`);
  if (gridsOfType(type!).length === 0) {
    const read = Object.entries(GRID_TYPES).filter(([t]) => gridsOfType(Number(t)).length > 0).map(([, name]) => name);
    fail(`the ${GRID_TYPES[type!]} grid (BurrTools grid type ${type}) is not supported: snug reads the ${read.slice(0, -1).join(', ')} and ${read.at(-1)!} grids`);
  }
  if (puzzle!.shapes === undefined || list(puzzle!.shapes, 'voxel').length === 0) fail('the file has no shapes');
  for (const voxel of list(puzzle!.shapes, 'voxel')) {
    const lifted = typeof voxel['#text'] === 'string' && voxel['#text'].startsWith(VOXEL_TEXT) ? voxelTexts[Number(voxel['#text'].slice(VOXEL_TEXT.length))] : undefined;
    // as the parser would have given it: trimmed, and no text at all when there is none
    if (lifted !== undefined) voxel['#text'] = lifted.trim();
  }
  return { gridType: type!, shapes: puzzle!.shapes, problems: puzzle!.problems, comment: puzzle!.comment, colors: puzzle!.colors };
}

/** What stands for a voxel text lifted out before parsing (no voxel text holds '@'). */
const VOXEL_TEXT = '@voxels';

function attribute(node: XmlNode, name: string): string | undefined {
  const v = node[`@${name}`];
  return typeof v === 'string' ? v : undefined;
}

/** The children named `tag` of an element that may be absent, empty (''), or hold one or several. */
function list(parent: unknown, tag: string): XmlNode[] {
  if (typeof parent !== 'object' || parent === null) return [];
  const children = (parent as XmlNode)[tag];
  if (children === undefined) return [];
  return (Array.isArray(children) ? children : [children]).map((c) => (typeof c === 'object' && c !== null ? (c as XmlNode) : { '#text': String(c) }));
}

/** A whole number as BurrTools writes one, of at most nine digits (what the messages below say: 0 to 999,999,999). */
function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d{1,9}\s*$/.test(text)) return undefined;
  return Number(text);
}

/** A <voxel> element's name: its name attribute, or S and its number from 1. */
function shapeName(node: XmlNode, id: number): string {
  const given = attribute(node, 'name');
  return given && given.trim() !== '' ? given.trim() : `S${id + 1}`;
}

/** The voxels a <voxel> element fills ('#') or may fill ('+'), counted in its text without reading them. */
function voxelCount(node: XmlNode): number {
  const text = typeof node['#text'] === 'string' ? node['#text'] : '';
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 35 || c === 43) n++;
  }
  return n;
}

/** Reads a <voxel> element, checking its size before anything is allocated. */
function readVoxels(node: XmlNode, id: number, grid: Grid, fail: (why: string) => never): Voxels {
  const name = shapeName(node, id);
  const what = `shape ${name}`;
  const size = (['x', 'y', 'z'] as const).map((axis) => {
    const n = wholeNumber(attribute(node, axis));
    if (n === undefined) fail(`${what} has no valid size ${axis}`);
    if (n! > LIMITS.side) fail(`${what} is ${n} voxels along ${axis}: more than the limit of ${LIMITS.side}`);
    return n!;
  }) as unknown as Cell;
  if (size[0] * size[1] * size[2] > LIMITS.boardBox) fail(`${what} has a box of ${size[0] * size[1] * size[2]} voxels: more than the limit of ${LIMITS.boardBox}`);
  const type = attribute(node, 'type');
  const text = typeof node['#text'] === 'string' ? node['#text'] : '';
  if (text !== '' && type !== '0') fail(`${what} has voxel type '${printable(type ?? '(none)', 20)}': BurrTools writes type 0`);
  const filled: Cell[] = [];
  const variable: Cell[] = [];
  const total = size[0] * size[1] * size[2];
  let index = 0;
  const colours: { cell: Cell; colour: number }[] = [];
  // the colour after the voxel before (decimal digits; 0 is none), once its digits have been read
  let colour = 0;
  let colourOf: Cell | undefined;
  const endColour = (): void => {
    if (colourOf && colour > 0) colours.push({ cell: colourOf, colour });
    colour = 0;
    colourOf = undefined;
  };
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (index === 0) fail(`${what}: a colour number before the first voxel`);
      colour = colour * 10 + Number(ch);
      if (colour > 63) fail(`${what}: colour ${colour}: BurrTools has at most 63 colours`);
      continue;
    }
    endColour();
    if (ch !== '_' && ch !== '#' && ch !== '+') fail(`${what}: '${printable(ch, 4)}' is not a voxel ('_' empty, '#' filled, '+' variable)`);
    if (index >= total) fail(`${what} has more voxels than its box of ${size.join(' x ')}`);
    const x = index % size[0];
    const y = Math.floor(index / size[0]) % size[1];
    const z = Math.floor(index / (size[0] * size[1]));
    index++;
    if (ch === '_') continue;
    // some grids' boxes have positions between the cells (spheres): BurrTools leaves them empty
    const offGrid = grid.burrTools?.voxelProblem?.([x, y, z]);
    if (offGrid) fail(`${what} fills position ${x}, ${y}, ${z}, which ${offGrid}`);
    (ch === '#' ? filled : variable).push([x, y, z]);
    colourOf = [x, y, z];
  }
  endColour();
  if (text !== '' && index < total) fail(`${what} has ${index} voxels, fewer than its box of ${size.join(' x ')} holds`);
  const weightText = attribute(node, 'weight');
  const weight = weightText === undefined ? 1 : wholeNumber(weightText) ?? fail(`${what} has weight '${printable(weightText, 20)}': BurrTools' weights are whole numbers`);
  return { name, size, filled, variable, colours, weight };
}

/** A puzzle that cannot be written as a BurrTools file: one line that says why. */
export class BurrToolsWriteError extends Error {
  override readonly name = 'BurrToolsWriteError';
}

/**
 * How a solution comes apart, as the writer needs it (the disassembler's separation tree, with indices into
 * the solution's placements): the moves up to a separation, the last taking `removed` away, then the parts.
 */
export interface BurrToolsSeparation {
  readonly moves: readonly { readonly pieces: readonly number[]; readonly by: readonly [number, number, number] | readonly number[]; readonly separates: boolean }[];
  readonly removed: readonly number[];
  readonly remaining: readonly number[];
  readonly removedPart?: BurrToolsSeparation | undefined;
  readonly remainingPart?: BurrToolsSeparation | undefined;
}

export interface BurrToolsWriteOptions {
  /**
   * The solutions' disassemblies (disassembleSolution's answers fit), one per solution: the problem is then
   * written as solved, its solutions those that come apart, each with its <separation>. A solution whose
   * disassembly has no separation (nothing to part) is written with its assembly alone.
   */
  readonly disassemblies?: readonly ({ readonly separation?: BurrToolsSeparation | undefined } | undefined)[];
  /** All assemblies found, of which the solutions are those that came apart (default: the solutions' count). */
  readonly assemblies?: number;
  /** Each solution's number among those assemblies, from 0 (asmNum; default its index). */
  readonly assemblyNumbers?: readonly number[];
}

/**
 * The BurrTools file (gzip-compressed XML) of a puzzle: one problem, its board the result shape, and the
 * given solutions as the problem's assemblies, with their disassemblies when `options` gives them. Throws
 * BurrToolsWriteError for what BurrTools cannot say.
 */
export function formatBurrTools(puzzle: Puzzle, solutions: readonly Solution[] = [], options: BurrToolsWriteOptions = {}): Uint8Array {
  return gzip(new TextEncoder().encode(burrToolsXml(puzzle, solutions, options)));
}

/** The XML text of formatBurrTools, before compression. */
export function burrToolsXml(puzzle: Puzzle, solutions: readonly Solution[] = [], options: BurrToolsWriteOptions = {}): string {
  const grid = puzzleGrid(puzzle);
  const burrTools = grid.burrTools;
  if (!burrTools) {
    const names = registeredGrids().filter((g) => g.burrTools).map((g) => g.name);
    throw new BurrToolsWriteError(`the ${grid.name} grid has no BurrTools counterpart that snug writes: it writes ${names.slice(0, -1).join(', ')} and ${names.at(-1)!} puzzles`);
  }
  if (puzzle.placed?.length) throw new BurrToolsWriteError('pieces placed on the board before the search cannot be said in a BurrTools file');
  if (puzzle.use !== undefined) throw new BurrToolsWriteError('use (a number of pieces in all) cannot be said in a BurrTools file');
  const gridType = burrTools.type;
  for (const piece of puzzle.pieces) {
    const flat = isFlat(piece.shape, grid);
    // (with their colours: a flat piece whose shape is its own mirror image but whose colours are not has
    // more orientations turned over)
    const keys = (p: Piece): string[] => colouredOrientations(p, grid).map((o) => colouredKey(o));
    const theirs = new Set(keys({ name: piece.name, shape: piece.shape, count: 1, mirror: flat, ...(piece.colours ? { colours: piece.colours } : {}) }));
    const ours = keys(piece);
    if (ours.length === theirs.size && ours.every((k) => theirs.has(k))) continue;
    const what = `piece '${printable(piece.name, 40)}'`;
    if (piece.rotate === false || piece.orientations) throw new BurrToolsWriteError(`${what} may only take some of its orientations (${piece.orientations ? 'orientations' : 'rotate: false'}): BurrTools turns every piece every way`);
    throw new BurrToolsWriteError(flat
      ? `${what} may not be turned over (mirror: false): BurrTools turns flat pieces over`
      : `${what} may be mirrored (mirror: true): BurrTools only turns pieces, and this one's mirror image is another shape`);
  }

  const shift = burrToolsShift(puzzle);
  const board = puzzle.board.map((c) => add(c, shift));
  const optional = new Set((puzzle.optional ?? []).map((c) => cellKey(add(c, shift))));
  // colour constraints: BurrTools numbers the colours from 1 in <colors>, and its rules from 0
  const colourNames = [...new Set([...(puzzle.boardColours ?? []), ...puzzle.pieces.flatMap((p) => p.colours ?? [])].map((c) => c.colour))];
  if (colourNames.length > 63) throw new BurrToolsWriteError(`${colourNames.length} colours: BurrTools has at most 63`);
  const colourNumber = new Map(colourNames.map((name, i) => [name, i + 1]));
  const colourText = (colours: readonly { cell: Cell; colour: string }[] | undefined, move: Cell): Map<string, number> =>
    new Map((colours ?? []).map(({ cell, colour }) => [cellKey(add(cell, move)), colourNumber.get(colour)!]));
  const voxel = (cells: readonly Cell[], name: string, weight = 1, colours: ReadonlyMap<string, number> = new Map()): string => {
    const { max } = bounds(cells);
    const size: Cell = [max[0] + 1, max[1] + 1, max[2] + 1];
    const on = new Set(cells.map(cellKey));
    let text = '';
    for (let z = 0; z < size[2]; z++) {
      for (let y = 0; y < size[1]; y++) {
        for (let x = 0; x < size[0]; x++) {
          const key = cellKey([x, y, z]);
          text += optional.has(key) && name === '' ? '+' : on.has(key) ? '#' : '_';
          if (on.has(key) && colours.has(key)) text += String(colours.get(key));
        }
      }
    }
    return `    <voxel x="${size[0]}" y="${size[1]}" z="${size[2]}"${weight !== 1 ? ` weight="${weight}"` : ''}${name ? ` name="${escapeXml(name)}"` : ''} type="0">${text}</voxel>\n`;
  };
  // the pieces' shapes are normalised: at the origin, and on the sphere grid moved by steps of the grid
  const colorsXml = colourNames.length === 0 ? '  <colors/>\n'
    : `  <colors>\n${colourNames.map((name, i) => {
      const [red, green, blue] = parseCssColour(name) ?? parseCssColour(PALETTE[i % PALETTE.length]!)!;
      return `    <color red="${red}" green="${green}" blue="${blue}"/>\n`;
    }).join('')}  </colors>\n`;
  let xml = `<?xml version="1.0"?>\n<puzzle version="2">\n  <gridType type="${gridType}"/>\n${colorsXml}  <shapes>\n`;
  xml += voxel(board, '', 1, colourText(puzzle.boardColours, shift));
  for (const piece of puzzle.pieces) xml += voxel(piece.shape, piece.name, piece.weight ?? 1, colourText(piece.colours, [0, 0, 0]));
  xml += '  </shapes>\n  <problems>\n';
  const { disassemblies } = options;
  if (disassemblies && disassemblies.length !== solutions.length) throw new RangeError(`${solutions.length} solutions but ${disassemblies.length} disassemblies`);
  // solved: BurrTools' state 2 with its counts (the solutions those that come apart); else 3, solutions without counts
  const state = disassemblies ? `2" assemblies="${options.assemblies ?? solutions.length}" solutions="${solutions.length}" time="0` : solutions.length > 0 ? '3' : '0';
  xml += `    <problem name="${escapeXml(puzzle.name)}" state="${state}">\n      <shapes>\n`;
  puzzle.pieces.forEach((piece, i) => {
    const least = pieceMin(piece);
    const group = piece.group ? ` group="${piece.group}"` : '';
    xml += `        <shape id="${i + 1}" ${least === piece.count ? `count="${piece.count}"` : `min="${least}" max="${piece.count}"`}${group}/>\n`;
  });
  const pairs = (puzzle.colourRules ?? []).flatMap((rule) => rule.board.map((b) => `        <pair piece="${colourNumber.get(rule.piece)! - 1}" result="${colourNumber.get(b)! - 1}"/>\n`));
  xml += `      </shapes>\n      <result id="0"/>\n${pairs.length > 0 ? `      <bitmap>\n${pairs.join('')}      </bitmap>\n` : '      <bitmap/>\n'}`;
  if (solutions.length > 0) {
    xml += '      <solutions>\n';
    solutions.forEach((solution, i) => {
      const placed = assembly(puzzle, solution, shift, burrTools.turns, i);
      const separation = disassemblies?.[i]?.separation;
      const asmNum = options.assemblyNumbers?.[i] ?? i;
      const numbers = `${asmNum > 0 ? ` asmNum="${asmNum}"` : ''}${separation && i > 0 ? ` solNum="${i}"` : ''}`;
      xml += `        <solution${numbers}>\n          <assembly>${placed.text}</assembly>\n`;
      if (separation) xml += separationXml(separation, placed, i, '          ', '');
      xml += '        </solution>\n';
    });
    xml += '      </solutions>\n';
  }
  xml += '    </problem>\n  </problems>\n';
  xml += puzzle.description !== undefined ? `  <comment>${escapeXml(puzzle.description)}</comment>\n` : '  <comment/>\n';
  xml += '</puzzle>\n';
  return xml;
}

function add(c: Cell, d: Cell): Cell {
  return [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

/**
 * A solution's <separation> tree: for each part, its pieces (their numbers in the problem's list of copies,
 * which the assembly follows), one state per arrangement (each piece's position, as the assembly gives it,
 * the pieces taken away at the end 20000 steps off along the last move), then the part taken away and the
 * part that stays, when they have pieces to part.
 */
function separationXml(separation: BurrToolsSeparation, placed: PlacedAssembly, index: number, indent: string, type: string, at = placed.position): string {
  const slot = (p: number): number => {
    if (p < 0 || p >= placed.slot.length) throw new BurrToolsWriteError(`solution ${index + 1} comes apart against a frame, which a BurrTools file cannot hold (there a frame is one of the pieces)`);
    return placed.slot[p]!;
  };
  const pieces = [...separation.remaining, ...separation.removed].sort((a, b) => slot(a) - slot(b));
  let xml = `${indent}<separation${type ? ` type="${type}"` : ''}>\n${indent}  <pieces count="${pieces.length}">${pieces.map(slot).join(' ')}</pieces>\n`;
  const state = (where: ReadonlyMap<number, Cell>): string => {
    const axis = (a: number) => pieces.map((p) => where.get(p)![a]).join(' ');
    return `${indent}  <state>\n${indent}    <dx>${axis(0)}</dx>\n${indent}    <dy>${axis(1)}</dy>\n${indent}    <dz>${axis(2)}</dz>\n${indent}  </state>\n`;
  };
  let where = new Map(pieces.map((p) => [p, at.get(p)!] as const));
  xml += state(where);
  let before = where;
  for (const move of separation.moves) {
    before = where;
    where = new Map(where);
    // the last move takes its pieces away: BurrTools marks them 20000 steps off along the move's direction
    const scale = move.separates ? 20000 / Math.max(...move.by.map(Math.abs)) : 1;
    for (const p of move.pieces) {
      const c = where.get(p);
      if (!c) throw new RangeError(`a move of solution ${index + 1} takes a piece that is not in its part`);
      where.set(p, [c[0] + move.by[0]! * scale, c[1] + move.by[1]! * scale, c[2] + move.by[2]! * scale]);
    }
    xml += state(where);
  }
  // the parts start where the pieces were just before they came apart
  if (separation.removedPart) xml += separationXml(separation.removedPart, placed, index, `${indent}  `, 'removed', before);
  if (separation.remainingPart) xml += separationXml(separation.remainingPart, placed, index, `${indent}  `, 'left', before);
  return `${xml}${indent}</separation>\n`;
}

/** A solution as a BurrTools assembly: its text, each placement's number in the problem's list of copies, and each placement's position. */
interface PlacedAssembly {
  readonly text: string;
  readonly slot: readonly number[];
  readonly position: ReadonlyMap<number, Cell>;
}

/**
 * One solution as a BurrTools assembly: for every copy of every piece, the position its voxel at the
 * origin (the hotspot) goes to and the turn that takes it there, or "x" for a copy left out. Copies of a
 * piece are listed by their first cell (the order in which the disassembler sees them).
 */
/** Sorted cells as text, each as its offset from the first: equal for the same shape wherever it is. */
function offsetsKey(sorted: readonly Cell[]): string {
  const o = sorted[0]!;
  return sorted.map((c) => `${c[0] - o[0]},${c[1] - o[1]},${c[2] - o[2]}`).join(';');
}

function assembly(puzzle: Puzzle, solution: Solution, shift: Cell, turns: BurrToolsGrid['turns'], index: number): PlacedAssembly {
  const grid = puzzleGrid(puzzle);
  const byPiece = new Map<string, { cells: Cell[]; at: number; first: Cell }[]>();
  solution.placements.forEach((p, at) => {
    const cells = p.cells.map((c) => add(c, shift));
    const first = leastCell(cells);
    // (pushed, not copied: a solution may place one piece a hundred thousand times)
    let list = byPiece.get(p.piece);
    if (!list) byPiece.set(p.piece, (list = []));
    list.push({ cells, at, first });
  });
  const words: string[] = [];
  const slot: number[] = [];
  const position = new Map<number, Cell>();
  for (const piece of puzzle.pieces) {
    const placed = [...(byPiece.get(piece.name) ?? [])].sort((a, b) => compareCells(a.first, b.first));
    if (placed.length > piece.count) throw new BurrToolsWriteError(`solution ${index + 1} places piece '${printable(piece.name, 40)}' ${placed.length} times, but it has ${piece.count} copies`);
    // each turn of the piece, once: its cells in order, as offsets from the first (a copy in that turn has the same offsets)
    const shapes = placed.length === 0 ? [] : turns.map((m) => offsetsKey(piece.shape.map(turnOf(grid, m)).sort(compareCells)));
    for (const { cells, at } of placed) {
      const target = [...cells].sort(compareCells);
      const key = offsetsKey(target);
      const found = shapes.indexOf(key);
      if (found < 0) {
        throw new BurrToolsWriteError(`solution ${index + 1} places piece '${printable(piece.name, 40)}' in an orientation that none of BurrTools' ${turns.length} cube turns gives (a flat piece turned within a slanted layer of spheres): snug does not write those`);
      }
      const turn = turnOf(grid, turns[found]!);
      const turned = piece.shape.map(turn).sort(compareCells);
      // the hotspot is the origin of the piece's box: it lands where the turn takes it, moved as the cells are
      const at3 = hotspotAt(turn, [target[0]![0] - turned[0]![0], target[0]![1] - turned[0]![1], target[0]![2] - turned[0]![2]]);
      slot[at] = words.length;
      position.set(at, at3);
      words.push(`${at3.join(' ')} ${found}`);
    }
    for (let k = placed.length; k < piece.count; k++) words.push('x');
  }
  return { text: words.join(' '), slot, position };
}

/**
 * A solution turned the way BurrTools' assembler reports it. Of an assembly's images under the rotations
 * that map the board onto itself, BurrTools keeps one: the image for which no rotation gives an assembly
 * smaller placement by placement (each copy's turn number, then its x, y and z; copies of a piece in that
 * order; the symmetry-breaking piece compared first: of the pieces with the fewest copies, the first with
 * the fewest symmetries shared with the board, unless a piece has a range of counts or that piece has
 * copies). A disassembly's level depends on the orientation (moves are tried along +x, -x, +y, ... and the
 * first separation found is taken), so it agrees with BurrTools' in this orientation. Mirror images, which
 * BurrTools also compares when every piece is symmetric or has its mirror image among the pieces, are not
 * tried. Puzzles in the plane, and on grids whose assemblies are not taken apart (spheres), are given back
 * as they are.
 */
export function burrToolsOrientation(puzzle: Puzzle, solution: Solution): Solution {
  return burrToolsOrienter(puzzle)(solution);
}

/** burrToolsOrientation for many solutions of one puzzle: what depends on the puzzle alone is worked out once. */
export function burrToolsOrienter(puzzle: Puzzle): (solution: Solution) => Solution {
  return orienter(puzzle, false);
}

/** burrToolsOrienter following the rule cell by cell even on a grid of boxes: what box-orienter.ts is checked against. */
export function cellByCellOrienter(puzzle: Puzzle): (solution: Solution) => Solution {
  return orienter(puzzle, true);
}

/**
 * Cells on which two maps of a grid of boxes are compared: the origin, the three unit steps and a cell off
 * every axis. The box grids' turns are linear (their matrices on the coordinates), so two that agree here
 * agree everywhere.
 */
const LINEAR_PROBES: readonly Cell[] = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [2, 3, 5]];

function orienter(puzzle: Puzzle, general: boolean): (solution: Solution) => Solution {
  const same = (solution: Solution): Solution => solution;
  const grid = puzzleGrid(puzzle);
  // (only where assemblies are taken apart: the grids with motions)
  if (puzzle.dims !== 3 || !grid.burrTools || !grid.motions) return same;
  const turns = grid.burrTools.turns;
  const turn = (m: readonly number[]) => turnOf(grid, m);
  // the board's rotations: each with the move that puts the turned board back on itself (its first cell
  // in reading order onto the board's first)
  // each board cell numbered (its index in the board), with whether it is optional and its colour's number
  const numbers = new CellTable(puzzle.board, -1);
  puzzle.board.forEach((c, i) => numbers.set(c, i));
  const optional = new Uint8Array(puzzle.board.length);
  for (const c of puzzle.optional ?? []) {
    const i = numbers.get(c);
    if (i >= 0) optional[i] = 1;
  }
  // with colour constraints a turn is a symmetry only when it keeps every board cell's colour (as the
  // search's symmetries do; BurrTools keeps an assembly in an orientation among those)
  const colourOf = new Int32Array(puzzle.board.length);
  const colourNumbers = new Map<string, number>();
  if (hasColourConstraints(puzzle)) {
    for (const { cell, colour } of puzzle.boardColours!) {
      if (!colourNumbers.has(colour)) colourNumbers.set(colour, colourNumbers.size + 1);
      const i = numbers.get(cell);
      if (i >= 0) colourOf[i] = colourNumbers.get(colour)!;
    }
  }
  const low = leastCell(puzzle.board);
  const symmetries: { index: number; map: (c: Cell) => Cell; shift: Cell }[] = [];
  turns.forEach((m, index) => {
    const t = turn(m);
    const at = leastCell(puzzle.board.map(t));
    const shift: Cell = [low[0] - at[0], low[1] - at[1], low[2] - at[2]];
    const map = (c: Cell): Cell => add(t(c), shift);
    const kept = (c: Cell, i: number): boolean => {
      const image = numbers.get(map(c));
      return image >= 0 && optional[i] === optional[image] && colourOf[i] === colourOf[image];
    };
    if (puzzle.board.every(kept)) symmetries.push({ index, map, shift });
  });
  if (symmetries.length <= 1) return same;
  // the symmetry breaker, compared first: of the pieces with the fewest copies, the first with the fewest
  // of the board's turns that keep its shape (none where a piece has a range of counts)
  const ranges = puzzle.pieces.some((p) => pieceMin(p) !== p.count);
  let pivot = -1;
  if (!ranges) {
    const boardTurns = symmetries.map((g) => turns[g.index]!);
    const shared = puzzle.pieces.map((piece) => {
      const own = shapeKeyOn(grid, piece.shape);
      return boardTurns.filter((m) => shapeKeyOn(grid, piece.shape.map(turn(m))) === own).length;
    });
    let breaker = 0;
    puzzle.pieces.forEach((piece, i) => {
      const best = puzzle.pieces[breaker]!;
      if (piece.count < best.count || (piece.count === best.count && shared[i]! < shared[breaker]!)) breaker = i;
    });
    if (puzzle.pieces[breaker]!.count === 1) pivot = puzzle.pieces.slice(0, breaker).reduce((n, p) => n + p.count, 0);
  }
  // on a grid of boxes the same rule, with numbers (box-orienter.ts)
  if (!general && grid.cellShape === 'box' && turns.every((m) => LINEAR_PROBES.every((c) => compareCells(turn(m)(c), apply(m, c)) === 0))) {
    const fast = boxOrienter(puzzle, turns, { symmetries, pivot });
    if (fast) return fast;
  }
  // each piece's orientations: the first turn that gives each
  const firstTurn = puzzle.pieces.map((piece) => {
    const byKey = new Map<string, number>();
    turns.forEach((m, t) => {
      const key = shapeKeyOn(grid, piece.shape.map(turn(m)));
      if (!byKey.has(key)) byKey.set(key, t);
    });
    return byKey;
  });
  const pieceIndex = new Map(puzzle.pieces.map((p, i) => [p.name, i]));
  type Place = readonly [number, number, number, number];
  // A placement's orientation (the first turn giving it; -1 for none) is found from its cells once; its
  // images' orientations then come from a table by (piece, orientation, turn), kept as they are met: the
  // shapes of a frame have hundreds of cells, and sorting them for every image cost more than the search.
  const orientationOf = (piece: number, placed: readonly Cell[]): number => firstTurn[piece]?.get(shapeKeyOn(grid, placed)) ?? -1;
  const turned = new Map<number, number>();
  const turnedOrientation = (piece: number, t: number, by: number): number => {
    if (t < 0) return -1;
    const key = (piece * turns.length + t) * turns.length + by;
    let result = turned.get(key);
    if (result === undefined) {
      result = orientationOf(piece, puzzle.pieces[piece]!.shape.map(turn(turns[t]!)).map(turn(turns[by]!)));
      turned.set(key, result);
    }
    return result;
  };
  const leastTurned = new Map<number, Cell>();
  const placement = (piece: number, t: number, placed: readonly Cell[]): Place => {
    if (t < 0) return [Infinity, 0, 0, 0];
    const key = piece * turns.length + t;
    let low = leastTurned.get(key);
    if (!low) leastTurned.set(key, (low = leastCell(puzzle.pieces[piece]!.shape.map(turn(turns[t]!)))));
    const first = leastCell(placed);
    // where the piece's hotspot lands, as the assembly gives it
    return [t, ...hotspotAt(turn(turns[t]!), [first[0] - low[0], first[1] - low[1], first[2] - low[2]])];
  };
  const order = (a: Place, b: Place): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3];
  // an image: its placements as the assembler lists them (pieces in order, copies of each by placement)
  const image = (solution: Solution, orientations: readonly number[], g: { index: number; map: (c: Cell) => Cell }) => solution.placements
    .map((p, i) => {
      const moved = { ...p, cells: p.cells.map(g.map) };
      const piece = pieceIndex.get(p.piece) ?? -1;
      return { moved, piece, place: placement(piece, turnedOrientation(piece, orientations[i]!, g.index), moved.cells) };
    })
    .sort((a, b) => a.piece - b.piece || order(a.place, b.place));
  // true when a (its placements made as needed) is smaller than b: the symmetry breaker first, then in order
  const smaller = (a: (i: number) => Place, b: readonly Place[]): boolean => {
    const rest = [...b.keys()].filter((i) => i !== pivot);
    for (const i of pivot >= 0 && pivot < b.length ? [pivot, ...rest] : rest) {
      const d = order(a(i), b[i]!);
      if (d !== 0) return d < 0;
    }
    return false;
  };
  return (solution: Solution): Solution => {
    const orientations = solution.placements.map((p) => orientationOf(pieceIndex.get(p.piece) ?? -1, p.cells));
    for (const g of symmetries) {
      const kept = image(solution, orientations, g);
      const places = kept.map((k) => k.place);
      // BurrTools turns the assembly it found placement by placement, without sorting copies again
      const beaten = symmetries.some((h) => smaller((i) => {
        const { piece, place, moved } = kept[i]!;
        return placement(piece, turnedOrientation(piece, place[0] === Infinity ? -1 : place[0], h.index), moved.cells.map(h.map));
      }, places));
      if (!beaten) return { placements: kept.map((k) => k.moved) };
    }
    return solution;
  };
}

/** The cells a BurrTools assembly places, piece copy by piece copy (undefined for "x"): to check assemblies against solutions. */
export function assemblyCells(puzzle: Puzzle, text: string, gridType: number, shift: Cell = [0, 0, 0]): (Cell[] | undefined)[] {
  const words = text.trim().split(/\s+/);
  const grid = puzzleGrid(puzzle);
  const out: (Cell[] | undefined)[] = [];
  let i = 0;
  for (const piece of puzzle.pieces) {
    for (let k = 0; k < piece.count; k++) {
      if (words[i] === 'x') {
        out.push(undefined);
        i++;
        continue;
      }
      const [x, y, z, t] = words.slice(i, i + 4).map(Number) as [number, number, number, number];
      i += 4;
      const turn = turnOf(grid, turnsOfType(gridType)[t]!);
      // the hotspot (the origin of the piece's box) lands at x, y, z
      const origin = hotspotAt(turn, [0, 0, 0]);
      out.push(piece.shape.map((c) => add(turn(c), [x - origin[0] - shift[0], y - origin[1] - shift[1], z - origin[2] - shift[2]])));
    }
  }
  return out;
}

/**
 * The shift burrToolsXml moves a puzzle's cells by: the move of the grid that normalises its board (its box
 * to the origin, or just past it where that is no move of the grid: voxel boxes start at 0; a sphere's box
 * moves by an even step, a tetrahedra-octahedra board by whole blocks whose steps add up even, a rhombic one
 * by whole cubes, to keep the cells on the grid).
 */
export function burrToolsShift(puzzle: Puzzle): Cell {
  const first = leastCell(puzzle.board);
  const moved = puzzleGrid(puzzle).normalize(puzzle.board)[0]!;
  return [moved[0] - first[0], moved[1] - first[1], moved[2] - first[2]];
}

/** True for a file name BurrTools' own: .xmpuzzle. */
export function isBurrToolsPath(path: string): boolean {
  return /\.xmpuzzle$/i.test(path);
}
