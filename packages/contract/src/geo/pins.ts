import type { Drawing } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import { bearing as azimuth, centroid, destination, distance, toLocalMetres, type Position } from './measure';
import { playLine } from './profile';

/**
 * Pin positions (§3 "Pin position", §5): 'in' metres from the T-point along the direction of play
 * and 'side' metres across it (right of the direction of play positive, left negative).
 */

/** Where pin positions are measured from: the T-point [lon, lat] and the direction of play in degrees. */
export interface PinFrame {
  origin: [number, number];
  bearing: number;
}

function polygonsOf(drawing: Drawing, element: string): Position[][][] {
  const out: Position[][][] = [];
  for (const f of drawing.features) {
    if (f.properties.element === element && f.geometry.type === 'Polygon' && (f.geometry.coordinates[0]?.length ?? 0) >= 3) {
      out.push(f.geometry.coordinates);
    }
  }
  return out;
}

/** Mean of the centroids of the drawing's tee polygons, or null when it has none. */
function teeCentre(drawing: Drawing): [number, number] | null {
  const tees = polygonsOf(drawing, EL.tee);
  if (tees.length === 0) return null;
  const cs = tees.map((t) => centroid(t[0]));
  return [cs.reduce((s, c) => s + c[0], 0) / cs.length, cs.reduce((s, c) => s + c[1], 0) / cs.length];
}

/** The last leg of the play line with distinct ends, or the tee centre → green centroid line; null when there is neither. */
function approach(drawing: Drawing, greenCentre: [number, number]): { from: Position; to: Position } | null {
  const line = playLine(drawing);
  if (line) {
    for (let i = line.length - 1; i > 0; i--) {
      if (distance(line[i - 1], line[i]) > 0) return { from: line[i - 1], to: line[i] };
    }
  }
  const tee = teeCentre(drawing);
  if (tee && distance(tee, greenCentre) > 0) return { from: tee, to: greenCentre };
  return null;
}

/**
 * Smallest t ≥ 0 at which the ray from (0,0) through `dir` meets one of the edges (local metres),
 * or null when it meets none.
 */
function firstHit(dir: [number, number], edges: [number, number][][]): number | null {
  let best: number | null = null;
  for (const ring of edges) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [ax, ay] = ring[i];
      const [bx, by] = ring[i + 1];
      const ex = bx - ax;
      const ey = by - ay;
      const den = dir[0] * ey - dir[1] * ex;
      if (den === 0) continue;
      const t = (ax * ey - ay * ex) / den;
      const u = (ax * dir[1] - ay * dir[0]) / den;
      if (t >= 0 && u >= 0 && u <= 1 && (best === null || t < best)) best = t;
    }
  }
  return best;
}

/**
 * The pin frame of a hole: the 'T-point' feature when drawn (direction = the play line's last leg,
 * else tee centre → green centroid), otherwise the point where the play line's last leg (or the
 * tee centre → green centroid line) enters the green. Null when there is no green, or when the
 * hole has neither a T-point with a direction nor a play line or tee to derive one from.
 */
export function pinFrame(drawing: Drawing): PinFrame | null {
  const green = polygonsOf(drawing, EL.green)[0];
  if (!green) return null;
  const greenCentre = centroid(green[0]);
  const path = approach(drawing, greenCentre);

  const tPoint = drawing.features.find((f) => f.properties.element === EL.tPoint && f.geometry.type === 'Point');
  if (tPoint && tPoint.geometry.type === 'Point') {
    const origin: [number, number] = [tPoint.geometry.coordinates[0], tPoint.geometry.coordinates[1]];
    if (path) return { origin, bearing: azimuth(path.from, path.to) };
    if (distance(origin, greenCentre) > 0) return { origin, bearing: azimuth(origin, greenCentre) };
    return null;
  }

  if (!path) return null;
  // On the azimuthal equidistant plane around the leg's start the geodesic leg is a straight ray.
  const local = toLocalMetres(path.from);
  const to = local.forward(path.to);
  const rings = green.map((ring) => ring.map((p) => local.forward(p)));
  const t = firstHit(to, rings.slice(0, 1));
  const bearingDeg = azimuth(path.from, path.to);
  if (t === null) {
    // The leg points past the green: use the green's vertex nearest to the line's start.
    let nearest = green[0][0];
    for (const p of green[0]) if (distance(path.from, p) < distance(path.from, nearest)) nearest = p;
    return { origin: [nearest[0], nearest[1]], bearing: bearingDeg };
  }
  const origin = local.inverse([to[0] * t, to[1] * t]);
  return { origin, bearing: bearingDeg };
}

/** The geographic point [lon, lat] of a pin 'in' metres along the direction of play and 'side' metres to its right. */
export function pinPoint(frame: PinFrame, outMeters: number, sideMeters: number): [number, number] {
  const b = (frame.bearing * Math.PI) / 180;
  // Forward unit vector (sin b, cos b); right of it (cos b, -sin b); x east, y north.
  const x = outMeters * Math.sin(b) + sideMeters * Math.cos(b);
  const y = outMeters * Math.cos(b) - sideMeters * Math.sin(b);
  const s = Math.hypot(x, y);
  if (s === 0) return [frame.origin[0], frame.origin[1]];
  return destination(frame.origin, (Math.atan2(x, y) * 180) / Math.PI, s);
}
