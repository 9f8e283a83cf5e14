import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Course } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import type { AreaHistory, AreaSnapshot, ClubAreas, CourseAreas, ElementArea, HoleAreas } from '@golf/contract/api/greenkeeper';
import { drawingAreas } from '@golf/contract/geo/measure';
import { areaSnapshots, courses, holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { HttpError, notFound } from '../../platform/errors';
import { getCourse, savedDrawings, selectedCourseIds } from '../courses';

/**
 * Area statistics (issue 25, §5): per hole, per course and for the club, each element type's
 * count and geodesic area in m², from the holes' saved drawings (style EDIT_DRAWING_STYLE) with the
 * contract's drawingAreas, so the numbers are the hole editor's (mound, hollow, background and
 * features without an element name left out). Snapshots keep them per date (area_snapshots).
 */

/** A drawingAreas record as a list by element name. */
export function elementList(record: Record<string, { count: number; area: number }>): ElementArea[] {
  return Object.entries(record)
    .map(([element, v]) => ({ element, count: v.count, area: v.area }))
    .sort((a, b) => (a.element < b.element ? -1 : a.element > b.element ? 1 : 0));
}

/** Element lists added up by element. */
export function sumElements(lists: readonly ElementArea[][]): ElementArea[] {
  const out: Record<string, { count: number; area: number }> = {};
  for (const list of lists) {
    for (const e of list) {
      const entry = (out[e.element] ??= { count: 0, area: 0 });
      entry.count += e.count;
      entry.area += e.area;
    }
  }
  return elementList(out);
}

/** The course when it is the club's, with its holes; 404 greenkeeper.courseNotFound otherwise. */
export async function courseOfClubOr404(db: DbOrTx, clubId: number, courseId: number): Promise<Course> {
  try {
    return await getCourse(db, clubId, courseId);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) throw notFound('greenkeeper.courseNotFound');
    throw err;
  }
}

/** When a saved drawing of each course last changed (courses with no drawing are left out). */
async function drawnAtOf(db: DbOrTx, courseIds: number[]): Promise<Map<number, Date>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: holes.courseId, drawnAt: max(holeDrawings.updatedAt) })
    .from(holeDrawings)
    .innerJoin(holes, eq(holes.id, holeDrawings.holeId))
    .where(and(inArray(holes.courseId, courseIds), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)))
    .groupBy(holes.courseId);
  return new Map(rows.filter((r) => r.drawnAt !== null).map((r) => [r.courseId, new Date(r.drawnAt!)]));
}

/** The areas of courses (with their holes), computed from their saved drawings now. */
async function computeCourses(db: DbOrTx, list: Course[]): Promise<{ areas: CourseAreas; drawnAt: Date | null }[]> {
  const holeIds = list.flatMap((c) => c.holes.map((h) => h.id));
  const drawings = await savedDrawings(db, holeIds, EDIT_DRAWING_STYLE);
  const drawnAt = await drawnAtOf(
    db,
    list.map((c) => c.id),
  );
  return list.map((course) => {
    const holeAreas: HoleAreas[] = course.holes.map((h) => {
      const drawing = drawings.get(h.id);
      return { holeId: h.id, order: h.order, name: h.name, elements: drawing ? elementList(drawingAreas(drawing)) : [] };
    });
    const at = drawnAt.get(course.id) ?? null;
    return {
      areas: { courseId: course.id, name: course.name, holes: holeAreas, totals: sumElements(holeAreas.map((h) => h.elements)), drawnAt: at?.toISOString() ?? null },
      drawnAt: at,
    };
  });
}

/** GET clubs/{clubId}/greenkeeper/areas: every course of the club, per hole and in total, and the club's totals. */
export async function clubAreas(db: DbOrTx, clubId: number, courseId?: number): Promise<ClubAreas> {
  const ids = courseId === undefined ? await selectedCourseIds(db, clubId) : [(await courseOfClubOr404(db, clubId, courseId)).id];
  const list: Course[] = [];
  for (const id of ids.sort((a, b) => a - b)) list.push(await getCourse(db, clubId, id));
  const computed = (await computeCourses(db, list)).map((c) => c.areas);
  return { courses: computed, totals: sumElements(computed.map((c) => c.totals)) };
}

/** The UTC calendar date of a time, YYYY-MM-DD. */
export function dateOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

type SnapshotRow = typeof areaSnapshots.$inferSelect;

function storedElements(value: unknown): ElementArea[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e: unknown) => {
    const o = e as { element?: unknown; count?: unknown; area?: unknown } | null;
    return o && typeof o.element === 'string' && typeof o.count === 'number' && typeof o.area === 'number' ? [{ element: o.element, count: o.count, area: o.area }] : [];
  });
}

function presentSnapshot(row: Pick<SnapshotRow, 'takenOn' | 'totals'>): AreaSnapshot {
  return { date: row.takenOn, totals: storedElements(row.totals) };
}

