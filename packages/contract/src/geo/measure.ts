import geographiclib from 'geographiclib-geodesic';
import type { Drawing } from '../api/drawings';
import { AREA_STATISTICS_IGNORED } from '../graphics-catalogue';

/**
 * Geodesic measurements on the WGS84 ellipsoid (Karney's algorithms, GeographicLib).
 * Positions are GeoJSON positions: [longitude, latitude] or [longitude, latitude, height].
 */

// geographiclib-geodesic is a UMD bundle: Node's ESM loader only offers it as the default export.
const { Geodesic } = geographiclib;
const geod = Geodesic.WGS84;

/** A GeoJSON position: [lon, lat] or [lon, lat, z]. */
export type Position = number[];

const INVERSE_MASK = Geodesic.DISTANCE | Geodesic.AZIMUTH;

/** Geodesic distance in metres between two positions. */
export function distance(a: Position, b: Position): number {
  return geod.Inverse(a[1], a[0], b[1], b[0], Geodesic.DISTANCE).s12 ?? 0;
}

/** Initial geodesic azimuth from a to b in degrees clockwise from north, in [0, 360). */
export function bearing(a: Position, b: Position): number {
  const azi = geod.Inverse(a[1], a[0], b[1], b[0], INVERSE_MASK).azi1 ?? 0;
  return normaliseDegrees(azi);
}

/** The position reached from a after `metres` along the geodesic starting at `bearingDeg`. */
export function destination(a: Position, bearingDeg: number, metres: number): [number, number] {
  const r = geod.Direct(a[1], a[0], bearingDeg, metres, Geodesic.LATITUDE | Geodesic.LONGITUDE);
  return [normaliseLongitude(r.lon2 ?? a[0]), r.lat2 ?? a[1]];
}

/** Geodesic length in metres of a line through the given positions. */
export function lineLength(coords: Position[]): number {
  let total = 0;
  for (let i = 1; i < coords.length; i++) total += distance(coords[i - 1], coords[i]);
  return total;
}

/** Geodesic area in m² of one ring (closed or not); always positive. */
function ringArea(ring: Position[]): number {
  const points = isClosed(ring) ? ring.slice(0, -1) : ring;
  if (points.length < 3) return 0;
  const poly = geod.Polygon(false);
  for (const p of points) poly.AddPoint(p[1], p[0]);
  // reverse = false, sign = true: counter-clockwise positive, clockwise negative.
  const area = poly.Compute(false, true).area ?? 0;
  return Math.abs(area);
}

/** Geodesic area in m² of a polygon: the outer ring minus its holes; always positive. */
export function polygonArea(rings: Position[][]): number {
  if (rings.length === 0) return 0;
  let area = ringArea(rings[0]);
  for (let i = 1; i < rings.length; i++) area -= ringArea(rings[i]);
  return Math.max(0, area);
}

/** Area centroid [lon, lat] of a ring, computed on a local plane; the vertex mean for a degenerate ring. */
export function centroid(ring: Position[]): [number, number] {
  const points = isClosed(ring) ? ring.slice(0, -1) : ring;
  if (points.length === 0) return [NaN, NaN];
  const [lon0, lat0] = points[0];
  const kx = Math.cos((lat0 * Math.PI) / 180);
  const xy = points.map((p) => [(p[0] - lon0) * kx, p[1] - lat0]);
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < xy.length; i++) {
    const [x1, y1] = xy[i];
    const [x2, y2] = xy[(i + 1) % xy.length];
    const cross = x1 * y2 - x2 * y1;
    twiceArea += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (Math.abs(twiceArea) < 1e-18) {
    const sx = xy.reduce((s, p) => s + p[0], 0) / xy.length;
    const sy = xy.reduce((s, p) => s + p[1], 0) / xy.length;
    return [lon0 + (kx === 0 ? 0 : sx / kx), lat0 + sy];
  }
  cx /= 3 * twiceArea;
  cy /= 3 * twiceArea;
  return [lon0 + (kx === 0 ? 0 : cx / kx), lat0 + cy];
}

/** Number and total area (m²) of the polygon features of each element, leaving out AREA_STATISTICS_IGNORED. */
export function drawingAreas(drawing: Drawing): Record<string, { count: number; area: number }> {
  const out: Record<string, { count: number; area: number }> = {};
  for (const f of drawing.features) {
    const element = f.properties?.element;
    if (!element || f.geometry?.type !== 'Polygon') continue;
    if (AREA_STATISTICS_IGNORED.includes(element)) continue;
    const entry = (out[element] ??= { count: 0, area: 0 });
    entry.count += 1;
    entry.area += polygonArea(f.geometry.coordinates);
  }
  return out;
}

/**
 * A local plane in metres around `origin` (azimuthal equidistant on the ellipsoid): x east, y north.
 * Distances and bearings from the origin are exact; use it to draw a green to scale.
 */
export function toLocalMetres(origin: Position): {
  forward(p: Position): [number, number];
  inverse(xy: [number, number]): [number, number];
} {
  const lat0 = origin[1];
  const lon0 = origin[0];
  return {
    forward(p) {
      const r = geod.Inverse(lat0, lon0, p[1], p[0], INVERSE_MASK);
      const s = r.s12 ?? 0;
      if (s === 0) return [0, 0];
      const azi = ((r.azi1 ?? 0) * Math.PI) / 180;
      return [s * Math.sin(azi), s * Math.cos(azi)];
    },
    inverse([x, y]) {
      const s = Math.hypot(x, y);
      if (s === 0) return [lon0, lat0];
      const azi = (Math.atan2(x, y) * 180) / Math.PI;
      return destination(origin, azi, s);
    },
  };
}

/** True when the ring's first and last positions are the same. */
export function isClosed(ring: Position[]): boolean {
  if (ring.length < 2) return false;
  const a = ring[0];
  const b = ring[ring.length - 1];
  return a[0] === b[0] && a[1] === b[1];
}

/** Degrees normalised into [0, 360). */
export function normaliseDegrees(deg: number): number {
  const d = deg % 360;
  const r = d < 0 ? d + 360 : d;
  return r >= 360 ? 0 : r;
}

function normaliseLongitude(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon;
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}
