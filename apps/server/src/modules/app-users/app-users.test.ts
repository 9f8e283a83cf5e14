import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, countDistinct, eq, inArray, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AppUserDataExport, AppUserDetail, AppUserErasure, AppUsersResponse } from '@golf/contract/api/app-users';
import * as schema from '../../db/schema/index';
import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { localStorage } from '../../platform/storage';
import { appIdHash } from './service';

type Actor = 'admin' | 'owner' | 'staff' | 'anonymous' | 'regionOwner';

const ALICE = 'gdpr-alice:01';
const BOB = 'gdpr-bob.02';
const CAROL = 'gdpr-carol_03';

describe(`the app's users (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  const db = () => t.database.db;
  const get = (url: string, token: string | null = tokens.admin) => call(t.app, 'GET', url, { token });
  const user = (appId: string) => `/api/admin/app-users/${encodeURIComponent(appId)}`;

  /** Rows of every kind the erasure touches, counted in the whole database. */
  async function tableCounts() {
    const n = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0].n;
    return {
      appUsers: await n(schema.appUsers),
      rounds: await n(schema.rounds),
      roundHoles: await n(schema.roundHoles),
      shots: await n(schema.shots),
      tracks: await n(schema.roundTracks),
      downloads: await n(schema.guideDownloads),
      push: await n(schema.pushSubscriptions),
      members: await n(schema.communityMembers),
      posts: await n(schema.communityPosts),
      comments: await n(schema.communityComments),
      reports: await n(schema.communityReports),
    };
  }

  /** An app user's rows in the clubs, with a round (3 holes, 2 shots, a track) and `downloads` downloads in the Danish club. */
  async function golfer(appId: string, opts: { rounds: number; downloads: number; se?: boolean }) {
    const [guide] = await db().select().from(schema.guides).where(eq(schema.guides.title, DEMO_GUIDE_TITLE));
    const [gc] = await db().select().from(schema.guideCourses).where(eq(schema.guideCourses.guideId, guide.id));
    const [dk] = await db().insert(schema.appUsers).values({ clubId: ids.dkClubId, appId, language: 'da', following: true, followedAt: new Date('2026-05-01T10:00:00Z') }).returning();
    if (opts.se) await db().insert(schema.appUsers).values({ clubId: ids.seClubId, appId, language: 'sv', following: false });
    for (let i = 0; i < opts.rounds; i++) {
      const start = new Date(Date.UTC(2026, 5, 1 + i, 8));
      const [round] = await db()
        .insert(schema.rounds)
        .values({
          clubId: ids.dkClubId,
          appRoundId: `${appId}-r${i}`,
          guideId: guide.id,
          courseId: gc.courseId,
          appUserId: dk.id,
          startedAt: start,
          endedAt: new Date(start.getTime() + 4 * 3600_000),
          localStart: '2026-06-01T10:00:00',
          sex: 'female',
          handicap: 12.3,
          home: true,
          points: 34,
          strokes: 14,
          holesPlayed: 3,
          shotTracked: 1,
        })
        .returning();
      await db()
        .insert(schema.roundHoles)
        .values([1, 2, 3].map((h) => ({ roundId: round.id, holeNumber: h, par: 4, strokes: h + 3 })));
      await db()
        .insert(schema.shots)
        .values([1, 2].map((seq) => ({ roundId: round.id, seq, holeNumber: 1, lon: 9.5 + seq / 1000, lat: 55.2, x: seq * 100, y: 10, playedAt: start, golfClub: 'driver' })));
      await db().insert(schema.roundTracks).values({ roundId: round.id, x: [0, 1], y: [0, 1], seconds: [0, 60], hole: [1, 1] });
    }
    for (let i = 0; i < opts.downloads; i++) {
      await db()
        .insert(schema.guideDownloads)
        .values({ clubId: ids.dkClubId, guideId: guide.id, product: 'json', appUserId: dk.id, downloadedAt: new Date(Date.UTC(2026, 4, 1 + i)) });
    }
    await db()
      .insert(schema.pushSubscriptions)
      .values({ clubId: ids.dkClubId, appUserId: dk.id, endpoint: `https://push.example/${appId}`, p256dh: 'p', auth: 'a' });
    return dk.id;
  }

  const stored = async (key: string) => (await localStorage(t.filesDir).open(key)) !== null;
  let ALICE_IMAGE: string;
  let BOB_IMAGE: string;
  let aliceDk: number;
  let importedMemberId: number;
  let bobDk: number;
  let community: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      regionOwner: { email: 'app-users-region@example.com', password: 'region-pw-1', regionRoles: { [ids.dkRegionId]: ['owner'] } },
    });
    ALICE_IMAGE = `public/clubs/${ids.dkClubId}/communities/app-users-alice.jpg`;
    BOB_IMAGE = `public/clubs/${ids.dkClubId}/communities/app-users-bob.jpg`;
    aliceDk = await golfer(ALICE, { rounds: 2, downloads: 3, se: true });
    bobDk = await golfer(BOB, { rounds: 1, downloads: 1 });
    await db().insert(schema.appUsers).values({ clubId: ids.seClubId, appId: CAROL, language: 'en' });
    // A community of the Danish club where Alice and Bob write; Alice comments Bob's post and reports it.
    [{ id: community }] = await db().insert(schema.communities).values({ clubId: ids.dkClubId, name: 'App users test' }).returning({ id: schema.communities.id });
    const [aliceMember, bobMember] = await db()
      .insert(schema.communityMembers)
      .values([
        { communityId: community, appUserId: aliceDk, displayName: 'Alice', status: 'member', joinedAt: new Date() },
        { communityId: community, appUserId: bobDk, displayName: 'Bob', status: 'member', joinedAt: new Date() },
      ])
      .returning();
    const [alicePost, bobPost] = await db()
      .insert(schema.communityPosts)
      .values([
        { communityId: community, authorMemberId: aliceMember.id, authorName: 'Alice', text: 'Alice writes' },
        { communityId: community, authorMemberId: bobMember.id, authorName: 'Bob', text: 'Bob writes' },
      ])
      .returning();
    await db()
      .insert(schema.communityComments)
      .values([
        { postId: bobPost.id, authorMemberId: aliceMember.id, authorName: 'Alice', text: 'Alice answers Bob' },
        { postId: bobPost.id, authorMemberId: bobMember.id, authorName: 'Bob', text: 'Bob answers himself' },
        { postId: alicePost.id, authorMemberId: aliceMember.id, authorName: 'Alice', text: 'Alice again' },
      ]);
    await db().insert(schema.communityReports).values({ postId: bobPost.id, memberId: aliceMember.id, reason: 'test' });
    // In a second community, Alice is also the club's imported member (invited by mail, then joined in the app).
    const [{ id: second }] = await db().insert(schema.communities).values({ clubId: ids.dkClubId, name: 'App users test 2' }).returning({ id: schema.communities.id });
    const [imported] = await db()
      .insert(schema.clubMembers)
      .values({ clubId: ids.dkClubId, unionNumber: '99-1234', email: 'alice.app@example.com', firstName: 'Alice' })
      .returning({ id: schema.clubMembers.id });
    importedMemberId = imported.id;
    await db()
      .insert(schema.communityMembers)
      .values({ communityId: second, appUserId: aliceDk, clubMemberId: imported.id, displayName: 'Alice', status: 'member', joinedAt: new Date() });
    // An image on each post, stored as files in the app's storage.
    const storage = localStorage(t.filesDir);
    await storage.put(ALICE_IMAGE, Buffer.from('alice'), 'image/jpeg');
    await storage.put(BOB_IMAGE, Buffer.from('bob'), 'image/jpeg');
    await db()
      .insert(schema.communityImages)
      .values([
        { postId: alicePost.id, fileKey: ALICE_IMAGE, width: 10, height: 10 },
        { postId: bobPost.id, fileKey: BOB_IMAGE, width: 10, height: 10 },
      ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the app users by search, paged, with their clubs, downloads and rounds', async () => {
    const res = await get('/api/admin/app-users?search=GDPR-&page_size=2');
    expect(res.statusCode, res.body).toBe(200);
    const first = AppUsersResponse.parse(res.json());
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    const second = AppUsersResponse.parse((await get('/api/admin/app-users?search=gdpr-&page_size=2&page=2')).json());
    expect(second.items).toHaveLength(1);
    const all = [...first.items, ...second.items];
    expect(all.map((u) => u.app_id).sort()).toEqual([ALICE, BOB, CAROL].sort());
    const alice = all.find((u) => u.app_id === ALICE)!;
    expect(alice).toMatchObject({ downloads: 3, rounds: 2 });
    expect(alice.clubs.map((c) => [c.club_id, c.following]).sort()).toEqual(
      [
        [ids.dkClubId, true],
        [ids.seClubId, false],
      ].sort(),
    );
    const exact = AppUsersResponse.parse((await get(`/api/admin/app-users?search=${encodeURIComponent('bob.02')}`)).json());
    expect(exact.items.map((u) => u.app_id)).toEqual([BOB]);
    const none = AppUsersResponse.parse((await get('/api/admin/app-users?search=no-such-user-anywhere')).json());
    expect(none).toMatchObject({ items: [], total: 0 });
    // Without a search, every app user of the demo and of this test.
    const everyone = AppUsersResponse.parse((await get('/api/admin/app-users?page_size=1')).json());
    const [{ n }] = await db().select({ n: countDistinct(schema.appUsers.appId) }).from(schema.appUsers);
    expect(everyone.total).toBe(n);
    expect(everyone.items).toHaveLength(1);
  });

  it('exports the list as CSV', async () => {
    const res = await get('/api/admin/app-users.csv?search=gdpr-');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="guide-app-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('App id;Clubs;Following;Downloads;Rounds;First seen;Last seen');
    expect(lines).toHaveLength(4);
    const alice = lines.find((l) => l.startsWith(`${ALICE};`))!.split(';');
    expect(alice.slice(2, 5)).toEqual(['Fjordvang Golfklub', '3', '2']);
  });

  it('shows a user: clubs, downloads, rounds with club and course, and the counts of each kind', async () => {
    const res = await get(user(ALICE));
    expect(res.statusCode, res.body).toBe(200);
    const detail = AppUserDetail.parse(res.json());
    expect(detail.clubs.map((c) => c.club_id).sort()).toEqual([ids.dkClubId, ids.seClubId].sort());
    expect(detail.downloads).toHaveLength(3);
    expect(detail.downloads[0].guide_title).toBe(DEMO_GUIDE_TITLE);
    expect(detail.rounds).toHaveLength(2);
    expect(detail.rounds[0]).toMatchObject({ club_name: 'Fjordvang Golfklub', strokes: 14, points: 34, holes_played: 3 });
    expect(detail.rounds[0].started_at > detail.rounds[1].started_at).toBe(true);
    expect(detail.counts).toEqual({
      app_users: 2,
      rounds: 2,
      round_holes: 6,
      shots: 4,
      round_tracks: 2,
      download_links: 3,
      community_memberships: 2,
      community_posts: 1,
      community_comments: 2,
      community_reports: 1,
      push_subscriptions: 1,
    });
  });

  it('exports all of a user’s data as a JSON file', async () => {
    const res = await get(`${user(ALICE)}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="app-user-${ALICE}.json"`);
    const data = AppUserDataExport.parse(res.json());
    expect(data.app_id).toBe(ALICE);
    expect(data.clubs).toHaveLength(2);
    expect(data.downloads).toHaveLength(3);
    expect(data.rounds).toHaveLength(2);
    expect(data.rounds[0].holes).toHaveLength(3);
    expect(data.rounds[0].shots).toHaveLength(2);
    expect(data.rounds[0].track).toEqual({ x: [0, 1], y: [0, 1], seconds: [0, 60], hole: [1, 1] });
    expect(data.community_memberships).toEqual([
      expect.objectContaining({ community_id: community, display_name: 'Alice', status: 'member' }),
      expect.objectContaining({ community_name: 'App users test 2', status: 'member' }),
    ]);
    expect(data.community_posts.map((p) => p.text)).toEqual(['Alice writes']);
    expect(data.community_comments.map((c) => c.text).sort()).toEqual(['Alice again', 'Alice answers Bob']);
    expect(data.push_subscriptions).toEqual([expect.objectContaining({ club_id: ids.dkClubId, endpoint: `https://push.example/${ALICE}` })]);
    // Nothing of Bob's.
    expect(JSON.stringify(data)).not.toContain('Bob writes');
  });

  it('refuses bad input with 400 and an unknown user with 404', async () => {
    for (const url of [
      user('has space'),
      user('x'.repeat(65)),
      '/api/admin/app-users?page=0',
      '/api/admin/app-users?page_size=1000',
      '/api/admin/app-users?page=abc',
      `/api/admin/app-users.csv?search=${'x'.repeat(65)}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await call(t.app, 'POST', `${user(ALICE)}/erasure`, { token: tokens.admin, payload: {} })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', `${user(ALICE)}/erasure`, { token: tokens.admin, payload: { confirm: 5 } })).statusCode).toBe(400);
    const unknown = await get(user('nobody-knows-me'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'appUsers.notFound' });
    expect((await get(`${user('nobody-knows-me')}/export`)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `${user('nobody-knows-me')}/erasure`, { token: tokens.admin, payload: { confirm: 'nobody-knows-me' } })).statusCode).toBe(404);
  });

  it('erases a user only when the id is typed again, everything of theirs and nothing of another’s, and records it without the id', async () => {
    expect(await stored(ALICE_IMAGE)).toBe(true);
    const before = await tableCounts();
    const bobBefore = AppUserDetail.parse((await get(user(BOB))).json());

    const wrong = await call(t.app, 'POST', `${user(ALICE)}/erasure`, { token: tokens.admin, payload: { confirm: 'gdpr-alice' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'appUsers.confirmMismatch' });
    expect(await tableCounts()).toEqual(before);

    const res = await call(t.app, 'POST', `${user(ALICE)}/erasure`, { token: tokens.admin, payload: { confirm: ALICE } });
    expect(res.statusCode, res.body).toBe(200);
    const erasure = AppUserErasure.parse(res.json());
    expect(erasure.app_id_sha256).toBe(appIdHash(ALICE));
    expect(erasure.erased_by).toBeTruthy();
    expect(erasure.counts).toMatchObject({ community_memberships: 2, app_users: 2, rounds: 2, round_holes: 6, shots: 4, round_tracks: 2, download_links: 3, community_posts: 1, community_comments: 2, community_reports: 1, push_subscriptions: 1 });

    const after = await tableCounts();
    expect(after).toEqual({
      appUsers: before.appUsers - 2,
      rounds: before.rounds - 2,
      roundHoles: before.roundHoles - 6,
      shots: before.shots - 4,
      tracks: before.tracks - 2,
      // The downloads stay in the clubs' counts, without the user.
      downloads: before.downloads,
      push: before.push - 1,
      // The app user's own membership goes; the imported member's stays as the club's invitation.
      members: before.members - 1,
      posts: before.posts - 1,
      comments: before.comments - 2,
      reports: before.reports - 1,
    });
    expect((await db().select({ n: count() }).from(schema.appUsers).where(eq(schema.appUsers.appId, ALICE)))[0].n).toBe(0);
    expect((await db().select({ n: count() }).from(schema.guideDownloads).where(eq(schema.guideDownloads.appUserId, aliceDk)))[0].n).toBe(0);
    expect((await db().select({ n: count() }).from(schema.guideDownloads).where(isNull(schema.guideDownloads.appUserId)))[0].n).toBeGreaterThanOrEqual(3);
    expect((await get(user(ALICE))).statusCode).toBe(404);
    const [kept] = await db().select().from(schema.communityMembers).where(eq(schema.communityMembers.clubMemberId, importedMemberId));
    expect(kept).toMatchObject({ appUserId: null, status: 'invited', joinedAt: null });
    // The image of Alice's post is deleted from storage; Bob's stays.
    expect(await stored(ALICE_IMAGE)).toBe(false);
    expect(await stored(BOB_IMAGE)).toBe(true);

    // Bob keeps everything, his post with his own comment too.
    const bobAfter = AppUserDetail.parse((await get(user(BOB))).json());
    expect(bobAfter).toEqual(bobBefore);
    const bobTexts = await db()
      .select({ text: schema.communityComments.text })
      .from(schema.communityComments)
      .innerJoin(schema.communityPosts, eq(schema.communityPosts.id, schema.communityComments.postId))
      .where(and(eq(schema.communityPosts.communityId, community), inArray(schema.communityPosts.authorName, ['Bob'])));
    expect(bobTexts.map((r) => r.text)).toEqual(['Bob answers himself']);

    // The record: the hash, never the id in clear.
    const [row] = await db().select().from(schema.appUserErasures).where(eq(schema.appUserErasures.id, erasure.id));
    expect(row.appIdSha256).toBe(appIdHash(ALICE));
    expect(JSON.stringify(row)).not.toContain('alice');
    const list = await get('/api/admin/app-user-erasures');
    expect(list.statusCode).toBe(200);
    expect((list.json() as AppUserErasure[]).map((e) => e.id)).toContain(erasure.id);
    expect(list.body).not.toContain('alice');

    // Erasing again finds nobody.
    expect((await call(t.app, 'POST', `${user(ALICE)}/erasure`, { token: tokens.admin, payload: { confirm: ALICE } })).statusCode).toBe(404);
  });

  it('refuses every call to a region owner, a club user and without a session', async () => {
    const calls: [method: 'GET' | 'POST', url: string, payload?: unknown][] = [
      ['GET', '/api/admin/app-users'],
      ['GET', '/api/admin/app-users.csv'],
      ['GET', '/api/admin/app-user-erasures'],
      ['GET', user(BOB)],
      ['GET', `${user(BOB)}/export`],
      ['POST', `${user(BOB)}/erasure`, { confirm: BOB }],
    ];
    for (const [method, url, payload] of calls) {
      for (const actor of ['owner', 'staff', 'regionOwner'] as const) {
        const res = await call(t.app, method, url, { token: tokens[actor], payload });
        expect(res.statusCode, `${actor} ${method} ${url}`).toBe(403);
      }
      expect((await call(t.app, method, url, { payload })).statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    // Bob is still there.
    expect((await get(user(BOB))).statusCode).toBe(200);
  });
});
