/**
 * The puzzle editor: a person draws a board and pieces on a grid and gets a snug Puzzle. Plain DOM and
 * SVG: a form of ordinary controls (name, grid, sizes, the pieces' options), drawing grids (cell-canvas.ts)
 * for the board and each piece, and a summary line. Every edit goes to the editor's state
 * (editor-model.ts, which also builds and checks the puzzle), after which the editor redraws what depends
 * on it and tells its owner the puzzle, or the one-line problem that keeps it from being one.
 *
 * Cube puzzles are drawn a layer at a time: a layer selector picks the layer drawn; the layer below shows
 * faintly under the holes of the one drawn. Pieces already on the board are drawn in "place" mode: pick a
 * piece, then the board cells it covers; the copy is put down when the cells are one of its orientations.
 */
import type { Cell } from '../geometry/cell.js';
import { cellKey } from '../geometry/cell.js';
import type { Puzzle } from '../puzzle/model.js';
import { fadedColour, pieceListColours } from '../render/piece-colours.js';
import type { PieceColour } from '../render/piece-colours.js';
import { inkFor } from '../render/palette.js';
import type { CellLook } from './cell-canvas.js';
import { CellCanvas } from './cell-canvas.js';
import type { EditorGridName, EditorPiece, EditorState, Place } from './editor-model.js';
import {
  addPiece, buildPuzzle, dimsOf, EDITOR_GRIDS, editorStateOf, frameCells, framePlaces, gridOfEditor, isBoardCell, isOptionalCell, MAX_FRAME_SIDE,
  newEditorState, pieceOf, placeCopy, placedAt, removePiece, removePlacedAt, renamePiece, resizeBoard, resizePiece, setBoardCell,
  setCopies, setGrid, setOptionalCell, setPieceCell, summary, unsupportedProblem,
} from './editor-model.js';
import './editor.css';

export type EditorResult = { puzzle: Puzzle } | { problem: string };

type Tool = 'board' | 'optional' | 'place';

const TOOL_LABELS: Record<Tool, string> = { board: 'Board cells', optional: 'May stay empty (+)', place: 'Place a piece' };

const HOLE_LOOK = { fill: '#ffffff', stroke: '#b8b8b8', dashed: true } as const;
const BELOW_FILL = '#e4e8f0';
const BOARD_FILL = '#c9ccd1';
const OPTIONAL_FILL = '#eef0f3';
const LINE = '#5f6368';

let nextId = 0;
const uniqueId = (stem: string): string => `snug-editor-${stem}-${++nextId}`;

/** A DOM element with attributes and children, briefly. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** A labelled number input that reports whole numbers on change. */
function numberField(label: string, testId: string, min: number, max: number, onChange: (value: number) => void): { field: HTMLElement; input: HTMLInputElement } {
  const id = uniqueId(testId);
  const input = el('input', { type: 'number', id, min: String(min), max: String(max), step: '1', inputmode: 'numeric', 'data-testid': testId });
  input.addEventListener('change', () => {
    const value = Number(input.value);
    if (input.value !== '' && Number.isFinite(value)) onChange(value);
  });
  return { field: el('span', { class: 'snug-field' }, el('label', { for: id }, label), input), input };
}

/** The layer selector of a cube drawing: a number field with buttons down and up. */
class LayerPicker {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly down: HTMLButtonElement;
  private readonly up: HTMLButtonElement;
  private layers = 1;
  layer = 0;

  constructor(testId: string, private readonly onPick: () => void) {
    const picked = numberField('Layer', testId, 1, MAX_FRAME_SIDE, (v) => this.pick(v - 1));
    this.input = picked.input;
    this.down = el('button', { type: 'button', 'aria-label': 'Layer below', 'data-testid': `${testId}-down` }, '▼');
    this.up = el('button', { type: 'button', 'aria-label': 'Layer above', 'data-testid': `${testId}-up` }, '▲');
    this.down.addEventListener('click', () => this.pick(this.layer - 1));
    this.up.addEventListener('click', () => this.pick(this.layer + 1));
    this.element = el('span', { class: 'snug-layer' }, picked.field, this.down, this.up);
  }

