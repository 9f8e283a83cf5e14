import { and, asc, count, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import {
  DEFAULT_HOLE_TOGGLES,
  defaultGuideSettings,
  englishMarkerMessages,
  GUIDE_LIMITS,
  GuideSettings,
  markerProblems,
  sortMarkers,
  type AppOrders,
  type CreateGuideBody,
  type Guide,
  type GuideDataResponse,
  type GuideHoleSettings,
  type GuideOverridesResponse,
  type UpdateGuideBody,
} from '@golf/contract/api/guides';
import type { SaveGuideHolesInput } from '@golf/contract/api/guide-holes-graphql';
import { clubs, courses, drawingStyles, guideCourses, guideDistanceMarkers, guideHoles, guideRatings, guides, holeDrawings, holes, holeTees, pinSetups, sponsorSetups, tees } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { guideFileUrl } from './files';

export type GuideRow = typeof guides.$inferSelect;
type Problem = { path: string; message: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The guide when it belongs to the club; 404 otherwise (another club's guide id included). */
export async function guideOfClub(db: DbOrTx, clubId: number, guideId: number, lock = false): Promise<GuideRow> {
  const query = db.select().from(guides).where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Guide not found');
  return row;
}

interface GuideHoleInfo {
  id: number;
  courseId: number;
  order: number;
  par: number;
  handicap: number | null;
  /** Metres from the longest tee; null without distances. */
  length: number | null;
}

/** The holes of the given courses with their length, in course order then hole order. */
async function holesOfCourses(db: DbOrTx, courseIds: number[]): Promise<GuideHoleInfo[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .select({ id: holes.id, courseId: holes.courseId, order: holes.order, par: holes.par, handicap: holes.handicap, length: max(holeTees.distance) })
    .from(holes)
    .leftJoin(holeTees, eq(holeTees.holeId, holes.id))
    .where(inArray(holes.courseId, courseIds))
    .groupBy(holes.id)
    .orderBy(asc(holes.order), asc(holes.id));
  const rank = new Map(courseIds.map((id, i) => [id, i]));
  return rows
    .map((r) => ({ ...r, length: r.length === null ? null : Number(r.length) }))
    .sort((a, b) => rank.get(a.courseId)! - rank.get(b.courseId)! || a.order - b.order || a.id - b.id);
}

/**
 * When a course last changed as its guides' products show it: the latest update time of the
 * course, its holes (a hole's distances are saved with the hole), its tees and its hole drawings.
 * Each part is one index lookup by course, so it is read with the guides' courses at no extra query.
 */
const courseChangedAt = sql<Date>`greatest(
  ${courses.updatedAt},
  (select max(${holes.updatedAt}) from ${holes} where ${holes.courseId} = ${courses.id}),
  (select max(${tees.updatedAt}) from ${tees} where ${tees.courseId} = ${courses.id}),
  (select max(${holeDrawings.updatedAt}) from ${holeDrawings} inner join ${holes} on ${holes.id} = ${holeDrawings.holeId} where ${holes.courseId} = ${courses.id})
)`;

/** Every answer's shape of the given guides (§3 Guide), in the order of `rows`. */
async function presentGuides(db: DbOrTx, rows: GuideRow[]): Promise<Guide[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const courseRows = await db
    .select({ guideId: guideCourses.guideId, courseId: guideCourses.courseId, name: courses.name, changedAt: courseChangedAt })
    .from(guideCourses)
    .innerJoin(courses, eq(courses.id, guideCourses.courseId))
    .where(inArray(guideCourses.guideId, ids))
    .orderBy(asc(guideCourses.position), asc(guideCourses.courseId));
  const allHoles = await holesOfCourses(db, [...new Set(courseRows.map((c) => c.courseId))]);
  const [holeRows, markerRows, ratingRows] = await Promise.all([
    db.select().from(guideHoles).where(inArray(guideHoles.guideId, ids)),
    db.select().from(guideDistanceMarkers).where(inArray(guideDistanceMarkers.guideId, ids)).orderBy(asc(guideDistanceMarkers.distance)),
    db.select().from(guideRatings).where(inArray(guideRatings.guideId, ids)).orderBy(asc(guideRatings.teeId), asc(guideRatings.sex)),
  ]);
  return rows.map((row) => {
    const guideCourseRows = courseRows.filter((c) => c.guideId === row.id);
    const courseOrder = guideCourseRows.map((c) => c.courseId);
    const ownHoles = allHoles
      .filter((h) => courseOrder.includes(h.courseId))
      .sort((a, b) => courseOrder.indexOf(a.courseId) - courseOrder.indexOf(b.courseId) || a.order - b.order);
    const markers = new Map<number, number[]>();
    for (const m of markerRows.filter((m) => m.guideId === row.id)) markers.set(m.holeId, [...(markers.get(m.holeId) ?? []), m.distance]);
    const settingsOf = new Map(holeRows.filter((h) => h.guideId === row.id).map((h) => [h.holeId, h]));
    return {
      guide_id: row.id,
      club_id: row.clubId,
      title: row.title,
      courses: guideCourseRows.map((c) => ({ course_id: c.courseId, name: c.name })),
      distances: ownHoles.filter((h) => markers.has(h.id)).map((h) => ({ hole_id: h.id, distances: sortMarkers(markers.get(h.id)!) })),
      holes: ownHoles.map((h) => {
        const s = settingsOf.get(h.id);
        return {
          hole_id: h.id,
          course_id: h.courseId,
          order: h.order,
          par: h.par,
          length: h.length,
          page: s?.page ?? DEFAULT_HOLE_TOGGLES.page,
          green: s?.green ?? DEFAULT_HOLE_TOGGLES.green,
          pin_chart: s?.pinChart ?? DEFAULT_HOLE_TOGGLES.pin_chart,
          pro_guideline: s?.proGuideline ?? DEFAULT_HOLE_TOGGLES.pro_guideline,
          override_image_url: guideFileUrl(row.clubId, row.id, s?.overrideFileName ?? null),
        };
      }),
      ratings: ratingRows
        .filter((r) => r.guideId === row.id)
        .map((r) => ({ tee_id: r.teeId, sex: r.sex as 'men' | 'women', course_rating: Number(r.courseRating), slope: r.slope })),
      settings: GuideSettings.parse(row.settings),
      front_page_image_url: guideFileUrl(row.clubId, row.id, row.frontPageImageFileName),
      generated_at_json: iso(row.generatedAtJson),
      generated_at_overview: iso(row.generatedAtOverview),
      generated_at_pdf: iso(row.generatedAtPdf),
      generated_at_tee_signs: iso(row.generatedAtTeeSigns),
      generated_at_web_images: iso(row.generatedAtWebImages),
      generated_at_green_drawings: iso(row.generatedAtGreenDrawings),
      requested_at_json: iso(row.requestedAtJson),
      requested_at_overview: iso(row.requestedAtOverview),
      requested_at_pdf: iso(row.requestedAtPdf),
      requested_at_tee_signs: iso(row.requestedAtTeeSigns),
      requested_at_web_images: iso(row.requestedAtWebImages),
      requested_at_green_drawings: iso(row.requestedAtGreenDrawings),
      // The products are out of date once the guide or any of its courses changed after them.
      inputs_changed_at: new Date(Math.max(row.updatedAt.getTime(), ...guideCourseRows.map((c) => new Date(c.changedAt).getTime()))).toISOString(),
      icon_file_name: row.iconFileName,
      icon_url: guideFileUrl(row.clubId, row.id, row.iconFileName),
      app_order: row.appOrder,
      updated_at: row.updatedAt.toISOString(),
      version: row.version,
    };
  });
}

/** GET clubs/{clubId}/guides: the club's guides in their app order. */
export async function listGuides(db: DbOrTx, clubId: number): Promise<Guide[]> {
  const rows = await db.select().from(guides).where(eq(guides.clubId, clubId)).orderBy(asc(guides.appOrder), asc(guides.id));
  return presentGuides(db, rows);
}

/** GET clubs/{clubId}/guides/{id}. */
export async function getGuide(db: DbOrTx, clubId: number, guideId: number): Promise<Guide> {
  const [guide] = await presentGuides(db, [await guideOfClub(db, clubId, guideId)]);
  return guide;
}

/** The given courses when every one is the club's; 404 naming the first that is not. */
async function coursesOfClub(db: DbOrTx, clubId: number, courseIds: number[]): Promise<number[]> {
  const rows = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.clubId, clubId), inArray(courses.id, courseIds)));
  const found = new Set(rows.map((r) => r.id));
  const missing = courseIds.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Course ${missing} not found in this club`);
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

async function settingsProblems(db: DbOrTx, clubId: number, settings: GuideSettings, courseIds: number[], teeIds: Set<number>, prefix = 'settings'): Promise<Problem[]> {
  const problems: Problem[] = [];
  const inGuide = new Set(courseIds);
  const [style] = await db.select({ id: drawingStyles.id }).from(drawingStyles).where(eq(drawingStyles.id, settings.drawing_style_id));
  if (!style) problems.push({ path: `${prefix}.drawing_style_id`, message: 'Unknown graphical theme (drawing style)' });
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
    const setupCourse = await sponsorSetupCourse(db, clubId, settings.sponsor_setup_id);
    if (setupCourse === null) throw notFound('Sponsor setup not found');
    if (!inGuide.has(setupCourse)) problems.push({ path: `${prefix}.sponsor_setup_id`, message: 'The sponsor setup is for a course the guide does not show' });
  }
  // The pin setup likewise.
  if (settings.pin_setup_id !== null) {
    const setupCourse = await pinSetupCourse(db, clubId, settings.pin_setup_id);
    if (setupCourse === null) throw notFound('Pin setup not found');
    if (!inGuide.has(setupCourse)) problems.push({ path: `${prefix}.pin_setup_id`, message: 'The pin setup is for a course the guide does not show' });
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

function failIf(problems: Problem[]): void {
  if (problems.length) throw badRequest(problems[0].message, problems);
}

const GUIDES_FULL = `A club can have at most ${GUIDE_LIMITS.guides} guides. Delete some before adding more.`;

/**
 * 409 when the club has its most guides already. Called with the club row locked (in the
 * transaction that inserts the guide), so two creations or copies at once cannot both pass.
 */
async function assertRoomForGuide(tx: DbOrTx, clubId: number): Promise<void> {
  const [{ n }] = await tx.select({ n: count() }).from(guides).where(eq(guides.clubId, clubId));
  if (n >= GUIDE_LIMITS.guides) throw conflict(GUIDES_FULL);
}

/** POST clubs/{clubId}/guides: a new guide on the club's courses, last in the app order (§4 save without guide_id). */
export async function createGuide(db: Db, clubId: number, input: CreateGuideBody & { settings?: GuideSettings }): Promise<Guide> {
  const id = await db.transaction(async (tx) => {
    const [club] = await tx.select({ drawingStyleId: clubs.drawingStyleId }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!club) throw notFound('Club not found');
    await assertRoomForGuide(tx, clubId);
    const courseIds = await coursesOfClub(tx, clubId, input.course_ids);
    const settings = input.settings ?? defaultGuideSettings(club.drawingStyleId, input.title);
    failIf(await settingsProblems(tx, clubId, settings, courseIds, await teeIdsOfCourses(tx, courseIds)));
    const [{ last }] = await tx.select({ last: max(guides.appOrder) }).from(guides).where(eq(guides.clubId, clubId));
    const [row] = await tx
      .insert(guides)
      .values({ clubId, title: input.title, settings, appOrder: (last ?? 0) + 1 })
      .returning({ id: guides.id });
    await tx.insert(guideCourses).values(courseIds.map((courseId, i) => ({ guideId: row.id, courseId, position: i + 1 })));
    return row.id;
  });
  return getGuide(db, clubId, id);
}

/** Locks the guide and checks the version the caller edited; 409 when another save came first. */
async function lockVersion(tx: DbOrTx, clubId: number, guideId: number, version: number | null): Promise<GuideRow> {
  const row = await guideOfClub(tx, clubId, guideId, true);
  if (version !== null && row.version !== version) {
    throw conflict(`This guide was changed meanwhile (now version ${row.version}, you edited version ${version}). Reload it and make your change again.`);
  }
  return row;
}

/** Marks the guide changed: a new version and update time. */
async function touch(tx: DbOrTx, guideId: number, values: Partial<typeof guides.$inferInsert> = {}): Promise<void> {
  await tx
    .update(guides)
    .set({ ...values, version: sql`${guides.version} + 1`, updatedAt: sql`now()` })
    .where(eq(guides.id, guideId));
}

/**
 * PUT clubs/{clubId}/guides/{id}: the parts given, each replaced whole, in one transaction. When
 * the courses change, what belonged to the courses left out goes (markers, hole choices, ratings,
 * settings that named them); their override images are answered for deletion.
 */
export async function updateGuide(db: Db, clubId: number, guideId: number, input: UpdateGuideBody): Promise<{ guide: Guide; orphanedFiles: string[] }> {
  const orphanedFiles = await db.transaction(async (tx) => {
    const row = await lockVersion(tx, clubId, guideId, input.version);
    const current = await tx.select({ courseId: guideCourses.courseId }).from(guideCourses).where(eq(guideCourses.guideId, guideId)).orderBy(asc(guideCourses.position));
    const courseIds = input.course_ids ? await coursesOfClub(tx, clubId, input.course_ids) : current.map((c) => c.courseId);
    const teeIds = await teeIdsOfCourses(tx, courseIds);
    const guideHoleIds = new Set((await holesOfCourses(tx, courseIds)).map((h) => h.id));
    const problems: Problem[] = [];
    // The body's type is the schema's input (defaults not yet applied in the type): the settings as stored.
    const given = input.settings ? GuideSettings.parse(input.settings) : undefined;
    if (given) problems.push(...(await settingsProblems(tx, clubId, given, courseIds, teeIds)));
    input.ratings?.forEach((r, i) => {
      if (!teeIds.has(r.tee_id)) problems.push({ path: `ratings.${i}.tee_id`, message: `Tee ${r.tee_id} is not a tee of the guide's courses` });
    });
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
      const keepTees = [...teeIds];
      await tx
        .delete(guideRatings)
        .where(keepTees.length ? and(eq(guideRatings.guideId, guideId), notInArray(guideRatings.teeId, keepTees)) : eq(guideRatings.guideId, guideId));
    }
    if (input.ratings) {
      await tx.delete(guideRatings).where(eq(guideRatings.guideId, guideId));
      if (input.ratings.length) {
        await tx.insert(guideRatings).values(input.ratings.map((r) => ({ guideId, teeId: r.tee_id, sex: r.sex, courseRating: r.course_rating, slope: r.slope })));
      }
    }
    await saveHoleToggles(tx, guideId, input.holes ?? []);
    let settings = given ?? (input.course_ids ? pruneSettings(GuideSettings.parse(row.settings), courseIds, teeIds) : undefined);
    // A sponsor or pin setup of a course the guide no longer shows goes with that course.
    if (settings && !given && settings.sponsor_setup_id !== null && !courseIds.includes((await sponsorSetupCourse(tx, clubId, settings.sponsor_setup_id)) ?? -1)) {
      settings = { ...settings, sponsor_setup_id: null };
    }
    const pinSetupId = settings?.pin_setup_id ?? null;
    if (settings && !given && pinSetupId !== null && !courseIds.includes((await pinSetupCourse(tx, clubId, pinSetupId)) ?? -1)) {
      settings = { ...settings, pin_setup_id: null };
    }
    await touch(tx, guideId, { ...(input.title !== undefined ? { title: input.title } : {}), ...(settings ? { settings } : {}) });
    return orphaned;
  });
  return { guide: await getGuide(db, clubId, guideId), orphanedFiles: orphanedFiles };
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
    if (!club) throw notFound('Club not found');
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
    if (!club) throw notFound('Club not found');
    const rows = await tx.select({ id: guides.id }).from(guides).where(eq(guides.clubId, clubId)).orderBy(asc(guides.id)).for('update');
    const ids = new Set(rows.map((r) => r.id));
    const unknown = input.orders.find((o) => !ids.has(o.guide_id));
    if (unknown) throw notFound(`Guide ${unknown.guide_id} not found`);
    if (input.orders.length !== ids.size) {
      throw badRequest('List every guide of the club once', [{ path: 'orders', message: `The club has ${ids.size} guides; the list names ${input.orders.length}` }]);
    }
    const ranked = [...input.orders].sort((a, b) => a.order - b.order);
    for (const [i, o] of ranked.entries()) await tx.update(guides).set({ appOrder: i + 1 }).where(eq(guides.id, o.guide_id));
  });
  return getAppOrders(db, clubId);
}

