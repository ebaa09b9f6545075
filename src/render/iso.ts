/**
 * 3-D solutions as a person sees them: an isometric picture of cubes (each cube's top and two front
 * faces, shaded), drawn back to front so nearer faces cover farther ones; exploded (each piece moved out
 * from the middle, so every piece shows), and as assembly steps (the pieces from the bottom up, one
 * picture per piece added, each step showing what is already built). Layer z is the height: z = 0 lies
 * at the bottom. Cube puzzles, and any 3-D grid whose cells are drawn as their solids (solids.ts draws
 * those, from the grid's own view direction); the square grid is drawn flat, spheres by layers.
 */
import type { Cell } from '../geometry/cell.js';
import { bounds } from '../geometry/cell.js';
import type { Point3 } from '../geometry/cell-solids.js';
import { cellCentre, spaceStep } from '../geometry/cell-solids.js';
import type { Grid } from '../geometry/grid.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { puzzleGrid } from '../puzzle/model.js';
import type { DisassemblyStep } from '../disassembly/solution.js';
import { directionName, disassembleSolution, disassemblyProblem, disassemblySteps, moveText } from '../disassembly/solution.js';
import { mixHex } from './css-colour.js';
import { placementColours } from './piece-colours.js';
import type { SolidsPicture } from './solids.js';
import { drawsSolids, solidsSvg } from './solids.js';
import { escapeXml } from './xml.js';

export type View = 'layers' | 'iso' | 'exploded' | 'steps';

/** True when solutions on the grid may be drawn in space (`--view iso`, `exploded`, `steps`): cubes, and grids drawn from their solids. */
export function drawnInSpace(grid: Grid): boolean {
  return grid.dims === 3 && (grid.isometric || drawsSolids(grid));
}
export const VIEWS: readonly View[] = ['layers', 'iso', 'exploded', 'steps'];

/** How far an exploded view moves each piece out: its middle's distance from the middle, times this. */
const EXPLODE_SPREAD = 1.2;
const COS30 = Math.cos(Math.PI / 6);
const SIN30 = 0.5;

interface Cube {
  readonly at: readonly [number, number, number];
  readonly colour: string;
  /** In a picture of steps: true for the pieces the step adds (drawn outlined), false for the rest (drawn pale). */
  readonly added?: boolean;
}