  /** Shows the picker for so many layers (hidden for one), keeping the layer within them. */
  setLayers(layers: number): void {
    this.layers = layers;
    this.layer = Math.max(0, Math.min(this.layer, layers - 1));
    this.element.hidden = layers <= 1;
    this.input.max = String(layers);
    this.input.value = String(this.layer + 1);
    this.down.disabled = this.layer === 0;
    this.up.disabled = this.layer === layers - 1;
  }

  private pick(layer: number): void {
    this.layer = Math.max(0, Math.min(Math.floor(layer), this.layers - 1));
    this.setLayers(this.layers);
    this.onPick();
  }
}

/** The places of one layer of a frame (z counted from the frame's first layer). */
function layerPlaces(places: readonly Place[], z: number): Place[] {
  return places.filter((p) => p.art[2] === z);
}

const pieceLook = (colour: PieceColour): Pick<CellLook, 'fill' | 'stroke' | 'ink'> => ({ fill: colour.hex, stroke: LINE, ink: inkFor(colour.hex) });

export class PuzzleEditor {
  private state: EditorState = newEditorState();
  private tool: Tool = 'board';
  /** The piece being placed and the board cells picked for it so far. */
  private placing: { piece: string; cells: Cell[] } = { piece: 'A', cells: [] };
  /** What a stroke paints: on or off, decided by the cell it starts on. */
  private strokeValue = true;
  private colours: PieceColour[] = [];
  private problem: string | undefined;
  private built: EditorResult = { problem: '' };

  private readonly nameInput: HTMLInputElement;
  private readonly gridSelect: HTMLSelectElement;
  private readonly mirrorInput: HTMLInputElement;
  private readonly sizeInputs: HTMLInputElement[];
  private readonly depthField: HTMLElement;
  private readonly toolInputs = new Map<Tool, HTMLInputElement>();
  private readonly placeSelect: HTMLSelectElement;
  private readonly boardLayer: LayerPicker;
  private readonly boardCanvas: CellCanvas;
  private readonly message: HTMLElement;
  private readonly pieceList: HTMLElement;
  private readonly summaryLine: HTMLElement;
  private readonly problemLine: HTMLElement;
  private readonly carriedLine: HTMLElement;
  private cards: PieceCard[] = [];

