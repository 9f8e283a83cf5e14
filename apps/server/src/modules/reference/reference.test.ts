import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Country, DrawingStyle, Region, RoleInfo } from '@golf/contract/api/clubs';
import { CLUB_ROLES } from '@golf/contract/roles';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

type Actor = 'admin' | 'owner' | 'staff' | 'swede';

describe(`reference data (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
      swede: { email: 'swede@example.com', password: 'swede-password', clubRoles: { [ids.seClubId]: ['club-info'] } },
    });
  });
  afterAll(() => t?.close());

  const get = (actor: Actor | null, url: string) => call(t.app, 'GET', url, { token: actor ? tokens[actor] : null });

  it('lists the countries, Denmark and Sweden among them', async () => {
    for (const actor of ['admin', 'staff'] as const) {
      const res = await get(actor, '/api/countries');
      expect(res.statusCode).toBe(200);
      const list = z.array(Country).parse(res.json());
      expect(list).toContainEqual({ code: 'dk', name: 'Denmark' });
      expect(list).toContainEqual({ code: 'se', name: 'Sweden' });
      for (const c of list) expect(c.code).toMatch(/^[a-z]{2}$/);
      const names = list.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    }
  });

  it('lists the drawing styles, the default style 6 among them', async () => {
    const res = await get('staff', '/api/drawing_styles');
    expect(res.statusCode).toBe(200);
    const list = z.array(DrawingStyle).parse(res.json());
    expect(list.map((s) => s.id)).toContain(6);
    expect(list.map((s) => s.id)).toEqual([...list.map((s) => s.id)].sort((a, b) => a - b));
  });

  it('lists every club role and the region role owner', async () => {
    const res = await get('owner', '/api/roles');
    expect(res.statusCode).toBe(200);
    const list = z.array(RoleInfo).parse(res.json());
    const names = list.map((r) => r.name);
    for (const role of CLUB_ROLES) expect(names).toContain(role);
    expect(names).toContain('owner');
    expect(list.filter((r) => r.scope === 'club').map((r) => r.name)).toEqual([...CLUB_ROLES]);
    expect(list.filter((r) => r.scope === 'region').map((r) => r.name)).toEqual(['owner']);
  });

  describe('GET /api/regions', () => {
    it('shows the admin every region with its clubs', async () => {
      const res = await get('admin', '/api/regions');
      expect(res.statusCode).toBe(200);
      const list = z.array(Region).parse(res.json());
      expect(list).toHaveLength(2);
      expect(list).toContainEqual({ region: { id: ids.dkRegionId, name: 'Region Syddanmark', club_ids: [ids.dkClubId] }, roles: [] });
      expect(list).toContainEqual({ region: { id: ids.seRegionId, name: 'Skåne', club_ids: [ids.seClubId] }, roles: [] });
    });

    it('shows the owner only the owned region, with the role owner', async () => {
      const res = await get('owner', '/api/regions');
      expect(res.statusCode).toBe(200);
      expect(z.array(Region).parse(res.json())).toEqual([
        { region: { id: ids.dkRegionId, name: 'Region Syddanmark', club_ids: [ids.dkClubId] }, roles: ['owner'] },
      ]);
    });

    it('shows club staff no region', async () => {
      for (const actor of ['staff', 'swede'] as const) {
        const res = await get(actor, '/api/regions');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
      }
    });
  });

  it.each(['/api/countries', '/api/drawing_styles', '/api/roles', '/api/regions'])('answers %s with 401 without a token', async (url) => {
    const res = await get(null, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Not signed in', code: 'auth.notSignedIn' });
  });
});
