import type cliProgress from 'cli-progress';
import type { Progress } from '../runs/progress.js';
import { formatCount, formatDuration } from './format.js';

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
export function progressReporter(mode: ProgressMode, stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  if (mode === 'json') {
    return {
      update: (p) => stream.write(`${JSON.stringify({ type: 'progress', ...p, fraction: Math.round(p.fraction * 1e6) / 1e6 })}\n`),
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
      if (!loading && p.elapsedMs >= BAR_AFTER_MS / 2 && p.fraction < 1) {
        loading = true;
        void import('cli-progress').then((m) => { library = m.default; });
      }
      if (!bar) {
        if (p.elapsedMs < BAR_AFTER_MS || p.fraction >= 1 || !library) return;
        bar = new library.SingleBar(
          {
            stream,
            format: '{bar} {percentage}% | {solutions} | {speed} | {elapsed} elapsed | {left}',
            hideCursor: true,
            clearOnComplete: true,
            barsize: 30,
            fps: 5,
          },
          library.Presets.shades_classic,
        );
        bar.start(1000, 0, payload(p));
      }
      bar.update(Math.floor(p.fraction * 1000), payload(p));
      // a search on this thread gives timers no turn: draw now
      bar.render();
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

function payload(p: Progress): Record<string, string> {
  return {
    solutions: `${formatCount(p.solutions)} solution${p.solutions === 1 ? '' : 's'}`,
    speed: `${formatRate(p.nodesPerSecond)} nodes/s`,
    elapsed: formatDuration(p.elapsedMs),
    left: p.etaMs === undefined ? 'ETA …' : `ETA ${formatDuration(p.etaMs)}`,
  };
}

function formatRate(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)} k`;
  return n.toFixed(0);
}
