import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Club, ClubListItem } from '@golf/contract/api/clubs';
import { CLUB_ROLES } from '@golf/contract/roles';
import { clubRegions, clubs } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, userRow, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

type Actor = 'admin' | 'owner' | 'staff' | 'swede' | 'nobody';

describe(`clubs (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
      swede: { email: 'swede@example.com', password: 'swede-password', clubRoles: { [ids.seClubId]: ['club-info'] } },
      nobody: { email: 'nobody@example.com', password: 'nobody-password' },
    });
  });
  afterAll(() => t?.close());

  const get = (actor: Actor, url: string) => call(t.app, 'GET', url, { token: tokens[actor] });
  const put = (actor: Actor, clubId: number | string, payload: unknown) =>
    call(t.app, 'PUT', `/api/clubs/${clubId}`, { token: tokens[actor], payload });
  const post = (actor: Actor, payload: unknown) => call(t.app, 'POST', '/api/clubs', { token: tokens[actor], payload });
  const clubRow = async (id: number) => (await t.database.db.select().from(clubs).where(eq(clubs.id, id)))[0];
  const regionIdsOf = async (id: number) =>
    (await t.database.db.select().from(clubRegions).where(eq(clubRegions.clubId, id))).map((r) => r.regionId).sort();

  describe('GET /api/clubs and /api/clubs-list', () => {
    it('lists every club for the admin', async () => {
      const res = await get('admin', '/api/clubs');
      expect(res.statusCode).toBe(200);
      const list = z.array(Club).parse(res.json());
      expect(list.map((c) => c.name)).toEqual(['Augusta National Golf Club', 'Fjordvang Golfklub', 'Ljungbacka Golfklubb']);
      expect(list[0]).toMatchObject({ handle: 'augusta-national', srid: 4326, region_ids: [], active: true });
      expect(list[1]).toMatchObject({
        id: ids.dkClubId,
        handle: 'fjordvang',
        srid: 4326,
        region_ids: [ids.dkRegionId],
        active: true,
        address: { street: 'Fjordvej 12', city: 'Vejle', zip: '7100', country_code: 'dk' },
        drawing_style_id: 6,
        position: { longitude: 9.5357, latitude: 55.7113 },
      });
      expect(list[2]).toMatchObject({ id: ids.seClubId, handle: 'ljungbacka', srid: 3006, region_ids: [ids.seRegionId] });

      const names = await get('admin', '/api/clubs-list');
      expect(names.statusCode).toBe(200);
      expect(z.array(ClubListItem).parse(names.json())).toEqual([
        { id: list[0].id, name: 'Augusta National Golf Club', active: true },
        { id: ids.dkClubId, name: 'Fjordvang Golfklub', active: true },
        { id: ids.seClubId, name: 'Ljungbacka Golfklubb', active: true },
      ]);
    });

    it.each([
      ['owner', () => [ids.dkClubId]],
      ['staff', () => [ids.dkClubId]],
      ['swede', () => [ids.seClubId]],
      ['nobody', () => []],
    ] as [Actor, () => number[]][])('lists only the clubs of %s', async (actor, expected) => {
      const full = await get(actor, '/api/clubs');
      expect(full.statusCode).toBe(200);
      expect(full.json().map((c: Club) => c.id)).toEqual(expected());
      const names = await get(actor, '/api/clubs-list');
      expect(names.statusCode).toBe(200);
      expect(names.json().map((c: ClubListItem) => c.id)).toEqual(expected());
      for (const item of names.json()) expect(Object.keys(item).sort()).toEqual(['active', 'id', 'name']);
    });
  });

  describe('GET /api/clubs/{clubId}/club', () => {
    it('returns the club to its staff', async () => {
      const res = await get('staff', `/api/clubs/${ids.dkClubId}/club`);
      expect(res.statusCode).toBe(200);
      const club = Club.parse(res.json());
      expect(club).toMatchObject({ id: ids.dkClubId, name: 'Fjordvang Golfklub', admin_id: 0, logo_file_name: null });
    });

    it('refuses the other club with 403, whatever form its id takes; forms that are no decimal digits with 400', async () => {
      const se = ids.seClubId;
      for (const actor of ['staff', 'owner'] as const) {
        for (const form of [String(se), String(se).padStart(4, '0')]) {
          const res = await get(actor, `/api/clubs/${form}/club`);
          expect(res.statusCode, `${actor} ${form}`).toBe(403);
          expect(res.json().error).toBe('You do not have access to this club');
        }
        // Not read as a number at all (issue 8 §3), so no way around the check either.
        for (const form of [`${se}.0`, `+${se}`, `0x${se.toString(16)}`, `${se}e0`, `%20${se}`]) {
          const res = await get(actor, `/api/clubs/${form}/club`);
          expect(res.statusCode, `${actor} ${form}`).toBe(400);
          expect(res.json().error).toMatch(/^Invalid params: clubId — /);
        }
      }
      const swede = await get('swede', `/api/clubs/${String(ids.dkClubId).padStart(4, '0')}/club`);
      expect(swede.statusCode).toBe(403);
      expect((await get('nobody', `/api/clubs/${ids.dkClubId}/club`)).statusCode).toBe(403);
    });

    it('answers 404 to the admin for an unknown club and 403 to others', async () => {
      const res = await get('admin', '/api/clubs/99999/club');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Club not found', code: 'clubs.notFound' });
      expect((await get('staff', '/api/clubs/99999/club')).statusCode).toBe(403);
    });

    it.each(['abc', '-1', '0', '1.5', '99999999999', 'NaN', 'Infinity', '%20'])(
      'answers 400 for the club id %j',
      async (form) => {
        const res = await get('admin', `/api/clubs/${form}/club`);
        expect(res.statusCode).toBe(400);
        expect(typeof res.json().error).toBe('string');
      },
    );
  });

  describe('PUT /api/clubs/{id}', () => {
    it('lets club-info staff change name, address and position', async () => {
      const res = await put('staff', ids.dkClubId, {
        name: '  Fjordvang Golf Club  ',
        address: { street: 'Fjordvej 14', city: 'Vejle Ø', zip: '7100', country_code: 'DK' },
        position: { longitude: 9.54, latitude: 55.72 },
      });
      expect(res.statusCode).toBe(200);
      const club = Club.parse(res.json());
      expect(club).toMatchObject({
        name: 'Fjordvang Golf Club',
        address: { street: 'Fjordvej 14', city: 'Vejle Ø', zip: '7100', country_code: 'dk' },
        position: { longitude: 9.54, latitude: 55.72 },
        handle: 'fjordvang',
        active: true,
      });
      expect((await get('staff', `/api/clubs/${ids.dkClubId}/club`)).json()).toEqual(club);
    });

    it('parses a position given as strings of numbers as numbers', async () => {
      const res = await put('staff', ids.dkClubId, { position: { longitude: '9.5357', latitude: ' 55.7113 ' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().position).toEqual({ longitude: 9.5357, latitude: 55.7113 });
      const row = await clubRow(ids.dkClubId);
      expect(row.longitude).toBe(9.5357);
      expect(row.latitude).toBe(55.7113);
    });

    it('lets staff clear the position', async () => {
      const res = await put('staff', ids.dkClubId, { position: null });
      expect(res.statusCode).toBe(200);
      expect(res.json().position).toBeNull();
      expect((await put('staff', ids.dkClubId, { position: { longitude: 9.5357, latitude: 55.7113 } })).statusCode).toBe(200);
    });

    it.each([
      ['handle', { handle: 'fjordvang-gk' }],
      ['drawing_style_id', { drawing_style_id: 2 }],
      ['active', { active: false }],
      ['region_ids', { region_ids: [] }],
      ['srid', { srid: 3006 }],
      ['admin_id', { admin_id: 7 }],
    ])('refuses %s to staff with 403 and changes nothing', async (field, payload) => {
      const before = await clubRow(ids.dkClubId);
      const res = await put('staff', ids.dkClubId, { name: 'Renamed by staff', ...payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(`You may not change: ${field}`);
      expect(await clubRow(ids.dkClubId)).toEqual(before);
      expect(await regionIdsOf(ids.dkClubId)).toEqual([ids.dkRegionId]);
    });

    it('lets the region owner change handle and drawing style, but not admin fields', async () => {
      const res = await put('owner', ids.dkClubId, { handle: 'Fjordvang-GK', drawing_style_id: 3 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ handle: 'fjordvang-gk', drawing_style_id: 3 });
      for (const payload of [{ active: false }, { region_ids: [] }, { srid: 3006 }, { admin_id: 3 }]) {
        const refused = await put('owner', ids.dkClubId, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      }
      const back = await put('owner', ids.dkClubId, { handle: 'fjordvang', drawing_style_id: 6 });
      expect(back.statusCode).toBe(200);
    });

    it('refuses the management fields to staff of another club who is no region owner', async () => {
      const res = await put('swede', ids.seClubId, { handle: 'ljungbacka-gk' });
      expect(res.statusCode).toBe(403);
      expect((await put('swede', ids.seClubId, { name: 'Ljungbacka Golfklubb' })).statusCode).toBe(200);
    });

    it('refuses another club with 403 before looking at the body', async () => {
      expect((await put('staff', ids.seClubId, { name: 'Taken over' })).statusCode).toBe(403);
      expect((await put('owner', `000${ids.seClubId}`, { name: 'Taken over' })).statusCode).toBe(403);
      expect((await put('swede', ids.dkClubId, { name: 'Taken over' })).statusCode).toBe(403);
      expect((await clubRow(ids.seClubId)).name).toBe('Ljungbacka Golfklubb');
    });

    it('lets the admin change every field', async () => {
      // The club's admin is a user of the club (issue 27): here the Swede, who has a role in it.
      const swedeId = (await userRow(t, 'swede@example.com')).id;
      const res = await put('admin', ids.seClubId, {
        name: 'Ljungbacka GK',
        handle: 'ljungbacka-gk',
        srid: 4326,
        region_ids: [ids.seRegionId, ids.dkRegionId],
        position: { longitude: 12.9, latitude: 56.2 },
        active: false,
        admin_id: swedeId,
        address: { street: 'Golfbanevägen 6', city: 'Ängelholm', zip: '262 92', country_code: 'se' },
        drawing_style_id: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(Club.parse(res.json())).toMatchObject({
        name: 'Ljungbacka GK',
        handle: 'ljungbacka-gk',
        srid: 4326,
        region_ids: [ids.dkRegionId, ids.seRegionId].sort((a, b) => a - b),
        active: false,
        admin_id: swedeId,
        drawing_style_id: 1,
        address: { country_code: 'se', zip: '262 92' },
      });
      // Being in the owner's region now, the club is the owner's too.
      const ownerList = await get('owner', '/api/clubs-list');
      expect(ownerList.json().map((c: ClubListItem) => c.id).sort()).toEqual([ids.dkClubId, ids.seClubId].sort());
      const profile = await call(t.app, 'PUT', '/api/authenticated', { token: tokens.owner });
      expect(profile.json().roles[ids.seClubId]).toEqual([...CLUB_ROLES]);

      const back = await put('admin', ids.seClubId, {
        name: 'Ljungbacka Golfklubb',
        handle: 'ljungbacka',
        srid: 3006,
        region_ids: [ids.seRegionId],
        active: true,
        admin_id: 0,
        drawing_style_id: 6,
      });
      expect(back.statusCode).toBe(200);
      expect((await get('owner', '/api/clubs-list')).json().map((c: ClubListItem) => c.id)).toEqual([ids.dkClubId]);
    });

    it('answers 409 for a handle another club uses', async () => {
      for (const handle of ['ljungbacka', 'LJUNGBACKA']) {
        const res = await put('admin', ids.dkClubId, { handle, name: 'Should not stick' });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: 'This handle is already used by another club', code: 'clubs.handleTaken' });
      }
      const row = await clubRow(ids.dkClubId);
      expect(row.handle).toBe('fjordvang');
      expect(row.name).toBe('Fjordvang Golf Club');
      // Keeping one's own handle is no conflict.
      expect((await put('owner', ids.dkClubId, { handle: 'fjordvang' })).statusCode).toBe(200);
    });

    it('answers 400 for an unknown region id and changes nothing', async () => {
      const before = await clubRow(ids.dkClubId);
      const res = await put('admin', ids.dkClubId, { name: 'Half saved', active: false, region_ids: [ids.dkRegionId, 99999] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Unknown region id: 99999');
      expect(await clubRow(ids.dkClubId)).toEqual(before);
      expect(await regionIdsOf(ids.dkClubId)).toEqual([ids.dkRegionId]);
    });

    it.each([
      ['a three-letter country code', { address: { street: '', city: '', zip: '', country_code: 'dnk' } }],
      ['a numeric country code', { address: { street: '', city: '', zip: '', country_code: '45' } }],
      ['an unknown country code', { address: { street: '', city: '', zip: '', country_code: 'zz' } }],
      ['an address without country', { address: { street: 'Fjordvej 12', city: 'Vejle', zip: '7100' } }],
      ['longitude 200', { position: { longitude: 200, latitude: 55 } }],
      ['longitude -180.5', { position: { longitude: -180.5, latitude: 55 } }],
      ['latitude 91', { position: { longitude: 9, latitude: 91 } }],
      ['a longitude string of letters', { position: { longitude: 'east', latitude: '55' } }],
      ['a position without latitude', { position: { longitude: 9 } }],
      ['an empty name', { name: '   ' }],
      ['a name of 121 characters', { name: 'x'.repeat(121) }],
      ['a handle with spaces', { handle: 'fjord vang' }],
      ['a one-letter handle', { handle: 'f' }],
      ['an unknown srid', { srid: 1234 }],
      ['a region id of 0', { region_ids: [0] }],
      ['region ids as a string', { region_ids: '1' }],
      ['a negative admin id', { admin_id: -1 }],
      ['a drawing style of 0', { drawing_style_id: 0 }],
      ['an unknown drawing style', { drawing_style_id: 999 }],
      ['active as a string', { active: 'yes' }],
    ])('answers 400 for %s and changes nothing', async (_label, payload) => {
      const before = await clubRow(ids.dkClubId);
      const res = await put('admin', ids.dkClubId, payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(await clubRow(ids.dkClubId)).toEqual(before);
    });

    it('answers 404 to the admin for an unknown club', async () => {
      const res = await put('admin', 99999, { name: 'Ghost' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Club not found');
    });
  });

  describe('POST /api/clubs', () => {
    it.each(['owner', 'staff', 'swede', 'nobody'] as Actor[])('refuses %s with 403 and writes nothing', async (actor) => {
      const before = await t.database.db.select({ id: clubs.id }).from(clubs);
      const res = await post(actor, { name: `Club of ${actor}`, handle: `club-of-${actor}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only administrators can create clubs', code: 'clubs.createAdminOnly' });
      expect(await t.database.db.select({ id: clubs.id }).from(clubs)).toHaveLength(before.length);
    });

    it('creates a club with the defaults for new clubs', async () => {
      const res = await post('admin', { name: 'Nyby Golf', handle: 'Nyby' });
      expect(res.statusCode).toBe(201);
      const club = Club.parse(res.json());
      expect(club).toMatchObject({
        name: 'Nyby Golf',
        handle: 'nyby',
        active: false,
        admin_id: 0,
        address: { street: '', city: '', zip: '', country_code: 'dk' },
        drawing_style_id: 6,
        region_ids: [],
        srid: 4326,
        position: null,
        logo_file_name: null,
      });
      expect((await get('admin', `/api/clubs/${club.id}/club`)).json()).toEqual(club);
      // A club in no region is nobody's but the admin's.
      expect((await get('owner', '/api/clubs-list')).json().map((c: ClubListItem) => c.id)).toEqual([ids.dkClubId]);
    });

    it('creates a club with every field given, and the owner of its region gets it', async () => {
      // A new club has no users yet: its admin is an administrator (issue 27).
      const adminId = (await userRow(t, 'admin@example.com')).id;
      const res = await post('admin', {
        name: 'Sydkyst Golf',
        handle: 'sydkyst',
        srid: 4326,
        region_ids: [ids.dkRegionId],
        position: { longitude: '10.1', latitude: '55.1' },
        active: true,
        admin_id: adminId,
        address: { street: 'Kystvej 1', city: 'Fåborg', zip: '5600', country_code: 'dk' },
        drawing_style_id: 2,
      });
      expect(res.statusCode).toBe(201);
      const club = Club.parse(res.json());
      expect(club).toMatchObject({ region_ids: [ids.dkRegionId], position: { longitude: 10.1, latitude: 55.1 }, active: true, admin_id: adminId });
      const ownerClubs = (await get('owner', '/api/clubs')).json().map((c: Club) => c.id);
      expect(ownerClubs).toContain(club.id);
      expect((await get('owner', `/api/clubs/${club.id}/club`)).statusCode).toBe(200);
      expect((await get('staff', `/api/clubs/${club.id}/club`)).statusCode).toBe(403);
    });

    it('answers 409 for a handle in use', async () => {
      const res = await post('admin', { name: 'Another Fjordvang', handle: 'FJORDVANG' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'This handle is already used by another club', code: 'clubs.handleTaken' });
      expect(await t.database.db.select().from(clubs).where(eq(clubs.name, 'Another Fjordvang'))).toEqual([]);
    });

    it('answers 400 for an unknown region and writes no club', async () => {
      const before = await t.database.db.select({ id: clubs.id }).from(clubs);
      const res = await post('admin', { name: 'Lost Club', handle: 'lost-club', region_ids: [ids.dkRegionId, 99999] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Unknown region id: 99999');
      expect(await t.database.db.select().from(clubs).where(eq(clubs.handle, 'lost-club'))).toEqual([]);
      expect(await t.database.db.select({ id: clubs.id }).from(clubs)).toHaveLength(before.length);
      // The handle was not taken by the failed attempt.
      expect((await post('admin', { name: 'Found Club', handle: 'lost-club' })).statusCode).toBe(201);
    });

    it.each([
      ['no name', { handle: 'no-name' }],
      ['no handle', { name: 'No Handle' }],
      ['an invalid country code', { name: 'Bad Country', handle: 'bad-country', address: { street: '', city: '', zip: '', country_code: 'dnk' } }],
      ['an unknown country code', { name: 'Bad Country', handle: 'bad-country', address: { street: '', city: '', zip: '', country_code: 'zz' } }],
      ['longitude 200', { name: 'Far East', handle: 'far-east', position: { longitude: 200, latitude: 0 } }],
      ['an unknown drawing style', { name: 'Bad Style', handle: 'bad-style', drawing_style_id: 999 }],
      ['an unknown srid', { name: 'Bad Srid', handle: 'bad-srid', srid: 25832 }],
    ])('answers 400 for %s and writes no club', async (_label, payload) => {
      const before = await t.database.db.select({ id: clubs.id }).from(clubs);
      const res = await post('admin', payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(await t.database.db.select({ id: clubs.id }).from(clubs)).toHaveLength(before.length);
    });
  });
});
