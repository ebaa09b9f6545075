import { describe, expect, it } from 'vitest';
import { DeadStates } from './dead-states.js';

describe('DeadStates', () => {
  it('remembers exactly the keys added, compared word by word', () => {
    const dead = new DeadStates(4, 1 << 10); // 16 slots: probing and near-collisions are exercised
    const key = (...xs: number[]) => Int32Array.from(xs);
    expect(dead.has(key(1, 2, 3), 3)).toBe(false);
    dead.add(key(1, 2, 3), 3);
    dead.add(key(1, 2), 2);
    dead.add(key(3, 2, 1), 3);
    expect(dead.has(key(1, 2, 3), 3)).toBe(true);
    expect(dead.has(key(1, 2), 2)).toBe(true);
    expect(dead.has(key(3, 2, 1), 3)).toBe(true);
    expect(dead.has(key(1, 2, 3, 4), 3)).toBe(true); // only the first `length` words count
    expect(dead.has(key(1, 2, 4), 3)).toBe(false);
    expect(dead.has(key(2, 1), 2)).toBe(false);
    expect(dead.size).toBe(3);
  });

  it('stops adding when full, and never answers wrongly', () => {
    const dead = new DeadStates(4, 1 << 10);
    for (let i = 0; i < 100; i++) dead.add(Int32Array.of(i, i * 7), 2);
    expect(dead.size).toBe(12); // three quarters of 16 slots
    for (let i = 0; i < 100; i++) expect(dead.has(Int32Array.of(i, i * 7), 2)).toBe(i < 12);
  });
});
