import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { CommunityMembersResponse, InvitationsResult } from '@golf/contract/api/communities';
import { AppCommunity, type JoinBody } from '@golf/contract/api/communities-app';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

const DAY = 24 * 60 * 60_000;

/**
 * The golfers' app's side of communities (issue 24): the communities a golfer sees (open ones, the
 * hidden ones they are in; none they are banned from), joining (a hidden one only on an invitation
 * matched by email) and leaving, with the app key of the path's club.
 */
describe(`communities in the golfers' app (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;
  let dkKey: string;
  let seKey: string;
  /** Open and hidden communities of the Danish club, and one of the Swedish club. */
  let open: { id: number };
  let hidden: { id: number };
  let swedish: { id: number };
  /** Imported members of the Danish club: Ida (invited to the hidden community) and Ole (invited, then banned). */
  let ida: number;
  let ole: number;

  const headers = (key = dkKey) => ({ [APP_KEY_HEADER]: key });
  const base = (appId: string, clubId = ids.dkClubId) => `/api/app/clubs/${clubId}/users/${appId}/communities`;
  const listFor = async (appId: string): Promise<AppCommunity[]> => {
    const res = await call(t.app, 'GET', base(appId), { headers: headers() });
    expect(res.statusCode, res.body).toBe(200);
    // The demo's communities are listed too: only this file's are looked at.
    return AppCommunity.array()
      .parse(res.json())
      .filter((c) => [open.id, hidden.id].includes(c.id));
  };
  const join = (appId: string, community: { id: number }, body: JoinBody, clubId = ids.dkClubId, key = dkKey) =>
    call(t.app, 'POST', `${base(appId, clubId)}/${community.id}/join`, { headers: headers(key), payload: body });
  const leave = (appId: string, community: { id: number }) => call(t.app, 'DELETE', `${base(appId)}/${community.id}/membership`, { headers: headers() });
  const console = (method: 'GET' | 'POST', community: { id: number }, path: string, payload?: unknown) =>
    call(t.app, method, `/api/clubs/${ids.dkClubId}/communities/${community.id}${path}`, { token: owner, payload });
  const rowOf = async (community: { id: number }, appId: string) =>
    (
      await t.database.db
        .select({ member: schema.communityMembers })
        .from(schema.communityMembers)
        .innerJoin(schema.appUsers, eq(schema.appUsers.id, schema.communityMembers.appUserId))
        .where(and(eq(schema.communityMembers.communityId, community.id), eq(schema.appUsers.appId, appId)))
    )[0]?.member;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    const { admin, owner: ownerToken } = await signInActors(t, ['admin', 'owner']);
    owner = ownerToken;
    const db = t.database.db;
    // The communities are written here directly: this file tests the app's side, not communities-routes.
    const create = async (clubId: number, name: string, isHidden: boolean) =>
      (await db.insert(schema.communities).values({ clubId, name, description: `${name}: beskrivelse`, hidden: isHidden }).returning({ id: schema.communities.id }))[0];
    open = await create(ids.dkClubId, 'App-test Åben', false);
    hidden = await create(ids.dkClubId, 'App-test Skjult', true);
    swedish = await create(ids.seClubId, 'App-test Svensk', false);
    [{ id: ida }, { id: ole }] = await db
      .insert(schema.clubMembers)
      .values([
        { clubId: ids.dkClubId, unionNumber: '902-1', email: 'ida.app@example.dk', firstName: 'Ida', lastName: 'Iversen' },
        { clubId: ids.dkClubId, unionNumber: '902-2', email: 'ole.app@example.dk', firstName: 'Ole', lastName: 'Olsen' },
      ])
      .returning({ id: schema.clubMembers.id });

    const key = async (clubId: number) => {
      const res = await call(t.app, 'POST', `/api/clubs/${clubId}/app-keys`, { token: admin, payload: { name: 'App communities test' } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().key as string;
    };
    dkKey = await key(ids.dkClubId);
    seKey = await key(ids.seClubId);
    for (const appId of ['golfer-1', 'golfer-2', 'golfer-3']) {
      const res = await call(t.app, 'PUT', `/api/app/clubs/${ids.dkClubId}/users/${appId}`, { headers: headers(), payload: { language: 'da', following: false } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t?.close());

  it('lists the open communities to a golfer outside them, not the hidden one', async () => {
    const list = await listFor('golfer-1');
    expect(list).toEqual([
      {
        id: open.id,
        name: 'App-test Åben',
        description: 'App-test Åben: beskrivelse',
        image_url: null,
        hidden: false,
        members: 0,
        membership: 'none',
        muted_until: null,
        last_activity_at: expect.any(String),
      },
    ]);
  });

  it('joins an open community, and again with a new name', async () => {
    const res = await join('golfer-1', open, { display_name: '  Gitte Golf  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(AppCommunity.parse(res.json())).toMatchObject({ id: open.id, membership: 'member', members: 1 });
    const row = await rowOf(open, 'golfer-1');
    expect(row).toMatchObject({ status: 'member', displayName: 'Gitte Golf', clubMemberId: null });
    expect(row.joinedAt).not.toBeNull();

    const again = await join('golfer-1', open, { display_name: 'Gitte G.' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ membership: 'member', members: 1 });
    expect(await rowOf(open, 'golfer-1')).toMatchObject({ id: row.id, displayName: 'Gitte G.', joinedAt: row.joinedAt });
    expect((await listFor('golfer-1')).map((c) => [c.id, c.membership])).toEqual([[open.id, 'member']]);
  });

  it('does not list or let a golfer outside it join a hidden community (404), without a matching invitation', async () => {
    expect((await listFor('golfer-2')).map((c) => c.id)).toEqual([open.id]);
    for (const body of [{ display_name: 'Nosy' }, { display_name: 'Nosy', email: 'nobody@example.dk' }]) {
      const res = await join('golfer-2', hidden, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('communities.notFound');
    }
    expect(await rowOf(hidden, 'golfer-2')).toBeUndefined();
    const left = await leave('golfer-2', hidden);
    expect(left.statusCode).toBe(404);
  });

  it('joins a hidden community with the invited member’s email: the invitation is linked and becomes a member', async () => {
    const invited = await console('POST', hidden, '/members/invitations', { club_member_ids: [ida] });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(InvitationsResult.parse(invited.json())).toMatchObject({ added: 1, sent: 1 });
    expect(t.outbox.at(-1)!.to).toBe('ida.app@example.dk');

    const res = await join('golfer-2', hidden, { display_name: 'Ida I.', email: ' IDA.app@Example.dk ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(AppCommunity.parse(res.json())).toMatchObject({ id: hidden.id, hidden: true, membership: 'member', members: 1 });
    const row = await rowOf(hidden, 'golfer-2');
    expect(row).toMatchObject({ status: 'member', clubMemberId: ida, displayName: 'Ida I.' });

    // The console shows one member: the golfer, with the imported member's name and email.
    const members = CommunityMembersResponse.parse((await console('GET', hidden, '/members')).json());
    expect(members.counts).toEqual({ all: 1, members: 1, invited: 0, banned: 0 });
    expect(members.items[0]).toMatchObject({ kind: 'golfer', name: 'Ida Iversen', email: 'ida.app@example.dk', status: 'member' });
    // By name (the order of 'Å' depends on the database's collation: compared as a set).
    expect((await listFor('golfer-2')).map((c) => [c.id, c.membership])).toEqual(
      expect.arrayContaining([
        [open.id, 'none'],
        [hidden.id, 'member'],
      ]),
    );
    expect(await listFor('golfer-2')).toHaveLength(2);
  });

  it('refuses a golfer whose invitation was banned, and a banned golfer joining, listing nothing of it to them', async () => {
    await console('POST', hidden, '/members/invitations', { club_member_ids: [ole] });
    const oleRow = (await t.database.db.select().from(schema.communityMembers).where(eq(schema.communityMembers.clubMemberId, ole)))[0];
    expect((await console('POST', hidden, `/members/${oleRow.id}/ban`)).statusCode).toBe(200);
    const byEmail = await join('golfer-3', hidden, { display_name: 'Ole', email: 'ole.app@example.dk' });
    expect(byEmail.statusCode).toBe(403);
    expect(byEmail.json().code).toBe('communities.banned');

    const gitte = await rowOf(open, 'golfer-1');
    expect((await console('POST', open, `/members/${gitte.id}/ban`)).statusCode).toBe(200);
    const rejoin = await join('golfer-1', open, { display_name: 'Gitte' });
    expect(rejoin.statusCode).toBe(403);
    expect(rejoin.json().code).toBe('communities.banned');
    expect(await listFor('golfer-1')).toEqual([]);
    // Leaving does not lift a ban.
    const left = await leave('golfer-1', open);
    expect(left.statusCode).toBe(403);
    expect(left.json().code).toBe('communities.banned');
    expect(await rowOf(open, 'golfer-1')).toMatchObject({ status: 'banned' });
    expect((await console('POST', open, `/members/${gitte.id}/unban`)).statusCode).toBe(200);
  });

  it('shows a member’s mute until it ends', async () => {
    const gitte = await rowOf(open, 'golfer-1');
    const until = new Date(Date.now() + 3 * DAY);
    expect((await console('POST', open, `/members/${gitte.id}/mute`, { until: until.toISOString() })).statusCode).toBe(200);
    expect((await listFor('golfer-1'))[0]).toMatchObject({ membership: 'member', muted_until: until.toISOString() });
    await t.database.db.update(schema.communityMembers).set({ mutedUntil: new Date(Date.now() - 1000) }).where(eq(schema.communityMembers.id, gitte.id));
    expect((await listFor('golfer-1'))[0].muted_until).toBeNull();
  });

  it('leaves a community: the row goes, and a hidden one is no longer listed', async () => {
    const res = await leave('golfer-2', hidden);
    expect(res.statusCode, res.body).toBe(204);
    expect(await rowOf(hidden, 'golfer-2')).toBeUndefined();
    expect((await listFor('golfer-2')).map((c) => c.id)).toEqual([open.id]);
    expect((await join('golfer-2', hidden, { display_name: 'Ida' })).statusCode).toBe(404);

    const notIn = await leave('golfer-3', open);
    expect(notIn.statusCode).toBe(403);
    expect(notIn.json().code).toBe('communities.notJoined');
  });

  it('refuses bad input, unknown golfers, other clubs and calls without the club’s key', async () => {
    for (const body of [{}, { display_name: '   ' }, { display_name: 'x'.repeat(81) }, { display_name: 'Ok', email: 'x'.repeat(255) }]) {
      expect((await join('golfer-3', open, body as JoinBody)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(t.app, 'GET', base('nobody'), { headers: headers() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'communities.unknownGolfer', params: { appUserId: 'nobody' } });
    expect((await join('nobody', open, { display_name: 'X' })).json().code).toBe('communities.unknownGolfer');

    // The Swedish club's community through the Danish club's path: not found.
    const wrongClub = await join('golfer-3', swedish, { display_name: 'X' });
    expect(wrongClub.statusCode).toBe(404);
    expect(wrongClub.json().code).toBe('communities.notFound');
    // The Danish golfer is not known to the Swedish club; the Danish key does not open it.
    expect((await join('golfer-3', swedish, { display_name: 'X' }, ids.seClubId, seKey)).json().code).toBe('communities.unknownGolfer');
    expect((await join('golfer-3', open, { display_name: 'X' }, ids.seClubId, dkKey)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', base('golfer-3'))).statusCode).toBe(401);
    expect((await call(t.app, 'POST', `${base('golfer-3')}/0/join`, { headers: headers(), payload: { display_name: 'X' } })).statusCode).toBe(400);
    expect(await rowOf(open, 'golfer-3')).toBeUndefined();
  });
});