  constructor(container: HTMLElement, private readonly onChange: (result: EditorResult) => void) {
    const root = el('div', { class: 'snug-editor', 'data-testid': 'editor' });

    // the puzzle as a whole
    const nameId = uniqueId('name');
    this.nameInput = el('input', { type: 'text', id: nameId, 'data-testid': 'editor-name', maxlength: '200', autocomplete: 'off' });
    this.nameInput.addEventListener('input', () => {
      this.state.name = this.nameInput.value;
      this.changed();
    });
    const gridId = uniqueId('grid');
    this.gridSelect = el('select', { id: gridId, 'data-testid': 'editor-grid' }, ...EDITOR_GRIDS.map((g) => el('option', { value: g }, gridOfEditor(g).editor!.label)));
    this.gridSelect.addEventListener('change', () => {
      setGrid(this.state, this.gridSelect.value as EditorGridName);
      this.rebuild();
    });
    const mirrorId = uniqueId('mirror');
    this.mirrorInput = el('input', { type: 'checkbox', id: mirrorId, 'data-testid': 'editor-mirror' });
    this.mirrorInput.addEventListener('change', () => {
      this.state.mirror = this.mirrorInput.checked;
      this.changed();
    });
    const puzzleFields = el('fieldset', { class: 'snug-puzzle' },
      el('legend', {}, 'Puzzle'),
      el('span', { class: 'snug-field snug-wide' }, el('label', { for: nameId }, 'Name'), this.nameInput),
      el('span', { class: 'snug-field' }, el('label', { for: gridId }, 'Grid'), this.gridSelect),
      el('span', { class: 'snug-field' }, this.mirrorInput, el('label', { for: mirrorId }, 'Pieces may be turned over (default)')));

    // the board
    const sizeFields = (['Width', 'Height', 'Depth'] as const).map((label, i) =>
      numberField(label, `editor-board-${label.toLowerCase()}`, 1, MAX_FRAME_SIDE, (v) => {
        const cells = frameCells(this.state.grid, this.state.frame.size) as unknown as number[];
        cells[i] = v;
        resizeBoard(this.state, cells as unknown as Cell);
        this.placing.cells = [];
        this.changed();
      }));
    this.sizeInputs = sizeFields.map((f) => f.input);
    this.depthField = sizeFields[2]!.field;
    const toolName = uniqueId('tool');
    const tools = el('div', { class: 'snug-tools', role: 'radiogroup', 'aria-label': 'What clicks on the board do' },
      ...(['board', 'optional', 'place'] as Tool[]).map((tool) => {
        const id = uniqueId(`tool-${tool}`);
        const input = el('input', { type: 'radio', name: toolName, id, value: tool, 'data-testid': `editor-tool-${tool}` });
        input.checked = tool === this.tool;
        input.addEventListener('change', () => {
          if (!input.checked) return;
          this.tool = tool;
          this.placing.cells = [];
          this.setMessage('');
          this.redraw();
        });
        this.toolInputs.set(tool, input);
        return el('span', { class: 'snug-field' }, input, el('label', { for: id }, TOOL_LABELS[tool]));
      }));
    const placeId = uniqueId('place-piece');
    this.placeSelect = el('select', { id: placeId, 'data-testid': 'editor-place-piece' });
    this.placeSelect.addEventListener('change', () => {
      this.placing = { piece: this.placeSelect.value, cells: [] };
      this.setMessage('');
      this.redraw();
    });
    const placeField = el('span', { class: 'snug-field' }, el('label', { for: placeId }, 'Piece to place'), this.placeSelect);
    this.boardLayer = new LayerPicker('editor-board-layer', () => this.redraw());
    this.boardCanvas = new CellCanvas({
      label: 'Board', testId: 'editor-board', cellSize: 44,
      onPaint: (cell, phase) => this.paintBoard(cell, phase),
      onStrokeEnd: () => this.changed(),
    });
    this.boardCanvas.element.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || this.placing.cells.length === 0) return;
      this.placing.cells = [];
      this.setMessage('Unpicked the cells.');
      this.redraw();
    });
    this.message = el('p', { class: 'snug-message', 'aria-live': 'polite', 'data-testid': 'editor-place-message' });
    const boardFields = el('fieldset', { class: 'snug-board' },
      el('legend', {}, 'Board'),
      el('div', { class: 'snug-row' }, ...sizeFields.map((f) => f.field)),
      tools,
      el('div', { class: 'snug-row' }, placeField, this.boardLayer.element),
      el('div', { class: 'snug-canvas' }, this.boardCanvas.element),
      this.message);

    // the pieces
    this.pieceList = el('div', { class: 'snug-pieces', 'data-testid': 'editor-pieces' });
    const addButton = el('button', { type: 'button', 'data-testid': 'editor-add-piece' }, 'Add a piece');
    addButton.addEventListener('click', () => {
      addPiece(this.state);
      this.rebuild();
      this.cards[this.cards.length - 1]?.focusName();
    });
    const pieceFields = el('fieldset', { class: 'snug-piece-list' }, el('legend', {}, 'Pieces'), this.pieceList, addButton);

    this.summaryLine = el('p', { class: 'snug-summary', 'data-testid': 'editor-summary' });
    this.problemLine = el('p', { class: 'snug-problem', 'data-testid': 'editor-problem', role: 'status' });
    this.carriedLine = el('p', { class: 'snug-carried', 'data-testid': 'editor-carried' });
    root.append(puzzleFields, boardFields, pieceFields, el('div', { class: 'snug-status', 'aria-live': 'polite' }, this.summaryLine, this.problemLine), this.carriedLine);
    container.append(root);
    this.rebuild(false);
  }

  /** Loads a puzzle for editing; a puzzle on a grid the editor does not draw is refused with a problem. */
  load(puzzle: Puzzle): void {
    const unsupported = unsupportedProblem(puzzle);
    if (unsupported) {
      this.setMessage(`Cannot edit ${puzzle.name}: ${unsupported}`);
      this.onChange({ problem: unsupported });
      return;
    }
    this.state = editorStateOf(puzzle);
    this.boardLayer.layer = 0;
    this.placing = { piece: this.state.pieces[0]?.name ?? '', cells: [] };
    this.setMessage('');
    this.rebuild();
  }

  /** The puzzle drawn, or undefined while it has a problem. */
  puzzle(): Puzzle | undefined {
    return 'puzzle' in this.built ? this.built.puzzle : undefined;
  }

  // ---- drawing the board ----

  private paintBoard(cell: Cell, phase: 'start' | 'drag'): void {
    const state = this.state;
    if (this.tool === 'board') {
      if (phase === 'start') this.strokeValue = !isBoardCell(state, cell);
      setBoardCell(state, cell, this.strokeValue);
    } else if (this.tool === 'optional') {
      if (phase === 'start') this.strokeValue = !isOptionalCell(state, cell);
      setOptionalCell(state, cell, this.strokeValue);
    } else {
      this.pick(cell, phase);
    }
    this.redraw();
  }

  /** Place mode: picks or unpicks a board cell for the piece; a click on a placed copy takes it off. */
  private pick(cell: Cell, phase: 'start' | 'drag'): void {
    const state = this.state;
    const picked = this.placing.cells.some((c) => cellKey(c) === cellKey(cell));
    if (phase === 'start') {
      if (!picked && this.placing.cells.length === 0 && placedAt(state, cell) >= 0) {
        const name = state.placed[placedAt(state, cell)]!.piece;
        removePlacedAt(state, cell);
        this.setMessage(`Took a copy of ${name} off the board.`);
        this.strokeValue = false;
        return;
      }
      this.strokeValue = !picked;
    }
    if (!isBoardCell(state, cell) || placedAt(state, cell) >= 0 || picked === this.strokeValue) return;
    this.placing.cells = this.strokeValue ? [...this.placing.cells, cell] : this.placing.cells.filter((c) => cellKey(c) !== cellKey(cell));
    const piece = state.pieces.find((p) => p.name === this.placing.piece);
    if (!piece) {
      this.setMessage('Add a piece first, then pick it to place.');
      this.placing.cells = [];
      return;
    }
    const need = piece.cells.length;
    if (this.placing.cells.length < need) {
      this.setMessage(`Picked ${this.placing.cells.length} of the ${need} cells of ${piece.name}.`);
      return;
    }
    const problem = placeCopy(state, piece.name, this.placing.cells);
    if (problem) {
      this.setMessage(`Cannot place ${piece.name}: ${problem}. Click a picked cell to unpick it.`);
      return;
    }
    this.placing.cells = [];
    this.setMessage(`Placed a copy of ${piece.name}.`);
  }

  /** Looks up what covers each board cell once per redraw: large boards (Calibron's 3136 cells) stay quick. */
  private boardLooks(belowKeys: Set<string>): (place: Place) => CellLook {
    const state = this.state;
    const board = new Set(state.board.map(cellKey));
    const optional = new Set(state.optional.map(cellKey));
    const picked = new Set(this.placing.cells.map(cellKey));
    const placedBy = new Map(state.placed.flatMap((p) => p.cells.map((c) => [cellKey(c), p.piece] as const)));
    return (place) => this.boardLook(place, belowKeys, { board, optional, picked, placedBy });
  }

  private boardLook(place: Place, belowKeys: Set<string>, lookup: { board: Set<string>; optional: Set<string>; picked: Set<string>; placedBy: Map<string, string> }): CellLook {
    const key = cellKey(place.cell);
    if (lookup.picked.has(key)) {
      const colour = this.colourOf(this.placing.piece);
      return { ...pieceLook(colour), text: this.placing.piece.slice(0, 1), state: `picked for ${this.placing.piece}`, on: true, picked: true };
    }
    if (!lookup.board.has(key)) {
      const below = belowKeys.has(key);
      return { ...HOLE_LOOK, fill: below ? BELOW_FILL : HOLE_LOOK.fill, state: below ? 'not on the board (the layer below has a cell here)' : 'not on the board', on: false };
    }
    const name = lookup.placedBy.get(key);
    if (name !== undefined) {
      const faded = fadedColour(this.colourOf(name));
      return { fill: faded.hex, stroke: LINE, ink: '#333', text: name.slice(0, 1), state: `covered by ${name}`, on: true };
    }
    if (lookup.optional.has(key)) return { fill: OPTIONAL_FILL, stroke: LINE, text: '+', ink: '#555', state: 'may stay empty', on: true };
    return { fill: BOARD_FILL, stroke: LINE, state: 'board cell', on: true };
  }

  private colourOf(name: string): PieceColour {
    const index = this.state.pieces.findIndex((p) => p.name === name);
    return this.colours[index] ?? { hex: '#888888', xterm: 244, css: '#888888' };
  }

  // ---- keeping the view in step with the state ----

  /** Rebuilds the piece cards (after pieces came or went, the grid changed, a puzzle was loaded), then redraws. */
  private rebuild(report = true): void {
    this.cards = this.state.pieces.map((_, i) => new PieceCard(this, i));
    this.pieceList.replaceChildren(...this.cards.map((c) => c.element));
    if (report) this.changed();
    else this.refresh();
  }

  /** After an edit: redraws and tells the owner. */
  changed(): void {
    this.refresh();
    this.onChange(this.built);
  }

  /** Redraws without telling the owner (in the middle of a stroke). */
  redraw(): void {
    this.colours = pieceListColours(this.state.pieces.map((p) => ({ ...pieceOf(this.state, p), shape: [] })));
    const state = this.state;
    const places = framePlaces(state.grid, state.frame);
    const first = state.frame.origin[2];
    this.boardLayer.setLayers(state.frame.size[2]);
    const z = first + this.boardLayer.layer;
    const below = new Set(state.board.filter((c) => c[2] === z - 1).map((c) => cellKey([c[0], c[1], z])));
    this.boardCanvas.show(state.grid, layerPlaces(places, z), this.boardLooks(below));
    for (const card of this.cards) card.redraw();
    this.summaryLine.textContent = summary(state);
  }

  private refresh(): void {
    const state = this.state;
    if (document.activeElement !== this.nameInput) this.nameInput.value = state.name;
    this.gridSelect.value = state.grid;
    this.mirrorInput.checked = state.mirror;
    const cells = frameCells(state.grid, state.frame.size);
    this.sizeInputs.forEach((input, i) => { input.value = String(cells[i]); });
    this.depthField.hidden = dimsOf(state.grid) === 2;
    const names = state.pieces.map((p) => p.name);
    if (!names.includes(this.placing.piece)) this.placing = { piece: names[0] ?? '', cells: [] };
    if ([...this.placeSelect.options].map((o) => o.value).join('\n') !== names.join('\n')) {
      this.placeSelect.replaceChildren(...names.map((n) => el('option', { value: n }, n || '(no name)')));
    }
    this.placeSelect.value = this.placing.piece;
    this.placeSelect.disabled = this.tool !== 'place';
    this.built = buildPuzzle(state);
    this.problem = 'problem' in this.built ? this.built.problem : undefined;
    this.problemLine.textContent = this.problem ? `Problem: ${this.problem}` : 'Ready to solve.';
    this.problemLine.classList.toggle('snug-bad', this.problem !== undefined);
    const carried = [
      state.use !== undefined ? `exactly ${state.use} pieces are placed (use: ${state.use})` : '',
      state.wrap ? `the board wraps (${state.wrap})` : '',
    ].filter(Boolean);
    this.carriedLine.textContent = carried.length ? `Kept from the file: ${carried.join('; ')}.` : '';
    this.carriedLine.hidden = carried.length === 0;
    this.redraw();
  }

  private setMessage(text: string): void {
    this.message.textContent = text;
  }

  // ---- what piece cards need ----

  /** The state, for the piece cards. */
  get editorState(): EditorState {
    return this.state;
  }

  colourAt(index: number): PieceColour {
    return this.colours[index] ?? { hex: '#888888', xterm: 244, css: '#888888' };
  }

  removePieceAt(index: number): void {
    removePiece(this.state, index);
    this.rebuild();
  }

  renamePieceAt(index: number, name: string): void {
    const old = this.state.pieces[index]?.name;
    renamePiece(this.state, index, name);
    if (this.placing.piece === old) this.placing.piece = name;
    this.changed();
  }
}

