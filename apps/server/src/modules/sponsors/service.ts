import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import {
  positionProblems,
  SPONSORS_MAX,
  type SaveSponsorBody,
  type SaveSponsorSetupBody,
  type Sponsor,
  type SponsorFormat,
  type SponsorPlacement,
  type SponsorPosition,
  type SponsorPositionInput,
  type SponsorSetup,
  type SponsorUsage,
} from '@golf/contract/api/sponsors';
import { insideHoleBoundary } from '@golf/contract/geo/boundary';
import { clubs, courses, guides, holes, sponsorPositions, sponsors, sponsorSetups } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import { publicFileUrl } from '../../platform/file-urls';
import { encodeLogo, type UploadedFile } from '../../platform/images';
import { preparedQuery } from '../../platform/prepared';
import { newFileName, type FileStorage } from '../../platform/storage';
import { clubFilesPrefix } from '../clubs/files';
import { savedDrawings } from '../courses/drawing-service';
import { courseOfClub } from '../courses/service';

/**
 * Promotion (issue 11): a club's sponsors with their logos, and sponsor setups that place them on
 * the holes of one course, on the hole's page (a format of §9) or as a sign inside the hole's
 * boundary. Every query filters by the path's club: another club's ids answer 404.
 */

export interface SponsorDeps {
  db: Db;
  storage: FileStorage;
  log: { warn(obj: object, msg: string): void };
}

type SponsorRow = typeof sponsors.$inferSelect;
type SetupRow = typeof sponsorSetups.$inferSelect;
type PositionRow = typeof sponsorPositions.$inferSelect;
type PositionInput = z.output<typeof SponsorPositionInput>;
type SetupInput = z.output<typeof SaveSponsorSetupBody>;

/* ---------------------------------------------------------------- sponsors */

const FILE_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;

/** The storage key of a sponsor's logo file (under the club's public files); null for none or an unexpected name. */
export function sponsorLogoKey(clubId: number, fileName: string | null): string | null {
  if (!fileName || !FILE_NAME.test(fileName)) return null;
  return `${clubFilesPrefix(clubId)}/sponsors/${fileName}`;
}

/**
 * The public URL of a logo file by its storage key (null: none); the file name is new with every
 * upload, so its start is the URL's version (cache busting).
 */
export function sponsorLogoUrlOfKey(key: string | null): string | null {
  if (!key) return null;
  return publicFileUrl(key, key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('/') + 9));
}

function sponsorLogoUrl(clubId: number, fileName: string | null): string | null {
  return sponsorLogoUrlOfKey(sponsorLogoKey(clubId, fileName));
}

function presentSponsor(row: SponsorRow): Sponsor {
  return {
    id: row.id,
    club_id: row.clubId,
    name: row.name,
    url: row.url,
    logo: sponsorLogoUrl(row.clubId, row.logoFileName),
    logo_file_name: row.logoFileName,
    timestamp: row.updatedAt.toISOString(),
  };
}

const FULL = `A club can have at most ${SPONSORS_MAX} sponsors. Delete some before adding more.`;
const SPONSOR_NOT_FOUND = 'Sponsor not found';

/** GET clubs/{clubId}/sponsors: by name. */
const clubSponsors = preparedQuery('club_sponsors', (db) =>
  db
    .select()
    .from(sponsors)
    .where(eq(sponsors.clubId, sql.placeholder('clubId')))
    .orderBy(sql`lower(${sponsors.name})`, asc(sponsors.name), asc(sponsors.id)),
);

export async function listSponsors(db: DbOrTx, clubId: number): Promise<Sponsor[]> {
  const rows = await clubSponsors(db).execute({ clubId });
  return rows.map(presentSponsor);
}

