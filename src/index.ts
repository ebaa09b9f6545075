/** snug's library: everything the CLI uses, for programs. */
export * from './geometry/index.js';
export * from './puzzle/model.js';
export { PuzzleError } from './puzzle/errors.js';
export { parsePuzzle, loadPuzzleFile, formatPuzzle } from './puzzle/format.js';
export { catalogNames, loadCatalogPuzzle, resolvePuzzle } from './puzzle/catalog.js';
export { indexBoard, type BoardIndex } from './placements/board.js';
export { generatePlacements, type Placement, type PlacementTable } from './placements/placements.js';
export type { Engine, EngineName, SearchOptions, SearchResult } from './engines/types.js';
export { DancingLinks, type ExactCoverSpec } from './engines/dlx.js';
export { BitboardSolver, type PackingSpec } from './engines/bitboard.js';
export { RectanglePacker, type RectSpec } from './engines/rect.js';
export { prepareSearch, type PreparedSearch, type PrepareOptions, type EngineChoice } from './search/prepare.js';
export { solve, runPrepared, type SolveOptions, type SolveResult, type SolveStats } from './search/solve.js';
export { verifySolution, createVerifier, assertValidSolution } from './search/verify.js';
export { solutionSymmetries, isCanonical, type SolutionSymmetry } from './search/symmetry.js';
export { renderSolutionText, renderSolutionSvg, renderBoardText } from './render/index.js';