/** One piece of the list: its options and its drawing grid. */
class PieceCard {
  readonly element: HTMLElement;
  private readonly canvas: CellCanvas;
  private readonly layer: LayerPicker;
  private readonly nameInput: HTMLInputElement;
  private readonly colourInput: HTMLInputElement;
  private readonly note: HTMLElement;
  private strokeValue = true;

  constructor(private readonly editor: PuzzleEditor, private readonly index: number) {
    const state = editor.editorState;
    const piece = state.pieces[index]!;
    const testId = (name: string): string => `piece-${name}`;
    const nameId = uniqueId('piece-name');
    this.nameInput = el('input', { type: 'text', id: nameId, value: piece.name, maxlength: '200', size: '4', autocomplete: 'off', 'data-testid': testId('name') });
    this.nameInput.addEventListener('change', () => editor.renamePieceAt(index, this.nameInput.value));
    const minField = numberField('At least', testId('min'), 0, 10_000, (v) => {
      setCopies(state, index, v, Math.max(v, piece.count));
      editor.changed();
      this.sync();
    });
    // while every copy must be placed (the usual case), the least follows the copies
    const countField = numberField('Copies', testId('count'), 1, 10_000, (v) => {
      setCopies(state, index, piece.min === piece.count ? v : Math.min(piece.min, v), v);
      editor.changed();
      this.sync();
    });
    this.minInput = minField.input;
    this.countInput = countField.input;
    const mirrorId = uniqueId('piece-mirror');
    const mirrorSelect = el('select', { id: mirrorId, 'data-testid': testId('mirror') },
      el('option', { value: 'default' }, 'as the puzzle'), el('option', { value: 'true' }, 'yes'), el('option', { value: 'false' }, 'no'));
    mirrorSelect.value = String(piece.mirror);
    mirrorSelect.addEventListener('change', () => {
      piece.mirror = mirrorSelect.value === 'default' ? 'default' : mirrorSelect.value === 'true';
      editor.changed();
    });
    const rotateId = uniqueId('piece-rotate');
    const rotateInput = el('input', { type: 'checkbox', id: rotateId, 'data-testid': testId('rotate') });
    rotateInput.checked = piece.rotate !== false;
    rotateInput.addEventListener('change', () => {
      piece.rotate = rotateInput.checked ? undefined : false;
      editor.changed();
    });
    const colourId = uniqueId('piece-colour');
    this.colourInput = el('input', { type: 'color', id: colourId, 'data-testid': testId('color') });
    this.colourInput.addEventListener('input', () => {
      piece.color = this.colourInput.value;
      editor.changed();
    });
    const removeButton = el('button', { type: 'button', class: 'snug-remove', 'data-testid': testId('remove'), 'aria-label': `Remove piece ${piece.name}` }, 'Remove');
    removeButton.addEventListener('click', () => editor.removePieceAt(index));
    const sizeFields = (['Width', 'Height', 'Depth'] as const).map((label, i) =>
      numberField(label, testId(label.toLowerCase()), 1, MAX_FRAME_SIDE, (v) => {
        const cells = frameCells(state.grid, piece.frame) as unknown as number[];
        cells[i] = v;
        resizePiece(state, index, cells as unknown as Cell);
        editor.changed();
      }));
    const cells = frameCells(state.grid, piece.frame);
    sizeFields.forEach((f, i) => { f.input.value = String(cells[i]); });
    sizeFields[2]!.field.hidden = dimsOf(state.grid) === 2;
    this.layer = new LayerPicker(testId('layer'), () => this.redraw());
    this.canvas = new CellCanvas({
      label: `Shape of piece ${piece.name}`, testId: testId('grid'), cellSize: 30,
      onPaint: (cell, phase) => {
        if (phase === 'start') this.strokeValue = !piece.cells.some((c) => cellKey(c) === cellKey(cell));
        setPieceCell(state, index, cell, this.strokeValue);
        editor.redraw();
      },
      onStrokeEnd: () => editor.changed(),
    });
    this.note = el('p', { class: 'snug-note' });
    this.element = el('fieldset', { class: 'snug-piece', 'data-testid': `editor-piece-${index}` },
      el('legend', {}, `Piece ${index + 1}`),
      el('div', { class: 'snug-row' },
        el('span', { class: 'snug-field' }, el('label', { for: nameId }, 'Name'), this.nameInput),
        el('span', { class: 'snug-field' }, el('label', { for: colourId }, 'Colour'), this.colourInput),
        removeButton),
      el('div', { class: 'snug-row' }, countField.field, minField.field),
      el('div', { class: 'snug-row' },
        el('span', { class: 'snug-field' }, el('label', { for: mirrorId }, 'Turn over'), mirrorSelect),
        el('span', { class: 'snug-field' }, rotateInput, el('label', { for: rotateId }, 'Rotate'))),
      el('div', { class: 'snug-row snug-small' }, ...sizeFields.map((f) => f.field), this.layer.element),
      el('div', { class: 'snug-canvas' }, this.canvas.element),
      this.note);
    this.sync();
  }

