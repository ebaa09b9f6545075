/**
 * The web app's page: a thin shell over the library, as the command line is. It picks the puzzle (the
 * catalog, a file, a link, the editor), hands every search to the solver worker (solver-client.ts), and
 * shows what comes back: progress as the command line's bar says it, solutions to step through (flat
 * pictures from the library's SVG writer, cubes and spheres in 3-D), hints on a board played by hand, and
 * the search itself at a speed a person can follow. A 3-D solution is taken apart in the solver worker
 * (the library's disassembleSolution) and its moves played in the 3-D view; the list of solutions can be
 * cut to those that come apart, each found solution taken apart there too.
 */
import type { Puzzle, Solution } from '../puzzle/model.js';
import { pieceArea, pieceMin, puzzleGrid } from '../puzzle/model.js';
import { formatPuzzle, parsePuzzle } from '../puzzle/format.js';
import { burrToolsProblemCount, parseBurrTools } from '../puzzle/burrtools.js';
import { MAX_PUZZLE_FILE_BYTES } from '../puzzle/format.js';
import { renderSolutionSvg } from '../render/svg.js';
import { barFields, SettledEta } from '../render/progress-fields.js';
import { formatCount } from '../render/report.js';
import type { SolutionDisassembly } from '../disassembly/solution.js';
import { disassemblyProblem } from '../disassembly/solution.js';
import type { Disassembled, FindMode } from './protocol.js';
import type { DisassemblyPlan } from './disassembly-model.js';
import { disassemblyPlan, levelLabel, moveText, notApartText, stateText } from './disassembly-model.js';
import { CATALOG, catalogPuzzle } from './catalog.js';
import { puzzleOfFragment, shareFragment } from './share.js';
import { canvasPng, download, fileStem, puzzleYaml, solutionSvg, stlZip, svgToPng } from './export.js';
import { stlProblem } from '../render/stl.js';
import { PlayBoard, pieceShapeSvg, trayUnit } from './play-board.js';
import { PictureClient } from './picture-client.js';
import { DRAWN_OFF_PAGE_CELLS } from './sizes.js';
import { maxWorkers } from '../search/options.js';
import { pieceListColours } from '../render/piece-colours.js';
import { PuzzleError } from '../puzzle/errors.js';
import type { RunningSolve } from './solver-client.js';
import { SolverClient } from './solver-client.js';
import type { SolutionView3d } from './view3d.js';
import { PuzzleEditor } from './editor.js';
import { CalendarPanel } from './calendar.js';

const DEFAULT_PUZZLE = 'pentomino-6x10';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

const solver = new SolverClient();
// (the workers the Solve field asks for, as startSolve reads them)
const calendar = new CalendarPanel(solver, () => Math.max(1, Math.min(64, Math.floor(Number(($('workers') as HTMLInputElement).value) || navigator.hardwareConcurrency || 1))));

interface State {
  puzzle: Puzzle;
  /** The catalog entry it came from, unchanged (links then name it). */
  catalogName: string | undefined;
  solutions: Solution[];
  /** Solutions of the last run in all (more than `solutions` when only a count or the first ones were kept). */
  total: number;
  index: number;
  run: RunningSolve | undefined;
  /** Each solution's disassembly, once the solver has taken it apart (by the solution's index). */
  apart: (SolutionDisassembly | undefined)[];
  /** Show only the solutions that come apart. */
  onlyApart: boolean;
}

const state: State = { puzzle: catalogPuzzle(DEFAULT_PUZZLE), catalogName: DEFAULT_PUZZLE, solutions: [], total: 0, index: 0, run: undefined, apart: [], onlyApart: false };

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
    `${formatCount(puzzle.board.length)} cells on a ${grid.name} grid · ${puzzle.pieces.length} piece${puzzle.pieces.length === 1 ? '' : 's'}` +
    (copies !== puzzle.pieces.length ? ` (${copies} copies)` : '') +
    ` covering ${minCells === maxCells ? formatCount(maxCells) : `${formatCount(minCells)} to ${formatCount(maxCells)}`} cells` +
    (puzzle.placed?.length ? ` · ${puzzle.placed.length} placed` : '') +
    knownText(puzzle);
  info.append(title, facts);
  if (puzzle.description) {
    const d = document.createElement('p');
    d.className = 'description';
    d.textContent = puzzle.description;
    info.append(d);
  }
}

