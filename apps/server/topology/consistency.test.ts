// Several API instances behind HAProxy on one PostgreSQL database (issue 28): what one instance
// writes, the other serves at once (its read cache hears the change), and what ends a session or an
// access on one instance ends it on the other within the session cache's time. Every request goes
// through the proxy, pinned to an instance (X-Golf-Instance), which the proxy confirms (X-Golf-Served-By).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology, type Topology } from '../../../scripts/topology-lib.mjs';
import { throughProxy } from './through-proxy';

/** The session cache's time of every instance (SESSION_CACHE_MS, the default). */
const SESSION_CACHE_MS = 2_000;

describe('several instances behind HAProxy: one consistent server (postgresql)', () => {
  let topo: Topology;
  const log: string[] = [];
  const { call, signIn, answersWithin } = throughProxy(() => topo);

  let admin: string;
  let owner: string;
  let dkClubId: number;

  beforeAll(async () => {
    const started = Date.now();
    topo = await startTopology({ apiInstances: 2, workers: 1, log: (line) => log.push(line) });
    console.log(`topology (2 API instances, 1 worker, HAProxy, s3rver) started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    admin = await signIn('api1', 'admin@example.com', 'admin-demo');
    owner = await signIn('api1', 'owner@example.com', 'owner-demo');
    const clubs = await call('api1', 'GET', 'clubs', { token: admin });
    dkClubId = (clubs.json() as { id: number; handle: string }[]).find((c) => c.handle === 'fjordvang')!.id;
  });
  afterAll(async () => {
    await topo?.stop();
  });

  it('runs two API instances, both UP in the proxy, on one database and one bucket', async () => {
    expect((await topo.proxyBackendsUp()).sort()).toEqual(['api1', 'api2']);
    for (const instance of ['api1', 'api2'] as const) {
      const ready = await call(instance, 'GET', 'ready');
      expect(ready.status).toBe(200);
      expect(ready.json()).toEqual({ ready: true });
    }
    // The demo's sponsor logos went to the bucket (S3_*), not to an instance's folder.
    expect((await topo.s3.listKeys()).length).toBeGreaterThan(0);
  });

  it('serves club information changed through api1 from api2 at once, though api2 kept the old answer', async () => {
    // (This answer has no ETag: api2's read cache keeps its body; the catalogue below has one.)
    const path = `clubs/${dkClubId}/club`;
    const before = await call('api2', 'GET', path, { token: owner });
    expect(before.status).toBe(200);
    // Asked twice: the second is api2's kept answer.
    expect((await call('api2', 'GET', path, { token: owner })).json()).toEqual(before.json());
    const name = `Fjordvang ${Date.now()}`;
    expect(before.json<{ name: string }>().name).not.toBe(name);
    const put = await call('api1', 'PUT', `clubs/${dkClubId}`, { token: owner, body: { name } });
    expect(put.status, put.text).toBe(200);
    const after = await call('api2', 'GET', path, { token: owner });
    expect(after.status).toBe(200);
    expect(after.json()).toEqual(put.json());
    expect(after.json<{ name: string }>().name).toBe(name);
  });

  it("serves the graphics catalogue changed by an administrator on api1 from api2 at once, under a new ETag", async () => {
    const before = await call('api2', 'GET', 'graphics', { token: owner });
    expect(before.status).toBe(200);
    const oldTag = before.headers.get('etag')!;
    expect(oldTag).toBeTruthy();
    expect((await call('api2', 'GET', 'graphics', { token: owner, headers: { 'if-none-match': oldTag } })).status).toBe(304);
    const element = { name: `topology ditch ${Date.now()}`, groupName: 'Hazards', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'TD' };
    const created = await call('api1', 'POST', 'graphics/elements', { token: admin, body: element });
    expect(created.status, created.text).toBe(201);
    const after = await call('api2', 'GET', 'graphics', { token: owner, headers: { 'if-none-match': oldTag } });
    expect(after.status).toBe(200);
    expect((after.json() as { elements: { name: string }[] }).elements.map((e) => e.name)).toContain(element.name);
    expect(after.headers.get('etag')).not.toBe(oldTag);
  });

  it("gives the interface texts the same ETag on every instance: a copy from api1 is current on api2", async () => {
    // The texts are part of the build (no administrator edits them): what matters behind a proxy
    // is that a browser's revalidation does not depend on the instance it reaches.
    const fromApi1 = await call('api1', 'GET', 'translations/da');
    expect(fromApi1.status).toBe(200);
    const tag = fromApi1.headers.get('etag')!;
    const onApi2 = await call('api2', 'GET', 'translations/da', { headers: { 'if-none-match': tag } });
    expect(onApi2.status).toBe(304);
    expect(onApi2.headers.get('etag')).toBe(tag);
  });

  it("serves a hole's drawing saved through api1 from api2 at once", async () => {
    const course = await call('api1', 'POST', `clubs/${dkClubId}/courses`, {
      token: owner,
      body: { name: 'Topology course', tees: [{ name: 'Yellow', color: '#fbc02d' }], holes: [{ name: 'Hole 1', par: 4, handicap: 1, distances: [{ tee: 0, distance: 310 }] }] },
    });
    expect(course.status, course.text).toBe(201);
    const holeId = course.json<{ holes: { id: number }[] }>().holes[0]!.id;
    const path = `clubs/${dkClubId}/holes/${holeId}/drawing/1`;
    const before = await call('api2', 'GET', path, { token: owner });
    expect(before.status, before.text).toBe(200);
    expect(before.json()).toMatchObject({ version: 0, drawing: { features: [] } });
    const [lon, lat] = [9.5357, 55.7113];
    const square = (d: number) => [[lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d], [lon - d, lat - d]];
    const drawing = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: 'boundary', geometry: { type: 'Polygon', coordinates: [square(0.002)] }, properties: { element: 'hole boundary' } },
        { type: 'Feature', id: 'green-1', geometry: { type: 'Polygon', coordinates: [square(0.0002)] }, properties: { element: 'green' } },
      ],
    };
    const saved = await call('api1', 'POST', `clubs/${dkClubId}/holes/${holeId}/save_drawing`, { token: owner, body: { drawing } });
    expect(saved.status, saved.text).toBe(200);
    const after = await call('api2', 'GET', path, { token: owner });
    expect(after.status).toBe(200);
    expect(after.json<{ version: number }>().version).toBe(saved.json<{ version: number }>().version);
    expect(after.json<{ drawing: { features: { id: string }[] } }>().drawing.features.map((f) => f.id)).toEqual(['boundary', 'green-1']);
  });

  it('refuses on api2 a session signed out on api1, within the session cache time', async () => {
    const token = await signIn('api1', 'owner@example.com', 'owner-demo');
    // api2 has looked the session up (and keeps it for SESSION_CACHE_MS).
    expect((await call('api2', 'PUT', 'authenticated', { token })).status).toBe(200);
    expect((await call('api1', 'DELETE', 'token', { token })).status).toBe(200);
    expect((await call('api1', 'PUT', 'authenticated', { token })).status).toBe(401);
    await answersWithin(SESSION_CACHE_MS + 1_000, 401, () => call('api2', 'PUT', 'authenticated', { token }));
  });

  it('refuses on api2, within the session cache time, an app key revoked on api1; a new key works on api2 at once', async () => {
    const created = await call('api1', 'POST', `clubs/${dkClubId}/app-keys`, { token: admin, body: { name: 'Topology app' } });
    expect(created.status, created.text).toBe(201);
    const { key, id } = created.json() as { key: string; id: number };
    const appCall = () => call('api2', 'GET', `app/clubs/${dkClubId}/push-key`, { headers: { 'x-app-key': key } });
    const works = await appCall();
    expect(works.status, works.text).toBe(200);
    const revoked = await call('api1', 'DELETE', `clubs/${dkClubId}/app-keys/${id}`, { token: admin });
    expect(revoked.status, revoked.text).toBe(200);
    await answersWithin(SESSION_CACHE_MS + 1_000, 401, appCall);
  });

  it("refuses on api2, within the session cache time, a club role an administrator removed on api1", async () => {
    const staff = await signIn('api2', 'staff@example.com', 'staff-demo');
    const me = await call('api2', 'PUT', 'authenticated', { token: staff });
    const { id: staffId, roles } = me.json<{ id: number; roles: Record<string, string[]> }>();
    expect(roles[String(dkClubId)]).toContain('opening-hours');
    const hours = () => call('api2', 'GET', `clubs/${dkClubId}/hours`, { token: staff });
    expect((await hours()).status).toBe(200);
    const changed = await call('api1', 'PUT', `clubs/${dkClubId}/users/${staffId}/roles`, { token: admin, body: { roles: ['club-info', 'club-gallery'] } });
    expect(changed.status, changed.text).toBe(200);
    await answersWithin(SESSION_CACHE_MS + 1_000, 403, hours);
    // Given back, for the tests after.
    expect((await call('api1', 'PUT', `clubs/${dkClubId}/users/${staffId}/roles`, { token: admin, body: { roles: ['club-info', 'club-gallery', 'opening-hours'] } })).status).toBe(200);
  });

  it("refuses on api2, within the session cache time, the user's other sessions once the password changed on api1", async () => {
    const changer = await signIn('api1', 'staff@example.com', 'staff-demo');
    const other = await signIn('api2', 'staff@example.com', 'staff-demo');
    const me = await call('api2', 'PUT', 'authenticated', { token: other });
    expect(me.status).toBe(200);
    const { id, firstName, lastName } = me.json() as { id: number; firstName: string; lastName: string };
    const changed = await call('api1', 'PUT', `users/${id}`, {
      token: changer,
      body: { id, firstName, lastName, language: 'en', currentPassword: 'staff-demo', newPassword: 'staff-topology-pw' },
    });
    expect(changed.status, changed.text).toBe(200);
    await answersWithin(SESSION_CACHE_MS + 1_000, 401, () => call('api2', 'PUT', 'authenticated', { token: other }));
    // The session that changed it stays; the new password signs in on the other instance.
    expect((await call('api2', 'PUT', 'authenticated', { token: changer })).status).toBe(200);
    await signIn('api2', 'staff@example.com', 'staff-topology-pw');
  });

  it('shares the sign-in limits: after five failures through api1, the sixth attempt through api2 is held back (429)', async () => {
    for (let i = 0; i < 5; i++) {
      const failed = await call('api1', 'POST', 'authenticate', { body: { username: 'owner@example.com', password: `wrong-${i}` } });
      expect(failed.status).toBe(401);
    }
    // Even the right password waits: api2 counts the failures api1 wrote.
    const held = await call('api2', 'POST', 'authenticate', { body: { username: 'owner@example.com', password: 'owner-demo' } });
    expect(held.status, held.text).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(held.json<{ token?: string }>().token).toBeUndefined();
  });
});
