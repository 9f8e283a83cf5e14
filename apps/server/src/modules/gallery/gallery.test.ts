import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { GALLERY_MAX_IMAGES, GalleryImage } from '@golf/contract/api/gallery';
import { IMAGE_UPLOAD } from '@golf/contract/api/images';
import { galleryImages } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { BAD_UPLOADS, fileForm, jpeg, png, postForm } from '../../../test/images';
import { postInTwoWrites } from '../../../test/uploads';

type Actor = 'admin' | 'owner' | 'staff' | 'gallerist' | 'noRole' | 'swede' | 'anonymous';
const ACTORS: Actor[] = ['admin', 'owner', 'staff', 'gallerist', 'noRole', 'swede', 'anonymous'];

describe(`gallery (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      gallerist: { email: 'gallerist@example.com', password: 'gallerist-pw', clubRoles: { [ids.dkClubId]: ['club-gallery'] } },
      noRole: { email: 'norole@example.com', password: 'norole-pw', clubRoles: { [ids.dkClubId]: ['club-info', 'opening-hours', 'insights'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['club-info', 'club-gallery', 'opening-hours'] } },
    });
  });
  afterAll(() => t?.close());

  const gallery = (clubId: number) => `/api/clubs/${clubId}/gallery`;
  const list = async (actor: Actor, clubId = ids.dkClubId) => {
    const res = await call(t.app, 'GET', gallery(clubId), { token: tokens[actor] });
    expect(res.statusCode).toBe(200);
    return z.array(GalleryImage).parse(res.json());
  };
  const upload = async (actor: Actor, data: Buffer, filename = 'photo.jpg', type = 'image/jpeg', clubId = ids.dkClubId) =>
    postForm(t.app, gallery(clubId), tokens[actor], fileForm('data', data, filename, type));
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
  const storedFiles = (clubId: number) => {
    const dir = join(t.filesDir, 'public/clubs', String(clubId), 'gallery');
    return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')).sort() : [];
  };

  it('starts empty', async () => {
    expect(await list('staff')).toEqual([]);
  });

  it('stores a JPEG re-encoded: upright by its EXIF orientation, at most 2560 px, without metadata, with a 400 px thumbnail', async () => {
    // 3000 × 1000 pixels stored sideways (orientation 6: turn 90° clockwise to show).
    const original = await jpeg(3000, 1000, { orientation: 6 });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload('staff', original, 'IMG_0001.JPG');
    expect(res.statusCode).toBe(201);
    const image = GalleryImage.parse(res.json());
    expect(image).toMatchObject({ club_id: ids.dkClubId, width: 853, height: 2560 });
    expect(image.url).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/gallery/[0-9a-f-]{36}\\.jpg\\?v=\\d+$`));
    expect(image.thumb_url).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/gallery/[0-9a-f-]{36}-thumb\\.jpg\\?v=\\d+$`));

    const file = await fetchFile(image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.length).toBe(image.bytes);
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 853, height: 2560 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);

    const thumb = await fetchFile(image.thumb_url);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 133, height: 400 });
  });

  it('keeps transparency of a PNG by storing WebP, and does not enlarge small images', async () => {
    const res = await upload('gallerist', await png(300, 200, true), 'badge.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const image = GalleryImage.parse(res.json());
    expect(image).toMatchObject({ width: 300, height: 200 });
    expect(image.url).toMatch(/\.webp\?v=\d+$/);
    const file = await fetchFile(image.url);
    expect(file.headers['content-type']).toBe('image/webp');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 300, height: 200, hasAlpha: true });
    const thumb = await sharp((await fetchFile(image.thumb_url)).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('accepts an image whose name has no ending, judged by its bytes', async () => {
    const res = await upload('staff', await jpeg(120, 80), 'blob', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 120, height: 80 });
  });

  it('lists the images oldest first', async () => {
    const images = await list('staff');
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [853, 2560],
      [300, 200],
      [120, 80],
    ]);
    expect(new Set(images.map((i) => i.id)).size).toBe(3);
    expect(await list('admin')).toEqual(images);
    expect(await list('owner')).toEqual(images);
    expect(storedFiles(ids.dkClubId)).toHaveLength(6);
  });

  describe('refuses bad files with a clear message and stores nothing', () => {
    it.each(BAD_UPLOADS.map((b) => [b.name, b] as const))('%s', async (_name, bad) => {
      const before = storedFiles(ids.dkClubId);
      const count = (await list('staff')).length;
      const res = await upload('staff', await bad.data(), bad.filename, bad.type);
      expect(res.statusCode, bad.name).toBe(bad.status);
      expect(res.json().error, bad.name).toMatch(bad.message);
      expect(await list('staff')).toHaveLength(count);
      expect(storedFiles(ids.dkClubId)).toEqual(before);
    });

    it('a 40 MB image with 413 and the limit, even when the parser hands over its first 20 MB without an error', async () => {
      const before = storedFiles(ids.dkClubId);
      const count = (await list('staff')).length;
      const photo = await jpeg(64, 64);
      const data = Buffer.concat([photo, Buffer.alloc(40 * 1024 * 1024 - photo.length, 0x5a)]);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await postInTwoWrites({
        port: Number(new URL(address).port),
        path: gallery(ids.dkClubId),
        token: tokens.staff ?? undefined,
        field: 'data',
        filename: 'huge.jpg',
        data,
        splitAt: IMAGE_UPLOAD.maxBytes,
      });
      expect(res.status, res.body).toBe(413);
      expect(res.json()).toEqual({ error: 'The file is too large. Images may be at most 20 MB.', code: 'images.tooLarge', params: { mb: 20 } });
      expect(await list('staff')).toHaveLength(count);
      expect(storedFiles(ids.dkClubId)).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });

    it('without a file, with another field name, or not as multipart', async () => {
      const empty = await postForm(t.app, gallery(ids.dkClubId), tokens.staff, new FormData());
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('No file was sent. Send the image in the field "data".');

      const wrongField = await postForm(t.app, gallery(ids.dkClubId), tokens.staff, fileForm('image', await jpeg(10, 10), 'a.jpg', 'image/jpeg'));
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error).toBe('Send the image in the field "data".');

      const json = await call(t.app, 'POST', gallery(ids.dkClubId), { token: tokens.staff, payload: { data: 'aGVsbG8=' } });
      expect(json.statusCode).toBe(415);
      expect(json.json().error).toBe('Send the image as multipart/form-data in the field "data".');
    });
  });

  describe('permissions', () => {
    it.each([
      ['admin', 200],
      ['owner', 200],
      ['staff', 200],
      ['gallerist', 200],
      ['noRole', 403],
      ['swede', 403],
      ['anonymous', 401],
    ] as [Actor, number][])('%s reading the Danish gallery gets %i', async (actor, status) => {
      const res = await call(t.app, 'GET', gallery(ids.dkClubId), { token: tokens[actor] });
      expect(res.statusCode).toBe(status);
      if (status !== 200) expect(typeof res.json().error).toBe('string');
    });

    it('upload: the club-gallery role of this club (or admin, or region owner) is needed; nothing is stored otherwise', async () => {
      const image = await jpeg(40, 30);
      const statuses: Record<string, number> = {};
      for (const actor of ACTORS) statuses[actor] = (await upload(actor, image)).statusCode;
      expect(statuses).toEqual({ admin: 201, owner: 201, staff: 201, gallerist: 201, noRole: 403, swede: 403, anonymous: 401 });
      expect((await upload('noRole', image)).json().error).toBe('This needs the club-gallery role in this club');
      expect((await upload('swede', image)).json().error).toBe('You do not have access to this club');
      expect((await list('staff')).filter((i) => i.width === 40)).toHaveLength(4);
    });

    it('the Swede works in the Swedish gallery only; the Danish staff cannot read or write it', async () => {
      const res = await upload('swede', await jpeg(50, 50), 'sv.jpg', 'image/jpeg', ids.seClubId);
      expect(res.statusCode).toBe(201);
      expect(res.json().url).toContain(`/public/clubs/${ids.seClubId}/gallery/`);
      expect((await list('swede', ids.seClubId)).map((i) => i.id)).toEqual([res.json().id]);
      expect((await call(t.app, 'GET', gallery(ids.seClubId), { token: tokens.staff })).statusCode).toBe(403);
      expect((await upload('staff', await jpeg(50, 50), 'x.jpg', 'image/jpeg', ids.seClubId)).statusCode).toBe(403);
    });

    it('an unknown club answers 404 to the admin and 403 to others', async () => {
      expect((await call(t.app, 'GET', gallery(99999), { token: tokens.admin })).statusCode).toBe(404);
      expect((await upload('admin', await jpeg(20, 20), 'x.jpg', 'image/jpeg', 99999)).statusCode).toBe(404);
      expect((await call(t.app, 'GET', gallery(99999), { token: tokens.staff })).statusCode).toBe(403);
    });
  });

  describe('DELETE', () => {
    it('deletes an image and its files; a second delete answers 404', async () => {
      const [first] = await list('staff');
      const before = storedFiles(ids.dkClubId);
      const res = await call(t.app, 'DELETE', `${gallery(ids.dkClubId)}/${first.id}`, { token: tokens.staff });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await list('staff')).map((i) => i.id)).not.toContain(first.id);
      expect((await fetchFile(first.url)).statusCode).toBe(404);
      expect((await fetchFile(first.thumb_url)).statusCode).toBe(404);
      expect(storedFiles(ids.dkClubId)).toHaveLength(before.length - 2);
      const again = await call(t.app, 'DELETE', `${gallery(ids.dkClubId)}/${first.id}`, { token: tokens.staff });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe('Image not found');
    });

    it("answers 404 for another club's image under the own club's path, and 403 under the other club's path", async () => {
      const [swedish] = await list('swede', ids.seClubId);
      const viaOwnClub = await call(t.app, 'DELETE', `${gallery(ids.dkClubId)}/${swedish.id}`, { token: tokens.staff });
      expect(viaOwnClub.statusCode).toBe(404);
      const viaOtherClub = await call(t.app, 'DELETE', `${gallery(ids.seClubId)}/${swedish.id}`, { token: tokens.staff });
      expect(viaOtherClub.statusCode).toBe(403);
      expect((await list('swede', ids.seClubId)).map((i) => i.id)).toEqual([swedish.id]);
      expect((await fetchFile(swedish.url)).statusCode).toBe(200);
    });

    it('needs the club-gallery role; without a token 401', async () => {
      const [image] = await list('staff');
      const noRole = await call(t.app, 'DELETE', `${gallery(ids.dkClubId)}/${image.id}`, { token: tokens.noRole });
      expect(noRole.statusCode).toBe(403);
      const anonymous = await call(t.app, 'DELETE', `${gallery(ids.dkClubId)}/${image.id}`);
      expect(anonymous.statusCode).toBe(401);
      const badId = await call(t.app, 'DELETE', `${gallery(ids.dkClubId)}/abc`, { token: tokens.staff });
      expect(badId.statusCode).toBe(400);
      expect((await list('staff')).map((i) => i.id)).toContain(image.id);
    });
  });

  it(`refuses a ${GALLERY_MAX_IMAGES + 1}st image with 409 and a clear message`, async () => {
    const existing = (await list('staff')).length;
    const filler = Array.from({ length: GALLERY_MAX_IMAGES - existing }, (_, i) => ({
      clubId: ids.dkClubId,
      fileKey: `public/clubs/${ids.dkClubId}/gallery/filler-${i}.jpg`,
      thumbKey: `public/clubs/${ids.dkClubId}/gallery/filler-${i}-thumb.jpg`,
      contentType: 'image/jpeg',
      width: 1,
      height: 1,
      bytes: 1,
    }));
    await t.database.db.insert(galleryImages).values(filler);
    expect(await list('staff')).toHaveLength(GALLERY_MAX_IMAGES);
    const before = storedFiles(ids.dkClubId);
    const res = await upload('staff', await jpeg(30, 30));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`The gallery is full: a club can have at most ${GALLERY_MAX_IMAGES} images. Delete some before adding more.`);
    expect(storedFiles(ids.dkClubId)).toEqual(before);
    // Other clubs are not affected.
    expect((await upload('swede', await jpeg(30, 30), 'ok.jpg', 'image/jpeg', ids.seClubId)).statusCode).toBe(201);
    await t.database.db.delete(galleryImages).where(eq(galleryImages.width, 1));
    expect((await upload('staff', await jpeg(30, 30))).statusCode).toBe(201);
  });
});
