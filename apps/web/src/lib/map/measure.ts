import { distance, isClosed, polygonArea, type Position } from '@golf/contract/geo/measure';
import { measureDistance, project } from '@golf/contract/geo/projection';

/** Measuring in metres for a club: its projected system for srid 3006 (SWEREF99 TM), else geodesic. */
export interface Measurer {
  /** Whether lengths and areas are measured in the club's projected system rather than geodesically. */
  projected: boolean;
  distance(a: Position, b: Position): number;
  lineLength(coords: readonly Position[]): number;
  polygonArea(rings: Position[][]): number;
}

/** Planar area of a ring of [x, y] metres by the shoelace formula (closed or not); always positive. */
export function shoelaceArea(ring: readonly (readonly number[])[]): number {
  const points = isClosed(ring as Position[]) ? ring.slice(0, -1) : ring;
  if (points.length < 3) return 0;
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** Area in m² of a [lon, lat] polygon in the srid's projected plane: the outer ring minus its holes. */
export function projectedPolygonArea(srid: number, rings: Position[][]): number {
  if (rings.length === 0) return 0;
  const areas = rings.map((ring) => shoelaceArea(ring.map((p) => project(srid, p))));
  return Math.max(0, areas.slice(1).reduce((rest, hole) => rest - hole, areas[0]));
}

/** The measurer of a club's srid. */
export function createMeasurer(srid: number | null | undefined): Measurer {
  const projected = srid === 3006;
  const dist = projected ? (a: Position, b: Position) => measureDistance(3006, a, b) : distance;
  return {
    projected,
    distance: dist,
    lineLength(coords) {
      let total = 0;
      for (let i = 1; i < coords.length; i++) total += dist(coords[i - 1], coords[i]);
      return total;
    },
    polygonArea: projected ? (rings) => projectedPolygonArea(3006, rings) : (rings) => polygonArea(rings),
  };
}
