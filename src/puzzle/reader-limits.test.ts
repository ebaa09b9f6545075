/**
 * The readers' limits hold before the work they guard (issue 25, section 1): each input of the probe is
 * refused by the library with its one-line error, on a thread with a heap of 100 MB (a reader that parsed
 * first and checked after would die of it within seconds, where it used to take minutes and gigabytes).
 */
import { describe, expect, it } from 'vitest';
import { readWithHeapCap } from '../test-support/capped-heap.js';
import { cellListPuzzle, manyElements, shapeReferencedOften, tenMillionVoxelBoard, yamlWithLongList } from '../test-support/big-inputs.js';
import { packPuzzleText } from '../web/link.js';

describe('each input of the probe is refused within a heap of 100 MB', () => {
  it('a YAML puzzle of 21 MB (a long list under an unknown key): too long, before it is parsed', async () => {
    const outcome = await readWithHeapCap('yaml', yamlWithLongList(3_500_000));
    expect(outcome).toMatchObject({ read: false, error: 'PuzzleError', message: expect.stringMatching(/^big\.yaml: the puzzle text is 21000063 characters long: more than the limit of 20 MB$/) });
  });

  it('the same list in 9.8 MB: more YAML values than a puzzle may hold, found on its line before it is parsed', async () => {
    const outcome = await readWithHeapCap('yaml', yamlWithLongList(1_630_000));
    expect(outcome).toMatchObject({ read: false, error: 'PuzzleError', message: expect.stringMatching(/^big\.yaml:5: more than 50000 YAML values/) });
  });

  it('the 21 MB puzzle as a link of some 40,000 characters: unpacked with a cap, not whole', async () => {
    const packed = packPuzzleText(yamlWithLongList(3_500_000));
    expect(packed.length).toBeLessThan(60_000);
    const outcome = await readWithHeapCap('link', packed);
    expect(outcome).toMatchObject({ read: false, message: 'the puzzle in the link unpacks to more than 20 MB: more than the limit of a puzzle' });
  });

  it('the 9.8 MB puzzle as a link: unpacked, then refused for its values', async () => {
    const outcome = await readWithHeapCap('link', packPuzzleText(yamlWithLongList(1_630_000)));
    expect(outcome).toMatchObject({ read: false, error: 'PuzzleError', message: expect.stringMatching(/^the link:5: more than 50000 YAML values/) });
  });

  it('a quoted string of 19 MB under an unknown key (or a board drawn in one quoted row): refused before it is parsed', async () => {
    // (the parser builds a quoted text a character at a time, at some 50 bytes a character: this ran out of a 512 MB heap)
    const head = 'name: P\nboard: "##"\npieces:\n  A: {shape: "#", count: 2}\n';
    for (const text of [`${head}zzz: "${'x'.repeat(19_000_000)}"\n`, `name: P\nboard: '${'#'.repeat(19_000_000)}'\npieces:\n  A: "#"\n`]) {
      const outcome = await readWithHeapCap('yaml', text);
      expect(outcome).toMatchObject({ read: false, error: 'PuzzleError', message: expect.stringMatching(/^big\.yaml:[25]: a quoted text of more than 1,000,000 characters/) });
    }
  });

  it('quoted texts that are not values do not count: an apostrophe in plain text, a quote in a comment', async () => {
    const text = `name: It's mine # don't\ndescription: ${"it's ".repeat(300_000)}\nboard: "##"\npieces:\n  A: {shape: "#", count: 2}\n`;
    expect(await readWithHeapCap('yaml', text)).toEqual({ read: true, cells: 2 });
  });

  it('a BurrTools file of a thousand bytes naming one shape of 10^6 voxels a hundred times: the shape counted once, the pieces refused', async () => {
    const data = shapeReferencedOften();
    expect(data.length).toBeLessThan(2000);
    const outcome = await readWithHeapCap('burrtools', data);
    expect(outcome).toMatchObject({ read: false, error: 'PuzzleError', message: 'big.xmpuzzle: the pieces have more than 1000000 voxels in all (each piece of the problem counted once): more than the limit of 1000000' });
  });

  it('a BurrTools file of 10 KB with a board of 10^7 voxels: counted, not read', async () => {
    const data = tenMillionVoxelBoard();
    expect(data.length).toBeLessThan(20_000);
    const outcome = await readWithHeapCap('burrtools', data);
    expect(outcome).toMatchObject({ read: false, error: 'PuzzleError', message: 'big.xmpuzzle: the result shape S1 has 10000000 voxels: more than the limit of 1000000' });
  });

  it('a BurrTools file naming its piece 300,000 times: more XML elements than the limit, before the XML is parsed', async () => {
    const outcome = await readWithHeapCap('burrtools', manyElements(300_000));
    expect(outcome).toMatchObject({ read: false, error: 'PuzzleError', message: 'big.xmpuzzle: its XML holds more than 200000 elements: more than the limit of 200000' });
  });
});

describe('puzzles within the limits are read within the same heap', () => {
  it('a board of 100 x 100 cells listed one by one (30,000 YAML values) and 10,000 unit squares', async () => {
    expect(await readWithHeapCap('yaml', cellListPuzzle(100))).toEqual({ read: true, cells: 10_000 });
  });

  it('the same puzzle as a link', async () => {
    expect(await readWithHeapCap('link', packPuzzleText(cellListPuzzle(100)))).toEqual({ read: true, cells: 10_000 });
  });
});
