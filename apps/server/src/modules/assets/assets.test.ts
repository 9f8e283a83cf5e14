import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { z } from 'zod';
import { Asset, ASSET_BUNDLE, AssetBundle, AssetCategorySummary, AssetUpload } from '@golf/contract/api/assets';
import { assetBundles, assets, assetUploads } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { HTML, png, postForm } from '../../../test/images';
import { deflateBomb, zipArchive, type ZipEntrySpec } from '../../../test/zip';

type Actor = 'admin' | 'owner' | 'staff' | 'anonymous';

const CIRCLE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#1f6f43"/></svg>';

/** The multipart form of POST assets/upload: the bundle's name first, then the zip. */
function bundleForm(name: string | null, zip: Buffer, fileName = 'bundle.zip'): FormData {
  const form = new FormData();
  if (name !== null) form.append('name', name);
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), fileName);
  return form;
}

describe(`assets (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  let flag: Buffer;
  let sand: Buffer;

  const upload = (name: string | null, zip: Buffer, token: string | null = tokens.admin) => postForm(t.app, '/api/assets/upload', token, bundleForm(name, zip));

  /** Rows of the three tables and the files under the data folder's assets/ (every one of them). */
  async function stored() {
    const db = t.database.db;
    const [[b], [a], [u]] = await Promise.all([
      db.select({ n: count() }).from(assetBundles),
      db.select({ n: count() }).from(assets),
      db.select({ n: count() }).from(assetUploads),
    ]);
    const dir = join(t.filesDir, 'assets');
    const files = existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
    return { bundles: b.n, assets: a.n, uploads: u.n, files };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous']);
    flag = await png(16, 16);
    sand = await png(24, 24, true);
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    // Each test starts with nothing published and nothing waiting.
    for (const u of z.array(AssetUpload).parse((await call(t.app, 'GET', '/api/assets/uploads', { token: tokens.admin })).json())) {
      expect((await call(t.app, 'DELETE', `/api/assets/uploads/${u.id}`, { token: tokens.admin })).statusCode).toBe(204);
    }
    for (const b of z.array(AssetBundle).parse((await call(t.app, 'GET', '/api/assets/bundles', { token: tokens.admin })).json())) {
      expect((await call(t.app, 'DELETE', `/api/assets/upload/${encodeURIComponent(b.name)}`, { token: tokens.admin })).statusCode).toBe(204);
    }
    expect(await stored()).toEqual({ bundles: 0, assets: 0, uploads: 0, files: 0 });
  });

  function goodBundle(): Buffer {
    return zipArchive([
      { name: 'icons/', data: '', store: true },
      { name: 'icons/flag.png', data: flag, store: true },
      { name: 'icons/pin.svg', data: CIRCLE_SVG },
      { name: `clubs/${ids.dkClubId}/textures/Bunker/sand.png`, data: sand },
      { name: '__MACOSX/icons/._flag.png', data: 'mac metadata' },
    ]);
  }

  it('checks a good bundle, previews it, and publishes exactly what the preview showed', async () => {
    const res = await upload('Course icons', goodBundle());
    expect(res.statusCode, res.body).toBe(201);
    const preview = AssetUpload.parse(res.json());
    expect(preview).toMatchObject({ bundle_name: 'Course icons', file_count: 3, replaces_published: false, ignored: ['__MACOSX/icons/._flag.png'] });
    expect(preview.changes.added.map((e) => e.path)).toEqual([`clubs/${ids.dkClubId}/textures/Bunker/sand.png`, 'icons/flag.png', 'icons/pin.svg']);
    expect(preview.changes).toMatchObject({ replaced: [], removed: [], unchanged: 0 });
    expect(preview.changes.added.find((e) => e.path === 'icons/pin.svg')).toMatchObject({ category: 'icons', club_id: null, element_name: null, media_type: 'image/svg+xml' });
    expect(preview.changes.added[0]).toMatchObject({ category: 'textures', club_id: ids.dkClubId, element_name: 'Bunker', media_type: 'image/png', bytes: sand.length });
    // Staged, not published.
    expect(await stored()).toMatchObject({ bundles: 0, assets: 0, uploads: 1, files: 3 });
    expect(z.array(AssetUpload).parse((await call(t.app, 'GET', '/api/assets/uploads', { token: tokens.admin })).json())).toEqual([preview]);

    const published = await call(t.app, 'POST', `/api/assets/uploads/${preview.id}/publish`, { token: tokens.admin });
    expect(published.statusCode, published.body).toBe(200);
    expect(AssetBundle.parse(published.json())).toMatchObject({ name: 'Course icons', asset_count: 3, bytes: preview.bytes, published_by: expect.any(String) });
    expect(await stored()).toMatchObject({ bundles: 1, assets: 3, uploads: 0, files: 3 });

    const categories = z.array(AssetCategorySummary).parse((await call(t.app, 'GET', '/api/assets/categories', { token: tokens.admin })).json());
    expect(categories).toEqual([
      { name: 'icons', count: 2 },
      { name: 'textures', count: 0 },
      { name: 'sponsor-signs', count: 0 },
    ]);
    const icons = z.array(Asset).parse((await call(t.app, 'GET', '/api/assets/categories/icons', { token: tokens.admin })).json());
    const club = z.array(Asset).parse((await call(t.app, 'GET', `/api/assets/${ids.dkClubId}`, { token: tokens.admin })).json());
    const bunker = z.array(Asset).parse((await call(t.app, 'GET', `/api/assets/${ids.dkClubId}/Bunker`, { token: tokens.admin })).json());
    const entries = (list: Asset[]) => list.map(({ path, category, club_id, element_name, media_type, bytes, sha256 }) => ({ path, category, club_id, element_name, media_type, bytes, sha256 }));
    expect([...entries(club), ...entries(icons)]).toEqual(preview.changes.added);
    expect(entries(bunker)).toEqual(entries(club));
    expect((await call(t.app, 'GET', `/api/assets/${ids.dkClubId}/Green`, { token: tokens.admin })).json()).toEqual([]);
    expect((await call(t.app, 'GET', `/api/assets/${ids.seClubId}`, { token: tokens.admin })).json()).toEqual([]);

    // The signed address opens the published file, byte for byte, without a session.
    const file = await t.app.inject({ method: 'GET', url: club[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(sand)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: club[0].url.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43)) })).statusCode).toBe(403);
  });

  it('previews a second upload of the same name as adds, replaces and removes, and publishing it replaces the bundle', async () => {
    const first = AssetUpload.parse((await upload('Signs', goodBundle())).json());
    expect((await call(t.app, 'POST', `/api/assets/uploads/${first.id}/publish`, { token: tokens.admin })).statusCode).toBe(200);
    const changed = zipArchive([
      { name: 'icons/flag.png', data: flag, store: true },
      { name: 'icons/pin.svg', data: CIRCLE_SVG.replace('#1f6f43', '#ffffff') },
      { name: 'sponsor-signs/acme.png', data: sand },
    ]);
    const res = await upload('Signs', changed);
    expect(res.statusCode, res.body).toBe(201);
    const second = AssetUpload.parse(res.json());
    expect(second.replaces_published).toBe(true);
    expect(second.changes.added.map((e) => e.path)).toEqual(['sponsor-signs/acme.png']);
    expect(second.changes.replaced.map((e) => e.path)).toEqual(['icons/pin.svg']);
    expect(second.changes.removed.map((e) => e.path)).toEqual([`clubs/${ids.dkClubId}/textures/Bunker/sand.png`]);
    expect(second.changes.unchanged).toBe(1);
    expect(await stored()).toMatchObject({ bundles: 1, assets: 3, uploads: 1, files: 6 });

    expect((await call(t.app, 'POST', `/api/assets/uploads/${second.id}/publish`, { token: tokens.admin })).statusCode).toBe(200);
    // The old bundle's files are gone; the new ones are the bundle's.
    expect(await stored()).toMatchObject({ bundles: 1, assets: 3, uploads: 0, files: 3 });
    const paths = async (url: string) => z.array(Asset).parse((await call(t.app, 'GET', url, { token: tokens.admin })).json()).map((a) => a.path);
    expect(await paths('/api/assets/categories/sponsor-signs')).toEqual(['sponsor-signs/acme.png']);
    expect(await paths(`/api/assets/${ids.dkClubId}`)).toEqual([]);
    // Published twice: a second publish of the same upload is gone.
    expect((await call(t.app, 'POST', `/api/assets/uploads/${second.id}/publish`, { token: tokens.admin })).json()).toMatchObject({ code: 'assets.uploadNotFound' });
  });

  it('discards an upload with its staged files, and deletes a published bundle by name with its rows and files', async () => {
    const waiting = AssetUpload.parse((await upload('Textures', goodBundle())).json());
    expect((await call(t.app, 'DELETE', `/api/assets/uploads/${waiting.id}`, { token: tokens.admin })).statusCode).toBe(204);
    expect(await stored()).toEqual({ bundles: 0, assets: 0, uploads: 0, files: 0 });
    expect((await call(t.app, 'DELETE', `/api/assets/uploads/${waiting.id}`, { token: tokens.admin })).statusCode).toBe(404);

    const again = AssetUpload.parse((await upload('Textures', goodBundle())).json());
    await call(t.app, 'POST', `/api/assets/uploads/${again.id}/publish`, { token: tokens.admin });
    expect(await stored()).toMatchObject({ bundles: 1, assets: 3, files: 3 });
    const missing = await call(t.app, 'DELETE', '/api/assets/upload/Other', { token: tokens.admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'assets.bundleNotFound', params: { name: 'Other' } });
    expect((await call(t.app, 'DELETE', '/api/assets/upload/Textures', { token: tokens.admin })).statusCode).toBe(204);
    expect(await stored()).toEqual({ bundles: 0, assets: 0, uploads: 0, files: 0 });
  });

  describe('refuses a hostile or broken bundle with a clear message, storing nothing', () => {
    const MB = 1024 * 1024;
    const cases: { what: string; zip: () => Buffer; status: number; code: string; params?: Record<string, unknown> }[] = [
      {
        what: 'a zip bomb that declares its size',
        zip: () => zipArchive([{ name: 'textures/bomb.png', ...deflateBomb('', '\0'.repeat(MB), 9, '') }]),
        status: 413,
        code: 'assets.compressionRatio',
        params: { entry: 'textures/bomb.png', max: ASSET_BUNDLE.maxRatio },
      },
      {
        what: 'a zip bomb that lies about its size',
        zip: () => zipArchive([{ name: 'textures/bomb.png', ...deflateBomb('', '\0'.repeat(MB), 20, '') }], { declaredSize: () => 1000 }),
        status: 413,
        code: 'assets.compressionRatio',
      },
      {
        what: 'an entry over the size cap',
        zip: () => zipArchive([{ name: 'textures/big.png', data: Buffer.alloc(ASSET_BUNDLE.maxEntryBytes + 1, 7), store: true }]),
        status: 413,
        code: 'assets.entryTooLarge',
      },
      { what: 'a path with ../', zip: () => zipArchive([{ name: 'icons/../../etc/flag.png', data: 'x' }]), status: 422, code: 'assets.unsafePath', params: { entry: 'icons/../../etc/flag.png' } },
      { what: 'an absolute path', zip: () => zipArchive([{ name: '/etc/icons/flag.png', data: 'x' }]), status: 422, code: 'assets.unsafePath' },
      { what: 'a drive letter', zip: () => zipArchive([{ name: 'C:/icons/flag.png', data: 'x' }]), status: 422, code: 'assets.unsafePath' },
      { what: 'a backslash', zip: () => zipArchive([{ name: 'icons\\..\\flag.png', data: 'x' }]), status: 422, code: 'assets.unsafePath' },
      {
        what: '10,000 entries',
        zip: () => zipArchive(Array.from({ length: 10_000 }, (_, i): ZipEntrySpec => ({ name: `icons/${i}.png`, data: '', store: true }))),
        status: 413,
        code: 'assets.tooManyEntries',
        params: { entries: 10_000, max: ASSET_BUNDLE.maxEntries },
      },
      {
        what: 'a zip inside the zip, by its name',
        zip: () => zipArchive([{ name: 'icons/more.zip', data: zipArchive([{ name: 'icons/a.png', data: 'x' }]) }]),
        status: 422,
        code: 'assets.nestedArchive',
        params: { entry: 'icons/more.zip' },
      },
      {
        what: 'a zip inside the zip, named .png',
        zip: () => zipArchive([{ name: 'icons/more.png', data: zipArchive([{ name: 'icons/a.png', data: 'x' }]) }]),
        status: 422,
        code: 'assets.nestedArchive',
        params: { entry: 'icons/more.png' },
      },
      { what: 'a file that is no zip', zip: () => Buffer.from('just some text, not a zip archive at all'), status: 422, code: 'assets.notZip' },
      {
        what: 'an SVG with a script',
        zip: () => zipArchive([{ name: 'icons/evil.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]),
        status: 422,
        code: 'assets.svgUnsafe',
        params: { entry: 'icons/evil.svg', what: '<script>' },
      },
      {
        what: 'an SVG with an event handler',
        zip: () => zipArchive([{ name: 'icons/evil.svg', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="1"/></svg>' }]),
        status: 422,
        code: 'assets.svgUnsafe',
        params: { what: 'onload=' },
      },
      {
        what: 'an SVG with a javascript: link',
        zip: () =>
          zipArchive([{ name: 'icons/evil.svg', data: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="java&#x09;script:alert(1)"><circle r="1"/></a></svg>' }]),
        status: 422,
        code: 'assets.svgUnsafe',
        params: { what: 'javascript:' },
      },
      {
        what: 'an SVG with foreignObject',
        zip: () => zipArchive([{ name: 'icons/evil.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>' }]),
        status: 422,
        code: 'assets.svgUnsafe',
        params: { what: '<foreignObject>' },
      },
      {
        what: 'an SVG with an external reference',
        zip: () => zipArchive([{ name: 'icons/evil.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>' }]),
        status: 422,
        code: 'assets.svgUnsafe',
        params: { what: 'href="https://evil.example/x.png"' },
      },
      {
        what: 'an SVG with a DOCTYPE (entities)',
        zip: () => zipArchive([{ name: 'icons/evil.svg', data: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>' }]),
        status: 422,
        code: 'assets.svgUnsafe',
        params: { what: '<!DOCTYPE>' },
      },
      {
        what: 'a file named .png that is HTML',
        zip: () => zipArchive([{ name: 'icons/flag.png', data: HTML }]),
        status: 422,
        code: 'assets.wrongBytes',
        params: { entry: 'icons/flag.png', extension: 'png', expected: 'PNG' },
      },
      { what: 'a file type not accepted', zip: () => zipArchive([{ name: 'icons/page.html', data: HTML }]), status: 422, code: 'assets.unsupportedType' },
      { what: 'a path outside the layout', zip: () => zipArchive([{ name: 'flag.png', data: 'x' }]), status: 422, code: 'assets.badLayout' },
      {
        what: 'an unknown category',
        zip: () => zipArchive([{ name: 'sounds/beep.png', data: 'x' }]),
        status: 422,
        code: 'assets.unknownCategory',
        params: { category: 'sounds', categories: 'icons, textures, sponsor-signs' },
      },
      { what: 'a club that does not exist', zip: () => zipArchive([{ name: 'clubs/999999/icons/Flag/flag.svg', data: CIRCLE_SVG }]), status: 422, code: 'assets.unknownClub' },
      { what: 'the same path twice', zip: () => zipArchive([{ name: 'icons/a.svg', data: CIRCLE_SVG }, { name: 'icons/A.svg', data: CIRCLE_SVG }]), status: 422, code: 'assets.duplicateEntry' },
      { what: 'no files at all', zip: () => zipArchive([{ name: 'icons/', data: '', store: true }]), status: 422, code: 'assets.emptyBundle' },
    ];

    it.each(cases)('$what', async ({ zip, status, code, params }) => {
      const res = await upload('Hostile', zip());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code, ...(params ? { params } : {}) });
      expect(res.json().error).toEqual(expect.any(String));
      expect(await stored()).toEqual({ bundles: 0, assets: 0, uploads: 0, files: 0 });
    });

    it('refuses a bundle whose last entry is bad after good ones, storing none of them', async () => {
      const zip = zipArchive([
        { name: 'icons/flag.png', data: flag, store: true },
        { name: 'icons/pin.svg', data: CIRCLE_SVG },
        { name: 'icons/zz.png', data: HTML },
      ]);
      const res = await upload('Hostile', zip);
      expect(res.json()).toMatchObject({ code: 'assets.wrongBytes', params: { entry: 'icons/zz.png' } });
      expect(await stored()).toEqual({ bundles: 0, assets: 0, uploads: 0, files: 0 });
    });
  });

  it('refuses bad input with 4xx: a bad or missing name, no file, not multipart, bad ids and names in the path', async () => {
    const zip = goodBundle();
    expect((await upload(null, zip)).json()).toMatchObject({ code: 'assets.badName', params: { max: ASSET_BUNDLE.maxNameLength } });
    expect((await upload('../etc', zip)).statusCode).toBe(400);
    expect((await upload('x'.repeat(ASSET_BUNDLE.maxNameLength + 1), zip)).statusCode).toBe(400);
    const onlyName = new FormData();
    onlyName.append('name', 'Icons');
    expect((await postForm(t.app, '/api/assets/upload', tokens.admin, onlyName)).json()).toMatchObject({ code: 'uploads.noFile' });
    const wrongField = new FormData();
    wrongField.append('name', 'Icons');
    wrongField.append('data', new Blob([new Uint8Array(zip)]), 'a.zip');
    expect((await postForm(t.app, '/api/assets/upload', tokens.admin, wrongField)).json()).toMatchObject({ code: 'uploads.wrongFieldFile' });
    const json = await call(t.app, 'POST', '/api/assets/upload', { token: tokens.admin, payload: { name: 'Icons' } });
    expect(json.statusCode).toBe(415);
    expect((await call(t.app, 'POST', '/api/assets/uploads/abc/publish', { token: tokens.admin })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/assets/uploads/2147483647/publish', { token: tokens.admin })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/assets/uploads/0', { token: tokens.admin })).statusCode).toBe(400);
    expect((await call(t.app, 'DELETE', `/api/assets/upload/${encodeURIComponent('../x')}`, { token: tokens.admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/assets/categories/sounds', { token: tokens.admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/assets/999999', { token: tokens.admin })).json()).toMatchObject({ code: 'assets.clubNotFound' });
    expect((await call(t.app, 'GET', '/api/assets/0', { token: tokens.admin })).statusCode).toBe(400);
    expect(await stored()).toEqual({ bundles: 0, assets: 0, uploads: 0, files: 0 });
  });

  it(`lets at most ${ASSET_BUNDLE.maxPendingUploads} uploads wait`, async () => {
    const zip = zipArchive([{ name: 'icons/pin.svg', data: CIRCLE_SVG }]);
    for (let i = 0; i < ASSET_BUNDLE.maxPendingUploads; i++) expect((await upload(`Bundle ${i}`, zip)).statusCode).toBe(201);
    const over = await upload('One more', zip);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'assets.tooManyUploads', params: { max: ASSET_BUNDLE.maxPendingUploads } });
    expect(await stored()).toMatchObject({ uploads: ASSET_BUNDLE.maxPendingUploads, files: ASSET_BUNDLE.maxPendingUploads });
  });

  it('refuses every call to a region owner, a club user and a caller without a session', async () => {
    const published = AssetUpload.parse((await upload('Kept', goodBundle())).json());
    const calls: [method: 'GET' | 'POST' | 'DELETE', url: string][] = [
      ['GET', '/api/assets/categories'],
      ['GET', '/api/assets/categories/icons'],
      ['GET', '/api/assets/bundles'],
      ['GET', '/api/assets/uploads'],
      ['GET', `/api/assets/${ids.dkClubId}`],
      ['GET', `/api/assets/${ids.dkClubId}/Bunker`],
      ['POST', `/api/assets/uploads/${published.id}/publish`],
      ['DELETE', `/api/assets/uploads/${published.id}`],
      ['DELETE', '/api/assets/upload/Kept'],
    ];
    for (const actor of ['owner', 'staff', 'anonymous'] as const) {
      const expected = actor === 'anonymous' ? 401 : 403;
      for (const [method, url] of calls) {
        const res = await call(t.app, method, url, { token: tokens[actor] });
        expect(res.statusCode, `${actor} ${method} ${url}`).toBe(expected);
      }
      const res = await upload('Theirs', goodBundle(), tokens[actor]);
      expect(res.statusCode, `${actor} upload`).toBe(expected);
    }
    // Nothing changed: the admin's upload still waits, alone.
    expect(await stored()).toMatchObject({ bundles: 0, uploads: 1, files: 3 });
    for (const [method, url] of calls.filter(([m]) => m === 'GET')) {
      expect((await call(t.app, method, url, { token: tokens.admin })).statusCode, url).toBe(200);
    }
  });
});
