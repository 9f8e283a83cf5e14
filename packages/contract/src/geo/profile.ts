import type { Drawing } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import { distance, type Position } from './measure';

/** Play lines and height profiles (§2 height profiles, the elevation and play-line editors). */

/** Coordinates of the drawing's first 'play line' feature, or null when it has none. */
export function playLine(drawing: Drawing): Position[] | null {
  const f = drawing.features.find((x) => x.properties.element === EL.playLine && x.geometry.type === 'LineString');
  if (!f || f.geometry.type !== 'LineString' || f.geometry.coordinates.length < 2) return null;
  return f.geometry.coordinates;
}

/** The legs of a play line (tee → landing area → ... → green) with their geodesic length in metres. */
export function playLineLegs(coords: Position[]): { from: Position; to: Position; metres: number }[] {
  const legs: { from: Position; to: Position; metres: number }[] = [];
  for (let i = 1; i < coords.length; i++) {
    legs.push({ from: coords[i - 1], to: coords[i], metres: distance(coords[i - 1], coords[i]) });
  }
  return legs;
}

/**
 * The height profile along the play line: its geodesic length and, for every vertex with a height
 * (third coordinate), the distance from the tee and the height in metres. Null without a play line
 * or without any height.
 */
export function heightProfile(drawing: Drawing): { length: number; points: { distance: number; height: number }[] } | null {
  const coords = playLine(drawing);
  if (!coords) return null;
  const points: { distance: number; height: number }[] = [];
  let along = 0;
  coords.forEach((p, i) => {
    if (i > 0) along += distance(coords[i - 1], p);
    if (p.length >= 3 && Number.isFinite(p[2])) points.push({ distance: along, height: p[2] });
  });
  if (points.length === 0) return null;
  return { length: along, points };
}