/** The polygons of cubes seen from above, front and right, as SVG (and the picture's box). */
function cubesSvg(cubes: readonly Cube[], size: number): { body: string; minX: number; minY: number; maxX: number; maxY: number } {
  // screen position of a point (x right, y toward the viewer, z up)
  const screen = (x: number, y: number, z: number): [number, number] => [(x - y) * COS30 * size, (x + y) * SIN30 * size - z * size];
  const occupied = new Set(cubes.map((c) => c.at.join(',')));
  const has = (x: number, y: number, z: number): boolean => occupied.has(`${x},${y},${z}`);
  // back to front: farther cubes (smaller x + y, lower z) first
  const order = [...cubes].sort((a, b) => a.at[0] + a.at[1] + a.at[2] - (b.at[0] + b.at[1] + b.at[2]) || a.at[2] - b.at[2]);
  const parts: string[] = [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  let added: boolean | undefined;
  const poly = (points: [number, number][], fill: string): void => {
    for (const [px, py] of points) {
      minX = Math.min(minX, px); maxX = Math.max(maxX, px); minY = Math.min(minY, py); maxY = Math.max(maxY, py);
    }
    const face = added === false ? mixHex(fill, '#ffffff', 0.45) : fill;
    const line = added === true ? 'stroke="#000000" stroke-width="2.2" class="added"' : added === false ? 'stroke="#888888" stroke-width="0.6"' : 'stroke="#222222" stroke-width="0.8"';
    parts.push(`<polygon points="${points.map(([px, py]) => `${px.toFixed(2)},${py.toFixed(2)}`).join(' ')}" fill="${face}" ${line} stroke-linejoin="round"/>`);
  };
  for (const { at: [x, y, z], colour, added: isAdded } of order) {
    added = isAdded;
    // faces hidden by a cube of the same picture next to them are not drawn
    if (!has(x, y, z + 1)) poly([screen(x, y, z + 1), screen(x + 1, y, z + 1), screen(x + 1, y + 1, z + 1), screen(x, y + 1, z + 1)], mixHex(colour, '#ffffff', 0.8));
    if (!has(x, y + 1, z)) poly([screen(x, y + 1, z), screen(x + 1, y + 1, z), screen(x + 1, y + 1, z + 1), screen(x, y + 1, z + 1)], mixHex(colour, '#000000', 0.85));
    if (!has(x + 1, y, z)) poly([screen(x + 1, y, z), screen(x + 1, y + 1, z), screen(x + 1, y + 1, z + 1), screen(x + 1, y, z + 1)], mixHex(colour, '#000000', 0.65));
  }
  return { body: parts.join('\n'), minX, minY, maxX, maxY };
}

/** The cubes of a solution's placements (some of them), each piece moved by `shift`; `added`, when given, marks a step's pieces. */
function cubesOf(puzzle: Puzzle, solution: Solution, which: readonly number[], shift: (i: number) => [number, number, number], added?: ReadonlySet<number>): Cube[] {
  const colours = placementColours(puzzle, solution.placements);
  return which.flatMap((i) => {
    const [dx, dy, dz] = shift(i);
    const mark = added ? { added: added.has(i) } : {};
    // files count layers from the first listed; the picture stands layer 0 at the bottom
    return solution.placements[i]!.cells.map((c: Cell) => ({ at: [c[0] + dx, c[1] + dy, c[2] + dz] as const, colour: colours[i]!.hex, ...mark }));
  });
}

/**
 * How far each piece of a solution of cubes moves out in the exploded view: its middle's distance from
 * the middle, times a spread that grows (a little) until no two pieces touch or overlap in the picture
 * (see apart), so that each piece stands alone; when that does not part them (middles that coincide or lie
 * on one line of sight), the pieces are set out in rows and columns instead.
 */
export function explodedShifts(solution: Solution): [number, number, number][] {
  const placements = solution.placements;
  const cells = placements.flatMap((p) => p.cells);
  const middle = [0, 1, 2].map((a) => cells.reduce((s, c) => s + c[a]!, 0) / Math.max(1, cells.length));
  const centres = placements.map((p) => [0, 1, 2].map((a) => p.cells.reduce((s, c) => s + c[a]!, 0) / p.cells.length - middle[a]!));
  // (a spread much wider than the solution leaves a sparse picture: the rows below read better then)
  for (let spread = EXPLODE_SPREAD; spread <= EXPLODE_SPREAD * 2.25; spread *= 1.5) {
    const shifts = centres.map((c) => c.map((v) => Math.round(spread * v)) as [number, number, number]);
    if (apart(solution, shifts)) return shifts;
  }
  // in rows and columns on the floor, the gaps between them grown until the pieces stand apart
  const boxes = placements.map((p) => bounds(p.cells));
  const lows = boxes.map((b) => b.min);
  const wide = Math.max(...boxes.map((b) => b.max[0] - b.min[0] + 1));
  const deep = Math.max(...boxes.map((b) => b.max[1] - b.min[1] + 1));
  const columns = Math.ceil(Math.sqrt(placements.length));
  let shifts: [number, number, number][] = [];
  for (let gap = 2; gap <= 64; gap += 2) {
    shifts = placements.map((_, i) => [
      (i % columns) * (wide + gap) - lows[i]![0]!,
      Math.floor(i / columns) * (deep + gap) - lows[i]![1]!,
      -lows[i]![2]!,
    ]);
    if (apart(solution, shifts)) break;
  }
  return shifts;
}

/**
 * True when, in the picture, the pieces moved by their shifts stand apart. A cube (x, y, z) is drawn as a
 * hexagon centred at (u, w) = (x - y, x + y - 2z), in units of cos 30 and half a side: |u| <= 1 and
 * |u| + |w| <= 2 about its centre. Two such hexagons meet when their centres differ by (du, dw) with
 * |du| <= 2 and |du| + |dw| <= 4; pieces stand apart when no hexagon of one comes within one unit more
 * of a hexagon of another (so they neither touch nor hide one another, in space or on the page).
 */
function apart(solution: Solution, shifts: readonly (readonly [number, number, number])[]): boolean {
  const owner = new Map<number, number>();
  const key = (u: number, w: number): number => u * 0x100000 + w;
  const drawn: [number, number, number][] = [];
  for (const [i, p] of solution.placements.entries()) {
    for (const c of p.cells) {
      const x = c[0] + shifts[i]![0];
      const y = c[1] + shifts[i]![1];
      const z = c[2] + shifts[i]![2];
      const u = x - y;
      const w = x + y - 2 * z;
      const other = owner.get(key(u, w));
      if (other !== undefined && other !== i) return false;
      owner.set(key(u, w), i);
      drawn.push([u, w, i]);
    }
  }
  return drawn.every(([u, w, i]) => {
    for (let du = -2; du <= 2; du++) {
      const reach = 5 - Math.abs(du);
      for (let dw = -reach; dw <= reach; dw++) {
        const other = owner.get(key(u + du, w + dw));
        if (other !== undefined && other !== i) return false;
      }
    }
    return true;
  });
}

/**
 * Cells per side for a picture in space when none is asked for: the picture of a small solution (a 3x3x3
 * cube) about 300 pixels high rather than 200, a large one as before (24). `shifts` (an exploded view):
 * where each piece is drawn.
 */
function readableSize(solution: Solution, shifts?: readonly (readonly [number, number, number])[]): number {
  const cells = solution.placements.flatMap((p, i) => p.cells.map((c): Cell => [c[0] + (shifts?.[i]?.[0] ?? 0), c[1] + (shifts?.[i]?.[1] ?? 0), c[2] + (shifts?.[i]?.[2] ?? 0)]));
  if (cells.length === 0) return 24;
  // (bounds loops: Math.max(...cells) overflows the stack on a solution of a few hundred thousand cells)
  const { min, max } = bounds(cells);
  const span = [0, 1, 2].map((a) => max[a]! - min[a]! + 1);
  // the iso picture's height in cells: half the footprint's diagonal plus the layers
  const high = (span[0]! + span[1]!) * SIN30 + span[2]!;
  return Math.max(24, Math.min(48, Math.floor(300 / high)));
}

/**
 * Some of a solution's placements drawn: cubes as above, or the grid's solids. Each piece is moved by
 * `shift(i)`, a move of the grid in cell coordinates (a disassembly's offsets), and for solids also by
 * `pull(i)` in space (the exploded view: solids need not stay on the lattice).
 */
function partsSvg(puzzle: Puzzle, solution: Solution, which: readonly number[], shift: (i: number) => [number, number, number], size: number, pull?: (i: number) => Point3, added?: ReadonlySet<number>): SolidsPicture {
  const grid = puzzleGrid(puzzle);
  if (!drawsSolids(grid)) return cubesSvg(cubesOf(puzzle, solution, which, shift, added), size);
  const colours = placementColours(puzzle, solution.placements);
  const cells = which.flatMap((i) => {
    const step = spaceStep(grid, shift(i));
    const extra = pull?.(i) ?? [0, 0, 0];
    const moved: Point3 = [step[0] + extra[0], step[1] + extra[1], step[2] + extra[2]];
    return solution.placements[i]!.cells.map((cell) => ({ cell, shift: moved, colour: colours[i]!.hex }));
  });
  return solidsSvg(grid, cells, size);
}

/** Each piece's move out from the middle when a solution of solids is exploded: 1.2 times its middle's distance from the middle, in space. */
export function explodedPulls(puzzle: Puzzle, solution: Solution): Point3[] {
  const grid = puzzleGrid(puzzle);
  const centres = solution.placements.map((p) => p.cells.map((c) => cellCentre(grid, c)));
  const all = centres.flat();
  const mean = (points: readonly Point3[]): Point3 => [0, 1, 2].map((a) => points.reduce((s, p) => s + p[a]!, 0) / Math.max(1, points.length)) as unknown as Point3;
  const middle = mean(all);
  return centres.map((own) => {
    const m = mean(own);
    return [0, 1, 2].map((a) => EXPLODE_SPREAD * (m[a]! - middle[a]!)) as unknown as Point3;
  });
}

export function wrap(title: string, pictures: { body: string; minX: number; minY: number; maxX: number; maxY: number; caption?: string }[]): string {
  const pad = 12;
  const heading = 30;
  // a caption (14 px sans-serif: about 7.5 px a character) widens its column rather than running into the next
  const widths = pictures.map((p) => Math.max(p.maxX - p.minX, (p.caption?.length ?? 0) * 7.5) + 2 * pad);
  const height = Math.max(...pictures.map((p) => p.maxY - p.minY)) + 2 * pad + heading + (pictures.some((p) => p.caption) ? 20 : 0);
  const columns = Math.min(pictures.length, 4);
  const rows = Math.ceil(pictures.length / columns);
  const cellWidth = Math.max(...widths);
  const width = columns * cellWidth;
  const total = rows * height;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width.toFixed(0)}" height="${total.toFixed(0)}" viewBox="0 0 ${width.toFixed(2)} ${total.toFixed(2)}" font-family="sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    '<rect width="100%" height="100%" fill="#ffffff"/>',
  ];
  pictures.forEach((p, i) => {
    const ox = (i % columns) * cellWidth + (cellWidth - (p.maxX - p.minX)) / 2 - p.minX;
    const oy = Math.floor(i / columns) * height + heading + pad - p.minY;
    const cx = (i % columns) * cellWidth + cellWidth / 2;
    const top = Math.floor(i / columns) * height;
    out.push(`<text x="${cx.toFixed(2)}" y="${(top + heading - 10).toFixed(2)}" text-anchor="middle" font-size="14">${escapeXml(p.caption ?? title)}</text>`);
    out.push(`<g transform="translate(${ox.toFixed(2)} ${oy.toFixed(2)})">`, p.body, '</g>');
  });
  out.push('</svg>', '');
  return out.join('\n');
}

