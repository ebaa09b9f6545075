import { z } from 'zod';
import { readTextFile } from '../puzzle/text-file.js';
import type { ShardResult } from '../runs/merge.js';
import { mergeShards } from '../runs/merge.js';
import { UsageError } from './errors.js';
import { statsJson } from './format.js';

/** A solution as `solve --json` and `--jsonl` print it. */
const solutionLine = z.object({ placements: z.array(z.object({ piece: z.string(), cells: z.array(z.array(z.number().int()).min(2).max(3)) })) });
type SolutionLine = z.infer<typeof solutionLine>;

const shardJson = z.object({
  puzzle: z.string(),
  solutions: z.number().int().nonnegative(),
  complete: z.boolean(),
  unique: z.boolean(),
  symmetries: z.number().int().positive(),
  engine: z.enum(['bitboard', 'dlx', 'rect']),
  nodes: z.number().nonnegative(),
  updates: z.number().nonnegative(),
  elapsedMs: z.number().nonnegative(),
  shard: z.object({
    index: z.number().int().positive(),
    count: z.number().int().positive(),
    puzzleHash: z.string(),
    plan: z.string(),
    version: z.string(),
    subproblems: z.number().int().nonnegative(),
    subproblemsInPlan: z.number().int().positive(),
  }),
  found: z.array(solutionLine).optional(),
});

/** Largest shard output read: about as large a string as JavaScript can hold. */
const MAX_SHARD_FILE_BYTES = 400 * 1024 * 1024;

/**
 * `snug merge FILES...`: the shards' `solve --json` outputs, and any `--jsonl` solution files, into the
 * whole run's result, printed as `solve --json` prints it (with "shards": N). Every file must be whole:
 * a shard's JSON object, or lines that are each one solution.
 */
export function mergeCommand(files: string[]): number {
  const shards: ShardResult<SolutionLine>[] = [];
  const extra: SolutionLine[] = [];
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
      const parsed = shardJson.safeParse(whole);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new UsageError(`${file}: not a shard's --json output: ${issue.path.join('.') || 'top level'}: ${issue.message}`);
      }
      shards.push({ ...parsed.data, found: parsed.data.found ?? [], source: file });
      listed ||= parsed.data.found !== undefined;
      continue;
    }
    if (whole !== undefined && typeof whole === 'object' && whole !== null && !('placements' in whole)) {
      throw new UsageError(`${file}: not from a shard (no "shard" field): run each shard with --shard K/N --json`);
    }
    text.split('\n').forEach((line, i) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new UsageError(`${file}:${i + 1}: not a JSON line (truncated?)`);
      }
      const parsed = solutionLine.safeParse(value);
      if (!parsed.success) throw new UsageError(`${file}:${i + 1}: not a solution line of --jsonl output`);
      extra.push(parsed.data);
    });
    listed = true;
  }
  if (shards.length === 0) throw new UsageError('no shard results among the files: give every shard\'s --json output');
  const merged = mergeShards(shards);
  const found = [...merged.found, ...extra];
  console.log(JSON.stringify({ ...statsJson(merged), shards: merged.shards, ...(listed ? { found } : {}) }));
  return merged.solutions > 0 ? 0 : 1;
}
