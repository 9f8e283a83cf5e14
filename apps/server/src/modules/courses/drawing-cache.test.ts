// GET drawing keeps the serialized drawing of each stored row version (issue 12,
// docs/decisions/0012): every write of the row, through the API or past it, is read anew, and the
// access check still runs on every request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DrawingResponse, EDIT_DRAWING_STYLE, type Drawing } from '@golf/contract/api/drawings';
import { clubUserRoles, holeDrawings } from '../../db/schema/index';
import { buildTestApp, call, createUser, DEMO, demoIds, signIn, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { createTestCourse, polygon, ring, sampleHoleDrawing } from '../../../test/courses';
import { statementsSent } from '../../../test/statements';
import { readDocument } from './drawing-service';

const ORIGIN: [number, number] = [9.5357, 55.7113];

describe(`drawing cache (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;
  let holeId: number;
  let editorId: number;
  let editor: string;
  const path = () => `/api/clubs/${ids.dkClubId}/holes/${holeId}/drawing/${EDIT_DRAWING_STYLE}`;
  const read = async (token = owner) => {
    const res = await call(t.app, 'GET', path(), { token });
    expect(res.statusCode, res.body).toBe(200);
    return DrawingResponse.parse(res.json());
  };
  const save = async (drawing: Drawing, version?: number) => {
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/holes/${holeId}/save_drawing`, { token: owner, payload: { drawing, version } });
    expect(res.statusCode, res.body).toBe(200);
    return DrawingResponse.parse(res.json());
  };
  const row = () => and(eq(holeDrawings.holeId, holeId), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE));

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    owner = await signIn(t.app, ...DEMO.owner);
    holeId = (await createTestCourse(t.app, owner, ids.dkClubId, { name: 'Cached', holes: 1 })).holes[0].id;
    editorId = await createUser(t, { email: 'cache-editor@example.com', password: 'cache-editor-pw', clubRoles: { [ids.dkClubId]: ['courses'] } });
    editor = await signIn(t.app, 'cache-editor@example.com', 'cache-editor-pw');
  });
  afterAll(() => t?.close());

  it('serves each saved version, never the one before', async () => {
    expect(await read()).toMatchObject({ version: 0, updated_at: null, drawing: { features: [] } });
    const first = await save(sampleHoleDrawing(ORIGIN));
    expect(await read()).toEqual(first);
    expect(await read()).toEqual(first);
    const smaller = { type: 'FeatureCollection' as const, features: sampleHoleDrawing(ORIGIN).features.slice(0, 2) };
    const second = await save(smaller, first.version);
    expect(second.version).toBe(first.version + 1);
    const now = await read();
    expect(now).toEqual(second);
    expect(now.drawing.features.map((f) => f.id)).toEqual(['boundary', 'tee-1']);
  });

  it('a save keeps the answer of the version it wrote: the next read sends one statement and gives what the stored document gives', async () => {
    const before = await read();
    const drawing = sampleHoleDrawing(ORIGIN);
    // Attributes in an order jsonb does not keep (it sorts keys by length): the answer still deep-equals.
    drawing.features[1] = { ...drawing.features[1], properties: { ...drawing.features[1].properties, attributes: { rotation: 45, a: 'x' } } };
    const saved = await save(drawing, before.version);
    const sent = await statementsSent(t.database.pool, () => read());
    expect(sent.filter((s) => !/from sessions s join users u/.test(s.text)).map((s) => s.text)).toHaveLength(1);
    expect(await read()).toEqual(saved);
    // What a process that did not make the save reads: the stored document, as GET reads it.
    const [stored] = await t.database.db.select({ document: holeDrawings.document, version: holeDrawings.version }).from(holeDrawings).where(row());
    expect(stored.version).toBe(saved.version);
    expect(readDocument(stored.document, holeId)).toEqual(saved.drawing);
  });

  it("a save's answer is sent as it is (no compressed copy made for it); the GETs after it send the same bytes, compressed once a copy is made", async () => {
    const before = await read();
    const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/holes/${holeId}/save_drawing`, {
      token: owner,
      payload: { drawing: sampleHoleDrawing(ORIGIN), version: before.version },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary ?? '')).not.toMatch(/accept-encoding/i);
    const get = () => call(t.app, 'GET', path(), { token: owner, headers: { 'accept-encoding': 'br, gzip' } });
    const first = await get();
    expect(first.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    let compressed = false;
    for (let i = 0; i < 50 && !compressed; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      compressed = (await get()).headers['content-encoding'] === 'br';
    }
    expect(compressed).toBe(true);
  });

  it('serves a document changed past the API without a new version (another server, by hand)', async () => {
    const before = await read();
    const bunker = polygon('bunker-x', 'bunker', [ring(ORIGIN, [[0, 0], [9, 0], [9, 9], [0, 9]])]);
    await t.database.db
      .update(holeDrawings)
      .set({ document: { type: 'FeatureCollection', features: [bunker] } })
      .where(row());
    const after = await read();
    expect(after.version).toBe(before.version);
    expect(after.drawing.features).toEqual([bunker]);
  });

  it('serves the empty drawing again once the row is gone, and a new first version after', async () => {
    await t.database.db.delete(holeDrawings).where(row());
    expect(await read()).toMatchObject({ version: 0, updated_at: null, drawing: { features: [] } });
    const again = await save(sampleHoleDrawing(ORIGIN), 0);
    expect(again.version).toBe(1);
    expect(await read()).toEqual(again);
  });

  it('a stored document that no longer validates is shown as far as it does, and in full once repaired', async () => {
    const good = polygon('green-ok', 'green', [ring(ORIGIN, [[0, 0], [9, 0], [9, 9], [0, 9]])]);
    await t.database.db
      .update(holeDrawings)
      .set({ document: sql`${JSON.stringify({ type: 'FeatureCollection', features: [good, { type: 'Feature', id: 'broken' }] })}::jsonb` })
      .where(row());
    expect((await read()).drawing.features).toEqual([good]);
    await t.database.db
      .update(holeDrawings)
      .set({ document: { type: 'FeatureCollection', features: [good] } })
      .where(row());
    expect((await read()).drawing.features).toEqual([good]);
  });

  it('checks access on every read: a role taken away is 403 at once, another club is 403, a hole of another club 404', async () => {
    await read(editor);
    await t.database.db.delete(clubUserRoles).where(eq(clubUserRoles.userId, editorId));
    expect((await call(t.app, 'GET', path(), { token: editor })).statusCode).toBe(403);
    const staff = await signIn(t.app, ...DEMO.staff);
    expect((await call(t.app, 'GET', path(), { token: staff })).statusCode).toBe(403);
    const admin = await signIn(t.app, ...DEMO.admin);
    expect((await call(t.app, 'GET', `/api/clubs/${ids.seClubId}/holes/${holeId}/drawing/${EDIT_DRAWING_STYLE}`, { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', path(), { token: admin })).statusCode).toBe(200);
  });
});
