import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Intersection } from '@golf/contract/api/status';
import { EDIT_DRAWING_STYLE, emptyDrawing } from '@golf/contract/api/drawings';
import { holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { readDocument } from '../courses/drawing-service';
import { selectedCourseIds } from '../courses/service';
import { drawingChecks, storedChecks, type DrawingChecks } from '../courses/drawing-checks';

/** The checks of a hole never drawn. */
const NOT_DRAWN: DrawingChecks = drawingChecks(emptyDrawing());

/**
 * The stored checks of the drawings of `holeIds`, by hole id. A row written before checks were
 * stored (or seeded without them) has them computed once here and stored for that version only:
 * a save meanwhile wrote its own checks and is left alone.
 */
async function storedChecksOf(db: DbOrTx, holeIds: number[]): Promise<Map<number, DrawingChecks>> {
  const byHole = new Map<number, DrawingChecks>();
  if (holeIds.length === 0) return byHole;
  const style = eq(holeDrawings.styleId, EDIT_DRAWING_STYLE);
  const rows = await db.select({ holeId: holeDrawings.holeId, checks: holeDrawings.checks }).from(holeDrawings).where(and(inArray(holeDrawings.holeId, holeIds), style));
  const missing: number[] = [];
  for (const row of rows) {
    const checks = storedChecks(row.checks);
    if (checks) byHole.set(row.holeId, checks);
    else missing.push(row.holeId);
  }
  if (missing.length === 0) return byHole;
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
    byHole.set(row.holeId, checks);
  }
  return byHole;
}

/** Every hole of the club (or of one course) in order with the checks of its saved drawing. */
async function holeChecksOf(db: DbOrTx, clubId: number, courseId?: number): Promise<[number, DrawingChecks][]> {
  const courseIds = await selectedCourseIds(db, clubId, courseId);
  if (courseIds.length === 0) return [];
  const rows = await db.select({ id: holes.id }).from(holes).where(inArray(holes.courseId, courseIds)).orderBy(asc(holes.courseId), asc(holes.order));
  const checks = await storedChecksOf(db, rows.map((r) => r.id));
  return rows.map((r) => [r.id, checks.get(r.id) ?? NOT_DRAWN]);
}

async function check<K extends keyof DrawingChecks>(db: DbOrTx, clubId: number, courseId: number | undefined, key: K): Promise<Record<string, DrawingChecks[K]>> {
  const result: Record<string, DrawingChecks[K]> = {};
  for (const [holeId, checks] of await holeChecksOf(db, clubId, courseId)) result[String(holeId)] = checks[key];
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
