import type { Drawing } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import { pointInPolygon, type PointLike } from './planar';

/**
 * A hole's boundary: the 'hole boundary' polygons of its drawing (the area the hole's page shows
 * and where its features belong). A hole may have several; a point inside any is on the hole.
 */

/** The rings of every 'hole boundary' polygon of the drawing (longitude/latitude). */
export function holeBoundaries(drawing: Drawing): (readonly (readonly PointLike[])[])[] {
  return drawing.features.flatMap((f) =>
    f.properties.element === EL.holeBoundary && f.geometry.type === 'Polygon' && f.geometry.coordinates.length > 0 && f.geometry.coordinates[0].length >= 3
      ? [f.geometry.coordinates]
      : [],
  );
}

/**
 * Whether `point` ([longitude, latitude]) lies inside the hole's boundary; null when the drawing
 * has no boundary to judge by. Planar in longitude/latitude, which at the size of a hole is within
 * centimetres of the geodesic answer.
 */
export function insideHoleBoundary(drawing: Drawing | null | undefined, point: PointLike): boolean | null {
  if (!drawing) return null;
  const boundaries = holeBoundaries(drawing);
  if (boundaries.length === 0) return null;
  return boundaries.some((rings) => pointInPolygon(point, rings));
}