async function sponsorOfClub(db: DbOrTx, clubId: number, id: number, lock = false): Promise<SponsorRow> {
  const query = db.select().from(sponsors).where(and(eq(sponsors.id, id), eq(sponsors.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(SPONSOR_NOT_FOUND);
  return row;
}

/** 404 unless the sponsor is the club's (checked before an upload is read). */
export async function assertSponsorOfClub(db: DbOrTx, clubId: number, id: number): Promise<void> {
  await sponsorOfClub(db, clubId, id);
}

/**
 * POST clubs/{clubId}/sponsors: a sponsor without a logo (§4: the logo is uploaded after). The
 * count is checked with the club row locked, so two creations at once cannot pass the cap.
 */
export async function createSponsor(db: Db, clubId: number, input: SaveSponsorBody): Promise<Sponsor> {
  return db.transaction(async (tx) => {
    const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!club) throw notFound('Club not found');
    const [{ n }] = await tx.select({ n: count() }).from(sponsors).where(eq(sponsors.clubId, clubId));
    if (n >= SPONSORS_MAX) throw conflict(FULL);
    const [row] = await tx
      .insert(sponsors)
      .values({ clubId, name: input.name, url: input.url ?? '' })
      .returning();
    return presentSponsor(row);
  });
}

/** PUT clubs/{clubId}/sponsors/{id}: name and web address (the logo has calls of its own). */
export async function updateSponsor(db: DbOrTx, clubId: number, id: number, input: SaveSponsorBody): Promise<Sponsor> {
  const [row] = await db
    .update(sponsors)
    .set({ name: input.name, url: input.url ?? '', updatedAt: sql`now()` as unknown as Date })
    .where(and(eq(sponsors.id, id), eq(sponsors.clubId, clubId)))
    .returning();
  if (!row) throw notFound(SPONSOR_NOT_FOUND);
  return presentSponsor(row);
}

async function deleteQuietly({ storage, log }: SponsorDeps, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await storage.delete(key);
  } catch (err) {
    log.warn({ err, key }, 'could not delete a sponsor logo file');
  }
}

/**
 * DELETE clubs/{clubId}/sponsors/{id}: in one transaction its places in every setup (those
 * setups stay, changed now) and the sponsor; then its logo file.
 */
export async function deleteSponsor(deps: SponsorDeps, clubId: number, id: number): Promise<void> {
  const fileName = await deps.db.transaction(async (tx) => {
    const row = await sponsorOfClub(tx, clubId, id, true);
    const removed = await tx.delete(sponsorPositions).where(eq(sponsorPositions.sponsorId, id)).returning({ setupId: sponsorPositions.sponsorSetupId });
    const setupIds = [...new Set(removed.map((r) => r.setupId))];
    if (setupIds.length) await tx.update(sponsorSetups).set({ updatedAt: sql`now()` as unknown as Date }).where(inArray(sponsorSetups.id, setupIds));
    await tx.delete(sponsors).where(eq(sponsors.id, id));
    return row.logoFileName;
  });
  await deleteQuietly(deps, sponsorLogoKey(clubId, fileName));
}

/**
 * GET clubs/{clubId}/sponsors/{id}/usage: what deleting the sponsor takes with it, asked before
 * DELETE: the setups placing it (with its number of places in each) and the guides showing
 * those setups.
 */
export async function sponsorUsage(db: DbOrTx, clubId: number, id: number): Promise<SponsorUsage> {
  await sponsorOfClub(db, clubId, id);
  const setups = await db
    .select({ id: sponsorSetups.id, name: sponsorSetups.name, course_id: sponsorSetups.courseId, positions: count() })
    .from(sponsorPositions)
    .innerJoin(sponsorSetups, eq(sponsorSetups.id, sponsorPositions.sponsorSetupId))
    .where(and(eq(sponsorPositions.sponsorId, id), eq(sponsorSetups.clubId, clubId)))
    .groupBy(sponsorSetups.id)
    .orderBy(sql`lower(${sponsorSetups.name})`, asc(sponsorSetups.id));
  return { setups, guides: await guidesShowing(db, clubId, setups.map((s) => s.id)) };
}

/** The club's guides whose settings choose one of the setups (guides.settings.sponsor_setup_id). */
async function guidesShowing(db: DbOrTx, clubId: number, setupIds: number[]): Promise<SponsorUsage['guides']> {
  if (setupIds.length === 0) return [];
  return db
    .select({ guide_id: guides.id, title: guides.title })
    .from(guides)
    .where(and(eq(guides.clubId, clubId), inArray(sql`${guides.settings}->>'sponsor_setup_id'`, setupIds.map(String))))
    .orderBy(asc(guides.appOrder), asc(guides.id));
}

/** Points the sponsor at `fileName` (or at no logo) and answers the row before and after. */
async function swapLogo(db: Db, clubId: number, id: number, fileName: string | null): Promise<{ previous: string | null; row: SponsorRow }> {
  return db.transaction(async (tx) => {
    const before = await sponsorOfClub(tx, clubId, id, true);
    const [row] = await tx
      .update(sponsors)
      .set({ logoFileName: fileName, updatedAt: sql`now()` as unknown as Date })
      .where(eq(sponsors.id, id))
      .returning();
    return { previous: before.logoFileName, row };
  });
}

/**
 * POST clubs/{clubId}/sponsors/{id}/logo: the image is checked by its bytes (SVG, HTML and other
 * files are refused before any decoding), re-encoded as PNG (transparency kept, at most 1024 px),
 * stored under a new name in the club's public files, the sponsor points at it, and the old file
 * is deleted.
 */
export async function setSponsorLogo(deps: SponsorDeps, clubId: number, id: number, file: UploadedFile): Promise<Sponsor> {
  const encoded = await encodeLogo(file, 'rectangular');
  const fileName = newFileName(encoded.ext);
  const key = sponsorLogoKey(clubId, fileName)!;
  await deps.storage.put(key, encoded.data, encoded.contentType);
  let swapped: Awaited<ReturnType<typeof swapLogo>>;
  try {
    swapped = await swapLogo(deps.db, clubId, id, fileName);
  } catch (err) {
    await deleteQuietly(deps, key);
    throw err;
  }
  await deleteQuietly(deps, sponsorLogoKey(clubId, swapped.previous));
  return presentSponsor(swapped.row);
}

/** DELETE clubs/{clubId}/sponsors/{id}/logo: the sponsor has no logo afterwards and the file is gone. */
export async function removeSponsorLogo(deps: SponsorDeps, clubId: number, id: number): Promise<Sponsor> {
  const { previous, row } = await swapLogo(deps.db, clubId, id, null);
  await deleteQuietly(deps, sponsorLogoKey(clubId, previous));
  return presentSponsor(row);
}

/* ---------------------------------------------------------------- sponsor setups */

const SETUP_NOT_FOUND = 'Sponsor setup not found';

function presentPosition(row: PositionRow): SponsorPosition {
  return {
    id: row.id,
    sponsor_setup_id: row.sponsorSetupId,
    sponsor_id: row.sponsorId,
    hole_id: row.holeId,
    placement: row.placement as SponsorPlacement,
    format: row.format as SponsorFormat | null,
    position: row.longitude === null || row.latitude === null ? null : { longitude: row.longitude, latitude: row.latitude },
  };
}

function presentSetup(row: SetupRow, positions: PositionRow[]): SponsorSetup {
  return {
    id: row.id,
    club_id: row.clubId,
    course_id: row.courseId,
    name: row.name,
    sponsor_positions: positions.map(presentPosition),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The positions of the setups, by setup, in the order they were saved. */
async function positionsOf(db: DbOrTx, setupIds: number[]): Promise<Map<number, PositionRow[]>> {
  const bySetup = new Map<number, PositionRow[]>(setupIds.map((id) => [id, []]));
  if (setupIds.length === 0) return bySetup;
  const rows = await db.select().from(sponsorPositions).where(inArray(sponsorPositions.sponsorSetupId, setupIds)).orderBy(asc(sponsorPositions.id));
  for (const row of rows) bySetup.get(row.sponsorSetupId)?.push(row);
  return bySetup;
}

async function setupOfClub(db: DbOrTx, clubId: number, id: number, lock = false): Promise<SetupRow> {
  const query = db.select().from(sponsorSetups).where(and(eq(sponsorSetups.id, id), eq(sponsorSetups.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(SETUP_NOT_FOUND);
  return row;
}

/** GET clubs/{clubId}/sponsor-setups[?course_id=]: the club's setups (of one of its courses), each with its positions. */
export async function listSponsorSetups(db: DbOrTx, clubId: number, courseId?: number): Promise<SponsorSetup[]> {
  if (courseId !== undefined) await courseOfClub(db, clubId, courseId);
  const rows = await db
    .select()
    .from(sponsorSetups)
    .where(courseId === undefined ? eq(sponsorSetups.clubId, clubId) : and(eq(sponsorSetups.clubId, clubId), eq(sponsorSetups.courseId, courseId)))
    .orderBy(asc(sponsorSetups.courseId), sql`lower(${sponsorSetups.name})`, asc(sponsorSetups.id));
  const positions = await positionsOf(db, rows.map((r) => r.id));
  return rows.map((row) => presentSetup(row, positions.get(row.id) ?? []));
}

/** GET clubs/{clubId}/sponsor-setups/{id}. */
export async function getSponsorSetup(db: DbOrTx, clubId: number, id: number): Promise<SponsorSetup> {
  const row = await setupOfClub(db, clubId, id);
  const positions = await positionsOf(db, [row.id]);
  return presentSetup(row, positions.get(row.id) ?? []);
}

type Problem = { path: string; message: string };

/** One 400 for every problem found: the first in the message, all in `details`. */
function problemsError(problems: Problem[]): HttpError {
  const first = problems[0].message;
  const message = problems.length === 1 ? first : `${first} (and ${problems.length - 1} more ${problems.length === 2 ? 'problem' : 'problems'})`;
  return badRequest(message, problems);
}

/**
 * The rules of a setup's positions on the course `courseId` of the club: every sponsor is the
 * club's and every hole on one of its courses (404 otherwise, as for ids in a path); then, all
 * answered together in one 400, a hole of another course, the contract's positionProblems (page
 * places that do not fit together, too many signs), and a sign outside its hole's boundary or on
 * a hole with no boundary drawn.
 */
async function checkPositions(tx: DbOrTx, clubId: number, courseId: number, positions: PositionInput[]): Promise<void> {
  if (positions.length === 0) return;
  const sponsorIds = [...new Set(positions.map((p) => p.sponsor_id))];
  const known = new Set(
    (await tx.select({ id: sponsors.id }).from(sponsors).where(and(eq(sponsors.clubId, clubId), inArray(sponsors.id, sponsorIds)))).map((r) => r.id),
  );
  const unknownSponsors = positions.flatMap((p, i) => (known.has(p.sponsor_id) ? [] : [{ path: `sponsor_positions.${i}.sponsor_id`, message: `Sponsor ${p.sponsor_id} not found` }]));
  if (unknownSponsors.length) throw new HttpError(404, SPONSOR_NOT_FOUND, unknownSponsors);

  const holeIds = [...new Set(positions.map((p) => p.hole_id))];
  const holeRows = await tx
    .select({ id: holes.id, courseId: holes.courseId, order: holes.order })
    .from(holes)
    .innerJoin(courses, eq(courses.id, holes.courseId))
    .where(and(eq(courses.clubId, clubId), inArray(holes.id, holeIds)));
  const holeById = new Map(holeRows.map((h) => [h.id, h]));
  const unknownHoles = positions.flatMap((p, i) => (holeById.has(p.hole_id) ? [] : [{ path: `sponsor_positions.${i}.hole_id`, message: `Hole ${p.hole_id} not found` }]));
  if (unknownHoles.length) throw new HttpError(404, 'Hole not found', unknownHoles);

  const problems: Problem[] = [];
  positions.forEach((p, i) => {
    const hole = holeById.get(p.hole_id)!;
    if (hole.courseId !== courseId) problems.push({ path: `sponsor_positions.${i}.hole_id`, message: `Hole ${hole.order} of another course` });
  });
  problems.push(...positionProblems(positions));

  const signHoles = [...new Set(positions.filter((p) => p.placement === 'sign' && holeById.get(p.hole_id)!.courseId === courseId).map((p) => p.hole_id))];
  const drawings = await savedDrawings(tx, signHoles, EDIT_DRAWING_STYLE);
  positions.forEach((p, i) => {
    const hole = holeById.get(p.hole_id)!;
    if (p.placement !== 'sign' || !p.position || hole.courseId !== courseId) return;
    const inside = insideHoleBoundary(drawings.get(hole.id), [p.position.longitude, p.position.latitude]);
    if (inside === null) problems.push({ path: `sponsor_positions.${i}.position`, message: `Hole ${hole.order} has no boundary drawn; draw it before placing a sign` });
    else if (!inside) problems.push({ path: `sponsor_positions.${i}.position`, message: `The sign is outside the boundary of hole ${hole.order}` });
  });
  if (problems.length) throw problemsError(problems);
}

async function insertPositions(tx: DbOrTx, setupId: number, positions: PositionInput[]): Promise<void> {
  if (positions.length === 0) return;
  await tx.insert(sponsorPositions).values(
    positions.map((p) => ({
      sponsorSetupId: setupId,
      sponsorId: p.sponsor_id,
      holeId: p.hole_id,
      placement: p.placement,
      format: p.placement === 'page' ? p.format : null,
      longitude: p.placement === 'sign' ? (p.position?.longitude ?? null) : null,
      latitude: p.placement === 'sign' ? (p.position?.latitude ?? null) : null,
    })),
  );
}

/** POST clubs/{clubId}/sponsor-setups: a setup on one of the club's courses, with its positions (often none yet, §4). */
export async function createSponsorSetup(db: Db, clubId: number, input: SetupInput): Promise<SponsorSetup> {
  const id = await db.transaction(async (tx) => {
    await courseOfClub(tx, clubId, input.course_id);
    await checkPositions(tx, clubId, input.course_id, input.sponsor_positions);
    const [row] = await tx.insert(sponsorSetups).values({ clubId, courseId: input.course_id, name: input.name }).returning({ id: sponsorSetups.id });
    await insertPositions(tx, row.id, input.sponsor_positions);
    return row.id;
  });
  return getSponsorSetup(db, clubId, id);
}

/**
 * PUT clubs/{clubId}/sponsor-setups/{id}: the name and every position, replaced in one
 * transaction with the setup row locked (two saves at once do not mix their positions). A setup
 * stays on its course.
 */
export async function updateSponsorSetup(db: Db, clubId: number, id: number, input: SetupInput): Promise<SponsorSetup> {
  await db.transaction(async (tx) => {
    const setup = await setupOfClub(tx, clubId, id, true);
    if (input.course_id !== setup.courseId) {
      throw badRequest('A sponsor setup stays on its course', [{ path: 'course_id', message: 'A sponsor setup stays on its course' }]);
    }
    await checkPositions(tx, clubId, setup.courseId, input.sponsor_positions);
    await tx
      .update(sponsorSetups)
      .set({ name: input.name, updatedAt: sql`now()` as unknown as Date })
      .where(eq(sponsorSetups.id, id));
    await tx.delete(sponsorPositions).where(eq(sponsorPositions.sponsorSetupId, id));
    await insertPositions(tx, id, input.sponsor_positions);
  });
  return getSponsorSetup(db, clubId, id);
}

/**
 * DELETE clubs/{clubId}/sponsor-setups/{id}: the setup and its positions; the club's guides that
 * chose it show no sponsors afterwards (their sponsor_setup_id becomes null, a new guide version).
 */
export async function deleteSponsorSetup(db: Db, clubId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sponsorSetups)
      .where(and(eq(sponsorSetups.id, id), eq(sponsorSetups.clubId, clubId)))
      .returning({ id: sponsorSetups.id });
    if (deleted.length === 0) throw notFound(SETUP_NOT_FOUND);
    await tx
      .update(guides)
      .set({
        settings: sql`jsonb_set(${guides.settings}, '{sponsor_setup_id}', 'null'::jsonb)`,
        version: sql`${guides.version} + 1`,
        updatedAt: sql`now()` as unknown as Date,
      })
      .where(and(eq(guides.clubId, clubId), sql`${guides.settings}->>'sponsor_setup_id' = ${String(id)}`));
  });
}

/* ---------------------------------------------------------------- for the guides */

export interface SponsorPlacements {
  courseId: number;
  name: string;
  sponsors: { id: number; name: string; url: string; logoKey: string | null }[];
  positions: {
    sponsorId: number;
    holeId: number;
    placement: 'page' | 'sign';
    format: SponsorFormat | null;
    position: { longitude: number; latitude: number } | null;
  }[];
}

/**
 * What a guide shows of its sponsor setup (products rendering): the setup's course and name, the
 * sponsors it places (logoKey: the storage key of the logo file, null without one) and its
 * positions in the order saved. 404 for a setup that is not the club's.
 */
export async function loadSponsorPlacements(db: DbOrTx, clubId: number, setupId: number): Promise<SponsorPlacements> {
  const setup = await setupOfClub(db, clubId, setupId);
  const rows = (await positionsOf(db, [setup.id])).get(setup.id) ?? [];
  const sponsorIds = [...new Set(rows.map((r) => r.sponsorId))];
  const sponsorRows = sponsorIds.length
    ? await db
        .select()
        .from(sponsors)
        .where(and(eq(sponsors.clubId, clubId), inArray(sponsors.id, sponsorIds)))
        .orderBy(sql`lower(${sponsors.name})`, asc(sponsors.id))
    : [];
  return {
    courseId: setup.courseId,
    name: setup.name,
    sponsors: sponsorRows.map((s) => ({ id: s.id, name: s.name, url: s.url, logoKey: sponsorLogoKey(s.clubId, s.logoFileName) })),
    positions: rows.map((r) => {
      const p = presentPosition(r);
      return { sponsorId: p.sponsor_id, holeId: p.hole_id, placement: p.placement, format: p.format, position: p.position };
    }),
  };
}
