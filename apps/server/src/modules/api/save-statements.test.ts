// The everyday saves send no more statements than they must (issue 21): on the embedded database
// every statement is paid by every other request (one connection, decision 0008), so each save's
// count is pinned here at what it needs today, and a statement coming back fails. Counted at the
// connections of the pool, over HTTP, on both databases; the session read (cached, decision 0003)
// is not the save's and is left out. Each save writes what it read, so the counts are the
// everyday case: an unchanged save of the settings page, as bench/saves.mjs measures it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { graphicsElements } from '../../db/schema/index';
import { buildTestApp, call, DEMO, demoIds, signIn, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { statementsSent } from '../../../test/statements';


describe(`statements per save (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;
  let base: string;

  /** The statements the pool's connections were sent while `run` ran, without the session read. */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    return (await statementsSent(t.database.pool, run)).map((s) => s.text).filter((text) => !/from sessions s join users u/.test(text));
  }

  /** Sends the save twice (the first warms the session cache) and answers the second's statements. */
  async function saveStatements(method: 'PUT' | 'POST', path: string, payload: () => object): Promise<string[]> {
    const first = await call(t.app, method, path, { token: owner, payload: payload() });
    expect(first.statusCode, first.body).toBe(200);
    return statementsOf(async () => {
      const res = await call(t.app, method, path, { token: owner, payload: payload() });
      expect(res.statusCode, res.body).toBe(200);
    });
  }

  /** At most `most` statements, one of them a write (the save did happen); the SQL is shown when it fails. */
  const expectAtMost = (sent: string[], most: number) => {
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(most);
    expect(sent.some((text) => /^(with .*\)\s*)?(insert|update)\b/i.test(text)), sent.join('\n')).toBe(true);
  };

  const get = async <T,>(path: string): Promise<T> => {
    const res = await call(t.app, 'GET', path, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    owner = await signIn(t.app, ...DEMO.owner);
    base = `/api/clubs/${ids.dkClubId}`;
  });
  afterAll(() => t?.close());

  it('club information', async () => {
    const club = await get<Record<string, unknown>>(`${base}/club`);
    const body = { name: club.name, phone: club.phone, homepage: club.homepage, booking_url: club.booking_url, address: club.address, position: club.position };
    const sent = await saveStatements('PUT', `/api/clubs/${ids.dkClubId}`, () => body);
    expectAtMost(sent, 1);
  });

  it('opening hours', async () => {
    const { updated_at: _, ...hours } = await get<Record<string, unknown>>(`${base}/hours`);
    const sent = await saveStatements('PUT', `${base}/hours`, () => hours);
    expectAtMost(sent, 1);
  });

  it('a tee', async () => {
    const [course] = await get<{ id: number }[]>(`${base}/courses`);
    const [tee] = await get<{ id: number; name: string; color: string }[]>(`${base}/tees?course_id=${course.id}`);
    const sent = await saveStatements('PUT', `${base}/tees/${tee.id}`, () => ({ name: tee.name, color: tee.color }));
    expectAtMost(sent, 1);
  });

  it('a pin position', async () => {
    const [course] = await get<{ id: number; holes: { id: number }[] }[]>(`${base}/courses`);
    const [setup] = await get<{ id: number }[]>(`${base}/pin-setups?course_id=${course.id}`);
    const sent = await saveStatements('POST', `${base}/pin-setups/${setup.id}`, () => ({ holeId: course.holes[0].id, outMeters: 12, sideMeters: -3 }));
    // The hole's frame is kept from the first save: only the write, on the drawing it was computed from.
    expectAtMost(sent, 1);
  });

  it("a pin position after another hole's drawing was saved", async () => {
    const [course] = await get<{ id: number; holes: { id: number; has_drawing: boolean }[] }[]>(`${base}/courses`);
    const [setup] = await get<{ id: number }[]>(`${base}/pin-setups?course_id=${course.id}`);
    const [pinned, other] = course.holes.filter((h) => h.has_drawing);
    const pin = () => ({ holeId: pinned!.id, outMeters: 14, sideMeters: 2 });
    const first = await call(t.app, 'POST', `${base}/pin-setups/${setup.id}`, { token: owner, payload: pin() });
    expect(first.statusCode, first.body).toBe(200);
    const { drawing } = await get<{ drawing: object }>(`${base}/holes/${other!.id}/drawing/1`);
    const saved = await call(t.app, 'POST', `${base}/holes/${other!.id}/save_drawing`, { token: owner, payload: { drawing } });
    expect(saved.statusCode, saved.body).toBe(200);
    // The change names its hole: the pinned hole's kept frame still holds, so the write comes at once.
    const sent = await statementsOf(async () => {
      const res = await call(t.app, 'POST', `${base}/pin-setups/${setup.id}`, { token: owner, payload: pin() });
      expect(res.statusCode, res.body).toBe(200);
    });
    expectAtMost(sent, 1);
  });

    it('a hole drawing', async () => {
    const [course] = await get<{ id: number; holes: { id: number; has_drawing: boolean }[] }[]>(`${base}/courses`);
    const hole = course.holes.find((h) => h.has_drawing)!;
    const path = `${base}/holes/${hole.id}/drawing/1`;
    const { drawing } = await get<{ drawing: object }>(path);
    const version = async () => (await get<{ version: number }>(path)).version;
    let current = await version();
    const sent = await saveStatements('POST', `${base}/holes/${hole.id}/save_drawing`, () => ({ drawing, version: current++ }));
    // The catalogue's rules are kept from the first save: only the write, on the catalogue they were read at.
    expectAtMost(sent, 1);
  });

  it('a hole drawing saved without a version (the last save wins) sends its document once, and answers what GET answers after it', async () => {
    const [course] = await get<{ id: number; holes: { id: number; has_drawing: boolean }[] }[]>(`${base}/courses`);
    const hole = course.holes.filter((h) => h.has_drawing)[2];
    const path = `${base}/holes/${hole.id}/drawing/1`;
    const { drawing } = await get<{ drawing: { features: unknown[] } }>(path);
    const text = JSON.stringify(drawing);
    let answer = '';
    const sent = await statementsSent(t.database.pool, async () => {
      const res = await call(t.app, 'POST', `${base}/holes/${hole.id}/save_drawing`, { token: owner, payload: { drawing } });
      expect(res.statusCode, res.body).toBe(200);
      answer = res.body;
    });
    const write = sent.find((s) => /^insert into "hole_drawings"/i.test(s.text))!;
    expect(write.text).toMatch(/excluded\.document/);
    expect((write.values ?? []).filter((v) => v === text)).toHaveLength(1);
    const after = await call(t.app, 'GET', path, { token: owner });
    expect(after.body).toBe(answer);
    expect(JSON.parse(answer).drawing).toEqual(drawing);
  });

  it("a guide's settings", async () => {
    const [guide] = await get<{ guide_id: number; version: number; settings: object }[]>(`${base}/guides`);
    let version = guide.version;
    const sent = await saveStatements('PUT', `${base}/guides/${guide.guide_id}`, () => ({ settings: guide.settings, version: version++ }));
    // The guide with what its settings name and the answer's other parts, then the write: no transaction.
    expectAtMost(sent, 2);
    expect(sent.filter((text) => /^(begin|commit)\b/i.test(text))).toEqual([]);
  });

  it("checks a drawing against the catalogue as it is now, though a save reads the elements only after the catalogue changed", async () => {
    type Feature = { geometry: { type: string }; properties: { element: string } };
    const [course] = await get<{ holes: { id: number; has_drawing: boolean }[] }[]>(`${base}/courses`);
    const hole = course.holes.filter((h) => h.has_drawing)[1];
    const { drawing } = await get<{ drawing: { features: Feature[] } }>(`${base}/holes/${hole.id}/drawing/1`);
    const feature = drawing.features.filter((f) => f.geometry.type === 'Point').at(-1)!;
    const save = () => call(t.app, 'POST', `${base}/holes/${hole.id}/save_drawing`, { token: owner, payload: { drawing } });
    expect((await save()).statusCode).toBe(200);
    feature.properties.element = 'save-statements-marker';
    expect((await save()).statusCode).toBe(400);
    // Added to the catalogue: the next save knows it.
    await t.database.db.insert(graphicsElements).values({ name: 'save-statements-marker', groupName: 'Test', layerName: 'Test', geometryType: 'point', shorthand: 'SSM' });
    const added = await save();
    expect(added.statusCode, added.body).toBe(200);
    // Taken out again: refused again.
    await t.database.db.delete(graphicsElements).where(eq(graphicsElements.name, 'save-statements-marker'));
    const removed = await save();
    expect(removed.statusCode, removed.body).toBe(400);
    expect(removed.body).toContain('save-statements-marker');
  });
});