/** The holes of the guide's courses, in course and hole order. */
async function holesOfGuide(db: DbOrTx, guideId: number): Promise<GuideHoleInfo[]> {
  const courseIds = (await db.select({ courseId: guideCourses.courseId }).from(guideCourses).where(eq(guideCourses.guideId, guideId)).orderBy(asc(guideCourses.position))).map((c) => c.courseId);
  return holesOfCourses(db, courseIds);
}

/** The hole when it is on one of the guide's courses; 404 otherwise (a hole of another course or club). */
export async function holeOfGuide(db: DbOrTx, guideId: number, holeId: number): Promise<GuideHoleInfo> {
  const hole = (await holesOfGuide(db, guideId)).find((h) => h.id === holeId);
  if (!hole) throw notFound("Hole not found on the guide's courses");
  return hole;
}

const notOnGuide = (holeId: number, path: string): Problem => ({ path, message: `Hole ${holeId} is not a hole of the guide's courses` });

/** The problems of a hole's markers (the contract's rules and the hole's length), paths below `prefix`. */
function markerFailures(distances: readonly number[], holeLength: number | null, prefix: string): Problem[] {
  return markerProblems(distances, holeLength).map(({ index, problem }) => ({
    path: [prefix, index >= 0 ? String(index) : ''].filter(Boolean).join('.'),
    message: englishMarkerMessages(problem),
  }));
}

