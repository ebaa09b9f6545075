/**
 * Playing by hand (play-model.ts) against figures that share no code with it: the published numbers of
 * fixed polyforms (OEIS A001168 pentominoes 63, A001207 tetrahexes 44, A001420 hexiamonds 94), and turns,
 * flips and placements computed here on plain (x, y) points.
 */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../geometry/cell.js';
import { cellKey } from '../geometry/cell.js';
import { catalogPuzzle as loadCatalogPuzzle } from './catalog.js';
import { parsePuzzle } from '../puzzle/format.js';
import type { Held } from './play-model.js';
import { cellCentre, PlayModel } from './play-model.js';

type Xy = readonly [number, number];
const key = (cells: readonly (readonly number[])[]): string => cells.map((c) => `${c[0]},${c[1]},${c[2] ?? 0}`).sort().join(' ');

/** Every orientation a person reaches from the tray by turning and flipping (and turning back). */
function reachable(model: PlayModel, piece: number): Set<number> {
  const seen = new Set<number>();
  const todo: Held[] = [model.pick(piece)];
  while (todo.length) {
    const h = todo.pop()!;
    if (seen.has(h.orientation)) continue;
    seen.add(h.orientation);
    for (const next of [model.turn(h), model.turn(h, true), model.flip(h)]) if (next) todo.push(next);
  }
  return seen;
}

describe('turning and flipping a held piece', () => {
  it.each([
    ['pentomino-6x10', 63],
    ['tetrahexes-7x4', 44],
    ['hexiamonds-6x6', 94],
  ])('%s: every fixed orientation is reached, and only those (%i in all)', (name, fixed) => {
    const model = new PlayModel(loadCatalogPuzzle(name));
    let total = 0;
    model.puzzle.pieces.forEach((_, i) => {
      const seen = reachable(model, i);
      expect(seen.size).toBe(model.orientations[i]!.length);
      total += seen.size;
    });
    expect(total).toBe(fixed);
  });

  it('turns a square piece a quarter turn clockwise on the screen about the cell held, and flips it left to right', () => {
    const model = new PlayModel(loadCatalogPuzzle('pentomino-6x10'));
    const anchor: Cell = [4, 3, 0];
    // on the screen y points down: clockwise takes right (1, 0) to down (0, 1)
    const clockwise = ([x, y]: Xy): Xy => [-y, x];
    const mirror = ([x, y]: Xy): Xy => [-x, y];
    const about = (cells: readonly Cell[], f: (p: Xy) => Xy): string =>
      key(cells.map((c) => {
        const [dx, dy] = f([c[0] - anchor[0], c[1] - anchor[1]]);
        return [anchor[0] + dx, anchor[1] + dy, 0];
      }));
    model.puzzle.pieces.forEach((_, piece) => {
      model.orientations[piece]!.forEach((cells, orientation) => {
        cells.forEach((_, grab) => {
          const held: Held = { piece, orientation, grab };
          const before = model.cellsAt(held, anchor);
          expect(before.map(cellKey)).toContain(cellKey(anchor));
          expect(key(model.cellsAt(model.turn(held)!, anchor))).toBe(about(before, clockwise));
          expect(key(model.cellsAt(model.turn(held, true)!, anchor))).toBe(about(before, (p) => clockwise(clockwise(clockwise(p)))));
          expect(key(model.cellsAt(model.flip(held)!, anchor))).toBe(about(before, mirror));
        });
      });
    });
  });

  it('turns a hexagon piece by 60 degrees clockwise about the cell held', () => {
    const model = new PlayModel(loadCatalogPuzzle('tetrahexes-7x4'));
    const anchor = model.puzzle.board[10]!;
    const [ax, ay] = cellCentre(model.grid, anchor);
    const fixed = (v: number): string => (Math.abs(v) < 5e-4 ? 0 : v).toFixed(3);
    const turned = (c: Cell): string => {
      const [x, y] = cellCentre(model.grid, c);
      const [dx, dy] = [x - ax, y - ay];
      const [cos, sin] = [Math.cos(Math.PI / 3), Math.sin(Math.PI / 3)];
      return `${fixed(ax + dx * cos - dy * sin)},${fixed(ay + dx * sin + dy * cos)}`;
    };
    const centres = (cells: readonly Cell[]): string[] => cells.map((c) => cellCentre(model.grid, c).map(fixed).join(',')).sort();
    for (let piece = 0; piece < model.puzzle.pieces.length; piece++) {
      let held = model.pick(piece);
      for (let k = 0; k < 6; k++) {
        const next = model.turn(held)!;
        expect(centres(model.cellsAt(next, anchor))).toEqual(model.cellsAt(held, anchor).map(turned).sort());
        held = next;
      }
      expect(held).toEqual(model.pick(piece));
    }
  });

  it('refuses to turn over a one-sided piece, and to turn a piece that may not turn', () => {
    const model = new PlayModel(parsePuzzle('name: t\nboard: {rect: [4, 4]}\npieces:\n  L: {cells: [[0, 0], [0, 1], [0, 2], [1, 2]], mirror: false}\n  S: {cells: [[0, 0], [1, 0], [1, 1], [2, 1]], rotate: false}\n  O: {rect: [2, 2], rotate: false}\n', 't.yaml'));
    expect(model.flip(model.pick(0))).toBeUndefined();
    expect(model.turn(model.pick(0))).toBeDefined();
    expect(model.turn(model.pick(1))).toBeUndefined();
    // a square is itself when turned: allowed even where turning is not
    expect(model.turn(model.pick(2))?.orientation).toBe(0);
  });

  it('turns a cube piece about the vertical axis and tips it over, reaching all its rotations (24 turns of the cube)', () => {
    const model = new PlayModel(loadCatalogPuzzle('soma'));
    // the rotations of the cube as made here: quarter turns about z and x, closed under composition
    type P = readonly [number, number, number];
    const rz = ([x, y, z]: P): P => [-y, x, z];
    const rx = ([x, y, z]: P): P => [x, -z, y];
    const normal = (cells: readonly P[]): string => {
      const m = [0, 1, 2].map((i) => Math.min(...cells.map((c) => c[i]!)));
      return key(cells.map((c) => [c[0] - m[0]!, c[1] - m[1]!, c[2] - m[2]!]));
    };
    model.puzzle.pieces.forEach((piece, i) => {
      const own = new Set<string>();
      const todo: P[][] = [piece.shape.map((c) => [c[0], c[1], c[2]] as P)];
      while (todo.length) {
        const s = todo.pop()!;
        if (own.has(normal(s))) continue;
        own.add(normal(s));
        todo.push(s.map(rz), s.map(rx));
      }
      expect(reachable(model, i).size).toBe(own.size);
    });
  });
});

