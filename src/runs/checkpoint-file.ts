import { z } from 'zod';
import { readTextFile } from '../puzzle/text-file.js';
import { snugVersion } from '../version.js';
import type { Checkpoint } from './checkpoint.js';
import { CHECKPOINT_FORMAT, CheckpointError, puzzleHash } from './checkpoint.js';
import { planHash } from './plan.js';

/** Reading a checkpoint back (see checkpoint.ts): every field checked, and the parts against each other. */
const cell = z.tuple([z.number().int(), z.number().int(), z.number().int()]);
const solution = z.object({ placements: z.array(z.object({ piece: z.string(), cells: z.array(cell) })) });

const puzzleSchema = z.object({
  name: z.string(),
  dims: z.union([z.literal(2), z.literal(3)]),
  board: z.array(cell).min(1),
  pieces: z.array(z.object({ name: z.string(), shape: z.array(cell).min(1), count: z.number().int().positive(), mirror: z.boolean() })).min(1),
  mirror: z.boolean(),
  description: z.string().optional(),
  known: z.object({ total: z.number().int().optional(), unique: z.number().int().optional() }).optional(),
});

const checkpointSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  version: z.string(),
  puzzle: puzzleSchema,
  puzzleHash: z.string(),
  options: z.object({
    engine: z.enum(['auto', 'bitboard', 'dlx', 'rect']),
    unique: z.boolean(),
    countOnly: z.boolean(),
    solutions: z.boolean(),
    limit: z.number().int().positive().nullable(),
  }),
  shard: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).nullable(),
  plan: z.object({ hash: z.string(), subproblems: z.array(z.array(z.number().int())), estimates: z.array(z.number()) }),
  done: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      solutions: z.number().int().nonnegative(),
      nodes: z.number().nonnegative(),
      updates: z.number().nonnegative(),
      found: z.array(solution).optional(),
    }),
  ),
  elapsedMs: z.number().nonnegative(),
  meta: z.unknown().optional(),
});

/** Largest checkpoint read: about as large a string as JavaScript can hold. */
export const MAX_CHECKPOINT_BYTES = 400 * 1024 * 1024;

/** Reads and checks a checkpoint; throws CheckpointError naming the file and the problem. */
export function loadCheckpoint(path: string): Checkpoint {
  const text = readTextFile(path, MAX_CHECKPOINT_BYTES, (problem) => {
    throw new CheckpointError(`${path}: ${problem === 'no such file' ? 'no such checkpoint file' : problem}`);
  });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CheckpointError(`${path}: not a snug checkpoint (not JSON${text.trim().length > 0 ? ': truncated or corrupt' : ': empty'})`);
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== CHECKPOINT_FORMAT) {
    throw new CheckpointError(`${path}: not a snug checkpoint (no "format": "${CHECKPOINT_FORMAT}")`);
  }
  const version = (data as { version?: unknown }).version;
  if (version !== snugVersion()) {
    throw new CheckpointError(`${path}: written by snug ${String(version)}, this is snug ${snugVersion()}: its plan is not valid here (resume it with that version)`);
  }
  const parsed = checkpointSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CheckpointError(`${path}: corrupt checkpoint: ${issue.path.join('.') || 'top level'}: ${issue.message}`);
  }
  // the schema has checked every field of the interface (zod's own types are the mutable twins of these)
  const c = parsed.data as unknown as Checkpoint;
  if (puzzleHash(c.puzzle) !== c.puzzleHash) throw new CheckpointError(`${path}: corrupt checkpoint: the puzzle does not match its hash`);
  if (planHash(c.plan.subproblems) !== c.plan.hash || c.plan.estimates.length !== c.plan.subproblems.length) {
    throw new CheckpointError(`${path}: corrupt checkpoint: the plan does not match its hash`);
  }
  const seen = new Set<number>();
  for (const d of c.done) {
    if (d.index >= c.plan.subproblems.length || seen.has(d.index)) throw new CheckpointError(`${path}: corrupt checkpoint: subproblem ${d.index} is out of the plan or done twice`);
    seen.add(d.index);
    if (c.options.solutions && !c.options.countOnly && d.found?.length !== d.solutions) {
      throw new CheckpointError(`${path}: corrupt checkpoint: subproblem ${d.index} has ${d.solutions} solutions but ${d.found?.length ?? 0} stored`);
    }
  }
  return c;
}

