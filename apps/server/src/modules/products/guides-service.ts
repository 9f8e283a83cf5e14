import { and, asc, count, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import {
  defaultGuideSettings,
  GUIDE_LIMITS,
  GuideSettings,
  type AppOrders,
  type CreateGuideBody,
  type Guide,
  type UpdateGuideBody,
} from '@golf/contract/api/guides';
import {
  clubs,
  courses,
  drawingStyles,
  guideCourses,
  guideDistanceMarkers,
  guideHoles,
  guideRatings,
  guides,
  pinSetups,
  sponsorSetups,
  tees,
} from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import {
  failIf,
  getGuide,
  guideCourseColumns,
  guideOfClub,
  guidePartsColumn,
  holesOfCourses,
  lockVersionWithCourses,
  notOnGuide,
  presentGuide,
  presentGuidesWith,
  type Problem,
  settingsOfRow,
  storedSettings,
  touchReturning,
} from './guide-rows';
import { keepRatingsOfTees, ratingProblems, replaceRatings } from './ratings-service';
import { saveHoleToggles } from './markers-service';

/*
 * Guides as a whole: create, update (courses, settings, ratings, hole choices in one transaction),
 * delete, copy and the app order.
 */

/** The given courses when every one is the club's; 404 naming the first that is not. */
async function coursesOfClub(db: DbOrTx, clubId: number, courseIds: number[]): Promise<number[]> {
  const rows = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.clubId, clubId), inArray(courses.id, courseIds)));
  const found = new Set(rows.map((r) => r.id));
  const missing = courseIds.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('courses.notFoundInClub', { id: missing });
  return courseIds;
}

async function teeIdsOfCourses(db: DbOrTx, courseIds: number[]): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db.select({ id: tees.id }).from(tees).where(inArray(tees.courseId, courseIds));
  return new Set(rows.map((r) => r.id));
}

/** What the settings name must exist and be part of the guide: its courses' tees and courses, a known style. */
/** The course of the club's sponsor setup `setupId`, or null when the club has no such setup. */
async function sponsorSetupCourse(db: DbOrTx, clubId: number, setupId: number): Promise<number | null> {
  const [row] = await db.select({ courseId: sponsorSetups.courseId }).from(sponsorSetups).where(and(eq(sponsorSetups.id, setupId), eq(sponsorSetups.clubId, clubId)));
  return row?.courseId ?? null;
}

/** The course of the club's pin setup `setupId`, or null when the club has no such setup. */
async function pinSetupCourse(db: DbOrTx, clubId: number, setupId: number): Promise<number | null> {
  const [row] = await db.select({ courseId: pinSetups.courseId }).from(pinSetups).where(and(eq(pinSetups.id, setupId), eq(pinSetups.clubId, clubId)));
  return row?.courseId ?? null;
}

/** What the settings name outside the guide: whether the drawing style exists, and the courses of the club's sponsor and pin setups it names (null: no such setup of the club). */
interface SettingsReferences {
  style: boolean;
  sponsorCourse: number | null;
  pinCourse: number | null;
}

/** The columns that read SettingsReferences, for a select of their own or beside the guide's row. */
function referenceColumns(clubId: number, settings: GuideSettings) {
  return {
    style: sql<boolean>`exists (${sql`select 1 from ${drawingStyles} where ${drawingStyles.id} = ${settings.drawing_style_id}`})`,
    sponsorCourse: sql<number | null>`(${sql`select ${sponsorSetups.courseId} from ${sponsorSetups} where ${sponsorSetups.id} = ${settings.sponsor_setup_id} and ${sponsorSetups.clubId} = ${clubId}`})`,
    pinCourse: sql<number | null>`(${sql`select ${pinSetups.courseId} from ${pinSetups} where ${pinSetups.id} = ${settings.pin_setup_id} and ${pinSetups.clubId} = ${clubId}`})`,
  };
}

