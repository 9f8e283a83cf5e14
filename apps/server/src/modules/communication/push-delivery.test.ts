import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { NotificationItem } from '@golf/contract/api/communication';
import { PushPayload, type PushSubscriptionBody } from '@golf/contract/api/communication-app';
import { clubs, guides, notificationDeliveries, pushSubscriptions } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { startPushStandIn, type PushStandIn } from '../../../test/stand-ins/push-service';
import { createAppKey } from '../clubs';
import { createNotification, startDelivery } from './notifications-service';
import { backoffMs } from './push-jobs';
import { classify, retryAfterMs } from './push-sender';

/**
 * Web Push delivery (issue 23) to the local push-service stand-in, which checks the VAPID
 * signature and decrypts every message with the subscription's private key: the followers get
 * the message (title = the club's name), a 410 removes the subscription and counts as failed, a
 * 500 is tried again and delivered, a private address is never contacted, and rows a dead run
 * left 'sending' are sent again under the same Topic.
 */
describe(`communication: Web Push delivery (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let push: PushStandIn;
  let token: string;
  let key: string;
  let serverKey: string;
  let clubName: string;
  let guideId: number;
  const devices = new Map<string, PushSubscriptionBody>();

  const app = () => ({ [APP_KEY_HEADER]: key });
  async function follower(id: string, opts: { following?: boolean; guide?: boolean; endpoint?: string } = {}) {
    const user = await call(t.app, 'PUT', `/api/app/clubs/${ids.dkClubId}/users/${id}`, { headers: app(), payload: { language: 'da', following: opts.following ?? true } });
    expect(user.statusCode, user.body).toBe(201);
    const body = opts.endpoint ? { ...push.subscription(serverKey), endpoint: opts.endpoint } : push.subscription(serverKey);
    const res = await call(t.app, 'PUT', `/api/app/clubs/${ids.dkClubId}/users/${id}/push-subscription`, { headers: app(), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    if (opts.guide) {
      const d = await call(t.app, 'POST', `/api/app/clubs/${ids.dkClubId}/downloads`, {
        headers: app(),
        payload: { downloads: [{ guide_id: guideId, product: 'pdf', at: '2026-05-02T09:00:00+02:00', app_user_id: id }] },
      });
      expect(d.statusCode, d.body).toBe(201);
    }
    devices.set(id, body);
    return body;
  }

  async function messages(): Promise<NotificationItem[]> {
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/notifications`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().map((i: unknown) => NotificationItem.parse(i));
  }

  async function until(id: number, done: (m: NotificationItem) => boolean, timeoutMs = 30_000): Promise<NotificationItem> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const m = (await messages()).find((x) => x.id === id);
      if (m && done(m)) return m;
      if (Date.now() > end) throw new Error(`message ${id} did not get there: ${JSON.stringify(m)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    push = await startPushStandIn();
    t = await buildTestApp({ env: { OUTBOUND_ALLOW_HOSTS: push.host } });
    ids = await demoIds(t);
    const db = t.database.db;
    ({ messenger: token } = await signInActors(t, [], {
      messenger: { email: 'pusher@example.com', password: 'pusher-pw', clubRoles: { [ids.dkClubId]: ['communication'] } },
    }));
    key = (await createAppKey(db, { clubId: ids.dkClubId, name: 'Push test', createdBy: null })).key;
    [{ name: clubName }] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, ids.dkClubId));
    [{ id: guideId }] = await db.insert(guides).values({ clubId: ids.dkClubId, title: 'Push test guide', settings: {} }).returning({ id: guides.id });
    // The demo's subscriptions (if any) are not this test's devices: nothing goes anywhere but the stand-in.
    await db.delete(pushSubscriptions);
    serverKey = (await call(t.app, 'GET', `/api/app/clubs/${ids.dkClubId}/push-key`, { headers: app() })).json().public_key;
    await follower('anna', { guide: true });
    await follower('bo');
    await follower('carl', { guide: true });
    await follower('gone');
    await follower('flaky');
    await follower('quitter', { following: false });
    push.behave(devices.get('gone')!.endpoint, 'gone');
    push.behave(devices.get('flaky')!.endpoint, 'fail-once');
  });

  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('delivers the encrypted message to every follower, removes a gone subscription and retries a failure', async () => {
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/notifications`, {
      token,
      payload: { body: 'Frost delay: tee times move 30 minutes', url: 'https://fjordvang.example/status' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const sent = NotificationItem.parse(res.json());
    // Well before the retry of 'flaky' (5 s): everything else is settled.
    const first = await until(sent.id, (m) => m.delivered === 3 && m.failed === 1);
    expect(first).toMatchObject({ targeted: 5, pending: 1, state: 'sending' });
    const done = await until(sent.id, (m) => m.state === 'done', backoffMs(1) + 20_000);
    expect(done).toMatchObject({ targeted: 5, delivered: 4, failed: 1, pending: 0 });

    for (const name of ['anna', 'bo', 'carl', 'flaky']) {
      const got = push.received(devices.get(name)!.endpoint);
      expect(got, name).toHaveLength(1);
      const payload = PushPayload.parse(got[0]);
      expect(payload).toEqual({
        id: sent.id,
        club_id: ids.dkClubId,
        title: clubName,
        body: 'Frost delay: tee times move 30 minutes',
        url: 'https://fjordvang.example/status',
        kind: 'message',
        sent_at: sent.created_at,
      });
    }
    expect(push.received(devices.get('quitter')!.endpoint)).toEqual([]);
    expect(push.received(devices.get('gone')!.endpoint)).toEqual([]);
    // 'flaky' was asked twice: a 500, then accepted.
    const flakyPath = new URL(devices.get('flaky')!.endpoint).pathname;
    expect(push.requests.filter((r) => r.path === flakyPath).map((r) => r.status)).toEqual([500, 201]);
    // The headers of a message: a day to live, its Topic, normal urgency, aes128gcm, VAPID.
    const annaRequest = push.requests.find((r) => r.path === new URL(devices.get('anna')!.endpoint).pathname)!;
    expect(annaRequest.headers).toMatchObject({ ttl: '86400', topic: `n${sent.id}`, urgency: 'normal', 'content-encoding': 'aes128gcm' });
    expect(annaRequest.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${serverKey}$`));
    // The push service said 'gone': the subscription is removed, the delivery counted as failed.
    const left = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((s) => s.endpoint)).not.toContain(devices.get('gone')!.endpoint);
    expect(left).toHaveLength(5);
    const rows = await t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, sent.id));
    expect(rows.map((r) => r.state).sort()).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'gone']);
    expect(rows.find((r) => r.state === 'gone')).toMatchObject({ lastStatus: 410, subscriptionId: null });
    expect(Math.max(...rows.map((r) => r.attempts))).toBe(2);
  });

  it('sends to the followers of a guide only', async () => {
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/notifications`, { token, payload: { body: 'New yardage book', guides: [guideId] } });
    expect(res.statusCode, res.body).toBe(202);
    const sent = NotificationItem.parse(res.json());
    const done = await until(sent.id, (m) => m.state === 'done');
    expect(done).toMatchObject({ targeted: 2, delivered: 2, failed: 0, pending: 0, guides: [guideId] });
    for (const name of ['anna', 'carl']) expect(push.received(devices.get(name)!.endpoint).map((p) => p.body), name).toContain('New yardage book');
    for (const name of ['bo', 'flaky', 'quitter']) expect(push.received(devices.get(name)!.endpoint).map((p) => p.body), name).not.toContain('New yardage book');
  });

  it('never contacts a push endpoint at a private or loopback address that is not allowed', async () => {
    const requestsBefore = push.requests.length;
    await follower('sneaky', { endpoint: 'http://127.0.0.1:9/push/0123456789abcdef0123456789abcdef' });
    await follower('internal', { endpoint: 'http://10.20.30.40/push/0123456789abcdef0123456789abcdef' });
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/notifications`, { token, payload: { body: 'Only for the real ones' } });
    const sent = NotificationItem.parse(res.json());
    const done = await until(sent.id, (m) => m.state === 'done');
    expect(done).toMatchObject({ targeted: 6, delivered: 4, failed: 2, pending: 0 });
    const rows = await t.database.db.execute<{ attempts: number; last_error: string }>(
      sql`select d.attempts, d.last_error from notification_deliveries d join push_subscriptions s on s.id = d.subscription_id
          where d.notification_id = ${sent.id} and d.state = 'failed'`,
    );
    // Refused for good at once (no retry), with the reason.
    expect(rows.rows.map((r) => r.attempts)).toEqual([1, 1]);
    for (const r of rows.rows) expect(r.last_error).toMatch(/private or local network address/);
    expect(push.requests.length - requestsBefore).toBe(4);
    await t.database.db.execute(sql`delete from push_subscriptions where endpoint like '%0123456789abcdef0123456789abcdef'`);
  });

  it('sends again what a dead run left sending, under the same Topic, so each phone shows it once', async () => {
    const db = t.database.db;
    push.markFetched();
    const id = await db.transaction((tx) =>
      createNotification(tx, { clubId: ids.dkClubId, body: 'Course closed', url: null, guideIds: [], source: 'status', topic: 'status', priority: 'critical', createdBy: null }),
    );
    // As a run that died would leave it: recipients listed, two already sent (the push service
    // took them) but still 'sending'.
    await db.execute(sql`
      with listed as (
        insert into notification_deliveries (notification_id, subscription_id)
        select ${id}, s.id from push_subscriptions s join app_users u on u.id = s.app_user_id and u.following
        where s.club_id = ${ids.dkClubId} returning 1)
      update notifications set state = 'sending', targeted = (select count(*) from listed) where id = ${id}`);
    const annaSub = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, devices.get('anna')!.endpoint));
    const boSub = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, devices.get('bo')!.endpoint));
    await db.execute(sql`update notification_deliveries set state = 'sending', attempts = 1
      where notification_id = ${id} and subscription_id in (${annaSub[0].id}, ${boSub[0].id})`);
    // The dead run's messages, as the push service got them (same Topic 'status').
    const webpush = (await import('web-push')).default;
    for (const name of ['anna', 'bo']) {
      const d = devices.get(name)!;
      const [k] = await db.execute<{ value: string }>(sql`select value from server_secrets where name = 'vapid'`).then((r) => r.rows);
      const { publicKey, privateKey } = JSON.parse(k.value);
      const details = webpush.generateRequestDetails(d, JSON.stringify({ id, early: true }), { vapidDetails: { subject: 'mailto:x@example.com', publicKey, privateKey }, topic: 'status', TTL: 60 });
      const r = await fetch(d.endpoint, { method: 'POST', headers: details.headers as Record<string, string>, body: details.body });
      expect(r.status).toBe(201);
    }
    await startDelivery(db, id);
    const done = await until(id, (m) => m.state === 'done');
    expect(done).toMatchObject({ targeted: 4, delivered: 4, failed: 0, pending: 0, source: 'status' });
    for (const name of ['anna', 'bo', 'carl', 'flaky']) {
      const d = devices.get(name)!;
      const unfetched = push.received(d.endpoint).filter((p) => p.id === id);
      // Once, and the complete message (the resend replaced the early copy).
      expect(unfetched, name).toHaveLength(1);
      expect(unfetched[0]).toMatchObject({ title: clubName, body: 'Course closed', kind: 'status', priority: 'critical' });
    }
    expect(push.accepted(devices.get('anna')!.endpoint) - push.received(devices.get('anna')!.endpoint).length).toBeGreaterThan(0);
    // A critical status is pushed with high urgency and the status's Topic.
    const last = push.requests.filter((r) => r.path === new URL(devices.get('carl')!.endpoint).pathname).at(-1)!;
    expect(last.headers).toMatchObject({ topic: 'status', urgency: 'high' });
  });

  it('reads the push service’s answers as RFC 8030 says', () => {
    expect(classify(201, undefined)).toEqual({ kind: 'delivered', status: 201 });
    expect(classify(410, undefined)).toEqual({ kind: 'gone', status: 410 });
    expect(classify(404, undefined)).toEqual({ kind: 'gone', status: 404 });
    expect(classify(429, '30')).toMatchObject({ kind: 'retry', retryAfterMs: 30_000 });
    expect(classify(503, undefined)).toMatchObject({ kind: 'retry', retryAfterMs: null });
    expect(classify(400, undefined, 'bad')).toMatchObject({ kind: 'failed', status: 400 });
    expect(classify(413, undefined)).toMatchObject({ kind: 'failed' });
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55_000);
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 20_000, 80_000, 320_000]);
  });
});
