import { distance, polygonArea, type Position } from '@golf/contract/geo/measure';
import { measureDistance } from '@golf/contract/geo/projection';

/** Measuring in metres for a club: its projected system for srid 3006 (SWEREF99 TM), else geodesic. */
export interface Measurer {
  /** Whether lengths are measured in the club's projected system rather than geodesically. */
  projected: boolean;
  distance(a: Position, b: Position): number;
  lineLength(coords: readonly Position[]): number;
  polygonArea(rings: Position[][]): number;
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
    polygonArea: (rings) => polygonArea(rings),
  };
}