/** SettingsReferences in one query. */
async function settingsReferences(db: DbOrTx, clubId: number, settings: GuideSettings): Promise<SettingsReferences> {
  const c = referenceColumns(clubId, settings);
  const result = await db.execute<{ style: boolean; sponsor_course: number | null; pin_course: number | null }>(
    sql`select ${c.style} as style, ${c.sponsorCourse} as sponsor_course, ${c.pinCourse} as pin_course`,
  );
  const [row] = result.rows;
  return { style: row.style, sponsorCourse: row.sponsor_course, pinCourse: row.pin_course };
}

async function settingsProblems(db: DbOrTx, clubId: number, settings: GuideSettings, courseIds: number[], teeIds: Set<number>, prefix = 'settings'): Promise<Problem[]> {
  return problemsOfSettings(await settingsReferences(db, clubId, settings), settings, courseIds, teeIds, prefix);
}

/** What the settings name must exist and be part of the guide: its courses' tees and courses, a known style, the club's setups. */
function problemsOfSettings(references: SettingsReferences, settings: GuideSettings, courseIds: number[], teeIds: Set<number>, prefix = 'settings'): Problem[] {
  const problems: Problem[] = [];
  const inGuide = new Set(courseIds);
  if (!references.style) problems.push({ path: `${prefix}.drawing_style_id`, message: 'Unknown graphical theme (drawing style)' });
  settings.tee_ids.forEach((id, i) => {
    if (!teeIds.has(id)) problems.push({ path: `${prefix}.tee_ids.${i}`, message: `Tee ${id} is not a tee of the guide's courses` });
  });
  if (settings.overview.course_id !== null && !inGuide.has(settings.overview.course_id)) {
    problems.push({ path: `${prefix}.overview.course_id`, message: 'The overview course must be one of the guide’s courses' });
  }
  settings.overview.course_ids.forEach((id, i) => {
    if (!inGuide.has(id)) problems.push({ path: `${prefix}.overview.course_ids.${i}`, message: `Course ${id} is not one of the guide’s courses` });
  });
  settings.print.course_colours.forEach((c, i) => {
    if (!inGuide.has(c.course_id)) problems.push({ path: `${prefix}.print.course_colours.${i}.course_id`, message: `Course ${c.course_id} is not one of the guide’s courses` });
  });
  // The sponsor setup: one of the club's (another club's is not found), on a course of the guide.
  if (settings.sponsor_setup_id !== null) {
    if (references.sponsorCourse === null) throw notFound('sponsorSetups.notFound');
    if (!inGuide.has(references.sponsorCourse)) problems.push({ path: `${prefix}.sponsor_setup_id`, message: 'The sponsor setup is for a course the guide does not show' });
  }
  // The pin setup likewise.
  if (settings.pin_setup_id !== null) {
    if (references.pinCourse === null) throw notFound('pins.setupNotFound');
    if (!inGuide.has(references.pinCourse)) problems.push({ path: `${prefix}.pin_setup_id`, message: 'The pin setup is for a course the guide does not show' });
  }
  return problems;
}

/** The stored settings without what points outside the guide's courses (after its courses changed). */
function pruneSettings(settings: GuideSettings, courseIds: number[], teeIds: Set<number>): GuideSettings {
  const inGuide = new Set(courseIds);
  return {
    ...settings,
    tee_ids: settings.tee_ids.filter((id) => teeIds.has(id)),
    overview: {
      ...settings.overview,
      course_id: settings.overview.course_id !== null && inGuide.has(settings.overview.course_id) ? settings.overview.course_id : null,
      course_ids: settings.overview.course_ids.filter((id) => inGuide.has(id)),
    },
    print: { ...settings.print, course_colours: settings.print.course_colours.filter((c) => inGuide.has(c.course_id)) },
  };
}


/**
 * 409 when the club has its most guides already. Called with the club row locked (in the
 * transaction that inserts the guide), so two creations or copies at once cannot both pass.
 */
async function assertRoomForGuide(tx: DbOrTx, clubId: number): Promise<void> {
  const [{ n }] = await tx.select({ n: count() }).from(guides).where(eq(guides.clubId, clubId));
  if (n >= GUIDE_LIMITS.guides) throw conflict('guides.capReached', { max: GUIDE_LIMITS.guides });
}

