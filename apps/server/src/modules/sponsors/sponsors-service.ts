import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  SPONSORS_MAX,
  type SaveSponsorBody,
  type Sponsor,
  type SponsorUsage,
} from '@golf/contract/api/sponsors';
import { clubs, guides, sponsorPositions, sponsors, sponsorSetups } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { conflict, notFound } from '../../platform/errors';
import { encodeLogo, type UploadedFile } from '../../platform/images';
import { preparedQuery } from '../../platform/prepared';
import type { FileStorage } from '../../platform/storage';
import { deleteStoredFiles, removeStoredImage, replaceStoredImage, storedFileKey, storedFileUrl, type Repointed } from '../../platform/stored-images';
import { clubFilesPrefix } from '../clubs';

/*
 * Promotion (issue 11), the sponsors: a club's sponsors with their logos (in the club's public
 * files), and what deleting one takes with it. Every query filters by the path's club: another
 * club's ids answer 404. The setups that place them are in setups-service.ts.
 */

export interface SponsorDeps {
  db: Db;
  storage: FileStorage;
  log: { warn(obj: object, msg: string): void };
}

type SponsorRow = typeof sponsors.$inferSelect;

/** The folder of the club's sponsor logos, in the club's public files. */
function sponsorLogoFolder(clubId: number): string {
  return `${clubFilesPrefix(clubId)}/sponsors`;
}

/** The storage key of a sponsor's logo file; null for none or an unexpected name. */
export function sponsorLogoKey(clubId: number, fileName: string | null): string | null {
  return storedFileKey(sponsorLogoFolder(clubId), fileName);
}

/**
 * The public URL of a logo file by its storage key (null: none); the file name is new with every
 * upload, so its start is the URL's version (cache busting).
 */
export const sponsorLogoUrlOfKey = storedFileUrl;

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

export async function sponsorOfClub(db: DbOrTx, clubId: number, id: number, lock = false): Promise<SponsorRow> {
  const query = db.select().from(sponsors).where(and(eq(sponsors.id, id), eq(sponsors.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('sponsors.notFound');
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
    if (!club) throw notFound('clubs.notFound');
    const [{ n }] = await tx.select({ n: count() }).from(sponsors).where(eq(sponsors.clubId, clubId));
    if (n >= SPONSORS_MAX) throw conflict('sponsors.capReached', { max: SPONSORS_MAX });
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
  if (!row) throw notFound('sponsors.notFound');
  return presentSponsor(row);
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
  await deleteStoredFiles(deps, [sponsorLogoKey(clubId, fileName)]);
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

/**
 * The club's guides that show one of the setups (guides.sponsor_setup_id, the foreign key by which
 * a guide refers to its setup): read only, to say what deleting a sponsor touches.
 */
async function guidesShowing(db: DbOrTx, clubId: number, setupIds: number[]): Promise<SponsorUsage['guides']> {
  if (setupIds.length === 0) return [];
  return db
    .select({ guide_id: guides.id, title: guides.title })
    .from(guides)
    .where(and(eq(guides.clubId, clubId), inArray(guides.sponsorSetupId, setupIds)))
    .orderBy(asc(guides.appOrder), asc(guides.id));
}

/** Points the sponsor at `fileName` (or at no logo) and answers the file name before and the row after. */
async function swapLogo(db: Db, clubId: number, id: number, fileName: string | null): Promise<Repointed<SponsorRow>> {
  return db.transaction(async (tx) => {
    const before = await sponsorOfClub(tx, clubId, id, true);
    const [row] = await tx
      .update(sponsors)
      .set({ logoFileName: fileName, updatedAt: sql`now()` as unknown as Date })
      .where(eq(sponsors.id, id))
      .returning();
    return { previous: before.logoFileName, value: row };
  });
}

/**
 * POST clubs/{clubId}/sponsors/{id}/logo: the image is checked by its bytes (SVG, HTML and other
 * files are refused before any decoding), re-encoded as PNG (transparency kept, at most 1024 px),
 * stored under a new name in the club's public files, the sponsor points at it, and the old file
 * is deleted.
 */
export async function setSponsorLogo(deps: SponsorDeps, clubId: number, id: number, file: UploadedFile): Promise<Sponsor> {
  const row = await replaceStoredImage(deps, sponsorLogoFolder(clubId), await encodeLogo(file, 'rectangular'), (fileName) => swapLogo(deps.db, clubId, id, fileName));
  return presentSponsor(row);
}

/** DELETE clubs/{clubId}/sponsors/{id}/logo: the sponsor has no logo afterwards and the file is gone. */
export async function removeSponsorLogo(deps: SponsorDeps, clubId: number, id: number): Promise<Sponsor> {
  return presentSponsor(await removeStoredImage(deps, sponsorLogoFolder(clubId), () => swapLogo(deps.db, clubId, id, null)));
}
