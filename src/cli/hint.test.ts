import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { loadPuzzleFile } from '../puzzle/files.js';
import type { PlacedPiece, Puzzle } from '../puzzle/model.js';
import { solve } from '../search/solve.js';
import { completionsOf, placeKey, placementCounts } from '../test-support/completions.js';

// The built command, as a user runs it (npm test builds before it tests).
const bin = fileURLToPath(new URL('../../dist/cli/snug.js', import.meta.url));

function snug(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const PIECES = `pieces:
  F: ".##\\n##.\\n.#."
  I: "#####"
  L: "####\\n#..."
  N: "##..\\n.###"
  P: "##\\n##\\n#."
  T: "###\\n.#.\\n.#."
  U: "#.#\\n###"
  V: "#..\\n#..\\n###"
  W: "#..\\n##.\\n.##"
  X: ".#.\\n###\\n.#."
  Y: "####\\n.#.."
  Z: "##.\\n.#.\\n.##"
`;

const folder = mkdtempSync(join(tmpdir(), 'snug-hint-'));
function puzzleFile(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}
const pentominoFile = (name: string, rows: string[]): string => puzzleFile(`${name}.yaml`, `name: ${name}\nboard: |\n${rows.map((r) => `  ${r}\n`).join('')}${PIECES}`);

/** The right half of a 6x10 filled: six pentominoes left for the left 5x6, in a few ways. */
const halfDone = pentominoFile('half-done', ['#####IYYYY', '#####IZYLL', '#####IZZZL', '#####ITWZL', '#####ITWWL', '#####TTTWW']);
/** X and W each cut off a corner cell. */
const twoCorners = pentominoFile('two-corners', ['#X#######I', 'XXX######I', '#X#######I', 'W########I', 'WW#######I', '#WW#######']);
/** The Soma cube with two pieces placed under `placed:`. */
const soma = puzzleFile('soma.yaml', `name: Soma, two placed
board: {box: [3, 3, 3]}
pieces:
  V: "##\\n#."
  L: "###\\n#.."
  T: "###\\n.#."
  Z: "##.\\n.##"
  A: {layers: ["##\\n#.", "..\\n#."]}
  B: {layers: ["##\\n#.", ".#\\n.."]}
  P: {layers: ["##\\n#.", "#.\\n.."]}
placed:
  - {piece: L, cells: [[1, 0, 0], [2, 0, 0], [2, 1, 0], [2, 2, 0]]}
  - {piece: T, cells: [[0, 2, 0], [0, 1, 1], [0, 2, 1], [0, 2, 2]]}
`);

const cellsOf = (cells: number[][]): Cell[] => cells.map((c) => [c[0]!, c[1]!, c[2] ?? 0] as Cell);
const withPiece = (puzzle: Puzzle, piece: PlacedPiece): Puzzle => ({ ...puzzle, placed: [...(puzzle.placed ?? []), piece] });

describe('snug hint', () => {
  it('--json: completions, a hint that belongs to a completion, nothing to remove; exit 0', () => {
    const r = snug('hint', halfDone, '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    const puzzle = loadPuzzleFile(halfDone);
    const all = completionsOf(puzzle);
    expect(json).toMatchObject({ solvable: true, completions: all.length, complete: true, remove: [] });
    expect(Object.keys(json).sort()).toEqual(['complete', 'completions', 'hint', 'remove', 'solvable']);
    expect(json.hint.cells[0]).toHaveLength(2);
    // checked by solving with the hinted piece placed, and against the completions listed apart
    const hinted = { piece: json.hint.piece, cells: cellsOf(json.hint.cells) };
    expect(solve(withPiece(puzzle, hinted), { limit: 1 }).solutions).toBe(1);
    expect(placementCounts(all).get(placeKey(hinted.piece, hinted.cells)) ?? 0).toBeGreaterThan(0);
  });

  it('--json on a board that cannot be completed: the pieces to take off; exit 1', () => {
    const r = snug('hint', twoCorners, '--json');
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ solvable: false, completions: 0, complete: true, hint: null, removeSmallest: true });
    expect([...json.remove].sort()).toEqual(['W', 'X']);
    const puzzle = loadPuzzleFile(twoCorners);
    const gone = new Set((json.removePlacements as { piece: string; cells: number[][] }[]).map((p) => placeKey(p.piece, cellsOf(p.cells))));
    expect(gone.size).toBe(2);
    const kept = puzzle.placed!.filter((p) => !gone.has(placeKey(p.piece, p.cells)));
    expect(solve({ ...puzzle, placed: kept }, { limit: 1 }).solutions).toBe(1);
  });

  it('3-D cells are [x, y, z]; --piece lists exactly the places of that piece in the completions', () => {
    const r = snug('hint', soma, '--json', '--piece', 'A');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.hint.cells[0]).toHaveLength(3);
    const places = (json.places as number[][][]).map((cells) => placeKey('A', cellsOf(cells))).sort();
    const expected = [...placementCounts(completionsOf(loadPuzzleFile(soma))).keys()].filter((k) => k.startsWith('A:')).sort();
    expect(places).toEqual(expected);
    expect(json.placesComplete).toBe(true);
  });

  it('--reveal N: N pieces that, with those placed, extend to a completion; --max stops the count', () => {
    const r = snug('hint', halfDone, '--json', '--reveal', '2', '--max', '3');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ completions: 3, complete: false });
    expect(json.reveal).toHaveLength(2);
    const puzzle = loadPuzzleFile(halfDone);
    const shown = (json.reveal as { piece: string; cells: number[][] }[]).map((p) => ({ piece: p.piece, cells: cellsOf(p.cells) }));
    expect(completionsOf({ ...puzzle, placed: [...puzzle.placed!, ...shown] }).length).toBeGreaterThan(0);
  });

  it('text: the count, the picture with the hint, the hint named under it', () => {
    const r = snug('hint', halfDone, '--piece', 'X', '--reveal', '1');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/6 pieces placed, 6 to place: \d+ completions/);
    expect(r.stdout).toMatch(/┌───/);
    expect(r.stdout).toMatch(/Hint: put [A-Z] on \[\d, \d\]/);
    expect(r.stdout).toMatch(/X can go in \d+ places?/);
    expect(r.stdout).toMatch(/1 piece of one completion: [A-Z]/);
    expect(r.stderr).toBe('');
  });

  it('text with use: N says how many pieces are left to place, not the ranges of the copies', () => {
    const katamino = puzzleFile('katamino.yaml', `name: Katamino 5x4, I placed\nboard: |\n  IIIII\n  #####\n  #####\n  #####\nuse: 4\n${PIECES.replace(/"\n/g, '", count: 0..1}\n').replace(/: "/g, ': {shape: "')}`);
    const r = snug('hint', katamino);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/1 piece placed, 3 to place: \d+ completions/);
  });

  it('text on a board that cannot be completed names the pieces to take off', () => {
    const r = snug('hint', twoCorners);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/it cannot be completed/);
    expect(r.stdout).toMatch(/Take off (X, W|W, X) and it can be completed again \(no fewer placed pieces would do\)/);
  });

  it('bad flags and bad input: one line, exit 2', () => {
    for (const args of [
      ['hint', halfDone, '--piece', 'Q'],
      ['hint', halfDone, '--reveal', '-1'],
      ['hint', halfDone, '--reveal', 'two'],
      ['hint', halfDone, '--max', '0'],
      ['hint', join(folder, 'missing.yaml')],
    ]) {
      const r = snug(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(snug('hint', halfDone, '--piece', 'Q').stderr).toMatch(/^snug: --piece Q: .*half-done\.yaml has no piece of that name \(its pieces: F, I, L/);
  });
});
