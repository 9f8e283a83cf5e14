import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { serverError } from '@golf/contract/api/errors';
import { COMMUNICATION_LIMITS, type ExternalFeed, type ExternalFeedItem } from '@golf/contract/api/communication';
import { clubs, externalFeedItems, externalFeeds } from '../../db/schema/index';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db-types';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../platform/errors';
import { taskRunner } from '../../platform/worker-tasks';
import type { FeedParseInput, ParsedFeed } from './feed-parse';
import { fetchOutside } from './outbound';

/**
 * External RSS and Atom feeds a club follows (issue 23): fetched when added, on 'Refresh' and
 * every 30 minutes by the job REFRESH_FEEDS_JOB, through ./outbound.ts (no private, loopback or
 * link-local address, checked after DNS and on every redirect; a time limit; a size cap), with
 * the stored ETag and Last-Modified (a 304 keeps the items), parsed in a worker thread
 * (./feed-parse.ts). The newest COMMUNICATION_LIMITS.externalFeedItemsMax items of each feed are
 * kept. A fetch that fails is stored on the feed (`error`, English, and `error_code`) so the
 * screen shows 'Something went wrong' with the reason; the items of the last good fetch stay.
 */

export const REFRESH_FEEDS_JOB = 'communication.refresh-feeds';

/** How feeds are fetched; tests shorten the time limit. */
export const feedFetchLimits = {
  timeoutMs: COMMUNICATION_LIMITS.externalFeedTimeoutSeconds * 1000,
  maxBytes: COMMUNICATION_LIMITS.externalFeedBytesMax,
  maxRedirects: COMMUNICATION_LIMITS.externalFeedRedirectsMax,
  /** Longest time the parser may take on one feed (5 MB parse in well under a second; the rest is room for a busy machine). */
  parseTimeoutMs: 20_000,
};

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';

const parser = taskRunner<FeedParseInput, ParsedFeed>({
  entry: 'feed-parse',
  from: import.meta.url,
  timeoutMs: feedFetchLimits.parseTimeoutMs,
  maxHeapMb: 128,
  maxWorkers: 1,
  timeoutMessage: serverError('communication.feedNotAFeed'),
  memoryMessage: serverError('communication.feedTooLarge', { max: COMMUNICATION_LIMITS.externalFeedBytesMax / (1024 * 1024) }),
});

/** Refusals of the address itself: answered 400 when a club adds the feed, and nothing is stored. */
const ADDRESS_REFUSALS = new Set(['communication.feedPrivateAddress', 'communication.feedUnresolvable']);
const isAddressRefusal = (err: unknown): err is HttpError => err instanceof HttpError && (ADDRESS_REFUSALS.has(err.code) || (err.code === 'communication.feedUnreachable' && err.statusCode === 400));

type FeedRow = typeof externalFeeds.$inferSelect;

type FetchOutcome =
  | { kind: 'fetched'; parsed: ParsedFeed; etag: string | null; lastModified: string | null }
  | { kind: 'unchanged' }
  | { kind: 'failed'; error: HttpError | Error };

const header = (h: string | string[] | undefined): string | null => (Array.isArray(h) ? (h[0] ?? null) : (h ?? null));

/** Fetches and parses a feed; never throws (the failure is the outcome). */
async function fetchFeed(url: string, config: Pick<Config, 'communication'>, validators: { etag: string | null; lastModified: string | null }, signal?: AbortSignal): Promise<FetchOutcome> {
  try {
    const headers: Record<string, string> = {};
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const answer = await fetchOutside(url, {
      allowHosts: config.communication.outboundAllowHosts,
      timeoutMs: feedFetchLimits.timeoutMs,
      maxBytes: feedFetchLimits.maxBytes,
      maxRedirects: feedFetchLimits.maxRedirects,
      accept: ACCEPT,
      signal,
      headers,
    });
    if (answer.status === 304) return { kind: 'unchanged' };
    if (answer.status < 200 || answer.status >= 300) return { kind: 'failed', error: new HttpError(502, 'communication.feedHttpStatus', { status: answer.status }) };
    // A copy of its own, so that it can be transferred to the worker.
    const data = new Uint8Array(answer.body.byteLength);
    data.set(answer.body);
    const parsed = await parser.run({ data, contentType: header(answer.headers['content-type']) }, [data.buffer]);
    return { kind: 'fetched', parsed, etag: header(answer.headers.etag), lastModified: header(answer.headers['last-modified']) };
  } catch (err) {
    return { kind: 'failed', error: err instanceof Error ? err : new Error(String(err)) };
  }
}