/** " · known: 9,356 solutions, 2,339 unique", " · known: 1 solution", " · known: 2,567,183 unique solutions", or nothing. */
function knownText(puzzle: Puzzle): string {
  const plural = (n: number, what: string): string => `${formatCount(n)} ${what}${n === 1 ? '' : 's'}`;
  const { total, unique } = puzzle.known ?? {};
  if (total !== undefined) return ` · known: ${plural(total, 'solution')}${unique !== undefined ? `, ${formatCount(unique)} unique` : ''}`;
  if (unique !== undefined) return ` · known: ${plural(unique, 'unique solution')}`;
  return '';
}

function setPuzzle(puzzle: Puzzle, catalogName: string | undefined, options: { toEditor?: boolean } = {}): void {
  cancelRun();
  stopWatching();
  state.puzzle = puzzle;
  state.catalogName = catalogName;
  state.solutions = [];
  state.total = 0;
  state.index = 0;
  resetDisassemblies();
  $('only-apart-label').hidden = !canTakeApart(puzzle);
  // printable pieces: 3-D, on a grid whose cells are solids (the options are checked when asked)
  $('stl-export').hidden = stlProblem(puzzle, { gap: 0, bevel: 0 }) !== undefined;
  $('stl-status').textContent = '';
  ($('catalog') as HTMLSelectElement).value = catalogName ?? '';
  $('problem-choice').hidden = true;
  describePuzzle(puzzle);
  // what was said of the last file or link is about another puzzle now
  $('share-status').textContent = '';
  $('share-status').classList.remove('error');
  calendar.setPuzzle(puzzle);
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
    if (!/\.(ya?ml|xmpuzzle)$/i.test(file.name)) throw new Error(`${file.name}: not a puzzle file (snug opens .yaml, .yml and BurrTools .xmpuzzle files)`);
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
    // the file field shows the puzzle that is open, not the file that was refused
    ($('file') as HTMLInputElement).value = '';
  }
}

// ---- solving ----------------------------------------------------------------------------------------

function findMode(): FindMode {
  return (document.querySelector('input[name=mode]:checked') as HTMLInputElement).value as FindMode;
}

