import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APP_KEY_HEADER, APP_KEY_PATTERN, APP_KEY_PREFIX_LENGTH, APP_KEYS_MAX, AppKey, CreatedAppKey } from '@golf/contract/api/app-keys';
import { appKeys } from '../../db/schema/index';
import { SessionCache } from '../../platform/auth';
import { registerAuthorization, requireAppKey } from '../../platform/authorize';
import { HttpError } from '../../platform/errors';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { createAppKey } from './index';

type Actor = 'admin' | 'owner' | 'staff' | 'anonymous';

/**
 * A second server on the same database with one route of the app's kind, as the golfers' app
 * calls them: what it answers shows the key check of platform/authorize.ts, and that a key
 * revoked through the first server is refused by another at once.
 */
async function appServer(t: TestApp): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.toBody());
    return reply.status(500).send({ error: String(error) });
  });
  registerAuthorization(app, { db: t.database.db, sessions: new SessionCache(0) });
  app.get('/api/app/clubs/:clubId/ping', { config: { access: { app: 'clubId' } } }, async (request) => ({ key: requireAppKey(request) }));
  await app.ready();
  return app;
}

describe(`the clubs' app keys (${testDatabaseKind})`, () => {
  let t: TestApp;
  let other: FastifyInstance;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  const keysUrl = (clubId: number) => `/api/clubs/${clubId}/app-keys`;
  const ping = (clubId: number, key?: string, app: FastifyInstance = other) =>
    call(app, 'GET', `/api/app/clubs/${clubId}/ping`, { headers: key === undefined ? {} : { [APP_KEY_HEADER]: key } });
  async function create(clubId: number, name: string): Promise<CreatedAppKey> {
    const res = await call(t.app, 'POST', keysUrl(clubId), { token: tokens.admin, payload: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return CreatedAppKey.parse(res.json());
  }
  async function list(clubId: number): Promise<AppKey[]> {
    const res = await call(t.app, 'GET', keysUrl(clubId), { token: tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    t = await buildTestApp();
    other = await appServer(t);
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous']);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('creates a key shown once, stores only its hash, and lists it by its prefix', async () => {
    const res = await call(t.app, 'POST', keysUrl(ids.dkClubId), { token: tokens.admin, payload: { name: '  Club app (iOS)  ' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = CreatedAppKey.parse(res.json());
    expect(created.key).toMatch(APP_KEY_PATTERN);
    expect(created).toMatchObject({ name: 'Club app (iOS)', prefix: created.key.slice(0, APP_KEY_PREFIX_LENGTH), last_used_at: null, revoked_at: null });
    expect(created.prefix).toHaveLength(9);

    // The table holds the SHA-256 of the key and its prefix, never the key.
    const rows = await t.database.db.select().from(appKeys).where(eq(appKeys.id, created.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clubId: ids.dkClubId, createdBy: (await demoIds(t)).adminId, keyHash: createHash('sha256').update(created.key).digest('hex') });
    expect(JSON.stringify(rows[0])).not.toContain(created.key);
    expect(JSON.stringify(rows[0])).not.toContain(created.key.slice(APP_KEY_PREFIX_LENGTH));

    // Listed without the key: the same fields as created, and nothing more.
    const listed = (await list(ids.dkClubId)).find((k) => k.id === created.id);
    const { key, ...withoutKey } = created;
    expect(listed).toEqual(withoutKey);
    expect(JSON.stringify(await list(ids.dkClubId))).not.toContain(key.slice(APP_KEY_PREFIX_LENGTH));
    expect(Object.keys(listed ?? {}).sort()).toEqual(Object.keys(AppKey.shape).sort());
  });

  it('lets the app in with its club\'s key, and writes its last use at most once a minute', async () => {
    const created = await create(ids.dkClubId, 'Last use');
    const res = await ping(ids.dkClubId, created.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key: { keyId: created.id, clubId: ids.dkClubId } });
    // The last use is written beside the call, not before its answer.
    let used: string | null = null;
    for (let i = 0; i < 100 && !used; i++) {
      used = (await list(ids.dkClubId)).find((k) => k.id === created.id)?.last_used_at ?? null;
      if (!used) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(used).not.toBeNull();
    // Within the minute further calls do not write it again.
    for (let i = 0; i < 3; i++) expect((await ping(ids.dkClubId, created.key)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await list(ids.dkClubId)).find((k) => k.id === created.id)?.last_used_at).toBe(used);
    // Once it is over a minute old it is written again.
    await t.database.db.update(appKeys).set({ lastUsedAt: new Date(Date.now() - 5 * 60_000) }).where(eq(appKeys.id, created.id));
    expect((await ping(ids.dkClubId, created.key)).statusCode).toBe(200);
    let again: number | null = null;
    for (let i = 0; i < 100; i++) {
      const at = (await list(ids.dkClubId)).find((k) => k.id === created.id)?.last_used_at;
      if (at && Date.parse(at) > Date.now() - 60_000) {
        again = Date.parse(at);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again).not.toBeNull();
  });

  it('refuses the app without a key, with an unknown one, with another club\'s, and with a console session', async () => {
    const dk = await create(ids.dkClubId, 'Refusals DK');
    const se = await create(ids.seClubId, 'Refusals SE');
    const answer = async (res: Awaited<ReturnType<typeof ping>>) => [res.statusCode, res.json().code];
    expect(await answer(await ping(ids.dkClubId))).toEqual([401, 'appKeys.missing']);
    expect(await answer(await ping(ids.dkClubId, ''))).toEqual([401, 'appKeys.missing']);
    expect(await answer(await ping(ids.dkClubId, `gk_${'x'.repeat(43)}`))).toEqual([401, 'appKeys.invalid']);
    expect(await answer(await ping(ids.dkClubId, dk.key.slice(0, -1)))).toEqual([401, 'appKeys.invalid']);
    expect(await answer(await ping(ids.dkClubId, `${dk.key} `))).toEqual([401, 'appKeys.invalid']);
    expect(await answer(await ping(ids.dkClubId, dk.prefix))).toEqual([401, 'appKeys.invalid']);
    expect(await answer(await ping(ids.dkClubId, se.key))).toEqual([403, 'appKeys.otherClub']);
    expect(await answer(await ping(ids.seClubId, dk.key))).toEqual([403, 'appKeys.otherClub']);
    // A club that does not exist is another club than the key's.
    expect(await answer(await ping(2147483647, dk.key))).toEqual([403, 'appKeys.otherClub']);
    // A console session is no app key, not even the admin's.
    const withSession = await call(other, 'GET', `/api/app/clubs/${ids.dkClubId}/ping`, { token: tokens.admin });
    expect(await answer(withSession)).toEqual([401, 'appKeys.missing']);
    expect((await ping(ids.seClubId, se.key)).statusCode).toBe(200);
  });

  it('revokes a key: the next app call with it is refused at once, on every server, and it stays listed', async () => {
    const created = await create(ids.dkClubId, 'To revoke');
    expect((await ping(ids.dkClubId, created.key)).statusCode).toBe(200);
    const res = await call(t.app, 'DELETE', `${keysUrl(ids.dkClubId)}/${created.id}`, { token: tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    const revoked = AppKey.parse(res.json());
    expect(revoked.id).toBe(created.id);
    expect(revoked.revoked_at).not.toBeNull();
    // Refused by the server that revoked it (its read cache, if any, does not keep keys) and by the other one.
    const refused = await ping(ids.dkClubId, created.key);
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'appKeys.invalid']);
    expect((await ping(ids.dkClubId, created.key)).statusCode).toBe(401);
    expect((await list(ids.dkClubId)).find((k) => k.id === created.id)).toEqual(revoked);
    // Revoking it again changes nothing.
    const again = await call(t.app, 'DELETE', `${keysUrl(ids.dkClubId)}/${created.id}`, { token: tokens.admin });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(revoked);
  });

  it('answers 404 for another club\'s key and for a club that does not exist, leaving the key alone', async () => {
    const se = await create(ids.seClubId, 'Swedish app');
    const res = await call(t.app, 'DELETE', `${keysUrl(ids.dkClubId)}/${se.id}`, { token: tokens.admin });
    expect([res.statusCode, res.json().code]).toEqual([404, 'appKeys.notFound']);
    expect((await call(t.app, 'DELETE', `${keysUrl(ids.dkClubId)}/2147483647`, { token: tokens.admin })).json().code).toBe('appKeys.notFound');
    expect((await ping(ids.seClubId, se.key)).statusCode).toBe(200);
    expect((await list(ids.seClubId)).find((k) => k.id === se.id)?.revoked_at).toBeNull();
    expect((await list(ids.dkClubId)).some((k) => k.id === se.id)).toBe(false);

    for (const [method, url, payload] of [
      ['GET', keysUrl(999999), undefined],
      ['POST', keysUrl(999999), { name: 'Nowhere' }],
      ['DELETE', `${keysUrl(999999)}/${se.id}`, undefined],
    ] as const) {
      const answer = await call(t.app, method, url, { token: tokens.admin, payload });
      expect([answer.statusCode, answer.json().code], `${method} ${url}`).toEqual([404, 'clubs.notFound']);
    }
  });

  it('lets only platform admins manage keys', async () => {
    const created = await create(ids.dkClubId, 'Admins only');
    for (const actor of ['owner', 'staff', 'anonymous'] as const) {
      const token = tokens[actor];
      const expected = actor === 'anonymous' ? 401 : 403;
      expect((await call(t.app, 'GET', keysUrl(ids.dkClubId), { token })).statusCode, `${actor} GET`).toBe(expected);
      expect((await call(t.app, 'POST', keysUrl(ids.dkClubId), { token, payload: { name: 'Mine' } })).statusCode, `${actor} POST`).toBe(expected);
      expect((await call(t.app, 'DELETE', `${keysUrl(ids.dkClubId)}/${created.id}`, { token })).statusCode, `${actor} DELETE`).toBe(expected);
    }
    expect((await call(t.app, 'GET', keysUrl(ids.dkClubId), { token: tokens.owner })).json().code).toBe('auth.adminOnly');
    // Nothing was created or revoked by them.
    const names = (await list(ids.dkClubId)).map((k) => k.name);
    expect(names).not.toContain('Mine');
    expect((await ping(ids.dkClubId, created.key)).statusCode).toBe(200);
  });

  it('refuses bad names and ids with 400', async () => {
    const before = (await list(ids.dkClubId)).length;
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(81) }, { name: 'a\u0000b' }, { name: 12 }, { name: null }, { name: ['a'] }, []]) {
      const res = await call(t.app, 'POST', keysUrl(ids.dkClubId), { token: tokens.admin, payload });
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([400, 'request.invalid']);
    }
    expect((await call(t.app, 'POST', keysUrl(ids.dkClubId), { token: tokens.admin, payload: { name: 'x'.repeat(80) } })).statusCode).toBe(201);
    for (const url of [`${keysUrl(ids.dkClubId)}/0x1`, `${keysUrl(ids.dkClubId)}/abc`, `${keysUrl(ids.dkClubId)}/2147483648`, '/api/clubs/0x1/app-keys']) {
      const method = url.endsWith('app-keys') ? 'GET' : 'DELETE';
      expect((await call(t.app, method, url, { token: tokens.admin })).statusCode, url).toBe(400);
    }
    expect((await list(ids.dkClubId)).length).toBe(before + 1);
  });

  it(`keeps at most ${APP_KEYS_MAX} live keys per club, also when created at the same time`, async () => {
    // A club of its own, so the other tests' keys do not count.
    const club = await call(t.app, 'POST', '/api/clubs', { token: tokens.admin, payload: { name: 'Keyed Golf Club', handle: 'keyed-golf' } });
    expect(club.statusCode, club.body).toBe(201);
    const clubId = club.json().id as number;
    const made = await Promise.all(
      Array.from({ length: APP_KEYS_MAX + 3 }, (_, i) => call(t.app, 'POST', keysUrl(clubId), { token: tokens.admin, payload: { name: `Key ${i}` } })),
    );
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(APP_KEYS_MAX);
    const refused = made.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().code, r.json().params])).toEqual(
      Array.from({ length: 3 }, () => [400, 'appKeys.capReached', { max: APP_KEYS_MAX }]),
    );
    expect(await list(clubId)).toHaveLength(APP_KEYS_MAX);
    // A revoked key does not count: one more may be made, and then no more.
    const first = (await list(clubId))[0];
    expect((await call(t.app, 'DELETE', `${keysUrl(clubId)}/${first.id}`, { token: tokens.admin })).statusCode).toBe(200);
    await create(clubId, 'Replacement');
    expect((await call(t.app, 'POST', keysUrl(clubId), { token: tokens.admin, payload: { name: 'One too many' } })).statusCode).toBe(400);
    // The entry other areas make keys with obeys the same cap.
    await expect(createAppKey(t.database.db, { clubId, name: 'Direct', createdBy: null })).rejects.toMatchObject({ statusCode: 400, code: 'appKeys.capReached' });
    // Listed newest first, the revoked one too.
    const listed = await list(clubId);
    expect(listed).toHaveLength(APP_KEYS_MAX + 1);
    expect(listed[0].name).toBe('Replacement');
    expect(listed.filter((k) => k.revoked_at !== null).map((k) => k.id)).toEqual([first.id]);
  });

  it('makes keys for other areas through the entry, with the same rules', async () => {
    const { key, row } = await createAppKey(t.database.db, { clubId: ids.seClubId, name: 'Bench', createdBy: null });
    expect(key).toMatch(APP_KEY_PATTERN);
    expect(row).toMatchObject({ name: 'Bench', prefix: key.slice(0, APP_KEY_PREFIX_LENGTH), revoked_at: null });
    expect((await ping(ids.seClubId, key)).statusCode).toBe(200);
    await expect(createAppKey(t.database.db, { clubId: 999999, name: 'Nowhere', createdBy: null })).rejects.toMatchObject({ statusCode: 404, code: 'clubs.notFound' });
    await expect(createAppKey(t.database.db, { clubId: ids.seClubId, name: ' ', createdBy: null })).rejects.toThrow();
  });
});
