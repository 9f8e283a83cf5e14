import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Profile } from '@golf/contract/api/session';
import { CLUB_ROLES } from '@golf/contract/roles';
import { loginAttempts, sessions } from '../../db/schema/index';
import { loadConfig } from '../../platform/config';
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
import { signInActors } from '../../../test/actors';
import { LOGIN_FAILED, SESSION_TOO_OLD, SIGN_IN_LIMITS } from './service';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The sign-in limiter reads the clock through Date: a fake one, started a minute into the next
 * hour (clear of the edges of the 15- and 60-minute windows), moved on by `advance`.
 */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 60_000);
  return { advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
}

describe(`session (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<'admin' | 'owner' | 'staff', string>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff']);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

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
        expect(res.json()).toEqual({ error: LOGIN_FAILED, code: 'auth.loginFailed' });
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

  });

  describe('sign-in throttling (ASVS 2.2: slow down, lock only account + address)', () => {
    const { account, address, pair } = SIGN_IN_LIMITS;
    const attempt = (username: string, password: string, from: string) => authenticate({ username, password }, from);

    it('slows an account down with a delay that doubles up to a minute, from any address, answered 429 with Retry-After', async () => {
      const clock = fakeClock();
      await createUser(t, { email: 'slow@example.com', password: 'slow-password' });
      // The first failures of the hour are not held back. Every attempt comes from another address:
      // it is the account that slows down.
      for (let i = 0; i < account.free; i++) expect((await attempt('slow@example.com', `wrong-${i}`, `10.2.0.${i}`)).statusCode).toBe(401);
      const waits: number[] = [];
      for (let failures = account.free; failures < account.free + 8; failures++) {
        // Even the right password waits: a delayed attempt is not checked at all.
        const refused = await attempt('slow@example.com', 'slow-password', `10.2.1.${failures}`);
        expect(refused.statusCode).toBe(429);
        const seconds = Number(refused.headers['retry-after']);
        expect(refused.json()).toEqual({
          error: seconds < 60 ? `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.` : 'Too many sign-in attempts. Try again in 1 minute.',
          ...(seconds === 1
            ? { code: 'auth.tooManySignInsSecond' }
            : seconds < 60
              ? { code: 'auth.tooManySignInsSeconds', params: { seconds } }
              : { code: 'auth.tooManySignInsMinute' }),
        });
        expect(refused.json().token).toBeUndefined();
        // Refused attempts count nowhere: hammering does not lengthen the wait.
        for (let i = 0; i < 5; i++) expect((await attempt('slow@example.com', 'hammer', '10.2.2.1')).statusCode).toBe(429);
        waits.push(seconds);
        clock.advance(seconds * 1000 - 1);
        expect((await attempt('slow@example.com', 'slow-password', '10.2.3.1')).statusCode).toBe(429);
        clock.advance(1);
        expect((await attempt('slow@example.com', `wrong-again-${failures}`, `10.2.4.${failures}`)).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
      expect(account.maxDelayMs).toBe(60_000);
      // After the wait the right password works, and the account's failures are forgotten.
      clock.advance(60_000);
      expect((await attempt('slow@example.com', 'slow-password', '10.2.5.1')).statusCode).toBe(200);
      for (let i = 0; i < account.free; i++) expect((await attempt('slow@example.com', `fresh-${i}`, '10.2.5.1')).statusCode).toBe(401);
      expect((await attempt('slow@example.com', 'slow-password', '10.2.5.1')).statusCode).toBe(429);
    });

    it('locks only the hammering address out of the account; the owner signs in from another address meanwhile', async () => {
      const clock = fakeClock();
      await createUser(t, { email: 'target@example.com', password: 'target-password' });
      const attacker = '10.3.0.66';
      // The attacker guesses as fast as the answers allow, waiting out every delay.
      let failures = 0;
      while (failures < pair.limit) {
        const res = await attempt('target@example.com', `guess-${failures}`, attacker);
        if (res.statusCode === 401) failures++;
        else {
          expect(res.statusCode).toBe(429);
          clock.advance(Number(res.headers['retry-after']) * 1000);
        }
      }
      clock.advance(account.maxDelayMs);
      // From the attacker's address the account is locked for the rest of the 15 minutes, even for
      // the right password and however the email is written.
      for (const username of ['target@example.com', 'TARGET@example.com']) {
        const locked = await attempt(username, 'target-password', attacker);
        expect(locked.statusCode).toBe(429);
        expect(locked.json().error).toMatch(/^Too many sign-in attempts\. Try again in 1[34] minutes\.$/);
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(12 * 60);
      }
      // The attacker keeps hammering: refused, and not counted against the account.
      for (let i = 0; i < 30; i++) expect((await attempt('target@example.com', `more-${i}`, attacker)).statusCode).toBe(429);
      // The owner, from another address, is not locked out.
      const owner = await attempt('target@example.com', 'target-password', '10.3.0.1');
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // The attacker's address stays locked out of this account, and only of this account.
      expect((await attempt('target@example.com', 'target-password', attacker)).statusCode).toBe(429);
      expect((await attempt('staff@example.com', 'staff-demo', attacker)).statusCode).toBe(200);
      // Until the window ends.
      clock.advance(pair.windowMs);
      expect((await attempt('target@example.com', 'target-password', attacker)).statusCode).toBe(200);
    });

    it('slows the owner down only by the account delay while an attacker waits out every delay', async () => {
      const clock = fakeClock();
      await createUser(t, { email: 'patient@example.com', password: 'patient-password' });
      for (let i = 0; i < account.free; i++) expect((await attempt('patient@example.com', `guess-${i}`, '10.4.0.66')).statusCode).toBe(401);
      // Right after the attacker's failure the owner is asked to wait a second, not locked out.
      const wait = await attempt('patient@example.com', 'patient-password', '10.4.0.1');
      expect(wait.statusCode).toBe(429);
      expect(wait.headers['retry-after']).toBe('1');
      clock.advance(1000);
      expect((await attempt('patient@example.com', 'patient-password', '10.4.0.1')).statusCode).toBe(200);
    });

    it('slows down an address that guesses at many accounts, and not for its successful sign-ins', async () => {
      const clock = fakeClock();
      const from = '10.5.0.9';
      // Sign-ins that succeed take their attempt back: an office behind one address is not slowed.
      for (let i = 0; i < address.free + 5; i++) expect((await attempt('staff@example.com', 'staff-demo', from)).statusCode).toBe(200);
      for (let i = 0; i < address.free; i++) expect((await attempt(`sprayed-${i}@example.com`, 'Winter2026!', from)).statusCode).toBe(401);
      const refused = await attempt('staff@example.com', 'staff-demo', from);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      // Other addresses are not affected.
      expect((await attempt('staff@example.com', 'staff-demo', '10.5.0.10')).statusCode).toBe(200);
      clock.advance(1000);
      expect((await attempt('staff@example.com', 'staff-demo', from)).statusCode).toBe(200);
    });

    it('forgets an account\'s failures after a successful sign-in', async () => {
      fakeClock();
      await createUser(t, { email: 'forgetful@example.com', password: 'forgetful-password' });
      const from = '10.6.0.2';
      for (let i = 0; i < account.free - 1; i++) expect((await attempt('forgetful@example.com', 'nope-nope', from)).statusCode).toBe(401);
      expect((await attempt('forgetful@example.com', 'forgetful-password', from)).statusCode).toBe(200);
      for (let i = 0; i < account.free; i++) expect((await attempt('forgetful@example.com', 'nope-nope', from)).statusCode).toBe(401);
      expect((await attempt('forgetful@example.com', 'forgetful-password', from)).statusCode).toBe(429);
    });

    it('believes X-Forwarded-For only with TRUST_PROXY: behind one proxy each client has its own address', async () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
      expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
      // A hop count would be ignored by Fastify: refused at start rather than silently.
      expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY must be false, true or the proxies' addresses/);
      expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);

      fakeClock();
      const proxied = await buildTestApp({ env: { TRUST_PROXY: '10.8.0.0/16' } });
      try {
        const via = (app: TestApp, client: string, username: string, password: string) =>
          call(app.app, 'POST', '/api/authenticate', {
            payload: { username, password },
            remoteAddress: '10.8.0.1',
            headers: { 'x-forwarded-for': `203.0.113.7, ${client}` },
          });
        // Behind the proxy: one client guesses at many accounts and is slowed down; another client
        // that reaches the server through the same proxy is not.
        for (let i = 0; i < address.free; i++) expect((await via(proxied, '198.51.100.1', `nobody-${i}@example.com`, 'guess')).statusCode).toBe(401);
        expect((await via(proxied, '198.51.100.1', 'staff@example.com', 'staff-demo')).statusCode).toBe(429);
        expect((await via(proxied, '198.51.100.2', 'staff@example.com', 'staff-demo')).statusCode).toBe(200);
        // The address a client writes into the header itself (the first one) is not believed.
        expect((await via(proxied, '198.51.100.1', 'staff@example.com', 'staff-demo')).statusCode).toBe(429);

        // Without TRUST_PROXY the header is ignored: changing it does not give a fresh address.
        for (let i = 0; i < address.free; i++) expect((await via(t, `192.0.2.${i}`, `nobody-${i}@example.com`, 'guess')).statusCode).toBe(401);
        expect((await via(t, '192.0.2.200', 'staff@example.com', 'staff-demo')).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    });

    it('lets no burst of parallel attempts past the delay', async () => {
      fakeClock();
      await createUser(t, { email: 'burst@example.com', password: 'burst-password' });
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) => attempt('burst@example.com', `parallel-${i}`, `10.7.0.${i}`)),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(account.free);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15 - account.free);
      const [row] = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'account:burst@example.com'));
      expect(row.failures).toBe(account.free);
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
      expect(res.json()).toEqual({ error: 'Not signed in', code: 'auth.notSignedIn' });
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

  describe('absolute session lifetime (SESSION_MAX_DAYS)', () => {
    const MAX_MS = 30 * DAY_MS;
    const rowOf = async (token: string) =>
      (await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0];

    it('is 30 days unless SESSION_MAX_DAYS says otherwise', () => {
      expect(loadConfig({}).sessionMaxMs).toBe(MAX_MS);
      expect(loadConfig({ SESSION_MAX_DAYS: '7' }).sessionMaxMs).toBe(7 * DAY_MS);
      expect(() => loadConfig({ SESSION_MAX_DAYS: '0' })).toThrow(/SESSION_MAX_DAYS must be a positive integer/);
      expect(() => loadConfig({ SESSION_MAX_DAYS: 'forever' })).toThrow(/SESSION_MAX_DAYS/);
    });

    it('never renews a session past 30 days after its sign-in', async () => {
      const token = await signIn(t.app, ...DEMO.staff);
      // Signed in 30 days ago less an hour: renewal gives that hour, not another 12.
      const createdAt = new Date(Date.now() - MAX_MS + HOUR_MS);
      await t.database.db.update(sessions).set({ createdAt }).where(eq(sessions.tokenHash, hashToken(token)));
      const res = await call(t.app, 'POST', '/api/token', { token });
      expect(res.statusCode, res.body).toBe(200);
      const end = createdAt.getTime() + MAX_MS;
      expect(new Date(res.json().expired_at).getTime()).toBe(end);
      expect((await rowOf(token)).expiresAt.getTime()).toBe(end);
      // Renewing again moves nothing.
      expect(new Date((await call(t.app, 'POST', '/api/token', { token })).json().expired_at).getTime()).toBe(end);
      expect((await profile(token)).statusCode).toBe(200);
    });

    it('refuses renewal with 401 from the end of the lifetime on', async () => {
      const token = await signIn(t.app, ...DEMO.staff);
      const before = await rowOf(token);
      await t.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - MAX_MS - 60_000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const res = await call(t.app, 'POST', '/api/token', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: SESSION_TOO_OLD, code: 'auth.sessionTooOld' });
      expect(SESSION_TOO_OLD).toBe('Your session has reached its maximum length. Please sign in again.');
      expect((await rowOf(token)).expiresAt.getTime()).toBe(before.expiresAt.getTime());
    });

    it('gives a new session no more than the lifetime when the lifetime is the shorter', async () => {
      const short = await buildTestApp({ env: { SESSION_MAX_DAYS: '1', TOKEN_TTL_MINUTES: String(3 * 24 * 60) } });
      try {
        const res = await call(short.app, 'POST', '/api/authenticate', { payload: { username: DEMO.staff[0], password: DEMO.staff[1] } });
        const expires = new Date(res.json().expired_at).getTime();
        expect(expires).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
        expect(expires).toBeLessThanOrEqual(Date.now() + DAY_MS);
        const renewed = await call(short.app, 'POST', '/api/token', { token: res.json().token });
        expect(new Date(renewed.json().expired_at).getTime()).toBe(expires);
      } finally {
        await short.close();
      }
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
