import { and, eq, sql } from 'drizzle-orm';
import { COMMUNICATION_LIMITS, type Announcement, type AnnouncementBody, type StatusChannel, type StatusPriority } from '@golf/contract/api/communication';
import type { AppStatus } from '@golf/contract/api/communication-app';
import { channelDeliveries, clubAnnouncements, users } from '../../db/schema/index';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db-types';
import { HttpError, notFound } from '../../platform/errors';
import { jobQueue } from '../../platform/jobs';
import { postToService } from './channels';
import { userNameSql } from './connections-service';
import { deliveriesFor, recordDelivery } from './deliveries';
import { createNotification, startDelivery } from './notifications-service';

/**
 * The club's status (§3 Announcement, one per club; issue 23). Saving replaces the club's one in
 * a transaction (the old row's delivery records go with it) and records a 'pending' delivery per
 * chosen channel; after the commit the job STATUS_CHANNELS_JOB delivers them. The channels are
 * delivered at once on save, also for a status whose start lies ahead (a secretary announcing
 * tomorrow's closure wants it out now); the golfers' app shows the status only between its start
 * and its end (`visible`).
 */

export const STATUS_CHANNELS_JOB = 'communication.status-channels';
export interface StatusChannelsJobData {
  clubId: number;
  announcementId: number;
}

type Row = typeof clubAnnouncements.$inferSelect;

const isVisible = (row: Pick<Row, 'startsAt' | 'endsAt'>, now = new Date()) => row.startsAt <= now && (row.endsAt === null || now < row.endsAt);

async function present(db: DbOrTx, clubId: number, row: Row): Promise<Announcement> {
  const [by] = row.createdBy === null ? [] : await db.select({ name: sql<string | null>`coalesce(${userNameSql}, ${users.email})` }).from(users).where(eq(users.id, row.createdBy));
  const deliveries = await deliveriesFor(db, clubId, { announcementIds: [row.id] });
  return {
    id: row.id,
    header: row.header,
    priority: row.priority as StatusPriority,
    body: row.body,
    start: row.startsAt.toISOString(),
    end: row.endsAt?.toISOString() ?? null,
    channels: { rss: row.toRss, notification: row.toNotification, facebook: row.toFacebook, national: row.toNational },
    visible: isVisible(row),
    created_at: row.createdAt.toISOString(),
    created_by: by?.name ?? null,
    deliveries: deliveries.get(row.id) ?? [],
  };
}

async function currentRow(db: DbOrTx, clubId: number): Promise<Row | null> {
  const [row] = await db.select().from(clubAnnouncements).where(eq(clubAnnouncements.clubId, clubId));
  return row ?? null;
}

/** The club's status, or null when it has none. */
export async function getAnnouncement(db: DbOrTx, clubId: number): Promise<Announcement | null> {
  const row = await currentRow(db, clubId);
  return row ? present(db, clubId, row) : null;
}

const CHANNEL_ORDER: StatusChannel[] = ['rss', 'notification', 'national', 'facebook'];

/** Replaces the club's status, records its channels as pending and queues their delivery. */
export async function saveAnnouncement(db: Db, clubId: number, body: AnnouncementBody, userId: number | null): Promise<Announcement> {
  const chosen = CHANNEL_ORDER.filter((c) => body.channels[c]);
  const row = await db.transaction(async (tx) => {
    await tx.delete(clubAnnouncements).where(eq(clubAnnouncements.clubId, clubId));
    const [inserted] = await tx
      .insert(clubAnnouncements)
      .values({
        clubId,
        header: body.header,
        priority: body.priority,
        body: body.body,
        startsAt: new Date(body.start),
        endsAt: body.end === null ? null : new Date(body.end),
        toRss: body.channels.rss,
        toNotification: body.channels.notification,
        toFacebook: body.channels.facebook,
        toNational: body.channels.national,
        createdBy: userId,
      })
      .returning();
    for (const channel of chosen) await recordDelivery(tx, clubId, { announcementId: inserted.id }, { channel, state: 'pending' });
    return inserted;
  });
  if (chosen.length > 0) await queueStatusChannels(db, clubId, row.id);
  return present(db, clubId, row);
}

/** Queues the delivery of a status's channels (once: a second call while it is queued or running answers the same job). */
async function queueStatusChannels(db: Db, clubId: number, announcementId: number): Promise<void> {
  await jobQueue(db).enqueue(STATUS_CHANNELS_JOB, { clubId, announcementId } satisfies StatusChannelsJobData, {
    clubId,
    singletonKey: `status:${announcementId}`,
  });
}

/** The kind of the sweep that queues the channels of statuses still pending (a process that died between the save and its enqueue). */
export const STATUS_CHANNELS_SWEEP_JOB = 'communication.status-channels-sweep';

/**
 * Queues the delivery of every status whose channels have been pending for over a minute: a
 * process that stopped between the status's commit and the enqueue, or a job that failed for good,
 * leaves nothing pending for ever. Answers how many statuses it queued.
 */
