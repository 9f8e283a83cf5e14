import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, s3Storage, type FileStorage } from './storage';
import { buildTestApp, DEMO, signIn, testDatabaseKind, type TestApp } from '../../test/test-app';
import { fileForm, jpeg, postForm } from '../../test/images';

// s3rver is a small S3-compatible server: the S3 storage is tested against real S3 requests.
let s3: { close(): Promise<void> } | null = null;
let s3Dir = '';
let s3Endpoint = '';

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'golf-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'golf', configs: [] }] });
  const address = await server.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
  s3 = server;
});
afterAll(async () => {
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const s3Options = () => ({
  bucket: 'golf',
  region: 'us-east-1',
  endpoint: s3Endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: 'console/',
});

const kinds: [string, () => Promise<FileStorage>][] = [
  ['local folder', async () => localStorage(mkdtempSync(join(tmpdir(), 'golf-files-')))],
  ['S3-compatible bucket', () => s3Storage(s3Options())],
];

describe.each(kinds)('file storage: %s', (_name, make) => {
  it('stores, reads and deletes a file by key', async () => {
    const storage = await make();
    await storage.put('public/clubs/1/gallery/a1.webp', Buffer.from('hello'), 'image/webp');
    const file = await storage.open('public/clubs/1/gallery/a1.webp');
    expect(file?.size).toBe(5);
    expect(await text(file!.stream)).toBe('hello');
    await storage.put('public/clubs/1/gallery/a1.webp', Buffer.from('replaced'), 'image/webp');
    expect(await text((await storage.open('public/clubs/1/gallery/a1.webp'))!.stream)).toBe('replaced');
    await storage.delete('public/clubs/1/gallery/a1.webp');
    expect(await storage.open('public/clubs/1/gallery/a1.webp')).toBeNull();
  });

  it('answers null for a missing file and deletes a missing file quietly', async () => {
    const storage = await make();
    expect(await storage.open('public/clubs/1/nothing.png')).toBeNull();
    await expect(storage.delete('public/clubs/1/nothing.png')).resolves.toBeUndefined();
  });

  it('lists and deletes every file under a folder, nested ones too, and nothing beside it', async () => {
    const storage = await make();
    const inside = ['public/clubs/1/guides/7/icon-a.png', 'public/clubs/1/guides/7/pdf/guide.pdf', 'public/clubs/1/guides/7/web-images/hole-1-540.png'];
    // Neighbours that share the folder's name as a text prefix, its parent, and another folder.
    const outside = ['public/clubs/1/guides/70/pdf/guide.pdf', 'public/clubs/1/guides/7x.png', 'public/clubs/1/logo/a.png', 'public/clubs/11/guides/7/pdf/guide.pdf'];
    for (const key of [...inside, ...outside]) await storage.put(key, Buffer.from(key), 'application/octet-stream');
    expect((await storage.list('public/clubs/1/guides/7/')).sort()).toEqual([...inside].sort());
    expect(await storage.list('public/clubs/1/guides/7/pdf/')).toEqual(['public/clubs/1/guides/7/pdf/guide.pdf']);
    expect(await storage.list('public/clubs/1/guides/8/')).toEqual([]);

    expect(await storage.deletePrefix('public/clubs/1/guides/7/')).toBe(inside.length);
    for (const key of inside) expect(await storage.open(key), key).toBeNull();
    expect(await storage.list('public/clubs/1/guides/7/')).toEqual([]);
    for (const key of outside) expect(await text((await storage.open(key))!.stream), key).toBe(key);
    // A folder that is not there, or is gone already, is fine.
    expect(await storage.deletePrefix('public/clubs/1/guides/7/')).toBe(0);
  });

  it('refuses a prefix that is not a whole folder', async () => {
    const storage = await make();
    for (const prefix of ['public/clubs/1', '', '/', '../', 'public/../x/', 'public//', 'Public/']) {
      await expect(storage.list(prefix), prefix).rejects.toThrow(/Invalid storage folder/);
      await expect(storage.deletePrefix(prefix), prefix).rejects.toThrow(/Invalid storage folder/);
    }
  });

  it('refuses keys that could leave its folder or carry odd characters', async () => {
    const storage = await make();
    for (const key of ['../etc/passwd.txt', '/abs/x.png', 'public/../../x.png', 'public/a b.png', 'public/x', 'Public/X.PNG', 'public//x.png']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('file storage: S3-compatible bucket, listing', () => {
  it('lists and deletes more files than one page of a listing holds', async () => {
    const storage = await s3Storage({ ...s3Options(), listPageSize: 5 });
    const keys = Array.from({ length: 23 }, (_, i) => `public/paged/f${i}.png`);
    await Promise.all(keys.map((key) => storage.put(key, Buffer.from('x'), 'image/png')));
    await storage.put('public/paged-not/f1.png', Buffer.from('x'), 'image/png');
    expect((await storage.list('public/paged/')).sort()).toEqual([...keys].sort());
    expect(await storage.deletePrefix('public/paged/')).toBe(keys.length);
    expect(await storage.list('public/paged/')).toEqual([]);
    expect(await storage.list('public/paged-not/')).toEqual(['public/paged-not/f1.png']);
  });
});

describe(`gallery on S3 storage (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ storage: await s3Storage(s3Options()) });
  });
  afterAll(() => t?.close());

  it('uploads an image into the bucket and serves it and its thumbnail from there', async () => {
    const token = await signIn(t.app, ...DEMO.owner);
    const res = await postForm(t.app, '/api/clubs/1/gallery', token, fileForm('data', await jpeg(800, 600), 'course.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    const image = res.json();
    for (const url of [image.url, image.thumb_url]) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
      expect(file.rawPayload.length).toBeGreaterThan(100);
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/api/clubs/1/gallery/${image.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });
});
