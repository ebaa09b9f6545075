/** Pictures of boards, pieces and solutions: terminal text (with or without colour) and SVG. */
export { pieceLabels } from './labels.js';
export type { TextOptions } from './text.js';
export { renderBoardText, renderShapeText, renderSolutionText } from './text.js';
export type { SvgOptions } from './svg.js';
export { DEFAULT_CELL_SIZE, renderSolutionSvg } from './svg.js';
export type { PaletteColour } from './palette.js';
export { colourDifference, colourPlacements, PALETTE } from './palette.js';