/**
 * The order a person builds a solution in, as indices into its placements: from the bottom up (the piece
 * whose lowest cell is lowest first; on a tie, the lower middle; then the order of the solution). The CLI's
 * `--view steps` and the web app's assembly show the same order.
 */
export function assemblyOrder(solution: Solution): number[] {
  const { placements } = solution;
  const lowest = placements.map((p) => Math.min(...p.cells.map((c) => c[2])));
  const middle = placements.map((p) => p.cells.reduce((s, c) => s + c[2], 0) / p.cells.length);
  return placements.map((_, i) => i).sort((a, b) => lowest[a]! - lowest[b]! || middle[a]! - middle[b]! || a - b);
}

/** Why a solution has no assembly steps to draw. */
export function notAssembled(outcome: 'stuck' | 'unknown'): string {
  return outcome === 'stuck'
    ? 'this solution does not come apart by sliding its pieces, so no order puts it together: there are no steps to draw'
    : 'no way to take this solution apart was found within the search budget, so there are no steps to draw';
}

/**
 * An isometric picture of a 3-D solution: whole, exploded, or as assembly steps (a disassembly found,
 * played backwards; RangeError, with notAssembled's words, when the solution does not come apart).
 */
export function renderSolutionIso(puzzle: Puzzle, solution: Solution, view: Exclude<View, 'layers'>, options: { cellSize?: number; title?: string } = {}): string {
  const title = options.title ?? puzzle.name;
  const n = solution.placements.length;
  const all = Array.from({ length: n }, (_, i) => i);
  const still = (): [number, number, number] => [0, 0, 0];
  if (view === 'iso') return wrap(title, [partsSvg(puzzle, solution, all, still, options.cellSize ?? readableSize(solution))]);
  if (view === 'exploded' && drawsSolids(puzzleGrid(puzzle))) {
    const pulls = explodedPulls(puzzle, solution);
    return wrap(`${title} (exploded)`, [partsSvg(puzzle, solution, all, still, options.cellSize ?? readableSize(solution), (i) => pulls[i]!)]);
  }
  if (view === 'exploded') {
    const shifts = explodedShifts(solution);
    return wrap(`${title} (exploded)`, [partsSvg(puzzle, solution, all, (i) => shifts[i]!, options.cellSize ?? readableSize(solution, shifts))]);
  }
  // steps: the assembly, as a disassembly found played backwards (there is none for a solution that locks,
  // nor on a grid whose pieces do not slide)
  const cannot = disassemblyProblem(puzzle);
  if (cannot) throw new RangeError(cannot);
  const taken = disassembleSolution(puzzle, solution);
  if (taken.outcome !== 'apart') throw new RangeError(notAssembled(taken.outcome));
  return renderAssemblyIso(puzzle, solution, disassemblySteps(solution, taken), { title, ...(options.cellSize !== undefined ? { cellSize: options.cellSize } : {}) });
}

