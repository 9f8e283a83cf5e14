import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseFeed } from '@rowanmanning/feed-parser';
import { FeedPost, type FeedPostBody } from '@golf/contract/api/communication';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { fileForm, png, postForm } from '../../../test/images';
import { DEMO_POSTS, DEMO_STATUS_HEADER } from './demo';

/**
 * The club's own feed (issue 23): public RSS 2.0 and Atom 1.0 written by the `feed` library,
 * read back by a feed parser: the club's posts to the app between publish and end, its visible
 * status when it goes to RSS; cache-friendly (ETag, 304, Cache-Control, Last-Modified).
 */
describe(`own RSS and Atom feed (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Awaited<ReturnType<typeof actors>>;

  const actors = (app: TestApp, d: DemoIds) =>
    signInActors(app, [], { writer: { email: 'own-feed@example.com', password: 'writer-password', clubRoles: { [d.dkClubId]: ['communication'] } } });

  const hour = 3_600_000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const none = { app: false, notification: false, national: false, facebook: false };
  const create = async (over: Partial<FeedPostBody>): Promise<FeedPost> => {
    const payload: FeedPostBody = { text: 'A post', link: null, publish_at: null, end_at: null, channels: { ...none, app: true }, ...over };
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/feed/posts`, { token: tokens.writer, payload });
    expect(res.statusCode, res.body).toBe(201);
    return FeedPost.parse(res.json());
  };
  const get = (format: 'rss' | 'atom', clubId = ids.dkClubId, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/public/clubs/${clubId}/feed.${format}`, headers });
  const read = async (format: 'rss' | 'atom', clubId = ids.dkClubId) => {
    const res = await get(format, clubId);
    expect(res.statusCode, res.body).toBe(200);
    return { res, feed: parseFeed(res.body) };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await actors(t, ids);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers valid RSS 2.0 without a session: the demo status and the published post, not the ended or scheduled one', async () => {
    const { res, feed } = await read('rss');
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();
    expect(feed.meta).toEqual({ type: 'rss', version: '2.0' });
    expect(feed.title).toBe('Fjordvang Golfklub');
    expect(feed.self).toBe(`http://console.test/api/public/clubs/${ids.dkClubId}/feed.rss`);
    const titles = feed.items.map((i) => i.title);
    expect(titles).toContain(DEMO_STATUS_HEADER);
    expect(feed.items.map((i) => i.description)).toContain(DEMO_POSTS.published);
    expect(feed.items.map((i) => i.description)).not.toContain(DEMO_POSTS.ended);
    expect(feed.items.map((i) => i.description)).not.toContain(DEMO_POSTS.scheduled);
    const [status] = await t.database.db.select().from(schema.clubAnnouncements).where(eq(schema.clubAnnouncements.clubId, ids.dkClubId));
    expect(feed.items.find((i) => i.title === DEMO_STATUS_HEADER)?.id).toBe(`status-${status.id}`);
  });

  it('answers valid Atom 1.0 with the same entries', async () => {
    const { res, feed } = await read('atom');
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Fjordvang Golfklub');
    const rss = (await read('rss')).feed;
    expect(feed.items.map((i) => i.title)).toEqual(rss.items.map((i) => i.title));
    for (const item of feed.items) {
      expect(item.id).toMatch(new RegExp(`^http://console\\.test/api/public/clubs/${ids.dkClubId}/feed\\.atom#(post|status)-\\d+$`));
      expect(item.published).not.toBeNull();
    }
  });

  it('answers 304 to the current ETag, and a new ETag once a post is added', async () => {
    const first = await get('rss');
    const etag = String(first.headers.etag);
    const again = await get('rss', ids.dkClubId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Same data, same bytes: the ETag does not depend on the clock.
    expect((await get('rss')).headers.etag).toBe(etag);

    const p = await create({ text: 'Fresh <news> & "quotes" for golfers', link: 'https://example.com/fresh' });
    const changed = await get('rss', ids.dkClubId, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const item = parseFeed(changed.body).items.find((i) => i.id === `post-${p.id}`);
    expect(item).toMatchObject({ title: 'Fresh <news> & "quotes" for golfers', description: 'Fresh <news> & "quotes" for golfers', url: 'https://example.com/fresh' });
  });

  it('lets a post leave when its end passes, keeps a scheduled one out, and shows only app posts', async () => {
    const leaving = await create({ text: 'Leaving soon', end_at: at(hour) });
    const scheduled = await create({ text: 'Not yet', publish_at: at(hour) });
    const elsewhere = await create({ text: 'Only national', channels: { ...none, national: true } });
    const ids1 = (await read('rss')).feed.items.map((i) => i.id);
    expect(ids1).toContain(`post-${leaving.id}`);
    expect(ids1).not.toContain(`post-${scheduled.id}`);
    expect(ids1).not.toContain(`post-${elsewhere.id}`);
    const before = await get('atom');
    // Its end passes.
    await t.database.db
      .update(schema.feedPosts)
      .set({ publishAt: new Date(Date.now() - 2 * hour), endAt: new Date(Date.now() - 1000) })
      .where(eq(schema.feedPosts.id, leaving.id));
    const after = await get('atom');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(parseFeed(after.body).items.map((i) => i.id)).not.toContain(`http://console.test/api/public/clubs/${ids.dkClubId}/feed.atom#post-${leaving.id}`);
    expect(new Date(String(after.headers['last-modified'])).getTime()).toBeGreaterThanOrEqual(Math.floor((Date.now() - 60_000) / 1000) * 1000);
  });

  it("gives a post's image as an absolute address, and leaves out the status when it no longer goes to RSS", async () => {
    const p = await create({ text: 'With a photo' });
    const up = await postForm(t.app, `/api/clubs/${ids.dkClubId}/feed/posts/${p.id}/image`, tokens.writer, fileForm('data', await png(40, 30), 'p.png', 'image/png'));
    expect(up.statusCode, up.body).toBe(200);
    const imageUrl = FeedPost.parse(up.json()).image_url!;
    const item = (await read('rss')).feed.items.find((i) => i.id === `post-${p.id}`)!;
    expect(item.media.map((m) => m.url)).toContain(`http://console.test${imageUrl}`);

    await t.database.db.update(schema.clubAnnouncements).set({ toRss: false }).where(eq(schema.clubAnnouncements.clubId, ids.dkClubId));
    expect((await read('rss')).feed.items.map((i) => i.title)).not.toContain(DEMO_STATUS_HEADER);
  });

  it('answers an empty valid feed for a club without posts, 404 for an unknown club, 400 for a bad id', async () => {
    const se = await read('atom', ids.seClubId);
    expect(se.feed.title).toBe('Ljungbacka Golfklubb');
    expect(se.feed.items).toEqual([]);
    const missing = await get('rss', 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect((await get('rss', 'abc' as never)).statusCode).toBe(400);
  });
});
