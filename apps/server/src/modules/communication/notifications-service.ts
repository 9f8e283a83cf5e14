import { createECDH } from 'node:crypto';
import { COMMUNICATION_LIMITS, type NotificationItem, type StatusPriority, type SubscriberCount } from '@golf/contract/api/communication';
import type { PushPayload, PushSubscriptionBody } from '@golf/contract/api/communication-app';
import { and, countDistinct, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { clubs, guides, notificationGuides, notifications, pushSubscriptions, users } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import type { DbOrTx } from '../../platform/db-types';
import { badRequest, notFound } from '../../platform/errors';
import { jobQueue } from '../../platform/jobs';
import { appUserIdOf, followerIdsQuery, followersCount } from '../insights';
import { notificationCounts } from './deliveries';

/**
 * Messages to the club's followers (§3 Notification, issue 23): written on the messages screen,
 * or sent by the status or a feed post. A message is stored 'queued' with its guides; the
 * delivery job (./push-jobs.ts) lists its recipients (a `notification_deliveries` row per push
 * subscription of the targeted followers) and sends it by Web Push.
 */

/** The job that delivers a message; its data is `{ notificationId }`. */
export const DELIVER_JOB = 'communication.deliver';
/** The job (every minute) that starts the delivery of any message left queued or sending. */
export const DELIVER_SWEEP_JOB = 'communication.deliver-sweep';

export interface NotificationInput {
  clubId: number;
  body: string;
  url: string | null;
  /** Empty: every follower; else the followers who downloaded one of these guides. */
  guideIds: number[];
  source: 'message' | 'status' | 'post';
  /** Web Push Topic (a later message of the same topic replaces one a phone has not fetched); default `n<id>`. */
  topic?: string;
  priority?: StatusPriority | null;
  createdBy: number | null;
}

/** A Web Push Topic: at most 32 characters of the URL-safe base64 alphabet (RFC 8030 §5.4). */
export const isPushTopic = (topic: string): boolean => /^[A-Za-z0-9_-]{1,32}$/.test(topic);

/** The push message of a stored notification (the same bytes on every resend: `id` lets the app drop a repeat). */
export function pushPayload(n: { id: number; clubId: number; title: string; body: string; url: string | null; source: string; priority: string | null; createdAt: Date }): PushPayload {
  return {
    id: n.id,
    club_id: n.clubId,
    title: n.title,
    body: n.body,
    url: n.url,
    kind: n.source as PushPayload['kind'],
    ...(n.priority ? { priority: n.priority as StatusPriority } : {}),
    sent_at: n.createdAt.toISOString(),
  };
}

/** Refuses a guide that is not the club's (the first one found), with the code the screens show. */
async function checkGuides(db: DbOrTx, clubId: number, guideIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(guideIds)];
  if (unique.length === 0) return [];
  const found = new Set(
    (await db.select({ id: guides.id }).from(guides).where(and(eq(guides.clubId, clubId), inArray(guides.id, unique)))).map((g) => g.id),
  );
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest('communication.unknownGuide', { guideId: missing });
  return unique;
}

/**
 * Stores a message 'queued' (§3: its title is the club's name) with its guides, in the caller's
 * transaction; answers its id. Refuses another club's guide (400 communication.unknownGuide) and
 * a message whose push payload would pass COMMUNICATION_LIMITS.pushPayloadBytesMax (400
 * communication.payloadTooLarge). It does not start the delivery: call startDelivery after the
 * commit (the sweep starts it too, so a crash in between loses nothing).
 */
