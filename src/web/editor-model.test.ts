import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { GRID_NAMES, gridOf } from '../geometry/grids/index.js';
import type { Puzzle } from '../puzzle/model.js';
import { puzzleProblem } from '../puzzle/model.js';
import { wellFormedProblem } from '../puzzle/validate.js';
import { nextTurn } from '../test-support/turn.js';
import type { EditorGridName, EditorState } from './editor-model.js';
import {
  addPiece, buildPuzzle, EDITOR_GRIDS, editorStateOf, framePlaces, newEditorState, placeCopy, placementProblem, removePiece,
  removePlacedAt, renamePiece, resizeBoard, resizePiece, setBoardCell, setCopies, setGrid, setOptionalCell, setPieceCell, summary,
  unsupportedProblem,
} from './editor-model.js';

/**
 * The catalog is read with Node's file system (catalog.ts), which the web tsconfig (DOM, no Node types)
 * cannot type-check: it is imported by a path the compiler does not follow, and typed here.
 */
interface CatalogModule {
  catalogNames(): string[];
  loadCatalogPuzzle(name: string): Puzzle;
}
const catalogPath = '../puzzle/catalog.js';
const catalog = (await import(/* @vite-ignore */ catalogPath)) as CatalogModule;

const flat = (cells: [number, number][]): Cell[] => cells.map(([x, y]) => [x, y, 0]);

/** A 3 x 2 board and one L-tromino piece with two copies. */
function twoTrominoes(): EditorState {
  const state = newEditorState('square', [3, 2, 1]);
  for (const c of flat([[0, 0], [0, 1], [1, 1]])) setPieceCell(state, 0, c, true);
  setCopies(state, 0, 2, 2);
  return state;
}