/** Stores the page toggles of the given holes (rows made for holes never set). */
async function saveHoleToggles(tx: DbOrTx, guideId: number, list: readonly GuideHoleSettings[]): Promise<void> {
  for (const h of list) {
    const toggles = { page: h.page, green: h.green, pinChart: h.pin_chart, proGuideline: h.pro_guideline };
    await tx
      .insert(guideHoles)
      .values({ guideId, holeId: h.hole_id, ...toggles })
      .onConflictDoUpdate({ target: [guideHoles.guideId, guideHoles.holeId], set: toggles });
  }
}

/** Replaces a hole's markers with the given distances (already checked). */
async function replaceMarkers(tx: DbOrTx, guideId: number, holeId: number, distances: readonly number[]): Promise<void> {
  await tx.delete(guideDistanceMarkers).where(and(eq(guideDistanceMarkers.guideId, guideId), eq(guideDistanceMarkers.holeId, holeId)));
  if (distances.length) await tx.insert(guideDistanceMarkers).values(distances.map((distance) => ({ guideId, holeId, distance })));
}

/**
 * POST clubs/{clubId}/guides/{id}/holes/{holeId}/distance_markers: the hole's markers replaced by
 * the given distances (metres from the green front), each closer to the green than the hole is long.
 */
export async function setDistanceMarkers(db: Db, clubId: number, guideId: number, holeId: number, distances: number[]): Promise<Guide> {
  await db.transaction(async (tx) => {
    await lockVersion(tx, clubId, guideId, null);
    const hole = await holeOfGuide(tx, guideId, holeId);
    failIf(markerFailures(distances, hole.length, ''));
    await replaceMarkers(tx, guideId, holeId, distances);
    await touch(tx, guideId);
  });
  return getGuide(db, clubId, guideId);
}

