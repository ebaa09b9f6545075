import { cores } from '../platform/host.js';
import { ENGINE_CHOICES, InvalidOptionError } from '../compile/options.js';

// the error lives with the compile step, the first to refuse an option; every check here throws it too
export { InvalidOptionError };

/**
 * Worker threads at most: four per core (more only share the cores, and each thread holds its own copy of
 * the prepared puzzle: a thousand of them took 6 GB), and never more than 256.
 */
export function maxWorkers(): number {
  return Math.min(256, 4 * cores());
}

/** Random walks of one estimate at most (a walk costs about as much as a few hundred search nodes). */
export const MAX_PROBES = 1_000_000;

/** Shards of one run at most: more than any batch system would run, few enough that each has work. */
export const MAX_SHARDS = 1_000_000;

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return Array.isArray(value) ? 'a list' : typeof value;
}

function fail(name: string, wants: string, value: unknown): never {
  throw new InvalidOptionError(`option ${name} must be ${wants}, not ${describe(value)}`);
}

/** Checkers of single options: each throws InvalidOptionError for a value that is given and wrong. */
export const check = {
  boolean(name: string, value: unknown): void {
    if (value !== undefined && typeof value !== 'boolean') fail(name, 'true or false', value);
  },
  function(name: string, value: unknown): void {
    if (value !== undefined && typeof value !== 'function') fail(name, 'a function', value);
  },
  /** A whole number from `min` to `max` (Infinity allowed when `max` is Infinity). */
  integer(name: string, value: unknown, min: number, max: number): void {
    if (value === undefined) return;
    const ok = typeof value === 'number' && (Number.isInteger(value) || (value === Infinity && max === Infinity)) && value >= min;
    if (!ok) fail(name, `a whole number of at least ${min}${max === Infinity ? ' (or Infinity)' : ''}`, value);
    if ((value as number) > max) throw new InvalidOptionError(`option ${name} is ${value}: more than the limit of ${max}`);
  },
  /** Milliseconds: a number of at least `min`, Infinity allowed. */
  milliseconds(name: string, value: unknown, min = 0): void {
    if (value === undefined) return;
    if (typeof value !== 'number' || Number.isNaN(value) || value < min) fail(name, `a number of milliseconds of at least ${min}`, value);
  },
};

/** The options `solve` and `solveAsync` share (see SolveOptions). */
export function checkSolveOptions(options: unknown): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) throw new InvalidOptionError(`the options must be an object, not ${describe(options)}`);
  const o = options as Record<string, unknown>;
  if (o.engine !== undefined && !(ENGINE_CHOICES as readonly unknown[]).includes(o.engine)) {
    fail('engine', ENGINE_CHOICES.map((e) => `'${e}'`).join(', '), o.engine);
  }
  for (const name of ['unique', 'expandSymmetry', 'all', 'countOnly', 'keep']) check.boolean(name, o[name]);
  if (o.symmetry !== undefined && o.symmetry !== 'all' && o.symmetry !== 'rotations') fail('symmetry', "'all' or 'rotations'", o.symmetry);
  check.integer('limit', o.limit, 1, Infinity);
  check.function('onSolution', o.onSolution);
  check.milliseconds('timeLimitMs', o.timeLimitMs);
  if (o.disassemble !== undefined) {
    const d = o.disassemble as { minLevel?: unknown; stateBudget?: unknown } | null;
    if (typeof d !== 'object' || d === null) fail('disassemble', 'an object { minLevel?, stateBudget? }', d);
    if (d.minLevel !== undefined && (!Array.isArray(d.minLevel) || d.minLevel.length === 0 || d.minLevel.length > 64 || !d.minLevel.every((n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000))) {
      fail('disassemble.minLevel', 'a level: a list of 1 to 64 whole numbers from 1 to 1000000', d.minLevel);
    }
    check.integer('disassemble.stateBudget', d.stateBudget, 1, 1_000_000_000);
    if (o.engine === 'count') throw new InvalidOptionError('the count engine counts assemblies without listing them: it cannot take them apart (disassemble); use another engine');
  }
  const signal = o.signal as { aborted?: unknown; addEventListener?: unknown } | undefined;
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
    fail('signal', 'an AbortSignal', signal);
  }
}

/** The options of `solveAsync` and `resumeAsync` (see RunOptions), with those of `solve`. */
export function checkRunOptions(options: unknown): void {
  checkSolveOptions(options);
  if (options === undefined) return;
  const o = options as Record<string, unknown>;
  check.integer('workers', o.workers, 1, maxWorkers());
  check.milliseconds('trialMs', o.trialMs);
  check.function('onProgress', o.onProgress);
  check.milliseconds('progressIntervalMs', o.progressIntervalMs, 1);
  check.milliseconds('checkpointIntervalMs', o.checkpointIntervalMs);
  check.function('onCheckpointWarning', o.onCheckpointWarning);
  if (o.checkpoint !== undefined) {
    // (an empty path is the checkpoint's own to refuse, with its message)
    const c = o.checkpoint as { path?: unknown; intervalMs?: unknown; onWarning?: unknown } | null;
    if (typeof c !== 'object' || c === null) fail('checkpoint', 'an object { path, intervalMs?, meta?, onWarning? }', c);
    if (typeof c.path !== 'string') fail('checkpoint.path', 'the name of a file', c.path);
    check.milliseconds('checkpoint.intervalMs', c.intervalMs);
    check.function('checkpoint.onWarning', c.onWarning);
  }
  if (o.shard !== undefined) {
    const s = o.shard as { index?: unknown; count?: unknown } | null;
    if (typeof s !== 'object' || s === null) fail('shard', 'an object { index, count }', s);
    check.integer('shard.count', s.count, 1, MAX_SHARDS);
    if (s.count === undefined) fail('shard.count', 'a whole number of at least 1', s.count);
    check.integer('shard.index', s.index, 1, s.count as number);
    if (s.index === undefined) fail('shard.index', `a whole number from 1 to ${String(s.count)}`, s.index);
  }
}
