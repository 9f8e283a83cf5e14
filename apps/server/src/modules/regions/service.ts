import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { REGION_LIMITS, type AdminRegion, type OwnerCandidate } from '@golf/contract/api/regions';
import { clubRegions, clubs, regionUsers, regions, users } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, notFound } from '../../platform/errors';

/** The region role that gives management of the region's clubs (§6). */
const OWNER = 'owner';

/** `%term%` for ilike, with the pattern characters escaped. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A change that gives or takes rights: the users whose sessions must be read afresh. */
export interface RegionChange<T> {
  answer: T;
  affectedUserIds: number[];
}

/** Every region (or one) with its clubs and owners, by name. */
async function loadRegions(db: DbOrTx, ids?: number[]): Promise<AdminRegion[]> {
  const rows = await db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(ids ? inArray(regions.id, ids) : undefined)
    .orderBy(asc(sql`lower(${regions.name})`), asc(regions.id));
  if (rows.length === 0) return [];
  const regionIds = rows.map((r) => r.id);
  const clubRows = await db
    .select({ regionId: clubRegions.regionId, id: clubs.id, name: clubs.name })
    .from(clubRegions)
    .innerJoin(clubs, eq(clubs.id, clubRegions.clubId))
    .where(inArray(clubRegions.regionId, regionIds))
    .orderBy(asc(clubs.name), asc(clubs.id));
  const ownerRows = await db
    .select({ regionId: regionUsers.regionId, id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(regionUsers)
    .innerJoin(users, eq(users.id, regionUsers.userId))
    .where(and(inArray(regionUsers.regionId, regionIds), eq(regionUsers.role, OWNER)))
    .orderBy(asc(users.email));
  return rows.map((r) => ({
    ...r,
    clubs: clubRows.filter((c) => c.regionId === r.id).map(({ id, name }) => ({ id, name })),
    owners: ownerRows.filter((o) => o.regionId === r.id).map(({ id, email, first_name, last_name }) => ({ id, email, first_name, last_name })),
  }));
}

export function listRegions(db: Db): Promise<AdminRegion[]> {
  return loadRegions(db);
}

async function oneRegion(db: DbOrTx, id: number): Promise<AdminRegion> {
  const [region] = await loadRegions(db, [id]);
  if (!region) throw notFound('regions.notFound');
  return region;
}

/** The region's row locked for the transaction (changes of one region's clubs and owners take turns); 404 when gone. */
async function lockRegion(tx: DbOrTx, id: number): Promise<void> {
  const [row] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).for('update');
  if (!row) throw notFound('regions.notFound');
}

async function ownerIds(tx: DbOrTx, regionId: number): Promise<number[]> {
  const rows = await tx.select({ userId: regionUsers.userId }).from(regionUsers).where(eq(regionUsers.regionId, regionId));
  return [...new Set(rows.map((r) => r.userId))];
}

/**
 * Names are unique without regard to case (and surrounding spaces, which the contract trims).
 * Checked under a transaction lock, so two admins creating 'Skåne' and 'SKÅNE' at once do not both win.
 */
async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('golf-regions:names', 0))`);
  const [taken] = await tx
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(and(sql`lower(${regions.name}) = lower(${name})`, exceptId === undefined ? undefined : sql`${regions.id} <> ${exceptId}`))
    .limit(1);
  if (taken) throw conflict('regions.nameTaken', { name: taken.name });
}

export async function createRegion(db: Db, name: string): Promise<AdminRegion> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, name);
    const [{ n }] = await tx.select({ n: count() }).from(regions);
    if (n >= REGION_LIMITS.regions) throw badRequest('regions.tooMany', { max: REGION_LIMITS.regions });
    const [row] = await tx.insert(regions).values({ name }).returning({ id: regions.id });
    return oneRegion(tx, row.id);
  });
}

export async function renameRegion(db: Db, id: number, name: string): Promise<AdminRegion> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, id);
    await assertNameFree(tx, name, id);
    await tx.update(regions).set({ name }).where(eq(regions.id, id));
    return oneRegion(tx, id);
  });
}

/** Deletes the region; its clubs stay (only their membership goes), its owners lose its rights. */
export async function deleteRegion(db: Db, id: number): Promise<RegionChange<null>> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, id);
    const affectedUserIds = await ownerIds(tx, id);
    await tx.delete(regions).where(eq(regions.id, id));
    return { answer: null, affectedUserIds };
  });
}

export async function addClub(db: Db, id: number, clubId: number): Promise<RegionChange<AdminRegion>> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, id);
    const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
    if (!club) throw notFound('regions.clubNotFound');
    const [already] = await tx.select({ clubId: clubRegions.clubId }).from(clubRegions).where(and(eq(clubRegions.regionId, id), eq(clubRegions.clubId, clubId)));
    if (!already) {
      const [{ n }] = await tx.select({ n: count() }).from(clubRegions).where(eq(clubRegions.regionId, id));
      if (n >= REGION_LIMITS.clubsPerRegion) throw badRequest('regions.tooManyClubs', { max: REGION_LIMITS.clubsPerRegion });
      await tx.insert(clubRegions).values({ regionId: id, clubId });
    }
    return { answer: await oneRegion(tx, id), affectedUserIds: await ownerIds(tx, id) };
  });
}

export async function removeClub(db: Db, id: number, clubId: number): Promise<RegionChange<AdminRegion>> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, id);
    const removed = await tx
      .delete(clubRegions)
      .where(and(eq(clubRegions.regionId, id), eq(clubRegions.clubId, clubId)))
      .returning({ clubId: clubRegions.clubId });
    if (removed.length === 0) throw notFound('regions.clubNotFound');
    return { answer: await oneRegion(tx, id), affectedUserIds: await ownerIds(tx, id) };
  });
}

export async function addOwner(db: Db, id: number, userId: number): Promise<RegionChange<AdminRegion>> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, id);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('regions.userNotFound');
    const owners = await ownerIds(tx, id);
    if (!owners.includes(userId)) {
      if (owners.length >= REGION_LIMITS.ownersPerRegion) throw badRequest('regions.tooManyOwners', { max: REGION_LIMITS.ownersPerRegion });
      await tx.insert(regionUsers).values({ regionId: id, userId, role: OWNER });
    }
    return { answer: await oneRegion(tx, id), affectedUserIds: [userId] };
  });
}

export async function removeOwner(db: Db, id: number, userId: number): Promise<RegionChange<AdminRegion>> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, id);
    const removed = await tx
      .delete(regionUsers)
      .where(and(eq(regionUsers.regionId, id), eq(regionUsers.userId, userId), eq(regionUsers.role, OWNER)))
      .returning({ userId: regionUsers.userId });
    if (removed.length === 0) throw notFound('regions.userNotFound');
    return { answer: await oneRegion(tx, id), affectedUserIds: [userId] };
  });
}

/** Existing users whose e-mail or name contains the text, by e-mail (at most REGION_LIMITS.searchResults). */
export async function ownerCandidates(db: Db, q: string): Promise<OwnerCandidate[]> {
  const like = likePattern(q);
  return db
    .select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName, admin: users.admin })
    .from(users)
    .where(sql`${users.email} ilike ${like} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`)
    .orderBy(asc(users.email))
    .limit(REGION_LIMITS.searchResults);
}