describe('loading and building', () => {
  const names = catalog.catalogNames();

  it.each(names)('gives catalog puzzle %s back unchanged', (name) => {
    const puzzle = catalog.loadCatalogPuzzle(name);
    expect(buildPuzzle(editorStateOf(puzzle))).toEqual({ puzzle });
  });

  it('loads every grid it offers: the catalog\'s, prisms (a hexagon of six triangles, three layers high), BurrTools\' voxel grids and sticks', () => {
    const board: Cell[] = [];
    for (let z = 0; z < 3; z++) for (let y = 0; y < 2; y++) for (let x = 1; x <= 3; x++) board.push([x, y, z]);
    const piece = (name: string, shape: Cell[]) => ({ name, shape, count: 2, mirror: false });
    const prisms: Puzzle = {
      name: 'prisms', dims: 3, grid: 'prism', mirror: false, board,
      pieces: [piece('F', [[0, 0, 0], [1, 0, 0], [2, 0, 0]]), piece('L', [[0, 0, 0], [1, 0, 0], [0, 0, 1]]), piece('I', [[0, 0, 0], [0, 0, 1], [0, 0, 2]])],
    };
    const built = buildPuzzle(editorStateOf(prisms));
    if (!('puzzle' in built)) throw new Error(built.problem);
    expect(built.puzzle.board).toEqual(board);
    expect(built.puzzle.pieces.map((p) => [p.name, p.shape.length, p.count])).toEqual([['F', 3, 2], ['L', 3, 2], ['I', 3, 2]]);
    // BurrTools' voxel grids: a block of voxel positions, its cells the board, pieces of two touching cells
    const voxels = (grid: 'rhombic' | 'tetra-octa', side: number): Puzzle => {
      const g = gridOf(grid, 3);
      const cells: Cell[] = [];
      for (let z = 0; z < side; z++) for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) if (!g.cellProblem?.([x, y, z])) cells.push([x, y, z]);
      const pair = [cells[0]!, g.neighbours(cells[0]!).find((n) => cells.some((c) => c.join() === n.join()))!];
      const single = cells.length % 2 === 1 ? [{ name: 'B', shape: g.normalize([cells[0]!]), count: 1, mirror: false }] : [];
      return { name: grid, dims: 3, grid, mirror: false, board: cells, pieces: [{ name: 'A', shape: g.normalize(pair), count: Math.floor(cells.length / 2), mirror: false }, ...single] };
    };
    // sticks: the 12 sticks of a 2 x 2 square, in six pieces of two in a line
    const sticks: Puzzle = {
      name: 'sticks', dims: 2, grid: 'stick', mirror: true,
      board: [[1, 0, 0], [3, 0, 0], [0, 1, 0], [2, 1, 0], [4, 1, 0], [1, 2, 0], [3, 2, 0], [0, 3, 0], [2, 3, 0], [4, 3, 0], [1, 4, 0], [3, 4, 0]],
      pieces: [{ name: 'I', shape: [[1, 0, 0], [3, 0, 0]], count: 6, mirror: true }],
    };
    const burrTools = [voxels('rhombic', 5), voxels('tetra-octa', 3), sticks];
    for (const puzzle of burrTools) {
      const state = editorStateOf(puzzle);
      // every cell of the board is drawn in its frame, and nothing that is no cell
      expect(framePlaces(state.grid, state.frame).map((p) => p.cell.join()).sort()).toEqual(puzzle.board.map((c) => c.join()).sort());
      expect(buildPuzzle(state)).toEqual({ puzzle });
    }
    const grids = new Set([...names.map((n) => catalog.loadCatalogPuzzle(n)), prisms, ...burrTools].filter((p) => !unsupportedProblem(p)).map((p) => p.grid ?? (p.dims === 3 ? 'cube' : 'square')));
    expect([...grids].sort()).toEqual([...EDITOR_GRIDS].sort());
  });

  it('draws every cell of every catalog piece in the piece\'s frame (balls too, whose layers run across the lattice)', () => {
    for (const name of names) {
      const state = editorStateOf(catalog.loadCatalogPuzzle(name));
      for (const piece of state.pieces) {
        const drawn = new Set(framePlaces(state.grid, { origin: [0, 0, 0], size: piece.frame }).map((p) => p.cell.join(',')));
        expect(piece.cells.filter((c) => !drawn.has(c.join(','))), `${name} ${piece.name}`).toEqual([]);
      }
    }
  });

  it('draws every grid snug has, and says for a grid added without a drawing which it draws and where to edit instead', () => {
    expect(GRID_NAMES.filter((g) => !EDITOR_GRIDS.includes(g))).toEqual([]);
    const puzzle = { name: 'p', dims: 2, grid: 'pentagon', mirror: false, board: [[0, 0, 0]], pieces: [{ name: 'A', shape: [[0, 0, 0]], count: 1, mirror: false }] } as unknown as Puzzle;
    expect(unsupportedProblem(puzzle)).toBe('the editor draws squares, cubes, hexagons, triangles, triangular prisms, balls, rhombic tetrahedra, tetrahedra-octahedra and sticks, not the pentagon grid: edit this puzzle\'s file (YAML or BurrTools) and open it again; it solves and shows here as any other');
    expect(() => editorStateOf(puzzle)).toThrow('pentagon');
  });
});

