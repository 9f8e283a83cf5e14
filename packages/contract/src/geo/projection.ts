import proj4 from 'proj4';
import { distance, type Position } from './measure';

/**
 * Country projections (§3 "Country projections"). Drawings are stored in longitude/latitude
 * (EPSG:4326); a club whose srid is 3006 (Sweden) measures in SWEREF99 TM.
 */

/** proj4 definitions by srid. */
export const PROJECTION_DEFS: Record<number, string> = {
  3006: '+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs',
  4326: '+proj=longlat +datum=WGS84 +no_defs +type=crs',
};

/** The 'EPSG:nnnn' code of a srid; srids without a definition fall back to 'EPSG:4326'. */
export function projectionCode(srid: number): string {
  return PROJECTION_DEFS[srid] ? `EPSG:${srid}` : 'EPSG:4326';
}

/** Defines the projections of PROJECTION_DEFS on a proj4 instance (the web editor then calls OpenLayers' `register`). */
export function registerProjections(p4: typeof proj4): void {
  for (const [srid, def] of Object.entries(PROJECTION_DEFS)) p4.defs(`EPSG:${srid}`, def);
}

registerProjections(proj4);

/**
 * [lon, lat] → [x, y] in the srid's system: [easting, northing] in metres for 3006 (EPSG:3006's
 * official axis order is northing, easting; like proj4 and OpenLayers we return x = easting,
 * y = northing); unchanged for 4326 and unknown srids.
 */
export function project(srid: number, p: Position): [number, number] {
  const code = projectionCode(srid);
  if (code === 'EPSG:4326') return [p[0], p[1]];
  const [x, y] = proj4('EPSG:4326', code, [p[0], p[1]]);
  return [x, y];
}

/** [x, y] in the srid's system (easting, northing for 3006) → [lon, lat]. */
export function unproject(srid: number, xy: [number, number]): [number, number] {
  const code = projectionCode(srid);
  if (code === 'EPSG:4326') return [xy[0], xy[1]];
  const [lon, lat] = proj4(code, 'EPSG:4326', [xy[0], xy[1]]);
  return [lon, lat];
}

/** Metres between a and b: Euclidean in SWEREF99 TM for srid 3006 clubs, geodesic on WGS84 otherwise. */
export function measureDistance(srid: number, a: Position, b: Position): number {
  if (projectionCode(srid) === 'EPSG:4326') return distance(a, b);
  const [ax, ay] = project(srid, a);
  const [bx, by] = project(srid, b);
  return Math.hypot(bx - ax, by - ay);
}
