/**
 * A set of search states known to have no solution below them (a transposition table of dead ends).
 * A state is a short sequence of integers, compared exactly: a hash picks the slot, and the stored
 * sequence confirms the hit, so a collision can never make a live state look dead.
 *
 * Memory: `slots` holds, per slot, the offset of its key in `arena` plus one (0: empty); keys are stored
 * in `arena` as [length, ...values]. Open addressing with linear probing. When the arena or the slots
 * are full, new states are no longer added (the search stays correct, only less is remembered). The
 * arrays are made at the first `add` (growing them as they fill was measured slower: rehashing costs more
 * than the memory saved), so an engine that never remembers anything pays nothing.
 */
export class DeadStates {
  private slots = new Int32Array(1);
  private mask = 0;
  private arena = new Int32Array(0);
  private used = 0;
  private count = 0;

  constructor(
    private readonly slotBits = 18,
    private readonly arenaWords = 1 << 22,
  ) {}

  get size(): number {
    return this.count;
  }

  has(key: Int32Array, length: number): boolean {
    return this.find(key, length, hashOf(key, length)) >= 0;
  }

  add(key: Int32Array, length: number): void {
    if (this.arena.length === 0) {
      this.slots = new Int32Array(1 << this.slotBits);
      this.mask = (1 << this.slotBits) - 1;
      this.arena = new Int32Array(this.arenaWords);
    }
    if (this.count * 4 >= this.slots.length * 3 || this.used + length + 1 > this.arena.length) return;
    const h = hashOf(key, length);
    const free = this.find(key, length, h);
    if (free >= 0) return;
    const slot = -free - 1;
    const a = this.arena;
    a[this.used] = length;
    for (let i = 0; i < length; i++) a[this.used + 1 + i] = key[i]!;
    this.slots[slot] = this.used + 1;
    this.used += length + 1;
    this.count++;
  }

  /** The slot holding the key, or -(empty slot + 1) where it would go. */
  private find(key: Int32Array, length: number, h: number): number {
    const a = this.arena;
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = this.slots[slot]!;
      if (at === 0) return -slot - 1;
      if (a[at - 1] !== length) continue;
      let i = 0;
      while (i < length && a[at + i] === key[i]) i++;
      if (i === length) return slot;
    }
  }
}

function hashOf(key: Int32Array, length: number): number {
  let h = 0x811c9dc5 ^ length;
  for (let i = 0; i < length; i++) {
    h = Math.imul(h ^ key[i]!, 0x01000193);
    h ^= h >>> 15;
  }
  h = Math.imul(h, 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
