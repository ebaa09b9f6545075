/**
 * The web app's page: a thin shell over the library, as the command line is. It picks the puzzle (the
 * catalog, a file, a link, the editor), hands every search to the solver worker (solver-client.ts), and
 * shows what comes back: progress as the command line's bar says it, solutions to step through (flat
 * pictures from the library's SVG writer, cubes and spheres in 3-D), hints on a board played by hand, and
 * the search itself at a speed a person can follow.
 */
import type { Puzzle, Solution } from '../puzzle/model.js';
import { pieceArea, pieceMin, puzzleGrid } from '../puzzle/model.js';
import { formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import { burrToolsProblemCount, parseBurrTools } from '../puzzle/burrtools.js';
import { MAX_PUZZLE_FILE_BYTES } from '../puzzle/format.js';
import { renderSolutionSvg } from '../render/svg.js';
import { barFields, SettledEta } from '../render/progress-fields.js';
import { formatCount } from '../render/report.js';
import type { FindMode } from './protocol.js';
import { CATALOG, catalogPuzzle } from './catalog.js';
import { puzzleOfFragment, shareFragment } from './share.js';
import { canvasPng, download, fileStem, puzzleYaml, solutionSvg, svgToPng } from './export.js';
import { PlayBoard } from './play-board.js';
import type { RunningSolve } from './solver-client.js';
import { SolverClient } from './solver-client.js';
import type { SolutionView3d } from './view3d.js';
import { PuzzleEditor } from './editor.js';

const DEFAULT_PUZZLE = 'pentomino-6x10';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

const solver = new SolverClient();

interface State {
  puzzle: Puzzle;
  /** The catalog entry it came from, unchanged (links then name it). */
  catalogName: string | undefined;
  solutions: Solution[];
  /** Solutions of the last run in all (more than `solutions` when only a count or the first ones were kept). */
  total: number;
  index: number;
  run: RunningSolve | undefined;
}

const state: State = { puzzle: catalogPuzzle(DEFAULT_PUZZLE), catalogName: DEFAULT_PUZZLE, solutions: [], total: 0, index: 0, run: undefined };

// ---- the puzzle -------------------------------------------------------------------------------------

function describePuzzle(puzzle: Puzzle): void {
  const grid = puzzleGrid(puzzle);
  const copies = puzzle.pieces.reduce((n, p) => n + p.count, 0);
  const minCells = puzzle.pieces.reduce((n, p) => n + pieceMin(p) * p.shape.length, 0);
  const maxCells = pieceArea(puzzle);
  const info = $('puzzle-info');
  info.replaceChildren();
  const title = document.createElement('h3');
  title.textContent = puzzle.name;
  title.dataset.testid = 'puzzle-name';
  const facts = document.createElement('p');
  facts.textContent =
    `${puzzle.board.length} cells on a ${grid.name} grid · ${puzzle.pieces.length} piece${puzzle.pieces.length === 1 ? '' : 's'}` +
    (copies !== puzzle.pieces.length ? ` (${copies} copies)` : '') +
    ` covering ${minCells === maxCells ? maxCells : `${minCells} to ${maxCells}`} cells` +
    (puzzle.placed?.length ? ` · ${puzzle.placed.length} placed` : '') +
    (puzzle.known?.total !== undefined ? ` · known: ${formatCount(puzzle.known.total)} solutions` : '') +
    (puzzle.known?.unique !== undefined ? `, ${formatCount(puzzle.known.unique)} unique` : '');
  info.append(title, facts);
  if (puzzle.description) {
    const d = document.createElement('p');
    d.className = 'description';
    d.textContent = puzzle.description;
    info.append(d);
  }
}

function setPuzzle(puzzle: Puzzle, catalogName: string | undefined, options: { toEditor?: boolean } = {}): void {
  cancelRun();
  stopWatching();
  state.puzzle = puzzle;
  state.catalogName = catalogName;
  state.solutions = [];
  state.total = 0;
  state.index = 0;
  ($('catalog') as HTMLSelectElement).value = catalogName ?? '';
  $('problem-choice').hidden = true;
  describePuzzle(puzzle);
  $('summary').textContent = '';
  $('progress-text').textContent = '';
  ($('progress') as HTMLProgressElement).value = 0;
  $('play-status').textContent = '';
  $('watch-status').textContent = '';
  // the editor has it already when it made it
  if (options.toEditor === false) shownIn.set('tab-edit', puzzle);
  const open = document.querySelector<HTMLElement>('[role=tab][aria-selected=true]');
  if (open) bringUpToDate(open.id);
  showSolution();
  history.replaceState(null, '', shareFragment(puzzle, catalogName));
}

function showError(where: HTMLElement, e: unknown): void {
  where.textContent = e instanceof Error ? e.message : String(e);
  where.classList.add('error');
}

async function openFile(file: File): Promise<void> {
  const status = $('share-status');
  status.classList.remove('error');
  try {
    if (file.size > MAX_PUZZLE_FILE_BYTES) throw new Error(`${file.name}: larger than ${MAX_PUZZLE_FILE_BYTES / 1024 / 1024} MB, too large for a puzzle file`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const burrTools = /\.xmpuzzle$/i.test(file.name);
    const puzzle = burrTools ? parseBurrTools(bytes, file.name) : parsePuzzle(new TextDecoder().decode(bytes), file.name);
    setPuzzle(puzzle, undefined);
    // a BurrTools file may hold several problems (puzzles): the first is open, the others a choice away
    const problems = burrTools ? burrToolsProblemCount(bytes, file.name) : 1;
    const choice = $('problem') as HTMLSelectElement;
    choice.replaceChildren(...Array.from({ length: problems }, (_, i) => Object.assign(document.createElement('option'), { value: String(i + 1), textContent: `problem ${i + 1} of ${problems}` })));
    $('problem-choice').hidden = problems < 2;
    choice.onchange = () => {
      try {
        setPuzzle(parseBurrTools(bytes, file.name, Number(choice.value)), undefined);
        $('problem-choice').hidden = false;
      } catch (e) {
        showError(status, e);
      }
    };
    status.textContent = `Opened ${file.name}.`;
  } catch (e) {
    showError(status, e);
  }
}

// ---- solving ----------------------------------------------------------------------------------------

function findMode(): FindMode {
  return (document.querySelector('input[name=mode]:checked') as HTMLInputElement).value as FindMode;
}

function setRunning(running: boolean): void {
  ($('solve-button') as HTMLButtonElement).disabled = running;
  ($('cancel-button') as HTMLButtonElement).disabled = !running;
}

/** Stops the run under way: what it still reports is not shown (a new run or a new puzzle has the page). */
function cancelRun(): void {
  state.run?.cancel();
  state.run = undefined;
  setRunning(false);
}

async function startSolve(): Promise<void> {
  cancelRun();
  const mode = findMode();
  const unique = ($('unique') as HTMLInputElement).checked;
  const workers = Math.max(1, Math.min(64, Math.floor(Number(($('workers') as HTMLInputElement).value) || navigator.hardwareConcurrency || 1)));
  state.solutions = [];
  state.total = 0;
  state.index = 0;
  showSolution();
  const summary = $('summary');
  summary.classList.remove('error');
  summary.textContent = 'Solving…';
  const progressBar = $('progress') as HTMLProgressElement;
  const progressText = $('progress-text');
  progressBar.value = 0;
  progressText.textContent = '';
  const eta = new SettledEta();
  const what = unique ? 'unique solution' : 'solution';
  setRunning(true);
  const started = performance.now();
  const run = solver.solve(state.puzzle, { mode, n: Number(($('n') as HTMLInputElement).value), unique, workers }, {
    onSolutions(found) {
      if (state.run !== run) return;
      const first = state.solutions.length === 0;
      state.solutions.push(...found);
      state.total = Math.max(state.total, state.solutions.length);
      if (first) showSolution();
      else updateBrowser();
    },
    onProgress(p) {
      if (state.run !== run) return;
      progressBar.value = Math.round(p.fraction * 1000);
      const f = barFields(p, what, eta.update(p));
      progressText.textContent = `${Math.floor(p.fraction * 100)}% · ${f.solutions} · ${f.speed} · ${f.elapsed} elapsed · ${f.left}`;
    },
  });
  state.run = run;
  try {
    const s = await run.done;
    if (state.run !== run) return;
    state.total = s.solutions;
    progressBar.value = s.complete ? 1000 : progressBar.value;
    summary.textContent = `${s.interrupted ? 'Cancelled: ' : ''}${s.line} · ${s.workers} worker${s.workers === 1 ? '' : 's'}`;
    summary.dataset.solutions = String(s.solutions);
    summary.dataset.complete = String(s.complete);
    summary.dataset.ms = String(Math.round(performance.now() - started));
    summary.dataset.elapsed = String(Math.round(s.elapsedMs));
    if (s.solutions > state.solutions.length && state.solutions.length > 0) summary.textContent += ` (the first ${formatCount(state.solutions.length)} kept to look at)`;
    updateBrowser();
    if (state.solutions.length > 0 && state.index === 0) showSolution();
  } catch (e) {
    if (state.run !== run) return;
    showError(summary, e);
    summary.dataset.solutions = '';
  } finally {
    if (state.run === run) {
      state.run = undefined;
      setRunning(false);
    }
  }
}

// ---- looking at solutions ---------------------------------------------------------------------------

let view3d: SolutionView3d | undefined;
/** The 3-D view's module (three.js): loaded with the first 3-D puzzle, so that flat ones never wait for it. */
let view3dModule: Promise<typeof import('./view3d.js')> | undefined;
/** Counts the pictures asked for: a 3-D one whose module arrives after a newer request is dropped. */
let pictureRequest = 0;

function is3d(puzzle: Puzzle): boolean {
  const grid = puzzleGrid(puzzle);
  return grid.dims === 3 && grid.scene !== undefined;
}

function updateBrowser(): void {
  const count = state.solutions.length;
  const index = $('solution-index') as HTMLInputElement;
  index.max = String(Math.max(1, count));
  index.value = String(count === 0 ? 0 : state.index + 1);
  const more = state.total > count ? ` (${formatCount(state.total)} found)` : '';
  $('solution-count').textContent = `of ${formatCount(count)}${more}`;
}

function showSolution(): void {
  updateBrowser();
  const container = $('solution-view');
  const solution: Solution = state.solutions[state.index] ?? { placements: state.puzzle.placed?.map((p) => ({ ...p, given: true })) ?? [] };
  const threeD = is3d(state.puzzle);
  $('view3d-controls').hidden = !threeD;
  container.classList.toggle('three-d', threeD);
  const request = ++pictureRequest;
  if (threeD) {
    void (view3dModule ??= import('./view3d.js')).then(({ SolutionView3d }) => {
      if (request !== pictureRequest) return;
      if (!view3d) {
        container.replaceChildren();
        try {
          view3d = new SolutionView3d(container, { grid: puzzleGrid(state.puzzle) });
        } catch {
          // no WebGL here: the command line's pictures (isometric cubes, spheres by layers)
          container.classList.remove('three-d');
          $('view3d-controls').hidden = true;
          container.innerHTML = solutionSvg(state.puzzle, solution).replace(/^<\?xml[^>]*>\s*/, '');
          return;
        }
      }
      view3d.show(state.puzzle, solution);
      const step = $('step') as HTMLInputElement;
      step.max = String(view3d.steps);
      step.value = String(view3d.steps);
      view3d.setExplode(Number(($('explode') as HTMLInputElement).value));
      container.dataset.shown = String(request);
    });
  } else {
    view3d?.dispose();
    view3d = undefined;
    container.innerHTML = renderSolutionSvg(state.puzzle, solution).replace(/^<\?xml[^>]*>\s*/, '');
    // drawn to the width of the page: the picture scales by its viewBox
    const svg = container.querySelector('svg');
    if (svg && !svg.hasAttribute('viewBox')) svg.setAttribute('viewBox', `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`);
    svg?.setAttribute('role', 'img');
    svg?.setAttribute('aria-label', `${state.puzzle.name}: ${state.solutions.length ? `solution ${state.index + 1}` : 'the board'}`);
    container.dataset.shown = String(request);
  }
}

function goTo(index: number): void {
  if (state.solutions.length === 0) return;
  state.index = Math.max(0, Math.min(state.solutions.length - 1, index));
  showSolution();
}

// ---- hints ------------------------------------------------------------------------------------------

let hinted: { piece: string; cells: readonly import('../geometry/cell.js').Cell[] } | undefined;

const playBoard = new PlayBoard(true, {
  onMessage: (text) => {
    $('play-status').textContent = text;
  },
  onChange: () => {
    hinted = undefined;
    ($('place-hint') as HTMLButtonElement).disabled = true;
  },
}, 'board to play on');

async function askHint(): Promise<void> {
  const puzzle = playBoard.puzzleWithPlaced();
  if (!puzzle) return;
  const status = $('play-status');
  status.classList.remove('error');
  status.textContent = 'Thinking…';
  try {
    const r = await solver.hint(puzzle);
    hinted = undefined;
    if (!r.solvable) {
      const off = r.remove?.filter((p) => !p.given) ?? [];
      status.textContent = off.length
        ? `This board cannot be completed. Take off ${off.map((p) => p.piece).join(', ')} and it can.`
        : 'This board cannot be completed.';
      playBoard.highlight(off.flatMap((p) => p.cells), 'remove');
    } else if (!r.hint) {
      status.textContent = 'The board is complete: well done!';
      playBoard.highlight(undefined);
    } else {
      hinted = r.hint;
      const ways = r.complete ? `${formatCount(r.completions)} way${r.completions === 1 ? '' : 's'}` : `more than ${formatCount(r.completions)} ways`;
      status.textContent = `It can be completed in ${ways}. Next: piece ${r.hint.piece} where it is marked (${r.hint.places} place${r.hint.places === 1 ? '' : 's'} left for it).`;
      status.dataset.hintPiece = r.hint.piece;
      status.dataset.hintCells = JSON.stringify(r.hint.cells);
      playBoard.highlight(r.hint.cells, 'hint');
    }
    ($('place-hint') as HTMLButtonElement).disabled = hinted === undefined;
  } catch (e) {
    showError(status, e);
  }
}

// ---- watching the search ----------------------------------------------------------------------------

const watchBoard = new PlayBoard(false, {}, 'the board as the search fills it');
let watching: { setSpeed(speed: number): void; stop(): void } | undefined;

/** The speed slider is logarithmic: 10^v moves a second, 1 to 10,000. */
function watchSpeed(): number {
  return Math.round(10 ** Number(($('watch-speed') as HTMLInputElement).value));
}

function stopWatching(): void {
  watching?.stop();
  watching = undefined;
  $('watch-button').textContent = 'Start';
}

function toggleWatch(): void {
  if (watching) {
    stopWatching();
    return;
  }
  const status = $('watch-status');
  status.classList.remove('error');
  $('watch-button').textContent = 'Stop';
  watching = solver.watch(state.puzzle, watchSpeed(), (frame) => {
    watchBoard.setPieces(frame.board.filter((p) => !p.given));
    status.textContent = `${formatCount(frame.moves)} moves · ${formatCount(frame.solutions)} solution${frame.solutions === 1 ? '' : 's'} found${frame.over ? ' · the search is over' : ''}`;
    if (frame.over) stopWatching();
  }, (message) => {
    showError(status, new Error(message));
    stopWatching();
  });
}

// ---- the editor -------------------------------------------------------------------------------------

/** Where a new puzzle starts: a small board and one piece, to redraw. */
const NEW_PUZZLE: Puzzle = {
  name: 'My puzzle',
  dims: 2,
  board: Array.from({ length: 4 * 3 }, (_, i) => [i % 4, Math.floor(i / 4), 0] as const),
  pieces: [{ name: 'A', shape: [[0, 0, 0], [1, 0, 0]], count: 6, mirror: true }],
  mirror: true,
};

let edited: Puzzle | undefined;
const editor = new PuzzleEditor($('editor'), (result) => {
  const status = $('edit-status');
  if ('puzzle' in result) {
    edited = result.puzzle;
    status.classList.remove('error');
    status.textContent = 'Ready to solve.';
  } else {
    edited = undefined;
    status.classList.add('error');
    status.textContent = result.problem;
  }
  ($('use-edited') as HTMLButtonElement).disabled = edited === undefined;
});

// ---- wiring -----------------------------------------------------------------------------------------

function selectTab(tab: HTMLElement): void {
  for (const t of document.querySelectorAll<HTMLElement>('[role=tab]')) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    $(t.getAttribute('aria-controls')!).hidden = !selected;
  }
  if (tab.id !== 'tab-watch') stopWatching();
  bringUpToDate(tab.id);
}

/**
 * The puzzle each tab's view was last given. A view takes the open puzzle when its tab is open: drawing a
 * large board (Calibron's 3136 cells) or loading the editor takes a moment, and most tabs stay closed.
 */
const shownIn = new Map<string, Puzzle>();

function bringUpToDate(tab: string): void {
  if (shownIn.get(tab) === state.puzzle) return;
  shownIn.set(tab, state.puzzle);
  if (tab === 'tab-play') playBoard.setPuzzle(state.puzzle);
  else if (tab === 'tab-watch') watchBoard.setPuzzle(state.puzzle);
  else if (tab === 'tab-edit') editor.load(state.puzzle);
}

function wire(): void {
  const select = $('catalog') as HTMLSelectElement;
  const own = document.createElement('option');
  own.value = '';
  own.textContent = '(your own puzzle)';
  select.append(own, ...[...CATALOG.keys()].map((name) => Object.assign(document.createElement('option'), { value: name, textContent: name })));
  select.addEventListener('change', () => {
    if (select.value) setPuzzle(catalogPuzzle(select.value), select.value);
  });
  $('file').addEventListener('change', (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) void openFile(file);
  });
  // drag and drop anywhere
  const zone = $('drop-zone');
  addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.hidden = false;
  });
  addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) zone.hidden = true;
  });
  addEventListener('drop', (e) => {
    e.preventDefault();
    zone.hidden = true;
    const file = e.dataTransfer?.files[0];
    if (file) void openFile(file);
  });

  $('share').addEventListener('click', () => {
    const url = `${location.origin}${location.pathname}${shareFragment(state.puzzle, state.catalogName)}`;
    history.replaceState(null, '', url);
    const status = $('share-status');
    status.classList.remove('error');
    status.dataset.url = url;
    navigator.clipboard?.writeText(url).then(
      () => { status.textContent = 'The link is copied: it opens this very puzzle.'; },
      () => { status.textContent = `The link to this puzzle: ${url}`; },
    ) ?? (status.textContent = `The link to this puzzle: ${url}`);
  });
  $('export-yaml').addEventListener('click', () => download(`${fileStem(state.puzzle)}.yaml`, puzzleYaml(state.puzzle)));
  const current = (): Solution => state.solutions[state.index] ?? { placements: [] };
  $('export-svg').addEventListener('click', () => download(`${fileStem(state.puzzle)}.svg`, new Blob([solutionSvg(state.puzzle, current())], { type: 'image/svg+xml' })));
  $('export-png').addEventListener('click', () => {
    const png = view3d ? canvasPng(view3d.snapshot()) : svgToPng(solutionSvg(state.puzzle, current()));
    void png.then((blob) => download(`${fileStem(state.puzzle)}.png`, blob));
  });

  ($('workers') as HTMLInputElement).value = String(navigator.hardwareConcurrency || 1);
  $('solve-button').addEventListener('click', () => void startSolve());
  // Cancel lets the run say where it stopped (the summary of a run cut short), then ends it
  $('cancel-button').addEventListener('click', () => state.run?.cancel());

  $('first-solution').addEventListener('click', () => goTo(0));
  $('previous-solution').addEventListener('click', () => goTo(state.index - 1));
  $('next-solution').addEventListener('click', () => goTo(state.index + 1));
  $('last-solution').addEventListener('click', () => goTo(state.solutions.length - 1));
  $('solution-index').addEventListener('change', (e) => goTo(Number((e.target as HTMLInputElement).value) - 1));
  $('explode').addEventListener('input', (e) => view3d?.setExplode(Number((e.target as HTMLInputElement).value)));
  $('step').addEventListener('input', (e) => view3d?.setStep(Number((e.target as HTMLInputElement).value)));
  $('play-assembly').addEventListener('click', () => void view3d?.playAssembly());
  $('solution-view').addEventListener('keydown', (e) => {
    if ((e.target as HTMLElement).tagName === 'CANVAS') return;
    if (e.key === 'ArrowRight') goTo(state.index + 1);
    if (e.key === 'ArrowLeft') goTo(state.index - 1);
  });

  $('play-board').append(playBoard.element);
  $('hint-button').addEventListener('click', () => void askHint());
  $('place-hint').addEventListener('click', () => {
    if (!hinted) return;
    playBoard.setPieces([...playBoard.pieces(), { piece: hinted.piece, cells: hinted.cells }]);
    hinted = undefined;
    ($('place-hint') as HTMLButtonElement).disabled = true;
    $('play-status').textContent = 'Placed. Ask again for the next one.';
  });
  $('clear-play').addEventListener('click', () => {
    playBoard.setPieces([]);
    $('play-status').textContent = '';
  });

  $('watch-board').append(watchBoard.element);
  $('watch-button').addEventListener('click', toggleWatch);
  const speedText = (): void => {
    $('watch-speed-text').textContent = `${formatCount(watchSpeed())} moves a second`;
  };
  speedText();
  $('watch-speed').addEventListener('input', () => {
    speedText();
    watching?.setSpeed(watchSpeed());
  });

  $('new-puzzle').addEventListener('click', () => editor.load(NEW_PUZZLE));
  $('use-edited').addEventListener('click', () => {
    if (edited) setPuzzle(edited, undefined, { toEditor: false });
  });

  const tabs = [...document.querySelectorAll<HTMLElement>('[role=tab]')];
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => selectTab(tab));
    tab.addEventListener('keydown', (e) => {
      const to = e.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : e.key === 'ArrowLeft' ? tabs[(i + tabs.length - 1) % tabs.length] : undefined;
      if (to) {
        selectTab(to);
        to.focus();
      }
    });
  });
  $('version').textContent = __SNUG_VERSION__;
  addEventListener('hashchange', () => loadFragment());
}

function loadFragment(): boolean {
  try {
    const found = puzzleOfFragment(location.hash);
    if (!found) return false;
    setPuzzle(found.puzzle, found.catalogName);
    return true;
  } catch (e) {
    showError($('share-status'), e);
    return false;
  }
}

wire();
if (!loadFragment()) setPuzzle(state.puzzle, DEFAULT_PUZZLE);
if ('serviceWorker' in navigator && location.protocol !== 'file:' && !import.meta.env.DEV) {
  void navigator.serviceWorker.register('./sw.js').catch(() => {});
}
// for scripts and tests that drive the page: what it shows, as the library's own data
Object.assign(globalThis, {
  snugApp: {
    puzzleYaml: (): string => formatPuzzle(state.puzzle),
    puzzle: (): Puzzle => state.puzzle,
    solution: (): Solution | undefined => state.solutions[state.index],
    solutionsShown: (): number => state.solutions.length,
  },
});
document.body.dataset.ready = 'true';
