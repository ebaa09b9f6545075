/**
 * Development page of the 3-D view (view3d.html): real catalog solutions from the fixtures (written by
 * make-fixtures.mjs), with an explode slider, a step slider, the assembly animation and a PNG export.
 * `window.view3dDev` lets a browser test read the canvas (see colourCensus). Besides the fixtures, a grid
 * with only solids to be drawn with (test-support/half-cubes.ts) is registered and one of its puzzles solved
 * here, with and without a frame, and `takeApart` plays a solution's disassembly.
 */
import type { Puzzle, Solution } from '../../puzzle/model.js';
import { placementColours } from '../../render/piece-colours.js';
import { SolutionView3d } from '../view3d.js';
import { gridOf } from '../../geometry/grids/index.js';
import { parsePuzzle } from '../../puzzle/format.js';
import { solve } from '../../search/solve.js';
import { disassembleSolution } from '../../disassembly/solution.js';
import { HALF_CUBE_PUZZLE, registerHalfCubes } from '../../test-support/half-cubes.js';
import { disassemblyPlan } from '../disassembly-model.js';

interface Fixture {
  readonly puzzle: Puzzle;
  readonly solution: Solution;
}

const fixtures = import.meta.glob<Fixture>('./fixtures/*.json', { eager: true, import: 'default' });
const byName = new Map(Object.entries(fixtures).map(([path, f]) => [path.replace(/^.*\/|\.json$/g, ''), f]));
registerHalfCubes();
for (const [name, text] of [['half-cubes', HALF_CUBE_PUZZLE], ['half-cubes-frame', `${HALF_CUBE_PUZZLE}frame: open-top\n`]] as const) {
  const puzzle = parsePuzzle(text, `${name}.yaml`);
  byName.set(name, { puzzle, solution: solve(puzzle, { limit: 1 }).found[0]! });
}

const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const select = element<HTMLSelectElement>('puzzle');
const explode = element<HTMLInputElement>('explode');
const step = element<HTMLInputElement>('step');
const stepOut = element<HTMLOutputElement>('step-out');
const play = element<HTMLButtonElement>('play');
const png = element<HTMLButtonElement>('png');

const view = new SolutionView3d(element('view'), { grid: gridOf(undefined, 3) });

for (const name of byName.keys()) select.append(new Option(name, name));

let shown: Fixture | undefined;

function showFixture(name: string): void {
  const fixture = byName.get(name);
  if (!fixture) return;
  shown = fixture;
  select.value = name;
  view.show(fixture.puzzle, fixture.solution);
  step.max = String(view.steps);
  step.value = String(view.steps);
  stepOut.value = `${view.steps}/${view.steps}`;
  view.setExplode(Number(explode.value));
}

select.addEventListener('change', () => showFixture(select.value));
explode.addEventListener('input', () => view.setExplode(Number(explode.value)));
step.addEventListener('input', () => {
  view.setStep(Number(step.value));
  stepOut.value = `${step.value}/${view.steps}`;
});
let playing = false;
play.addEventListener('click', () => {
  if (playing) {
    view.stopAssembly();
    return;
  }
  playing = true;
  play.textContent = 'Stop';
  void view.playAssembly().then(() => {
    playing = false;
    play.textContent = 'Play assembly';
  });
});
png.addEventListener('click', () => {
  const link = document.createElement('a');
  link.download = `${select.value}-3d.png`;
  link.href = view.snapshot().toDataURL('image/png');
  link.click();
});

/** The canvas as pixels, drawn afresh (snapshot) and copied through a 2-D canvas. */
function canvasPixels(): Uint8ClampedArray {
  const canvas = view.snapshot();
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d')!;
  context.drawImage(canvas, 0, 0);
  return context.getImageData(0, 0, copy.width, copy.height).data;
}

const near = (data: Uint8ClampedArray, i: number, rgb: readonly number[], tolerance: number): boolean =>
  Math.abs(data[i]! - rgb[0]!) + Math.abs(data[i + 1]! - rgb[1]!) + Math.abs(data[i + 2]! - rgb[2]!) <= tolerance;

/**
 * What the canvas shows: how many pixels differ from the background (the corner pixel), how many distinct
 * colours (each channel in steps of 32) cover at least `minShare` of those, and how many of the shown
 * solution's piece colours (render/piece-colours.ts) appear as such on at least 20 pixels: top faces are lit
 * to their full colour, so every piece whose top can be seen counts.
 */
function colourCensus(minShare = 0.005): { drawn: number; total: number; colours: number; pieceColoursSeen: number; pieces: number } {
  const data = canvasPixels();
  const background = [data[0]!, data[1]!, data[2]!];
  const counts = new Map<number, number>();
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (near(data, i, background, 12)) continue;
    drawn += 1;
    const bucket = ((data[i]! >> 5) << 6) | ((data[i + 1]! >> 5) << 3) | (data[i + 2]! >> 5);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const colours = [...counts.values()].filter((n) => n >= drawn * minShare).length;
  const hexes = shown ? [...new Set(placementColours(shown.puzzle, shown.solution.placements).map((c) => c.hex))] : [];
  const pieceColoursSeen = hexes.filter((hex) => {
    const rgb = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    let hits = 0;
    for (let i = 0; i < data.length && hits < 20; i += 4) if (near(data, i, rgb, 24)) hits += 1;
    return hits >= 20;
  }).length;
  return { drawn, total: data.length / 4, colours, pieceColoursSeen, pieces: hexes.length };
}

/** Takes the shown solution apart and shows the state after k of its moves; the number of moves. */
function takeApart(k: number): number {
  if (!shown) return 0;
  const plan = disassemblyPlan(shown.solution.placements.length, disassembleSolution(shown.puzzle, shown.solution));
  view.setDisassembly(plan);
  view.setDisassemblyStep(k);
  return plan?.moves.length ?? 0;
}

(window as unknown as { view3dDev: unknown }).view3dDev = { view, showFixture, colourCensus, takeApart };

const first = new URLSearchParams(location.search).get('puzzle') ?? 'soma';
select.value = byName.has(first) ? first : [...byName.keys()][0]!;
showFixture(select.value);
