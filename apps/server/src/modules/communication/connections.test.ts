import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Connection } from '@golf/contract/api/communication';
import * as schema from '../../db/schema/index';
import { loadConfig, type Config } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { startFacebookStandIn, type FacebookStandIn } from '../../../test/stand-ins/facebook';
import { startNationalStandIn, type NationalStandIn } from '../../../test/stand-ins/national';
import { postToService } from './channels';
import { decryptToken } from './token-crypto';

/**
 * The social connections (issue 23): Facebook behind the Business plan, the national golf app,
 * connect (the token checked with the service's stand-in, stored encrypted, never answered),
 * status, disconnect ('Unable to disconnect' when the service fails), and postToService.
 */
describe(`social connections (${testDatabaseKind})`, () => {
  let t: TestApp;
  let bare: TestApp;
  let ids: DemoIds;
  let facebook: FacebookStandIn;
  let national: NationalStandIn;
  let env: Record<string, string>;
  let config: Config;
  let tokens: Awaited<ReturnType<typeof actors>>;

  const PAGE = { id: '1029384756', name: 'Fjordvang Golfklub', token: 'EAAGfjordvangPageToken0123456789' };
  const SE_PAGE = { id: '5647382910', name: 'Ljungbacka Golfklubb', token: 'EAAGljungbackaPageToken987654321' };
  const NAT = { id: 'dgu-0317', name: 'Fjordvang GK (DGU)', token: 'nat-fjordvang-token-abcdef' };

  const actors = (app: TestApp, d: DemoIds) =>
    signInActors(app, ['admin', 'owner', 'staff', 'anonymous'], {
      social: { email: 'social@example.com', password: 'social-password', clubRoles: { [d.dkClubId]: ['communication'] } },
      statusOnly: { email: 'status-only@example.com', password: 'status-password', clubRoles: { [d.dkClubId]: ['club-status'] } },
      swede: { email: 'swede-social@example.com', password: 'swede-password', clubRoles: { [d.seClubId]: ['communication', 'club-status'] } },
    });
  type Who = keyof typeof tokens;

  const api = (who: Who, method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: unknown, app = t) =>
    call(app.app, method, `/api/clubs/${path}`, { token: tokens[who], payload });
  const row = async (clubId: number, kind: string) =>
    (await t.database.db.select().from(schema.socialConnections).where(and(eq(schema.socialConnections.clubId, clubId), eq(schema.socialConnections.kind, kind))))[0];

  beforeAll(async () => {
    [facebook, national] = await Promise.all([startFacebookStandIn(), startNationalStandIn()]);
    facebook.addPage(PAGE.id, PAGE.name, PAGE.token);
    facebook.addPage(SE_PAGE.id, SE_PAGE.name, SE_PAGE.token);
    national.addClub(NAT.id, NAT.name, NAT.token);
    env = {
      FACEBOOK_GRAPH_URL: facebook.url,
      FACEBOOK_APP_ID: facebook.appId,
      FACEBOOK_APP_SECRET: facebook.appSecret,
      NATIONAL_APP_API_URL: national.url,
      NATIONAL_APP_CLIENT_ID: national.clientId,
      NATIONAL_APP_CLIENT_SECRET: national.clientSecret,
    };
    t = await buildTestApp({ env });
    config = loadConfig({ DATA_DIR: '/tmp/golf-test-unused', PUBLIC_URL: 'http://console.test', WEB_DIR: '', ...env });
    ids = await demoIds(t);
    tokens = await actors(t, ids);
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await facebook?.close();
    await national?.close();
  });

  it('lists both connections, not connected, with the plan: Fjordvang is on Business, Ljungbacka on standard', async () => {
    const dk = await api('social', 'GET', `${ids.dkClubId}/connections`);
    expect(dk.statusCode, dk.body).toBe(200);
    const list = dk.json().map((c: unknown) => Connection.parse(c));
    expect(list).toEqual([
      { kind: 'facebook', configured: true, allowed_by_plan: true, connected: false, account_id: null, account_name: null, connected_at: null, connected_by: null, last_error: null },
      { kind: 'national', configured: true, allowed_by_plan: true, connected: false, account_id: null, account_name: null, connected_at: null, connected_by: null, last_error: null },
    ]);
    const se = await api('swede', 'GET', `${ids.seClubId}/connections`);
    expect(se.statusCode).toBe(200);
    expect(se.json()[0]).toMatchObject({ kind: 'facebook', configured: true, allowed_by_plan: false });
    expect(se.json()[1]).toMatchObject({ kind: 'national', allowed_by_plan: true });
  });

  it('refuses users without the communication role (403; club-status may read them), another club (403) and no session (401)', async () => {
    for (const [who, method, path, status] of [
      ['staff', 'GET', `${ids.dkClubId}/connections`, 403],
      // The status screen offers Facebook and the national app only when connected: it reads them.
      ['statusOnly', 'GET', `${ids.dkClubId}/connections`, 200],
      ['statusOnly', 'PUT', `${ids.dkClubId}/connections/facebook`, 403],
      ['statusOnly', 'DELETE', `${ids.dkClubId}/connections/national`, 403],
      ['swede', 'GET', `${ids.dkClubId}/connections`, 403],
      ['swede', 'PUT', `${ids.dkClubId}/connections/national`, 403],
      ['social', 'GET', `${ids.seClubId}/connections`, 403],
      ['anonymous', 'GET', `${ids.dkClubId}/connections`, 401],
    ] as const) {
      const res = await api(who, method, path, method === 'PUT' ? { account_id: NAT.id, token: NAT.token } : undefined);
      expect(res.statusCode, `${who} ${method} ${path}`).toBe(status);
    }
    expect(national.requests).toEqual([]);
    expect(facebook.requests).toEqual([]);
  });

  it('refuses bad input with 400: an unknown kind, an account id with spaces, a short or spaced token', async () => {
    for (const [kind, body] of [
      ['twitter', { account_id: PAGE.id, token: PAGE.token }],
      ['facebook', { account_id: 'my page', token: PAGE.token }],
      ['facebook', { account_id: PAGE.id, token: 'short' }],
      ['facebook', { account_id: PAGE.id, token: 'has a space in it' }],
      ['facebook', { account_id: '', token: PAGE.token }],
      ['national', { account_id: NAT.id }],
    ] as const) {
      const res = await api('social', 'PUT', `${ids.dkClubId}/connections/${kind}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(facebook.requests).toEqual([]);
  });

  it('refuses Facebook to a club on the standard plan (403 planNeeded) without asking Facebook', async () => {
    const res = await api('swede', 'PUT', `${ids.seClubId}/connections/facebook`, { account_id: SE_PAGE.id, token: SE_PAGE.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'communication.planNeeded', error: 'Posting to Facebook needs the Business plan' });
    expect(facebook.requests).toEqual([]);
    expect(await row(ids.seClubId, 'facebook')).toBeUndefined();
  });

  it('refuses a token the service does not accept (400 connectRefused with its reason) and stores nothing', async () => {
    const wrong = await api('social', 'PUT', `${ids.dkClubId}/connections/facebook`, { account_id: PAGE.id, token: 'EAAGsomebodyElsesToken000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'communication.connectRefused',
      params: { service: 'Facebook', reason: 'Invalid OAuth access token - Cannot parse access token' },
    });
    const unknownClub = await api('social', 'PUT', `${ids.dkClubId}/connections/national`, { account_id: 'dgu-9999', token: NAT.token });
    expect(unknownClub.statusCode).toBe(400);
    expect(unknownClub.json()).toMatchObject({ code: 'communication.connectRefused', params: { service: 'National golf app', reason: 'No club dgu-9999' } });
    const wrongToken = await api('social', 'PUT', `${ids.dkClubId}/connections/national`, { account_id: NAT.id, token: 'not-the-club-token' });
    expect(wrongToken.json()).toMatchObject({ code: 'communication.connectRefused', params: { reason: 'The club token is invalid or was revoked' } });
    // The service down: 502, not the club's fault.
    facebook.failNext(500, { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2 } });
    const down = await api('social', 'PUT', `${ids.dkClubId}/connections/facebook`, { account_id: PAGE.id, token: PAGE.token });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'communication.serviceFailed', params: { service: 'Facebook' } });
    expect(await row(ids.dkClubId, 'facebook')).toBeUndefined();
    expect(await row(ids.dkClubId, 'national')).toBeUndefined();
  });

  it('connects Facebook and the national app: verified with the service, the token stored encrypted and never answered', async () => {
    const fbCalls = facebook.requests.length;
    const fb = await api('social', 'PUT', `${ids.dkClubId}/connections/facebook`, { account_id: PAGE.id, token: PAGE.token });
    expect(fb.statusCode, fb.body).toBe(200);
    expect(Connection.parse(fb.json())).toMatchObject({
      kind: 'facebook',
      connected: true,
      account_id: PAGE.id,
      account_name: PAGE.name,
      connected_by: 'Test User',
      last_error: null,
    });
    // The stand-in checked the token and the appsecret_proof of GET /{page}.
    expect(facebook.requests.slice(fbCalls)).toEqual([{ method: 'GET', path: `/${PAGE.id}` }]);
    const nat = await api('social', 'PUT', `${ids.dkClubId}/connections/national`, { account_id: NAT.id, token: NAT.token });
    expect(nat.statusCode, nat.body).toBe(200);
    expect(nat.json()).toMatchObject({ kind: 'national', connected: true, account_id: NAT.id, account_name: NAT.name });

    const list = await api('social', 'GET', `${ids.dkClubId}/connections`);
    for (const res of [fb, nat, list]) {
      expect(res.body).not.toContain(PAGE.token);
      expect(res.body).not.toContain(NAT.token);
      expect(res.body).not.toContain('token');
    }
    expect(list.json().map((c: { connected: boolean }) => c.connected)).toEqual([true, true]);

    const stored = await row(ids.dkClubId, 'facebook');
    expect(stored.tokenCiphertext).not.toContain(PAGE.token);
    expect(stored.tokenCiphertext).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Buffer.from(stored.tokenCiphertext.split('.')[3], 'base64url').toString('utf8')).not.toContain(PAGE.token.slice(0, 12));
    // The key was made at first use and kept in the database; the value decrypts only for its own row.
    const secret = await t.database.db.select().from(schema.serverSecrets).where(eq(schema.serverSecrets.name, 'connection-tokens'));
    expect(secret).toHaveLength(1);
    expect(await decryptToken(t.database.db, config, ids.dkClubId, 'facebook', stored.tokenCiphertext)).toBe(PAGE.token);
    await expect(decryptToken(t.database.db, config, ids.dkClubId, 'national', stored.tokenCiphertext)).rejects.toThrow();
    await expect(decryptToken(t.database.db, config, ids.seClubId, 'facebook', stored.tokenCiphertext)).rejects.toThrow();
  });

  it('posts through postToService: a Graph form post with the proof, a national JSON item; refusals by code', async () => {
    const db = t.database.db;
    const fb = await postToService(db, config, ids.dkClubId, 'facebook', { title: 'Frost delay', message: 'Tee times move by an hour.', link: 'https://fjordvang.example/news' });
    expect(fb.externalId).toMatch(new RegExp(`^${PAGE.id}_\\d+$`));
    expect(facebook.posts.at(-1)).toEqual({
      id: fb.externalId,
      pageId: PAGE.id,
      message: 'Frost delay\n\nTee times move by an hour.',
      link: 'https://fjordvang.example/news',
      contentType: 'application/x-www-form-urlencoded',
    });
    const nat = await postToService(db, config, ids.dkClubId, 'national', { title: 'Course open', message: 'All 18 holes.', link: null, kind: 'status', priority: 'important' });
    expect(national.items.at(-1)).toEqual({ id: nat.externalId, clubId: NAT.id, title: 'Course open', body: 'All 18 holes.', link: null, kind: 'status', priority: 'important' });

    const refusal = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(HttpError);
      return err as HttpError;
    };
    const content = { title: 'x', message: 'y', link: null };
    expect((await refusal(postToService(db, config, ids.seClubId, 'facebook', content))).code).toBe('communication.planNeeded');
    const notConnected = await refusal(postToService(db, config, ids.seClubId, 'national', content));
    expect([notConnected.statusCode, notConnected.code, notConnected.params]).toEqual([400, 'communication.notConnected', { service: 'National golf app' }]);
    const noFacebook = loadConfig({ DATA_DIR: '/tmp/golf-test-unused', PUBLIC_URL: 'http://console.test', WEB_DIR: '' });
    expect((await refusal(postToService(db, noFacebook, ids.dkClubId, 'facebook', content))).code).toBe('communication.notConfigured');

    // The service refusing: 502, kept as the connection's last error until a post succeeds.
    facebook.failNext(400, { error: { message: 'Error validating access token: The session has been invalidated', type: 'OAuthException', code: 190 } });
    const failed = await refusal(postToService(db, config, ids.dkClubId, 'facebook', content));
    expect([failed.statusCode, failed.code]).toEqual([502, 'communication.serviceFailed']);
    expect(failed.message).toBe('Facebook failed: Error validating access token: The session has been invalidated');
    expect((await row(ids.dkClubId, 'facebook')).lastError).toBe(failed.message);
    const listed = (await api('social', 'GET', `${ids.dkClubId}/connections`)).json();
    expect(listed[0].last_error).toBe(failed.message);
    await postToService(db, config, ids.dkClubId, 'facebook', content);
    expect((await row(ids.dkClubId, 'facebook')).lastError).toBeNull();
  });

  it('keeps the connection when disconnecting fails: 502 Unable to disconnect', async () => {
    facebook.failNext(400, { error: { message: '(#200) Permissions error', type: 'OAuthException', code: 200 } });
    const res = await api('social', 'DELETE', `${ids.dkClubId}/connections/facebook`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'communication.disconnectFailed', error: 'Unable to disconnect', details: [{ path: 'facebook', message: '(#200) Permissions error' }] });
    expect(await row(ids.dkClubId, 'facebook')).toBeDefined();
    expect(facebook.unsubscribed).toEqual([]);
    national.failNext(503, { error: 'maintenance', message: 'Down for maintenance' });
    const nat = await api('social', 'DELETE', `${ids.dkClubId}/connections/national`);
    expect([nat.statusCode, nat.json().error]).toEqual([502, 'Unable to disconnect']);
    expect(await row(ids.dkClubId, 'national')).toBeDefined();
    // Not connected: 404 with the same text.
    const none = await api('swede', 'DELETE', `${ids.seClubId}/connections/national`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'communication.disconnectFailed', error: 'Unable to disconnect' });
  });

  it('disconnects: the service is told, then the row is deleted (204)', async () => {
    const fb = await api('social', 'DELETE', `${ids.dkClubId}/connections/facebook`);
    expect(fb.statusCode, fb.body).toBe(204);
    expect(facebook.unsubscribed).toEqual([PAGE.id]);
    expect(await row(ids.dkClubId, 'facebook')).toBeUndefined();
    const nat = await api('owner', 'DELETE', `${ids.dkClubId}/connections/national`);
    expect(nat.statusCode).toBe(204);
    expect(national.disconnected).toEqual([NAT.id]);
    const list = (await api('social', 'GET', `${ids.dkClubId}/connections`)).json();
    expect(list.map((c: { connected: boolean }) => c.connected)).toEqual([false, false]);
    expect((await api('social', 'DELETE', `${ids.dkClubId}/connections/facebook`)).statusCode).toBe(404);
  });

  it('lets an admin change a club plan, not its owner; the plan then allows Facebook', async () => {
    const club = (id: number) => call(t.app, 'GET', `/api/clubs/${id}/club`, { token: tokens.admin });
    expect((await club(ids.dkClubId)).json().plan).toBe('business');
    expect((await club(ids.seClubId)).json().plan).toBe('standard');
    const byOwner = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { token: tokens.owner, payload: { plan: 'standard' } });
    expect(byOwner.statusCode).toBe(403);
    expect((await club(ids.dkClubId)).json().plan).toBe('business');
    const byAdmin = await call(t.app, 'PUT', `/api/clubs/${ids.seClubId}`, { token: tokens.admin, payload: { plan: 'business' } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().plan).toBe('business');
    const connected = await api('swede', 'PUT', `${ids.seClubId}/connections/facebook`, { account_id: SE_PAGE.id, token: SE_PAGE.token });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ allowed_by_plan: true, connected: true, account_name: SE_PAGE.name });
    expect((await call(t.app, 'PUT', `/api/clubs/${ids.seClubId}`, { token: tokens.admin, payload: { plan: 'gold' } })).statusCode).toBe(400);
  });

  it('without the services configured: configured false, connecting refused with notConfigured', async () => {
    bare = await buildTestApp();
    const d = await demoIds(bare);
    const admin = (await signInActors(bare, ['admin'])).admin;
    const list = await call(bare.app, 'GET', `/api/clubs/${d.dkClubId}/connections`, { token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { configured: boolean }) => c.configured)).toEqual([false, false]);
    for (const kind of ['facebook', 'national']) {
      const res = await call(bare.app, 'PUT', `/api/clubs/${d.dkClubId}/connections/${kind}`, { token: admin, payload: { account_id: 'abc', token: 'abcdefghij' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('communication.notConfigured');
    }
  });
});
