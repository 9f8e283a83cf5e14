import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { COMMUNICATION_LIMITS, FeedPost, FeedStats, type ChannelDelivery, type FeedPostBody } from '@golf/contract/api/communication';
import { AppFeedPost } from '@golf/contract/api/communication-app';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { bigFile, fileForm, HTML, png, postForm } from '../../../test/images';
import { startFacebookStandIn, type FacebookStandIn } from '../../../test/stand-ins/facebook';
import { startNationalStandIn, type NationalStandIn } from '../../../test/stand-ins/national';
import { createAppKey } from '../clubs';
import { DEMO_POSTS } from './demo';
import { notificationText, publishDuePosts } from './feed-service';

/**
 * The news feed's posts (issue 23): every call, the publishing job's channels (the app feed, the
 * own RSS record, a notification to the followers, the national golf app and Facebook, both local
 * stand-ins), scheduled posts published by the due job, images, stats, and the golfers' app's feed
 * and views.
 */
describe(`news feed posts (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let facebook: FacebookStandIn;
  let national: NationalStandIn;
  let tokens: Awaited<ReturnType<typeof actors>>;
  let dkKey: string;
  let seKey: string;

  const PAGE = { id: '55501234', name: 'Fjordvang Golfklub', token: 'EAAGfeedPageToken-abcdef' };
  const NAT = { id: 'dgu-0400', name: 'Fjordvang GK', token: 'nat-feed-token-123456' };

  const actors = (app: TestApp, d: DemoIds) =>
    signInActors(app, ['admin', 'staff', 'anonymous'], {
      writer: { email: 'feed-writer@example.com', password: 'writer-password', firstName: 'Freja', lastName: 'Feed', clubRoles: { [d.dkClubId]: ['communication'] } },
      secretary: { email: 'feed-secretary@example.com', password: 'secretary-password', clubRoles: { [d.dkClubId]: ['club-status'] } },
      swede: { email: 'feed-swede@example.com', password: 'swede-password', clubRoles: { [d.seClubId]: ['communication'] } },
    });
  type Who = keyof typeof tokens;

  const hour = 3_600_000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const none = { app: false, notification: false, national: false, facebook: false };
  const body = (over: Partial<FeedPostBody> = {}): FeedPostBody => ({
    text: 'Driving range opens at 7 tomorrow.',
    link: null,
    publish_at: null,
    end_at: null,
    channels: { ...none, app: true },
    ...over,
  });
  const postsUrl = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/feed/posts`;
  const posts = (who: Who, method: 'GET' | 'POST', clubId = ids.dkClubId, payload?: unknown) => call(t.app, method, postsUrl(clubId), { token: tokens[who], payload });
  const post = (who: Who, method: 'PUT' | 'DELETE', id: number, clubId = ids.dkClubId, payload?: unknown) =>
    call(t.app, method, `${postsUrl(clubId)}/${id}`, { token: tokens[who], payload });
  const create = async (over: Partial<FeedPostBody> = {}, who: Who = 'writer', clubId = ids.dkClubId): Promise<FeedPost> => {
    const res = await posts(who, 'POST', clubId, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return FeedPost.parse(res.json());
  };
  const list = async (who: Who = 'writer', clubId = ids.dkClubId): Promise<FeedPost[]> => {
    const res = await posts(who, 'GET', clubId);
    expect(res.statusCode, res.body).toBe(200);
    return FeedPost.array().parse(res.json());
  };
  const byChannel = (p: FeedPost) => Object.fromEntries(p.deliveries.map((d) => [d.channel, d])) as Record<string, ChannelDelivery>;
  const appFeed = (clubId: number, key: string | null) => call(t.app, 'GET', `/api/app/clubs/${clubId}/feed`, { headers: key ? { [APP_KEY_HEADER]: key } : {} });
  const views = (clubId: number, key: string, payload: unknown) => call(t.app, 'POST', `/api/app/clubs/${clubId}/feed/views`, { headers: { [APP_KEY_HEADER]: key }, payload });

  /** Reads the posts until the post has no pending channel (the job delivered them). */
  async function delivered(id: number): Promise<FeedPost> {
    for (let i = 0; i < 300; i++) {
      const p = (await list()).find((x) => x.id === id);
      if (!p) throw new Error(`post ${id} is gone`);
      if (p.deliveries.every((d) => d.state !== 'pending')) return p;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the channels of post ${id} were not delivered`);
  }

  beforeAll(async () => {
    [facebook, national] = await Promise.all([startFacebookStandIn(), startNationalStandIn()]);
    facebook.addPage(PAGE.id, PAGE.name, PAGE.token);
    national.addClub(NAT.id, NAT.name, NAT.token);
    t = await buildTestApp({
      env: {
        FACEBOOK_GRAPH_URL: facebook.url,
        FACEBOOK_APP_ID: facebook.appId,
        FACEBOOK_APP_SECRET: facebook.appSecret,
        NATIONAL_APP_API_URL: national.url,
        NATIONAL_APP_CLIENT_ID: national.clientId,
        NATIONAL_APP_CLIENT_SECRET: national.clientSecret,
      },
    });
    ids = await demoIds(t);
    tokens = await actors(t, ids);
    dkKey = (await createAppKey(t.database.db, { clubId: ids.dkClubId, name: 'Feed test', createdBy: null })).key;
    seKey = (await createAppKey(t.database.db, { clubId: ids.seClubId, name: 'Feed test', createdBy: null })).key;
  });
  afterAll(async () => {
    await t?.close();
    await facebook?.close();
    await national?.close();
  });

  it('lists the demo posts newest first: scheduled (pending), published (app and RSS done), ended', async () => {
    const demo = (await list()).filter((p) => Object.values(DEMO_POSTS).includes(p.text as never));
    expect(demo.map((p) => [p.text, p.state])).toEqual([
      [DEMO_POSTS.scheduled, 'scheduled'],
      [DEMO_POSTS.published, 'published'],
      [DEMO_POSTS.ended, 'ended'],
    ]);
    expect(demo[0].deliveries.map((d) => [d.channel, d.state])).toEqual([
      ['app', 'pending'],
      ['rss', 'pending'],
    ]);
    expect(demo[1].deliveries.map((d) => [d.channel, d.state, d.external_id])).toEqual([
      ['app', 'done', null],
      ['rss', 'done', `post-${demo[1].id}`],
    ]);
    expect(await list('swede', ids.seClubId)).toEqual([]);
  });

  it('refuses users without the communication role (403), another club (403), no session (401)', async () => {
    for (const [who, method, clubId, expected] of [
      ['staff', 'GET', 'dk', 403],
      ['secretary', 'GET', 'dk', 403],
      ['secretary', 'POST', 'dk', 403],
      ['swede', 'GET', 'dk', 403],
      ['swede', 'POST', 'dk', 403],
      ['writer', 'GET', 'se', 403],
      ['anonymous', 'GET', 'dk', 401],
      ['anonymous', 'POST', 'dk', 401],
    ] as const) {
      const res = await posts(who, method, clubId === 'dk' ? ids.dkClubId : ids.seClubId, method === 'POST' ? body() : undefined);
      expect(res.statusCode, `${who} ${method} ${clubId}`).toBe(expected);
    }
    for (const path of ['stats', 'subscriptions', 'items']) {
      expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/feed/${path}`, { token: tokens.secretary })).statusCode, path).toBe(403);
    }
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = (await t.database.db.select().from(schema.feedPosts)).length;
    const cases: [string, unknown][] = [
      ['empty text', body({ text: '   ' })],
      ['100 KB text', body({ text: 'x'.repeat(100 * 1024) })],
      ['text one past the limit', body({ text: 'x'.repeat(COMMUNICATION_LIMITS.postTextMax + 1) })],
      ['end before publish', body({ publish_at: at(2 * hour), end_at: at(hour) })],
      ['end at publish', body({ publish_at: at(hour), end_at: at(hour) })],
      ['end in the past, publish now', body({ end_at: at(-hour) })],
      ['no channel', body({ channels: none })],
      ['channels missing', { ...body(), channels: undefined }],
      ['a link that is not a web address', body({ link: 'javascript:alert(1)' })],
      ['a date without offset', { ...body(), publish_at: '2026-11-27 10:00' }],
      ['unknown channel value', { ...body(), channels: { ...none, app: 'yes' } }],
    ];
    for (const [name, payload] of cases) {
      const res = await posts('writer', 'POST', ids.dkClubId, payload);
      expect(res.statusCode, name).toBe(400);
      expect(typeof res.json().code, name).toBe('string');
    }
    expect((await t.database.db.select().from(schema.feedPosts)).length).toBe(before);
  });

  it('publishes a post to the app at once: app and RSS done, in the app feed, answered with its author', async () => {
    const p = await create({ text: 'Pro shop sale this weekend', link: 'https://example.com/sale' });
    expect(p).toMatchObject({ state: 'published', views: 0, image_url: null, link: 'https://example.com/sale', created_by: 'Freja Feed', channels: { ...none, app: true } });
    expect(p.deliveries.map((d) => [d.channel, d.state, d.external_id])).toEqual([
      ['app', 'done', null],
      ['rss', 'done', `post-${p.id}`],
    ]);
    const [row] = await t.database.db.select().from(schema.feedPosts).where(eq(schema.feedPosts.id, p.id));
    expect(row.publishedAt).not.toBeNull();
    const feed = AppFeedPost.array().parse((await appFeed(ids.dkClubId, dkKey)).json());
    expect(feed[0]).toEqual({ id: p.id, text: 'Pro shop sale this weekend', link: 'https://example.com/sale', image_url: null, published_at: p.publish_at, end_at: null });
    // The demo's published post is there, the ended and the scheduled ones are not.
    expect(feed.map((f) => f.text)).toContain(DEMO_POSTS.published);
    expect(feed.map((f) => f.text)).not.toContain(DEMO_POSTS.ended);
    expect(feed.map((f) => f.text)).not.toContain(DEMO_POSTS.scheduled);
    // Newest first by publish time: after the scheduled ones, this one.
    expect((await list()).filter((x) => x.state !== 'scheduled')[0].id).toBe(p.id);
  });

  it('keeps a scheduled post out of the app until its time, then the due job publishes it', async () => {
    const p = await create({ text: 'Club championship next month', publish_at: at(hour), end_at: at(3 * hour) });
    expect(p.state).toBe('scheduled');
    expect(p.deliveries.map((d) => [d.channel, d.state])).toEqual([
      ['app', 'pending'],
      ['rss', 'pending'],
    ]);
    expect(AppFeedPost.array().parse((await appFeed(ids.dkClubId, dkKey)).json()).map((f) => f.id)).not.toContain(p.id);
    // Nothing is due yet.
    await publishDuePosts(t.database.db);
    await new Promise((r) => setTimeout(r, 300));
    expect(byChannel((await list()).find((x) => x.id === p.id)!).app.state).toBe('pending');
    // Its time comes.
    await t.database.db.update(schema.feedPosts).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(schema.feedPosts.id, p.id));
    const queued = await publishDuePosts(t.database.db);
    expect(queued.queued).toBeGreaterThanOrEqual(1);
    const done = await delivered(p.id);
    expect(done.state).toBe('published');
    expect(byChannel(done).rss).toMatchObject({ state: 'done', external_id: `post-${p.id}` });
    expect(AppFeedPost.array().parse((await appFeed(ids.dkClubId, dkKey)).json()).map((f) => f.id)).toContain(p.id);
  });

  it('delivers a notification, the national app and Facebook through the job and records each', async () => {
    await t.database.db.update(schema.clubs).set({ plan: 'business' }).where(eq(schema.clubs.id, ids.dkClubId));
    for (const [kind, account] of [
      ['facebook', PAGE],
      ['national', NAT],
    ] as const) {
      const res = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}/connections/${kind}`, { token: tokens.writer, payload: { account_id: account.id, token: account.token } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const text = 'Greens are being cored on Monday.\nThe course stays open for play.';
    const p = await create({ text, link: 'https://example.com/cores', channels: { app: true, notification: true, national: true, facebook: true } });
    expect(p.deliveries.map((d) => d.channel)).toEqual(['app', 'rss', 'notification', 'national', 'facebook']);
    const d = byChannel(await delivered(p.id));
    expect(d.app.state).toBe('done');
    expect(d.facebook).toMatchObject({ state: 'done', error: null });
    const fb = facebook.posts.at(-1)!;
    expect(fb).toMatchObject({ pageId: PAGE.id, link: 'https://example.com/cores' });
    expect(fb.message).toContain('Greens are being cored on Monday.');
    expect(d.facebook.external_id).toBe(fb.id);
    const item = national.items.at(-1)!;
    expect(item).toMatchObject({ clubId: NAT.id, title: 'Greens are being cored on Monday.', body: text, link: 'https://example.com/cores', kind: 'news' });
    expect(d.national.external_id).toBe(item.id);
    expect(d.notification.state).toBe('done');
    expect(d.notification.push).toEqual(expect.objectContaining({ targeted: expect.any(Number) }));
    const [n] = await t.database.db.select().from(schema.notifications).where(eq(schema.notifications.id, d.notification.notification_id!));
    expect(n).toMatchObject({ clubId: ids.dkClubId, source: 'post', body: text, url: 'https://example.com/cores', title: 'Fjordvang Golfklub' });
    const [row] = await t.database.db.select().from(schema.feedPosts).where(eq(schema.feedPosts.id, p.id));
    expect(row.publishedAt).not.toBeNull();
  });

  it('records a refusing service as failed with its code, and one that cannot be used as skipped', async () => {
    facebook.failNext(500, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
    const p = await create({ text: 'Facebook is down', channels: { ...none, facebook: true } });
    const d = byChannel(await delivered(p.id));
    expect(d.facebook).toMatchObject({ state: 'failed', error_code: 'communication.serviceFailed' });
    expect(d.facebook.error).toContain('Facebook');

    await t.database.db.update(schema.clubs).set({ plan: 'standard' }).where(eq(schema.clubs.id, ids.dkClubId));
    const q = await create({ text: 'Standard plan', channels: { ...none, facebook: true } });
    expect(byChannel(await delivered(q.id)).facebook).toMatchObject({ state: 'skipped', error_code: 'communication.planNeeded' });
    await t.database.db.update(schema.clubs).set({ plan: 'business' }).where(eq(schema.clubs.id, ids.dkClubId));
  });

  it('cuts a long text to fit a push message', () => {
    const long = 'æøå😀 '.repeat(400);
    const cut = notificationText(long, 'Fjordvang Golfklub', 'https://example.com/x');
    expect(cut.endsWith('…')).toBe(true);
    expect([...cut].length).toBeLessThanOrEqual(COMMUNICATION_LIMITS.notificationBodyMax);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThan(COMMUNICATION_LIMITS.pushPayloadBytesMax - 256);
    expect(notificationText('Short', 'Club', null)).toBe('Short');
  });

  it('edits a post: text, link and times; a published post keeps its delivered channels, a scheduled one takes new channels', async () => {
    const p = await create({ text: 'First words' });
    const edited = await post('writer', 'PUT', p.id, ids.dkClubId, body({ text: 'Better words', link: 'https://example.com/b', end_at: at(5 * hour), channels: { ...none, national: true } }));
    expect(edited.statusCode, edited.body).toBe(200);
    const e = FeedPost.parse(edited.json());
    expect(e).toMatchObject({ text: 'Better words', link: 'https://example.com/b', publish_at: p.publish_at, channels: { app: true, national: true, notification: false, facebook: false } });
    expect(e.end_at).not.toBeNull();
    // The app and RSS records stay; the national app is added and delivered.
    const d = byChannel(await delivered(p.id));
    expect(d.app.state).toBe('done');
    expect(d.rss.state).toBe('done');
    expect(d.national.state).toBe('done');

    const s = await create({ text: 'Later', publish_at: at(2 * hour), channels: { ...none, app: true, notification: true } });
    const changed = FeedPost.parse(
      (await post('writer', 'PUT', s.id, ids.dkClubId, body({ text: 'Later still', publish_at: at(4 * hour), channels: { ...none, national: true } }))).json(),
    );
    expect(changed.state).toBe('scheduled');
    expect(changed.channels).toEqual({ ...none, national: true });
    expect(changed.deliveries.map((x) => [x.channel, x.state])).toEqual([['national', 'pending']]);

    // Bad edits.
    expect((await post('writer', 'PUT', s.id, ids.dkClubId, body({ publish_at: at(2 * hour), end_at: at(hour) }))).statusCode).toBe(400);
    expect((await post('writer', 'PUT', s.id, ids.dkClubId, body({ channels: none }))).statusCode).toBe(400);
    expect((await post('writer', 'PUT', s.id, ids.dkClubId, body({ text: 'y'.repeat(100 * 1024) }))).statusCode).toBe(400);
  });

  it("answers 404 for another club's post in one's own club's path, and for none", async () => {
    const swedish = await create({ text: 'Hej från Skåne' }, 'swede', ids.seClubId);
    expect((await post('writer', 'PUT', swedish.id, ids.dkClubId, body())).statusCode).toBe(404);
    expect((await post('writer', 'DELETE', swedish.id, ids.dkClubId)).statusCode).toBe(404);
    const upload = await postForm(t.app, `${postsUrl()}/${swedish.id}/image`, tokens.writer, fileForm('data', await png(20, 20), 'a.png', 'image/png'));
    expect(upload.statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `${postsUrl()}/${swedish.id}/image`, { token: tokens.writer })).statusCode).toBe(404);
    const missing = await post('writer', 'PUT', 2_000_000_000, ids.dkClubId, body());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('communication.postNotFound');
    // The Swedish post is untouched, and is not in the Danish list or app feed.
    expect((await list('swede', ids.seClubId)).map((x) => x.text)).toEqual(['Hej från Skåne']);
    expect((await list()).map((x) => x.id)).not.toContain(swedish.id);
    expect(AppFeedPost.array().parse((await appFeed(ids.dkClubId, dkKey)).json()).map((f) => f.id)).not.toContain(swedish.id);
  });

  it('stores a post image, replaces and removes it, and deletes the file with the post', async () => {
    const p = await create({ text: 'With a picture' });
    const url = `${postsUrl()}/${p.id}/image`;
    const first = await postForm(t.app, url, tokens.writer, fileForm('data', await png(300, 200), 'photo.png', 'image/png'));
    expect(first.statusCode, first.body).toBe(200);
    const one = FeedPost.parse(first.json());
    expect(one.image_url).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/feed/[0-9a-f-]{36}\\.jpg\\?v=[0-9a-f]{8}$`));
    const file = await t.app.inject({ method: 'GET', url: one.image_url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const keyOf = (u: string) => u.replace(/^\/files\//, '').replace(/\?.*$/, '');
    expect(existsSync(join(t.filesDir, keyOf(one.image_url!)))).toBe(true);
    // The app feed shows it.
    expect(AppFeedPost.array().parse((await appFeed(ids.dkClubId, dkKey)).json()).find((f) => f.id === p.id)?.image_url).toBe(one.image_url);

    const second = FeedPost.parse((await postForm(t.app, url, tokens.writer, fileForm('data', await png(64, 64), 'b.png', 'image/png'))).json());
    expect(second.image_url).not.toBe(one.image_url);
    expect(existsSync(join(t.filesDir, keyOf(one.image_url!)))).toBe(false);

    // Refused: HTML, a file over the post image limit, no file, another role.
    const html = await postForm(t.app, url, tokens.writer, fileForm('data', HTML, 'x.png', 'image/png'));
    expect(html.statusCode).toBe(415);
    const big = await postForm(t.app, url, tokens.writer, fileForm('data', bigFile(COMMUNICATION_LIMITS.postImageBytesMax + 1024), 'big.jpg', 'image/jpeg'));
    expect(big.statusCode).toBe(413);
    expect((await postForm(t.app, url, tokens.secretary, fileForm('data', await png(10, 10), 'a.png', 'image/png'))).statusCode).toBe(403);
    expect((await list()).find((x) => x.id === p.id)?.image_url).toBe(second.image_url);

    const removed = await call(t.app, 'DELETE', url, { token: tokens.writer });
    expect(removed.statusCode).toBe(200);
    expect(FeedPost.parse(removed.json()).image_url).toBeNull();
    expect(existsSync(join(t.filesDir, keyOf(second.image_url!)))).toBe(false);

    const third = FeedPost.parse((await postForm(t.app, url, tokens.writer, fileForm('data', await png(32, 32), 'c.png', 'image/png'))).json());
    expect((await post('writer', 'DELETE', p.id)).statusCode).toBe(204);
    expect(existsSync(join(t.filesDir, keyOf(third.image_url!)))).toBe(false);
    expect((await list()).map((x) => x.id)).not.toContain(p.id);
    expect((await post('writer', 'DELETE', p.id)).statusCode).toBe(404);
  });

  it("counts the app's views of the club's app posts only, and refuses another club's key", async () => {
    const a = await create({ text: 'Viewed post' });
    const hidden = await create({ text: 'Not in the app', channels: { ...none, national: true } });
    const swedish = await create({ text: 'Swedish viewed' }, 'swede', ids.seClubId);
    const res = await views(ids.dkClubId, dkKey, {
      views: [
        { post_id: a.id, count: 3 },
        { post_id: a.id, count: 2 },
        { post_id: swedish.id, count: 50 },
        { post_id: hidden.id, count: 7 },
        { post_id: 2_000_000_000, count: 9 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stored: 5 });
    const after = await list();
    expect(after.find((x) => x.id === a.id)?.views).toBe(5);
    expect(after.find((x) => x.id === hidden.id)?.views).toBe(0);
    expect((await list('swede', ids.seClubId)).find((x) => x.id === swedish.id)?.views).toBe(0);

    expect((await views(ids.dkClubId, seKey, { views: [{ post_id: a.id, count: 1 }] })).statusCode).toBe(403);
    expect((await views(ids.dkClubId, dkKey, { views: [] })).statusCode).toBe(400);
    expect((await views(ids.dkClubId, dkKey, { views: [{ post_id: a.id, count: 0 }] })).statusCode).toBe(400);
    expect((await appFeed(ids.dkClubId, null)).statusCode).toBe(401);
    expect((await appFeed(ids.dkClubId, seKey)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/app/clubs/${ids.dkClubId}/feed`, { token: tokens.admin })).statusCode).toBe(401);
  });

  it('answers the stats: followers, members, views, posts, external feeds, own items and the feed addresses', async () => {
    const db = t.database.db;
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/feed/stats`, { token: tokens.writer });
    expect(res.statusCode, res.body).toBe(200);
    const s = FeedStats.parse(res.json());
    const rows = await db.select().from(schema.feedPosts).where(eq(schema.feedPosts.clubId, ids.dkClubId));
    const followers = await db.select().from(schema.appUsers).where(eq(schema.appUsers.clubId, ids.dkClubId));
    const members = await db.select().from(schema.clubMembers).where(eq(schema.clubMembers.clubId, ids.dkClubId));
    expect(s.posts).toBe(rows.length);
    expect(s.views).toBe(rows.reduce((sum, r) => sum + r.views, 0));
    expect(s.views).toBeGreaterThanOrEqual(5);
    expect(s.followers).toBe(followers.filter((f) => f.following).length);
    expect(s.members).toBe(members.filter((m) => m.status !== 'banned').length);
    const now = new Date();
    const ownPosts = rows.filter((r) => r.toApp && r.publishAt <= now && (r.endAt === null || r.endAt > now)).length;
    // The demo's status goes to RSS and is visible.
    expect(s.own_items).toBe(ownPosts + 1);
    expect(s.own_rss_url).toBe(`http://console.test/api/public/clubs/${ids.dkClubId}/feed.rss`);
    expect(s.own_atom_url).toBe(`http://console.test/api/public/clubs/${ids.dkClubId}/feed.atom`);
    expect(s).toMatchObject({ external_feeds: 0, external_items: 0 });

    const se = FeedStats.parse((await call(t.app, 'GET', `/api/clubs/${ids.seClubId}/feed/stats`, { token: tokens.swede })).json());
    expect(se.posts).toBe((await db.select().from(schema.feedPosts).where(eq(schema.feedPosts.clubId, ids.seClubId))).length);
  });
});