/** POST clubs/{clubId}/guides: a new guide on the club's courses, last in the app order (§4 save without guide_id). */
export async function createGuide(db: Db, clubId: number, input: CreateGuideBody & { settings?: GuideSettings }): Promise<Guide> {
  const id = await db.transaction(async (tx) => {
    const [club] = await tx.select({ drawingStyleId: clubs.drawingStyleId }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!club) throw notFound('clubs.notFound');
    await assertRoomForGuide(tx, clubId);
    const courseIds = await coursesOfClub(tx, clubId, input.course_ids);
    const settings = input.settings ?? defaultGuideSettings(club.drawingStyleId, input.title);
    failIf(await settingsProblems(tx, clubId, settings, courseIds, await teeIdsOfCourses(tx, courseIds)));
    const [{ last }] = await tx.select({ last: max(guides.appOrder) }).from(guides).where(eq(guides.clubId, clubId));
    const [row] = await tx
      .insert(guides)
      .values({ clubId, title: input.title, ...storedSettings(settings), appOrder: (last ?? 0) + 1 })
      .returning({ id: guides.id });
    await tx.insert(guideCourses).values(courseIds.map((courseId, i) => ({ guideId: row.id, courseId, position: i + 1 })));
    return row.id;
  });
  return getGuide(db, clubId, id);
}

/**
 * PUT clubs/{clubId}/guides/{id}: the parts given, each replaced whole, in one transaction. When
 * the courses change, what belonged to the courses left out goes (markers, hole choices, ratings,
 * settings that named them); their override images are answered for deletion.
 */
export async function updateGuide(db: Db, clubId: number, guideId: number, input: UpdateGuideBody): Promise<{ guide: Guide; orphanedFiles: string[] }> {
  if (input.course_ids === undefined && input.ratings === undefined && input.holes === undefined) return { guide: await updateSettings(db, clubId, guideId, input), orphanedFiles: [] };
  const { row: written, orphaned: orphanedFiles } = await db.transaction(async (tx) => {
    // The guide locked, its version checked, its courses and their tees: one statement.
    const locked = await lockVersionWithCourses(tx, clubId, guideId, input.version);
    const { row } = locked;
    const courseIds = input.course_ids ? await coursesOfClub(tx, clubId, input.course_ids) : locked.courseIds;
    const teeIds = input.course_ids ? await teeIdsOfCourses(tx, courseIds) : new Set(locked.teeIds);
    // The holes of the guide's courses only when the hole choices or the courses change.
    const guideHoleIds = input.holes || input.course_ids ? new Set((await holesOfCourses(tx, courseIds)).map((h) => h.id)) : new Set<number>();
    const problems: Problem[] = [];
    // The body's type is the schema's input (defaults not yet applied in the type): the settings as stored.
    const given = input.settings ? GuideSettings.parse(input.settings) : undefined;
    if (given) problems.push(...(await settingsProblems(tx, clubId, given, courseIds, teeIds)));
    if (input.ratings) problems.push(...ratingProblems(input.ratings, teeIds));
    input.holes?.forEach((h, i) => {
      if (!guideHoleIds.has(h.hole_id)) problems.push(notOnGuide(h.hole_id, `holes.${i}.hole_id`));
    });
    failIf(problems);

    const orphaned: string[] = [];
    if (input.course_ids) {
      await tx.delete(guideCourses).where(eq(guideCourses.guideId, guideId));
      await tx.insert(guideCourses).values(courseIds.map((courseId, i) => ({ guideId, courseId, position: i + 1 })));
      const keepHoles = [...guideHoleIds];
      const outside = <T extends typeof guideHoles | typeof guideDistanceMarkers>(table: T) =>
        keepHoles.length ? and(eq(table.guideId, guideId), notInArray(table.holeId, keepHoles)) : eq(table.guideId, guideId);
      const gone = await tx.delete(guideHoles).where(outside(guideHoles)).returning({ file: guideHoles.overrideFileName });
      orphaned.push(...gone.flatMap((g) => (g.file ? [g.file] : [])));
      await tx.delete(guideDistanceMarkers).where(outside(guideDistanceMarkers));
      await keepRatingsOfTees(tx, guideId, teeIds);
    }
    if (input.ratings) await replaceRatings(tx, guideId, input.ratings);
    await saveHoleToggles(tx, guideId, input.holes ?? []);
    let settings = given ?? (input.course_ids ? pruneSettings(settingsOfRow(row), courseIds, teeIds) : undefined);
    // A sponsor or pin setup of a course the guide no longer shows goes with that course.
    if (settings && !given && settings.sponsor_setup_id !== null && !courseIds.includes((await sponsorSetupCourse(tx, clubId, settings.sponsor_setup_id)) ?? -1)) {
      settings = { ...settings, sponsor_setup_id: null };
    }
    const pinSetupId = settings?.pin_setup_id ?? null;
    if (settings && !given && pinSetupId !== null && !courseIds.includes((await pinSetupCourse(tx, clubId, pinSetupId)) ?? -1)) {
      settings = { ...settings, pin_setup_id: null };
    }
    const updated = await touchReturning(tx, guideId, { ...(input.title !== undefined ? { title: input.title } : {}), ...(settings ? storedSettings(settings) : {}) });
    return { row: updated, orphaned };
  });
  // The answer from the row as written: its other parts are read once, after the commit.
  return { guide: await presentGuide(db, written), orphanedFiles };
}

