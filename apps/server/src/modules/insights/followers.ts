import { and, count, eq, exists, inArray, sql } from 'drizzle-orm';
import { appUsers, guideDownloads } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';

/**
 * The club's followers (issue 23): its app users who follow the club in the app, and when guides
 * are given, of those only the ones with a download of one of these guides. The communication
 * area messages them; it reads them through the area's entry.
 */
function followerConditions(db: DbOrTx, clubId: number, guideIds: readonly number[]) {
  return and(
    eq(appUsers.clubId, clubId),
    eq(appUsers.following, true),
    guideIds.length === 0
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(guideDownloads)
            .where(and(eq(guideDownloads.appUserId, appUsers.id), eq(guideDownloads.clubId, clubId), inArray(guideDownloads.guideId, [...guideIds]))),
        ),
  );
}

/** The followers' `app_users` ids, as a subquery (`inArray(column, followerIdsQuery(…))`, or inside `sql`). */
export function followerIdsQuery(db: DbOrTx, clubId: number, guideIds: readonly number[]) {
  return db.select({ id: appUsers.id }).from(appUsers).where(followerConditions(db, clubId, guideIds));
}

/** How many followers there are (all, or of the guides). */
export async function followersCount(db: DbOrTx, clubId: number, guideIds: readonly number[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(appUsers).where(followerConditions(db, clubId, guideIds));
  return row?.n ?? 0;
}

/** The `app_users` id of the club's app user with the app's own id; null when the club does not know them. */
export async function appUserIdOf(db: DbOrTx, clubId: number, appId: string): Promise<number | null> {
  const [row] = await db.select({ id: appUsers.id }).from(appUsers).where(and(eq(appUsers.clubId, clubId), eq(appUsers.appId, appId)));
  return row?.id ?? null;
}
