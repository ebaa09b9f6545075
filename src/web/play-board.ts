/**
 * A board a person plays on (hints) and watches (the search): every cell an SVG shape of its own, so a
 * click or a key names a cell. Squares are drawn as squares; cubes as their layers side by side, layer 0
 * first; triangles, hexagons and spheres as the pictures of the command line place them (render/svg-cells.ts).
 *
 * To place a piece by hand: pick it in the tray, then click (or move with the arrow keys and press Enter
 * on) the cells it covers; once as many are picked as the piece has, they are checked to be one of its
 * allowed orientations (puzzle/orientations.ts) and it goes down. A click on a piece on the board takes it
 * off. Pieces already placed in the puzzle file stay.
 */
import type { Cell } from '../geometry/cell.js';
import { bounds, cellKey } from '../geometry/cell.js';
import type { Grid } from '../geometry/grid.js';
import { shapeKeyOn } from '../geometry/grid.js';
import type { PlacedPiece, Puzzle } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import { allowedOrientations } from '../puzzle/orientations.js';
import { placementColours, pieceListColours } from '../render/piece-colours.js';
import { cellPictures } from '../render/svg-cells.js';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 28;

interface CellShape {
  readonly cell: Cell;
  readonly centre: readonly [number, number];
  /** An SVG element's tag and attributes, in board pixels. */
  readonly tag: 'polygon' | 'circle';
  readonly attributes: Record<string, string>;
}

/** Where each board cell is drawn. */
function layout(grid: Grid, cells: readonly Cell[]): { shapes: CellShape[]; width: number; height: number } {
  if (grid.cellShape === 'box') {
    const { min, max } = bounds(cells);
    const w = max[0] - min[0] + 1;
    const shapes = cells.map((c): CellShape => {
      const x = (c[0] - min[0] + (c[2] - min[2]) * (w + 1)) * CELL;
      const y = (c[1] - min[1]) * CELL;
      return {
        cell: c,
        centre: [x + CELL / 2, y + CELL / 2],
        tag: 'polygon',
        attributes: { points: `${x},${y} ${x + CELL},${y} ${x + CELL},${y + CELL} ${x},${y + CELL}` },
      };
    });
    const layers = max[2] - min[2] + 1;
    return { shapes, width: (layers * (w + 1) - 1) * CELL, height: (max[1] - min[1] + 1) * CELL };
  }
  const pictures = cellPictures(grid, cells, CELL);
  const shapes = cells.map((c): CellShape => {
    const element = pictures.element(c, 0, 0);
    const attributes: Record<string, string> = {};
    for (const [, name, value] of element.matchAll(/([a-z-]+)="([^"]*)"/g)) attributes[name!] = value!;
    return { cell: c, centre: pictures.centre(c), tag: pictures.kind === 'circles' ? 'circle' : 'polygon', attributes };
  });
  return { shapes, width: pictures.width, height: pictures.height };
}

export interface PlayBoardEvents {
  /** The pieces placed by hand changed. */
  onChange?(placed: readonly PlacedPiece[]): void;
  /** A line for the person: why a pick was refused, what was placed. */
  onMessage?(text: string): void;
}