describe('building a puzzle', () => {
  it('starts with a full board and one empty piece, and says what is missing', () => {
    const state = newEditorState();
    expect(state.board).toHaveLength(20);
    expect(buildPuzzle(state)).toEqual({ problem: 'piece A has no cells: draw its shape' });
  });

  it('builds two L-trominoes on a 3 x 2 board', () => {
    const result = buildPuzzle(twoTrominoes());
    expect(result).toEqual({
      puzzle: {
        name: 'my puzzle', dims: 2, mirror: true,
        board: flat([[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]]),
        pieces: [{ name: 'A', shape: flat([[0, 0], [0, 1], [1, 1]]), count: 2, mirror: true }],
      },
    });
  });

  it('normalises a piece drawn away from the corner of its frame', () => {
    const state = twoTrominoes();
    state.pieces[0]!.cells = [];
    for (const c of flat([[2, 1], [2, 2], [3, 2]])) setPieceCell(state, 0, c, true);
    expect('puzzle' in buildPuzzle(state) && buildPuzzle(state)).toMatchObject({ puzzle: { pieces: [{ shape: flat([[0, 0], [0, 1], [1, 1]]) }] } });
  });

  it('passes on the library\'s problems: areas, connection', () => {
    const state = twoTrominoes();
    setCopies(state, 0, 1, 1);
    expect(buildPuzzle(state)).toEqual({ problem: 'the pieces cover 3 cells but the board has 6: they cannot fill it exactly' });
    setPieceCell(state, 0, [0, 1, 0], false);
    expect(buildPuzzle(state)).toEqual({ problem: 'piece "A" is not connected: its cells must touch face to face' });
  });

  it('accepts fewer piece cells than board cells when enough cells may stay empty', () => {
    const state = twoTrominoes();
    setCopies(state, 0, 1, 1);
    for (const c of flat([[0, 0], [1, 0], [2, 0]])) setOptionalCell(state, c, true);
    const result = buildPuzzle(state);
    expect(result).toHaveProperty('puzzle.optional', flat([[0, 0], [1, 0], [2, 0]]));
    expect(summary(state)).toBe('board 6 cells (3 may stay empty) · pieces 3 cells in 1 copy');
  });

  it('keeps the cube layers and writes dims 3', () => {
    const state = newEditorState('cube', [2, 1, 2]);
    for (const c of [[0, 0, 0], [0, 0, 1]] as Cell[]) setPieceCell(state, 0, c, true);
    setCopies(state, 0, 2, 2);
    const result = buildPuzzle(state);
    expect(result).toHaveProperty('puzzle.dims', 3);
    expect(result).toHaveProperty('puzzle.mirror', false);
    expect(result).not.toHaveProperty('puzzle.grid');
    expect(result).toHaveProperty('puzzle.board', [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]);
  });

  it('draws hexagon rows on every other column, and names the grid', () => {
    const state = newEditorState('hexagon', [3, 2, 1]);
    expect(framePlaces('hexagon', state.frame).map((p) => p.art)).toEqual([[0, 0, 0], [2, 0, 0], [4, 0, 0], [1, 1, 0], [3, 1, 0], [5, 1, 0]]);
    for (const c of [[0, 0, 0], [1, 0, 0], [0, 1, 0]] as Cell[]) setPieceCell(state, 0, c, true);
    setCopies(state, 0, 2, 2);
    expect(buildPuzzle(state)).toHaveProperty('puzzle.grid', 'hexagon');
  });

  it('resizes the board: new places join it, cells outside go with the copies on them', () => {
    const state = twoTrominoes();
    expect(placeCopy(state, 'A', flat([[2, 0], [2, 1], [1, 1]]))).toBeUndefined();
    resizeBoard(state, [2, 3, 1]);
    expect(state.board).toHaveLength(6);
    expect(state.placed).toEqual([]);
  });

  it('changes grid keeping the drawing where it can', () => {
    const state = twoTrominoes();
    setGrid(state, 'cube');
    expect(buildPuzzle(state)).toHaveProperty('puzzle.dims', 3);
    expect(state.pieces[0]!.frame[2]).toBe(2); // layers to draw the piece in
    setGrid(state, 'square');
    expect(buildPuzzle(state)).toEqual(buildPuzzle(twoTrominoes()));
  });

  it('keeps, from one grid to any other, only cells the new grid draws in their frames', () => {
    const drawnIn = (grid: EditorGridName, size: Cell, origin: Cell = [0, 0, 0]): Set<string> => new Set(framePlaces(grid, { origin, size }).map((p) => p.cell.join()));
    for (const from of EDITOR_GRIDS) {
      for (const to of EDITOR_GRIDS) {
        const state = newEditorState(from, [6, 6, 3]);
        for (const place of framePlaces(from, { origin: [0, 0, 0], size: state.pieces[0]!.frame }).slice(0, 7)) setPieceCell(state, 0, place.cell, true);
        setGrid(state, to);
        const board = drawnIn(to, state.frame.size, state.frame.origin);
        expect(state.board.filter((c) => !board.has(c.join())), `${from} -> ${to}: board`).toEqual([]);
        const piece = drawnIn(to, state.pieces[0]!.frame);
        expect(state.pieces[0]!.cells.filter((c) => !piece.has(c.join())), `${from} -> ${to}: piece`).toEqual([]);
      }
    }
  });
});

