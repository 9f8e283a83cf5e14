import { asc, eq } from 'drizzle-orm';
import { EDIT_DRAWING_STYLE, type Drawing } from '@golf/contract/api/drawings';
import { holes, insightCourseOrigins } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';
import { savedDrawings } from '../courses';

/**
 * The local projection of a course for insights (issue 22): positions are kept as metres east
 * (`x`) and north (`y`) of the course's origin, so that the heatmap bins them in SQL with a grid in
 * metres. Equirectangular about the origin's latitude: over a course (a few kilometres) it is exact
 * to centimetres, and both directions are plain arithmetic.
 */

/** The mean Earth radius (IUGG), in metres. */
export const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;

export interface Origin {
  lon: number;
  lat: number;
}

/** A box in longitude/latitude. */
export interface Extent {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Metres east (x) and north (y) of `origin`. */
export function toLocal(origin: Origin, lon: number, lat: number): { x: number; y: number } {
  return {
    x: (lon - origin.lon) * Math.cos(origin.lat * RAD) * EARTH_RADIUS_M * RAD,
    y: (lat - origin.lat) * EARTH_RADIUS_M * RAD,
  };
}

/** The inverse of toLocal: longitude and latitude of a point `x` metres east and `y` north of `origin`. */
export function toLonLat(origin: Origin, x: number, y: number): { lon: number; lat: number } {
  return {
    lon: origin.lon + x / (Math.cos(origin.lat * RAD) * EARTH_RADIUS_M * RAD),
    lat: origin.lat + y / (EARTH_RADIUS_M * RAD),
  };
}

/** The box around every position of the drawings; null when they hold none. */
export function extentOfDrawings(drawings: Iterable<Drawing>): Extent | null {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  const add = ([lon, lat]: readonly number[]) => {
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  };
  for (const drawing of drawings) {
    for (const { geometry } of drawing.features) {
      if (geometry.type === 'Point') add(geometry.coordinates);
      else if (geometry.type === 'LineString') geometry.coordinates.forEach(add);
      else for (const ring of geometry.coordinates) ring.forEach(add);
    }
  }
  return minLon <= maxLon ? { minLon, minLat, maxLon, maxLat } : null;
}

/**
 * The distance in metres from a position to the box (0 inside it), measured in the equirectangular
 * plane at the box's middle latitude (what a 2 km limit needs: exact to well under a metre there).
 */
export function metresFromExtent(extent: Extent, lon: number, lat: number): number {
  const dLon = lon < extent.minLon ? extent.minLon - lon : lon > extent.maxLon ? lon - extent.maxLon : 0;
  const dLat = lat < extent.minLat ? extent.minLat - lat : lat > extent.maxLat ? lat - extent.maxLat : 0;
  if (dLon === 0 && dLat === 0) return 0;
  const cos = Math.cos(((extent.minLat + extent.maxLat) / 2) * RAD);
  return Math.hypot(dLon * cos, dLat) * EARTH_RADIUS_M * RAD;
}

/** The origin a course gets: the middle of its drawings' box, rounded to 0.001°. */
export function originOfExtent(extent: Extent): Origin {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { lon: round((extent.minLon + extent.maxLon) / 2), lat: round((extent.minLat + extent.maxLat) / 2) };
}

/**
 * The box of a course's drawn holes: every position of its holes' drawings in the edit style
 * (style 1, read through the courses area's entry); null when no hole of it is drawn.
 */
export async function courseExtent(db: DbOrTx, courseId: number): Promise<Extent | null> {
  const rows = await db.select({ id: holes.id }).from(holes).where(eq(holes.courseId, courseId)).orderBy(asc(holes.order));
  const drawings = await savedDrawings(
    db,
    rows.map((r) => r.id),
    EDIT_DRAWING_STYLE,
  );
  return extentOfDrawings(drawings.values());
}

/**
 * The course's origin for insights: the stored one, or, at the course's first use, the middle of its
 * drawings' box rounded to 0.001° stored now (`insert … on conflict do nothing`, then read: of two
 * requests racing, both answer the one stored). Null when none is stored and the course has no drawn
 * holes. `extent` spares the read of the drawings when the caller has it already. Once stored, an
 * origin does not move (redrawing the course keeps it: the stored metres stay valid).
 */
export async function courseOrigin(tx: DbOrTx, courseId: number, extent?: Extent | null): Promise<Origin | null> {
  const stored = await readOrigin(tx, courseId);
  if (stored) return stored;
  const box = extent === undefined ? await courseExtent(tx, courseId) : extent;
  if (!box) return null;
  const origin = originOfExtent(box);
  await tx
    .insert(insightCourseOrigins)
    .values({ courseId, lon: origin.lon, lat: origin.lat })
    .onConflictDoNothing({ target: insightCourseOrigins.courseId });
  return readOrigin(tx, courseId);
}

async function readOrigin(db: DbOrTx, courseId: number): Promise<Origin | null> {
  const [row] = await db
    .select({ lon: insightCourseOrigins.lon, lat: insightCourseOrigins.lat })
    .from(insightCourseOrigins)
    .where(eq(insightCourseOrigins.courseId, courseId));
  return row ?? null;
}
