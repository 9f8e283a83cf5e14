import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@golf/contract/constants';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../../test/test-app';

describe(`GET /api/translations/{lang} (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it.each(LANGUAGES.map((l) => [l]))('serves %s as JSON without a token', async (lang) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/translations/${lang}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
    const body = res.json();
    expect(typeof body).toBe('object');
    expect(Array.isArray(body)).toBe(false);
    expect(Object.keys(body).length).toBeGreaterThan(0);
  });

  it('gives every language its own bundle', async () => {
    const tags = await Promise.all(LANGUAGES.map(async (l) => (await t.app.inject({ method: 'GET', url: `/api/translations/${l}` })).headers.etag));
    expect(new Set(tags).size).toBe(LANGUAGES.length);
  });

  it.each(['xx', 'EN', 'en-GB', 'de'])('answers 400 {error} for %s', async (lang) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/translations/${lang}` });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});
