/**
 * The bitboard engine's search loops and region checks in WebAssembly (their source: wasm/bitboard-loops.ts,
 * AssemblyScript, compiled by scripts/build-wasm.mjs into bitboard-loops-wasm.ts as base64, so that one
 * module loads synchronously in Node and in the browser alike). Where WebAssembly cannot be compiled
 * (bitboardLoopsAvailable), the engine choice takes Dancing Links instead.
 *
 * Why. On the same tables, visiting the same nodes, the loops' search phase takes 0.5 to 0.75 of the time
 * the same loops took in V8's JavaScript (`snug solve ... --stats`, medians of 11 alternated with the
 * JavaScript loops' last commit: 6x10 count 129 -> 93 ms, 5x12 63 -> 44, 4x15 38 -> 18, the Tetris Cube's
 * first solution 75 -> 57, A-Puzzle-A-Day's count 940 -> 661, pentacubes 3x4x5 up to symmetry 7.6 -> 6.1
 * s): the JavaScript loop was compiled more than once in a fresh process before it settled, the two-word
 * window is one 64-bit word here, and no bounds are checked. The wide paths' loops followed, so that every
 * loop has one source.
 *
 * Memory. Each engine has its own instance and memory, sized once for its tables (the memory never grows:
 * growing would detach the views below). The tables are copied in; the search state the engine's own
 * code shares with the loops (the board, the copies left and their list, the path, the fixed words)
 * lives only here, and the engine holds views of it. The engine's 64-bit tables are (low, high) word
 * pairs side by side: little-endian u64 as they are.
 *
 * The table builders (wasm/bitboard-build.ts, in the same module) run in one instance of their own, in a
 * memory that grows (BuildArena).
 */
import { BITBOARD_LOOPS_WASM } from './bitboard-loops-wasm.js';
import type { WasmGlobal, WasmMemory } from './wasm-host.js';
import { PAGE, lazyModule, wasmApi } from './wasm-host.js';

/** What a loop checks after each placement: see BitboardOptions.regions (bitboard-tables.ts). */
export type RegionCheck = 'holes' | 'fill' | 'none';

/** What the loops read: the engine's tables (bitboard-tables.ts), unchanged. */
export interface LoopTables {
  n: number;
  realPieces: number;
  pieceTypes: number;
  fillLimit: number;
  fitLimit: number;
  /** The levels a search may reach (path's length). */
  levels: number;
  keyMasks: Uint8Array | Uint16Array | Int32Array;
  keyPieces: Int32Array;
  slotBase: Int32Array;
  slotPiece: Int32Array;
  pieceSlots: Int32Array;
  pastLast: Int32Array;
  pieceRadix: Int32Array;
  candStart: Int32Array;
  gap: Uint8Array;
  // (the 64-bit tables as (low, high) word pairs)
  rel: Int32Array;
  haloRel: Int32Array;
  nbrWin: Int32Array;
  edge: Int32Array;
  // the general search's
  optRel: Int32Array;
  candSize: Int32Array;
  candOpt: Int32Array;
  slack: Int32Array;
  pieceSize: Int32Array;
  stateCopies: Int32Array;
  sizeValue: Int32Array;
  sizeRadix: Int32Array;
  sizeSlots: Int32Array;
  holePiece: number;
  minTotal: number;
  maxTotal: number;
  smallestSize: number;
  largestSize: number;
  capCopies: boolean;
  // the wide paths'
  span: number;
  wordCount: number;
  candMask: Int32Array;
  lastCell: Int32Array;
  haloStart: Int32Array;
  candHalo: Int32Array;
  nbrStart: Int32Array;
  nbr: Int32Array;
  optional: Uint8Array;
}

/** Called by the loops: a solution at path[0 .. depth-1], and the clock's check; each true to stop. */
export interface LoopHooks {
  emit(depth: number): boolean;
  tick(nodes: number): boolean;
}

