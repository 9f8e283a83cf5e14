import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { Sponsor, SPONSORS_MAX, SponsorSetup, SponsorUsage, URL_MESSAGE, type SaveSponsorSetupBody } from '@golf/contract/api/sponsors';
import { clubs, courses, guides, holes, sponsorPositions, sponsors, sponsorSetups } from '../../db/schema/index';
import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';
import { addDemoSponsorLogos, DEMO_SPONSOR_SETUP } from '../../seed/seed-sponsors';
import { localStorage } from '../../platform/storage';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { BAD_UPLOADS, fileForm, HTML, png, postForm, SVG } from '../../../test/images';
import { loadSponsorPlacements } from './setups-service';

type Actor = 'admin' | 'owner' | 'staff' | 'promoter' | 'producer' | 'swede' | 'anonymous';
type PositionBody = NonNullable<SaveSponsorSetupBody['sponsor_positions']>[number];

describe(`sponsors and sponsor setups (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  /** The demo course 'Fjordvang Links' and its holes by number; a second Danish course without drawings; Augusta's course (another club). */
  let links: { id: number; holes: Map<number, number> };
  let plain: { id: number; holes: Map<number, number> };
  let augusta: { clubId: number; courseId: number; holeId: number };
  /** Points inside the boundaries of holes 1 and 2 (the demo setup's signs). */
  let inside: Map<number, { longitude: number; latitude: number }>;

  const log = { warn: () => {} };

  async function courseHoles(courseId: number): Promise<Map<number, number>> {
    const rows = await t.database.db.select({ id: holes.id, order: holes.order }).from(holes).where(eq(holes.courseId, courseId)).orderBy(asc(holes.order));
    return new Map(rows.map((r) => [r.order, r.id]));
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      promoter: { email: 'promoter@example.com', password: 'promoter-pw', clubRoles: { [ids.dkClubId]: ['promotion'] } },
      producer: { email: 'producer@example.com', password: 'producer-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['promotion', 'products'] } },
    });
    const db = t.database.db;
    const [course] = await db.select().from(courses).where(and(eq(courses.clubId, ids.dkClubId), eq(courses.name, 'Fjordvang Links')));
    links = { id: course.id, holes: await courseHoles(course.id) };
    const created = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/courses`, {
      token: tokens.admin,
      payload: { name: 'Fjordvang Par 3', holes: [{ par: 3 }, { par: 3 }] },
    });
    expect(created.statusCode).toBe(201);
    plain = { id: created.json().id, holes: await courseHoles(created.json().id) };
    const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, 'augusta-national'));
    const [other] = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, club.id));
    augusta = { clubId: club.id, courseId: other.id, holeId: (await courseHoles(other.id)).get(1)! };
    const signs = await db
      .select({ holeId: sponsorPositions.holeId, longitude: sponsorPositions.longitude, latitude: sponsorPositions.latitude })
      .from(sponsorPositions)
      .where(eq(sponsorPositions.placement, 'sign'));
    inside = new Map(signs.map((s) => [[...links.holes].find(([, id]) => id === s.holeId)![0], { longitude: s.longitude!, latitude: s.latitude! }]));
  });
  afterAll(() => t?.close());

  const sponsorsUrl = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/sponsors`;
  const setupsUrl = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/sponsor-setups`;
  const listSponsors = async (actor: Actor = 'promoter', clubId = ids.dkClubId) => {
    const res = await call(t.app, 'GET', sponsorsUrl(clubId), { token: tokens[actor] });
    expect(res.statusCode, res.body).toBe(200);
    return z.array(Sponsor).parse(res.json());
  };
  const createSponsor = async (name: string, url = '', actor: Actor = 'promoter', clubId = ids.dkClubId) => {
    const res = await call(t.app, 'POST', sponsorsUrl(clubId), { token: tokens[actor], payload: { name, url } });
    expect(res.statusCode, res.body).toBe(201);
    return Sponsor.parse(res.json());
  };
  const getSetup = async (id: number) => {
    const res = await call(t.app, 'GET', `${setupsUrl()}/${id}`, { token: tokens.promoter });
    expect(res.statusCode, res.body).toBe(200);
    return SponsorSetup.parse(res.json());
  };
  const saveSetup = (method: 'POST' | 'PUT', body: SaveSponsorSetupBody, id?: number, actor: Actor = 'promoter', clubId = ids.dkClubId) =>
    call(t.app, method, id === undefined ? setupsUrl(clubId) : `${setupsUrl(clubId)}/${id}`, { token: tokens[actor], payload: body });
  const uploadLogo = (sponsorId: number, data: Buffer, filename = 'logo.png', type = 'image/png', field = 'data', clubId = ids.dkClubId) =>
    postForm(t.app, `${sponsorsUrl(clubId)}/${sponsorId}/logo`, tokens.promoter, fileForm(field, data, filename, type));
  const storedLogos = (clubId = ids.dkClubId) => {
    const dir = join(t.filesDir, 'public/clubs', String(clubId), 'sponsors');
    return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith('.')).sort() : [];
  };
  const fileOf = (url: string) => url.replace(/^\/files\/public\/clubs\/\d+\/sponsors\//, '').replace(/\?.*$/, '');
  const page = (sponsor_id: number, hole: number, format: string, course = links): PositionBody =>
    ({ sponsor_id, hole_id: course.holes.get(hole)!, placement: 'page', format }) as PositionBody;
  const sign = (sponsor_id: number, hole: number, position = inside.get(hole)!, course = links): PositionBody => ({
    sponsor_id,
    hole_id: course.holes.get(hole)!,
    placement: 'sign',
    position,
  });

  describe('the demo', () => {
    it("lists Fjordvang's three sponsors by name, and no sponsor of another club", async () => {
      const list = await listSponsors();
      expect(list.map((s) => [s.name, s.url])).toEqual([
        ['Café Greenen', 'https://example.com/cafe-greenen'],
        ['Fjord Bank', 'https://example.com/fjord-bank'],
        ['Vejle Auto', 'https://example.com/vejle-auto'],
      ]);
      expect(list.every((s) => s.club_id === ids.dkClubId)).toBe(true);
      expect(await listSponsors('swede', ids.seClubId)).toEqual([]);
    });

    it("has the setup 'Sæson 2026' with a place of each format on holes 1–4 and signs inside the boundaries of holes 1 and 2", async () => {
      const res = await call(t.app, 'GET', `${setupsUrl()}?course_id=${links.id}`, { token: tokens.promoter });
      expect(res.statusCode).toBe(200);
      const [setup, ...rest] = z.array(SponsorSetup).parse(res.json());
      expect(rest).toEqual([]);
      expect(setup).toMatchObject({ name: DEMO_SPONSOR_SETUP, club_id: ids.dkClubId, course_id: links.id });
      const byId = new Map((await listSponsors()).map((s) => [s.id, s.name]));
      const hole = (id: number) => [...links.holes].find(([, h]) => h === id)![0];
      expect(setup.sponsor_positions.map((p) => [hole(p.hole_id), byId.get(p.sponsor_id), p.placement, p.format ?? 'point'])).toEqual([
        [1, 'Fjord Bank', 'page', 'full-filled'],
        [2, 'Vejle Auto', 'page', 'full-centered'],
        [3, 'Café Greenen', 'page', 'bottom-single'],
        [4, 'Fjord Bank', 'page', 'bottom-double'],
        [4, 'Vejle Auto', 'page', 'bottom-double'],
        [1, 'Café Greenen', 'sign', 'point'],
        [2, 'Fjord Bank', 'sign', 'point'],
      ]);
      expect(inside.size).toBe(2);
      // Saving the demo setup unchanged passes every rule, the signs' boundaries included.
      const again = await saveSetup('PUT', { name: setup.name, course_id: setup.course_id, sponsor_positions: setup.sponsor_positions.map(({ sponsor_id, hole_id, placement, format, position }) => ({ sponsor_id, hole_id, placement, format, position })) }, setup.id);
      expect(again.statusCode, again.body).toBe(200);
    });

    it('gives the demo sponsors their generated PNG logos through the upload path, once', async () => {
      const deps = { db: t.database.db, storage: localStorage(t.filesDir), log };
      expect(await addDemoSponsorLogos(deps)).toBe(3);
      expect(await addDemoSponsorLogos(deps)).toBe(0);
      const list = await listSponsors();
      expect(storedLogos()).toHaveLength(3);
      for (const s of list) {
        expect(s.logo).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/sponsors/[0-9a-f-]{36}\\.png\\?v=[0-9a-f]{8}$`));
        const file = await t.app.inject({ method: 'GET', url: s.logo! });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
        expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 480, height: 160 });
      }
    });

    it('loads the placements of a setup for the guides (loadSponsorPlacements)', async () => {
      const [setup] = await t.database.db.select().from(sponsorSetups).where(eq(sponsorSetups.name, DEMO_SPONSOR_SETUP));
      const placements = await loadSponsorPlacements(t.database.db, ids.dkClubId, setup.id);
      expect(placements.courseId).toBe(links.id);
      expect(placements.name).toBe(DEMO_SPONSOR_SETUP);
      expect(placements.sponsors.map((s) => s.name)).toEqual(['Café Greenen', 'Fjord Bank', 'Vejle Auto']);
      for (const s of placements.sponsors) {
        expect(s.logoKey).toMatch(new RegExp(`^public/clubs/${ids.dkClubId}/sponsors/[0-9a-f-]{36}\\.png$`));
        expect(existsSync(join(t.filesDir, s.logoKey!))).toBe(true);
      }
      expect(placements.positions).toHaveLength(7);
      expect(placements.positions[0]).toEqual({ sponsorId: placements.sponsors[1].id, holeId: links.holes.get(1), placement: 'page', format: 'full-filled', position: null });
      expect(placements.positions[5]).toEqual({ sponsorId: placements.sponsors[0].id, holeId: links.holes.get(1), placement: 'sign', format: null, position: inside.get(1) });
      await expect(loadSponsorPlacements(t.database.db, ids.seClubId, setup.id)).rejects.toMatchObject({ statusCode: 404, message: 'Sponsor setup not found' });
      await expect(loadSponsorPlacements(t.database.db, ids.dkClubId, 2_000_000_000)).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  describe('sponsors', () => {
    it('creates a sponsor (trimmed, no logo yet) and lists it by name', async () => {
      const created = await createSponsor('  Brugsen Fjordvang ', ' https://example.com/brugsen ');
      expect(created).toMatchObject({ club_id: ids.dkClubId, name: 'Brugsen Fjordvang', url: 'https://example.com/brugsen', logo: null, logo_file_name: null });
      const noUrl = await call(t.app, 'POST', sponsorsUrl(), { token: tokens.promoter, payload: { name: 'Anonymous Patron' } });
      expect(noUrl.statusCode).toBe(201);
      expect(noUrl.json().url).toBe('');
      expect((await listSponsors()).map((s) => s.name)).toEqual(['Anonymous Patron', 'Brugsen Fjordvang', 'Café Greenen', 'Fjord Bank', 'Vejle Auto']);
    });

    it("refuses a javascript: web address with the contract's message, and other bad input, with 400", async () => {
      const bad = await call(t.app, 'POST', sponsorsUrl(), { token: tokens.promoter, payload: { name: 'Evil', url: 'javascript:alert(1)' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain(URL_MESSAGE);
      expect(bad.json().details).toEqual([{ path: 'url', message: URL_MESSAGE }]);
      for (const payload of [{ name: '' }, { name: 'x'.repeat(101) }, { url: 'https://example.com' }, { name: 'a\u0000b' }, { name: 5 }, { name: 'Ok', url: 'ftp://example.com' }]) {
        const res = await call(t.app, 'POST', sponsorsUrl(), { token: tokens.promoter, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(typeof res.json().error).toBe('string');
      }
      const [{ id }] = await listSponsors();
      const put = await call(t.app, 'PUT', `${sponsorsUrl()}/${id}`, { token: tokens.promoter, payload: { name: 'X', url: 'javascript:alert(1)' } });
      expect(put.statusCode).toBe(400);
      expect(put.json().error).toContain(URL_MESSAGE);
      for (const path of ['abc', '0', '1.5', '99999999999']) expect((await call(t.app, 'GET', `${sponsorsUrl()}/${path}/usage`, { token: tokens.promoter })).statusCode).toBe(400);
    });

    it('updates name and web address, and answers 404 for a sponsor of another club or none', async () => {
      const sponsor = await createSponsor('Old Name', 'http://example.com/old');
      const res = await call(t.app, 'PUT', `${sponsorsUrl()}/${sponsor.id}`, { token: tokens.promoter, payload: { name: 'New Name', url: '' } });
      expect(res.statusCode).toBe(200);
      const updated = Sponsor.parse(res.json());
      expect(updated).toMatchObject({ id: sponsor.id, name: 'New Name', url: '', logo: null });
      expect(Date.parse(updated.timestamp)).toBeGreaterThanOrEqual(Date.parse(sponsor.timestamp));

      const swedish = await createSponsor('Ängelholms Sparbank', 'https://example.com/sparbank', 'swede', ids.seClubId);
      for (const [method, url, payload] of [
        ['PUT', `${sponsorsUrl()}/${swedish.id}`, { name: 'Taken' }],
        ['DELETE', `${sponsorsUrl()}/${swedish.id}`, undefined],
        ['GET', `${sponsorsUrl()}/${swedish.id}/usage`, undefined],
        ['DELETE', `${sponsorsUrl()}/${swedish.id}/logo`, undefined],
        ['PUT', `${sponsorsUrl()}/2000000000`, { name: 'Nobody' }],
      ] as const) {
        const r = await call(t.app, method, url, { token: tokens.admin, payload });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(r.json().error).toBe('Sponsor not found');
      }
      const upload = await uploadLogo(swedish.id, await png(40, 40));
      expect(upload.statusCode).toBe(404);
      // The Swedish path is refused to a Danish promoter, whatever the id.
      expect((await call(t.app, 'PUT', `${sponsorsUrl(ids.seClubId)}/${swedish.id}`, { token: tokens.promoter, payload: { name: 'Taken' } })).statusCode).toBe(403);
      expect((await listSponsors('swede', ids.seClubId)).map((s) => s.name)).toEqual(['Ängelholms Sparbank']);
    });

    it('answers 409 when the club has its maximum of sponsors', async () => {
      const db = t.database.db;
      await db.insert(sponsors).values(Array.from({ length: SPONSORS_MAX }, (_, i) => ({ clubId: augusta.clubId, name: `Sponsor ${i}` })));
      const res = await call(t.app, 'POST', sponsorsUrl(augusta.clubId), { token: tokens.admin, payload: { name: 'One too many' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(new RegExp(`at most ${SPONSORS_MAX} sponsors`));
      await db.delete(sponsors).where(eq(sponsors.clubId, augusta.clubId));
    });
  });

  describe('logos', () => {
    let sponsor: Sponsor;
    beforeAll(async () => {
      sponsor = await createSponsor('Logo Test', 'https://example.com/logo');
    });

    it('stores an uploaded PNG re-encoded under the club, with a new URL and the old file deleted at every upload', async () => {
      const before = storedLogos();
      const first = await uploadLogo(sponsor.id, await png(2000, 500, true));
      expect(first.statusCode, first.body).toBe(200);
      const one = Sponsor.parse(first.json());
      expect(one.logo).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/sponsors/[0-9a-f-]{36}\\.png\\?v=[0-9a-f]{8}$`));
      expect(one.logo_file_name).toBe(fileOf(one.logo!));
      const file = await t.app.inject({ method: 'GET', url: one.logo! });
      expect(file.statusCode).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1024, height: 256, hasAlpha: true });
      expect(storedLogos()).toEqual([...before, one.logo_file_name!].sort());

      const second = await uploadLogo(sponsor.id, await png(64, 64), 'blob', 'application/octet-stream');
      expect(second.statusCode, second.body).toBe(200);
      const two = Sponsor.parse(second.json());
      expect(two.logo).not.toBe(one.logo);
      expect(storedLogos()).toEqual([...before, two.logo_file_name!].sort());
      expect((await t.app.inject({ method: 'GET', url: one.logo! })).statusCode).toBe(404);
      expect((await listSponsors()).find((s) => s.id === sponsor.id)?.logo).toBe(two.logo);
    });

    it('refuses an HTML file and an SVG with a clear message, and keeps the logo', async () => {
      const logo = (await listSponsors()).find((s) => s.id === sponsor.id)!.logo;
      const files = storedLogos();
      const html = await uploadLogo(sponsor.id, HTML, 'logo.png', 'image/png');
      expect(html.statusCode).toBe(415);
      expect(html.json().error).toBe('"logo.png" is not an image. Upload a JPEG, PNG, WebP or GIF file.');
      const svg = await uploadLogo(sponsor.id, SVG, 'logo.svg', 'image/svg+xml');
      expect(svg.statusCode).toBe(415);
      expect(svg.json().error).toMatch(/"logo\.svg" is not an image/);
      expect((await listSponsors()).find((s) => s.id === sponsor.id)!.logo).toBe(logo);
      expect(storedLogos()).toEqual(files);
    });

    describe('refuses every bad file of the image calls and stores nothing', () => {
      it.each(BAD_UPLOADS.map((b) => [b.name, b] as const))('%s', async (_name, bad) => {
        const files = storedLogos();
        const res = await uploadLogo(sponsor.id, await bad.data(), bad.filename, bad.type);
        expect(res.statusCode, bad.name).toBe(bad.status);
        expect(res.json().error, bad.name).toMatch(bad.message);
        expect(storedLogos()).toEqual(files);
      });
    });

    it('wants the logo in the field "data" as multipart', async () => {
      const wrongField = await uploadLogo(sponsor.id, await png(10, 10), 'logo.png', 'image/png', 'file');
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error).toBe('Send the image in the field "data".');
      const json = await call(t.app, 'POST', `${sponsorsUrl()}/${sponsor.id}/logo`, { token: tokens.promoter, payload: { data: 'x' } });
      expect(json.statusCode).toBe(415);
    });

    it('removes the logo and its file', async () => {
      const name = (await listSponsors()).find((s) => s.id === sponsor.id)!.logo_file_name!;
      const res = await call(t.app, 'DELETE', `${sponsorsUrl()}/${sponsor.id}/logo`, { token: tokens.promoter });
      expect(res.statusCode).toBe(200);
      expect(Sponsor.parse(res.json())).toMatchObject({ logo: null, logo_file_name: null });
      expect(storedLogos()).not.toContain(name);
      // Again: nothing to remove, still fine.
      expect((await call(t.app, 'DELETE', `${sponsorsUrl()}/${sponsor.id}/logo`, { token: tokens.promoter })).statusCode).toBe(200);
    });
  });

  describe('sponsor setups', () => {
    let a: Sponsor;
    let b: Sponsor;
    let setupId: number;

    beforeAll(async () => {
      a = await createSponsor('Setup Sponsor A');
      b = await createSponsor('Setup Sponsor B');
    });

    it('creates a setup with no positions (§4), then saves its positions with an update', async () => {
      const created = await saveSetup('POST', { name: ' Pro-am ', course_id: links.id });
      expect(created.statusCode, created.body).toBe(201);
      const setup = SponsorSetup.parse(created.json());
      expect(setup).toMatchObject({ club_id: ids.dkClubId, course_id: links.id, name: 'Pro-am', sponsor_positions: [] });
      setupId = setup.id;

      const positions = [page(a.id, 5, 'bottom-double'), page(b.id, 5, 'bottom-double'), page(a.id, 6, 'full-centered'), sign(b.id, 1), sign(a.id, 2)];
      const res = await saveSetup('PUT', { name: 'Pro-am 2026', course_id: links.id, sponsor_positions: positions }, setupId);
      expect(res.statusCode, res.body).toBe(200);
      const saved = SponsorSetup.parse(res.json());
      expect(saved.name).toBe('Pro-am 2026');
      expect(saved.sponsor_positions.map(({ sponsor_id, hole_id, placement, format, position }) => ({ sponsor_id, hole_id, placement, format, position }))).toEqual(
        positions.map((p) => ({ format: null, position: null, ...p })),
      );
      expect(saved.sponsor_positions.every((p) => p.sponsor_setup_id === setupId)).toBe(true);
      expect(await getSetup(setupId)).toEqual(saved);
      expect(Date.parse(saved.updated_at)).toBeGreaterThanOrEqual(Date.parse(setup.updated_at));
    });

    it('lists setups of the club or of one course, with their positions', async () => {
      const all = await call(t.app, 'GET', setupsUrl(), { token: tokens.promoter });
      expect(all.statusCode).toBe(200);
      expect(z.array(SponsorSetup).parse(all.json()).map((s) => s.name)).toEqual(['Pro-am 2026', DEMO_SPONSOR_SETUP]);
      const none = await call(t.app, 'GET', `${setupsUrl()}?course_id=${plain.id}`, { token: tokens.promoter });
      expect(none.json()).toEqual([]);
      const other = await call(t.app, 'GET', `${setupsUrl()}?course_id=${augusta.courseId}`, { token: tokens.promoter });
      expect(other.statusCode).toBe(404);
      expect((await call(t.app, 'GET', `${setupsUrl()}?course_id=abc`, { token: tokens.promoter })).statusCode).toBe(400);
    });

    it('replaces every position in one save, and two saves at once do not mix', async () => {
      const one = [page(a.id, 7, 'full-filled')];
      const two = [page(b.id, 8, 'bottom-single'), sign(a.id, 1)];
      const [r1, r2] = await Promise.all([
        saveSetup('PUT', { name: 'Pro-am 2026', course_id: links.id, sponsor_positions: one }, setupId),
        saveSetup('PUT', { name: 'Pro-am 2026', course_id: links.id, sponsor_positions: two }, setupId),
      ]);
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      const now = (await getSetup(setupId)).sponsor_positions.map((p) => [p.sponsor_id, p.hole_id, p.placement]);
      expect([one, two].map((set) => set.map((p) => [p.sponsor_id, p.hole_id, p.placement]))).toContainEqual(now);
    });

    /** Saves `body` (PUT of setup `id`, or POST for null), expects `status` and the setup unchanged. */
    const refused = async (body: SaveSponsorSetupBody, status: number, id: number | null = setupId) => {
      const before = id === null ? null : await getSetup(id);
      const res = await saveSetup(id === null ? 'POST' : 'PUT', body, id ?? undefined);
      expect(res.statusCode, res.body).toBe(status);
      if (before) expect(await getSetup(id!)).toEqual(before);
      return res.json() as { error: string; details?: { path: string; message: string }[] };
    };

    it('refuses an unknown format or placement with 400 naming it', async () => {
      const unknownFormat = await refused({ name: 'x', course_id: links.id, sponsor_positions: [{ ...page(a.id, 1, 'full-filled'), format: 'poster' as never }] }, 400);
      expect(unknownFormat.details).toEqual([{ path: 'sponsor_positions.0.format', message: 'Format must be one of full-filled, full-centered, bottom-single, bottom-double' }]);
      const unknownPlacement = await refused({ name: 'x', course_id: links.id, sponsor_positions: [{ ...page(a.id, 1, 'full-filled'), placement: 'banner' as never }] }, 400);
      expect(unknownPlacement.details?.[0]).toEqual({ path: 'sponsor_positions.0.placement', message: "Placement must be 'page' or 'sign'" });
      const noPoint = await refused({ name: 'x', course_id: links.id, sponsor_positions: [{ sponsor_id: a.id, hole_id: links.holes.get(1)!, placement: 'sign' }] }, 400);
      expect(noPoint.details).toEqual([{ path: 'sponsor_positions.0.position', message: 'A sponsor sign needs its point on the course' }]);
    });

    it("refuses a position on another course's hole with 400 naming the hole", async () => {
      const res = await refused({ name: 'x', course_id: links.id, sponsor_positions: [page(a.id, 1, 'full-filled'), page(a.id, 2, 'bottom-single', plain)] }, 400);
      expect(res.error).toBe('Hole 2 of another course');
      expect(res.details).toEqual([{ path: 'sponsor_positions.1.hole_id', message: 'Hole 2 of another course' }]);
    });

    it('refuses page places that do not fit together, with details', async () => {
      const res = await refused({ name: 'x', course_id: links.id, sponsor_positions: [page(a.id, 1, 'full-filled'), page(b.id, 1, 'bottom-double')] }, 400);
      expect(res.details).toEqual([{ path: 'sponsor_positions.1.format', message: 'A hole page has one sponsor, or two in bottom double' }]);
    });

    it("refuses a sign outside its hole's boundary, and on a hole with no boundary drawn", async () => {
      const outside = await refused({ name: 'x', course_id: links.id, sponsor_positions: [sign(a.id, 1, inside.get(2))] }, 400);
      expect(outside.details).toEqual([{ path: 'sponsor_positions.0.position', message: 'The sign is outside the boundary of hole 1' }]);
      const far = await refused({ name: 'x', course_id: links.id, sponsor_positions: [sign(a.id, 3, { longitude: 0, latitude: 0 })] }, 400);
      expect(far.error).toBe('The sign is outside the boundary of hole 3');

      const created = await saveSetup('POST', { name: 'Par 3 days', course_id: plain.id });
      expect(created.statusCode).toBe(201);
      const noBoundary = await refused({ name: 'Par 3 days', course_id: plain.id, sponsor_positions: [sign(a.id, 1, inside.get(1), plain), page(a.id, 2, 'full-filled', plain)] }, 400, created.json().id);
      expect(noBoundary.details).toEqual([{ path: 'sponsor_positions.0.position', message: 'Hole 1 has no boundary drawn; draw it before placing a sign' }]);
      expect(noBoundary.error).toBe('Hole 1 has no boundary drawn; draw it before placing a sign');
    });

    it('answers every problem of a save together', async () => {
      const res = await refused(
        { name: 'x', course_id: links.id, sponsor_positions: [page(a.id, 1, 'full-filled', plain), page(a.id, 2, 'full-filled'), page(b.id, 2, 'full-filled'), sign(b.id, 4, { longitude: 0, latitude: 0 })] },
        400,
      );
      expect(res.error).toBe('Hole 1 of another course (and 2 more problems)');
      expect(res.details?.map((d) => d.path)).toEqual(['sponsor_positions.0.hole_id', 'sponsor_positions.2.format', 'sponsor_positions.3.position']);
    });

    it("answers 404 for another club's or an unknown sponsor, hole or course in the body", async () => {
      const swedish = (await listSponsors('swede', ids.seClubId))[0];
      const otherSponsor = await refused({ name: 'x', course_id: links.id, sponsor_positions: [page(swedish.id, 1, 'full-filled')] }, 404);
      expect(otherSponsor).toEqual({ error: 'Sponsor not found', code: 'sponsors.notFound', details: [{ path: 'sponsor_positions.0.sponsor_id', message: `Sponsor ${swedish.id} not found` }] });
      expect((await refused({ name: 'x', course_id: links.id, sponsor_positions: [page(2_000_000_000, 1, 'full-filled')] }, 404)).error).toBe('Sponsor not found');
      const otherHole = await refused({ name: 'x', course_id: links.id, sponsor_positions: [{ sponsor_id: a.id, hole_id: augusta.holeId, placement: 'page', format: 'full-filled' }] }, 404);
      expect(otherHole.error).toBe('Hole not found');
      expect((await refused({ name: 'x', course_id: augusta.courseId }, 404, null)).error).toBe('Course not found');
      expect((await refused({ name: 'x', course_id: 2_000_000_000 }, 404, null)).error).toBe('Course not found');
    });

    it('keeps a setup on its course: another course_id is a 400', async () => {
      const res = await refused({ name: 'x', course_id: plain.id }, 400);
      expect(res).toEqual({ error: 'A sponsor setup stays on its course', code: 'sponsorSetups.courseFixed', details: [{ path: 'course_id', message: 'A sponsor setup stays on its course' }] });
    });

    it("answers 404 for another club's setup in a Danish path, and 403 for the Swedish path", async () => {
      const created = await saveSetup('POST', { name: 'Augusta setup', course_id: augusta.courseId }, undefined, 'admin', augusta.clubId);
      expect(created.statusCode).toBe(201);
      const otherId = created.json().id as number;
      for (const [method, payload] of [['GET', undefined], ['PUT', { name: 'x', course_id: augusta.courseId }], ['DELETE', undefined]] as const) {
        const res = await call(t.app, method, `${setupsUrl()}/${otherId}`, { token: tokens.admin, payload });
        expect(res.statusCode, method).toBe(404);
        expect(res.json().error).toBe('Sponsor setup not found');
      }
      expect((await call(t.app, 'GET', `${setupsUrl(augusta.clubId)}/${otherId}`, { token: tokens.promoter })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', `${setupsUrl(augusta.clubId)}/${otherId}`, { token: tokens.admin })).statusCode).toBe(200);
    });

    it('tells what deleting a sponsor takes (setups and the guides showing them), then deletes it with its positions in one go', async () => {
      const db = t.database.db;
      const [guide] = await db.select().from(guides).where(and(eq(guides.clubId, ids.dkClubId), eq(guides.title, DEMO_GUIDE_TITLE)));
      await db
        .update(guides)
        .set({ sponsorSetupId: setupId })
        .where(eq(guides.id, guide.id));
      await saveSetup('PUT', { name: 'Pro-am 2026', course_id: links.id, sponsor_positions: [page(a.id, 1, 'bottom-double'), page(b.id, 1, 'bottom-double'), sign(a.id, 1), sign(a.id, 2)] }, setupId);

      const usage = await call(t.app, 'GET', `${sponsorsUrl()}/${a.id}/usage`, { token: tokens.promoter });
      expect(usage.statusCode).toBe(200);
      expect(SponsorUsage.parse(usage.json())).toEqual({
        setups: [{ id: setupId, name: 'Pro-am 2026', course_id: links.id, positions: 3 }],
        guides: [{ guide_id: guide.id, title: DEMO_GUIDE_TITLE }],
      });
      const unused = await createSponsor('Unused Sponsor');
      expect((await call(t.app, 'GET', `${sponsorsUrl()}/${unused.id}/usage`, { token: tokens.promoter })).json()).toEqual({ setups: [], guides: [] });

      const logo = Sponsor.parse((await uploadLogo(a.id, await png(30, 30))).json()).logo_file_name!;
      const before = await getSetup(setupId);
      const res = await call(t.app, 'DELETE', `${sponsorsUrl()}/${a.id}`, { token: tokens.promoter });
      expect(res.statusCode).toBe(204);
      const after = await getSetup(setupId);
      expect(after.sponsor_positions).toEqual(before.sponsor_positions.filter((p) => p.sponsor_id !== a.id));
      expect(after.sponsor_positions).toHaveLength(1);
      expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
      expect(await db.select().from(sponsorPositions).where(eq(sponsorPositions.sponsorId, a.id))).toEqual([]);
      expect(storedLogos()).not.toContain(logo);
      expect((await listSponsors()).some((s) => s.id === a.id)).toBe(false);
      expect((await call(t.app, 'GET', `${sponsorsUrl()}/${a.id}/usage`, { token: tokens.promoter })).statusCode).toBe(404);
      expect((await call(t.app, 'DELETE', `${sponsorsUrl()}/${a.id}`, { token: tokens.promoter })).statusCode).toBe(404);
    });

    it('deletes a setup with its positions; the guide that chose it shows none afterwards', async () => {
      const db = t.database.db;
      const [guide] = await db.select().from(guides).where(eq(guides.title, DEMO_GUIDE_TITLE));
      expect(guide.sponsorSetupId).toBe(setupId);
      const res = await call(t.app, 'DELETE', `${setupsUrl()}/${setupId}`, { token: tokens.promoter });
      expect(res.statusCode).toBe(204);
      expect((await call(t.app, 'GET', `${setupsUrl()}/${setupId}`, { token: tokens.promoter })).statusCode).toBe(404);
      expect(await db.select().from(sponsorPositions).where(eq(sponsorPositions.sponsorSetupId, setupId))).toEqual([]);
      const [after] = await db.select().from(guides).where(eq(guides.id, guide.id));
      // The foreign key set the guide's column to null; the stored JSON never holds the choice.
      expect(after.sponsorSetupId).toBeNull();
      expect(after.settings).not.toHaveProperty('sponsor_setup_id');
      // Losing its setup is a new version of the guide, changed now (its products show out of date).
      expect(after.version).toBe(guide.version + 1);
      expect(after.updatedAt.getTime()).toBeGreaterThan(guide.updatedAt.getTime());
      expect((await call(t.app, 'DELETE', `${setupsUrl()}/${setupId}`, { token: tokens.promoter })).statusCode).toBe(404);
    });
  });

  describe('access', () => {
    it('lets role products read the lists (a guide chooses its setup) and nothing else', async () => {
      expect((await call(t.app, 'GET', sponsorsUrl(), { token: tokens.producer })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', setupsUrl(), { token: tokens.producer })).statusCode).toBe(200);
      const [setup] = await t.database.db.select().from(sponsorSetups).where(eq(sponsorSetups.name, DEMO_SPONSOR_SETUP));
      const [sponsor] = await listSponsors();
      for (const [method, url, payload] of [
        ['GET', `${setupsUrl()}/${setup.id}`, undefined],
        ['POST', sponsorsUrl(), { name: 'No' }],
        ['PUT', `${sponsorsUrl()}/${sponsor.id}`, { name: 'No' }],
        ['DELETE', `${sponsorsUrl()}/${sponsor.id}`, undefined],
        ['GET', `${sponsorsUrl()}/${sponsor.id}/usage`, undefined],
        ['DELETE', `${sponsorsUrl()}/${sponsor.id}/logo`, undefined],
        ['POST', setupsUrl(), { name: 'No', course_id: links.id }],
        ['PUT', `${setupsUrl()}/${setup.id}`, { name: 'No', course_id: links.id }],
        ['DELETE', `${setupsUrl()}/${setup.id}`, undefined],
      ] as const) {
        const res = await call(t.app, method, url, { token: tokens.producer, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toBe('This needs the promotion role in this club');
      }
      const list = await call(t.app, 'GET', sponsorsUrl(), { token: tokens.staff });
      expect(list.statusCode).toBe(403);
      expect(list.json().error).toBe('This needs one of the roles promotion, products in this club');
      expect((await call(t.app, 'GET', sponsorsUrl(), { token: null })).statusCode).toBe(401);
      expect((await call(t.app, 'GET', setupsUrl(ids.seClubId), { token: tokens.promoter })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', setupsUrl(ids.seClubId), { token: tokens.swede })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', sponsorsUrl(), { token: tokens.owner })).statusCode).toBe(200);
      expect((await postForm(t.app, `${sponsorsUrl()}/${sponsor.id}/logo`, tokens.staff, fileForm('data', HTML, 'x.png', 'image/png'))).statusCode).toBe(403);
    });
  });
});
