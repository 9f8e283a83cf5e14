import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Club } from '@golf/contract/api/clubs';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { BAD_UPLOADS, fileForm, jpeg, png, postForm } from '../../../test/images';

type Actor = 'admin' | 'owner' | 'staff' | 'gallerist' | 'swede' | 'anonymous';

/** Club information beyond name and address (phone, web, booking, app teaser) and the club logo. */
describe(`club information and logo (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      gallerist: { email: 'gallerist@example.com', password: 'gallerist-pw', clubRoles: { [ids.dkClubId]: ['club-gallery', 'opening-hours'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['club-info'] } },
    });
  });
  afterAll(() => t?.close());

  const getClub = async (actor: Actor = 'staff', clubId = ids.dkClubId) => {
    const res = await call(t.app, 'GET', `/api/clubs/${clubId}/club`, { token: tokens[actor] });
    expect(res.statusCode).toBe(200);
    return Club.parse(res.json());
  };
  const put = (actor: Actor, payload: unknown, clubId = ids.dkClubId) => call(t.app, 'PUT', `/api/clubs/${clubId}`, { token: tokens[actor], payload });
  const postLogo = (actor: Actor, field: string, data: Buffer, filename = 'logo.png', type = 'image/png', clubId = ids.dkClubId) =>
    postForm(t.app, `/api/clubs/${clubId}/logo`, tokens[actor], fileForm(field, data, filename, type));
  const logoFiles = (clubId = ids.dkClubId) => {
    const dir = join(t.filesDir, 'public/clubs', String(clubId), 'logo');
    return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')) : [];
  };
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });

  describe('contact details and app teaser', () => {
    it('start empty, without a logo', async () => {
      expect(await getClub()).toMatchObject({ phone: '', homepage: '', booking_url: '', app_teaser: '', logo_url: null, logo_shape: null, logo_file_name: null });
    });

    it('are saved by club-info staff, trimmed, and read back', async () => {
      const res = await put('staff', {
        phone: ' +45 75 12 34 56 ',
        homepage: 'https://fjordvang-golf.dk',
        booking_url: 'https://booking.example.com/fjordvang?lang=da',
        app_teaser: '  18 holes by the fjord. Guests welcome every day.  ',
      });
      expect(res.statusCode).toBe(200);
      const club = Club.parse(res.json());
      expect(club).toMatchObject({
        name: 'Fjordvang Golfklub',
        phone: '+45 75 12 34 56',
        homepage: 'https://fjordvang-golf.dk',
        booking_url: 'https://booking.example.com/fjordvang?lang=da',
        app_teaser: '18 holes by the fjord. Guests welcome every day.',
      });
      expect(await getClub('owner')).toEqual(club);
    });

    it('may be cleared', async () => {
      const res = await put('owner', { booking_url: '', phone: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ booking_url: '', phone: '', homepage: 'https://fjordvang-golf.dk' });
    });

    it.each([
      ['a homepage without http(s)', { homepage: 'fjordvang-golf.dk' }, 'homepage'],
      ['a javascript: homepage', { homepage: 'javascript:alert(1)' }, 'homepage'],
      ['an ftp booking link', { booking_url: 'ftp://example.com/file' }, 'booking_url'],
      ['a booking link with spaces', { booking_url: 'https://exa mple.com' }, 'booking_url'],
      ['a 501-character homepage', { homepage: `https://example.com/${'a'.repeat(481)}` }, 'homepage'],
      ['a phone with letters', { phone: 'call us' }, 'phone'],
      ['a 41-character phone', { phone: '1'.repeat(41) }, 'phone'],
      ['a 301-character teaser', { app_teaser: 'x'.repeat(301) }, 'app_teaser'],
      ['a teaser that is not text', { app_teaser: 42 }, 'app_teaser'],
    ])('refuse %s with 400 and leave the club unchanged', async (_label, payload, field) => {
      const before = await getClub();
      const res = await put('staff', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
      expect(await getClub()).toEqual(before);
    });

    it('accepts a teaser of exactly 300 characters', async () => {
      const res = await put('staff', { app_teaser: 'å'.repeat(300) });
      expect(res.statusCode).toBe(200);
      expect(res.json().app_teaser).toHaveLength(300);
    });

    it.each([
      ['admin', 'Danish', 200],
      ['owner', 'Danish', 200],
      ['staff', 'Danish', 200],
      ['gallerist', 'Danish', 403],
      ['swede', 'Danish', 403],
      ['anonymous', 'Danish', 401],
      ['swede', 'Swedish', 200],
      ['staff', 'Swedish', 403],
    ] as [Actor, 'Danish' | 'Swedish', number][])('%s changing the phone of the %s club gets %i', async (actor, club, status) => {
      const clubId = club === 'Danish' ? ids.dkClubId : ids.seClubId;
      const res = await put(actor, { phone: '+45 70 00 00 00', app_teaser: `By ${actor}` }, clubId);
      expect(res.statusCode).toBe(status);
      if (status === 403 && actor === 'gallerist') expect(res.json().error).toBe('You may not change: phone, app_teaser');
      if (status !== 200) expect((await getClub('admin', clubId)).app_teaser).not.toBe(`By ${actor}`);
    });
  });

  describe('logo', () => {
    let firstUrl = '';

    it('stores a round logo as a square PNG with its transparency, served with a version', async () => {
      const res = await postLogo('staff', 'round_data', await png(300, 200, true));
      expect(res.statusCode).toBe(200);
      const club = Club.parse(res.json());
      expect(club.logo_shape).toBe('round');
      expect(club.logo_file_name).toMatch(/^[0-9a-f-]{36}\.png$/);
      expect(club.logo_url).toBe(`/files/public/clubs/${ids.dkClubId}/logo/${club.logo_file_name}?v=${club.logo_file_name!.slice(0, 8)}`);
      expect(await getClub('owner')).toEqual(club);

      const file = await fetchFile(club.logo_url!);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toContain('immutable');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 200, height: 200, hasAlpha: true });
      expect(logoFiles()).toEqual([club.logo_file_name]);
      firstUrl = club.logo_url!;
    });

    it('replaces it with a rectangular logo and deletes the old file', async () => {
      const res = await postLogo('owner', 'rectangular_data', await jpeg(2400, 600, { orientation: 1 }), 'banner.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(200);
      const club = Club.parse(res.json());
      expect(club.logo_shape).toBe('rectangular');
      expect(club.logo_url).not.toBe(firstUrl);
      expect((await fetchFile(firstUrl)).statusCode).toBe(404);
      expect(logoFiles()).toEqual([club.logo_file_name]);
      const stored = await sharp((await fetchFile(club.logo_url!)).rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'png', width: 1024, height: 256 });
      expect(stored.exif).toBeUndefined();
    });

    it('turns a logo by its EXIF orientation before cutting it round', async () => {
      const res = await postLogo('staff', 'round_data', await jpeg(400, 100, { orientation: 6 }), 'phone.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(200);
      const stored = await sharp((await fetchFile(res.json().logo_url)).rawPayload).metadata();
      expect(stored).toMatchObject({ width: 100, height: 100 });
      expect(stored.orientation).toBeUndefined();
    });

    it.each(BAD_UPLOADS.map((b) => [b.name, b] as const))('refuses %s with a clear message and keeps the logo', async (_name, bad) => {
      const before = await getClub();
      const res = await postLogo('staff', 'round_data', await bad.data(), bad.filename, bad.type);
      expect(res.statusCode).toBe(bad.status);
      expect(res.json().error).toMatch(bad.message);
      expect(await getClub()).toEqual(before);
      expect(logoFiles()).toEqual([before.logo_file_name]);
    });

    it('wants the file in round_data or rectangular_data, sent as multipart', async () => {
      const wrongField = await postLogo('staff', 'data', await png(20, 20));
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error).toBe('Send the image in the field "round_data" or "rectangular_data".');
      const json = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/logo`, { token: tokens.staff, payload: { round_data: 'x' } });
      expect(json.statusCode).toBe(415);
      const none = await postForm(t.app, `/api/clubs/${ids.dkClubId}/logo`, tokens.staff, new FormData());
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toBe('No file was sent. Send the image in the field "round_data" or "rectangular_data".');
    });

    it('needs the club-info role of this club', async () => {
      const before = await getClub();
      const image = await png(40, 40);
      const statuses: Record<string, number> = {};
      for (const actor of ['gallerist', 'swede', 'anonymous'] as Actor[]) statuses[actor] = (await postLogo(actor, 'round_data', image)).statusCode;
      expect(statuses).toEqual({ gallerist: 403, swede: 403, anonymous: 401 });
      expect((await postLogo('gallerist', 'round_data', image)).json().error).toBe('This needs the club-info role in this club');
      const deletes: Record<string, number> = {};
      for (const actor of ['gallerist', 'swede', 'anonymous'] as Actor[]) {
        deletes[actor] = (await call(t.app, 'DELETE', `/api/clubs/${ids.dkClubId}/logo`, { token: tokens[actor] })).statusCode;
      }
      expect(deletes).toEqual({ gallerist: 403, swede: 403, anonymous: 401 });
      expect(await getClub()).toEqual(before);
      expect((await postLogo('admin', 'round_data', image)).statusCode).toBe(200);
      expect((await postLogo('swede', 'rectangular_data', image, 'se.png', 'image/png', ids.seClubId)).statusCode).toBe(200);
      expect((await postLogo('staff', 'rectangular_data', image, 'se.png', 'image/png', ids.seClubId)).statusCode).toBe(403);
      expect((await postLogo('admin', 'round_data', image, 'x.png', 'image/png', 99999)).statusCode).toBe(404);
    });

    it('DELETE removes the logo and its file', async () => {
      const before = await getClub();
      const res = await call(t.app, 'DELETE', `/api/clubs/${ids.dkClubId}/logo`, { token: tokens.staff });
      expect(res.statusCode).toBe(200);
      expect(Club.parse(res.json())).toMatchObject({ logo_url: null, logo_file_name: null, logo_shape: null });
      expect((await fetchFile(before.logo_url!)).statusCode).toBe(404);
      expect(logoFiles()).toEqual([]);
      // The Swedish club's logo is untouched.
      expect((await getClub('swede', ids.seClubId)).logo_shape).toBe('rectangular');
      expect(logoFiles(ids.seClubId)).toHaveLength(1);
      // Deleting when there is none is fine.
      expect((await call(t.app, 'DELETE', `/api/clubs/${ids.dkClubId}/logo`, { token: tokens.staff })).statusCode).toBe(200);
    });
  });

  it('serves only public files, never a path outside the storage', async () => {
    for (const url of ['/files/../package.json', '/files/public/../../etc/passwd', '/files/clubs/1/private.png', '/files/public/clubs/1/logo/nothing.png']) {
      expect((await fetchFile(url)).statusCode, url).toBe(404);
    }
  });
});
