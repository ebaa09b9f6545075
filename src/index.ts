/**
 * snug's library: everything the CLI uses, for programs. Every function and class exported here checks
 * its arguments first (arguments.ts): a wrong one is InvalidPuzzleError or InvalidOptionError in one line.
 */
import {
  allowedTransforms as allowedTransformsRaw, applyToCell as applyToCellRaw, applyToShape as applyToShapeRaw, bounds as boundsRaw,
  cellKey as cellKeyRaw, cellText as cellTextRaw, compareCells as compareCellsRaw, compose as composeRaw, extent as extentRaw,
  firstRepeat as firstRepeatRaw, isBox as isBoxRaw, isConnected as isConnectedRaw, neighbours as neighboursRaw, normalize as normalizeRaw,
  orientations as orientationsRaw, sameTransform as sameTransformRaw, shapeKey as shapeKeyRaw, stabilizer as stabilizerRaw,
  symmetries as symmetriesRaw, translate as translateRaw,
} from './geometry/index.js';
import {
  isExactPacking as isExactPackingRaw, pieceArea as pieceAreaRaw, pieceMin as pieceMinRaw, puzzleGrid as puzzleGridRaw,
  puzzleProblem as puzzleProblemRaw, totalPieceCount as totalPieceCountRaw,
} from './puzzle/model.js';
import { parseBurrTools as parseBurrToolsRaw, formatBurrTools as formatBurrToolsRaw, storedSolutions as storedSolutionsRaw, burrToolsOrientation as burrToolsOrientationRaw, burrToolsOrienter as burrToolsOrienterRaw } from './puzzle/burrtools.js';
import { resolvePuzzle as resolvePuzzleRaw, loadCatalogPuzzle as loadCatalogPuzzleRaw } from './puzzle/catalog.js';
import { parsePuzzle as parsePuzzleRaw } from './puzzle/format.js';
import { loadPuzzleFile as loadPuzzleFileRaw, loadBurrToolsFile as loadBurrToolsFileRaw } from './puzzle/files.js';
import { indexBoard as indexBoardRaw } from './placements/board.js';
import { generatePlacements as generatePlacementsRaw } from './placements/placements.js';
import { DancingLinks as DancingLinksRaw } from './engines/dlx.js';
import { BitboardSolver as BitboardSolverRaw } from './engines/bitboard.js';
import { RectanglePacker as RectanglePackerRaw } from './engines/rect.js';
import { PlainSearch as PlainSearchRaw } from './engines/plain.js';
import { compilePuzzle as compilePuzzleRaw, prepareSearch as prepareSearchRaw } from './compile/compile.js';
import { compilePlain as compilePlainRaw } from './compile/engine-inputs.js';
import { disassemble as disassembleRaw, levelOf as levelOfRaw, movesInOrder as movesInOrderRaw } from './disassembly/disassembler.js';
import {
  disassembleSolution as disassembleSolutionRaw, PuzzleDisassembler as PuzzleDisassemblerRaw, disassemblyProblem as disassemblyProblemRaw,
  disassemblySteps as disassemblyStepsRaw, levelText as levelTextRaw, compareLevels as compareLevelsRaw, moveText as moveTextRaw,
} from './disassembly/solution.js';
import { parseLevel as parseLevelRaw } from './disassembly/sift.js';
import { frameCells as frameCellsRaw } from './puzzle/frame.js';
import { runPrepared as runPreparedRaw } from './search/solve.js';
import { verifySolution as verifySolutionRaw, createVerifier as createVerifierRaw, assertValidSolution as assertValidSolutionRaw } from './search/verify.js';
import { solutionSymmetries as solutionSymmetriesRaw, isCanonical as isCanonicalRaw, makeCover as makeCoverRaw, Cover as CoverRaw } from './compile/symmetry.js';
import { renderSolutionText as renderSolutionTextRaw, renderSolutionSvg as renderSolutionSvgRaw, type SolutionTextOptions, type SvgOptions } from './render/index.js';
import { renderDisassemblyIso as renderDisassemblyIsoRaw, renderAssemblyIso as renderAssemblyIsoRaw, renderSolutionIso as renderSolutionIsoRaw, renderBoardText as renderBoardTextRaw } from './render/index.js';
import { planSubproblems as planSubproblemsRaw, planSubproblemsAsync as planSubproblemsAsyncRaw } from './runs/plan.js';
import {
  analyzePuzzle, hint, makeChallenges, mergeShards as mergeShardsRaw, resumeAsync, solve, solveAsync,
} from './answers.js';
import type { AnswerSolution } from './answers.js';
import type {
  AnalysisAnswer, ChallengeAnswer, ChallengeSetAnswer, HintAnswer, MergeAnswerOptions, MergedAnswer, ResumeAnswerOptions, RunAnswer, RunAnswerOptions, ShardAnswer,
  SolveAnswer, SolveAnswerOptions,
} from './answers.js';
import { modelSolution } from './puzzle/answer-cells.js';
import type { Puzzle } from './puzzle/model.js';
import { treeSize as treeSizeRaw } from './analysis/analyze.js';
import {
  sweepAsync as sweepAsyncRaw, sweepVariants as sweepVariantsRaw, sweepSummary as sweepSummaryRaw, sweepHash as sweepHashRaw,
  dateVariant as dateVariantRaw, dateKey as dateKeyRaw, dateName as dateNameRaw, hasDateLabels as hasDateLabelsRaw, leaveOpen as leaveOpenRaw, parseBoardTemplate as parseBoardTemplateRaw,
} from './analysis/sweep.js';
import { sweepText as sweepTextRaw, sweepCsv as sweepCsvRaw, sweepJson as sweepJsonRaw, sweepChartSvg as sweepChartSvgRaw } from './render/sweep-table.js';
import {
  anything, bool, bytes, cell, cells, checked, checkedClass, dims, exactCoverSpec, fn, int, ints, level, list, maybe, object, oneOf, optional,
  options, packingSpec, param, plainSpec, puzzleParam, rectSpec, solution, solutionParam, solutionsParam, text, transform,
} from './arguments.js';
import type { TakingAnswers } from './arguments.js';
import { disassemblyProblem as disassemblyProblemOf } from './disassembly/solution.js';
import { puzzleCheckProblem, wellFormedProblem } from './puzzle/validate.js';

