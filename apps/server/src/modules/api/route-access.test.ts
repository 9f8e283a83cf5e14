import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUB_ROLES } from '@golf/contract/roles';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { apiRoutes, isAppAccess, registerAuthorization, type ApiRouteInfo } from '../../platform/authorize';
import { SessionCache } from '../../platform/auth';
import { buildTestApp, call, demoIds, signIn, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { createAppKey } from '../clubs';

/**
 * Every route the server registers under /api declares who may call it, and the one check in
 * platform/authorize.ts answers in one order. The routes come from the server's own list (its
 * onRoute hook), never from a hand-written list, so a new route is covered the day it is added.
 */
describe('route access', () => {
  let t: TestApp;
  let ids: DemoIds;
  let routes: readonly ApiRouteInfo[];
  let tokens: Record<'oneRole' | 'everyRole' | 'outsider', string>;
  /** App keys of the Danish club (whose routes are called) and of the Swedish club. */
  let appKeys: { dk: string; se: string };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    ids = await demoIds(t);
    routes = apiRoutes(t.app);
    // A member of the Danish club with one role, and a user of the Swedish club only.
    tokens = await signInActors(t, [], {
      oneRole: { email: 'one-role@example.com', password: 'one-role-pw', clubRoles: { [ids.dkClubId]: ['club-info'] } },
      everyRole: { email: 'every-role@example.com', password: 'every-role-pw', clubRoles: { [ids.dkClubId]: [...CLUB_ROLES] } },
      outsider: { email: 'outsider@example.com', password: 'outsider-pw', clubRoles: { [ids.seClubId]: [...CLUB_ROLES] } },
    });
    const db = t.database.db;
    appKeys = {
      dk: (await createAppKey(db, { clubId: ids.dkClubId, name: 'Route access DK', createdBy: null })).key,
      se: (await createAppKey(db, { clubId: ids.seClubId, name: 'Route access SE', createdBy: null })).key,
    };
  });
  afterAll(async () => t?.close());

  /** The route's URL with the Danish club in it and 1 for any other id. */
  function urlOf(route: ApiRouteInfo): string {
    let url = route.url.replace(':clubId', String(ids.dkClubId)).replace(/:\w+/g, (m) => (m === ':id' && isClubIdParam(route) ? String(ids.dkClubId) : '1'));
    const access = route.access;
    if (typeof access === 'object' && 'club' in access && typeof access.club === 'object') url += `?${access.club.query}=${ids.dkClubId}`;
    return url;
  }
  const isClubIdParam = (route: ApiRouteInfo) => typeof route.access === 'object' && 'club' in route.access && route.access.club === 'id';
  const methodOf = (route: ApiRouteInfo) => route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const payloadOf = (route: ApiRouteInfo) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

  it('lists every route of every area, each with its access', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const area of ['/api/authenticate', '/api/clubs/:clubId/courses', '/api/clubs/:clubId/members', '/api/graphics', '/api/clubs/:clubId/gallery']) {
      expect(routes.some((r) => r.url === area), area).toBe(true);
    }
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('refuses to register an /api route that declares no access', async () => {
    const app = Fastify();
    registerAuthorization(app, { db: t.database.db, sessions: new SessionCache(0) });
    let error: unknown = null;
    try {
      app.get('/api/undeclared', async () => ({ ok: true }));
      await app.ready();
    } catch (err) {
      error = err;
    }
    expect(String(error)).toContain('/api/undeclared declares no access');
    await app.close();
  });

  it('refuses to register an app route outside /api/app/clubs/:clubId/, and a console route inside it', async () => {
    for (const [url, access, message] of [
      ['/api/clubs/:clubId/app-thing', { app: 'clubId' }, 'has the app\'s access but is not under /api/app/clubs/:clubId/'],
      ['/api/app/clubs/:clubId/thing', { club: 'clubId' }, 'does not declare the app\'s access'],
      ['/api/app/clubs/:clubId/open', 'public', 'does not declare the app\'s access'],
    ] as const) {
      const app = Fastify();
      registerAuthorization(app, { db: t.database.db, sessions: new SessionCache(0) });
      let error: unknown = null;
      try {
        app.get(url, { config: { access } }, async () => ({ ok: true }));
        await app.ready();
      } catch (err) {
        error = err;
      }
      expect(String(error), url).toContain(`GET ${url} `);
      expect(String(error), url).toContain(message);
      await app.close();
    }
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const closed = routes.filter((r) => r.access !== 'public');
    expect(closed.length).toBeGreaterThan(50);
    for (const route of closed) {
      const res = await call(t.app, methodOf(route), urlOf(route), { payload: payloadOf(route) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      // The app's routes ask for the app's key, the console's for a session.
      expect(res.json().code, `${route.method} ${route.url}`).toBe(isAppAccess(route.access) ? 'appKeys.missing' : 'auth.notSignedIn');
    }
  });

  it('answers the app routes 401 without a live key of theirs (a console session is no key), 403 with another club\'s key', async () => {
    const appRoutes = routes.filter((r) => isAppAccess(r.access));
    expect(appRoutes.length).toBeGreaterThan(0);
    const admin = await signIn(t.app, 'admin@example.com', 'admin-demo');
    // The OpenAPI document says they take the app key, not the session.
    const doc = (await call(t.app, 'GET', '/api/docs/json')).json();
    expect(doc.components.securitySchemes.appKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-App-Key' });
    for (const route of appRoutes) {
      const where = `${route.method} ${route.url}`;
      expect(route.url.startsWith('/api/app/clubs/:clubId/'), where).toBe(true);
      expect(doc.paths[route.url.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()].security, where).toEqual([{ appKey: [] }]);
      const attempt = (opts: { token?: string; key?: string }) =>
        call(t.app, methodOf(route), urlOf(route), { token: opts.token, payload: payloadOf(route), headers: opts.key === undefined ? {} : { [APP_KEY_HEADER]: opts.key } });
      const sessionOnly = await attempt({ token: admin });
      expect([sessionOnly.statusCode, sessionOnly.json().code], `${where} (admin session)`).toEqual([401, 'appKeys.missing']);
      const unknown = await attempt({ key: `gk_${'A'.repeat(43)}` });
      expect([unknown.statusCode, unknown.json().code], `${where} (unknown key)`).toEqual([401, 'appKeys.invalid']);
      const malformed = await attempt({ key: 'not a key' });
      expect([malformed.statusCode, malformed.json().code], `${where} (malformed key)`).toEqual([401, 'appKeys.invalid']);
      // Another club's key: 403 before the input is read (the empty body would be a 400).
      const other = await attempt({ key: appKeys.se, token: admin });
      expect([other.statusCode, other.json().code], `${where} (Swedish key)`).toEqual([403, 'appKeys.otherClub']);
      // The club's own key gets past the access check: the empty body is the schema's 400, an id the handler's 404.
      const own = await attempt({ key: appKeys.dk });
      expect([401, 403], `${where} (own key) ${own.body}`).not.toContain(own.statusCode);
      expect(own.statusCode, `${where} (own key) ${own.body}`).toBeLessThan(500);
    }
  });

  it('answers 403 to a user of another club on every club route, before reading the input', async () => {
    const clubRoutes = routes.filter((r) => typeof r.access === 'object' && 'club' in r.access);
    expect(clubRoutes.length).toBeGreaterThan(40);
    for (const route of clubRoutes) {
      const res = await call(t.app, methodOf(route), urlOf(route), { token: tokens.outsider, payload: payloadOf(route) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toBeTruthy();
    }
  });

  it('answers 403 to a member without the declared role, and to a member without management', async () => {
    let checked = 0;
    for (const route of routes) {
      const access = route.access;
      if (typeof access !== 'object' || !('club' in access)) continue;
      const needsOtherRole = !!access.roles?.length && !access.roles.includes('club-info');
      if (needsOtherRole) {
        const res = await call(t.app, methodOf(route), urlOf(route), { token: tokens.oneRole, payload: payloadOf(route) });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        checked++;
      }
      if (access.management) {
        const res = await call(t.app, methodOf(route), urlOf(route), { token: tokens.everyRole, payload: payloadOf(route) });
        expect(res.statusCode, `${route.method} ${route.url} (management)`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('answers 403 to a non-admin on every admin route', async () => {
    const adminRoutes = routes.filter((r) => typeof r.access === 'object' && 'admin' in r.access);
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const res = await call(t.app, methodOf(route), urlOf(route), { token: tokens.everyRole, payload: payloadOf(route) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('answers an admin 404 for a club that does not exist, after 400 for bad input', async () => {
    const admin = await signIn(t.app, 'admin@example.com', 'admin-demo');
    expect((await call(t.app, 'GET', '/api/clubs/999999/hours', { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/clubs/0x1/hours', { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/clubs/999999/courses', { token: admin })).json()).toEqual({ error: 'Club not found', code: 'clubs.notFound' });
  });
});
