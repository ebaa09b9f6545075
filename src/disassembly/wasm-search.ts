/**
 * The disassembler's search in WebAssembly (wasm/separate.ts, compiled by scripts/build-wasm.mjs into
 * separate-wasm.ts): the host side. One instance per gap cache, over a memory of its own that holds the
 * cache's table and every array of the search, laid out here by a bump allocator: a region that must grow
 * is made anew at the top, the old one copied and left (regions double, so little is left behind).
 *
 * Why. A run takes apart a few assemblies in a fresh process, or thousands in a long one; the search is
 * small integer work per state. In WebAssembly it runs compiled from its first call, with no bound checked.
 * disassembler.ts's separateInJs is its specification, and what runs where WebAssembly cannot be compiled;
 * a test holds the two to the same states, moves and levels.
 */
import type { WasmGlobal, WasmMemory } from '../engines/wasm-host.js';
import { PAGE, lazyModule, wasmApi } from '../engines/wasm-host.js';
import { SEPARATE_WASM } from './separate-wasm.js';

const separateModule = lazyModule(SEPARATE_WASM);

/** What the host reads and sets in an instance (see wasm/separate.ts). */
interface SeparateExports {
  begin(n: number, motions: number, fixedMask: number, bothWays: number, budgetLeft: number): void;
  run(slots: number, slotMask: number, values: number): number;
  HEADER: WasmGlobal;
  SHAPE: WasmGlobal;
  BASE: WasmGlobal;
  MOTIONS: WasmGlobal;
  OPPOSITE: WasmGlobal;
  OFFSETS: WasmGlobal;
  PARENT: WasmGlobal;
  HASHES: WasmGlobal;
  stateRoom: WasmGlobal;
  SEEN: WasmGlobal;
  GAP: WasmGlobal;
  BLOCKERS: WasmGlobal;
  FAR_GROUP: WasmGlobal;
  WIDEST: WasmGlobal;
  MET: WasmGlobal;
  MOVED: WasmGlobal;
  movedRoom: WasmGlobal;
}

/** HEADER's ints (see wasm/separate.ts). */
const USED = 0;
const COUNT = 1;
const CURRENT = 2;
const FOUND_MOTION = 3;
const FOUND_GROUP = 4;
const MISS = 5;
const CAPACITY = 10;

// wasm/separate.ts's codes
const STUCK = 0;
const FOUND = 1;
const UNKNOWN = 2;
const NEED_GAP = 3;
const NEED_ROOM = 4;

/** The most pieces of a part (disassembler.ts's MAX_PART_PIECES): the scratch arrays are made for it once. */
const MOST_PIECES = 30;

/** States the arena first has room for, and moved groups. */
const FIRST_STATE_ROOM = 1024;
const FIRST_MOVED_ROOM = 256;

/** A search's outcome: the state a group separates from (with the states' offsets and parents), or none. */
export type WasmSeparation =
  | { readonly outcome: 'found'; readonly state: number; readonly motion: number; readonly group: number; readonly offsets: Int32Array; readonly parent: Int32Array; readonly states: number }
  | { readonly outcome: 'stuck' | 'unknown'; readonly states: number };

/** The gap table the search reads, kept by the gap cache (disassembler.ts's GapCache) in this memory. */
export interface GapTable {
  /** The slots' and values' addresses and the slot mask, as they are now. */
  readonly slotsAddress: number;
  readonly slotMask: number;
  readonly valuesAddress: number;
  /** Where the gaps of a key start in the values, computing them when they are not there yet. */
  gapsAt(a: number, b: number, rx: number, ry: number, rz: number): number;
}

