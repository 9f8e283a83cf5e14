import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, DEMO, signIn, testDatabaseKind, type TestApp } from '../../../test/test-app';

describe(`session (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('signs in with a lowercased email and returns a token with its expiry', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'Admin@Example.COM', password: 'admin-demo' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(new Date(body.expired_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('returns the profile for the token', async () => {
    const token = await signIn(t.app, ...DEMO.owner);
    const res = await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'owner@example.com', firstName: 'Ole', admin: false, language: 'da' });
    expect(Object.values(res.json().regionRoles)).toEqual([['owner']]);
  });
});
