import type { GridName } from '../geometry/grid.js';
import { GRID_NAMES } from '../geometry/grids/index.js';
import { totalPieceCount } from '../puzzle/model.js';
import { readTextFile, zodModule } from '../platform/host.js';
import { puzzleCheckProblem } from '../puzzle/validate.js';
import { snugVersion } from '../version.js';
import type { Checkpoint } from './checkpoint.js';
import { CHECKPOINT_FORMAT, CheckpointError, puzzleHash } from './checkpoint.js';
import type { RunKey } from './authenticate.js';
import { checkSigned, loadRunKey, signedProblemText } from './authenticate.js';
import { PLAN_OPTION_BOUNDS, planHash } from './plan.js';
import { MAX_LEVEL_LENGTH, createSolutionCheck, tallyProblem } from './solution-check.js';
import { disassemblyProblem } from '../disassembly/solution.js';
import { FRAME_SIDES } from '../puzzle/model.js';

/**
 * Reading a checkpoint back (see checkpoint.ts). Nothing in it is taken on trust: the checksum must match
 * (an edited count or flag, a cut list, a damaged file), every field must have its form, the puzzle must
 * pass the checks a puzzle file passes, the parts must agree with each other, and every stored solution
 * must solve the puzzle. A run that takes its assemblies apart has its options checked as the options
 * are, each subproblem's tally of assemblies must agree with its solutions, and each solution's level is
 * checked by taking the solution apart again. (The plan is checked against the search tree when the run starts: run.ts.)
 */
/**
 * The checkpoint's schema, made on first use (zod loaded then: platform/host.ts): zod's schemas cost some
 * 20 ms to build, which every command and every program that imports snug would pay at load for a file few
 * of them read.
 */
function checkpointSchema() {
  return (schema ??= buildCheckpointSchema());
}
let schema: ReturnType<typeof buildCheckpointSchema> | undefined;

