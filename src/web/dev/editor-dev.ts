/**
 * Development page of the puzzle editor: mounts it, loads catalog puzzles into it (the compiled catalog,
 * dist/catalog.json, which `npm run build` writes) and prints the puzzle drawn, as YAML when the library's
 * format.ts loads in the browser, else as JSON (format.ts still reads Node modules until the platform seam
 * lands). The page exposes the editor as `window.snugEditor` for scripted checks.
 */
import type { Puzzle } from '../../puzzle/model.js';
import { PuzzleEditor } from '../editor.js';

const compiled = import.meta.glob<{ default: Record<string, { puzzle: Puzzle }> }>('../../../dist/catalog.json', { eager: true });
const catalog: Record<string, Puzzle> = Object.fromEntries(
  Object.values(compiled).flatMap((m) => Object.entries(m.default).map(([name, entry]) => [name, entry.puzzle])),
);

let format: ((p: Puzzle) => string) | undefined;
let formatNote = '';
try {
  const module = (await import('../../puzzle/format.js')) as { formatPuzzle: (p: Puzzle) => string };
  format = module.formatPuzzle;
} catch (error) {
  formatNote = `# JSON: format.ts does not load in the browser yet (${String(error).split('\n')[0]})\n`;
}

/** JSON with each cell on one line. */
const compactJson = (value: unknown): string => JSON.stringify(value, null, 1).replace(/\[\s*(-?\d+),\s*(-?\d+),\s*(-?\d+)\s*\]/g, '[$1, $2, $3]');

const output = document.getElementById('output')!;
const show = (result: { puzzle: Puzzle } | { problem: string }): void => {
  if ('problem' in result) output.textContent = `problem: ${result.problem}`;
  else output.textContent = format ? format(result.puzzle) : formatNote + compactJson(result.puzzle);
};

const editor = new PuzzleEditor(document.getElementById('editor')!, show);
(window as unknown as { snugEditor: PuzzleEditor }).snugEditor = editor;

const select = document.getElementById('catalog') as HTMLSelectElement;
select.append(...Object.keys(catalog).sort().map((name) => Object.assign(document.createElement('option'), { value: name, textContent: name })));
document.getElementById('load')!.addEventListener('click', () => {
  const puzzle = catalog[select.value];
  if (puzzle) editor.load(puzzle);
});
const wanted = new URLSearchParams(location.search).get('puzzle');
if (wanted && catalog[wanted]) {
  select.value = wanted;
  editor.load(catalog[wanted]);
}
