import { and, eq, inArray } from 'drizzle-orm';
import type { DrawingProblem, SaveCourseDrawingsBody, SaveCourseDrawingsResponse } from '@golf/contract/api/drawings';
import { holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';
import { HttpError, notFound, type ErrorDetail } from '../../platform/errors';
import { saveDrawing } from './drawing-service';
import { courseOfClub } from './service';

/**
 * A detail of saveDrawing's refusal as a drawing problem: every detail it gives carries the
 * problem's code and parameters (DRAWING_PROBLEMS); one without (none today) has an empty code,
 * which the web app shows by its message.
 */
function problemOf(detail: ErrorDetail & { code?: string; params?: DrawingProblem['params'] }): DrawingProblem {
  return { feature: detail.path, code: detail.code ?? '', params: detail.params ?? {}, message: detail.message };
}

/**
 * POST clubs/{clubId}/courses/{courseId}/drawings (issue 27, the course-wide mapping of /metamap):
 * the changed holes of one course saved together. Every hole_id must be a hole of that course of
 * that club (404 otherwise, before anything is written, naming nothing of another club). Each hole
 * is then saved through saveDrawing — its own version check, validation and catalogue rules, one
 * statement that is its own transaction — in the holes' order: a hole changed meanwhile by someone else (409) is
 * answered in `conflicts` with the stored version, a drawing the rules refuse (400) in `invalid`
 * with its problems; nothing of those holes is written, and the others are saved. Any other error
 * goes on (the holes saved before it stay saved, as their own saves would).
 */
export async function saveCourseDrawings(
  db: DbOrTx,
  clubId: number,
  courseId: number,
  userId: number,
  input: SaveCourseDrawingsBody,
  styleId: number,
): Promise<SaveCourseDrawingsResponse> {
  await courseOfClub(db, clubId, courseId);
  const ids = input.holes.map((h) => h.hole_id);
  const ofCourse = await db
    .select({ id: holes.id, order: holes.order })
    .from(holes)
    .where(and(eq(holes.courseId, courseId), inArray(holes.id, ids)));
  const orderOf = new Map(ofCourse.map((h) => [h.id, h.order]));
  if (ids.some((id) => !orderOf.has(id))) throw notFound('holes.notFound');

  const result: SaveCourseDrawingsResponse = { saved: [], conflicts: [], invalid: [] };
  const inOrder = [...input.holes].sort((a, b) => orderOf.get(a.hole_id)! - orderOf.get(b.hole_id)! || a.hole_id - b.hole_id);
  const conflicting: number[] = [];
  for (const hole of inOrder) {
    const order = orderOf.get(hole.hole_id)!;
    try {
      // saveDrawing writes a hole in one statement (the version check is its WHERE): its own
      // transaction, as the hole editor's save. Called on the pool, not in an explicit transaction,
      // so the catalogue it checks against is read once and kept for the following holes.
      result.saved.push((await saveDrawing(db, clubId, hole.hole_id, userId, { drawing: hole.drawing, version: hole.version }, styleId)).answer);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.statusCode === 409) conflicting.push(hole.hole_id);
      else if (err.statusCode === 400)
        result.invalid.push({
          hole_id: hole.hole_id,
          order,
          message: err.message,
          code: err.code,
          ...(err.params ? { params: err.params } : {}),
          problems: (err.details ?? []).map(problemOf),
        });
      else throw err;
    }
  }
  if (conflicting.length > 0) {
    // What is stored now, so the screen can say whose newer version it keeps.
    const stored = await db
      .select({ holeId: holeDrawings.holeId, version: holeDrawings.version, updatedAt: holeDrawings.updatedAt })
      .from(holeDrawings)
      .where(and(inArray(holeDrawings.holeId, conflicting), eq(holeDrawings.styleId, styleId)));
    const byHole = new Map(stored.map((s) => [s.holeId, s]));
    for (const holeId of conflicting) {
      const row = byHole.get(holeId);
      result.conflicts.push({ hole_id: holeId, order: orderOf.get(holeId)!, version: row?.version ?? 0, updated_at: row?.updatedAt.toISOString() ?? null });
    }
  }
  return result;
}
