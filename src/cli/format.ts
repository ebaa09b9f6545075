import type { Solution } from '../puzzle/model.js';
import type { SolveStats } from '../search/solve.js';

/** Cells as JSON wants them: [x, y] in 2-D, [x, y, z] in 3-D. */
export function solutionJson(solution: Solution, dims: 2 | 3): { placements: { piece: string; cells: number[][] }[] } {
  return {
    placements: solution.placements.map((p) => ({
      piece: p.piece,
      cells: p.cells.map((c) => (dims === 2 ? [c[0], c[1]] : [c[0], c[1], c[2]])),
    })),
  };
}

export function statsJson(stats: Pick<SolveStats, 'puzzle' | 'solutions' | 'complete' | 'unique' | 'symmetries' | 'engine' | 'nodes' | 'updates' | 'elapsedMs' | 'impossible'>): Record<string, unknown> {
  return {
    puzzle: stats.puzzle,
    solutions: stats.solutions,
    complete: stats.complete,
    unique: stats.unique,
    symmetries: stats.symmetries,
    engine: stats.engine,
    nodes: stats.nodes,
    updates: stats.updates,
    elapsedMs: Math.round(stats.elapsedMs * 1000) / 1000,
    ...(stats.impossible ? { impossible: stats.impossible } : {}),
  };
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(2)} s`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${s % 60} s`;
}

/** One line a person reads after a run. */
export function summaryLine(stats: SolveStats, limit: number | undefined): string {
  const what = stats.unique ? 'unique solution' : 'solution';
  const count = `${formatCount(stats.solutions)} ${what}${stats.solutions === 1 ? '' : 's'}`;
  let status: string;
  if (stats.impossible) status = `no solution can exist: ${stats.impossible}`;
  else if (stats.complete) status = stats.solutions === 0 ? 'the search is complete: there is no solution' : 'all of them (search complete)';
  else if (limit !== undefined && stats.solutions >= limit) status = `stopped at the limit of ${formatCount(limit)}`;
  else status = 'search stopped before the end';
  return `${count}, ${status} · ${formatCount(stats.nodes)} nodes · ${formatDuration(stats.elapsedMs)} · ${stats.engine} engine`;
}