/** The club a guide belongs to; null for an unknown guide (the caller answers 404). */
export async function clubOfGuide(db: DbOrTx, guideId: number): Promise<number | null> {
  const [row] = await db.select({ clubId: guides.clubId }).from(guides).where(eq(guides.id, guideId));
  return row?.clubId ?? null;
}

/**
 * GraphQL SaveGuideHoles (§7): the page toggles of several holes of the guide and, where given,
 * their markers (checked as setDistanceMarkers checks them), in one transaction: a hole not on the
 * guide's courses or a bad marker answers 400 naming it (paths within the input) and nothing is saved.
 */
export async function saveGuideHoles(db: Db, clubId: number, guideId: number, input: SaveGuideHolesInput): Promise<Guide> {
  await db.transaction(async (tx) => {
    await lockVersion(tx, clubId, guideId, input.version ?? null);
    const onGuide = new Map((await holesOfGuide(tx, guideId)).map((h) => [h.id, h]));
    const problems: Problem[] = [];
    input.holes.forEach((h, i) => {
      const hole = onGuide.get(h.hole_id);
      if (!hole) problems.push(notOnGuide(h.hole_id, `holes.${i}.hole_id`));
      else if (h.distances) problems.push(...markerFailures(h.distances, hole.length, `holes.${i}.distances`));
    });
    failIf(problems);
    await saveHoleToggles(tx, guideId, input.holes);
    for (const h of input.holes) if (h.distances) await replaceMarkers(tx, guideId, h.hole_id, h.distances);
    await touch(tx, guideId);
  });
  return getGuide(db, clubId, guideId);
}

