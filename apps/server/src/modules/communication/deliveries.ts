import type { ChannelDelivery, DeliveryChannel } from '@golf/contract/api/communication';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { channelDeliveries, notificationDeliveries, notifications } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';

/**
 * The record of every channel a status or a post went to (issue 23): one row per owner and
 * channel, written by the code that delivers it (the status service, the feed's publishing job),
 * read beside the status and the posts. A notification's delivery counts come from its
 * `notification_deliveries`.
 */

export type DeliveryOwner = { announcementId: number } | { postId: number };

export interface DeliveryUpdate {
  channel: DeliveryChannel;
  state: 'pending' | 'done' | 'failed' | 'skipped';
  externalId?: string | null;
  notificationId?: number | null;
  /** English text of why it failed or was skipped. */
  error?: string | null;
  /** The refusal's code (./communication-errors), when there is one. */
  errorCode?: string | null;
}

/** Writes (or rewrites) the record of one channel of a status or post. */
export async function recordDelivery(db: DbOrTx, clubId: number, owner: DeliveryOwner, update: DeliveryUpdate): Promise<void> {
  const values = {
    clubId,
    announcementId: 'announcementId' in owner ? owner.announcementId : null,
    postId: 'postId' in owner ? owner.postId : null,
    channel: update.channel,
    state: update.state,
    externalId: update.externalId ?? null,
    notificationId: update.notificationId ?? null,
    error: update.error ?? null,
    errorCode: update.errorCode ?? null,
    updatedAt: new Date(),
  };
  const target = 'announcementId' in owner ? [channelDeliveries.announcementId, channelDeliveries.channel] : [channelDeliveries.postId, channelDeliveries.channel];
  await db
    .insert(channelDeliveries)
    .values(values)
    .onConflictDoUpdate({
      target,
      set: {
        state: values.state,
        externalId: values.externalId,
        notificationId: values.notificationId,
        error: values.error,
        errorCode: values.errorCode,
        updatedAt: values.updatedAt,
      },
    });
}

export interface PushCounts {
  targeted: number;
  delivered: number;
  failed: number;
  pending: number;
}

/**
 * Delivery counts of messages: targeted (the recipients listed when the job started), delivered,
 * failed (retries used up, refused, or the subscription gone) and pending (still to send or being
 * sent; before the recipients are listed, every targeted one).
 */
export async function notificationCounts(db: DbOrTx, notificationIds: readonly number[]): Promise<Map<number, PushCounts>> {
  const counts = new Map<number, PushCounts>();
  if (notificationIds.length === 0) return counts;
  const heads = await db
    .select({ id: notifications.id, targeted: notifications.targeted, state: notifications.state })
    .from(notifications)
    .where(inArray(notifications.id, [...notificationIds]));
  for (const h of heads) counts.set(h.id, { targeted: h.targeted, delivered: 0, failed: 0, pending: h.state === 'queued' ? h.targeted : 0 });
  const rows = await db
    .select({ id: notificationDeliveries.notificationId, state: notificationDeliveries.state, n: sql<number>`count(*)::int` })
    .from(notificationDeliveries)
    .where(inArray(notificationDeliveries.notificationId, [...notificationIds]))
    .groupBy(notificationDeliveries.notificationId, notificationDeliveries.state);
  for (const r of rows) {
    const c = counts.get(r.id);
    if (!c) continue;
    if (r.state === 'delivered') c.delivered += r.n;
    else if (r.state === 'failed' || r.state === 'gone') c.failed += r.n;
    else c.pending += r.n;
  }
  return counts;
}

/** The delivery records of statuses or posts, by owner id, each channel once, in the contract's order of channels. */
export async function deliveriesFor(db: DbOrTx, clubId: number, owner: { announcementIds: number[] } | { postIds: number[] }): Promise<Map<number, ChannelDelivery[]>> {
  const byOwner = new Map<number, ChannelDelivery[]>();
  const ids = 'announcementIds' in owner ? owner.announcementIds : owner.postIds;
  if (ids.length === 0) return byOwner;
  const column = 'announcementIds' in owner ? channelDeliveries.announcementId : channelDeliveries.postId;
  const rows = await db
    .select()
    .from(channelDeliveries)
    .where(and(eq(channelDeliveries.clubId, clubId), inArray(column, ids)));
  const counts = await notificationCounts(
    db,
    rows.flatMap((r) => (r.notificationId === null ? [] : [r.notificationId])),
  );
  const order: DeliveryChannel[] = ['app', 'rss', 'notification', 'national', 'facebook'];
  rows.sort((a, b) => order.indexOf(a.channel as DeliveryChannel) - order.indexOf(b.channel as DeliveryChannel));
  for (const r of rows) {
    const key = ('announcementIds' in owner ? r.announcementId : r.postId) as number;
    const list = byOwner.get(key) ?? [];
    list.push({
      channel: r.channel as DeliveryChannel,
      state: r.state as ChannelDelivery['state'],
      external_id: r.externalId,
      notification_id: r.notificationId,
      push: r.notificationId === null ? null : (counts.get(r.notificationId) ?? null),
      error: r.error,
      error_code: r.errorCode,
      at: r.updatedAt.toISOString(),
    });
    byOwner.set(key, list);
  }
  return byOwner;
}
