// Prepared answers go out compressed (issue 12, docs/decisions/0012): the translations, the
// catalogue, drawings and the read cache's kept answers are compressed once, in the background,
// and then sent as brotli or gzip to a client that accepts it; answers made per request never.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses } from '../db/schema/index';
import { buildTestApp, call, DEMO, demoIds, signIn, testDatabaseKind, type DemoIds, type TestApp } from '../../test/test-app';

type Answer = Awaited<ReturnType<typeof call>>;

function decoded(res: Answer): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

describe(`prepared answers compressed (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;

  /** Asks until the answer comes compressed (the copy is made in the background), at most 3 s. */
  async function untilCompressed(url: string, acceptEncoding: string, token: string | null = owner): Promise<Answer> {
    let res = await call(t.app, 'GET', url, { token, headers: { 'accept-encoding': acceptEncoding } });
    for (const end = Date.now() + 3_000; !res.headers['content-encoding'] && Date.now() < end; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await call(t.app, 'GET', url, { token, headers: { 'accept-encoding': acceptEncoding } });
    }
    return res;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    owner = await signIn(t.app, ...DEMO.owner);
  });
  afterAll(() => t?.close());

  it('sends the translations as brotli once compressed, the same text, a weak ETag that still revalidates', async () => {
    const plain = await call(t.app, 'GET', '/api/translations/da');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"/);

    const br = await untilCompressed('/api/translations/da', 'gzip, deflate, br', null);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(br.headers.etag).toBe(`W/${etag}`);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decoded(br)).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    // Either tag revalidates, whichever copy the browser holds.
    for (const tag of [etag, `W/${etag}`]) {
      const again = await call(t.app, 'GET', '/api/translations/da', { headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // Its 200 varies by Accept-Encoding, so the 304 says so too (RFC 9110 §15.4.5).
      expect(String(again.headers.vary)).toMatch(/Accept-Encoding/i);
    }
  });

  it("a kept answer's 304 (the catalogue from the read cache) varies by Accept-Encoding as its 200 does", async () => {
    const first = await call(t.app, 'GET', '/api/graphics', { token: owner });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    // The second ask is answered from the read cache, the third revalidates against the kept copy.
    const second = await call(t.app, 'GET', '/api/graphics', { token: owner, headers: { 'accept-encoding': 'br' } });
    expect(String(second.headers.vary)).toMatch(/Accept-Encoding/i);
    const revalidated = await call(t.app, 'GET', '/api/graphics', { token: owner, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(String(revalidated.headers.vary)).toMatch(/Accept-Encoding/i);
  });

  it('follows what the client accepts: gzip, brotli refused with q=0, identity, nothing', async () => {
    const plain = (await call(t.app, 'GET', '/api/translations/en')).body;
    const gz = await untilCompressed('/api/translations/en', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(plain);
    const noBr = await untilCompressed('/api/translations/en', 'br;q=0, gzip;q=0.5');
    expect(noBr.headers['content-encoding']).toBe('gzip');
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await call(t.app, 'GET', '/api/translations/en', { headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.body).toBe(plain);
    }
  });

  it("compresses a kept answer of the read cache, and a change's new answer is its own", async () => {
    const url = `/api/clubs/${ids.dkClubId}/courses`;
    const names = (res: Answer) => (JSON.parse(decoded(res)) as { id: number; name: string }[]).map((c) => c.name);
    const first = await untilCompressed(url, 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    const [course] = JSON.parse(decoded(first)) as { id: number; name: string }[];
    await t.database.db.update(courses).set({ name: 'Renamed while compressed' }).where(eq(courses.id, course.id));
    // The next answer is the new one, plain or compressed, never the old copy.
    const changed = await call(t.app, 'GET', url, { token: owner, headers: { 'accept-encoding': 'gzip' } });
    expect(names(changed)).toContain('Renamed while compressed');
    const later = await untilCompressed(url, 'gzip');
    expect(later.headers['content-encoding']).toBe('gzip');
    expect(names(later)).toContain('Renamed while compressed');
    await t.database.db.update(courses).set({ name: course.name }).where(eq(courses.id, course.id));
  });

  it('compresses a hole drawing kept by its version', async () => {
    const list = (await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token: owner })).json() as { holes: { id: number; has_drawing: boolean }[] }[];
    const hole = list.flatMap((c) => c.holes).find((h) => h.has_drawing)!;
    const url = `/api/clubs/${ids.dkClubId}/holes/${hole.id}/drawing/1`;
    const plain = await call(t.app, 'GET', url, { token: owner });
    const br = await untilCompressed(url, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(br))).toEqual(plain.json());
  });

  it('compresses a drawing with the read cache off too: the drawing is kept as the whole answer, so the same bytes go out again', async () => {
    const uncached = await buildTestApp({ env: { READ_CACHE: 'false' } });
    try {
      const token = await signIn(uncached.app, ...DEMO.owner);
      const list = (await call(uncached.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token })).json() as { holes: { id: number; has_drawing: boolean }[] }[];
      const hole = list.flatMap((c) => c.holes).find((h) => h.has_drawing)!;
      const url = `/api/clubs/${ids.dkClubId}/holes/${hole.id}/drawing/1`;
      const plain = await call(uncached.app, 'GET', url, { token });
      let br = await call(uncached.app, 'GET', url, { token, headers: { 'accept-encoding': 'br' } });
      for (const end = Date.now() + 3_000; !br.headers['content-encoding'] && Date.now() < end; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        br = await call(uncached.app, 'GET', url, { token, headers: { 'accept-encoding': 'br' } });
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decoded(br))).toEqual(plain.json());
    } finally {
      await uncached.close();
    }
  });

  it('marks a kept answer for a compressed copy only once it is given again (issue 21)', async () => {
    const url = `/api/clubs/${ids.dkClubId}/courses`;
    const ask = () => call(t.app, 'GET', url, { token: owner, headers: { 'accept-encoding': 'br, gzip' } });
    const varies = (res: Answer) => /Accept-Encoding/i.test(String(res.headers.vary ?? ''));
    // Forgotten first (a change of its table), so the next ask makes and keeps a new answer.
    const forget = () => t.database.pool.query('update courses set name = name where club_id = $1', [ids.dkClubId]);
    await forget();
    const made = await ask();
    expect(made.statusCode).toBe(200);
    expect(made.rawPayload.length).toBeGreaterThan(1024);
    // Made and kept, not yet given again: sent as it is, and no copy is being made for it.
    expect(varies(made)).toBe(false);
    expect(made.headers['content-encoding']).toBeUndefined();
    // Forgotten before anyone asked again: its copy would have been made for nothing.
    await forget();
    expect(varies(await ask())).toBe(false);
    // Given again from the cache: marked, and soon sent compressed.
    expect(varies(await ask())).toBe(true);
    const compressed = await untilCompressed(url, 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(decoded(compressed)).toBe(made.body);
  });

  it('never compresses an answer made per request, an error, or a small answer', async () => {
    // The profile (PUT) is made per request; an unknown club's course list is a 404.
    for (let i = 0; i < 3; i++) {
      const profile = await call(t.app, 'PUT', '/api/authenticated', { token: owner, headers: { 'accept-encoding': 'br, gzip' } });
      expect(profile.statusCode).toBe(200);
      expect(profile.headers['content-encoding']).toBeUndefined();
      const missing = await call(t.app, 'GET', '/api/clubs/999999/courses', { token: owner, headers: { 'accept-encoding': 'br, gzip' } });
      expect(missing.headers['content-encoding']).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The opening hours of the demo club: a kept answer under 1 KB, not worth compressing.
    for (let i = 0; i < 3; i++) {
      const hours = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/hours`, { token: owner, headers: { 'accept-encoding': 'br, gzip' } });
      expect(hours.statusCode).toBe(200);
      expect(hours.rawPayload.length).toBeLessThan(1024);
      expect(hours.headers['content-encoding']).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
