/**
 * A board a person plays on (hints) and watches (the search): every cell an SVG shape of its own, so a
 * pointer or a key names a cell. Squares are drawn as squares; cubes as their layers side by side, layer 0
 * first; triangles, hexagons and spheres as the pictures of the command line place them (render/svg-cells.ts).
 *
 * Playing is done as with the real pieces: the tray draws every piece's shape; a piece picked (a press on
 * it, or Enter) is held, turned (R, the button, two fingers turning) and flipped (F), and follows the
 * pointer, a finger or the arrow keys over the board as a ghost, snapped to the cells; it goes down where
 * it fits (a release, a click, Enter) and is refused, with the reason, where it does not. A piece on the
 * board is picked up the same way, to move it or to drop it off the board (back to the tray). Escape puts
 * the held piece back. What fits and where a piece lies is play-model.ts's, not this file's.
 */
import type { Cell } from '../geometry/cell.js';
import { bounds, cellKey } from '../geometry/cell.js';
import type { Grid } from '../geometry/grid.js';
import type { PlacedPiece, Puzzle } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import type { PieceColour } from '../render/piece-colours.js';
import { placementColours, pieceListColours } from '../render/piece-colours.js';
import { cellPictures } from '../render/svg-cells.js';
import type { Held } from './play-model.js';
import { PlayModel } from './play-model.js';
import { cellByCellProblem } from './sizes.js';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 28;

interface CellShape {
  readonly cell: Cell;
  readonly centre: readonly [number, number];
  /** An SVG element's tag and attributes, in board pixels. */
  readonly tag: 'polygon' | 'circle';
  readonly attributes: Record<string, string>;
  /** The cell's outline as path data. */
  readonly path: string;
}

/** Where cells are drawn, for a set of cells (the board, or a piece): any cell of the grid, on it or not. */
interface Layout {
  readonly width: number;
  readonly height: number;
  place(c: Cell): CellShape;
}

function layout(grid: Grid, cells: readonly Cell[], cell = CELL): Layout {
  if (grid.cellShape === 'box') {
    const { min, max } = bounds(cells);
    const w = max[0] - min[0] + 1;
    const layers = max[2] - min[2] + 1;
    return {
      width: (layers * (w + 1) - 1) * cell,
      height: (max[1] - min[1] + 1) * cell,
      place(c) {
        const x = (c[0] - min[0] + (c[2] - min[2]) * (w + 1)) * cell;
        const y = (c[1] - min[1]) * cell;
        return {
          cell: c,
          centre: [x + cell / 2, y + cell / 2],
          tag: 'polygon',
          attributes: { points: `${x},${y} ${x + cell},${y} ${x + cell},${y + cell} ${x},${y + cell}` },
          path: `M${x} ${y}h${cell}v${cell}h${-cell}Z`,
        };
      },
    };
  }
  const pictures = cellPictures(grid, cells, cell);
  return {
    width: pictures.width,
    height: pictures.height,
    place(c) {
      const element = pictures.element(c, 0, 0);
      const attributes: Record<string, string> = {};
      for (const [, name, value] of element.matchAll(/([a-z-]+)="([^"]*)"/g)) attributes[name!] = value!;
      return { cell: c, centre: pictures.centre(c), tag: pictures.kind === 'circles' ? 'circle' : 'polygon', attributes, path: pictures.outline(c, 0, 0) };
    },
  };
}

/**
 * A piece's shape as a small SVG picture (the tray, the first screen), `unit` pixels a cell, in the middle
 * of a box `box` pixels square when one is given (the tray's: turning a piece does not move the page).
 */
export function pieceShapeSvg(grid: Grid, cells: readonly Cell[], colour: PieceColour, unit: number, box?: number): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const at = layout(grid, cells, unit);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', cells.map((c) => at.place(c).path).join(''));
  path.setAttribute('fill', colour.css);
  path.setAttribute('stroke', '#1d2330');
  path.setAttribute('stroke-width', String(Math.max(0.5, Math.min(1.2, unit / 12))));
  path.setAttribute('stroke-opacity', '0.55');
  svg.append(path);
  const [w, h] = box === undefined ? [at.width + 2, at.height + 2] : [Math.max(box, at.width + 2), Math.max(box, at.height + 2)];
  svg.setAttribute('viewBox', `${(at.width - w) / 2} ${(at.height - h) / 2} ${w} ${h}`);
  svg.setAttribute('width', String(Math.ceil(w)));
  svg.setAttribute('height', String(Math.ceil(h)));
  svg.setAttribute('aria-hidden', 'true');
  return svg;
}

