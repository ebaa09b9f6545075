/**
 * The calendar of a puzzle whose file names the cells of months and days (`labels:`, as A-Puzzle-A-Day's
 * does): a date picker, today's date at first, that counts the solutions of the date picked, and the
 * table of every date, as `snug sweep PUZZLE --over dates` prints and draws it. Both are the library's: the
 * date's puzzle from sweep-variants.ts, the table from sweepAsync, each variant counted by the solver
 * worker's solveAsync (on its workers), the chart and text from render/sweep-table.ts.
 */
import type { SweepVariant } from '../analysis/sweep.js';
import { dateName, dateVariant, hasDateLabels, sweepAsync, sweepVariants } from '../analysis/sweep.js';
import type { Puzzle } from '../puzzle/model.js';
import { formatCount } from '../render/report.js';
import { sweepChartSvg, sweepText } from '../render/sweep-table.js';
import type { RunningSolve, SolverClient } from './solver-client.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

/** A date input's value for a day: "2026-11-26" (the browser's own calendar, in its time zone). */
function inputValue(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export class CalendarPanel {
  private puzzle: Puzzle | undefined;
  private running: RunningSolve | undefined;
  /** Bumped by each new request: answers to older ones are dropped. */
  private generation = 0;
  private sweepStop: AbortController | undefined;

  constructor(
    private readonly solver: SolverClient,
    /** The workers the page's field asks for. */
    private readonly workers: () => number,
  ) {
    const input = $<HTMLInputElement>('calendar-date');
    input.value = inputValue(new Date());
    input.addEventListener('change', () => this.countDate());
    $('calendar-table-button').addEventListener('click', () => void this.countYear());
  }

  /** Shows the calendar for a puzzle with dates, hides it for any other (and stops what it was counting). */
  setPuzzle(puzzle: Puzzle): void {
    this.stop();
    const dates = hasDateLabels(puzzle);
    this.puzzle = dates ? puzzle : undefined;
    $('calendar').hidden = !dates;
    $('calendar-table').replaceChildren();
    $('calendar-table-status').textContent = '';
    $('calendar-count').textContent = '';
    if (dates) this.countDate();
  }

  private stop(): void {
    this.generation++;
    this.running?.cancel();
    this.running = undefined;
    this.sweepStop?.abort();
    this.sweepStop = undefined;
  }

  /** Counts the solutions of the date picked. */
  private countDate(): void {
    const puzzle = this.puzzle;
    if (!puzzle) return;
    this.running?.cancel();
    const generation = ++this.generation;
    const out = $('calendar-count');
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec($<HTMLInputElement>('calendar-date').value);
    if (!m) {
      out.textContent = 'Pick a date.';
      return;
    }
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const variant = dateVariant(puzzle, month, day, year);
    if (!variant) {
      out.textContent = `${dateName(month, day)}: no such date on this board.`;
      return;
    }
    out.textContent = `${dateName(month, day)}: counting…`;
    const run = this.solver.solve(variant.puzzle, { mode: 'count', unique: false, workers: this.workers() }, { onSolutions: () => {}, onProgress: () => {} });
    this.running = run;
    run.done.then(
      (summary) => {
        if (generation !== this.generation) return;
        const n = summary.solutions;
        out.textContent = `${dateName(month, day)}: ${formatCount(n)} solution${n === 1 ? '' : 's'}${summary.complete ? '' : ' at least (cut short)'}${summary.impossible ? ` (${summary.impossible})` : ''}.`;
      },
      (e: unknown) => {
        if (generation !== this.generation) return;
        out.textContent = `${dateName(month, day)}: ${e instanceof Error ? e.message : String(e)}`;
      },
    );
  }

  /** Counts every date, as `snug sweep --over dates` does, and shows its calendar and table. */
  private async countYear(): Promise<void> {
    const puzzle = this.puzzle;
    if (!puzzle) return;
    this.sweepStop?.abort();
    const stop = new AbortController();
    this.sweepStop = stop;
    const status = $('calendar-table-status');
    const variants: SweepVariant[] = sweepVariants(puzzle, { kind: 'dates', year: new Date().getFullYear() });
    status.textContent = `counting ${variants.length} dates…`;
    try {
      const result = await sweepAsync(variants, {
        signal: stop.signal,
        onRow: (_row, variant) => {
          status.textContent = `counting ${variants.length} dates… ${variant.date ? dateName(variant.date.month, variant.date.day) : variant.key} done`;
        },
        // each date in the solver worker, by its solveAsync
        count: async (variantPuzzle) => {
          const run = this.solver.solve(variantPuzzle, { mode: 'count', unique: false, workers: this.workers() }, { onSolutions: () => {}, onProgress: () => {} });
          const onAbort = (): void => run.cancel();
          stop.signal.addEventListener('abort', onAbort);
          try {
            const s = await run.done;
            return { solutions: s.solutions, complete: s.complete, nodes: s.nodes, ...(s.impossible ? { impossible: s.impossible } : {}), ...(s.interrupted ? { interrupted: true } : {}) };
          } finally {
            stop.signal.removeEventListener('abort', onAbort);
          }
        },
      });
      if (stop.signal.aborted) return;
      const table = { puzzle: puzzle.name, over: 'dates', variants, result };
      const chart = document.createElement('div');
      chart.className = 'calendar-chart';
      chart.innerHTML = sweepChartSvg(table);
      const text = document.createElement('pre');
      text.className = 'calendar-text';
      text.dataset.testid = 'calendar-text';
      text.textContent = sweepText(table);
      // the table, a row per date (as the command line prints it), folded under the chart
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = 'The table: a row per date';
      details.append(summary, text);
      $('calendar-table').replaceChildren(chart, details);
      const total = result.rows.reduce((n, r) => n + r.solutions, 0);
      status.textContent = `${formatCount(total)} solutions in all over ${result.rows.length} dates.`;
    } catch (e) {
      if (!stop.signal.aborted) status.textContent = e instanceof Error ? e.message : String(e);
    }
  }
}