function buildCheckpointSchema() {
  const { z } = zodModule();
  const cell = z.tuple([z.number().int(), z.number().int(), z.number().int()]);
  const count = z.number().int().nonnegative();
  const work = z.number().nonnegative();
  /** A choice of a subproblem's prefix: a placement's number, or below 0 where the engine leaves a cell empty. */
  const choice = z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1);
  /** A level as BurrTools prints it (5.3.2 is [5, 3, 2]); a puzzle with nothing to part has []. */
  const level = z.array(z.number().int().positive()).max(MAX_LEVEL_LENGTH);
  const solution = z.strictObject({ placements: z.array(z.strictObject({ piece: z.string(), cells: z.array(cell), given: z.literal(true).optional() })), level: level.optional() });
  /** A subproblem's assemblies (see AssemblyTally). */
  const tally = z.strictObject({ assemblies: count, undecided: count, maxLevel: level.optional() });
  /** A run's disassemble options, within the bounds the options have (checkSolveOptions). */
  const disassembleSchema = z.strictObject({
    minLevel: z.array(z.number().int().min(1).max(1_000_000)).min(1).max(64).optional(),
    stateBudget: z.number().int().min(1).max(1_000_000_000).optional(),
  });

  const puzzleSchema = z.strictObject({
    name: z.string(),
    dims: z.union([z.literal(2), z.literal(3)]),
    grid: z.enum(GRID_NAMES as [GridName, ...GridName[]]).optional(),
    wrap: z.enum(['x', 'y', 'xy']).optional(),
    board: z.array(cell).min(1),
    pieces: z.array(z.strictObject({
      name: z.string(),
      shape: z.array(cell).min(1),
      count: z.number().int().positive(),
      min: count.optional(),
      mirror: z.boolean(),
      rotate: z.boolean().optional(),
      orientations: z.array(z.array(cell).min(1)).min(1).optional(),
      color: z.string().optional(),
      group: z.number().int().positive().optional(),
      weight: z.number().int().positive().optional(),
      colours: z.array(z.strictObject({ cell, colour: z.string() })).optional(),
    })).min(1),
    mirror: z.boolean(),
    optional: z.array(cell).optional(),
    placed: z.array(z.strictObject({ piece: z.string(), cells: z.array(cell).min(1) })).optional(),
    use: z.number().int().positive().optional(),
    boardColours: z.array(z.strictObject({ cell, colour: z.string() })).optional(),
    colourRules: z.array(z.strictObject({ piece: z.string(), board: z.array(z.string()) })).optional(),
    frame: z.union([
      z.strictObject({ walls: z.enum(['closed', ...FRAME_SIDES] as [string, ...string[]]) }),
      z.strictObject({ cells: z.array(cell).min(1) }),
      z.strictObject({ piece: z.string() }),
    ]).optional(),
    labels: z.array(z.strictObject({ name: z.string(), cells: z.array(cell).min(1) })).optional(),
    description: z.string().optional(),
    known: z.strictObject({ total: count.optional(), unique: count.optional() }).optional(),
  });

  /** Plan options, within bounds that keep a file from asking for an endless plan (PLAN_OPTION_BOUNDS). */
  const bounded = (name: keyof typeof PLAN_OPTION_BOUNDS) => {
    const [least, most, whole] = PLAN_OPTION_BOUNDS[name];
    const n = z.number().min(least).max(most);
    return (whole ? n.int() : n).optional();
  };
  const planOptionsSchema = z.strictObject({
    rootProbes: bounded('rootProbes'),
    probes: bounded('probes'),
    nodesPerSubproblem: bounded('nodesPerSubproblem'),
    minSubproblems: bounded('minSubproblems'),
    maxSubproblems: bounded('maxSubproblems'),
    seed: bounded('seed'),
    workBudget: bounded('workBudget'),
  });

  const checkpoint = z.strictObject({
    format: z.literal(CHECKPOINT_FORMAT),
    version: z.string(),
    puzzle: puzzleSchema,
    puzzleHash: z.string(),
    options: z.strictObject({
      engine: z.enum(['auto', 'bitboard', 'dlx', 'rect']),
      unique: z.boolean(),
      symmetry: z.literal('rotations').optional(),
      countOnly: z.boolean(),
      solutions: z.boolean(),
      limit: z.number().int().positive().nullable(),
      disassemble: disassembleSchema.optional(),
    }),
    planOptions: planOptionsSchema,
    shard: z.strictObject({ index: z.number().int().positive(), count: z.number().int().positive() }).nullable(),
    plan: z
      .strictObject({ hash: z.string(), subproblems: z.array(z.array(choice)).min(1).max(1_000_000), estimates: z.array(work) })
      .nullable(),
    done: z.array(z.strictObject({ index: count, solutions: count, nodes: work, updates: work, found: z.array(solution).optional(), disassembly: tally.optional() })),
    elapsedMs: work,
    meta: z.unknown().optional(),
  });
  return checkpoint;
}

/** Largest checkpoint read: about as large a string as JavaScript can hold. */
export const MAX_CHECKPOINT_BYTES = 400 * 1024 * 1024;

/**
 * Reads and checks a checkpoint, whose MAC must be made with `key` (default: loadRunKey()'s); throws
 * CheckpointError naming the file and the problem.
 */
