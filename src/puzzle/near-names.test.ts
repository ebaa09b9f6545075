import { describe, expect, it } from 'vitest';
import { catalogNames, resolvePuzzle } from './catalog.js';
import { didYouMean, editDistance, nearNames } from './near-names.js';

describe('did you mean', () => {
  it('counts edits: a letter added, dropped, changed, two neighbours swapped', () => {
    expect(editDistance('soma', 'soma')).toBe(0);
    expect(editDistance('somma', 'soma')).toBe(1);
    expect(editDistance('smoa', 'soma')).toBe(1);
    expect(editDistance('sofa', 'soma')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests the catalog names near a misspelt one, nearest first, and none for a name far from all', () => {
    expect(nearNames('somma', catalogNames())).toEqual(['soma']);
    expect(nearNames('Calibrom', catalogNames())).toEqual(['calibron']);
    expect(nearNames('pentomino-6x11', catalogNames())[0]).toBe('pentomino-6x10');
    expect(nearNames('zzzzzzz', catalogNames())).toEqual([]);
    expect(didYouMean('ab', ['abc', 'abd', 'xyz'])).toBe("; did you mean 'abc' or 'abd'?");
  });

  it('the unknown-puzzle message says it', () => {
    expect(() => resolvePuzzle('somma')).toThrow(/unknown puzzle 'somma': not a file and not in the catalog; did you mean 'soma'\? \(run 'snug list'\)/);
    expect(() => resolvePuzzle('no-such-puzzle-at-all')).toThrow(/not in the catalog \(run 'snug list'\)/);
  });
});