describe('pieces already on the board', () => {
  it('accepts an allowed orientation and refuses other shapes, covered cells and copies beyond the count', () => {
    const state = twoTrominoes();
    expect(placementProblem(state, 'A', flat([[0, 0], [1, 0], [2, 0]]))).toBe('these cells are not piece A in any orientation it may take');
    expect(placementProblem(state, 'A', flat([[0, 0], [1, 0]]))).toBe('piece A has 3 cells, not 2');
    expect(placeCopy(state, 'A', flat([[0, 0], [1, 0], [0, 1]]))).toBeUndefined();
    expect(placementProblem(state, 'A', flat([[0, 1], [1, 1], [2, 1]]))).toBe('[0, 1, 0] is covered by a piece already');
    expect(placeCopy(state, 'A', flat([[2, 0], [2, 1], [1, 1]]))).toBeUndefined();
    setCopies(state, 0, 2, 2);
    expect(buildPuzzle(state)).toHaveProperty('puzzle.placed', [{ piece: 'A', cells: flat([[0, 0], [1, 0], [0, 1]]) }, { piece: 'A', cells: flat([[2, 0], [1, 1], [2, 1]]) }]);
    removePlacedAt(state, [1, 1, 0]);
    expect(state.placed).toHaveLength(1);
  });

  it('honours a piece that may not be turned over', () => {
    const state = newEditorState('square', [3, 3, 1]);
    for (const c of flat([[0, 0], [1, 0], [1, 1], [2, 1]])) setPieceCell(state, 0, c, true); // a Z tetromino
    state.pieces[0]!.mirror = false;
    expect(placementProblem(state, 'A', flat([[1, 0], [2, 0], [0, 1], [1, 1]]))).toContain('not piece A in any orientation');
    state.pieces[0]!.mirror = true;
    expect(placementProblem(state, 'A', flat([[1, 0], [2, 0], [0, 1], [1, 1]]))).toBeUndefined();
  });

  it('follows a piece renamed, and goes with a piece removed', () => {
    const state = twoTrominoes();
    placeCopy(state, 'A', flat([[0, 0], [1, 0], [0, 1]]));
    renamePiece(state, 0, 'L');
    expect(state.placed[0]!.piece).toBe('L');
    removePiece(state, 0);
    expect(state.placed).toEqual([]);
  });
});

/** One edit of the editor, as a person might make it. */
type Edit =
  | { kind: 'board'; x: number; y: number; z: number; on: boolean }
  | { kind: 'optional'; x: number; y: number; z: number; on: boolean }
  | { kind: 'resize'; w: number; h: number; d: number }
  | { kind: 'add' }
  | { kind: 'remove'; piece: number }
  | { kind: 'rename'; piece: number; name: string }
  | { kind: 'cell'; piece: number; x: number; y: number; z: number; on: boolean }
  | { kind: 'pieceSize'; piece: number; w: number; h: number; d: number }
  | { kind: 'copies'; piece: number; min: number; count: number }
  | { kind: 'mirror'; piece: number; mirror: boolean | 'default' }
  | { kind: 'rotate'; piece: number; rotate: boolean | undefined }
  | { kind: 'puzzleMirror'; mirror: boolean }
  | { kind: 'place'; piece: number; x: number; y: number; turn: number }
  | { kind: 'unplace'; x: number; y: number; z: number };

const coordinate = fc.integer({ min: 0, max: 5 });
const pieceCoordinate = fc.integer({ min: 0, max: 2 });
const small = fc.integer({ min: 1, max: 5 });
const pieceIndex = fc.integer({ min: 0, max: 3 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('board' as const), x: coordinate, y: coordinate, z: coordinate, on: fc.boolean() }),
  fc.record({ kind: fc.constant('optional' as const), x: coordinate, y: coordinate, z: coordinate, on: fc.boolean() }),
  fc.record({ kind: fc.constant('resize' as const), w: small, h: small, d: small }),
  fc.record({ kind: fc.constant('add' as const) }),
  fc.record({ kind: fc.constant('remove' as const), piece: pieceIndex }),
  fc.record({ kind: fc.constant('rename' as const), piece: pieceIndex, name: fc.constantFrom('A', 'B', 'X', '', 'two words') }),
  fc.record({ kind: fc.constant('cell' as const), piece: pieceIndex, x: pieceCoordinate, y: pieceCoordinate, z: pieceCoordinate, on: fc.boolean() }),
  fc.record({ kind: fc.constant('cell' as const), piece: pieceIndex, x: pieceCoordinate, y: pieceCoordinate, z: pieceCoordinate, on: fc.constant(true) }),
  fc.record({ kind: fc.constant('pieceSize' as const), piece: pieceIndex, w: small, h: small, d: small }),
  fc.record({ kind: fc.constant('copies' as const), piece: pieceIndex, min: fc.integer({ min: -1, max: 4 }), count: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('mirror' as const), piece: pieceIndex, mirror: fc.constantFrom(true, false, 'default' as const) }),
  fc.record({ kind: fc.constant('rotate' as const), piece: pieceIndex, rotate: fc.constantFrom(true, false, undefined) }),
  fc.record({ kind: fc.constant('puzzleMirror' as const), mirror: fc.boolean() }),
  fc.record({ kind: fc.constant('place' as const), piece: pieceIndex, x: coordinate, y: coordinate, turn: fc.integer({ min: 0, max: 47 }) }),
  fc.record({ kind: fc.constant('unplace' as const), x: coordinate, y: coordinate, z: coordinate }),
);

