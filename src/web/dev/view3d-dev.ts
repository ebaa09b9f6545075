/**
 * Development page of the 3-D view (view3d.html): real catalog solutions from the fixtures (written by
 * make-fixtures.mjs), with an explode slider, a step slider, the assembly animation and a PNG export.
 * `window.view3dDev` lets a browser test read the canvas (see colourCensus).
 */
import type { Puzzle, Solution } from '../../puzzle/model.js';
import { SolutionView3d } from '../view3d.js';

interface Fixture {
  readonly puzzle: Puzzle;
  readonly solution: Solution;
}

const fixtures = import.meta.glob<Fixture>('./fixtures/*.json', { eager: true, import: 'default' });
const byName = new Map(Object.entries(fixtures).map(([path, f]) => [path.replace(/^.*\/|\.json$/g, ''), f]));

const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const select = element<HTMLSelectElement>('puzzle');
const explode = element<HTMLInputElement>('explode');
const step = element<HTMLInputElement>('step');
const stepOut = element<HTMLOutputElement>('step-out');
const play = element<HTMLButtonElement>('play');
const png = element<HTMLButtonElement>('png');

const view = new SolutionView3d(element('view'), { grid: 'cube' });

for (const name of byName.keys()) select.append(new Option(name, name));

function showFixture(name: string): void {
  const fixture = byName.get(name);
  if (!fixture) return;
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

/**
 * What the canvas shows: how many pixels differ from the background (the corner pixel), and how many
 * distinct colours (each channel in steps of 32) cover at least `minShare` of those pixels.
 */
function colourCensus(minShare = 0.005): { drawn: number; total: number; colours: number } {
  const canvas = view.snapshot();
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d')!;
  context.drawImage(canvas, 0, 0);
  const { data } = context.getImageData(0, 0, copy.width, copy.height);
  const background = [data[0], data[1], data[2]];
  const counts = new Map<number, number>();
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i]! - background[0]!) + Math.abs(data[i + 1]! - background[1]!) + Math.abs(data[i + 2]! - background[2]!) < 12) continue;
    drawn += 1;
    const bucket = ((data[i]! >> 5) << 6) | ((data[i + 1]! >> 5) << 3) | (data[i + 2]! >> 5);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const colours = [...counts.values()].filter((n) => n >= drawn * minShare).length;
  return { drawn, total: data.length / 4, colours };
}

(window as unknown as { view3dDev: unknown }).view3dDev = { view, showFixture, colourCensus };

const first = new URLSearchParams(location.search).get('puzzle') ?? 'soma';
select.value = byName.has(first) ? first : [...byName.keys()][0]!;
showFixture(select.value);