export class WasmSearch {
  private readonly loop: SeparateExports;
  private readonly memory: WasmMemory;
  /** The next free byte. */
  private top = 16;
  /** The search's growable regions (byte addresses) and their room. */
  private offsets = 0;
  private parent = 0;
  private hashes = 0;
  private seen = 0;
  private stateRoom = 0;
  private width = 0;
  private movedRoom = 0;
  private readonly motionCount: number;
  /** Where HEADER, SHAPE and BASE are (they never move). */
  private readonly header: number;
  private readonly shapeAt: number;
  private readonly baseAt: number;
  private heapView = new Int32Array(0);

  /** An instance over a memory of its own, for `motions` (x y z flattened) and their opposites; undefined where WebAssembly cannot be compiled. */
  static make(motions: Int32Array, opposite: Int32Array | undefined): WasmSearch | undefined {
    const module = separateModule();
    if (module === null) return undefined;
    const memory = new wasmApi!.Memory({ initial: 16 });
    const loop = new wasmApi!.Instance(module, { env: { memory } }).exports as unknown as SeparateExports;
    return new WasmSearch(loop, memory, motions, opposite);
  }

  private constructor(loop: SeparateExports, memory: WasmMemory, motions: Int32Array, opposite: Int32Array | undefined) {
    this.loop = loop;
    this.memory = memory;
    const count = motions.length / 3;
    this.motionCount = count;
    loop.MOTIONS.value = this.allocate(motions.length);
    this.ints(loop.MOTIONS.value, motions.length).set(motions);
    loop.OPPOSITE.value = this.allocate(count);
    if (opposite) this.ints(loop.OPPOSITE.value, count).set(opposite);
    this.header = loop.HEADER.value = this.allocate(16);
    this.shapeAt = loop.SHAPE.value = this.allocate(MOST_PIECES);
    this.baseAt = loop.BASE.value = this.allocate(3 * MOST_PIECES);
    loop.GAP.value = this.allocate(count * MOST_PIECES * MOST_PIECES);
    loop.BLOCKERS.value = this.allocate(count * MOST_PIECES);
    loop.FAR_GROUP.value = this.allocate(count * MOST_PIECES);
    loop.WIDEST.value = this.allocate(count);
    loop.MET.value = this.allocate(count);
    this.growMoved(FIRST_MOVED_ROOM);
    this.growStates(3 * MOST_PIECES, FIRST_STATE_ROOM, 0, 0);
  }

  /** `words` ints at the top (zeroed: memory is never reused), the memory grown as needed; its byte address. */
  allocate(words: number): number {
    const address = this.top;
    this.top += 4 * words + (8 - ((4 * words) % 8)) % 8;
    const short = this.top - this.memory.buffer.byteLength;
    if (short > 0) {
      // at least double, so that growing is rare (each grow may move the memory)
      const pages = Math.max(Math.ceil(short / PAGE), this.memory.buffer.byteLength / PAGE);
      this.memory.grow(pages);
    }
    return address;
  }

  /** A view of `words` ints at `address` (valid until the memory next grows). */
  ints(address: number, words: number): Int32Array {
    return new Int32Array(this.memory.buffer, address, words);
  }

  /** The whole memory as ints, made again when the memory has grown (which leaves a view empty). */
  private get heap(): Int32Array {
    if (this.heapView.length === 0 || this.heapView.buffer !== this.memory.buffer) this.heapView = new Int32Array(this.memory.buffer);
    return this.heapView;
  }