/** Pixels a cell for a set of pieces drawn side by side: the largest piece about `box` pixels across. */
export function trayUnit(grid: Grid, shapes: readonly (readonly Cell[])[], box: number, most: number): number {
  let extent = 1;
  for (const cells of shapes) {
    const at = layout(grid, cells, 1);
    extent = Math.max(extent, at.width, at.height);
  }
  return Math.max(2, Math.min(most, box / extent));
}

export interface PlayBoardEvents {
  /** The pieces placed by hand changed. */
  onChange?(placed: readonly PlacedPiece[]): void;
  /** A line for the person: why a drop was refused, what was placed. */
  onMessage?(text: string): void;
}

export class PlayBoard {
  readonly element: HTMLElement;
  private readonly svg: SVGSVGElement;
  private readonly tray: HTMLElement;
  private readonly controls: HTMLElement;
  /** Said instead of the board when it has too many cells to draw one by one (sizes.ts). */
  private readonly tooLarge: HTMLElement;
  private puzzle: Puzzle | undefined;
  private grid: Grid | undefined;
  private model: PlayModel | undefined;
  private at: Layout | undefined;
  private shapes: CellShape[] = [];
  private readonly cellElements = new Map<string, SVGElement>();
  private readonly cellsByKey = new Map<string, Cell>();
  /** Watching the search: the pieces shown (the play board keeps its pieces in the model). */
  private shown: PlacedPiece[] = [];
  private highlighted: { cells: readonly Cell[]; kind: 'hint' | 'remove'; piece?: string } | undefined;
  private held: Held | undefined;
  /** The cell the held piece's held cell is over. */
  private anchor: Cell | undefined;
  /** The pointers down on the board (two of them turn the held piece), and the drag under way. */
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private drag: { pointer: number; fromTray: boolean } | undefined;
  private gesture: { angle: number } | undefined;
  private gestured = false;
  private focused: Cell | undefined;
  /** The outline of every piece on the board, over the cells: copies of one piece are told apart by it. */
  private outlines: SVGPathElement = document.createElementNS(SVG, 'path');
  private ghost: SVGPathElement = document.createElementNS(SVG, 'path');
  private hintGhost: SVGPathElement = document.createElementNS(SVG, 'path');
  private focusRing: SVGPathElement = document.createElementNS(SVG, 'path');

