import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { COMMUNITY_LIMITS, CommunityComment, CommunityPost, ModerationLogPage, PostsPage } from '@golf/contract/api/communities';
import { AppComment, AppPost, AppPostsPage, ReportResponse } from '@golf/contract/api/communities-app';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { createAppKey } from '../clubs';

/**
 * The golfers' app's side of posts, comments and reports (issue 24): reading (open community to
 * anyone the club knows, hidden community only to its members: 404 to others), posting,
 * commenting and replying as a member (not joined, banned, muted: 403; a mute that has ended:
 * allowed), a closed post and a reply to a reply refused, and reports: one per golfer and item,
 * at the club's threshold (2 by default, or the club's own) the item is hidden from everyone but
 * its author and the console's queue lists it; a manager's restore shows it again, and the log
 * has both entries.
 */
describe(`communities in the app: posts, comments, reports (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Awaited<ReturnType<typeof signInActors<'admin'>>>;
  let key: string;
  let swedishKey: string;
  /** Open community A, hidden community H, another open community B, and one of the Swedish club. */
  let a: number;
  let h: number;
  let b: number;
  let swedish: number;
  /** Community member ids by golfer. */
  const members: Record<string, number> = {};

  const app = (k = key) => ({ [APP_KEY_HEADER]: k });
  const url = (golfer: string, communityId: number, rest = '', clubId = ids.dkClubId) => `/api/app/clubs/${clubId}/users/${golfer}/communities/${communityId}${rest}`;
  const appCall = (method: 'GET' | 'POST', path: string, payload?: unknown, k = key) => call(t.app, method, path, { headers: app(k), payload });
  const manage = (method: 'GET' | 'POST', communityId: number, rest: string, payload?: unknown) =>
    call(t.app, method, `/api/clubs/${ids.dkClubId}/communities/${communityId}${rest}`, { token: tokens.admin, payload });
  const db = () => t.database.db;

  async function golfer(appId: string, clubId = ids.dkClubId, k = key): Promise<number> {
    const res = await call(t.app, 'PUT', `/api/app/clubs/${clubId}/users/${appId}`, { headers: app(k), payload: { language: 'da', following: false } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db()
      .select({ id: schema.appUsers.id })
      .from(schema.appUsers)
      .where(and(eq(schema.appUsers.clubId, clubId), eq(schema.appUsers.appId, appId)));
    return row.id;
  }
  async function join(appId: string, communityId: number, displayName: string, status: 'member' | 'invited' | 'banned' = 'member') {
    const appUserId = await golfer(appId);
    const [row] = await db()
      .insert(schema.communityMembers)
      .values({ communityId, appUserId, displayName, status, joinedAt: status === 'member' ? new Date() : null })
      .returning({ id: schema.communityMembers.id });
    members[`${appId}@${communityId}`] = row.id;
    return row.id;
  }
  async function posts(appId: string, communityId: number, query = ''): Promise<AppPost[]> {
    const res = await appCall('GET', url(appId, communityId, `/posts${query}`));
    expect(res.statusCode, res.body).toBe(200);
    return AppPostsPage.parse(res.json()).items;
  }
  async function post(appId: string, communityId: number, text: string): Promise<AppPost> {
    const res = await appCall('POST', url(appId, communityId, '/posts'), { text });
    expect(res.statusCode, res.body).toBe(201);
    return AppPost.parse(res.json());
  }
  async function comments(appId: string, communityId: number, postId: number): Promise<AppComment[]> {
    const res = await appCall('GET', url(appId, communityId, `/posts/${postId}/comments`));
    expect(res.statusCode, res.body).toBe(200);
    return AppComment.array().parse(res.json());
  }
  async function comment(appId: string, communityId: number, postId: number, text: string, parentId: number | null = null): Promise<AppComment> {
    const res = await appCall('POST', url(appId, communityId, `/posts/${postId}/comments`), { text, parent_id: parentId });
    expect(res.statusCode, res.body).toBe(201);
    return AppComment.parse(res.json());
  }
  async function report(appId: string, communityId: number, kind: 'post' | 'comment', id: number): Promise<boolean> {
    const res = await appCall('POST', url(appId, communityId, '/reports'), { kind, id, reason: 'Upassende' });
    expect(res.statusCode, res.body).toBe(201);
    return ReportResponse.parse(res.json()).hidden;
  }
  async function community(name: string, hidden: boolean, clubId = ids.dkClubId): Promise<number> {
    const [row] = await db().insert(schema.communities).values({ clubId, name, hidden }).returning({ id: schema.communities.id });
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin']);
    key = (await createAppKey(db(), { clubId: ids.dkClubId, name: 'Communities test', createdBy: null })).key;
    swedishKey = (await createAppKey(db(), { clubId: ids.seClubId, name: 'Communities test', createdBy: null })).key;
    a = await community('App A', false);
    h = await community('App H (skjult)', true);
    b = await community('App B', false);
    swedish = await community('App Sverige', false, ids.seClubId);
    await join('anna', a, 'Anna Andersen');
    await join('bo', a, 'Bo Bech');
    await join('carl', a, 'Carl Clausen');
    await join('dina', a, 'Dina Dam', 'banned');
    await join('erik', a, 'Erik Eriksen');
    await golfer('frida'); // known to the club, in no community
    await join('gitte', h, 'Gitte Gram');
    await join('anna-h', h, 'Anna H');
    await join('ida', h, 'Ida Invited', 'invited');
    await join('bo-b', b, 'Bo B');
  });
  afterAll(() => t?.close());

  it('a member posts and reads; the author is their display name; an open community is read by golfers outside it', async () => {
    const p = await post('anna', a, '  Hvem vil spille 9 huller i morgen?  ');
    expect(p).toMatchObject({ text: 'Hvem vil spille 9 huller i morgen?', author: { kind: 'golfer', name: 'Anna Andersen', you: true }, state: 'visible', comments: 0, pinned: false, closed: false });
    const [row] = await db().select().from(schema.communityPosts).where(eq(schema.communityPosts.id, p.id));
    expect(row).toMatchObject({ authorMemberId: members[`anna@${a}`], authorUserId: null, authorName: 'Anna Andersen', communityId: a });
    // Bo (a member) and Frida (not in it) read it; for them it is someone else's.
    expect((await posts('bo', a)).find((x) => x.id === p.id)?.author).toEqual({ kind: 'golfer', name: 'Anna Andersen', you: false });
    expect((await posts('frida', a)).find((x) => x.id === p.id)).toBeDefined();
    // The console shows it as a golfer's post.
    const inConsole = PostsPage.parse((await manage('GET', a, '/posts')).json()).items.find((x) => x.id === p.id);
    expect(inConsole?.author).toEqual({ kind: 'golfer', id: members[`anna@${a}`], name: 'Anna Andersen', you: false });
    // A manager's post shows as the club's user's.
    const byManager = CommunityPost.parse((await manage('POST', a, '/posts', { text: 'Velkommen i fællesskabet' })).json());
    expect((await posts('anna', a)).find((x) => x.id === byManager.id)?.author).toMatchObject({ kind: 'user', you: false });
  });

  it('refuses writers who may not write: not joined, invited, banned (also from reading), muted until the mute ends', async () => {
    const notJoined = await appCall('POST', url('frida', a, '/posts'), { text: 'Hej' });
    expect(notJoined.statusCode).toBe(403);
    expect(notJoined.json().code).toBe('communities.notJoined');

    const banned = await appCall('POST', url('dina', a, '/posts'), { text: 'Hej' });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().code).toBe('communities.banned');
    expect((await appCall('GET', url('dina', a, '/posts'))).statusCode).toBe(403);

    const until = new Date(Date.now() + 3 * 86_400_000);
    await db().update(schema.communityMembers).set({ mutedUntil: until }).where(eq(schema.communityMembers.id, members[`erik@${a}`]));
    const muted = await appCall('POST', url('erik', a, '/posts'), { text: 'Hej' });
    expect(muted.statusCode).toBe(403);
    expect(muted.json()).toMatchObject({ code: 'communities.muted', params: { until: until.toISOString() } });
    const someone = await post('bo', a, 'Erik må gerne læse med');
    const mutedComment = await appCall('POST', url('erik', a, `/posts/${someone.id}/comments`), { text: 'Hej' });
    expect(mutedComment.json().code).toBe('communities.muted');
    expect((await appCall('POST', url('erik', a, '/reports'), { kind: 'post', id: someone.id })).statusCode).toBe(403);
    // A muted golfer still reads.
    expect((await posts('erik', a)).some((x) => x.id === someone.id)).toBe(true);
    // The mute ends by itself.
    await db().update(schema.communityMembers).set({ mutedUntil: new Date(Date.now() - 60_000) }).where(eq(schema.communityMembers.id, members[`erik@${a}`]));
    await post('erik', a, 'Tilbage igen');
    await comment('erik', a, someone.id, 'Tak');

    // A golfer the club does not know.
    const unknown = await appCall('GET', url('nobody', a, '/posts'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('communities.unknownGolfer');
  });

  it('keeps a hidden community from golfers who are not in it (404), and lets its members read and write', async () => {
    const p = await post('gitte', h, 'Kun for damerne');
    for (const [method, path, payload] of [
      ['GET', url('anna', h, '/posts'), undefined],
      ['POST', url('anna', h, '/posts'), { text: 'Må jeg?' }],
      ['GET', url('anna', h, `/posts/${p.id}/comments`), undefined],
      ['POST', url('anna', h, `/posts/${p.id}/comments`), { text: 'Må jeg?' }],
      ['POST', url('anna', h, '/reports'), { kind: 'post', id: p.id }],
    ] as const) {
      const res = await appCall(method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().code).toBe('communities.notFound');
    }
    // Invited, not joined: neither reads nor writes.
    expect((await appCall('GET', url('ida', h, '/posts'))).statusCode).toBe(403);
    expect((await appCall('POST', url('ida', h, '/posts'), { text: 'Hej' })).statusCode).toBe(403);
    expect((await posts('anna-h', h)).map((x) => x.id)).toContain(p.id);
    await comment('anna-h', h, p.id, 'Dejligt');
  });

  it('keeps ids to their club and community: another community’s post, another club’s key or community', async () => {
    const inB = await post('bo-b', b, 'Et opslag i B');
    // B's post through A's path: not found, for reading, commenting and reporting.
    expect((await appCall('GET', url('anna', a, `/posts/${inB.id}/comments`))).json().code).toBe('communities.postNotFound');
    expect((await appCall('POST', url('anna', a, `/posts/${inB.id}/comments`), { text: 'Hej' })).statusCode).toBe(404);
    expect((await appCall('POST', url('anna', a, '/reports'), { kind: 'post', id: inB.id })).statusCode).toBe(404);
    // The Swedish club's community through the Danish club's path: not found; the Swedish key on the Danish path: refused.
    expect((await appCall('GET', url('anna', swedish, '/posts'))).json().code).toBe('communities.notFound');
    expect((await appCall('GET', url('anna', a, '/posts'), undefined, swedishKey)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url('anna', a, '/posts'))).statusCode).toBe(401);
    // A golfer of the Swedish club is not known to the Danish one.
    await golfer('sven', ids.seClubId, swedishKey);
    expect((await appCall('GET', url('sven', a, '/posts'))).json().code).toBe('communities.unknownGolfer');
    expect((await appCall('GET', url('sven', swedish, '/posts', ids.seClubId), undefined, swedishKey)).statusCode).toBe(200);
  });

  it('refuses bad input: an empty post, a 100 KB text, a reply to a reply, a comment on a closed post', async () => {
    for (const payload of [{ text: '' }, { text: '   ' }, {}, { text: 'x'.repeat(COMMUNITY_LIMITS.postTextMax + 1) }]) {
      expect((await appCall('POST', url('anna', a, '/posts'), payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect([400, 413]).toContain((await appCall('POST', url('anna', a, '/posts'), { text: 'x'.repeat(100 * 1024) })).statusCode);
    const p = await post('anna', a, 'Tråd');
    const c = await comment('bo', a, p.id, 'Kommentar');
    const r = await comment('carl', a, p.id, 'Svar', c.id);
    expect(r).toMatchObject({ parent_id: c.id, author: { kind: 'golfer', name: 'Carl Clausen', you: true } });
    const deeper = await appCall('POST', url('anna', a, `/posts/${p.id}/comments`), { text: 'Svar på svar', parent_id: r.id });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().code).toBe('communities.replyToReply');
    expect((await appCall('POST', url('anna', a, `/posts/${p.id}/comments`), { text: 'x'.repeat(COMMUNITY_LIMITS.commentTextMax + 1) })).statusCode).toBe(400);
    expect((await appCall('POST', url('anna', a, '/reports'), { kind: 'photo', id: p.id })).statusCode).toBe(400);
    expect((await appCall('POST', url('anna', a, '/reports'), { kind: 'post', id: 0 })).statusCode).toBe(400);

    const thread = await comments('anna', a, p.id);
    expect(thread.map((x) => x.id)).toEqual([c.id]);
    expect(thread[0].replies.map((x) => x.id)).toEqual([r.id]);
    expect((await posts('anna', a)).find((x) => x.id === p.id)?.comments).toBe(2);

    expect((await manage('POST', a, `/posts/${p.id}/moderation`, { action: 'close' })).statusCode).toBe(200);
    for (const parent of [null, c.id]) {
      const closed = await appCall('POST', url('bo', a, `/posts/${p.id}/comments`), { text: 'For sent', parent_id: parent });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('communities.postClosed');
    }
    expect((await posts('bo', a)).find((x) => x.id === p.id)?.closed).toBe(true);
  });

  it('hides a post at 2 reports: its author still sees it, others do not, the console queues it; a restore shows it again and both are logged', async () => {
    const p = await post('anna', a, 'Køb billige golfbolde på min hjemmeside');
    expect(await report('bo', a, 'post', p.id)).toBe(false);
    const again = await appCall('POST', url('bo', a, '/reports'), { kind: 'post', id: p.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('communities.alreadyReported');
    const own = await appCall('POST', url('anna', a, '/reports'), { kind: 'post', id: p.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('communities.ownItem');
    expect((await posts('carl', a)).some((x) => x.id === p.id)).toBe(true);

    expect(await report('carl', a, 'post', p.id)).toBe(true);
    expect((await posts('anna', a)).find((x) => x.id === p.id)).toMatchObject({ state: 'hidden', author: { you: true } });
    expect((await posts('bo', a)).some((x) => x.id === p.id)).toBe(false);
    expect((await posts('frida', a)).some((x) => x.id === p.id)).toBe(false);
    // Hidden from others: its comments, a comment on it and a report of it are not found.
    expect((await appCall('GET', url('bo', a, `/posts/${p.id}/comments`))).statusCode).toBe(404);
    expect((await appCall('POST', url('bo', a, `/posts/${p.id}/comments`), { text: 'Hej' })).statusCode).toBe(404);
    expect((await appCall('POST', url('erik', a, '/reports'), { kind: 'post', id: p.id })).statusCode).toBe(404);
    // Its author still reads its comments.
    expect(await comments('anna', a, p.id)).toEqual([]);

    const queue = PostsPage.parse((await manage('GET', a, '/posts?state=hidden')).json());
    expect(queue.items.find((x) => x.id === p.id)).toMatchObject({ state: 'hidden', reports: 2 });
    const restored = await manage('POST', a, `/posts/${p.id}/moderation`, { action: 'restore' });
    expect(CommunityPost.parse(restored.json())).toMatchObject({ state: 'visible', reports: 0 });
    expect((await posts('bo', a)).find((x) => x.id === p.id)?.state).toBe('visible');

    const log = ModerationLogPage.parse((await manage('GET', a, '/moderation-log')).json()).items.filter((e) => e.target === 'Køb billige golfbolde på min hjemmeside');
    expect(log.map((e) => [e.action, e.actor.kind, e.detail])).toEqual([
      ['post_restored', 'user', '2 reports'],
      ['post_hidden', 'reports', '2 reports'],
    ]);
    expect(log[1].actor.name).toBe('reports');
    // The reports were resolved: one new report does not hide it again.
    expect(await report('erik', a, 'post', p.id)).toBe(false);
  });

  it('hides a comment at the threshold, with its replies, from everyone but its author; a restore shows it again', async () => {
    const p = await post('bo', a, 'Resultater fra onsdagsmatchen');
    const c = await comment('anna', a, p.id, 'Flot spillet, men dommeren var blind');
    const r = await comment('bo', a, p.id, 'Haha', c.id);
    expect(await report('carl', a, 'comment', c.id)).toBe(false);
    expect((await appCall('POST', url('anna', a, '/reports'), { kind: 'comment', id: c.id })).statusCode).toBe(400);
    expect(await report('erik', a, 'comment', c.id)).toBe(true);

    // Anna (its author) sees it hidden, with the reply; the others see neither.
    const own = await comments('anna', a, p.id);
    expect(own.map((x) => [x.id, x.state])).toEqual([[c.id, 'hidden']]);
    expect(own[0].replies.map((x) => x.id)).toEqual([r.id]);
    expect(await comments('carl', a, p.id)).toEqual([]);
    expect(await comments('bo', a, p.id)).toEqual([]);
    expect((await posts('carl', a)).find((x) => x.id === p.id)?.comments).toBe(0);
    expect((await posts('anna', a)).find((x) => x.id === p.id)?.comments).toBe(2);
    // Not to be replied to or reported by others meanwhile.
    expect((await appCall('POST', url('carl', a, `/posts/${p.id}/comments`), { text: 'Svar', parent_id: c.id })).statusCode).toBe(404);
    expect((await appCall('POST', url('bo', a, '/reports'), { kind: 'comment', id: c.id })).statusCode).toBe(404);
    expect((await appCall('POST', url('carl', a, '/reports'), { kind: 'comment', id: r.id })).statusCode).toBe(404);

    const thread = CommunityComment.array().parse((await manage('GET', a, `/posts/${p.id}/comments`)).json());
    expect(thread[0]).toMatchObject({ id: c.id, state: 'hidden', reports: 2 });
    expect(PostsPage.parse((await manage('GET', a, '/posts?state=hidden')).json()).items.map((x) => x.id)).toContain(p.id);
    expect((await manage('POST', a, `/comments/${c.id}/moderation`, { action: 'restore' })).statusCode).toBe(200);
    expect((await comments('carl', a, p.id)).map((x) => x.id)).toEqual([c.id]);
    const log = ModerationLogPage.parse((await manage('GET', a, '/moderation-log')).json()).items.slice(0, 2);
    expect(log.map((e) => e.action)).toEqual(['comment_restored', 'comment_hidden']);
    expect(log[1]).toMatchObject({ actor: { kind: 'reports' }, detail: '2 reports', target: 'Flot spillet, men dommeren var blind' });
  });

  it('follows the club’s own threshold', async () => {
    await db().insert(schema.communitySettings).values({ clubId: ids.dkClubId, reportThreshold: 3 }).onConflictDoUpdate({ target: schema.communitySettings.clubId, set: { reportThreshold: 3 } });
    try {
      const p = await post('anna', a, 'Tre anmeldelser skal der til');
      expect(await report('bo', a, 'post', p.id)).toBe(false);
      expect(await report('carl', a, 'post', p.id)).toBe(false);
      expect((await posts('bo', a)).some((x) => x.id === p.id)).toBe(true);
      expect(await report('erik', a, 'post', p.id)).toBe(true);
      expect((await posts('bo', a)).some((x) => x.id === p.id)).toBe(false);
      const open = await db()
        .select()
        .from(schema.communityReports)
        .where(and(eq(schema.communityReports.postId, p.id), isNull(schema.communityReports.resolvedAt)));
      expect(open).toHaveLength(3);

      await db().update(schema.communitySettings).set({ reportThreshold: 1 }).where(eq(schema.communitySettings.clubId, ids.dkClubId));
      const q = await post('anna', a, 'Én anmeldelse er nok');
      expect(await report('bo', a, 'post', q.id)).toBe(true);
    } finally {
      await db().delete(schema.communitySettings).where(eq(schema.communitySettings.clubId, ids.dkClubId));
    }
  });

  it('pages the app’s posts: pinned first, then the newest, by id', async () => {
    const c = await community('App paging', false);
    const [member] = await db().select().from(schema.communityMembers).where(eq(schema.communityMembers.id, members[`anna@${a}`]));
    await db().insert(schema.communityMembers).values({ communityId: c, appUserId: member.appUserId, displayName: 'Anna', status: 'member' });
    const size = COMMUNITY_LIMITS.postsPageSize;
    const rows = await db()
      .insert(schema.communityPosts)
      .values(Array.from({ length: size + 2 }, (_, i) => ({ communityId: c, authorName: 'Klubben', text: `Nyhed ${i + 1}`, pinned: i === 0, hidden: i === 1 })))
      .returning({ id: schema.communityPosts.id });
    const sorted = rows.map((r) => r.id).sort((x, y) => x - y);
    const first = AppPostsPage.parse((await appCall('GET', url('anna', c, '/posts'))).json());
    // The pinned (oldest) first; the hidden one (nobody's own) is absent.
    const expected = [sorted[0], ...sorted.slice(2).reverse()];
    expect(first.items.map((x) => x.id)).toEqual(expected.slice(0, size + 1));
    expect(first.more).toBe(false);
    expect((await appCall('GET', url('anna', c, `/posts?before=${sorted[3]}`))).json().items.map((x: AppPost) => x.id)).toEqual([sorted[2]]);
  });
});
