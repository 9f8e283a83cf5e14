import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Course, CreateCourseBody, CreateTeeBody, Hole, HoleTee, Tee, UpdateCourseBody, UpdateHoleBody, UpdateTeeBody } from '@golf/contract/api/courses';
import { MAX_TEES_PER_COURSE } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { courses, holeDrawings, holes, holeTees, tees } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, notFound, problemsError } from '../../platform/errors';
import { preparedQuery } from '../../platform/prepared';

type Problem = { path: string; message: string };
type CourseRow = typeof courses.$inferSelect;
type HoleRow = typeof holes.$inferSelect;
type TeeRow = typeof tees.$inferSelect;

/** The course when it belongs to the club; 404 otherwise (another club's course is not revealed). */
export async function courseOfClub(db: DbOrTx, clubId: number, courseId: number, lock = false): Promise<CourseRow> {
  const query = db.select().from(courses).where(and(eq(courses.id, courseId), eq(courses.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('courses.notFound');
  return row;
}

/** The hole when it is on one of the club's courses; 404 otherwise. */
export async function holeOfClub(db: DbOrTx, clubId: number, holeId: number): Promise<HoleRow> {
  const [row] = await db
    .select({ hole: holes })
    .from(holes)
    .innerJoin(courses, eq(courses.id, holes.courseId))
    .where(and(eq(holes.id, holeId), eq(courses.clubId, clubId)));
  if (!row) throw notFound('holes.notFound');
  return row.hole;
}

async function teeOfClub(db: DbOrTx, clubId: number, teeId: number): Promise<TeeRow> {
  const [row] = await db
    .select({ tee: tees })
    .from(tees)
    .innerJoin(courses, eq(courses.id, tees.courseId))
    .where(and(eq(tees.id, teeId), eq(courses.clubId, clubId)));
  if (!row) throw notFound('tees.notFound');
  return row.tee;
}

/** The ids of the club's courses, or of one of them (404 when it is not the club's). */
export async function selectedCourseIds(db: DbOrTx, clubId: number, courseId?: number): Promise<number[]> {
  if (courseId !== undefined) return [(await courseOfClub(db, clubId, courseId)).id];
  const rows = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, clubId));
  return rows.map((r) => r.id);
}

function presentHole(row: HoleRow, hasDrawing: boolean): Hole {
  return {
    id: row.id,
    course_id: row.courseId,
    order: row.order,
    name: row.name,
    par: row.par,
    handicap: row.handicap,
    pro_guideline: row.proGuideline,
    has_drawing: hasDrawing,
  };
}

async function holesWithDrawing(db: DbOrTx, holeIds: number[]): Promise<Set<number>> {
  if (holeIds.length === 0) return new Set();
  const rows = await db
    .select({ holeId: holeDrawings.holeId })
    .from(holeDrawings)
    .where(and(inArray(holeDrawings.holeId, holeIds), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
  return new Set(rows.map((r) => r.holeId));
}

/** Courses with their holes (left-joined: courses without holes too) and has_drawing, in order, for `where`. */
const courseHoles = (where: SQL) => (db: DbOrTx) =>
  db
    .select({
      course: courses,
      hole: holes,
      drawn: sql<boolean>`exists (select 1 from ${holeDrawings} where ${holeDrawings.holeId} = ${holes.id} and ${holeDrawings.styleId} = ${EDIT_DRAWING_STYLE})`,
    })
    .from(courses)
    .leftJoin(holes, eq(holes.courseId, courses.id))
    .where(where)
    .orderBy(asc(courses.id), asc(holes.order), asc(holes.id));
const clubCourseHoles = preparedQuery('club_course_holes', courseHoles(eq(courses.clubId, sql.placeholder('clubId'))));
const oneCourseHoles = preparedQuery('one_course_holes', courseHoles(and(eq(courses.id, sql.placeholder('courseId')), eq(courses.clubId, sql.placeholder('clubId')))!));

function presentCourses(rows: Awaited<ReturnType<ReturnType<typeof clubCourseHoles>['execute']>>): Course[] {
  const list: Course[] = [];
  for (const { course: c, hole, drawn } of rows) {
    let course = list.at(-1);
    if (course?.id !== c.id) {
      course = { id: c.id, club_id: c.clubId, name: c.name, holes: [], attribution: c.attribution, updated_at: c.updatedAt.toISOString() };
      list.push(course);
    }
    if (hole) course.holes.push(presentHole(hole, drawn));
  }
  return list;
}

/** GET clubs/{clubId}/courses: the club's courses with their holes in order (one query). */
export async function listCourses(db: DbOrTx, clubId: number): Promise<Course[]> {
  return presentCourses(await clubCourseHoles(db).execute({ clubId }));
}

/** One course of the club with its holes in order. */
export async function getCourse(db: DbOrTx, clubId: number, courseId: number): Promise<Course> {
  const [course] = presentCourses(await oneCourseHoles(db).execute({ clubId, courseId }));
  if (!course) throw notFound('courses.notFound');
  return course;
}

interface HandicapHole {
  handicap: number | null;
}

/** Stroke indexes are unique per course and at most the number of holes. */
function handicapProblems(list: HandicapHole[]): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<number, number>();
  list.forEach((hole, i) => {
    if (hole.handicap === null) return;
    if (hole.handicap > list.length) {
      problems.push({ path: `holes.${i}.handicap`, message: `Handicap ${hole.handicap} is more than the number of holes (${list.length})` });
      return;
    }
    const first = seen.get(hole.handicap);
    if (first === undefined) seen.set(hole.handicap, i);
    else problems.push({ path: `holes.${i}.handicap`, message: `Handicap ${hole.handicap} is used by holes ${first + 1} and ${i + 1}` });
  });
  return problems;
}

function refuse(problems: Problem[]): void {
  if (problems.length === 0) return;
  throw problemsError(problems);
}

/** POST clubs/{clubId}/courses: the course, its tees, holes and distances in one transaction. */
export async function createCourse(db: Db, clubId: number, input: z.output<typeof CreateCourseBody>): Promise<Course> {
  const problems = handicapProblems(input.holes);
  input.holes.forEach((hole, i) => {
    const seen = new Set<number>();
    hole.distances.forEach((d, j) => {
      if (d.tee >= input.tees.length) {
        problems.push({ path: `holes.${i}.distances.${j}.tee`, message: `Hole ${i + 1} refers to tee ${d.tee + 1}, which does not exist` });
      } else if (seen.has(d.tee)) {
        problems.push({ path: `holes.${i}.distances.${j}.tee`, message: `Hole ${i + 1} lists tee ${d.tee + 1} twice` });
      }
      seen.add(d.tee);
    });
  });
  refuse(problems);
  const courseId = await db.transaction(async (tx) => {
    const [course] = await tx.insert(courses).values({ clubId, name: input.name }).returning();
    const teeRows = input.tees.length
      ? await tx.insert(tees).values(input.tees.map((t) => ({ courseId: course.id, name: t.name, color: t.color }))).returning()
      : [];
    const holeRows = await tx
      .insert(holes)
      .values(
        input.holes.map((h, i) => ({
          courseId: course.id,
          order: i + 1,
          name: h.name,
          par: h.par,
          handicap: h.handicap,
          proGuideline: h.pro_guideline,
        })),
      )
      .returning();
    const byOrder = new Map(holeRows.map((h) => [h.order, h.id]));
    const links = input.holes.flatMap((h, i) =>
      h.distances.map((d) => ({ holeId: byOrder.get(i + 1)!, teeId: teeRows[d.tee].id, distance: d.distance })),
    );
    if (links.length) await tx.insert(holeTees).values(links);
    return course.id;
  });
  return getCourse(db, clubId, courseId);
}

async function teeIdsOfCourse(db: DbOrTx, courseId: number): Promise<Set<number>> {
  const rows = await db.select({ id: tees.id }).from(tees).where(eq(tees.courseId, courseId));
  return new Set(rows.map((r) => r.id));
}

function distanceProblems(distances: { tee_id: number }[], courseTees: Set<number>, prefix: string, holeLabel: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<number>();
  distances.forEach((d, j) => {
    if (!courseTees.has(d.tee_id)) problems.push({ path: `${prefix}distances.${j}.tee_id`, message: `${holeLabel} refers to tee ${d.tee_id}, which is not a tee of this course` });
    else if (seen.has(d.tee_id)) problems.push({ path: `${prefix}distances.${j}.tee_id`, message: `${holeLabel} lists tee ${d.tee_id} twice` });
    seen.add(d.tee_id);
  });
  return problems;
}

async function replaceDistances(tx: DbOrTx, holeId: number, distances: { tee_id: number; distance: number }[]): Promise<void> {
  await tx.delete(holeTees).where(eq(holeTees.holeId, holeId));
  if (distances.length) await tx.insert(holeTees).values(distances.map((d) => ({ holeId, teeId: d.tee_id, distance: d.distance })));
}

/**
 * PUT clubs/{clubId}/courses/{id}: the name and every hole in the given order. Holes with an id
 * are updated, those without are added, the course's holes left out are deleted with their
 * drawings, distances and pin positions. One transaction; nothing changes when a hole is refused.
 */
export async function updateCourse(db: Db, clubId: number, courseId: number, input: z.output<typeof UpdateCourseBody>): Promise<Course> {
  await db.transaction(async (tx) => {
    await courseOfClub(tx, clubId, courseId, true);
    const existing = await tx.select({ id: holes.id }).from(holes).where(eq(holes.courseId, courseId));
    const existingIds = new Set(existing.map((h) => h.id));
    const courseTees = await teeIdsOfCourse(tx, courseId);
    const problems = handicapProblems(input.holes);
    const given = new Set<number>();
    input.holes.forEach((hole, i) => {
      if (hole.id !== undefined) {
        if (!existingIds.has(hole.id)) problems.push({ path: `holes.${i}.id`, message: `Hole ${hole.id} is not a hole of this course` });
        else if (given.has(hole.id)) problems.push({ path: `holes.${i}.id`, message: `Hole ${hole.id} is listed twice` });
        given.add(hole.id);
      }
      problems.push(...distanceProblems(hole.distances, courseTees, `holes.${i}.`, `Hole ${i + 1}`));
    });
    refuse(problems);

    await tx.update(courses).set({ name: input.name, updatedAt: sql`now()` }).where(eq(courses.id, courseId));
    const kept = [...given];
    await tx
      .delete(holes)
      .where(kept.length ? and(eq(holes.courseId, courseId), notInArray(holes.id, kept)) : eq(holes.courseId, courseId));
    for (const [i, hole] of input.holes.entries()) {
      const values = { order: i + 1, name: hole.name, par: hole.par, handicap: hole.handicap, proGuideline: hole.pro_guideline };
      let holeId: number;
      if (hole.id !== undefined) {
        await tx.update(holes).set({ ...values, updatedAt: sql`now()` }).where(eq(holes.id, hole.id));
        holeId = hole.id;
      } else {
        const [row] = await tx.insert(holes).values({ ...values, courseId }).returning({ id: holes.id });
        holeId = row.id;
      }
      await replaceDistances(tx, holeId, hole.distances);
    }
  });
  return getCourse(db, clubId, courseId);
}

/** DELETE clubs/{clubId}/courses/{id}: the course with its tees, holes, drawings and pin setups. */
export async function deleteCourse(db: DbOrTx, clubId: number, courseId: number): Promise<void> {
  const deleted = await db.delete(courses).where(and(eq(courses.id, courseId), eq(courses.clubId, clubId))).returning({ id: courses.id });
  if (deleted.length === 0) throw notFound('courses.notFound');
}

/** PUT clubs/{clubId}/holes/{holeId}: one hole's fields; its distances are replaced by the list. */
export async function updateHole(db: Db, clubId: number, holeId: number, input: z.output<typeof UpdateHoleBody>): Promise<Hole> {
  if (input.club_id !== clubId) throw badRequest('courses.clubMismatch', undefined, [{ path: 'club_id', message: 'Not the club of the path' }]);
  await db.transaction(async (tx) => {
    const hole = await holeOfClub(tx, clubId, holeId);
    await courseOfClub(tx, clubId, hole.courseId, true);
    const siblings = await tx.select({ id: holes.id, order: holes.order, handicap: holes.handicap }).from(holes).where(eq(holes.courseId, hole.courseId));
    const problems: Problem[] = [];
    if (input.handicap !== null) {
      if (input.handicap > siblings.length) {
        problems.push({ path: 'handicap', message: `Handicap ${input.handicap} is more than the number of holes (${siblings.length})` });
      }
      const other = siblings.find((s) => s.id !== holeId && s.handicap === input.handicap);
      if (other) problems.push({ path: 'handicap', message: `Handicap ${input.handicap} is used by hole ${other.order}` });
    }
    problems.push(...distanceProblems(input.distances, await teeIdsOfCourse(tx, hole.courseId), '', `Hole ${hole.order}`));
    refuse(problems);
    await tx
      .update(holes)
      .set({
        par: input.par,
        handicap: input.handicap,
        proGuideline: input.pro_guideline,
        ...(input.name === undefined ? {} : { name: input.name }),
        updatedAt: sql`now()`,
      })
      .where(eq(holes.id, holeId));
    await replaceDistances(tx, holeId, input.distances);
  });
  const hole = await holeOfClub(db, clubId, holeId);
  return presentHole(hole, (await holesWithDrawing(db, [holeId])).has(holeId));
}

/** GET clubs/{clubId}/holes_tees: the distances of one course, or of all the club's courses. */
export async function listHoleTees(db: DbOrTx, clubId: number, courseId?: number): Promise<HoleTee[]> {
  const courseIds = await selectedCourseIds(db, clubId, courseId);
  if (courseIds.length === 0) return [];
  return db
    .select({ hole_id: holeTees.holeId, tee_id: holeTees.teeId, distance: holeTees.distance })
    .from(holeTees)
    .innerJoin(holes, eq(holes.id, holeTees.holeId))
    .where(inArray(holes.courseId, courseIds))
    .orderBy(asc(holes.courseId), asc(holes.order), asc(holeTees.teeId));
}

function teesQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: tees.id,
      course_id: tees.courseId,
      name: tees.name,
      color: tees.color,
      distance: sql<number>`coalesce(sum(${holeTees.distance}) filter (where ${holes.order} <= 9), 0)::int`,
      total_distance: sql<number>`coalesce(sum(${holeTees.distance}), 0)::int`,
    })
    .from(tees)
    .innerJoin(courses, eq(courses.id, tees.courseId))
    .leftJoin(holeTees, eq(holeTees.teeId, tees.id))
    .leftJoin(holes, eq(holes.id, holeTees.holeId))
    .where(where)
    .groupBy(tees.id)
    .orderBy(asc(tees.courseId), asc(tees.id));
}

