// AssemblyScript, compiled into a module of its own by scripts/build-wasm.mjs (dlx-loop-wasm.ts). Dancing
// Links' exact-mode search loop (Algorithm X: dlx.ts, "EXACT MODE", is the specification, and its data
// structures, the `node` and `item` arrays and the `choice` stack, live in this instance's memory: `node`
// from byte 0, the others at DLX_ITEM and DLX_CHOICE; the engine's fields of those names are views of
// them). The engine keeps everything else (prefixes, branches, Algorithm M, solutions and stops) and
// calls advanceExact() where its search runs.
//
// Why here. The loop chases links through one large array; in WebAssembly no bound is checked and the
// loop is compiled from its first call. The Kanoodle pyramid up to symmetry (355,363 nodes, 106 M
// updates) searched in 0.70-1.03 s against 1.0-1.32 s in V8's JavaScript, alternated runs in one minute.

/** Word offsets into `item` and `choice` are scaled by 4 (bytes) from these addresses (`node` is at 0). */
export let DLX_ITEM: usize = 0;
export let DLX_CHOICE: usize = 0;
/** The search's state between calls (the engine's level, phase, nodes and updates). */
export let dlxLevel: i32 = 0;
export let dlxPhase: i32 = 0;
export let dlxNodes: f64 = 0;
export let dlxUpdates: f64 = 0;
/** CHECK_INTERVAL - 1: a checkpoint when the node count's low bits under it are all 0. */
export let dlxCheckMask: i32 = 0;

// dlx.ts's layout and codes
const W = 4;
const ULINK = 0;
const DLINK = 1;
const TOP = 2;
const AUX = 3;
const LLINK = 0;
const RLINK = 1;
const SOLUTION = 0;
const EXHAUSTED = 1;
const CHECKPOINT = 3;
const FORWARD = 0;
const BACKTRACK = 1;

// `node` is at byte 0 (dlx.ts lays it out there), so a node's word offset times 4 is its address; the
// other two arrays' addresses are read once per call of advanceExact and passed on
@inline function node(x: i32): i32 {
  return load<i32>(<usize>x << 2);
}

@inline function setNode(x: i32, v: i32): void {
  store<i32>(<usize>x << 2, v);
}

@inline function item(base: usize, x: i32): i32 {
  return load<i32>(base + (<usize>x << 2));
}

@inline function setItem(base: usize, x: i32, v: i32): void {
  store<i32>(base + (<usize>x << 2), v);
}

/** Knuth's cover(i), i a header offset: unlink the item and hide every option in its list. Returns the updates. */
function cover(items: usize, i: i32): i32 {
  let updates = 1;
  const l = item(items, i + LLINK);
  const r = item(items, i + RLINK);
  setItem(items, l + RLINK, r);
  setItem(items, r + LLINK, l);
  for (let p = node(i + DLINK); p != i; p = node(p + DLINK)) {
    updates += node(p + AUX);
    for (let q = p + W; q != p;) {
      const x = node(q + TOP);
      if (x <= 0) {
        q = node(q + ULINK);
      } else {
        const u = node(q + ULINK);
        const d = node(q + DLINK);
        setNode(u + DLINK, d);
        setNode(d + ULINK, u);
        setNode(x + TOP, node(x + TOP) - 1);
        q += W;
      }
    }
  }
  return updates;
}

/** Knuth's uncover(i): exactly undoes cover(i), walking every list in the opposite direction. */
function uncover(items: usize, i: i32): void {
  for (let p = node(i + ULINK); p != i; p = node(p + ULINK)) {
    for (let q = p - W; q != p;) {
      const x = node(q + TOP);
      if (x <= 0) {
        q = node(q + DLINK);
      } else {
        const u = node(q + ULINK);
        const d = node(q + DLINK);
        setNode(u + DLINK, q);
        setNode(d + ULINK, q);
        setNode(x + TOP, node(x + TOP) + 1);
        q -= W;
      }
    }
  }
  const l = item(items, i + LLINK);
  const r = item(items, i + RLINK);
  setItem(items, l + RLINK, i);
  setItem(items, r + LLINK, i);
}

/**
 * Algorithm X from the saved state until the next solution (returned with its choices applied and the
 * phase BACKTRACK), the end of the subtree (everything undone down to the prefix), or a checkpoint every
 * dlxCheckMask + 1 nodes (choices applied, phase FORWARD). dlx.ts's advance(), which calls it.
 */
export function advanceExact(): i32 {
  let level = dlxLevel;
  let phase = dlxPhase;
  let nodes = dlxNodes;
  let updates = dlxUpdates;
  const mask = dlxCheckMask;
  const items = DLX_ITEM;
  const choices = DLX_CHOICE;
  // the node count's low 31 bits, for the checkpoint test (nodes itself is an f64)
  let low = <i32>(<i64>nodes & 0x7fffffff);
  let best = 0;
  let cur = 0;
  let result = EXHAUSTED;
  for (;;) {
    if (phase == FORWARD) {
      // MRV: the first primary item with the fewest options
      let t = 0x7fffffff;
      best = 0;
      for (let k = item(items, RLINK); k != 0; k = item(items, k + RLINK)) {
        const s = node(k + TOP);
        if (s < t) {
          t = s;
          best = k;
          if (s == 0) break;
        }
      }
      if (best == 0) {
        result = SOLUTION;
        phase = BACKTRACK;
        break;
      }
      if (t == 0) {
        phase = BACKTRACK;
        continue;
      }
      updates += <f64>cover(items, best);
      cur = node(best + DLINK);
    } else {
      if (level == 0) {
        result = EXHAUSTED;
        break;
      }
      level--;
      cur = load<i32>(choices + (<usize>level << 2));
      best = node(cur + TOP);
      // undo the other items of cur, right to left
      for (let q = cur - W; q != cur;) {
        const j = node(q + TOP);
        if (j <= 0) {
          q = node(q + DLINK);
        } else {
          const bound = node(j + AUX);
          setNode(j + AUX, bound + 1);
          if (bound == 0) uncover(items, j);
          q -= W;
        }
      }
      cur = node(cur + DLINK);
    }
    if (cur == best) {
      uncover(items, best);
      phase = BACKTRACK;
      continue;
    }
    // try option cur: its other items, left to right
    store<i32>(choices + (<usize>level << 2), cur);
    level++;
    nodes++;
    low = (low + 1) & 0x7fffffff;
    for (let q = cur + W; q != cur;) {
      const j = node(q + TOP);
      if (j <= 0) {
        q = node(q + ULINK);
      } else {
        const bound = node(j + AUX) - 1;
        setNode(j + AUX, bound);
        if (bound == 0) updates += <f64>cover(items, j);
        q += W;
      }
    }
    phase = FORWARD;
    if ((low & mask) == 0) {
      result = CHECKPOINT;
      break;
    }
  }
  dlxLevel = level;
  dlxPhase = phase;
  dlxNodes = nodes;
  dlxUpdates = updates;
  return result;
}
