import { and, asc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_HOLE_TOGGLES, GuideSettings, sortMarkers, type Guide } from '@golf/contract/api/guides';
import {
  courses,
  guideCourses,
  guideDistanceMarkers,
  guideHoles,
  guideRatings,
  guides,
  holeDrawings,
  holes,
  holeTees,
  tees,
} from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { guideFileUrl } from './files';

/*
 * A guide's rows as every service of the products area reads them: the guide of a club (404
 * otherwise), its answer shape, its holes, the version check and the "changed" mark. The services
 * by what they serve build on it: guides (guides-service.ts), ratings (ratings-service.ts),
 * markers and hole choices (markers-service.ts), files (files-service.ts).
 */

export type GuideRow = typeof guides.$inferSelect;
/** One refusal of a body's part: the path of the field and what is wrong with it. */
export type Problem = { path: string; message: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A guide's settings as the API shows them: the stored JSON with the sponsor setup of its column
 * (guides.sponsor_setup_id, a foreign key to the sponsors area's setups; never kept in the JSON).
 */
export function settingsOfRow(row: Pick<GuideRow, 'settings' | 'sponsorSetupId'>): GuideSettings {
  return GuideSettings.parse({ ...(row.settings as object), sponsor_setup_id: row.sponsorSetupId });
}

/** What a guide row stores of the settings: the JSON without the sponsor setup, which goes to its column. */
export function storedSettings(settings: GuideSettings): { settings: Omit<GuideSettings, 'sponsor_setup_id'>; sponsorSetupId: number | null } {
  const { sponsor_setup_id: sponsorSetupId, ...rest } = settings;
  return { settings: rest, sponsorSetupId };
}

/** The guide when it belongs to the club; 404 otherwise (another club's guide id included). */
export async function guideOfClub(db: DbOrTx, clubId: number, guideId: number, lock = false): Promise<GuideRow> {
  const query = db.select().from(guides).where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('guides.notFound');
  return row;
}

export interface GuideHoleInfo {
  id: number;
  courseId: number;
  order: number;
  par: number;
  handicap: number | null;
  /** Metres from the longest tee; null without distances. */
  length: number | null;
}

/** The holes of the given courses with their length, in course order then hole order. */
export async function holesOfCourses(db: DbOrTx, courseIds: number[]): Promise<GuideHoleInfo[]> {
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

/** What an answer of guides reads besides their rows, as one query gives it (presentGuides). */
export interface GuideParts {
  courses: { guideId: number; courseId: number; name: string; changedAt: string }[];
  holes: GuideHoleInfo[];
  guideHoles: { guideId: number; holeId: number; page: boolean; green: boolean; pinChart: boolean; proGuideline: boolean; overrideFileName: string | null }[];
  markers: { guideId: number; holeId: number; distance: number }[];
  ratings: { guideId: number; teeId: number; sex: string; courseRating: number; slope: number }[];
}

/**
 * The parts of the given guides' answers in one statement, each a JSON list: their courses in
 * guide order with the time each last changed, the holes of those courses with their length (in
 * hole order), the hole choices, the distance markers (nearest first) and the ratings (by tee,
 * then sex). One round trip instead of five: on the embedded database every statement waits for
 * every other request's (decision 0008), and every save of a guide answers the whole guide.
 */
export async function guideParts(db: DbOrTx, ids: number[]): Promise<GuideParts> {
  const result = await db.execute<{ [K in keyof GuideParts]: GuideParts[K] }>(guidePartsQuery(ids));
  const [row] = result.rows;
  return row;
}

/** guideParts as one JSON value, to read beside other columns of a statement (GuideParts once parsed). */
export function guidePartsColumn(ids: number[]): SQL<GuideParts> {
  return sql<GuideParts>`(select json_build_object('courses', p.courses, 'holes', p.holes, 'guideHoles', p."guideHoles", 'markers', p.markers, 'ratings', p.ratings) from (${guidePartsQuery(ids)}) p)`;
}

/** The statement of guideParts: one row of five JSON lists. */
function guidePartsQuery(ids: number[]): SQL {
  const list = (expression: SQL) => sql`coalesce((${expression}), '[]'::json)`;
  return sql`select
    ${list(sql`select json_agg(json_build_object('guideId', ${guideCourses.guideId}, 'courseId', ${guideCourses.courseId}, 'name', ${courses.name}, 'changedAt', ${courseChangedAt}) order by ${guideCourses.position}, ${guideCourses.courseId})
      from ${guideCourses} inner join ${courses} on ${courses.id} = ${guideCourses.courseId} where ${guideCourses.guideId} in ${ids}`)} as courses,
    ${list(sql`select json_agg(json_build_object('id', ${holes.id}, 'courseId', ${holes.courseId}, 'order', ${holes.order}, 'par', ${holes.par}, 'handicap', ${holes.handicap},
        'length', (select max(${holeTees.distance}) from ${holeTees} where ${holeTees.holeId} = ${holes.id})) order by ${holes.order}, ${holes.id})
      from ${holes} where ${holes.courseId} in (select ${guideCourses.courseId} from ${guideCourses} where ${guideCourses.guideId} in ${ids})`)} as holes,
    ${list(sql`select json_agg(json_build_object('guideId', ${guideHoles.guideId}, 'holeId', ${guideHoles.holeId}, 'page', ${guideHoles.page}, 'green', ${guideHoles.green},
        'pinChart', ${guideHoles.pinChart}, 'proGuideline', ${guideHoles.proGuideline}, 'overrideFileName', ${guideHoles.overrideFileName}))
      from ${guideHoles} where ${guideHoles.guideId} in ${ids}`)} as "guideHoles",
    ${list(sql`select json_agg(json_build_object('guideId', ${guideDistanceMarkers.guideId}, 'holeId', ${guideDistanceMarkers.holeId}, 'distance', ${guideDistanceMarkers.distance}) order by ${guideDistanceMarkers.distance})
      from ${guideDistanceMarkers} where ${guideDistanceMarkers.guideId} in ${ids}`)} as markers,
    ${list(sql`select json_agg(json_build_object('guideId', ${guideRatings.guideId}, 'teeId', ${guideRatings.teeId}, 'sex', ${guideRatings.sex}, 'courseRating', ${guideRatings.courseRating}, 'slope', ${guideRatings.slope}) order by ${guideRatings.teeId}, ${guideRatings.sex})
      from ${guideRatings} where ${guideRatings.guideId} in ${ids}`)} as ratings`;
}

/** Every answer's shape of the given guides (§3 Guide), in the order of `rows`. */
async function presentGuides(db: DbOrTx, rows: GuideRow[]): Promise<Guide[]> {
  if (rows.length === 0) return [];
  return presentGuidesWith(await guideParts(db, rows.map((r) => r.id)), rows);
}

/** Every answer's shape of the given guides from their parts (guideParts of the same guides), in the order of `rows`. */
export function presentGuidesWith(parts: GuideParts, rows: GuideRow[]): Guide[] {
  const { courses: courseRows, holes: holeList, guideHoles: holeRows, markers: markerRows, ratings: ratingRows } = parts;
  // The holes in the guides' course order, then hole order (as holesOfCourses answers them).
  const rank = new Map([...new Set(courseRows.map((c) => c.courseId))].map((id, i) => [id, i]));
  const allHoles = holeList.sort((a, b) => rank.get(a.courseId)! - rank.get(b.courseId)! || a.order - b.order || a.id - b.id);
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
      settings: settingsOfRow(row),
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

export function failIf(problems: Problem[]): void {
  if (problems.length) throw badRequest('request.problem', { problem: problems[0].message }, problems);
}

/** Locks the guide and checks the version the caller edited; 409 when another save came first. */
export async function lockVersion(tx: DbOrTx, clubId: number, guideId: number, version: number | null): Promise<GuideRow> {
  const row = await guideOfClub(tx, clubId, guideId, true);
  if (version !== null && row.version !== version) {
    throw conflict('guides.changedMeanwhile', { current: row.version, edited: version });
  }
  return row;
}

/** Columns beside a guide's row: its course ids in guide order and the ids of those courses' tees. */
export function guideCourseColumns() {
  return {
    // Nested: the columns keep their table names (a statement on one table writes its own without).
    courseIds: sql<number[]>`array(${sql`select ${guideCourses.courseId} from ${guideCourses} where ${guideCourses.guideId} = ${guides.id} order by ${guideCourses.position}`})`,
    teeIds: sql<number[]>`array(${sql`select ${tees.id} from ${tees} inner join ${guideCourses} on ${guideCourses.courseId} = ${tees.courseId} where ${guideCourses.guideId} = ${guides.id}`})`,
  };
}

/**
 * Locks the guide and checks the version the caller edited (409 when another save came first), as
 * lockVersion, and reads with it the guide's course ids in guide order and the ids of those
 * courses' tees: what a save of the guide checks its parts against, in the same statement.
 */
export async function lockVersionWithCourses(tx: DbOrTx, clubId: number, guideId: number, version: number): Promise<{ row: GuideRow; courseIds: number[]; teeIds: number[] }> {
  const [found] = await tx
    .select({ row: guides, ...guideCourseColumns() })
    .from(guides)
    .where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)))
    .for('update', { of: guides });
  if (!found) throw notFound('guides.notFound');
  if (found.row.version !== version) throw conflict('guides.changedMeanwhile', { current: found.row.version, edited: version });
  return found;
}

/** touch, answering the guide's row as written (for its answer, without reading it again). */
export async function touchReturning(tx: DbOrTx, guideId: number, values: Partial<typeof guides.$inferInsert> = {}): Promise<GuideRow> {
  const [row] = await tx
    .update(guides)
    .set({ ...values, version: sql`${guides.version} + 1`, updatedAt: sql`now()` })
    .where(eq(guides.id, guideId))
    .returning();
  return row;
}

/** A guide's answer from its row (as getGuide answers it, without reading the row again). */
export async function presentGuide(db: DbOrTx, row: GuideRow): Promise<Guide> {
  const [guide] = await presentGuides(db, [row]);
  return guide;
}

/** Marks the guide changed: a new version and update time. */
export async function touch(tx: DbOrTx, guideId: number, values: Partial<typeof guides.$inferInsert> = {}): Promise<void> {
  await tx
    .update(guides)
    .set({ ...values, version: sql`${guides.version} + 1`, updatedAt: sql`now()` })
    .where(eq(guides.id, guideId));
}

/** The holes of the guide's courses, in course and hole order. */
export async function holesOfGuide(db: DbOrTx, guideId: number): Promise<GuideHoleInfo[]> {
  const courseIds = (await db.select({ courseId: guideCourses.courseId }).from(guideCourses).where(eq(guideCourses.guideId, guideId)).orderBy(asc(guideCourses.position))).map((c) => c.courseId);
  return holesOfCourses(db, courseIds);
}

/** The hole when it is on one of the guide's courses; 404 otherwise (a hole of another course or club). */
export async function holeOfGuide(db: DbOrTx, guideId: number, holeId: number): Promise<GuideHoleInfo> {
  const hole = (await holesOfGuide(db, guideId)).find((h) => h.id === holeId);
  if (!hole) throw notFound('guides.holeNotFound');
  return hole;
}

export const notOnGuide = (holeId: number, path: string): Problem => ({ path, message: `Hole ${holeId} is not a hole of the guide's courses` });

/** The club a guide belongs to; null for an unknown guide (the caller answers 404). */
export async function clubOfGuide(db: DbOrTx, guideId: number): Promise<number | null> {
  const [row] = await db.select({ clubId: guides.clubId }).from(guides).where(eq(guides.id, guideId));
  return row?.clubId ?? null;
}
