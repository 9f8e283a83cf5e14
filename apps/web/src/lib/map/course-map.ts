import type { DrawingFeature } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';

/** Where a hole's number goes on the course map: its green's centre, else the end of its play line, else the middle of its drawing. */
export function holeLabelPosition(features: readonly DrawingFeature[]): [number, number] | null {
  const green = features.find((f) => f.properties.element === EL.green && f.geometry.type === 'Polygon');
  if (green && green.geometry.type === 'Polygon') {
    const ring = green.geometry.coordinates[0] ?? [];
    const open = ring.length > 1 ? ring.slice(0, -1) : ring;
    if (open.length > 0) return [avg(open.map((c) => c[0])), avg(open.map((c) => c[1]))];
  }
  const line = features.find((f) => f.properties.element === EL.playLine && f.geometry.type === 'LineString');
  if (line && line.geometry.type === 'LineString' && line.geometry.coordinates.length > 0) {
    const end = line.geometry.coordinates[line.geometry.coordinates.length - 1];
    return [end[0], end[1]];
  }
  const all = features.flatMap((f) => positions(f.geometry));
  if (all.length === 0) return null;
  const lons = all.map((c) => c[0]);
  const lats = all.map((c) => c[1]);
  return [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}

/** Map feature id of a hole's feature (`holeId:featureId`) and the hole id back from any such id. */
export const courseMapFeatureId = (holeId: number, featureId: string) => `${holeId}:${featureId}`;
export const holeIdOfFeature = (id: string): number | null => {
  const n = Number(id.split(':')[0]);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function positions(geometry: DrawingFeature['geometry']): number[][] {
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'LineString') return geometry.coordinates;
  return geometry.coordinates.flat();
}

function avg(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