export type * from './geometry/index.js';
export type * from './puzzle/model.js';
export type { AnswerCell, AnswerPlacement, AnswerSolution } from './puzzle/answer-cells.js';
export { FRAME_SIDES, InvalidPuzzleError } from './puzzle/model.js';

// ---- what the checks are made of ----
const transforms = list(transform, 'transforms (from symmetries or allowedTransforms)');
const shape = cells(true);
const grid = maybe(object({ dims, neighbours: fn, normalize: fn }, 'a grid'));
const engine = object({ name: text, search: fn, branches: fn }, 'an engine (from prepareSearch or an engine class)');
const boardIndex = object({ dims, cells: cells(), indexOf: fn, indexAt: fn }, 'a board index (from indexBoard)');
const separation = object({ moves: list(object({ pieces: ints(0), by: cell }), 'moves'), removed: ints(0), remaining: ints(0) }, 'a separation (from disassemble)');
const solutionMove = object({ placements: ints(0), pieces: list(text, 'piece names'), by: cell, separates: bool }, 'a move (from disassembleSolution)');
const solutionDisassembly = object({ outcome: oneOf('apart', 'stuck', 'unknown'), moves: list(solutionMove, 'moves'), states: int(0) }, 'a disassembly (from disassembleSolution)');
const steps = list(object({}, 'a step'), 'steps (from disassemblySteps)');
const variant = object({ key: text, puzzle: (v) => wellFormedProblem(v) }, 'a variant { key, puzzle }');
const variants = list(variant, 'variants { key, puzzle } (from sweepVariants)');
const sweepRow = object({ key: text, solutions: int(0), complete: bool, nodes: int(0) }, 'a row { key, solutions, complete, nodes }');
const sweepTable = object({ puzzle: text, over: text, variants, result: object({ rows: list(sweepRow, 'rows'), unique: bool }, 'a sweep result (from sweepAsync)') }, 'a sweep table { puzzle, over, variants, result }');
const sweepOver = object({ kind: oneOf('dates', 'pieces', 'open-cells', 'variants') }, 'a family { kind: dates | pieces | open-cells | variants }');
const prepared = object({ puzzle: object(), engine, unique: bool }, 'a prepared search (from prepareSearch)');
const instanceOf = (c: abstract new (...args: never[]) => unknown, what: string) => (v: unknown) => (v instanceof c ? undefined : `must be ${what}`);
const shard = object({ shard: object(), found: list(solution, 'solutions'), source: text, solutions: int(0) }, 'a shard result (from solveAsync with a shard)');
const takesApart = (v: unknown): string | undefined => wellFormedProblem(v) ?? disassemblyProblemOf(v as Parameters<typeof disassemblyProblemOf>[0]);

