/**
 * 3-D solutions as a person sees them: an isometric picture of cubes (each cube's top and two front
 * faces, shaded), drawn back to front so nearer faces cover farther ones; exploded (each piece moved out
 * from the middle, so every piece shows), and as assembly steps (the pieces from the bottom up, one
 * picture per piece added, each step showing what is already built). Layer z is the height: z = 0 lies
 * at the bottom. Cube puzzles, and any 3-D grid whose cells are drawn as their solids (solids.ts draws
 * those, from the grid's own view direction); the square grid is drawn flat, spheres by layers.
 */
import type { Cell } from '../geometry/cell.js';
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
  const poly = (points: [number, number][], fill: string): void => {
    for (const [px, py] of points) {
      minX = Math.min(minX, px); maxX = Math.max(maxX, px); minY = Math.min(minY, py); maxY = Math.max(maxY, py);
    }
    parts.push(`<polygon points="${points.map(([px, py]) => `${px.toFixed(2)},${py.toFixed(2)}`).join(' ')}" fill="${fill}" stroke="#222222" stroke-width="0.8" stroke-linejoin="round"/>`);
  };
  for (const { at: [x, y, z], colour } of order) {
    // faces hidden by a cube of the same picture next to them are not drawn
    if (!has(x, y, z + 1)) poly([screen(x, y, z + 1), screen(x + 1, y, z + 1), screen(x + 1, y + 1, z + 1), screen(x, y + 1, z + 1)], mixHex(colour, '#ffffff', 0.8));
    if (!has(x, y + 1, z)) poly([screen(x, y + 1, z), screen(x + 1, y + 1, z), screen(x + 1, y + 1, z + 1), screen(x, y + 1, z + 1)], mixHex(colour, '#000000', 0.85));
    if (!has(x + 1, y, z)) poly([screen(x + 1, y, z), screen(x + 1, y + 1, z), screen(x + 1, y + 1, z + 1), screen(x + 1, y, z + 1)], mixHex(colour, '#000000', 0.65));
  }
  return { body: parts.join('\n'), minX, minY, maxX, maxY };
}

/** The cubes of a solution's placements (some of them), each piece moved by `shift`. */
function cubesOf(puzzle: Puzzle, solution: Solution, which: readonly number[], shift: (i: number) => [number, number, number]): Cube[] {
  const colours = placementColours(puzzle, solution.placements);
  return which.flatMap((i) => {
    const [dx, dy, dz] = shift(i);
    // files count layers from the first listed; the picture stands layer 0 at the bottom
    return solution.placements[i]!.cells.map((c: Cell) => ({ at: [c[0] + dx, c[1] + dy, c[2] + dz] as const, colour: colours[i]!.hex }));
  });
}

/**
 * Some of a solution's placements drawn: cubes as above, or the grid's solids. Each piece is moved by
 * `shift(i)`, a move of the grid in cell coordinates (a disassembly's offsets), and for solids also by
 * `pull(i)` in space (the exploded view: solids need not stay on the lattice).
 */
function partsSvg(puzzle: Puzzle, solution: Solution, which: readonly number[], shift: (i: number) => [number, number, number], size: number, pull?: (i: number) => Point3): SolidsPicture {
  const grid = puzzleGrid(puzzle);
  if (!drawsSolids(grid)) return cubesSvg(cubesOf(puzzle, solution, which, shift), size);
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
  const size = options.cellSize ?? 24;
  const title = options.title ?? puzzle.name;
  const n = solution.placements.length;
  const all = Array.from({ length: n }, (_, i) => i);
  const still = (): [number, number, number] => [0, 0, 0];
  if (view === 'iso') return wrap(title, [partsSvg(puzzle, solution, all, still, size)]);
  if (view === 'exploded' && drawsSolids(puzzleGrid(puzzle))) {
    const pulls = explodedPulls(puzzle, solution);
    return wrap(`${title} (exploded)`, [partsSvg(puzzle, solution, all, still, size, (i) => pulls[i]!)]);
  }
  if (view === 'exploded') {
    const cells = solution.placements.flatMap((p) => p.cells);
    const middle = [0, 1, 2].map((a) => cells.reduce((s, c) => s + c[a]!, 0) / cells.length);
    const shift = (i: number): [number, number, number] => {
      const own = solution.placements[i]!.cells;
      return [0, 1, 2].map((a) => Math.round(EXPLODE_SPREAD * (own.reduce((s, c) => s + c[a]!, 0) / own.length - middle[a]!))) as [number, number, number];
    };
    return wrap(`${title} (exploded)`, [partsSvg(puzzle, solution, all, shift, size)]);
  }
  // steps: the assembly, as a disassembly found played backwards (there is none for a solution that locks,
  // nor on a grid whose pieces do not slide)
  const cannot = disassemblyProblem(puzzle);
  if (cannot) throw new RangeError(cannot);
  const taken = disassembleSolution(puzzle, solution);
  if (taken.outcome !== 'apart') throw new RangeError(notAssembled(taken.outcome));
  return renderAssemblyIso(puzzle, solution, disassemblySteps(solution, taken), { title });
}

/**
 * A disassembly drawn step by step: after each move, the part being taken apart (a separation shows both
 * sides apart; then each side is taken apart on its own). A frame stays out of the picture.
 */
export function renderDisassemblyIso(puzzle: Puzzle, solution: Solution, steps: readonly DisassemblyStep[], options: { cellSize?: number; title?: string } = {}): string {
  const size = options.cellSize ?? 24;
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
  const size = options.cellSize ?? 24;
  const pictures = [...steps].reverse().map((step, k) => {
    // before the move (after the move played backwards): the moved pieces back where they came from
    const moved = new Set(step.move.placements);
    const offsets = new Map(step.scene.map((s) => [s.placement, moved.has(s.placement) ? ([s.offset[0] - step.move.by[0], s.offset[1] - step.move.by[1], s.offset[2] - step.move.by[2]] as const) : s.offset]));
    const who = step.move.pieces.join(', ');
    const back: [number, number, number] = [-step.move.by[0], -step.move.by[1], -step.move.by[2]];
    const caption = step.move.separates ? `${k + 1}. ${who} in, moving ${directionName(back)}` : `${k + 1}. ${who} ${directionName(back)} ${Math.max(...back.map(Math.abs))}`;
    return { ...partsSvg(puzzle, solution, [...offsets.keys()], (i) => [...offsets.get(i)!] as [number, number, number], size), caption };
  });
  return wrap(`${options.title ?? puzzle.name}: assembly`, pictures);
}
