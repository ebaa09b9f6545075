/**
 * A drawing grid of the editor: one layer of cells of any editor grid drawn as SVG polygons (squares for
 * the square and cube grids, circles for balls, the grid's own polygon() for hexagons, triangles and
 * prisms), scaled to the width it is given. A person paints cells by clicking or dragging (mouse, pen or
 * finger), or with the keyboard: the grid is one Tab stop (roving focus), the arrow keys move between
 * cells, Home and End go to the ends of a row, Space or Enter paints the cell. What painting does is the
 * owner's business: the canvas only reports the cell and whether the stroke starts or goes on, and draws
 * the looks it is given.
 */
import type { Cell } from '../geometry/cell.js';
import { cellKey } from '../geometry/cell.js';
import type { EditorGridName, Place } from './editor-model.js';
import { gridOfEditor } from './editor-model.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** How one cell is drawn and announced. */
export interface CellLook {
  readonly fill: string;
  readonly stroke: string;
  readonly dashed?: boolean;
  /** A character drawn in the cell (a placed piece's name, '+' for a cell that may stay empty). */
  readonly text?: string;
  readonly ink?: string;
  /** What the cell is, for screen readers ("board cell", "hole", ...). */
  readonly state: string;
  /** Whether the cell counts as "on" (aria-selected). */
  readonly on: boolean;
  /** A thicker outline: a cell picked but not yet placed. */
  readonly picked?: boolean;
}

export interface CellCanvasOptions {
  /** Names the grid for screen readers. */
  readonly label: string;
  readonly testId: string;
  /** Largest size of a cell on screen, in CSS pixels (the grid shrinks below it to fit the width). */
  readonly cellSize: number;
  /** A stroke starts on a cell ('start') or passes over another ('drag'). */
  readonly onPaint: (cell: Cell, phase: 'start' | 'drag') => void;
  /** The stroke is over (pointer up, or a key press painted one cell). */
  readonly onStrokeEnd: () => void;
}

interface DrawnCell {
  readonly place: Place;
  readonly group: SVGGElement;
  readonly shape: SVGPolygonElement;
  readonly text: SVGTextElement;
  /** The look last drawn, so that a redraw touches only the cells that changed. */
  drawn: string;
}

function outline(grid: EditorGridName, place: Place): [number, number][] {
  const { cellShape, polygon } = gridOfEditor(grid);
  if (cellShape === 'ball') {
    // a ball of a layer drawn as a circle in its square of art (a polygon of 24 sides, as every cell is one)
    const [x, y] = place.art;
    return Array.from({ length: 24 }, (_, k) => [x + 0.5 + 0.47 * Math.cos((k * Math.PI) / 12), y + 0.5 + 0.47 * Math.sin((k * Math.PI) / 12)] as [number, number]);
  }
  if (cellShape === 'box' || !polygon) {
    const [x, y] = place.art;
    return [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]];
  }
  return polygon(place.cell);
}

export class CellCanvas {
  readonly element: SVGSVGElement;
  private cells: DrawnCell[] = [];
  private layout = '';
  private focusIndex = 0;
  private stroke: { pointer: number; last: string } | undefined;

  constructor(private readonly options: CellCanvasOptions) {
    this.element = document.createElementNS(SVG_NS, 'svg');
    this.element.classList.add('snug-cells');
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', options.label);
    this.element.dataset.testid = options.testId;
    this.element.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.element.addEventListener('pointermove', (e) => this.pointerMove(e));
    const end = (e: PointerEvent): void => this.pointerEnd(e);
    this.element.addEventListener('pointerup', end);
    this.element.addEventListener('pointercancel', end);
    this.element.addEventListener('keydown', (e) => this.keyDown(e));
  }

  /** Draws these places (one layer, reading order) with their looks; rebuilds only when the places change. */
  show(grid: EditorGridName, places: readonly Place[], look: (place: Place) => CellLook): void {
    const layout = `${grid}|${places.map((p) => cellKey(p.art)).join(';')}`;
    if (layout !== this.layout) this.build(grid, places, layout);
    for (const drawn of this.cells) this.paint(drawn, look(drawn.place));
  }

  /** The cell with keyboard focus (the roving tab stop). */
  focusedCell(): Cell | undefined {
    return this.cells[this.focusIndex]?.place.cell;
  }

