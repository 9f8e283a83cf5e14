import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NUL_MESSAGE } from '@golf/contract/api/common';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { localStorage } from '../../platform/storage';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

/** Issue 8 §3: bad input is a 4xx, never a 500. The cases that were seen as 500s, one by one. */
describe(`bad input answers 4xx (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    ({ admin } = await signInActors(t, ['admin']));
  });
  afterAll(() => t?.close());

  const clubCount = async () => (await t.database.db.select({ id: schema.clubs.id }).from(schema.clubs)).length;

  describe('integers have the range of their integer column', () => {
    it('refuses drawing_style_id 2147483648 on PUT clubs/{id} with 400 and changes nothing', async () => {
      const before = (await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/club`, { token: admin })).json();
      const res = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { token: admin, payload: { drawing_style_id: 2_147_483_648 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ path: 'drawing_style_id', message: expect.stringMatching(/2147483647/) }]);
      expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/club`, { token: admin })).json()).toEqual(before);
      // The largest value of the column passes the contract and is looked up: no such style.
      const largest = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { token: admin, payload: { drawing_style_id: 2_147_483_647 } });
      expect(largest.statusCode).toBe(400);
      expect(largest.json().error).toBe('Unknown drawing style: 2147483647');
    });

    it('refuses drawing_style_id, admin_id and region ids of 2147483648 on POST clubs with 400 and creates nothing', async () => {
      const before = await clubCount();
      for (const extra of [{ drawing_style_id: 2_147_483_648 }, { admin_id: 2_147_483_648 }, { region_ids: [2_147_483_648] }, { drawing_style_id: 1e308 }]) {
        const res = await call(t.app, 'POST', '/api/clubs', { token: admin, payload: { name: 'Range Club', handle: 'range-club', ...extra } });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().error).toMatch(/^Invalid body: (drawing_style_id|admin_id|region_ids\.0) — /);
      }
      expect(await clubCount()).toBe(before);
    });

    it('refuses ids [2147483648] on member removals and invitations with 400', async () => {
      for (const what of ['removals', 'invitations']) {
        const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/members/${what}`, { token: admin, payload: { ids: [1, 2_147_483_648] } });
        expect(res.statusCode, what).toBe(400);
        expect(res.json().details).toEqual([{ path: 'ids.1', message: expect.any(String) }]);
      }
      // The largest id is a member that does not exist: nothing removed, nobody mailed.
      const removed = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/members/removals`, { token: admin, payload: { ids: [2_147_483_647] } });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ removed: 0 });
      const invited = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/members/invitations`, { token: admin, payload: { ids: [2_147_483_647] } });
      expect(invited.statusCode).toBe(200);
      expect(invited.json()).toEqual({ sent: 0, skipped: [{ id: 2_147_483_647, reason: 'not_found' }] });
    });
  });

  describe('text refuses the NUL character', () => {
    it.each(['members', 'members/export'])('answers a NUL in the search of GET %s with 400, wherever it is', async (what) => {
      for (const search of ['%00', 'a%00b', '%00%00']) {
        const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/${what}?search=${search}`, { token: admin });
        expect(res.statusCode, search).toBe(400);
        expect(res.json()).toMatchObject({ error: `Invalid querystring: search — ${NUL_MESSAGE}` });
      }
      // The text '%00' itself is a search like any other.
      expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/${what}?search=%2500`, { token: admin })).statusCode).toBe(200);
    });

    it('refuses NUL in a name, an address, a drawing label and a sign-in with 400', async () => {
      const club = await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { token: admin, payload: { name: 'Fjord\u0000vang' } });
      expect(club.statusCode).toBe(400);
      expect(club.json().details).toEqual([{ path: 'name', message: NUL_MESSAGE }]);
      const address = { street: '\u0000', city: 'Vejle', zip: '7100', country_code: 'dk' };
      expect((await call(t.app, 'PUT', `/api/clubs/${ids.dkClubId}`, { token: admin, payload: { address } })).statusCode).toBe(400);
      const signIn = await call(t.app, 'POST', '/api/authenticate', { payload: { username: 'admin@example.com\u0000', password: 'admin-demo' } });
      expect(signIn.statusCode).toBe(400);
      expect(signIn.json().error).toBe(`Invalid body: username — ${NUL_MESSAGE}`);
    });
  });

  describe("ids in a path or a query are decimal digits, not anything JavaScript's Number() reads", () => {
    it("refuses '0x…', '+…', '…e0', '….9999999999999999' and other spellings of the club's id with 400, not the club", async () => {
      const id = ids.dkClubId;
      const spellings = [`0x${id.toString(16)}`, `+${id}`, `${id}e0`, `${id - 1}.9999999999999999`, `${id}.0`, `%20${id}`, `${id}%20`, '2147483648', '-1', '0'];
      for (const spelling of spellings) {
        const res = await call(t.app, 'GET', `/api/clubs/${spelling}/club`, { token: admin });
        expect(res.statusCode, spelling).toBe(400);
        expect(res.json().error, spelling).toMatch(/^Invalid params: clubId — /);
      }
      // Plain digits are read, leading zeros included.
      expect((await call(t.app, 'GET', `/api/clubs/${id}/club`, { token: admin })).json().id).toBe(id);
      expect((await call(t.app, 'GET', `/api/clubs/000${id}/club`, { token: admin })).json().id).toBe(id);
    });

    it('refuses them in every place an id is read: a second path id, a query id, a page number', async () => {
      const courses = (await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token: admin })).json() as { id: number }[];
      const course = courses[0].id;
      for (const url of [
        `/api/clubs/${ids.dkClubId}/tees?course_id=0x${course.toString(16)}`,
        `/api/clubs/${ids.dkClubId}/tees?course_id=${course}e0`,
        `/api/clubs/${ids.dkClubId}/pin-setups?course_id=%2B${course}`,
        `/api/clubs/${ids.dkClubId}/members?page=1e0`,
        `/api/clubs/${ids.dkClubId}/members?page_size=0x10`,
        `/api/graphics/elements-for-edit?club_id=${ids.dkClubId}.0`,
        `/api/clubs/${ids.dkClubId}/holes/1e0/drawing/1`,
        `/api/clubs/${ids.dkClubId}/holes/1/drawing/0x1`,
      ]) {
        const res = await call(t.app, 'GET', url, { token: admin });
        expect(res.statusCode, url).toBe(400);
      }
      expect((await call(t.app, 'DELETE', `/api/clubs/${ids.dkClubId}/courses/${course - 1}.9999999999999999`, { token: admin })).statusCode).toBe(400);
      expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token: admin })).json()).toHaveLength(courses.length);
      expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/tees?course_id=${course}`, { token: admin })).statusCode).toBe(200);
    });

    it("refuses '0x5' and '5e0' as par, distance and pin metres, which still take plain digits", async () => {
      const courses = (await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token: admin })).json() as { id: number }[];
      const base = { name: 'Digits', holes: [{ par: '4' }] };
      expect((await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/courses`, { token: admin, payload: { ...base, holes: [{ par: '0x5' }] } })).statusCode).toBe(400);
      expect((await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/courses`, { token: admin, payload: { ...base, holes: [{ par: '5e0' }] } })).statusCode).toBe(400);
      const created = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/courses`, { token: admin, payload: base });
      expect(created.statusCode).toBe(201);
      expect(created.json().holes[0].par).toBe(4);
      expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/courses`, { token: admin })).json()).toHaveLength(courses.length + 1);
    });
  });
});

/**
 * The error handler turns database errors that are the client's fault into 4xx answers and keeps
 * the rest as 500s. The errors come from the real database through drizzle, by routes added for
 * this test only (the contract now refuses such values before they reach the database).
 */
describe(`database refusals through the error handler (${testDatabaseKind})`, () => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
    const db = t.database.db;
    const config = loadConfig({ DATA_DIR: '/tmp/golf-test-unused', PUBLIC_URL: 'http://console.test', WEB_DIR: '', SESSION_CACHE_MS: '0' });
    const storage = localStorage(mkdtempSync(join(tmpdir(), 'golf-test-files-')));
    app = await buildApp({ db, config, mailer: { target: 'memory', async send() {} }, storage });
    const statements: Record<string, () => Promise<unknown>> = {
      'out-of-range': () => db.execute(sql`select ${'2147483648'}::integer`),
      nul: () => db.execute(sql`select ${'a\u0000b'}::text`),
      // A cast cuts the text silently; an assignment refuses it.
      'too-long': () => db.execute(sql.raw(`do $$ declare v varchar(3); begin v := 'abcdef'; end $$`)),
      duplicate: () => db.insert(schema.countries).values([{ code: 'zz', name: 'Twice' }, { code: 'zz', name: 'Twice' }]),
      'missing-reference': () => db.insert(schema.clubRegions).values({ clubId: 2_147_483_647, regionId: 2_147_483_647 }),
      'not-null': () => db.execute(sql`insert into countries (code, name) values (null, 'No code')`),
      'server-fault': () => db.execute(sql`select * from a_table_that_does_not_exist`),
      'bad-column': () => db.execute(sql`select no_such_column from countries`),
    };
    for (const [name, run] of Object.entries(statements)) {
      app.get(`/database/${name}`, { config: { access: 'public' } }, async () => {
        await run();
        return { ok: true };
      });
    }
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it.each([
    ['out-of-range', 400, 'A number is out of range'],
    ['nul', 400, 'Text contains a character that cannot be stored'],
    ['too-long', 400, 'Text is too long'],
    ['duplicate', 409, 'Something with this value exists already'],
    ['missing-reference', 400, 'The request refers to something that does not exist'],
    ['not-null', 400, 'A required value is missing'],
  ])('answers the database refusal %s with %i "%s"', async (name, status, message) => {
    const res = await app.inject({ method: 'GET', url: `/database/${name}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: message, code: expect.stringMatching(/^db\./) });
  });

  it.each(['server-fault', 'bad-column'])('keeps the server fault %s a 500 that tells the client nothing more', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/database/${name}` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'server.internal' });
  });
});
