/**
 * The descriptions of a tracking group (issue 25, §3): named notes ('Mowing height': '4 mm'),
 * at most GREENKEEPER_LIMITS.descriptionsPerGroupMax per group, in the order they were written.
 * A description is reached through its group in the path: one of another group or club is 404.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { GREENKEEPER_LIMITS, type TrackingDescription, type TrackingDescriptionBody } from '@golf/contract/api/greenkeeper';
import { trackingDescriptions, trackingGroups } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { conflict, notFound } from '../../platform/errors';
import { groupOfClub } from './access';

type DescriptionRow = typeof trackingDescriptions.$inferSelect;

function present(row: DescriptionRow): TrackingDescription {
  return { id: row.id, trackingGroupId: row.trackingGroupId, name: row.name, description: row.description };
}

/** GET clubs/{clubId}/tracking-groups/descriptions?trackingGroupId=: the group's, or every group's of the club when none is given. */
export async function listDescriptions(db: DbOrTx, clubId: number, groupId?: number): Promise<TrackingDescription[]> {
  if (groupId !== undefined) await groupOfClub(db, clubId, groupId);
  const rows = await db
    .select({ description: trackingDescriptions })
    .from(trackingDescriptions)
    .innerJoin(trackingGroups, eq(trackingGroups.id, trackingDescriptions.trackingGroupId))
    .where(and(eq(trackingGroups.clubId, clubId), groupId === undefined ? undefined : eq(trackingDescriptions.trackingGroupId, groupId)))
    .orderBy(asc(trackingDescriptions.trackingGroupId), asc(trackingDescriptions.id));
  return rows.map((r) => present(r.description));
}

/** Writes a description in the group (in the caller's transaction, the group locked): at most descriptionsPerGroupMax. Also the demo's way in. */
export async function insertDescription(tx: DbOrTx, clubId: number, groupId: number, body: TrackingDescriptionBody): Promise<DescriptionRow> {
  await groupOfClub(tx, clubId, groupId, true);
  const [{ n }] = await tx.select({ n: count() }).from(trackingDescriptions).where(eq(trackingDescriptions.trackingGroupId, groupId));
  if (Number(n) >= GREENKEEPER_LIMITS.descriptionsPerGroupMax) {
    throw conflict('greenkeeper.descriptionsCapReached', { max: GREENKEEPER_LIMITS.descriptionsPerGroupMax });
  }
  const [row] = await tx.insert(trackingDescriptions).values({ trackingGroupId: groupId, name: body.name, description: body.description }).returning();
  return row;
}

/** POST clubs/{clubId}/tracking-groups/{trackingGroupId}/descriptions. */
export async function createDescription(db: Db, clubId: number, groupId: number, body: TrackingDescriptionBody): Promise<TrackingDescription> {
  return present(await db.transaction((tx) => insertDescription(tx, clubId, groupId, body)));
}

/** PUT clubs/{clubId}/tracking-groups/{trackingGroupId}/descriptions/{descriptionId}. */
export async function updateDescription(db: Db, clubId: number, groupId: number, descriptionId: number, body: TrackingDescriptionBody): Promise<TrackingDescription> {
  return db.transaction(async (tx) => {
    await groupOfClub(tx, clubId, groupId, true);
    const [row] = await tx
      .update(trackingDescriptions)
      .set({ name: body.name, description: body.description })
      .where(and(eq(trackingDescriptions.id, descriptionId), eq(trackingDescriptions.trackingGroupId, groupId)))
      .returning();
    if (!row) throw notFound('greenkeeper.descriptionNotFound');
    return present(row);
  });
}

/** DELETE clubs/{clubId}/tracking-groups/{trackingGroupId}/descriptions/{descriptionId}. */
export async function deleteDescription(db: Db, clubId: number, groupId: number, descriptionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await groupOfClub(tx, clubId, groupId, true);
    const [row] = await tx
      .delete(trackingDescriptions)
      .where(and(eq(trackingDescriptions.id, descriptionId), eq(trackingDescriptions.trackingGroupId, groupId)))
      .returning({ id: trackingDescriptions.id });
    if (!row) throw notFound('greenkeeper.descriptionNotFound');
  });
}
