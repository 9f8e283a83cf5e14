import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Club } from '@golf/contract/api/clubs';
import { MANAGEMENT_LIMITS } from '@golf/contract/api/management';
import { clubFormerHandles, clubs } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, userRow, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { formerHandles, resolveClubHandle } from './index';

/** The clubs area's side of issue 27: former handles written with a handle change, and the club admin's eligibility. */
describe(`club handles and admin (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<'admin' | 'owner' | 'staff', string>;

  const put = (actor: 'admin' | 'owner' | 'staff', clubId: number, payload: unknown) => call(t.app, 'PUT', `/api/clubs/${clubId}`, { token: tokens[actor], payload });
  const post = (payload: unknown) => call(t.app, 'POST', '/api/clubs', { token: tokens.admin, payload });
  const formerOf = async (clubId: number) => (await formerHandles(t.database.db, clubId)).map((f) => f.handle);

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff']);
  });
  afterAll(() => t?.close());

  it('a new club takes neither a current nor a former handle of another club, and its admin is nobody or an administrator', async () => {
    const created = await post({ name: 'Nordstrand', handle: 'nordstrand' });
    expect(created.statusCode, created.body).toBe(201);
    const club = Club.parse(created.json());
    expect((await put('admin', club.id, { handle: 'nordstrand-golf' })).statusCode).toBe(200);
    expect(await formerOf(club.id)).toEqual(['nordstrand']);

    const former = await post({ name: 'Copy', handle: 'Nordstrand' });
    expect(former.statusCode).toBe(409);
    expect(former.json()).toMatchObject({ code: 'clubs.handleFormer' });
    expect((await post({ name: 'Copy', handle: 'nordstrand-golf' })).json()).toMatchObject({ code: 'clubs.handleTaken' });

    const staff = await userRow(t, 'staff@example.com');
    const notEligible = await post({ name: 'Sydstrand', handle: 'sydstrand', admin_id: staff.id });
    expect(notEligible.statusCode).toBe(400);
    expect(notEligible.json()).toMatchObject({ code: 'management.adminNotEligible' });
    expect(await t.database.db.select().from(clubs).where(eq(clubs.handle, 'sydstrand'))).toEqual([]);
    const eligible = await post({ name: 'Sydstrand', handle: 'sydstrand', admin_id: ids.adminId });
    expect(eligible.statusCode, eligible.body).toBe(201);
    expect(eligible.json().admin_id).toBe(ids.adminId);
  });

  it('records the former handle also when the regions change in the same save, and nothing when the save is refused', async () => {
    const created = Club.parse((await post({ name: 'Vesterhav', handle: 'vesterhav' })).json());
    const res = await put('admin', created.id, { handle: 'vesterhav-gk', region_ids: [ids.dkRegionId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handle: 'vesterhav-gk', region_ids: [ids.dkRegionId] });
    expect(await formerOf(created.id)).toEqual(['vesterhav']);

    // Taken by another club: 409, and neither the handle nor the former handles change.
    const taken = await put('admin', created.id, { handle: 'fjordvang', name: 'Vesterhav GK' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('clubs.handleTaken');
    const [row] = await t.database.db.select().from(clubs).where(eq(clubs.id, created.id));
    expect(row).toMatchObject({ handle: 'vesterhav-gk', name: 'Vesterhav' });
    expect(await formerOf(created.id)).toEqual(['vesterhav']);
    // An unknown default theme with a new handle: 400, nothing written.
    const style = await put('admin', created.id, { handle: 'vesterhav-new', drawing_style_id: 9999 });
    expect(style.statusCode).toBe(400);
    expect(style.json()).toMatchObject({ code: 'clubs.unknownDrawingStyle', params: { id: 9999 } });
    expect(await formerOf(created.id)).toEqual(['vesterhav']);

    // The region owner (the club is in their region now) takes the old handle back.
    const back = await put('owner', created.id, { handle: 'vesterhav' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await formerOf(created.id)).toEqual(['vesterhav-gk']);
    expect(await resolveClubHandle(t.database.db, 'vesterhav')).toEqual({ clubId: created.id, handle: 'vesterhav', former: false });
    expect(await resolveClubHandle(t.database.db, 'vesterhav-gk')).toEqual({ clubId: created.id, handle: 'vesterhav', former: true });
    expect(await resolveClubHandle(t.database.db, 'no-such-handle')).toBeNull();
  });

  it(`keeps at most ${MANAGEMENT_LIMITS.formerHandles} former handles per club, the newest, and deletes them with the club`, async () => {
    const created = Club.parse((await post({ name: 'Many Names', handle: 'many-0' })).json());
    const changes = MANAGEMENT_LIMITS.formerHandles + 3;
    for (let i = 1; i <= changes; i++) expect((await put('admin', created.id, { handle: `many-${i}` })).statusCode).toBe(200);
    const kept = await formerOf(created.id);
    expect(kept).toHaveLength(MANAGEMENT_LIMITS.formerHandles);
    expect(kept[0]).toBe(`many-${changes - 1}`);
    expect(kept).not.toContain('many-0');
    // A handle let go is free again.
    expect((await post({ name: 'Free again', handle: 'many-0' })).statusCode).toBe(201);
    await t.database.db.delete(clubs).where(eq(clubs.id, created.id));
    expect(await t.database.db.select().from(clubFormerHandles).where(eq(clubFormerHandles.clubId, created.id))).toEqual([]);
  });

  it('keeps the everyday save as it was: the same handle and admin again change no former handle', async () => {
    const before = await formerOf(ids.dkClubId);
    const [club] = await t.database.db.select().from(clubs).where(eq(clubs.id, ids.dkClubId));
    const res = await put('admin', ids.dkClubId, { handle: club.handle, admin_id: club.adminId, name: club.name, drawing_style_id: club.drawingStyleId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await formerOf(ids.dkClubId)).toEqual(before);
    // Staff may not change the handle at all.
    expect((await put('staff', ids.dkClubId, { handle: 'staff-club' })).statusCode).toBe(403);
  });
});
