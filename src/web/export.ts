/** Files the app hands out: the puzzle as YAML, the solution shown as SVG or PNG, pieces to print as STL in a zip. */
import type { Puzzle, Solution } from '../puzzle/model.js';
import { formatPuzzle } from '../puzzle/format.js';
import { renderSolutionSvg } from '../render/svg.js';
import { renderSolutionIso } from '../render/iso.js';
import { puzzleGrid } from '../puzzle/model.js';
import { svgToPng as hostSvgToPng } from '../platform/host.js';
import type { StlOptions } from '../render/stl.js';
import { pieceStlFiles, solutionStlFiles, stlProblem } from '../render/stl.js';
import { zipStored } from './zip.js';

export function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a puzzle's name: letters, digits and dashes. */
export function fileStem(puzzle: Puzzle): string {
  return puzzle.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'puzzle';
}

export function puzzleYaml(puzzle: Puzzle): Blob {
  return new Blob([formatPuzzle(puzzle)], { type: 'application/yaml' });
}

/** The command line's picture of a solution: cubes as an isometric drawing, grids of other solids as their solids, the rest flat. */
export function solutionSvg(puzzle: Puzzle, solution: Solution): string {
  return puzzleGrid(puzzle).isometric ? renderSolutionIso(puzzle, solution, 'iso') : renderSolutionSvg(puzzle, solution);
}

/** An SVG picture as PNG, `scale` pixels per SVG unit (drawn by the host: the browser's canvas). */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  return new Blob([(await hostSvgToPng(svg, scale)) as Uint8Array<ArrayBuffer>], { type: 'image/png' });
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be made'))), 'image/png'));
}

/**
 * The STL files `snug export --stl` writes, zipped: the pieces, or a solution's pieces in their places; or
 * why they cannot be made (a flat puzzle, a bevel on balls, a gap too large for the cells).
 */
export function stlZip(puzzle: Puzzle, solution: Solution | undefined, options: StlOptions): { blob: Blob; files: number } | { problem: string } {
  const problem = stlProblem(puzzle, options);
  if (problem) return { problem };
  const files = solution ? solutionStlFiles(puzzle, solution, options) : pieceStlFiles(puzzle, options);
  return { blob: new Blob([zipStored(files) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), files: files.length };
}
