import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  COMMUNICATION_LIMITS,
  type DeliveryChannel,
  type FeedPost,
  type FeedPostBody,
  type FeedStats,
  type PostChannel,
} from '@golf/contract/api/communication';
import type { AppFeedPost } from '@golf/contract/api/communication-app';
import { channelDeliveries, clubAnnouncements, clubs, externalFeedItems, externalFeeds, feedPosts, users } from '../../db/schema/index';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db-types';
import { HttpError, notFound, problemsError } from '../../platform/errors';
import { encodeGalleryImage, type UploadedFile } from '../../platform/images';
import { jobQueue } from '../../platform/jobs';
import { deleteStoredFiles, removeStoredImage, replaceStoredImage, storedFileKey, storedFileUrl, type StoredImageDeps } from '../../platform/stored-images';
import { clubFilesPrefix } from '../clubs';
import { followersCount } from '../insights';
import { countMembers } from '../members';
import { postToService } from './channels';
import { userNameSql } from './connections-service';
import { deliveriesFor, recordDelivery } from './deliveries';
import { createNotification, startDelivery } from './notifications-service';

/**
 * The news feed's posts (issue 23): written by role `communication`, published at `publish_at`
 * (now when not given) to the channels chosen: the app feed (and with it the club's own RSS and
 * Atom), a notification to the followers, the national golf app, Facebook. Every channel has a
 * delivery record ('pending' until delivered). The app feed and the own feed are delivered in the
 * post's own transaction when it is due (they are only rows read by their routes); the others by
 * the job PUBLISH_POST_JOB, queued after the commit, or by PUBLISH_DUE_JOB (every minute) once a
 * scheduled post's time has come. Every query filters by the path's club: another club's ids
 * answer 404.
 */

export const PUBLISH_POST_JOB = 'communication.publish-post';
export const PUBLISH_DUE_JOB = 'communication.publish-due';

type PostRow = typeof feedPosts.$inferSelect;

/** The channels a post records: the chosen ones, and the own RSS/Atom feed with the app. */
const CHANNEL_ORDER: DeliveryChannel[] = ['app', 'rss', 'notification', 'national', 'facebook'];
/** Channels that are only rows read by routes: recorded done in the post's transaction once it is due. */
const LOCAL_CHANNELS = new Set<DeliveryChannel>(['app', 'rss']);

export function deliveryChannels(channels: FeedPostBody['channels']): DeliveryChannel[] {
  return CHANNEL_ORDER.filter((c) => (c === 'rss' ? channels.app : channels[c as PostChannel]));
}

/** The guid of a post in the club's own RSS and Atom feed (its RSS delivery's external id). */
export const postGuid = (postId: number) => `post-${postId}`;
export const statusGuid = (announcementId: number) => `status-${announcementId}`;

export function postState(row: Pick<PostRow, 'publishAt' | 'endAt'>, now = new Date()): FeedPost['state'] {
  if (row.publishAt > now) return 'scheduled';
  if (row.endAt !== null && row.endAt <= now) return 'ended';
  return 'published';
}

/** The folder of the club's post images, in the club's public files. */
function postImageFolder(clubId: number): string {
  return `${clubFilesPrefix(clubId)}/feed`;
}

function imageUrl(row: Pick<PostRow, 'clubId' | 'imageKey'>): string | null {
  return row.imageKey === null ? null : storedFileUrl(row.imageKey);
}

const fileNameOf = (key: string | null) => (key === null ? null : key.slice(key.lastIndexOf('/') + 1));

async function presentPosts(db: DbOrTx, clubId: number, rows: PostRow[]): Promise<FeedPost[]> {
  const deliveries = await deliveriesFor(db, clubId, { postIds: rows.map((r) => r.id) });
  const authorIds = [...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))];
  const authors = new Map(
    authorIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: sql<string>`coalesce(${userNameSql}, ${users.email})` }).from(users).where(inArray(users.id, authorIds))).map((u) => [u.id, u.name]),
  );
  const now = new Date();
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    link: r.link,
    image_url: imageUrl(r),
    publish_at: r.publishAt.toISOString(),
    end_at: r.endAt?.toISOString() ?? null,
    channels: { app: r.toApp, notification: r.toNotification, national: r.toNational, facebook: r.toFacebook },
    state: postState(r, now),
    views: r.views,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy === null ? null : (authors.get(r.createdBy) ?? null),
    deliveries: deliveries.get(r.id) ?? [],
  }));
}

