import { and, asc, desc, eq, getTableColumns, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Club, ClubListItem, CreateClubBody, UpdateClubBody } from '@golf/contract/api/clubs';
import { CLUB_FIELD_GROUPS } from '@golf/contract/api/clubs';
import { canEditClubFields, type PermissionSubject } from '@golf/contract/permissions';
import { MANAGEMENT_LIMITS } from '@golf/contract/api/management';
import { clubFormerHandles, clubRegions, clubs, clubUserRoles, countries, drawingStyles, regions, regionUsers, users } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { z } from 'zod';
import { clubLogoUrl } from './files';
import { preparedQuery } from '../../platform/prepared';

type ClubRow = typeof clubs.$inferSelect;

function present(row: ClubRow, regionIds: number[]): Club {
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    srid: row.srid,
    region_ids: regionIds,
    position: row.longitude === null || row.latitude === null ? null : { longitude: row.longitude, latitude: row.latitude },
    active: row.active,
    admin_id: row.adminId,
    address: { street: row.street, city: row.city, zip: row.zip, country_code: row.countryCode },
    drawing_style_id: row.drawingStyleId,
    logo_file_name: row.logoFileName,
    logo_url: clubLogoUrl(row.id, row.logoFileName),
    logo_shape: row.logoShape === 'round' || row.logoShape === 'rectangular' ? row.logoShape : null,
    phone: row.phone,
    homepage: row.homepage,
    booking_url: row.bookingUrl,
    app_teaser: row.appTeaser,
    plan: row.plan === 'business' ? 'business' : 'standard',
    updated_at: row.updatedAt.toISOString(),
  };
}

async function regionIdsOf(db: DbOrTx, clubIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (clubIds.length === 0) return map;
  const rows = await db.select().from(clubRegions).where(inArray(clubRegions.clubId, clubIds)).orderBy(asc(clubRegions.regionId));
  for (const r of rows) map.set(r.clubId, [...(map.get(r.clubId) ?? []), r.regionId]);
  return map;
}

/** The club ids a subject may see: all for admins, else those where they hold a role. */
function visibleIds(subject: PermissionSubject): number[] | 'all' {
  if (subject.admin) return 'all';
  return Object.keys(subject.roles).map(Number);
}

export async function listClubs(db: Db, subject: PermissionSubject): Promise<Club[]> {
  const ids = visibleIds(subject);
  if (ids !== 'all' && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(clubs)
    .where(ids === 'all' ? undefined : inArray(clubs.id, ids))
    .orderBy(asc(clubs.name), asc(clubs.id));
  const regionMap = await regionIdsOf(db, rows.map((r) => r.id));
  return rows.map((r) => present(r, regionMap.get(r.id) ?? []));
}

const clubNames = (where?: SQL) => (db: DbOrTx) => db.select({ id: clubs.id, name: clubs.name, active: clubs.active }).from(clubs).where(where).orderBy(asc(clubs.name), asc(clubs.id));
const allClubNames = preparedQuery('club_names_all', clubNames());
const someClubNames = preparedQuery('club_names_some', clubNames(sql`${clubs.id} = any(${sql.placeholder('ids')})`));

export async function listClubNames(db: Db, subject: PermissionSubject): Promise<ClubListItem[]> {
  const ids = visibleIds(subject);
  if (ids === 'all') return allClubNames(db).execute();
  if (ids.length === 0) return [];
  return someClubNames(db).execute({ ids });
}

/** The club and its regions in one query. */
const clubById = preparedQuery('club_by_id', (db) =>
  db
    .select({
      club: clubs,
      regionIds: sql<number[]>`array(select ${clubRegions.regionId} from ${clubRegions} where ${clubRegions.clubId} = ${clubs.id} order by ${clubRegions.regionId})`,
    })
    .from(clubs)
    .where(eq(clubs.id, sql.placeholder('clubId'))),
);

export async function getClub(db: DbOrTx, clubId: number): Promise<Club> {
  const [row] = await clubById(db).execute({ clubId });
  if (!row) throw notFound('clubs.notFound');
  return present(row.club, row.regionIds);
}

async function assertRegionsExist(db: DbOrTx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, unique));
  if (found.length !== unique.length) {
    const missing = unique.filter((id) => !found.some((f) => f.id === id));
    throw badRequest('clubs.unknownRegions', { ids: missing.join(', ') });
  }
}

