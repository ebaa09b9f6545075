// AssemblyScript, compiled into a module of its own by scripts/build-wasm.mjs (separate-wasm.ts). The
// disassembler's breadth-first search over one part's arrangements: disassembler.ts's `separateInJs` is
// the specification (the same states in the same order, the same first separation), and its comment at
// the top says what a state, a gap, a closure and a move are.
//
// Why here. The search is small integer work over a few arrays (gaps, bit masks of pieces, a hash table
// of states) done for thousands of states per assembly, and most runs take apart a few assemblies in a
// fresh process: V8 ran the JavaScript in its interpreter for much of that, and compiled it late.
//
// Memory. Every array lives in the instance's memory at an address the host (disassembler.ts, WasmSearch)
// sets in the globals below before a call; the host lays them out and moves them when they grow. A call
// runs until it finds a separation, finds none, passes the state budget, or needs the host:
//   NEED_GAP   a pair's gaps are not in the gap table: the host computes them (GapCache), puts them in,
//              and calls again. A state's gaps are all read before any child is made, so the state is
//              expanded again from its start with nothing done twice.
//   NEED_ROOM  the state arena or the list of moved groups is full: the host grows it and calls again.
//              The state is expanded again from its start: the children it kept are met again as states
//              seen before, and the rest are made in the same order.

// ---- the layout (byte addresses of i32 arrays), set by the host ----
/** The gap table (given to run): 6 ints a slot (shape a, shape b, rx, ry, rz, where its gaps start in GAP_VALUES + 1; 0: empty). */
let GAP_SLOTS: usize = 0;
let gapSlotMask: i32 = 0;
/** The gaps of each entry of the table, `motions` ints an entry. */
let GAP_VALUES: usize = 0;
/** By piece of the part: its shape's id in the table, and its shape's corner (3 ints) in the assembly. */
export let SHAPE: usize = 0;
export let BASE: usize = 0;
/** The motions, x y z each, and each motion's opposite (when `bothWays`). */
export let MOTIONS: usize = 0;
export let OPPOSITE: usize = 0;
/** The states: offsets (3 per piece), parent and hash by state, room for `stateRoom` states. */
export let OFFSETS: usize = 0;
export let PARENT: usize = 0;
export let HASHES: usize = 0;
export let stateRoom: i32 = 0;
/** The table of states seen (index + 1 a slot), its first `capacity` slots in use (4 stateRoom slots of room). */
export let SEEN: usize = 0;
/** Scratch of one state's expansion: gap (motions n n), blockers and farGroup (motions n), widest and met (motions). */
export let GAP: usize = 0;
export let BLOCKERS: usize = 0;
export let FAR_GROUP: usize = 0;
export let WIDEST: usize = 0;
export let MET: usize = 0;
/** The groups moved along the current motion from the current state: (k, group) pairs, room for `movedRoom`. */
export let MOVED: usize = 0;
export let movedRoom: i32 = 0;

// ---- the search, set by begin() and kept between calls (HEADER tells the host what it needs) ----
let pieces: i32 = 0;
let motions: i32 = 0;
/** Pieces that never move (a frame), a bit mask; 1 when each motion's opposite is in OPPOSITE. */
let fixedMask: i32 = 0;
let bothWays: i32 = 0;
/** The states that may still be kept before the search gives up ('unknown'), and those kept so far. */
let budgetLeft: f64 = 0;
let used: f64 = 0;
let count: i32 = 0;
let current: i32 = 0;
let capacity: i32 = 0;

// ---- what a call found, written at HEADER (the host reads memory, which is cheaper than globals) ----
/**
 * HEADER's ints: 0 the states kept (`used`), 1 `count`, 2 `current` (FOUND: the state the group separates
 * from), 3 and 4 FOUND's motion and group (a bit mask of the part's pieces), 5-9 NEED_GAP's pair (shape a,
 * shape b, b's corner from a's), 10 the seen table's slots in use (`capacity`).
 */
export let HEADER: usize = 0;
let missA: i32 = 0;
let missB: i32 = 0;
let missX: i32 = 0;
let missY: i32 = 0;
let missZ: i32 = 0;
let foundMotion: i32 = 0;
let foundGroup: i32 = 0;