/**
 * A disassembly drawn step by step: after each move, the part being taken apart (a separation shows both
 * sides apart; then each side is taken apart on its own). A frame stays out of the picture.
 */
export function renderDisassemblyIso(puzzle: Puzzle, solution: Solution, steps: readonly DisassemblyStep[], options: { cellSize?: number; title?: string } = {}): string {
  const size = options.cellSize ?? readableSize(solution);
  const pictures = steps.map((step, k) => {
    const offsets = new Map(step.scene.map((s) => [s.placement, s.offset]));
    return {
      ...partsSvg(puzzle, solution, [...offsets.keys()], (i) => [...offsets.get(i)!] as [number, number, number], size),
      caption: `${k + 1}. ${moveText(step.move)}`,
    };
  });
  return wrap(`${options.title ?? puzzle.name}: taken apart`, pictures);
}

/**
 * The same disassembly played backwards: how a person puts the solution together, each step showing the
 * part built so far, with the direction its pieces come in from.
 */
export function renderAssemblyIso(puzzle: Puzzle, solution: Solution, steps: readonly DisassemblyStep[], options: { cellSize?: number; title?: string } = {}): string {
  const size = options.cellSize ?? readableSize(solution);
  const pictures = [...steps].reverse().map((step, k) => {
    // before the move (after the move played backwards): the moved pieces back where they came from
    const moved = new Set(step.move.placements);
    const offsets = new Map(step.scene.map((s) => [s.placement, moved.has(s.placement) ? ([s.offset[0] - step.move.by[0], s.offset[1] - step.move.by[1], s.offset[2] - step.move.by[2]] as const) : s.offset]));
    const who = step.move.pieces.join(', ');
    const back: [number, number, number] = [-step.move.by[0], -step.move.by[1], -step.move.by[2]];
    const caption = step.move.separates ? `${k + 1}. ${who} in, moving ${directionName(back)}` : `${k + 1}. ${who} ${directionName(back)} ${Math.max(...back.map(Math.abs))}`;
    // the pieces this step brings in stand out (outlined); those already in place are drawn pale
    return { ...partsSvg(puzzle, solution, [...offsets.keys()], (i) => [...offsets.get(i)!] as [number, number, number], size, undefined, moved), caption };
  });
  return wrap(`${options.title ?? puzzle.name}: assembly`, pictures);
}
