/**
 * Geometry, the lowest stage of the library above the host: cells, shapes and their orientations
 * (cell.ts, symmetry.ts), and the grids (grid.ts says what a grid is; grids/ holds one module per grid and
 * the registry). Everything the later stages know of a lattice they ask a grid here; nothing here imports
 * a later stage.
 */
export * from './cell.js';
export * from './symmetry.js';
