import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Intersection } from '@golf/contract/api/status';
import { EDIT_DRAWING_STYLE, emptyDrawing } from '@golf/contract/api/drawings';
import { courses, holeDrawings, holes } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { preparedQuery } from '../../platform/prepared';
import { keptRead } from '../../platform/read-cache';
import type { DbOrTx } from '../../platform/database';
import { drawingChecks, readDocument, storedChecks, type DrawingChecks } from '../courses';

/** The checks of a hole never drawn. */
const NOT_DRAWN: DrawingChecks = drawingChecks(emptyDrawing());

const holeChecks = (where: SQL | undefined) => (db: DbOrTx) =>
  db
    .select({ holeId: holes.id, drawn: holeDrawings.holeId, checks: holeDrawings.checks })
    .from(courses)
    .leftJoin(holes, eq(holes.courseId, courses.id))
    .leftJoin(holeDrawings, and(eq(holeDrawings.holeId, holes.id), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)))
    .where(where)
    .orderBy(asc(holes.courseId), asc(holes.order));
const clubHoleChecks = preparedQuery('club_hole_checks', holeChecks(eq(courses.clubId, sql.placeholder('clubId'))));
const courseHoleChecks = preparedQuery('course_hole_checks', holeChecks(and(eq(courses.clubId, sql.placeholder('clubId')), eq(courses.id, sql.placeholder('courseId')))));

/**
 * Every hole of the club (or of one course: 404 when it is not the club's) in order with the
 * stored checks of its saved drawing, in one query. A row written before checks were stored (or
 * seeded without them) has them computed once here and stored for that version only: a save
 * meanwhile wrote its own checks and is left alone.
 */
async function holeChecksOf(db: DbOrTx, clubId: number, courseId?: number): Promise<[number, DrawingChecks][]> {
  const style = eq(holeDrawings.styleId, EDIT_DRAWING_STYLE);
  const rows = courseId === undefined ? await clubHoleChecks(db).execute({ clubId }) : await courseHoleChecks(db).execute({ clubId, courseId });
  if (courseId !== undefined && rows.length === 0) throw notFound('courses.notFound');
  const result: [number, DrawingChecks][] = [];
  const missing: number[] = [];
  for (const row of rows) {
    if (row.holeId === null) continue;
    if (row.drawn === null) {
      result.push([row.holeId, NOT_DRAWN]);
      continue;
    }
    const checks = storedChecks(row.checks);
    if (!checks) missing.push(row.holeId);
    result.push([row.holeId, checks ?? NOT_DRAWN]);
  }
  if (missing.length === 0) return result;
  const computed = new Map<number, DrawingChecks>();
  const unchecked = await db
    .select({ holeId: holeDrawings.holeId, document: holeDrawings.document, version: holeDrawings.version })
    .from(holeDrawings)
    .where(and(inArray(holeDrawings.holeId, missing), style));
  for (const row of unchecked) {
    const checks = drawingChecks(readDocument(row.document, row.holeId));
    await db
      .update(holeDrawings)
      .set({ checks })
      .where(and(eq(holeDrawings.holeId, row.holeId), style, eq(holeDrawings.version, row.version)));
    computed.set(row.holeId, checks);
  }
  return result.map(([holeId, checks]) => [holeId, computed.get(holeId) ?? checks]);
}

/**
 * holeChecksOf kept while the club's courses, holes and drawings are unchanged (keptRead): the
 * three status checks of a course, asked together by the status screens, read the rows once.
 */
function keptHoleChecks(db: DbOrTx, clubId: number, courseId?: number): Promise<[number, DrawingChecks][]> {
  return keptRead(db, `status:${clubId}:${courseId ?? '*'}`, clubId, (rows) => JSON.stringify(rows).length, () => holeChecksOf(db, clubId, courseId));
}

async function check<K extends keyof DrawingChecks>(db: DbOrTx, clubId: number, courseId: number | undefined, key: K): Promise<Record<string, DrawingChecks[K]>> {
  const result: Record<string, DrawingChecks[K]> = {};
  for (const [holeId, checks] of await keptHoleChecks(db, clubId, courseId)) result[String(holeId)] = checks[key];
  return result;
}

/** GET status/self-intersections: the features of each hole's drawing that cross themselves ([] when none). */
export function selfIntersectionStatus(db: DbOrTx, clubId: number, courseId?: number): Promise<Record<string, Intersection[]>> {
  return check(db, clubId, courseId, 'selfIntersections');
}

/** GET status/boundary-self-intersections: the crossings of each hole boundary ([] when none). */
export function boundarySelfIntersectionStatus(db: DbOrTx, clubId: number, courseId?: number): Promise<Record<string, Intersection[]>> {
  return check(db, clubId, courseId, 'boundarySelfIntersections');
}

/** GET status/greens-within-boundary: per hole true, false, or null when there is nothing to check. */
export function greensWithinBoundaryStatus(db: DbOrTx, clubId: number, courseId?: number): Promise<Record<string, boolean | null>> {
  return check(db, clubId, courseId, 'greensWithinBoundary');
}