/** The key and the node a run starts from (see run in wasm/bitboard-loops.ts). */
export interface LoopRun {
  /** The loop: the exact search on one or two words, or the general search. */
  loop: 'one' | 'two' | 'general';
  slots: number;
  keyBits: number;
  total: number;
  regions: RegionCheck;
  keyOffset: Int32Array;
  keyWidth: Int32Array;
  avail: number;
  single: number;
  sizeState: number;
  depth: number;
  cell: number;
  /** The general search's counters at the node, and its budget of cells to leave empty (0 for the exact search). */
  placed: number;
  needCount: number;
  needArea: number;
  needSlots: number;
  free: number;
  freeOpt: number;
  skips: number;
  interval: number;
}

interface LoopExports {
  runWindow(loop: number, ...args: number[]): number;
  childAliveWindow(loop: number, regionMode: number, k: number, c: number, lo: number, hi: number, state: number, skips: number): number;
  runWideLoop(loop: number, ...args: number[]): number;
  childAliveWide(loop: number, regionMode: number, k: number, skips: number, state: number): number;
  allRegionsAlive(loop: number, skips: number, state: number): number;
  cappedSizeState(state: number, mustCover: number, piecesLeft: number): number;
  [global: string]: unknown;
}

/** The module, compiled once per process (or worker); null where WebAssembly cannot be compiled. */
const loopModule = lazyModule(BITBOARD_LOOPS_WASM);

/**
 * Whether the window loops can run here. Where they cannot, the engine runs every search on its wide path
 * (the same search, in JavaScript, slower): an answer, never an error.
 */
export function bitboardLoopsAvailable(): boolean {
  return loopModule() !== null;
}

/** The loops' number for each region check (their regionMode). */
const REGION_CODE = { none: 0, fill: 1, holes: 2 } as const;

/** The module's number for each search (runWindow's; the wide exports read 0 as the general search, any other as the exact one). */
const LOOP_CODE = { one: 1, two: 2, general: 0 } as const;

export class BitboardLoops {
  /** The copies left of each piece type (the engine's `remaining`). */
  readonly remaining: Int32Array;
  /** The candidates placed, by level (the engine's `path`). */
  readonly path: Int32Array;
  /** fixedWords[x]: cells x .. x+31 after the first levels (the engine's `fixedWords`), x < n + 64. */
  readonly fixedWords: Int32Array;
  /** The board's words and padding (the engine's `board`). */
  readonly board: Int32Array;
  /** The linked list of the pieces with copies left (the engine's `nextPiece`, `prevPiece`). */
  readonly nextPiece: Int32Array;
  readonly prevPiece: Int32Array;
  private readonly loops: LoopExports;