async function presentPost(db: DbOrTx, clubId: number, row: PostRow): Promise<FeedPost> {
  return (await presentPosts(db, clubId, [row]))[0];
}

/** GET clubs/{clubId}/feed/posts: newest first (by publish time, then id), at most 100. */
export async function listPosts(db: DbOrTx, clubId: number): Promise<FeedPost[]> {
  const rows = await db.select().from(feedPosts).where(eq(feedPosts.clubId, clubId)).orderBy(desc(feedPosts.publishAt), desc(feedPosts.id)).limit(100);
  return presentPosts(db, clubId, rows);
}

export async function postOfClub(db: DbOrTx, clubId: number, id: number, lock = false): Promise<PostRow> {
  const query = db.select().from(feedPosts).where(and(eq(feedPosts.id, id), eq(feedPosts.clubId, clubId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('communication.postNotFound');
  return row;
}

/** 404 unless the post is the club's (checked before an upload is read). */
export async function assertPostOfClub(db: DbOrTx, clubId: number, id: number): Promise<void> {
  await postOfClub(db, clubId, id);
}

function times(body: Pick<FeedPostBody, 'publish_at' | 'end_at'>, now: Date, keepPublishAt?: Date): { publishAt: Date; endAt: Date | null } {
  const publishAt = body.publish_at === null ? (keepPublishAt ?? now) : new Date(body.publish_at);
  const endAt = body.end_at === null ? null : new Date(body.end_at);
  if (endAt !== null && endAt <= publishAt) throw problemsError([{ path: 'end_at', message: 'The end is after the publish time' }]);
  return { publishAt, endAt };
}

/**
 * Records the app and own-feed channels of a due post done, in the caller's transaction; when no
 * other channel waits, the post is published. Answers whether the job must deliver the rest.
 */
async function deliverLocalChannels(tx: DbOrTx, row: PostRow, now: Date): Promise<boolean> {
  if (row.publishAt > now) return false;
  const pending = await pendingChannels(tx, row.id);
  for (const channel of pending.filter((c) => LOCAL_CHANNELS.has(c))) {
    await recordDelivery(tx, row.clubId, { postId: row.id }, { channel, state: 'done', externalId: channel === 'rss' ? postGuid(row.id) : null });
  }
  const rest = pending.filter((c) => !LOCAL_CHANNELS.has(c));
  if (rest.length === 0 && row.publishedAt === null) await tx.update(feedPosts).set({ publishedAt: now }).where(eq(feedPosts.id, row.id));
  return rest.length > 0;
}

async function pendingChannels(db: DbOrTx, postId: number): Promise<DeliveryChannel[]> {
  const rows = await db
    .select({ channel: channelDeliveries.channel })
    .from(channelDeliveries)
    .where(and(eq(channelDeliveries.postId, postId), eq(channelDeliveries.state, 'pending')));
  const set = new Set(rows.map((r) => r.channel as DeliveryChannel));
  return CHANNEL_ORDER.filter((c) => set.has(c));
}

/**
 * Writes a post and its pending channels in the caller's transaction (the demo's, or
 * createPost's); a due post's app and own-feed channels are recorded done at once. Answers the
 * row and whether the publishing job has channels left to deliver.
 */
export async function insertPost(tx: DbOrTx, clubId: number, body: FeedPostBody, userId: number | null, now = new Date()): Promise<{ row: PostRow; publishJob: boolean }> {
  const { publishAt, endAt } = times(body, now);
  const [inserted] = await tx
    .insert(feedPosts)
    .values({
      clubId,
      text: body.text,
      link: body.link,
      publishAt,
      endAt,
      toApp: body.channels.app,
      toNotification: body.channels.notification,
      toNational: body.channels.national,
      toFacebook: body.channels.facebook,
      createdBy: userId,
    })
    .returning();
  for (const channel of deliveryChannels(body.channels)) await recordDelivery(tx, clubId, { postId: inserted.id }, { channel, state: 'pending' });
  const publishJob = await deliverLocalChannels(tx, inserted, now);
  const [row] = await tx.select().from(feedPosts).where(eq(feedPosts.id, inserted.id));
  return { row, publishJob };
}

async function queuePublishing(db: Db, clubId: number, postId: number): Promise<void> {
  await jobQueue(db).enqueue(PUBLISH_POST_JOB, { postId }, { singletonKey: `post-${postId}`, clubId });
}

/** POST clubs/{clubId}/feed/posts. */
export async function createPost(db: Db, clubId: number, body: FeedPostBody, userId: number | null): Promise<FeedPost> {
  const { row, publishJob } = await db.transaction(async (tx) => {
    const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
    if (!club) throw notFound('clubs.notFound');
    return insertPost(tx, clubId, body, userId);
  });
  if (publishJob) await queuePublishing(db, clubId, row.id);
  return presentPost(db, clubId, row);
}

/**
 * PUT clubs/{clubId}/feed/posts/{id}: text, link and times. A post not yet published takes the
 * channels given (a channel taken away loses its pending record); a published one keeps the
 * channels it went to (their records stay) and gets any channel added, delivered at once.
 * Without `publish_at`, a published post keeps its publish time and one not yet published is
 * published now.
 */
export async function updatePost(db: Db, clubId: number, id: number, body: FeedPostBody): Promise<FeedPost> {
  const now = new Date();
  const { row, publishJob } = await db.transaction(async (tx) => {
    const before = await postOfClub(tx, clubId, id, true);
    const published = before.publishedAt !== null;
    const { publishAt, endAt } = times(body, now, published ? before.publishAt : undefined);
    const channels = published
      ? {
          app: before.toApp || body.channels.app,
          notification: before.toNotification || body.channels.notification,
          national: before.toNational || body.channels.national,
          facebook: before.toFacebook || body.channels.facebook,
        }
      : body.channels;
    const [updated] = await tx
      .update(feedPosts)
      .set({
        text: body.text,
        link: body.link,
        publishAt,
        endAt,
        toApp: channels.app,
        toNotification: channels.notification,
        toNational: channels.national,
        toFacebook: channels.facebook,
        updatedAt: now,
      })
      .where(eq(feedPosts.id, id))
      .returning();
    const wanted = deliveryChannels(channels);
    const recorded = await tx.select({ channel: channelDeliveries.channel, state: channelDeliveries.state }).from(channelDeliveries).where(eq(channelDeliveries.postId, id));
    const dropped = recorded.filter((r) => r.state === 'pending' && !wanted.includes(r.channel as DeliveryChannel)).map((r) => r.channel);
    if (dropped.length > 0) await tx.delete(channelDeliveries).where(and(eq(channelDeliveries.postId, id), inArray(channelDeliveries.channel, dropped)));
    for (const channel of wanted.filter((c) => !recorded.some((r) => r.channel === c))) {
      await recordDelivery(tx, clubId, { postId: id }, { channel, state: 'pending' });
    }
    return { row: updated, publishJob: await deliverLocalChannels(tx, updated, now) };
  });
  if (publishJob) await queuePublishing(db, clubId, id);
  const [fresh] = await db.select().from(feedPosts).where(eq(feedPosts.id, row.id));
  return presentPost(db, clubId, fresh);
}

export interface PostFileDeps extends StoredImageDeps {
  db: Db;
}

/** DELETE clubs/{clubId}/feed/posts/{id}: the post, its delivery records, then its image file. */
export async function deletePost(deps: PostFileDeps, clubId: number, id: number): Promise<void> {
  const [row] = await deps.db
    .delete(feedPosts)
    .where(and(eq(feedPosts.id, id), eq(feedPosts.clubId, clubId)))
    .returning({ imageKey: feedPosts.imageKey });
  if (!row) throw notFound('communication.postNotFound');
  await deleteStoredFiles(deps, [row.imageKey]);
}

async function swapImage(db: Db, clubId: number, id: number, fileName: string | null) {
  return db.transaction(async (tx) => {
    const before = await postOfClub(tx, clubId, id, true);
    const key = storedFileKey(postImageFolder(clubId), fileName);
    const [row] = await tx.update(feedPosts).set({ imageKey: key, updatedAt: new Date() }).where(eq(feedPosts.id, id)).returning();
    return { previous: fileNameOf(before.imageKey), value: row };
  });
}

/**
 * POST clubs/{clubId}/feed/posts/{id}/image: one image of at most
 * COMMUNICATION_LIMITS.postImageBytesMax, checked by its bytes and pixels, stored re-encoded
 * (at most 2560 px) under a new name in the club's public files; the old one is deleted.
 */
export async function setPostImage(deps: PostFileDeps, clubId: number, id: number, file: UploadedFile): Promise<FeedPost> {
  if (file.buffer.length > COMMUNICATION_LIMITS.postImageBytesMax) {
    throw new HttpError(413, 'uploads.tooLarge', { limit: `${COMMUNICATION_LIMITS.postImageBytesMax / (1024 * 1024)} MB` });
  }
  const { image } = await encodeGalleryImage(file);
  const row = await replaceStoredImage(deps, postImageFolder(clubId), image, (fileName) => swapImage(deps.db, clubId, id, fileName));
  return presentPost(deps.db, clubId, row);
}

/** DELETE clubs/{clubId}/feed/posts/{id}/image. */
export async function removePostImage(deps: PostFileDeps, clubId: number, id: number): Promise<FeedPost> {
  const row = await removeStoredImage(deps, postImageFolder(clubId), () => swapImage(deps.db, clubId, id, null));
  return presentPost(deps.db, clubId, row);
}

// ---------------------------------------------------------------- publishing

/** Refusals that mean the channel cannot be used (not set up, not connected, the plan): skipped, as the status records them. */
const SKIPPED_CODES = new Set(['communication.notConfigured', 'communication.notConnected', 'communication.planNeeded']);

function failure(err: unknown): { state: 'failed' | 'skipped'; error: string; errorCode: string | null } {
  if (err instanceof HttpError) return { state: SKIPPED_CODES.has(err.code) ? 'skipped' : 'failed', error: err.message, errorCode: err.code };
  return { state: 'failed', error: err instanceof Error ? err.message : String(err), errorCode: null };
}

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * A post's text as a notification's body: at most COMMUNICATION_LIMITS.notificationBodyMax
 * characters, and short enough that the push message (with the club's name as title and the
 * link) stays under COMMUNICATION_LIMITS.pushPayloadBytesMax bytes; cut at a character with '…'.
 */
export function notificationText(text: string, clubName: string, link: string | null): string {
  // The payload's other fields (id, club_id, kind, sent_at, names and quotes) take well under 256 bytes.
  const budget = COMMUNICATION_LIMITS.pushPayloadBytesMax - 256 - utf8(JSON.stringify(clubName)) - utf8(JSON.stringify(link));
  const chars = [...text];
  const max = COMMUNICATION_LIMITS.notificationBodyMax;
  let keep = Math.min(chars.length, max);
  const fits = (n: number) => (n === chars.length ? utf8(JSON.stringify(text)) : utf8(JSON.stringify(`${chars.slice(0, n).join('')}…`))) <= budget;
  if (keep === chars.length && chars.length <= max && fits(keep)) return text;
  keep = Math.min(keep, max - 1);
  // Longest prefix that fits (binary search over characters).
  let lo = 0;
  let hi = keep;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** A post's first line, as a title (RSS item, national app). */
export function postTitle(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? text.trim();
  const chars = [...line];
  return chars.length > 80 ? `${chars.slice(0, 79).join('').trimEnd()}…` : line;
}

/**
 * The publishing job's work: delivers each pending channel of a due post and records how it
 * went, then marks the post published. A channel done is not delivered again (a run again after a
 * crash); the notification is created and recorded in one transaction, so a run again never
 * sends it twice. A post not due yet is left for PUBLISH_DUE_JOB.
 */
export async function publishPost(db: Db, config: Config, postId: number, now = new Date()): Promise<{ delivered: DeliveryChannel[]; failed: DeliveryChannel[] }> {
  const [row] = await db.select().from(feedPosts).where(eq(feedPosts.id, postId));
  if (!row || row.publishAt > now) return { delivered: [], failed: [] };
  const owner = { postId: row.id };
  const clubId = row.clubId;
  const delivered: DeliveryChannel[] = [];
  const failed: DeliveryChannel[] = [];
  for (const channel of await pendingChannels(db, row.id)) {
    try {
      if (channel === 'app' || channel === 'rss') {
        await recordDelivery(db, clubId, owner, { channel, state: 'done', externalId: channel === 'rss' ? postGuid(row.id) : null });
      } else if (channel === 'notification') {
        const [club] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
        const notificationId = await db.transaction(async (tx) => {
          const id = await createNotification(tx, {
            clubId,
            body: notificationText(row.text, club?.name ?? '', row.link),
            url: row.link,
            guideIds: [],
            source: 'post',
            createdBy: row.createdBy,
          });
          await recordDelivery(tx, clubId, owner, { channel, state: 'done', notificationId: id });
          return id;
        });
        await startDelivery(db, notificationId);
      } else {
        const { externalId } = await postToService(db, config, clubId, channel, { title: postTitle(row.text), message: row.text, link: row.link, kind: 'news' });
        await recordDelivery(db, clubId, owner, { channel, state: 'done', externalId });
      }
      delivered.push(channel);
    } catch (err) {
      // The post may have been deleted meanwhile (its records went with it): nothing to record then.
      if ((await db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.id, row.id))).length === 0) break;
      const f = failure(err);
      await recordDelivery(db, clubId, owner, { channel, state: f.state, error: f.error, errorCode: f.errorCode });
      failed.push(channel);
    }
  }
  await db.update(feedPosts).set({ publishedAt: now }).where(and(eq(feedPosts.id, row.id), isNull(feedPosts.publishedAt)));
  return { delivered, failed };
}

/** Posts whose time has come with a channel still pending (or never marked published): queued for publishing. */
export async function publishDuePosts(db: Db, now = new Date()): Promise<{ queued: number }> {
  const due = await db
    .select({ id: feedPosts.id, clubId: feedPosts.clubId })
    .from(feedPosts)
    .where(
      and(
        lte(feedPosts.publishAt, now),
        or(
          isNull(feedPosts.publishedAt),
          exists(db.select({ one: sql`1` }).from(channelDeliveries).where(and(eq(channelDeliveries.postId, feedPosts.id), eq(channelDeliveries.state, 'pending')))),
        ),
      ),
    )
    .orderBy(asc(feedPosts.publishAt))
    .limit(500);
  for (const p of due) await queuePublishing(db, p.clubId, p.id);
  return { queued: due.length };
}

// ---------------------------------------------------------------- the app and the own feed

/** Posts of the app feed now: to the app, published, not ended; newest first. */
function appPostsNow(db: DbOrTx, clubId: number, now: Date, limit: number) {
  return db
    .select()
    .from(feedPosts)
    .where(
      and(
        eq(feedPosts.clubId, clubId),
        eq(feedPosts.toApp, true),
        lte(feedPosts.publishAt, now),
        or(isNull(feedPosts.endAt), gt(feedPosts.endAt, now)),
      ),
    )
    .orderBy(desc(feedPosts.publishAt), desc(feedPosts.id))
    .limit(limit);
}

/** GET app/clubs/{clubId}/feed. */
export async function appFeed(db: DbOrTx, clubId: number, now = new Date()): Promise<AppFeedPost[]> {
  const rows = await appPostsNow(db, clubId, now, 100);
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    link: r.link,
    image_url: imageUrl(r),
    published_at: r.publishAt.toISOString(),
    end_at: r.endAt?.toISOString() ?? null,
  }));
}

