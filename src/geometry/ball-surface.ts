/**
 * The surface of a piece of balls, for printing: each ball a closed mesh, and each two touching balls of the
 * piece joined by a neck, a closed cylinder along the line between their centres. The shells overlap and
 * are not cut against one another: a slicer prints their union (PrusaSlicer, Cura and others join the
 * overlapping shells of one object), and each shell on its own is closed and faces outward.
 *
 * Why necks: a printed piece must hold together, and balls that only touch meet in one point (with a gap,
 * not at all). Kanoodle's and Lonpos' pieces are balls joined the same way. A neck's radius is a quarter of
 * a ball's diameter (`NECK`: the neck is half as wide as the ball), so it stays clear of the balls of other
 * pieces: on the sphere grid a neck's side passes 0.116 diameters plus the gap from every ball of another
 * piece.
 *
 * Each ball is a latitude-longitude sphere whose corners lie on the ball of radius diameter / 2 - inset
 * (its flat faces fall a little inside it, never outside), with corners on the poles and on the equator at
 * every quarter turn, so that a piece's bounding box is exactly its balls'. Units are the grid's; the
 * caller scales.
 */
import type { Shape } from './cell.js';
import type { Grid } from './grid.js';
import type { Point, Triangle } from './surface.js';

/** Bands of latitude and meridians of each ball; meridians a multiple of 4 (corners on the equator's quarter turns). */
const BANDS = 12;
const MERIDIANS = 24;
/** Sides of each neck's cylinder. */
const NECK_SIDES = 16;
/** A neck's radius, as a fraction of a ball's diameter. */
export const NECK = 0.25;
/** Each neck ends this far (a fraction of the ball's radius) short of the two centres, so that no two necks' ends meet. */
const NECK_END = 0.5;

/** Triangles of one ball, and of one neck: what a piece's file holds per ball and per touching pair. */
export const BALL_TRIANGLES = 2 * MERIDIANS * (BANDS - 1);
export const NECK_TRIANGLES = 4 * NECK_SIDES;

type Vec = [number, number, number];
const sub = (a: Point, b: Point): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Point, b: Point): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Point): Vec => {
  const l = Math.sqrt(dot(a, a));
  return [a[0] / l, a[1] / l, a[2] / l];
};
const along = (p: Point, d: Point, t: number): Vec => [p[0] + d[0] * t, p[1] + d[1] * t, p[2] + d[2] * t];

/** The largest inset that leaves each neck inside its two balls' ends (see NECK_END): a limit on the gap. */
export function largestBallInset(diameter: number): number {
  // a neck's end circle (radius NECK * diameter, NECK_END * r from the centre) must lie inside the ball of radius r
  const r = NECK * diameter / Math.sqrt(1 - NECK_END * NECK_END);
  return diameter / 2 - r;
}

/** The closed shells of a piece of balls: a ball per cell, a neck per two touching cells, each inset by `inset`. */
export function ballsSurface(grid: Grid, cells: Shape, inset = 0): Triangle[] {
  const ball = grid.ball;
  if (!ball) throw new Error(`the ${grid.name} grid's cells are no balls`);
  const radius = ball.diameter / 2 - inset;
  const triangles: Triangle[] = [];
  for (const c of cells) triangles.push(...sphere(ball.centre(c), radius));
  const on = new Set(cells.map((c) => c.join(',')));
  for (const c of cells) {
    for (const n of grid.neighbours(c)) {
      // each touching pair once
      if (!on.has(n.join(',')) || n.join(',') < c.join(',')) continue;
      triangles.push(...neck(ball.centre(c), ball.centre(n), NECK * ball.diameter, radius * NECK_END));
    }
  }
  return triangles;
}

/** A latitude-longitude sphere, counter-clockwise seen from outside. */
function sphere(centre: Point, radius: number): Triangle[] {
  const at = (band: number, meridian: number): Point => {
    const theta = (Math.PI * band) / BANDS;
    const phi = (2 * Math.PI * meridian) / MERIDIANS;
    // exact zeros on the axes, so that the poles and the equator's quarter turns are exactly a radius out
    const s = band === BANDS / 2 ? 1 : Math.sin(theta);
    const cz = band === BANDS / 2 ? 0 : Math.cos(theta);
    const quarter = meridian % (MERIDIANS / 4) === 0;
    const cx = quarter ? [1, 0, -1, 0][meridian / (MERIDIANS / 4) % 4]! : Math.cos(phi);
    const cy = quarter ? [0, 1, 0, -1][meridian / (MERIDIANS / 4) % 4]! : Math.sin(phi);
    return [centre[0] + radius * s * cx, centre[1] + radius * s * cy, centre[2] + radius * cz];
  };
  const top: Point = [centre[0], centre[1], centre[2] + radius];
  const bottom: Point = [centre[0], centre[1], centre[2] - radius];
  const out: Triangle[] = [];
  for (let m = 0; m < MERIDIANS; m++) {
    const next = (m + 1) % MERIDIANS;
    out.push([top, at(1, m), at(1, next)]);
    for (let b = 1; b < BANDS - 1; b++) {
      out.push([at(b, m), at(b + 1, m), at(b + 1, next)]);
      out.push([at(b, m), at(b + 1, next), at(b, next)]);
    }
    out.push([bottom, at(BANDS - 1, next), at(BANDS - 1, m)]);
  }
  return out;
}

/** A closed cylinder of `radius` about the line from a to b, its ends `shorten` in from a and from b. */
function neck(a: Point, b: Point, radius: number, shorten: number): Triangle[] {
  const axis = unit(sub(b, a));
  const length = Math.sqrt(dot(sub(b, a), sub(b, a)));
  const start = along(a, axis, shorten);
  const end = along(a, axis, length - shorten);
  // two directions across the axis
  const helper: Point = Math.abs(axis[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u = unit(cross(axis, helper));
  const v = cross(axis, u);
  const ring = (p: Point): Point[] => Array.from({ length: NECK_SIDES }, (_, i) => {
    const t = (2 * Math.PI * i) / NECK_SIDES;
    return [p[0] + radius * (Math.cos(t) * u[0] + Math.sin(t) * v[0]), p[1] + radius * (Math.cos(t) * u[1] + Math.sin(t) * v[1]), p[2] + radius * (Math.cos(t) * u[2] + Math.sin(t) * v[2])] as Point;
  });
  const low = ring(start);
  const high = ring(end);
  const out: Triangle[] = [];
  // u, v, axis are right-handed: the rings run counter-clockwise seen from the end (b's side)
  for (let i = 0; i < NECK_SIDES; i++) {
    const j = (i + 1) % NECK_SIDES;
    out.push([low[i]!, low[j]!, high[j]!], [low[i]!, high[j]!, high[i]!]);
    out.push([end, high[i]!, high[j]!]);
    out.push([start, low[j]!, low[i]!]);
  }
  return out;
}