  /**
   * Breadth-first from `start` (3 offsets a piece of the part) to the first state where a group can be
   * separated. `pieces`: the part's pieces; `shapeId` and `base`, by piece, its shape in the table and its
   * corner; `fixedMask` the part's pieces that never move; `budgetLeft` the states it may keep before it
   * gives up.
   */
  separate(table: GapTable, pieces: readonly number[], shapeId: Int32Array, base: Int32Array, start: Int32Array, fixedMask: number, bothWays: boolean, budgetLeft: number): WasmSeparation {
    const loop = this.loop;
    const n = pieces.length;
    const width = 3 * n;
    if (n > MOST_PIECES) throw new RangeError(`the disassembler takes at most ${MOST_PIECES} pieces at once, not ${n}`);
    if (width > this.width) this.growStates(width, this.stateRoom, 0, 0);
    let heap = this.heap;
    const shapes = this.shapeAt >> 2;
    const bases = this.baseAt >> 2;
    const first = this.offsets >> 2;
    for (let a = 0; a < n; a++) {
      const p = pieces[a]!;
      heap[shapes + a] = shapeId[p]!;
      heap[bases + 3 * a] = base[3 * p]!;
      heap[bases + 3 * a + 1] = base[3 * p + 1]!;
      heap[bases + 3 * a + 2] = base[3 * p + 2]!;
      // the start, its first piece at offset 0
      heap[first + 3 * a] = start[3 * a]! - start[0]!;
      heap[first + 3 * a + 1] = start[3 * a + 1]! - start[1]!;
      heap[first + 3 * a + 2] = start[3 * a + 2]! - start[2]!;
    }
    loop.begin(n, this.motionCount, fixedMask, bothWays ? 1 : 0, Math.min(budgetLeft, 0x7fffffff));
    const header = this.header >> 2;
    for (;;) {
      const code = loop.run(table.slotsAddress, table.slotMask, table.valuesAddress);
      heap = this.heap;
      if (code === NEED_GAP) {
        table.gapsAt(heap[header + MISS]!, heap[header + MISS + 1]!, heap[header + MISS + 2]!, heap[header + MISS + 3]!, heap[header + MISS + 4]!);
      } else if (code === NEED_ROOM) {
        const count = heap[header + COUNT]!;
        if (count >= this.stateRoom) this.growStates(width, 2 * this.stateRoom, count, heap[header + CAPACITY]!);
        else this.growMoved(2 * this.movedRoom);
      } else {
        const states = heap[header + USED]!;
        if (code === STUCK) return { outcome: 'stuck', states };
        if (code === UNKNOWN) return { outcome: 'unknown', states };
        if (code !== FOUND) throw new Error(`the disassembler's search returned ${code}`);
        const count = heap[header + COUNT]!;
        return {
          outcome: 'found',
          state: heap[header + CURRENT]!,
          motion: heap[header + FOUND_MOTION]!,
          group: heap[header + FOUND_GROUP]!,
          offsets: heap.subarray(this.offsets >> 2, (this.offsets >> 2) + count * width),
          parent: heap.subarray(this.parent >> 2, (this.parent >> 2) + count),
          states,
        };
      }
    }
  }

  /** Room for `room` states of `width` ints, the first `count` states and `capacity` slots of the seen table kept. */
  private growStates(width: number, room: number, count: number, capacity: number): void {
    const offsets = this.allocate(room * width);
    const parent = this.allocate(room);
    const hashes = this.allocate(room);
    const seen = this.allocate(4 * room);
    if (count > 0) {
      const all = new Int32Array(this.memory.buffer);
      all.copyWithin(offsets >> 2, this.offsets >> 2, (this.offsets >> 2) + count * width);
      all.copyWithin(parent >> 2, this.parent >> 2, (this.parent >> 2) + count);
      all.copyWithin(hashes >> 2, this.hashes >> 2, (this.hashes >> 2) + count);
      all.copyWithin(seen >> 2, this.seen >> 2, (this.seen >> 2) + capacity);
    }
    this.offsets = offsets;
    this.parent = parent;
    this.hashes = hashes;
    this.seen = seen;
    this.stateRoom = room;
    this.width = width;
    const loop = this.loop;
    loop.OFFSETS.value = offsets;
    loop.PARENT.value = parent;
    loop.HASHES.value = hashes;
    loop.SEEN.value = seen;
    loop.stateRoom.value = room;
  }

  private growMoved(room: number): void {
    this.loop.MOVED.value = this.allocate(2 * room);
    this.movedRoom = room;
    this.loop.movedRoom.value = room;
  }
}