/** The country code and drawing style must be ones GET countries and GET drawing_styles offer. */
async function assertReferencesExist(db: DbOrTx, input: { countryCode?: string; drawingStyleId?: number }): Promise<void> {
  if (input.countryCode !== undefined) {
    const [found] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, input.countryCode));
    if (!found) throw badRequest('clubs.unknownCountry', { code: input.countryCode });
  }
  if (input.drawingStyleId !== undefined) {
    const [found] = await db.select({ id: drawingStyles.id }).from(drawingStyles).where(eq(drawingStyles.id, input.drawingStyleId));
    if (!found) throw badRequest('clubs.unknownDrawingStyle', { id: input.drawingStyleId });
  }
}

/** The conditions that the given country and drawing style exist, for a statement that writes only then. */
function referencesExist(input: { countryCode?: string; drawingStyleId?: number }): SQL[] {
  const conditions: SQL[] = [];
  if (input.countryCode !== undefined) conditions.push(sql`exists (select 1 from ${countries} where ${countries.code} = ${input.countryCode})`);
  if (input.drawingStyleId !== undefined) conditions.push(sql`exists (select 1 from ${drawingStyles} where ${drawingStyles.id} = ${input.drawingStyleId})`);
  return conditions;
}

/** The club's region ids in order, as a column of a statement on clubs (named with its table, see courses' teeDistance). */
const clubRegionIds = sql<number[]>`array(select ${clubRegions.regionId} from ${clubRegions} where ${clubRegions.clubId} = ${sql.identifier('clubs')}.${sql.identifier('id')} order by ${clubRegions.regionId})`;

/** The users who own a region of the club (their management rights depend on its regions). */
export async function regionOwnerIds(db: DbOrTx, clubId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: regionUsers.userId })
    .from(regionUsers)
    .innerJoin(clubRegions, eq(clubRegions.regionId, regionUsers.regionId))
    .where(and(eq(clubRegions.clubId, clubId), eq(regionUsers.role, 'owner')));
  return rows.map((r) => r.userId);
}

async function setRegions(tx: DbOrTx, clubId: number, regionIds: number[]): Promise<void> {
  await tx.delete(clubRegions).where(eq(clubRegions.clubId, clubId));
  const unique = [...new Set(regionIds)];
  if (unique.length) await tx.insert(clubRegions).values(unique.map((regionId) => ({ clubId, regionId })));
}

/**
 * Who may be a club's admin (issue 27): nobody (0), a user with a role in the club, or an
 * administrator. As a condition of a statement on clubs (the row's own club), for the one-statement save.
 */
function adminEligible(adminId: number, clubId: number | null): SQL {
  const roleInClub =
    clubId === null
      ? sql`false`
      : sql`exists (select 1 from ${clubUserRoles} where ${clubUserRoles.userId} = ${adminId} and ${clubUserRoles.clubId} = ${clubId})`;
  return sql`(${adminId} = 0 or exists (select 1 from ${users} where ${users.id} = ${adminId} and ${users.admin}) or ${roleInClub})`;
}

async function assertAdminEligible(db: DbOrTx, clubId: number | null, adminId: number | undefined): Promise<void> {
  if (adminId === undefined || adminId === 0) return;
  const [row] = await db.execute<{ ok: boolean }>(sql`select ${adminEligible(adminId, clubId)} as ok`).then((r) => r.rows);
  if (!row?.ok) throw badRequest('management.adminNotEligible');
}

/**
 * Serialises the handle changes that name these handles (as current or former ones), for the
 * length of the transaction: two clubs cannot take and let go of one handle at once.
 */
