import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import {
  CommunityMember,
  CommunityMembersResponse,
  InvitableMember,
  InvitationsResult,
  COMMUNITY_LIMITS,
  type CommunityMembersQuery,
  type InviteBody,
} from '@golf/contract/api/communities';
import { AppCommunity } from '@golf/contract/api/communities-app';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { communityInvitationMail } from '../../platform/mail-templates';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * A community's members from the console (issue 24): the list (filters, search, paging, counts),
 * the invitable imported members, invitations by mail with the 24-hour throttle, ban and unban,
 * mute and unmute, removal, each logged; a community manager acts only on the communities they
 * manage, and only on their members.
 */
describe(`community members (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds & { managerId: number };
  let tokens: Awaited<ReturnType<typeof actors>>;
  /** A: managed by `manager`; B: by the club's community managers only; se: the Swedish club's. */
  let a: { id: number };
  let b: { id: number };
  let se: { id: number };
  /** Imported members of the Danish club (and one of the Swedish club). */
  const imported: Record<'anna' | 'bent' | 'carl' | 'dorte' | 'erik' | 'swede', number> = { anna: 0, bent: 0, carl: 0, dorte: 0, erik: 0, swede: 0 };
  let appKey: string;

  const actors = () =>
    signInActors(t, ['owner', 'staff'], {
      manager: { email: 'cm-manager@example.com', password: 'manager-password', firstName: 'Mette', lastName: 'Manager', clubRoles: { [ids.dkClubId]: ['communities'] } },
      bystander: { email: 'cm-bystander@example.com', password: 'bystander-password', clubRoles: { [ids.dkClubId]: ['communities'] } },
    });
  type Who = keyof typeof tokens;

  const url = (community: { id: number }, path: string, clubId = ids.dkClubId) => `/api/clubs/${clubId}/communities/${community.id}${path}`;
  const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => call(t.app, method, path, { token: tokens[who], payload });

  async function members(who: Who, community: { id: number }, query: Partial<Record<keyof CommunityMembersQuery, string | number>> = {}): Promise<CommunityMembersResponse> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await req(who, 'GET', `${url(community, '/members')}${qs ? `?${qs}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return CommunityMembersResponse.parse(res.json());
  }
  async function invite(who: Who, community: { id: number }, body: InviteBody): Promise<InvitationsResult> {
    const res = await req(who, 'POST', url(community, '/members/invitations'), body);
    expect(res.statusCode, res.body).toBe(200);
    return InvitationsResult.parse(res.json());
  }
  const memberRow = async (communityId: number, clubMemberId: number) =>
    (
      await t.database.db
        .select()
        .from(schema.communityMembers)
        .where(and(eq(schema.communityMembers.communityId, communityId), eq(schema.communityMembers.clubMemberId, clubMemberId)))
    )[0];
  const logOf = (communityId: number) =>
    t.database.db.select().from(schema.communityModerationLog).where(eq(schema.communityModerationLog.communityId, communityId)).orderBy(desc(schema.communityModerationLog.id));

  /** A golfer of the app (PUT users first), joined to the community through the app-side API. */
  async function golferJoins(appId: string, community: { id: number }, displayName: string, clubId = ids.dkClubId, key = appKey): Promise<number> {
    const headers = { [APP_KEY_HEADER]: key };
    const put = await call(t.app, 'PUT', `/api/app/clubs/${clubId}/users/${appId}`, { headers, payload: { language: 'da', following: false } });
    expect([200, 201], put.body).toContain(put.statusCode);
    const res = await call(t.app, 'POST', `/api/app/clubs/${clubId}/users/${appId}/communities/${community.id}/join`, { headers, payload: { display_name: displayName } });
    expect(res.statusCode, res.body).toBe(200);
    expect(AppCommunity.parse(res.json()).membership).toBe('member');
    const [row] = await t.database.db
      .select({ id: schema.communityMembers.id })
      .from(schema.communityMembers)
      .innerJoin(schema.appUsers, eq(schema.appUsers.id, schema.communityMembers.appUserId))
      .where(and(eq(schema.communityMembers.communityId, community.id), eq(schema.appUsers.appId, appId)));
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const demo = await demoIds(t);
    ids = { ...demo, managerId: 0 };
    tokens = await actors();
    const [manager] = await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'cm-manager@example.com'));
    ids.managerId = manager.id;

    // The communities are written here directly: this file tests the members, not communities-routes.
    const create = async (clubId: number, name: string, managerIds: number[] = []) => {
      const [row] = await t.database.db.insert(schema.communities).values({ clubId, name }).returning({ id: schema.communities.id });
      if (managerIds.length) await t.database.db.insert(schema.communityManagers).values(managerIds.map((userId) => ({ communityId: row.id, userId })));
      return row;
    };
    a = await create(ids.dkClubId, 'Medlemstest A', [ids.managerId]);
    b = await create(ids.dkClubId, 'Medlemstest B');
    se = await create(ids.seClubId, 'Medlemstest Sverige');

    const rows = await t.database.db
      .insert(schema.clubMembers)
      .values([
        { clubId: ids.dkClubId, unionNumber: '901-1', email: 'anna.cm@example.dk', firstName: 'Anna', lastName: 'Aagaard' },
        { clubId: ids.dkClubId, unionNumber: '901-2', email: 'bent.cm@example.dk', firstName: 'Bent', lastName: 'Bøgh' },
        { clubId: ids.dkClubId, unionNumber: '901-3', email: 'carl.cm@example.dk', firstName: 'Carl', lastName: 'Clausen' },
        { clubId: ids.dkClubId, unionNumber: '901-4', email: 'dorte.cm@example.dk', firstName: 'Dorte', lastName: 'Dahl', status: 'banned' },
        { clubId: ids.dkClubId, unionNumber: '901-5', email: 'erik.cm@example.dk', firstName: 'Erik', lastName: 'Eriksen' },
        { clubId: ids.seClubId, unionNumber: '901-6', email: 'sven.cm@example.se', firstName: 'Sven', lastName: 'Svensson' },
      ])
      .returning({ id: schema.clubMembers.id, union: schema.clubMembers.unionNumber });
    const byUnion = new Map(rows.map((r) => [r.union, r.id]));
    Object.assign(imported, {
      anna: byUnion.get('901-1'),
      bent: byUnion.get('901-2'),
      carl: byUnion.get('901-3'),
      dorte: byUnion.get('901-4'),
      erik: byUnion.get('901-5'),
      swede: byUnion.get('901-6'),
    });

    const key = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/app-keys`, { token: (await signInActors(t, ['admin'])).admin, payload: { name: 'Community members test' } });
    expect(key.statusCode, key.body).toBe(201);
    appKey = key.json().key;
  });
  afterAll(() => t?.close());

  it('renders the invitation mail in English, Danish and Swedish, every placeholder filled and the HTML escaped', () => {
    const values = { name: 'Ida', club: 'Fjordvang', community: 'Seniorer <b>', email: 'ida@example.com' };
    const english = communityInvitationMail('en', values);
    expect(english.subject).toBe('Fjordvang invites you to the community Seniorer <b>');
    for (const language of ['en', 'da', 'sv']) {
      const mail = communityInvitationMail(language, values);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).toContain('Ida');
      expect(mail.text).toContain('ida@example.com');
      expect(mail.html).toContain('Seniorer &lt;b&gt;');
      expect(mail.html).not.toContain('<b>');
      if (language !== 'en') {
        expect(mail.subject).not.toBe(english.subject);
        expect(mail.text).not.toBe(english.text);
      }
    }
    expect(communityInvitationMail('de', values)).toEqual(english);
  });

  describe('the invitable imported members', () => {
    it("lists the club's imported members not in the community, searched, without banned ones or another club's", async () => {
      const res = await req('manager', 'GET', `${url(a, '/invitable')}?search=${encodeURIComponent('.cm@example')}`);
      expect(res.statusCode, res.body).toBe(200);
      const list = InvitableMember.array().parse(res.json());
      expect(list.map((m) => m.club_member_id)).toEqual([imported.anna, imported.bent, imported.carl, imported.erik]);
      expect(list[0]).toEqual({ club_member_id: imported.anna, name: 'Anna Aagaard', email: 'anna.cm@example.dk', union_number: '901-1' });

      const byName = InvitableMember.array().parse((await req('manager', 'GET', `${url(a, '/invitable')}?search=${encodeURIComponent('Bent Bøgh')}`)).json());
      expect(byName.map((m) => m.club_member_id)).toEqual([imported.bent]);
      const byUnion = InvitableMember.array().parse((await req('manager', 'GET', `${url(a, '/invitable')}?search=901-3`)).json());
      expect(byUnion.map((m) => m.club_member_id)).toEqual([imported.carl]);
      // Pattern characters are matched as such.
      expect((await req('manager', 'GET', `${url(a, '/invitable')}?search=${encodeURIComponent('%_')}`)).json()).toEqual([]);
    });
  });

  describe('invitations', () => {
    it('adds imported members as invited and mails them in the club’s language, skipping banned and unknown ones, and logs it', async () => {
      const before = t.outbox.length;
      const result = await invite('manager', a, { club_member_ids: [imported.anna, imported.bent, imported.dorte, imported.swede, 999_999, imported.anna] });
      expect(result.added).toBe(2);
      expect(result.sent).toBe(2);
      expect(result.skipped).toEqual(
        expect.arrayContaining([
          { id: imported.dorte, reason: 'banned' },
          { id: imported.swede, reason: 'not_found' },
          { id: 999_999, reason: 'not_found' },
        ]),
      );
      expect(result.skipped).toHaveLength(3);

      const mails = t.outbox.slice(before);
      expect(mails.map((m) => m.to).sort()).toEqual(['anna.cm@example.dk', 'bent.cm@example.dk']);
      const anna = mails.find((m) => m.to === 'anna.cm@example.dk')!;
      // Fjordvang is a Danish club: the mail is Danish, names the community and the club, and says how to join.
      expect(anna.subject).toBe('Fjordvang Golfklub inviterer dig med i fællesskabet Medlemstest A');
      expect(anna.text).toContain('Hej Anna');
      expect(anna.text).toContain('golf-appen');
      expect(anna.text).toContain('anna.cm@example.dk');
      expect(anna.html).toContain('Medlemstest A');

      const list = await members('manager', a, { filter: 'invited' });
      expect(list.items.map((m) => m.name)).toEqual(['Anna Aagaard', 'Bent Bøgh']);
      expect(list.items[0]).toMatchObject({ kind: 'imported', email: 'anna.cm@example.dk', union_number: '901-1', status: 'invited', recently_mailed: true, joined_at: null });
      expect(Date.now() - Date.parse(list.items[0].last_invited_at!)).toBeLessThan(60_000);
      expect((await memberRow(a.id, imported.anna)).displayName).toBe('Anna Aagaard');

      const [entry] = await logOf(a.id);
      expect(entry).toMatchObject({ action: 'members_invited', actorUserId: ids.managerId, actorName: 'Mette Manager', detail: '2' });
      expect(entry.target).toContain('Anna Aagaard');

      // No longer invitable.
      const invitable = InvitableMember.array().parse((await req('manager', 'GET', `${url(a, '/invitable')}?search=.cm@example`)).json());
      expect(invitable.map((m) => m.club_member_id)).toEqual([imported.carl, imported.erik]);
    });

    it('does not mail a member again within 24 hours, and does after 25 hours', async () => {
      const anna = await memberRow(a.id, imported.anna);
      const before = t.outbox.length;
      const again = await invite('manager', a, { member_ids: [anna.id], club_member_ids: [imported.bent] });
      expect(again).toEqual({ added: 0, sent: 0, skipped: expect.arrayContaining([{ id: anna.id, reason: 'recently_mailed' }, { id: imported.bent, reason: 'recently_mailed' }]) });
      expect(t.outbox.length).toBe(before);

      const earlier = new Date(Date.now() - 25 * HOUR);
      await t.database.db.update(schema.communityMembers).set({ lastInvitedAt: earlier }).where(eq(schema.communityMembers.id, anna.id));
      expect((await members('manager', a, { search: 'Anna' })).items[0].recently_mailed).toBe(false);
      const later = await invite('manager', a, { member_ids: [anna.id] });
      expect(later).toEqual({ added: 0, sent: 1, skipped: [] });
      expect(t.outbox.at(-1)!.to).toBe('anna.cm@example.dk');
      expect((await memberRow(a.id, imported.anna)).lastInvitedAt!.getTime()).toBeGreaterThan(earlier.getTime() + HOUR);
    });

    it('mails a member once when two invitations run at the same time', async () => {
      const before = t.outbox.length;
      const results = await Promise.all([invite('manager', a, { club_member_ids: [imported.carl] }), invite('owner', a, { club_member_ids: [imported.carl] })]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
      expect(results.reduce((n, r) => n + r.added, 0)).toBe(1);
      expect(results.flatMap((r) => r.skipped)).toEqual([{ id: imported.carl, reason: 'recently_mailed' }]);
      expect(t.outbox.slice(before).map((m) => m.to)).toEqual(['carl.cm@example.dk']);
    });

    it('puts the claim back when the mail fails', async () => {
      const push = t.outbox.push;
      t.outbox.push = () => {
        throw new Error('SMTP down');
      };
      try {
        const result = await invite('manager', a, { club_member_ids: [imported.erik] });
        expect(result).toEqual({ added: 1, sent: 0, skipped: [{ id: imported.erik, reason: 'mail_failed' }] });
      } finally {
        t.outbox.push = push;
      }
      const erik = await memberRow(a.id, imported.erik);
      expect(erik).toMatchObject({ status: 'invited', lastInvitedAt: null });
      // Not thrown back by the throttle: the next try mails.
      expect(await invite('manager', a, { member_ids: [erik.id] })).toEqual({ added: 0, sent: 1, skipped: [] });
    });

    it('skips joined and banned members, golfers without an imported member row, and other communities’ members', async () => {
      const golfer = await golferJoins('cm-golfer-1', a, 'Golfer Gert');
      const inB = await golferJoins('cm-golfer-2', b, 'Golfer Grete');
      const bent = await memberRow(a.id, imported.bent);
      await t.database.db.update(schema.communityMembers).set({ status: 'member', joinedAt: new Date() }).where(eq(schema.communityMembers.id, bent.id));
      const result = await invite('manager', a, { member_ids: [golfer, inB, bent.id] });
      expect(result.sent).toBe(0);
      expect(result.skipped).toEqual(
        expect.arrayContaining([
          { id: golfer, reason: 'not_found' },
          { id: inB, reason: 'not_found' },
          { id: bent.id, reason: 'joined' },
        ]),
      );
      await t.database.db.update(schema.communityMembers).set({ status: 'invited', joinedAt: null }).where(eq(schema.communityMembers.id, bent.id));
    });

    it('refuses an empty or oversized invitation', async () => {
      for (const payload of [{}, { club_member_ids: [], member_ids: [] }, { club_member_ids: [0] }, { club_member_ids: ['x'] }, { member_ids: Array.from({ length: COMMUNITY_LIMITS.inviteMax + 1 }, (_, i) => i + 1) }]) {
        const res = await req('manager', 'POST', url(a, '/members/invitations'), payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });

  describe('the member list', () => {
    it('lists golfers by display name and imported members by name, with counts, filters, search and pages', async () => {
      const all = await members('manager', a);
      expect(all.counts).toEqual({ all: 5, members: 1, invited: 4, banned: 0 });
      expect(all.total).toBe(5);
      expect(all.items.map((m) => m.name)).toEqual(['Anna Aagaard', 'Bent Bøgh', 'Carl Clausen', 'Erik Eriksen', 'Golfer Gert']);
      const gert = all.items.at(-1)!;
      expect(gert).toMatchObject({ kind: 'golfer', email: '', union_number: '', status: 'member', muted_until: null, last_invited_at: null, recently_mailed: false });
      expect(gert.joined_at).not.toBeNull();

      const joined = await members('manager', a, { filter: 'members' });
      expect(joined.items.map((m) => m.name)).toEqual(['Golfer Gert']);
      expect(joined.total).toBe(1);
      expect(joined.counts.all).toBe(5);

      expect((await members('manager', a, { search: 'gert' })).items.map((m) => m.name)).toEqual(['Golfer Gert']);
      expect((await members('manager', a, { search: 'bent.cm@' })).items.map((m) => m.name)).toEqual(['Bent Bøgh']);
      expect((await members('manager', a, { search: '901-3' })).items.map((m) => m.name)).toEqual(['Carl Clausen']);
      expect((await members('manager', a, { search: 'anna, erik' })).items.map((m) => m.name)).toEqual(['Anna Aagaard', 'Erik Eriksen']);
      expect((await members('manager', a, { search: 'nobody-at-all' })).total).toBe(0);

      const page2 = await members('manager', a, { page: 2, page_size: 2 });
      expect(page2.items.map((m) => m.name)).toEqual(['Carl Clausen', 'Erik Eriksen']);
      expect(page2.total).toBe(5);

      for (const q of ['filter=joined', 'page=0', 'page_size=501', `search=${'x'.repeat(201)}`]) {
        expect((await req('manager', 'GET', `${url(a, '/members')}?${q}`)).statusCode, q).toBe(400);
      }
    });
  });

  describe('ban, mute and removal', () => {
    const gertId = async () => (await members('manager', a, { search: 'Golfer Gert' })).items[0].id;

    it('bans and unbans a member, refusing a second ban or an unban of one not banned, logging both', async () => {
      const id = await gertId();
      const banned = await req('manager', 'POST', url(a, `/members/${id}/ban`));
      expect(banned.statusCode, banned.body).toBe(200);
      expect(CommunityMember.parse(banned.json())).toMatchObject({ id, status: 'banned', kind: 'golfer' });
      expect((await members('manager', a)).counts).toMatchObject({ members: 0, banned: 1 });
      const again = await req('manager', 'POST', url(a, `/members/${id}/ban`));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('communities.alreadyBanned');
      expect((await logOf(a.id))[0]).toMatchObject({ action: 'member_banned', target: 'Golfer Gert', actorName: 'Mette Manager' });

      const unbanned = await req('manager', 'POST', url(a, `/members/${id}/unban`));
      expect(unbanned.statusCode, unbanned.body).toBe(200);
      expect(unbanned.json()).toMatchObject({ status: 'member' });
      const notBanned = await req('manager', 'POST', url(a, `/members/${id}/unban`));
      expect(notBanned.statusCode).toBe(409);
      expect(notBanned.json().code).toBe('communities.notBanned');
      expect((await logOf(a.id))[0]).toMatchObject({ action: 'member_unbanned', target: 'Golfer Gert' });

      // An invited imported member goes back to invited.
      const anna = await memberRow(a.id, imported.anna);
      await req('manager', 'POST', url(a, `/members/${anna.id}/ban`));
      const back = await req('manager', 'POST', url(a, `/members/${anna.id}/unban`));
      expect(back.json()).toMatchObject({ status: 'invited', kind: 'imported' });
    });

    it('mutes for a time ahead (at most 90 days), shows it until it ends, unmutes, and logs the end', async () => {
      const id = await gertId();
      const path = url(a, `/members/${id}/mute`);
      for (const until of [new Date(Date.now() - HOUR).toISOString(), new Date(Date.now() + 91 * DAY).toISOString()]) {
        const res = await req('manager', 'POST', path, { until });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'communities.muteRange', params: { days: 90 } });
      }
      for (const payload of [{}, { until: 'tomorrow' }, { until: '2030-01-01' }]) expect((await req('manager', 'POST', path, payload)).statusCode).toBe(400);

      const until = new Date(Date.now() + 2 * DAY);
      const muted = await req('manager', 'POST', path, { until: until.toISOString().replace('Z', '+00:00') });
      expect(muted.statusCode, muted.body).toBe(200);
      expect(CommunityMember.parse(muted.json()).muted_until).toBe(until.toISOString());
      expect((await logOf(a.id))[0]).toMatchObject({ action: 'member_muted', target: 'Golfer Gert', detail: until.toISOString() });

      const unmuted = await req('manager', 'DELETE', path);
      expect(unmuted.statusCode, unmuted.body).toBe(200);
      expect(unmuted.json().muted_until).toBeNull();
      expect((await logOf(a.id))[0]).toMatchObject({ action: 'member_unmuted' });
      const notMuted = await req('manager', 'DELETE', path);
      expect(notMuted.statusCode).toBe(409);
      expect(notMuted.json().code).toBe('communities.notMuted');

      // A mute whose time has passed shows as none, and cannot be lifted.
      await t.database.db.update(schema.communityMembers).set({ mutedUntil: new Date(Date.now() - HOUR) }).where(eq(schema.communityMembers.id, id));
      expect((await members('manager', a, { search: 'Golfer Gert' })).items[0].muted_until).toBeNull();
      expect((await req('manager', 'DELETE', path)).statusCode).toBe(409);
    });

    it('removes the community’s members among the ids, ignoring others, and logs each', async () => {
      const id = await gertId();
      const carl = await memberRow(a.id, imported.carl);
      const inB = (await members('owner', b)).items[0].id;
      const res = await req('manager', 'POST', url(a, '/members/removals'), { ids: [id, carl.id, inB, 999_999] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ removed: 2 });
      expect((await members('manager', a)).items.map((m) => m.name)).toEqual(['Anna Aagaard', 'Bent Bøgh', 'Erik Eriksen']);
      expect((await members('owner', b)).items.map((m) => m.id)).toEqual([inB]);
      const removed = (await logOf(a.id)).filter((e) => e.action === 'member_removed').map((e) => e.target);
      expect(removed.sort()).toEqual(['Carl Clausen', 'Golfer Gert']);
      for (const payload of [{ ids: [] }, {}, { ids: [-1] }]) expect((await req('manager', 'POST', url(a, '/members/removals'), payload)).statusCode).toBe(400);
    });
  });

  describe('who may act on which community', () => {
    it('answers 404 to a manager of A acting on B, and to a user who manages no community', async () => {
      const inB = (await members('owner', b)).items[0].id;
      const calls: [string, string, unknown?][] = [
        ['GET', url(b, '/members')],
        ['GET', url(b, '/invitable')],
        ['POST', url(b, '/members/invitations'), { club_member_ids: [imported.anna] }],
        ['POST', url(b, `/members/${inB}/ban`)],
        ['POST', url(b, `/members/${inB}/unban`)],
        ['POST', url(b, `/members/${inB}/mute`), { until: new Date(Date.now() + DAY).toISOString() }],
        ['DELETE', url(b, `/members/${inB}/mute`)],
        ['POST', url(b, '/members/removals'), { ids: [inB] }],
      ];
      for (const who of ['manager', 'bystander'] as const) {
        for (const [method, path, payload] of calls) {
          const res = await req(who, method as 'GET', path, payload);
          expect(res.statusCode, `${who} ${method} ${path}`).toBe(404);
          expect(res.json().code).toBe('communities.notFound');
        }
      }
      expect((await members('owner', b)).items.map((m) => m.status)).toEqual(['member']);
      expect(await memberRow(b.id, imported.anna)).toBeUndefined();
    });

    it("answers 404 for another community's member in this community's path", async () => {
      const inB = (await members('owner', b)).items[0].id;
      for (const [method, path, payload] of [
        ['POST', url(a, `/members/${inB}/ban`)],
        ['POST', url(a, `/members/${inB}/unban`)],
        ['POST', url(a, `/members/${inB}/mute`), { until: new Date(Date.now() + DAY).toISOString() }],
        ['DELETE', url(a, `/members/${inB}/mute`)],
      ] as const) {
        const res = await req('manager', method, path, payload);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().code).toBe('communities.memberNotFound');
      }
    });

    it("answers 404 for another club's community in this club's path, and 403 without the role", async () => {
      const wrongClub = await req('owner', 'GET', url(se, '/members'));
      expect(wrongClub.statusCode).toBe(404);
      expect(wrongClub.json().code).toBe('communities.notFound');
      expect((await req('owner', 'GET', url(se, '/members', ids.seClubId))).statusCode).toBe(403);
      expect((await req('staff', 'GET', url(a, '/members'))).statusCode).toBe(403);
      expect((await call(t.app, 'GET', url(a, '/members'))).statusCode).toBe(401);
    });

    it('lets the club’s community managers act on every community of the club', async () => {
      expect((await members('owner', a)).counts.all).toBe(3);
      const count = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.communityMembers)
        .where(eq(schema.communityMembers.communityId, a.id));
      expect(count[0].n).toBe(3);
    });
  });
});
