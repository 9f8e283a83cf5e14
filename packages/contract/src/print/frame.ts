import type { Drawing, DrawingFeature } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import { bearing, type Position } from '../geo/measure';
import { localPlane, pointInRing, type LocalPlane, type XY } from '../geo/planar';
import { playLine } from '../geo/profile';
import type { GeoFrame } from './page';

/**
 * Drawing geographic features on a page: a local plane in metres around an origin, turned so
 * that a chosen bearing points up the page, scaled and placed. The plane is equirectangular
 * (geo/planar.ts): within a golf course it is off by centimetres, far below a printed point.
 */

/** Turns metres east/north into metres right/up of a direction `upBearing` (degrees clockwise from north). */
export interface Turned {
  plane: LocalPlane;
  /** [lon, lat] → [right, up] metres. */
  toLocal(p: readonly number[]): XY;
  /** [right, up] metres → [lon, lat]. */
  toGeo(xy: XY): XY;
}

export function turnedPlane(origin: readonly number[], upBearing: number): Turned {
  const plane = localPlane(origin);
  const t = (upBearing * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  return {
    plane,
    toLocal(p) {
      const [x, y] = plane.forward(p);
      return [x * c - y * s, x * s + y * c];
    },
    toGeo([u, v]) {
      return plane.inverse([u * c + v * s, -u * s + v * c]);
    },
  };
}

/** A turned plane placed on a page: metres → points. */
export interface Projector {
  frame: GeoFrame;
  turned: Turned;
  /** [lon, lat] → page point. */
  toPage(p: readonly number[]): XY;
  /** Local [right, up] metres → page point. */
  localToPage(xy: XY): XY;
  /** Page point → [lon, lat]. */
  toGeo(pt: XY): XY;
}

export function projector(origin: readonly number[], upBearing: number, ptPerMetre: number, offset: XY): Projector {
  const turned = turnedPlane(origin, upBearing);
  const localToPage = ([u, v]: XY): XY => [offset[0] + u * ptPerMetre, offset[1] - v * ptPerMetre];
  return {
    frame: { origin: [origin[0], origin[1]], upBearing, ptPerMetre, offset },
    turned,
    localToPage,
    toPage: (p) => localToPage(turned.toLocal(p)),
    toGeo: ([x, y]) => turned.toGeo([(x - offset[0]) / ptPerMetre, (offset[1] - y) / ptPerMetre]),
  };
}

/** A box in local metres. */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function emptyBounds(): Bounds {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

export function extend(b: Bounds, [x, y]: readonly number[]): void {
  if (x < b.minX) b.minX = x;
  if (x > b.maxX) b.maxX = x;
  if (y < b.minY) b.minY = y;
  if (y > b.maxY) b.maxY = y;
}

export function isEmpty(b: Bounds): boolean {
  return !(b.maxX >= b.minX && b.maxY >= b.minY);
}

/** Every position of a feature. */
export function positionsOf(f: DrawingFeature): Position[] {
  const g = f.geometry;
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'LineString') return g.coordinates;
  return g.coordinates.flat();
}

/** Features of one element. */
export function featuresOf(drawing: Drawing, element: string): DrawingFeature[] {
  return drawing.features.filter((f) => f.properties.element === element);
}

/** Mean of the positions of a drawing's features (or of the given element's), null for an empty drawing. */
export function meanPosition(drawing: Drawing, element?: string): [number, number] | null {
  let [sx, sy, n] = [0, 0, 0];
  for (const f of drawing.features) {
    if (element && f.properties.element !== element) continue;
    for (const p of positionsOf(f)) {
      sx += p[0];
      sy += p[1];
      n++;
    }
  }
  return n === 0 ? null : [sx / n, sy / n];
}

/**
 * The direction a hole is played: from the play line's start to its end, else from the tees to
 * the green; null when the drawing has neither.
 */
export function playDirection(drawing: Drawing): { from: Position; to: Position; bearing: number } | null {
  const line = playLine(drawing);
  if (line) {
    const from = line[0];
    const to = line[line.length - 1];
    if (from[0] !== to[0] || from[1] !== to[1]) return { from, to, bearing: bearing(from, to) };
  }
  const tee = meanPosition(drawing, EL.tee);
  const green = meanPosition(drawing, EL.green);
  if (tee && green && (tee[0] !== green[0] || tee[1] !== green[1])) return { from: tee, to: green, bearing: bearing(tee, green) };
  return null;
}

/** Outer rings of a drawing's polygons of one element, in local metres. */
export function localRings(drawing: Drawing, element: string, toLocal: (p: readonly number[]) => XY): XY[][] {
  return featuresOf(drawing, element).flatMap((f) => (f.geometry.type === 'Polygon' && f.geometry.coordinates[0] ? [f.geometry.coordinates[0].map(toLocal)] : []));
}

/** A polyline in local metres with lengths along it. */
export interface Polyline {
  points: XY[];
  /** Distance from the first point to each point. */
  along: number[];
  length: number;
}

export function polyline(points: XY[]): Polyline {
  const along = [0];
  for (let i = 1; i < points.length; i++) along.push(along[i - 1] + Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]));
  return { points, along, length: along[along.length - 1] ?? 0 };
}

