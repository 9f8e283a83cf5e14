import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Profile } from '@golf/contract/api/session';
import { buildTestApp, call, createUser, DEMO, demoIds, signIn, testDatabaseKind, userRow, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

describe(`PUT /api/users/{id} (${testDatabaseKind})`, () => {
  let t: TestApp;
  let staffToken: string;
  let staffId: number;
  let ownerId: number;
  let ids: DemoIds;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    staffId = ids.staffId;
    ownerId = ids.ownerId;
    ({ staff: staffToken } = await signInActors(t, ['staff']));
  });
  afterAll(() => t?.close());

  const update = (token: string, id: number | string, payload: unknown) => call(t.app, 'PUT', `/api/users/${id}`, { token, payload });
  const profile = (token: string) => call(t.app, 'PUT', '/api/authenticated', { token });

  it('changes the own first and last name and language', async () => {
    const res = await update(staffToken, staffId, { id: staffId, firstName: '  Samantha ', lastName: 'Stab', language: 'da' });
    expect(res.statusCode).toBe(200);
    const body = Profile.parse(res.json());
    expect(body).toMatchObject({ id: staffId, firstName: 'Samantha', lastName: 'Stab', language: 'da', email: 'staff@example.com' });
    const again = Profile.parse((await profile(staffToken)).json());
    expect(again).toEqual(body);
    // The roles are not touched by a profile update.
    expect(Object.values(again.roles)).toEqual([['club-info', 'club-gallery', 'opening-hours']]);
  });

  it('reads only the editable parts of the profile that is sent', async () => {
    const current = Profile.parse((await profile(staffToken)).json());
    const res = await update(staffToken, staffId, { ...current, admin: true, email: 'evil@example.com', roles: { 2: ['courses'] }, firstName: 'Sam' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ admin: false, email: 'staff@example.com', firstName: 'Sam', roles: current.roles });
    expect((await userRow(t, 'staff@example.com')).admin).toBe(false);
  });

  it("refuses another user's profile with 403 to a user who does not manage them", async () => {
    const res = await update(staffToken, ownerId, { id: ownerId, firstName: 'Hijacked', lastName: '', language: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only change your own profile', code: 'users.ownProfileOnly' });
    expect((await userRow(t, 'owner@example.com')).firstName).toBe('Ole');
    const swedeId = await createUser(t, { email: 'swede@example.com', password: 'swede-password', clubRoles: { [ids.seClubId]: ['user-management'] } });
    const swede = await signIn(t.app, 'swede@example.com', 'swede-password');
    expect((await update(swede, staffId, { id: staffId, firstName: 'Hijacked', lastName: '', language: 'en' })).statusCode).toBe(403);
    expect((await update(staffToken, swedeId, { id: swedeId, firstName: 'Hijacked', lastName: '', language: 'en' })).statusCode).toBe(403);
    expect((await userRow(t, 'staff@example.com')).firstName).toBe('Sam');
  });

  it("never changes another user's password", async () => {
    const admin = await signIn(t.app, ...DEMO.admin);
    const res = await update(admin, staffId, { id: staffId, firstName: 'Sam', lastName: 'Stab', language: 'da', currentPassword: 'admin-demo', newPassword: 'taken-over-pw' });
    expect(res.statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/authenticate', { payload: { username: 'staff@example.com', password: 'taken-over-pw' } })).statusCode).toBe(401);
  });

  it('answers 400 when the id in the body is not the one in the path', async () => {
    const res = await update(staffToken, staffId, { id: ownerId, firstName: 'Sam', lastName: 'Staff', language: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The profile id does not match the address', code: 'users.idMismatch' });
  });

  it.each([
    ['no id', () => ({ firstName: 'Sam', lastName: 'Staff', language: 'en' })],
    ['an id as a string of letters', () => ({ id: 'me', firstName: 'Sam', lastName: 'Staff', language: 'en' })],
    ['an empty first name', () => ({ id: staffId, firstName: ' ', lastName: 'Staff', language: 'en' })],
    ['an unknown language', () => ({ id: staffId, firstName: 'Sam', lastName: 'Staff', language: 'de' })],
    ['a numeric last name', () => ({ id: staffId, firstName: 'Sam', lastName: 7, language: 'en' })],
    ['a new password without the current one', () => ({ id: staffId, firstName: 'Sam', lastName: 'Staff', language: 'en', newPassword: 'brand-new-pw' })],
    [
      'a new password that is too short',
      () => ({ id: staffId, firstName: 'Sam', lastName: 'Staff', language: 'en', currentPassword: 'staff-demo', newPassword: 'short' }),
    ],
  ])('answers 400 for %s and changes nothing', async (_label, payload) => {
    const res = await update(staffToken, staffId, payload());
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    const row = await userRow(t, 'staff@example.com');
    expect(row.firstName).toBe('Sam');
    expect(row.lastName).toBe('Stab');
  });

  it('answers 400 for a non-numeric path id', async () => {
    expect((await update(staffToken, 'me', { id: staffId, firstName: 'Sam', lastName: '', language: 'en' })).statusCode).toBe(400);
  });

  it('changes the password only with the right current password', async () => {
    const id = await createUser(t, { email: 'changer@example.com', password: 'first-password' });
    const token = await signIn(t.app, 'changer@example.com', 'first-password');
    const base = { id, firstName: 'Chang', lastName: 'Er', language: 'en' };

    const wrong = await update(token, id, { ...base, currentPassword: 'not-it-at-all', newPassword: 'second-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'Your current password is not correct',
      details: [{ path: 'currentPassword', message: 'Your current password is not correct' }],
    });
    expect((await userRow(t, 'changer@example.com')).firstName).toBe('Test');

    const right = await update(token, id, { ...base, currentPassword: 'first-password', newPassword: 'second-password' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ firstName: 'Chang', lastName: 'Er' });
    expect((await userRow(t, 'changer@example.com')).passwordHash).toMatch(/^\$argon2id\$/);
    expect((await call(t.app, 'POST', '/api/authenticate', { payload: { username: 'changer@example.com', password: 'second-password' } })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/authenticate', { payload: { username: 'changer@example.com', password: 'first-password' } })).statusCode).toBe(401);
  });

  describe('a password change, with the session cache on as in production', () => {
    let cached: TestApp;
    beforeAll(async () => {
      cached = await buildTestApp({ env: { SESSION_CACHE_MS: '60000' } });
    });
    afterAll(() => cached?.close());

    const me = (token: string) => call(cached.app, 'PUT', '/api/authenticated', { token });

    it("signs out the user's other sessions at once and keeps the one that changed it", async () => {
      const id = await createUser(cached, { email: 'many-devices@example.com', password: 'old-password-1' });
      const otherUser = await signIn(cached.app, ...DEMO.staff);
      const [laptop, phone, tablet] = [
        await signIn(cached.app, 'many-devices@example.com', 'old-password-1'),
        await signIn(cached.app, 'many-devices@example.com', 'old-password-1'),
        await signIn(cached.app, 'many-devices@example.com', 'old-password-1'),
      ];
      // Every session is in the cache now.
      for (const token of [laptop, phone, tablet, otherUser]) expect((await me(token)).statusCode).toBe(200);
      const base = { id, firstName: 'Many', lastName: 'Devices', language: 'en' };

      // A name change, or a wrong current password, signs nobody out.
      expect((await call(cached.app, 'PUT', `/api/users/${id}`, { token: laptop, payload: base })).statusCode).toBe(200);
      const wrong = await call(cached.app, 'PUT', `/api/users/${id}`, { token: laptop, payload: { ...base, currentPassword: 'not-it-at-all', newPassword: 'new-password-2' } });
      expect(wrong.statusCode).toBe(400);
      for (const token of [laptop, phone, tablet]) expect((await me(token)).statusCode).toBe(200);

      const changed = await call(cached.app, 'PUT', `/api/users/${id}`, {
        token: laptop,
        payload: { ...base, currentPassword: 'old-password-1', newPassword: 'new-password-2' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      for (const token of [phone, tablet]) {
        const res = await me(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Your session has expired. Please sign in again.', code: 'auth.sessionExpired' });
        expect((await call(cached.app, 'POST', '/api/token', { token })).statusCode).toBe(401);
      }
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await call(cached.app, 'POST', '/api/token', { token: laptop })).statusCode).toBe(200);
      // Other users keep their sessions.
      expect((await me(otherUser)).statusCode).toBe(200);
      // The new password signs in.
      expect((await me(await signIn(cached.app, 'many-devices@example.com', 'new-password-2'))).statusCode).toBe(200);
    });
  });

  it('answers 401 without a token', async () => {
    const res = await call(t.app, 'PUT', `/api/users/${staffId}`, { payload: { id: staffId, firstName: 'Sam', lastName: '', language: 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Not signed in', code: 'auth.notSignedIn' });
  });
});
