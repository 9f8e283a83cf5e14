// The interface texts are serialized once per server (issue 12): a client's current copy is 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@golf/contract/locales';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../../test/test-app';

describe(`GET /api/translations/{lang} revalidation (${testDatabaseKind})`, () => {
  let t: TestApp;
  const get = (lang: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/translations/${lang}`, headers });
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it('answers the texts of the build, and 304 with the ETag to a client holding them', async () => {
    const first = await get('da');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(JSON.parse(JSON.stringify(LOCALES.da)));
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    for (const tag of [etag, `W/${etag}`, `"0000000000000000", ${etag}`, '*']) {
      const again = await get('da', { 'if-none-match': tag });
      expect(again.statusCode, tag).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
  });

  it("answers 200 to another language's or an unknown ETag", async () => {
    const en = String((await get('en')).headers.etag);
    const da = await get('da', { 'if-none-match': en });
    expect(da.statusCode).toBe(200);
    expect(da.headers.etag).not.toBe(en);
    expect((await get('da', { 'if-none-match': '"0000000000000000"' })).statusCode).toBe(200);
  });
});