/** The point at distance `s` along the line and the unit direction of its segment there. */
export function pointAlong(line: Polyline, s: number): { at: XY; dir: XY } {
  const { points, along } = line;
  let i = 1;
  while (i < points.length - 1 && along[i] < s) i++;
  const [a, b] = [points[i - 1], points[i]];
  const seg = along[i] - along[i - 1] || 1;
  const t = Math.min(1, Math.max(0, (s - along[i - 1]) / seg));
  const dir: XY = [(b[0] - a[0]) / seg, (b[1] - a[1]) / seg];
  return { at: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], dir };
}

/** Parameter t in [0,1] where segment a→b first crosses an edge of `ring`, or null. */
function segmentHit(a: XY, b: XY, ring: XY[]): number | null {
  let best: number | null = null;
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i];
    const q = ring[(i + 1) % ring.length];
    const [ex, ey] = [q[0] - p[0], q[1] - p[1]];
    const den = dx * ey - dy * ex;
    if (den === 0) continue;
    const t = ((p[0] - a[0]) * ey - (p[1] - a[1]) * ex) / den;
    const u = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / den;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && (best === null || t < best)) best = t;
  }
  return best;
}

/**
 * Distance along the line at which it first enters one of the rings (the front of the green on
 * the line of play); null when it never does. A line that starts inside enters at 0.
 */
export function entryAlong(line: Polyline, rings: XY[][]): number | null {
  if (line.points.length === 0) return null;
  if (rings.some((r) => pointInRing(line.points[0], r))) return 0;
  for (let i = 1; i < line.points.length; i++) {
    const [a, b] = [line.points[i - 1], line.points[i]];
    let best: number | null = null;
    for (const ring of rings) {
      const t = segmentHit(a, b, ring);
      if (t !== null && (best === null || t < best)) best = t;
    }
    if (best !== null) return line.along[i - 1] + best * (line.along[i] - line.along[i - 1]);
  }
  return null;
}

/**
 * How far a line through `at` in direction `dir` runs inside a ring containing `at`, to each
 * side: [backwards, forwards] in metres; null when no ring contains `at`.
 */
export function spanInside(at: XY, dir: XY, rings: XY[][], limit: number): [number, number] | null {
  const ring = rings.find((r) => pointInRing(at, r));
  if (!ring) return null;
  const reach = (sign: number) => {
    const b: XY = [at[0] + dir[0] * sign * limit, at[1] + dir[1] * sign * limit];
    const t = segmentHit(at, b, ring);
    return t === null ? limit : t * limit;
  };
  return [reach(-1), reach(1)];
}
