/**
 * Pictures of boards, pieces and solutions: terminal text (with or without colour), SVG on every grid, sheets
 * of solutions, isometric views and assembly steps of cubes, and of any 3-D grid from its cells' solids. Each cell is drawn as its grid says; the host
 * (platform/) turns an SVG into PNG.
 */
export type { HighlightOptions } from './labels.js';
export { pieceLabels } from './labels.js';
export type { SolutionTextOptions, TextOptions } from './text.js';
export { GIVEN_FILL, renderBoardText, renderShapeText, renderSolutionText } from './text.js';
export type { SvgOptions } from './svg.js';
export { DEFAULT_CELL_SIZE, READABLE_PNG_SIDE, readablePngZoom, renderSolutionSvg } from './svg.js';
export { MAX_SHEET_SOLUTIONS, renderSolutionSheetSvg } from './sheet.js';
export type { View } from './iso.js';
export { VIEWS, drawnInSpace, notAssembled, renderAssemblyIso, renderDisassemblyIso, renderSolutionIso } from './iso.js';
export { drawsSolids } from './solids.js';
export type { PaletteColour } from './palette.js';
export { colourDifference, colourPlacements, PALETTE } from './palette.js';
export type { PieceColour } from './piece-colours.js';
export { pieceListColours, placementColours, readColour } from './piece-colours.js';
export type { Rgb } from '../puzzle/colour.js';
export { nearestXterm } from './css-colour.js';
export { parseCssColour } from '../puzzle/colour.js';