/** Stores a fetch's outcome on the feed (and its items) in one transaction. */
async function storeOutcome(db: Db, feedId: number, outcome: FetchOutcome, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcome.kind === 'failed') {
      const e = outcome.error;
      await tx
        .update(externalFeeds)
        .set({ lastFetchedAt: now, error: e.message, errorCode: e instanceof HttpError ? e.code : null })
        .where(eq(externalFeeds.id, feedId));
      return;
    }
    if (outcome.kind === 'unchanged') {
      await tx.update(externalFeeds).set({ lastFetchedAt: now, error: null, errorCode: null }).where(eq(externalFeeds.id, feedId));
      return;
    }
    const { parsed } = outcome;
    const still = await tx
      .update(externalFeeds)
      .set({ lastFetchedAt: now, error: null, errorCode: null, title: parsed.title, etag: outcome.etag, lastModified: outcome.lastModified })
      .where(eq(externalFeeds.id, feedId))
      .returning({ id: externalFeeds.id });
    // Deleted while it was fetched: nothing to keep.
    if (still.length === 0) return;
    for (const item of parsed.items) {
      const values = { title: item.title, link: item.link, summary: item.summary, publishedAt: item.publishedAt === null ? null : new Date(item.publishedAt) };
      await tx
        .insert(externalFeedItems)
        .values({ feedId, guid: item.guid, ...values, fetchedAt: now })
        .onConflictDoUpdate({ target: [externalFeedItems.feedId, externalFeedItems.guid], set: values });
    }
    // Only the newest items are kept.
    const keep = tx
      .select({ id: externalFeedItems.id })
      .from(externalFeedItems)
      .where(eq(externalFeedItems.feedId, feedId))
      .orderBy(sql`${externalFeedItems.publishedAt} desc nulls last`, desc(externalFeedItems.id))
      .limit(COMMUNICATION_LIMITS.externalFeedItemsMax);
    await tx.delete(externalFeedItems).where(and(eq(externalFeedItems.feedId, feedId), notInArray(externalFeedItems.id, keep)));
  });
}

async function presentFeeds(db: DbOrTx, rows: FeedRow[]): Promise<ExternalFeed[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ feedId: externalFeedItems.feedId, n: count() })
    .from(externalFeedItems)
    .where(inArray(externalFeedItems.feedId, rows.map((r) => r.id)))
    .groupBy(externalFeedItems.feedId);
  const byFeed = new Map(counts.map((c) => [c.feedId, c.n]));
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    title: r.title,
    last_fetched_at: r.lastFetchedAt?.toISOString() ?? null,
    error: r.error,
    error_code: r.errorCode,
    items: byFeed.get(r.id) ?? 0,
    created_at: r.createdAt.toISOString(),
  }));
}

async function feedOfClub(db: DbOrTx, clubId: number, id: number): Promise<FeedRow> {
  const [row] = await db.select().from(externalFeeds).where(and(eq(externalFeeds.id, id), eq(externalFeeds.clubId, clubId)));
  if (!row) throw notFound('communication.feedNotFound');
  return row;
}

async function presentFeed(db: DbOrTx, clubId: number, id: number): Promise<ExternalFeed> {
  return (await presentFeeds(db, [await feedOfClub(db, clubId, id)]))[0];
}

/** GET clubs/{clubId}/feed/subscriptions: in the order they were added. */
export async function listFeeds(db: DbOrTx, clubId: number): Promise<ExternalFeed[]> {
  const rows = await db.select().from(externalFeeds).where(eq(externalFeeds.clubId, clubId)).orderBy(asc(externalFeeds.createdAt), asc(externalFeeds.id));
  return presentFeeds(db, rows);
}

/** The address as stored: parsed and written out again (host in lower case, default port dropped). */
function normalUrl(url: string): string {
  return new URL(url.trim()).href;
}

async function checkRoom(db: DbOrTx, clubId: number, url: string): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(externalFeeds).where(eq(externalFeeds.clubId, clubId));
  const [taken] = await db.select({ id: externalFeeds.id }).from(externalFeeds).where(and(eq(externalFeeds.clubId, clubId), eq(externalFeeds.url, url)));
  if (taken) throw conflict('communication.feedTaken');
  if (n >= COMMUNICATION_LIMITS.externalFeedsMax) throw badRequest('communication.feedsCapReached', { max: COMMUNICATION_LIMITS.externalFeedsMax });
}

