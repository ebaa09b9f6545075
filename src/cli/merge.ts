import type { Puzzle, Solution } from '../puzzle/model.js';
import { readTextFile, zodModule } from '../platform/host.js';
import type { RunKey } from '../runs/authenticate.js';
import { checkSigned, signedProblemText } from '../runs/authenticate.js';
import type { ShardResult } from '../runs/merge.js';
import { mergeShards } from '../runs/merge.js';
import { UsageError } from './errors.js';
import { answerSolution, modelSolution } from '../puzzle/answer-cells.js';
import { statsJson } from '../render/report.js';
import { readSolutionLine, solutionLine } from './solution-lines.js';

/** A shard's `solve --json` output, as zod checks it: made on first use, as zod is loaded (platform/host.ts). */
function shardJson() {
  return (shardSchema ??= makeShardJson());
}
let shardSchema: ReturnType<typeof makeShardJson> | undefined;

function makeShardJson() {
  const { z } = zodModule();
  const level = z.array(z.number().int().min(1)).min(1).max(64);

  return z.object({
    puzzle: z.string(),
    solutions: z.number().int().nonnegative(),
    complete: z.boolean(),
    unique: z.boolean(),
    symmetries: z.number().int().positive(),
    engine: z.enum(['bitboard', 'dlx', 'rect']),
    nodes: z.number().nonnegative(),
    updates: z.number().nonnegative(),
    elapsedMs: z.number().nonnegative(),
    shard: z.strictObject({
      index: z.number().int().positive(),
      count: z.number().int().positive(),
      mode: z.enum(['count', 'all']),
      puzzleHash: z.string(),
      plan: z.string(),
      version: z.string(),
      subproblems: z.number().int().nonnegative(),
      subproblemsInPlan: z.number().int().positive(),
      disassemble: z.strictObject({ minLevel: level.optional(), stateBudget: z.number().int().positive().optional() }).optional(),
    }),
    // a run that takes its assemblies apart: every assembly found, the highest level, those left undecided
    assemblies: z.number().int().nonnegative().optional(),
    maxLevel: level.nullable().optional(),
    undecided: z.number().int().nonnegative().optional(),
    found: z.array(solutionLine()).optional(),
  });
}

/** Largest shard output read: about as large a string as JavaScript can hold. */
const MAX_SHARD_FILE_BYTES = 400 * 1024 * 1024;


export interface MergeFlags {
  /** The puzzle the shards solve (a catalog name or a file): every solution listed is checked against it. */
  puzzle?: string;
}

/**
 * `snug merge [--puzzle PUZZLE] FILES...`: the shards' `solve --json` outputs, and any `--jsonl` solution
 * files, into the whole run's result, printed as `solve --json` prints it (with "shards": N). Every file
 * must be whole: a shard's JSON object (whose checksum must match: an edited count, flag or list is
 * refused), or lines that are each one solution. A shard names its puzzle by hash only, so the solutions
 * of `--all` shards and of --jsonl files are checked only against the puzzle given with --puzzle, which
 * they then need.
 */
export function mergeCommand(
  files: string[],
  flags: MergeFlags,
  /** catalog.ts's resolvePuzzle, given by the caller: this module is a chunk of its own in the bundle, and catalog.ts finds the catalog relative to the module it is in (see scripts/bundle-cli.mjs). */
  resolvePuzzle: (target: string) => { puzzle: Puzzle },
  /** The key the shards' MACs were made with (the machines of one run share it). */
  key: RunKey,
): number {
  const shards: ShardResult[] = [];
  const extra: { solution: Solution; source: string }[] = [];
  let listed = false; // whether the shards list their solutions (they do unless run with --count)
  for (const file of files) {
    const text = readTextFile(file, MAX_SHARD_FILE_BYTES, (problem) => {
      throw new UsageError(`${file}: ${problem}`);
    }).trim();
    if (text.length === 0) throw new UsageError(`${file}: empty (a shard's --json output was expected)`);
    let whole: unknown;
    try {
      whole = JSON.parse(text);
    } catch {
      whole = undefined;
    }
    if (whole !== undefined && !Array.isArray(whole) && typeof whole === 'object' && whole !== null && 'shard' in whole) {
      const signed = checkSigned(whole as Record<string, unknown>, key);
      if (signed.status !== 'ok') throw new UsageError(`${file}: refused: ${signedProblemText(signed.status, key)}`);
      const parsed = shardJson().safeParse(signed.rest);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new UsageError(`${file}: not a shard's --json output: ${issue.path.join('.') || 'top level'}: ${issue.message}`);
      }
      const { assemblies, maxLevel, undecided, ...rest } = parsed.data;
      const disassembly = assemblies !== undefined ? { disassembly: { assemblies, undecided: undecided ?? 0, ...(maxLevel ? { maxLevel } : {}) } } : {};
      shards.push({ ...rest, ...disassembly, found: (parsed.data.found ?? []).map(modelSolution), source: file });
      listed ||= parsed.data.found !== undefined;
      continue;
    }
    if (whole !== undefined && typeof whole === 'object' && whole !== null && !('placements' in whole)) {
      throw new UsageError(`${file}: not from a shard (no "shard" field): run each shard with --shard K/N --json`);
    }
    text.split('\n').forEach((line, i) => {
      extra.push({ solution: readSolutionLine(line, `${file}:${i + 1}`), source: `${file}:${i + 1}` });
    });
    listed = true;
  }
  if (shards.length === 0) throw new UsageError('no shard results among the files: give every shard\'s --json output');
  let puzzle: Puzzle | undefined;
  if (flags.puzzle !== undefined) puzzle = resolvePuzzle(flags.puzzle).puzzle;
  else if (extra.length > 0 || shards.some((s) => s.found.length > 0)) {
    throw new UsageError('the files list solutions: give the puzzle with --puzzle (a catalog name or file), so that each one is checked');
  }
  const merged = mergeShards(shards, { ...(puzzle ? { puzzle } : {}), extra });
  const dims = puzzle?.dims ?? 2;
  const found = merged.found.map((s) => answerSolution(s, dims));
  console.log(JSON.stringify({ ...statsJson(merged), shards: merged.shards, ...(listed ? { found } : {}) }));
  return merged.solutions > 0 ? 0 : 1;
}
