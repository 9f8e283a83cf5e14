/**
 * What every call of the tech map (issue 25) checks first: its access (role `tech-map` in the
 * path's club), the tracking group, comment or hole of the path or body as one of the club's
 * (another club's id answers 404, as one that does not exist), and the holes of the club's
 * courses, read through the courses area's entry. The other tech map files call these.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Course } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { trackingComments, trackingGroups, users } from '../../db/schema/index';
import type { ApiAccess } from '../../platform/authorize';
import type { DbOrTx } from '../../platform/db-types';
import { HttpError, notFound } from '../../platform/errors';
import { getCourse, holeOfClub, savedDrawings, selectedCourseIds } from '../courses';

/** Role `tech-map` in the club of the path (§2 menu: Greenkeeper → Tech map). */
export const TECH_MAP = { club: 'clubId', roles: ['tech-map'] } as const satisfies ApiAccess;

export type TrackingGroupRow = typeof trackingGroups.$inferSelect;
export type TrackingCommentRow = typeof trackingComments.$inferSelect;

/** The tracking group when it is the club's (locked for the rest of the transaction when asked); 404 `greenkeeper.groupNotFound` otherwise. */
export async function groupOfClub(db: DbOrTx, clubId: number, groupId: number, lock = false): Promise<TrackingGroupRow> {
  const query = db
    .select()
    .from(trackingGroups)
    .where(and(eq(trackingGroups.id, groupId), eq(trackingGroups.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('greenkeeper.groupNotFound');
  return row;
}

/**
 * The comment when its group is the club's; 404 `greenkeeper.commentNotFound` otherwise. With
 * `lock`, the comment and its group are locked for the rest of the transaction: a group being
 * deleted meanwhile waits, and then sees what the comment's change wrote (its image files).
 */
export async function commentOfClub(db: DbOrTx, clubId: number, commentId: number, lock = false): Promise<TrackingCommentRow> {
  const [row] = await db
    .select({ comment: trackingComments })
    .from(trackingComments)
    .innerJoin(trackingGroups, eq(trackingGroups.id, trackingComments.trackingGroupId))
    .where(and(eq(trackingComments.id, commentId), eq(trackingGroups.clubId, clubId)));
  if (!row) throw notFound('greenkeeper.commentNotFound');
  if (!lock) return row.comment;
  // The group first, then the comment: the order in which deleting the group takes them.
  await groupOfClub(db, clubId, row.comment.trackingGroupId, true);
  const [locked] = await db
    .select()
    .from(trackingComments)
    .where(and(eq(trackingComments.id, commentId), eq(trackingComments.trackingGroupId, row.comment.trackingGroupId)))
    .for('update');
  if (!locked) throw notFound('greenkeeper.commentNotFound');
  return locked;
}

/** The area's refusals for a missing row of another area (codes without parameters). */
type NotFoundCode = 'greenkeeper.holeNotFound' | 'greenkeeper.courseNotFound';

/** Runs `read` (a read of another area) and answers its 404 with this area's own code. */
export async function orNotFound<T>(read: Promise<T>, code: NotFoundCode): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) throw notFound(code);
    throw err;
  }
}

/** The hole when it is on one of the club's courses; 404 `greenkeeper.holeNotFound` otherwise. */
export async function holeInClub(db: DbOrTx, clubId: number, holeId: number) {
  return orNotFound(holeOfClub(db, clubId, holeId), 'greenkeeper.holeNotFound');
}

/** One of the club's courses with its holes; 404 `greenkeeper.courseNotFound` otherwise. */
export async function courseInClub(db: DbOrTx, clubId: number, courseId: number): Promise<Course> {
  return orNotFound(getCourse(db, clubId, courseId), 'greenkeeper.courseNotFound');
}

/** Every hole of the club's courses: hole id to its course id. */
export async function holesOfClub(db: DbOrTx, clubId: number): Promise<Map<number, number>> {
  const holes = new Map<number, number>();
  for (const courseId of await selectedCourseIds(db, clubId)) {
    const course = await getCourse(db, clubId, courseId);
    for (const hole of course.holes) holes.set(hole.id, course.id);
  }
  return holes;
}

/** The console user's name as the log book shows it ('First Last', else the email); null when the user is gone. */
export async function userNames(db: DbOrTx, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim() || r.email]));
}

/** The ids of the features in the saved drawing (style EDIT_DRAWING_STYLE) of each of these holes; a hole never drawn has none. */
export async function featuresOnMap(db: DbOrTx, holeIds: number[]): Promise<Map<number, Set<string>>> {
  const drawings = await savedDrawings(db, [...new Set(holeIds)], EDIT_DRAWING_STYLE);
  return new Map([...drawings].map(([holeId, drawing]) => [holeId, new Set(drawing.features.map((f) => f.id))]));
}
