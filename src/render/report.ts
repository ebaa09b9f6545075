/** Results in words and as JSON: counts, durations, the summary line, solutions and statistics for --json. */
import type { SolveStats } from '../search/solve.js';

/** The fields of --json that describe a run; "solutions" is a BigInt when the count is exact past 2^53 (see jsonText). */
export function statsJson(stats: Pick<SolveStats, 'puzzle' | 'solutions' | 'exactSolutions' | 'complete' | 'unique' | 'symmetries' | 'engine' | 'nodes' | 'updates' | 'elapsedMs' | 'impossible' | 'disassembly'>): Record<string, unknown> {
  const taken = stats.disassembly;
  return {
    puzzle: stats.puzzle,
    solutions: stats.exactSolutions ?? stats.solutions,
    // taking assemblies apart: "solutions" counts those that come apart, "assemblies" all that were found
    ...(taken ? { assemblies: taken.assemblies, maxLevel: taken.maxLevel ? [...taken.maxLevel] : null, ...(taken.undecided > 0 ? { undecided: taken.undecided } : {}) } : {}),
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

/**
 * JSON text as JSON.stringify writes it, but BigInts too, as number literals with every digit (JSON allows
 * any length; JSON.stringify refuses BigInts): the exact counts of the counting engine.
 */
export function jsonText(value: unknown): string {
  try {
    // the native writer, as fast as it gets, unless a BigInt is in the way
    return JSON.stringify(value) ?? 'null';
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
  }
  return withBigInts(value);
}

function withBigInts(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : withBigInts(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null && !(typeof (value as { toJSON?: unknown }).toJSON === 'function')) {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${withBigInts(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A count with thousands separators; past a million billion (estimates of huge trees), as 1.2e+23. A
 * BigInt (an exact count) keeps every digit.
 */
export function formatCount(n: number | bigint): string {
  if (typeof n === 'bigint') return `${n < 0n ? '-' : ''}${groupDigits((n < 0n ? -n : n).toString())}`;
  if (!Number.isFinite(n)) return 'more than can be counted';
  if (Math.abs(n) >= 1e15) return n.toExponential(1);
  // as toLocaleString('en-US') writes it (at most three decimals), without loading ICU's number formats,
  // which costs a short run some 20 ms
  const digits = String(Number.isInteger(n) ? Math.abs(n) : Math.round(Math.abs(n) * 1000) / 1000);
  const [whole, fraction] = digits.split('.');
  return `${n < 0 && digits !== '0' ? '-' : ''}${groupDigits(whole!)}${fraction ? `.${fraction}` : ''}`;
}

/** Digits with a comma before each group of three from the right: "1234567" -> "1,234,567". */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A duration as every output shows it (the summary line, the progress bar, estimates, statistics):
 * "4.2 ms", "340 ms", "7.3 s", "59.9 s", "1 min 12 s", "3 h 5 min", "2 d 7 h". Each form keeps two or three
 * significant figures; a value that rounds up to the next form's boundary takes that form.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return 'unknown';
  if (ms < 9.95) return `${Math.max(0, ms).toFixed(1)} ms`;
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  if (Math.round(ms / 100) < 600) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  const hours = Math.round(ms / 3_600_000);
  // beyond a thousand years, the number of days says nothing more
  if (hours >= 24 * 365_000) return 'over a thousand years';
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** One line a person reads after a run. */
export function summaryLine(stats: SolveStats, limit: number | undefined): string {
  const what = stats.unique ? 'unique solution' : 'solution';
  let count = `${formatCount(stats.exactSolutions ?? stats.solutions)} ${what}${stats.solutions === 1 ? '' : 's'}`;
  const taken = stats.disassembly;
  if (taken) {
    const assemblies = `${formatCount(taken.assemblies)} ${stats.unique ? 'unique ' : ''}assembl${taken.assemblies === 1 ? 'y' : 'ies'} found`;
    const highest = taken.maxLevel ? ` (highest level ${taken.maxLevel.join('.')})` : '';
    const undecided = taken.undecided > 0 ? `, ${formatCount(taken.undecided)} undecided (too many arrangements to search)` : '';
    count = `${assemblies}, of them ${formatCount(stats.solutions)} come${stats.solutions === 1 ? 's' : ''} apart${highest}${undecided}`;
  }
  let status: string;
  if (stats.impossible) status = `no solution can exist: ${stats.impossible}`;
  else if (stats.complete) status = stats.solutions === 0 ? 'the search is complete: there is no solution' : 'all of them (search complete)';
  else if (limit !== undefined && stats.solutions >= limit) status = `stopped at the limit of ${formatCount(limit)}`;
  else {
    // cut short (a time limit, Ctrl-C): what was found is a lower bound, never the count; the counting
    // engine has no count at all until its last cell
    status = 'search stopped before the end';
    if (taken) count = `at least: ${count}`;
    else if (stats.engine === 'count') count = 'no count (the counting engine has one only at its end)';
    else count = `at least ${count} (a lower bound)`;
  }
  return `${count}, ${status} · ${formatCount(stats.nodes)} nodes · ${formatDuration(stats.elapsedMs)} · ${stats.engine} engine`;
}