export class PlayBoard {
  readonly element: HTMLElement;
  private readonly svg: SVGSVGElement;
  private readonly tray: HTMLElement;
  private puzzle: Puzzle | undefined;
  private grid: Grid | undefined;
  private shapes: CellShape[] = [];
  private readonly cellElements = new Map<string, SVGElement>();
  /** Pieces put down by hand (or shown by the watched search), after the puzzle's own placed pieces. */
  private placed: PlacedPiece[] = [];
  private picking: string | undefined;
  private picked: Cell[] = [];
  private highlighted: { cells: readonly Cell[]; kind: 'hint' | 'remove' } | undefined;
  /** The outline of every piece on the board, over the cells: copies of one piece are told apart by it. */
  private outlines: SVGPathElement = document.createElementNS(SVG, 'path');

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
    this.tray.setAttribute('aria-label', 'pieces: pick one, then its cells on the board');
    if (interactive) this.element.append(this.tray);
    this.element.append(this.svg);
    if (interactive) {
      this.svg.addEventListener('click', (e) => {
        const key = (e.target as Element).closest('[data-cell]')?.getAttribute('data-cell');
        if (key) this.press(key);
      });
      this.svg.addEventListener('keydown', (e) => this.key(e));
    }
  }

  setPuzzle(puzzle: Puzzle): void {
    this.puzzle = puzzle;
    this.grid = puzzleGrid(puzzle);
    this.placed = [];
    this.picking = undefined;
    this.picked = [];
    this.highlighted = undefined;
    const { shapes, width, height } = layout(this.grid, puzzle.board);
    this.shapes = shapes;
    const pad = 4;
    this.svg.setAttribute('viewBox', `${-pad} ${-pad} ${width + 2 * pad} ${height + 2 * pad}`);
    this.svg.style.maxWidth = `${Math.max(width * 1.6, 240)}px`;
    this.svg.replaceChildren();
    this.cellElements.clear();
    this.outlines = document.createElementNS(SVG, 'path');
    this.outlines.classList.add('outlines');
    const optional = new Set((puzzle.optional ?? []).map(cellKey));
    shapes.forEach((s, i) => {
      const el = document.createElementNS(SVG, s.tag);
      for (const [k, v] of Object.entries(s.attributes)) el.setAttribute(k, v);
      const key = cellKey(s.cell);
      el.setAttribute('data-cell', key);
      el.classList.add('cell');
      if (optional.has(key)) el.classList.add('optional');
      if (this.interactive) {
        el.setAttribute('role', 'gridcell');
        el.setAttribute('tabindex', i === 0 ? '0' : '-1');
        el.setAttribute('aria-label', `cell ${s.cell.slice(0, puzzle.dims).join(', ')}`);
      }
      this.svg.append(el);
      this.cellElements.set(key, el);
    });
    this.svg.append(this.outlines);
    this.drawTray();
    this.paint();
  }

  /** The pieces placed by hand. */
  pieces(): readonly PlacedPiece[] {
    return this.placed;
  }

  setPieces(placed: readonly PlacedPiece[]): void {
    this.placed = [...placed];
    this.highlighted = undefined;
    this.drawTray();
    this.paint();
  }

  /** Marks cells: a hint's place (outlined in the piece's colour) or pieces to take off. */
  highlight(cells: readonly Cell[] | undefined, kind: 'hint' | 'remove' = 'hint'): void {
    this.highlighted = cells ? { cells, kind } : undefined;
    this.paint();
  }

  /** The puzzle with the hand-placed pieces added to its own placed pieces. */
  puzzleWithPlaced(): Puzzle | undefined {
    if (!this.puzzle) return undefined;
    return { ...this.puzzle, placed: [...(this.puzzle.placed ?? []), ...this.placed] };
  }

  private copiesLeft(name: string): number {
    const piece = this.puzzle!.pieces.find((p) => p.name === name)!;
    const used = [...(this.puzzle!.placed ?? []), ...this.placed].filter((p) => p.piece === name).length;
    return piece.count - used;
  }

  private drawTray(): void {
    if (!this.interactive || !this.puzzle) return;
    const colours = pieceListColours(this.puzzle.pieces);
    this.tray.replaceChildren(
      ...this.puzzle.pieces.map((piece, i) => {
        const button = document.createElement('button');
        const left = this.copiesLeft(piece.name);
        button.type = 'button';
        button.className = 'tray-piece';
        button.dataset.piece = piece.name;
        button.style.setProperty('--piece', colours[i]!.css);
        button.textContent = piece.count > 1 ? `${piece.name} ×${left}` : piece.name;
        button.disabled = left <= 0;
        button.setAttribute('aria-pressed', String(this.picking === piece.name));
        button.setAttribute('aria-label', `piece ${piece.name}, ${left} left`);
        button.addEventListener('click', () => {
          this.picking = this.picking === piece.name ? undefined : piece.name;
          this.picked = [];
          this.drawTray();
          this.paint();
          if (this.picking) this.events.onMessage?.(`Piece ${piece.name}: pick its ${piece.shape.length} cells on the board.`);
        });
        return button;
      }),
    );
  }

  private owners(): Map<string, { index: number; given: boolean }> {
    const owners = new Map<string, { index: number; given: boolean }>();
    const all = [...(this.puzzle?.placed ?? []), ...this.placed];
    all.forEach((p, index) => {
      for (const c of p.cells) owners.set(cellKey(c), { index, given: index < (this.puzzle?.placed?.length ?? 0) });
    });
    return owners;
  }

  private paint(): void {
    if (!this.puzzle) return;
    const all = [...(this.puzzle.placed ?? []), ...this.placed];
    // one colour per piece, the tray's: a piece looks the same in the tray and wherever it goes down
    const list = pieceListColours(this.puzzle.pieces);
    const byName = new Map(this.puzzle.pieces.map((p, i) => [p.name, list[i]!] as const));
    const colours = all.map((p) => byName.get(p.piece) ?? placementColours(this.puzzle!, [p], this.grid)[0]!);
    const owners = this.owners();
    this.outlines.setAttribute('d', this.outlinePath(owners));
    const picked = new Set(this.picked.map(cellKey));
    const marked = new Set((this.highlighted?.cells ?? []).map(cellKey));
    for (const [key, el] of this.cellElements) {
      const owner = owners.get(key);
      el.style.fill = owner ? colours[owner.index]!.css : '';
      el.classList.toggle('covered', owner !== undefined);
      el.classList.toggle('given', owner?.given === true);
      el.classList.toggle('picked', picked.has(key));
      el.classList.toggle('hint', marked.has(key) && this.highlighted?.kind === 'hint');
      el.classList.toggle('remove', marked.has(key) && this.highlighted?.kind === 'remove');
      if (this.interactive) {
        const what = owner ? `piece ${all[owner.index]!.piece}` : picked.has(key) ? 'picked' : 'empty';
        el.setAttribute('aria-label', `cell ${key.split(',').slice(0, this.puzzle.dims).join(', ')}: ${what}`);
      }
    }
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

  private press(key: string): void {
    if (!this.puzzle || !this.grid) return;
    const owner = this.owners().get(key);
    if (owner) {
      if (owner.given) {
        this.events.onMessage?.('That piece is part of the puzzle: it stays.');
        return;
      }
      const index = owner.index - (this.puzzle.placed?.length ?? 0);
      const [taken] = this.placed.splice(index, 1);
      this.highlighted = undefined;
      this.drawTray();
      this.paint();
      this.events.onMessage?.(`Took ${taken!.piece} off.`);
      this.events.onChange?.(this.placed);
      return;
    }
    if (!this.picking) {
      this.events.onMessage?.('Pick a piece first (the buttons above the board).');
      return;
    }
    const cell = this.shapes.find((s) => cellKey(s.cell) === key)!.cell;
    const at = this.picked.findIndex((c) => cellKey(c) === key);
    if (at >= 0) this.picked.splice(at, 1);
    else this.picked.push(cell);
    const piece = this.puzzle.pieces.find((p) => p.name === this.picking)!;
    if (this.picked.length === piece.shape.length) {
      const wanted = new Set(allowedOrientations(piece, this.grid).map((o) => shapeKeyOn(this.grid!, o)));
      if (wanted.has(shapeKeyOn(this.grid, this.picked))) {
        this.placed.push({ piece: piece.name, cells: this.picked });
        this.events.onMessage?.(`Placed ${piece.name}.`);
        if (this.copiesLeft(piece.name) <= 0) this.picking = undefined;
        this.picked = [];
        this.highlighted = undefined;
        this.drawTray();
        this.paint();
        this.events.onChange?.(this.placed);
        return;
      }
      this.events.onMessage?.(`Those cells are not a way ${piece.name} can lie: pick again.`);
      this.picked = [];
    }
    this.paint();
  }

  /** Arrow keys move the focus to the nearest cell that way; Enter or Space presses it. */
  private key(e: KeyboardEvent): void {
    const target = (e.target as Element).closest('[data-cell]');
    if (!target) return;
    const index = this.shapes.findIndex((s) => cellKey(s.cell) === target.getAttribute('data-cell'));
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.press(target.getAttribute('data-cell')!);
      return;
    }
    const direction = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!direction) return;
    e.preventDefault();
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
    const from = this.cellElements.get(cellKey(this.shapes[index]!.cell))!;
    const to = this.cellElements.get(cellKey(this.shapes[best]!.cell))!;
    from.setAttribute('tabindex', '-1');
    to.setAttribute('tabindex', '0');
    (to as unknown as HTMLElement).focus();
  }
}