function setRunning(running: boolean): void {
  const solveButton = $('solve-button') as HTMLButtonElement;
  const cancelButton = $('cancel-button') as HTMLButtonElement;
  // a disabled button loses the focus to the page: it goes to the button beside it instead
  const onButtons = document.activeElement === solveButton || document.activeElement === cancelButton;
  solveButton.disabled = running;
  cancelButton.disabled = !running;
  if (onButtons) (running ? cancelButton : solveButton).focus();
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
  const workers = Math.max(1, Math.min(maxWorkers(), Math.floor(Number(($('workers') as HTMLInputElement).value) || navigator.hardwareConcurrency || 1)));
  state.solutions = [];
  state.total = 0;
  state.index = 0;
  resetDisassemblies();
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
      if (first && !filtering()) showSolution();
      else updateBrowser();
      if (filtering()) checkSolutions();
    },
    onProgress(p) {
      if (state.run !== run) return;
      progressBar.value = Math.round(p.fraction * 1000);
      const f = barFields(p, what, eta.update(p));
      progressText.textContent = `${f.stage} · ${f.solutions} · ${f.speed} · ${f.elapsed} elapsed · ${f.left}`;
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
    if (state.solutions.length > 0 && state.index === 0 && !filtering()) showSolution();
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
/** Draws the pictures of large boards off the page's thread. */
const pictures = new PictureClient();

function is3d(puzzle: Puzzle): boolean {
  const grid = puzzleGrid(puzzle);
  return grid.dims === 3 && grid.scene !== undefined;
}

/** Whether the open puzzle's solutions can be taken apart (3-D, drawn in 3-D, a grid with motions). */
function canTakeApart(puzzle: Puzzle): boolean {
  return is3d(puzzle) && disassemblyProblem(puzzle) === undefined;
}

/** True when the browser lists only the solutions that come apart. */
function filtering(): boolean {
  return state.onlyApart && canTakeApart(state.puzzle);
}

/** The solutions the browser steps through: all, or those that come apart. */
function listed(): number[] {
  const all = state.solutions.map((_, i) => i);
  return filtering() ? all.filter((i) => state.apart[i]?.outcome === 'apart') : all;
}

function updateBrowser(): void {
  const list = listed();
  const count = list.length;
  const index = $('solution-index') as HTMLInputElement;
  index.max = String(Math.max(1, count));
  const at = list.indexOf(state.index);
  index.value = String(count === 0 || at < 0 ? 0 : at + 1);
  const more = state.total > state.solutions.length ? ` (${formatCount(state.total)} found)` : '';
  $('solution-count').textContent = filtering()
    ? `of ${formatCount(count)} that come apart`
    : count === 0 && state.total > 0
      ? `none kept to look at: a count of ${formatCount(state.total)} solution${state.total === 1 ? '' : 's'}`
      : `of ${formatCount(count)}${more}`;
  // nothing to step through: the buttons and the number say so
  for (const id of ['first-solution', 'previous-solution', 'next-solution', 'last-solution', 'solution-index']) ($(id) as HTMLButtonElement).disabled = count === 0;
  updateApartCount();
}

/** "594 of the 615 solutions found come apart", or how far the check has got. */
function updateApartCount(): void {
  const out = $('apart-count');
  if (!filtering()) {
    out.textContent = '';
    return;
  }
  const found = state.solutions.length;
  let checked = 0;
  let apart = 0;
  let undecided = 0;
  for (let i = 0; i < found; i++) {
    const d = state.apart[i];
    if (!d) continue;
    checked++;
    if (d.outcome === 'apart') apart++;
    else if (d.outcome === 'unknown') undecided++;
  }
  out.dataset.apart = String(apart);
  out.dataset.checked = String(checked);
  out.dataset.found = String(found);
  if (found === 0) {
    out.textContent = state.total > 0 ? '(a count only: no solutions were kept to take apart)' : '';
    return;
  }
  const what = found === 1 ? 'solution found' : `${formatCount(found)} solutions found`;
  out.textContent =
    checked < found
      ? `taking them apart: ${formatCount(checked)} of ${formatCount(found)} done, ${formatCount(apart)} come apart so far`
      : `${formatCount(apart)} of the ${what} come${apart === 1 ? 's' : ''} apart${undecided > 0 ? ` (${formatCount(undecided)} undecided)` : ''}`;
}

function showSolution(): void {
  if (filtering() && !listed().includes(state.index)) state.index = listed()[0] ?? state.index;
  updateBrowser();
  const container = $('solution-view');
  const hidden = filtering() && !listed().includes(state.index);
  const solution: Solution = (!hidden ? state.solutions[state.index] : undefined) ?? { placements: state.puzzle.placed?.map((p) => ({ ...p, given: true })) ?? [] };
  const shownIndex = !hidden && state.solutions[state.index] ? state.index : undefined;
  const threeD = is3d(state.puzzle);
  $('view3d-controls').hidden = !threeD;
  // where solutions can be taken apart, "Put together" plays a real assembly: the drop in the
  // bottom-up order (which no one has checked can be done) is not offered; elsewhere it shows once the
  // 3-D view (loaded on first use) has the solution, so that a click on it always plays
  $('play-assembly').hidden = true;
  showApart(undefined);
  showPiecesStrip(shownIndex === undefined);
  container.classList.toggle('three-d', threeD);
  const request = ++pictureRequest;
  if (threeD) {
    void (view3dModule ??= import('./view3d.js')).then(({ SolutionView3d }) => {
      if (request !== pictureRequest) return;
      if (!view3d) {
        container.replaceChildren();
        try {
          view3d = new SolutionView3d(container, { grid: puzzleGrid(state.puzzle) });
          view3d.onStepsShown = (k) => { ($('step') as HTMLInputElement).value = String(k); };
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
      $('play-assembly').hidden = canTakeApart(state.puzzle);
      view3d.setExplode(Number(($('explode') as HTMLInputElement).value));
      container.dataset.shown = String(request);
      if (shownIndex !== undefined && canTakeApart(state.puzzle)) takeApartShown(shownIndex, request);
    });
  } else {
    view3d?.dispose();
    view3d = undefined;
    const cells = state.puzzle.board.length + solution.placements.reduce((n, p) => n + p.cells.length, 0);
    if (cells <= DRAWN_OFF_PAGE_CELLS) {
      placePicture(container, renderSolutionSvg(state.puzzle, solution), request);
      return;
    }
    // a large board: drawn by the picture worker while the page goes on answering
    const drawing = document.createElement('p');
    drawing.className = 'drawing';
    drawing.textContent = `Drawing ${formatCount(cells)} cells…`;
    container.replaceChildren(drawing);
    pictures.draw(state.puzzle, solution).then(
      (svg) => {
        lastDrawn = { puzzle: state.puzzle, solution, svg };
        if (request === pictureRequest) placePicture(container, svg, request);
      },
      (error: Error) => {
        if (request !== pictureRequest || error.message === 'replaced') return;
        drawing.textContent = `The picture could not be drawn: ${error.message}`;
      },
    );
  }
}

/** The last large picture drawn by the worker, kept for the downloads. */
let lastDrawn: { puzzle: Puzzle; solution: Solution; svg: string } | undefined;

/** A solution's picture as SVG text for a download: a large board's from the worker (or the one shown). */
function pictureOf(solution: Solution): Promise<string> {
  const cells = state.puzzle.board.length + solution.placements.reduce((n, p) => n + p.cells.length, 0);
  if (cells <= DRAWN_OFF_PAGE_CELLS) return Promise.resolve(solutionSvg(state.puzzle, solution));
  if (lastDrawn?.puzzle === state.puzzle && lastDrawn.solution === solution) return Promise.resolve(lastDrawn.svg);
  return pictures.draw(state.puzzle, solution);
}

/** Puts a flat picture's SVG text on the page, sized to it, and marks the request shown. */
function placePicture(container: HTMLElement, svgText: string, request: number): void {
  container.innerHTML = svgText.replace(/^<\?xml[^>]*>\s*/, '');
  // drawn to the width of the page (the picture scales by its viewBox), at most twice its own size and
  // three quarters of the window's height: a narrow board is not lost in a wide box, a tiny one not blown up
  const svg = container.querySelector('svg');
  if (svg && !svg.hasAttribute('viewBox')) svg.setAttribute('viewBox', `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`);
  if (svg) fitPicture(svg);
  svg?.setAttribute('role', 'img');
  svg?.setAttribute('aria-label', `${state.puzzle.name}: ${state.solutions.length ? `solution ${state.index + 1}` : 'the board'}`);
  container.dataset.shown = String(request);
}

/** Sizes a flat picture: the page's width at most, twice its own size at most, 75% of the window's height at most. */
function fitPicture(svg: SVGSVGElement): void {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  if (!(width > 0 && height > 0)) return;
  const room = $('solution-view').clientWidth || width;
  const scale = Math.min(2, room / width, (0.75 * innerHeight) / height);
  svg.style.width = `${Math.floor(width * scale)}px`;
  svg.style.height = `${Math.floor(height * scale)}px`;
}

/** Before any solution: the puzzle's pieces drawn under the board, each in its colour, as a person lays them out. */
function showPiecesStrip(show: boolean): void {
  const strip = $('pieces-strip');
  strip.hidden = !show;
  if (!show || strip.dataset.puzzle === state.puzzle.name + state.puzzle.board.length && strip.childElementCount > 0) return;
  const grid = puzzleGrid(state.puzzle);
  const colours = pieceListColours(state.puzzle.pieces);
  const unit = trayUnit(grid, state.puzzle.pieces.map((p) => p.shape), 96, 18);
  strip.replaceChildren(...state.puzzle.pieces.map((piece, i) => {
    const figure = document.createElement('figure');
    figure.dataset.piece = piece.name;
    const caption = document.createElement('figcaption');
    caption.textContent = piece.count > 1 ? `${piece.name} ×${piece.count}` : piece.name;
    figure.append(pieceShapeSvg(grid, piece.shape, colours[i]!, unit), caption);
    return figure;
  }));
  strip.dataset.puzzle = state.puzzle.name + state.puzzle.board.length;
}

/** Shows the solution at `position` in the list the browser steps through. */
function goTo(position: number): void {
  const list = listed();
  if (list.length === 0) return;
  state.index = list[Math.max(0, Math.min(list.length - 1, position))]!;
  showSolution();
}

function position(): number {
  return Math.max(0, listed().indexOf(state.index));
}

// ---- taking solutions apart -------------------------------------------------------------------------

/** The request taking the shown solution apart, and the one checking every solution found (the filter). */
let shownCheck: { cancel(): void } | undefined;
const allChecks = new Set<{ cancel(): void }>();
/** Solutions asked for by the filter's check and not answered yet. */
const checking = new Set<number>();
/** The disassembly shown in the 3-D view, with the solution it belongs to. */
let shownPlan: { index: number; plan: DisassemblyPlan } | undefined;

function resetDisassemblies(): void {
  shownCheck?.cancel();
  shownCheck = undefined;
  for (const check of allChecks) check.cancel();
  allChecks.clear();
  checking.clear();
  state.apart = [];
  updateApartCount();
}

function recordDisassemblies(results: readonly Disassembled[]): void {
  for (const { index, disassembly } of results) {
    state.apart[index] = disassembly;
    checking.delete(index);
  }
}

/** Takes the shown solution apart (in the solver worker, unless it has been already), then offers its moves. */
function takeApartShown(index: number, request: number): void {
  const known = state.apart[index];
  if (known) {
    showApart(index, known);
    return;
  }
  $('apart').hidden = false;
  $('apart-status').textContent = 'Taking it apart…';
  $('apart-status').classList.remove('stuck');
  $('apart-buttons').hidden = true;
  $('apart-step').textContent = '';
  $('apart-step').hidden = true;
  shownCheck?.cancel();
  const puzzle = state.puzzle;
  const check = solver.disassemble(puzzle, [{ index, solution: state.solutions[index]! }], (results) => {
    if (state.puzzle !== puzzle) return;
    recordDisassemblies(results);
    updateApartCount();
  });
  shownCheck = check;
  void check.done.then(
    () => {
      if (shownCheck === check) shownCheck = undefined;
      if (request === pictureRequest && state.apart[index]) showApart(index, state.apart[index]);
    },
    (e: unknown) => {
      if (request !== pictureRequest) return;
      showError($('apart-status'), e);
    },
  );
}

/** The disassembly panel for the solution shown: its level and the controls to play it, or why there are none. */
function showApart(index: number | undefined, disassembly?: SolutionDisassembly): void {
  const panel = $('apart');
  const status = $('apart-status');
  status.classList.remove('error', 'stuck');
  shownPlan = undefined;
  if (index === undefined || !disassembly || !view3d) {
    panel.hidden = true;
    view3d?.setDisassembly(undefined);
    return;
  }
  panel.hidden = false;
  const solution = state.solutions[index]!;
  const plan = disassemblyPlan(solution.placements.length, disassembly);
  panel.dataset.outcome = disassembly.outcome;
  panel.dataset.level = (disassembly.level ?? []).join('.');
  panel.dataset.moves = String(disassembly.moves.length);
  if (!plan) {
    status.textContent = notApartText(disassembly, solution.placements.map((p) => p.piece));
    status.classList.add('stuck');
    $('apart-buttons').hidden = true;
    $('apart-step').textContent = '';
    $('apart-step').hidden = true;
    view3d.setDisassembly(undefined);
    return;
  }
  shownPlan = { index, plan };
  const n = plan.moves.length;
  status.textContent = n === 0 ? 'Nothing to take apart.' : `Comes apart: ${levelLabel(plan.level)}, ${n} move${n === 1 ? '' : 's'}.`;
  $('apart-buttons').hidden = n === 0;
  $('apart-step').hidden = n === 0;
  view3d.setDisassembly(plan);
  updateApartStep();
}

/** The step shown, in words; the buttons that make sense there. */
function updateApartStep(text?: string): void {
  if (!shownPlan || !view3d) return;
  const k = view3d.disassemblyStep;
  const n = shownPlan.plan.moves.length;
  const step = $('apart-step');
  step.textContent = text ?? stateText(shownPlan.plan, k);
  step.dataset.step = String(k);
  const playing = view3d.playingMoves;
  ($('apart-start') as HTMLButtonElement).disabled = k === 0 && !playing;
  ($('apart-previous') as HTMLButtonElement).disabled = k === 0 && !playing;
  ($('apart-next') as HTMLButtonElement).disabled = k === n && !playing;
  ($('apart-end') as HTMLButtonElement).disabled = k === n && !playing;
  $('apart-play').textContent = playing && playingTo === n ? 'Pause' : 'Take apart';
  $('apart-together').textContent = playing && playingTo === 0 ? 'Pause' : 'Put together';
}

let playingTo: number | undefined;
/** Counts the plays started: only the latest one's end is told. */
let plays = 0;

/** Plays the moves to state `to`; a second press of the same button pauses. */
function playApart(to: number): void {
  if (!view3d || !shownPlan) return;
  if (view3d.playingMoves && playingTo === to) {
    view3d.stopMoves();
    return;
  }
  const plan = shownPlan.plan;
  playingTo = to;
  // the disassembly is played on the whole, assembled solution
  ($('explode') as HTMLInputElement).value = '0';
  view3d.setExplode(0);
  ($('step') as HTMLInputElement).value = String(view3d.steps);
  const play = ++plays;
  const played = view3d.playMoves(to, (k, undone) => updateApartStep(moveText(plan, undone ? k : k - 1, undone)));
  updateApartStep($('apart-step').textContent ?? undefined);
  void played.then(() => {
    // a play stopped by a newer one leaves the newer one's target alone
    if (play !== plays) return;
    playingTo = undefined;
    updateApartStep($('apart-step').textContent ?? undefined);
  });
}

/** The filter's check: every solution found and not yet taken apart, to the solver worker. */
function checkSolutions(): void {
  if (!filtering()) return;
  const todo = state.solutions.map((solution, index) => ({ index, solution })).filter(({ index }) => !state.apart[index] && !checking.has(index));
  updateApartCount();
  if (todo.length === 0) return;
  for (const { index } of todo) checking.add(index);
  const puzzle = state.puzzle;
  const check = solver.disassemble(puzzle, todo, (results) => {
    if (state.puzzle !== puzzle) return;
    recordDisassemblies(results);
    updateBrowser();
    // the first solution that comes apart is shown as soon as it is found
    if (!listed().includes(state.index) && listed().length > 0) showSolution();
  });
  allChecks.add(check);
  void check.done.then(
    () => allChecks.delete(check),
    (e: unknown) => {
      allChecks.delete(check);
      if (state.puzzle === puzzle) showError($('apart-count'), e);
    },
  );
}

function setOnlyApart(on: boolean): void {
  state.onlyApart = on;
  if (on) checkSolutions();
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
      status.textContent = `It can be completed in ${ways}. Next: piece ${r.hint.piece} where its ghost is drawn (${r.hint.places} place${r.hint.places === 1 ? '' : 's'} left for it).`;
      status.dataset.hintPiece = r.hint.piece;
      status.dataset.hintCells = JSON.stringify(r.hint.cells);
      playBoard.highlight(r.hint.cells, 'hint', r.hint.piece);
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
  if (!watchBoard.drawn) return;
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
  // the editor says itself whether the puzzle is ready or what its problem is: said once, there
  $('edit-status').textContent = '';
  edited = 'puzzle' in result ? result.puzzle : undefined;
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
  if (tab === 'tab-play') {
    playBoard.setPuzzle(state.puzzle);
    ($('hint-button') as HTMLButtonElement).disabled = !playBoard.drawn;
  } else if (tab === 'tab-watch') {
    watchBoard.setPuzzle(state.puzzle);
    ($('watch-button') as HTMLButtonElement).disabled = !watchBoard.drawn;
  }
  else if (tab === 'tab-edit') editor.load(state.puzzle);
}

function wire(): void {
  const select = $('catalog') as HTMLSelectElement;
  const own = document.createElement('option');
  own.value = '';
  own.textContent = '(your own puzzle)';
  select.append(own, ...[...CATALOG].map(([name, text]) => Object.assign(document.createElement('option'), { value: name, textContent: catalogTitle(name, text) })));
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
  $('export-svg').addEventListener('click', () => {
    void pictureOf(current()).then((svg) => download(`${fileStem(state.puzzle)}.svg`, new Blob([svg], { type: 'image/svg+xml' })));
  });
  $('export-png').addEventListener('click', () => {
    const png = view3d ? canvasPng(view3d.snapshot()) : pictureOf(current()).then((svg) => svgToPng(svg));
    void png.then((blob) => download(`${fileStem(state.puzzle)}.png`, blob));
  });

  const saveStl = (which: 'pieces' | 'solution'): void => {
    const status = $('stl-status');
    const mm = (id: string): number => Number(($(id) as HTMLInputElement).value);
    const solution = which === 'solution' ? state.solutions[state.index] : undefined;
    status.classList.remove('error');
    if (which === 'solution' && !solution) {
      status.classList.add('error');
      status.textContent = 'No solution is shown yet: solve first.';
      return;
    }
    const made = stlZip(state.puzzle, solution, { cellSize: mm('stl-cell'), gap: mm('stl-gap'), bevel: mm('stl-bevel') });
    if ('problem' in made) {
      status.classList.add('error');
      status.textContent = `Cannot make the STL files: ${made.problem}.`;
      return;
    }
    const name = which === 'solution' ? `${fileStem(state.puzzle)}-solution-${state.index + 1}-stl.zip` : `${fileStem(state.puzzle)}-pieces-stl.zip`;
    download(name, made.blob);
    status.textContent = `${made.files} STL file${made.files === 1 ? '' : 's'} in ${name}.`;
  };
  $('export-stl-pieces').addEventListener('click', () => saveStl('pieces'));
  $('export-stl-solution').addEventListener('click', () => saveStl('solution'));

  ($('workers') as HTMLInputElement).value = String(navigator.hardwareConcurrency || 1);
  $('solve-button').addEventListener('click', () => void startSolve());
  // Cancel lets the run say where it stopped (the summary of a run cut short), then ends it
  $('cancel-button').addEventListener('click', () => state.run?.cancel());

  $('first-solution').addEventListener('click', () => goTo(0));
  $('previous-solution').addEventListener('click', () => goTo(position() - 1));
  $('next-solution').addEventListener('click', () => goTo(position() + 1));
  $('last-solution').addEventListener('click', () => goTo(listed().length - 1));
  $('solution-index').addEventListener('change', (e) => goTo(Number((e.target as HTMLInputElement).value) - 1));
  $('only-apart').addEventListener('change', (e) => setOnlyApart((e.target as HTMLInputElement).checked));
  // the explode, the piece slider and the dropping assembly start from the assembled solution
  const assembled = (): void => {
    if (view3d && view3d.disassemblyStep > 0) {
      view3d.setDisassemblyStep(0);
      updateApartStep();
    }
  };
  $('explode').addEventListener('input', (e) => {
    assembled();
    view3d?.setExplode(Number((e.target as HTMLInputElement).value));
  });
  $('step').addEventListener('input', (e) => {
    assembled();
    view3d?.setStep(Number((e.target as HTMLInputElement).value));
  });
  $('play-assembly').addEventListener('click', () => {
    assembled();
    void view3d?.playAssembly();
  });
  const moveTo = (k: (now: number, n: number) => number, animate: boolean): void => {
    if (!view3d || !shownPlan) return;
    const n = shownPlan.plan.moves.length;
    const to = Math.max(0, Math.min(n, k(view3d.disassemblyStep, n)));
    if (animate && Math.abs(to - view3d.disassemblyStep) === 1) {
      playApart(to);
      return;
    }
    view3d.setDisassemblyStep(to);
    updateApartStep();
  };
  $('apart-start').addEventListener('click', () => moveTo(() => 0, false));
  $('apart-previous').addEventListener('click', () => moveTo((k) => k - 1, true));
  $('apart-next').addEventListener('click', () => moveTo((k) => k + 1, true));
  $('apart-end').addEventListener('click', () => moveTo((_, n) => n, false));
  $('apart-play').addEventListener('click', () => {
    if (!view3d || !shownPlan) return;
    const n = shownPlan.plan.moves.length;
    // from the end, taking apart starts again from the assembled solution
    if (view3d.disassemblyStep === n && !view3d.playingMoves) view3d.setDisassemblyStep(0);
    playApart(n);
  });
  $('apart-together').addEventListener('click', () => {
    if (!view3d || !shownPlan) return;
    if (view3d.disassemblyStep === 0 && !view3d.playingMoves) view3d.setDisassemblyStep(shownPlan.plan.moves.length);
    playApart(0);
  });
  $('solution-view').addEventListener('keydown', (e) => {
    if ((e.target as HTMLElement).tagName === 'CANVAS') return;
    if (e.key === 'ArrowRight') goTo(position() + 1);
    if (e.key === 'ArrowLeft') goTo(position() - 1);
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
  // at most four workers a core: what the solver takes (a larger number is brought down to it, and said)
  const workersField = $('workers') as HTMLInputElement;
  workersField.max = String(maxWorkers());
  workersField.addEventListener('change', () => {
    const n = Math.floor(Number(workersField.value));
    const note = $('workers-note');
    note.textContent = '';
    if (!(n >= 1)) workersField.value = '1';
    else if (n > maxWorkers()) {
      workersField.value = String(maxWorkers());
      note.textContent = `at most ${maxWorkers()} on this device (four a core)`;
    }
  });
}

/** A catalog entry's title as its file gives it (the `name:` line), else its file name. */
function catalogTitle(name: string, text: string): string {
  const title = /^name:\s*(.+?)\s*$/m.exec(text)?.[1]?.replace(/^(['"])(.*)\1$/, '$2');
  return title || name;
}

/**
 * Opens the puzzle of the address's fragment. A fragment that names no puzzle (or a damaged one) leaves the
 * open puzzle, or the default one on the first load, and says why; one naming an element of the page (the
 * skip link's #results) is no puzzle link.
 */
function loadFragment(first = false): void {
  const hash = location.hash;
  let problem: string | undefined;
  try {
    const found = puzzleOfFragment(hash);
    if (found) {
      setPuzzle(found.puzzle, found.catalogName);
      return;
    }
    let id: string | undefined;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      // (a lone % or a broken escape: not even an element's name)
    }
    if (hash.length > 1 && (id === undefined || !document.getElementById(id))) problem = 'the link names no puzzle (it has neither #catalog= nor #puzzle=)';
  } catch (e) {
    problem = e instanceof PuzzleError ? `the puzzle in the link: ${e.line !== undefined ? `line ${e.line} of its YAML: ` : ''}${e.problem}` : e instanceof Error ? e.message : String(e);
  }
  if (first) setPuzzle(state.puzzle, DEFAULT_PUZZLE);
  if (problem === undefined) return;
  const status = $('share-status');
  status.textContent = `${problem[0]!.toUpperCase()}${problem.slice(1)}. ${first ? `Showing ${state.puzzle.name} instead.` : 'The puzzle open stays.'}`;
  status.classList.add('error');
}

wire();
loadFragment(true);
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
    playPieces: () => playBoard.pieces(),
    disassembly: (): SolutionDisassembly | undefined => state.apart[state.index],
    disassemblies: (): (SolutionDisassembly | null)[] => state.solutions.map((_, i) => state.apart[i] ?? null),
  },
});
document.body.dataset.ready = 'true';