/** GET clubs/{clubId}/guides/{id}/overrides: the holes with an override image, keyed by hole id. */
export async function guideOverrides(db: DbOrTx, clubId: number, guideId: number): Promise<GuideOverridesResponse> {
  const guide = await getGuide(db, clubId, guideId);
  const rows = await db.select().from(guideHoles).where(eq(guideHoles.guideId, guideId));
  const onCourses = new Set(guide.holes.map((h) => h.hole_id));
  const out: GuideOverridesResponse = {};
  for (const r of rows) {
    if (!r.overrideFileName || !onCourses.has(r.holeId)) continue;
    out[String(r.holeId)] = {
      hole_id: r.holeId,
      image_url: guideFileUrl(clubId, guideId, r.overrideFileName)!,
      updated_at: (r.overrideUpdatedAt ?? new Date(0)).toISOString(),
    };
  }
  return out;
}

/** GET clubs/{clubId}/guides/{id}/data (§3 Guide data): each hole with its drawing data (markers, override image). */
export async function guideData(db: DbOrTx, clubId: number, guideId: number): Promise<GuideDataResponse> {
  const guide = await getGuide(db, clubId, guideId);
  const info = new Map((await holesOfCourses(db, guide.courses.map((c) => c.course_id))).map((h) => [h.id, h]));
  const markers = new Map(guide.distances.map((d) => [d.hole_id, d.distances]));
  return {
    guide_id: guide.guide_id,
    title: guide.title,
    holes: guide.holes.map((h) => ({
      hole_id: h.hole_id,
      course_id: h.course_id,
      order: h.order,
      par: h.par,
      handicap: info.get(h.hole_id)?.handicap ?? null,
      drawing_data: { distances: markers.get(h.hole_id) ?? [], override_image: h.override_image_url },
    })),
  };
}