  constructor(t: LoopTables, hooks: LoopHooks) {
    // (the board's words, then its padding: span + 1 words)
    const boardWords = t.wordCount + t.span + 1;
    // What goes in: the tables, copied as they are, and the search state.
    const copied: Record<string, Uint8Array | Uint16Array | Int32Array> = {
      KEY_MASKS: t.keyMasks, KEY_PIECES: t.keyPieces, SLOT_BASE: t.slotBase, SLOT_PIECE: t.slotPiece,
      PIECE_SLOTS: t.pieceSlots, PAST_LAST: t.pastLast, PIECE_RADIX: t.pieceRadix, CAND_START: t.candStart,
      GAP: t.gap, CAND_SIZE: t.candSize, CAND_OPT: t.candOpt, SLACK: t.slack, PIECE_SIZE: t.pieceSize,
      STATE_COPIES: t.stateCopies, SIZE_VALUE: t.sizeValue, SIZE_RADIX: t.sizeRadix, SIZE_SLOTS: t.sizeSlots,
      CAND_MASK: t.candMask, LAST_CELL: t.lastCell, HALO_START: t.haloStart, CAND_HALO: t.candHalo,
      NBR_START: t.nbrStart, NBR: t.nbr, OPTIONAL: t.optional,
      REL: t.rel, HALO_REL: t.haloRel, NBR_WIN: t.nbrWin, EDGE: t.edge, OPT_REL: t.optRel,
    };
    const state: Record<string, number> = {
      REMAINING: t.pieceTypes * 4,
      PATH: t.levels * 4,
      // (the two-word loop reads x + 32 for x < n + 64)
      FIXED: (t.n + 96) * 4,
      LEVEL_KEY: t.levels * 4, LEVEL_SLOTS: t.levels * 4, LEVEL_SLOT: t.levels * 4, LEVEL_CANDS: t.levels * 4,
      LEVEL_WINDOW: t.levels * 8,
      BOARD: boardWords * 4,
      NEXT_PIECE: (t.pieceTypes + 1) * 4, PREV_PIECE: (t.pieceTypes + 1) * 4,
      MARK: t.n * 4, QUEUE: t.n * 4, REGION_WORDS: boardWords * 4,
    };
    // The layout: each at a multiple of 8 bytes, from 8 on.
    const at = new Map<string, number>();
    let top = 8;
    const reserve = (name: string, bytes: number): void => {
      at.set(name, top);
      top += (bytes + 7) & ~7;
    };
    for (const [name, table] of Object.entries(copied)) reserve(name, table.byteLength);
    for (const [name, bytes] of Object.entries(state)) reserve(name, bytes);

    const memory = new wasmApi!.Memory({ initial: Math.ceil(top / PAGE) });
    const imports = {
      env: { memory },
      snug: {
        emit: (depth: number): boolean => hooks.emit(depth),
        tick: (nodes: number): boolean => hooks.tick(nodes),
      },
    };
    this.loops = new wasmApi!.Instance(loopModule()!, imports).exports as unknown as LoopExports;
    const buffer = memory.buffer;
    for (const [name, address] of at) this.setGlobal(name, address);
    for (const [name, table] of Object.entries(copied)) {
      new Uint8Array(buffer, at.get(name)!, table.byteLength).set(new Uint8Array(table.buffer, table.byteOffset, table.byteLength));
    }
    const i32 = (name: string, length: number): Int32Array => new Int32Array(buffer, at.get(name)!, length);
    this.setGlobal('KEY_MASK_SHIFT', Math.log2(t.keyMasks.BYTES_PER_ELEMENT));
    this.setGlobal('holePiece', t.holePiece);
    this.setGlobal('minTotal', t.minTotal);
    this.setGlobal('maxTotal', t.maxTotal);
    this.setGlobal('smallestSize', t.smallestSize);
    this.setGlobal('largestSize', t.largestSize);
    this.setGlobal('sizeCount', t.sizeValue.length);
    this.setGlobal('capCopies', t.capCopies ? 1 : 0);
    this.setGlobal('cells', t.n);
    this.setGlobal('realPieces', t.realPieces);
    this.setGlobal('pieceTypes', t.pieceTypes);
    this.setGlobal('fillLimit', t.fillLimit);
    this.setGlobal('fitLimit', t.fitLimit);
    this.setGlobal('span', t.span);
    this.setGlobal('wordCount', t.wordCount);
    this.remaining = i32('REMAINING', t.pieceTypes);
    this.path = i32('PATH', t.levels);
    this.fixedWords = i32('FIXED', t.n + 64);
    this.board = i32('BOARD', boardWords);
    this.nextPiece = i32('NEXT_PIECE', t.pieceTypes + 1);
    this.prevPiece = i32('PREV_PIECE', t.pieceTypes + 1);
  }

  private setGlobal(name: string, value: number): void {
    (this.loops[name] as WasmGlobal).value = value;
  }

  private global(name: string): number {
    return (this.loops[name] as WasmGlobal).value;
  }

  /** The search from the node `r` describes; returns its nodes. */
  run(r: LoopRun): number {
    this.setGlobal('stopDepth', -1);
    const o = r.keyOffset;
    const w = r.keyWidth;
    return this.loops.runWindow(LOOP_CODE[r.loop], r.slots, r.keyBits, r.total, REGION_CODE[r.regions], o[0]!, o[1]!, o[2]!, w[0]!, w[1]!, w[2]!, r.avail, r.single, r.sizeState, r.depth, r.cell,
      r.placed, r.needCount, r.needArea, r.needSlots, r.free, r.freeOpt, r.skips, r.interval);
  }

