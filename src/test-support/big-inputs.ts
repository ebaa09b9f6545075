import { gzipSync } from 'node:zlib';

/**
 * Small inputs that ask for much (issue 25's probe): each is made here, not kept as data, at the size the
 * probe used. The BurrTools files are written as BurrTools writes them (test-support/xml.ts has the format
 * in full; these need only a shape list and one problem).
 */

/** A puzzle whose unknown key holds `items` pairs `[0,0]`: 3,500,000 make the probe's 21 MB, 1,630,000 its 9.8 MB. */
export function yamlWithLongList(items: number): string {
  return `name: P\nboard: "##"\npieces:\n  A: {shape: "#", count: 2}\nzzz: [${Array(items).fill('[0,0]').join(',')}]\n`;
}

/** A BurrTools file of the given shapes (x, y, z and the voxel text) and one problem: the result's shape number and the pieces' shape numbers. */
export function burrToolsFile(shapes: readonly { size: readonly [number, number, number]; voxels: string }[], result: number, pieces: readonly number[]): Uint8Array {
  const voxel = shapes.map((s, i) => `<voxel x="${s.size[0]}" y="${s.size[1]}" z="${s.size[2]}" type="0" name="S${i + 1}">${s.voxels}</voxel>`).join('');
  const parts = pieces.map((id) => `<shape id="${id}" count="1"/>`).join('');
  const xml = `<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>${voxel}</shapes><problems><problem name="p" state="0"><shapes>${parts}</shapes><result id="${result}"/><bitmap/></problem></problems></puzzle>`;
  return gzipSync(xml, { level: 9 });
}

/** The probe's 1,168 bytes: one 1000x1000 shape of 10^6 voxels, the result and a piece 100 times. */
export function shapeReferencedOften(): Uint8Array {
  return burrToolsFile([{ size: [1000, 1000, 1], voxels: '#'.repeat(1_000_000) }], 0, Array(100).fill(0));
}

/** The probe's 10 KB file: a board of 10^7 voxels (4000x2500) and a piece of one. */
export function tenMillionVoxelBoard(): Uint8Array {
  return burrToolsFile([{ size: [4000, 2500, 1], voxels: '#'.repeat(10_000_000) }, { size: [1, 1, 1], voxels: '#' }], 0, [1]);
}

/** A problem that names its one-voxel piece `copies` times: as many XML elements, in a few hundred bytes packed. */
export function manyElements(copies: number): Uint8Array {
  return burrToolsFile([{ size: [2, 1, 1], voxels: '##' }, { size: [1, 1, 1], voxels: '#' }], 0, Array(copies).fill(1));
}

/** A legitimate large puzzle at the edge of the limits: a board of `side` x `side` cells listed one by one, filled by unit squares. */
export function cellListPuzzle(side: number): string {
  const cells: string[] = [];
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) cells.push(`[${x}, ${y}]`);
  return `name: listed\nboard:\n  cells: [${cells.join(', ')}]\npieces:\n  A: {rect: [1, 1], count: ${side * side}}\n`;
}
