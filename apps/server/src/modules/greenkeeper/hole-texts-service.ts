/**
 * The hole texts (issue 25, §3 Hole texts: tracking_group_id to group_text): per hole of the
 * club, a text for a tracking group of the club ('Green 7 mowed by hand: steep slope'). Writing
 * an empty text removes the hole's text for that group.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { HoleText } from '@golf/contract/api/greenkeeper';
import { holeGroupTexts, trackingGroups } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { groupOfClub, holeInClub } from './access';

/** GET clubs/{clubId}/holes/{holeId}/texts: the hole's texts, by group id (404 for a hole that is not the club's). */
export async function listHoleTexts(db: DbOrTx, clubId: number, holeId: number): Promise<HoleText[]> {
  await holeInClub(db, clubId, holeId);
  const rows = await db
    .select({ holeId: holeGroupTexts.holeId, trackingGroupId: holeGroupTexts.trackingGroupId, groupText: holeGroupTexts.groupText })
    .from(holeGroupTexts)
    .innerJoin(trackingGroups, eq(trackingGroups.id, holeGroupTexts.trackingGroupId))
    .where(and(eq(holeGroupTexts.holeId, holeId), eq(trackingGroups.clubId, clubId)))
    .orderBy(asc(holeGroupTexts.trackingGroupId));
  return rows;
}

/** Writes the hole's text for the group (in the caller's transaction): both the club's (404 otherwise). Also the demo's way in. */
export async function writeHoleText(tx: DbOrTx, clubId: number, holeId: number, groupId: number, groupText: string): Promise<HoleText | null> {
  await holeInClub(tx, clubId, holeId);
  await groupOfClub(tx, clubId, groupId, true);
  if (groupText === '') {
    await tx.delete(holeGroupTexts).where(and(eq(holeGroupTexts.holeId, holeId), eq(holeGroupTexts.trackingGroupId, groupId)));
    return null;
  }
  const [row] = await tx
    .insert(holeGroupTexts)
    .values({ holeId, trackingGroupId: groupId, groupText })
    .onConflictDoUpdate({ target: [holeGroupTexts.holeId, holeGroupTexts.trackingGroupId], set: { groupText, updatedAt: sql`now()` } })
    .returning({ holeId: holeGroupTexts.holeId, trackingGroupId: holeGroupTexts.trackingGroupId, groupText: holeGroupTexts.groupText });
  return row;
}

/** PUT clubs/{clubId}/holes/{holeId}/texts/{trackingGroupId}: the text, or null when an empty text removed it. */
export async function saveHoleText(db: Db, clubId: number, holeId: number, groupId: number, groupText: string): Promise<HoleText | null> {
  return db.transaction((tx) => writeHoleText(tx, clubId, holeId, groupId, groupText));
}
