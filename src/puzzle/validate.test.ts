import { describe, expect, it } from 'vitest';
import type { Puzzle } from './model.js';
import { wellFormedProblem } from './validate.js';

const domino: Puzzle = {
  name: 'dominoes', dims: 2, mirror: true,
  board: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]],
  pieces: [{ name: 'D', shape: [[0, 0, 0], [1, 0, 0]], count: 2, mirror: true }],
};

describe('wellFormedProblem', () => {
  it('accepts a well-formed puzzle', () => {
    expect(wellFormedProblem(domino)).toBeUndefined();
  });

  it.each([
    ['not an object', undefined, 'must be an object'],
    ['a board cell twice', { ...domino, board: [...domino.board, [0, 0, 0]] }, 'the board lists cell [0, 0, 0] twice'],
    ['a piece cell twice', { ...domino, pieces: [{ ...domino.pieces[0]!, shape: [[0, 0, 0], [1, 0, 0], [1, 0, 0]] }] }, 'lists cell [1, 0, 0] twice'],
    ['a fractional coordinate', { ...domino, board: [[0.5, 0, 0]] }, 'each cell must be [x, y, z]'],
    ['a huge coordinate', { ...domino, board: [[1e9, 0, 0]] }, 'each cell must be [x, y, z]'],
    ['z in 2-D', { ...domino, board: [[0, 0, 1]] }, 'off the flat board'],
    ['no pieces', { ...domino, pieces: [] }, 'pieces must be a non-empty list'],
    ['a count of 0', { ...domino, pieces: [{ ...domino.pieces[0]!, count: 0 }] }, 'count must be a whole number of at least 1'],
    ['a count of NaN', { ...domino, pieces: [{ ...domino.pieces[0]!, count: NaN }] }, 'count must be a whole number of at least 1'],
    ['too many copies', { ...domino, pieces: [{ ...domino.pieces[0]!, count: 20_000 }] }, 'more than 10000 piece copies'],
    ['a name twice', { ...domino, pieces: [domino.pieces[0]!, domino.pieces[0]!] }, 'two pieces are named "D"'],
    ['a shape not at the origin', { ...domino, pieces: [{ ...domino.pieces[0]!, shape: [[1, 0, 0], [2, 0, 0]] }] }, 'must be normalised'],
    ['a disconnected shape', { ...domino, pieces: [{ ...domino.pieces[0]!, shape: [[0, 0, 0], [2, 0, 0]] }] }, 'not connected: its cells must touch face to face'],
    // two horizontal sticks with a gap between them; balls two steps apart
    ['a disconnected piece of sticks', { ...domino, grid: 'stick', board: [[1, 0, 0], [3, 0, 0], [5, 0, 0], [7, 0, 0]], pieces: [{ ...domino.pieces[0]!, shape: [[1, 0, 0], [5, 0, 0]] }] }, 'not connected: its cells must touch end to end'],
    ['a disconnected piece of balls', { ...domino, dims: 3, grid: 'sphere', board: [[0, 0, 0], [2, 0, 0], [1, 1, 0], [3, 1, 0]], pieces: [{ ...domino.pieces[0]!, shape: [[0, 0, 0], [4, 0, 0]] }] }, 'not connected: its cells must touch ball to ball'],
    ['a piece larger than the board', { ...domino, board: [[0, 0, 0]] }, 'more cells than the board'],
    ['a control character in a piece name', { ...domino, pieces: [{ ...domino.pieces[0]!, name: 'D\x1b[2J' }] }, "a piece name 'D\\x1b[2J' contains the unprintable character \\x1b"],
    ['a newline in the puzzle name', { ...domino, name: 'two\nlines' }, "the puzzle name 'two\\nlines' contains the unprintable character \\n"],
    ['an escape in the description', { ...domino, description: 'ok\n\x1b]0;title\x07' }, 'the description contains the unprintable character \\x1b'],
    ['an empty puzzle name', { ...domino, name: '' }, 'the puzzle name is empty'],
    ['a board whose bounding box is too large to index', { ...domino, board: [[0, 0, 0], [4096, 4096, 0]] }, "the board's bounding box has 16785409 cells: more than the limit of 16777216"],
  ])('refuses %s', (_, value, message) => {
    expect(wellFormedProblem(value)).toContain(message);
  });
});
