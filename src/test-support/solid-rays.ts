/**
 * What a person sees of a heap of convex solids, worked out again for the tests of pictures, sharing no
 * code with src/render or src/geometry: a view straight along a direction, and at a point of the picture
 * the solid that a ray from the viewer meets first. Each solid is the intersection of the half-spaces of
 * its faces' planes (each plane through three corners of its face, turned away from the solid's middle, so
 * that the faces' winding does not matter); the ray is clipped against every half-space.
 */

export type Vec = readonly [number, number, number];

const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const minus = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scaled = (a: Vec, k: number): Vec => [a[0] * k, a[1] * k, a[2] * k];
const normalised = (a: Vec): Vec => scaled(a, 1 / Math.hypot(...a));

/** A convex solid: corners and faces (lists of corner indices, in any winding). */
export interface ConvexSolid {
  readonly vertices: readonly Vec[];
  readonly faces: readonly (readonly number[])[];
}

/**
 * A view along `toward` (from the solids toward the viewer) with z up: the picture's right and up
 * directions. A point p of space is drawn at (p . right, -(p . up)) times the scale (y down the page).
 * Space is seen as snug's pictures of cubes see cells, x to the right, rows of y coming toward the viewer
 * and z up: right is toward x z, which a viewer in a right-handed space would call left.
 */
export interface StraightView {
  readonly toward: Vec;
  readonly right: Vec;
  readonly up: Vec;
}

export function straightView(toward: Vec): StraightView {
  const t = normalised(toward);
  // right: level (no z); up: the rest of the picture plane, z's way
  const right = normalised(cross(t, [0, 0, 1]));
  const up = cross(right, t);
  return { toward: t, right, up };
}

/**
 * For picture points (x, y) (the view's units times `scale`): the solid seen first there, with how far along
 * the ray toward the viewer its front lies; undefined when the ray meets none.
 */
export function firstSolids(solids: readonly ConvexSolid[], view: StraightView, scale: number): (x: number, y: number) => { index: number; front: number } | undefined {
  // each solid's half-spaces n . p <= d, n turned away from its middle
  const halfSpaces = solids.map((solid) => {
    const middle = scaled(solid.vertices.reduce<Vec>((s, v) => [s[0] + v[0], s[1] + v[1], s[2] + v[2]], [0, 0, 0]), 1 / solid.vertices.length);
    return solid.faces.map((face) => {
      const [a, b, c] = [solid.vertices[face[0]!]!, solid.vertices[face[1]!]!, solid.vertices[face[2]!]!];
      let n = cross(minus(b, a), minus(c, a));
      if (dot(n, minus(middle, a)) > 0) n = scaled(n, -1);
      return { n, d: dot(n, a), along: dot(n, view.toward) };
    });
  });
  return (x, y) => {
    const origin: Vec = [0, 1, 2].map((i) => (x / scale) * view.right[i]! - (y / scale) * view.up[i]!) as unknown as Vec;
    let best: { index: number; front: number } | undefined;
    halfSpaces.forEach((planes, index) => {
      let low = -Infinity;
      let high = Infinity;
      for (const { n, d, along } of planes) {
        // inside: n . origin + t along <= d
        const at = dot(n, origin) - d;
        if (Math.abs(along) < 1e-12) {
          if (at > 0) return;
          continue;
        }
        const t = -at / along;
        if (along > 0) high = Math.min(high, t);
        else low = Math.max(low, t);
      }
      if (low >= high - 1e-9) return;
      if (!best || high > best.front) best = { index, front: high };
    });
    return best;
  };
}
