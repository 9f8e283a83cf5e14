import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMUNICATION_LIMITS, ExternalFeed, ExternalFeedItem } from '@golf/contract/api/communication';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { sampleAtom, sampleRss, startFeedStandIn, type FeedStandIn } from '../../../test/stand-ins/feeds';
import { feedFetchLimits, refreshAllFeeds } from './external-feeds-service';
import { decodeFeed, parseFeedText, plainText } from './feed-parse';

/**
 * External feeds a club follows (issue 23): subscribing fetches at once through the outbound
 * guard (private and loopback addresses refused after DNS and on redirects), parses in a worker,
 * stores the newest items; bad feeds are stored with their error; refresh with ETag; the cap, a
 * duplicate, another club's feed, roles. Feeds are served by a local stand-in that the server
 * may reach (OUTBOUND_ALLOW_HOSTS), a second one it may not.
 */
describe(`external feeds (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let feeds: FeedStandIn;
  let forbidden: FeedStandIn;
  let tokens: Awaited<ReturnType<typeof actors>>;
  const timeoutBefore = feedFetchLimits.timeoutMs;

  const actors = (app: TestApp, d: DemoIds) =>
    signInActors(app, ['staff', 'anonymous'], {
      writer: { email: 'feeds-writer@example.com', password: 'writer-password', clubRoles: { [d.dkClubId]: ['communication'] } },
      secretary: { email: 'feeds-secretary@example.com', password: 'secretary-password', clubRoles: { [d.dkClubId]: ['club-status'] } },
      swede: { email: 'feeds-swede@example.com', password: 'swede-password', clubRoles: { [d.seClubId]: ['communication'] } },
    });
  type Who = keyof typeof tokens;

  const subsUrl = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/feed/subscriptions`;
  const subscribe = (url: string, who: Who = 'writer', clubId = ids.dkClubId) => call(t.app, 'POST', subsUrl(clubId), { token: tokens[who], payload: { url } });
  const subscribed = async (url: string, who: Who = 'writer', clubId = ids.dkClubId): Promise<ExternalFeed> => {
    const res = await subscribe(url, who, clubId);
    expect(res.statusCode, res.body).toBe(201);
    return ExternalFeed.parse(res.json());
  };
  const feedsOf = async (clubId = ids.dkClubId, who: Who = 'writer') => ExternalFeed.array().parse((await call(t.app, 'GET', subsUrl(clubId), { token: tokens[who] })).json());
  const items = async (clubId = ids.dkClubId, who: Who = 'writer') => {
    const res = await call(t.app, 'GET', `/api/clubs/${clubId}/feed/items`, { token: tokens[who] });
    expect(res.statusCode, res.body).toBe(200);
    return ExternalFeedItem.array().parse(res.json());
  };
  const refresh = (id: number, who: Who = 'writer', clubId = ids.dkClubId) => call(t.app, 'POST', `${subsUrl(clubId)}/${id}/refresh`, { token: tokens[who] });
  const remove = (id: number, who: Who = 'writer', clubId = ids.dkClubId) => call(t.app, 'DELETE', `${subsUrl(clubId)}/${id}`, { token: tokens[who] });
  const stored = async () => t.database.db.select().from(schema.externalFeeds);

  beforeAll(async () => {
    [feeds, forbidden] = await Promise.all([startFeedStandIn(), startFeedStandIn()]);
    feedFetchLimits.timeoutMs = 1500;
    t = await buildTestApp({ env: { OUTBOUND_ALLOW_HOSTS: feeds.host } });
    ids = await demoIds(t);
    tokens = await actors(t, ids);
  });
  afterAll(async () => {
    feedFetchLimits.timeoutMs = timeoutBefore;
    await t?.close();
    await Promise.all([feeds?.close(), forbidden?.close()]);
  });

  it('subscribes to an RSS feed: fetched at once, its title and items stored, items newest first', async () => {
    feeds.serve('/news.rss', { body: sampleRss('Golf News', 3) });
    const f = await subscribed(`${feeds.url}/news.rss`);
    expect(f).toMatchObject({ url: `${feeds.url}/news.rss`, title: 'Golf News', error: null, error_code: null, items: 3 });
    expect(f.last_fetched_at).not.toBeNull();
    const list = await items();
    expect(list.map((i) => i.title)).toEqual(['Golf News item 1', 'Golf News item 2', 'Golf News item 3']);
    expect(list[0]).toMatchObject({ feed_id: f.id, feed_title: 'Golf News', link: 'https://example.org/Golf%20News/1', summary: 'About 1' });
    expect(list[0].published_at).toBe('2026-05-01T10:00:00.000Z');
    // The request asked for a feed.
    expect(feeds.requests.at(-1)!.headers.accept).toContain('application/rss+xml');
  });

  it('subscribes to an Atom feed', async () => {
    feeds.serve('/club.atom', { body: sampleAtom('Club Atom', 2), type: 'application/atom+xml' });
    const f = await subscribed(`${feeds.url}/club.atom`);
    expect(f).toMatchObject({ title: 'Club Atom', items: 2, error: null });
    expect((await items()).filter((i) => i.feed_id === f.id).map((i) => i.title)).toEqual(['Club Atom entry 1', 'Club Atom entry 2']);
  });

  it('refuses a duplicate (409), and a feed of a private, loopback or unresolvable address (400) without storing it', async () => {
    const dup = await subscribe(`${feeds.url}/news.rss`);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('communication.feedTaken');
    const before = (await stored()).length;
    forbidden.serve('/feed', { body: sampleRss('Internal', 1) });
    feeds.serve('/to-private', { redirect: `${forbidden.url}/feed` });
    feeds.serve('/to-metadata', { redirect: 'http://169.254.169.254/latest/meta-data/' });
    const port = feeds.host.split(':')[1];
    for (const [url, code] of [
      ['http://127.0.0.1/', 'communication.feedPrivateAddress'],
      [`${forbidden.url}/feed`, 'communication.feedPrivateAddress'],
      [`http://localhost:${port}/news2.rss`, 'communication.feedPrivateAddress'],
      ['http://localhost/', 'communication.feedPrivateAddress'],
      ['http://[::1]/', 'communication.feedPrivateAddress'],
      ['http://10.0.0.8/feed', 'communication.feedPrivateAddress'],
      ['http://2130706433/', 'communication.feedPrivateAddress'],
      [`${feeds.url}/to-private`, 'communication.feedPrivateAddress'],
      [`${feeds.url}/to-metadata`, 'communication.feedPrivateAddress'],
      ['http://no-such-host.invalid/feed', 'communication.feedUnresolvable'],
    ] as const) {
      const res = await subscribe(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe(code);
    }
    expect(forbidden.requests).toEqual([]);
    expect((await stored()).length).toBe(before);
    for (const bad of ['ftp://example.org/feed', 'not a url', '', 'javascript:alert(1)']) {
      expect((await subscribe(bad)).statusCode, bad).toBe(400);
    }
  });

  it("stores a feed that answers badly with its error: not a feed, 50 MB, too slow, an error status", async () => {
    feeds.serve('/page.html', { body: '<!doctype html><html><body><h1>Hello</h1></body></html>', type: 'text/html' });
    feeds.serve('/huge.rss', { bytes: 50 * 1024 * 1024 });
    feeds.serve('/huge-chunked.rss', { bytes: 50 * 1024 * 1024, chunked: true });
    feeds.serve('/slow.rss', { body: sampleRss('Slow', 1), delayMs: 4000 });
    feeds.serve('/missing.rss', { status: 404, body: 'not here' });
    const cases = [
      ['/page.html', 'communication.feedNotAFeed', 'This is not an RSS or Atom feed'],
      ['/huge.rss', 'communication.feedTooLarge', 'The feed is larger than 5 MB'],
      ['/huge-chunked.rss', 'communication.feedTooLarge', 'The feed is larger than 5 MB'],
      ['/slow.rss', 'communication.feedTimeout', 'The feed did not answer within 2 seconds'],
      ['/missing.rss', 'communication.feedHttpStatus', 'The feed answered with status 404'],
    ] as const;
    for (const [path, code, error] of cases) {
      const started = Date.now();
      const f = await subscribed(`${feeds.url}${path}`);
      expect(f, path).toMatchObject({ error_code: code, error, items: 0, title: null });
      // The slow one is given up after the time limit (1.5 s here), not after its 4 s.
      if (path === '/slow.rss') expect(Date.now() - started, path).toBeLessThan(3900);
    }
    const listed = await feedsOf();
    for (const [path, code] of cases) expect(listed.find((f) => f.url === `${feeds.url}${path}`)?.error_code).toBe(code);
  });

  it('refreshes a feed: new items, 304 with the stored ETag keeps them, a failure is answered and later cleared', async () => {
    feeds.serve('/live.rss', { body: sampleRss('Live', 2), etag: '"v1"' });
    const f = await subscribed(`${feeds.url}/live.rss`);
    expect(f.items).toBe(2);
    // Unchanged: the stand-in answers 304 to the stored ETag.
    const same = await refresh(f.id);
    expect(same.statusCode, same.body).toBe(200);
    expect(feeds.requests.at(-1)!.headers['if-none-match']).toBe('"v1"');
    expect(ExternalFeed.parse(same.json())).toMatchObject({ items: 2, error: null });
    // New content with a new ETag: the items of the same guid are updated, the new ones added.
    feeds.serve('/live.rss', { body: sampleRss('Live', 4, { start: new Date('2026-05-02T10:00:00Z') }), etag: '"v2"' });
    const grown = ExternalFeed.parse((await refresh(f.id)).json());
    expect(grown.items).toBe(4);
    const live = (await items()).filter((i) => i.feed_id === f.id);
    expect(live[0].published_at).toBe('2026-05-02T10:00:00.000Z');
    // A failure is answered with the feed and its error; its items stay.
    feeds.serve('/live.rss', { status: 500, body: 'boom' });
    const failed = ExternalFeed.parse((await refresh(f.id)).json());
    expect(failed).toMatchObject({ error_code: 'communication.feedHttpStatus', error: 'The feed answered with status 500', items: 4 });
    feeds.serve('/live.rss', { body: sampleRss('Live', 1, { start: new Date('2026-05-03T10:00:00Z') }) });
    const healed = ExternalFeed.parse((await refresh(f.id)).json());
    expect(healed).toMatchObject({ error: null, error_code: null, items: 4 });
  });

  it('keeps only the newest items of a feed', async () => {
    const many = COMMUNICATION_LIMITS.externalFeedItemsMax + 30;
    feeds.serve('/many.rss', { body: sampleRss('Many', many) });
    const f = await subscribed(`${feeds.url}/many.rss`);
    expect(f.items).toBe(COMMUNICATION_LIMITS.externalFeedItemsMax);
    const kept = await t.database.db.select().from(schema.externalFeedItems).where(eq(schema.externalFeedItems.feedId, f.id));
    expect(kept.map((i) => i.guid)).toContain('Many-1');
    expect(kept.map((i) => i.guid)).not.toContain(`Many-${many}`);
    // The items list is capped at 200 across feeds, newest first.
    const list = await items();
    expect(list.length).toBeLessThanOrEqual(200);
    const times = list.map((i) => i.published_at ?? '');
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refreshes every feed in the periodic job', async () => {
    const communication = { facebook: null, national: null, vapid: null, vapidSubject: 'mailto:feeds@example.com', tokenKey: null, outboundAllowHosts: [feeds.host] };
    const tally = await refreshAllFeeds(t.database.db, { communication });
    expect(tally.fetched + tally.unchanged + tally.failed).toBe((await stored()).length);
    expect(tally.failed).toBeGreaterThanOrEqual(5);
    expect(tally.fetched).toBeGreaterThanOrEqual(2);
  });

  it('a manual refresh while the periodic job refreshes the same feed: both stored, each item once', async () => {
    feeds.serve('/both.rss', { body: sampleRss('Both', 3) });
    const f = await subscribed(`${feeds.url}/both.rss`);
    // New items, answered slowly: the job's fetch and the writer's are both in flight at once.
    feeds.serve('/both.rss', { body: sampleRss('Both', 6, { start: new Date('2026-06-01T10:00:00Z') }), delayMs: 300 });
    const communication = { facebook: null, national: null, vapid: null, vapidSubject: 'mailto:feeds@example.com', tokenKey: null, outboundAllowHosts: [feeds.host] };
    const asked = feeds.requests.length;
    const [tally, manual] = await Promise.all([refreshAllFeeds(t.database.db, { communication }), refresh(f.id)]);
    expect(manual.statusCode, manual.body).toBe(200);
    expect(ExternalFeed.parse(manual.json())).toMatchObject({ error: null, items: 6 });
    expect(tally.fetched).toBeGreaterThanOrEqual(1);
    const fetches = feeds.requests.slice(asked).filter((r) => r.path === '/both.rss');
    expect(fetches.length, 'the feed fetched by both').toBe(2);
    expect(fetches[1].startedAt, 'the second fetch began before the first was answered').toBeLessThan(fetches[0].endedAt!);
    const rows = await t.database.db.select().from(schema.externalFeedItems).where(eq(schema.externalFeedItems.feedId, f.id));
    expect(rows.map((r) => r.guid).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `Both-${i + 1}`).sort());
    expect((await feedsOf()).find((x) => x.id === f.id)).toMatchObject({ error: null, items: 6 });
  });

  it('refuses other roles (403), another club (403), another club\'s feed in one\'s own path (404); deletes a feed with its items', async () => {
    feeds.serve('/se.rss', { body: sampleRss('Svenska', 2) });
    const se = await subscribed(`${feeds.url}/se.rss`, 'swede', ids.seClubId);
    expect((await refresh(se.id)).statusCode).toBe(404);
    expect((await remove(se.id)).statusCode).toBe(404);
    expect((await items()).map((i) => i.feed_id)).not.toContain(se.id);
    expect((await items(ids.seClubId, 'swede')).map((i) => i.title)).toEqual(['Svenska item 1', 'Svenska item 2']);
    expect((await subscribe(`${feeds.url}/x.rss`, 'secretary')).statusCode).toBe(403);
    expect((await subscribe(`${feeds.url}/x.rss`, 'swede')).statusCode).toBe(403);
    expect((await call(t.app, 'GET', subsUrl(), { token: tokens.staff })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', subsUrl(), { token: null })).statusCode).toBe(401);
    expect((await refresh(se.id, 'writer', ids.seClubId)).statusCode).toBe(403);

    expect((await remove(se.id, 'swede', ids.seClubId)).statusCode).toBe(204);
    expect(await items(ids.seClubId, 'swede')).toEqual([]);
    expect((await remove(se.id, 'swede', ids.seClubId)).statusCode).toBe(404);
    expect((await refresh(se.id, 'swede', ids.seClubId)).statusCode).toBe(404);
  });

  it('refuses a feed past the cap with 400', async () => {
    const have = (await stored()).filter((f) => f.clubId === ids.seClubId).length;
    await t.database.db
      .insert(schema.externalFeeds)
      .values(Array.from({ length: COMMUNICATION_LIMITS.externalFeedsMax - have }, (_, i) => ({ clubId: ids.seClubId, url: `https://example.org/filler-${i}.rss` })));
    const before = (await stored()).length;
    const res = await subscribe(`${feeds.url}/news.rss`, 'swede', ids.seClubId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'communication.feedsCapReached', params: { max: COMMUNICATION_LIMITS.externalFeedsMax } });
    expect((await stored()).length).toBe(before);
  });

  it('shows the external feeds and items in the stats', async () => {
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/feed/stats`, { token: tokens.writer });
    expect(res.statusCode).toBe(200);
    const dk = (await stored()).filter((f) => f.clubId === ids.dkClubId);
    const itemRows = await t.database.db.select({ feedId: schema.externalFeedItems.feedId }).from(schema.externalFeedItems);
    expect(res.json()).toMatchObject({ external_feeds: dk.length, external_items: itemRows.filter((i) => dk.some((f) => f.id === i.feedId)).length });
  });
});

describe('feed parsing', () => {
  it('refuses what is not a feed', () => {
    for (const text of ['', 'hello', '<html><body>x</body></html>', '{"items": []}', '<?xml version="1.0"?><note>x</note>']) {
      expect(() => parseFeedText(text), text).toThrow(expect.objectContaining({ code: 'communication.feedNotAFeed' }));
    }
  });

  it('reads RSS items: text without markup, missing ids and titles filled, duplicates once, newest first', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>T &amp; C</title>
      <item><title>Old</title><link>https://example.org/old</link><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>
      <item><description>&lt;p&gt;Only a &lt;b&gt;description&lt;/b&gt; &amp;amp; more&lt;/p&gt;</description><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item>
      <item><title>Dup</title><guid>same</guid></item><item><title>Dup again</title><guid>same</guid></item>
      <item><title>Bad link</title><link>javascript:alert(1)</link><guid>bad</guid></item>
    </channel></rss>`;
    const parsed = parseFeedText(xml);
    expect(parsed.title).toBe('T & C');
    expect(parsed.items.map((i) => i.title)).toEqual(['Only a description & more', 'Old', 'Dup', 'Bad link']);
    expect(parsed.items[1]).toMatchObject({ guid: 'https://example.org/old', link: 'https://example.org/old', publishedAt: '2024-01-01T10:00:00.000Z' });
    expect(parsed.items[3].link).toBeNull();
    expect(parsed.items[0].guid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('decodes the charset the XML declaration names', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Åbent hus på banen</title></channel></rss>', 'latin1');
    expect(parseFeedText(decodeFeed(latin1, 'text/xml')).title).toBe('Åbent hus på banen');
    expect(decodeFeed(Buffer.from('æøå'), 'text/xml; charset=utf-8')).toBe('æøå');
    expect(plainText('<script>x()</script>a&#x41;&#66;&nbsp;b')).toBe('aAB b');
  });
});