/** Points the guide's icon or front page image at `fileName` (or none); answers the file name it had. */
export async function swapGuideFile(db: Db, clubId: number, guideId: number, kind: 'icon' | 'front_page', fileName: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const row = await lockVersion(tx, clubId, guideId, null);
    if (kind === 'icon') {
      await touch(tx, guideId, { iconFileName: fileName });
      return row.iconFileName;
    }
    await touch(tx, guideId, { frontPageImageFileName: fileName });
    return row.frontPageImageFileName;
  });
}

/** Points a hole's override image at `fileName` (or none); answers the file name it had. */
export async function swapOverrideFile(db: Db, clubId: number, guideId: number, holeId: number, fileName: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockVersion(tx, clubId, guideId, null);
    await holeOfGuide(tx, guideId, holeId);
    const [existing] = await tx.select().from(guideHoles).where(and(eq(guideHoles.guideId, guideId), eq(guideHoles.holeId, holeId)));
    const values = { overrideFileName: fileName, overrideUpdatedAt: fileName ? new Date() : null };
    await tx
      .insert(guideHoles)
      .values({ guideId, holeId, ...values })
      .onConflictDoUpdate({ target: [guideHoles.guideId, guideHoles.holeId], set: values });
    await touch(tx, guideId);
    return existing?.overrideFileName ?? null;
  });
}

/** Clears the guide's references to files that do not exist (a copy whose source file was gone). */
export async function forgetFiles(db: Db, clubId: number, guideId: number, fileNames: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await guideOfClub(tx, clubId, guideId, true);
    if (row.iconFileName && fileNames.includes(row.iconFileName)) await tx.update(guides).set({ iconFileName: null }).where(eq(guides.id, guideId));
    if (row.frontPageImageFileName && fileNames.includes(row.frontPageImageFileName)) {
      await tx.update(guides).set({ frontPageImageFileName: null }).where(eq(guides.id, guideId));
    }
    await tx
      .update(guideHoles)
      .set({ overrideFileName: null, overrideUpdatedAt: null })
      .where(and(eq(guideHoles.guideId, guideId), inArray(guideHoles.overrideFileName, fileNames)));
  });
}
