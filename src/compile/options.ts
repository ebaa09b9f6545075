/**
 * What the compile step is asked for (the engine, how symmetry is used, whether the run only counts), and
 * the error every check of the library's options throws. It lives here, below `search/`, because the
 * compile step is the first to refuse an option (the counting engine asked to list solutions).
 */
import { SnugError } from '../puzzle/errors.js';
import type { EngineName } from '../engines/types.js';
import type { SymmetryChoice } from './symmetry.js';

/**
 * An option given to the library that it cannot honour (a limit of -1, NaN milliseconds, a million
 * workers, a shard 0 of 0): thrown before anything runs, with one line that names the option. The CLI
 * checks its own options first and maps this error, should one get through, to exit code 2.
 */
export class InvalidOptionError extends SnugError {
  override readonly name = 'InvalidOptionError';
}

/** Which engine: one by name, or 'auto' (engine-choice.ts picks one and says why). */
export type EngineChoice = 'auto' | EngineName;
export const ENGINE_CHOICES: readonly EngineChoice[] = ['auto', 'bitboard', 'dlx', 'rect', 'count'];

export interface PrepareOptions {
  /** Which engine; 'auto' (the default) picks one and says why. */
  readonly engine?: EngineChoice;
  /** One solution per class of solutions that the board's symmetries map onto each other. */
  readonly unique?: boolean;
  /** Which symmetries classes are taken under: all of the board's (default), or its rotations only. */
  readonly symmetry?: SymmetryChoice;
  /**
   * For runs that want every solution: search one representative per symmetry class and expand each into
   * its class (the search is then about as small as --unique's). Ignored with `unique`.
   */
  readonly expandSymmetry?: boolean;
  /**
   * The search only counts every solution, in one piece (no list, no limit, no shards or checkpoints):
   * the counting engine may count it (`auto` picks it where it wins), and only then may it be chosen.
   */
  readonly countOnly?: boolean;
}