async function lockHandles(tx: DbOrTx, handles: string[]): Promise<void> {
  for (const handle of [...new Set(handles)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'club-handle:' + handle}))`);
}

/** 409 when the handle is a former handle of another club (its old URLs still lead there). */
async function assertNotFormerElsewhere(db: DbOrTx, clubId: number | null, handle: string): Promise<void> {
  const [row] = await db
    .select({ clubId: clubFormerHandles.clubId })
    .from(clubFormerHandles)
    .where(clubId === null ? eq(clubFormerHandles.handle, handle) : and(eq(clubFormerHandles.handle, handle), ne(clubFormerHandles.clubId, clubId)));
  if (row) throw conflict('clubs.handleFormer');
}

/**
 * A club's handle changes from `from` to `to` (issue 27): `to` leaves the club's own former handles
 * (taken back), `from` becomes one, and at most MANAGEMENT_LIMITS.formerHandles are kept (the
 * oldest let go). Inside the transaction that changes the handle, after lockHandles.
 */
async function recordFormerHandle(tx: DbOrTx, clubId: number, from: string, to: string): Promise<void> {
  await assertNotFormerElsewhere(tx, clubId, to);
  await tx.delete(clubFormerHandles).where(and(eq(clubFormerHandles.clubId, clubId), eq(clubFormerHandles.handle, to)));
  await tx
    .insert(clubFormerHandles)
    .values({ handle: from, clubId })
    .onConflictDoUpdate({ target: clubFormerHandles.handle, set: { clubId, changedAt: sql`now()` } });
  const kept = tx
    .select({ handle: clubFormerHandles.handle })
    .from(clubFormerHandles)
    .where(eq(clubFormerHandles.clubId, clubId))
    .orderBy(desc(clubFormerHandles.changedAt), asc(clubFormerHandles.handle))
    .limit(MANAGEMENT_LIMITS.formerHandles);
  await tx.delete(clubFormerHandles).where(and(eq(clubFormerHandles.clubId, clubId), notInArray(clubFormerHandles.handle, kept)));
}

/** The club a handle names: its current handle, else a former one (issue 27); null when none. */
export async function resolveClubHandle(db: DbOrTx, handle: string): Promise<{ clubId: number; handle: string; former: boolean } | null> {
  const [current] = await db.select({ id: clubs.id, handle: clubs.handle }).from(clubs).where(eq(clubs.handle, handle));
  if (current) return { clubId: current.id, handle: current.handle, former: false };
  const [former] = await db
    .select({ id: clubs.id, handle: clubs.handle })
    .from(clubFormerHandles)
    .innerJoin(clubs, eq(clubs.id, clubFormerHandles.clubId))
    .where(eq(clubFormerHandles.handle, handle));
  return former ? { clubId: former.id, handle: former.handle, former: true } : null;
}

/** The club's former handles, newest first. */
export async function formerHandles(db: DbOrTx, clubId: number): Promise<{ handle: string; changedAt: Date }[]> {
  return db
    .select({ handle: clubFormerHandles.handle, changedAt: clubFormerHandles.changedAt })
    .from(clubFormerHandles)
    .where(eq(clubFormerHandles.clubId, clubId))
    .orderBy(desc(clubFormerHandles.changedAt), asc(clubFormerHandles.handle));
}

export async function createClub(db: Db, input: z.output<typeof CreateClubBody>): Promise<Club> {
  try {
    return await db.transaction(async (tx) => {
      await assertRegionsExist(tx, input.region_ids);
      await assertReferencesExist(tx, { countryCode: input.address.country_code, drawingStyleId: input.drawing_style_id });
      // A new club has no users yet: its admin is nobody (0) or an administrator.
      await assertAdminEligible(tx, null, input.admin_id);
      await lockHandles(tx, [input.handle]);
      await assertNotFormerElsewhere(tx, null, input.handle);
      const [row] = await tx
        .insert(clubs)
        .values({
          name: input.name,
          handle: input.handle,
          srid: input.srid,
          longitude: input.position?.longitude ?? null,
          latitude: input.position?.latitude ?? null,
          active: input.active,
          adminId: input.admin_id,
          street: input.address.street,
          city: input.address.city,
          zip: input.address.zip,
          countryCode: input.address.country_code,
          drawingStyleId: input.drawing_style_id,
        })
        .returning();
      await setRegions(tx, row.id, input.region_ids);
      return getClub(tx, row.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('clubs.handleTaken');
    throw err;
  }
}

export async function updateClub(
  db: Db,
  subject: PermissionSubject,
  clubId: number,
  input: z.output<typeof UpdateClubBody>,
): Promise<Club> {
  // Access to the club is declared on the route; which fields this user may change is decided here.
  const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined) as (keyof typeof CLUB_FIELD_GROUPS)[];
  const refused = fields.filter((f) => !canEditClubFields(subject, clubId, CLUB_FIELD_GROUPS[f]));
  if (refused.length) throw forbidden('clubs.fieldsRefused', { fields: refused.join(', ') });
  const set: Partial<typeof clubs.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  if (input.name !== undefined) set.name = input.name;
  if (input.handle !== undefined) set.handle = input.handle;
  if (input.srid !== undefined) set.srid = input.srid;
  if (input.active !== undefined) set.active = input.active;
  if (input.admin_id !== undefined) set.adminId = input.admin_id;
  if (input.drawing_style_id !== undefined) set.drawingStyleId = input.drawing_style_id;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.homepage !== undefined) set.homepage = input.homepage;
  if (input.booking_url !== undefined) set.bookingUrl = input.booking_url;
  if (input.app_teaser !== undefined) set.appTeaser = input.app_teaser;
  if (input.plan !== undefined) set.plan = input.plan;
  if (input.position !== undefined) {
    set.longitude = input.position?.longitude ?? null;
    set.latitude = input.position?.latitude ?? null;
  }
  if (input.address !== undefined) {
    set.street = input.address.street;
    set.city = input.address.city;
    set.zip = input.address.zip;
    set.countryCode = input.address.country_code;
  }
  const references = { countryCode: input.address?.country_code, drawingStyleId: input.drawing_style_id };
  const { handle, admin_id: adminId } = input;
  /**
   * The update itself checks that the country and the drawing style exist, that a given handle is
   * the club's own already and that a changed admin may be one (it changes nothing otherwise), and
   * answers the club as GET club does: the everyday save is this one statement. When it changes
   * nothing, the checks are made one by one to say why (404, then 400), and a changed handle is
   * written with its former handle in one transaction.
   */
  const conditions: SQL[] = [...referencesExist(references)];
  if (handle !== undefined) conditions.push(eq(clubs.handle, handle));
  if (adminId !== undefined) conditions.push(or(eq(clubs.adminId, adminId), adminEligible(adminId, clubId))!);
  const update = (tx: DbOrTx, checked: boolean) =>
    tx
      .update(clubs)
      .set(set)
      .where(checked ? eq(clubs.id, clubId) : and(eq(clubs.id, clubId), ...conditions))
      .returning({ ...getTableColumns(clubs), regionIds: clubRegionIds });
  const checkedWrite = async (tx: DbOrTx) => {
    const [existing] = await tx.select({ handle: clubs.handle, adminId: clubs.adminId }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!existing) throw notFound('clubs.notFound');
    await assertReferencesExist(tx, references);
    if (adminId !== undefined && adminId !== existing.adminId) await assertAdminEligible(tx, clubId, adminId);
    if (handle !== undefined && handle !== existing.handle) {
      await lockHandles(tx, [handle, existing.handle]);
      await recordFormerHandle(tx, clubId, existing.handle, handle);
    }
    // Everything checked (a country or style added meanwhile counts): written as checked, like any save.
    const [row] = await update(tx, true);
    if (!row) throw notFound('clubs.notFound');
    return row;
  };
  const write = async (tx: DbOrTx): Promise<Club> => {
    let [row] = await update(tx, false);
    if (!row) row = await (tx === db ? db.transaction(checkedWrite) : checkedWrite(tx));
    const { regionIds, ...club } = row;
    return present(club, regionIds);
  };
  try {
    const regionIds = input.region_ids;
    if (regionIds === undefined) return await write(db);
    // The regions too: one transaction, the club row locked by the update first.
    return await db.transaction(async (tx) => {
      await write(tx);
      await assertRegionsExist(tx, regionIds);
      await setRegions(tx, clubId, regionIds);
      return getClub(tx, clubId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('clubs.handleTaken');
    throw err;
  }
}