export async function createNotification(tx: DbOrTx, input: NotificationInput): Promise<number> {
  const guideIds = await checkGuides(tx, input.clubId, input.guideIds);
  const [club] = await tx.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, input.clubId));
  if (!club) throw notFound();
  // The payload as it will be sent, with the longest id and time it can have.
  const largest = pushPayload({
    id: 2_147_483_647,
    clubId: input.clubId,
    title: club.name,
    body: input.body,
    url: input.url,
    source: input.source,
    priority: input.priority ?? null,
    createdAt: new Date(),
  });
  const max = COMMUNICATION_LIMITS.pushPayloadBytesMax;
  if (Buffer.byteLength(JSON.stringify(largest), 'utf8') > max) throw badRequest('communication.payloadTooLarge', { max });
  // The id first: the default topic names it.
  const { rows } = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('notifications', 'id'))::int as id`);
  const id = rows[0].id;
  const topic = input.topic !== undefined && isPushTopic(input.topic) ? input.topic : `n${id}`;
  await tx.insert(notifications).values({
    id,
    clubId: input.clubId,
    title: club.name,
    body: input.body,
    url: input.url,
    source: input.source,
    topic,
    priority: input.priority ?? null,
    state: 'queued',
    createdBy: input.createdBy,
  });
  if (guideIds.length > 0) await tx.insert(notificationGuides).values(guideIds.map((guideId) => ({ notificationId: id, guideId })));
  return id;
}

/** Starts (enqueues) the delivery of a stored message; one job per message at a time. Call after the commit. */
export async function startDelivery(db: Db, notificationId: number): Promise<void> {
  const [row] = await db.select({ clubId: notifications.clubId }).from(notifications).where(eq(notifications.id, notificationId));
  if (!row) return;
  await enqueueDelivery(db, notificationId, row.clubId);
}

async function enqueueDelivery(db: Db, notificationId: number, clubId: number): Promise<void> {
  await jobQueue(db).enqueue(DELIVER_JOB, { notificationId }, { singletonKey: String(notificationId), clubId });
}

/** The club's messages, newest first (§9), at most `limit`, with their delivery counts. */
export async function listNotifications(db: DbOrTx, clubId: number, opts: { limit?: number; id?: number } = {}): Promise<NotificationItem[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      url: notifications.url,
      source: notifications.source,
      state: notifications.state,
      createdAt: notifications.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.createdBy))
    .where(and(eq(notifications.clubId, clubId), opts.id === undefined ? undefined : eq(notifications.id, opts.id)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit ?? 100);
  const ids = rows.map((r) => r.id);
  const [counts, guideRows] = await Promise.all([
    notificationCounts(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ notificationId: notificationGuides.notificationId, guideId: notificationGuides.guideId })
          .from(notificationGuides)
          .where(inArray(notificationGuides.notificationId, ids))
          .orderBy(notificationGuides.guideId),
  ]);
  const guidesOf = new Map<number, number[]>();
  for (const g of guideRows) guidesOf.set(g.notificationId, [...(guidesOf.get(g.notificationId) ?? []), g.guideId]);
  return rows.map((r) => {
    const c = counts.get(r.id) ?? { targeted: 0, delivered: 0, failed: 0, pending: 0 };
    return {
      id: r.id,
      title: r.title,
      body: r.body,
      url: r.url,
      guides: guidesOf.get(r.id) ?? [],
      source: r.source as NotificationItem['source'],
      created_at: r.createdAt.toISOString(),
      created_by: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
      state: r.state as NotificationItem['state'],
      ...c,
    };
  });
}

/** One message of the club (404 communication.notificationNotFound for another club's). */
export async function getNotification(db: DbOrTx, clubId: number, id: number): Promise<NotificationItem> {
  const [item] = await listNotifications(db, clubId, { id, limit: 1 });
  if (!item) throw notFound('communication.notificationNotFound');
  return item;
}

/**
 * POST clubs/{clubId}/notifications: stores the message, queues its delivery, answers it
 * (queued). The answer is made from the transaction's own reads: nothing is read after the
 * enqueue, when the delivery job may already be listing a hundred thousand recipients.
 */
export async function sendNotification(db: Db, clubId: number, input: { body: string; url: string | null; guideIds: number[] }, createdBy: number | null): Promise<NotificationItem> {
  const item = await db.transaction(async (tx) => {
    const id = await createNotification(tx, { clubId, body: input.body, url: input.url, guideIds: input.guideIds, source: 'message', createdBy });
    const [row] = await tx
      .select({ title: notifications.title, body: notifications.body, createdAt: notifications.createdAt, firstName: users.firstName, lastName: users.lastName })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.createdBy))
      .where(eq(notifications.id, id));
    return {
      id,
      title: row.title,
      body: row.body,
      url: input.url,
      guides: [...new Set(input.guideIds)].sort((a, b) => a - b),
      source: 'message' as const,
      created_at: row.createdAt.toISOString(),
      created_by: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
      state: 'queued' as const,
      targeted: 0,
      delivered: 0,
      failed: 0,
      pending: 0,
    };
  });
  await enqueueDelivery(db, item.id, clubId);
  return item;
}

/** GET clubs/{clubId}/notifications/subscribers: the targeted followers, and those of them with a push subscription. */
export async function subscriberCount(db: DbOrTx, clubId: number, guideIds: readonly number[]): Promise<SubscriberCount> {
  const ids = await checkGuides(db, clubId, guideIds);
  const [followers, [withPush]] = await Promise.all([
    followersCount(db, clubId, ids),
    db
      .select({ n: countDistinct(pushSubscriptions.appUserId) })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.clubId, clubId), inArray(pushSubscriptions.appUserId, followerIdsQuery(db, clubId, ids)))),
  ]);
  return { followers, count: withPush?.n ?? 0 };
}

// ---------------------------------------------------------------- push subscriptions (the app's side)

/** The club's app user of the app's id (404 insights.unknownAppUser: the app sends the user first). */
async function appUserRow(db: DbOrTx, clubId: number, appUserId: string): Promise<number> {
  const id = await appUserIdOf(db, clubId, appUserId);
  if (id === null) throw notFound('insights.unknownAppUser', { appUserId });
  return id;
}

/** Whether p256dh is a point of P-256 and auth 16 bytes (else no message could be encrypted for it). */
function checkKeys(keys: PushSubscriptionBody['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  let valid = p256dh.length === 65 && p256dh[0] === 4;
  if (valid) {
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(P256_ONE);
      ecdh.computeSecret(p256dh);
    } catch {
      valid = false;
    }
  }
  if (!valid) throw badRequest('request.invalid', { part: 'body', path: 'keys.p256dh', message: 'not a P-256 public key' });
  if (Buffer.from(keys.auth, 'base64url').length !== 16) throw badRequest('request.invalid', { part: 'body', path: 'keys.auth', message: 'the secret is 16 bytes' });
}
/** A private key (1) for the point check above: computeSecret refuses a point not on the curve. */
const P256_ONE = Buffer.concat([Buffer.alloc(31), Buffer.from([1])]);

/**
 * PUT app/clubs/{clubId}/users/{appUserId}/push-subscription: stores the device's subscription
 * (new: created; known: its keys updated). An endpoint is one device: a row of another app user
 * of the club with the same endpoint (the phone changed hands) is removed, so the device gets a
 * message once.
 */
export async function savePushSubscription(db: Db, clubId: number, appUserId: string, body: PushSubscriptionBody): Promise<{ id: number; created: boolean }> {
  checkKeys(body.keys);
  return db.transaction(async (tx) => {
    const userId = await appUserRow(tx, clubId, appUserId);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.clubId, clubId), eq(pushSubscriptions.endpoint, body.endpoint), ne(pushSubscriptions.appUserId, userId)));
    const { rows } = await tx.execute<{ id: number; created: boolean }>(sql`
      insert into push_subscriptions (club_id, app_user_id, endpoint, p256dh, auth)
      values (${clubId}, ${userId}, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth})
      on conflict (app_user_id, endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now()
      returning id, (xmax = 0) as created`);
    return { id: rows[0].id, created: rows[0].created };
  });
}

/** DELETE app/clubs/{clubId}/users/{appUserId}/push-subscription: removes it (nothing to remove is fine). */
export async function removePushSubscription(db: Db, clubId: number, appUserId: string, endpoint: string): Promise<void> {
  const userId = await appUserRow(db, clubId, appUserId);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.clubId, clubId), eq(pushSubscriptions.appUserId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