  /**
   * The search on the wide path from the node `r` describes (its key, cell and slots unused); returns its
   * nodes.
   */
  runWide(r: LoopRun): number {
    this.setGlobal('stopDepth', -1);
    return this.loops.runWideLoop(LOOP_CODE[r.loop], r.total, REGION_CODE[r.regions], r.sizeState, r.depth,
      r.placed, r.needCount, r.needArea, r.free, r.freeOpt, r.interval);
  }

  /** The wide path's check of a child, after candidate k, just placed (the board current): the check `regions` of its loop. */
  childAliveWide(loop: LoopRun['loop'], regions: RegionCheck, k: number, skips: number, state: number): boolean {
    return this.loops.childAliveWide(LOOP_CODE[loop], REGION_CODE[regions], k, skips, state) !== 0;
  }

  /** Every region of the board, on any path; the general search's: at most `skips` cells left empty. */
  allRegionsAlive(loop: LoopRun['loop'], skips: number, state: number): boolean {
    return this.loops.allRegionsAlive(LOOP_CODE[loop], skips, state) !== 0;
  }

  /** Rule (8): `state` with each size's copies capped (see cappedState in wasm/bitboard-loops.ts). */
  cappedState(state: number, mustCover: number, piecesLeft: number): number {
    return this.loops.cappedSizeState(state, mustCover, piecesLeft);
  }

  /**
   * Where the clock stopped the last run: the depth and the candidate it was about to place (none on the
   * wide path, which had placed it: path[0 .. depth-1] is the node); undefined if it did not.
   */
  clockStop(): { depth: number; next: number | undefined } | undefined {
    const depth = this.global('stopDepth');
    const next = this.global('stopNext');
    return depth < 0 ? undefined : { depth, next: next >= 0 ? next : undefined };
  }

  /**
   * A window loop's check `regions` of a child, after candidate k at cell c: `lo`, `hi` the window with k
   * placed, `state` the size state (the general search's: capped by rule (8)), `skips` the general
   * search's budget.
   */
  childAlive(loop: LoopRun['loop'], regions: RegionCheck, k: number, c: number, lo: number, hi: number, state: number, skips: number): boolean {
    return this.loops.childAliveWindow(LOOP_CODE[loop], REGION_CODE[regions], k, c, lo, hi, state, skips) !== 0;
  }

  /** The cells the region fills visited since the last call. */
  takeUpdates(): number {
    const updates = this.global('updates');
    this.setGlobal('updates', 0);
    return updates;
  }
}

/** The table builders (wasm/bitboard-build.ts), with the results they leave in globals. */
export interface BuildKernels {
  sortPlacements(count: number, callers: number, pieceOf: number, cellStart: number, cellList: number, indexOf: number, n: number, P: number, R: number,
    pieceCounts: number, placedFirst: number, group: number, groupStart: number): void;
  fillCandidates(count: number, callers: number, P: number, span: number, cellStart: number, cellList: number, optional: number, group: number, next: number,
    candMask: number, candPlacement: number, candPiece: number, candCell: number, candSize: number, candOpt: number,
    placementCand: number, lastCell: number, candCellStart: number, candCells: number, m: number): void;
  buildHalos(m: number, candCellStart: number, candCells: number, nbrStart: number, nbr: number, seen: number, haloStart: number, halo: number): number;
  relativeCells(m: number, candCellStart: number, candCells: number, rel: number, covered: number): void;
  keyMasks(n: number, P: number, S: number, B: number, candStart: number, rel: number, slotPiece: number, firstSlot: number, skip: number,
    keyCell: number, notCover: number, slotBase: number, masks: number, shift: number, keyPieces: number): void;
  deadPlacements(count: number, cellStart: number, cellList: number, pieceOf: number, nbrStart: number, nbr: number, look: number, reachable: number,
    mark: number, queue: number, dead: number): void;
  placementSums(count: number, cellStart: number, cellList: number, weight: number, sums: number): void;
  lookaheadDead(count: number, words: number, cells: number, pieces: number, cellStart: number, cellList: number, pieceOf: number,
    single: number, required: number, pieceMin: number, pieceStart: number, pieceList: number, dead: number,
    overStart: number, overList: number, byCell: number, byPiece: number, liveSet: number, acc: number,
    conflict: number, made: number, workLimit: number): number;
  windowBits(m: number, n: number, windowCells: number, general: number, candCellStart: number, candCells: number, haloStart: number, halo: number,
    nbrStart: number, nbr: number, optional: number, haloRel: number, optRel: number, nbrWin: number, edge: number): void;
  readonly builtSpan: WasmGlobal;
  readonly builtReach: WasmGlobal;
}