export function loadCheckpoint(path: string, key: RunKey = loadRunKey()): Checkpoint {
  if (typeof path !== 'string' || path === '') throw new CheckpointError('loadCheckpoint needs the name of a checkpoint file');
  const text = readTextFile(path, MAX_CHECKPOINT_BYTES, (problem) => {
    throw new CheckpointError(`${path}: ${problem === 'no such file' ? 'no such checkpoint file' : problem}`);
  });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new CheckpointError(`${path}: not a snug checkpoint (not JSON${text.trim().length > 0 ? ': truncated or corrupt' : ': empty'})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || (data as { format?: unknown }).format !== CHECKPOINT_FORMAT) {
    throw new CheckpointError(`${path}: not a snug checkpoint (no "format": "${CHECKPOINT_FORMAT}")`);
  }
  const version = (data as { version?: unknown }).version;
  if (version !== snugVersion()) {
    throw new CheckpointError(`${path}: written by snug ${String(version)}, this is snug ${snugVersion()}: its plan is not valid here (resume it with that version)`);
  }
  const signed = checkSigned(data as Record<string, unknown>, key);
  if (signed.status !== 'ok') throw new CheckpointError(`${path}: refused: ${signedProblemText(signed.status, key)}`);
  const parsed = checkpointSchema().safeParse(signed.rest);
  const corrupt = (problem: string): CheckpointError => new CheckpointError(`${path}: corrupt checkpoint: ${problem}`);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw corrupt(`${issue.path.join('.') || 'top level'}: ${issue.message}`);
  }
  // the schema has checked every field of the interface (zod's own types are the mutable twins of these)
  const c = parsed.data as unknown as Checkpoint;
  const puzzleProblemText = puzzleCheckProblem(c.puzzle);
  if (puzzleProblemText) throw corrupt(`its puzzle: ${puzzleProblemText}`);
  if (puzzleHash(c.puzzle) !== c.puzzleHash) throw corrupt('the puzzle does not match its hash');
  if (c.options.solutions === c.options.countOnly) throw corrupt('options.solutions must be the opposite of options.countOnly');
  if (c.shard && c.shard.index > c.shard.count) throw corrupt(`shard ${c.shard.index} of ${c.shard.count}`);
  const plan = c.plan;
  if (plan) {
    if (planHash(plan.subproblems) !== plan.hash || plan.estimates.length !== plan.subproblems.length) throw corrupt('the plan does not match its hash');
    // a choice places a piece or leaves a cell empty
    const depth = totalPieceCount(c.puzzle) + (c.puzzle.optional?.length ?? 0);
    if (plan.subproblems.some((p) => p.length > depth)) throw corrupt(`a subproblem has more choices than the puzzle's ${depth} pieces and cells that may stay empty`);
  }
  const disassemble = c.options.disassemble;
  if (disassemble) {
    const cannotPart = disassemblyProblem(c.puzzle);
    if (cannotPart) throw corrupt(`the run takes its assemblies apart, but ${cannotPart}`);
  }
  const seen = new Set<number>();
  // (with disassemble, each solution's level is checked by taking it apart again)
  const check = createSolutionCheck(c.puzzle, disassemble ? { disassemble } : {});
  const shard = c.shard;
  for (const d of c.done) {
    if (!plan) throw corrupt(`subproblem ${d.index} is done, but there is no plan`);
    if (d.index >= plan.subproblems.length || seen.has(d.index)) throw corrupt(`subproblem ${d.index} is out of the plan or done twice`);
    if (shard && d.index % shard.count !== shard.index - 1) throw corrupt(`subproblem ${d.index} is not in shard ${shard.index}/${shard.count}`);
    seen.add(d.index);
    const stored = c.options.solutions;
    if (stored && d.found?.length !== d.solutions) {
      throw corrupt(`subproblem ${d.index} has ${d.solutions} solutions but ${d.found?.length ?? 0} stored`);
    }
    if (!stored && d.found !== undefined) throw corrupt(`subproblem ${d.index} stores solutions, but the run only counts`);
    if (!disassemble && d.disassembly !== undefined) throw corrupt(`subproblem ${d.index} tells assemblies, but the run does not take them apart`);
    if (disassemble) {
      const wrong = tallyProblem(d.disassembly, d.solutions, d.found?.map((s) => s.level));
      if (wrong) throw corrupt(`subproblem ${d.index}: ${wrong}`);
    }
    d.found?.forEach((s, k) => {
      const problem = check(s);
      if (problem) throw corrupt(`subproblem ${d.index}, solution ${k + 1}: ${problem}`);
    });
  }
  return c;
}
