/**
 * Where the art of a puzzle file draws each cell, so that a picture of a puzzle reads as its file does:
 * [column, row, layer] of the cell's character (the rule is the puzzle file's: src/puzzle/grid-art.ts).
 */
export { artOfCell as artPlace } from '../puzzle/grid-art.js';
