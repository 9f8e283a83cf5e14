import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_VERSION } from '@golf/contract/constants';
import { apiRoutes, isAppAccess } from '../../platform/authorize';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The product version, from the root package.json (the one place it is written). */
const VERSION = (JSON.parse(readFileSync(join(import.meta.dirname, '../../../../../package.json'), 'utf8')) as { version: string }).version;

/**
 * Every route of the API that needs a session, from the server's own route list. The golfers'
 * app's routes need an app key instead (route-access.test.ts checks them).
 */
function protectedRoutes(app: TestApp['app']): [Method, string][] {
  return apiRoutes(app)
    .filter((r) => r.access !== 'public' && !isAppAccess(r.access))
    .map((r) => [r.method as Method, r.url.replace(/:\w+/g, '1')]);
}

// The app is built while the tests are collected, so each route of its own list is a test case.
const t: TestApp = await buildTestApp();
const PROTECTED = protectedRoutes(t.app);

describe(`the API as a whole (${testDatabaseKind})`, () => {
  let ids: DemoIds;
  let admin: string;

  beforeAll(async () => {
    ids = await demoIds(t);
    ({ admin } = await signInActors(t, ['admin']));
  });
  afterAll(() => t.close());

  describe('without a session', () => {
    it('lists every route that needs a session', () => {
      expect(PROTECTED.length).toBeGreaterThan(60);
    });

    it.each(PROTECTED)('%s %s answers 401 {error} without a token', async (method, url) => {
      const res = await call(t.app, method, url, { payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: 'Not signed in', code: 'auth.notSignedIn' });
    });

    it.each(PROTECTED)('%s %s answers 401 {error} for a token that was never issued', async (method, url) => {
      const res = await call(t.app, method, url, { payload: method === 'GET' || method === 'DELETE' ? undefined : {}, token: 'x'.repeat(43) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Your session has expired. Please sign in again.', code: 'auth.sessionExpired' });
    });

    it('writes nothing for a refused call', async () => {
      const before = (await call(t.app, 'GET', '/api/clubs', { token: admin })).json();
      await call(t.app, 'POST', '/api/clubs', { payload: { name: 'Anonymous Club', handle: 'anonymous' } });
      await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { payload: { name: 'Taken over' } });
      expect((await call(t.app, 'GET', '/api/clubs', { token: admin })).json()).toEqual(before);
    });

    it.each([
      ['GET', '/api/translations/en'],
      ['GET', '/api/health'],
      ['GET', '/api/ready'],
      ['GET', '/api/docs/json'],
    ] as [Method, string][])('%s %s needs no token', async (method, url) => {
      expect((await call(t.app, method, url)).statusCode).toBe(200);
    });

    it('applies the same check to a percent-encoded path', async () => {
      expect((await call(t.app, 'GET', '/%61pi/clubs-list')).statusCode).toBe(401);
      const res = await call(t.app, 'GET', '/%61pi/clubs-list', { token: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(3);
    });
  });

  describe('bad input', () => {
    it('answers malformed JSON with 400', async () => {
      for (const [url, token] of [
        ['/api/authenticate', undefined],
        [`/api/clubs/${ids.dkClubId}`, admin],
      ] as const) {
        const res = await t.app.inject({
          method: url === '/api/authenticate' ? 'POST' : 'PUT',
          url,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: '{"username": "admin@example.com", "password": ',
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'Request body is not valid JSON', code: 'request.invalidJson' });
      }
    });

    it('answers an empty JSON body with 400', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/authenticate', headers: { 'content-type': 'application/json' }, payload: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Request body is empty', code: 'request.emptyBody' });
    });

    it('answers a body over 256 KB with 413', async () => {
      const res = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, {
        token: admin,
        payload: { name: 'Big', address: { street: 'x'.repeat(300 * 1024), city: '', zip: '', country_code: 'dk' } },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'Request body is too large', code: 'request.bodyTooLarge' });
      const anonymous = await call(t.app, 'POST', '/api/authenticate', { payload: { username: 'a'.repeat(257 * 1024), password: 'x' } });
      expect(anonymous.statusCode).toBe(413);
      expect(typeof anonymous.json().error).toBe('string');
    });

    it('accepts a body just under the limit as far as the size goes', async () => {
      const res = await call(t.app, 'POST', '/api/authenticate', { payload: { username: 'a'.repeat(250 * 1024), password: 'x' } });
      // Too long a username for the schema, but not too large a body.
      expect(res.statusCode).toBe(400);
    });

    it('answers an unsupported content type with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        headers: { 'content-type': 'application/xml' },
        payload: '<login><username>admin@example.com</username></login>',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Unsupported content type', code: 'request.unsupportedMediaType' });
    });

    it('refuses JSON sent as text/plain with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ username: 'admin@example.com', password: 'admin-demo' }),
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().token).toBeUndefined();
    });

    it('names the field in a validation error', async () => {
      const res = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { token: admin, payload: { position: { longitude: 200, latitude: 0 } } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Invalid body: position\.longitude/);
      expect(res.json().details).toEqual([{ path: 'position.longitude', message: expect.any(String) }]);
    });

    it.each([
      ['GET', '/api/nothing-here'],
      ['POST', '/api/clubs/1/club'],
      ['DELETE', '/api/clubs/1'],
      ['GET', '/api/users/1'],
    ] as [Method, string][])('answers the unknown route %s %s with 404 {error}', async (method, url) => {
      for (const token of [admin, undefined]) {
        const res = await call(t.app, method, url, { token });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Not found', code: 'request.notFound' });
      }
    });

    it('answers a path outside the API with 404 when no web app is served', async () => {
      const res = await call(t.app, 'GET', '/somewhere/else');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'request.notFound' });
    });
  });

  describe('OpenAPI', () => {
    it('documents every route', async () => {
      const res = await call(t.app, 'GET', '/api/docs/json');
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.version).toBe(VERSION);
      expect(PRODUCT_VERSION).toBe(VERSION);
      // Every registered route but the hidden health and readiness checks, in the document with its method.
      const routes = apiRoutes(t.app).filter((r) => r.url !== '/api/health' && r.url !== '/api/ready');
      expect(routes.length).toBeGreaterThan(60);
      for (const route of routes) {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        expect(doc.paths[path], path).toBeDefined();
        expect(doc.paths[path][route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
      }
      // The public calls carry no security requirement; the others the bearer token.
      expect(doc.paths['/api/authenticate'].post.security).toEqual([]);
      expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
      expect(doc.security).toEqual([{ bearer: [] }]);
    });

    it('describes request bodies from the contract schemas', async () => {
      const doc = (await call(t.app, 'GET', '/api/docs/json')).json();
      const body = doc.paths['/api/clubs'].post.requestBody.content['application/json'].schema;
      expect(body.required).toEqual(expect.arrayContaining(['name', 'handle']));
      expect(Object.keys(body.properties)).toEqual(
        expect.arrayContaining(['name', 'handle', 'srid', 'region_ids', 'position', 'active', 'admin_id', 'address', 'drawing_style_id']),
      );
    });
  });
});
