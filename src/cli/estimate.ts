import { availableParallelism } from 'node:os';
import { resolvePuzzle } from '../puzzle/catalog.js';
import type { EngineChoice } from '../compile/options.js';
import type { RunEstimate } from '../runs/estimate.js';
import { estimateRun } from '../runs/estimate.js';
import { formatCount, formatDuration } from '../render/report.js';

export interface EstimateFlags {
  /** The problem of a BurrTools file to read (1-based). */
  problem?: number;
  unique?: boolean;
  engine: EngineChoice;
  probes?: number;
  workers?: number;
  json?: boolean;
}

/** `snug estimate PUZZLE`: the size of the search tree and the time it would take, without solving. */
export function estimateCommand(target: string, flags: EstimateFlags): number {
  const { puzzle } = resolvePuzzle(target, flags.problem);
  const e = estimateRun(puzzle, { engine: flags.engine, unique: !!flags.unique, ...(flags.probes !== undefined ? { probes: flags.probes } : {}) });
  const workers = flags.workers ?? availableParallelism();
  if (flags.json) {
    // whole numbers: an estimate has no meaningful fractions of a node or a millisecond (Infinity, for a
    // search too slow to measure, comes out as null)
    const whole = (n: number): number => (Number.isFinite(n) ? Math.round(n) : n);
    // the counting engine counts on one thread, whatever the workers
    const sharedBy = e.engine === 'count' ? 1 : workers;
    const json = { ...e, nodesPerSecond: whole(e.nodesPerSecond), estimatedMs: whole(e.estimatedMs), workers, estimatedMsWithWorkers: whole(e.estimatedMs / sharedBy) };
    console.log(JSON.stringify(json));
    return 0;
  }
  for (const line of estimateLines(e, workers)) console.log(line);
  return 0;
}

/** What `snug estimate` prints for a person. */
export function estimateLines(e: RunEstimate, workers: number): string[] {
  const round = (n: number): string => formatCount(Number(n.toPrecision(2)));
  const lines = [`${e.puzzle} (${e.unique ? 'unique solutions' : 'all solutions'}, ${e.engine} engine)`];
  if (e.finished) {
    const solutions = e.finished.exactSolutions !== undefined ? formatCount(BigInt(e.finished.exactSolutions)) : formatCount(e.finished.solutions);
    lines.push(`the whole search took ${formatDuration(e.estimatedMs)} while measuring: ${formatCount(e.finished.nodes)} nodes, ${solutions} solutions`);
    return lines;
  }
  if (e.probes === 0 && e.estimatedSolutions === null && e.engine === 'count') {
    // the counting engine walks no tree: its time is the share of its steps taken while measuring
    lines.push(`counting engine: about ${round(e.estimatedNodes)} steps in all (those taken while measuring, and the rest at the cost of the last)`);
    if (!Number.isFinite(e.estimatedMs)) lines.push('time: unknown (the count made no progress while measuring)');
    else lines.push(`time: about ${formatDuration(e.estimatedMs)} (the count runs on one core)`);
    return lines;
  }
  lines.push(`search tree: about ${round(e.estimatedNodes)} nodes (${formatCount(e.probes)} random walks; such estimates can be off by a few times)`);
  // a walk seldom ends in a solution: the estimate means something only once some have
  if (e.estimatedSolutions === null) lines.push('solutions: unknown (no random walk ended in a solution; there may still be many)');
  else lines.push(`solutions: about ${round(e.estimatedSolutions)} (before symmetry is taken into account)`);
  lines.push(`speed: ${round(e.nodesPerSecond)} nodes/s on one core (measured for a second)`);
  if (!Number.isFinite(e.estimatedMs)) lines.push('time: unknown (the search made no progress while measuring)');
  else lines.push(`time: about ${formatDuration(e.estimatedMs)} on one core, ${formatDuration(e.estimatedMs / workers)} with ${workers} workers`);
  return lines;
}