// ---- geometry ----
export const compareCells = checked(compareCellsRaw, [param('a', cell), param('b', cell)]);
export const cellKey = checked(cellKeyRaw, [param('c', cell)]);
export const cellText = checked(cellTextRaw, [param('c', cell), param('dims', dims)]);
export const bounds = checked(boundsRaw, [param('shape', shape)]);
export const extent = checked(extentRaw, [param('shape', shape)]);
export const translate = checked(translateRaw, [param('shape', cells()), param('d', cell)]);
export const normalize = checked(normalizeRaw, [param('shape', cells())]);
export const shapeKey = checked(shapeKeyRaw, [param('shape', cells())]);
export const neighbours = checked(neighboursRaw, [param('c', cell), param('dims', dims)]);
export const firstRepeat = checked(firstRepeatRaw, [param('shape', cells())]);
export const isConnected = checked(isConnectedRaw, [param('shape', cells()), param('dims', dims)]);
export const isBox = checked(isBoxRaw, [param('shape', shape)]);
export const symmetries = checked(symmetriesRaw, [param('dims', dims)]);
export const allowedTransforms = checked(allowedTransformsRaw, [param('dims', dims), param('mirror', bool)]);
export const applyToCell = checked(applyToCellRaw, [param('t', transform), param('c', cell)]);
export const applyToShape = checked(applyToShapeRaw, [param('t', transform), param('shape', cells())]);
export const compose = checked(composeRaw, [param('a', transform), param('b', transform)]);
export const sameTransform = checked(sameTransformRaw, [param('a', transform), param('b', transform)]);
export const orientations = checked(orientationsRaw, [param('shape', shape), param('transforms', transforms), optional('grid', grid)]);
export const stabilizer = checked(stabilizerRaw, [param('shape', shape), param('transforms', transforms), optional('grid', grid)]);