async function presentTees(db: DbOrTx, where: SQL | undefined): Promise<Tee[]> {
  return teesQuery(db, where);
}

const courseTees = preparedQuery('course_tees', (db) => teesQuery(db, and(eq(tees.courseId, sql.placeholder('courseId')), eq(courses.clubId, sql.placeholder('clubId')))));

/** GET clubs/{clubId}/tees: the tees of one course or of all the club's courses, with their distances. */
export async function listTees(db: DbOrTx, clubId: number, courseId?: number): Promise<Tee[]> {
  if (courseId !== undefined) {
    const list = await courseTees(db).execute({ clubId, courseId });
    // None: a course without tees, or not the club's (404).
    if (list.length === 0) await courseOfClub(db, clubId, courseId);
    return list;
  }
  return presentTees(db, eq(courses.clubId, clubId));
}

async function getTee(db: DbOrTx, teeId: number): Promise<Tee> {
  const [tee] = await presentTees(db, eq(tees.id, teeId));
  return tee;
}

/** POST clubs/{clubId}/tees: a new tee on one of the club's courses (at most MAX_TEES_PER_COURSE). */
export async function createTee(db: Db, clubId: number, input: CreateTeeBody): Promise<Tee> {
  const teeId = await db.transaction(async (tx) => {
    await courseOfClub(tx, clubId, input.course_id, true);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(tees).where(eq(tees.courseId, input.course_id));
    if (count >= MAX_TEES_PER_COURSE) throw badRequest('courses.teeCap', { max: MAX_TEES_PER_COURSE });
    const [row] = await tx.insert(tees).values({ courseId: input.course_id, name: input.name, color: input.color }).returning({ id: tees.id });
    return row.id;
  });
  return getTee(db, teeId);
}

