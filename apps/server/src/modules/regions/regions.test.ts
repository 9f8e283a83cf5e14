import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGION_LIMITS, type AdminRegion, type OwnerCandidate } from '@golf/contract/api/regions';
import type { Profile } from '@golf/contract/api/session';
import { regions } from '../../db/schema/index';
import { buildTestApp, call, demoIds, userRow, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

/**
 * The regions of /admin/regions over HTTP: admins create, rename and delete regions and add and
 * remove their clubs and owners; a region owner, a club user and no session are refused every
 * call. The session cache is on (as in production), so the test also shows that a change of the
 * owners or clubs gives or takes management rights at the owner's very next request.
 */
describe(`regions API (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: { admin: string; owner: string; staff: string; anonymous: null; candidate: string };
  let candidateId: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: { SESSION_CACHE_MS: '60000' } });
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      candidate: { email: 'future.owner@example.com', password: 'future-pw', firstName: 'Frida', lastName: 'Fremtid' },
    });
    candidateId = (await userRow(t, 'future.owner@example.com')).id;
  });
  afterAll(async () => t?.close());

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t.app, method, url, { token: tokens.admin, payload });
  const list = async () => (await admin('GET', '/api/admin/regions')).json() as AdminRegion[];

  it('lists the regions with their clubs and owners', async () => {
    const res = await admin('GET', '/api/admin/regions');
    expect(res.statusCode).toBe(200);
    const regions = res.json() as AdminRegion[];
    expect(regions.map((r) => r.name)).toEqual(['Region Syddanmark', 'Skåne']);
    const dk = regions.find((r) => r.id === ids.dkRegionId)!;
    expect(dk.clubs).toEqual([{ id: ids.dkClubId, name: 'Fjordvang Golfklub' }]);
    expect(dk.owners).toEqual([expect.objectContaining({ id: ids.ownerId, email: 'owner@example.com' })]);
    expect(regions.find((r) => r.id === ids.seRegionId)!.owners).toEqual([]);
  });

  it('creates, renames and deletes a region; names are unique without regard to case', async () => {
    const created = await admin('POST', '/api/admin/regions', { name: '  Nordjylland ' });
    expect(created.statusCode).toBe(201);
    const region = created.json() as AdminRegion;
    expect(region).toEqual({ id: expect.any(Number), name: 'Nordjylland', clubs: [], owners: [] });

    const twice = await admin('POST', '/api/admin/regions', { name: 'NORDJYLLAND' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'A region called Nordjylland exists already', code: 'regions.nameTaken', params: { name: 'Nordjylland' } });
    expect((await admin('PUT', `/api/admin/regions/${region.id}`, { name: 'skåne' })).json().code).toBe('regions.nameTaken');

    // Its own name in another case is no clash.
    const renamed = await admin('PUT', `/api/admin/regions/${region.id}`, { name: 'NordJylland' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('NordJylland');
    const again = await admin('PUT', `/api/admin/regions/${region.id}`, { name: 'Region Nordjylland' });
    expect(again.json()).toMatchObject({ id: region.id, name: 'Region Nordjylland' });
    expect((await list()).map((r) => r.name)).toEqual(['Region Nordjylland', 'Region Syddanmark', 'Skåne']);

    const deleted = await admin('DELETE', `/api/admin/regions/${region.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await list()).map((r) => r.id)).not.toContain(region.id);
    expect((await admin('DELETE', `/api/admin/regions/${region.id}`)).statusCode).toBe(404);
    expect((await admin('PUT', `/api/admin/regions/${region.id}`, { name: 'Gone' })).json()).toEqual({ error: 'Region not found', code: 'regions.notFound' });
  });

  it('adds and removes clubs and owners; adding twice changes nothing', async () => {
    const region = (await admin('POST', '/api/admin/regions', { name: 'Øresund' })).json() as AdminRegion;
    const withClub = await admin('PUT', `/api/admin/regions/${region.id}/clubs/${ids.seClubId}`);
    expect(withClub.statusCode).toBe(200);
    expect(withClub.json().clubs).toEqual([{ id: ids.seClubId, name: 'Ljungbacka Golfklubb' }]);
    const both = (await admin('PUT', `/api/admin/regions/${region.id}/clubs/${ids.dkClubId}`)).json() as AdminRegion;
    expect(both.clubs.map((c) => c.id)).toEqual([ids.dkClubId, ids.seClubId]);
    expect(((await admin('PUT', `/api/admin/regions/${region.id}/clubs/${ids.dkClubId}`)).json() as AdminRegion).clubs.length).toBe(2);

    const withOwner = (await admin('PUT', `/api/admin/regions/${region.id}/owners/${ids.staffId}`)).json() as AdminRegion;
    expect(withOwner.owners).toEqual([{ id: ids.staffId, email: 'staff@example.com', first_name: expect.any(String), last_name: expect.any(String) }]);
    expect(((await admin('PUT', `/api/admin/regions/${region.id}/owners/${ids.staffId}`)).json() as AdminRegion).owners.length).toBe(1);

    const lessClub = (await admin('DELETE', `/api/admin/regions/${region.id}/clubs/${ids.dkClubId}`)).json() as AdminRegion;
    expect(lessClub.clubs.map((c) => c.id)).toEqual([ids.seClubId]);
    expect((await admin('DELETE', `/api/admin/regions/${region.id}/clubs/${ids.dkClubId}`)).json().code).toBe('regions.clubNotFound');
    const noOwner = (await admin('DELETE', `/api/admin/regions/${region.id}/owners/${ids.staffId}`)).json() as AdminRegion;
    expect(noOwner.owners).toEqual([]);
    expect((await admin('DELETE', `/api/admin/regions/${region.id}/owners/${ids.staffId}`)).json().code).toBe('regions.userNotFound');

    // Deleting the region leaves its clubs.
    expect((await admin('DELETE', `/api/admin/regions/${region.id}`)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/clubs/${ids.seClubId}/club`, { token: tokens.admin })).statusCode).toBe(200);
  });

  it('finds existing users by e-mail or name to make owners', async () => {
    const byName = await admin('GET', '/api/admin/regions/owner-candidates?q=frida%20fremt');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual([{ id: candidateId, email: 'future.owner@example.com', first_name: 'Frida', last_name: 'Fremtid', admin: false }]);
    const byMail = (await admin('GET', '/api/admin/regions/owner-candidates?q=EXAMPLE.COM')).json() as OwnerCandidate[];
    expect(byMail.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@example.com', 'owner@example.com', 'future.owner@example.com']));
    expect(byMail.find((u) => u.email === 'admin@example.com')!.admin).toBe(true);
    // The pattern characters are taken as they are.
    expect((await admin('GET', '/api/admin/regions/owner-candidates?q=%25%25')).json()).toEqual([]);
    expect((await admin('GET', '/api/admin/regions/owner-candidates?q=_x')).json()).toEqual([]);
  });

  it('gives a new owner the management of the region’s clubs at their next request, and takes it at once', async () => {
    const profile = async () => (await call(t.app, 'PUT', '/api/authenticated', { token: tokens.candidate })).json() as Profile;
    const seClub = () => call(t.app, 'GET', `/api/clubs/${ids.seClubId}/club`, { token: tokens.candidate });
    const clubNames = async () => ((await call(t.app, 'GET', '/api/clubs-list', { token: tokens.candidate })).json() as { id: number }[]).map((c) => c.id);
    // Read once, so the session and the answers are cached before the change.
    expect((await profile()).managedClubIds).toEqual([]);
    expect((await seClub()).statusCode).toBe(403);
    expect(await clubNames()).toEqual([]);

    const region = (await admin('POST', '/api/admin/regions', { name: 'Halland' })).json() as AdminRegion;
    await admin('PUT', `/api/admin/regions/${region.id}/owners/${candidateId}`);
    expect((await profile()).regionRoles).toEqual({ [region.id]: ['owner'] });
    expect((await profile()).managedClubIds).toEqual([]);

    // A club added to the region: its owner manages it at once.
    await admin('PUT', `/api/admin/regions/${region.id}/clubs/${ids.seClubId}`);
    expect((await profile()).managedClubIds).toEqual([ids.seClubId]);
    expect((await seClub()).statusCode).toBe(200);
    expect(await clubNames()).toEqual([ids.seClubId]);

    // The club removed from the region: gone at once.
    await admin('DELETE', `/api/admin/regions/${region.id}/clubs/${ids.seClubId}`);
    expect((await profile()).managedClubIds).toEqual([]);
    expect((await seClub()).statusCode).toBe(403);

    // Back in, then the owner removed: gone at once.
    await admin('PUT', `/api/admin/regions/${region.id}/clubs/${ids.seClubId}`);
    expect((await seClub()).statusCode).toBe(200);
    await admin('DELETE', `/api/admin/regions/${region.id}/owners/${candidateId}`);
    expect((await seClub()).statusCode).toBe(403);
    expect(await profile()).toMatchObject({ regionRoles: {}, managedClubIds: [] });

    // Owner again, then the region deleted: gone at once.
    await admin('PUT', `/api/admin/regions/${region.id}/owners/${candidateId}`);
    expect((await seClub()).statusCode).toBe(200);
    await admin('DELETE', `/api/admin/regions/${region.id}`);
    expect((await seClub()).statusCode).toBe(403);
    expect(await clubNames()).toEqual([]);
  });

  it('follows a club moved between regions on its own screen (PUT clubs/{id} region_ids) at the owner’s next request', async () => {
    const seClub = () => call(t.app, 'GET', `/api/clubs/${ids.seClubId}/club`, { token: tokens.candidate });
    const region = (await admin('POST', '/api/admin/regions', { name: 'Blekinge' })).json() as AdminRegion;
    await admin('PUT', `/api/admin/regions/${region.id}/owners/${candidateId}`);
    const before = ((await admin('GET', `/api/clubs/${ids.seClubId}/club`)).json() as { region_ids: number[] }).region_ids;
    expect((await seClub()).statusCode).toBe(403);

    expect((await admin('PUT', `/api/clubs/${ids.seClubId}`, { region_ids: [...before, region.id] })).statusCode).toBe(200);
    expect((await seClub()).statusCode).toBe(200);

    expect((await admin('PUT', `/api/clubs/${ids.seClubId}`, { region_ids: before })).statusCode).toBe(200);
    expect((await seClub()).statusCode).toBe(403);
    await admin('DELETE', `/api/admin/regions/${region.id}`);
  });

  it('refuses every call to a region owner, a club user and no session', async () => {
    const region = (await admin('POST', '/api/admin/regions', { name: 'Refused' })).json() as AdminRegion;
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/admin/regions'],
      ['GET', '/api/admin/regions/owner-candidates?q=example'],
      ['POST', '/api/admin/regions', { name: 'Mine' }],
      ['PUT', `/api/admin/regions/${region.id}`, { name: 'Mine' }],
      ['DELETE', `/api/admin/regions/${region.id}`],
      ['PUT', `/api/admin/regions/${region.id}/clubs/${ids.dkClubId}`],
      ['DELETE', `/api/admin/regions/${ids.dkRegionId}/clubs/${ids.dkClubId}`],
      ['PUT', `/api/admin/regions/${ids.dkRegionId}/owners/${ids.staffId}`],
      ['DELETE', `/api/admin/regions/${ids.dkRegionId}/owners/${ids.ownerId}`],
    ];
    for (const [method, url, payload] of calls) {
      for (const [who, token] of [['owner', tokens.owner], ['staff', tokens.staff], ['anonymous', null]] as const) {
        const res = await call(t.app, method, url, { token, payload });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(token ? 403 : 401);
      }
    }
    // Nothing changed.
    const after = await list();
    expect(after.find((r) => r.id === region.id)).toEqual({ ...region });
    expect(after.find((r) => r.id === ids.dkRegionId)!.owners.map((o) => o.id)).toEqual([ids.ownerId]);
    expect(after.map((r) => r.name)).not.toContain('Mine');
    await admin('DELETE', `/api/admin/regions/${region.id}`);
  });

  it('refuses bad input with 4xx and a message', async () => {
    const region = (await admin('POST', '/api/admin/regions', { name: 'Input' })).json() as AdminRegion;
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'a\u0000b' }, { name: 5 }, null]) {
      for (const [method, url] of [['POST', '/api/admin/regions'], ['PUT', `/api/admin/regions/${region.id}`]] as const) {
        const res = await call(t.app, method, url, { token: tokens.admin, payload: body ?? undefined });
        expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(typeof res.json().error).toBe('string');
      }
    }
    for (const url of ['/api/admin/regions/0', '/api/admin/regions/x', '/api/admin/regions/2147483648']) {
      expect((await admin('DELETE', url)).statusCode, url).toBe(400);
    }
    for (const url of [`/api/admin/regions/${region.id}/clubs/0`, `/api/admin/regions/${region.id}/owners/-1`, `/api/admin/regions/${region.id}/clubs/1.5`]) {
      expect((await admin('PUT', url)).statusCode, url).toBe(400);
    }
    expect((await admin('PUT', `/api/admin/regions/${region.id}/clubs/999999`)).json()).toEqual({ error: 'Club not found', code: 'regions.clubNotFound' });
    expect((await admin('PUT', `/api/admin/regions/${region.id}/owners/999999`)).json()).toEqual({ error: 'User not found', code: 'regions.userNotFound' });
    expect((await admin('PUT', `/api/admin/regions/999999/owners/${ids.staffId}`)).statusCode).toBe(404);
    expect((await admin('PUT', `/api/admin/regions/999999/clubs/${ids.dkClubId}`)).statusCode).toBe(404);
    for (const q of ['', 'a', 'x'.repeat(101), '%00']) {
      expect((await admin('GET', `/api/admin/regions/owner-candidates?q=${q}`)).statusCode, q).toBe(400);
    }
    expect((await admin('GET', '/api/admin/regions/owner-candidates')).statusCode).toBe(400);
    await admin('DELETE', `/api/admin/regions/${region.id}`);
  });

  it('keeps the number of regions capped', async () => {
    const existing = (await list()).length;
    await t.database.db.insert(regions).values(Array.from({ length: REGION_LIMITS.regions - existing }, (_, i) => ({ name: `Filler ${i}` })));
    const refused = await admin('POST', '/api/admin/regions', { name: 'One too many' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: `There can be at most ${REGION_LIMITS.regions} regions`, code: 'regions.tooMany', params: { max: REGION_LIMITS.regions } });
  });
});