  private readonly minInput: HTMLInputElement;
  private readonly countInput: HTMLInputElement;

  focusName(): void {
    this.nameInput.focus();
    this.nameInput.select();
  }

  private get piece(): EditorPiece {
    return this.editor.editorState.pieces[this.index]!;
  }

  /** Puts the copies back in the fields (setCopies may have clamped them). */
  private sync(): void {
    this.minInput.value = String(this.piece.min);
    this.countInput.value = String(this.piece.count);
  }

  redraw(): void {
    const state = this.editor.editorState;
    const piece = this.piece;
    const colour = this.editor.colourAt(this.index);
    if (document.activeElement !== this.colourInput) this.colourInput.value = colour.hex;
    this.layer.setLayers(piece.frame[2]);
    const z = this.layer.layer;
    const on = new Set(piece.cells.map(cellKey));
    const below = new Set(piece.cells.filter((c) => c[2] === z - 1).map((c) => cellKey([c[0], c[1], z])));
    const places = layerPlaces(framePlaces(state.grid, { origin: [0, 0, 0], size: piece.frame }), z);
    this.canvas.show(state.grid, places, (p): CellLook => {
      if (on.has(cellKey(p.cell))) return { ...pieceLook(colour), state: `cell of ${piece.name}`, on: true };
      const faint = below.has(cellKey(p.cell));
      return { ...HOLE_LOOK, fill: faint ? BELOW_FILL : HOLE_LOOK.fill, state: faint ? 'empty (the layer below has a cell here)' : 'empty', on: false };
    });
    const notes = [
      `${piece.cells.length} cell${piece.cells.length === 1 ? '' : 's'}`,
      piece.orientations ? `takes only the ${piece.orientations.length} orientations the file lists (redrawing the shape drops them)` : '',
    ].filter(Boolean);
    this.note.textContent = notes.join('; ');
  }
}
