import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { Announcement, type AnnouncementBody, type ChannelDelivery } from '@golf/contract/api/communication';
import { AppStatus } from '@golf/contract/api/communication-app';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { startFacebookStandIn, type FacebookStandIn } from '../../../test/stand-ins/facebook';
import { startNationalStandIn, type NationalStandIn } from '../../../test/stand-ins/national';
import { createAppKey } from '../clubs';
import { sweepStatusChannels } from './announcement-service';

/**
 * The club's status (§3 Announcement, issue 23): GET, POST (replaces the club's one), DELETE, the
 * job that delivers its channels (the RSS record, a notification to the followers, the national
 * golf app and Facebook, both local stand-ins) and the golfers' app's GET of the visible status.
 */
describe(`club status (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let facebook: FacebookStandIn;
  let national: NationalStandIn;
  let tokens: Awaited<ReturnType<typeof actors>>;
  let dkKey: string;
  let seKey: string;

  const PAGE = { id: '20304050', name: 'Fjordvang Golfklub', token: 'EAAGstatusPageToken-abcdef' };
  const NAT = { id: 'dgu-0317', name: 'Fjordvang GK', token: 'nat-status-token-123456' };

  const actors = (app: TestApp, d: DemoIds) =>
    signInActors(app, ['admin', 'owner', 'staff', 'anonymous'], {
      secretary: { email: 'secretary@example.com', password: 'secretary-password', clubRoles: { [d.dkClubId]: ['club-status'] } },
      social: { email: 'social-only@example.com', password: 'social-password', clubRoles: { [d.dkClubId]: ['communication'] } },
      swede: { email: 'swede-status@example.com', password: 'swede-password', clubRoles: { [d.seClubId]: ['club-status'] } },
    });
  type Who = keyof typeof tokens;

  const hour = 3_600_000;
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const body = (over: Partial<AnnouncementBody> = {}): AnnouncementBody => ({
    header: 'Frost delay',
    priority: 'important',
    body: 'Tee times move by one hour.',
    start: at(-hour),
    end: at(5 * hour),
    channels: { rss: false, notification: false, facebook: false, national: false },
    ...over,
  });
  const status = (who: Who, method: 'GET' | 'POST' | 'DELETE', clubId = ids.dkClubId, payload?: unknown) =>
    call(t.app, method, `/api/clubs/${clubId}/announcement`, { token: tokens[who], payload });
  const appStatus = (clubId: number, key: string | null) => call(t.app, 'GET', `/api/app/clubs/${clubId}/status`, { headers: key ? { [APP_KEY_HEADER]: key } : {} });

  /** Reads the status until no channel is pending (the job delivered them all). */
  async function delivered(clubId = ids.dkClubId, who: Who = 'secretary'): Promise<Announcement> {
    for (let i = 0; i < 300; i++) {
      const res = await status(who, 'GET', clubId);
      expect(res.statusCode, res.body).toBe(200);
      const a = Announcement.parse(res.json());
      if (a.deliveries.every((d) => d.state !== 'pending')) return a;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the status channels were not delivered');
  }
  const byChannel = (a: Announcement) => Object.fromEntries(a.deliveries.map((d) => [d.channel, d])) as Record<string, ChannelDelivery>;

  beforeAll(async () => {
    [facebook, national] = await Promise.all([startFacebookStandIn(), startNationalStandIn()]);
    facebook.addPage(PAGE.id, PAGE.name, PAGE.token);
    national.addClub(NAT.id, NAT.name, NAT.token);
    t = await buildTestApp({
      env: {
        FACEBOOK_GRAPH_URL: facebook.url,
        FACEBOOK_APP_ID: facebook.appId,
        FACEBOOK_APP_SECRET: facebook.appSecret,
        NATIONAL_APP_API_URL: national.url,
        NATIONAL_APP_CLIENT_ID: national.clientId,
        NATIONAL_APP_CLIENT_SECRET: national.clientSecret,
      },
    });
    ids = await demoIds(t);
    tokens = await actors(t, ids);
    dkKey = (await createAppKey(t.database.db, { clubId: ids.dkClubId, name: 'Status test', createdBy: null })).key;
    seKey = (await createAppKey(t.database.db, { clubId: ids.seClubId, name: 'Status test', createdBy: null })).key;
  });
  afterAll(async () => {
    await t?.close();
    await facebook?.close();
    await national?.close();
  });

  const announcementRows = () => t.database.db.select().from(schema.clubAnnouncements).orderBy(schema.clubAnnouncements.id);

  it('answers null while the club has no status, and the app gets 204', async () => {
    const res = await status('swede', 'GET', ids.seClubId);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    expect((await appStatus(ids.seClubId, seKey)).statusCode).toBe(204);
  });

  it('refuses users without club-status (403), another club (403), no session (401)', async () => {
    for (const [who, method, clubId, expected] of [
      ['staff', 'GET', 'dk', 403],
      ['staff', 'POST', 'dk', 403],
      ['social', 'GET', 'dk', 403],
      ['social', 'DELETE', 'dk', 403],
      ['swede', 'GET', 'dk', 403],
      ['swede', 'POST', 'dk', 403],
      ['secretary', 'GET', 'se', 403],
      ['anonymous', 'GET', 'dk', 401],
      ['anonymous', 'POST', 'dk', 401],
    ] as const) {
      const before = await announcementRows();
      const res = await status(who, method, clubId === 'dk' ? ids.dkClubId : ids.seClubId, method === 'POST' ? body() : undefined);
      expect(res.statusCode, `${who} ${method} ${clubId}`).toBe(expected);
      expect(await announcementRows()).toEqual(before);
    }
  });

  it('refuses bad input with 400 and stores nothing: empty header, end before start, unknown priority, a 100 KB body', async () => {
    const before = await announcementRows();
    const cases: [string, unknown][] = [
      ['empty header', body({ header: '   ' })],
      ['end before start', body({ start: at(hour), end: at(-hour) })],
      ['end at start', { ...body(), end: body().start }],
      ['unknown priority', { ...body(), priority: 'urgent' }],
      ['100 KB body', body({ body: 'x'.repeat(100 * 1024) })],
      ['no channels', { ...body(), channels: undefined }],
      ['a date without offset', { ...body(), start: '2026-11-27 10:00' }],
    ];
    for (const [name, payload] of cases) {
      const res = await status('secretary', 'POST', ids.dkClubId, payload);
      expect(res.statusCode, name).toBe(400);
      expect(typeof res.json().error, name).toBe('string');
    }
    const huge = await status('secretary', 'POST', ids.dkClubId, body({ body: 'x'.repeat(200 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(await announcementRows()).toEqual(before);
  });

  it('stores a status without channels: visible now, shown to the app', async () => {
    const payload = body({ priority: 'critical', body: '' });
    const res = await status('secretary', 'POST', ids.dkClubId, payload);
    expect(res.statusCode, res.body).toBe(200);
    const a = Announcement.parse(res.json());
    expect(a).toMatchObject({
      header: 'Frost delay',
      priority: 'critical',
      body: '',
      start: payload.start,
      end: payload.end,
      visible: true,
      created_by: 'Test User',
      deliveries: [],
      channels: { rss: false, notification: false, facebook: false, national: false },
    });
    expect(Announcement.parse((await status('owner', 'GET')).json())).toEqual(a);
    const app = await appStatus(ids.dkClubId, dkKey);
    expect(app.statusCode).toBe(200);
    expect(AppStatus.parse(app.json())).toEqual({ header: 'Frost delay', priority: 'critical', body: '', start: payload.start, end: payload.end });
    expect(app.json()).not.toHaveProperty('channels');
  });

  it('the app route needs the club key: none 401, another club key 403', async () => {
    expect((await appStatus(ids.dkClubId, null)).statusCode).toBe(401);
    expect((await appStatus(ids.dkClubId, seKey)).statusCode).toBe(403);
    // A console session alone is no app key.
    expect((await call(t.app, 'GET', `/api/app/clubs/${ids.dkClubId}/status`, { token: tokens.admin })).statusCode).toBe(401);
    expect((await appStatus(ids.seClubId, seKey)).statusCode).toBe(204);
  });

  it('delivers every channel: the RSS record, a status notification, the national app and Facebook', async () => {
    for (const [kind, account] of [
      ['facebook', PAGE],
      ['national', NAT],
    ] as const) {
      const res = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}/connections/${kind}`, { token: tokens.social, payload: { account_id: account.id, token: account.token } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const previous = Announcement.parse((await status('secretary', 'GET')).json());
    const payload = body({ header: 'Course closed', body: 'Frost on the greens until noon.', priority: 'important', channels: { rss: true, notification: true, facebook: true, national: true } });
    const res = await status('secretary', 'POST', ids.dkClubId, payload);
    expect(res.statusCode, res.body).toBe(200);
    const saved = Announcement.parse(res.json());
    expect(saved.id).not.toBe(previous.id);
    // Answered at once: every chosen channel recorded, still pending (or already done by a quick job).
    expect(saved.deliveries.map((d) => d.channel)).toEqual(['rss', 'notification', 'national', 'facebook']);

    const a = await delivered();
    const d = byChannel(a);
    expect(d.rss).toMatchObject({ state: 'done', external_id: `status-${a.id}`, error: null });
    expect(d.facebook).toMatchObject({ state: 'done', error: null });
    expect(facebook.posts).toHaveLength(1);
    expect(facebook.posts[0]).toMatchObject({ pageId: PAGE.id, message: 'Course closed\n\nFrost on the greens until noon.', link: null });
    expect(d.facebook.external_id).toBe(facebook.posts[0].id);
    expect(d.national).toMatchObject({ state: 'done', external_id: national.items[0].id });
    expect(national.items).toEqual([
      { id: expect.any(String), clubId: NAT.id, title: 'Course closed', body: 'Frost on the greens until noon.', link: null, kind: 'status', priority: 'important' },
    ]);
    expect(d.notification.state).toBe('done');
    expect(d.notification.notification_id).toEqual(expect.any(Number));
    expect(d.notification.push).toEqual(expect.objectContaining({ targeted: expect.any(Number) }));
    const [n] = await t.database.db.select().from(schema.notifications).where(eq(schema.notifications.id, d.notification.notification_id!));
    expect(n).toMatchObject({
      clubId: ids.dkClubId,
      title: 'Fjordvang Golfklub',
      body: 'Course closed: Frost on the greens until noon.',
      source: 'status',
      topic: 'status',
      priority: 'important',
    });
    // The replaced status is gone, with its delivery records.
    const rows = await t.database.db.select().from(schema.clubAnnouncements);
    expect(rows.map((r) => r.id)).toEqual([a.id]);
    const records = await t.database.db.select().from(schema.channelDeliveries);
    expect(records.filter((r) => r.announcementId !== null).map((r) => r.announcementId)).toEqual([a.id, a.id, a.id, a.id]);
  });

  it('records a failed channel with its code and text, and a channel that cannot be used as skipped', async () => {
    const replaced = Announcement.parse((await status('owner', 'GET')).json());
    expect(replaced.deliveries).toHaveLength(4);
    facebook.failNext(400, { error: { message: 'Error validating access token: The user has not authorized application', type: 'OAuthException', code: 190 } });
    const res = await status('owner', 'POST', ids.dkClubId, body({ header: 'Wind warning', channels: { rss: false, notification: false, facebook: true, national: true } }));
    expect(res.statusCode).toBe(200);
    const a = await delivered(ids.dkClubId, 'owner');
    const d = byChannel(a);
    expect(d.facebook).toMatchObject({
      state: 'failed',
      external_id: null,
      error_code: 'communication.serviceFailed',
      error: 'Facebook failed: Error validating access token: The user has not authorized application',
    });
    expect(d.national.state).toBe('done');
    expect(a.deliveries.map((x) => x.channel)).toEqual(['national', 'facebook']);
    // Replacing the status deleted the old one's delivery records with it.
    expect(await t.database.db.select().from(schema.channelDeliveries).where(eq(schema.channelDeliveries.announcementId, replaced.id))).toEqual([]);
    // The club on the standard plan, without connections: skipped with the reason.
    const se = await status('swede', 'POST', ids.seClubId, body({ header: 'Banan stängd', channels: { rss: true, notification: false, facebook: true, national: true } }));
    expect(se.statusCode).toBe(200);
    const s = byChannel(await delivered(ids.seClubId, 'swede'));
    expect(s.rss.state).toBe('done');
    expect(s.facebook).toMatchObject({ state: 'skipped', error_code: 'communication.planNeeded', error: 'Posting to Facebook needs the Business plan' });
    expect(s.national).toMatchObject({ state: 'skipped', error_code: 'communication.notConnected', error: 'The club is not connected to National golf app' });
    expect(national.items.filter((i) => i.title === 'Banan stängd')).toEqual([]);
  });

  it('a status ahead of its start: channels delivered at once, not visible, the app gets 204; an ended one likewise', async () => {
    const ahead = body({ header: 'Greens aeration Monday', start: at(24 * hour), end: at(48 * hour), channels: { rss: false, notification: false, facebook: false, national: true } });
    const res = await status('secretary', 'POST', ids.dkClubId, ahead);
    expect(res.json().visible).toBe(false);
    const a = await delivered();
    expect(byChannel(a).national.state).toBe('done');
    expect(national.items.at(-1)).toMatchObject({ title: 'Greens aeration Monday' });
    expect((await appStatus(ids.dkClubId, dkKey)).statusCode).toBe(204);

    // No end: visible from the start on.
    const open = await status('secretary', 'POST', ids.dkClubId, body({ end: null }));
    expect(open.json()).toMatchObject({ end: null, visible: true });
    expect((await appStatus(ids.dkClubId, dkKey)).json()).toMatchObject({ end: null });

    // Ended: kept for the console, gone from the app.
    const [row] = await t.database.db.select().from(schema.clubAnnouncements).where(eq(schema.clubAnnouncements.clubId, ids.dkClubId));
    await t.database.db
      .update(schema.clubAnnouncements)
      .set({ startsAt: new Date(Date.now() - 3 * hour), endsAt: new Date(Date.now() - hour) })
      .where(eq(schema.clubAnnouncements.id, row.id));
    expect((await status('secretary', 'GET')).json().visible).toBe(false);
    expect((await appStatus(ids.dkClubId, dkKey)).statusCode).toBe(204);
  });

  it('deletes the status (204), then 404 announcementNotFound; another club stays', async () => {
    expect((await status('swede', 'DELETE', ids.dkClubId)).statusCode).toBe(403);
    const res = await status('secretary', 'DELETE');
    expect(res.statusCode).toBe(204);
    expect((await status('secretary', 'GET')).json()).toBeNull();
    const again = await status('secretary', 'DELETE');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'communication.announcementNotFound', error: 'The club has no status' });
    expect((await status('swede', 'GET', ids.seClubId)).json()).toMatchObject({ header: 'Banan stängd' });
    const records = await t.database.db.select().from(schema.channelDeliveries).where(eq(schema.channelDeliveries.clubId, ids.dkClubId));
    expect(records.filter((r) => r.announcementId !== null)).toEqual([]);
    expect((await announcementRows()).map((r) => r.clubId)).toEqual([ids.seClubId]);
  });
  it('a status whose channels stayed pending (the process stopped before the enqueue) is delivered by the sweep', async () => {
    // As a process that died between the save's commit and its enqueue leaves it: the rows, no job.
    await t.database.db.delete(schema.clubAnnouncements).where(eq(schema.clubAnnouncements.clubId, ids.seClubId));
    const [row] = await t.database.db
      .insert(schema.clubAnnouncements)
      .values({ clubId: ids.seClubId, header: 'Banan öppen', priority: 'normal', body: '', startsAt: new Date(Date.now() - hour), toRss: true })
      .returning();
    await t.database.db.insert(schema.channelDeliveries).values({ clubId: ids.seClubId, announcementId: row.id, channel: 'rss', state: 'pending', updatedAt: new Date(Date.now() - 2 * 60_000) });
    expect(await sweepStatusChannels(t.database.db)).toBe(1);
    const a = await delivered(ids.seClubId, 'swede');
    expect(byChannel(a).rss).toMatchObject({ state: 'done', external_id: `status-${row.id}` });
    expect(await sweepStatusChannels(t.database.db)).toBe(0);
  });
});
