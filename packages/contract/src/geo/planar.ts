/**
 * Planar geometry in local metres (or any flat x/y): the one toolkit for point-in-polygon, areas,
 * a local plane around a point and coordinate rounding. Geodesic measures are in measure.ts.
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
