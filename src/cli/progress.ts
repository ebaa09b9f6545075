import type cliProgress from 'cli-progress';
import type { Progress } from '../runs/progress.js';
import { SettledEta, barFields } from '../render/progress-fields.js';

export type ProgressMode = 'bar' | 'json' | 'none';

/** Runs shorter than this show no bar: it would only flicker. */
const BAR_AFTER_MS = 1000;

export interface ProgressReporter {
  update(progress: Progress): void;
  /** Takes the bar down (before the results are printed). */
  stop(): void;
}

/**
 * The progress of a long run on stderr: a bar on a terminal (fraction of the search tree done, solutions,
 * speed, elapsed time and time left), or one JSON object per line for other programs.
 */
export function progressReporter(mode: ProgressMode, options: { unique?: boolean; stream?: NodeJS.WriteStream } = {}): ProgressReporter {
  const stream = options.stream ?? process.stderr;
  const what = options.unique ? 'unique solution' : 'solution';
  const eta = new SettledEta();
  if (mode === 'json') {
    return {
      update: (p) => stream.write(`${JSON.stringify({ type: 'progress', ...p, fraction: Math.round(p.fraction * 1e6) / 1e6, ...(p.planned !== undefined ? { planned: Math.round(p.planned * 1e6) / 1e6 } : {}) })}\n`),
      stop: () => {},
    };
  }
  if (mode === 'none') return { update: () => {}, stop: () => {} };
  // The bar's library loads in the background once a run has lasted half a second: quick runs never load it.
  let library: typeof cliProgress | undefined;
  let loading = false;
  let bar: cliProgress.SingleBar | undefined;
  return {
    update(p) {
      const left = eta.update(p);
      if (!loading && p.elapsedMs >= BAR_AFTER_MS / 2 && p.fraction < 1) {
        loading = true;
        void import('cli-progress').then((m) => { library = m.default; });
      }
      if (!bar) {
        if (p.elapsedMs < BAR_AFTER_MS || p.fraction >= 1 || !library) return;
        bar = new library.SingleBar(
          {
            stream,
            format: '{bar} {stage} | {solutions} | {speed} | {elapsed} elapsed | {left}',
            hideCursor: true,
            clearOnComplete: true,
            barsize: 30,
            fps: 5,
          },
          library.Presets.shades_classic,
        );
        bar.start(1000, 0, barFields(p, what, left));
      }
      bar.update(Math.floor(p.fraction * 1000), barFields(p, what, left));
      // a search on this thread gives timers no turn: draw now
      bar.render();
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
