import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, DEMO, signIn, testDatabaseKind, type TestApp } from '../../test/test-app';

// With the session cache on (one minute here), changes made through this server take effect at once.
describe(`session cache (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SESSION_CACHE_MS: '60000' } });
  });
  afterAll(() => t?.close());

  const profile = (token: string) => t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: bearer(token) });

  it('forgets a token as soon as it is signed out', async () => {
    const token = await signIn(t.app, ...DEMO.staff);
    expect((await profile(token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/token', headers: bearer(token) })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('shows a profile change on the next call', async () => {
    const token = await signIn(t.app, ...DEMO.staff);
    const before = (await profile(token)).json();
    expect(before.language).toBe('en');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${before.id}`,
      headers: bearer(token),
      payload: { id: before.id, firstName: 'Samantha', lastName: before.lastName, language: 'sv' },
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(token)).json()).toMatchObject({ firstName: 'Samantha', language: 'sv' });
  });

  it('signs out every cached session of a user whose password was reset', async () => {
    const token = await signIn(t.app, ...DEMO.owner);
    expect((await profile(token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/reset_password', payload: { email: 'owner@example.com' } });
    const link = t.outbox.at(-1)!.text.match(/reset_password\/([^/]+)\//)!;
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/reset_password',
      payload: { email: 'owner@example.com', password: 'a-new-password', token: link[1] },
    });
    expect(reset.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('renewal moves the expiry the cache holds', async () => {
    const token = await signIn(t.app, ...DEMO.admin);
    await profile(token);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/token', headers: bearer(token) });
    expect(renewed.statusCode).toBe(200);
    expect(new Date(renewed.json().expired_at).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect((await profile(token)).statusCode).toBe(200);
  });
});