export async function sweepStatusChannels(db: Db): Promise<number> {
  const rows = await db
    .selectDistinct({ clubId: channelDeliveries.clubId, announcementId: channelDeliveries.announcementId })
    .from(channelDeliveries)
    .where(and(sql`${channelDeliveries.announcementId} is not null`, eq(channelDeliveries.state, 'pending'), sql`${channelDeliveries.updatedAt} < now() - interval '1 minute'`));
  for (const r of rows) await queueStatusChannels(db, r.clubId, r.announcementId as number);
  return rows.length;
}

/** Deletes the club's status (404 `communication.announcementNotFound` when it has none). */
export async function deleteAnnouncement(db: DbOrTx, clubId: number): Promise<void> {
  const deleted = await db.delete(clubAnnouncements).where(eq(clubAnnouncements.clubId, clubId)).returning({ id: clubAnnouncements.id });
  if (deleted.length === 0) throw notFound('communication.announcementNotFound');
}

/** What the golfers' app shows: the status while it is visible, else null. */
export async function appStatus(db: DbOrTx, clubId: number, now = new Date()): Promise<AppStatus | null> {
  const row = await currentRow(db, clubId);
  if (!row || !isVisible(row, now)) return null;
  return {
    header: row.header,
    priority: row.priority as StatusPriority,
    body: row.body,
    start: row.startsAt.toISOString(),
    end: row.endsAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- delivering the channels

/** The text of the status's notification: "header: body", cut to a message's length. */
export function statusNotificationText(header: string, body: string): string {
  const text = body ? `${header}: ${body}` : header;
  const max = COMMUNICATION_LIMITS.notificationBodyMax;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Refusals that mean the channel cannot be used (not set up, not connected, the plan): skipped, not failed. */
const SKIPPED_CODES = new Set(['communication.notConfigured', 'communication.notConnected', 'communication.planNeeded']);

function failure(err: unknown): { state: 'failed' | 'skipped'; error: string; errorCode: string | null } {
  if (err instanceof HttpError) return { state: SKIPPED_CODES.has(err.code) ? 'skipped' : 'failed', error: err.message, errorCode: err.code };
  return { state: 'failed', error: err instanceof Error ? err.message : String(err), errorCode: null };
}

/**
 * Delivers the pending channels of a status (the job's work). A channel already done is not
 * delivered again (a job run again after a crash), and a status replaced meanwhile is not
 * delivered at all. The notification is created and recorded in one transaction, so a run again
 * never sends it twice.
 */
export async function deliverStatusChannels(db: Db, config: Config, data: StatusChannelsJobData): Promise<{ delivered: string[] }> {
  const owner = { announcementId: data.announcementId };
  const [row] = await db
    .select()
    .from(clubAnnouncements)
    .where(and(eq(clubAnnouncements.id, data.announcementId), eq(clubAnnouncements.clubId, data.clubId)));
  if (!row) return { delivered: [] };
  const pending = (
    await db
      .select({ channel: channelDeliveries.channel })
      .from(channelDeliveries)
      .where(and(eq(channelDeliveries.announcementId, row.id), eq(channelDeliveries.state, 'pending')))
  ).map((r) => r.channel as StatusChannel);
  const delivered: string[] = [];
  for (const channel of CHANNEL_ORDER.filter((c) => pending.includes(c))) {
    try {
      if (channel === 'rss') {
        // The public feed (./public-feed-routes.ts) shows the visible status of a club whose status goes to RSS.
        await recordDelivery(db, data.clubId, owner, { channel, state: 'done', externalId: `status-${row.id}` });
      } else if (channel === 'notification') {
        const notificationId = await db.transaction(async (tx) => {
          const id = await createNotification(tx, {
            clubId: data.clubId,
            body: statusNotificationText(row.header, row.body),
            url: null,
            guideIds: [],
            source: 'status',
            topic: 'status',
            priority: row.priority as StatusPriority,
            createdBy: row.createdBy,
          });
          await recordDelivery(tx, data.clubId, owner, { channel, state: 'done', notificationId: id });
          return id;
        });
        await startDelivery(db, notificationId);
      } else {
        const { externalId } = await postToService(db, config, data.clubId, channel, {
          title: row.header,
          message: row.body,
          link: null,
          kind: 'status',
          priority: row.priority as StatusPriority,
        });
        await recordDelivery(db, data.clubId, owner, { channel, state: 'done', externalId });
      }
      delivered.push(channel);
    } catch (err) {
      const f = failure(err);
      // The status may have been replaced meanwhile (its records went with it): nothing to record then.
      if ((await db.select({ id: clubAnnouncements.id }).from(clubAnnouncements).where(eq(clubAnnouncements.id, row.id))).length === 0) break;
      await recordDelivery(db, data.clubId, owner, { channel, state: f.state, error: f.error, errorCode: f.errorCode });
    }
  }
  return { delivered };
}
