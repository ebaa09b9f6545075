import { availableParallelism } from 'node:os';
import { resolvePuzzle } from '../puzzle/catalog.js';
import type { EngineChoice } from '../search/prepare.js';
import { estimateRun } from '../runs/estimate.js';
import { formatCount, formatDuration } from './format.js';

export interface EstimateFlags {
  unique?: boolean;
  engine: EngineChoice;
  probes?: number;
  workers?: number;
  json?: boolean;
}

/** `snug estimate PUZZLE`: the size of the search tree and the time it would take, without solving. */
export function estimateCommand(target: string, flags: EstimateFlags): number {
  const { puzzle } = resolvePuzzle(target);
  const e = estimateRun(puzzle, { engine: flags.engine, unique: !!flags.unique, ...(flags.probes !== undefined ? { probes: flags.probes } : {}) });
  const workers = flags.workers ?? availableParallelism();
  if (flags.json) {
    console.log(JSON.stringify({ ...e, workers, estimatedMsWithWorkers: e.estimatedMs / workers }));
    return 0;
  }
  const round = (n: number): string => formatCount(Number(n.toPrecision(2)));
  console.log(`${puzzle.name} (${e.unique ? 'unique solutions' : 'all solutions'}, ${e.engine} engine)`);
  if (e.finished) {
    console.log(`the whole search took ${formatDuration(e.estimatedMs)} while measuring: ${formatCount(e.finished.nodes)} nodes, ${formatCount(e.finished.solutions)} solutions`);
    return 0;
  }
  console.log(`search tree: about ${round(e.estimatedNodes)} nodes (${formatCount(e.probes)} random walks; such estimates can be off by a few times)`);
  // a walk seldom ends in a solution: the estimate means something only once some have
  if (e.estimatedSolutions > 0) console.log(`solutions: about ${round(e.estimatedSolutions)} (before symmetry is taken into account)`);
  console.log(`speed: ${round(e.nodesPerSecond)} nodes/s on one core (measured for a second)`);
  console.log(`time: about ${formatDuration(e.estimatedMs)} on one core, ${formatDuration(e.estimatedMs / workers)} with ${workers} workers`);
  return 0;
}
