// The read cache (issue 12, docs/decisions/0012): a kept answer never outlives a change of the
// data, of a permission or of the clock it depends on, and the access check runs first on every
// request. On both databases; other processes' changes on PostgreSQL: data-changes.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { INVITATION_THROTTLE_MS, MembersResponse } from '@golf/contract/api/members';
import { clubMembers, clubs, clubUserRoles } from '../db/schema/index';
import { buildTestApp, call, createUser, DEMO, demoIds, signIn, testDatabaseKind, type DemoIds, type TestApp } from '../../test/test-app';
import { changeTracker } from './database';
import { queriesOf as queriesOfDatabase } from '../../test/read-cache';

describe(`read cache (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;
  const embedded = testDatabaseKind === 'pglite';
  const club = async (token = owner) => {
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/club`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { name: string; phone: string };
  };

  const queriesOf = (read: () => Promise<unknown>) => queriesOfDatabase(t.database, read);

  /** Writes a row of the catalogue as it is: a change of the catalogue for every reader of it. */
  const touchCatalogue = () => t.database.pool.query('update graphics_themes set name = name where id = (select min(id) from graphics_themes)');

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    owner = await signIn(t.app, ...DEMO.owner);
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  it('answers a kept read without querying', async () => {
    if (!embedded) {
      // Every query takes a pooled connection. The tests' session cache is off: each request
      // looks its session up (one); a kept read takes no other, until a write.
      const connects = vi.spyOn(t.database.pool, 'connect');
      const taken = async () => {
        connects.mockClear();
        await club();
        return connects.mock.calls.length;
      };
      await club();
      expect(await taken()).toBe(1);
      // A write that changes no row changes nothing; a change of the club's row ends the answer.
      await t.database.db.update(clubMembers).set({ phone: '' }).where(eq(clubMembers.clubId, -1));
      expect(await taken()).toBe(1);
      await t.database.db.update(clubs).set({ phone: sql`phone` }).where(eq(clubs.id, ids.dkClubId));
      expect(await taken()).toBe(2);
      expect(await taken()).toBe(1);
      return;
    }
    // The one connection of the embedded database: count what is sent on it.
    const connection = await t.database.pool.connect();
    connection.release();
    const sent = vi.spyOn(connection, 'query');
    const statements = async (read: () => Promise<unknown>) => {
      sent.mockClear();
      await read();
      return sent.mock.calls.length;
    };
    // The tests' session cache is off: each request looks its session up (one statement).
    expect(await statements(() => club())).toBeGreaterThanOrEqual(1);
    expect(await statements(() => club())).toBe(1);
    // A write that changes no row changes nothing: the answer stays kept.
    const before = changeTracker(t.database.db)!.now;
    await t.database.db.update(clubMembers).set({ phone: '' }).where(eq(clubMembers.clubId, -1));
    expect(changeTracker(t.database.db)!.now).toBe(before);
    expect(await statements(() => club())).toBe(1);
    // A change of the club's own row ends it.
    await t.database.db.update(clubs).set({ phone: sql`phone` }).where(eq(clubs.id, ids.dkClubId));
    expect(changeTracker(t.database.db)!.now).toBeGreaterThan(before);
    expect(await statements(() => club())).toBe(2);
    expect(await statements(() => club())).toBe(1);
  });

  it('a change through the API is in the next answer', async () => {
    const before = await club();
    const res = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { token: owner, payload: { phone: '+45 11 22 33 44' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await club()).phone).toBe('+45 11 22 33 44');
    expect((await club()).name).toBe(before.name);
  });

  it('a change written past the API is in the next answer', async () => {
    await club();
    await t.database.db.update(clubs).set({ name: 'Fjordvang GK (renamed)' }).where(eq(clubs.id, ids.dkClubId));
    expect((await club()).name).toBe('Fjordvang GK (renamed)');
    await t.database.db.update(clubs).set({ name: 'Fjordvang Golfklub' }).where(eq(clubs.id, ids.dkClubId));
    expect((await club()).name).toBe('Fjordvang Golfklub');
  });

  it('checks access first: a role taken away is 403 at once, a signed-out token 401', async () => {
    const userId = await createUser(t, { email: 'cache-hours@example.com', password: 'cache-hours-pw', clubRoles: { [ids.dkClubId]: ['opening-hours'] } });
    const token = await signIn(t.app, 'cache-hours@example.com', 'cache-hours-pw');
    const hours = () => call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/hours`, { token });
    expect((await hours()).statusCode).toBe(200);
    expect((await hours()).statusCode).toBe(200);
    await t.database.db.delete(clubUserRoles).where(eq(clubUserRoles.userId, userId));
    expect((await hours()).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/hours`, { token: owner })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', '/api/token', { token: owner })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/hours`, { token: owner })).statusCode).toBe(401);
    owner = await signIn(t.app, ...DEMO.owner);
  });

  it("keeps each caller's answer apart, and follows a new role into the list of clubs", async () => {
    const list = async (token: string) => ((await call(t.app, 'GET', '/api/clubs-list', { token })).json() as { id: number }[]).map((c) => c.id);
    const staff = await signIn(t.app, ...DEMO.staff);
    const admin = await signIn(t.app, ...DEMO.admin);
    expect(await list(staff)).toEqual([ids.dkClubId]);
    expect((await list(admin)).length).toBeGreaterThan(1);
    expect(await list(staff)).toEqual([ids.dkClubId]);
    await t.database.db.insert(clubUserRoles).values({ clubId: ids.seClubId, userId: ids.staffId, role: 'club-info' });
    expect((await list(staff)).sort()).toEqual([ids.dkClubId, ids.seClubId].sort());
    await t.database.db.delete(clubUserRoles).where(eq(clubUserRoles.clubId, ids.seClubId));
    expect(await list(staff)).toEqual([ids.dkClubId]);
  });

  it('a member list that depends on the clock holds only until it changes', async () => {
    const invitedAt = Date.now() - INVITATION_THROTTLE_MS + 60_000;
    await t.database.db.insert(clubMembers).values({ clubId: ids.dkClubId, unionNumber: 'cache-1', email: 'cache-1@example.com', status: 'invited', lastInvitedAt: new Date(invitedAt) });
    const mailed = async () => {
      const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/members?search=cache-1`, { token: owner });
      expect(res.statusCode, res.body).toBe(200);
      return MembersResponse.parse(res.json()).items.map((m) => m.recently_mailed);
    };
    expect(await mailed()).toEqual([true]);
    expect(await mailed()).toEqual([true]);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(await mailed()).toEqual([false]);
  });

  it('a client that revalidates from the start is answered 304 from the cache after the first', async () => {
    const etag = String((await call(t.app, 'GET', '/api/graphics', { token: owner })).headers.etag);
    // A change of the catalogue ends the kept answer: the next is the handler's 304, whose validators are kept.
    await touchCatalogue();
    const revalidate = () => call(t.app, 'GET', '/api/graphics', { token: owner, headers: { 'if-none-match': etag } });
    // The catalogue's handler asks the database for its version (a query of its own); a kept
    // answer takes only the session's lookup.
    const first = await queriesOf(revalidate);
    const second = await queriesOf(revalidate);
    expect(second).toBe(1);
    expect(first).toBeGreaterThan(second);
    const answer = await revalidate();
    expect(answer.statusCode).toBe(304);
    expect(answer.headers.etag).toBe(etag);
    // A client without a copy still gets the whole catalogue (from the handler, then kept).
    const full = await call(t.app, 'GET', '/api/graphics', { token: owner });
    expect(full.statusCode).toBe(200);
    expect(full.headers.etag).toBe(etag);
    expect(full.body.length).toBeGreaterThan(1000);
    // And a change of the catalogue ends the kept validators too: the handler is asked again.
    await touchCatalogue();
    expect(await queriesOf(revalidate)).toBeGreaterThan(1);
  });

  it('a kept catalogue still answers 304 to a current copy', async () => {
    const first = await call(t.app, 'GET', '/api/graphics', { token: owner });
    const etag = String(first.headers.etag);
    const again = await call(t.app, 'GET', '/api/graphics', { token: owner, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    const full = await call(t.app, 'GET', '/api/graphics', { token: owner });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe(first.body);
    expect(full.headers['content-type']).toBe(first.headers['content-type']);
  });
});
