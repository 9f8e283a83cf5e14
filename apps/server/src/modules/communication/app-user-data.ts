/**
 * A golfer of the app in the communication area, for the app users' administration (issue 26,
 * modules/app-users): their Web Push subscriptions (one per device), read for a GDPR access request
 * and erased on request inside the caller's transaction. This area owns `push_subscriptions`, so it
 * alone deletes them (docs/adding-an-area.md); the delivery records of past messages keep their
 * state without the subscription (`on delete set null`).
 */
import { asc, count, inArray } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';

/** Their push subscriptions: the club, the push service's endpoint, when it was registered (the keys are not shown). */
export async function appUserPushSubscriptions(db: DbOrTx, appUserIds: number[]) {
  if (appUserIds.length === 0) return [];
  const rows = await db
    .select({ clubId: pushSubscriptions.clubId, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.appUserId, appUserIds))
    .orderBy(asc(pushSubscriptions.id));
  return rows.map((r) => ({ club_id: r.clubId, endpoint: r.endpoint, created_at: r.createdAt.toISOString() }));
}

/** How many push subscriptions of theirs there are. */
export async function countAppUserPushSubscriptions(db: DbOrTx, appUserIds: number[]): Promise<{ push_subscriptions: number }> {
  if (appUserIds.length === 0) return { push_subscriptions: 0 };
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(inArray(pushSubscriptions.appUserId, appUserIds));
  return { push_subscriptions: row.n };
}

/** Deletes their push subscriptions in the caller's transaction; answers how many went. */
export async function eraseAppUserPushSubscriptions(tx: DbOrTx, appUserIds: number[]): Promise<{ push_subscriptions: number }> {
  if (appUserIds.length === 0) return { push_subscriptions: 0 };
  const gone = await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.appUserId, appUserIds)).returning({ id: pushSubscriptions.id });
  return { push_subscriptions: gone.length };
}