/**
 * POST app/clubs/{clubId}/feed/views: adds the views to the club's posts shown in the app. Ids of
 * another club's posts, of posts not in the app, or of no post are ignored and not counted;
 * answers how many views were stored.
 */
export async function recordViews(db: DbOrTx, clubId: number, views: { post_id: number; count: number }[]): Promise<{ stored: number }> {
  const byPost = new Map<number, number>();
  for (const v of views) byPost.set(v.post_id, Math.min((byPost.get(v.post_id) ?? 0) + v.count, 2_000_000_000));
  const values = sql.join(
    [...byPost].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );
  const { rows } = await db.execute<{ n: number }>(sql`
    update ${feedPosts} set views = least(${feedPosts.views}::bigint + v.n, 2147483647)::int
    from (values ${values}) as v(id, n)
    where ${feedPosts.id} = v.id and ${feedPosts.clubId} = ${clubId} and ${feedPosts.toApp}
    returning v.n as n`);
  return { stored: rows.reduce((sum, r) => sum + Number(r.n), 0) };
}

export interface OwnFeedEntry {
  guid: string;
  title: string;
  text: string;
  link: string | null;
  imageUrl: string | null;
  /** When it was published (the post's publish time, the status's start). */
  date: Date;
  /** When it last changed (published or edited). */
  changed: Date;
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * The club's own feed now: its posts to the app between publish and end (the newest
 * COMMUNICATION_LIMITS.ownFeedItemsMax), and its status while visible when it goes to RSS;
 * newest first. Null for an unknown club.
 */
