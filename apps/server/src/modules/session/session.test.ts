import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Profile } from '@golf/contract/api/session';
import { CLUB_ROLES } from '@golf/contract/roles';
import { sessions } from '../../db/schema/index';
import { hashToken } from '../../platform/tokens';
import {
  bearer,
  buildTestApp,
  call,
  createUser,
  DEMO,
  demoIds,
  signIn,
  testDatabaseKind,
  userRow,
  type DemoIds,
  type TestApp,
} from '../../../test/test-app';
import { ACCOUNT_FAILURE_LIMIT, LOGIN_FAILED } from './service';

const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** The failure counters use fixed windows: start a counting test well inside one. */
async function awayFromWindowEdge(windowMs: number, marginMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 200));
}

describe(`session (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  const tokens = {} as Record<'admin' | 'owner' | 'staff', string>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens.admin = await signIn(t.app, ...DEMO.admin);
    tokens.owner = await signIn(t.app, ...DEMO.owner);
    tokens.staff = await signIn(t.app, ...DEMO.staff);
  });
  afterAll(() => t?.close());

  const profile = (token: string) => t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(token) });
  const authenticate = (payload: unknown, remoteAddress?: string) =>
    call(t.app, 'POST', '/api/authenticate', { payload, remoteAddress });

  describe('POST /api/authenticate', () => {
    it('signs in with a lowercased email and returns a token with its expiry', async () => {
      const res = await authenticate({ username: ' Admin@Example.COM ', password: 'admin-demo' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['expired_at', 'token']);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const expires = new Date(body.expired_at).getTime();
      // The default session lasts 12 hours.
      expect(expires).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
      expect(expires).toBeLessThan(Date.now() + 12.1 * 3600_000);
      expect((await profile(body.token)).json().email).toBe('admin@example.com');
    });

    it('gives every sign-in its own token', async () => {
      const again = await signIn(t.app, ...DEMO.admin);
      expect(again).not.toBe(tokens.admin);
      expect((await profile(tokens.admin)).statusCode).toBe(200);
      expect((await profile(again)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown account alike with 401', async () => {
      const wrong = await authenticate({ username: 'staff@example.com', password: 'not-the-password' });
      const unknown = await authenticate({ username: 'nobody@example.com', password: 'staff-demo' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: LOGIN_FAILED });
      }
      expect(LOGIN_FAILED).toBe('Could not login. Check your email and password then try again.');
    });

    it.each([
      ['no body', undefined],
      ['an empty object', {}],
      ['no password', { username: 'admin@example.com' }],
      ['no username', { password: 'admin-demo' }],
      ['an empty username', { username: '', password: 'admin-demo' }],
      ['an empty password', { username: 'admin@example.com', password: '' }],
      ['a numeric username', { username: 42, password: 'admin-demo' }],
      ['a boolean password', { username: 'admin@example.com', password: true }],
      ['an array', [{ username: 'admin@example.com', password: 'admin-demo' }]],
    ])('refuses %s with 400 {error}', async (_label, payload) => {
      const res = await authenticate(payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().token).toBeUndefined();
    });

    it(`locks an account after ${ACCOUNT_FAILURE_LIMIT} failures, even for the right password, and only that account`, async () => {
      await createUser(t, { email: 'locked@example.com', password: 'locked-password' });
      await awayFromWindowEdge(SIGN_IN_WINDOW_MS);
      const address = '10.1.1.1';
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
        const res = await authenticate({ username: 'locked@example.com', password: `wrong-${i}` }, address);
        expect(res.statusCode).toBe(401);
      }
      const right = await authenticate({ username: 'locked@example.com', password: 'locked-password' }, address);
      expect(right.statusCode).toBe(429);
      expect(right.json().error).toMatch(/Too many sign-in attempts/);
      expect(right.json().token).toBeUndefined();
      // The email is lowercased before counting.
      expect((await authenticate({ username: 'LOCKED@example.com', password: 'locked-password' })).statusCode).toBe(429);
      // Another account, from the same address and from another, is not affected.
      expect((await authenticate({ username: 'staff@example.com', password: 'staff-demo' }, address)).statusCode).toBe(200);
      expect((await authenticate({ username: 'staff@example.com', password: 'staff-demo' })).statusCode).toBe(200);
    });

    it('forgets earlier failures after a successful sign-in', async () => {
      await createUser(t, { email: 'forgetful@example.com', password: 'forgetful-password' });
      await awayFromWindowEdge(SIGN_IN_WINDOW_MS);
      const address = '10.1.1.2';
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) {
        expect((await authenticate({ username: 'forgetful@example.com', password: 'nope-nope' }, address)).statusCode).toBe(401);
      }
      expect((await authenticate({ username: 'forgetful@example.com', password: 'forgetful-password' }, address)).statusCode).toBe(200);
      expect((await authenticate({ username: 'forgetful@example.com', password: 'nope-nope' }, address)).statusCode).toBe(401);
      expect((await authenticate({ username: 'forgetful@example.com', password: 'forgetful-password' }, address)).statusCode).toBe(200);
    });
  });

  describe('PUT /api/authenticated', () => {
    it('returns the admin profile', async () => {
      const res = await profile(tokens.admin);
      expect(res.statusCode).toBe(200);
      const body = Profile.parse(res.json());
      expect(body).toEqual({
        id: ids.adminId,
        email: 'admin@example.com',
        firstName: 'Ada',
        lastName: 'Admin',
        admin: true,
        roles: {},
        regionRoles: {},
        // The admin manages every club by the admin flag, not through regions.
        managedClubIds: [],
        photoFileName: null,
        language: 'en',
        defaultClubId: Math.min(ids.dkClubId, ids.seClubId),
      });
    });

    it('gives the region owner every club role of the clubs in the owned region', async () => {
      const body = Profile.parse((await profile(tokens.owner)).json());
      expect(body).toMatchObject({ id: ids.ownerId, email: 'owner@example.com', firstName: 'Ole', admin: false, language: 'da' });
      expect(body.roles).toEqual({ [ids.dkClubId]: [...CLUB_ROLES] });
      expect(body.regionRoles).toEqual({ [ids.dkRegionId]: ['owner'] });
      // The clubs of the owned region are the clubs the owner manages (§6).
      expect(body.managedClubIds).toEqual([ids.dkClubId]);
      expect(body.defaultClubId).toBe(ids.dkClubId);
    });

    it('gives staff only the three roles they hold', async () => {
      const body = Profile.parse((await profile(tokens.staff)).json());
      expect(body).toMatchObject({ id: ids.staffId, email: 'staff@example.com', admin: false, language: 'en', regionRoles: {}, managedClubIds: [] });
      expect(body.roles).toEqual({ [ids.dkClubId]: ['club-info', 'club-gallery', 'opening-hours'] });
      expect(body.defaultClubId).toBe(ids.dkClubId);
    });

    it('derives club roles from a region owned without any direct club role', async () => {
      await createUser(t, {
        email: 'skane-owner@example.com',
        password: 'skane-owner-pw',
        language: 'sv',
        regionRoles: { [ids.seRegionId]: ['owner'] },
      });
      const body = Profile.parse((await profile(await signIn(t.app, 'skane-owner@example.com', 'skane-owner-pw'))).json());
      expect(body.roles).toEqual({ [ids.seClubId]: [...CLUB_ROLES] });
      expect(body.regionRoles).toEqual({ [ids.seRegionId]: ['owner'] });
      expect(body.managedClubIds).toEqual([ids.seClubId]);
      expect(body.language).toBe('sv');
      expect(body.defaultClubId).toBe(ids.seClubId);
    });

    it('gives a user without roles an empty profile and no default club', async () => {
      await createUser(t, { email: 'no-roles@example.com', password: 'no-roles-pw' });
      const body = Profile.parse((await profile(await signIn(t.app, 'no-roles@example.com', 'no-roles-pw'))).json());
      expect(body).toMatchObject({ admin: false, roles: {}, regionRoles: {}, defaultClubId: null });
    });

    it('leaves out clubs where only unknown role names are stored', async () => {
      await createUser(t, {
        email: 'legacy@example.com',
        password: 'legacy-password',
        clubRoles: { [ids.seClubId]: ['retired-role'], [ids.dkClubId]: ['club-info', 'retired-role'] },
      });
      const token = await signIn(t.app, 'legacy@example.com', 'legacy-password');
      const body = Profile.parse((await profile(token)).json());
      expect(body.roles).toEqual({ [ids.dkClubId]: ['club-info'] });
      expect(body.defaultClubId).toBe(ids.dkClubId);
      // The club list agrees with what the user may open.
      const list = await call(t.app, 'GET', '/api/clubs-list', { token });
      expect(list.json().map((c: { id: number }) => c.id)).toEqual([ids.dkClubId]);
      expect((await call(t.app, 'GET', `/api/clubs/${ids.seClubId}/club`, { token })).statusCode).toBe(403);
    });
  });

  describe('tokens that do not open a session', () => {
    it('answers 401 {error} without a token', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/authenticated' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: expect.any(String) });
    });

    it.each([
      ['the bare scheme', 'Bearer'],
      ['an empty bearer', 'Bearer '],
      ['a short token', 'Bearer abc'],
      ['a token with bad characters', `Bearer ${'a'.repeat(30)}$%!`],
      ['the basic scheme', `Basic ${Buffer.from('admin@example.com:admin-demo').toString('base64')}`],
      ['a token without a scheme', 'x'.repeat(43)],
      ['two tokens', `Bearer ${'a'.repeat(43)} ${'b'.repeat(43)}`],
    ])('answers 401 {error} for %s', async (_label, authorization) => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().error).toBe('string');
    });

    it('answers 401 for a well-formed random token', async () => {
      const res = await profile('R'.repeat(20) + 'andomTokenThatWasNeverIssued');
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/expired|sign in/i);
    });

    it('answers 401 once the session has expired', async () => {
      const token = await signIn(t.app, ...DEMO.staff);
      expect((await profile(token)).statusCode).toBe(200);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 minute'` as unknown as Date })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Your session has expired. Please sign in again.');
      // An expired session cannot be renewed either.
      expect((await call(t.app, 'POST', '/api/token', { token })).statusCode).toBe(401);
    });

    it('revokes the token on DELETE /api/token and leaves other sessions alone', async () => {
      const token = await signIn(t.app, ...DEMO.staff);
      const res = await call(t.app, 'DELETE', '/api/token', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await profile(token)).statusCode).toBe(401);
      expect((await call(t.app, 'POST', '/api/token', { token })).statusCode).toBe(401);
      expect((await call(t.app, 'DELETE', '/api/token', { token })).statusCode).toBe(401);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      expect(row.revokedAt).toBeInstanceOf(Date);
      expect((await profile(tokens.staff)).statusCode).toBe(200);
    });
  });

  describe('POST /api/token', () => {
    it('moves the expiry of the session forward', async () => {
      const token = await signIn(t.app, ...DEMO.owner);
      const soon = new Date(Date.now() + 60_000);
      await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.tokenHash, hashToken(token)));
      const res = await call(t.app, 'POST', '/api/token', { token });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['expired_at']);
      const renewed = new Date(res.json().expired_at).getTime();
      expect(renewed).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      expect(row.expiresAt.getTime()).toBe(renewed);
      expect((await profile(token)).statusCode).toBe(200);
    });
  });

  describe('what is stored', () => {
    it('keeps passwords as argon2id hashes', async () => {
      for (const [email, password] of Object.values(DEMO)) {
        const row = await userRow(t, email);
        expect(row.passwordHash).toMatch(/^\$argon2id\$/);
        expect(row.passwordHash).not.toContain(password);
      }
    });

    it('keeps only a hash of each session token', async () => {
      const token = await signIn(t.app, ...DEMO.staff);
      const rows = await t.database.db.select().from(sessions);
      expect(rows.some((r) => r.tokenHash === token)).toBe(false);
      const mine = rows.filter((r) => r.tokenHash === hashToken(token));
      expect(mine).toHaveLength(1);
      expect(mine[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(mine[0].userId).toBe(ids.staffId);
    });
  });
});
