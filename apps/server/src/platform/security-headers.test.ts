import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, signIn, testDatabaseKind, type TestApp } from '../../test/test-app';
import { loadConfig } from './config';
import { cspDirectives, tileSource } from './security-headers';

/** The policy with the default configuration, as helmet writes it (no space after the semicolons). */
const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob: https://tile.openstreetmap.org;font-src 'self' data:;connect-src 'self';" +
  "worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['content-security-policy'], what).toBe(EXPECTED_CSP);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  // PUBLIC_URL of the test app is http://console.test: no HSTS on plain http.
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe(`security headers (${testDatabaseKind})`, () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // A built web app in miniature: index.html and one hashed asset.
    webDir = mkdtempSync(join(tmpdir(), 'golf-test-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(join(webDir, 'assets/index-abc.js'), 'console.log("app");');
    t = await buildTestApp({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('are on API answers', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expectSecurityHeaders(health, 'GET /api/health');

    const token = await signIn(t.app, ...DEMO.staff);
    const profile = await t.app.inject({ method: 'PUT', url: '/api/authenticated', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
    expectSecurityHeaders(profile, 'PUT /api/authenticated');
  });

  it('are on answers the login check rejects and on error handler answers', async () => {
    const unauthorized = await t.app.inject({ method: 'PUT', url: '/api/authenticated' });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized, '401 of the login check');

    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toEqual({ error: 'Request body is not valid JSON', code: 'request.invalidJson' });
    expectSecurityHeaders(invalidJson, '400 for a body that is not JSON');

    const invalidBody = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 1 } });
    expect(invalidBody.statusCode).toBe(400);
    expectSecurityHeaders(invalidBody, '400 of schema validation');

    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(300 * 1024), password: 'y' }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expectSecurityHeaders(tooLarge, '413 for a body over the limit');
  });

  it('are on 404 answers of the API, assets and files', async () => {
    for (const url of ['/api/no-such-call', '/assets/missing-123.js', '/files/public/none.webp', '/files/private/x.pdf']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not found', code: 'request.notFound' });
      expectSecurityHeaders(res, `404 of ${url}`);
    }
    const post = await t.app.inject({ method: 'POST', url: '/1/home', payload: {} });
    expect(post.statusCode).toBe(404);
    expectSecurityHeaders(post, '404 of a POST to an app path');
  });

  it('are on the answer to an address that is not valid percent-encoding (given before any hook)', async () => {
    for (const url of ['/api/clubs/%zz', '/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'Invalid address', code: 'request.badAddress' });
      expectSecurityHeaders(res, `400 of ${url}`);
    }
  });

  it('are on the app page, its single-page fallback and its assets', async () => {
    for (const url of ['/', '/1/home', '/1/courses/1/holes/1/edit', '/signin?nextPathName=%2F1%2Fusers']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expectSecurityHeaders(res, `HTML of ${url}`);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expectSecurityHeaders(asset, 'an asset');
  });

  it('keep the API documentation working', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(page, 'the documentation page');
    // Its scripts are files (script-src 'self' allows them), none is inline.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\.\/static\/[^"]+\.js"/);
      expect(body.trim()).toBe('');
    }
    for (const [, src] of page.body.matchAll(/src="\.\/([^"]+)"/g)) {
      const res = await t.app.inject({ method: 'GET', url: `/api/docs/${src}` });
      expect(res.statusCode, src).toBe(200);
      expectSecurityHeaders(res, src);
    }
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().paths['/api/authenticate']).toBeDefined();
    expectSecurityHeaders(spec, 'the OpenAPI document');
  });
});

describe(`security headers with a configured tile host and https (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      demo: false,
      env: { MAP_TILE_URL: 'https://{a-c}.tiles.example.org:8443/osm/{z}/{x}/{y}.png', PUBLIC_URL: 'https://golf.example.org' },
    });
  });
  afterAll(() => t?.close());

  it('allow the MAP_TILE_URL host for images only, and send HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org:8443']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(JSON.stringify(csp)).not.toContain('openstreetmap');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the tile host of the policy', () => {
  it('is the scheme and host of the tile URL template', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('http://Tiles.Example.org:8080/{z}/{x}/{y}.png?key=abc')).toBe('http://tiles.example.org:8080');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
    // Tiles served by the console itself need no extra source.
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });

  it('refuses a template a policy cannot name', () => {
    expect(() => tileSource('tile.example.org/{z}/{x}/{y}.png')).toThrow(/MAP_TILE_URL/);
    expect(() => tileSource('ftp://tile.example.org/{z}.png')).toThrow(/MAP_TILE_URL/);
    expect(() => tileSource('https://tiles.{s}.example.org/{z}.png')).toThrow(/MAP_TILE_URL/);
    expect(() => tileSource('https://user:pw@tile.example.org/{z}.png')).toThrow(/MAP_TILE_URL/);
    expect(() => tileSource("https://tile.example.org;script-src 'unsafe-inline'/{z}.png")).toThrow(/MAP_TILE_URL/);
  });

  it('comes from MAP_TILE_URL, else the web build variable, else OpenStreetMap; empty means none', () => {
    const img = (env: Record<string, string>) =>
      cspDirectives({ mapTileUrl: loadConfig({ PUBLIC_URL: 'http://x', ...env }).mapTileUrl, publicUrl: 'http://x' })['img-src'];
    expect(img({})).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(img({ VITE_MAP_TILE_URL: 'https://a.example.org/{z}/{x}/{y}.png' })).toContain('https://a.example.org');
    expect(img({ VITE_MAP_TILE_URL: 'https://a.example.org/{z}', MAP_TILE_URL: 'https://b.example.org/{z}' })).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://b.example.org',
    ]);
    expect(img({ MAP_TILE_URL: '' })).toEqual(["'self'", 'data:', 'blob:']);
    expect(img({ MAP_TILE_URL: '  ' })).toEqual(["'self'", 'data:', 'blob:']);
  });
});