/**
 * The everyday save of the guide's settings page: settings and title only (nothing of its courses,
 * ratings or hole choices), in two statements instead of a transaction's six. The first reads the
 * guide with its courses and tees, what the settings name, and the answer's other parts
 * (guideParts, which such a save does not change); the second writes the row only if it is still
 * the version the caller edited (409 otherwise, as the locking save answers), so nothing read in
 * the first can have been changed by another save of the guide in between.
 */
async function updateSettings(db: Db, clubId: number, guideId: number, input: UpdateGuideBody): Promise<Guide> {
  const given = input.settings ? GuideSettings.parse(input.settings) : undefined;
  const [found] = await db
    .select({ row: guides, ...guideCourseColumns(), ...(given ? referenceColumns(clubId, given) : {}), parts: guidePartsColumn([guideId]) })
    .from(guides)
    .where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
  if (!found) throw notFound('guides.notFound');
  const changedMeanwhile = (current: number) => conflict('guides.changedMeanwhile', { current, edited: input.version });
  if (found.row.version !== input.version) throw changedMeanwhile(found.row.version);
  if (given) {
    const references = { style: Boolean(found.style), sponsorCourse: found.sponsorCourse ?? null, pinCourse: found.pinCourse ?? null };
    failIf(problemsOfSettings(references, given, found.courseIds, new Set(found.teeIds)));
  }
  const [written] = await db
    .update(guides)
    .set({ ...(input.title !== undefined ? { title: input.title } : {}), ...(given ? storedSettings(given) : {}), version: sql`${guides.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(guides.id, guideId), eq(guides.clubId, clubId), eq(guides.version, input.version)))
    .returning();
  if (!written) throw changedMeanwhile((await guideOfClub(db, clubId, guideId)).version);
  return presentGuidesWith(found.parts, [written])[0];
}

/** DELETE clubs/{clubId}/guides/{id}: the guide and its rows; answers the file names it used, for deletion. */
export async function deleteGuide(db: Db, clubId: number, guideId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await guideOfClub(tx, clubId, guideId, true);
    const overrides = await tx.select({ file: guideHoles.overrideFileName }).from(guideHoles).where(eq(guideHoles.guideId, guideId));
    await tx.delete(guides).where(eq(guides.id, guideId));
    return [row.iconFileName, row.frontPageImageFileName, ...overrides.map((o) => o.file)].filter((f): f is string => !!f);
  });
}

/** The rows a copy takes over, read from the source guide. */
export async function copySource(db: DbOrTx, clubId: number, guideId: number) {
  const row = await guideOfClub(db, clubId, guideId);
  const [courseRows, ratingRows, markerRows, holeRows] = await Promise.all([
    db.select().from(guideCourses).where(eq(guideCourses.guideId, guideId)),
    db.select().from(guideRatings).where(eq(guideRatings.guideId, guideId)),
    db.select().from(guideDistanceMarkers).where(eq(guideDistanceMarkers.guideId, guideId)),
    db.select().from(guideHoles).where(eq(guideHoles.guideId, guideId)),
  ]);
  return { row, courseRows, ratingRows, markerRows, holeRows };
}

export type CopySource = Awaited<ReturnType<typeof copySource>>;

/**
 * POST clubs/{clubId}/guides/{id}/copy: a new guide with the source's settings, courses,
 * ratings, markers and hole choices, last in the app order; `files` maps the source's file names
 * to the copies already stored. Nothing is generated for the copy yet.
 */
export async function insertCopy(db: Db, clubId: number, source: CopySource, title: string, files: Map<string, string>): Promise<Guide> {
  const copied = (name: string | null) => (name ? (files.get(name) ?? null) : null);
  const id = await db.transaction(async (tx) => {
    // The club row first (as createGuide locks it): the guide count below cannot change meanwhile.
    const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!club) throw notFound('clubs.notFound');
    // The source may have gone meanwhile: then the copy is refused like any unknown guide.
    await guideOfClub(tx, clubId, source.row.id, true);
    await assertRoomForGuide(tx, clubId);
    const [{ last }] = await tx.select({ last: max(guides.appOrder) }).from(guides).where(eq(guides.clubId, clubId));
    const [row] = await tx
      .insert(guides)
      .values({
        clubId,
        title,
        settings: source.row.settings,
        sponsorSetupId: source.row.sponsorSetupId,
        iconFileName: copied(source.row.iconFileName),
        frontPageImageFileName: copied(source.row.frontPageImageFileName),
        appOrder: (last ?? 0) + 1,
      })
      .returning({ id: guides.id });
    const guideId = row.id;
    if (source.courseRows.length) await tx.insert(guideCourses).values(source.courseRows.map((c) => ({ ...c, guideId })));
    if (source.ratingRows.length) await tx.insert(guideRatings).values(source.ratingRows.map((r) => ({ ...r, guideId })));
    if (source.markerRows.length) await tx.insert(guideDistanceMarkers).values(source.markerRows.map((m) => ({ ...m, guideId })));
    if (source.holeRows.length) {
      await tx.insert(guideHoles).values(source.holeRows.map((h) => ({ ...h, guideId, overrideFileName: copied(h.overrideFileName), overrideUpdatedAt: h.overrideFileName && files.has(h.overrideFileName) ? h.overrideUpdatedAt : null })));
    }
    return guideId;
  });
  return getGuide(db, clubId, id);
}

/** GET clubs/{clubId}/app-orders: every guide of the club with its place, 1 to n. */
export async function getAppOrders(db: DbOrTx, clubId: number): Promise<AppOrders> {
  const rows = await db.select({ id: guides.id }).from(guides).where(eq(guides.clubId, clubId)).orderBy(asc(guides.appOrder), asc(guides.id));
  return { orders: rows.map((r, i) => ({ guide_id: r.id, order: i + 1 })) };
}

/** PUT clubs/{clubId}/app-orders: every guide of the club once; the places are read as a ranking and stored 1 to n. */
export async function setAppOrders(db: Db, clubId: number, input: AppOrders): Promise<AppOrders> {
  await db.transaction(async (tx) => {
    // The club row as creating and copying lock it: no guide is added while the list is checked.
    const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!club) throw notFound('clubs.notFound');
    const rows = await tx.select({ id: guides.id }).from(guides).where(eq(guides.clubId, clubId)).orderBy(asc(guides.id)).for('update');
    const ids = new Set(rows.map((r) => r.id));
    const unknown = input.orders.find((o) => !ids.has(o.guide_id));
    if (unknown) throw notFound('guides.notFoundById', { id: unknown.guide_id });
    if (input.orders.length !== ids.size) {
      throw badRequest('guides.orderIncomplete', undefined, [{ path: 'orders', message: `The club has ${ids.size} guides; the list names ${input.orders.length}` }]);
    }
    const ranked = [...input.orders].sort((a, b) => a.order - b.order);
    for (const [i, o] of ranked.entries()) await tx.update(guides).set({ appOrder: i + 1 }).where(eq(guides.id, o.guide_id));
  });
  return getAppOrders(db, clubId);
}