  private build(grid: EditorGridName, places: readonly Place[], layout: string): void {
    const hadFocus = this.element.contains(document.activeElement);
    const focusedArt = this.cells[this.focusIndex]?.place.art;
    this.layout = layout;
    this.element.replaceChildren();
    this.cells = [];
    const outlines = places.map((p) => outline(grid, p));
    const xs = outlines.flat().map((p) => p[0]);
    const ys = outlines.flat().map((p) => p[1]);
    const pad = 0.08;
    const [minX, maxX, minY, maxY] = xs.length ? [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)] : [0, 1, 0, 1];
    const width = maxX - minX + 2 * pad;
    const height = maxY - minY + 2 * pad;
    this.element.setAttribute('viewBox', `${minX - pad} ${minY - pad} ${width} ${height}`);
    // at most cellSize pixels a unit, and never wider than the space it is given (CSS: width 100%)
    this.element.style.maxWidth = `${Math.ceil(width * this.options.cellSize * (gridOfEditor(grid).editor?.unitScale ?? 1))}px`;
    const textSize = gridOfEditor(grid).editor?.textSize ?? 0.6;
    let row: SVGGElement | undefined;
    let rowNumber = Number.NaN;
    places.forEach((place, i) => {
      if (place.art[1] !== rowNumber) {
        rowNumber = place.art[1];
        row = document.createElementNS(SVG_NS, 'g');
        row.setAttribute('role', 'row');
        this.element.append(row);
      }
      const group = document.createElementNS(SVG_NS, 'g');
      group.setAttribute('role', 'gridcell');
      group.setAttribute('tabindex', '-1');
      group.dataset.cell = cellKey(place.cell);
      const shape = document.createElementNS(SVG_NS, 'polygon');
      const points = outlines[i]!;
      shape.setAttribute('points', points.map(([x, y]) => `${round(x)},${round(y)}`).join(' '));
      const text = document.createElementNS(SVG_NS, 'text');
      const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
      const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
      text.setAttribute('x', `${round(cx)}`);
      text.setAttribute('y', `${round(cy)}`);
      text.setAttribute('font-size', `${textSize}`);
      text.setAttribute('text-anchor', 'middle');
      text.setAttribute('dominant-baseline', 'central');
      text.setAttribute('aria-hidden', 'true');
      group.append(shape, text);
      row!.append(group);
      this.cells.push({ place, group, shape, text, drawn: '' });
    });
    const again = focusedArt ? this.cells.findIndex((c) => cellKey(c.place.art) === cellKey(focusedArt)) : -1;
    this.setFocus(again >= 0 ? again : 0, hadFocus);
  }

  private paint(drawn: DrawnCell, look: CellLook): void {
    const signature = `${look.fill}|${look.stroke}|${look.dashed}|${look.text}|${look.ink}|${look.state}|${look.on}|${look.picked}`;
    if (signature === drawn.drawn) return;
    drawn.drawn = signature;
    const { shape, text, group, place } = drawn;
    shape.setAttribute('fill', look.fill);
    shape.setAttribute('stroke', look.stroke);
    shape.setAttribute('stroke-width', look.picked ? '0.12' : '0.04');
    if (look.dashed) shape.setAttribute('stroke-dasharray', '0.12 0.08');
    else shape.removeAttribute('stroke-dasharray');
    text.textContent = look.text ?? '';
    text.setAttribute('fill', look.ink ?? '#000');
    const [column, row, layer] = place.art;
    group.setAttribute('aria-label', `column ${column + 1}, row ${row + 1}${layer ? `, layer ${layer + 1}` : ''}: ${look.state}`);
    group.setAttribute('aria-selected', String(look.on));
    group.dataset.state = look.state;
  }

  private setFocus(index: number, moveFocus: boolean): void {
    const previous = this.cells[this.focusIndex];
    if (previous) previous.group.setAttribute('tabindex', '-1');
    this.focusIndex = Math.max(0, Math.min(index, this.cells.length - 1));
    const next = this.cells[this.focusIndex];
    if (!next) return;
    next.group.setAttribute('tabindex', '0');
    if (moveFocus) next.group.focus();
  }

  private indexOfTarget(target: EventTarget | null): number {
    const group = target instanceof Element ? target.closest('[data-cell]') : null;
    return group ? this.cells.findIndex((c) => c.group === group) : -1;
  }

  private pointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    const index = this.indexOfTarget(e.target);
    if (index < 0) return;
    e.preventDefault();
    this.setFocus(index, true);
    // the stroke follows the pointer over other cells even on touch screens, where the pointer is captured
    this.element.setPointerCapture?.(e.pointerId);
    const cell = this.cells[index]!.place.cell;
    this.stroke = { pointer: e.pointerId, last: cellKey(cell) };
    this.options.onPaint(cell, 'start');
  }

  private pointerMove(e: PointerEvent): void {
    if (!this.stroke || e.pointerId !== this.stroke.pointer) return;
    const index = this.indexOfTarget(document.elementFromPoint(e.clientX, e.clientY));
    if (index < 0) return;
    const cell = this.cells[index]!.place.cell;
    if (cellKey(cell) === this.stroke.last) return;
    this.stroke.last = cellKey(cell);
    this.setFocus(index, false);
    this.options.onPaint(cell, 'drag');
  }

  private pointerEnd(e: PointerEvent): void {
    if (!this.stroke || e.pointerId !== this.stroke.pointer) return;
    this.stroke = undefined;
    this.options.onStrokeEnd();
  }

  private keyDown(e: KeyboardEvent): void {
    const current = this.cells[this.focusIndex];
    if (!current) return;
    const [column, row] = current.place.art;
    const sameRow = this.cells.map((c, i) => ({ c, i })).filter(({ c }) => c.place.art[1] === row);
    let target = -1;
    switch (e.key) {
      case 'ArrowLeft': target = [...sameRow].reverse().find(({ c }) => c.place.art[0] < column)?.i ?? -1; break;
      case 'ArrowRight': target = sameRow.find(({ c }) => c.place.art[0] > column)?.i ?? -1; break;
      case 'ArrowUp': target = this.nearestInRow(row - 1, column); break;
      case 'ArrowDown': target = this.nearestInRow(row + 1, column); break;
      case 'Home': target = sameRow[0]?.i ?? -1; break;
      case 'End': target = sameRow[sameRow.length - 1]?.i ?? -1; break;
      case ' ':
      case 'Enter':
        e.preventDefault();
        this.options.onPaint(current.place.cell, 'start');
        this.options.onStrokeEnd();
        return;
      default:
        return;
    }
    e.preventDefault();
    if (target >= 0) this.setFocus(target, true);
  }

  /** The cell of a row nearest a column (hexagon rows are offset by half a cell). */
  private nearestInRow(row: number, column: number): number {
    let best = -1;
    let distance = Infinity;
    this.cells.forEach((c, i) => {
      if (c.place.art[1] !== row) return;
      const d = Math.abs(c.place.art[0] - column);
      if (d < distance) [best, distance] = [i, d];
    });
    return best;
  }
}

const round = (v: number): number => Math.round(v * 1000) / 1000;