type TypedArray = Uint8Array | Uint16Array | Int32Array;

/** The table builders' instance and memory, shared by every BuildArena of this thread (see BuildArena.open). */
interface BuildSpace {
  readonly kernels: BuildKernels;
  readonly memory: WasmMemory;
  /** The arena that owns the space: the last one opened. */
  generation: number;
  /** Past this address no arena has written: the memory there is still zero. */
  written: number;
}

let space: BuildSpace | undefined;
/** A space whose memory has grown past this is let go when the next arena opens (a memory never shrinks). */
const KEPT_BYTES = 64 << 20;

/**
 * A table builder's memory: its arrays laid out one after another (each at a multiple of 8 bytes, from 8
 * on), the memory growing as they are added. Addresses stay valid; views do not (growing detaches them),
 * so `put` copies in and `take` copies out, each through a view of its own. Every builder of this thread
 * works in one instance of the module and its memory, each in turn: an arena is valid until the next one
 * opens (using one after that throws), so a builder opens one, takes its results out and drops it. One
 * instance rather than one for each builder: making an instance costs about a millisecond in a fresh
 * process, and a preparation builds tables with up to seven.
 */
export class BuildArena {
  private top = 8;

  private constructor(private readonly space: BuildSpace, private readonly generation: number) {}

  /** An arena for one build, which takes the thread's build space over from the last one opened. */
  static open(): BuildArena {
    if (!space || space.memory.buffer.byteLength > KEPT_BYTES) {
      const memory = new wasmApi!.Memory({ initial: 1 });
      const imports = { env: { memory }, snug: { emit: () => true, tick: () => true } };
      const kernels = new wasmApi!.Instance(loopModule()!, imports).exports as unknown as BuildKernels;
      space = { kernels, memory, generation: 0, written: 8 };
    }
    return new BuildArena(space, ++space.generation);
  }

  get kernels(): BuildKernels {
    return this.owned().kernels;
  }

  /** The address of `bytes` new bytes, each `fill` (0 or 0xff: every i32 -1). */
  reserve(bytes: number, fill: 0 | 0xff = 0): number {
    const { memory } = this.owned();
    const address = this.top;
    this.top += (bytes + 7) & ~7;
    const pages = Math.ceil(this.top / PAGE) - memory.buffer.byteLength / PAGE;
    if (pages > 0) memory.grow(pages);
    // (memory past what any arena wrote is zero still: pages a builder never writes are never touched)
    const end = fill === 0 ? Math.min(address + bytes, this.space.written) : address + bytes;
    if (end > address) new Uint8Array(memory.buffer, address, end - address).fill(fill);
    this.space.written = Math.max(this.space.written, this.top);
    return address;
  }

  /** The address of a copy of `array`. */
  put(array: ArrayLike<number> & { readonly byteLength: number; readonly buffer: ArrayBufferLike; readonly byteOffset: number }): number {
    const address = this.reserve(array.byteLength);
    new Uint8Array(this.space.memory.buffer, address, array.byteLength).set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    return address;
  }

  /** A copy of the `length` entries of `type` at `address`. */
  take<T extends TypedArray>(type: { new (buffer: ArrayBuffer, offset: number, length: number): T }, address: number, length: number): T {
    return new type(this.owned().memory.buffer, address, length).slice() as T;
  }

  /** A view of the `length` entries of `type` at `address`, valid until the next reserve or put. */
  view<T extends TypedArray>(type: { new (buffer: ArrayBuffer, offset: number, length: number): T }, address: number, length: number): T {
    return new type(this.owned().memory.buffer, address, length);
  }

  private owned(): BuildSpace {
    if (this.space !== space || this.generation !== space.generation) throw new Error('BuildArena: used after another arena was opened');
    return this.space;
  }
}
