import type { DrawingFeature } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import { pointInPolygon, ringCentroid, signedRingArea, type PointLike } from '@golf/contract/geo/planar';

// Which hole a feature of the course-wide mapping belongs to, by the holes' 'hole boundary'
// polygons (longitude/latitude, planar at a course's size): pure geometry, no map.

/** A hole's boundary polygons (each as its rings). */
export interface HoleBoundary {
  holeId: number;
  polygons: PointLike[][][];
}

/** The boundaries of the given features grouped by hole (`holeOf` names a feature's hole, null for none). */
export function holeBoundaries(features: readonly DrawingFeature[], holeOf: (feature: DrawingFeature) => number | null): HoleBoundary[] {
  const byHole = new Map<number, PointLike[][][]>();
  for (const f of features) {
    if (f.properties.element !== EL.holeBoundary || f.geometry.type !== 'Polygon') continue;
    const holeId = holeOf(f);
    if (holeId === null || (f.geometry.coordinates[0]?.length ?? 0) < 3) continue;
    byHole.set(holeId, [...(byHole.get(holeId) ?? []), f.geometry.coordinates]);
  }
  return [...byHole].map(([holeId, polygons]) => ({ holeId, polygons }));
}

/** The point that stands for a feature: a polygon's centroid, a line's middle vertex (or the middle of its two ends), a point itself. */
export function featureCentre(geometry: DrawingFeature['geometry']): PointLike | null {
  if (geometry.type === 'Point') return geometry.coordinates;
  if (geometry.type === 'Polygon') {
    const ring = geometry.coordinates[0] ?? [];
    return ring.length === 0 ? null : ringCentroid(ring);
  }
  const line = geometry.coordinates;
  if (line.length === 0) return null;
  if (line.length % 2 === 1) return line[(line.length - 1) / 2];
  const a = line[line.length / 2 - 1];
  const b = line[line.length / 2];
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function vertices(geometry: DrawingFeature['geometry']): PointLike[] {
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'LineString') return geometry.coordinates;
  const ring = geometry.coordinates[0] ?? [];
  // The closing position repeats the first.
  return ring.length > 1 ? ring.slice(0, -1) : ring;
}

const inBoundary = (p: PointLike, boundary: HoleBoundary) => boundary.polygons.some((rings) => pointInPolygon(p, rings));
const boundaryArea = (boundary: HoleBoundary) => boundary.polygons.reduce((sum, rings) => sum + Math.abs(signedRingArea(rings[0] ?? [])), 0);

/**
 * The hole whose boundary holds the feature: the boundaries that hold its centre, else those that
 * hold more than half of its vertices; among several, the one holding most of its vertices, then
 * the smallest. Null when no boundary does (the mapper chooses). A hole boundary is never assigned
 * by another hole's boundary (null: it names its own hole).
 */
export function assignHole(feature: Pick<DrawingFeature, 'geometry' | 'properties'>, boundaries: readonly HoleBoundary[]): number | null {
  if (feature.properties.element === EL.holeBoundary) return null;
  const centre = featureCentre(feature.geometry);
  const points = vertices(feature.geometry);
  if (!centre || points.length === 0) return null;
  const scored = boundaries.map((b) => ({ b, centre: inBoundary(centre, b), inside: points.filter((p) => inBoundary(p, b)).length }));
  let candidates = scored.filter((s) => s.centre);
  if (candidates.length === 0) candidates = scored.filter((s) => s.inside * 2 > points.length);
  if (candidates.length === 0) return null;
  candidates.sort((x, y) => y.inside - x.inside || boundaryArea(x.b) - boundaryArea(y.b));
  return candidates[0].b.holeId;
}
