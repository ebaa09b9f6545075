import type { Cell, Dimensions, Shape } from './cell.js';
import { normalize, shapeKey } from './cell.js';

/**
 * An isometry of the grid that fixes the origin: a signed permutation of the axes.
 * It maps (p0, p1, p2) to (sign[0] * p[perm[0]], sign[1] * p[perm[1]], sign[2] * p[perm[2]]).
 * The square has 8 (z untouched), the cube 48: 24 rotations and 24 with a reflection.
 */
export interface Transform {
  readonly perm: readonly [number, number, number];
  readonly sign: readonly [number, number, number];
  /** True when the transform turns a shape over (determinant -1). */
  readonly reflects: boolean;
}

const PERMS3: ReadonlyArray<readonly [number, number, number]> = [
  [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
];
const SIGNS = [1, -1] as const;

function parity(p: readonly number[]): number {
  let inversions = 0;
  for (let i = 0; i < p.length; i++) for (let j = i + 1; j < p.length; j++) if (p[i]! > p[j]!) inversions++;
  return inversions % 2 === 0 ? 1 : -1;
}

function makeTransform(perm: readonly [number, number, number], sign: readonly [number, number, number]): Transform {
  return { perm, sign, reflects: parity(perm) * sign[0] * sign[1] * sign[2] < 0 };
}

function allTransforms(dims: Dimensions): Transform[] {
  const out: Transform[] = [];
  for (const perm of PERMS3) {
    if (dims === 2 && perm[2] !== 2) continue;
    for (const s0 of SIGNS) for (const s1 of SIGNS) for (const s2 of SIGNS) {
      if (dims === 2 && s2 !== 1) continue;
      out.push(makeTransform(perm, [s0, s1, s2]));
    }
  }
  // Identity first, then rotations, then reflections: callers rely on the identity leading.
  return out.sort((a, b) => Number(a.reflects) - Number(b.reflects));
}

const SQUARE = allTransforms(2);
const CUBE = allTransforms(3);

/** All symmetries of the square (8) or the cube (48), identity first, rotations before reflections. */
export function symmetries(dims: Dimensions): readonly Transform[] {
  return dims === 2 ? SQUARE : CUBE;
}

/** The rotations only (4 or 24), or all symmetries when mirror images are allowed. */
export function allowedTransforms(dims: Dimensions, mirror: boolean): readonly Transform[] {
  const all = symmetries(dims);
  return mirror ? all : all.filter((t) => !t.reflects);
}

export function applyToCell(t: Transform, c: Cell): Cell {
  return [t.sign[0] * c[t.perm[0]]!, t.sign[1] * c[t.perm[1]]!, t.sign[2] * c[t.perm[2]]!];
}

export function applyToShape(t: Transform, shape: Shape): Cell[] {
  return shape.map((c) => applyToCell(t, c));
}

export function compose(a: Transform, b: Transform): Transform {
  // (a ∘ b)(p)[i] = a.sign[i] * b(p)[a.perm[i]] = a.sign[i] * b.sign[a.perm[i]] * p[b.perm[a.perm[i]]]
  const perm = [0, 1, 2].map((i) => b.perm[a.perm[i]!]!) as unknown as [number, number, number];
  const sign = [0, 1, 2].map((i) => a.sign[i]! * b.sign[a.perm[i]!]!) as unknown as [number, number, number];
  return makeTransform(perm, sign);
}

export function sameTransform(a: Transform, b: Transform): boolean {
  return a.perm.every((v, i) => v === b.perm[i]) && a.sign.every((v, i) => v === b.sign[i]);
}

export interface Orientation {
  /** The normalised cells of this orientation. */
  readonly cells: Cell[];
  /** One transform that produces it from the piece's own shape. */
  readonly transform: Transform;
}

/**
 * The distinct orientations of a shape under the given transforms, each normalised.
 * A shape with symmetry has fewer than there are transforms: the count is the orbit size.
 */
export function orientations(shape: Shape, transforms: readonly Transform[]): Orientation[] {
  const seen = new Set<string>();
  const out: Orientation[] = [];
  for (const t of transforms) {
    const cells = normalize(applyToShape(t, shape));
    const key = shapeKey(cells);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ cells, transform: t });
  }
  return out;
}

/** The transforms that map the shape onto itself, up to translation. */
export function stabilizer(shape: Shape, transforms: readonly Transform[]): Transform[] {
  const key = shapeKey(shape);
  return transforms.filter((t) => shapeKey(applyToShape(t, shape)) === key);
}
