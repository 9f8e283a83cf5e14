/**
 * The club's tracking groups themselves (issue 25, §3 Tracking group): the list by name with
 * what each tracks and its log book's size, create, rename or recolour, delete. At most
 * GREENKEEPER_LIMITS.groupsMax per club, the name unique in the club (case-insensitively). A
 * group's `trackingCount` counts only the elements still in their hole's drawing: an element
 * since removed from the map keeps its row until the group is changed, but is not counted.
 * Deleting a group deletes its elements, descriptions, hole texts, comments and their images
 * (the image files after the commit).
 */
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { GREENKEEPER_LIMITS, type TrackingGroup, type TrackingGroupBody } from '@golf/contract/api/greenkeeper';
import { clubs, trackingComments, trackingGroupElements, trackingGroups } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { deleteStoredFiles } from '../../platform/stored-images';
import { featuresOnMap, groupOfClub, type TrackingGroupRow } from './access';
import { fileKeysOfGroup, type CommentFileDeps } from './comment-images-service';

/** The groups as the tech map shows them, in the rows' order. */
export async function presentGroups(db: DbOrTx, rows: TrackingGroupRow[]): Promise<TrackingGroup[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const elements = await db
    .select({ groupId: trackingGroupElements.trackingGroupId, holeId: trackingGroupElements.holeId, featureId: trackingGroupElements.featureId })
    .from(trackingGroupElements)
    .where(inArray(trackingGroupElements.trackingGroupId, ids));
  const onMap = await featuresOnMap(
    db,
    elements.map((e) => e.holeId),
  );
  const tracked = new Map<number, number>();
  for (const e of elements) {
    if (onMap.get(e.holeId)?.has(e.featureId)) tracked.set(e.groupId, (tracked.get(e.groupId) ?? 0) + 1);
  }
  const comments = await db
    .select({ groupId: trackingComments.trackingGroupId, n: count() })
    .from(trackingComments)
    .where(inArray(trackingComments.trackingGroupId, ids))
    .groupBy(trackingComments.trackingGroupId);
  const commentCounts = new Map(comments.map((c) => [c.groupId, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    trackingCount: tracked.get(r.id) ?? 0,
    commentCount: commentCounts.get(r.id) ?? 0,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** One group as the tech map shows it. */
export async function presentGroup(db: DbOrTx, row: TrackingGroupRow): Promise<TrackingGroup> {
  return (await presentGroups(db, [row]))[0];
}

/** GET clubs/{clubId}/tracking-groups: the club's groups by name. */
export async function listGroups(db: DbOrTx, clubId: number): Promise<TrackingGroup[]> {
  const rows = await db
    .select()
    .from(trackingGroups)
    .where(eq(trackingGroups.clubId, clubId))
    .orderBy(sql`lower(${trackingGroups.name})`, asc(trackingGroups.id));
  return presentGroups(db, rows);
}

/** 409 `greenkeeper.groupNameTaken` when another group of the club has the name (case-insensitively). */
async function assertNameFree(db: DbOrTx, clubId: number, name: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: trackingGroups.id })
    .from(trackingGroups)
    .where(and(eq(trackingGroups.clubId, clubId), sql`lower(${trackingGroups.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(trackingGroups.id, exceptId)))
    .limit(1);
  if (clash) throw conflict('greenkeeper.groupNameTaken', { name });
}

/** The unique index on the club and the name, for a race the check above did not see. */
function nameClash<T>(name: string, run: () => Promise<T>): Promise<T> {
  return run().catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict('greenkeeper.groupNameTaken', { name });
    throw err;
  });
}

/**
 * Writes a new group (in the caller's transaction): at most GREENKEEPER_LIMITS.groupsMax per
 * club, the name free in the club. Also the demo's way in.
 */
export async function insertGroup(tx: DbOrTx, clubId: number, body: TrackingGroupBody): Promise<TrackingGroupRow> {
  // One creation per club at a time, so two at once cannot pass the cap together.
  const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
  if (!club) throw notFound('greenkeeper.groupNotFound');
  const [{ n }] = await tx.select({ n: count() }).from(trackingGroups).where(eq(trackingGroups.clubId, clubId));
  if (Number(n) >= GREENKEEPER_LIMITS.groupsMax) throw conflict('greenkeeper.groupsCapReached', { max: GREENKEEPER_LIMITS.groupsMax });
  await assertNameFree(tx, clubId, body.name);
  const [row] = await tx.insert(trackingGroups).values({ clubId, name: body.name, color: body.color }).returning();
  return row;
}

/** POST clubs/{clubId}/tracking-groups. */
export async function createGroup(db: Db, clubId: number, body: TrackingGroupBody): Promise<TrackingGroup> {
  const row = await nameClash(body.name, () => db.transaction((tx) => insertGroup(tx, clubId, body)));
  return presentGroup(db, row);
}

/** PUT clubs/{clubId}/tracking-groups/{trackingGroupId}: a new name and colour. */
export async function updateGroup(db: Db, clubId: number, groupId: number, body: TrackingGroupBody): Promise<TrackingGroup> {
  const row = await nameClash(body.name, () =>
    db.transaction(async (tx) => {
      await groupOfClub(tx, clubId, groupId, true);
      await assertNameFree(tx, clubId, body.name, groupId);
      const [updated] = await tx
        .update(trackingGroups)
        .set({ name: body.name, color: body.color, updatedAt: sql`now()` })
        .where(and(eq(trackingGroups.id, groupId), eq(trackingGroups.clubId, clubId)))
        .returning();
      return updated;
    }),
  );
  return presentGroup(db, row);
}

/** DELETE clubs/{clubId}/tracking-groups/{trackingGroupId}: with everything of it; its comments' image files after the commit. */
export async function deleteGroup(deps: CommentFileDeps, clubId: number, groupId: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    await groupOfClub(tx, clubId, groupId, true);
    const fileKeys = await fileKeysOfGroup(tx, groupId);
    await tx.delete(trackingGroups).where(and(eq(trackingGroups.id, groupId), eq(trackingGroups.clubId, clubId)));
    return fileKeys;
  });
  await deleteStoredFiles(deps, keys);
}
