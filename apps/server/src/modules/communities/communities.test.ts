import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { COMMUNITY_LIMITS, Community, CommunitySettings, CommunitySummary, ManagerCandidate, type CommunityBody } from '@golf/contract/api/communities';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { BAD_UPLOADS, fileForm, jpeg, png, postForm } from '../../../test/images';
import { DEMO_COMMUNITIES, DEMO_COMMUNITY_COUNTS } from './demo';

/**
 * The communities themselves (issue 24): list, create, read, edit, delete, the community's image,
 * the manager candidates and the report threshold, for the club's community managers (admin,
 * the owner of the Danish club's region) and for a community manager (staff, given the
 * `communities` role and added to community A only), with bad input, another club's ids, the
 * cap, the name clash, and the demo's communities.
 */
describe(`communities (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds & { helperId: number; clerkId: number; swedeId: number };
  let tokens: Awaited<ReturnType<typeof actors>>;
  /** Community A (staff manages it), B (nobody but the club's community managers), and one of the Swedish club. */
  let a: Community;
  let b: Community;
  let swedish: Community;

  const actors = () =>
    signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      swede: { email: 'communities-swede@example.com', password: 'swede-password', firstName: 'Sven', lastName: 'Svensson', clubRoles: { [ids.seClubId]: ['communities'] } },
    });
  type Who = keyof typeof tokens;

  const base = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/communities`;
  const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, clubId = ids.dkClubId) =>
    call(t.app, method, `${base(clubId)}${path}`, { token: tokens[who], payload });
  const body = (over: Partial<CommunityBody> = {}): CommunityBody => ({ name: 'Golfgruppe', description: '', hidden: false, ...over });

  async function create(who: Who, over: Partial<CommunityBody>, clubId = ids.dkClubId): Promise<Community> {
    const res = await req(who, 'POST', '', body(over), clubId);
    expect(res.statusCode, res.body).toBe(201);
    return Community.parse(res.json());
  }
  async function list(who: Who, clubId = ids.dkClubId): Promise<CommunitySummary[]> {
    const res = await req(who, 'GET', '', undefined, clubId);
    expect(res.statusCode, res.body).toBe(200);
    return CommunitySummary.array().parse(res.json());
  }
  const uploadImage = (who: Who, communityId: number, data: Buffer, filename = 'photo.png', type = 'image/png', clubId = ids.dkClubId) =>
    postForm(t.app, `${base(clubId)}/${communityId}/image`, tokens[who], fileForm('data', data, filename, type));
  const fileOf = (url: string) => join(t.filesDir, url.replace(/^\/files\//, '').replace(/\?.*$/, ''));
  const communityCount = async (clubId: number) =>
    (await t.database.db.select({ n: count() }).from(schema.communities).where(eq(schema.communities.clubId, clubId)))[0].n;

  beforeAll(async () => {
    t = await buildTestApp();
    const demo = await demoIds(t);
    const db = t.database.db;
    // Staff manages community A: the role first, then the community's managers (below).
    await db.insert(schema.clubUserRoles).values({ clubId: demo.dkClubId, userId: demo.staffId, role: 'communities' }).onConflictDoNothing();
    const [helper] = await db.insert(schema.users).values({ email: 'aase.helper@example.com', firstName: 'Aase', lastName: 'Andersen' }).returning({ id: schema.users.id });
    await db.insert(schema.clubUserRoles).values({ clubId: demo.dkClubId, userId: helper.id, role: 'communities' });
    const [clerk] = await db.insert(schema.users).values({ email: 'clerk@example.com', firstName: 'Carl', lastName: 'Clerk' }).returning({ id: schema.users.id });
    await db.insert(schema.clubUserRoles).values({ clubId: demo.dkClubId, userId: clerk.id, role: 'club-info' });
    ids = { ...demo, helperId: helper.id, clerkId: clerk.id, swedeId: 0 };
    tokens = await actors();
    const [swede] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'communities-swede@example.com'));
    ids.swedeId = swede.id;
  });
  afterAll(() => t?.close());

  it('the demo holds Seniorklubben (open) and Dameklubben (hidden) with their members, posts and a reported post', async () => {
    const all = await list('admin');
    const senior = all.find((c) => c.name === DEMO_COMMUNITIES.open);
    const ladies = all.find((c) => c.name === DEMO_COMMUNITIES.hidden);
    const [{ n: clubMembers }] = await t.database.db.select({ n: count() }).from(schema.clubMembers).where(eq(schema.clubMembers.clubId, ids.dkClubId));
    expect(senior).toMatchObject({
      hidden: false,
      members: DEMO_COMMUNITY_COUNTS.seniorMembers,
      invited: 0,
      banned: 0,
      posts: DEMO_COMMUNITY_COUNTS.seniorPosts,
      reported: 1,
      managers: [],
      image_url: null,
    });
    expect(senior!.description).toMatch(/seniorer/);
    expect(ladies).toMatchObject({
      hidden: true,
      members: DEMO_COMMUNITY_COUNTS.ladiesMembers,
      invited: Math.min(DEMO_COMMUNITY_COUNTS.ladiesInvited, Number(clubMembers)),
      posts: DEMO_COMMUNITY_COUNTS.ladiesPosts,
      reported: 0,
    });
    // Newest activity first; the activity is the newest post or comment, weeks after the creation.
    const times = all.map((c) => Date.parse(c.last_activity_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(Date.parse(senior!.last_activity_at)).toBeGreaterThan(Date.parse(senior!.created_at) + 7 * 24 * 3_600_000);

    const db = t.database.db;
    const posts = await db.select().from(schema.communityPosts).where(eq(schema.communityPosts.communityId, senior!.id));
    expect(posts.filter((p) => p.pinned)).toHaveLength(1);
    expect(posts.filter((p) => p.closed)).toHaveLength(1);
    const hidden = posts.filter((p) => p.hidden);
    expect(hidden).toHaveLength(1);
    const reports = await db.select().from(schema.communityReports).where(eq(schema.communityReports.postId, hidden[0].id));
    expect(reports.filter((r) => r.resolvedAt === null)).toHaveLength(2);
    const comments = await db.select().from(schema.communityComments).where(inArray(schema.communityComments.postId, posts.map((p) => p.id)));
    expect(comments.filter((c) => c.parentId === null).length).toBeGreaterThan(5);
    expect(comments.filter((c) => c.parentId !== null).length).toBeGreaterThan(2);
    const log = await db.select().from(schema.communityModerationLog).where(eq(schema.communityModerationLog.communityId, senior!.id));
    expect(log.find((l) => l.action === 'post_hidden')).toMatchObject({ actorUserId: null, actorName: 'reports', detail: '2 reports' });
    expect(log.map((l) => l.action).sort()).toEqual(['post_closed', 'post_hidden', 'post_pinned']);
    // Every golfer's post and comment is signed with the member's name.
    const members = await db.select().from(schema.communityMembers).where(eq(schema.communityMembers.communityId, senior!.id));
    const names = new Map(members.map((m) => [m.id, m.displayName]));
    for (const item of [...posts, ...comments].filter((x) => x.authorMemberId !== null)) expect(item.authorName).toBe(names.get(item.authorMemberId!));
  });

  it('creates communities for the club’s community managers: admin and the region owner', async () => {
    a = await create('admin', { name: 'Golfgruppe A', description: '  Onsdagsholdet  ', hidden: true, manager_ids: [ids.staffId, ids.staffId] });
    expect(a).toMatchObject({
      name: 'Golfgruppe A',
      description: 'Onsdagsholdet',
      hidden: true,
      can_administer: true,
      members: 0,
      invited: 0,
      banned: 0,
      posts: 0,
      reported: 0,
      image_url: null,
      managers: [{ user_id: ids.staffId, email: 'staff@example.com' }],
    });
    b = await create('owner', { name: 'Golfgruppe B' });
    expect(b).toMatchObject({ hidden: false, managers: [], can_administer: true });
    swedish = await create('admin', { name: 'Golfgruppe A' }, ids.seClubId);
    // The newest first.
    expect((await list('owner')).slice(0, 2).map((c) => c.name)).toEqual(['Golfgruppe B', 'Golfgruppe A']);
    expect((await req('owner', 'GET', `/${a.id}`)).json()).toMatchObject({ id: a.id, can_administer: true });
  });

  it('shows a community manager only the communities they manage, and 404 for the others', async () => {
    expect((await list('staff')).map((c) => c.name)).toEqual(['Golfgruppe A']);
    const res = await req('staff', 'GET', `/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(Community.parse(res.json())).toMatchObject({ id: a.id, can_administer: false });
    for (const [method, path, payload] of [
      ['GET', `/${b.id}`, undefined],
      ['PUT', `/${b.id}`, body({ name: 'Mine now' })],
      ['DELETE', `/${b.id}/image`, undefined],
    ] as const) {
      const other = await req('staff', method, path, payload);
      expect(other.statusCode, `${method} ${path}`).toBe(404);
      expect(other.json().code).toBe('communities.notFound');
    }
    expect((await uploadImage('staff', b.id, await png(40, 40))).statusCode).toBe(404);
    expect((await req('admin', 'GET', `/${b.id}`)).json().name).toBe('Golfgruppe B');
  });

  it('lets a community manager edit their community but not create, delete, choose managers or set the threshold', async () => {
    const renamed = await req('staff', 'PUT', `/${a.id}`, body({ name: 'Onsdagsholdet', description: 'Vi spiller onsdag', hidden: false }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Onsdagsholdet', description: 'Vi spiller onsdag', hidden: false, can_administer: false });
    // The same managers may be sent back unchanged.
    const same = await req('staff', 'PUT', `/${a.id}`, body({ name: 'Onsdagsholdet', hidden: true, manager_ids: [ids.staffId] }));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().hidden).toBe(true);
    for (const managers of [[ids.staffId, ids.helperId], []]) {
      const changed = await req('staff', 'PUT', `/${a.id}`, body({ name: 'Onsdagsholdet', manager_ids: managers }));
      expect(changed.statusCode).toBe(403);
      expect(changed.json().code).toBe('communities.managersFixed');
    }
    expect((await req('staff', 'POST', '', body({ name: 'Staff’s own' }))).statusCode).toBe(403);
    expect((await req('staff', 'DELETE', `/${a.id}`)).statusCode).toBe(403);
    expect((await req('staff', 'GET', '/manager-candidates')).statusCode).toBe(403);
    expect((await req('staff', 'PUT', '/settings', { report_threshold: 5 })).statusCode).toBe(403);
    expect((await req('staff', 'GET', '/settings')).json()).toEqual({ report_threshold: COMMUNITY_LIMITS.reportThresholdDefault });
    const after = (await req('admin', 'GET', `/${a.id}`)).json() as Community;
    expect(after.managers.map((m) => m.user_id)).toEqual([ids.staffId]);
    expect(await communityCount(ids.dkClubId)).toBe(4);
  });

  it('lets the club’s community managers choose the managers among the users holding the role', async () => {
    const candidates = await req('owner', 'GET', '/manager-candidates');
    expect(candidates.statusCode).toBe(200);
    const chosen = ManagerCandidate.array().parse(candidates.json());
    expect(chosen.map((c) => c.user_id)).toContain(ids.staffId);
    expect(chosen.map((c) => c.user_id)).toContain(ids.helperId);
    expect(chosen.map((c) => c.user_id)).not.toContain(ids.clerkId);
    expect(chosen.map((c) => c.user_id)).not.toContain(ids.swedeId);
    expect(chosen.find((c) => c.user_id === ids.helperId)).toEqual({ user_id: ids.helperId, name: 'Aase Andersen', email: 'aase.helper@example.com' });
    const names = chosen.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

    const both = await req('admin', 'PUT', `/${a.id}`, body({ name: 'Onsdagsholdet', manager_ids: [ids.staffId, ids.helperId] }));
    expect(both.statusCode, both.body).toBe(200);
    expect((both.json() as Community).managers.map((m) => m.name)).toEqual(['Aase Andersen', expect.any(String)]);
    for (const [who, wrong] of [
      ['clerk (no communities role)', ids.clerkId],
      ['a user of the Swedish club', ids.swedeId],
      ['nobody', 2_147_483_000],
    ] as const) {
      const res = await req('admin', 'PUT', `/${b.id}`, body({ name: 'Golfgruppe B', manager_ids: [ids.helperId, wrong] }));
      expect(res.statusCode, who).toBe(400);
      expect(res.json()).toMatchObject({ code: 'communities.notACandidate', params: { userId: wrong } });
      const created = await req('owner', 'POST', '', body({ name: `With ${wrong}`, manager_ids: [wrong] }));
      expect(created.statusCode, who).toBe(400);
    }
    expect(((await req('admin', 'GET', `/${b.id}`)).json() as Community).managers).toEqual([]);
    // Taking staff off A: staff sees no community any more.
    const off = await req('owner', 'PUT', `/${a.id}`, body({ name: 'Onsdagsholdet', manager_ids: [ids.helperId] }));
    expect(off.statusCode).toBe(200);
    expect(await list('staff')).toEqual([]);
    expect((await req('staff', 'GET', `/${a.id}`)).statusCode).toBe(404);
    expect((await req('admin', 'PUT', `/${a.id}`, body({ name: 'Onsdagsholdet', manager_ids: [ids.staffId] }))).statusCode).toBe(200);
    expect((await list('staff')).map((c) => c.id)).toEqual([a.id]);
  });

  it('answers 404 for another club’s community through the path, 403 for a club without the role', async () => {
    for (const [method, path, payload] of [
      ['GET', `/${swedish.id}`, undefined],
      ['PUT', `/${swedish.id}`, body({ name: 'Taken over' })],
      ['DELETE', `/${swedish.id}`, undefined],
      ['DELETE', `/${swedish.id}/image`, undefined],
    ] as const) {
      const res = await req('admin', method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().code).toBe('communities.notFound');
    }
    expect((await uploadImage('admin', swedish.id, await png(40, 40))).statusCode).toBe(404);
    expect((await req('admin', 'GET', `/${swedish.id}`, undefined, ids.seClubId)).json().name).toBe('Golfgruppe A');
    expect((await list('swede', ids.seClubId)).map((c) => c.name)).toEqual([]);
    expect((await req('swede', 'GET', '', undefined, ids.dkClubId)).statusCode).toBe(403);
    expect((await req('staff', 'GET', '', undefined, ids.seClubId)).statusCode).toBe(403);
    expect((await req('anonymous', 'GET', '')).statusCode).toBe(401);
    expect((await req('anonymous', 'POST', '', body({ name: 'Anonymous' }))).statusCode).toBe(401);
    expect((await req('admin', 'GET', '/2147483000')).statusCode).toBe(404);
    expect((await req('admin', 'GET', '/not-a-number')).statusCode).toBe(400);
  });

  it('refuses bad input with 400 (or 413 for a huge body) and stores nothing', async () => {
    const before = await communityCount(ids.dkClubId);
    const cases: [string, unknown, number][] = [
      ['empty name', body({ name: '' }), 400],
      ['a name of spaces', body({ name: '   ' }), 400],
      ['an 81-character name', body({ name: 'x'.repeat(COMMUNITY_LIMITS.nameMax + 1) }), 400],
      ['NUL in the name', body({ name: 'Golf\u0000gruppe' }), 400],
      ['NUL in the description', body({ name: 'Ok', description: 'a\u0000b' }), 400],
      ['a description too long', body({ name: 'Ok', description: 'x'.repeat(COMMUNITY_LIMITS.descriptionMax + 1) }), 400],
      ['no name', { description: 'x' }, 400],
      ['hidden not a boolean', { name: 'Ok', hidden: 'yes' }, 400],
      ['a manager id that is not a number', body({ name: 'Ok', manager_ids: ['1'] as unknown as number[] }), 400],
      ['a negative manager id', body({ name: 'Ok', manager_ids: [-1] }), 400],
      ['too many managers', body({ name: 'Ok', manager_ids: Array.from({ length: COMMUNITY_LIMITS.managersMax + 1 }, (_, i) => i + 1) }), 400],
      ['an unknown manager id', body({ name: 'Ok', manager_ids: [2_147_483_000] }), 400],
      ['a manager without the role', body({ name: 'Ok', manager_ids: [ids.clerkId] }), 400],
    ];
    for (const [name, payload, status] of cases) {
      const res = await req('admin', 'POST', '', payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(typeof res.json().error).toBe('string');
      const put = await req('admin', 'PUT', `/${b.id}`, payload);
      expect(put.statusCode, `PUT ${name}`).toBe(status);
    }
    const huge = await req('admin', 'POST', '', body({ name: 'Huge', description: 'x'.repeat(100 * 1024) }));
    expect([400, 413]).toContain(huge.statusCode);
    expect(await communityCount(ids.dkClubId)).toBe(before);
    expect(((await req('admin', 'GET', `/${b.id}`)).json() as Community).name).toBe('Golfgruppe B');
  });

  it('keeps names unique in the club, case-insensitively; another club may use the name', async () => {
    const clash = await req('admin', 'POST', '', body({ name: 'ONSDAGSHOLDET' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'communities.nameTaken', params: { name: 'ONSDAGSHOLDET' } });
    const renamed = await req('owner', 'PUT', `/${b.id}`, body({ name: 'onsdagsholdet' }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('communities.nameTaken');
    // Its own name in another case is no clash.
    expect((await req('owner', 'PUT', `/${b.id}`, body({ name: 'GOLFGRUPPE B' }))).statusCode).toBe(200);
    expect((await req('owner', 'PUT', `/${b.id}`, body({ name: 'Golfgruppe B' }))).statusCode).toBe(200);
    await create('admin', { name: 'Onsdagsholdet' }, ids.seClubId);
    // The database's unique index answers the same when the check is passed by (two at once).
    const [first, second] = await Promise.all([req('admin', 'POST', '', body({ name: 'Tvilling' })), req('owner', 'POST', '', body({ name: 'tvilling' }))]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().code).toBe('communities.nameTaken');
    const winner = (first.statusCode === 201 ? first : second).json() as Community;
    expect((await req('admin', 'DELETE', `/${winner.id}`)).statusCode).toBe(204);
  });

  it('caps the communities of a club', async () => {
    const db = t.database.db;
    const have = Number(await communityCount(ids.seClubId));
    const filler = Array.from({ length: COMMUNITY_LIMITS.communitiesMax - have }, (_, i) => ({ clubId: ids.seClubId, name: `Fyld ${i}` }));
    await db.insert(schema.communities).values(filler);
    const res = await req('admin', 'POST', '', body({ name: 'One too many' }), ids.seClubId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'communities.capReached', params: { max: COMMUNITY_LIMITS.communitiesMax } });
    expect(await communityCount(ids.seClubId)).toBe(COMMUNITY_LIMITS.communitiesMax);
    // The cap is per club: the Danish club still creates.
    const dk = await create('admin', { name: 'Under the cap' });
    expect((await req('admin', 'DELETE', `/${dk.id}`)).statusCode).toBe(204);
    await db.delete(schema.communities).where(and(eq(schema.communities.clubId, ids.seClubId), inArray(schema.communities.name, filler.map((f) => f.name))));
    expect((await req('admin', 'POST', '', body({ name: 'Now there is room' }), ids.seClubId)).statusCode).toBe(201);
  });

  it('takes one image per call, re-encoded, replaces and removes it with its file', async () => {
    const first = await uploadImage('staff', a.id, await jpeg(3000, 1500), 'photo.jpg', 'image/jpeg');
    expect(first.statusCode, first.body).toBe(200);
    const withImage = Community.parse(first.json());
    expect(withImage.image_url).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/communities/[a-z0-9-]+\\.jpg\\?v=`));
    expect(existsSync(fileOf(withImage.image_url!))).toBe(true);
    const [row] = await t.database.db.select().from(schema.communities).where(eq(schema.communities.id, a.id));
    expect([row.imageWidth, row.imageHeight]).toEqual([2560, 1280]);
    const served = await t.app.inject({ method: 'GET', url: withImage.image_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/image\/jpeg/);

    const second = await uploadImage('admin', a.id, await png(64, 64, true));
    expect(second.statusCode, second.body).toBe(200);
    const replaced = Community.parse(second.json());
    expect(replaced.image_url).toMatch(/\.webp\?v=/);
    expect(existsSync(fileOf(withImage.image_url!))).toBe(false);
    expect(existsSync(fileOf(replaced.image_url!))).toBe(true);
    expect((await list('staff'))[0].image_url).toBe(replaced.image_url);

    const removed = await req('staff', 'DELETE', `/${a.id}/image`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().image_url).toBeNull();
    expect(existsSync(fileOf(replaced.image_url!))).toBe(false);
    // Removing none is fine.
    expect((await req('staff', 'DELETE', `/${a.id}/image`)).statusCode).toBe(200);
  });

  it('refuses an upload that is not an image, too large, too many pixels, or not multipart', async () => {
    for (const bad of BAD_UPLOADS) {
      const res = await uploadImage('staff', a.id, await bad.data(), bad.filename, bad.type);
      expect(res.statusCode, `${bad.name}: ${res.body}`).toBe(bad.status);
      expect(res.json().error, bad.name).toMatch(bad.message);
    }
    const json = await req('staff', 'POST', `/${a.id}/image`, { data: 'not a file' });
    expect(json.statusCode).toBe(415);
    const wrongField = await postForm(t.app, `${base()}/${a.id}/image`, tokens.staff, fileForm('logo', await png(20, 20), 'x.png', 'image/png'));
    expect(wrongField.statusCode).toBe(400);
    expect(((await req('admin', 'GET', `/${a.id}`)).json() as Community).image_url).toBeNull();
  });

  it('reads the report threshold for the role and sets it for the club’s community managers', async () => {
    expect((await req('staff', 'GET', '/settings')).json()).toEqual({ report_threshold: 2 });
    const set = await req('owner', 'PUT', '/settings', { report_threshold: 5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(CommunitySettings.parse(set.json())).toEqual({ report_threshold: 5 });
    expect((await req('staff', 'GET', '/settings')).json()).toEqual({ report_threshold: 5 });
    expect((await req('admin', 'PUT', '/settings', { report_threshold: 3 })).json()).toEqual({ report_threshold: 3 });
    for (const bad of [0, 101, 2.5, '3', null]) {
      expect((await req('admin', 'PUT', '/settings', { report_threshold: bad })).statusCode, String(bad)).toBe(400);
    }
    expect((await req('admin', 'PUT', '/settings', {})).statusCode).toBe(400);
    // Per club: the Swedish club keeps the default.
    expect((await req('admin', 'GET', '/settings', undefined, ids.seClubId)).json()).toEqual({ report_threshold: 2 });
    expect((await req('staff', 'GET', '/settings')).json()).toEqual({ report_threshold: 3 });
  });

  it('deletes a community with its rows and the stored files of its image, posts and comments', async () => {
    const db = t.database.db;
    const doomed = await create('admin', { name: 'Kortvarig', manager_ids: [ids.staffId] });
    expect((await uploadImage('admin', doomed.id, await png(50, 50))).statusCode).toBe(200);
    const [appUser] = await db.select({ id: schema.appUsers.id }).from(schema.appUsers).where(eq(schema.appUsers.clubId, ids.dkClubId)).limit(1);
    const [member] = await db
      .insert(schema.communityMembers)
      .values({ communityId: doomed.id, appUserId: appUser.id, displayName: 'Golfer', status: 'member' })
      .returning();
    const [post] = await db.insert(schema.communityPosts).values({ communityId: doomed.id, authorMemberId: member.id, authorName: 'Golfer', text: 'Hej' }).returning();
    const [comment] = await db.insert(schema.communityComments).values({ postId: post.id, authorUserId: ids.staffId, authorName: 'Staff', text: 'Hej igen' }).returning();
    await db.insert(schema.communityComments).values({ postId: post.id, parentId: comment.id, authorMemberId: member.id, authorName: 'Golfer', text: 'Svar' });
    const keys = [`public/clubs/${ids.dkClubId}/communities/post-photo.jpg`, `public/clubs/${ids.dkClubId}/communities/comment-photo.jpg`];
    for (const key of keys) {
      mkdirSync(dirname(join(t.filesDir, key)), { recursive: true });
      writeFileSync(join(t.filesDir, key), await jpeg(20, 20));
    }
    await db.insert(schema.communityImages).values([
      { postId: post.id, fileKey: keys[0], width: 20, height: 20 },
      { commentId: comment.id, fileKey: keys[1], width: 20, height: 20 },
    ]);
    await db.insert(schema.communityReports).values({ commentId: comment.id, memberId: member.id, reason: 'spam' });
    await db.insert(schema.communityModerationLog).values({ communityId: doomed.id, action: 'post_pinned', actorUserId: ids.adminId, actorName: 'Admin', target: 'Hej' });
    const image = fileOf(((await req('admin', 'GET', `/${doomed.id}`)).json() as Community).image_url!);
    expect(existsSync(image)).toBe(true);
    expect((await list('staff')).map((c) => c.id)).toContain(doomed.id);

    expect((await req('owner', 'DELETE', `/${doomed.id}`)).statusCode).toBe(204);
    expect(existsSync(image)).toBe(false);
    for (const key of keys) expect(existsSync(join(t.filesDir, key)), key).toBe(false);
    const left = async (table: typeof schema.communityManagers | typeof schema.communityMembers | typeof schema.communityPosts | typeof schema.communityModerationLog) =>
      (await db.select({ n: count() }).from(table).where(eq(table.communityId, doomed.id)))[0].n;
    expect(await left(schema.communityManagers)).toBe(0);
    expect(await left(schema.communityMembers)).toBe(0);
    expect(await left(schema.communityPosts)).toBe(0);
    expect(await left(schema.communityModerationLog)).toBe(0);
    expect((await db.select({ n: count() }).from(schema.communityComments).where(eq(schema.communityComments.postId, post.id)))[0].n).toBe(0);
    expect((await db.select({ n: count() }).from(schema.communityImages).where(inArray(schema.communityImages.fileKey, keys)))[0].n).toBe(0);
    expect((await db.select({ n: count() }).from(schema.communityReports).where(eq(schema.communityReports.memberId, member.id)))[0].n).toBe(0);
    // The app user stays (insights owns it).
    expect((await db.select({ n: count() }).from(schema.appUsers).where(eq(schema.appUsers.id, appUser.id)))[0].n).toBe(1);

    expect((await req('admin', 'GET', `/${doomed.id}`)).statusCode).toBe(404);
    expect((await req('admin', 'DELETE', `/${doomed.id}`)).statusCode).toBe(404);
    expect((await list('staff')).map((c) => c.id)).toEqual([a.id]);
  });
});