/**
 * A tee's distance over the front nine and over all holes, as columns of a statement on tees (the
 * tee named with its table: a statement on one table writes its own columns without it).
 */
const teeDistance = (filter: SQL) =>
  sql<number>`(select coalesce(sum(${holeTees.distance}) filter (where ${filter}), 0)::int from ${holeTees} inner join ${holes} on ${holes.id} = ${holeTees.holeId} where ${holeTees.teeId} = ${sql.identifier('tees')}.${sql.identifier('id')})`;

/**
 * PUT clubs/{clubId}/tees/{id}: name and colour. One statement: the update finds the tee only on
 * one of the club's courses (404 otherwise) and answers it as GET tees does.
 */
export async function updateTee(db: DbOrTx, clubId: number, teeId: number, input: z.output<typeof UpdateTeeBody>): Promise<Tee> {
  const [tee] = await db
    .update(tees)
    .set({ name: input.name, color: input.color, updatedAt: sql`now()` })
    .where(and(eq(tees.id, teeId), inArray(tees.courseId, db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, clubId)))))
    .returning({
      id: tees.id,
      course_id: tees.courseId,
      name: tees.name,
      color: tees.color,
      distance: teeDistance(sql`${holes.order} <= 9`),
      total_distance: teeDistance(sql`true`),
    });
  if (!tee) throw notFound('tees.notFound');
  return tee;
}

/** DELETE clubs/{clubId}/tees/{id}: the tee and its distances. */
export async function deleteTee(db: Db, clubId: number, teeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const tee = await teeOfClub(tx, clubId, teeId);
    await tx.delete(tees).where(eq(tees.id, teeId));
    // No row of the tee is left to tell when it went: the course's own time says it changed, so the guides made from it show out of date.
    await tx.update(courses).set({ updatedAt: sql`now()` }).where(eq(courses.id, tee.courseId));
  });
}