// ---- the puzzle model ----
export const puzzleGrid = checked(puzzleGridRaw, [param('puzzle', object({ dims, grid: maybe(text) }, 'a puzzle { dims, grid }'))]);
export const pieceMin = checked(pieceMinRaw, [param('piece', object({ count: int(0), min: maybe(int(0)) }, 'a piece { count, min }'))]);
export const isExactPacking = checked(isExactPackingRaw, [puzzleParam()]);
export const pieceArea = checked(pieceAreaRaw, [puzzleParam()]);
export const totalPieceCount = checked(totalPieceCountRaw, [puzzleParam()]);
export const puzzleProblem = checked(puzzleProblemRaw, [puzzleParam()]);
export { PuzzleError, SnugError } from './puzzle/errors.js';
export { formatPuzzle } from './puzzle/format.js';
export const parsePuzzle = checked(parsePuzzleRaw, [param('text', text), optional('file', text)]);
export const loadPuzzleFile = checked(loadPuzzleFileRaw, [param('path', text)]);
export const loadBurrToolsFile = checked(loadBurrToolsFileRaw, [param('path', text), optional('problem', int(1))]);
export type { StoredSolution, StoredSolutions, BurrToolsWriteOptions, BurrToolsSeparation } from './puzzle/burrtools.js';
export const parseBurrTools = checked(parseBurrToolsRaw, [param('data', bytes), param('file', text), optional('problem', int(1))]);
export const storedSolutions = checked(storedSolutionsRaw, [param('data', bytes), param('file', text), optional('problem', int(1))]);
export const formatBurrTools = checked(formatBurrToolsRaw, [puzzleParam(), solutionsParam('solutions', true), optional('options', options)]) as TakingAnswers<typeof formatBurrToolsRaw>;
export const burrToolsOrientation = checked(burrToolsOrientationRaw, [puzzleParam(), solutionParam()]) as TakingAnswers<typeof burrToolsOrientationRaw>;
export const burrToolsOrienter = checked(burrToolsOrienterRaw, [puzzleParam()]);
export { catalogNames } from './puzzle/catalog.js';
export const loadCatalogPuzzle = checked(loadCatalogPuzzleRaw, [param('name', text)]);
export const resolvePuzzle = checked(resolvePuzzleRaw, [param('nameOrPath', text), optional('problem', int(1))]);
export type { BoardIndex } from './placements/board.js';
export const indexBoard = checked(indexBoardRaw, [param('board', cells(true)), param('dims', dims), optional('grid', grid)]);
export type { Placement, PlacementTable } from './placements/placements.js';
export const generatePlacements = checked(generatePlacementsRaw, [puzzleParam(), optional('board', boardIndex)]);
export type { Engine, EngineName, SearchOptions, SearchResult } from './engines/types.js';
export type { ExactCoverSpec } from './engines/dlx.js';
export const DancingLinks = checkedClass(DancingLinksRaw, [param('spec', exactCoverSpec)]);
export type { PackingSpec } from './engines/bitboard.js';
export const BitboardSolver = checkedClass(BitboardSolverRaw, [param('spec', packingSpec), optional('options', options)]);
export type { RectSpec } from './engines/rect.js';
export const RectanglePacker = checkedClass(RectanglePackerRaw, [param('spec', rectSpec)]);
export type { PreparedSearch } from './compile/compile.js';
export const prepareSearch = checked(prepareSearchRaw, [puzzleParam('puzzle', puzzleCheckProblem), optional('options', options)]);
export const compilePuzzle = checked(compilePuzzleRaw, [puzzleParam('puzzle', puzzleCheckProblem), optional('options', options)]);
export type { PrepareOptions } from './compile/options.js';
export type { EngineChoice } from './compile/options.js';
export { InvalidOptionError, maxWorkers } from './search/options.js';
export type { DisassemblyInput, Disassembly, Move, Separation } from './disassembly/disassembler.js';
export const disassemble = checked(disassembleRaw, [param('input', object({
  pieces: list(cells(true), 'pieces (lists of cells)', true), motions: list(cell, 'motions [dx, dy, dz]', true), fixed: maybe(ints(0)), weights: maybe(ints()),
}, 'a disassembly input { pieces, motions }'))]);
export const levelOf = checked(levelOfRaw, [optional('separation', separation)]);
export const movesInOrder = checked(movesInOrderRaw, [optional('separation', separation), optional('out', list(anything, 'moves'))]);
export { FRAME, type SolutionDisassembly, type SolutionMove, type DisassemblyStep, type DisassemblyOptions } from './disassembly/solution.js';
export const disassemblyProblem = checked(disassemblyProblemRaw, [puzzleParam()]);
export const disassembleSolution = checked(disassembleSolutionRaw, [puzzleParam('puzzle', takesApart), solutionParam(), optional('options', options)]) as TakingAnswers<typeof disassembleSolutionRaw>;
export const PuzzleDisassembler = checkedClass(PuzzleDisassemblerRaw, [puzzleParam('puzzle', takesApart), optional('options', options)]);
export const disassemblySteps = checked(disassemblyStepsRaw, [solutionParam(), param('disassembly', solutionDisassembly)]) as TakingAnswers<typeof disassemblyStepsRaw>;
export const levelText = checked(levelTextRaw, [optional('level', level)]);
export const compareLevels = checked(compareLevelsRaw, [param('a', level), param('b', level)]);
export const moveText = checked(moveTextRaw, [param('move', solutionMove)]);
export type { DisassembleOptions, AssemblyTally } from './disassembly/sift.js';
export const parseLevel = checked(parseLevelRaw, [param('text', text)]);
export const frameCells = checked(frameCellsRaw, [param('puzzle', object({ board: cells(true) }, 'a puzzle { board, frame }'))]);
export { solve, type SolveAnswerOptions as SolveOptions, type SolveAnswer as SolveResult };
export type { SolveStats } from './search/solve.js';
export const runPrepared = checked(runPreparedRaw, [param('prepared', prepared), optional('options', options)]);
export const verifySolution = checked(verifySolutionRaw, [puzzleParam(), solutionParam()]) as TakingAnswers<typeof verifySolutionRaw>;
/** The verifier of the puzzle's solutions: it takes [x, y] cells too, as verifySolution does. */
export const createVerifier = checked(function createVerifier(puzzle: Puzzle): (solution: AnswerSolution) => string[] {
  const verify = createVerifierRaw(puzzle);
  return (s) => verify(modelSolution(s));
}, [puzzleParam()]);
export const assertValidSolution = checked(assertValidSolutionRaw, [puzzleParam(), solutionParam()]) as TakingAnswers<typeof assertValidSolutionRaw>;
export type { SolutionSymmetry } from './compile/symmetry.js';
export const Cover = checkedClass(CoverRaw, [param('cellCount', int(0, 2 ** 26))]);
export const makeCover = checked(makeCoverRaw, [param('cellCount', int(0, 2 ** 26)), param('parts', int(0, 2 ** 26)), param('typeOf', fn), param('cellsOf', fn)]);
export const solutionSymmetries = checked(solutionSymmetriesRaw, [puzzleParam(), param('board', boardIndex), optional('choice', oneOf('all', 'rotations', 'none'))]);
export const isCanonical = checked(isCanonicalRaw, [param('cover', instanceOf(CoverRaw, 'a Cover (from makeCover)')), param('syms', list(object({ cellMap: (v) => (v instanceof Int32Array ? undefined : 'must be an Int32Array') }, 'a symmetry'), 'symmetries (from solutionSymmetries)'))]);
export const renderDisassemblyIso = checked(renderDisassemblyIsoRaw, [puzzleParam(), solutionParam(), param('steps', steps), optional('options', options)]) as TakingAnswers<typeof renderDisassemblyIsoRaw>;
export const renderAssemblyIso = checked(renderAssemblyIsoRaw, [puzzleParam(), solutionParam(), param('steps', steps), optional('options', options)]) as TakingAnswers<typeof renderAssemblyIsoRaw>;
export const renderSolutionIso = checked(renderSolutionIsoRaw, [puzzleParam(), solutionParam(), param('view', oneOf('iso', 'exploded')), optional('options', options)]) as TakingAnswers<typeof renderSolutionIsoRaw>;
// (these check their own arguments, as the command line calls them too; the solution may have [x, y] cells)
export const renderSolutionText = (puzzle: Puzzle, solution: AnswerSolution, options?: SolutionTextOptions): string => renderSolutionTextRaw(puzzle, modelSolution(solution), options);
export const renderSolutionSvg = (puzzle: Puzzle, solution: AnswerSolution, options?: SvgOptions): string => renderSolutionSvgRaw(puzzle, modelSolution(solution), options);
export type { SolutionTextOptions, SvgOptions, HighlightOptions } from './render/index.js';
export const renderBoardText = checked(renderBoardTextRaw, [puzzleParam(), param('options', object({}, 'an options object'))]);
export { solveAsync, resumeAsync, type RunAnswerOptions as RunOptions, type RunAnswer as RunResult, type ResumeAnswerOptions as ResumeOptions };
export type { CheckpointTarget, ShardStamp } from './runs/run.js';
export type { PlanEstimate } from './runs/job.js';
export type { Progress } from './runs/progress.js';
export { estimateRun, type RunEstimate, type RunEstimateOptions } from './runs/estimate.js';
export type { Plan, PlanOptions, PlanStop } from './runs/plan.js';
export const planSubproblems = checked(planSubproblemsRaw, [param('engine', engine), param('depth', int(0, 1000)), optional('options', options)]);
export const planSubproblemsAsync = checked(planSubproblemsAsyncRaw, [param('engine', engine), param('depth', int(0, 1000)), param('options', object({}, 'an options object')), param('stop', object({}, 'a stop { signal?, deadline? }')), optional('from', list(ints(0), 'prefixes'))]);
export { MergeError } from './runs/merge.js';
export type { ShardAnswer as ShardResult, MergedAnswer as MergedResult, MergeAnswerOptions as MergeOptions };
export const mergeShards = checked(mergeShardsRaw, [param('results', list(shard, 'shard results', true)), optional('options', options)]);
export { CheckpointError, type Checkpoint } from './runs/checkpoint.js';
export { loadCheckpoint } from './runs/checkpoint-file.js';
export { hint, type HintAnswer as HintResult };
export { DEFAULT_HINT_MAX, DEFAULT_HINT_BUDGET, DEFAULT_HINT_EXPLORE, type HintOptions, type Hint, type HintReason, type PiecePlaces } from './analysis/hint.js';
export { analyzePuzzle, type AnalysisAnswer as Analysis };
export { DIFFICULTY_METHOD, type AnalyzeOptions, type AnalysisStage, type Difficulty } from './analysis/analyze.js';
export { DEFAULT_MAX_NODES, type PlainSpec, type TreeCount, type TreeCountOptions, type TreeRun } from './engines/plain.js';
export const PlainSearch = checkedClass(PlainSearchRaw, [param('spec', plainSpec)]);
export const treeSize = checked(treeSizeRaw, [param('search', instanceOf(PlainSearchRaw, 'a PlainSearch')), param('start', ints(0)), optional('options', options), optional('slice', int(1))]);
export type { PlainProblem } from './compile/engine-inputs.js';
export const compilePlain = checked(compilePlainRaw, [puzzleParam(), optional('table', object({ board: boardIndex, placements: list(object({ piece: int(0), cells: ints(0) }, 'a placement'), 'placements'), byPiece: list(ints(0), 'lists'), pointCount: int(0) }, 'a placement table (from generatePlacements)'))]);
export {
  MAX_VARIANTS,
  type SweepOptions, type SweepResult, type SweepRow, type SweepOver, type SweepVariant, type BoardTemplate, type VariantCount,
} from './analysis/sweep.js';
export const dateKey = checked(dateKeyRaw, [param('month', int(1, 12)), param('day', int(1, 31))]);
export const dateName = checked(dateNameRaw, [param('month', int(1, 12)), param('day', int(1, 31))]);
export const sweepAsync = checked(sweepAsyncRaw, [param('variants', variants), optional('options', options)]);
export const sweepVariants = checked(sweepVariantsRaw, [puzzleParam(), param('over', sweepOver)]);
export const sweepSummary = checked(sweepSummaryRaw, [param('rows', list(sweepRow, 'rows'))]);
export const sweepHash = checked(sweepHashRaw, [param('variants', variants), param('options', object({}, 'an options object'))]);
export const dateVariant = checked(dateVariantRaw, [puzzleParam(), param('month', int(1, 12)), param('day', int(1, 31)), optional('year', int(1, 9999))]);
export const hasDateLabels = checked(hasDateLabelsRaw, [puzzleParam()]);
export const leaveOpen = checked(leaveOpenRaw, [puzzleParam(), param('open', cells()), param('key', text), optional('coverLabelled', bool)]);
export const parseBoardTemplate = checked(parseBoardTemplateRaw, [param('text', text)]);
export type { SweepTable } from './render/sweep-table.js';
export const sweepText = checked(sweepTextRaw, [param('t', sweepTable)]);
export const sweepCsv = checked(sweepCsvRaw, [param('t', sweepTable)]);
export const sweepJson = checked(sweepJsonRaw, [param('t', sweepTable)]);
export const sweepChartSvg = checked(sweepChartSvgRaw, [param('t', sweepTable)]);
export { makeChallenges, type ChallengeAnswer as Challenge, type ChallengeSetAnswer as ChallengeSet };
export { CHALLENGE_DEFAULTS, MAX_CHALLENGES, type ChallengeOptions, type ChallengeProgress } from './analysis/challenge.js';
