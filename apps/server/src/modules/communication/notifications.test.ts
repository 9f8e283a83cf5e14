import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { NotificationItem, SubscriberCount } from '@golf/contract/api/communication';
import { PushSubscriptionResponse } from '@golf/contract/api/communication-app';
import { clubs, guides, notificationGuides, notifications, pushSubscriptions, serverSecrets } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { startPushStandIn, type PushStandIn } from '../../../test/stand-ins/push-service';
import { createAppKey } from '../clubs';

/**
 * Messages to the followers (issue 23) through the API: the app's push subscriptions and key, the
 * subscriber count with and without guides, sending (validation, permissions) and the list.
 * Delivery itself: push-delivery.test.ts.
 */
describe(`communication: messages and push subscriptions (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let push: PushStandIn;
  let tokens: { owner: string; staff: string; messenger: string; statusOnly: string };
  let dkKey: string;
  let seKey: string;
  /** Two guides of the Danish club made for this file (only its app users downloaded them), one of the Swedish club. */
  let guideA: number;
  let guideB: number;
  let seGuide: number;
  let clubName: string;

  const app = (key = dkKey) => ({ [APP_KEY_HEADER]: key });
  const subUrl = (user: string, clubId = ids.dkClubId) => `/api/app/clubs/${clubId}/users/${user}/push-subscription`;
  const putUser = async (id: string, following: boolean) => {
    const res = await call(t.app, 'PUT', `/api/app/clubs/${ids.dkClubId}/users/${id}`, { headers: app(), payload: { language: 'da', following } });
    expect([200, 201], res.body).toContain(res.statusCode);
  };
  const subscribe = async (user: string) => {
    const body = push.subscription();
    const res = await call(t.app, 'PUT', subUrl(user), { headers: app(), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return body;
  };
  const download = async (user: string, guideId: number) => {
    const res = await call(t.app, 'POST', `/api/app/clubs/${ids.dkClubId}/downloads`, {
      headers: app(),
      payload: { downloads: [{ guide_id: guideId, product: 'json', at: '2026-05-01T10:00:00+02:00', app_user_id: user }] },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const count = async (guideIds: number[], token = tokens.messenger) => {
    const query = guideIds.map((g) => `guides=${g}`).join('&');
    return call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/notifications/subscribers${query ? `?${query}` : ''}`, { token });
  };

  beforeAll(async () => {
    push = await startPushStandIn();
    t = await buildTestApp({ env: { OUTBOUND_ALLOW_HOSTS: push.host } });
    ids = await demoIds(t);
    const db = t.database.db;
    tokens = await signInActors(t, ['owner', 'staff'], {
      messenger: { email: 'messenger@example.com', password: 'messenger-pw', firstName: 'Mia', lastName: 'Messenger', clubRoles: { [ids.dkClubId]: ['communication'] } },
      statusOnly: { email: 'status-only@example.com', password: 'status-only-pw', clubRoles: { [ids.dkClubId]: ['club-status'] } },
    });
    dkKey = (await createAppKey(db, { clubId: ids.dkClubId, name: 'Communication test', createdBy: null })).key;
    seKey = (await createAppKey(db, { clubId: ids.seClubId, name: 'Communication test', createdBy: null })).key;
    [{ id: guideA }, { id: guideB }, { id: seGuide }] = await db
      .insert(guides)
      .values([
        { clubId: ids.dkClubId, title: 'Message test A', settings: {} },
        { clubId: ids.dkClubId, title: 'Message test B', settings: {} },
        { clubId: ids.seClubId, title: 'Message test SE', settings: {} },
      ])
      .returning({ id: guides.id });
    [{ name: clubName }] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, ids.dkClubId));
  });

  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('gives the app the VAPID public key, made once and kept', async () => {
    const first = await call(t.app, 'GET', `/api/app/clubs/${ids.dkClubId}/push-key`, { headers: app() });
    expect(first.statusCode, first.body).toBe(200);
    const key = first.json().public_key as string;
    // An uncompressed P-256 point, base64url.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(Buffer.from(key, 'base64url')[0]).toBe(4);
    const again = await call(t.app, 'GET', `/api/app/clubs/${ids.seClubId}/push-key`, { headers: app(seKey) });
    expect(again.json().public_key).toBe(key);
    const [stored] = await t.database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid'));
    expect(JSON.parse(stored.value).publicKey).toBe(key);
    expect((await call(t.app, 'GET', `/api/app/clubs/${ids.dkClubId}/push-key`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/app/clubs/${ids.dkClubId}/push-key`, { headers: app(seKey) })).statusCode).toBe(403);
  });

  it('stores a device subscription once, updates its keys, and removes it', async () => {
    await putUser('sub-user', true);
    const body = push.subscription();
    const created = await call(t.app, 'PUT', subUrl('sub-user'), { headers: app(), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const first = PushSubscriptionResponse.parse(created.json());
    expect(first.created).toBe(true);
    const newer = push.subscription();
    const updated = await call(t.app, 'PUT', subUrl('sub-user'), { headers: app(), payload: { endpoint: body.endpoint, keys: newer.keys } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id: first.id, created: false });
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clubId: ids.dkClubId, p256dh: newer.keys.p256dh, auth: newer.keys.auth });

    const removed = await call(t.app, 'DELETE', subUrl('sub-user'), { headers: app(), payload: { endpoint: body.endpoint } });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint))).toHaveLength(0);
    // Removing what is gone is fine (the app may repeat it).
    expect((await call(t.app, 'DELETE', subUrl('sub-user'), { headers: app(), payload: { endpoint: body.endpoint } })).statusCode).toBe(204);
  });

  it('moves a device to the app user who subscribed it last', async () => {
    await putUser('first-owner', true);
    await putUser('second-owner', true);
    const body = push.subscription();
    expect((await call(t.app, 'PUT', subUrl('first-owner'), { headers: app(), payload: body })).statusCode).toBe(201);
    expect((await call(t.app, 'PUT', subUrl('second-owner'), { headers: app(), payload: body })).statusCode).toBe(201);
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint));
    expect(rows).toHaveLength(1);
    await call(t.app, 'DELETE', subUrl('second-owner'), { headers: app(), payload: { endpoint: body.endpoint } });
  });

  it('refuses subscriptions it cannot use and keys of other clubs', async () => {
    await putUser('picky', true);
    const good = push.subscription();
    const cases: [string, unknown, number, string][] = [
      ['an unknown app user', good, 404, 'insights.unknownAppUser'],
      ['a non-http endpoint', { ...good, endpoint: 'ftp://push.example/x' }, 400, 'request.invalid'],
      ['a p256dh that is no P-256 point', { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') } }, 400, 'request.invalid'],
      ['an auth secret of the wrong length', { ...good, keys: { ...good.keys, auth: Buffer.alloc(17, 1).toString('base64url') } }, 400, 'request.invalid'],
      ['no keys', { endpoint: good.endpoint }, 400, 'request.invalid'],
    ];
    for (const [what, payload, status, code] of cases) {
      const res = await call(t.app, 'PUT', subUrl(what === 'an unknown app user' ? 'nobody' : 'picky'), { headers: app(), payload });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().code, what).toBe(code);
    }
    expect((await call(t.app, 'PUT', subUrl('picky'), { payload: good })).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', subUrl('picky'), { headers: app(seKey), payload: good })).statusCode).toBe(403);
    // A session of the console is no app key.
    expect((await call(t.app, 'PUT', subUrl('picky'), { token: tokens.owner, payload: good })).statusCode).toBe(401);
    // The Swedish club does not know the Danish club's app user.
    const other = await call(t.app, 'PUT', subUrl('picky', ids.seClubId), { headers: app(seKey), payload: good });
    expect(other.statusCode).toBe(404);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, good.endpoint))).toHaveLength(0);
  });

  it('counts the followers and those who will get a message, with and without guides', async () => {
    const before = SubscriberCount.parse((await count([])).json());
    // a: follows, subscribed, downloaded A; b: follows, subscribed twice (two phones), downloaded B;
    // c: follows, no subscription, downloaded A; d: does not follow, subscribed, downloaded A and B.
    for (const [user, following] of [['count-a', true], ['count-b', true], ['count-c', true], ['count-d', false]] as const) await putUser(user, following);
    await subscribe('count-a');
    await subscribe('count-b');
    await subscribe('count-b');
    await subscribe('count-d');
    await download('count-a', guideA);
    await download('count-b', guideB);
    await download('count-c', guideA);
    await download('count-d', guideA);
    await download('count-d', guideB);

    const all = await count([]);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ followers: before.followers + 3, count: before.count + 2 });
    expect((await count([guideA])).json()).toEqual({ followers: 2, count: 1 });
    expect((await count([guideB])).json()).toEqual({ followers: 1, count: 1 });
    // The repeated query parameter: the followers of either guide.
    expect((await count([guideA, guideB])).json()).toEqual({ followers: 3, count: 2 });

    const foreign = await count([guideA, seGuide]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'communication.unknownGuide', params: { guideId: seGuide } });
    expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/notifications/subscribers?guides=abc`, { token: tokens.messenger })).statusCode).toBe(400);
  });

  it('stores a message with the club name as its title and answers at once', async () => {
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/notifications`, {
      token: tokens.messenger,
      payload: { title: 'ignored', body: '  The course opens at 10  ', url: 'https://fjordvang.example/news', guides: [guideA] },
    });
    expect(res.statusCode, res.body).toBe(202);
    const item = NotificationItem.parse(res.json());
    expect(item).toMatchObject({
      title: clubName,
      body: 'The course opens at 10',
      url: 'https://fjordvang.example/news',
      guides: [guideA],
      source: 'message',
      created_by: 'Mia Messenger',
    });
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, item.id));
    expect(row).toMatchObject({ clubId: ids.dkClubId, title: clubName, topic: `n${item.id}`, source: 'message' });
    expect(await t.database.db.select().from(notificationGuides).where(eq(notificationGuides.notificationId, item.id))).toEqual([
      { notificationId: item.id, guideId: guideA },
    ]);
  });

  it('refuses a message that is too large to push, another club’s guide and bad input, storing nothing', async () => {
    const db = t.database.db;
    const stored = async () => (await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.clubId, ids.dkClubId))).length;
    const before = await stored();
    const url = (path: string) => `/api/clubs/${ids.dkClubId}/${path}`;
    // 1,000 characters of three bytes each and a long address: within the contract's lengths, over 3 KB of payload.
    const large = await call(t.app, 'POST', url('notifications'), {
      token: tokens.messenger,
      payload: { body: '€'.repeat(1000), url: `https://fjordvang.example/${'a'.repeat(400)}` },
    });
    expect(large.statusCode, large.body).toBe(400);
    expect(large.json()).toMatchObject({ code: 'communication.payloadTooLarge', params: { max: 3072 } });
    // Just under: accepted.
    const fits = await call(t.app, 'POST', url('notifications'), { token: tokens.messenger, payload: { body: '€'.repeat(900), guides: [guideB] } });
    expect(fits.statusCode, fits.body).toBe(202);

    const foreign = await call(t.app, 'POST', url('notifications'), { token: tokens.messenger, payload: { body: 'Hi', guides: [seGuide] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'communication.unknownGuide', params: { guideId: seGuide } });
    for (const payload of [{ body: '   ' }, { body: 'x'.repeat(1001) }, { body: 'Hi', url: 'javascript:alert(1)' }, { body: 'Hi', guides: [0] }]) {
      const res = await call(t.app, 'POST', url('notifications'), { token: tokens.messenger, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    // A 100 KB body is refused before it is read.
    const huge = await call(t.app, 'POST', url('notifications'), { token: tokens.messenger, payload: { body: 'x'.repeat(100_000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('request.bodyTooLarge');
    expect(await stored()).toBe(before + 1);
  });

  it('lets only the communication role of the club read and send', async () => {
    const dk = `/api/clubs/${ids.dkClubId}/notifications`;
    const se = `/api/clubs/${ids.seClubId}/notifications`;
    for (const [token, status] of [
      [tokens.owner, 200],
      [tokens.messenger, 200],
      [tokens.staff, 403],
      [tokens.statusOnly, 403],
    ] as const) {
      expect((await call(t.app, 'GET', dk, { token })).statusCode).toBe(status);
      expect((await call(t.app, 'GET', `${dk}/subscribers`, { token })).statusCode).toBe(status);
    }
    expect((await call(t.app, 'GET', dk)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', se, { token: tokens.messenger })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', se, { token: tokens.messenger, payload: { body: 'Hej' } })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', dk, { token: tokens.staff, payload: { body: 'Hej' } })).statusCode).toBe(403);
  });

  it('lists the club’s messages newest first with their counts, and only the club’s', async () => {
    const db = t.database.db;
    // Three messages with known times, one of them already delivered to two of three devices.
    const made = await db
      .insert(notifications)
      .values([
        { clubId: ids.dkClubId, title: clubName, body: 'Oldest', source: 'message', topic: 't1', createdAt: new Date('2030-01-01T08:00:00Z'), state: 'done', targeted: 0 },
        { clubId: ids.dkClubId, title: clubName, body: 'Newest', source: 'status', topic: 'status', priority: 'critical', createdAt: new Date('2030-01-03T08:00:00Z'), state: 'done', targeted: 0 },
        { clubId: ids.dkClubId, title: clubName, body: 'Middle', source: 'post', topic: 't3', createdAt: new Date('2030-01-02T08:00:00Z'), state: 'done', targeted: 0 },
        { clubId: ids.seClubId, title: 'Ljungbacka', body: 'Swedish', source: 'message', topic: 't4', createdAt: new Date('2030-01-04T08:00:00Z'), state: 'done', targeted: 0 },
      ])
      .returning({ id: notifications.id });
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/notifications`, { token: tokens.messenger });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().map((i: unknown) => NotificationItem.parse(i)) as NotificationItem[];
    expect(list.slice(0, 3).map((i) => i.body)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(list.some((i) => i.body === 'Swedish')).toBe(false);
    const times = list.map((i) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list[0]).toMatchObject({ source: 'status', state: 'done', targeted: 0, delivered: 0, failed: 0, pending: 0, guides: [] });
    await db.delete(notifications).where(inArray(notifications.id, made.map((m) => m.id)));
    expect(await db.select().from(notifications).where(and(eq(notifications.clubId, ids.dkClubId), eq(notifications.body, 'Newest')))).toHaveLength(0);
  });
});
