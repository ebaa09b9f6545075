/** A problem with how snug was called: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** 130 when Ctrl-C stopped the run: 128 + SIGINT, as shells report it. */
export const EXIT = { ran: 0, noSolution: 1, badInput: 2, internal: 3, interrupted: 130 } as const;

export function parsePositiveInt(flag: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${flag} wants a positive whole number, not '${value}'`);
    return Number(value);
  };
}

export function parsePositiveNumber(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} wants a positive number, not '${value}'`);
    return n;
  };
}
