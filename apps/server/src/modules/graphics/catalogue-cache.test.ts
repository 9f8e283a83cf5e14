// The graphics catalogue kept in memory (issue 12, docs/decisions/0012): every change, however it
// is made, is seen by the next read; a client's copy is answered 304 only while it is current.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ClubContextsResponse, Element, ElementForEdit, GraphicsResponse } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { clubs, graphicsElements, graphicsThemeAttributes } from '../../db/schema/index';
import { buildTestApp, call, DEMO, demoIds, signIn, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';

describe(`graphics catalogue cache (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let admin: string;
  let staff: string;
  const get = (path: string, token: string | null, headers: Record<string, string> = {}) => call(t.app, 'GET', `/api/${path}`, { token, headers });
  const catalogue = async () => {
    const res = await get('graphics', staff);
    expect(res.statusCode, res.body).toBe(200);
    return { etag: String(res.headers.etag), body: GraphicsResponse.parse(res.json()) };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    admin = await signIn(t.app, ...DEMO.admin);
    staff = await signIn(t.app, ...DEMO.staff);
  });
  afterAll(() => t?.close());

  it('answers 304 to a current copy, with its ETag, and 200 to any other', async () => {
    const { etag } = await catalogue();
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await get('graphics', staff, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('graphics', staff, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get('graphics', staff, { 'if-none-match': `"0000000000000000", ${etag}` })).statusCode).toBe(304);
    expect((await get('graphics', staff, { 'if-none-match': '"0000000000000000"' })).statusCode).toBe(200);
  });

  it('still asks for a session: no token is 401 and a signed-out token is 401, whatever If-None-Match says', async () => {
    const { etag } = await catalogue();
    expect((await get('graphics', null, { 'if-none-match': etag })).statusCode).toBe(401);
    const token = await signIn(t.app, ...DEMO.owner);
    expect((await get('graphics', token, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await call(t.app, 'DELETE', '/api/token', { token })).statusCode).toBe(200);
    expect((await get('graphics', token, { 'if-none-match': etag })).statusCode).toBe(401);
    expect((await get('graphics', token)).statusCode).toBe(401);
  });

  it("an administrator's new element is in the next answer, under a new ETag, in every part", async () => {
    const before = await catalogue();
    const element = { name: 'cache ditch', groupName: 'Hazards', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'CD' };
    expect((await call(t.app, 'POST', '/api/graphics/elements', { token: admin, payload: element })).statusCode).toBe(201);
    const after = await catalogue();
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.elements.map((e) => e.name)).toContain('cache ditch');
    expect((await get('graphics', staff, { 'if-none-match': before.etag })).statusCode).toBe(200);
    expect(z.array(Element).parse((await get('graphics/elements', staff)).json()).map((e) => e.name)).toContain('cache ditch');
    const forEdit = z.array(ElementForEdit).parse((await get(`graphics/elements-for-edit?club_id=${ids.dkClubId}`, staff)).json());
    expect(forEdit.map((e) => e.name)).toContain('cache ditch');
  });

  it('a change written past the API (another server, a seed, by hand) is in the next answer too', async () => {
    const db = t.database.db;
    const before = await catalogue();
    await db.update(graphicsElements).set({ shorthand: 'BZ' }).where(eq(graphicsElements.name, EL.bunker));
    const after = await catalogue();
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.elements.find((e) => e.name === EL.bunker)!.shorthand).toBe('BZ');
    expect((await get('graphics', staff, { 'if-none-match': before.etag })).statusCode).toBe(200);

    // A theme value: elements-for-edit resolves the styles again.
    const style = async () =>
      z.array(ElementForEdit).parse((await get(`graphics/elements-for-edit?club_id=${ids.dkClubId}`, staff)).json()).find((e) => e.name === EL.bunker)!.style;
    const colour = (await style())['fill colour'];
    await db.insert(graphicsThemeAttributes).values({ themeName: 'Modern', elementName: EL.bunker, attributeName: 'fill colour', value: '#010203' });
    expect((await style())['fill colour']).toBe('#010203');
    await db.delete(graphicsThemeAttributes).where(eq(graphicsThemeAttributes.value, '#010203'));
    expect((await style())['fill colour']).toBe(colour);
    await db.update(graphicsElements).set({ shorthand: 'B' }).where(eq(graphicsElements.name, EL.bunker));
    expect((await catalogue()).etag).toBe(before.etag);
  });

  it("a club's new drawing style is in the next elements-for-edit and contexts answer", async () => {
    const db = t.database.db;
    const contexts = async () => ClubContextsResponse.parse((await get(`graphics/contexts/${ids.dkClubId}`, staff)).json());
    const [{ drawingStyleId }] = await db.select({ drawingStyleId: clubs.drawingStyleId }).from(clubs).where(eq(clubs.id, ids.dkClubId));
    expect((await contexts()).drawingStyleId).toBe(drawingStyleId);
    await db.update(clubs).set({ drawingStyleId: 2 }).where(eq(clubs.id, ids.dkClubId));
    expect(await contexts()).toMatchObject({ drawingStyleId: 2, themeName: 'Classic' });
    const classic = z.array(ElementForEdit).parse((await get(`graphics/elements-for-edit?club_id=${ids.dkClubId}`, staff)).json());
    expect(classic.find((e) => e.name === EL.bunker)!.style['fill colour']).toBe('#efe0b0');
    await db.update(clubs).set({ drawingStyleId }).where(eq(clubs.id, ids.dkClubId));
    expect((await contexts()).drawingStyleId).toBe(drawingStyleId);
  });
});