/** Writes what the host reads after a call; returns `code`. */
function report(code: i32): i32 {
  store<i32>(HEADER, <i32>used);
  store<i32>(HEADER, count, 4);
  store<i32>(HEADER, current, 8);
  store<i32>(HEADER, foundMotion, 12);
  store<i32>(HEADER, foundGroup, 16);
  store<i32>(HEADER, missA, 20);
  store<i32>(HEADER, missB, 24);
  store<i32>(HEADER, missX, 28);
  store<i32>(HEADER, missY, 32);
  store<i32>(HEADER, missZ, 36);
  store<i32>(HEADER, capacity, 40);
  return code;
}

export const STUCK = 0;
export const FOUND = 1;
export const UNKNOWN = 2;
export const NEED_GAP = 3;
export const NEED_ROOM = 4;

const FAR: i32 = 0x3fffffff;

@inline function get(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

@inline function set(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

@inline function bitCount(mask: i32): i32 {
  return <i32>popcnt<i32>(mask);
}

/** The FNV-1a step the host's hash of a state uses too (see disassembler.ts). */
@inline function mix(h: i32, v: i32): i32 {
  return (h ^ v) * 0x01000193;
}

/** The gap table's hash of a key: disassembler.ts's gapHash. */
function gapHash(a: i32, b: i32, rx: i32, ry: i32, rz: i32): i32 {
  let h = (a ^ 0x9e3779b9) * 0x85ebca6b ^ (b + 0x7f4a7c15) * 0xc2b2ae35;
  h = (h ^ rx) * 0x01000193;
  h = (h ^ ry) * 0x01000193;
  h = (h ^ rz) * 0x01000193;
  return h ^ (h >>> 15);
}

/** Where the gaps of the key start in GAP_VALUES, or -1 (and the key in miss*) when the table lacks them. */
function gapsAt(a: i32, b: i32, rx: i32, ry: i32, rz: i32): i32 {
  let slot = gapHash(a, b, rx, ry, rz) & gapSlotMask;
  for (;;) {
    const at = GAP_SLOTS + (<usize>(slot * 6) << 2);
    const value = load<i32>(at, 20);
    if (value == 0) break;
    if (load<i32>(at) == a && load<i32>(at, 4) == b && load<i32>(at, 8) == rx && load<i32>(at, 12) == ry && load<i32>(at, 16) == rz) return value - 1;
    slot = (slot + 1) & gapSlotMask;
  }
  missA = a;
  missB = b;
  missX = rx;
  missY = ry;
  missZ = rz;
  return -1;
}

/** Records that piece a may slide v steps along motion m before it touches b (v below FAR). */
@inline function gapIs(m: i32, a: i32, b: i32, v: i32): void {
  const n = pieces;
  set(GAP, (m * n + a) * n + b, v);
  set(MET, m, get(MET, m) | (v < 31 ? 1 << v : 1 << 31));
  set(BLOCKERS, m * n + a, get(BLOCKERS, m * n + a) | (1 << b));
  if (v > get(WIDEST, m)) set(WIDEST, m, v);
}

/** disassembler.ts's closure: p's closure for k steps along m, 0 when it has more than `most` pieces. */
function closure(m: i32, p: i32, k: i32, most: i32): i32 {
  const n = pieces;
  let group = 1 << p;
  let size = 1;
  let todo = group;
  const row = m * n * n;
  while (todo != 0) {
    const a = ctz<i32>(todo);
    todo &= todo - 1;
    let near = get(BLOCKERS, m * n + a) & ~group;
    if (k < FAR) {
      const base = row + a * n;
      let within = 0;
      for (let rest = near; rest != 0; rest &= rest - 1) {
        const b = ctz<i32>(rest);
        if (get(GAP, base + b) < k) within |= 1 << b;
      }
      near = within;
    }
    if (near == 0) continue;
    size += bitCount(near);
    if (size > most) return 0;
    group |= near;
    todo |= near;
  }
  return group;
}

/** A group of at most `most` movers (with a frame, those not holding it), or 0. */
@inline function framed(group: i32, most: i32): i32 {
  if (group == 0) return 0;
  const size = bitCount(group);
  const movers = (group & fixedMask) != 0 ? pieces - size : size;
  return movers >= 1 && movers <= most ? group : 0;
}

/**
 * Keeps the state written at `count` when it is new (its parent `from`, its hash `h`): 1, or 0 when it was
 * seen before. The host has made room for it (count < stateRoom).
 */
function keep(h: i32, from: i32): i32 {
  const width = 3 * pieces;
  const mask = capacity - 1;
  const at = <usize>(count * width) << 2;
  let slot = h & mask;
  for (;;) {
    const entry = get(SEEN, slot);
    if (entry == 0) break;
    if (get(HASHES, entry - 1) == h) {
      const other = <usize>((entry - 1) * width) << 2;
      let same = true;
      for (let i: usize = 12; i < <usize>(width << 2) && same; i += 4) same = load<i32>(OFFSETS + other + i) == load<i32>(OFFSETS + at + i);
      if (same) return 0;
    }
    slot = (slot + 1) & mask;
  }
  set(PARENT, count, from);
  set(HASHES, count, h);
  count++;
  set(SEEN, slot, count);
  used += 1;
  if (2 * count > capacity) {
    // keep the table at most half full: every state again into one twice the size (SEEN has the room)
    capacity *= 2;
    const wider = capacity - 1;
    memory.fill(SEEN, 0, <usize>capacity << 2);
    for (let k = 0; k < count; k++) {
      let s = get(HASHES, k) & wider;
      while (get(SEEN, s) != 0) s = (s + 1) & wider;
      set(SEEN, s, k + 1);
    }
  }
  return 1;
}

/**
 * Starts a search: the host has written the start (its first piece at offset 0) as state 0. Keeps it;
 * then run() from it.
 */
export function begin(n: i32, motionCount: i32, fixed: i32, pairsBothWays: i32, budget: f64): void {
  pieces = n;
  motions = motionCount;
  fixedMask = fixed;
  bothWays = pairsBothWays;
  budgetLeft = budget;
  used = 0;
  count = 0;
  current = 0;
  capacity = 64;
  memory.fill(SEEN, 0, <usize>capacity << 2);
  let h: i32 = 0x811c9dc5;
  for (let i = 3; i < 3 * n; i++) h = mix(h, get(OFFSETS, i));
  keep(h, -1);
}

/** The state at `count` from state `from`: `group` moved k steps along m (see disassembler.ts, move). */
@inline function move(from: i32, group: i32, k: i32, m: i32): void {
  const n = pieces;
  const width = 3 * n;
  // a group holding the first piece stands for the others moving back: the first piece stays at 0
  const flip = (group & 1) != 0;
  const movers = flip ? ((1 << n) - 1) & ~group : group;
  const sign = flip ? -k : k;
  const dx = sign * get(MOTIONS, 3 * m);
  const dy = sign * get(MOTIONS, 3 * m + 1);
  const dz = sign * get(MOTIONS, 3 * m + 2);
  const src = OFFSETS + (<usize>(from * width) << 2);
  const dst = OFFSETS + (<usize>(count * width) << 2);
  store<i32>(dst, 0);
  store<i32>(dst, 0, 4);
  store<i32>(dst, 0, 8);
  let h: i32 = 0x811c9dc5;
  for (let a = 1; a < n; a++) {
    const moves = (movers >>> a) & 1;
    const at = <usize>(3 * a) << 2;
    const x = load<i32>(src + at) + moves * dx;
    const y = load<i32>(src + at, 4) + moves * dy;
    const z = load<i32>(src + at, 8) + moves * dz;
    store<i32>(dst + at, x);
    store<i32>(dst + at, y, 4);
    store<i32>(dst + at, z, 8);
    h = mix(mix(mix(h, x), y), z);
  }
  keep(h, from);
}

/** True when the list of groups moved holds (k, group). */
function movedHas(used: i32, k: i32, group: i32): bool {
  for (let i = 0; i < used; i++) if (get(MOVED, 2 * i) == k && get(MOVED, 2 * i + 1) == group) return true;
  return false;
}

/** Breadth-first from `current` on, the gap table where the host has it now: see the codes at the top. */
export function run(slots: usize, slotMask: i32, values: usize): i32 {
  GAP_SLOTS = slots;
  gapSlotMask = slotMask;
  GAP_VALUES = values;
  return report(search());
}

function search(): i32 {
  const n = pieces;
  const width = 3 * n;
  const half = n >> 1;
  const all = (1 << n) - 1;
  // a closure may hold at most half the pieces (with a frame: any but everything, see framed)
  const closureMost = fixedMask == 0 ? half : n - 1;
  for (; current < count; current++) {
    const at = current * width;
    memory.fill(BLOCKERS, 0, <usize>(n * motions) << 2);
    memory.fill(WIDEST, 0, <usize>motions << 2);
    memory.fill(MET, 0, <usize>motions << 2);
    for (let a = 0; a < n; a++) {
      for (let b = bothWays ? a + 1 : 0; b < n; b++) {
        if (a == b) continue;
        const g = gapsAt(
          get(SHAPE, a), get(SHAPE, b),
          get(BASE, 3 * b) + get(OFFSETS, at + 3 * b) - get(BASE, 3 * a) - get(OFFSETS, at + 3 * a),
          get(BASE, 3 * b + 1) + get(OFFSETS, at + 3 * b + 1) - get(BASE, 3 * a + 1) - get(OFFSETS, at + 3 * a + 1),
          get(BASE, 3 * b + 2) + get(OFFSETS, at + 3 * b + 2) - get(BASE, 3 * a + 2) - get(OFFSETS, at + 3 * a + 2),
        );
        if (g < 0) return NEED_GAP;
        for (let m = 0; m < motions; m++) {
          const v = get(GAP_VALUES, g + m);
          if (v >= FAR) continue;
          gapIs(m, a, b, v);
          if (bothWays) gapIs(get(OPPOSITE, m), b, a, v);
        }
      }
    }
    // a piece, then a group, that slides away
    for (let m = 0; m < motions; m++) {
      for (let p = 0; p < n; p++) set(FAR_GROUP, m * n + p, closure(m, p, FAR, closureMost));
    }
    for (let pass = 0; pass < 2; pass++) {
      const most = pass == 0 ? 1 : half;
      for (let m = 0; m < motions; m++) {
        for (let p = 0; p < n; p++) {
          const whole = get(FAR_GROUP, m * n + p);
          const group = fixedMask == 0 ? (bitCount(whole) <= most ? whole : 0) : framed(whole, most);
          if (group != 0) {
            foundMotion = m;
            foundGroup = group;
            return FOUND;
          }
        }
      }
    }
    // moves of groups of at most half the pieces, and their unions
    for (let m = 0; m < motions; m++) {
      let movedUsed = 0;
      const met = get(MET, m);
      const widest = get(WIDEST, m);
      for (let p = 0; p < n; p++) {
        let whole = 0;
        for (let k = 1; ; k++) {
          if (k > widest + 1) break;
          if (k == 1 || met < 0 || ((met >>> (k - 1)) & 1) != 0) whole = closure(m, p, k, closureMost);
          if (whole == 0) break;
          const group = fixedMask == 0 ? whole : framed(whole, half);
          if (group == 0) continue;
          if (movedHas(movedUsed, k, group)) continue;
          if (count >= stateRoom || movedUsed >= movedRoom) return NEED_ROOM;
          move(current, group, k, m);
          const before = movedUsed;
          set(MOVED, 2 * movedUsed, k);
          set(MOVED, 2 * movedUsed + 1, group);
          movedUsed++;
          // the groups met before for this k, newest first
          for (let i = before - 1; i >= 0; i--) {
            if (get(MOVED, 2 * i) != k) continue;
            const other = get(MOVED, 2 * i + 1);
            const union = group | other;
            if (union == all || union == group || union == other || movedHas(movedUsed, k, union)) continue;
            if ((union & fixedMask) != 0 && framed(union, half) == 0) continue;
            if (count >= stateRoom || movedUsed >= movedRoom) return NEED_ROOM;
            move(current, union, k, m);
            set(MOVED, 2 * movedUsed, k);
            set(MOVED, 2 * movedUsed + 1, union);
            movedUsed++;
          }
          if (used > budgetLeft) return UNKNOWN;
        }
      }
    }
  }
  return STUCK;
}
