import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Club, ClubListItem, CreateClubBody, UpdateClubBody } from '@golf/contract/api/clubs';
import { CLUB_FIELD_GROUPS } from '@golf/contract/api/clubs';
import { canEditClubFields, type PermissionSubject } from '@golf/contract/permissions';
import { clubRegions, clubs, countries, drawingStyles, regions, regionUsers } from '../../db/schema/index';
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


export async function createClub(db: Db, input: z.output<typeof CreateClubBody>): Promise<Club> {
  try {
    return await db.transaction(async (tx) => {
      await assertRegionsExist(tx, input.region_ids);
      await assertReferencesExist(tx, { countryCode: input.address.country_code, drawingStyleId: input.drawing_style_id });
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
  /**
   * The update itself checks that the country and the drawing style exist (it changes nothing
   * otherwise) and answers the club as GET club does: the everyday save is this one statement.
   * When it changes nothing, the checks are made one by one to say why (404, then 400).
   */
  const update = (tx: DbOrTx, checked: boolean) =>
    tx
      .update(clubs)
      .set(set)
      .where(checked ? eq(clubs.id, clubId) : and(eq(clubs.id, clubId), ...referencesExist(references)))
      .returning({ ...getTableColumns(clubs), regionIds: clubRegionIds });
  const write = async (tx: DbOrTx): Promise<Club> => {
    let [row] = await update(tx, false);
    if (!row) {
      const [existing] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
      if (!existing) throw notFound('clubs.notFound');
      await assertReferencesExist(tx, references);
      // Both exist now (added meanwhile): written as checked, like any save.
      [row] = await update(tx, true);
      if (!row) throw notFound('clubs.notFound');
    }
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

