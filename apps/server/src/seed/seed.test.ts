import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, testDatabaseKind, type TestApp } from '../../test/test-app';
import { seedAdmin } from './seed';

describe(`a new installation without the demo (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it('creates the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD once, and never overwrites it', async () => {
    expect(await seedAdmin(t.database.db, ' Boss@Club.example ', 'first-password')).toBe(true);
    expect(await seedAdmin(t.database.db, 'boss@club.example', 'other-password')).toBe(false);
    await expect(signIn(t.app, 'boss@club.example', 'other-password')).rejects.toThrow(/401/);
    const token = await signIn(t.app, 'boss@club.example', 'first-password');
    const profile = (await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(token) })).json();
    expect(profile).toMatchObject({ admin: true, defaultClubId: null, roles: {} });
  });

  it('refuses a malformed email or a short password', async () => {
    await expect(seedAdmin(t.database.db, 'not-an-email', 'long-enough')).rejects.toThrow(/ADMIN_EMAIL/);
    await expect(seedAdmin(t.database.db, 'a@b.example', 'short')).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('lets that administrator create the first club, which becomes their default club', async () => {
    const token = await signIn(t.app, 'boss@club.example', 'first-password');
    expect((await t.app.inject({ method: 'GET', url: '/api/clubs', headers: bearer(token) })).json()).toEqual([]);
    const created = await t.app.inject({ method: 'POST', url: '/api/clubs', headers: bearer(token), payload: { name: 'First Club', handle: 'first-club' } });
    expect(created.statusCode).toBe(201);
    const profile = (await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(token) })).json();
    expect(profile.defaultClubId).toBe(created.json().id);
  });
});
