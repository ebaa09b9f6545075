export * from './cell.js';
export * from './symmetry.js';