/** The per-hole lists of a course's areas as stored in a snapshot: { [holeId]: ElementArea[] }. */
function holesJson(areas: CourseAreas): Record<string, ElementArea[]> {
  return Object.fromEntries(areas.holes.map((h) => [String(h.holeId), h.elements]));
}

/**
 * Stores (or replaces) the snapshot of a course on the date of its latest drawing change. Used by
 * the hourly job and by the demo (which writes an earlier `date` with scaled numbers).
 */
export async function storeSnapshot(db: DbOrTx, input: { courseId: number; date: string; drawnAt: Date; totals: ElementArea[]; holes: Record<string, ElementArea[]> }): Promise<void> {
  const values = { courseId: input.courseId, takenOn: input.date, totals: input.totals, holes: input.holes, drawnAt: input.drawnAt };
  await db
    .insert(areaSnapshots)
    .values(values)
    .onConflictDoUpdate({ target: [areaSnapshots.courseId, areaSnapshots.takenOn], set: { totals: values.totals, holes: values.holes, drawnAt: values.drawnAt, createdAt: sql`now()` } });
}

/**
 * GET clubs/{clubId}/greenkeeper/areas/history?courseId=: the stored snapshots oldest first and,
 * when a drawing changed after the newest one, the live numbers as the last entry (dated the day
 * of that change, replacing a stored entry of the same date).
 */
export async function areaHistory(db: DbOrTx, clubId: number, courseId: number): Promise<AreaHistory> {
  const course = await courseOfClubOr404(db, clubId, courseId);
  const rows = await db
    .select({ takenOn: areaSnapshots.takenOn, totals: areaSnapshots.totals, drawnAt: areaSnapshots.drawnAt })
    .from(areaSnapshots)
    .where(eq(areaSnapshots.courseId, course.id))
    .orderBy(asc(areaSnapshots.takenOn));
  const snapshots = rows.map(presentSnapshot);
  const [live] = await computeCourses(db, [course]);
  const newest = rows.at(-1);
  if (live.drawnAt && (!newest || live.drawnAt.getTime() > newest.drawnAt.getTime())) {
    const date = dateOf(live.drawnAt);
    const kept = snapshots.filter((s) => s.date < date);
    return { courseId: course.id, snapshots: [...kept, { date, totals: live.areas.totals }] };
  }
  return { courseId: course.id, snapshots };
}

/** The live areas of one of the club's courses, as a snapshot would store them (the demo writes history from them). */
export async function liveCourseAreas(db: DbOrTx, clubId: number, courseId: number): Promise<{ areas: CourseAreas; drawnAt: Date | null; holes: Record<string, ElementArea[]> }> {
  const course = await courseOfClubOr404(db, clubId, courseId);
  const [live] = await computeCourses(db, [course]);
  return { ...live, holes: holesJson(live.areas) };
}

/**
 * The hourly job's work: a snapshot of every course (of every club) whose drawings changed after
 * its newest snapshot, dated the day of the change. Answers how many were stored.
 */
export async function snapshotChangedCourses(db: DbOrTx, signal?: AbortSignal): Promise<{ courses: number }> {
  const latest = db
    .select({ courseId: areaSnapshots.courseId, drawnAt: max(areaSnapshots.drawnAt).as('snap_drawn_at') })
    .from(areaSnapshots)
    .groupBy(areaSnapshots.courseId)
    .as('latest');
  const drawn = db
    .select({ courseId: holes.courseId, drawnAt: max(holeDrawings.updatedAt).as('drawn_at') })
    .from(holeDrawings)
    .innerJoin(holes, eq(holes.id, holeDrawings.holeId))
    .where(eq(holeDrawings.styleId, EDIT_DRAWING_STYLE))
    .groupBy(holes.courseId)
    .as('drawn');
  const changed = await db
    .select({ courseId: courses.id, clubId: courses.clubId })
    .from(courses)
    .innerJoin(drawn, eq(drawn.courseId, courses.id))
    .leftJoin(latest, eq(latest.courseId, courses.id))
    // Stored times went through JavaScript (milliseconds); the drawings' keep microseconds.
    .where(sql`${latest.drawnAt} is null or date_trunc('milliseconds', ${drawn.drawnAt}) > ${latest.drawnAt}`)
    .orderBy(desc(drawn.drawnAt));
  let stored = 0;
  for (const { courseId, clubId } of changed) {
    if (signal?.aborted) throw signal.reason;
    const live = await liveCourseAreas(db, clubId, courseId).catch((err: unknown) => {
      // The course was deleted meanwhile: nothing to keep.
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    });
    if (!live?.drawnAt) continue;
    await storeSnapshot(db, { courseId, date: dateOf(live.drawnAt), drawnAt: live.drawnAt, totals: live.areas.totals, holes: live.holes });
    stored += 1;
  }
  return { courses: stored };
}
