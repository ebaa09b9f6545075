/**
 * What a progress bar shows of a long run, in words: solutions, speed, time elapsed and left (with an ETA
 * shown only once it has settled). The command line's bar (cli/progress.ts) and the web app's draw these.
 */
import type { Progress } from '../runs/progress.js';
import { formatCount, formatDuration } from './report.js';

/** The fields of the bar: `what` is "solution" or "unique solution"; etaMs is the settled ETA, if any. */
export function barFields(p: Progress, what: string, etaMs: number | undefined): Record<string, string> {
  return {
    // what the run is doing: cutting the tree into subproblems (how far), or searching (the share done)
    stage: p.planned !== undefined ? `planning ${Math.floor(p.planned * 100)}%` : `${Math.floor(p.fraction * 100)}%`,
    solutions: `${formatCount(p.solutions)} ${what}${p.solutions === 1 ? '' : 's'}`,
    speed: `${formatRate(p.nodesPerSecond)} nodes/s`,
    elapsed: formatDuration(p.elapsedMs),
    left: etaMs === undefined ? 'ETA …' : etaMs < 1000 ? 'ETA < 1 s' : `ETA ${formatDuration(etaMs)}`,
  };
}

/** At least this fraction of the work is done before an ETA is shown. */
export const SETTLE_FRACTION = 0.02;
/** Over this stretch of the run before it, the ETA must have held steady. */
export const SETTLE_WINDOW_MS = 3000;
/** ... meaning that the run's predicted whole time (elapsed + ETA) varied by no more than this factor. */
export const SETTLE_SPREAD = 1.25;

/**
 * The ETA the bar shows: none ("ETA …") until it has settled, then the run's own. Early on an ETA rests on
 * Monte-Carlo estimates of the subtrees' sizes, corrected only as subproblems finish, and on a speed
 * measured over a moment, so the first ones can be many times off (hours for a run of minutes). The ETA
 * has settled once SETTLE_FRACTION of the work is done and, over the last SETTLE_WINDOW_MS at least (with
 * three reports or more), every report had an ETA and the predicted whole time, elapsed + ETA, stayed
 * within a factor SETTLE_SPREAD. Once settled it stays shown, as the run's ETA of the moment.
 */
export class SettledEta {
  private readonly recent: { elapsedMs: number; totalMs: number | undefined }[] = [];
  private settled = false;

  update(p: Progress): number | undefined {
    if (p.fraction >= 1) return p.etaMs;
    if (this.settled) return p.etaMs;
    this.recent.push({ elapsedMs: p.elapsedMs, totalMs: p.etaMs === undefined ? undefined : p.elapsedMs + p.etaMs });
    // keep the reports of the window, and the one before it, which shows the window is covered
    while (this.recent.length > 3 && this.recent[1]!.elapsedMs <= p.elapsedMs - SETTLE_WINDOW_MS) this.recent.shift();
    const covered = this.recent.length >= 3 && this.recent[0]!.elapsedMs <= p.elapsedMs - SETTLE_WINDOW_MS;
    if (!covered || p.fraction < SETTLE_FRACTION || p.etaMs === undefined) return undefined;
    const totals = this.recent.map((r) => r.totalMs);
    if (totals.some((t) => t === undefined || t <= 0)) return undefined;
    const spread = Math.max(...(totals as number[])) / Math.min(...(totals as number[]));
    this.settled = spread <= SETTLE_SPREAD;
    return this.settled ? p.etaMs : undefined;
  }
}

export function formatRate(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)} k`;
  return n.toFixed(0);
}
