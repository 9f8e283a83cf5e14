import { asc, inArray } from 'drizzle-orm';
import type { Intersection } from '@golf/contract/api/status';
import { EDIT_DRAWING_STYLE, emptyDrawing, type Drawing } from '@golf/contract/api/drawings';
import { boundarySelfIntersections, greensWithinBoundary, selfIntersections } from '@golf/contract/geo/status';
import { holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { savedDrawings } from '../courses/drawing-service';
import { selectedCourseIds } from '../courses/service';

/** Every hole of the club (or of one course) with its saved drawing; an empty one when never drawn. */
async function holeDrawingsOf(db: DbOrTx, clubId: number, courseId?: number): Promise<[number, Drawing][]> {
  const courseIds = await selectedCourseIds(db, clubId, courseId);
  if (courseIds.length === 0) return [];
  const rows = await db.select({ id: holes.id }).from(holes).where(inArray(holes.courseId, courseIds)).orderBy(asc(holes.courseId), asc(holes.order));
  const drawings = await savedDrawings(db, rows.map((r) => r.id), EDIT_DRAWING_STYLE);
  return rows.map((r) => [r.id, drawings.get(r.id) ?? emptyDrawing()]);
}

async function check<T>(db: DbOrTx, clubId: number, courseId: number | undefined, run: (drawing: Drawing) => T): Promise<Record<string, T>> {
  const result: Record<string, T> = {};
  for (const [holeId, drawing] of await holeDrawingsOf(db, clubId, courseId)) result[String(holeId)] = run(drawing);
  return result;
}

/** GET status/self-intersections: the features of each hole's drawing that cross themselves ([] when none). */
export function selfIntersectionStatus(db: DbOrTx, clubId: number, courseId?: number): Promise<Record<string, Intersection[]>> {
  return check(db, clubId, courseId, selfIntersections);
}

/** GET status/boundary-self-intersections: the crossings of each hole boundary ([] when none). */
export function boundarySelfIntersectionStatus(db: DbOrTx, clubId: number, courseId?: number): Promise<Record<string, Intersection[]>> {
  return check(db, clubId, courseId, boundarySelfIntersections);
}

/** GET status/greens-within-boundary: per hole true, false, or null when there is nothing to check. */
export function greensWithinBoundaryStatus(db: DbOrTx, clubId: number, courseId?: number): Promise<Record<string, boolean | null>> {
  return check(db, clubId, courseId, greensWithinBoundary);
}
