/** snug's library: everything the CLI uses, for programs. */
export * from './geometry/index.js';
export * from './puzzle/model.js';
export { PuzzleError } from './puzzle/errors.js';
export { parsePuzzle, formatPuzzle } from './puzzle/format.js';
export { loadPuzzleFile, loadBurrToolsFile } from './puzzle/files.js';
export { parseBurrTools, formatBurrTools, storedSolutions, burrToolsOrientation, burrToolsOrienter, type StoredSolution, type StoredSolutions, type BurrToolsWriteOptions, type BurrToolsSeparation } from './puzzle/burrtools.js';
export { catalogNames, loadCatalogPuzzle, resolvePuzzle } from './puzzle/catalog.js';
export { indexBoard, type BoardIndex } from './placements/board.js';
export { generatePlacements, type Placement, type PlacementTable } from './placements/placements.js';
export type { Engine, EngineName, SearchOptions, SearchResult } from './engines/types.js';
export { DancingLinks, type ExactCoverSpec } from './engines/dlx.js';
export { BitboardSolver, type PackingSpec } from './engines/bitboard.js';
export { RectanglePacker, type RectSpec } from './engines/rect.js';
export { prepareSearch, compilePuzzle, type PreparedSearch } from './compile/compile.js';
export type { PrepareOptions } from './compile/options.js';
export type { EngineChoice } from './compile/options.js';
export { InvalidOptionError, maxWorkers } from './search/options.js';
export { disassemble, levelOf, movesInOrder, type DisassemblyInput, type Disassembly, type Move, type Separation } from './disassembly/disassembler.js';
export {
  disassembleSolution, PuzzleDisassembler, disassemblyProblem, disassemblySteps, levelText, compareLevels, moveText, FRAME,
  type SolutionDisassembly, type SolutionMove, type DisassemblyStep, type DisassemblyOptions,
} from './disassembly/solution.js';
export { parseLevel, type DisassembleOptions, type AssemblyTally } from './disassembly/sift.js';
export { frameCells } from './puzzle/frame.js';
export { solve, runPrepared, type SolveOptions, type SolveResult, type SolveStats } from './search/solve.js';
export { verifySolution, createVerifier, assertValidSolution } from './search/verify.js';
export { solutionSymmetries, isCanonical, Cover, makeCover, type SolutionSymmetry } from './compile/symmetry.js';
export { renderDisassemblyIso, renderAssemblyIso, renderSolutionIso } from './render/index.js';
export { renderSolutionText, renderSolutionSvg, renderBoardText, type SolutionTextOptions, type SvgOptions, type HighlightOptions } from './render/index.js';
export { solveAsync, type RunOptions, type CheckpointTarget, type RunResult, type ShardStamp } from './runs/run.js';
export { resumeAsync, type ResumeOptions } from './runs/resume.js';
export type { Progress } from './runs/progress.js';
export { estimateRun, type RunEstimate, type RunEstimateOptions } from './runs/estimate.js';
export { planSubproblems, planSubproblemsAsync, type Plan, type PlanOptions, type PlanStop } from './runs/plan.js';
export { mergeShards, MergeError, type ShardResult, type MergedResult, type MergeOptions } from './runs/merge.js';
export { CheckpointError, type Checkpoint } from './runs/checkpoint.js';
export { loadCheckpoint } from './runs/checkpoint-file.js';
export { hint, DEFAULT_HINT_MAX, DEFAULT_HINT_BUDGET, DEFAULT_HINT_EXPLORE, type HintOptions, type HintResult, type Hint, type HintReason, type PiecePlaces } from './analysis/hint.js';
export {
  analyzePuzzle, treeSize, DIFFICULTY_METHOD,
  type Analysis, type AnalyzeOptions, type AnalysisStage, type Difficulty,
} from './analysis/analyze.js';
export { PlainSearch, DEFAULT_MAX_NODES, type PlainSpec, type TreeCount, type TreeCountOptions, type TreeRun } from './engines/plain.js';
export { compilePlain, type PlainProblem } from './compile/engine-inputs.js';
export {
  sweepAsync, sweepVariants, sweepSummary, sweepHash, dateVariant, dateKey, dateName, hasDateLabels, leaveOpen, parseBoardTemplate, MAX_VARIANTS,
  type SweepOptions, type SweepResult, type SweepRow, type SweepOver, type SweepVariant, type BoardTemplate, type VariantCount,
} from './analysis/sweep.js';
export { sweepText, sweepCsv, sweepJson, sweepChartSvg, type SweepTable } from './render/sweep-table.js';
export { makeChallenges, CHALLENGE_DEFAULTS, MAX_CHALLENGES, type Challenge, type ChallengeOptions, type ChallengeSet, type ChallengeProgress } from './analysis/challenge.js';
