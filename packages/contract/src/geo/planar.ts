/**
 * Planar geometry in local metres (or any flat x/y): the one toolkit for point-in-polygon, areas,
 * winding, centroids, bounding boxes, segment crossings and ring overlap, a local plane around a
 * point and coordinate rounding (the course import and the demo course use it too). Geodesic
 * measures are in measure.ts.
 */

export type XY = [number, number];
/** A point as GeoJSON writes it: [x, y] or [x, y, z]. */
export type PointLike = readonly number[];

/** Even-odd test: true when `p` lies inside `ring` (closed or not). Points on an edge may go either way. */
export function pointInRing(p: PointLike, ring: readonly PointLike[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring (the first) and in none of its holes. */
export function pointInPolygon(p: PointLike, rings: readonly (readonly PointLike[])[]): boolean {
  if (rings.length === 0 || !pointInRing(p, rings[0])) return false;
  for (let i = 1; i < rings.length; i++) if (pointInRing(p, rings[i])) return false;
  return true;
}

/**
 * Shoelace area of a ring, closed or not (a closing point adds nothing): positive when
 * counter-clockwise, negative when clockwise.
 */
export function signedRingArea(ring: readonly PointLike[]): number {
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** The ring turned counter-clockwise (an outer ring, RFC 7946) or clockwise (a hole): reversed when it turns the other way. */
export function windRing<T extends PointLike>(ring: T[], counterClockwise: boolean): T[] {
  return signedRingArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}

/**
 * The area centroid of a ring, closed or not; the ring's first point for a ring without area
 * (all points on one line). Computed relative to the first point, so that far from the origin no
 * precision is lost.
 */
export function ringCentroid(ring: readonly PointLike[]): XY {
  const [x0, y0] = ring[0];
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const x1 = a[0] - x0;
    const y1 = a[1] - y0;
    const x2 = b[0] - x0;
    const y2 = b[1] - y0;
    const cross = x1 * y2 - x2 * y1;
    twiceArea += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (Math.abs(twiceArea) < 1e-9) return [x0, y0];
  return [x0 + cx / (3 * twiceArea), y0 + cy / (3 * twiceArea)];
}

/** A bounding box: [minX, minY, maxX, maxY]. */
export type Box = [number, number, number, number];

/** The smallest box holding every point of every list; with no point, an empty box (each min Infinity, each max -Infinity). */
export function boundingBox(lists: readonly (readonly PointLike[])[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const points of lists) {
    for (const [x, y] of points) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  return [minX, minY, maxX, maxY];
}

/** True when `p` lies in the box, its edges included. */
export function inBox(p: PointLike, box: Box): boolean {
  return p[0] >= box[0] && p[0] <= box[2] && p[1] >= box[1] && p[1] <= box[3];
}

/** True when the boxes share a point (boxes that touch count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/**
 * True when segment ab crosses segment cd: each segment's ends lie on different sides of the
 * other's line. Segments that only touch with an end, or lie on one line, may go either way.
 */
export function segmentsCross(a: PointLike, b: PointLike, c: PointLike, d: PointLike): boolean {
  const side = (p: PointLike, q: PointLike, r: PointLike) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b);
}

/**
 * True when two rings (closed or not) overlap: an edge of one crosses an edge of the other, or
 * one lies inside the other. Every pair of edges is tried once the boxes overlap: for rings of
 * tens or hundreds of points; larger inputs want a SegmentIndex (segment-index.ts).
 */
export function ringsOverlap(r1: readonly PointLike[], r2: readonly PointLike[]): boolean {
  if (!boxesOverlap(boundingBox([r1]), boundingBox([r2]))) return false;
  for (let i = 0; i < r1.length; i++) {
    const p = r1[i];
    const q = r1[(i + 1) % r1.length];
    for (let j = 0; j < r2.length; j++) if (segmentsCross(p, q, r2[j], r2[(j + 1) % r2.length])) return true;
  }
  return pointInRing(r1[0], r2) || pointInRing(r2[0], r1);
}

/** Every edge of every ring of the polygons, the closing one (from the last point to the first) included. */
export function polygonEdges<P extends PointLike>(polygons: readonly (readonly (readonly P[])[])[]): [P, P][] {
  const edges: [P, P][] = [];
  for (const rings of polygons) for (const r of rings) for (let i = 0; i < r.length; i++) edges.push([r[i], r[(i + 1) % r.length]]);
  return edges;
}

/**
 * True when segment ab lies inside, as `inside` tells of a point, between its ends (which the
 * caller tests): ab is split where the containers' `edges` meet it (`crossings(a, b, c, d)`: the
 * parameters, 0 to 1 along ab, where edge cd meets it), so each piece lies wholly inside or wholly
 * outside and its midpoint decides. Pieces of `minPiece` (in the parameter) or less are passed
 * over. Edges whose box misses ab's are not asked.
 */
export function segmentWithin<P extends PointLike>(
  a: P,
  b: P,
  edges: readonly (readonly [P, P])[],
  crossings: (a: P, b: P, c: P, d: P) => number[],
  inside: (p: XY) => boolean,
  minPiece = 0,
): boolean {
  const near: EdgesNear<P> = (minX, minY, maxX, maxY, visit) => {
    for (const [c, d] of edges) {
      if (Math.max(c[0], d[0]) < minX || Math.min(c[0], d[0]) > maxX || Math.max(c[1], d[1]) < minY || Math.min(c[1], d[1]) > maxY) continue;
      visit(c, d);
    }
  };
  return segmentWithinNear(a, b, near, crossings, inside, minPiece);
}

/**
 * The container edges whose box meets the box minX..maxX × minY..maxY (its edges included), each
 * handed to `visit` once, in any order: a scan of every edge, or a spatial index's search.
 */
export type EdgesNear<P> = (minX: number, minY: number, maxX: number, maxY: number, visit: (c: P, d: P) => void) => void;

/**
 * `segmentWithin` with the edges near ab found by `near` (e.g. a SegmentIndex over them, built once
 * for many segments): the same split and the same midpoints, so the same answer.
 */
export function segmentWithinNear<P extends PointLike>(
  a: P,
  b: P,
  near: EdgesNear<P>,
  crossings: (a: P, b: P, c: P, d: P) => number[],
  inside: (p: XY) => boolean,
  minPiece = 0,
): boolean {
  const ts = [0, 1];
  near(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]), (c, d) => {
    for (const t of crossings(a, b, c, d)) ts.push(t);
  });
  ts.sort((x, y) => x - y);
  for (let k = 1; k < ts.length; k++) {
    if (ts[k] - ts[k - 1] <= minPiece) continue;
    const t = (ts[k] + ts[k - 1]) / 2;
    if (!inside([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])])) return false;
  }
  return true;
}

/** Rounds a degree value to 7 decimals (about 1 cm), as drawings store coordinates. */
export function round7(v: number): number {
  return Math.round(v * 1e7) / 1e7;
}

export interface LocalPlane {
  /** Longitude/latitude to metres east and north of the origin. */
  forward(p: PointLike): XY;
  /** Metres east and north of the origin to longitude/latitude, rounded to 7 decimals. */
  inverse(xy: PointLike): XY;
}

/**
 * An equirectangular plane around `origin` ([longitude, latitude]) with the WGS84 metres per degree
 * at its latitude: within a few kilometres (a golf course) its error is a few centimetres.
 */
export function localPlane(origin: PointLike): LocalPlane {
  const lat = (origin[1] * Math.PI) / 180;
  const mLat = 111132.954 - 559.822 * Math.cos(2 * lat) + 1.175 * Math.cos(4 * lat);
  const mLon = 111412.84 * Math.cos(lat) - 93.5 * Math.cos(3 * lat);
  const [lon0, lat0] = origin;
  return {
    forward: (p) => [(p[0] - lon0) * mLon, (p[1] - lat0) * mLat],
    inverse: ([x, y]) => [round7(lon0 + x / mLon), round7(lat0 + y / mLat)],
  };
}
