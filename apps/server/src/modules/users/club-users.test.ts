import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUB_ROLES } from '@golf/contract/roles';
import { ClubUser, ClubUsersResponse, CreateUserResponse } from '@golf/contract/api/users';
import * as schema from '../../db/schema/index';
import {
  buildTestApp,
  call,
  createUser,
  demoIds,
  signIn,
  testDatabaseKind,
  userRow,
  type DemoIds,
  type TestApp,
} from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

const REFUSED = "You can't change this user's roles";
const NO_ACCESS = 'You do not have access to the users of this club';

describe(`users of a club (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let admin: string;
  let owner: string;
  let staff: string;
  /** user-management and club-info in the Danish club, not 'products'. */
  let manager: string;
  let managerId: number;
  /** user-management in the Swedish club only. */
  let swede: string;
  let club: number;

  beforeAll(async () => {
    // The session cache is on, as in production: role and profile changes must reach it.
    t = await buildTestApp({ env: { SESSION_CACHE_MS: '60000' } });
    ids = await demoIds(t);
    club = ids.dkClubId;
    managerId = await createUser(t, {
      email: 'manager@example.com',
      password: 'manager-password',
      firstName: 'Mona',
      lastName: 'Manager',
      clubRoles: { [club]: ['user-management', 'club-info'] },
    });
    ({ admin, owner, staff, manager, swede } = await signInActors(t, ['admin', 'owner', 'staff'], {
      manager: ['manager@example.com', 'manager-password'],
      swede: { email: 'swede@example.com', password: 'swede-password', clubRoles: { [ids.seClubId]: ['user-management', 'products'] } },
    }));
  });
  afterAll(() => t?.close());

  const list = async (token: string, clubId = club) => {
    const res = await call(t.app, 'GET', `/api/clubs/${clubId}/users`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return ClubUsersResponse.parse(res.json());
  };
  const create = (token: string, payload: unknown, clubId = club) => call(t.app, 'POST', `/api/clubs/${clubId}/users`, { token, payload });
  const setRoles = (token: string, userId: number, roles: unknown, clubId = club) =>
    call(t.app, 'PUT', `/api/clubs/${clubId}/users/${userId}/roles`, { token, payload: { roles } });
  const remove = (token: string, userId: number, clubId = club) => call(t.app, 'DELETE', `/api/clubs/${clubId}/users/${userId}`, { token });
  const profile = async (token: string) => (await call(t.app, 'PUT', '/api/authenticated', { token })).json();

  describe('GET clubs/{clubId}/users', () => {
    it('lists the users with roles in the club, keyed by id', async () => {
      const users = await list(owner);
      const byEmail = Object.fromEntries(Object.values(users).map((u) => [u.email, u]));
      expect(Object.keys(byEmail).sort()).toEqual(['manager@example.com', 'owner@example.com', 'staff@example.com']);
      for (const [id, user] of Object.entries(users)) expect(String(user.id)).toBe(id);
      expect(byEmail['staff@example.com']).toEqual({
        id: ids.staffId,
        email: 'staff@example.com',
        first_name: 'Sam',
        last_name: 'Staff',
        language: 'en',
        roles: ['club-info', 'club-gallery', 'opening-hours'],
        admin: false,
        pending: false,
        last_login: expect.any(String),
      });
      expect(byEmail['owner@example.com'].roles).toEqual([...CLUB_ROLES]);
      // The admin holds no role in the club, so is not listed.
      expect(users[String(ids.adminId)]).toBeUndefined();
    });

    it('answers admin, owner and managers; 403 for staff and managers of another club; 401 without a token', async () => {
      expect(Object.keys(await list(admin)).length).toBe(3);
      expect(Object.keys(await list(manager)).length).toBe(3);
      for (const token of [staff, swede]) {
        const res = await call(t.app, 'GET', `/api/clubs/${club}/users`, { token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: NO_ACCESS, code: 'users.noAccess' });
      }
      expect((await call(t.app, 'GET', `/api/clubs/${club}/users`)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/api/clubs/99999/users', { token: admin })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/clubs/99999/users', { token: owner })).statusCode).toBe(403);
      expect(Object.values(await list(swede, ids.seClubId)).map((u) => u.email)).toEqual(['swede@example.com']);
    });
  });

  describe('POST clubs/{clubId}/users', () => {
    it('creates the user, sends an invitation that sets the password, and the user signs in', async () => {
      const before = t.outbox.length;
      const res = await create(owner, { email: ' New.Greenkeeper@Example.com ', first_name: 'Niels', last_name: 'Nyholm', language: 'da', roles: ['areas', 'tech-map'] });
      expect(res.statusCode, res.body).toBe(201);
      const body = CreateUserResponse.parse(res.json());
      expect(Object.keys(res.json()).sort()).toEqual(['invited', 'user']);
      expect(body).toMatchObject({
        invited: true,
        user: { email: 'new.greenkeeper@example.com', first_name: 'Niels', last_name: 'Nyholm', language: 'da', roles: ['areas', 'tech-map'], pending: true, last_login: null },
      });
      expect((await list(owner))[String(body.user.id)]).toEqual(body.user);

      expect(t.outbox.length).toBe(before + 1);
      const mail = t.outbox.at(-1)!;
      expect(mail.to).toBe('new.greenkeeper@example.com');
      // In the new user's language (Danish); platform/mail-templates.test.ts covers the languages.
      expect(mail.subject).toBe('Du er inviteret til Fjordvang Golfklub i Golf Console');
      const link = mail.text.match(/https?:\/\/\S+/)![0];
      const match = /^http:\/\/console\.test\/reset_password\/([A-Za-z0-9_-]+)\/(.+)$/.exec(link)!;
      expect(match).not.toBeNull();
      expect(decodeURIComponent(match[2])).toBe('new.greenkeeper@example.com');
      expect(match[2]).toBe('new.greenkeeper%40example.com');

      // The token is stored hashed, as an invitation that lasts a week.
      const [reset] = await t.database.db.select().from(schema.passwordResets).where(eq(schema.passwordResets.userId, body.user.id));
      expect(reset.kind).toBe('invite');
      expect(reset.tokenHash).not.toBe(match[1]);
      const days = (reset.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);

      // No password yet: nobody can sign in.
      expect((await call(t.app, 'POST', '/api/authenticate', { payload: { username: 'new.greenkeeper@example.com', password: '' } })).statusCode).toBe(400);
      const set = await call(t.app, 'PUT', '/api/reset_password', {
        payload: { email: 'new.greenkeeper@example.com', password: 'my-first-password', token: match[1] },
      });
      expect(set.statusCode, set.body).toBe(200);
      const token = await signIn(t.app, 'new.greenkeeper@example.com', 'my-first-password');
      const me = await profile(token);
      expect(me).toMatchObject({ email: 'new.greenkeeper@example.com', language: 'da', roles: { [String(club)]: ['areas', 'tech-map'] } });
      expect((await list(owner))[String(body.user.id)]).toMatchObject({ pending: false, last_login: expect.any(String) });
      // The link works once.
      const twice = await call(t.app, 'PUT', '/api/reset_password', {
        payload: { email: 'new.greenkeeper@example.com', password: 'another-password', token: match[1] },
      });
      expect(twice.statusCode).toBe(400);
    });

    it('answers an email with an account in another club like a new one, and mails that person they were added', async () => {
      const fresh = await create(manager, { email: 'brand-new@example.com', first_name: 'Bea', roles: ['club-info'] });
      const before = t.outbox.length;
      // The Swede's account belongs to the Swedish club; the Danish manager cannot know that.
      const res = await create(manager, { email: 'SWEDE@example.com', first_name: 'Ignored', last_name: 'Ignored', language: 'da', roles: ['club-info'] });
      expect(res.statusCode, res.body).toBe(201);
      expect(fresh.statusCode).toBe(201);
      // The same status and the same fields as for the new email: no flag that reveals the account.
      expect(Object.keys(res.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
      expect(Object.keys(res.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
      expect(res.json()).not.toHaveProperty('existing');
      expect(res.json()).toMatchObject({ invited: true, user: { email: 'swede@example.com', roles: ['club-info'] } });

      // Not linked silently: the person is told, with a way to sign in (they have a password).
      expect(t.outbox.length).toBe(before + 1);
      const mail = t.outbox.at(-1)!;
      expect(mail.to).toBe('swede@example.com');
      expect(mail.subject).toBe('You have been added to Fjordvang Golfklub on Golf Console');
      expect(mail.text).toContain('You have been added to Fjordvang Golfklub');
      expect(mail.text).toContain('http://console.test/signin');
      expect(mail.text).not.toContain('reset_password');

      // One account, with roles in both clubs; its name and language are still the person's own.
      const rows = await t.database.db.select().from(schema.users).where(eq(schema.users.email, 'swede@example.com'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ firstName: 'Test', lastName: 'User', language: 'en' });
      expect((await profile(swede)).roles).toEqual({ [String(ids.seClubId)]: ['products', 'user-management'], [String(club)]: ['club-info'] });

      const again = await create(manager, { email: 'swede@example.com', first_name: 'S', roles: ['club-info'] });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'A user with this email already has access to this club', code: 'users.emailHasAccess' });
      await remove(owner, rows[0].id);
    });

    it('sends an account that never set a password a new invitation link with the club', async () => {
      const pending = await create(swede, { email: 'pending@example.com', first_name: 'Pia', roles: ['products'] }, ids.seClubId);
      expect(pending.statusCode).toBe(201);
      const before = t.outbox.length;
      const res = await create(owner, { email: 'pending@example.com', first_name: 'Other', roles: ['areas'] });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ invited: true, user: { first_name: 'Pia', pending: true, roles: ['areas'] } });
      const mail = t.outbox.at(-1)!;
      expect(t.outbox.length).toBe(before + 1);
      expect(mail.subject).toBe('You are invited to Fjordvang Golfklub on Golf Console');
      expect(mail.text).toMatch(/http:\/\/console\.test\/reset_password\/[A-Za-z0-9_-]+\/pending%40example\.com/);
    });

    it.each([
      ['an unknown role', { email: 'x1@example.com', first_name: 'X', roles: ['superuser'] }],
      ['no role', { email: 'x2@example.com', first_name: 'X', roles: [] }],
      ['an invalid email', { email: 'not-an-email', first_name: 'X', roles: ['club-info'] }],
      ['no first name', { email: 'x3@example.com', first_name: ' ', roles: ['club-info'] }],
      ['an unknown language', { email: 'x4@example.com', first_name: 'X', language: 'de', roles: ['club-info'] }],
    ])('answers 400 for %s', async (_label, payload) => {
      const res = await create(owner, payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(await userRow(t, payload.email)).toBeUndefined();
    });

    it('lets a manager give only roles they hold (§6)', async () => {
      const refused = await create(manager, { email: 'wants-products@example.com', first_name: 'W', roles: ['club-info', 'products'] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: REFUSED, code: 'users.rolesRefused' });
      expect(await userRow(t, 'wants-products@example.com')).toBeUndefined();
      const ok = await create(manager, { email: 'club-info-only@example.com', first_name: 'C', roles: ['club-info'] });
      expect(ok.statusCode).toBe(201);
      const asAdmin = await create(admin, { email: 'everything@example.com', first_name: 'E', roles: [...CLUB_ROLES] });
      expect(asAdmin.json().user.roles).toEqual([...CLUB_ROLES]);
    });

    it('refuses staff, another club and no token', async () => {
      const payload = { email: 'nobody@example.com', first_name: 'N', roles: ['club-info'] };
      expect((await create(staff, payload)).statusCode).toBe(403);
      expect((await create(swede, payload)).statusCode).toBe(403);
      expect((await call(t.app, 'POST', `/api/clubs/${club}/users`, { payload })).statusCode).toBe(401);
      expect(await userRow(t, 'nobody@example.com')).toBeUndefined();
    });
  });

  describe('PUT clubs/{clubId}/users/{id}/roles', () => {
    let targetId: number;
    let targetToken: string;

    beforeAll(async () => {
      targetId = await createUser(t, { email: 'target@example.com', password: 'target-password', clubRoles: { [club]: ['club-info'] } });
      targetToken = await signIn(t.app, 'target@example.com', 'target-password');
    });

    it("refuses a manager who grants a role they do not hold with the exact message, and changes nothing", async () => {
      expect((await profile(targetToken)).roles).toEqual({ [String(club)]: ['club-info'] });
      const res = await setRoles(manager, targetId, ['club-info', 'products']);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: REFUSED, code: 'users.rolesRefused' });
      expect((await list(owner))[String(targetId)].roles).toEqual(['club-info']);
    });

    it('lets a manager change roles they hold, and the change reaches the cached session at once', async () => {
      const res = await setRoles(manager, targetId, ['user-management', 'club-info']);
      expect(res.statusCode, res.body).toBe(200);
      // Roles come back in the contract's order.
      expect(ClubUser.parse(res.json()).roles).toEqual(['club-info', 'user-management']);
      expect((await profile(targetToken)).roles).toEqual({ [String(club)]: ['club-info', 'user-management'] });
      expect((await list(owner))[String(targetId)].roles).toEqual(['club-info', 'user-management']);
    });

    it('refuses a manager who removes a role they do not hold', async () => {
      await setRoles(admin, targetId, ['club-info', 'products']);
      const res = await setRoles(manager, targetId, ['club-info']);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: REFUSED, code: 'users.rolesRefused' });
      // Leaving 'products' as it is and changing only held roles is fine.
      expect((await setRoles(manager, targetId, ['club-info', 'products', 'user-management'])).statusCode).toBe(200);
      expect((await list(owner))[String(targetId)].roles).toEqual(['club-info', 'products', 'user-management']);
    });

    it('lets admin and owner give any role', async () => {
      expect((await setRoles(admin, targetId, ['insights'])).json().roles).toEqual(['insights']);
      expect((await setRoles(owner, targetId, ['products', 'courses'])).json().roles).toEqual(['products', 'courses']);
    });

    it("refuses a non-admin who changes an admin's roles", async () => {
      await t.database.db.insert(schema.clubUserRoles).values({ clubId: club, userId: ids.adminId, role: 'club-info' });
      const res = await setRoles(owner, ids.adminId, ['club-info', 'insights']);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: REFUSED, code: 'users.rolesRefused' });
      await t.database.db.delete(schema.clubUserRoles).where(and(eq(schema.clubUserRoles.userId, ids.adminId), eq(schema.clubUserRoles.clubId, club)));
    });

    it('answers 400 for unknown or no roles, 404 for a user outside the club, 403/401 for others', async () => {
      expect((await setRoles(owner, targetId, ['club-info', 'root'])).statusCode).toBe(400);
      expect((await setRoles(owner, targetId, [])).statusCode).toBe(400);
      expect((await setRoles(owner, targetId, 'club-info')).statusCode).toBe(400);
      const outside = await setRoles(admin, ids.adminId, ['club-info']);
      expect(outside.statusCode).toBe(404);
      expect((await setRoles(staff, targetId, ['club-info'])).statusCode).toBe(403);
      expect((await setRoles(swede, targetId, ['club-info'])).statusCode).toBe(403);
      // The Swedish manager cannot reach a Danish user through their own club either.
      expect((await setRoles(swede, targetId, ['products'], ids.seClubId)).statusCode).toBe(404);
      expect((await call(t.app, 'PUT', `/api/clubs/${club}/users/${targetId}/roles`, { payload: { roles: ['club-info'] } })).statusCode).toBe(401);
      expect((await list(owner))[String(targetId)].roles).toEqual(['products', 'courses']);
    });
  });

  describe('PUT users/{id} for someone else', () => {
    let editedId: number;
    beforeAll(async () => {
      editedId = await createUser(t, { email: 'edited@example.com', password: 'edited-password', firstName: 'Eddi', lastName: 'Ted', clubRoles: { [club]: ['areas'] } });
    });
    const edit = (token: string, id: number, payload: Record<string, unknown>) => call(t.app, 'PUT', `/api/users/${id}`, { token, payload });

    it('lets a manager of a club the user belongs to change name and language, never the email', async () => {
      const res = await edit(manager, editedId, { id: editedId, firstName: 'Edith', lastName: 'Tedsen', language: 'sv', email: 'hijack@example.com' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: editedId, email: 'edited@example.com', firstName: 'Edith', lastName: 'Tedsen', language: 'sv' });
      expect(await userRow(t, 'edited@example.com')).toMatchObject({ firstName: 'Edith', lastName: 'Tedsen', language: 'sv' });
      expect((await list(owner))[String(editedId)]).toMatchObject({ first_name: 'Edith', language: 'sv' });
      const byAdmin = await edit(admin, editedId, { id: editedId, firstName: 'Edit', lastName: 'Admin', language: 'en' });
      expect(byAdmin.statusCode).toBe(200);
    });

    it("refuses someone else's password, other clubs' managers and staff", async () => {
      const password = await edit(manager, editedId, { id: editedId, firstName: 'E', lastName: '', language: 'en', currentPassword: 'manager-password', newPassword: 'new-password-1' });
      expect(password.statusCode).toBe(403);
      expect(password.json()).toEqual({ error: "You can't change another user's password", code: 'users.othersPassword' });
      for (const token of [swede, staff]) {
        const res = await edit(token, editedId, { id: editedId, firstName: 'Nope', lastName: '', language: 'en' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'You can only change your own profile', code: 'users.ownProfileOnly' });
      }
      // A manager does not edit an admin account, nor a user of no club they manage.
      expect((await edit(manager, ids.adminId, { id: ids.adminId, firstName: 'Nope', lastName: '', language: 'en' })).statusCode).toBe(403);
      expect((await edit(manager, 999999, { id: 999999, firstName: 'Nope', lastName: '', language: 'en' })).statusCode).toBe(403);
      expect((await edit(admin, 999999, { id: 999999, firstName: 'Nope', lastName: '', language: 'en' })).statusCode).toBe(404);
      expect((await userRow(t, 'edited@example.com')).firstName).toBe('Edit');
    });

    it("refuses a club's manager the name and language of a person who also belongs to another club", async () => {
      const twoClubs = await createUser(t, {
        email: 'two-clubs-profile@example.com',
        password: 'two-clubs-profile',
        firstName: 'Tove',
        clubRoles: { [club]: ['club-info'], [ids.seClubId]: ['products'] },
      });
      const body = { id: twoClubs, firstName: 'Renamed', lastName: 'By Manager', language: 'da' };
      for (const token of [manager, owner]) {
        const res = await edit(token, twoClubs, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: "This person's name, language and email are theirs to change", code: 'users.notTheirs' });
      }
      expect(await userRow(t, 'two-clubs-profile@example.com')).toMatchObject({ firstName: 'Tove', language: 'en' });
      // Their roles in the manager's club are the manager's to change.
      expect((await setRoles(manager, twoClubs, ['club-info', 'user-management'])).statusCode).toBe(200);
      // A region owner's account is theirs too, even in a club the manager manages.
      const regionOwner = await createUser(t, {
        email: 'region-owner-profile@example.com',
        password: 'region-owner-profile',
        clubRoles: { [club]: ['club-info'] },
        regionRoles: { [ids.seRegionId]: ['owner'] },
      });
      expect((await edit(manager, regionOwner, { ...body, id: regionOwner })).statusCode).toBe(403);
      // The admin and the person themselves may.
      expect((await edit(admin, twoClubs, body)).statusCode).toBe(200);
      const own = await signIn(t.app, 'two-clubs-profile@example.com', 'two-clubs-profile');
      expect((await edit(own, twoClubs, { ...body, firstName: 'Tove' })).statusCode).toBe(200);
      expect(await userRow(t, 'two-clubs-profile@example.com')).toMatchObject({ firstName: 'Tove', lastName: 'By Manager', language: 'da' });
    });

    it('keeps the own profile behaviour for the manager', async () => {
      const res = await edit(manager, managerId, { id: managerId, firstName: 'Mona', lastName: 'M', language: 'da' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: managerId, email: 'manager@example.com', lastName: 'M', roles: { [String(club)]: ['club-info', 'user-management'] } });
    });
  });

  describe('DELETE clubs/{clubId}/users/{id}', () => {
    it('removes the roles in the club and the account with no roles left; the session ends', async () => {
      const id = await createUser(t, { email: 'leaver@example.com', password: 'leaver-password', clubRoles: { [club]: ['club-info'] } });
      const token = await signIn(t.app, 'leaver@example.com', 'leaver-password');
      expect((await profile(token)).id).toBe(id);
      const res = await remove(manager, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, account_deleted: true });
      expect(await userRow(t, 'leaver@example.com')).toBeUndefined();
      expect((await list(owner))[String(id)]).toBeUndefined();
      expect((await call(t.app, 'PUT', '/api/authenticated', { token })).statusCode).toBe(401);
    });

    it('keeps the account of a user with roles in another club', async () => {
      const id = await createUser(t, { email: 'two-clubs@example.com', password: 'two-clubs-pw', clubRoles: { [club]: ['club-info'], [ids.seClubId]: ['products'] } });
      const token = await signIn(t.app, 'two-clubs@example.com', 'two-clubs-pw');
      const res = await remove(owner, id);
      expect(res.json()).toEqual({ ok: true, account_deleted: false });
      expect((await profile(token)).roles).toEqual({ [String(ids.seClubId)]: ['products'] });
    });

    it('refuses to remove yourself, users holding roles you lack, and others without access', async () => {
      const self = await remove(manager, managerId);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ error: 'You cannot remove yourself', code: 'users.cannotRemoveSelf' });
      const withProducts = await createUser(t, { email: 'has-products@example.com', password: 'has-products-pw', clubRoles: { [club]: ['products'] } });
      const refused = await remove(manager, withProducts);
      expect(refused.statusCode).toBe(403);
      expect(await userRow(t, 'has-products@example.com')).toBeDefined();
      expect((await remove(staff, withProducts)).statusCode).toBe(403);
      expect((await remove(swede, withProducts)).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/clubs/${club}/users/${withProducts}`)).statusCode).toBe(401);
      expect((await remove(owner, ids.adminId)).statusCode).toBe(404);
      expect((await remove(admin, withProducts)).json()).toEqual({ ok: true, account_deleted: true });
      expect((await remove(admin, withProducts)).statusCode).toBe(404);
    });
  });
});
