/**
 * Tilings of a flat board of squares under colour constraints, for tests, by code that shares nothing with
 * snug: cells are "x,y" strings, a piece is a map of its cells to their colours ('' for none), its turns are
 * worked out here (a quarter turn (x, y) -> (y, -x), and the mirror x -> -x), and the board is filled by
 * plain backtracking on its first empty cell in reading order. A piece cell of colour c may lie on a board
 * cell of colour b when either is '' or the rules allow b for c.
 *
 * A solution is the set of its placements, each a piece name with its cells and their colours: copies of a
 * piece are never told apart, and the same cells covered with the colours placed otherwise is another
 * solution. `classes` counts them up to the symmetries of the board that keep every board cell's colour.
 */

export interface ColouredPieceSpec {
  readonly name: string;
  /** Art rows: '.' empty, '#' a cell without colour, any other character a cell of the colour it names in `paint`. */
  readonly art: readonly string[];
  readonly paint?: Readonly<Record<string, string>>;
  readonly count: number;
  readonly mirror: boolean;
}

export interface ColouredBoardSpec {
  /** Art rows as for pieces. */
  readonly art: readonly string[];
  readonly paint?: Readonly<Record<string, string>>;
}

type Cells = Map<string, string>;

const at = (x: number, y: number): string => `${x},${y}`;
const xy = (k: string): [number, number] => k.split(',').map(Number) as [number, number];

function readArt(art: readonly string[], paint: Readonly<Record<string, string>> = {}): Cells {
  const cells: Cells = new Map();
  art.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === '.') return;
    cells.set(at(x, y), ch === '#' ? '' : paint[ch] ?? '');
  }));
  return cells;
}

/** The cells moved so that their least x and least y are 0. */
function atOrigin(cells: Cells): Cells {
  const points = [...cells.keys()].map(xy);
  const mx = Math.min(...points.map((p) => p[0]));
  const my = Math.min(...points.map((p) => p[1]));
  return new Map([...cells].map(([k, c]) => {
    const [x, y] = xy(k);
    return [at(x - mx, y - my), c];
  }));
}

const keyOf = (cells: Cells): string => [...cells].map(([k, c]) => `${k}=${c}`).sort().join(';');

/** Each way the piece may lie, with its colours, once. */
function turns(cells: Cells, mirror: boolean): Cells[] {
  const out = new Map<string, Cells>();
  let current = cells;
  for (const flip of mirror ? [false, true] : [false]) {
    current = flip ? new Map([...cells].map(([k, c]) => { const [x, y] = xy(k); return [at(-x, y), c]; })) : cells;
    for (let q = 0; q < 4; q++) {
      const moved = atOrigin(current);
      out.set(keyOf(moved), moved);
      current = new Map([...current].map(([k, c]) => { const [x, y] = xy(k); return [at(y, -x), c]; }));
    }
  }
  return [...out.values()];
}

/** Every solution, each as a sorted list of "name:cell=colour;..." placement strings. */
export function colouredTilings(board: ColouredBoardSpec, pieces: readonly ColouredPieceSpec[], rules: Readonly<Record<string, readonly string[]>>): string[][] {
  const boardCells = readArt(board.art, board.paint);
  const order = [...boardCells.keys()].sort((a, b) => xy(a)[1] - xy(b)[1] || xy(a)[0] - xy(b)[0]);
  const allowed = (piece: string, cell: string): boolean => piece === '' || cell === '' || (rules[piece] ?? []).includes(cell);
  const ways = pieces.map((p) => turns(atOrigin(readArt(p.art, p.paint)), p.mirror));
  const left = pieces.map((p) => p.count);
  const filled = new Set<string>();
  const chosen: string[] = [];
  const found = new Set<string>();
  const out: string[][] = [];
  const go = (): void => {
    const first = order.find((k) => !filled.has(k));
    if (first === undefined) {
      const solution = [...chosen].sort();
      const key = solution.join('|');
      if (!found.has(key)) {
        found.add(key);
        out.push(solution);
      }
      return;
    }
    const [fx, fy] = xy(first);
    pieces.forEach((p, i) => {
      if (left[i] === 0) return;
      for (const way of ways[i]!) {
        // the way's first cell in reading order goes on the first empty cell
        const anchor = [...way.keys()].sort((a, b) => xy(a)[1] - xy(b)[1] || xy(a)[0] - xy(b)[0])[0]!;
        const [ax, ay] = xy(anchor);
        const cells: [string, string][] = [...way].map(([k, c]) => { const [x, y] = xy(k); return [at(x - ax + fx, y - ay + fy), c]; });
        if (!cells.every(([k, c]) => boardCells.has(k) && !filled.has(k) && allowed(c, boardCells.get(k)!))) continue;
        for (const [k] of cells) filled.add(k);
        left[i]!--;
        chosen.push(`${p.name}:${cells.map(([k, c]) => `${k}=${c}`).sort().join(';')}`);
        go();
        chosen.pop();
        left[i]!++;
        for (const [k] of cells) filled.delete(k);
      }
    });
  };
  go();
  return out;
}

/**
 * The number of classes of the solutions under the symmetries of the board (the 8 of the square that map
 * its cells and their colours onto themselves, moved back into place), with pieces turned over by a
 * reflection only when every piece may be turned over (the solutions of one-sided pieces are told apart
 * from their mirror images).
 */
export function colouredClasses(board: ColouredBoardSpec, pieces: readonly ColouredPieceSpec[], solutions: readonly string[][]): number {
  const boardCells = readArt(board.art, board.paint);
  const maps: ((x: number, y: number) => [number, number])[] = [];
  for (const flip of pieces.every((p) => p.mirror) ? [false, true] : [false]) {
    for (let q = 0; q < 4; q++) {
      maps.push((x, y) => {
        let [a, b] = flip ? [-x, y] : [x, y];
        for (let i = 0; i < q; i++) [a, b] = [b, -a];
        return [a, b];
      });
    }
  }
  const symmetries = maps.flatMap((m) => {
    const image = new Map([...boardCells].map(([k, c]) => { const [x, y] = xy(k); const [a, b] = m(x, y); return [at(a, b), c]; }));
    const moved = atOrigin(image);
    const shift = (() => {
      const pts = [...image.keys()].map(xy);
      return [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1]))] as const;
    })();
    const bpts = [...boardCells.keys()].map(xy);
    const origin = [Math.min(...bpts.map((p) => p[0])), Math.min(...bpts.map((p) => p[1]))] as const;
    const back = new Map([...moved].map(([k, c]) => { const [x, y] = xy(k); return [at(x + origin[0], y + origin[1]), c]; }));
    if (keyOf(back) !== keyOf(boardCells)) return [];
    return [(k: string): string => { const [x, y] = xy(k); const [a, b] = m(x, y); return at(a - shift[0] + origin[0], b - shift[1] + origin[1]); }];
  });
  const seen = new Set<string>();
  let classes = 0;
  for (const solution of solutions) {
    const key = solution.join('|');
    if (seen.has(key)) continue;
    classes++;
    for (const s of symmetries) {
      const image = solution.map((p) => {
        const [name, cells] = p.split(':') as [string, string];
        return `${name}:${cells.split(';').map((e) => { const [k, c] = e.split('='); return `${s(k!)}=${c}`; }).sort().join(';')}`;
      }).sort();
      seen.add(image.join('|'));
    }
  }
  return classes;
}