  constructor(
    private readonly interactive: boolean,
    private readonly events: PlayBoardEvents = {},
    label = 'board',
  ) {
    this.element = document.createElement('div');
    this.element.className = 'play-board';
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('role', interactive ? 'grid' : 'img');
    this.svg.setAttribute('aria-label', label);
    this.tray = document.createElement('div');
    this.tray.className = 'tray';
    this.tray.setAttribute('role', 'toolbar');
    this.tray.setAttribute('aria-label', 'pieces: pick one up, then put it on the board');
    this.controls = document.createElement('div');
    this.controls.className = 'row play-controls';
    this.tooLarge = document.createElement('p');
    this.tooLarge.className = 'too-large';
    this.tooLarge.dataset.testid = 'too-large';
    this.tooLarge.hidden = true;
    if (interactive) this.element.append(this.tray, this.controls);
    this.element.append(this.svg, this.tooLarge);
    if (!interactive) return;
    this.svg.classList.add('interactive');
    this.svg.addEventListener('pointerdown', (e) => this.boardPointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.svg.addEventListener('pointercancel', (e) => this.pointerUp(e, true));
    this.svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && !this.drag) this.moveGhost(undefined);
    });
    this.svg.addEventListener('focusin', (e) => this.focusCell(e.target as Element));
    this.svg.addEventListener('focusout', () => this.focusRing.setAttribute('d', ''));
    this.element.addEventListener('keydown', (e) => this.key(e));
    // R, F and Escape work wherever the focus is while a piece is held (during a drag it stays on the
    // tray or the page), except in a field where they are typed
    document.addEventListener('keydown', (e) => {
      if (!this.held || this.element.contains(e.target as Node) || (e.target as Element).closest?.('input, select, textarea')) return;
      if (this.element.offsetParent === null) return;
      this.heldKey(e);
    });
    addEventListener('pointermove', (e) => {
      if (this.drag?.fromTray && e.pointerId === this.drag.pointer) this.pointerMove(e);
    });
    addEventListener('pointerup', (e) => {
      if (this.drag?.fromTray && e.pointerId === this.drag.pointer) this.pointerUp(e);
    });
  }

  /** Whether the board is drawn: false when it has too many cells (the view says so instead). */
  get drawn(): boolean {
    return this.tooLarge.hidden;
  }

  setPuzzle(puzzle: Puzzle): void {
    const tooMany = cellByCellProblem(puzzle.board.length, this.interactive ? 'play by hand' : 'watch the search');
    this.tooLarge.hidden = !tooMany;
    this.tooLarge.textContent = tooMany ? `${tooMany[0]!.toUpperCase()}${tooMany.slice(1)}.` : '';
    for (const part of [this.svg, this.tray, this.controls]) part.style.display = tooMany ? 'none' : '';
    if (tooMany) {
      this.puzzle = undefined;
      this.model = undefined;
      this.held = undefined;
      this.drag = undefined;
      this.svg.replaceChildren();
      this.tray.replaceChildren();
      this.controls.replaceChildren();
      return;
    }
    this.puzzle = puzzle;
    this.grid = puzzleGrid(puzzle);
    this.model = this.interactive ? new PlayModel(puzzle) : undefined;
    this.shown = [];
    this.held = undefined;
    this.anchor = undefined;
    this.drag = undefined;
    this.highlighted = undefined;
    this.at = layout(this.grid, puzzle.board);
    const { width, height } = this.at;
    this.shapes = puzzle.board.map((c) => this.at!.place(c));
    const pad = 4;
    this.svg.setAttribute('viewBox', `${-pad} ${-pad} ${width + 2 * pad} ${height + 2 * pad}`);
    // as large as the space allows up to 1.6 times the picture's size: a small board is not blown up
    this.svg.style.maxWidth = `${Math.max(width * 1.6, 240)}px`;
    this.svg.replaceChildren();
    this.cellElements.clear();
    this.cellsByKey.clear();
    for (const c of puzzle.board) this.cellsByKey.set(cellKey(c), c);
    this.outlines = document.createElementNS(SVG, 'path');
    this.outlines.classList.add('outlines');
    this.hintGhost = document.createElementNS(SVG, 'path');
    this.hintGhost.classList.add('hint-ghost');
    this.hintGhost.dataset.testid = 'hint-ghost';
    this.ghost = document.createElementNS(SVG, 'path');
    this.ghost.classList.add('ghost');
    this.ghost.dataset.testid = 'ghost';
    this.focusRing = document.createElementNS(SVG, 'path');
    this.focusRing.classList.add('focus-ring');
    const optional = new Set((puzzle.optional ?? []).map(cellKey));
    this.shapes.forEach((s, i) => {
      const el = document.createElementNS(SVG, s.tag);
      for (const [k, v] of Object.entries(s.attributes)) el.setAttribute(k, v);
      const key = cellKey(s.cell);
      el.setAttribute('data-cell', key);
      el.classList.add('cell');
      if (optional.has(key)) el.classList.add('optional');
      if (this.interactive) {
        el.setAttribute('role', 'gridcell');
        el.setAttribute('tabindex', i === 0 ? '0' : '-1');
      }
      this.svg.append(el);
      this.cellElements.set(key, el);
    });
    this.svg.append(this.outlines, this.hintGhost, this.ghost, this.focusRing);
    this.drawTray();
    this.drawGhost();
    this.paint();
  }

  /** The pieces placed by hand. */
  pieces(): readonly PlacedPiece[] {
    return this.model ? this.model.placed : this.shown;
  }

  setPieces(placed: readonly PlacedPiece[]): void {
    if (this.model) this.model.placed = [...placed];
    else this.shown = [...placed];
    this.highlighted = undefined;
    this.drawTray();
    this.paint();
  }

  /** Marks cells: a hint's place (drawn as a ghost of the piece, in its colour) or pieces to take off. */
  highlight(cells: readonly Cell[] | undefined, kind: 'hint' | 'remove' = 'hint', piece?: string): void {
    this.highlighted = cells ? { cells, kind, piece } : undefined;
    this.paint();
  }

  /** The puzzle with the hand-placed pieces added to its own placed pieces. */
  puzzleWithPlaced(): Puzzle | undefined {
    if (!this.puzzle) return undefined;
    return { ...this.puzzle, placed: [...(this.puzzle.placed ?? []), ...this.pieces()] };
  }

  private all(): PlacedPiece[] {
    return [...(this.puzzle?.placed ?? []), ...this.pieces()];
  }

  private colours(): Map<string, PieceColour> {
    const list = pieceListColours(this.puzzle!.pieces);
    return new Map(this.puzzle!.pieces.map((p, i) => [p.name, list[i]!] as const));
  }

  // ---- the tray and the buttons ------------------------------------------------------------------

  private drawTray(): void {
    if (!this.interactive || !this.puzzle || !this.model) return;
    const model = this.model;
    const colours = pieceListColours(this.puzzle.pieces);
    const shapes = model.orientations.flat();
    const unit = trayUnit(model.grid, shapes, 72, 14);
    const box = Math.ceil(Math.max(...shapes.map((cells) => { const at = layout(model.grid, cells, unit); return Math.max(at.width, at.height); })) + 2);
    this.tray.replaceChildren(
      ...this.puzzle.pieces.map((piece, i) => {
        const button = document.createElement('button');
        const left = model.copiesLeft(i);
        const holding = this.held?.piece === i;
        button.type = 'button';
        button.className = 'tray-piece';
        button.dataset.piece = piece.name;
        button.style.setProperty('--piece', colours[i]!.css);
        const shape = model.orientations[i]![holding ? this.held!.orientation : 0] ?? piece.shape;
        const label = document.createElement('span');
        label.textContent = piece.count > 1 ? `${piece.name} ×${left}` : piece.name;
        button.append(pieceShapeSvg(model.grid, shape, colours[i]!, unit, box), label);
        button.disabled = left <= 0 && !holding;
        button.setAttribute('aria-pressed', String(holding));
        button.setAttribute('aria-label', `piece ${piece.name}, ${left} left`);
        button.addEventListener('pointerdown', (e) => {
          if (e.button !== 0 || button.disabled) return;
          e.preventDefault();
          this.pickUp(i);
          this.drag = { pointer: e.pointerId, fromTray: true };
        });
        // a click from the keyboard (no pointer): pick it up and go to the board, to move it with the arrows
        button.addEventListener('click', (e) => {
          if (e.detail !== 0) return;
          this.pickUp(i);
          this.anchor = this.focused ?? this.focusedCell();
          this.drawGhost();
          this.focusBoard();
        });
        return button;
      }),
    );
    this.drawControls();
  }

  private drawControls(): void {
    const model = this.model!;
    const held = this.held;
    const button = (text: string, label: string, testId: string, enabled: boolean, action: () => void): HTMLButtonElement => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.setAttribute('aria-label', label);
      b.dataset.testid = testId;
      b.disabled = !enabled;
      b.addEventListener('click', action);
      // a tap: taken at the touch's end, not from the click the touch screen's gesture detector makes of it,
      // which Chromium leaves out for a tap just after a two-finger turn (the turn, then Flip at once)
      b.addEventListener('touchend', (e) => {
        const touch = e.changedTouches[0];
        if (b.disabled || e.touches.length > 0 || !touch || !b.contains(document.elementFromPoint(touch.clientX, touch.clientY))) return;
        e.preventDefault(); // no click follows, so the action is not done twice
        action();
      });
      return b;
    };
    const threeD = model.grid.dims === 3;
    const status = document.createElement('span');
    status.className = 'held';
    status.textContent = held ? `Holding ${this.puzzle!.pieces[held.piece]!.name}` : 'Pick up a piece from the tray';
    this.controls.replaceChildren(
      status,
      button('↻ Turn (R)', 'turn the piece clockwise (R; Shift+R turns back)', 'play-turn', !!held, () => this.turn(false)),
      button(threeD ? '⤵ Tip over (F)' : '⇋ Flip (F)', threeD ? 'tip the piece over (F)' : 'turn the piece over (F)', 'play-flip', !!held, () => this.flip()),
      button('Put back (Esc)', 'put the piece back in the tray (Escape)', 'play-put-back', !!held, () => this.putBack()),
    );
  }

  // ---- holding a piece ---------------------------------------------------------------------------

  private pickUp(piece: number): void {
    if (!this.model) return;
    if (this.held?.piece !== piece) this.held = this.model.pick(piece);
    this.events.onMessage?.(`Holding ${this.puzzle!.pieces[piece]!.name}: put it on the board (R turns it, F ${this.model.grid.dims === 3 ? 'tips it over' : 'flips it'}).`);
    this.drawTray();
    this.drawGhost();
  }

  private turn(back: boolean): void {
    if (!this.held || !this.model) return;
    const next = this.model.turn(this.held, back);
    if (!next) {
      this.events.onMessage?.(`${this.puzzle!.pieces[this.held.piece]!.name} may not be turned in this puzzle.`);
      return;
    }
    this.held = next;
    this.drawTray();
    this.drawGhost();
  }

  private flip(): void {
    if (!this.held || !this.model) return;
    const next = this.model.flip(this.held);
    if (!next) {
      this.events.onMessage?.(`${this.puzzle!.pieces[this.held.piece]!.name} may not be turned over in this puzzle.`);
      return;
    }
    this.held = next;
    this.drawTray();
    this.drawGhost();
  }

  private putBack(): void {
    if (!this.held) return;
    this.events.onMessage?.(`${this.puzzle!.pieces[this.held.piece]!.name} is back in the tray.`);
    this.held = undefined;
    this.drawTray();
    this.drawGhost();
  }

  /** Puts the held piece down at a cell, or says why it cannot go there. */
  private dropAt(cell: Cell): void {
    if (!this.held || !this.model) return;
    this.anchor = cell;
    const name = this.puzzle!.pieces[this.held.piece]!.name;
    const result = this.model.drop(this.held, cell);
    if (!result.fits) {
      this.events.onMessage?.(`It does not fit there: ${result.reason}.`);
      this.drawGhost();
      return;
    }
    this.events.onMessage?.(`Placed ${name}.`);
    // a piece with copies left stays in the hand, to put the next one down
    if (this.model.copiesLeft(this.held.piece) <= 0) this.held = undefined;
    this.highlighted = undefined;
    this.drawTray();
    this.drawGhost();
    this.paint();
    this.events.onChange?.(this.model.placed);
  }

  /** Picks up the piece put down by hand on this cell; false when there is none (or it is the puzzle's own). */
  private liftAt(cell: Cell): boolean {
    if (!this.model) return false;
    const owner = this.model.ownerOf(cell);
    if (owner < 0) return false;
    const held = this.model.lift(owner, cell);
    if (!held) {
      this.events.onMessage?.('That piece is part of the puzzle: it stays.');
      return true;
    }
    this.held = held;
    this.anchor = cell;
    this.highlighted = undefined;
    this.events.onMessage?.(`Holding ${this.puzzle!.pieces[held.piece]!.name}: put it down elsewhere, or drop it off the board to take it off.`);
    this.drawTray();
    this.drawGhost();
    this.paint();
    this.events.onChange?.(this.model.placed);
    return true;
  }

  private moveGhost(cell: Cell | undefined): void {
    if (cell && this.anchor && cellKey(cell) === cellKey(this.anchor)) return;
    this.anchor = cell;
    this.drawGhost();
  }

  private drawGhost(): void {
    if (!this.interactive) return;
    const held = this.held;
    if (!held || !this.anchor || !this.model || !this.at) {
      this.ghost.setAttribute('d', '');
      delete this.ghost.dataset.cells;
      delete this.ghost.dataset.fits;
      return;
    }
    const result = this.model.check(held, this.anchor);
    const cells = this.model.cellsAt(held, this.anchor);
    this.ghost.setAttribute('d', cells.map((c) => this.at!.place(c).path).join(''));
    this.ghost.style.fill = this.colours().get(this.puzzle!.pieces[held.piece]!.name)?.css ?? '';
    this.ghost.classList.toggle('refused', !result.fits);
    this.ghost.dataset.cells = JSON.stringify(cells);
    this.ghost.dataset.fits = String(result.fits);
    this.ghost.dataset.piece = this.puzzle!.pieces[held.piece]!.name;
  }

  // ---- pointers -----------------------------------------------------------------------------------

  private cellAt(x: number, y: number): Cell | undefined {
    const el = document.elementFromPoint(x, y)?.closest('[data-cell]');
    return el && this.svg.contains(el) ? this.shapeOf(el.getAttribute('data-cell')!) : undefined;
  }

  private shapeOf(key: string): Cell | undefined {
    return this.cellsByKey.get(key);
  }

  private boardPointerDown(e: PointerEvent): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.svg.setPointerCapture?.(e.pointerId);
    e.preventDefault();
    if (this.pointers.size === 2 && this.held) {
      // two fingers: turning them turns the piece; the drag of the first finger is over
      const [a, b] = [...this.pointers.values()];
      this.gesture = { angle: Math.atan2(b!.y - a!.y, b!.x - a!.x) };
      this.gestured = true;
      this.drag = undefined;
      return;
    }
    if (this.pointers.size > 1) return;
    this.gestured = false;
    const cell = this.cellAt(e.clientX, e.clientY);
    if (!cell) return;
    if (!this.held) {
      if (this.liftAt(cell)) this.drag = { pointer: e.pointerId, fromTray: false };
      else this.events.onMessage?.('Pick up a piece from the tray first, then put it here.');
      return;
    }
    this.drag = { pointer: e.pointerId, fromTray: false };
    this.moveGhost(cell);
  }

  private pointerMove(e: PointerEvent): void {
    const pointer = this.pointers.get(e.pointerId);
    if (pointer) [pointer.x, pointer.y] = [e.clientX, e.clientY];
    if (this.gesture && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const angle = Math.atan2(b!.y - a!.y, b!.x - a!.x);
      let turned = angle - this.gesture.angle;
      if (turned > Math.PI) turned -= 2 * Math.PI;
      if (turned < -Math.PI) turned += 2 * Math.PI;
      // a turn each 40 degrees of the fingers (y points down: a growing angle turns clockwise)
      if (Math.abs(turned) >= (40 * Math.PI) / 180) {
        this.turn(turned < 0);
        this.gesture.angle = angle;
      }
      return;
    }
    if (!this.held) return;
    if (this.drag && e.pointerId !== this.drag.pointer) return;
    if (!this.drag && e.pointerType !== 'mouse') return;
    this.moveGhost(this.cellAt(e.clientX, e.clientY));
  }

  private pointerUp(e: PointerEvent, cancelled = false): void {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.gesture = undefined;
    if (this.gestured) {
      if (this.pointers.size === 0) this.gestured = false;
      return;
    }
    const drag = this.drag;
    if (!drag || drag.pointer !== e.pointerId) return;
    this.drag = undefined;
    if (cancelled || !this.held) return;
    const cell = this.cellAt(e.clientX, e.clientY);
    if (cell) {
      this.dropAt(cell);
      return;
    }
    // let go off the board: a piece picked up from the board goes back to the tray; one just taken
    // from the tray stays in the hand (a press on the tray picks it up without dragging)
    if (!drag.fromTray) this.putBack();
    else this.moveGhost(undefined);
  }

  // ---- the keyboard -------------------------------------------------------------------------------

  private focusBoard(): void {
    const key = cellKey(this.focused ?? this.focusedCell());
    (this.cellElements.get(key) as unknown as HTMLElement | undefined)?.focus();
  }

  private focusedCell(): Cell {
    const el = this.svg.querySelector('[data-cell][tabindex="0"]');
    return this.shapeOf(el?.getAttribute('data-cell') ?? '') ?? this.shapes[0]!.cell;
  }

  private focusCell(target: Element): void {
    const key = target.closest?.('[data-cell]')?.getAttribute('data-cell');
    const cell = key ? this.shapeOf(key) : undefined;
    if (!cell || !this.at) return;
    this.focused = cell;
    this.focusRing.setAttribute('d', this.at.place(cell).path);
    if (this.held && !this.drag) this.moveGhost(cell);
  }

  /** R turns, Shift+R turns back, F flips, Escape puts back; on the board the arrows move, Enter drops or picks up. */
  private heldKey(e: KeyboardEvent): boolean {
    if (e.altKey || e.ctrlKey || e.metaKey || !this.held) return false;
    const k = e.key.toLowerCase();
    if (k === 'r') this.turn(e.shiftKey);
    else if (k === 'f') this.flip();
    else if (e.key === 'Escape') this.putBack();
    else return false;
    e.preventDefault();
    return true;
  }

  private key(e: KeyboardEvent): void {
    if (this.heldKey(e) || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = (e.target as Element).closest?.('[data-cell]');
    if (!target || !this.svg.contains(target)) return;
    const cell = this.shapeOf(target.getAttribute('data-cell')!)!;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (this.held) this.dropAt(cell);
      else if (!this.liftAt(cell)) this.events.onMessage?.('Pick up a piece from the tray first (Tab to it, then Enter).');
      return;
    }
    const direction = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!direction) return;
    e.preventDefault();
    const index = this.shapes.findIndex((s) => cellKey(s.cell) === cellKey(cell));
    const [x, y] = this.shapes[index]!.centre;
    let best = -1;
    let bestScore = Infinity;
    this.shapes.forEach((s, i) => {
      const dx = s.centre[0] - x;
      const dy = s.centre[1] - y;
      const along = dx * direction[0]! + dy * direction[1]!;
      if (along <= 1) return;
      const across = Math.abs(dx * direction[1]! - dy * direction[0]!);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (best < 0) return;
    const from = this.cellElements.get(cellKey(cell))!;
    const to = this.cellElements.get(cellKey(this.shapes[best]!.cell))!;
    from.setAttribute('tabindex', '-1');
    to.setAttribute('tabindex', '0');
    (to as unknown as HTMLElement).focus();
  }

  // ---- drawing ------------------------------------------------------------------------------------

  private paint(): void {
    if (!this.puzzle) return;
    const all = this.all();
    // one colour per piece, the tray's: a piece looks the same in the tray and wherever it goes down; but
    // copies of one piece (27 calissons) take the pictures' colours, copies that touch apart
    const byName = this.colours();
    const copies = new Set(this.puzzle.pieces.filter((p) => p.count > 1 && !p.color).map((p) => p.name));
    const apart = all.some((p) => copies.has(p.piece)) ? placementColours(this.puzzle, all, this.grid) : [];
    const colours = all.map((p, i) => (copies.has(p.piece) ? apart[i] : byName.get(p.piece)) ?? placementColours(this.puzzle!, [p], this.grid)[0]!);
    const owners = new Map<string, { index: number; given: boolean }>();
    const given = this.puzzle.placed?.length ?? 0;
    all.forEach((p, index) => {
      for (const c of p.cells) owners.set(cellKey(c), { index, given: index < given });
    });
    this.outlines.setAttribute('d', this.outlinePath(owners));
    const marked = new Set((this.highlighted?.cells ?? []).map(cellKey));
    for (const [key, el] of this.cellElements) {
      const owner = owners.get(key);
      el.style.fill = owner ? colours[owner.index]!.css : '';
      el.classList.toggle('covered', owner !== undefined);
      el.classList.toggle('given', owner?.given === true);
      el.classList.toggle('hint', marked.has(key) && this.highlighted?.kind === 'hint');
      el.classList.toggle('remove', marked.has(key) && this.highlighted?.kind === 'remove');
      if (this.interactive) {
        const what = owner ? `piece ${all[owner.index]!.piece}` : 'empty';
        el.setAttribute('aria-label', `cell ${key.split(',').slice(0, this.puzzle.dims).join(', ')}: ${what}`);
      }
    }
    const hint = this.highlighted?.kind === 'hint' ? this.highlighted : undefined;
    this.hintGhost.setAttribute('d', hint && this.at ? hint.cells.map((c) => this.at!.place(c).path).join('') : '');
    this.hintGhost.style.fill = hint?.piece ? byName.get(hint.piece)?.css ?? '' : '';
    if (hint?.piece) this.hintGhost.dataset.piece = hint.piece;
    else delete this.hintGhost.dataset.piece;
  }

  /**
   * The edges of the pieces' outlines: a cell's edge is drawn unless the cell across it belongs to the same
   * piece on the board (edges are matched by their end points, which neighbouring cells share exactly).
   */
  private outlinePath(owners: ReadonlyMap<string, { index: number }>): string {
    const edges = new Map<string, { from: string; to: string; owners: number[] }>();
    for (const s of this.shapes) {
      const owner = owners.get(cellKey(s.cell));
      if (!owner || s.tag !== 'polygon') continue;
      const points = s.attributes.points!.trim().split(/\s+/).map((p) => p.split(',').map((v) => Math.round(Number(v) * 100) / 100).join(','));
      points.forEach((from, i) => {
        const to = points[(i + 1) % points.length]!;
        const key = from < to ? `${from} ${to}` : `${to} ${from}`;
        const edge = edges.get(key);
        if (edge) edge.owners.push(owner.index);
        else edges.set(key, { from, to, owners: [owner.index] });
      });
    }
    let path = '';
    for (const { from, to, owners: by } of edges.values()) {
      if (by.length === 2 && by[0] === by[1]) continue;
      path += `M${from}L${to}`;
    }
    return path;
  }
}