function applyEdit(state: EditorState, e: Edit): void {
  const cell = (x: number, y: number, z: number): Cell => [x, y, state.grid === 'cube' ? z : 0];
  const piece = 'piece' in e ? e.piece % Math.max(1, state.pieces.length) : 0;
  switch (e.kind) {
    case 'board': return setBoardCell(state, cell(e.x, e.y, e.z), e.on);
    case 'optional': return setOptionalCell(state, cell(e.x, e.y, e.z), e.on);
    case 'resize': return resizeBoard(state, [e.w, e.h, e.d]);
    case 'add': addPiece(state); return;
    case 'remove': return removePiece(state, piece);
    case 'rename': return renamePiece(state, piece, e.name);
    case 'cell': return setPieceCell(state, piece, cell(e.x, e.y, e.z), e.on);
    case 'pieceSize': return resizePiece(state, piece, [e.w, e.h, e.d]);
    case 'copies': return setCopies(state, piece, e.min, e.count);
    case 'mirror': if (state.pieces[piece]) state.pieces[piece].mirror = e.mirror; return;
    case 'rotate': if (state.pieces[piece]) state.pieces[piece].rotate = e.rotate; return;
    case 'puzzleMirror': state.mirror = e.mirror; return;
    case 'place': {
      // the piece's cells moved onto the board: sometimes an allowed orientation, often not
      const p = state.pieces[piece];
      if (!p || p.cells.length === 0) return;
      const flip = e.turn % 2 === 1;
      const cells = p.cells.map((c): Cell => [(flip ? -c[0] : c[0]) + e.x, c[1] + e.y, c[2]]);
      placeCopy(state, p.name, cells);
      return;
    }
    case 'unplace': return removePlacedAt(state, cell(e.x, e.y, e.z));
  }
}

describe('any sequence of edits', () => {
  it('gives a puzzle the library accepts, or one line that says what is wrong; the puzzle loads back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<EditorGridName>(...EDITOR_GRIDS), fc.array(edit, { maxLength: 40 }), async (grid, edits) => {
        await nextTurn();
        // a puzzle to start from (a monomino that may fill any part of the board), so that edits meet
        // puzzles as well as problems
        const state = newEditorState(grid, [3, 3, 2]);
        setPieceCell(state, 0, [0, 0, 0], true);
        setCopies(state, 0, 0, state.board.length);
        for (const e of edits) applyEdit(state, e);
        const result = buildPuzzle(state);
        if ('problem' in result) {
          expect(result.problem).toMatch(/^\S[^\n]*$/);
          return;
        }
        expect(wellFormedProblem(result.puzzle)).toBeUndefined();
        expect(puzzleProblem(result.puzzle)).toBeUndefined();
        expect(buildPuzzle(editorStateOf(result.puzzle))).toEqual(result);
      }),
      { numRuns: 300 },
    );
  });

  it('sometimes gives a puzzle (the property above is not only about problems)', () => {
    // a sequence the generator above can make: the two trominoes drawn edit by edit
    const state = newEditorState('square', [3, 3, 2]);
    const edits: Edit[] = [
      { kind: 'resize', w: 3, h: 2, d: 1 },
      { kind: 'cell', piece: 0, x: 0, y: 0, z: 0, on: true },
      { kind: 'cell', piece: 0, x: 0, y: 1, z: 0, on: true },
      { kind: 'cell', piece: 0, x: 1, y: 1, z: 0, on: true },
      { kind: 'copies', piece: 0, min: 2, count: 2 },
      { kind: 'place', piece: 0, x: 0, y: 0, turn: 0 },
    ];
    for (const e of edits) applyEdit(state, e);
    expect(buildPuzzle(state)).toHaveProperty('puzzle.placed', [{ piece: 'A', cells: flat([[0, 0], [0, 1], [1, 1]]) }]);
  });
});