describe('putting pieces down', () => {
  it('every orientation at every anchor: the drops that fit are the placements counted here, and the others say why', () => {
    const puzzle = loadCatalogPuzzle('pentomino-6x10');
    const model = new PlayModel(puzzle);
    // placements counted here: every fixed orientation (turns and mirrors of plain points) moved over the 10x6 board
    const rotations = (cells: readonly Xy[]): Set<string> => {
      const out = new Set<string>();
      let s = cells;
      for (let k = 0; k < 8; k++) {
        s = k === 4 ? s.map(([x, y]) => [-x, y] as Xy) : s.map(([x, y]) => [-y, x] as Xy);
        const mx = Math.min(...s.map((c) => c[0]));
        const my = Math.min(...s.map((c) => c[1]));
        out.add(key(s.map(([x, y]) => [x - mx, y - my])));
      }
      return out;
    };
    for (const [i, piece] of puzzle.pieces.entries()) {
      let expected = 0;
      for (const o of rotations(piece.shape.map((c) => [c[0], c[1]] as Xy))) {
        const cells = o.split(' ').map((c) => c.split(',').map(Number));
        const w = Math.max(...cells.map((c) => c[0]!)) + 1;
        const h = Math.max(...cells.map((c) => c[1]!)) + 1;
        expected += (10 - w + 1) * (6 - h + 1);
      }
      const fits = new Set<string>();
      let refused = 0;
      model.orientations[i]!.forEach((cells, orientation) => {
        for (let x = -2; x < 12; x++) {
          for (let y = -2; y < 8; y++) {
            const r = model.check({ piece: i, orientation, grab: 0 }, [x, y, 0]);
            if (r.fits) fits.add(key(r.cells));
            else {
              refused++;
              expect(r.reason).toMatch(/would stick out of the board \(\d of its 5 cells\)$/);
            }
          }
        }
        void cells;
      });
      expect(fits.size).toBe(expected);
      expect(refused).toBeGreaterThan(0);
    }
  });

  it('refuses a drop over another piece, counts the copies, and lifts a piece as it lay', () => {
    const model = new PlayModel(parsePuzzle('name: t\nboard: {rect: [4, 3]}\npieces:\n  D: {rect: [2, 1], count: 2}\n  L: {cells: [[0, 0], [0, 1], [1, 1]]}\n', 't.yaml'));
    const domino = model.pick(0);
    const first = model.drop(domino, [0, 0, 0]);
    expect(first.fits).toBe(true);
    const over = model.check(domino, [1, 0, 0]);
    expect(over).toMatchObject({ fits: false, reason: 'D would overlap piece D' });
    expect(model.drop(domino, [2, 1, 0]).fits).toBe(true);
    expect(model.check(domino, [2, 2, 0])).toMatchObject({ fits: false, reason: 'every copy of D is on the board already' });
    expect(model.copiesLeft(0)).toBe(0);
    // the L lifted by its corner cell and put down again where it was: the same cells
    const l = model.turn(model.pick(1))!;
    const anchor = model.puzzle.board.find((c) => model.check(l, c).fits)!;
    const put = model.drop(l, anchor);
    expect(put.fits).toBe(true);
    const owner = model.ownerOf(put.cells[1]!);
    expect(model.all()[owner]!.piece).toBe('L');
    const lifted = model.lift(owner, put.cells[1]!)!;
    expect(model.all().map((p) => p.piece)).toEqual(['D', 'D']);
    expect(key(model.drop(lifted, put.cells[1]!).cells)).toBe(key(put.cells));
  });

  it('keeps the pieces of the puzzle\'s own where they are', () => {
    const model = new PlayModel(parsePuzzle('name: t\nboard: |\n  DD##\n  ####\npieces:\n  D: {rect: [2, 1], count: 4}\n', 't.yaml'));
    expect(model.all()).toHaveLength(1);
    expect(model.lift(0, [0, 0, 0])).toBeUndefined();
    expect(model.check(model.pick(0), [1, 0, 0])).toMatchObject({ fits: false, reason: 'D would overlap piece D' });
  });
});