export async function ownFeed(
  db: DbOrTx,
  clubId: number,
  now = new Date(),
): Promise<{ club: { name: string; homepage: string }; entries: OwnFeedEntry[]; lastChange: Date | null } | null> {
  const [club] = await db.select({ name: clubs.name, homepage: clubs.homepage }).from(clubs).where(eq(clubs.id, clubId));
  if (!club) return null;
  const posts = await appPostsNow(db, clubId, now, COMMUNICATION_LIMITS.ownFeedItemsMax);
  const entries: OwnFeedEntry[] = posts.map((p) => ({
    guid: postGuid(p.id),
    title: postTitle(p.text),
    text: p.text,
    link: p.link,
    imageUrl: imageUrl(p),
    date: p.publishAt,
    changed: later(p.publishAt, p.updatedAt),
  }));
  const [status] = await db
    .select()
    .from(clubAnnouncements)
    .where(
      and(
        eq(clubAnnouncements.clubId, clubId),
        eq(clubAnnouncements.toRss, true),
        lte(clubAnnouncements.startsAt, now),
        or(isNull(clubAnnouncements.endsAt), gt(clubAnnouncements.endsAt, now)),
      ),
    );
  if (status) {
    entries.push({
      guid: statusGuid(status.id),
      title: status.header,
      text: status.body || status.header,
      link: null,
      imageUrl: null,
      date: status.startsAt,
      changed: later(status.startsAt, status.createdAt),
    });
    entries.sort((a, b) => b.date.getTime() - a.date.getTime());
  }
  // The last post that left the feed by its end time: the feed changed then too.
  const [ended] = await db
    .select({ at: sql<Date | null>`max(${feedPosts.endAt})`.mapWith(feedPosts.endAt) })
    .from(feedPosts)
    .where(and(eq(feedPosts.clubId, clubId), eq(feedPosts.toApp, true), lte(feedPosts.endAt, now)));
  return { club, entries, lastChange: ended?.at ?? null };
}