/**
 * POST clubs/{clubId}/feed/subscriptions: fetches the feed at once. An address refused as such
 * (private or loopback, also after a redirect; a name that does not resolve; not http) is a 400
 * and nothing is stored; a feed that answers badly is stored with its error. 409
 * `communication.feedTaken` for a feed the club follows already, 400
 * `communication.feedsCapReached` past COMMUNICATION_LIMITS.externalFeedsMax.
 */
export async function addFeed(db: Db, config: Pick<Config, 'communication'>, clubId: number, rawUrl: string, userId: number | null): Promise<ExternalFeed> {
  const url = normalUrl(rawUrl);
  await checkRoom(db, clubId, url);
  const outcome = await fetchFeed(url, config, { etag: null, lastModified: null });
  if (outcome.kind === 'failed' && isAddressRefusal(outcome.error)) throw outcome.error;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      // The club row locked: two additions at once cannot pass the cap.
      const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
      if (!club) throw notFound('clubs.notFound');
      await checkRoom(tx, clubId, url);
      const [row] = await tx.insert(externalFeeds).values({ clubId, url, createdBy: userId }).returning({ id: externalFeeds.id });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('communication.feedTaken');
    throw err;
  }
  await storeOutcome(db, id, outcome);
  return presentFeed(db, clubId, id);
}

async function refresh(db: Db, config: Pick<Config, 'communication'>, row: FeedRow, signal?: AbortSignal): Promise<FetchOutcome['kind']> {
  const outcome = await fetchFeed(row.url, config, { etag: row.etag, lastModified: row.lastModified }, signal);
  await storeOutcome(db, row.id, outcome);
  return outcome.kind;
}

/** POST clubs/{clubId}/feed/subscriptions/{id}/refresh: fetched again now; answers the feed, with its error if it failed. */
export async function refreshFeed(db: Db, config: Pick<Config, 'communication'>, clubId: number, id: number): Promise<ExternalFeed> {
  await refresh(db, config, await feedOfClub(db, clubId, id));
  return presentFeed(db, clubId, id);
}

/** DELETE clubs/{clubId}/feed/subscriptions/{id}: the feed and its items. */
export async function deleteFeed(db: DbOrTx, clubId: number, id: number): Promise<void> {
  const deleted = await db.delete(externalFeeds).where(and(eq(externalFeeds.id, id), eq(externalFeeds.clubId, clubId))).returning({ id: externalFeeds.id });
  if (deleted.length === 0) throw notFound('communication.feedNotFound');
}

/** GET clubs/{clubId}/feed/items: the club's feeds' items, newest first, at most 200. */
export async function listItems(db: DbOrTx, clubId: number): Promise<ExternalFeedItem[]> {
  const rows = await db
    .select({
      id: externalFeedItems.id,
      feedId: externalFeedItems.feedId,
      feedTitle: externalFeeds.title,
      title: externalFeedItems.title,
      link: externalFeedItems.link,
      summary: externalFeedItems.summary,
      publishedAt: externalFeedItems.publishedAt,
    })
    .from(externalFeedItems)
    .innerJoin(externalFeeds, eq(externalFeeds.id, externalFeedItems.feedId))
    .where(eq(externalFeeds.clubId, clubId))
    .orderBy(sql`${externalFeedItems.publishedAt} desc nulls last`, desc(externalFeedItems.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    feed_id: r.feedId,
    feed_title: r.feedTitle,
    title: r.title,
    link: r.link,
    summary: r.summary,
    published_at: r.publishedAt?.toISOString() ?? null,
  }));
}

/** The periodic job's work: every club's feeds, a few at a time, until done or stopped. */
export async function refreshAllFeeds(db: Db, config: Pick<Config, 'communication'>, signal?: AbortSignal): Promise<Record<FetchOutcome['kind'], number>> {
  const rows = await db.select().from(externalFeeds).orderBy(asc(externalFeeds.lastFetchedAt), asc(externalFeeds.id));
  const tally = { fetched: 0, unchanged: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length && !signal?.aborted) {
      const row = rows[next++];
      tally[await refresh(db, config, row, signal)]++;
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return tally;
}
