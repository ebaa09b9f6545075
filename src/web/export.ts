/** Files the app hands out: the puzzle as YAML, the solution shown as SVG or PNG. */
import type { Puzzle, Solution } from '../puzzle/model.js';
import { formatPuzzle } from '../puzzle/format.js';
import { renderSolutionSvg } from '../render/svg.js';
import { renderSolutionIso } from '../render/iso.js';
import { puzzleGrid } from '../puzzle/model.js';

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

/** The command line's picture of a solution: cubes as an isometric drawing, the rest flat. */
export function solutionSvg(puzzle: Puzzle, solution: Solution): string {
  return puzzleGrid(puzzle).isometric ? renderSolutionIso(puzzle, solution, 'iso') : renderSolutionSvg(puzzle, solution);
}

/** An SVG picture drawn into a canvas by the browser, `scale` pixels per SVG unit, as PNG. */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await canvasPng(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be made'))), 'image/png'));
}