/** The public addresses of the club's own feed. */
export function ownFeedUrls(config: Pick<Config, 'publicUrl'>, clubId: number): { rss: string; atom: string } {
  const base = `${config.publicUrl}/api/public/clubs/${clubId}`;
  return { rss: `${base}/feed.rss`, atom: `${base}/feed.atom` };
}

// ---------------------------------------------------------------- stats

/** GET clubs/{clubId}/feed/stats. */
export async function feedStats(db: DbOrTx, config: Pick<Config, 'publicUrl'>, clubId: number): Promise<FeedStats> {
  const [posts] = await db
    .select({ n: count(), views: sql<number>`least(coalesce(sum(${feedPosts.views}), 0), 2147483647)::int` })
    .from(feedPosts)
    .where(eq(feedPosts.clubId, clubId));
  const [feeds] = await db.select({ n: count() }).from(externalFeeds).where(eq(externalFeeds.clubId, clubId));
  const [items] = await db
    .select({ n: count() })
    .from(externalFeedItems)
    .innerJoin(externalFeeds, eq(externalFeeds.id, externalFeedItems.feedId))
    .where(eq(externalFeeds.clubId, clubId));
  const own = await ownFeed(db, clubId);
  const urls = ownFeedUrls(config, clubId);
  return {
    followers: await followersCount(db, clubId, []),
    members: await countMembers(db, clubId),
    views: Number(posts?.views ?? 0),
    posts: posts?.n ?? 0,
    external_feeds: feeds?.n ?? 0,
    external_items: items?.n ?? 0,
    own_items: own?.entries.length ?? 0,
    own_rss_url: urls.rss,
    own_atom_url: urls.atom,
  };
}
